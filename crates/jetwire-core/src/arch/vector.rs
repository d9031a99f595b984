//! The vector operations the scanners need, implemented once per SIMD width.
//!
//! The scanning algorithms (`scan/simd.rs`, `structure/simd.rs`, `copy/simd.rs`) are written
//! once against [`Vector`]; each backend instantiates them with its register type (`sse2.rs`,
//! `avx2.rs` here) inside a function compiled for its instruction set, where these
//! `#[inline(always)]` methods become single instructions.

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
        super::prefix_xor(x)
    }

    /// `0xFF` in the lanes equal to one of `bytes`, `0` elsewhere: one comparison per byte, or
    /// one table lookup where the backend has a byte shuffle.
    ///
    /// `bytes` must be ASCII with distinct low nibbles (at most 16 of them): a backend may keep
    /// them in a table indexed by the low four bits. Callers pass constants, so the table is
    /// built at compile time.
    #[inline(always)]
    unsafe fn eq_any(self, bytes: &[u8]) -> Self {
        debug_assert!(distinct_ascii_nibbles(bytes));
        // SAFETY: register operations only; the caller has checked the instruction set.
        let eq = |i: usize| unsafe { self.cmpeq(Self::splat(bytes[i])) };
        // Or'ed in pairs first, so that four bytes take two steps of latency, not three.
        // SAFETY: as above.
        let pair = |i: usize| if i + 1 < bytes.len() { unsafe { eq(i).or(eq(i + 1)) } } else { eq(i) };
        let mut lanes = pair(0);
        let mut i = 2;
        while i < bytes.len() {
            // SAFETY: as above.
            lanes = unsafe { lanes.or(pair(i)) };
            i += 2;
        }
        lanes
    }
}

/// Whether `bytes` are ASCII with distinct low nibbles: the contract of [`Vector::eq_any`].
pub(crate) fn distinct_ascii_nibbles(bytes: &[u8]) -> bool {
    let mut seen = 0u16;
    for &byte in bytes {
        let bit = 1 << (byte & 0x0F);
        if !byte.is_ascii() || seen & bit != 0 {
            return false;
        }
        seen |= bit;
    }
    !bytes.is_empty()
}
