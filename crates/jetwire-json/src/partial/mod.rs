//! Partial JSON: the value of a document that is still being written, after every piece.
//!
//! A producer that writes JSON a token at a time (a language model's tool call or structured
//! output, a long export, a progress feed) can be shown as it goes: push each piece into a
//! [`PartialReader`], and [`value`](PartialReader::value) is the most complete value of the
//! input so far. `{"name": "Ad` already shows `{"name": "Ad"}`.
//!
//! ```
//! use jetwire_json::{json, partial::PartialReader};
//!
//! let mut reader = PartialReader::new();
//! let mut shown = Vec::new();
//! for piece in [&br#"{"city": "Par"#[..], br#"is", "days": [1, 2"#, b"0]}"] {
//!     shown.push(reader.push(piece)?.cloned());
//! }
//! assert_eq!(shown, [
//!     Some(json!({"city": "Par"})),
//!     Some(json!({"city": "Paris", "days": [1]})),
//!     Some(json!({"city": "Paris", "days": [1, 20]})),
//! ]);
//! assert_eq!(reader.finish()?, json!({"city": "Paris", "days": [1, 20]}));
//! # Ok::<(), jetwire_json::Error>(())
//! ```
//!
//! # What the value so far shows
//!
//! | the input so far ends | shown | example input → value |
//! |---|---|---|
//! | inside a string | its decoded text so far, never half a UTF-8 character, half an escape, or a high surrogate whose low half may follow | `["caf\u00` → `["caf"]` |
//! | inside a number | nothing until the number is complete (a byte that cannot continue it has arrived, or the input has ended); with [`growing_numbers`](PartialOptions::growing_numbers), its longest valid prefix | `[1, 23` → `[1]` (growing: `[1, 23]`; `[1.` → `[1]`) |
//! | inside `true`, `false` or `null` | nothing until it is complete | `[tr` → `[]` |
//! | inside a property name, or after a name without its value | the member is left out until its value starts | `{"a": 1, "b": ` → `{"a": 1}` |
//! | inside an array or object | closed, with the elements or members so far | `{"a": [1, {"b"` → `{"a": [1, {}]}` |
//! | before the first token, or in a top-level number or literal | nothing: `None` | `12` → `None` |
//! | after the top-level value | the complete value | `{} ` → `{}` |
//!
//! Once the input has ended ([`end_input`](PartialReader::end_input),
//! [`finish`](PartialReader::finish)) the value is the one [`from_slice`](crate::from_slice)
//! reads from the whole input: equal, and written out byte for byte the same. Input that no
//! continuation could make valid is an error as soon as it arrives, with the message, offset,
//! line and column that `from_slice` reports for any input that starts with it (an error
//! inside a string or number is reported once the token is complete or the input ends), and
//! a document cut short is `from_slice`'s end-of-input error. The value shown before the error
//! stays readable.
//!
//! A repeated key keeps its first position with its last value, as `from_slice` reads it:
//! from the moment the repeated key's value starts, the member shows it.
//!
//! Every value shown but the innermost one in progress (and the arrays and objects around it)
//! is complete and will not change; [`in_progress`](PartialReader::in_progress) names the one
//! in progress, and [`is_complete_at`](PartialReader::is_complete_at) tells whether a member
//! can be relied on, so that a field that must be complete before it is used can be held back.
//!
//! # Cost
//!
//! Each piece costs its own bytes plus the nesting depth: the value is built in place, token
//! by token, with the open arrays and objects on an explicit stack (no recursion), and an
//! unterminated string grows by the settled part of each piece. No piece goes over the
//! document again. [`value`](PartialReader::value) is a reference to the value kept, which
//! costs nothing. A 1 MB document fed in 100-byte pieces, with the value looked at after each
//! one, costs at most three times one ordinary read of it (2.94 times in the benchmark's
//! `partial:1mb:100`, docs/benchmarks.md), in 1 KB pieces about twice, in 4 KB pieces 1.7
//! times: each piece costs a few hundred nanoseconds of its own (taking up the reader where it stopped, the token it ends in), and
//! each token a little more than the ordinary read's (the value is built in place, ready to be
//! shown, rather than each container moved into place once complete). A parser that reads the
//! whole input again per piece costs thousands of times one read there (the `partial` cases of
//! `jetwire-bench`).
//!
//! A token that arrives in many pieces is read again only when what arrived could end it, or
//! has doubled it, so a long string costs a bounded number of scans however it is cut.
//!
//! Memory holds the value being built and the input from the start of the token in progress
//! on: the pieces before it are released as new ones arrive.
//!
//! [`value_as`](PartialReader::value_as) (and `value_as_serde` with the `serde` feature) give
//! the value so far as a typed value: fields not shown yet read as absent ones (`None`, or the
//! default with `#[jetwire(default)]`). A field whose partial value would mislead (a URL, an
//! amount, a command) can be marked `#[jetwire(complete)]`: through jetwire's derive, it reads
//! as absent until its whole value has arrived. That goes through the whole value's text, one
//! ordinary read of it per call: take it when it is needed, not per piece of a large document.
//!
//! With the `futures` feature, `PartialStream` reads the pieces from a `Stream` of byte
//! chunks and hands out the reader after each.

mod builder;
mod keys;
mod reader;
#[cfg(feature = "futures")]
mod stream;
mod text;
mod typed;

pub use reader::PartialReader;
#[cfg(feature = "futures")]
pub use stream::PartialStream;

use crate::read::ReadOptions;

/// Options for a [`PartialReader`]: how to read, and what an unfinished token shows.
///
/// ```
/// use jetwire_json::{json, partial::{PartialOptions, PartialReader}};
/// let options = PartialOptions { growing_numbers: true, ..PartialOptions::default() };
/// let mut reader = PartialReader::with_options(options);
/// assert_eq!(reader.push(b"[1.5e")?, Some(&json!([1.5])));
/// assert_eq!(reader.push(b"3")?, Some(&json!([1.5e3])));
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartialOptions {
    /// The grammar and limits, as for every reader ([`ReadOptions::max_depth`] bounds the
    /// nesting). Default: [`ReadOptions::default`].
    pub read: ReadOptions,
    /// Show an unterminated string's decoded text so far. Off, a string is left out (and an
    /// object member with it) until it is complete. Default on.
    pub unfinished_strings: bool,
    /// Show a number still arriving as its longest valid prefix (`12` of `12`, `1` of `1.`),
    /// which grows as digits arrive. Off, a number is left out until it is complete. Default
    /// off: a number shown before it is complete may still change.
    pub growing_numbers: bool,
}

impl Default for PartialOptions {
    fn default() -> Self {
        PartialOptions { read: ReadOptions::default(), unfinished_strings: true, growing_numbers: false }
    }
}
