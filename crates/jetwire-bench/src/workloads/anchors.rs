//! The C and C++ anchors, simdjson and yyjson ([`crate::cpeers`]), as entries of the DOM cases
//! (`dom:<corpus>`) and the validation cases (`check:<corpus>`), each checked before timing.
//!
//! - `simdjson (DOM)`: one `dom::parser`, reused, parses the input into its tape; nothing else is
//!   timed. Checked: the DOM holds as many values as the input, and written out by simdjson it
//!   holds exactly the input's values.
//! - `simdjson (On-Demand)`: iterates the input, visiting and decoding every value. Checked: it
//!   visits as many values as the DOM holds.
//! - `yyjson`: reads the input into a new document and frees it; writes a document read once
//!   into new text, freed per operation (the `malloc` and `free` counted in its time). Checked
//!   like the DOM and the other writes.
//! - `simdjson (On-Demand)` in `canada/read`: fills, through On-Demand, a C++ model of the same
//!   shape as the typed read's `Canada` (a new one per operation, freed in the timing). Checked:
//!   the model, written out as JSON text, holds exactly the input's values.
//! - `check:<corpus>`: simdjson's DOM parse (its full validation) and yyjson's read; each must
//!   accept the corpus.
//!
//! simdjson reads past the end of its input, so its input is copied once into a padded buffer,
//! outside the timing. A document beyond simdjson's limits (an integer beyond 64 bits, nesting
//! deeper than 1024) leaves simdjson out of that case, with a note on stderr.

use std::hint::black_box;

use super::dom_entries::check_dom_text;
use crate::check::Tree;
use crate::cpeers::{Padded, SimdjsonDom, SimdjsonOnDemand, YyjsonDoc};
use crate::harness::Entry;
use crate::peers::check_output;

/// simdjson's DOM parser after a first parse of `input`, or `None` where the document is beyond
/// simdjson's limits (noted on stderr): the case goes on without simdjson.
fn simdjson_parser(name: &str, input: &Padded) -> Result<Option<SimdjsonDom>, String> {
    let mut dom = SimdjsonDom::new();
    match dom.parse(input) {
        Ok(()) => Ok(Some(dom)),
        Err(err) if err.beyond_limits => {
            eprintln!("note: {name}: simdjson left out, the document is beyond its limits: {err}");
            Ok(None)
        }
        Err(err) => Err(format!("{name}: simdjson cannot read it: {err}")),
    }
}

/// How many values `implementation` found, which must be as many as `expected` holds.
fn check_count(name: &str, implementation: &str, found: u64, expected: u64) -> Result<(), String> {
    if found != expected {
        return Err(format!(
            "{name}: {implementation} finds {found} values where the input holds {expected}"
        ));
    }
    Ok(())
}

/// The DOM read entries of `bytes`, whose values are `expected`.
pub fn dom_read(name: &str, bytes: &[u8], expected: &Tree) -> Result<Vec<Entry>, String> {
    let values = expected.value_count();
    let mut entries = Vec::new();
    let input = Padded::new(bytes);
    if let Some(mut dom) = simdjson_parser(name, &input)? {
        let implementation = "simdjson (DOM)";
        let counted = dom.count(&input).map_err(|e| format!("{name}: {implementation}: {e}"))?;
        check_count(name, implementation, counted, values)?;
        let written = dom.to_json(&input).map_err(|e| e.to_string());
        let caveat = check_dom_text(name, implementation, expected, written)?;

        let mut on_demand = SimdjsonOnDemand::new();
        let walked = on_demand.walk(&input).map_err(|e| format!("{name}: simdjson (On-Demand): {e}"))?;
        check_count(name, "simdjson (On-Demand)", walked.values, counted)?;

        let input = std::rc::Rc::new(input);
        let dom_input = input.clone();
        let mut entry = Entry::new(implementation, move || {
            dom.parse(&dom_input).expect("checked before timing");
            1
        });
        entry.caveat = caveat;
        entries.push(entry);
        entries.push(Entry::new("simdjson (On-Demand)", move || {
            let walked = on_demand.walk(&input).expect("checked before timing");
            black_box(walked.checksum);
            1
        }));
    }

    let doc = YyjsonDoc::read(bytes).map_err(|e| format!("{name}: yyjson cannot read it: {e}"))?;
    check_count(name, "yyjson", doc.value_count(), values)?;
    let caveat = check_dom_text(name, "yyjson", expected, doc.write().map_err(|e| e.to_string()))?;
    let bytes = bytes.to_vec();
    let mut entry = Entry::new("yyjson", move || {
        black_box(YyjsonDoc::read(&bytes).expect("checked before timing"));
        1
    });
    entry.caveat = caveat;
    entries.push(entry);
    Ok(entries)
}

/// The DOM write entries of `bytes`, whose values are `expected`; jetwire writes
/// `reference_len` bytes.
pub fn dom_write(
    name: &str,
    bytes: &[u8],
    expected: &Tree,
    reference_len: usize,
) -> Result<Vec<Entry>, String> {
    let doc = YyjsonDoc::read(bytes).map_err(|e| format!("{name}: yyjson cannot read it: {e}"))?;
    let written = doc.write().map_err(|e| format!("{name}: yyjson cannot write it: {e}"))?;
    let caveat = check_output(name, "yyjson", expected, &written, reference_len)?;
    let mut entry = Entry::new("yyjson", move || doc.write().expect("checked before timing").len());
    entry.caveat = caveat;
    Ok(vec![entry])
}

/// The typed read entry of canada.json (`bytes`, whose values are `expected`): simdjson's
/// On-Demand filling a C++ model shaped like [`Canada`](super::corpora::Canada).
pub fn canada_read(bytes: &[u8], expected: &Tree) -> Result<Vec<Entry>, String> {
    let implementation = "simdjson (On-Demand)";
    let input = Padded::new(bytes);
    let mut parser = SimdjsonOnDemand::new();
    let text = parser.canada_to_json(&input).map_err(|e| format!("canada: {implementation}: {e}"))?;
    let model: super::corpora::Canada = jetwire::json::from_slice(&text)
        .map_err(|e| format!("canada: {implementation} wrote a model that does not read back: {e}"))?;
    let caveat = crate::peers::check_read("canada", implementation, expected, &model)?;
    let features = parser.read_canada(&input).map_err(|e| format!("canada: {implementation}: {e}"))?;
    if features != model.features.len() as u64 {
        return Err(format!(
            "canada: {implementation} counts {features} features, its model holds {}",
            model.features.len()
        ));
    }
    let mut entry = Entry::new(implementation, move || {
        black_box(parser.read_canada(&input).expect("checked before timing"));
        1
    });
    entry.caveat = caveat;
    Ok(vec![entry])
}

/// The validation entries of `bytes`, which is JSON.
pub fn validation(name: &str, bytes: &[u8]) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    let input = Padded::new(bytes);
    if let Some(mut dom) = simdjson_parser(name, &input)? {
        entries.push(Entry::new("simdjson", move || {
            dom.parse(&input).expect("checked before timing");
            input.json().len()
        }));
    }
    YyjsonDoc::read(bytes).map_err(|e| format!("{name}: yyjson refuses it: {e}"))?;
    let bytes = bytes.to_vec();
    entries.push(Entry::new("yyjson", move || {
        black_box(YyjsonDoc::read(&bytes).expect("checked before timing"));
        bytes.len()
    }));
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check;

    fn names(entries: &[Entry]) -> Vec<&'static str> {
        entries.iter().map(|e| e.implementation).collect()
    }

    #[test]
    fn every_anchor_joins_a_document_within_its_limits() {
        let json = br#"{"a": [1, 2.5, "three", null], "b": {"c": true}}"#;
        let expected = check::parse(json).unwrap();
        let mut read = dom_read("t", json, &expected).unwrap();
        assert_eq!(names(&read), ["simdjson (DOM)", "simdjson (On-Demand)", "yyjson"]);
        for entry in &mut read {
            (entry.operation)();
        }
        let minified = br#"{"a":[1,2.5,"three",null],"b":{"c":true}}"#;
        let mut write = dom_write("t", json, &expected, minified.len()).unwrap();
        assert_eq!(names(&write), ["yyjson"]);
        assert_eq!(write[0].caveat, None);
        assert_eq!((write[0].operation)(), minified.len());
        assert_eq!(names(&validation("t", json).unwrap()), ["simdjson", "yyjson"]);
    }

    #[test]
    fn on_demand_fills_canadas_model_exactly_or_refuses() {
        let json = br#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"A \"q\""},
            "geometry":{"type":"Polygon","coordinates":[[[-65.613616999999977,43.420273000000009],[1e-7,2]]]}}]}"#;
        let expected = check::parse(json).unwrap();
        let mut entries = canada_read(json, &expected).unwrap();
        assert_eq!(names(&entries), ["simdjson (On-Demand)"]);
        assert_eq!(entries[0].caveat, None);
        assert_eq!((entries[0].operation)(), 1);
        // A point of three numbers, and a feature without its geometry, are not the model.
        let three = br#"{"type":"F","features":[{"type":"F","properties":{},"geometry":{"type":"P","coordinates":[[[1,2,3]]]}}]}"#;
        assert!(canada_read(three, &check::parse(three).unwrap()).is_err());
        let missing = br#"{"type":"F","features":[{"type":"F","properties":{}}]}"#;
        assert!(canada_read(missing, &check::parse(missing).unwrap()).is_err());
    }

    #[test]
    fn simdjson_is_left_out_of_a_document_beyond_its_limits() {
        let json = b"[123456789012345678901234567890]";
        assert_eq!(names(&validation("t", json).unwrap()), ["yyjson"]);
        let json = b"[1,";
        assert!(validation("t", json).is_err());
    }
}
