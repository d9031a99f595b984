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

use super::{CaseSpec, Source};
use crate::check;
use crate::harness::{Case, Entry, Group, Op};
use crate::peers::{Mismatch, check_output};

type Check = Box<dyn FnMut() -> Result<Vec<u8>, String>>;

/// The read and write specs of the DOM cases of a document, named `name` (such as
/// `dom:canada`); every peer must hold it exactly.
/// The document cases of the same document follow them ([`super::document`]).
pub fn specs(name: &'static str, source: Source) -> [CaseSpec; 4] {
    let [doc_read, doc_write] = super::document::specs(name, source.clone(), Mismatch::Fails);
    let write_source = source.clone();
    [
        CaseSpec::new(name, Op::Read, move |size| read_case(name, &source(size), Mismatch::Fails)),
        CaseSpec::new(name, Op::Write, move |size| write_case(name, &write_source(size), Mismatch::Fails)),
        doc_read,
        doc_write,
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

/// Checks the DOM `implementation` read, as its own library `written` it out: it must hold
/// exactly the `expected` values. Returns the entry's caveat.
pub(super) fn check_dom_text(
    name: &str,
    implementation: &str,
    expected: &check::Tree,
    written: Result<impl AsRef<[u8]>, String>,
) -> Result<Option<String>, String> {
    let written = written.map_err(|e| format!("{name}: {implementation} cannot read it: {e}"))?;
    let found = check::parse(written.as_ref())
        .map_err(|e| format!("{name}: {implementation}'s DOM writes invalid JSON: {e}"))?;
    check::judge(name, implementation, check::compare(expected, &found))
}

/// An entry that writes `value` into a reused buffer; the check returns what it writes.
pub(super) fn write_entry<T: 'static>(
    implementation: &'static str,
    value: T,
    write: fn(&mut Vec<u8>, &T) -> Result<(), String>,
) -> (Entry, Check) {
    let value = Rc::new(value);
    let checked = value.clone();
    let mut out = Vec::new();
    let entry = Entry::new(implementation, move || {
        out.clear();
        write(&mut out, &value).expect("checked before timing");
        black_box(&out);
        out.len()
    });
    let check: Check = Box::new(move || {
        let mut out = Vec::new();
        write(&mut out, &checked).map(|()| out)
    });
    (entry, check)
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
    let checked = admit_writes(name, bytes, entries, &expected, reference.len(), mismatch)?;
    Ok(Case::new(name, Group::Dom, Op::Write, reference.len(), checked))
}

/// A write entry, or the library that could not read the document and why.
pub(super) type BuiltWrite = Result<(Entry, Check), (&'static str, String)>;

/// The entries of a write case of `bytes`: each built one whose output holds exactly the
/// input's values (`expected`; jetwire's text, `reference_len` bytes, sets the scale), then the
/// C and C++ anchors' writes. A library that could not read the document is left out, or fails
/// the case, by `mismatch`.
pub(super) fn admit_writes(
    name: &str,
    bytes: &[u8],
    built: Vec<BuiltWrite>,
    expected: &check::Tree,
    reference_len: usize,
    mismatch: Mismatch,
) -> Result<Vec<Entry>, String> {
    let mut checked = Vec::new();
    for built in built {
        let (entry, mut check) = match built {
            Ok(built) => built,
            Err((implementation, err)) => {
                mismatch.leave_out(implementation, err)?;
                continue;
            }
        };
        let caveat = check()
            .map_err(|e| format!("{name}: {} cannot write it: {e}", entry.implementation))
            .and_then(|output| check_output(name, entry.implementation, expected, &output, reference_len));
        checked.extend(mismatch.admit(entry, caveat)?);
    }
    #[cfg(c_peers)]
    checked.extend(mismatch.admit_all(super::anchors::dom_write(name, bytes, expected, reference_len))?);
    #[cfg(not(c_peers))]
    let _ = bytes;
    Ok(checked)
}
