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

use super::CaseSpec;
use crate::check;
use crate::harness::{Case, Entry, Group, Op};
use crate::peers::check_output;

type Check = Box<dyn FnMut() -> Result<Vec<u8>, String>>;

/// The read and write specs of the DOM cases of a corpus, named `name` (such as `dom:canada`).
pub fn specs(name: &'static str, bytes: &'static [u8]) -> [CaseSpec; 2] {
    [
        CaseSpec { name, op: Op::Read, build: Box::new(move |_| read_case(name, bytes)) },
        CaseSpec { name, op: Op::Write, build: Box::new(move |_| write_case(name, bytes)) },
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

fn read_case(name: &str, bytes: &'static [u8]) -> Result<Case, String> {
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
    for (mut entry, mut write_dom) in entries {
        entry.caveat = check_dom_text(name, entry.implementation, &expected, write_dom())?;
        checked.push(entry);
    }
    #[cfg(c_peers)]
    checked.extend(super::anchors::dom_read(name, bytes, &expected)?);
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
fn write_entry<T: 'static>(
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

fn write_case(name: &str, bytes: &'static [u8]) -> Result<Case, String> {
    let ours: jetwire::json::Value = jetwire::json::from_slice(bytes).map_err(|e| e.to_string())?;
    let serde: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
    let simd = simd_json::to_owned_value(&mut bytes.to_vec()).map_err(|e| e.to_string())?;
    let sonic: sonic_rs::Value = sonic_rs::from_slice(bytes).map_err(|e| e.to_string())?;
    let reference = jetwire::json::to_vec(&ours).map_err(|e| e.to_string())?;
    let expected = check::parse(bytes).map_err(|e| format!("{name}: {e}"))?;
    let entries = vec![
        write_entry("jetwire", ours, |out, v| jetwire::json::to_writer(out, v).map_err(|e| e.to_string())),
        write_entry("serde_json", serde, |out, v| serde_json::to_writer(out, v).map_err(|e| e.to_string())),
        write_entry("simd-json", simd, |out, v| v.write(out).map_err(|e| e.to_string())),
        write_entry("sonic-rs", sonic, |out, v| sonic_rs::to_writer(out, v).map_err(|e| e.to_string())),
    ];
    let mut checked = Vec::new();
    for (mut entry, mut check) in entries {
        let output = check().map_err(|e| format!("{name}: {} cannot write it: {e}", entry.implementation))?;
        entry.caveat = check_output(name, entry.implementation, &expected, &output, reference.len())?;
        checked.push(entry);
    }
    #[cfg(c_peers)]
    checked.extend(super::anchors::dom_write(name, bytes, &expected, reference.len())?);
    Ok(Case::new(name, Group::Dom, Op::Write, reference.len(), checked))
}
