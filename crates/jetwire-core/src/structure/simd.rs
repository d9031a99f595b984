//! The structural index with SIMD registers: [`classify`] written once over [`Vector`], its
//! SSE2 and AVX2 instances (each with the whole [`index_blocks_with`] loop compiled for its
//! instruction set), and the choice between them.

use core::arch::x86_64::{__m128i, __m256i};

use super::{BLOCK, BlockTokens, ByteClasses, Classifier, Structure, index_blocks_with};
use crate::arch::vector::Vector;
use crate::arch::x86_64::has_avx2;
use crate::scan::simd::whitespace_lanes;

/// See [`super::classify`]: AVX2 when the CPU has it, else SSE2.
#[inline(always)]
pub(crate) fn classify(block: &[u8; BLOCK]) -> ByteClasses {
    if has_avx2() {
        // SAFETY: AVX2 was detected (or is enabled for the whole build).
        unsafe { classify_avx2(block) }
    } else {
        classify_sse2(block)
    }
}

/// See [`super::index_blocks`]: AVX2 when the CPU has it, else SSE2.
#[inline(always)]
pub(crate) fn index_blocks(
    structure: &mut Structure,
    input: &[u8],
    from: usize,
    out: &mut [BlockTokens],
) -> usize {
    if has_avx2() {
        // SAFETY: AVX2 and PCLMULQDQ were detected (or are enabled for the whole build).
        unsafe { index_blocks_avx2(structure, input, from, out) }
    } else {
        index_blocks_sse2(structure, input, from, out)
    }
}

/// [`classify_with`] over SSE2 registers.
#[inline]
pub(crate) fn classify_sse2(block: &[u8; BLOCK]) -> ByteClasses {
    // SAFETY: SSE2 is baseline.
    unsafe { classify_with::<__m128i>(block) }
}

/// [`classify_with`] over AVX2 registers.
///
/// # Safety
///
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) unsafe fn classify_avx2(block: &[u8; BLOCK]) -> ByteClasses {
    // SAFETY: forwarded from the caller.
    unsafe { classify_with::<__m256i>(block) }
}

/// [`index_blocks_with`] over SSE2 registers.
#[inline]
pub(crate) fn index_blocks_sse2(
    structure: &mut Structure,
    input: &[u8],
    from: usize,
    out: &mut [BlockTokens],
) -> usize {
    // SAFETY: SSE2 is baseline.
    unsafe { index_blocks_with::<__m128i>(structure, input, from, out) }
}

/// [`index_blocks_with`] over AVX2 registers, with PCLMULQDQ's prefix xor.
///
/// # Safety
///
/// The CPU must support AVX2 and PCLMULQDQ.
#[target_feature(enable = "avx2,pclmulqdq")]
#[inline]
pub(crate) unsafe fn index_blocks_avx2(
    structure: &mut Structure,
    input: &[u8],
    from: usize,
    out: &mut [BlockTokens],
) -> usize {
    // SAFETY: the caller guarantees AVX2 and PCLMULQDQ.
    unsafe { index_blocks_with::<__m256i>(structure, input, from, out) }
}

/// See [`super::classify`]: one 64-byte block, `64 / V::LANES` registers.
///
/// # Safety
///
/// `V`'s instruction set must be available.
#[inline(always)]
unsafe fn classify_with<V: Vector>(block: &[u8; BLOCK]) -> ByteClasses {
    let mut classes = ByteClasses::default();
    let mut offset = 0;
    while offset < BLOCK {
        // SAFETY: `offset + LANES <= 64` (LANES divides 64): the load stays inside the block;
        // register operations only otherwise, with the instruction set checked by the caller.
        unsafe {
            let bytes = V::load_unaligned(block.as_ptr().add(offset));
            let at = |lanes: V| u64::from(lanes.movemask()) << offset;
            classes.quote |= at(bytes.cmpeq(V::splat(b'"')));
            classes.backslash |= at(bytes.cmpeq(V::splat(b'\\')));
            // Bit 5 set folds `[` into `{` and `]` into `}` (and the control bytes 0x1A into `:`
            // and 0x0C into `,`, which the control mask takes back out below).
            classes.structural |= at(bytes.or(V::splat(0x20)).eq_any(b"{}:,"));
            classes.whitespace |= at(whitespace_lanes(bytes));
            classes.control |= at(bytes.min(V::splat(0x1F)).cmpeq(bytes));
        }
        offset += V::LANES;
    }
    classes.structural &= !classes.control;
    // Hide the masks' origin from the optimizer: seeing them as vectors of booleans, it turns
    // the integer arithmetic that follows (shifts, additions, prefix xors) into bit-by-bit
    // shuffles, ten times slower.
    for mask in [
        &mut classes.quote,
        &mut classes.backslash,
        &mut classes.structural,
        &mut classes.whitespace,
        &mut classes.control,
    ] {
        *mask = opaque(*mask);
    }
    classes
}

/// `value`, through an empty `asm!` block that the optimizer cannot see into.
#[inline(always)]
fn opaque(mut value: u64) -> u64 {
    // SAFETY: an empty instruction sequence that reads and writes one register and touches
    // nothing else (no memory, no stack, no flags).
    unsafe {
        core::arch::asm!("/* {0} */", inout(reg) value, options(pure, nomem, nostack, preserves_flags))
    };
    value
}

impl<V: Vector> Classifier for V {
    #[inline(always)]
    unsafe fn classify(block: &[u8; BLOCK]) -> ByteClasses {
        // SAFETY: forwarded from the caller.
        unsafe { classify_with::<V>(block) }
    }

    #[inline(always)]
    unsafe fn prefix_xor(x: u64) -> u64 {
        // SAFETY: forwarded from the caller.
        unsafe { V::prefix_xor(x) }
    }
}
