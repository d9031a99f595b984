//! x86_64 registers and the run-time choice between them.
//!
//! SSE2 is part of the x86_64 baseline. AVX2 is detected once, then read from an atomic; the
//! AVX2 backends also use PCLMULQDQ (the structural index's prefix xor), which every CPU with
//! AVX2 has: "AVX2" means both, detected together. A build with both enabled
//! (`-C target-cpu=native` on such a CPU) skips the detection entirely.

use core::sync::atomic::{AtomicU8, Ordering};

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

#[cfg(test)]
mod tests {
    use core::arch::x86_64::{__m128i, __m256i};

    use super::super::vector::{Vector, distinct_ascii_nibbles};
    use super::has_avx2;

    /// `eq_any` over every byte value, in registers of `V`, against a byte-by-byte test.
    ///
    /// # Safety
    ///
    /// `V`'s instruction set must be available.
    unsafe fn check_eq_any<V: Vector>(set: &[u8]) {
        let all: Vec<u8> = (0..=255).collect();
        for chunk in all.chunks_exact(V::LANES) {
            // SAFETY: `chunk` holds `V::LANES` bytes; the caller has checked the instruction set.
            let mask = unsafe { V::load_unaligned(chunk.as_ptr()).eq_any(set).movemask() };
            for (lane, byte) in chunk.iter().enumerate() {
                assert_eq!(mask >> lane & 1 == 1, set.contains(byte), "byte {byte:#04x} of {set:?}");
            }
        }
    }

    #[test]
    fn eq_any_matches_exactly_the_set_in_every_register() {
        for set in [&b" \t\n\r"[..], b"{}:,", b"\"", b"0123456789"] {
            assert!(distinct_ascii_nibbles(set));
            // SAFETY: SSE2 is baseline.
            unsafe { check_eq_any::<__m128i>(set) };
            if has_avx2() {
                // SAFETY: AVX2 was detected.
                unsafe { check_eq_any::<__m256i>(set) };
            }
        }
    }

    #[test]
    fn the_table_contract_refuses_shared_nibbles_and_non_ascii() {
        assert!(!distinct_ascii_nibbles(b"{["));
        assert!(!distinct_ascii_nibbles(&[0x80]));
        assert!(!distinct_ascii_nibbles(b""));
    }
}
