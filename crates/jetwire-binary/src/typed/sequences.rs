//! The methods of [`Encoder`] and [`Decoder`] that are generic over [`ToBinary`] and
//! [`FromBinary`]: sequences, blocks and lengths sized by a type. They live with the traits, so
//! that the encoder and decoder below know bytes and never the traits.

use crate::decode::Decoder;
use crate::encode::{Encoder, STACK_BLOCK};
use crate::error::{Error, Result};
use crate::typed::{FromBinary, ToBinary};

/// How many elements ahead [`Encoder::write_elements`] asks for the memory of pointers: far
/// enough for a load from main memory to arrive while the elements between are encoded.
const PREFETCH_DISTANCE: usize = 8;

/// The shortest slice of pointers worth prefetching for: a shorter one is likely cached already
/// (it was just built, or is small), and the hints would only cost instructions.
const PREFETCH_MIN_LEN: usize = 4096;

impl<'de> Decoder<'de> {
    /// [`read_len_for`](Self::read_len_for) with the sizes of `T`.
    #[inline(always)]
    pub fn read_seq_len<T: FromBinary<'de>>(&mut self) -> Result<usize> {
        self.read_len_for(T::MIN_SIZE, size_of::<T>())
    }
}

impl Encoder<'_> {
    /// Appends `value`'s encoding through [`ToBinary::encode_block`]: the whole encoding filled
    /// in a block on the stack and appended with one capacity check, where field-by-field writes
    /// check once per field. A block over 256 bytes is filled in place at the end of the output
    /// (zeroed first); a panic in `encode_block` takes it back.
    ///
    /// # Panics
    ///
    /// If `T::ENCODED_SIZE` is `None` (a type that writes blocks must have one), or
    /// `T::encode_block` panics.
    #[inline(always)]
    pub fn write_block<T: ToBinary + ?Sized>(&mut self, value: &T) {
        let Some(size) = T::ENCODED_SIZE else {
            panic!("ToBinary::write_block needs ENCODED_SIZE, which every type that writes blocks has")
        };
        self.write_filled_block(size, |block| value.encode_block(block));
    }

    /// Appends the elements of `items` without a length prefix: one copy of their memory when
    /// `T` is plain and the host little-endian, else one element after the other.
    #[inline]
    pub fn write_elements<T: ToBinary>(&mut self, items: &[T]) -> Result<()> {
        if T::IS_PLAIN.as_block() {
            self.write_plain_slice(items, T::IS_PLAIN);
            return Ok(());
        }
        if T::INDIRECT && items.len() >= PREFETCH_MIN_LEN {
            // Values behind pointers, scattered over the heap: each element is encoded while the
            // memory of the one `PREFETCH_DISTANCE` places ahead is on its way.
            let mut ahead = items.iter().skip(PREFETCH_DISTANCE);
            return self.write_sequence(items, items.len(), |encoder, item| {
                if let Some(next) = ahead.next() {
                    next.prefetch();
                }
                item.encode(encoder)
            });
        }
        if let Some(size) =
            T::ENCODED_SIZE.filter(|&size| T::WRITES_BLOCK && (1..=STACK_BLOCK).contains(&size))
        {
            self.write_slice_blocks(items, size, |item, block| item.encode_block(block));
            return Ok(());
        }
        self.write_sequence(items, items.len(), |encoder, item| item.encode(encoder))
    }

    /// Appends the `count` values that `items` yields, without a length prefix: when they write
    /// blocks, each block straight into capacity reserved for all of them (an error if `items`
    /// yields fewer than `count`, since the length written before them would lie); else each
    /// through `encode_one`, into capacity reserved once when their size is fixed. The one
    /// writer of slices, sets and maps.
    #[inline(always)]
    pub(crate) fn write_sequence<T: ToBinary>(
        &mut self,
        items: impl IntoIterator<Item = T>,
        count: usize,
        encode_one: impl FnMut(&mut Self, T) -> Result<()>,
    ) -> Result<()> {
        // SAFETY: with `AT_MOST_COUNT` false, nothing is asked of `items`.
        unsafe { self.write_sequence_of::<T, false>(items, count, encode_one) }
    }

    /// [`write_sequence`](Self::write_sequence), told by `AT_MOST_COUNT` whether `items` is known
    /// to yield at most `count` values (the iterators of the standard collections, which yield
    /// exactly their collection's length). Then the block writes' loop ends with the iterator,
    /// with no count of its own to keep and test per value.
    ///
    /// # Safety
    ///
    /// When `AT_MOST_COUNT`, `items` yields at most `count` values.
    #[inline(always)]
    pub(crate) unsafe fn write_sequence_of<T: ToBinary, const AT_MOST_COUNT: bool>(
        &mut self,
        items: impl IntoIterator<Item = T>,
        count: usize,
        mut encode_one: impl FnMut(&mut Self, T) -> Result<()>,
    ) -> Result<()> {
        match T::ENCODED_SIZE {
            Some(size) if T::WRITES_BLOCK && (1..=STACK_BLOCK).contains(&size) => {
                let items = items.into_iter();
                let written = if AT_MOST_COUNT {
                    // SAFETY: the caller's promise.
                    unsafe {
                        self.write_blocks_reserved(items, count, size, |item, block| item.encode_block(block))
                    }
                } else {
                    // SAFETY: `take(count)` yields at most `count` values.
                    unsafe {
                        self.write_blocks_reserved(items.take(count), count, size, |item, block| {
                            item.encode_block(block)
                        })
                    }
                };
                if written < count {
                    return Err(Error::custom(format_args!(
                        "a collection of {count} elements yielded {written}"
                    )));
                }
            }
            size => {
                if let Some(total) = size.and_then(|size| size.checked_mul(count)) {
                    self.reserve(total);
                }
                for item in items {
                    encode_one(self, item)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sequence whose iterator disagrees with its count: blocks beyond the count are not
    /// written (they would land past the reserved room), and too few are an error (which
    /// `to_writer` undoes). With the count's promise (`AT_MOST_COUNT`), blocks come straight
    /// from the iterator.
    #[test]
    fn block_sequences_keep_to_their_count() {
        let values = [1u32, 2, 3, 4, 5];
        let mut out = vec![7];
        Encoder::new(&mut out).write_sequence(&values, 3, |e, v| v.encode(e)).unwrap();
        assert_eq!(out, [7, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0]);

        let mut out = vec![7];
        let err = Encoder::new(&mut out).write_sequence(&values[..2], 3, |e, v| v.encode(e)).unwrap_err();
        assert_eq!(err.to_string(), "a collection of 3 elements yielded 2");

        let mut out = vec![7];
        // SAFETY: the slice's iterator yields 5 values, at most the count.
        unsafe { Encoder::new(&mut out).write_sequence_of::<_, true>(&values, 5, |e, v| v.encode(e)) }
            .unwrap();
        let expected: Vec<u8> =
            std::iter::once(7).chain(values.iter().flat_map(|v| v.to_le_bytes())).collect();
        assert_eq!(out, expected);

        let mut out = vec![7];
        // SAFETY: the slice's iterator yields 2 values, fewer than the count.
        let err = unsafe {
            Encoder::new(&mut out).write_sequence_of::<_, true>(&values[..2], 3, |e, v| v.encode(e))
        }
        .unwrap_err();
        assert_eq!(err.to_string(), "a collection of 3 elements yielded 2");
    }
}
