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
/// callers must have checked that the implementing type's instruction set is available (SSE2
/// for `__m128i`; AVX2 for `__m256i`, and PCLMULQDQ too for its `prefix_xor`). Loads and stores
/// additionally need `LANES` valid bytes at the pointer.
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

    /// [`cmpeq`](Self::cmpeq), computed in a vector register whatever the build enables.
    ///
    /// In builds that enable AVX-512 (BW and VL) throughout, as `-C target-cpu=native` does on
    /// CPUs that have it, LLVM turns comparisons whose lanes end in a `movemask` into AVX-512
    /// comparisons into mask registers, with the `or`s between them as mask-register
    /// operations. On the Zen 5 machine this was measured on, that made the AVX2 loops over a
    /// string's registers (scanning, and copying while scanning) 1.5 to 2.3 times slower than the
    /// same source built without AVX-512, while the single-register steps and the structural
    /// index ran as fast or faster with the masks. The AVX2 register type therefore writes this
    /// comparison out as its VEX instruction in `asm!` in such builds; the string loops use it.
    #[inline(always)]
    unsafe fn cmpeq_in_register(self, other: Self) -> Self {
        // SAFETY: forwarded from the caller.
        unsafe { self.cmpeq(other) }
    }

    /// The lane-wise unsigned minimum.
    unsafe fn min(self, other: Self) -> Self;

    /// The lane-wise bitwise or.
    unsafe fn or(self, other: Self) -> Self;

    /// The lane-wise bitwise exclusive or.
    unsafe fn xor(self, other: Self) -> Self;

    /// One bit per lane, lane 0 in bit 0: the lane's high bit.
    unsafe fn movemask(self) -> u32;

    /// Bit `i` of the result is the xor of bits `0..=i` of `x`: six shifts and xors, or one
    /// carry-less multiplication by all ones where the backend has it.
    #[inline(always)]
    unsafe fn prefix_xor(x: u64) -> u64 {
        crate::structure::prefix_xor(x)
    }

    /// `0xFF` in the lanes that hold an ASCII digit, `0` elsewhere.
    #[inline(always)]
    unsafe fn digit_lanes(self) -> Self {
        // SAFETY: register operations only; the caller has checked the instruction set.
        unsafe {
            // Flipping bits 4 and 5 maps `0`..=`9` to 0..=9 and every other byte above 9.
            let offset = self.xor(Self::splat(0x30));
            offset.min(Self::splat(9)).cmpeq(offset)
        }
    }

    /// `0xFF` in the lanes that hold JSON whitespace (space, tab, line feed, carriage return),
    /// `0` elsewhere.
    #[inline(always)]
    unsafe fn whitespace_lanes(self) -> Self {
        // SAFETY: register operations only; the caller has checked the instruction set.
        unsafe {
            let space = self.cmpeq(Self::splat(b' '));
            let tab = self.cmpeq(Self::splat(b'\t'));
            let newline = self.cmpeq(Self::splat(b'\n'));
            let carriage = self.cmpeq(Self::splat(b'\r'));
            space.or(tab).or(newline.or(carriage))
        }
    }

    /// `0xFF` in the lanes that hold one of `{`, `}`, `[`, `]`, `:` and `,`, `0` elsewhere;
    /// an implementation may also set the lanes of the control bytes 0x0C and 0x1A.
    #[inline(always)]
    unsafe fn structural_lanes(self) -> Self {
        // SAFETY: register operations only; the caller has checked the instruction set.
        unsafe {
            // `[`/`{` and `]`/`}` differ only in bit 5: one comparison for each pair.
            let folded = self.or(Self::splat(0x20));
            let brackets = folded.cmpeq(Self::splat(b'{')).or(folded.cmpeq(Self::splat(b'}')));
            let separators = self.cmpeq(Self::splat(b':')).or(self.cmpeq(Self::splat(b',')));
            brackets.or(separators)
        }
    }
}

#[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
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
        /// and above): a byte is whitespace when the table holds it at its low nibble.
        #[inline(always)]
        unsafe fn whitespace_lanes(self) -> Self {
            // SAFETY: the caller has checked for AVX2 (this trait's contract).
            unsafe { self.cmpeq(_mm256_shuffle_epi8(nibble_table(b" \t\n\r"), self)) }
        }

        /// The same nibble lookup, on the byte with bit 5 set, which folds `[` into `{` and `]`
        /// into `}`; it also folds 0x1A into `:` and 0x0C into `,` (control bytes, as the trait
        /// allows).
        #[inline(always)]
        unsafe fn structural_lanes(self) -> Self {
            // SAFETY: the caller has checked for AVX2 (this trait's contract).
            unsafe {
                let folded = self.or(Self::splat(0x20));
                folded.cmpeq(_mm256_shuffle_epi8(nibble_table(b"{}:,"), folded))
            }
        }
    }
}
