//! The x86_64 scanners and the run-time choice between them.
//!
//! Each scanner first tests one SSE2 register inline, so that the short strings and whitespace
//! runs that make up most JSON never leave the caller (the short whitespace step, one AVX2
//! register in a build that enables AVX2 throughout). Longer runs continue in the AVX2 backend
//! when the CPU has it ([`has_avx2`]), and in SSE2 otherwise.

use super::swar;
use crate::arch::x86_64::has_avx2;

pub(crate) mod avx2;
pub(crate) mod sse2;

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
    if run >= super::SHORT_WHITESPACE - 1 || haystack.len() < 2 * sse2::LANES {
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
    const { assert!(2 * sse2::LANES == super::SHORT_WHITESPACE) };
    #[cfg(target_feature = "avx2")]
    if haystack.len() >= avx2::LANES {
        const { assert!(avx2::LANES == super::SHORT_WHITESPACE) };
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
