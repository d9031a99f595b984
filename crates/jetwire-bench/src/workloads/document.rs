//! Document cases (`doc:*`): parsing into a read-only document that a reused parser keeps, and
//! writing it back out. jetwire's `document::Parser` against simd-json's tape (its buffers
//! reused, parsed in place from a copy, which is counted), the C and C++ anchors simdjson's DOM
//! (its parser reused) and yyjson's document, and for scale `sonic_rs::Value`, the fastest Rust
//! DOM, which is editable: shown, but not like for like.
//!
//! Writes: jetwire's document, yyjson's document, and the editable DOMs of sonic-rs and
//! serde_json (simd-json's tape has no writer of its own).
//!
//! Checks before timing, as for the DOM cases: every document, written by its own library,
//! holds exactly the input's values; every write holds exactly the input's values.

use std::hint::black_box;
use std::rc::Rc;

use jetwire::json::document::{Document, Parser};
use simd_json::prelude::Writable as _;

use super::dom_entries::{admit_writes, check_dom_text, write_entry};
use super::{CaseSpec, Source};
use crate::check;
use crate::harness::{Case, Entry, Group, Op};
use crate::peers::Mismatch;

/// The document specs of a document whose DOM cases are named `dom_name` (`dom:canada` gives
/// `doc:canada`).
pub fn specs(dom_name: &str, source: Source, mismatch: Mismatch) -> [CaseSpec; 2] {
    let name: &'static str = Box::leak(dom_name.replacen("dom:", "doc:", 1).into_boxed_str());
    let write_source = source.clone();
    [
        CaseSpec::new(name, Op::Read, move |size| read_case(name, &source(size), mismatch)),
        CaseSpec::new(name, Op::Write, move |size| write_case(name, &write_source(size), mismatch)),
    ]
}

/// jetwire's document text of `bytes`, from a new parser.
fn jetwire_text(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut parser = Parser::new();
    let doc = parser.parse(bytes).map_err(|e| e.to_string())?;
    jetwire::json::to_vec(&doc).map_err(|e| e.to_string())
}

/// The document read case of `bytes`.
pub fn read_case(name: &str, bytes: &[u8], mismatch: Mismatch) -> Result<Case, String> {
    let expected = check::parse(bytes).map_err(|e| format!("{name}: {e}"))?;
    let input = Rc::new(bytes.to_vec());
    let mut checked = Vec::new();

    let caveat = check_dom_text(name, "jetwire", &expected, jetwire_text(bytes));
    let (mut parser, timed) = (Parser::new(), input.clone());
    let entry = Entry::new("jetwire", move || {
        let doc = parser.parse(&timed).expect("checked before timing");
        black_box(doc);
        1
    });
    checked.extend(mismatch.admit(entry, caveat)?);

    // simd-json's tape parses in place: the copy into a reused buffer is part of its cost.
    let mut scratch = Vec::with_capacity(bytes.len());
    let mut buffers = simd_json::Buffers::new(bytes.len());
    let mut copy = bytes.to_vec();
    let written =
        simd_json::to_tape(&mut copy).map(|tape| tape.as_value().encode()).map_err(|e| e.to_string());
    let caveat = check_dom_text(name, "simd-json (tape)", &expected, written);
    let timed = input.clone();
    let entry = Entry::new("simd-json (tape)", move || {
        scratch.clear();
        scratch.extend_from_slice(&timed);
        let tape =
            simd_json::to_tape_with_buffers(&mut scratch, &mut buffers).expect("checked before timing");
        black_box(&tape);
        1
    });
    checked.extend(mismatch.admit(entry, caveat)?);

    let written = sonic_rs::from_slice::<sonic_rs::Value>(bytes)
        .and_then(|value| sonic_rs::to_vec(&value))
        .map_err(|e| e.to_string());
    let caveat = check_dom_text(name, "sonic-rs", &expected, written);
    let timed = input.clone();
    let entry = Entry::new("sonic-rs", move || {
        black_box(sonic_rs::from_slice::<sonic_rs::Value>(&timed).expect("checked before timing"));
        1
    })
    .not_like_for_like("an editable DOM, shown for scale");
    checked.extend(mismatch.admit(entry, caveat)?);

    #[cfg(c_peers)]
    checked.extend(mismatch.admit_all(super::anchors::dom_read(name, bytes, &expected))?);
    Ok(Case::new(name, Group::Document, Op::Read, bytes.len(), checked))
}

/// The document write case of `bytes`: each library writes its document (or DOM) of them.
pub fn write_case(name: &str, bytes: &[u8], mismatch: Mismatch) -> Result<Case, String> {
    let expected = check::parse(bytes).map_err(|e| format!("{name}: {e}"))?;
    let reference = jetwire_text(bytes).map_err(|e| format!("{name}: {e}"))?;
    let text = |e: &dyn std::fmt::Display| format!("{name}: cannot read it: {e}");
    let doc = Document::parse(bytes.to_vec()).map_err(|e| format!("{name}: {e}"))?;
    let entries = vec![
        Ok(write_entry("jetwire", doc, |out, doc| {
            jetwire::json::to_writer(out, &doc.root()).map_err(|e| e.to_string())
        })),
        sonic_rs::from_slice::<sonic_rs::Value>(bytes).map_err(|e| ("sonic-rs", text(&e))).map(|v| {
            write_entry("sonic-rs", v, |out, v| sonic_rs::to_writer(out, v).map_err(|e| e.to_string()))
        }),
        serde_json::from_slice::<serde_json::Value>(bytes).map_err(|e| ("serde_json", text(&e))).map(|v| {
            write_entry("serde_json", v, |out, v| serde_json::to_writer(out, v).map_err(|e| e.to_string()))
        }),
    ];
    #[cfg_attr(not(c_peers), allow(unused_mut))]
    let mut checked = admit_writes(name, entries, &expected, reference.len(), mismatch)?;
    #[cfg(c_peers)]
    checked.extend(mismatch.admit_all(super::anchors::dom_write(name, bytes, &expected, reference.len()))?);
    Ok(Case::new(name, Group::Document, Op::Write, reference.len(), checked))
}
