//! AVX2: thirty-two bytes at a time, for CPUs that have it (checked once at run time by the
//! parent module). Each function needs a haystack of at least [`LANES`] bytes.

use core::arch::x86_64::__m256i;

use super::super::simd;

pub(crate) use crate::arch::x86_64::avx2::LANES;

/// The lanes of the first register of `haystack` that are not JSON whitespace, inline: for a
/// build that enables AVX2 throughout, which needs no detection.
#[cfg(target_feature = "avx2")]
#[inline(always)]
pub(crate) fn first_other_than_whitespace(haystack: &[u8]) -> u32 {
    assert!(haystack.len() >= LANES);
    // SAFETY: AVX2 is enabled for the whole build; the assertion leaves 32 readable bytes.
    !unsafe { simd::whitespace_mask::<__m256i>(haystack.as_ptr()) }
}

/// See [`simd::find_string_special`].
///
/// # Safety
///
/// The CPU must support AVX2, and `haystack.len() >= LANES`.
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn find_string_special(haystack: &[u8], from: usize) -> Option<usize> {
    // SAFETY: forwarded from the caller.
    unsafe { simd::find_string_special::<__m256i>(haystack, from) }
}

/// See [`simd::skip_whitespace`].
///
/// # Safety
///
/// The CPU must support AVX2, and `haystack.len() >= LANES`.
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn skip_whitespace(haystack: &[u8], from: usize) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { simd::skip_whitespace::<__m256i>(haystack, from) }
}

/// See [`simd::copy_plain_run`].
///
/// # Safety
///
/// The CPU must support AVX2, `source.len() >= LANES`, and `copied <= out.len()` with
/// `copied <= source.len()` (`source[..copied]` being the last `copied` bytes of `out`).
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn copy_plain_run(out: &mut Vec<u8>, source: &[u8], copied: usize) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { simd::copy_plain_run::<__m256i>(out, source, copied) }
}
