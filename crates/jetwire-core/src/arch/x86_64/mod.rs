//! x86_64 backends and the run-time choice between them.
//!
//! Each scanner first tests one SSE2 register inline, so that the short strings and whitespace
//! runs that make up most JSON never leave the caller (the short whitespace step, one AVX2
//! register in a build that enables AVX2 throughout). Longer runs continue in the AVX2 backend
//! when the CPU has it (detected once, then read from an atomic), and in SSE2 otherwise. The
//! AVX2 backend also uses PCLMULQDQ (the structural index's prefix xor), which every CPU with
//! AVX2 has: "AVX2" below means both, detected together. A build with both enabled
//! (`-C target-cpu=native` on such a CPU) skips the detection entirely.

use core::sync::atomic::{AtomicU8, Ordering};

use super::all::swar;

pub(crate) mod avx2;
pub(crate) mod sse2;

/// Whether the AVX2 backend may run on this CPU: AVX2 and PCLMULQDQ (which every CPU with AVX2
/// has; the structural index multiplies with it).
#[inline(always)]
pub(crate) fn has_avx2() -> bool {
    if cfg!(all(target_feature = "avx2", target_feature = "pclmulqdq")) {
        return true;
    }
    match DETECTED.load(Ordering::Relaxed) {
        AVX2 => true,
        SSE2_ONLY => false,
        _ => detect(),
    }
}

const UNKNOWN: u8 = 0;
const SSE2_ONLY: u8 = 1;
const AVX2: u8 = 2;

static DETECTED: AtomicU8 = AtomicU8::new(UNKNOWN);

#[cold]
#[inline(never)]
fn detect() -> bool {
    let avx2 = std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("pclmulqdq");
    DETECTED.store(if avx2 { AVX2 } else { SSE2_ONLY }, Ordering::Relaxed);
    avx2
}

/// See [`crate::scan::find_string_special`].
#[inline(always)]
pub(crate) fn find_string_special(haystack: &[u8]) -> Option<usize> {
    if haystack.len() < sse2::LANES {
        return swar::find_string_special(haystack);
    }
    let first = sse2::first_special_mask(haystack);
    if first != 0 {
        return Some(first.trailing_zeros() as usize);
    }
    find_string_special_long(haystack)
}

#[inline(never)]
fn find_string_special_long(haystack: &[u8]) -> Option<usize> {
    if haystack.len() >= avx2::LANES && has_avx2() {
        // SAFETY: AVX2 was detected, and the haystack holds a whole AVX2 register.
        unsafe { avx2::find_string_special(haystack, sse2::LANES) }
    } else {
        sse2::find_string_special(haystack, sse2::LANES)
    }
}

/// See [`crate::scan::skip_whitespace`].
#[inline(always)]
pub(crate) fn skip_whitespace(haystack: &[u8]) -> usize {
    if haystack.len() < sse2::LANES {
        return swar::skip_whitespace(haystack);
    }
    let other = !sse2::first_whitespace_mask(haystack) & 0xFFFF;
    if other != 0 {
        return other.trailing_zeros() as usize;
    }
    skip_whitespace_long(haystack)
}

/// See [`crate::scan::is_whitespace_run`]: the run's mask, one SSE2 register or two.
#[inline(always)]
pub(crate) fn is_whitespace_run(haystack: &[u8], run: usize) -> bool {
    // The lanes up to the byte after the run: whitespace, then something else.
    let expected = |other: u32| other & ((2 << run) - 1) == 1 << run;
    if run < sse2::LANES - 1 {
        return haystack.len() >= sse2::LANES && expected(!sse2::first_whitespace_mask(haystack) & 0xFFFF);
    }
    if run >= crate::scan::SHORT_WHITESPACE - 1 || haystack.len() < 2 * sse2::LANES {
        return false;
    }
    let low = !sse2::first_whitespace_mask(haystack) & 0xFFFF;
    let high = !sse2::first_whitespace_mask(&haystack[sse2::LANES..]) & 0xFFFF;
    expected(low | (high << sse2::LANES))
}

/// See [`crate::scan::skip_short_whitespace`]: one AVX2 register in a build that enables AVX2
/// throughout, else (and for a haystack shorter than that) two SSE2 ones. Never a call: the
/// reader's whitespace step that uses it stays a leaf function that saves no registers.
#[inline(always)]
pub(crate) fn skip_short_whitespace(haystack: &[u8]) -> Option<usize> {
    const { assert!(2 * sse2::LANES == crate::scan::SHORT_WHITESPACE) };
    #[cfg(target_feature = "avx2")]
    if haystack.len() >= avx2::LANES {
        const { assert!(avx2::LANES == crate::scan::SHORT_WHITESPACE) };
        let other = avx2::first_other_than_whitespace(haystack);
        return (other != 0).then(|| other.trailing_zeros() as usize);
    }
    if haystack.len() < sse2::LANES {
        return Some(swar::skip_whitespace(haystack));
    }
    let other = !sse2::first_whitespace_mask(haystack) & 0xFFFF;
    if other != 0 {
        return Some(other.trailing_zeros() as usize);
    }
    let rest = &haystack[sse2::LANES..];
    if rest.len() < sse2::LANES {
        return Some(sse2::LANES + swar::skip_whitespace(rest));
    }
    let other = !sse2::first_whitespace_mask(rest) & 0xFFFF;
    (other != 0).then(|| sse2::LANES + other.trailing_zeros() as usize)
}

#[inline(never)]
fn skip_whitespace_long(haystack: &[u8]) -> usize {
    if haystack.len() >= avx2::LANES && has_avx2() {
        // SAFETY: AVX2 was detected, and the haystack holds a whole AVX2 register.
        unsafe { avx2::skip_whitespace(haystack, sse2::LANES) }
    } else {
        sse2::skip_whitespace(haystack, sse2::LANES)
    }
}

/// See [`crate::scan::copy_plain_run`].
#[inline(always)]
pub(crate) fn copy_plain_run(out: &mut Vec<u8>, source: &[u8]) -> usize {
    if source.len() < sse2::LANES {
        return swar::copy_plain_run(out, source);
    }
    match sse2::copy_first_register(out, source) {
        Ok(run) => run,
        Err(copied) => copy_plain_run_long(out, source, copied),
    }
}

#[inline(never)]
fn copy_plain_run_long(out: &mut Vec<u8>, source: &[u8], copied: usize) -> usize {
    if source.len() >= avx2::LANES && has_avx2() {
        // SAFETY: AVX2 was detected, and the source holds a whole AVX2 register; `copied` is 0 or
        // the 16 bytes `copy_first_register` has just appended to `out` from `source`.
        unsafe { avx2::copy_plain_run(out, source, copied) }
    } else {
        sse2::copy_plain_run(out, source, copied)
    }
}

/// See [`crate::copy::copy_nonoverlapping`]: the large copy, AVX2 when the CPU has it.
///
/// # Safety
///
/// `len >= avx2::LANES`, `src` readable and `dst` writable for `len` bytes, not overlapping.
#[inline(never)]
pub(crate) unsafe fn copy_large(src: *const u8, dst: *mut u8, len: usize) {
    debug_assert!(len >= avx2::LANES);
    if has_avx2() {
        // SAFETY: AVX2 was detected; the rest is forwarded from the caller.
        unsafe { avx2::copy_large(src, dst, len) }
    } else {
        // SAFETY: forwarded from the caller (`len >= avx2::LANES > sse2::LANES`).
        unsafe { sse2::copy_large(src, dst, len) }
    }
}

/// See [`crate::structure::classify`].
#[inline(always)]
pub(crate) fn classify(block: &[u8; 64]) -> crate::structure::ByteClasses {
    if has_avx2() {
        // SAFETY: AVX2 was detected (or is enabled for the whole build).
        unsafe { avx2::classify(block) }
    } else {
        sse2::classify(block)
    }
}

/// See [`crate::structure::index_blocks`].
#[inline(always)]
pub(crate) fn index_blocks(
    structure: &mut crate::structure::Structure,
    input: &[u8],
    from: usize,
    out: &mut [crate::structure::BlockTokens],
) -> usize {
    if has_avx2() {
        // SAFETY: AVX2 and PCLMULQDQ were detected (or are enabled for the whole build).
        unsafe { avx2::index_blocks(structure, input, from, out) }
    } else {
        sse2::index_blocks(structure, input, from, out)
    }
}
