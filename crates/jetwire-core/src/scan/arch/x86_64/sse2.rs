//! SSE2: sixteen bytes at a time. SSE2 is part of the x86_64 baseline, so it needs no detection.

use core::arch::x86_64::{
    __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    _mm_storeu_si128,
};

const LANES: usize = 16;

/// See [`crate::scan::find_string_special`].
#[inline]
pub(crate) fn find_string_special(haystack: &[u8]) -> Option<usize> {
    let mut offset = 0;
    while offset + LANES <= haystack.len() {
        // SAFETY: `offset + 16 <= haystack.len()`, so the unaligned 16-byte load stays inside the
        // slice; SSE2 is always available on x86_64.
        let mask = unsafe { special_mask(haystack.as_ptr().add(offset)) };
        if mask != 0 {
            return Some(offset + mask.trailing_zeros() as usize);
        }
        offset += LANES;
    }
    super::super::all::swar::find_string_special(&haystack[offset..]).map(|i| offset + i)
}

/// See [`crate::scan::copy_plain_run`]: sixteen bytes are loaded, stored to the output and
/// tested at once, so a run costs no separate copy. The output grows as the run is found (by at
/// most [`GROWTH`] bytes at a time), never by the length of `source`, which may be the whole
/// rest of a document.
#[inline]
pub(crate) fn copy_plain_run(out: &mut Vec<u8>, source: &[u8]) -> usize {
    let len = source.len();
    if len < LANES {
        return super::super::all::swar::copy_plain_run(out, source);
    }
    let src = source.as_ptr();
    let mut i = 0;
    while i + LANES <= len {
        if out.capacity() - out.len() < LANES {
            out.reserve((len - i).clamp(LANES, GROWTH));
        }
        // SAFETY: the check above leaves at least 16 bytes of spare capacity, so the 16-byte
        // store at `out.len()` stays inside the allocation; the load reads `src + i` with
        // `i + 16 <= len`. `set_len` then covers only bytes just stored: all 16, or the `run`
        // bytes before the first special one.
        unsafe {
            let at = out.len();
            let block = _mm_loadu_si128(src.add(i).cast::<__m128i>());
            _mm_storeu_si128(out.as_mut_ptr().add(at).cast::<__m128i>(), block);
            let mask = special_lanes(block);
            if mask != 0 {
                let run = mask.trailing_zeros() as usize;
                out.set_len(at + run);
                return i + run;
            }
            out.set_len(at + LANES);
        }
        i += LANES;
    }
    if i < len {
        // The last block overlaps bytes already copied: store it over them (the same values) and
        // ignore their lanes.
        let overlap = i - (len - LANES);
        if out.capacity() - out.len() < LANES {
            out.reserve(LANES);
        }
        // SAFETY: `out.len() >= overlap` (the previous blocks stored at least 16 bytes, and
        // `overlap < 16`), so the store starts inside the vector and, with 16 bytes of spare
        // capacity, ends inside the allocation; the load reads `source[len - 16..len]`. `set_len`
        // covers bytes stored by this or earlier blocks.
        unsafe {
            let at = out.len() - overlap;
            let block = _mm_loadu_si128(src.add(len - LANES).cast::<__m128i>());
            _mm_storeu_si128(out.as_mut_ptr().add(at).cast::<__m128i>(), block);
            let mask = special_lanes(block) & (u32::MAX << overlap);
            if mask != 0 {
                let run = mask.trailing_zeros() as usize;
                out.set_len(at + run);
                return len - LANES + run;
            }
            out.set_len(at + LANES);
        }
    }
    len
}

/// The most [`copy_plain_run`] grows its output by at once: enough for long runs to need few
/// reallocations, small enough that a short string read from a long document stays small.
const GROWTH: usize = 256;

/// A bit per lane of the 16 bytes at `ptr`: set where the byte is `"`, `\` or below 0x20.
///
/// # Safety
///
/// `ptr` must be valid for reading 16 bytes.
#[inline(always)]
unsafe fn special_mask(ptr: *const u8) -> u32 {
    // SAFETY: the caller guarantees 16 readable bytes; `loadu` has no alignment requirement.
    special_lanes(unsafe { _mm_loadu_si128(ptr.cast::<__m128i>()) })
}

/// A bit per lane of `block`: set where the byte is `"`, `\` or below 0x20.
#[inline(always)]
fn special_lanes(block: __m128i) -> u32 {
    // SAFETY: plain SSE2 register operations, which x86_64 always has.
    unsafe {
        let quote = _mm_cmpeq_epi8(block, _mm_set1_epi8(b'"' as i8));
        let backslash = _mm_cmpeq_epi8(block, _mm_set1_epi8(b'\\' as i8));
        // `min(b, 0x1F) == b` exactly when `b <= 0x1F` (an unsigned comparison SSE2 lacks).
        let control = _mm_cmpeq_epi8(_mm_min_epu8(block, _mm_set1_epi8(0x1F)), block);
        _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), control)) as u32
    }
}

/// See [`crate::scan::skip_whitespace`]: sixteen bytes at a time (pretty-printed JSON indents
/// with runs longer than a word).
#[inline]
pub(crate) fn skip_whitespace(haystack: &[u8]) -> usize {
    let mut offset = 0;
    while offset + LANES <= haystack.len() {
        // SAFETY: `offset + 16 <= haystack.len()`, so the 16-byte load stays inside the slice.
        let mask = unsafe { whitespace_mask(haystack.as_ptr().add(offset)) };
        if mask != 0xFFFF {
            return offset + (!mask).trailing_zeros() as usize;
        }
        offset += LANES;
    }
    offset + super::super::all::swar::skip_whitespace(&haystack[offset..])
}

/// A bit per lane of the 16 bytes at `ptr`: set where the byte is JSON whitespace.
///
/// # Safety
///
/// `ptr` must be valid for reading 16 bytes.
#[inline(always)]
unsafe fn whitespace_mask(ptr: *const u8) -> u32 {
    // SAFETY: the caller guarantees 16 readable bytes; the rest are SSE2 register operations.
    unsafe {
        let block = _mm_loadu_si128(ptr.cast::<__m128i>());
        let space = _mm_cmpeq_epi8(block, _mm_set1_epi8(b' ' as i8));
        let tab = _mm_cmpeq_epi8(block, _mm_set1_epi8(b'\t' as i8));
        let newline = _mm_cmpeq_epi8(block, _mm_set1_epi8(b'\n' as i8));
        let carriage = _mm_cmpeq_epi8(block, _mm_set1_epi8(b'\r' as i8));
        _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(space, tab), _mm_or_si128(newline, carriage))) as u32
    }
}
