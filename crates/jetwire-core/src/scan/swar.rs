//! SIMD within a register: eight bytes at a time in a `u64`.

const LANES: usize = 8;
const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);

/// A mask with the high bit set in the lanes of `word` that are `"`, `\` or below 0x20.
///
/// The classic zero-byte test can also flag a lane above a real match (the borrow ripples
/// upwards) but never below one, so the lowest flagged lane is always exact.
#[inline(always)]
fn special_lanes(word: u64) -> u64 {
    let below_space = word.wrapping_sub(ONES * 0x20) & !word;
    let quote = word ^ (ONES * u64::from(b'"'));
    let backslash = word ^ (ONES * u64::from(b'\\'));
    (below_space | (quote.wrapping_sub(ONES) & !quote) | (backslash.wrapping_sub(ONES) & !backslash)) & HIGHS
}

/// See [`crate::scan::find_string_special`]. Every byte is looked at in words, never one at a
/// time past the first three: the last word overlaps the one before it (whose bytes are known
/// plain, so its lowest flagged lane is the first special), and text of four to seven bytes is
/// one word of its first four and last four bytes.
#[inline]
pub(crate) fn find_string_special(haystack: &[u8]) -> Option<usize> {
    let len = haystack.len();
    if len < LANES {
        return find_in_short(haystack);
    }
    let word_at =
        |at: usize| u64::from_le_bytes(haystack[at..at + LANES].try_into().expect("an eight-byte slice"));
    let mut offset = 0;
    while offset + LANES <= len {
        let mask = special_lanes(word_at(offset));
        if mask != 0 {
            return Some(offset + mask.trailing_zeros() as usize / 8);
        }
        offset += LANES;
    }
    if offset == len {
        return None;
    }
    let last = len - LANES;
    let mask = special_lanes(word_at(last));
    (mask != 0).then(|| last + mask.trailing_zeros() as usize / 8)
}

/// [`find_string_special`] for fewer than eight bytes.
#[inline(always)]
fn find_in_short(haystack: &[u8]) -> Option<usize> {
    let len = haystack.len();
    if len < 4 {
        return haystack.iter().position(|&byte| super::is_string_special(byte));
    }
    let half_at = |at: usize| u32::from_le_bytes(haystack[at..at + 4].try_into().expect("a four-byte slice"));
    // Lanes 0-3 the first four bytes, lanes 4-7 the last four (overlapping them when fewer than
    // eight). A flag in the upper half is exact only when the lower half has none, which the
    // lowest flag decides.
    let word = u64::from(half_at(0)) | u64::from(half_at(len - 4)) << 32;
    let mask = special_lanes(word);
    if mask == 0 {
        return None;
    }
    let lane = mask.trailing_zeros() as usize / 8;
    Some(if lane < 4 { lane } else { lane + len - 8 })
}

/// A mask with a bit set in every lane of `word` that is not an ASCII digit (possibly also in
/// lanes above the first such lane, never below it).
#[inline(always)]
pub(crate) fn non_digit_lanes(word: u64) -> u64 {
    // Digits become 0..=9 with a clear high nibble; adding 6 pushes 10..=15 into the high nibble.
    let offset = word ^ (ONES * 0x30);
    (offset & (ONES * 0xF0)) | (offset.wrapping_add(ONES * 0x06) & (ONES * 0x10))
}

/// See [`crate::scan::end_of_digits`]: a word at a time while a whole word remains (most runs
/// end within the first), then byte by byte. Kept as plain indexing rather than `chunks_exact`,
/// whose setup costs more than a short run.
#[inline(always)]
pub(crate) fn end_of_digits(haystack: &[u8], mut at: usize) -> usize {
    while let Some(chunk) = haystack.get(at..at + LANES) {
        let mask = non_digit_lanes(u64::from_le_bytes(chunk.try_into().expect("an eight-byte slice")));
        if mask != 0 {
            return at + mask.trailing_zeros() as usize / 8;
        }
        at += LANES;
    }
    while haystack.get(at).is_some_and(u8::is_ascii_digit) {
        at += 1;
    }
    at
}

/// See [`crate::scan::digit_mask`], a byte at a time: the portable version and the reference
/// for the vector one.
#[cfg_attr(all(target_arch = "x86_64", not(jetwire_portable), not(test)), allow(dead_code))]
#[inline(always)]
pub(crate) fn digit_mask(window: &[u8; 16]) -> u32 {
    window.iter().enumerate().fold(0, |mask, (i, byte)| mask | u32::from(byte.is_ascii_digit()) << i)
}

/// See [`crate::scan::string_special_mask`].
#[cfg_attr(all(target_arch = "x86_64", not(jetwire_portable), not(test)), allow(dead_code))]
#[inline]
pub(crate) fn string_special_mask(window: &[u8; 16]) -> u32 {
    window
        .iter()
        .enumerate()
        .fold(0, |mask, (i, &byte)| mask | u32::from(super::is_string_special(byte)) << i)
}

/// See [`crate::scan::skip_whitespace`]. Whitespace runs are short, so this portable version
/// goes byte by byte.
#[inline]
pub(crate) fn skip_whitespace(haystack: &[u8]) -> usize {
    haystack.iter().position(|&b| !super::is_whitespace(b)).unwrap_or(haystack.len())
}

/// See [`crate::scan::parse_eight_digits`]: digit pairs, then quads, then the whole.
#[inline(always)]
pub(crate) fn parse_eight_digits(word: u64) -> u64 {
    const LOW_BYTES: u64 = 0x0000_00FF_0000_00FF;
    const TIMES_100_AND_1000000: u64 = 100 + (1_000_000 << 32);
    const TIMES_1_AND_10000: u64 = 1 + (10_000 << 32);
    let digits = word.wrapping_sub(ONES * u64::from(b'0'));
    let pairs = digits.wrapping_mul(10).wrapping_add(digits >> 8);
    let whole = (pairs & LOW_BYTES)
        .wrapping_mul(TIMES_100_AND_1000000)
        .wrapping_add(((pairs >> 16) & LOW_BYTES).wrapping_mul(TIMES_1_AND_10000));
    (whole >> 32) & 0xFFFF_FFFF
}

/// See [`crate::scan::copy_plain_run`]: find the run, then copy it (a short run with a few
/// overlapping moves rather than a call to `memcpy`).
#[inline]
pub(crate) fn copy_plain_run(out: &mut Vec<u8>, source: &[u8]) -> usize {
    let run = find_string_special(source).unwrap_or(source.len());
    if run > crate::copy::SHORT_COPY_MAX {
        out.extend_from_slice(&source[..run]);
        return run;
    }
    out.reserve(run);
    let len = out.len();
    // SAFETY: `reserve` left room for `run` bytes after `len`, and `run <= SHORT_COPY_MAX`
    // bytes of `source` are readable; `source` is borrowed shared while `out` is borrowed
    // mutably, so they do not overlap; `set_len` covers the bytes just written.
    unsafe {
        crate::copy::copy_short(out.as_mut_ptr().add(len), source.as_ptr(), run);
        out.set_len(len + run);
    }
    run
}
