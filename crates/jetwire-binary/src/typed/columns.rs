//! The column layout of sequences of `#[jetwire(columnar)]` structs.
//!
//! A sequence's elements are cut into blocks of [`COLUMN_BLOCK`] (the last block holds the
//! rest), and each block is written one field after the other: the first field of every element
//! of the block, then the second field of every element, and so on. A string field's column is
//! every length, then every string's bytes. Reading a block then walks a few short arrays
//! instead of one long chain of records, where each string's position waits on the length
//! before it.

use core::mem::MaybeUninit;

use super::{COLUMN_BLOCK, FromBinary, ToBinary};
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

/// Fills a block of the column layout one field's column at a time: what derived
/// `decode_columns` is built on. If a column fails (or a panic unwinds through it), dropping
/// the fill drops every field written so far, and nothing else.
pub struct ColumnFill<'s, T> {
    slots: &'s mut [MaybeUninit<T>],
    first_index: usize,
    columns: usize,
    /// Columns written in full.
    done: usize,
    /// Values of column `done` written.
    filled: usize,
    drop_field: unsafe fn(*mut T, usize),
}

impl<'s, T> ColumnFill<'s, T> {
    /// A fill of `slots`, elements `first_index..` of their sequence, by `columns` columns.
    ///
    /// # Safety
    ///
    /// Column `j` (the `j`-th call of [`column`](Self::column) or
    /// [`column_with`](Self::column_with)) must write one field that no other column writes,
    /// every field of `T` must have its column, and `drop_field(p, j)` must drop, in place,
    /// exactly column `j`'s field of the value at `p` (a valid pointer to a `T` whose column
    /// `j` has been written).
    #[inline(always)]
    pub unsafe fn new(
        slots: &'s mut [MaybeUninit<T>],
        first_index: usize,
        columns: usize,
        drop_field: unsafe fn(*mut T, usize),
    ) -> Self {
        ColumnFill { slots, first_index, columns, done: 0, filled: 0, drop_field }
    }

    /// Reads the next column with `F::decode_column`; `name` names the field in error paths.
    ///
    /// # Safety
    ///
    /// `place(p)` must return the place of this column's field in the value at `p`, derived
    /// from `p` without making a reference (`addr_of_mut!((*p).field)`).
    ///
    /// # Panics
    ///
    /// If `decode_column` hands over more or fewer values than it was asked for.
    #[inline(always)]
    pub unsafe fn column<'de, F: FromBinary<'de>>(
        &mut self,
        decoder: &mut Decoder<'de>,
        name: &str,
        place: impl Fn(*mut T) -> *mut F,
    ) -> Result<()> {
        let base = self.slots.as_mut_ptr().cast::<T>();
        let len = self.slots.len();
        let indices = self.first_index..self.first_index + len;
        let filled = &mut self.filled;
        let result = F::decode_column(decoder, indices, |value| {
            assert!(*filled < len, "decode_column handed over more values than asked for");
            // SAFETY: `*filled < len`, so the slot is in the block; `place` gives its field's
            // place (the caller's promise), which nothing has written yet in this column.
            unsafe { place(base.add(*filled)).write(value) };
            *filled += 1;
        });
        if let Err(err) = result {
            return Err(err.insert_field_after_index(name));
        }
        assert!(self.filled == len, "decode_column handed over fewer values than asked for");
        self.next_column();
        Ok(())
    }

    /// Writes the next column with the values `make(index)` gives for each element's index in
    /// the sequence: fields read `with` a module, and fields that do not travel (whose `make`
    /// gives their default). An error from `make` gets the element's index and `name`.
    ///
    /// # Safety
    ///
    /// As for [`column`](Self::column).
    #[inline(always)]
    pub unsafe fn column_with<F>(
        &mut self,
        name: &str,
        place: impl Fn(*mut T) -> *mut F,
        mut make: impl FnMut(usize) -> Result<F>,
    ) -> Result<()> {
        let base = self.slots.as_mut_ptr().cast::<T>();
        for k in 0..self.slots.len() {
            let index = self.first_index + k;
            match make(index) {
                // SAFETY: `k < len`: the slot is in the block; `place` gives its field's place.
                Ok(value) => unsafe { place(base.add(k)).write(value) },
                Err(err) => return Err(err.prepend_index(index).insert_field_after_index(name)),
            }
            self.filled = k + 1;
        }
        self.next_column();
        Ok(())
    }

    #[inline(always)]
    fn next_column(&mut self) {
        self.done += 1;
        self.filled = 0;
    }

    /// The block, every column written.
    ///
    /// # Panics
    ///
    /// If fewer columns were written than [`new`](Self::new) was told.
    #[inline(always)]
    pub fn finish(self) -> &'s mut [T] {
        assert!(self.done == self.columns, "a column block finished before its last column");
        let mut fill = core::mem::ManuallyDrop::new(self);
        let (address, len) = (fill.slots.as_mut_ptr().cast::<T>(), fill.slots.len());
        // SAFETY: every column was written, and the columns cover every field (the promise of
        // `new`), so each slot holds a value; the slots are borrowed for `'s`, and the fill,
        // which held that borrow, is not used again (nor dropped).
        unsafe { core::slice::from_raw_parts_mut(address, len) }
    }
}

impl<T> Drop for ColumnFill<'_, T> {
    fn drop(&mut self) {
        if !core::mem::needs_drop::<T>() {
            return;
        }
        let base = self.slots.as_mut_ptr().cast::<T>();
        for column in 0..self.done {
            for k in 0..self.slots.len() {
                // SAFETY: column `column` was written for every slot; `drop_field` drops
                // exactly that field (the promise of `new`).
                unsafe { (self.drop_field)(base.add(k), column) };
            }
        }
        for k in 0..self.filled {
            // SAFETY: column `done` was written for the first `filled` slots.
            unsafe { (self.drop_field)(base.add(k), self.done) };
        }
    }
}
