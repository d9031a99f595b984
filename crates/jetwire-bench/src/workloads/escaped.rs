//! The escaped-text corpus: twitter.json written with every non-ASCII character as `\uXXXX`
//! (a surrogate pair above U+FFFF), as Python's `json.dumps` writes by default. Every other byte
//! is twitter.json's own, so the corpus holds exactly twitter's values in a document where most
//! of the text is escapes.
//!
//! Its reads (`twitter_escaped`, `dom:twitter_escaped`, `serde:twitter_escaped`,
//! `check:twitter_escaped`) are the other corpora's cases on these bytes. Its writes write what
//! it is, ASCII-only JSON: jetwire with `WriteOptions::ascii_only` against serde_json with a
//! `Formatter` that escapes every non-ASCII character ([`AsciiFormatter`]); simd-json and
//! sonic-rs cannot write ASCII-only output and are not in those cases.

use std::fmt::Write as _;
use std::io;
use std::rc::Rc;
use std::sync::OnceLock;

use serde::Serialize;

use super::corpora::{TWITTER, Twitter};
use super::{CaseSpec, Source, dom, dom_entries};
use crate::check::{self, Tree};
use crate::harness::{Case, Group, Op};
use crate::peers::{Mismatch, check_output, read_case};

/// `json` with every non-ASCII character written as `\uXXXX` (lowercase hex, UTF-16 surrogate
/// pairs above U+FFFF). In JSON text such characters can only be inside strings, so the result
/// holds the same values.
pub fn ascii_escaped(json: &str) -> String {
    let mut out = String::with_capacity(json.len() * 2);
    for c in json.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            for unit in c.encode_utf16(&mut [0; 2]) {
                let _ = write!(out, "\\u{unit:04x}");
            }
        }
    }
    out
}

/// The corpus: twitter.json escaped once per run.
pub fn twitter_escaped() -> &'static [u8] {
    static ESCAPED: OnceLock<Vec<u8>> = OnceLock::new();
    ESCAPED.get_or_init(|| {
        let text = std::str::from_utf8(TWITTER).expect("twitter.json is UTF-8");
        ascii_escaped(text).into_bytes()
    })
}

/// The corpus as a [`Source`].
pub fn source() -> Source {
    Rc::new(|_| twitter_escaped().to_vec())
}

/// serde_json's compact output with every non-ASCII character escaped, as `json.dumps` writes.
pub struct AsciiFormatter;

impl serde_json::ser::Formatter for AsciiFormatter {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut start = 0;
        for (at, c) in fragment.char_indices().filter(|(_, c)| !c.is_ascii()) {
            writer.write_all(&fragment.as_bytes()[start..at])?;
            for unit in c.encode_utf16(&mut [0; 2]) {
                write!(writer, "\\u{unit:04x}")?;
            }
            start = at + c.len_utf8();
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }
}

/// serde_json's ASCII-only write of `value` into `out`.
fn serde_json_ascii<T: Serialize>(out: &mut Vec<u8>, value: &T) -> Result<(), String> {
    value
        .serialize(&mut serde_json::Serializer::with_formatter(out, AsciiFormatter))
        .map_err(|e| e.to_string())
}

/// jetwire's options for ASCII-only output.
fn ascii_only() -> jetwire::json::WriteOptions {
    jetwire::json::WriteOptions { ascii_only: true, ..Default::default() }
}

/// How jetwire writes a value of the corpus into a buffer.
type Write<T> = fn(&mut Vec<u8>, &T) -> Result<(), String>;

/// An ASCII-only write case: jetwire writes `ours` with `write_ours` and [`ascii_only`],
/// serde_json writes `theirs` with [`AsciiFormatter`]. Each output must be ASCII and hold
/// exactly the `expected` values.
fn ascii_write_case<J: 'static, S: Serialize + 'static>(
    name: &str,
    group: Group,
    (ours, write_ours): (J, Write<J>),
    theirs: S,
    expected: Tree,
) -> Result<Case, String> {
    let entries = [
        dom_entries::write_entry("jetwire", ours, write_ours),
        dom_entries::write_entry("serde_json", theirs, serde_json_ascii),
    ];
    let mut checked = Vec::new();
    let mut reference = None;
    for (mut entry, mut write) in entries {
        let output = write().map_err(|e| format!("{name}: {} cannot write it: {e}", entry.implementation))?;
        if !output.is_ascii() {
            return Err(format!("{name}: {} writes non-ASCII bytes", entry.implementation));
        }
        let reference_len = *reference.get_or_insert(output.len());
        entry.caveat = check_output(name, entry.implementation, &expected, &output, reference_len)?;
        checked.push(entry);
    }
    Ok(Case::new(name, group, Op::Write, reference.unwrap_or(0), checked))
}

/// The corpus's value in the twitter model.
fn model(name: &str) -> Result<Twitter, String> {
    jetwire::json::from_slice(twitter_escaped()).map_err(|e| format!("{name}: {e}"))
}

/// `twitter_escaped`: the typed read, and the typed ASCII-only write.
pub fn typed_specs() -> [CaseSpec; 2] {
    const NAME: &str = "twitter_escaped";
    [
        CaseSpec::new(NAME, Op::Read, |_| {
            read_case::<Twitter>(NAME, Group::Typed, twitter_escaped().to_vec())
        }),
        CaseSpec::new(NAME, Op::Write, |_| {
            let value = model(NAME)?;
            let write: Write<Twitter> =
                |out, v| jetwire::json::to_writer_with(out, v, ascii_only()).map_err(|e| e.to_string());
            let expected = check::of_model(&value)?;
            ascii_write_case(NAME, Group::Typed, (value.clone(), write), value, expected)
        }),
    ]
}

/// `dom:twitter_escaped`: the DOM read, and the ASCII-only write of each DOM; then
/// `doc:twitter_escaped`, the document read.
pub fn dom_specs() -> [CaseSpec; 3] {
    const NAME: &str = "dom:twitter_escaped";
    [
        CaseSpec::new(NAME, Op::Read, |_| dom::read_case(NAME, twitter_escaped(), Mismatch::Fails)),
        CaseSpec::new(NAME, Op::Write, |_| {
            let ours: jetwire::json::Value =
                jetwire::json::from_slice(twitter_escaped()).map_err(|e| format!("{NAME}: {e}"))?;
            let theirs: serde_json::Value =
                serde_json::from_slice(twitter_escaped()).map_err(|e| format!("{NAME}: {e}"))?;
            let write: Write<jetwire::json::Value> =
                |out, v| jetwire::json::to_writer_with(out, v, ascii_only()).map_err(|e| e.to_string());
            let expected = check::parse(twitter_escaped())?;
            ascii_write_case(NAME, Group::Dom, (ours, write), theirs, expected)
        }),
        CaseSpec::new("doc:twitter_escaped", Op::Read, |_| {
            super::document::read_case("doc:twitter_escaped", twitter_escaped(), Mismatch::Fails)
        }),
    ]
}

/// `serde:twitter_escaped`: the bridge's read, and its ASCII-only write.
pub fn bridge_specs() -> [CaseSpec; 2] {
    const NAME: &str = "serde:twitter_escaped";
    [
        CaseSpec::new(NAME, Op::Read, |_| {
            super::bridge::read_case::<Twitter>(NAME, twitter_escaped(), Mismatch::Fails)
        }),
        CaseSpec::new(NAME, Op::Write, |_| {
            let value = model(NAME)?;
            let write: Write<Twitter> = |out, v| {
                jetwire::json::serde::to_writer_with(out, v, ascii_only()).map_err(|e| e.to_string())
            };
            let expected = check::of_model(&value)?;
            ascii_write_case(NAME, Group::Bridge, (value.clone(), write), value, expected)
        }),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_escaped_corpus_holds_twitters_values_in_ascii() {
        let escaped = twitter_escaped();
        assert!(escaped.is_ascii());
        assert!(escaped.len() > TWITTER.len());
        assert_eq!(check::parse(escaped).unwrap(), check::parse(TWITTER).unwrap());
        let text = std::str::from_utf8(escaped).unwrap();
        // Characters above U+FFFF (the emoji) are surrogate pairs.
        assert!(text.contains("\\ud83d\\ude0b"), "😋 as a surrogate pair");
        assert!(!text.contains("\\u00E9"), "lowercase hex, as json.dumps writes");
    }

    #[test]
    fn the_ascii_formatter_writes_as_json_dumps() {
        let mut out = Vec::new();
        serde_json_ascii(&mut out, &"café 😀 \"q\"\n").unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), r#""caf\u00e9 \ud83d\ude00 \"q\"\n""#);
        let mut ours = Vec::new();
        jetwire::json::to_writer_with(&mut ours, "café 😀 \"q\"\n", ascii_only()).unwrap();
        assert_eq!(
            check::parse(&ours).unwrap(),
            check::parse(r#""caf\u00e9 \ud83d\ude00 \"q\"\n""#.as_bytes()).unwrap()
        );
    }
}
