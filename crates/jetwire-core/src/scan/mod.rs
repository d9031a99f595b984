//! Byte scanners for the JSON hot loops.
//!
//! One question is asked of the input far more than any other: where is the next byte that ends a
//! plain run of string content? For the reader that is a closing quote, a backslash or a control
//! byte; for the writer those are exactly the bytes that minimal escaping must rewrite. Both call
//! [`find_string_special`].
//!
//! The layout follows memchr: `arch/all` holds the portable SWAR version that every platform has,
//! `arch/x86_64` the SSE2 version (SSE2 is part of the x86_64 baseline, so no detection is needed),
//! and the public function picks one at compile time. Every backend is tested against the naive
//! definition in this module. No backend reads past the end of its slice.

mod arch;

/// Whether `byte` ends a plain run of JSON string content: `"`, `\` or a control byte below 0x20.
///
/// ```
/// use jetwire_core::scan::is_string_special;
/// assert!(is_string_special(b'"') && is_string_special(b'\\') && is_string_special(b'\n'));
/// assert!(!is_string_special(b'a') && !is_string_special(0xC3));
/// ```
#[inline]
pub const fn is_string_special(byte: u8) -> bool {
    byte == b'"' || byte == b'\\' || byte < 0x20
}

/// The index of the first byte of `haystack` that [`is_string_special`], if any.
///
/// ```
/// use jetwire_core::scan::find_string_special;
/// assert_eq!(find_string_special(b"hello, world\" tail"), Some(12));
/// assert_eq!(find_string_special(b"plain"), None);
/// ```
#[inline]
pub fn find_string_special(haystack: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        arch::x86_64::sse2::find_string_special(haystack)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        arch::all::swar::find_string_special(haystack)
    }
}

/// Appends to `out` the bytes of `source` before its first byte that
/// [`is_string_special`], and returns how many it appended: the copy loop of string escaping,
/// which scans and copies in the same pass.
///
/// ```
/// use jetwire_core::scan::copy_plain_run;
/// let mut out = b"[".to_vec();
/// assert_eq!(copy_plain_run(&mut out, b"plain text\"then more"), 10);
/// assert_eq!(out, b"[plain text");
/// ```
#[inline]
pub fn copy_plain_run(out: &mut Vec<u8>, source: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        arch::x86_64::sse2::copy_plain_run(out, source)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        arch::all::swar::copy_plain_run(out, source)
    }
}

/// How many ASCII digits `haystack` starts with.
///
/// ```
/// use jetwire_core::scan::leading_digits;
/// assert_eq!(leading_digits(b"1234567890123.5"), 13);
/// assert_eq!(leading_digits(b"x1"), 0);
/// ```
#[inline]
pub fn leading_digits(haystack: &[u8]) -> usize {
    arch::all::swar::leading_digits(haystack)
}

/// How many ASCII digits the eight bytes of `word` (loaded little-endian) start with, 0 to 8.
///
/// ```
/// use jetwire_core::scan::leading_digits_in_word;
/// assert_eq!(leading_digits_in_word(u64::from_le_bytes(*b"01234567")), 8);
/// assert_eq!(leading_digits_in_word(u64::from_le_bytes(*b"123.5678")), 3);
/// ```
#[inline(always)]
pub fn leading_digits_in_word(word: u64) -> usize {
    (arch::all::swar::non_digit_lanes(word).trailing_zeros() / 8) as usize
}

/// The value of eight ASCII digits loaded little-endian (the first digit in the lowest byte),
/// computed with three multiplications instead of eight.
///
/// ```
/// use jetwire_core::scan::parse_eight_digits;
/// assert_eq!(parse_eight_digits(u64::from_le_bytes(*b"12345678")), 12_345_678);
/// ```
#[inline(always)]
pub fn parse_eight_digits(word: u64) -> u64 {
    arch::all::swar::parse_eight_digits(word)
}

/// The index of the first byte that is not JSON whitespace (space, tab, line feed, carriage
/// return), or `haystack.len()` if all of it is whitespace.
///
/// ```
/// use jetwire_core::scan::skip_whitespace;
/// assert_eq!(skip_whitespace(b" \t\r\n [1]"), 5);
/// assert_eq!(skip_whitespace(b"[1]"), 0);
/// ```
#[inline]
pub fn skip_whitespace(haystack: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        arch::x86_64::sse2::skip_whitespace(haystack)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        arch::all::swar::skip_whitespace(haystack)
    }
}

/// Whether `byte` is JSON whitespace: space, tab, line feed or carriage return.
#[inline]
pub const fn is_whitespace(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r')
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn naive(haystack: &[u8]) -> Option<usize> {
        haystack.iter().position(|&b| is_string_special(b))
    }

    fn bytes_with_rare_specials() -> impl Strategy<Value = Vec<u8>> {
        proptest::collection::vec(
            prop_oneof![
                20 => 0x20u8..=0xFF,
                1 => prop_oneof![Just(b'"'), Just(b'\\'), 0u8..0x20],
            ],
            0..100,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        #[test]
        fn swar_matches_naive(bytes in bytes_with_rare_specials(), start in 0usize..8) {
            let start = start.min(bytes.len());
            prop_assert_eq!(arch::all::swar::find_string_special(&bytes[start..]), naive(&bytes[start..]));
        }

        #[cfg(target_arch = "x86_64")]
        #[test]
        fn sse2_matches_naive(bytes in bytes_with_rare_specials(), start in 0usize..16) {
            let start = start.min(bytes.len());
            prop_assert_eq!(arch::x86_64::sse2::find_string_special(&bytes[start..]), naive(&bytes[start..]));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        #[test]
        fn leading_digits_matches_naive(
            bytes in proptest::collection::vec(prop_oneof![8 => b'0'..=b'9', 1 => any::<u8>()], 0..40),
        ) {
            let naive = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            prop_assert_eq!(leading_digits(&bytes), naive);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        #[test]
        fn skip_whitespace_matches_naive(
            bytes in proptest::collection::vec(prop_oneof![
                8 => prop_oneof![Just(b' '), Just(b'\t'), Just(b'\n'), Just(b'\r')],
                1 => any::<u8>(),
            ], 0..60),
        ) {
            let naive = bytes.iter().take_while(|&&b| is_whitespace(b)).count();
            prop_assert_eq!(skip_whitespace(&bytes), naive);
            prop_assert_eq!(arch::all::swar::skip_whitespace(&bytes), naive);
        }
    }

    proptest! {
        #[test]
        fn eight_digits_match_naive(bytes in proptest::array::uniform8(prop_oneof![4 => b'0'..=b'9', 1 => any::<u8>()])) {
            let word = u64::from_le_bytes(bytes);
            prop_assert_eq!(leading_digits_in_word(word), bytes.iter().take_while(|b| b.is_ascii_digit()).count());
            if bytes.iter().all(u8::is_ascii_digit) {
                let naive = bytes.iter().fold(0u64, |v, d| v * 10 + u64::from(d - b'0'));
                prop_assert_eq!(parse_eight_digits(word), naive);
            }
        }
    }

    #[test]
    fn leading_digits_stops_at_every_non_digit() {
        for len in 0..20 {
            for at in 0..len {
                for stop in (0u8..=255).filter(|b| !b.is_ascii_digit()) {
                    let mut bytes = vec![b'7'; len];
                    bytes[at] = stop;
                    assert_eq!(leading_digits(&bytes), at, "{stop:#x} at {at} of {len}");
                }
            }
            assert_eq!(leading_digits(&vec![b'0'; len]), len);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        #[test]
        fn copy_plain_run_matches_naive(bytes in bytes_with_rare_specials(), prefix in 0usize..20) {
            let run = naive(&bytes).unwrap_or(bytes.len());
            let start = vec![b'x'; prefix];
            let mut expected = start.clone();
            expected.extend_from_slice(&bytes[..run]);
            let mut out = start.clone();
            prop_assert_eq!(copy_plain_run(&mut out, &bytes), run);
            prop_assert_eq!(&out, &expected);
            let mut out = start;
            prop_assert_eq!(arch::all::swar::copy_plain_run(&mut out, &bytes), run);
            prop_assert_eq!(&out, &expected);
        }
    }

    #[test]
    fn every_special_byte_at_every_position() {
        let specials: Vec<u8> = (0u8..=255).filter(|&b| is_string_special(b)).collect();
        assert_eq!(specials.len(), 34);
        for len in 0..40 {
            for at in 0..len {
                for &special in &specials {
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = special;
                    assert_eq!(find_string_special(&bytes), Some(at));
                    assert_eq!(arch::all::swar::find_string_special(&bytes), Some(at));
                }
                let mut high = vec![0x80u8; len];
                high[at] = 0xFF;
                assert_eq!(find_string_special(&high), None);
            }
        }
    }
}
