//! SSE2: sixteen bytes at a time. SSE2 is part of the x86_64 baseline, so these are safe to call
//! on any x86_64 CPU; each needs a haystack of at least [`LANES`] bytes.

use core::arch::x86_64::__m128i;

use super::super::simd;
use crate::arch::vector::Vector;

pub(crate) use crate::arch::x86_64::sse2::LANES;

/// See [`simd::special_mask`]: the first register of `haystack`.
#[inline(always)]
pub(crate) fn first_special_mask(haystack: &[u8]) -> u32 {
    assert!(haystack.len() >= LANES);
    // SAFETY: SSE2 is baseline; the assertion leaves 16 readable bytes.
    unsafe { simd::special_mask::<__m128i>(haystack.as_ptr()) }
}

/// See [`simd::whitespace_mask`]: the first register of `haystack`.
#[inline(always)]
pub(crate) fn first_whitespace_mask(haystack: &[u8]) -> u32 {
    assert!(haystack.len() >= LANES);
    // SAFETY: SSE2 is baseline; the assertion leaves 16 readable bytes.
    unsafe { simd::whitespace_mask::<__m128i>(haystack.as_ptr()) }
}

/// The first step of [`simd::copy_plain_run`], inline: copies the first register of
/// `source` to `out` and returns `Ok(run)` if the run ends in it, or `Err(LANES)` once the whole
/// register is copied (and plain). `Err(0)`, copying nothing, when `out` has too little spare
/// capacity for a blind register store.
#[inline(always)]
pub(crate) fn copy_first_register(out: &mut Vec<u8>, source: &[u8]) -> Result<usize, usize> {
    assert!(source.len() >= LANES);
    let at = out.len();
    if out.capacity() - at < LANES {
        return Err(0);
    }
    // SAFETY: SSE2 is baseline; the assertion leaves 16 readable bytes in `source`, and the
    // check above 16 bytes of spare capacity after `at`. `set_len` covers only bytes just stored.
    unsafe {
        let block = <__m128i as Vector>::load_unaligned(source.as_ptr());
        block.store_unaligned(out.as_mut_ptr().add(at));
        let mask = simd::special_lanes(block);
        let run = if mask == 0 { LANES } else { mask.trailing_zeros() as usize };
        out.set_len(at + run);
        if mask == 0 { Err(LANES) } else { Ok(run) }
    }
}

/// See [`simd::end_of_digits`].
#[inline(always)]
pub(crate) fn end_of_digits(haystack: &[u8], at: usize) -> usize {
    // SAFETY: SSE2 is baseline; the generic version checks every load's length itself.
    unsafe { simd::end_of_digits::<__m128i>(haystack, at) }
}

/// See [`crate::scan::digit_mask`].
#[inline(always)]
pub(crate) fn digit_mask(window: &[u8; LANES]) -> u32 {
    // SAFETY: SSE2 is baseline; the window holds one register's bytes.
    unsafe { simd::digit_mask::<__m128i>(window.as_ptr()) }
}

/// See [`crate::scan::string_special_mask`].
#[inline(always)]
pub(crate) fn string_special_mask(window: &[u8; LANES]) -> u32 {
    // SAFETY: SSE2 is baseline; the window holds one register's bytes.
    unsafe { simd::special_mask::<__m128i>(window.as_ptr()) }
}

/// See [`simd::find_string_special`].
#[inline]
pub(crate) fn find_string_special(haystack: &[u8], from: usize) -> Option<usize> {
    assert!(haystack.len() >= LANES);
    // SAFETY: SSE2 is baseline; the length was just checked.
    unsafe { simd::find_string_special::<__m128i>(haystack, from) }
}

/// See [`simd::skip_whitespace`].
#[inline]
pub(crate) fn skip_whitespace(haystack: &[u8], from: usize) -> usize {
    assert!(haystack.len() >= LANES);
    // SAFETY: SSE2 is baseline; the length was just checked.
    unsafe { simd::skip_whitespace::<__m128i>(haystack, from) }
}

/// See [`simd::copy_plain_run`]. `source[..copied]` must be the last `copied` bytes of `out`
/// (else the bytes copied are wrong, though memory stays safe: the lengths are asserted).
#[inline]
pub(crate) fn copy_plain_run(out: &mut Vec<u8>, source: &[u8], copied: usize) -> usize {
    assert!(source.len() >= LANES && copied <= out.len() && copied <= source.len());
    // SAFETY: SSE2 is baseline; the length was just checked.
    unsafe { simd::copy_plain_run::<__m128i>(out, source, copied) }
}
