//! Memory copies tuned to their size: short ones without a call, large ones whose speed does not
//! depend on where the bytes sit.
//!
//! Short copies ([`copy_short`], up to [`SHORT_COPY_MAX`] bytes) are a few overlapping unaligned
//! moves inline, where a call to `memcpy` costs more than the copy; they also tell whether the
//! bytes were all ASCII, which costs a few `or`s over the words already loaded, so that a
//! decoder can copy a short string and validate it in one pass.
//!
//! On x86_64, the C library's `memcpy` moves a few KiB and more with `rep movsb`, whose speed
//! depends on the distance between source and destination modulo 4 KiB. Measured with glibc on
//! this project's AMD EPYC machines: on a Zen 4, a 160 KB copy took 2.8–3.0 µs at most
//! distances and 46 µs (16 times longer) when the destination was 1 to 15 bytes past the
//! source; on a Zen 5, 1.3 µs at most distances and 1.75–2.1 µs when it was 1 to 63 bytes past.
//! A binary decoder copies plain blocks out of its input at whatever offset a length prefix
//! leaves them, into memory the allocator chose, so it meets those distances at random.
//! [`copy_nonoverlapping`] therefore copies blocks of [`LARGE_COPY`] bytes and more whose
//! destination sits less than [`SLOW_DISTANCE`] bytes past the source with its own loop of vector
//! loads and stores aligned to the register, which runs at the same speed at every distance
//! (1.7 µs for 160 KB on the Zen 5; AVX2 when the CPU has it). From [`CACHED_COPY_END`] up, beyond
//! the core's caches, every copy is left to `memcpy`: there its speed no longer depended on the
//! distance (6 MB at distances 0, 3, 16, 200 and 2048 on the Zen 5), and it was as fast as the
//! loop or up to 10% faster. Every other copy is left to `memcpy` as well.

#[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
mod simd;

/// The size from which [`copy_nonoverlapping`] uses its own loop instead of `memcpy`.
pub const LARGE_COPY: usize = 2048;

/// The size from which [`copy_nonoverlapping`] leaves every copy to `memcpy`, at every distance.
pub const CACHED_COPY_END: usize = 1 << 20;

/// How far past its source, modulo 4 KiB, a destination slows `memcpy` down (see the [module
/// docs](self)): from 1 to `SLOW_DISTANCE - 1` bytes.
pub const SLOW_DISTANCE: usize = 64;

/// Copies `len` bytes from `src` to `dst`: [`core::ptr::copy_nonoverlapping`], or its own loop
/// for copies from [`LARGE_COPY`] up to [`CACHED_COPY_END`] bytes at a distance that slows
/// `memcpy` down (see the [module docs](self)).
///
/// ```
/// let src: Vec<u8> = (0..5000u32).map(|i| i as u8).collect();
/// let mut dst = vec![0u8; 5000];
/// // SAFETY: both regions hold 5000 bytes and are distinct allocations.
/// unsafe { jetwire_core::copy::copy_nonoverlapping(src.as_ptr(), dst.as_mut_ptr(), 5000) };
/// assert_eq!(src, dst);
/// ```
///
/// # Safety
///
/// As for [`core::ptr::copy_nonoverlapping`]: `src` must be valid for reads and `dst` for writes
/// of `len` bytes, and the two regions must not overlap.
#[inline(always)]
pub unsafe fn copy_nonoverlapping(src: *const u8, dst: *mut u8, len: usize) {
    #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
    if (LARGE_COPY..CACHED_COPY_END).contains(&len) && slows_memcpy(src, dst) {
        const { assert!(LARGE_COPY >= simd::MIN_LEN) };
        // SAFETY: forwarded from the caller; `len >= LARGE_COPY >= MIN_LEN`.
        return unsafe { simd::copy_large(src, dst, len) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { core::ptr::copy_nonoverlapping(src, dst, len) }
}

/// Whether `dst` sits 1 to `SLOW_DISTANCE - 1` bytes past `src`, modulo 4 KiB.
#[cfg_attr(not(all(target_arch = "x86_64", not(jetwire_portable))), allow(dead_code))]
#[inline(always)]
fn slows_memcpy(src: *const u8, dst: *mut u8) -> bool {
    let distance = (dst as usize).wrapping_sub(src as usize) % 4096;
    distance.wrapping_sub(1) < SLOW_DISTANCE - 1
}

/// Appends `bytes` to `out` with [`copy_nonoverlapping`].
///
/// ```
/// let mut out = b"head:".to_vec();
/// jetwire_core::copy::extend_from_slice(&mut out, &[7; 4096]);
/// assert_eq!(out.len(), 5 + 4096);
/// assert!(out[5..].iter().all(|&b| b == 7));
/// ```
#[inline(always)]
pub fn extend_from_slice(out: &mut Vec<u8>, bytes: &[u8]) {
    out.reserve(bytes.len());
    let len = out.len();
    // SAFETY: `reserve` left room for `bytes.len()` bytes after `len`; `bytes` is borrowed shared
    // while `out` is borrowed mutably, so they do not overlap; `set_len` covers the bytes just
    // written.
    unsafe {
        copy_nonoverlapping(bytes.as_ptr(), out.as_mut_ptr().add(len), bytes.len());
        out.set_len(len + bytes.len());
    }
}

/// The longest copy [`copy_short`] makes.
pub const SHORT_COPY_MAX: usize = 64;

/// Copies `n` bytes from `src` to `dst` with at most four overlapping unaligned moves (a few
/// byte moves below four bytes), and returns whether every byte copied is ASCII.
///
/// ```
/// let mut dst = [0u8; 40];
/// let text = "a string of exactly 33 bytes, héh";
/// // SAFETY: `dst` holds 40 bytes and `text` 33 (both at most SHORT_COPY_MAX), in distinct places.
/// let ascii = unsafe { jetwire_core::copy::copy_short(dst.as_mut_ptr(), text.as_ptr(), text.len()) };
/// assert!(!ascii);
/// assert_eq!(&dst[..text.len()], text.as_bytes());
/// ```
///
/// # Safety
///
/// `n <= SHORT_COPY_MAX`; `src` is valid for reading `n` bytes and `dst` for writing `n` bytes,
/// and the two ranges do not overlap.
#[inline(always)]
pub unsafe fn copy_short(dst: *mut u8, src: *const u8, n: usize) -> bool {
    // SAFETY: forwarded from the caller.
    unsafe { short_windows::<true>(dst, src, n) }
}

/// A new `Vec` holding `bytes`, allocated at their length, and whether they are known to be
/// ASCII. Up to [`SHORT_COPY_MAX`] bytes are copied inline by [`copy_short`], whose answer comes
/// with the copy; longer ones are copied by [`copy_nonoverlapping`] and not checked (`false`).
/// Decoders build owned strings with it: one allocation and no call to `memcpy` for the short
/// strings that most messages hold, and a UTF-8 check only where the answer is `false`.
///
/// ```
/// use jetwire_core::copy::to_vec_checking_ascii;
/// assert_eq!(to_vec_checking_ascii(b"plain"), (b"plain".to_vec(), true));
/// assert_eq!(to_vec_checking_ascii("héllo".as_bytes()), ("héllo".as_bytes().to_vec(), false));
/// ```
#[inline(always)]
pub fn to_vec_checking_ascii(bytes: &[u8]) -> (Vec<u8>, bool) {
    let n = bytes.len();
    let mut out = Vec::with_capacity(n);
    // SAFETY: `out` has capacity for `n` bytes, written from `bytes` (a different allocation) by
    // either copy, each within its limits; `set_len` covers exactly them.
    let ascii = unsafe {
        let ascii = if n <= SHORT_COPY_MAX {
            copy_short(out.as_mut_ptr(), bytes.as_ptr(), n)
        } else {
            copy_nonoverlapping(bytes.as_ptr(), out.as_mut_ptr(), n);
            false
        };
        out.set_len(n);
        ascii
    };
    (out, ascii)
}

/// Whether `bytes` are all ASCII: for up to [`SHORT_COPY_MAX`] bytes, the check of
/// [`copy_short`] without the copy (a few overlapping word loads or-ed together, no loop); longer
/// slices take `<[u8]>::is_ascii`.
///
/// ```
/// use jetwire_core::copy::is_ascii_short;
/// assert!(is_ascii_short(b"GET /index.html HTTP/1.1"));
/// assert!(!is_ascii_short("café".as_bytes()));
/// ```
#[inline(always)]
pub fn is_ascii_short(bytes: &[u8]) -> bool {
    if bytes.len() > SHORT_COPY_MAX {
        return bytes.is_ascii();
    }
    // SAFETY: `bytes.len() <= SHORT_COPY_MAX` readable bytes; nothing is written (`COPY` is
    // false, so `dst` is never used).
    unsafe { short_windows::<false>(core::ptr::null_mut(), bytes.as_ptr(), bytes.len()) }
}

/// [`copy_short`]'s windows over `src[..n]`: whether they were all ASCII, and when `COPY`, the
/// same windows written to `dst`.
///
/// # Safety
///
/// `n <= SHORT_COPY_MAX`; `src` is valid for reading `n` bytes; when `COPY`, `dst` is valid for
/// writing `n` bytes and the two ranges do not overlap.
#[inline(always)]
unsafe fn short_windows<const COPY: bool>(dst: *mut u8, src: *const u8, n: usize) -> bool {
    debug_assert!(n <= SHORT_COPY_MAX);
    // Every window moved is or-ed into the result: the windows cover every byte, so its high
    // bits say whether any byte was 0x80 or above. A caller that ignores the answer loses the
    // `or`s.
    //
    // SAFETY: every window lies in `0..n` (each starts at 0, ends at `n`, or sits at 8, 16 or
    // `n / 2`, and is no longer than `n`, since the branch conditions bound `n` from below), and
    // together they cover all of it; `move_windows` reads them from `src` and, when `COPY`,
    // writes them to the same offsets of `dst`.
    unsafe {
        if n > 32 {
            move_windows::<u128, 4, COPY>(dst, src, [0, 16, n - 32, n - 16])
        } else if n >= 16 {
            move_windows::<u64, 4, COPY>(dst, src, [0, 8, n - 16, n - 8])
        } else if n >= 8 {
            move_windows::<u64, 2, COPY>(dst, src, [0, n - 8])
        } else if n >= 4 {
            move_windows::<u32, 2, COPY>(dst, src, [0, n - 4])
        } else if n > 0 {
            // One to three bytes: the first, the middle and the last cover them all.
            move_windows::<u8, 3, COPY>(dst, src, [0, n / 2, n - 1])
        } else {
            true
        }
    }
}

/// An unsigned integer moved as one unaligned window by [`copy_short`].
trait Window: Copy + core::ops::BitOr<Output = Self> + core::ops::BitAnd<Output = Self> + Eq {
    /// Zero.
    const ZERO: Self;
    /// The high bit of every byte.
    const HIGH_BITS: Self;
}

macro_rules! window {
    ($($ty:ty),*) => {$(
        impl Window for $ty {
            const ZERO: Self = 0;
            const HIGH_BITS: Self = <$ty>::from_ne_bytes([0x80; size_of::<$ty>()]);
        }
    )*};
}

window!(u8, u32, u64, u128);

/// Reads the `W`-sized windows of `src` at the offsets `at` (all before writing any), writes
/// them at the same offsets of `dst` when `COPY`, and returns whether they were all ASCII.
///
/// # Safety
///
/// Each window `at[i]..at[i] + size_of::<W>()` must be readable in `src` and, when `COPY`,
/// writable in `dst`, and the two ranges must not overlap.
#[inline(always)]
unsafe fn move_windows<W: Window, const K: usize, const COPY: bool>(
    dst: *mut u8,
    src: *const u8,
    at: [usize; K],
) -> bool {
    // SAFETY: forwarded from the caller; unaligned reads and writes need no alignment.
    unsafe {
        let windows = at.map(|offset| src.add(offset).cast::<W>().read_unaligned());
        let mut seen = W::ZERO;
        for (offset, window) in at.into_iter().zip(windows) {
            if COPY {
                dst.add(offset).cast::<W>().write_unaligned(window);
            }
            seen = seen | window;
        }
        seen & W::HIGH_BITS == W::ZERO
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every length around the threshold and the loop's steps, at every source and destination
    /// alignment within a register, against `copy_from_slice`; the bytes around the destination
    /// stay untouched.
    #[test]
    fn copies_every_length_and_alignment() {
        let source: Vec<u8> = (0..LARGE_COPY as u32 * 3).map(|i| (i * 7 + i / 251) as u8).collect();
        let lengths = (0..300).chain(LARGE_COPY - 40..LARGE_COPY + 300).chain([LARGE_COPY * 2 + 17]);
        for len in lengths {
            for (from, to) in [(0, 0), (1, 0), (0, 1), (3, 17), (31, 5), (16, 32), (33, 63)] {
                let mut target = vec![0xA5u8; len + 128];
                // SAFETY: `source[from..from + len]` and `target[to..to + len]` are in bounds
                // (len + 64 < source.len(), to + len < target.len()) and distinct allocations.
                unsafe { copy_nonoverlapping(source.as_ptr().add(from), target.as_mut_ptr().add(to), len) };
                assert_eq!(&target[to..to + len], &source[from..from + len], "len {len} from {from} to {to}");
                assert!(target[..to].iter().chain(&target[to + len..]).all(|&b| b == 0xA5), "len {len}");
            }
        }
    }

    /// Every short length at a few offsets: the exact bytes, nothing around them touched, and
    /// the ASCII answer right for a non-ASCII byte at every position.
    #[test]
    fn short_copies_copy_and_classify_every_length() {
        let source: Vec<u8> = (0..SHORT_COPY_MAX as u8 + 8).map(|i| b'!' + i).collect();
        for n in 0..=SHORT_COPY_MAX {
            for from in [0, 1, 7] {
                let mut bytes = source[from..from + n].to_vec();
                for high in std::iter::once(None).chain((0..n).map(Some)) {
                    if let Some(at) = high {
                        bytes[at] = 0xC3;
                    }
                    let mut target = vec![0xA5u8; n + 8];
                    // SAFETY: `n <= SHORT_COPY_MAX`, `bytes` holds `n` bytes and `target[3..]` more.
                    let ascii = unsafe { copy_short(target.as_mut_ptr().add(3), bytes.as_ptr(), n) };
                    assert_eq!(&target[3..3 + n], &bytes[..], "n {n} from {from} high {high:?}");
                    assert!(target[..3].iter().chain(&target[3 + n..]).all(|&b| b == 0xA5), "n {n}");
                    assert_eq!(ascii, high.is_none(), "n {n} from {from} high {high:?}");
                    assert_eq!(is_ascii_short(&bytes), ascii, "is_ascii_short: n {n} high {high:?}");
                    if let Some(at) = high {
                        bytes[at] = source[from + at];
                    }
                }
            }
        }
    }

    #[test]
    fn slow_distances_are_those_just_past_the_source() {
        let at =
            |distance: usize| slows_memcpy(core::ptr::null(), core::ptr::without_provenance_mut(distance));
        for distance in [0, SLOW_DISTANCE, 4095, 4096, 4096 + SLOW_DISTANCE, usize::MAX] {
            assert!(!at(distance), "distance {distance}");
        }
        for distance in [1, 2, SLOW_DISTANCE - 1, 4097, 4096 * 7 + SLOW_DISTANCE - 1] {
            assert!(at(distance), "distance {distance}");
        }
    }

    /// Copies at every distance around the slow ones, within the caches and beyond them, so
    /// that both `memcpy` and the loop (in both its register widths) are taken.
    #[test]
    fn copies_at_every_distance_around_the_slow_ones() {
        for len in [LARGE_COPY, LARGE_COPY * 3 + 5, (1 << 20) + 77] {
            let source: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
            let mut target = vec![0u8; len + 8192];
            for distance in (0..=SLOW_DISTANCE + 2).chain([4093, 4095]) {
                // The offset of `target` that puts the copy `distance` bytes past the source.
                let base = (target.as_ptr() as usize).wrapping_sub(source.as_ptr() as usize) % 4096;
                let offset = (distance + 4096 - base) % 4096;
                target.fill(0);
                // SAFETY: `offset < 4096` and `target` holds `len + 8192` bytes; distinct allocations.
                unsafe { copy_nonoverlapping(source.as_ptr(), target.as_mut_ptr().add(offset), len) };
                assert_eq!(&target[offset..offset + len], &source[..], "len {len} distance {distance}");
                assert!(target[..offset].iter().chain(&target[offset + len..]).all(|&b| b == 0));
            }
        }
    }

    /// A copy beyond the caches (which takes SSE2 registers on x86_64) at an odd length and
    /// distance.
    #[test]
    fn copies_beyond_the_caches() {
        let len = (1 << 20) + 77;
        let source: Vec<u8> = (0..len + 3).map(|i| (i % 251) as u8).collect();
        let mut target = vec![0u8; len + 64];
        // SAFETY: `source[3..3 + len]` and `target[5..5 + len]` are in bounds and distinct.
        unsafe { copy_nonoverlapping(source.as_ptr().add(3), target.as_mut_ptr().add(5), len) };
        assert_eq!(&target[5..5 + len], &source[3..]);
        assert!(target[..5].iter().chain(&target[5 + len..]).all(|&b| b == 0));
    }

    #[test]
    #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
    fn both_backends_copy() {
        use crate::arch::x86_64::has_avx2;
        let source: Vec<u8> = (0..10_000u32).map(|i| (i % 253) as u8).collect();
        for len in [32, 33, 64, 127, 128, 129, 1000, 4097, 9999] {
            for to in [0, 1, 15, 16, 31] {
                let mut target = vec![0u8; len + 32];
                // SAFETY: in bounds and distinct, as above; SSE2 is baseline.
                unsafe { simd::copy_large_sse2(source.as_ptr(), target.as_mut_ptr().add(to), len) };
                assert_eq!(&target[to..to + len], &source[..len]);
                if has_avx2() {
                    let mut target = vec![0u8; len + 32];
                    // SAFETY: as above, and AVX2 was detected.
                    unsafe { simd::copy_large_avx2(source.as_ptr(), target.as_mut_ptr().add(to), len) };
                    assert_eq!(&target[to..to + len], &source[..len]);
                }
            }
        }
    }
}
