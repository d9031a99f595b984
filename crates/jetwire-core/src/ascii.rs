//! How far a run of ASCII reaches: [`ascii_prefix_len`] tells how many of 64 bytes are ASCII
//! before the first that is not.
//!
//! A binary decoder that borrows strings checks each one for UTF-8. Most strings are short and
//! ASCII, and consecutive string fields sit next to each other in the input, separated only by
//! their one-byte lengths (ASCII too, below 128). One look at the 64 bytes from a string's start
//! usually covers the next few strings as well: the decoder remembers how far the ASCII reached,
//! and a string that ends inside that run needs no check of its own.

/// How many bytes from `haystack[from]` on are ASCII, looked at a block of 64 bytes at a time:
/// up to `blocks` blocks, stopping after the first that is not all ASCII. `None` when fewer than
/// 64 bytes follow `from` (a caller checks those some other way).
///
/// ```
/// use jetwire_core::ascii::ascii_run;
/// let mut text = [b'a'; 200];
/// text[150] = 0xE9;
/// assert_eq!(ascii_run(&text, 0, 1), Some(64));
/// assert_eq!(ascii_run(&text, 0, 2), Some(128));
/// assert_eq!(ascii_run(&text, 100, 2), Some(50));
/// assert_eq!(ascii_run(&text, 150, 2), None);
/// ```
#[inline(always)]
pub fn ascii_run(haystack: &[u8], from: usize, blocks: usize) -> Option<usize> {
    let mut run = ascii_prefix_len(block_at(haystack, from)?);
    let mut looked = 1;
    while looked < blocks && run == 64 * looked {
        let Some(block) = block_at(haystack, from + run) else { break };
        run += ascii_prefix_len(block);
        looked += 1;
    }
    Some(run)
}

/// The 64 bytes of `haystack` from `at`, if there are that many.
#[inline(always)]
fn block_at(haystack: &[u8], at: usize) -> Option<&[u8; 64]> {
    haystack.get(at..at + 64)?.try_into().ok()
}

/// How many bytes of `block` are ASCII before the first that is not (64 when all are).
///
/// On x86_64 this is four SSE2 loads, their sign bits gathered into one mask, and one
/// `tzcnt`; elsewhere eight 8-byte words.
///
/// ```
/// use jetwire_core::ascii::ascii_prefix_len;
/// let mut block = [b'a'; 64];
/// assert_eq!(ascii_prefix_len(&block), 64);
/// block[40] = 0xC3;
/// assert_eq!(ascii_prefix_len(&block), 40);
/// ```
#[inline(always)]
pub fn ascii_prefix_len(block: &[u8; 64]) -> usize {
    #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
    {
        high_bits_sse2(block).trailing_zeros() as usize
    }
    #[cfg(not(all(target_arch = "x86_64", not(jetwire_portable))))]
    {
        ascii_prefix_len_words(block)
    }
}

/// One bit per byte of `block`, set where the byte is 0x80 or above.
#[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
#[inline(always)]
fn high_bits_sse2(block: &[u8; 64]) -> u64 {
    use core::arch::x86_64::__m128i;

    use crate::arch::vector::Vector;

    let lanes = |i: usize| -> u64 {
        // SAFETY: SSE2 is part of the x86_64 baseline; the 16 bytes at `16 * i` (i < 4) lie in
        // `block`, and the load needs no alignment.
        let register = unsafe { <__m128i as Vector>::load_unaligned(block.as_ptr().add(16 * i)) };
        // SAFETY: as above; `movemask` gathers each lane's top bit.
        u64::from(unsafe { register.movemask() })
    };
    lanes(0) | lanes(1) << 16 | lanes(2) << 32 | lanes(3) << 48
}

/// [`ascii_prefix_len`] with 8-byte words, for targets without a vector backend (and as the
/// reference the vector version is tested against).
#[cfg_attr(all(target_arch = "x86_64", not(jetwire_portable)), allow(dead_code))]
#[inline(always)]
fn ascii_prefix_len_words(block: &[u8; 64]) -> usize {
    for (i, word) in block.chunks_exact(8).enumerate() {
        let word = u64::from_le_bytes(word.try_into().expect("8-byte chunks"));
        let high = word & 0x8080_8080_8080_8080;
        if high != 0 {
            return 8 * i + (high.trailing_zeros() / 8) as usize;
        }
    }
    64
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn naive(block: &[u8; 64]) -> usize {
        block.iter().position(|&b| b >= 0x80).unwrap_or(64)
    }

    proptest! {
        #[test]
        fn every_version_matches_the_naive_one(
            ascii in proptest::collection::vec(0u8..0x80, 64),
            high in proptest::collection::vec((0usize..64, 0x80u8..=0xFF), 0..4),
        ) {
            let mut block: [u8; 64] = ascii.try_into().unwrap();
            for (at, byte) in high {
                block[at] = byte;
            }
            prop_assert_eq!(ascii_prefix_len(&block), naive(&block));
            prop_assert_eq!(ascii_prefix_len_words(&block), naive(&block));
        }
    }

    proptest! {
        #[test]
        fn runs_stop_at_the_first_high_byte_or_after_the_blocks_looked_at(
            len in 0usize..300,
            high in proptest::option::of(0usize..300),
            from in 0usize..300,
            blocks in 1usize..4,
        ) {
            let mut text = vec![b'a'; len];
            if let Some(at) = high.filter(|&at| at < len) {
                text[at] = 0xC3;
            }
            let expected = (len.saturating_sub(from) >= 64).then(|| {
                let ascii = text[from..].iter().position(|&b| b >= 0x80).unwrap_or(len - from);
                // Whole blocks that fit, all ASCII, then the block that holds the high byte.
                let whole = ((len - from) / 64).min(blocks) * 64;
                ascii.min(whole)
            });
            prop_assert_eq!(ascii_run(&text, from, blocks), expected);
        }
    }

    #[test]
    fn every_position_of_a_first_high_byte_is_found() {
        for at in 0..64 {
            for byte in [0x80, 0xC3, 0xFF] {
                let mut block = [0x7F; 64];
                block[at] = byte;
                assert_eq!(ascii_prefix_len(&block), at);
                assert_eq!(ascii_prefix_len_words(&block), at);
            }
        }
        assert_eq!(ascii_prefix_len(&[0x7F; 64]), 64);
    }
}
