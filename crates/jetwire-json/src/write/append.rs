//! The JSON text of one value appended to a byte buffer, for code that frames its own
//! structure: the same text [`Writer`](super::Writer) writes in compact output with minimal
//! escaping, without its structure checks, commas or indentation.
//!
//! A writer of rows whose shape is known ahead (such as a table's columns) precomputes each
//! member's `,"name":` and calls these between them; where the shape is not known,
//! [`Writer`](super::Writer) keeps the output valid.
//!
//! ```
//! use jetwire_json::write::append;
//! let mut out = b"{\"id\":".to_vec();
//! append::integer(&mut out, 7u32);
//! out.extend_from_slice(b",\"name\":");
//! append::string(&mut out, "say \"hi\"");
//! out.extend_from_slice(b",\"score\":");
//! assert!(append::f64(&mut out, 0.5));
//! out.push(b'}');
//! assert_eq!(out, br#"{"id":7,"name":"say \"hi\"","score":0.5}"#);
//! ```

use base64::Engine as _;
use jetwire_core::output::{SHORT_APPEND_MAX, extend_from_array, extend_short, extend_short_between};
use jetwire_core::scan;

use super::escape::{escape_from, escape_minimal, is_valid_escaped_content};
use super::float::{self, Float};

/// Appends `text` as a JSON string, quotes included, with minimal escaping (`"`, `\` and
/// control characters).
#[inline]
pub fn string(out: &mut Vec<u8>, text: &str) {
    let text = text.as_bytes();
    if text.len() <= SHORT_APPEND_MAX {
        short_string(out, b"\"", 0, text);
    } else {
        out.push(b'"');
        escape_minimal(out, text);
        out.push(b'"');
    }
}

/// Appends `content`, the content of a JSON string that needs no (further) escaping, between
/// quotes and as is: text checked once with [`needs_escape`] (a column of values scanned
/// together, say), or already escaped. Content that does need an escape makes invalid JSON.
#[inline]
pub fn escaped_string(out: &mut Vec<u8>, content: &[u8]) {
    debug_assert!(is_valid_escaped_content(content), "string content with a byte that needs an escape");
    if content.len() <= SHORT_APPEND_MAX {
        extend_short_between(out, b"\"", 0, content, b"\"");
    } else {
        out.push(b'"');
        out.extend_from_slice(content);
        out.push(b'"');
    }
}

/// Whether [`string`] would escape any byte of `text` (a `"`, a `\` or a control character):
/// when not, its content may be appended with [`escaped_string`].
#[inline]
pub fn needs_escape(text: &[u8]) -> bool {
    scan::find_string_special(text).is_some()
}

/// Appends `head[skip..]`, then `text` (at most [`SHORT_APPEND_MAX`] bytes) minimally escaped
/// and its closing quote: one append when nothing needs an escape, else the escaping goes on
/// from the byte the scan found, without a second scan. `head` ends with the opening quote.
#[inline(always)]
pub(super) fn short_string<const H: usize>(out: &mut Vec<u8>, head: &[u8; H], skip: usize, text: &[u8]) {
    match scan::find_string_special(text) {
        None => extend_short_between(out, head, skip, text, b"\""),
        Some(at) => {
            extend_short_between(out, head, skip, &text[..at], b"");
            escape_from(out, text, at);
            out.push(b'"');
        }
    }
}

/// Appends `true` or `false`.
#[inline]
pub fn boolean(out: &mut Vec<u8>, value: bool) {
    // Two constant-length copies rather than one of either length (which would call `memcpy`).
    if value { extend_from_array(out, b"true", 0) } else { extend_from_array(out, b"false", 0) }
}

/// Appends `null`.
#[inline]
pub fn null(out: &mut Vec<u8>) {
    extend_from_array(out, b"null", 0);
}

/// Appends a finite `f64` as the shortest text that reads back to it, and returns `true`; for
/// NaN or an infinity, which JSON cannot spell, appends nothing and returns `false`.
#[inline]
pub fn f64(out: &mut Vec<u8>, value: f64) -> bool {
    finite(out, value)
}

/// Appends a finite `f32` as the shortest text that reads back to it, and returns `true`; for
/// NaN or an infinity appends nothing and returns `false`.
#[inline]
pub fn f32(out: &mut Vec<u8>, value: f32) -> bool {
    finite(out, value)
}

#[inline(always)]
fn finite<F: Float>(out: &mut Vec<u8>, value: F) -> bool {
    if !value.is_finite() {
        return false;
    }
    float::push_finite(out, value);
    true
}

/// Appends an integer (any primitive integer type) in decimal.
#[inline]
pub fn integer<I: Integer>(out: &mut Vec<u8>, value: I) {
    value.append_to(out);
}

/// The primitive integer types, which [`integer`] appends.
pub trait Integer: sealed::Sealed + Copy {
    /// Appends the value in decimal.
    #[doc(hidden)]
    fn append_to(self, out: &mut Vec<u8>);
}

mod sealed {
    pub trait Sealed {}
}

macro_rules! integers {
    ($($ty:ty)*) => {$(
        impl sealed::Sealed for $ty {}
        impl Integer for $ty {
            #[inline(always)]
            fn append_to(self, out: &mut Vec<u8>) {
                extend_short(out, itoa::Buffer::new().format(self).as_bytes());
            }
        }
    )*};
}

integers!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

/// Appends `json`, text that is already JSON (such as a precomputed `,"name":`), as is: a
/// short one (up to [`SHORT_APPEND_MAX`] bytes) in a few moves rather than a call to `memcpy`.
#[inline]
pub fn raw(out: &mut Vec<u8>, json: &[u8]) {
    extend_short(out, json);
}

/// Appends `bytes` as a JSON string of standard base64 with padding, quotes included.
pub fn base64(out: &mut Vec<u8>, bytes: &[u8]) {
    out.push(b'"');
    let start = out.len();
    out.resize(start + bytes.len().div_ceil(3) * 4, 0);
    let written = base64::engine::general_purpose::STANDARD
        .encode_slice(bytes, &mut out[start..])
        .expect("the buffer was sized for the encoding");
    out.truncate(start + written);
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each function appends the text an independent formatter gives the same value: serde_json
    /// for strings (whose escaping jetwire's minimal mode matches), zmij for floats, the
    /// standard library for integers, known texts for base64. (`Writer` itself calls these
    /// functions, so it is no witness.)
    #[test]
    fn appends_the_text_of_each_value() {
        let texts =
            ["", "a", "plain words", "tab\there", "quote\"", "é and \u{1F600}", "\u{1}", &"x\\".repeat(40)];
        for text in texts {
            let mut out = Vec::new();
            string(&mut out, text);
            assert_eq!(out, serde_json::to_string(text).unwrap().as_bytes(), "{text:?}");
        }
        for value in [0.0, -0.0, 0.1, 1e21, -1.5e-300, f64::MAX] {
            let mut out = Vec::new();
            assert!(f64(&mut out, value));
            assert_eq!(out, zmij::Buffer::new().format_finite(value).as_bytes());
        }
        for text in ["", "plain", "é", &"long plain text ".repeat(4)] {
            assert!(!needs_escape(text.as_bytes()));
            let mut out = Vec::new();
            escaped_string(&mut out, text.as_bytes());
            assert_eq!(out, format!("\"{text}\"").as_bytes());
        }
        assert!(needs_escape(b"tab\there") && needs_escape(b"\\") && needs_escape(b"\""));
        let mut out = Vec::new();
        assert!(f32(&mut out, 0.1));
        assert_eq!(out, b"0.1");
        for value in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let mut out = b"x".to_vec();
            assert!(!f64(&mut out, value));
            assert!(!f32(&mut out, value as f32));
            assert_eq!(out, b"x");
        }
        let mut out = Vec::new();
        boolean(&mut out, true);
        boolean(&mut out, false);
        null(&mut out);
        raw(&mut out, b",\"k\":");
        assert_eq!(out, b"truefalsenull,\"k\":");
        let mut out = Vec::new();
        integer(&mut out, i64::MIN);
        integer(&mut out, 7u8);
        integer(&mut out, u128::MAX);
        assert_eq!(out, format!("{}7{}", i64::MIN, u128::MAX).as_bytes());
        let encoded: [(&[u8], &[u8]); 5] = [
            (b"", b"\"\""),
            (b"f", b"\"Zg==\""),
            (b"fo", b"\"Zm8=\""),
            (b"foo", b"\"Zm9v\""),
            (b"\xff\x00", b"\"/wA=\""),
        ];
        for (bytes, text) in encoded {
            let mut out = Vec::new();
            base64(&mut out, bytes);
            assert_eq!(out, text);
        }
    }
}
