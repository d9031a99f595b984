//! Large memory copies whose speed does not depend on where the bytes sit.
//!
//! On x86_64, the C library's `memcpy` moves a few KiB and more with `rep movsb`, whose speed
//! can depend on the distance between source and destination. Measured on this project's AMD
//! EPYC machine (glibc): a 160 KB copy took 2.8 µs at its best, 3.0 µs for most distances that
//! are not a multiple of 32, and 46 µs (16 times longer) when the destination was 1 to 15 bytes
//! past the source modulo 4 KiB. A binary decoder copies plain blocks out of its input at
//! whatever offset a length prefix leaves them, into memory the allocator chose, so it would
//! meet those cases at random. [`copy_nonoverlapping`] copies blocks of
//! [`LARGE_COPY`] bytes and more with a loop of vector loads and stores aligned to the
//! register (AVX2 when the CPU has it), which ran at the best case's speed for every distance
//! measured; shorter copies stay with `memcpy`, which is fast at those sizes.

/// The size from which [`copy_nonoverlapping`] uses its own loop instead of `memcpy`.
pub const LARGE_COPY: usize = 2048;

/// Copies `len` bytes from `src` to `dst`: [`core::ptr::copy_nonoverlapping`] for bytes, with
/// its own loop for copies of [`LARGE_COPY`] bytes and more (see the [module docs](self)).
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
#[inline]
pub unsafe fn copy_nonoverlapping(src: *const u8, dst: *mut u8, len: usize) {
    #[cfg(target_arch = "x86_64")]
    if len >= LARGE_COPY {
        const { assert!(LARGE_COPY >= crate::arch::x86_64::avx2::LANES) };
        // SAFETY: forwarded from the caller; `len >= LARGE_COPY`, at least a register.
        return unsafe { crate::arch::x86_64::copy_large(src, dst, len) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { core::ptr::copy_nonoverlapping(src, dst, len) }
}

/// Appends `bytes` to `out` with [`copy_nonoverlapping`].
///
/// ```
/// let mut out = b"head:".to_vec();
/// jetwire_core::copy::extend_from_slice(&mut out, &[7; 4096]);
/// assert_eq!(out.len(), 5 + 4096);
/// assert!(out[5..].iter().all(|&b| b == 7));
/// ```
#[inline]
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

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn both_backends_copy() {
        use crate::arch::x86_64::{avx2, has_avx2, sse2};
        let source: Vec<u8> = (0..10_000u32).map(|i| (i % 253) as u8).collect();
        for len in [32, 33, 64, 127, 128, 129, 1000, 4097, 9999] {
            for to in [0, 1, 15, 16, 31] {
                let mut target = vec![0u8; len + 32];
                // SAFETY: in bounds and distinct, as above; SSE2 is baseline.
                unsafe { sse2::copy_large(source.as_ptr(), target.as_mut_ptr().add(to), len) };
                assert_eq!(&target[to..to + len], &source[..len]);
                if has_avx2() {
                    let mut target = vec![0u8; len + 32];
                    // SAFETY: as above, and AVX2 was detected.
                    unsafe { avx2::copy_large(source.as_ptr(), target.as_mut_ptr().add(to), len) };
                    assert_eq!(&target[to..to + len], &source[..len]);
                }
            }
        }
    }
}
