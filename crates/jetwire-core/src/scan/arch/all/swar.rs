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

/// See [`crate::scan::find_string_special`].
#[inline]
pub(crate) fn find_string_special(haystack: &[u8]) -> Option<usize> {
    let mut chunks = haystack.chunks_exact(LANES);
    let mut offset = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("chunks_exact yields 8 bytes"));
        let mask = special_lanes(word);
        if mask != 0 {
            return Some(offset + mask.trailing_zeros() as usize / 8);
        }
        offset += LANES;
    }
    chunks.remainder().iter().position(|&b| crate::scan::is_string_special(b)).map(|i| offset + i)
}
