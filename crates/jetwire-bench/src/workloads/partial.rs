//! Partial JSON: a document read while it is still arriving, with the value so far taken after
//! every piece, as a service streaming a model's output does.
//!
//! `partial:<size>:100` cases feed a document of twitter statuses (64 KB, and about 1 MB: 16 KB
//! in the smoke run) in 100-byte pieces:
//!
//! - `jetwire`: `partial::PartialReader`, the value looked at after every piece (each piece
//!   costs its bytes plus the nesting depth);
//! - `jiter`: pydantic's jiter in its partial mode (`PartialMode::TrailingStrings`), which
//!   parses the whole input so far after every piece (a document in n pieces costs O(n²));
//! - `jetwire, one read`: one ordinary `from_slice` of the whole document, the baseline the
//!   partial read's cost is stated against (not a partial read: kept out of the means).
//!
//! jiter takes about ten seconds per operation on 1 MB, so the 1 MB case runs only when asked
//! for (`--large`); the 64 KB case (`partial:64kb:100`) runs by default with all three entries.
//!
//! Checks before timing: jetwire's partial read ends with `from_slice`'s value, which holds
//! exactly the input's values; jiter's last value has as many results as the input (its own
//! value type is checked by that count only, which its caveat says).

use std::hint::black_box;
use std::rc::Rc;

use jetwire::json::Value;
use jetwire::json::partial::PartialReader;

use super::{CaseSpec, Size, corpora, dom_entries};
use crate::harness::{Case, Entry, Group, Op};

/// The size of each piece, as a model's streamed output arrives (a few tokens at a time).
const PIECE: usize = 100;

/// The partial cases: 64 KB by default, 1 MB when asked for.
pub fn specs() -> [CaseSpec; 2] {
    [
        CaseSpec::new("partial:64kb:100", Op::Read, |_| case("partial:64kb:100", 64_000)),
        CaseSpec::new("partial:1mb:100", Op::Read, |size| {
            let bytes = match size {
                Size::Standard => 1_000_000,
                Size::Smoke => 16_000,
            };
            case("partial:1mb:100", bytes)
        })
        .large(),
    ]
}

/// An object `{"results": [...]}` of twitter's statuses, repeated to at least `bytes` bytes.
fn document(bytes: usize) -> Result<Vec<u8>, String> {
    let twitter: Value = jetwire::json::from_slice(corpora::TWITTER).map_err(|e| e.to_string())?;
    let statuses = twitter["statuses"].as_array().ok_or("twitter.json has no statuses")?;
    let mut results = Vec::new();
    let mut size = 0;
    for status in statuses.iter().cycle() {
        if size >= bytes {
            break;
        }
        size += jetwire::json::to_vec(status).map_err(|e| e.to_string())?.len() + 1;
        results.push(status.clone());
    }
    jetwire::json::to_vec(&jetwire::json::json!({ "results": results })).map_err(|e| e.to_string())
}

/// jetwire: every piece pushed, the value so far looked at after each.
fn jetwire_partial(input: &[u8]) -> Result<Value, String> {
    let mut reader = PartialReader::new();
    for piece in input.chunks(PIECE) {
        black_box(reader.push(piece).map_err(|e| e.to_string())?);
    }
    reader.finish().map_err(|e| e.to_string())
}

/// jiter: the whole input so far parsed in partial mode after every piece; the number of
/// results in the last value (counted after every piece, as a caller looking at it would).
fn jiter_partial(input: &[u8]) -> Result<usize, String> {
    let mut end = 0;
    let mut results = 0;
    while end < input.len() {
        end = (end + PIECE).min(input.len());
        let value =
            jiter::JsonValue::parse_with_config(&input[..end], false, jiter::PartialMode::TrailingStrings)
                .map_err(|e| e.to_string())?;
        results = match black_box(&value) {
            jiter::JsonValue::Object(members) => match members.iter().find(|(key, _)| key == "results") {
                Some((_, jiter::JsonValue::Array(results))) => results.len(),
                _ => 0,
            },
            _ => return Err("jiter's value is not an object".to_owned()),
        };
    }
    Ok(results)
}

/// The case of a document of at least `bytes` bytes in [`PIECE`]-byte pieces.
fn case(name: &str, bytes: usize) -> Result<Case, String> {
    let input = Rc::new(document(bytes)?);
    let expected = crate::check::parse(&input).map_err(|e| format!("{name}: {e}"))?;
    let whole: Value = jetwire::json::from_slice(&input).map_err(|e| format!("{name}: {e}"))?;

    let ours = jetwire_partial(&input).map_err(|e| format!("{name}: jetwire: {e}"))?;
    if ours != whole {
        return Err(format!("{name}: jetwire's partial read ends with another value than from_slice's"));
    }
    let written = jetwire::json::to_vec(&ours).map_err(|e| e.to_string());
    let caveat = dom_entries::check_dom_text(name, "jetwire", &expected, written)?;
    let results = whole["results"].as_array().map_or(0, Vec::len);
    let theirs = jiter_partial(&input).map_err(|e| format!("{name}: jiter: {e}"))?;
    if theirs != results {
        return Err(format!("{name}: jiter's last value has {theirs} results, not {results}"));
    }

    let mut jetwire = {
        let input = input.clone();
        Entry::new("jetwire", move || {
            black_box(jetwire_partial(&input).expect("checked before timing")).is_null() as usize
        })
    };
    jetwire.caveat = caveat;
    let mut jiter = {
        let input = input.clone();
        Entry::new("jiter", move || jiter_partial(&input).expect("checked before timing"))
    };
    jiter.caveat = Some("its last value checked by its number of results only".to_owned());
    let one_read = Entry::new("jetwire, one read", move || {
        let value: Value = jetwire::json::from_slice(&input).expect("checked before timing");
        black_box(value).is_null() as usize
    })
    .not_like_for_like("the baseline: one ordinary read of the whole document, no partial values");
    Ok(Case::new(name, Group::Pieces, Op::Read, whole_len(&ours), vec![jetwire, jiter, one_read]))
}

/// The document's length, as jetwire writes it (the bytes one operation reads).
fn whole_len(value: &Value) -> usize {
    jetwire::json::to_vec(value).map_or(0, |bytes| bytes.len())
}
