//! String escaping for the writer.
//!
//! Minimal escaping (the default) rewrites only `"`, `\` and control bytes, so the common case is
//! a scan for those bytes and a copy of the run before each. The ASCII-only and HTML-safe modes
//! look at every character and take a slower path of their own.

use jetwire_core::output::extend_from_array;
use jetwire_core::scan;

/// Which characters a writer escapes beyond the minimum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct EscapeMode {
    pub ascii_only: bool,
    pub html_safe: bool,
}

impl EscapeMode {
    #[inline(always)]
    fn is_minimal(self) -> bool {
        !self.ascii_only && !self.html_safe
    }
}

/// Bytes that cannot be written as ASCII-only JSON.
#[derive(Debug)]
pub(crate) struct IllFormedUtf8 {
    /// Where the first ill-formed byte is in the string.
    pub index: usize,
}

/// Appends the escaped form of `text` (not its quotes) to `out`.
///
/// Ill-formed UTF-8 is copied through except in ASCII-only mode, which cannot express it.
#[inline]
pub(crate) fn escape_into(out: &mut Vec<u8>, text: &[u8], mode: EscapeMode) -> Result<(), IllFormedUtf8> {
    if mode.is_minimal() {
        escape_minimal(out, text);
        Ok(())
    } else {
        escape_per_char(out, text, mode)
    }
}

#[inline]
fn escape_minimal(out: &mut Vec<u8>, text: &[u8]) {
    // Most text needs no escape: room for all of it (and the closing quote) up front keeps the
    // copy loop's capacity checks from ever growing the buffer in small steps.
    out.reserve(text.len() + 1);
    let mut start = scan::copy_plain_run(out, text);
    while start < text.len() {
        escape_byte(out, text[start]);
        start += 1;
        start += scan::copy_plain_run(out, &text[start..]);
    }
}

/// The escape of each byte below 0x60 that minimal escaping rewrites: its short form's letter,
/// `u` for a `\u00XX` escape, or 0 for a byte written as is.
const SHORT_ESCAPES: [u8; 0x60] = {
    let mut table = [0u8; 0x60];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = b'u';
        byte += 1;
    }
    table[0x08] = b'b';
    table[0x0C] = b'f';
    table[b'\n' as usize] = b'n';
    table[b'\r' as usize] = b'r';
    table[b'\t' as usize] = b't';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table
};

/// Writes the escape for one byte that needs one (`"`, `\` or a control byte). Not cold:
/// escape-heavy text calls it often, and it is a table lookup and one fixed-size copy.
#[inline]
fn escape_byte(out: &mut Vec<u8>, byte: u8) {
    match SHORT_ESCAPES.get(usize::from(byte)) {
        Some(&b'u') | None => escape_unit(out, u16::from(byte)),
        Some(&short) => extend_from_array(out, &[b'\\', short], 0),
    }
}

/// Writes `\uXXXX` with lowercase hex digits.
fn escape_unit(out: &mut Vec<u8>, unit: u16) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let escape = [
        b'\\',
        b'u',
        HEX[usize::from(unit >> 12)],
        HEX[usize::from((unit >> 8) & 0xF)],
        HEX[usize::from((unit >> 4) & 0xF)],
        HEX[usize::from(unit & 0xF)],
    ];
    extend_from_array(out, &escape, 0);
}

/// Writes `c` as `\u` escapes: one, or a surrogate pair above the BMP.
fn escape_char(out: &mut Vec<u8>, c: char) {
    let mut units = [0u16; 2];
    for &unit in c.encode_utf16(&mut units).iter() {
        escape_unit(out, unit);
    }
}

#[cold]
#[inline(never)]
fn escape_per_char(out: &mut Vec<u8>, text: &[u8], mode: EscapeMode) -> Result<(), IllFormedUtf8> {
    let mut consumed = 0;
    for chunk in text.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '"' | '\\' | '\0'..='\x1F' => escape_byte(out, c as u8),
                '<' | '>' | '&' | '\'' if mode.html_safe => escape_unit(out, c as u16),
                '\u{2028}' | '\u{2029}' if mode.html_safe => escape_unit(out, c as u16),
                c if !c.is_ascii() && mode.ascii_only => escape_char(out, c),
                c => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            }
        }
        consumed += chunk.valid().len();
        if !chunk.invalid().is_empty() {
            if mode.ascii_only {
                return Err(IllFormedUtf8 { index: consumed });
            }
            out.extend_from_slice(chunk.invalid());
            consumed += chunk.invalid().len();
        }
    }
    Ok(())
}

/// Appends string content that is already JSON-escaped (a string token's source, between its
/// quotes), keeping every escape as written and applying `mode` to the literal characters.
pub(crate) fn reescape_into(
    out: &mut Vec<u8>,
    escaped: &[u8],
    mode: EscapeMode,
) -> Result<(), IllFormedUtf8> {
    if mode.is_minimal() {
        out.extend_from_slice(escaped);
        return Ok(());
    }
    let mut start = 0;
    let mut i = 0;
    while i < escaped.len() {
        if escaped[i] == b'\\' {
            escape_per_char(out, &escaped[start..i], mode)
                .map_err(|e| IllFormedUtf8 { index: start + e.index })?;
            let length = if escaped.get(i + 1) == Some(&b'u') { 6 } else { 2 };
            let end = (i + length).min(escaped.len());
            out.extend_from_slice(&escaped[i..end]);
            i = end;
            start = i;
        } else {
            i += 1;
        }
    }
    escape_per_char(out, &escaped[start..], mode).map_err(|e| IllFormedUtf8 { index: start + e.index })
}

/// Whether `content` is valid JSON string content: no unescaped `"` or control byte, and only
/// valid escapes. Used to validate pre-escaped input.
pub(crate) fn is_valid_escaped_content(content: &[u8]) -> bool {
    let mut i = 0;
    while let Some(offset) = scan::find_string_special(&content[i..]) {
        i += offset;
        if content[i] != b'\\' {
            return false;
        }
        match content.get(i + 1) {
            Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => i += 2,
            Some(b'u') => match content.get(i + 2..i + 6) {
                Some(hex) if hex.iter().all(u8::is_ascii_hexdigit) => i += 6,
                _ => return false,
            },
            _ => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn escaped(text: &[u8], ascii_only: bool, html_safe: bool) -> String {
        let mut out = Vec::new();
        escape_into(&mut out, text, EscapeMode { ascii_only, html_safe }).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn minimal_escapes_only_what_json_requires() {
        assert_eq!(escaped(b"a\"b\\c\nd\x01e/\x7F", false, false), "a\\\"b\\\\c\\nd\\u0001e/\x7F");
        assert_eq!(escaped("é中😀<&>".as_bytes(), false, false), "é中😀<&>");
        assert_eq!(escaped(b"\x08\x0C\r\t", false, false), "\\b\\f\\r\\t");
    }

    #[test]
    fn ascii_only_uses_surrogate_pairs_above_the_bmp() {
        assert_eq!(escaped("é中😀\n".as_bytes(), true, false), "\\u00e9\\u4e2d\\ud83d\\ude00\\n");
        let mut out = Vec::new();
        let err =
            escape_into(&mut out, b"ok\xFF", EscapeMode { ascii_only: true, html_safe: false }).unwrap_err();
        assert_eq!(err.index, 2);
    }

    #[test]
    fn html_safe_escapes_markup_and_line_separators() {
        assert_eq!(
            escaped("<a href='x'>&\u{2028}\u{2029}é".as_bytes(), false, true),
            "\\u003ca href=\\u0027x\\u0027\\u003e\\u0026\\u2028\\u2029é"
        );
    }

    #[test]
    fn reescaping_keeps_source_escapes() {
        let mut out = Vec::new();
        reescape_into(
            &mut out,
            "\\ud800 é \\/ <".as_bytes(),
            EscapeMode { ascii_only: true, html_safe: true },
        )
        .unwrap();
        assert_eq!(out, br"\ud800 \u00e9 \/ \u003c");
    }

    #[test]
    fn validates_pre_escaped_content() {
        assert!(is_valid_escaped_content(br"plain \n \u00e9 \/"));
        assert!(!is_valid_escaped_content(br#"bare " quote"#));
        assert!(!is_valid_escaped_content(br"bad \x escape"));
        assert!(!is_valid_escaped_content(br"short \u00"));
        assert!(!is_valid_escaped_content(b"control \x01"));
    }
}
