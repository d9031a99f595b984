//! The large copy with SIMD registers: [`copy_large_with`] written once over [`Vector`], its
//! SSE2 and AVX2 instances, and the choice between them.

use core::arch::x86_64::{__m128i, __m256i};

use crate::arch::vector::Vector;
use crate::arch::x86_64::{avx2, has_avx2};

/// The fewest bytes [`copy_large`] takes: one register of the widest backend.
pub(crate) const MIN_LEN: usize = avx2::LANES;

/// See [`super::copy_nonoverlapping`]: the large copy, AVX2 when the CPU has it.
///
/// # Safety
///
/// `len >= MIN_LEN`, `src` readable and `dst` writable for `len` bytes, not overlapping.
#[inline(never)]
pub(crate) unsafe fn copy_large(src: *const u8, dst: *mut u8, len: usize) {
    debug_assert!(len >= MIN_LEN);
    if has_avx2() {
        // SAFETY: AVX2 was detected; the rest is forwarded from the caller.
        unsafe { copy_large_avx2(src, dst, len) }
    } else {
        // SAFETY: forwarded from the caller (`len >= MIN_LEN`, more than an SSE2 register).
        unsafe { copy_large_sse2(src, dst, len) }
    }
}

/// [`copy_large_with`] over SSE2 registers.
///
/// # Safety
///
/// `len >= 16`, `src` readable and `dst` writable for `len` bytes, not overlapping.
#[inline(never)]
pub(crate) unsafe fn copy_large_sse2(src: *const u8, dst: *mut u8, len: usize) {
    // SAFETY: SSE2 is baseline; the rest is forwarded from the caller.
    unsafe { copy_large_with::<__m128i>(src, dst, len) }
}

/// [`copy_large_with`] over AVX2 registers.
///
/// # Safety
///
/// The CPU must support AVX2, `len >= 32`, `src` readable and `dst` writable for `len` bytes,
/// not overlapping.
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn copy_large_avx2(src: *const u8, dst: *mut u8, len: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { copy_large_with::<__m256i>(src, dst, len) }
}

/// A large copy with unaligned loads and stores aligned to the register, four registers per
/// turn. The first and last registers are unaligned and overlap the aligned ones (storing the
/// same bytes twice).
///
/// # Safety
///
/// `V`'s instruction set must be available, `len >= V::LANES`, `src` readable and `dst` writable
/// for `len` bytes, and the two regions must not overlap.
#[inline(always)]
unsafe fn copy_large_with<V: Vector>(src: *const u8, dst: *mut u8, len: usize) {
    debug_assert!(len >= V::LANES);
    // SAFETY: every access below covers `LANES` bytes at an offset `k` with `k + LANES <= len`
    // (the loops' conditions, and `len >= LANES` for the first and last registers); the aligned
    // stores start at `dst + k` with `dst + k` a multiple of `LANES` (`k` starts at the distance
    // to the next boundary, then moves by whole registers).
    unsafe {
        V::load_unaligned(src).store_unaligned(dst);
        let mut k = V::LANES - dst as usize % V::LANES;
        while k + 4 * V::LANES <= len {
            let a = V::load_unaligned(src.add(k));
            let b = V::load_unaligned(src.add(k + V::LANES));
            let c = V::load_unaligned(src.add(k + 2 * V::LANES));
            let d = V::load_unaligned(src.add(k + 3 * V::LANES));
            a.store_aligned(dst.add(k));
            b.store_aligned(dst.add(k + V::LANES));
            c.store_aligned(dst.add(k + 2 * V::LANES));
            d.store_aligned(dst.add(k + 3 * V::LANES));
            k += 4 * V::LANES;
        }
        while k + V::LANES <= len {
            V::load_unaligned(src.add(k)).store_aligned(dst.add(k));
            k += V::LANES;
        }
        let last = len - V::LANES;
        V::load_unaligned(src.add(last)).store_unaligned(dst.add(last));
    }
}
