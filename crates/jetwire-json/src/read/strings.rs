//! String content: escape decoding under the lexical Unicode policy.
//!
//! The reader validates a string's escapes while it scans it, but decodes nothing; decoding
//! happens here, only when a caller asks for the string's value. Two decodings exist:
//!
//! - as text ([`decode_str`]): valid UTF-8 is kept as is, ill-formed UTF-8 and unpaired surrogate
//!   escapes become U+FFFD;
//! - as bytes ([`decode_bytes`]): the source bytes are kept exactly, and an unpaired surrogate
//!   escape becomes its three-byte generalized UTF-8 form (WTF-8), so nothing is lost.
//!
//! See docs/unicode-policy.md.

use std::borrow::Cow;

use jetwire_core::scan;

const REPLACEMENT: &[u8] = "\u{FFFD}".as_bytes();

/// What to do with an unpaired surrogate escape.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Surrogates {
    Replace,
    EncodeWtf8,
}

/// The text of a string whose source content (between the quotes) is `raw`.
pub(crate) fn decode_str(raw: &[u8], has_escapes: bool) -> Cow<'_, str> {
    if !has_escapes {
        return match as_str(raw) {
            Some(text) => Cow::Borrowed(text),
            None => Cow::Owned(String::from_utf8_lossy(raw).into_owned()),
        };
    }
    let mut out = Vec::with_capacity(raw.len());
    decode_into(raw, &mut out, Surrogates::Replace);
    if raw.is_ascii() {
        // SAFETY: the output holds `raw`'s ASCII bytes and what its escapes decode to, whole
        // characters in UTF-8 (U+FFFD for an unpaired surrogate, under `Surrogates::Replace`).
        return Cow::Owned(unsafe { String::from_utf8_unchecked(out) });
    }
    Cow::Owned(into_string(out))
}

/// Appends the text of a string whose source content is `raw` (with escapes, or ill-formed
/// UTF-8) to `out`, which holds UTF-8 and still does after: as [`decode_str`] gives it, without
/// allocating beyond `out`'s growth.
pub(crate) fn decode_text_into(raw: &[u8], has_escapes: bool, out: &mut Vec<u8>) {
    let start = out.len();
    if has_escapes {
        decode_into(raw, out, Surrogates::Replace);
    } else {
        out.extend_from_slice(raw);
    }
    make_text_from(out, start);
}

/// Makes `out[start..]` UTF-8, ill-formed sequences as U+FFFD (text before `start` is UTF-8
/// already).
pub(crate) fn make_text_from(out: &mut Vec<u8>, start: usize) {
    if as_str(&out[start..]).is_none() {
        let text = String::from_utf8_lossy(&out[start..]).into_owned();
        out.truncate(start);
        out.extend_from_slice(text.as_bytes());
    }
}

/// `bytes` as text if they are UTF-8. ASCII, the common case, is checked a word at a time by
/// `is_ascii` (the general validator costs about a hundred instructions even for a short
/// string); anything else goes to simdutf8.
#[inline]
pub(crate) fn as_str(bytes: &[u8]) -> Option<&str> {
    if bytes.is_ascii() {
        // SAFETY: every ASCII byte sequence is valid UTF-8.
        return Some(unsafe { core::str::from_utf8_unchecked(bytes) });
    }
    simdutf8::basic::from_utf8(bytes).ok()
}

/// Decoded bytes as a `String`: as they are when UTF-8, with U+FFFD for ill-formed sequences
/// otherwise.
#[inline]
pub(crate) fn into_string(bytes: Vec<u8>) -> String {
    if as_str(&bytes).is_some() {
        // SAFETY: `as_str` has just validated these exact bytes as UTF-8.
        return unsafe { String::from_utf8_unchecked(bytes) };
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Decoded bytes copied into a `String` of their exact size: as they are when UTF-8, with
/// U+FFFD for ill-formed sequences otherwise.
#[inline]
pub(crate) fn to_string(bytes: &[u8]) -> String {
    match as_str(bytes) {
        Some(text) => text.to_owned(),
        None => String::from_utf8_lossy(bytes).into_owned(),
    }
}

/// The bytes of a string whose source content (between the quotes) is `raw`.
pub(crate) fn decode_bytes(raw: &[u8], has_escapes: bool) -> Cow<'_, [u8]> {
    if !has_escapes {
        return Cow::Borrowed(raw);
    }
    let mut out = Vec::with_capacity(raw.len());
    decode_into(raw, &mut out, Surrogates::EncodeWtf8);
    Cow::Owned(out)
}

/// Decodes `raw`, whose escapes the reader has already validated, into `out`.
fn decode_into(raw: &[u8], out: &mut Vec<u8>, surrogates: Surrogates) {
    // The reader has validated `raw`: it has no unescaped quote or control byte, so the first
    // string-special byte of a run is always the next backslash.
    let mut i = scan::copy_plain_run(out, raw);
    while i < raw.len() {
        if raw[i + 1] == b'u' {
            i = decode_unicode_escape(raw, i, out, surrogates);
        } else {
            out.push(simple_escape(raw[i + 1]));
            i += 2;
        }
        if raw.get(i).is_some_and(|&b| b != b'\\') {
            i += scan::copy_plain_run(out, &raw[i..]);
        }
    }
}

/// How [`decode_registers`] stopped.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Registers {
    /// At the string's closing quote; the offset is the byte after it.
    Closed(usize),
    /// At the offset of something the general loop decodes or reports: a `\u` escape for a
    /// non-ASCII character, an escape that is not valid, a control byte, or the last bytes of
    /// the input, where a register would run past its end.
    Stopped(usize),
}

/// The register width [`decode_registers`] works in.
const REGISTER: usize = 16;

/// How far past a step's start [`decode_registers`] may load: its register, and after an escape
/// that ends up to six bytes past it, the register that follows.
const REACH: usize = 2 * REGISTER + 6;

/// The input decoded per reservation by [`decode_registers`].
const STRETCH: usize = 512;

/// Decodes string content from `input[at..]` into `out` a register at a time, while the input
/// holds [`REACH`] bytes past the step: plain bytes, two-character escapes and `\u00XX` escapes
/// of ASCII characters, up to the closing quote or anything else (see [`Registers`]).
///
/// A step takes sixteen bytes and the mask of their quotes, backslashes and control bytes,
/// stores them to `out`, and for each escape in turn stores its byte and then the sixteen input
/// bytes after the escape. Every load's address comes from the mask and the escape's length,
/// never from how much was written, so a register's escapes do not wait on one another. A
/// decoded string is never longer than its source, so the stores stay within a reservation of
/// the input's length plus a register.
#[inline(always)]
pub(crate) fn decode_registers(input: &[u8], out: &mut Vec<u8>, mut at: usize) -> Registers {
    while at + REACH <= input.len() {
        let end = (input.len() - REACH + 1).min(at + STRETCH);
        // Steps start before `end`; the last may consume up to REGISTER + 5 bytes past it.
        out.reserve(end - at + REACH);
        let filled = out.len();
        let base = out.as_mut_ptr().wrapping_add(filled);
        // How many bytes this stretch has written: at most the input it consumed.
        let mut written = 0;
        let stop = loop {
            if at >= end {
                break None;
            }
            let window = register_at(input, at);
            let mut specials = scan::string_special_mask(&window);
            // SAFETY: `written` is at most the `at - start` bytes consumed since the stretch's
            // `start`, and `at < end`, so the REGISTER bytes end within the `end - start + REACH`
            // bytes reserved past `filled`.
            unsafe { base.add(written).cast::<[u8; REGISTER]>().write_unaligned(window) };
            // How many of the window's bytes (or past it, after an escape that crosses its end)
            // are accounted for in `written`.
            let mut counted = 0;
            let stopped = loop {
                if specials == 0 {
                    // The bytes from `counted` to the window's end were stored by the last store.
                    let consumed = counted.max(REGISTER);
                    written += consumed - counted;
                    at += consumed;
                    break None;
                }
                let special = specials.trailing_zeros() as usize;
                written += special - counted;
                let (byte, length) = match window[special] {
                    b'"' => break Some(Registers::Closed(at + special + 1)),
                    b'\\' => match UNESCAPED[usize::from(input[at + special + 1])] {
                        0 => match ascii_unicode_escape(input, at + special) {
                            Some(byte) => (byte, 6),
                            None => break Some(Registers::Stopped(at + special)),
                        },
                        byte => (byte, 2),
                    },
                    _ => break Some(Registers::Stopped(at + special)),
                };
                counted = special + length;
                specials &= u32::MAX.checked_shl(counted as u32).unwrap_or(0);
                // SAFETY: `written` is at most the `at + special - start` bytes consumed before
                // the escape, which decodes to one byte, so both stores end within
                // `at + special + 1 - start + REGISTER <= end - start + REACH` bytes.
                unsafe {
                    base.add(written).write(byte);
                    written += 1;
                    let after = register_at(input, at + counted);
                    base.add(written).cast::<[u8; REGISTER]>().write_unaligned(after);
                }
            };
            if stopped.is_some() {
                break stopped;
            }
        };
        // SAFETY: the first `written` bytes past `filled` were stored above (each step counts
        // only the bytes its stores covered), within the capacity reserved.
        unsafe { out.set_len(filled + written) };
        if let Some(stop) = stop {
            return stop;
        }
    }
    Registers::Stopped(at)
}

/// The [`REGISTER`] bytes of `input` from `at`, which must all lie within it.
#[inline(always)]
fn register_at(input: &[u8], at: usize) -> [u8; REGISTER] {
    input[at..at + REGISTER].try_into().expect("a register's length")
}

/// The byte each two-character escape `\` + letter stands for, indexed by the letter; 0 for
/// `u` (a `\uXXXX` escape) and for every letter that is not an escape.
pub(crate) const UNESCAPED: [u8; 256] = {
    let mut table = [0u8; 256];
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table[b'/' as usize] = b'/';
    table[b'b' as usize] = 0x08;
    table[b'f' as usize] = 0x0C;
    table[b'n' as usize] = b'\n';
    table[b'r' as usize] = b'\r';
    table[b't' as usize] = b'\t';
    table
};

/// The byte that the two-character escape `\` + `letter` stands for (`letter` is one of
/// `" \ / b f n r t`, as the reader has validated).
#[inline]
pub(crate) fn simple_escape(letter: u8) -> u8 {
    UNESCAPED[usize::from(letter)]
}

/// Decodes the `\uXXXX` escape at `raw[i]` (and its low surrogate partner, if one follows) and
/// returns the index after what it consumed.
pub(crate) fn decode_unicode_escape(
    raw: &[u8],
    i: usize,
    out: &mut Vec<u8>,
    surrogates: Surrogates,
) -> usize {
    if let Some(byte) = ascii_unicode_escape(raw, i) {
        out.push(byte);
        return i + 6;
    }
    decode_non_ascii_unicode_escape(raw, i, out, surrogates)
}

/// [`decode_unicode_escape`] for an escape that [`ascii_unicode_escape`] has already turned
/// down: a character past ASCII, or a surrogate.
pub(crate) fn decode_non_ascii_unicode_escape(
    raw: &[u8],
    i: usize,
    out: &mut Vec<u8>,
    surrogates: Surrogates,
) -> usize {
    let unit = hex4(&raw[i + 2..i + 6]);
    let mut next = i + 6;
    let code_point = match unit {
        0xD800..=0xDBFF => match low_surrogate_at(raw, next) {
            Some(low) => {
                next += 6;
                0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            }
            None => unit,
        },
        _ => unit,
    };
    match char::from_u32(code_point) {
        Some(c) => push_utf8(out, c),
        None if surrogates == Surrogates::Replace => out.extend_from_slice(REPLACEMENT),
        // Generalized UTF-8 of a lone surrogate: 1110xxxx 10xxxxxx 10xxxxxx.
        None => out.extend_from_slice(&[
            0xE0 | (code_point >> 12) as u8,
            0x80 | ((code_point >> 6) & 0x3F) as u8,
            0x80 | (code_point & 0x3F) as u8,
        ]),
    }
    next
}

/// Where the first unpaired surrogate escape of a string's source content `raw` (its escapes
/// already validated) starts: a high surrogate not followed by a low one, or a low surrogate
/// that does not follow a high one.
pub(crate) fn unpaired_surrogate(raw: &[u8]) -> Option<usize> {
    let mut i = 0;
    while let Some(found) = raw[i..].iter().position(|&byte| byte == b'\\') {
        i += found;
        if raw[i + 1] != b'u' {
            i += 2;
            continue;
        }
        match hex4(&raw[i + 2..i + 6]) {
            0xD800..=0xDBFF if low_surrogate_at(raw, i + 6).is_some() => i += 12,
            0xD800..=0xDFFF => return Some(i),
            _ => i += 6,
        }
    }
    None
}

/// The low surrogate escaped at `raw[i..i + 6]`, if there is one.
fn low_surrogate_at(raw: &[u8], i: usize) -> Option<u32> {
    match raw.get(i..i + 6) {
        Some([b'\\', b'u', hex @ ..]) => Some(hex4(hex)).filter(|u| (0xDC00..=0xDFFF).contains(u)),
        _ => None,
    }
}

/// The byte of a `\u00XX` escape at `raw[i]` that stands for an ASCII character (`\u0000` to
/// `\u007F`, the control characters that writers must escape among them); `None` for any other
/// escape, which takes the general path.
#[inline(always)]
pub(crate) fn ascii_unicode_escape(raw: &[u8], i: usize) -> Option<u8> {
    match raw.get(i..i + 6)? {
        [b'\\', b'u', b'0', b'0', high @ b'0'..=b'7', low] => Some(((high - b'0') << 4) | hex_value(*low)?),
        _ => None,
    }
}

/// The value of four hex digits (already validated).
///
/// All four at once in one word: a digit's value is its low nibble, a letter's (`a`-`f`, `A`-`F`,
/// the bytes with bit 6 set) its low nibble plus 9; the nibbles are then gathered, the first
/// digit the most significant.
#[inline(always)]
fn hex4(hex: &[u8]) -> u32 {
    let word = u32::from_le_bytes([hex[0], hex[1], hex[2], hex[3]]);
    let letters = (word >> 6) & 0x0101_0101;
    let nibbles = (word & 0x0F0F_0F0F) + letters * 9;
    // Bytes [d0, d1, d2, d3] (d0 lowest): pairs (d0 d1) and (d2 d3) into bytes 0 and 2.
    let pairs = ((nibbles & 0x000F_000F) << 4) | ((nibbles >> 8) & 0x000F_000F);
    ((pairs & 0xFF) << 8) | ((pairs >> 16) & 0xFF)
}

/// Appends `c` in UTF-8: a store of fixed length per width, where `encode_utf8`'s variable
/// length becomes a call to `memcpy`.
#[inline(always)]
fn push_utf8(out: &mut Vec<u8>, c: char) {
    let code = c as u32;
    match c.len_utf8() {
        1 => out.push(code as u8),
        2 => out.extend_from_slice(&[0xC0 | (code >> 6) as u8, 0x80 | (code & 0x3F) as u8]),
        3 => out.extend_from_slice(&[
            0xE0 | (code >> 12) as u8,
            0x80 | ((code >> 6) & 0x3F) as u8,
            0x80 | (code & 0x3F) as u8,
        ]),
        _ => out.extend_from_slice(&[
            0xF0 | (code >> 18) as u8,
            0x80 | ((code >> 12) & 0x3F) as u8,
            0x80 | ((code >> 6) & 0x3F) as u8,
            0x80 | (code & 0x3F) as u8,
        ]),
    }
}

/// Whether all four bytes are hex digits: one table look each, no branch between them (a
/// digit's entry is its value, below 16; any other byte's has the high bits set).
#[inline(always)]
pub(crate) fn are_hex_digits(bytes: [u8; 4]) -> bool {
    const TABLE: [u8; 256] = {
        let mut table = [0xFF; 256];
        let mut byte = 0;
        while byte < 256 {
            if let Some(value) = hex_value(byte as u8) {
                table[byte] = value;
            }
            byte += 1;
        }
        table
    };
    let [a, b, c, d] = bytes.map(|byte| TABLE[usize::from(byte)]);
    (a | b | c | d) & 0xF0 == 0
}

/// The value of one hex digit.
#[inline]
pub(crate) const fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_hex_digits_read_as_their_value_in_either_case() {
        for unit in 0..=0xFFFFu32 {
            for text in [format!("{unit:04x}"), format!("{unit:04X}")] {
                assert_eq!(hex4(text.as_bytes()), unit, "{text}");
            }
        }
        assert_eq!(hex4(b"aB3f"), 0xAB3F);
    }

    #[test]
    fn hex_digits_are_told_from_every_other_byte() {
        for byte in 0..=255u8 {
            for at in 0..4 {
                let mut bytes = *b"0aF9";
                bytes[at] = byte;
                assert_eq!(are_hex_digits(bytes), byte.is_ascii_hexdigit(), "{byte:#x} at {at}");
            }
        }
    }

    #[test]
    fn characters_of_every_width_are_written_as_utf8() {
        for c in [
            '\0',
            'a',
            '\u{7F}',
            '\u{80}',
            'é',
            '\u{7FF}',
            '\u{800}',
            '中',
            '\u{FFFF}',
            '\u{10000}',
            '😀',
            char::MAX,
        ] {
            let mut out = vec![b'x'];
            push_utf8(&mut out, c);
            assert_eq!(&out[1..], c.encode_utf8(&mut [0; 4]).as_bytes(), "{c:?}");
        }
    }

    #[test]
    fn ascii_unicode_escapes_take_the_short_path() {
        for byte in 0u8..0x80 {
            for text in [format!("\\u{byte:04x}"), format!("\\u{byte:04X}")] {
                assert_eq!(ascii_unicode_escape(text.as_bytes(), 0), Some(byte), "{text}");
            }
        }
        for text in
            [r"\u0080", r"\u00e9", r"\u0100", r"\u4e2d", r"\ud83d", r"\u00g0", r"\u000g", r"\n0000", r"\u007"]
        {
            assert_eq!(ascii_unicode_escape(text.as_bytes(), 0), None, "{text}");
        }
        assert_eq!(ascii_unicode_escape(br"ab\u0041", 2), Some(b'A'));
    }

    #[test]
    fn decodes_every_escape() {
        let raw = br#"a\"b\\c\/d\be\ff\ng\rh\ti\u00e9\u4e2d\ud83d\ude00"#;
        assert_eq!(decode_str(raw, true), "a\"b\\c/d\u{8}e\u{c}f\ng\rh\ti\u{e9}\u{4e2d}\u{1F600}");
    }

    #[test]
    fn unpaired_surrogates_are_found_where_they_start() {
        for (raw, expected) in [
            (&br"plain"[..], None),
            (br"\n\u00e9\ud83d\ude00", None),
            (br"\\ud800", None),
            (br"\ud800", Some(0)),
            (br"ab\udc00", Some(2)),
            (br"\ud800\u0041", Some(0)),
            (br"\ud83d\ude00\ud800x", Some(12)),
            (br"\udbff\udfff\udfff", Some(12)),
            (br"\t\ud800\ud800\udc00", Some(2)),
        ] {
            assert_eq!(unpaired_surrogate(raw), expected, "{}", String::from_utf8_lossy(raw));
        }
    }

    #[test]
    fn unpaired_surrogates_become_replacement_text_or_wtf8_bytes() {
        assert_eq!(decode_str(br"\ud800x", true), "\u{FFFD}x");
        assert_eq!(decode_str(br"\udc00\ud800", true), "\u{FFFD}\u{FFFD}");
        assert_eq!(decode_str(br"\ud800\u0041", true), "\u{FFFD}A");
        assert_eq!(decode_bytes(br"\ud800x", true).as_ref(), b"\xED\xA0\x80x");
        assert_eq!(decode_bytes(br"\udfff", true).as_ref(), b"\xED\xBF\xBF");
    }

    #[test]
    fn ill_formed_utf8_is_replaced_in_text_and_kept_in_bytes() {
        assert_eq!(decode_str(b"a\xFFb", false), "a\u{FFFD}b");
        assert_eq!(decode_str(b"a\xFF\\nb", true), "a\u{FFFD}\nb");
        assert_eq!(decode_bytes(b"a\xFFb", false).as_ref(), b"a\xFFb");
        assert!(matches!(decode_str(b"plain", false), Cow::Borrowed("plain")));
    }
}
