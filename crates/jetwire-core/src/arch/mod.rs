//! SIMD registers and bit tricks, and nothing about JSON: the vector operations that the
//! scanners ([`crate::scan`]), the structural index ([`crate::structure`]) and the large copy
//! ([`crate::copy`]) are written over, and the run-time choice of instruction set.
//!
//! This module imports nothing from the rest of the crate. The algorithms live with their
//! owners above it, each written once over [`Vector`](vector::Vector) and instantiated per
//! backend there (as memchr's `arch/` holds the registers and its callers the searches).

#[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
pub(crate) mod vector;
#[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
pub(crate) mod x86_64;

/// Bit `i` of the result is the xor of bits `0..=i` of `x`, with six shifts and xors: the
/// portable form of [`Vector::prefix_xor`](vector::Vector::prefix_xor).
#[inline(always)]
pub(crate) fn prefix_xor(mut x: u64) -> u64 {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    x
}
