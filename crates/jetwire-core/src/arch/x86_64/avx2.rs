//! AVX2 registers, thirty-two bytes, for CPUs that have it ([`has_avx2`](super::has_avx2)).

use core::arch::x86_64::*;

use super::super::vector::Vector;

/// Bytes per register.
pub(crate) const LANES: usize = 32;

/// A `vpshufb` table that holds each of `bytes` at its low nibble (in both 16-byte halves)
/// and 0x80 elsewhere. A byte matches its lookup only if the table holds that very byte:
/// 0x80 never matches, since only bytes below 0x80 can look it up and bytes of 0x80 and
/// above look up 0.
///
/// # Safety
///
/// The CPU must support AVX.
#[inline(always)]
unsafe fn nibble_table(bytes: &[u8]) -> __m256i {
    let mut table = [0x80u8; 32];
    for &byte in bytes {
        table[usize::from(byte & 0x0F)] = byte;
        table[16 + usize::from(byte & 0x0F)] = byte;
    }
    // SAFETY: a 32-byte unaligned load from a local array; the caller has checked for AVX.
    unsafe { _mm256_loadu_si256(table.as_ptr().cast()) }
}

// SAFETY: 32-byte AVX loads and stores; 32 lanes.
unsafe impl Vector for __m256i {
    const LANES: usize = LANES;

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

    #[cfg(all(target_feature = "avx512bw", target_feature = "avx512vl"))]
    #[inline(always)]
    unsafe fn cmpeq_in_register(self, other: Self) -> Self {
        let equal: Self;
        // SAFETY: a register-only instruction; AVX2 is enabled for the whole build (it comes
        // with AVX-512). `ymm_reg` allocates ymm0-15, which the VEX form encodes.
        unsafe {
            core::arch::asm!(
                "vpcmpeqb {equal}, {a}, {b}",
                a = in(ymm_reg) self,
                b = in(ymm_reg) other,
                equal = lateout(ymm_reg) equal,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        equal
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
    unsafe fn xor(self, other: Self) -> Self {
        // SAFETY: the caller has checked for AVX2 (this trait's contract).
        unsafe { _mm256_xor_si256(self, other) }
    }

    #[inline(always)]
    unsafe fn movemask(self) -> u32 {
        // SAFETY: the caller has checked for AVX2 (this trait's contract).
        unsafe { _mm256_movemask_epi8(self) as u32 }
    }

    /// `pclmulqdq` (every CPU with AVX2 has it; the backend is enabled for both).
    #[inline(always)]
    unsafe fn prefix_xor(x: u64) -> u64 {
        // SAFETY: the caller has checked for AVX2 and PCLMULQDQ (this backend's contract).
        unsafe {
            let product = _mm_clmulepi64_si128(_mm_set_epi64x(0, x as i64), _mm_set1_epi8(-1), 0);
            _mm_cvtsi128_si64(product) as u64
        }
    }

    /// One table lookup by the low four bits (`vpshufb`, which gives 0 for bytes of 0x80
    /// and above): a lane matches when the table holds its byte at the byte's low nibble.
    #[inline(always)]
    unsafe fn eq_any(self, bytes: &[u8]) -> Self {
        debug_assert!(super::super::vector::distinct_ascii_nibbles(bytes));
        // SAFETY: the caller has checked for AVX2 (this trait's contract).
        unsafe { self.cmpeq(_mm256_shuffle_epi8(nibble_table(bytes), self)) }
    }
}
