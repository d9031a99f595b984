//! The vector operations the scanners need, implemented once per SIMD width.
//!
//! The scanning algorithms in `arch/generic` are written once against [`Vector`]; each backend in
//! `arch/x86_64` instantiates them with its register type inside a function compiled for its
//! instruction set, where these `#[inline(always)]` methods become single instructions.

/// A SIMD register of bytes.
///
/// # Safety
///
/// Implementations must load and store exactly `LANES` bytes, with `LANES` at most 32 (the
/// masks are `u32`s, one bit per lane): the generic algorithms size every bounds check by it.
///
/// Every method is `unsafe` to call because it may use instructions the CPU must support:
/// callers must have checked that the implementing type's instruction set is available. Loads
/// and stores additionally need `LANES` valid bytes at the pointer.
pub(crate) unsafe trait Vector: Copy {
    /// Bytes per register.
    const LANES: usize;

    /// A register with `byte` in every lane.
    unsafe fn splat(byte: u8) -> Self;

    /// Reads `LANES` bytes from `ptr`, which need not be aligned.
    unsafe fn load_unaligned(ptr: *const u8) -> Self;

    /// Writes the register's `LANES` bytes to `ptr`, which need not be aligned.
    unsafe fn store_unaligned(self, ptr: *mut u8);

    /// Writes the register's `LANES` bytes to `ptr`, which must be aligned to `LANES`.
    unsafe fn store_aligned(self, ptr: *mut u8);

    /// `0xFF` in the lanes where `self` and `other` are equal, `0` elsewhere.
    unsafe fn cmpeq(self, other: Self) -> Self;

    /// The lane-wise unsigned minimum.
    unsafe fn min(self, other: Self) -> Self;

    /// The lane-wise bitwise or.
    unsafe fn or(self, other: Self) -> Self;

    /// One bit per lane, lane 0 in bit 0: the lane's high bit.
    unsafe fn movemask(self) -> u32;
}

#[cfg(target_arch = "x86_64")]
mod x86_64 {
    use core::arch::x86_64::*;

    use super::Vector;

    // SAFETY: 16-byte SSE2 loads and stores; 16 lanes.
    unsafe impl Vector for __m128i {
        const LANES: usize = 16;

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
        unsafe fn movemask(self) -> u32 {
            // SAFETY: SSE2 is part of the x86_64 baseline.
            unsafe { _mm_movemask_epi8(self) as u32 }
        }
    }

    // SAFETY: 32-byte AVX loads and stores; 32 lanes.
    unsafe impl Vector for __m256i {
        const LANES: usize = 32;

        #[inline(always)]
        unsafe fn splat(byte: u8) -> Self {
            // SAFETY: the caller has checked for AVX (this trait's contract).
            unsafe { _mm256_set1_epi8(byte as i8) }
        }

        #[inline(always)]
        unsafe fn load_unaligned(ptr: *const u8) -> Self {
            // SAFETY: the caller guarantees 32 readable bytes and AVX; `loadu` needs no alignment.
            unsafe { _mm256_loadu_si256(ptr.cast()) }
        }

        #[inline(always)]
        unsafe fn store_unaligned(self, ptr: *mut u8) {
            // SAFETY: the caller guarantees 32 writable bytes and AVX; `storeu` needs no
            // alignment.
            unsafe { _mm256_storeu_si256(ptr.cast(), self) }
        }

        #[inline(always)]
        unsafe fn store_aligned(self, ptr: *mut u8) {
            // SAFETY: the caller guarantees 32 writable bytes at a 32-byte aligned `ptr`, and AVX.
            unsafe { _mm256_store_si256(ptr.cast(), self) }
        }

        #[inline(always)]
        unsafe fn cmpeq(self, other: Self) -> Self {
            // SAFETY: the caller has checked for AVX2 (this trait's contract).
            unsafe { _mm256_cmpeq_epi8(self, other) }
        }

        #[inline(always)]
        unsafe fn min(self, other: Self) -> Self {
            // SAFETY: the caller has checked for AVX2 (this trait's contract).
            unsafe { _mm256_min_epu8(self, other) }
        }

        #[inline(always)]
        unsafe fn or(self, other: Self) -> Self {
            // SAFETY: the caller has checked for AVX2 (this trait's contract).
            unsafe { _mm256_or_si256(self, other) }
        }

        #[inline(always)]
        unsafe fn movemask(self) -> u32 {
            // SAFETY: the caller has checked for AVX2 (this trait's contract).
            unsafe { _mm256_movemask_epi8(self) as u32 }
        }
    }
}
