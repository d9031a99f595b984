//! DOM cases: parsing a corpus into each library's own DOM (and dropping it), and writing that
//! DOM back out: `jetwire::json::Value` against `serde_json::Value`, simd-json's `OwnedValue`
//! (parsed in place from a copy, which is counted) and `sonic_rs::Value`, and the C and C++
//! anchors simdjson and yyjson where they are built ([`super::anchors`]).
//!
//! Checks before timing ([`crate::check`]): every DOM, written by its own library, holds exactly
//! the values of the input; every write holds exactly the values of the input. jetwire's DOM keeps each number's source spelling, so on canada its output
//! is longer than the peers' (which write shortest `f64`s): the check notes that as a caveat.

use std::hint::black_box;
use std::rc::Rc;

use simd_json::prelude::Writable as _;

use super::dom_entries::{Check, admit_writes, check_dom_text, write_entry};
use super::{CaseSpec, Source};
use crate::check;
use crate::harness::{Case, Entry, Group, Op};
use crate::peers::Mismatch;

/// The read and write specs of the DOM cases of a document, named `name` (such as
/// `dom:canada`); every peer must hold it exactly.
pub fn specs(name: &'static str, source: Source) -> [CaseSpec; 2] {
    let write_source = source.clone();
    [
        CaseSpec::new(name, Op::Read, move |size| read_case(name, &source(size), Mismatch::Fails)),
        CaseSpec::new(name, Op::Write, move |size| write_case(name, &write_source(size), Mismatch::Fails)),
    ]
}

/// An entry that parses `input` into a DOM and drops it; the check writes the DOM out.
fn read_entry<T: 'static>(
    implementation: &'static str,
    input: Rc<Vec<u8>>,
    parse: impl FnMut(&[u8]) -> Result<T, String> + Clone + 'static,
    write: impl Fn(&T) -> Result<Vec<u8>, String> + 'static,
) -> (Entry, Check) {
    let (mut timed_parse, mut parse) = (parse.clone(), parse);
    let timed_input = input.clone();
    let entry = Entry::new(implementation, move || {
        let value = timed_parse(&timed_input).expect("checked before timing");
        black_box(&value);
        1
    });
    let check: Check = Box::new(move || write(&parse(&input)?));
    (entry, check)
}

/// The DOM read case of `bytes`: each library parses them into its DOM. A peer whose DOM does
/// not hold exactly the input's values fails the case or is left out of it, by `mismatch`.
pub fn read_case(name: &str, bytes: &[u8], mismatch: Mismatch) -> Result<Case, String> {
    let input = Rc::new(bytes.to_vec());
    let mut scratch = Vec::with_capacity(bytes.len());
    let simd_parse = move |bytes: &[u8]| {
        // Parsing in place needs a mutable copy (into a reused buffer): part of simd-json's cost.
        scratch.clear();
        scratch.extend_from_slice(bytes);
        simd_json::to_owned_value(&mut scratch).map_err(|e| e.to_string())
    };
    let entries = vec![
        read_entry(
            "jetwire",
            input.clone(),
            |b| jetwire::json::from_slice::<jetwire::json::Value>(b).map_err(|e| e.to_string()),
            |v| jetwire::json::to_vec(v).map_err(|e| e.to_string()),
        ),
        read_entry(
            "serde_json",
            input.clone(),
            |b| serde_json::from_slice::<serde_json::Value>(b).map_err(|e| e.to_string()),
            |v| serde_json::to_vec(v).map_err(|e| e.to_string()),
        ),
        read_entry("simd-json", input.clone(), simd_parse, |v| Ok(v.encode().into_bytes())),
        read_entry(
            "sonic-rs",
            input.clone(),
            |b| sonic_rs::from_slice::<sonic_rs::Value>(b).map_err(|e| e.to_string()),
            |v| sonic_rs::to_vec(v).map_err(|e| e.to_string()),
        ),
    ];
    let expected = check::parse(bytes).map_err(|e| format!("{name}: {e}"))?;
    let mut checked = Vec::new();
    for (entry, mut write_dom) in entries {
        let caveat = check_dom_text(name, entry.implementation, &expected, write_dom());
        checked.extend(mismatch.admit(entry, caveat)?);
    }
    #[cfg(c_peers)]
    checked.extend(mismatch.admit_all(super::anchors::dom_read(name, bytes, &expected))?);
    Ok(Case::new(name, Group::Dom, Op::Read, bytes.len(), checked))
}

/// The DOM write case of `bytes`: each library writes its DOM of them. A peer whose output does
/// not hold exactly the input's values fails the case or is left out of it, by `mismatch`.
pub fn write_case(name: &str, bytes: &[u8], mismatch: Mismatch) -> Result<Case, String> {
    let ours: jetwire::json::Value = jetwire::json::from_slice(bytes).map_err(|e| format!("{name}: {e}"))?;
    let reference = jetwire::json::to_vec(&ours).map_err(|e| e.to_string())?;
    let expected = check::parse(bytes).map_err(|e| format!("{name}: {e}"))?;
    let text = |e: &dyn std::fmt::Display| format!("{name}: cannot read it: {e}");
    let entries = vec![
        Ok(write_entry("jetwire", ours, |out, v| {
            jetwire::json::to_writer(out, v).map_err(|e| e.to_string())
        })),
        serde_json::from_slice::<serde_json::Value>(bytes).map_err(|e| ("serde_json", text(&e))).map(|v| {
            write_entry("serde_json", v, |out, v| serde_json::to_writer(out, v).map_err(|e| e.to_string()))
        }),
        simd_json::to_owned_value(&mut bytes.to_vec())
            .map_err(|e| ("simd-json", text(&e)))
            .map(|v| write_entry("simd-json", v, |out, v| v.write(out).map_err(|e| e.to_string()))),
        sonic_rs::from_slice::<sonic_rs::Value>(bytes).map_err(|e| ("sonic-rs", text(&e))).map(|v| {
            write_entry("sonic-rs", v, |out, v| sonic_rs::to_writer(out, v).map_err(|e| e.to_string()))
        }),
    ];
    #[cfg_attr(not(c_peers), allow(unused_mut))]
    let mut checked = admit_writes(name, entries, &expected, reference.len(), mismatch)?;
    #[cfg(c_peers)]
    checked.extend(mismatch.admit_all(super::anchors::dom_write(name, bytes, &expected, reference.len()))?);
    Ok(Case::new(name, Group::Dom, Op::Write, reference.len(), checked))
}
