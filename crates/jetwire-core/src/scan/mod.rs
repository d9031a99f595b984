//! Byte scanners for the JSON hot loops.
//!
//! One question is asked of the input far more than any other: where is the next byte that ends a
//! plain run of string content? For the reader that is a closing quote, a backslash or a control
//! byte; for the writer those are exactly the bytes that minimal escaping must rewrite. Both call
//! [`find_string_special`].
//!
//! The layout follows memchr: `swar.rs` holds the portable version that every platform has;
//! `simd.rs` the SIMD algorithms, written once over the crate's `Vector` trait (`arch/`, which
//! knows registers and no JSON); `x86_64/` their SSE2 and AVX2 instances and the choice between
//! them, made once at run time (SSE2 is part of the x86_64 baseline; AVX2 is detected, or
//! enabled for the whole build).
//! Every backend is tested against the naive definition in this module. No backend reads past
//! the end of its slice. Building with `RUSTFLAGS="--cfg jetwire_portable"` compiles the portable
//! backend alone on x86_64 as well, as on every other target; CI runs the tests of this crate and
//! of jetwire-json that way too, so each backend passes the same cases.

#[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
pub(crate) mod simd;
mod swar;
#[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
mod x86_64;

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
    #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
    {
        x86_64::find_string_special(haystack)
    }
    #[cfg(not(all(target_arch = "x86_64", not(jetwire_portable))))]
    {
        swar::find_string_special(haystack)
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
    #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
    {
        x86_64::copy_plain_run(out, source)
    }
    #[cfg(not(all(target_arch = "x86_64", not(jetwire_portable))))]
    {
        swar::copy_plain_run(out, source)
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
    end_of_digits(haystack, 0)
}

/// The index of the first byte of `haystack` at or after `at` that is not an ASCII digit, or
/// `haystack.len()` (`at` itself when it is past the end): a number scanner's digit run, without
/// re-slicing the input.
///
/// ```
/// use jetwire_core::scan::end_of_digits;
/// assert_eq!(end_of_digits(b"-12345.5", 1), 6);
/// assert_eq!(end_of_digits(b"12", 5), 5);
/// ```
#[inline(always)]
pub fn end_of_digits(haystack: &[u8], at: usize) -> usize {
    // Digit runs are short (a number's parts), so the baseline width serves every CPU: no
    // dispatch, and the loop inlines into the number scanners.
    #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
    {
        x86_64::sse2::end_of_digits(haystack, at)
    }
    #[cfg(not(all(target_arch = "x86_64", not(jetwire_portable))))]
    {
        swar::end_of_digits(haystack, at)
    }
}

/// One bit per byte of `window`, byte 0 in bit 0: set where the byte is an ASCII digit. A
/// number scanner reads all of a short number's digit runs from such masks.
///
/// ```
/// use jetwire_core::scan::digit_mask;
/// let mut window = [b' '; 16];
/// window[..6].copy_from_slice(b"-12.5e");
/// assert_eq!(digit_mask(&window), 0b01_0110);
/// ```
#[inline(always)]
pub fn digit_mask(window: &[u8; 16]) -> u32 {
    #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
    {
        x86_64::sse2::digit_mask(window)
    }
    #[cfg(not(all(target_arch = "x86_64", not(jetwire_portable))))]
    {
        swar::digit_mask(window)
    }
}

/// One bit per byte of `window`, byte 0 in bit 0: set where the byte [`is_string_special`]. A
/// string escaper reads where each escape goes from such masks.
///
/// ```
/// use jetwire_core::scan::string_special_mask;
/// let mut window = [b'.'; 16];
/// window[..6].copy_from_slice(b"a\"b\\c\n");
/// assert_eq!(string_special_mask(&window), 0b10_1010);
/// ```
#[inline(always)]
pub fn string_special_mask(window: &[u8; 16]) -> u32 {
    #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
    {
        x86_64::sse2::string_special_mask(window)
    }
    #[cfg(not(all(target_arch = "x86_64", not(jetwire_portable))))]
    {
        swar::string_special_mask(window)
    }
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
    (swar::non_digit_lanes(word).trailing_zeros() / 8) as usize
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
    swar::parse_eight_digits(word)
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
    #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
    {
        x86_64::skip_whitespace(haystack)
    }
    #[cfg(not(all(target_arch = "x86_64", not(jetwire_portable))))]
    {
        swar::skip_whitespace(haystack)
    }
}

/// How far [`skip_short_whitespace`] looks: two SSE2 registers, enough for a line break and the
/// indentation of most formatted documents.
pub const SHORT_WHITESPACE: usize = 32;

/// [`skip_whitespace`] for a run that ends early: the index of the first byte that is not
/// whitespace if it lies within the first [`SHORT_WHITESPACE`] bytes (or the haystack is shorter
/// and all of it is whitespace: its length), else `None`, without looking further. A register
/// at a time and no call: for the line break and indentation between the tokens of formatted
/// JSON.
///
/// ```
/// use jetwire_core::scan::skip_short_whitespace;
/// assert_eq!(skip_short_whitespace(b"\n    \"a\": 1"), Some(5));
/// assert_eq!(skip_short_whitespace(b"  "), Some(2));
/// assert_eq!(skip_short_whitespace(&[b' '; 40]), None);
/// ```
#[inline(always)]
pub fn skip_short_whitespace(haystack: &[u8]) -> Option<usize> {
    #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
    {
        x86_64::skip_short_whitespace(haystack)
    }
    #[cfg(not(all(target_arch = "x86_64", not(jetwire_portable))))]
    {
        let window = &haystack[..haystack.len().min(SHORT_WHITESPACE)];
        let run = swar::skip_whitespace(window);
        (run < SHORT_WHITESPACE).then_some(run)
    }
}

/// Whether `haystack` starts with exactly `run` bytes of whitespace: its first `run` bytes are
/// whitespace and the byte after them is not. Looks at one SSE2 register (two for a `run` of
/// 15 to 30, whose next byte lies in the second) and answers `false` for longer runs and for a
/// haystack that ends within the registers it looks at.
///
/// The reader tries the length of the last whitespace run it skipped this way before measuring
/// the run: formatted JSON indents most lines as the line before, and where the guess is right
/// the next token's position is known without waiting for the scan.
///
/// ```
/// use jetwire_core::scan::is_whitespace_run;
/// assert!(is_whitespace_run(b"\n    \"a\": 1, \"b\": 2", 5));
/// assert!(!is_whitespace_run(b"\n    \"a\": 1, \"b\": 2", 4));
/// assert!(!is_whitespace_run(b"\n      \"a\": 1, \"b\": 2", 5));
/// ```
#[inline(always)]
pub fn is_whitespace_run(haystack: &[u8], run: usize) -> bool {
    #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
    {
        x86_64::is_whitespace_run(haystack, run)
    }
    #[cfg(not(all(target_arch = "x86_64", not(jetwire_portable))))]
    {
        // The same answers as the registers' look: the same lengths needed.
        let needed = if run < 15 { 16 } else { SHORT_WHITESPACE };
        run < SHORT_WHITESPACE - 1
            && haystack.len() >= needed
            && swar::skip_whitespace(&haystack[..=run]) == run
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

    /// The bytes next to the digits, those one bit away from one, and the other bytes of a
    /// number: where a digit classifier would go wrong.
    const NEAR_DIGITS: &[u8] = b"/:\x20\xb0\xb9\x10\x19\x70\x79.eE-+";

    fn naive_whitespace(haystack: &[u8]) -> usize {
        haystack.iter().take_while(|&&b| is_whitespace(b)).count()
    }

    /// Every backend's string scan, each given the whole haystack: the dispatching public
    /// function, SWAR, and on x86_64 the SSE2 and (where the CPU has it) AVX2 instances, each
    /// started from every position the dispatcher might hand them.
    fn every_find(haystack: &[u8]) -> Vec<(String, Option<usize>)> {
        #[cfg_attr(not(all(target_arch = "x86_64", not(jetwire_portable))), allow(unused_mut))]
        let mut found = vec![
            ("dispatch".to_owned(), find_string_special(haystack)),
            ("swar".to_owned(), swar::find_string_special(haystack)),
        ];
        #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
        {
            use crate::arch::x86_64::has_avx2;
            use x86_64::{avx2, sse2};
            let clean = naive(haystack).unwrap_or(haystack.len());
            for from in [0, 1, 16, clean].into_iter().filter(|&f| f <= clean) {
                if haystack.len() >= sse2::LANES {
                    found.push((format!("sse2 from {from}"), sse2::find_string_special(haystack, from)));
                }
                if haystack.len() >= avx2::LANES && has_avx2() {
                    // SAFETY: AVX2 was detected and the haystack holds a whole register.
                    let avx = unsafe { avx2::find_string_special(haystack, from) };
                    found.push((format!("avx2 from {from}"), avx));
                }
            }
        }
        found
    }

    fn every_skip(haystack: &[u8]) -> Vec<(String, usize)> {
        #[cfg_attr(not(all(target_arch = "x86_64", not(jetwire_portable))), allow(unused_mut))]
        let mut found = vec![
            ("dispatch".to_owned(), skip_whitespace(haystack)),
            ("swar".to_owned(), swar::skip_whitespace(haystack)),
        ];
        #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
        {
            use crate::arch::x86_64::has_avx2;
            use x86_64::{avx2, sse2};
            let blank = naive_whitespace(haystack);
            for from in [0, 1, 16, blank].into_iter().filter(|&f| f <= blank) {
                if haystack.len() >= sse2::LANES {
                    found.push((format!("sse2 from {from}"), sse2::skip_whitespace(haystack, from)));
                }
                if haystack.len() >= avx2::LANES && has_avx2() {
                    // SAFETY: AVX2 was detected and the haystack holds a whole register.
                    let avx = unsafe { avx2::skip_whitespace(haystack, from) };
                    found.push((format!("avx2 from {from}"), avx));
                }
            }
        }
        found
    }

    /// Every backend's copy loop: (name, run returned, output), each appending to a fresh copy of
    /// `prefix` with the given spare capacity.
    fn every_copy(prefix: &[u8], spare: usize, source: &[u8]) -> Vec<(String, usize, Vec<u8>)> {
        let fresh = || {
            let mut out = Vec::with_capacity(prefix.len() + spare);
            out.extend_from_slice(prefix);
            out
        };
        let mut found = Vec::new();
        let mut out = fresh();
        found.push(("dispatch".to_owned(), copy_plain_run(&mut out, source), out));
        let mut out = fresh();
        found.push(("swar".to_owned(), swar::copy_plain_run(&mut out, source), out));
        #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
        {
            use crate::arch::x86_64::has_avx2;
            use x86_64::{avx2, sse2};
            let clean = naive(source).unwrap_or(source.len());
            for copied in [0, 1, 16, clean].into_iter().filter(|&c| c <= clean) {
                let started = || {
                    let mut out = fresh();
                    out.extend_from_slice(&source[..copied]);
                    out
                };
                if source.len() >= sse2::LANES {
                    let mut out = started();
                    found.push((
                        format!("sse2 from {copied}"),
                        sse2::copy_plain_run(&mut out, source, copied),
                        out,
                    ));
                }
                if source.len() >= avx2::LANES && has_avx2() {
                    let mut out = started();
                    // SAFETY: AVX2 was detected and the source holds a whole register.
                    let run = unsafe { avx2::copy_plain_run(&mut out, source, copied) };
                    found.push((format!("avx2 from {copied}"), run, out));
                }
            }
        }
        found
    }

    fn bytes_with_rare_specials() -> impl Strategy<Value = Vec<u8>> {
        proptest::collection::vec(
            prop_oneof![
                40 => 0x20u8..=0xFF,
                1 => prop_oneof![Just(b'"'), Just(b'\\'), 0u8..0x20],
            ],
            0..200,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        #[test]
        fn every_backend_finds_what_the_naive_scan_finds(bytes in bytes_with_rare_specials(), start in 0usize..40) {
            let haystack = &bytes[start.min(bytes.len())..];
            for (backend, found) in every_find(haystack) {
                prop_assert_eq!(found, naive(haystack), "{}", backend);
            }
        }

        #[test]
        fn every_backend_copies_what_the_naive_scan_finds(
            bytes in bytes_with_rare_specials(),
            prefix in 0usize..40,
            spare in prop_oneof![Just(0usize), 0usize..300],
        ) {
            let run = naive(&bytes).unwrap_or(bytes.len());
            let start = vec![b'x'; prefix];
            let mut expected = start.clone();
            expected.extend_from_slice(&bytes[..run]);
            for (backend, copied, out) in every_copy(&start, spare, &bytes) {
                prop_assert_eq!(copied, run, "{}", backend);
                prop_assert_eq!(&out, &expected, "{}", backend);
            }
        }

        #[test]
        fn every_backend_skips_what_the_naive_scan_skips(
            bytes in proptest::collection::vec(prop_oneof![
                30 => prop_oneof![Just(b' '), Just(b'\t'), Just(b'\n'), Just(b'\r')],
                1 => any::<u8>(),
            ], 0..120),
        ) {
            for (backend, skipped) in every_skip(&bytes) {
                prop_assert_eq!(skipped, naive_whitespace(&bytes), "{}", backend);
            }
            let run = naive_whitespace(&bytes);
            prop_assert_eq!(skip_short_whitespace(&bytes), (run < SHORT_WHITESPACE).then_some(run));
            for guess in 0..SHORT_WHITESPACE + 2 {
                // The answer a register's look gives: `true` only for the exact run, within
                // two registers of a haystack that holds them.
                let registers = if guess < 15 { 16 } else { 32 };
                let expected = guess == run && guess < SHORT_WHITESPACE - 1 && bytes.len() >= registers;
                prop_assert_eq!(is_whitespace_run(&bytes, guess), expected, "guess {}", guess);
            }
        }

        #[test]
        fn every_backend_ends_digit_runs_where_the_naive_scan_does(
            bytes in proptest::collection::vec(
                prop_oneof![
                    12 => b'0'..=b'9',
                    2 => proptest::sample::select(NEAR_DIGITS),
                    1 => any::<u8>(),
                ],
                0..80,
            ),
            at in 0usize..90,
        ) {
            let naive = at + bytes.get(at..).map_or(0, |rest| rest.iter().take_while(|b| b.is_ascii_digit()).count());
            prop_assert_eq!(end_of_digits(&bytes, at), naive, "dispatch");
            prop_assert_eq!(swar::end_of_digits(&bytes, at), naive, "swar");
            #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
            prop_assert_eq!(x86_64::sse2::end_of_digits(&bytes, at), naive, "sse2");
        }

        #[test]
        fn every_backend_masks_the_digits_the_naive_scan_finds(
            bytes in proptest::array::uniform16(prop_oneof![
                4 => b'0'..=b'9',
                2 => proptest::sample::select(NEAR_DIGITS),
                1 => any::<u8>(),
            ]),
        ) {
            let naive = bytes.iter().enumerate().filter(|(_, b)| b.is_ascii_digit()).fold(0u32, |m, (i, _)| m | 1 << i);
            prop_assert_eq!(digit_mask(&bytes), naive, "dispatch");
            prop_assert_eq!(swar::digit_mask(&bytes), naive, "swar");
        }

        #[test]
        fn every_backend_masks_the_specials_the_naive_scan_finds(
            bytes in proptest::array::uniform16(prop_oneof![
                2 => proptest::sample::select(&b"\"\\\x00\x1f\x20\x21\x5b\x5d\xa2\xdc"[..]),
                1 => any::<u8>(),
            ]),
        ) {
            let naive = bytes.iter().enumerate().filter(|(_, b)| is_string_special(**b)).fold(0u32, |m, (i, _)| m | 1 << i);
            prop_assert_eq!(string_special_mask(&bytes), naive, "dispatch");
            prop_assert_eq!(swar::string_special_mask(&bytes), naive, "portable");
        }

        #[test]
        fn leading_digits_matches_naive(
            bytes in proptest::collection::vec(prop_oneof![8 => b'0'..=b'9', 1 => any::<u8>()], 0..40),
        ) {
            let naive = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            prop_assert_eq!(leading_digits(&bytes), naive);
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

    /// Every special byte at every position of haystacks up to three AVX2 registers long, and
    /// every non-whitespace byte in runs of whitespace: each register's every lane, and every
    /// overlapping tail, is exercised.
    #[test]
    fn every_stop_byte_at_every_position() {
        let specials: Vec<u8> = (0u8..=255).filter(|&b| is_string_special(b)).collect();
        assert_eq!(specials.len(), 34);
        for len in 0..100 {
            for at in 0..len {
                for &special in &specials {
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = special;
                    for (backend, found) in every_find(&bytes) {
                        assert_eq!(found, Some(at), "{backend}: {special:#x} at {at} of {len}");
                    }
                    for (backend, run, out) in every_copy(b"", 0, &bytes) {
                        assert_eq!((run, out.len()), (at, at), "{backend}: {special:#x} at {at} of {len}");
                    }
                }
                let mut high = vec![0x80u8; len];
                high[at] = 0xFF;
                for (backend, found) in every_find(&high) {
                    assert_eq!(found, None, "{backend}");
                }
                for stop in [b'a', b'"', 0x0B, 0x0C, 0x80, 0xFF] {
                    let mut blank = vec![b' '; len];
                    blank[at] = stop;
                    for (backend, skipped) in every_skip(&blank) {
                        assert_eq!(skipped, at, "{backend}: {stop:#x} at {at} of {len}");
                    }
                }
            }
            for (backend, skipped) in every_skip(&vec![b'\n'; len]) {
                assert_eq!(skipped, len, "{backend}");
            }
        }
    }
}
