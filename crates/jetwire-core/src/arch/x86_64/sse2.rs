//! SSE2 registers, sixteen bytes: part of the x86_64 baseline, so always available.

use core::arch::x86_64::*;

use super::super::vector::Vector;

/// Bytes per register.
pub(crate) const LANES: usize = 16;

// SAFETY: 16-byte SSE2 loads and stores; 16 lanes.
unsafe impl Vector for __m128i {
    const LANES: usize = LANES;

    #[inline(always)]
    unsafe fn splat(byte: u8) -> Self {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe { _mm_set1_epi8(byte as i8) }
    }

    #[inline(always)]
    unsafe fn load_unaligned(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes; `loadu` needs no alignment.
        unsafe { _mm_loadu_si128(ptr.cast()) }
    }

    #[inline(always)]
    unsafe fn store_unaligned(self, ptr: *mut u8) {
        // SAFETY: the caller guarantees 16 writable bytes; `storeu` needs no alignment.
        unsafe { _mm_storeu_si128(ptr.cast(), self) }
    }

    #[inline(always)]
    unsafe fn store_aligned(self, ptr: *mut u8) {
        // SAFETY: the caller guarantees 16 writable bytes at a 16-byte aligned `ptr`.
        unsafe { _mm_store_si128(ptr.cast(), self) }
    }

    #[inline(always)]
    unsafe fn cmpeq(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe { _mm_cmpeq_epi8(self, other) }
    }

    #[inline(always)]
    unsafe fn min(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe { _mm_min_epu8(self, other) }
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe { _mm_or_si128(self, other) }
    }

    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe { _mm_xor_si128(self, other) }
    }

    #[inline(always)]
    unsafe fn movemask(self) -> u32 {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe { _mm_movemask_epi8(self) as u32 }
    }
}
