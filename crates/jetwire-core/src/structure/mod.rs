//! The structure of JSON text, found 64 bytes at a time: the first stage of a two-stage parse.
//!
//! [`classify`] turns a 64-byte block into bit masks, one bit per byte, of the bytes that matter
//! to JSON's structure (quotes, backslashes, brackets and separators, whitespace and control
//! bytes), with SIMD compares where the CPU has them. [`Structure`] then carries what
//! spans blocks (whether a string is open, whether the first byte is escaped, whether a scalar
//! goes on) and turns each block's classes into [`BlockTokens`]: where every token starts,
//! outside strings, found with integer arithmetic on the masks rather than byte by byte. A second
//! stage walks those starts to check the grammar; bytes inside strings and whitespace are never
//! visited one at a time.
//!
//! ```
//! use jetwire_core::structure::{classify, Structure};
//! let mut block = [b' '; 64];
//! block[..18].copy_from_slice(br#"{"a\"b": [1, tru]}"#);
//! let tokens = Structure::new().next(&classify(&block));
//! let starts: Vec<usize> = (0..64).filter(|i| tokens.starts >> i & 1 == 1).collect();
//! //          {  "a\"b"  :  [  1   ,   tru  ]   }
//! assert_eq!(starts, [0, 1, 7, 9, 10, 11, 13, 16, 17]);
//! ```

#[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
mod simd;

/// Bytes per block.
pub const BLOCK: usize = 64;

/// What each byte of a 64-byte block is: one mask per class, bit `i` for byte `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ByteClasses {
    /// `"`.
    pub quote: u64,
    /// `\`.
    pub backslash: u64,
    /// `{`, `}`, `[`, `]`, `:` and `,`.
    pub structural: u64,
    /// Space, tab, line feed and carriage return.
    pub whitespace: u64,
    /// Bytes below 0x20 (tab, line feed and carriage return among them).
    pub control: u64,
}

/// Classifies the 64 bytes of `block`: with AVX2 or SSE2 registers on x86_64 (chosen at run
/// time once), byte by byte elsewhere.
///
/// ```
/// use jetwire_core::structure::classify;
/// let mut block = [b'x'; 64];
/// block[..4].copy_from_slice(b"[\"\\ ");
/// let classes = classify(&block);
/// assert_eq!((classes.structural, classes.quote, classes.backslash, classes.whitespace), (1, 2, 4, 8));
/// ```
#[inline(always)]
pub fn classify(block: &[u8; BLOCK]) -> ByteClasses {
    #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
    {
        simd::classify(block)
    }
    #[cfg(not(all(target_arch = "x86_64", not(jetwire_portable))))]
    {
        classify_bytes(block)
    }
}

/// [`classify`] one byte at a time: the portable backend and the definition the SIMD backends
/// are tested against.
pub fn classify_bytes(block: &[u8; BLOCK]) -> ByteClasses {
    let mut classes = ByteClasses::default();
    for (i, &byte) in block.iter().enumerate() {
        let bit = 1u64 << i;
        let set = |mask: &mut u64, yes: bool| *mask |= if yes { bit } else { 0 };
        set(&mut classes.quote, byte == b'"');
        set(&mut classes.backslash, byte == b'\\');
        set(&mut classes.structural, matches!(byte, b'{' | b'}' | b'[' | b']' | b':' | b','));
        set(&mut classes.whitespace, matches!(byte, b' ' | b'\t' | b'\n' | b'\r'));
        set(&mut classes.control, byte < 0x20);
    }
    classes
}

/// The tokens of consecutive blocks of `input` from `from`, as many as `out` holds or the input
/// has (the last block padded with spaces past the end), fed through `structure`: the blocks'
/// [`classify`] and [`Structure::next`] in one loop, compiled for the CPU's widest registers.
/// Returns how many blocks it filled.
///
/// ```
/// use jetwire_core::structure::{index_blocks, BlockTokens, Structure};
/// let text = br#"[1, "two", {"three": 3}]"#;
/// let mut tokens = [BlockTokens::default(); 4];
/// assert_eq!(index_blocks(&mut Structure::new(), text, 0, &mut tokens), 1);
/// assert_eq!(tokens[0].starts.count_ones(), 11); // [ 1 , "two" , { "three" : 3 } ]
/// ```
#[inline]
pub fn index_blocks(structure: &mut Structure, input: &[u8], from: usize, out: &mut [BlockTokens]) -> usize {
    #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
    {
        simd::index_blocks(structure, input, from, out)
    }
    #[cfg(not(all(target_arch = "x86_64", not(jetwire_portable))))]
    {
        // SAFETY: the portable classifier needs no particular instructions.
        unsafe { index_blocks_with::<Bytewise>(structure, input, from, out) }
    }
}

/// A way to [`classify`] a block: the loop of [`index_blocks`] is written once over it and
/// inlined into each backend, so that the classifier's registers stay in the backend's
/// instruction set.
pub(crate) trait Classifier {
    /// # Safety
    ///
    /// The classifier's instruction set must be available.
    unsafe fn classify(block: &[u8; BLOCK]) -> ByteClasses;

    /// Bit `i` of the result is the xor of bits `0..=i` of `x`.
    ///
    /// # Safety
    ///
    /// The classifier's instruction set must be available.
    #[inline(always)]
    unsafe fn prefix_xor(x: u64) -> u64 {
        crate::arch::prefix_xor(x)
    }
}

/// The portable classifier, [`classify_bytes`].
pub(crate) struct Bytewise;

impl Classifier for Bytewise {
    #[inline(always)]
    unsafe fn classify(block: &[u8; BLOCK]) -> ByteClasses {
        classify_bytes(block)
    }
}

/// [`index_blocks`] with the classifier `C`.
///
/// # Safety
///
/// `C`'s instruction set must be available.
#[inline(always)]
pub(crate) unsafe fn index_blocks_with<C: Classifier>(
    structure: &mut Structure,
    input: &[u8],
    from: usize,
    out: &mut [BlockTokens],
) -> usize {
    let mut filled = 0;
    let mut base = from;
    while filled < out.len() && base < input.len() {
        let classes = match input.get(base..base + BLOCK) {
            // SAFETY: the caller has checked `C`'s instruction set.
            Some(block) => unsafe { C::classify(block.try_into().expect("a slice of BLOCK bytes")) },
            None => {
                let mut block = [b' '; BLOCK];
                block[..input.len() - base].copy_from_slice(&input[base..]);
                // SAFETY: the caller has checked `C`'s instruction set.
                unsafe { C::classify(&block) }
            }
        };
        // SAFETY: the caller has checked `C`'s instruction set.
        out[filled] = unsafe { structure.next_with::<C>(&classes) };
        filled += 1;
        base += BLOCK;
    }
    filled
}

/// One block's tokens and the string facts the second stage must check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlockTokens {
    /// Where each token starts: a structural byte outside strings, a string's opening quote, or
    /// the first byte of a run of other bytes outside strings (a number, a literal, or bytes that
    /// are neither and make the text invalid).
    pub starts: u64,
    /// Control bytes inside strings: the text is invalid if any is set.
    pub string_controls: u64,
    /// Bytes inside strings, other than backslashes, that follow an escaping backslash: each must
    /// be one of `"/bfnrtu`, and a `u` must be followed by four hex digits. (An escaped
    /// backslash is always valid and not reported.)
    pub escaped: u64,
}

/// The bookkeeping that runs from block to block: feed it the classes of consecutive blocks
/// with [`next`](Self::next).
///
/// Strings are found from the quotes that no backslash escapes; a backslash escapes the byte
/// after it when it ends an odd-length run of backslashes. Escapes are found the same way outside
/// strings (an escaped quote there opens no string), where a backslash is an invalid byte like
/// any other that is not whitespace or structural: it starts or continues a scalar run, which the
/// second stage rejects.
#[derive(Clone, Copy, Debug, Default)]
pub struct Structure {
    /// 1 when the previous block's last backslash escapes this block's first byte.
    escape_carry: u64,
    /// All ones when the previous block ended inside a string.
    in_string: u64,
    /// 1 when the previous block ended inside a scalar run.
    scalar_carry: u64,
}

const EVEN_BITS: u64 = 0x5555_5555_5555_5555;
const ODD_BITS: u64 = !EVEN_BITS;

impl Structure {
    /// The state before the first block of a text (outside any string).
    pub fn new() -> Self {
        Structure::default()
    }

    /// The tokens of the block after the ones already fed, from its classes.
    #[inline(always)]
    pub fn next(&mut self, classes: &ByteClasses) -> BlockTokens {
        // SAFETY: the portable classifier needs no particular instructions.
        unsafe { self.next_with::<Bytewise>(classes) }
    }

    /// [`next`](Self::next) with `C`'s prefix xor.
    ///
    /// # Safety
    ///
    /// `C`'s instruction set must be available.
    #[inline(always)]
    pub(crate) unsafe fn next_with<C: Classifier>(&mut self, classes: &ByteClasses) -> BlockTokens {
        let escaped = self.escaped(classes.backslash);
        let quotes = classes.quote & !escaped;
        // Inside strings: from an opening quote (included) to its closing quote (excluded).
        // Blocks without quotes are common in numeric data: they skip the prefix xor.
        let in_string = if quotes == 0 {
            self.in_string
        } else {
            // SAFETY: the caller has checked `C`'s instruction set.
            self.in_string ^ unsafe { C::prefix_xor(quotes) }
        };
        self.in_string = ((in_string as i64) >> 63) as u64;
        let outside = !(in_string | quotes);
        let structural = classes.structural & outside;
        let scalar = outside & !classes.structural & !classes.whitespace;
        let scalar_starts = scalar & !((scalar << 1) | self.scalar_carry);
        self.scalar_carry = scalar >> 63;
        BlockTokens {
            starts: structural | (quotes & in_string) | scalar_starts,
            string_controls: classes.control & in_string,
            escaped: escaped & in_string,
        }
    }

    /// The bytes other than backslashes that a backslash escapes, given the block's backslashes.
    /// A run of backslashes that starts at position `s` and has length `n` escapes the byte at
    /// `s + n` when `n` is odd, that is when `s` and `s + n` differ in parity: adding the run's
    /// lowest bit to the mask carries through the run to `s + n`, and runs starting on even and
    /// on odd bits are added separately so that the parity test is one mask.
    #[inline(always)]
    fn escaped(&mut self, backslash: u64) -> u64 {
        let carried = self.escape_carry;
        if backslash == 0 {
            self.escape_carry = 0;
            return carried;
        }
        // An escaped first byte is not the start of a run even if it is a backslash (and, being
        // one, is not reported: see `BlockTokens::escaped`).
        let escaped_first = carried & !backslash;
        let backslash = backslash & !carried;
        let starts = backslash & !(backslash << 1);
        let after_even_runs = backslash.wrapping_add(starts & EVEN_BITS) & !backslash;
        let (odd_sum, overflow) = backslash.overflowing_add(starts & ODD_BITS);
        let after_odd_runs = odd_sum & !backslash;
        // A run from an odd bit through bit 63 has odd length: it escapes the next block's first
        // byte. (A run from an even bit through bit 63 has even length and escapes nothing.)
        self.escape_carry = u64::from(overflow);
        (after_even_runs & ODD_BITS) | (after_odd_runs & EVEN_BITS) | escaped_first
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The tokens of `text` (a multiple of 64 bytes), found byte by byte.
    fn naive_tokens(text: &[u8]) -> Vec<BlockTokens> {
        let mut blocks = vec![BlockTokens::default(); text.len() / BLOCK];
        let (mut in_string, mut escaping, mut in_scalar) = (false, false, false);
        for (i, &byte) in text.iter().enumerate() {
            let tokens = &mut blocks[i / BLOCK];
            let bit = 1u64 << (i % BLOCK);
            if in_string {
                if escaping {
                    if byte != b'\\' {
                        tokens.escaped |= bit;
                    }
                    escaping = false;
                } else if byte == b'\\' {
                    escaping = true;
                } else if byte == b'"' {
                    in_string = false;
                    continue;
                }
                if byte < 0x20 {
                    tokens.string_controls |= bit;
                }
                continue;
            }
            // Outside strings a backslash still escapes the next byte: a quote it escapes opens
            // no string (the text is invalid there anyway).
            let escaped = std::mem::take(&mut escaping);
            match byte {
                b'"' if !escaped => {
                    in_string = true;
                    in_scalar = false;
                    tokens.starts |= bit;
                }
                b'{' | b'}' | b'[' | b']' | b':' | b',' => {
                    in_scalar = false;
                    tokens.starts |= bit;
                }
                b' ' | b'\t' | b'\n' | b'\r' => in_scalar = false,
                _ => {
                    escaping = byte == b'\\' && !escaped;
                    if !in_scalar {
                        tokens.starts |= bit;
                    }
                    in_scalar = true;
                }
            }
        }
        blocks
    }

    fn indexed_tokens(text: &[u8], classify: impl Fn(&[u8; BLOCK]) -> ByteClasses) -> Vec<BlockTokens> {
        let mut structure = Structure::new();
        text.chunks_exact(BLOCK).map(|block| structure.next(&classify(block.try_into().unwrap()))).collect()
    }

    type IndexBlocks = fn(&mut Structure, &[u8], usize, &mut [BlockTokens]) -> usize;

    /// JSON-like bytes, rich in the bytes that matter and their runs.
    fn jsonish() -> impl Strategy<Value = Vec<u8>> {
        let byte = prop_oneof![
            4 => Just(b'"'),
            4 => Just(b'\\'),
            3 => prop::sample::select(b"{}[]:,".to_vec()),
            3 => prop::sample::select(b" \t\n\r".to_vec()),
            3 => prop::sample::select(b"0123456789-+.eEtrufalsn/bu".to_vec()),
            1 => any::<u8>(),
        ];
        (1..5usize).prop_flat_map(move |blocks| proptest::collection::vec(byte.clone(), blocks * BLOCK))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn tokens_match_a_byte_by_byte_walk(text in jsonish()) {
            let expected = naive_tokens(&text);
            prop_assert_eq!(&indexed_tokens(&text, classify_bytes), &expected);
            prop_assert_eq!(&indexed_tokens(&text, classify), &expected);
        }

        /// `index_blocks` of every backend, in batches of every size, from an offset, over a
        /// text whose last block is partial: the walk over the text padded with spaces.
        #[test]
        fn every_backend_indexes_batches_like_the_walk(text in jsonish(), cut in 0usize..64, from in 0usize..8, batch in 1usize..5) {
            let text = &text[..text.len() - cut];
            let mut padded = text[from.min(text.len())..].to_vec();
            padded.resize(padded.len().div_ceil(BLOCK) * BLOCK, b' ');
            let expected = naive_tokens(&padded);
            #[cfg_attr(not(all(target_arch = "x86_64", not(jetwire_portable))), allow(unused_mut))]
            let mut backends: Vec<(&str, IndexBlocks)> = vec![
                ("dispatch", index_blocks),
                // SAFETY: the portable classifier needs no particular instructions.
                ("portable", |s, i, f, o| unsafe { index_blocks_with::<Bytewise>(s, i, f, o) }),
            ];
            #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
            {
                backends.push(("sse2", simd::index_blocks_sse2));
                if crate::arch::x86_64::has_avx2() {
                    // SAFETY: AVX2 and PCLMULQDQ were detected.
                    backends.push(("avx2", |s, i, f, o| unsafe { simd::index_blocks_avx2(s, i, f, o) }));
                }
            }
            for (name, index) in backends {
                let mut structure = Structure::new();
                let mut found = Vec::new();
                let mut at = from.min(text.len());
                let mut out = vec![BlockTokens::default(); batch];
                loop {
                    let filled = index(&mut structure, text, at, &mut out);
                    if filled == 0 {
                        break;
                    }
                    found.extend_from_slice(&out[..filled]);
                    at += filled * BLOCK;
                }
                prop_assert_eq!(&found, &expected, "{}", name);
            }
        }

        #[test]
        fn every_backend_classifies_like_the_portable_one(bytes in proptest::array::uniform32(any::<u8>()), other in proptest::array::uniform32(prop::sample::select(b"\"\\{}[]:, \t\n\r\x00\x0c\x1a\x1f\x20\x7f\x80\xff;Z[{|".to_vec()))) {
            let mut block = [0u8; BLOCK];
            block[..32].copy_from_slice(&bytes);
            block[32..].copy_from_slice(&other);
            let expected = classify_bytes(&block);
            prop_assert_eq!(classify(&block), expected);
            #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
            {
                prop_assert_eq!(simd::classify_sse2(&block), expected);
                if crate::arch::x86_64::has_avx2() {
                    // SAFETY: AVX2 was detected.
                    prop_assert_eq!(unsafe { simd::classify_avx2(&block) }, expected);
                }
            }
        }
    }

    #[test]
    fn backslash_runs_across_block_boundaries() {
        // Runs of every length ending at the last byte of the first block, then a quote.
        for run in 1..=70usize {
            let mut text = vec![b'a'; 2 * BLOCK];
            text[0] = b'"';
            let end = BLOCK - 1;
            for byte in &mut text[end + 1 - run.min(end)..=end] {
                *byte = b'\\';
            }
            text[BLOCK] = b'"';
            assert_eq!(indexed_tokens(&text, classify), naive_tokens(&text), "run of {run}");
        }
    }
}
