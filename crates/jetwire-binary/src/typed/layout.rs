//! What derived code and the hand-written impls of tuples and arrays share: writing fields that
//! write blocks, and the arithmetic of their layouts. Derived code reaches these through
//! `private`, which re-exports them.

use crate::encode::Encoder;
use crate::typed::ToBinary;

/// Writes `value` through [`Encoder::write_block`] when `T` can; false otherwise.
#[inline(always)]
pub fn encode_block<T: ToBinary>(value: &T, encoder: &mut Encoder<'_>) -> bool {
    if T::WRITES_BLOCK {
        encoder.write_block(value);
        true
    } else {
        false
    }
}

/// The size of a field that writes a block (0 for one that does not, which is never asked).
pub const fn block_size<T: ToBinary + ?Sized>() -> usize {
    match T::ENCODED_SIZE {
        Some(size) => size,
        None => 0,
    }
}

/// Writes `value`'s block at the front of `block` and returns the bytes after it: the fields of
/// a struct or tuple that writes a block, one after the other.
#[inline(always)]
pub fn encode_field_block<'b, T: ToBinary + ?Sized>(value: &T, block: &'b mut [u8]) -> &'b mut [u8] {
    let (head, rest) = block.split_at_mut(block_size::<T>());
    value.encode_block(head);
    rest
}

/// Whether fields at `offsets` with `sizes` lie in order, one after the other with no gap, and
/// fill a value of `total` bytes: the layout under which a value's memory is its fields'
/// memories in declaration order.
pub const fn tiles_in_order(offsets: &[usize], sizes: &[usize], total: usize) -> bool {
    matches!(end_if_in_order(offsets, sizes), Some(end) if end == total)
}

/// Where the last field ends, if fields at `offsets` with `sizes` lie one right after the other
/// from offset 0 (and the sum of the sizes does not overflow).
pub(crate) const fn end_if_in_order(offsets: &[usize], sizes: &[usize]) -> Option<usize> {
    let mut end = 0;
    let mut i = 0;
    while i < offsets.len() {
        if offsets[i] != end {
            return None;
        }
        end = match end.checked_add(sizes[i]) {
            Some(sum) => sum,
            None => return None,
        };
        i += 1;
    }
    Some(end)
}

/// `ENCODED_SIZE` of `times` repetitions of fields whose sizes are `sizes`: their sum, or `None`
/// when any field's size varies (or the sum overflows).
pub const fn sum_of_sizes(sizes: &[Option<usize>], times: usize) -> Option<usize> {
    let mut total: usize = 0;
    let mut i = 0;
    while i < sizes.len() {
        total = match sizes[i] {
            Some(size) => match total.checked_add(size) {
                Some(sum) => sum,
                None => return None,
            },
            None => return None,
        };
        i += 1;
    }
    total.checked_mul(times)
}
