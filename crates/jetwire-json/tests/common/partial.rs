//! Input pushed a piece at a time into a `PartialReader`: the checks of the `json_partial` fuzz
//! target, which `tests/fuzz_corpora.rs` replays on its committed corpus.

use std::collections::HashSet;

use jetwire_json::partial::{PartialOptions, PartialReader};
use jetwire_json::{Reader, Token, Value};

use super::outcome;
use super::pieces::cut;

/// The document after the input's first byte, fed to a `PartialReader` in pieces of 1 to 16 bytes
/// (the first byte picks the cuts, and with its top bit set numbers are shown as they grow): it
/// ends with exactly what `from_slice` reads from the whole (the same value, or the same error at
/// the same place), an error on the way is that error too, and every value shown on the way
/// approximates the final one and the next one shown. Panics on a disagreement.
pub fn check_partial(input: &[u8]) {
    let Some((&seed, document)) = input.split_first() else { return };
    let options = PartialOptions { growing_numbers: seed & 0x80 != 0, ..PartialOptions::default() };
    let pieces = cut(seed, document);

    let whole = jetwire_json::from_slice::<Value>(document);
    let mut reader = PartialReader::with_options(options);
    let mut shown = Vec::new();
    let mut failed = None;
    for piece in pieces {
        match reader.push(piece) {
            Ok(value) => shown.push(value.cloned()),
            Err(err) => {
                failed = Some(Err(err));
                break;
            }
        }
    }
    let last = failed.unwrap_or_else(|| reader.finish());
    assert_eq!(outcome(&last), outcome(&whole), "PartialReader");

    let Ok(full) = whole else { return };
    if repeats_a_key(document) {
        // The first value of a repeated key is shown, then replaced: no approximation.
        return;
    }
    let mut before: Option<&Value> = None;
    for value in shown.iter().flatten() {
        assert!(approximates(value, &full, options.growing_numbers), "{value} does not approximate {full}");
        if let Some(before) = before {
            assert!(approximates(before, value, options.growing_numbers), "{before} then {value}");
        }
        before = Some(value);
    }
}

/// Whether an object of the (valid) `document` has a key twice.
fn repeats_a_key(document: &[u8]) -> bool {
    let mut reader = Reader::new(document);
    let mut open: Vec<Option<HashSet<String>>> = Vec::new();
    while let Ok(Some(token)) = reader.next_token() {
        match token {
            Token::BeginObject => open.push(Some(HashSet::new())),
            Token::BeginArray => open.push(None),
            Token::EndObject | Token::EndArray => {
                open.pop();
            }
            Token::PropertyName(key) => {
                if let Some(Some(keys)) = open.last_mut()
                    && !keys.insert(key.decoded().into_owned())
                {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

/// Whether `partial` approximates `full`: equal; or a prefix of its string; or an array or
/// object whose elements or members are `full`'s first ones, all equal but the last, which
/// approximates `full`'s; with growing numbers, a number whose text begins `full`'s.
fn approximates(partial: &Value, full: &Value, growing_numbers: bool) -> bool {
    let text = |value: &Value| jetwire_json::to_vec(value).expect("a value writes");
    let same = |a: &Value, b: &Value| a == b && text(a) == text(b);
    if same(partial, full) {
        return true;
    }
    match (partial, full) {
        (Value::String(p), Value::String(f)) => f.starts_with(p.as_str()),
        (Value::Number(_), Value::Number(_)) => growing_numbers && text(full).starts_with(&text(partial)),
        (Value::Array(p), Value::Array(f)) => match p.split_last() {
            None => true,
            Some((last, complete)) => {
                p.len() <= f.len()
                    && complete.iter().zip(f.iter()).all(|(a, b)| same(a, b))
                    && approximates(last, &f[complete.len()], growing_numbers)
            }
        },
        (Value::Object(p), Value::Object(f)) => {
            let count = p.len();
            count <= f.len()
                && p.iter().zip(f.iter()).enumerate().all(|(at, ((pk, pv), (fk, fv)))| {
                    pk == fk
                        && if at + 1 < count { same(pv, fv) } else { approximates(pv, fv, growing_numbers) }
                })
        }
        _ => false,
    }
}
