//! [`ColumnFill`], the guard that derived `decode_columns` fills a block through.

use core::mem::MaybeUninit;
use core::ops::Range;

use crate::decode::Decoder;
use crate::error::Result;
use crate::typed::FromBinary;

/// Fills a block of the column layout: what derived `decode_columns` is built on. The columns
/// are read in order; most are written into the block as they are read, a field's values for
/// every element. A column whose values allocate one by one ([`FromBinary::COLUMN_IN_ROWS`]) is
/// only opened then ([`defer`](Self::defer)), and its values are written once every column has
/// been read, element by element ([`put_deferred`](Self::put_deferred)): so an element's strings
/// are allocated together, as they are freed. If the fill stops (an error, or a panic unwinding
/// through it), dropping it drops every field written so far, and nothing else.
pub struct ColumnFill<'s, T> {
    slots: &'s mut [MaybeUninit<T>],
    first_index: usize,
    columns: usize,
    /// Columns read (written in full, or deferred).
    done: usize,
    /// Values of column `done` written.
    filled: usize,
    /// The deferred columns, a bit each.
    deferred: u64,
    /// Elements whose deferred fields are all written.
    rows: usize,
    /// The deferred fields of element `rows` written, a bit each.
    row_fields: u64,
    drop_field: unsafe fn(*mut T, usize),
}

impl<'s, T> ColumnFill<'s, T> {
    /// A fill of `slots`, elements `first_index..` of their sequence, by `columns` columns.
    ///
    /// # Safety
    ///
    /// Column `j` (the `j`-th call of [`column`](Self::column),
    /// [`column_with`](Self::column_with) or [`defer`](Self::defer)) must write one field that
    /// no other column writes, every field of `T` must have its column, and
    /// `drop_field(p, j)` must drop, in place, exactly column `j`'s field of the value at `p`
    /// (a valid pointer to a `T` whose column `j` has been written).
    #[inline(always)]
    pub unsafe fn new(
        slots: &'s mut [MaybeUninit<T>],
        first_index: usize,
        columns: usize,
        drop_field: unsafe fn(*mut T, usize),
    ) -> Self {
        ColumnFill {
            slots,
            first_index,
            columns,
            done: 0,
            filled: 0,
            deferred: 0,
            rows: 0,
            row_fields: 0,
            drop_field,
        }
    }

    /// How many elements the block holds.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the block holds no element.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
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

    /// Defers the next column: the caller opens it, and writes its values after every column
    /// has been read, with [`put_deferred`](Self::put_deferred). `false` (nothing deferred) if
    /// the column is past the 64 that a fill can defer; the caller then reads it with
    /// [`column`](Self::column).
    #[inline(always)]
    pub fn defer(&mut self) -> bool {
        if self.done >= 64 {
            return false;
        }
        self.deferred |= 1 << self.done;
        self.next_column();
        true
    }

    /// The indices in the sequence of the block's elements.
    #[inline(always)]
    pub fn indices(&self) -> Range<usize> {
        self.first_index..self.first_index + self.slots.len()
    }

    /// Whether any column was deferred.
    #[inline(always)]
    pub fn has_deferred(&self) -> bool {
        self.deferred != 0
    }

    /// Writes `value` as the field of deferred column `column` of the next element whose
    /// deferred fields are not all written.
    ///
    /// # Safety
    ///
    /// Every column has been read; `column` was deferred and has not been written for this
    /// element yet; `place` gives that column's field, as for [`column`](Self::column); and
    /// the block has an element whose deferred fields are not all written (each element's
    /// are closed by [`end_row`](Self::end_row)).
    #[inline(always)]
    pub unsafe fn put_deferred<F>(&mut self, column: usize, place: impl Fn(*mut T) -> *mut F, value: F) {
        debug_assert!(self.done == self.columns && self.rows < self.slots.len());
        debug_assert!(self.deferred & !self.row_fields & (1 << column) != 0);
        let base = self.slots.as_mut_ptr().cast::<T>();
        // SAFETY: `rows < len` (the caller's promise), so the slot is in the block; `place`
        // gives the field's place, which nothing has written yet (the caller's promise).
        unsafe { place(base.add(self.rows)).write(value) };
        self.row_fields |= 1 << column;
    }

    /// Closes the element whose deferred fields were just written.
    ///
    /// # Panics
    ///
    /// If one of its deferred fields was not written.
    #[inline(always)]
    pub fn end_row(&mut self) {
        assert!(self.row_fields == self.deferred, "an element ended before its deferred fields");
        self.rows += 1;
        self.row_fields = 0;
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
    /// If fewer columns were read than [`new`](Self::new) was told, or deferred columns were
    /// not written for every element.
    #[inline(always)]
    pub fn finish(self) -> &'s mut [T] {
        assert!(self.done == self.columns, "a column block finished before its last column");
        assert!(
            self.deferred == 0 || self.rows == self.slots.len(),
            "a column block finished before its deferred columns"
        );
        let fill = core::mem::ManuallyDrop::new(self);
        let (address, len) = (fill.slots.as_ptr().cast::<T>().cast_mut(), fill.slots.len());
        // SAFETY: every column was written, the deferred ones for every element, and the
        // columns cover every field (the promise of `new`), so each slot holds a value; the
        // slots are borrowed for `'s`, and the fill, which held that borrow, is neither used
        // again nor dropped.
        unsafe { core::slice::from_raw_parts_mut(address, len) }
    }
}

impl<T> Drop for ColumnFill<'_, T> {
    fn drop(&mut self) {
        if !core::mem::needs_drop::<T>() {
            return;
        }
        let base = self.slots.as_mut_ptr().cast::<T>();
        let deferred = |column: usize| column < 64 && self.deferred & (1 << column) != 0;
        for column in (0..self.done).filter(|&column| !deferred(column)) {
            for k in 0..self.slots.len() {
                // SAFETY: column `column` was written for every slot; `drop_field` drops
                // exactly that field (the promise of `new`).
                unsafe { (self.drop_field)(base.add(k), column) };
            }
        }
        if self.done < self.columns {
            for k in 0..self.filled {
                // SAFETY: column `done` was written for the first `filled` slots.
                unsafe { (self.drop_field)(base.add(k), self.done) };
            }
        }
        for column in (0..self.done.min(64)).filter(|&column| deferred(column)) {
            for k in 0..self.rows {
                // SAFETY: the deferred fields of the first `rows` elements were written.
                unsafe { (self.drop_field)(base.add(k), column) };
            }
            if self.row_fields & (1 << column) != 0 {
                // SAFETY: this deferred field of element `rows` was written.
                unsafe { (self.drop_field)(base.add(self.rows), column) };
            }
        }
    }
}
