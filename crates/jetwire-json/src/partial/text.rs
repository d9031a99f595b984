//! What an unfinished token may show: the settled part of an unterminated string, and the
//! longest number that the digits so far spell.
//!
//! Both are decided from the token's bytes alone, never with an error: anything the reader
//! would reject stops the part shown there, and the reader reports it once the token is read
//! whole (at the same offset as any other read).

use crate::read::is_json_number;
use crate::read::strings::UNESCAPED;

/// How many bytes of `raw`, the content of a string after its opening quote (or after a part
/// already shown) up to the end of the input held, are settled: they decode to the same text
/// whatever follows them.
///
/// The part stops before
/// - an escape not complete yet (`\`, `\u12`), or a high surrogate escape whose partner may
///   still follow (`\ud83d`, `\ud83d\ude`);
/// - the start of a UTF-8 sequence whose last bytes have not arrived (`\xE2\x82`);
/// - anything the reader rejects (an unknown escape, a control byte), and a quote, which only
///   a complete token can have.
///
/// Decoding a settled part on its own gives the same text as decoding it with what follows: a
/// part never ends inside an escape, and never in an incomplete UTF-8 sequence that the next
/// bytes could complete (an escape's first decoded byte never continues one).
pub(super) fn settled_len(raw: &[u8]) -> usize {
    let mut at = 0;
    loop {
        let Some(special) = jetwire_core::scan::find_string_special(&raw[at..]) else {
            return raw.len() - incomplete_utf8_tail(&raw[at..]);
        };
        let escape = at + special;
        if raw[escape] != b'\\' {
            // A quote or a control byte.
            return escape;
        }
        match escape_len(&raw[escape..]) {
            Some(length) => at = escape + length,
            // Bytes before a backslash are settled: it continues no UTF-8 sequence.
            None => return escape,
        }
    }
}

/// The length of the escape at the start of `raw` (a backslash), when it is complete and
/// valid: 2 for `\n` and the like, 6 for `\uXXXX`, 12 for a surrogate pair. `None` for one not
/// complete yet or not valid, and for a high surrogate whose partner may still follow.
fn escape_len(raw: &[u8]) -> Option<usize> {
    let &letter = raw.get(1)?;
    if letter != b'u' {
        return (UNESCAPED[usize::from(letter)] != 0).then_some(2);
    }
    let unit = hex_unit(raw.get(2..6)?)?;
    if !(0xD800..=0xDBFF).contains(&unit) {
        return Some(6);
    }
    // A high surrogate: paired if a low surrogate escape follows, else decoded alone.
    let after = &raw[6..];
    const LOW: &[u8] = b"\\u";
    let shown = after.len().min(6);
    if after.len() >= 6 {
        let low =
            after[..2] == *LOW && hex_unit(&after[2..6]).is_some_and(|u| (0xDC00..=0xDFFF).contains(&u));
        return Some(if low { 12 } else { 6 });
    }
    // Fewer than six bytes follow: wait while they could still begin a low surrogate escape.
    let could_pair = after[..shown.min(2)] == LOW[..shown.min(2)]
        && after.get(2).is_none_or(|&b| matches!(b, b'd' | b'D'))
        && after.get(3).is_none_or(|&b| matches!(b, b'c'..=b'f' | b'C'..=b'F'))
        && after[4.min(shown)..].iter().all(|&b| b.is_ascii_hexdigit());
    if could_pair { None } else { Some(6) }
}

/// The value of four hex digits, if they are.
fn hex_unit(hex: &[u8]) -> Option<u32> {
    hex.iter().try_fold(0, |unit, &digit| Some((unit << 4) | (digit as char).to_digit(16)?))
}

/// How many bytes at the end of `plain` (string content without escapes) begin a UTF-8
/// sequence that more bytes could complete.
fn incomplete_utf8_tail(plain: &[u8]) -> usize {
    // A sequence is at most four bytes: its lead is among the last three.
    let from = plain.len().saturating_sub(3);
    for start in (from..plain.len()).rev() {
        let byte = plain[start];
        if byte & 0xC0 == 0x80 {
            continue; // a continuation byte: the lead is further back
        }
        if byte < 0x80 {
            return 0;
        }
        return match std::str::from_utf8(&plain[start..]) {
            Err(err) if err.valid_up_to() == 0 && err.error_len().is_none() => plain.len() - start,
            _ => 0,
        };
    }
    0
}

/// Numbers in progress longer than this are not shown again as they grow: a number that long
/// (a hostile one) would otherwise be copied once per piece. The part last shown stays until
/// the number is complete.
pub(super) const GROWING_NUMBER_LIMIT: usize = 64;

/// The longest JSON number that `text`, a number token not complete yet, spells so far: `text`
/// without a trailing `.`, `e`, `E` or exponent sign (`1.` shows `1`, `2e-` shows `2`). `None`
/// when there is none yet (`-`), or the text is not on its way to a valid number (`01`).
pub(super) fn number_prefix(text: &[u8]) -> Option<&str> {
    let mut end = text.len();
    while end > 0 && matches!(text[end - 1], b'.' | b'e' | b'E' | b'+' | b'-') {
        end -= 1;
    }
    let number = &text[..end];
    // Digits only and ASCII: the check makes it a `str`.
    is_json_number(number).then(|| std::str::from_utf8(number).expect("a JSON number is ASCII"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_string_shows_complete_characters_and_escapes_only() {
        for (raw, settled) in [
            (&b"plain"[..], 5),
            (b"ab\\", 2),
            (b"ab\\n", 4),
            (b"ab\\u00", 2),
            (b"ab\\u00e9", 8),
            (b"\\ud83d", 0),
            (b"\\ud83d\\", 0),
            (b"\\ud83d\\uDE", 0),
            (b"\\ud83d\\ude00x", 13),
            (b"\\ud83dx", 7),
            (b"\\ud83d\\n", 8),
            (b"\\ud83d\\u00", 6),
            (b"\\ud83d\\u0041", 12),
            (b"caf\xC3", 3),
            (b"caf\xC3\xA9", 5),
            (b"\xE2\x82", 0),
            (b"\xF0\x9F\x98", 0),
            (b"\xE2\x41", 2),
            (b"a\x80", 2),
            (b"\xED\xA0", 2),
            (b"ab\\x", 2),
            (b"ab\x01cd", 2),
            (b"ab\"cd", 2),
        ] {
            assert_eq!(settled_len(raw), settled, "{}", String::from_utf8_lossy(raw));
        }
    }

    #[test]
    fn a_number_shows_its_longest_valid_prefix() {
        for (text, shown) in [
            ("1", Some("1")),
            ("-", None),
            ("-1", Some("-1")),
            ("1.", Some("1")),
            ("1.5e", Some("1.5")),
            ("1.5e+", Some("1.5")),
            ("1.5E-2", Some("1.5E-2")),
            ("01", None),
        ] {
            assert_eq!(number_prefix(text.as_bytes()), shown, "{text}");
        }
    }
}
