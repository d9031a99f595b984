//! String escaping for the writer.
//!
//! Minimal escaping (the default) rewrites only `"`, `\` and control bytes, so the common case is
//! a scan for those bytes and a copy of the run before each. The ASCII-only and HTML-safe modes
//! look at every character and take a slower path of their own.

use jetwire_core::output::extend_from_array;
use jetwire_core::{ascii, scan};

/// Which characters a writer escapes beyond the minimum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct EscapeMode {
    pub ascii_only: bool,
    pub html_safe: bool,
}

impl EscapeMode {
    #[inline(always)]
    pub(crate) fn is_minimal(self) -> bool {
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
    } else if !mode.html_safe {
        escape_ascii_only(out, text)
    } else {
        escape_per_char(out, text, mode)
    }
}

/// ASCII-only escaping: runs of ASCII, which need only minimal escaping, go through the
/// minimal escaper's SIMD copy; only the non-ASCII characters between them are taken one by
/// one, each as its `\uXXXX` escape (two for a character beyond the BMP).
fn escape_ascii_only(out: &mut Vec<u8>, text: &[u8]) -> Result<(), IllFormedUtf8> {
    let mode = EscapeMode { ascii_only: true, html_safe: false };
    let mut at = 0;
    while at < text.len() {
        let run = ascii_len(&text[at..]);
        escape_minimal(out, &text[at..at + run]);
        at += run;
        if at == text.len() {
            break;
        }
        // A UTF-8 sequence is all non-ASCII bytes, so the run ends between characters.
        let end = text[at..].iter().position(u8::is_ascii).map_or(text.len(), |len| at + len);
        escape_per_char(out, &text[at..end], mode).map_err(|err| IllFormedUtf8 { index: at + err.index })?;
        at = end;
    }
    Ok(())
}

/// How many bytes `text` starts with that are ASCII: 64 at a look (`ascii_run`), the last
/// fewer than 64 a byte at a time.
#[inline]
fn ascii_len(text: &[u8]) -> usize {
    let len = ascii::ascii_run(text, 0, usize::MAX).unwrap_or(0);
    len + text[len..].iter().take_while(|byte| byte.is_ascii()).count()
}

/// Appends `text` (not its quotes) with minimal escaping: `"`, `\` and control characters.
#[inline]
pub(crate) fn escape_minimal(out: &mut Vec<u8>, text: &[u8]) {
    // Most text needs no escape: room for all of it (and the closing quote) up front keeps the
    // copy loop's capacity checks from ever growing the buffer in small steps.
    out.reserve(text.len() + 1);
    let start = scan::copy_plain_run(out, text);
    if start < text.len() {
        escape_from(out, text, start);
    }
}

/// The longest escape of one byte: `\u00XX`.
const MAX_ESCAPE: usize = 6;

/// The bytes [`escape_from`] looks at in one step, all stored at once.
const WINDOW: usize = 16;

/// The input [`escape_from`] escapes per reservation. Reserving the worst case (every byte a
/// `\u00XX`) for a bounded stretch lets the loop store without capacity checks while keeping the
/// reservation for a long string near what it needs.
const STRETCH: usize = 512;

/// Each byte below 0x60 that minimal escaping rewrites, as its escape (zero-padded to eight
/// bytes, so that it is written with one store) and the escape's length; other bytes have
/// length 0.
const ESCAPES: [([u8; 8], u8); 0x60] = {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut table = [([0u8; 8], 0u8); 0x60];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = ([b'\\', b'u', b'0', b'0', HEX[byte >> 4], HEX[byte & 0xF], 0, 0], 6);
        byte += 1;
    }
    let short = [
        (0x08, b'b'),
        (0x0C, b'f'),
        (b'\n', b'n'),
        (b'\r', b'r'),
        (b'\t', b't'),
        (b'"', b'"'),
        (b'\\', b'\\'),
    ];
    let mut i = 0;
    while i < short.len() {
        let (byte, letter) = short[i];
        table[byte as usize] = ([b'\\', letter, 0, 0, 0, 0, 0, 0], 2);
        i += 1;
    }
    table
};

/// Escapes `text[at..]`, where `text[at]` needs an escape: the loop for text with escapes.
///
/// Where a whole register and the one after it lie within the text, a step takes a register's
/// sixteen bytes and the mask of its special bytes at once: it stores the register, then for
/// each special in turn the escape over it and the sixteen input bytes after it. Every load's
/// address comes from the mask, never from how much was written, so a window's escapes do not
/// wait on one another; only the count of bytes written runs through them. Near the end of the
/// text a step stores a (zero-padded) register and the escape of its first special only.
#[inline(never)]
pub(crate) fn escape_from(out: &mut Vec<u8>, text: &[u8], mut at: usize) {
    while at < text.len() {
        let end = text.len().min(at + STRETCH);
        out.reserve((end - at) * MAX_ESCAPE + WINDOW);
        let filled = out.len();
        let base = out.as_mut_ptr().wrapping_add(filled);
        // How many bytes this stretch has written so far.
        let mut written = 0;
        while at + WINDOW <= end && at + 2 * WINDOW <= text.len() {
            let window = register_at(text, at);
            let mut specials = scan::string_special_mask(&window);
            // SAFETY: `written <= MAX_ESCAPE * (at - start)` for the stretch's `start`, and the
            // register's WINDOW bytes end within the `(end - start) * MAX_ESCAPE + WINDOW` bytes
            // reserved past `filled`.
            unsafe { base.add(written).cast::<[u8; WINDOW]>().write_unaligned(window) };
            // The first byte of the window not yet counted in `written`.
            let mut counted = 0;
            while specials != 0 {
                let special = specials.trailing_zeros() as usize;
                specials &= specials - 1;
                // The plain bytes before the special were stored by the last register stored.
                written += special - counted;
                let (escape, length) = ESCAPES[usize::from(text[at + special])];
                counted = special + 1;
                // SAFETY: no input byte becomes more than MAX_ESCAPE bytes, so `written` is at
                // most `MAX_ESCAPE * (at + special - start)` before the escape and
                // `MAX_ESCAPE * (at + special + 1 - start)` after it, with `at + special < end`:
                // the escape's eight bytes and the WINDOW bytes after it end within the
                // `(end - start) * MAX_ESCAPE + WINDOW` bytes reserved past `filled`.
                unsafe {
                    base.add(written).cast::<[u8; 8]>().write_unaligned(escape);
                    written += usize::from(length);
                    let after = register_at(text, at + counted);
                    base.add(written).cast::<[u8; WINDOW]>().write_unaligned(after);
                }
            }
            written += WINDOW - counted;
            at += WINDOW;
        }
        while at < end {
            let window = window_at(text, at);
            let valid = end - at;
            let mut specials = scan::string_special_mask(&window);
            if valid < WINDOW {
                specials &= (1 << valid) - 1;
            }
            // SAFETY: `written <= MAX_ESCAPE * (at - start)` for the stretch's `start` (no byte
            // becomes more than MAX_ESCAPE bytes) and `at < end`, so the register's WINDOW bytes
            // end within the `(end - start) * MAX_ESCAPE + WINDOW` bytes reserved past `filled`.
            unsafe { base.add(written).cast::<[u8; WINDOW]>().write_unaligned(window) };
            if specials == 0 {
                let step = valid.min(WINDOW);
                at += step;
                written += step;
                continue;
            }
            let run = specials.trailing_zeros() as usize;
            let (escape, length) = ESCAPES[usize::from(text[at + run])];
            // SAFETY: as above, with the special byte at `at + run < end`: the plain bytes before
            // it took at most MAX_ESCAPE each, and the eight bytes stored end within the
            // reservation (MAX_ESCAPE * run + 8 < MAX_ESCAPE * (run + 1) + WINDOW).
            unsafe { base.add(written + run).cast::<[u8; 8]>().write_unaligned(escape) };
            written += run + usize::from(length);
            at += run + 1;
        }
        // SAFETY: the first `written` bytes past `filled` were all stored above (each step
        // counts only the bytes its stores covered), within the capacity reserved.
        unsafe { out.set_len(filled + written) };
    }
}

/// The WINDOW bytes of `text` from `at`, which must all lie within it.
#[inline(always)]
fn register_at(text: &[u8], at: usize) -> [u8; WINDOW] {
    text[at..at + WINDOW].try_into().expect("a window's length")
}

/// The WINDOW bytes of `text` from `at` (`at < text.len()`), zero-filled past its end; the
/// caller ignores those lanes.
#[inline(always)]
fn window_at(text: &[u8], at: usize) -> [u8; WINDOW] {
    if let Some(bytes) = text.get(at..at + WINDOW) {
        return bytes.try_into().expect("a window's length");
    }
    let rest = text.len() - at;
    match text.len().checked_sub(WINDOW) {
        // The input's last register, shifted down so that it starts at `at`.
        Some(last) => {
            let word = u128::from_le_bytes(text[last..].try_into().expect("a window's length"));
            (word >> (8 * (WINDOW - rest))).to_le_bytes()
        }
        None => {
            let mut window = [0; WINDOW];
            window[..rest].copy_from_slice(&text[at..]);
            window
        }
    }
}

/// Writes the escape for one byte that needs one (`"`, `\` or a control byte).
#[inline]
fn escape_byte(out: &mut Vec<u8>, byte: u8) {
    let (escape, length) = ESCAPES[usize::from(byte)];
    out.extend_from_slice(&escape[..usize::from(length)]);
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
    use proptest::strategy::Strategy as _;

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

    /// Minimal escaping as serde_json writes it (the same short forms and lowercase `\u00XX`).
    fn reference_minimal(text: &[u8]) -> Vec<u8> {
        let text = std::str::from_utf8(text).expect("test text is UTF-8");
        let quoted = serde_json::to_vec(text).expect("a string serializes");
        quoted[1..quoted.len() - 1].to_vec()
    }

    proptest::proptest! {
        #[test]
        fn minimal_escaping_matches_serde_json(
            prefix in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..4),
            text in proptest::collection::vec(proptest::prop_oneof![
                3 => proptest::char::range('a', 'z'),
                1 => proptest::sample::select(&['"', '\\', '\0', '\x01', '\x08', '\x0c', '\n', '\r', '\t', '\x1f', '\x7f', 'é', '中'][..]),
            ], 0..1200),
            plain_runs in 0usize..3,
        ) {
            // Long plain runs first move the escapes across register and stretch boundaries.
            let text: String = "x".repeat(plain_runs * 509) + &text.into_iter().collect::<String>();
            let text = text.as_bytes();
            let mut out = prefix.clone();
            escape_into(&mut out, text, EscapeMode::default()).unwrap();
            let mut expected = prefix;
            expected.extend(reference_minimal(text));
            proptest::prop_assert_eq!(out, expected);
        }
    }

    proptest::proptest! {
        /// ASCII-only escaping (runs of ASCII through the minimal escaper) writes what the
        /// character-by-character escaper writes, and fails where it fails, on any bytes: ASCII
        /// runs across 64-byte looks, characters of every width, ill-formed UTF-8.
        #[test]
        fn ascii_only_escaping_matches_the_per_character_escaper(
            pieces in proptest::collection::vec(proptest::prop_oneof![
                4 => proptest::collection::vec(proptest::sample::select(&b"ab \"\\\n\x01\x7f<"[..]), 0..90),
                2 => proptest::collection::vec(proptest::sample::select(&["é", "中", "😀", "\u{2028}", "\u{7f}\u{80}"][..]), 0..6)
                    .prop_map(|chars| chars.concat().into_bytes()),
                1 => proptest::collection::vec(proptest::prelude::any::<u8>(), 0..4),
            ], 0..12),
        ) {
            let text = pieces.concat();
            let mode = EscapeMode { ascii_only: true, html_safe: false };
            let (mut ours, mut theirs) = (Vec::new(), Vec::new());
            let ours_result = escape_ascii_only(&mut ours, &text).map_err(|err| err.index);
            let theirs_result = escape_per_char(&mut theirs, &text, mode).map_err(|err| err.index);
            proptest::prop_assert_eq!(ours_result, theirs_result);
            if ours_result.is_ok() {
                proptest::prop_assert_eq!(ours, theirs);
            }
        }
    }

    /// Windows where every byte, or every other byte, needs the longest escape or the shortest:
    /// the most a window's escapes write, across register and stretch boundaries.
    #[test]
    fn windows_full_of_specials() {
        for length in (0..70).chain(500..530) {
            for pattern in [&b"\x01"[..], b"\"", b"\x01p", b"\"\x1f\n\\"] {
                let text: Vec<u8> = pattern.iter().copied().cycle().take(length).collect();
                let mut out = Vec::new();
                escape_into(&mut out, &text, EscapeMode::default()).unwrap();
                assert_eq!(out, reference_minimal(&text), "length {length}, pattern {pattern:?}");
            }
        }
    }

    #[test]
    fn escapes_at_every_place_of_short_and_boundary_lengths() {
        for length in (0..40).chain(505..520).chain(1020..1030) {
            for at in 0..length {
                for special in [b'"', b'\\', b'\n', 0x01] {
                    let mut text = vec![b'p'; length];
                    text[at] = special;
                    if at + 3 < length {
                        text[at + 3] = b'\\';
                    }
                    let mut out = Vec::new();
                    escape_into(&mut out, &text, EscapeMode::default()).unwrap();
                    assert_eq!(out, reference_minimal(&text), "length {length}, special at {at}");
                }
            }
        }
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
