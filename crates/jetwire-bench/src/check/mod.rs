//! The exact output checks that run before anything is timed.
//!
//! Every check compares two [`Tree`]s, each built by code that shares nothing with the libraries
//! under test:
//!
//! - [`of_model`] walks a value through its `serde::Serialize` impl and keeps each number with
//!   its Rust type (an `f32` stays an `f32`, a `u128` an exact integer): what a written document
//!   must hold, and what a typed read must produce.
//! - [`parse`] reads JSON text with a small strict parser of its own and keeps every number's
//!   spelling: what a document holds.
//!
//! [`compare`] then demands exact agreement: integers compared as integers of any size, floats
//! compared bit for bit at the width the model gives them (an `f32` field at `f32` precision,
//! known from the model rather than guessed from the output), strings byte for byte, objects by
//! key whatever their order. What differs is listed per field ([`Deviations`]): jetwire's entry
//! must have none; a peer's floats that round differently are a named caveat, any other
//! difference fails the case.

mod compare;
mod model;
pub mod text;

pub use compare::{Deviation, Deviations, ROUNDING_ULPS, compare, compare_with};
pub use model::of_model;
pub use text::parse;

/// A JSON value as the checks see it.
#[derive(Clone, Debug, PartialEq)]
pub enum Tree {
    /// `null` (or a Rust `None`, unit, unit struct).
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer from a model, in canonical decimal (`-` only when negative, no leading zeros).
    Int(String),
    /// An `f64` from a model.
    F64(f64),
    /// An `f32` from a model.
    F32(f32),
    /// A number read from JSON text, spelled as the text spells it.
    Number(String),
    /// A string.
    Str(String),
    /// An array.
    Array(Vec<Tree>),
    /// An object's members, in the order they came.
    Object(Vec<(String, Tree)>),
}

impl Tree {
    /// The value at the JSON Pointer `pointer` (RFC 6901), if there is one.
    pub fn pointer(&self, pointer: &str) -> Option<&Tree> {
        if pointer.is_empty() {
            return Some(self);
        }
        let mut at = self;
        for token in pointer.strip_prefix('/')?.split('/') {
            let token = token.replace("~1", "/").replace("~0", "~");
            at = match at {
                Tree::Object(members) => members.iter().rev().find(|(k, _)| *k == token).map(|(_, v)| v)?,
                Tree::Array(elements) => {
                    let canonical = token == "0" || !token.starts_with('0');
                    elements.get(token.parse::<usize>().ok().filter(|_| canonical)?)?
                }
                _ => return None,
            };
        }
        Some(at)
    }

    /// How many values the tree holds, each object key counting as one, as simdjson's and
    /// yyjson's DOMs count them: `{"a":[1]}` holds 4.
    pub fn value_count(&self) -> u64 {
        let mut count = 0;
        let mut pending = vec![self];
        while let Some(tree) = pending.pop() {
            count += 1;
            match tree {
                Tree::Array(elements) => pending.extend(elements),
                Tree::Object(members) => {
                    count += members.len() as u64;
                    pending.extend(members.iter().map(|(_, value)| value));
                }
                _ => {}
            }
        }
        count
    }
}

/// Whether `text` spells a JSON integer (no fraction, no exponent).
fn is_integer_spelling(text: &str) -> bool {
    !text.bytes().any(|b| matches!(b, b'.' | b'e' | b'E'))
}

/// The canonical spelling of the JSON integer `text`: `-0` is `0`.
fn canonical_integer(text: &str) -> &str {
    if text == "-0" { "0" } else { text }
}

/// Judges what `implementation` produced by its `deviations` from what was expected: jetwire's
/// entries must have none; a peer's floats that round differently become the returned caveat.
/// `Err` names what differs.
pub fn judge(case: &str, implementation: &str, deviations: Deviations) -> Result<Option<String>, String> {
    if deviations.is_empty() {
        return Ok(None);
    }
    let is_ours = implementation.starts_with("jetwire");
    if is_ours || !deviations.only_rounding() {
        return Err(format!("{case}: {implementation} differs from the expected value: {deviations}"));
    }
    Ok(Some(format!("rounds floats differently: {deviations}")))
}

#[cfg(test)]
mod tests;
