//! The scanning algorithms, written once over [`Vector`] and instantiated by each x86_64
//! backend (`x86_64/sse2.rs`, `x86_64/avx2.rs`).
//!
//! Every function takes the whole haystack and a position `from` up to which the caller has
//! already looked (the dispatching layer tests the first register inline, so that short strings
//! never leave the caller). A haystack must hold at least one register: its last, partial
//! register is read as the register that ends with the haystack, overlapping bytes already
//! seen, whose lanes are then ignored. Nothing reads outside the haystack.

use crate::arch::vector::Vector;

/// The most [`copy_plain_run`] grows its output by at once: enough for long runs to need few
/// reallocations, small enough that a short string read from a long document stays small.
const GROWTH: usize = 256;

/// The three registers that classify string content.
#[derive(Clone, Copy)]
struct Specials<V> {
    quote: V,
    backslash: V,
    last_control: V,
}

impl<V: Vector> Specials<V> {
    /// # Safety
    ///
    /// `V`'s instruction set must be available.
    #[inline(always)]
    unsafe fn new() -> Self {
        // SAFETY: the caller has checked `V`'s instruction set.
        unsafe {
            Specials { quote: V::splat(b'"'), backslash: V::splat(b'\\'), last_control: V::splat(0x1F) }
        }
    }

    /// A bit per lane of `block`: set where the byte is `"`, `\` or below 0x20.
    ///
    /// # Safety
    ///
    /// `V`'s instruction set must be available.
    #[inline(always)]
    unsafe fn lanes(self, block: V) -> u32 {
        // SAFETY: register operations only; the caller has checked `V`'s instruction set.
        unsafe {
            let quote = block.cmpeq_in_register(self.quote);
            let backslash = block.cmpeq_in_register(self.backslash);
            // `min(b, 0x1F) == b` exactly when `b <= 0x1F` (an unsigned comparison SSE2 lacks).
            let control = block.min(self.last_control).cmpeq_in_register(block);
            quote.or(backslash).or(control).movemask()
        }
    }
}

/// A bit per lane of the `V::LANES` bytes at `ptr`: set where the byte is `"`, `\` or below
/// 0x20. The dispatching layer's inline first step.
///
/// # Safety
///
/// `V`'s instruction set must be available, and `ptr` valid for reading `V::LANES` bytes.
#[inline(always)]
pub(crate) unsafe fn special_mask<V: Vector>(ptr: *const u8) -> u32 {
    // SAFETY: forwarded from the caller.
    unsafe { Specials::<V>::new().lanes(V::load_unaligned(ptr)) }
}

/// A bit per lane of `block`: set where the byte is `"`, `\` or below 0x20.
///
/// # Safety
///
/// `V`'s instruction set must be available.
#[inline(always)]
pub(crate) unsafe fn special_lanes<V: Vector>(block: V) -> u32 {
    // SAFETY: forwarded from the caller.
    unsafe { Specials::<V>::new().lanes(block) }
}

/// JSON whitespace: space, tab, line feed and carriage return (distinct low nibbles, as
/// [`Vector::eq_any`] needs).
pub(crate) const WHITESPACE: &[u8] = b" \t\n\r";

/// `0xFF` in the lanes of `block` that hold JSON whitespace, `0` elsewhere.
///
/// # Safety
///
/// `V`'s instruction set must be available.
#[inline(always)]
pub(crate) unsafe fn whitespace_lanes<V: Vector>(block: V) -> V {
    // SAFETY: forwarded from the caller.
    unsafe { block.eq_any(WHITESPACE) }
}

/// `0xFF` in the lanes of `block` that hold an ASCII digit, `0` elsewhere.
///
/// # Safety
///
/// `V`'s instruction set must be available.
#[inline(always)]
unsafe fn digit_lanes<V: Vector>(block: V) -> V {
    // SAFETY: register operations only; the caller has checked the instruction set.
    unsafe {
        // Flipping bits 4 and 5 maps `0`..=`9` to 0..=9 and every other byte above 9.
        let offset = block.xor(V::splat(0x30));
        offset.min(V::splat(9)).cmpeq(offset)
    }
}

/// A bit per lane of the `V::LANES` bytes at `ptr`: set where the byte is JSON whitespace.
///
/// # Safety
///
/// `V`'s instruction set must be available, and `ptr` valid for reading `V::LANES` bytes.
#[inline(always)]
pub(crate) unsafe fn whitespace_mask<V: Vector>(ptr: *const u8) -> u32 {
    // SAFETY: forwarded from the caller.
    unsafe { whitespace_lanes(V::load_unaligned(ptr)).movemask() }
}

/// A bit per lane of the `V::LANES` bytes at `ptr`: set where the byte is an ASCII digit.
///
/// # Safety
///
/// `V`'s instruction set must be available, and `ptr` valid for reading `V::LANES` bytes.
#[inline(always)]
pub(crate) unsafe fn digit_mask<V: Vector>(ptr: *const u8) -> u32 {
    // SAFETY: forwarded from the caller.
    unsafe { digit_lanes(V::load_unaligned(ptr)).movemask() }
}

/// See [`crate::scan::end_of_digits`]: a register at a time while a whole one remains, then
/// the portable word-at-a-time steps for the rest.
///
/// # Safety
///
/// `V`'s instruction set must be available.
#[inline(always)]
pub(crate) unsafe fn end_of_digits<V: Vector>(haystack: &[u8], mut at: usize) -> usize {
    while let Some(chunk) = haystack.get(at..at + V::LANES) {
        // SAFETY: `chunk` holds `V::LANES` readable bytes; the caller has checked the
        // instruction set.
        let digits = unsafe { digit_mask::<V>(chunk.as_ptr()) };
        if digits != all_lanes::<V>() {
            return at + digits.trailing_ones() as usize;
        }
        at += V::LANES;
    }
    super::swar::end_of_digits(haystack, at)
}

/// A mask of bits for every lane of `V`.
#[inline(always)]
fn all_lanes<V: Vector>() -> u32 {
    const { assert!(V::LANES <= 32) };
    u32::MAX >> (32 - V::LANES)
}

/// See [`crate::scan::find_string_special`]; `haystack[..from]` holds no special byte.
///
/// # Safety
///
/// `V`'s instruction set must be available, and `haystack.len() >= V::LANES`.
#[inline(always)]
pub(crate) unsafe fn find_string_special<V: Vector>(haystack: &[u8], from: usize) -> Option<usize> {
    debug_assert!(haystack.len() >= V::LANES);
    let len = haystack.len();
    let ptr = haystack.as_ptr();
    // SAFETY: the caller has checked `V`'s instruction set.
    let specials = unsafe { Specials::<V>::new() };
    let mut i = from;
    while i + V::LANES <= len {
        // SAFETY: `i + LANES <= len`: the load stays inside the haystack.
        let mask = unsafe { specials.lanes(V::load_unaligned(ptr.add(i))) };
        if mask != 0 {
            return Some(i + mask.trailing_zeros() as usize);
        }
        i += V::LANES;
    }
    if i < len {
        let last = len - V::LANES;
        // SAFETY: `len >= LANES` (the caller's contract): the load reads `haystack[last..len]`.
        let mask = unsafe { specials.lanes(V::load_unaligned(ptr.add(last))) } & (u32::MAX << (i - last));
        if mask != 0 {
            return Some(last + mask.trailing_zeros() as usize);
        }
    }
    None
}

/// See [`crate::scan::skip_whitespace`]; `haystack[..from]` is all whitespace.
///
/// # Safety
///
/// `V`'s instruction set must be available, and `haystack.len() >= V::LANES`.
#[inline(always)]
pub(crate) unsafe fn skip_whitespace<V: Vector>(haystack: &[u8], from: usize) -> usize {
    debug_assert!(haystack.len() >= V::LANES);
    let len = haystack.len();
    let ptr = haystack.as_ptr();
    let mut i = from;
    while i + V::LANES <= len {
        // SAFETY: `i + LANES <= len`: the load stays inside the haystack.
        let other = !unsafe { whitespace_mask::<V>(ptr.add(i)) } & all_lanes::<V>();
        if other != 0 {
            return i + other.trailing_zeros() as usize;
        }
        i += V::LANES;
    }
    if i < len {
        let last = len - V::LANES;
        // SAFETY: `len >= LANES` (the caller's contract): the load reads `haystack[last..len]`.
        let whitespace = unsafe { whitespace_mask::<V>(ptr.add(last)) };
        let other = !whitespace & all_lanes::<V>() & (u32::MAX << (i - last));
        if other != 0 {
            return last + other.trailing_zeros() as usize;
        }
    }
    len
}

/// See [`crate::scan::copy_plain_run`]: registers are loaded, stored to the output and tested
/// at once, so a run costs no separate copy. `source[..copied]`, already known to be plain, are
/// the last `copied` bytes of `out`. Returns the run's length from the start of `source`.
///
/// Between capacity checks the loop copies a stretch of whole registers that fit both the
/// source and the spare capacity, so a writer that reserved room for its text up front checks
/// once. The output grows by at most [`GROWTH`] bytes at a time as the run is found, never by
/// the length of `source`, which may be the whole rest of a document.
///
/// # Safety
///
/// `V`'s instruction set must be available, `source.len() >= V::LANES`, and
/// `copied <= out.len()` with `copied <= source.len()`: the overlapping last register is stored
/// over the copies of bytes before `copied`, at the end of `out`.
#[inline(always)]
pub(crate) unsafe fn copy_plain_run<V: Vector>(out: &mut Vec<u8>, source: &[u8], copied: usize) -> usize {
    debug_assert!(source.len() >= V::LANES && out.len() >= copied && copied <= source.len());
    let len = source.len();
    let src = source.as_ptr();
    // SAFETY: the caller has checked `V`'s instruction set.
    let specials = unsafe { Specials::<V>::new() };
    let mut i = copied;
    while i + V::LANES <= len {
        let spare = out.capacity() - out.len();
        if spare < V::LANES {
            out.reserve((len - i).clamp(V::LANES, GROWTH));
            continue;
        }
        let stretch = spare.min(len - i) / V::LANES * V::LANES;
        let at = out.len();
        // SAFETY: every store writes `LANES` bytes at `dst + k` with `k + LANES <= stretch <=
        // spare`, inside the allocation; every load reads `src + i + k` with `i + k + LANES <=
        // i + stretch <= len`. `set_len` covers only bytes just stored.
        unsafe {
            let dst = out.as_mut_ptr().add(at);
            let mut k = 0;
            while k < stretch {
                let block = V::load_unaligned(src.add(i + k));
                block.store_unaligned(dst.add(k));
                let mask = specials.lanes(block);
                if mask != 0 {
                    let run = k + mask.trailing_zeros() as usize;
                    out.set_len(at + run);
                    return i + run;
                }
                k += V::LANES;
            }
            out.set_len(at + stretch);
        }
        i += stretch;
    }
    if i < len {
        // The last register overlaps bytes already copied: store it over them (the same values)
        // and ignore their lanes.
        let last = len - V::LANES;
        let overlap = i - last;
        if out.capacity() - out.len() < V::LANES {
            out.reserve(V::LANES);
        }
        // SAFETY: `source[..i]` are the last `i` bytes of `out` and `overlap <= i`, so the store
        // starts inside the vector at the copy of `source[last]` and, with `LANES` bytes of spare
        // capacity, ends inside the allocation; the load reads `source[last..len]`. `set_len`
        // covers bytes stored by this or earlier registers.
        unsafe {
            let at = out.len() - overlap;
            let block = V::load_unaligned(src.add(last));
            block.store_unaligned(out.as_mut_ptr().add(at));
            let mask = specials.lanes(block) & (u32::MAX << overlap);
            if mask != 0 {
                let run = mask.trailing_zeros() as usize;
                out.set_len(at + run);
                return last + run;
            }
            out.set_len(at + V::LANES);
        }
    }
    len
}
