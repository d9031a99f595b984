//! The column layout of sequences of `#[jetwire(columnar)]` structs.
//!
//! A sequence's elements are cut into blocks of [`COLUMN_BLOCK`] (the last block holds the
//! rest), and each block is written one field after the other: the first field of every element
//! of the block, then the second field of every element, and so on. A string field's column is
//! every length, then every string's bytes. Reading a block then walks a few short arrays
//! instead of one long chain of records, where each string's position waits on the length
//! before it.
//!
//! A block is read in two steps: each field's column is opened in turn ([`FromBinary::open_column`]:
//! its lengths checked, its bytes found), then the elements are built in order, each taking its
//! fields' next values. So an element's strings are allocated together, as they are freed.

mod fill;
mod readers;

pub use crate::decode::StrColumn;
pub use fill::ColumnFill;
pub use readers::{ColumnReader, DecodedColumn, MapColumn, ValueColumn};

use super::{FromBinary, ToBinary};
use crate::COLUMN_BLOCK;
use crate::decode::Decoder;
use crate::encode::Encoder;
use crate::error::Result;

/// Writes `items` (their count already written) as blocks of columns.
#[inline]
pub(crate) fn encode_blocks<T: ToBinary>(items: &[T], encoder: &mut Encoder<'_>) -> Result<()> {
    for block in items.chunks(COLUMN_BLOCK) {
        T::encode_columns(block, encoder)?;
    }
    Ok(())
}

/// [`encode_blocks`] for elements an iterator yields (a `VecDeque`'s two halves, whose seam
/// need not fall on a block's): gathered a block of references at a time.
pub(crate) fn encode_blocks_of<'a, T: ToBinary + 'a>(
    mut items: impl Iterator<Item = &'a T>,
    encoder: &mut Encoder<'_>,
) -> Result<()> {
    let Some(first) = items.next() else { return Ok(()) };
    let mut block = [first; COLUMN_BLOCK];
    let mut len = 1;
    for item in items {
        if len == COLUMN_BLOCK {
            T::encode_columns(&block[..], encoder)?;
            len = 0;
        }
        block[len] = item;
        len += 1;
    }
    T::encode_columns(&block[..len], encoder)
}

/// Appends `count` elements, read as blocks of columns, to `items`: each block is decoded
/// straight into the `Vec`'s spare capacity.
///
/// # Panics
///
/// If `T::decode_columns` returns anything but its own block.
#[inline]
pub(crate) fn decode_blocks<'de, T: FromBinary<'de>>(
    decoder: &mut Decoder<'de>,
    items: &mut Vec<T>,
    count: usize,
) -> Result<()> {
    items.reserve(count);
    decoder.enter()?;
    let mut first_index = 0;
    while first_index < count {
        let len = (count - first_index).min(COLUMN_BLOCK);
        let block = &mut items.spare_capacity_mut()[..len];
        let (address, block_len) = (block.as_ptr().cast::<T>(), block.len());
        let filled = T::decode_columns(decoder, block, first_index)?;
        // A `&mut [T]` over the block exists only once every slot of it holds a value.
        assert!(
            core::ptr::eq(filled.as_ptr(), address) && filled.len() == block_len,
            "decode_columns returned another slice than its block"
        );
        // SAFETY: the `len` slots after the initialized elements hold values (just above).
        unsafe { items.set_len(items.len() + len) };
        first_index += len;
    }
    decoder.leave();
    Ok(())
}
