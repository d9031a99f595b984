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

use core::mem::MaybeUninit;
use core::ops::Range;

use super::{COLUMN_BLOCK, FromBinary, ToBinary, collections};
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

/// A column of a block, opened by [`FromBinary::open_column`]: its values, taken one at a time
/// while the block's elements are built in order.
pub trait ColumnReader<'de, T> {
    /// The value of the block's element `k`. Each value is taken once, in order: `k` is 0,
    /// then 1, and so on. An error's path starts with the element's index in the sequence.
    ///
    /// # Panics
    ///
    /// If the block has no element `k`; some columns also panic if values are taken out of
    /// order.
    fn value(&mut self, k: usize) -> Result<T>;
}

/// The column that [`FromBinary::open_column`] opens by default: values of a fixed size read
/// one at a time from the column's bytes, taken with one check; any other values decoded when
/// the column is opened ([`DecodedColumn`]) and handed out in turn.
pub struct ValueColumn<'de, T> {
    values: Values<'de, T>,
}

enum Values<'de, T> {
    /// The column's bytes, `T::MIN_SIZE` for each value; `first_index` is the index in the
    /// sequence of the block's first element.
    Fixed { bytes: Decoder<'de>, first_index: usize },
    /// Values decoded when the column was opened.
    Decoded(DecodedColumn<T>),
}

impl<'de, T: FromBinary<'de>> ValueColumn<'de, T> {
    /// Opens the column of `T` values for the elements `indices` (their indices in the
    /// sequence), by default: see [`FromBinary::open_column`].
    #[inline]
    pub fn open(decoder: &mut Decoder<'de>, indices: Range<usize>) -> Result<Self> {
        if T::FIXED_SIZE && T::MIN_SIZE > 0 {
            // The whole column's bytes with one check. A column cut short is read value by value
            // below, which names the value that does not fit.
            if let Some(bytes) = decoder.take_fixed_if_there(indices.len().saturating_mul(T::MIN_SIZE)) {
                return Ok(ValueColumn { values: Values::Fixed { bytes, first_index: indices.start } });
            }
        }
        let values = DecodedColumn::decode(indices, |_| T::decode(decoder))?;
        Ok(ValueColumn { values: Values::Decoded(values) })
    }
}

impl<'de, T: FromBinary<'de>> ColumnReader<'de, T> for ValueColumn<'de, T> {
    #[inline(always)]
    fn value(&mut self, k: usize) -> Result<T> {
        match &mut self.values {
            Values::Fixed { bytes, first_index } => {
                // A constant size, so that the value's own reads need no check.
                let mut value = bytes.chunk(k, T::MIN_SIZE);
                T::decode(&mut value).map_err(|err| collections::element_error(err, *first_index + k))
            }
            Values::Decoded(values) => values.value(k),
        }
    }
}

/// A column whose values were all decoded when it was opened (by [`ValueColumn`] for types of
/// no fixed size, and by derived code for fields read `with` a module).
pub struct DecodedColumn<T> {
    values: std::vec::IntoIter<T>,
}

impl<T> DecodedColumn<T> {
    /// The values `decode` reads for each index of `indices` (their elements' indices in the
    /// sequence), in order. An error's path starts with the failing element's index.
    #[inline]
    pub fn decode(indices: Range<usize>, mut decode: impl FnMut(usize) -> Result<T>) -> Result<Self> {
        let mut values = Vec::with_capacity(indices.len());
        for index in indices {
            values.push(decode(index).map_err(|err| collections::element_error(err, index))?);
        }
        Ok(DecodedColumn { values: values.into_iter() })
    }
}

impl<'de, T> ColumnReader<'de, T> for DecodedColumn<T> {
    /// The next value: values are taken in order, and `k` is not looked at.
    #[inline(always)]
    fn value(&mut self, k: usize) -> Result<T> {
        let _ = k;
        Ok(self.values.next().expect("a column holds a value for each of its elements"))
    }
}

/// A column of strings, opened by [`Decoder::open_str_column`]: the strings come out borrowed
/// from the input.
pub struct StrColumn<'de> {
    /// A 0, then each string's end in `bytes`: string `k` is `ends[k]..ends[k + 1]`.
    ends: [usize; COLUMN_BLOCK + 1],
    count: usize,
    /// Every string's bytes, one after the other.
    bytes: &'de [u8],
    first_index: usize,
    /// Whether every byte is ASCII, so that no string needs UTF-8 validation.
    ascii: bool,
    /// The offset in the input just after `bytes`, for errors.
    end_offset: usize,
}

impl<'de> StrColumn<'de> {
    /// A column of no strings, to be filled by `Decoder::fill_str_column`.
    #[inline(always)]
    pub(crate) fn empty() -> Self {
        StrColumn {
            ends: [0; COLUMN_BLOCK + 1],
            count: 0,
            bytes: &[],
            first_index: 0,
            ascii: true,
            end_offset: 0,
        }
    }

    /// The ends, for `Decoder::fill_str_column` to write before [`set`](Self::set).
    #[inline(always)]
    pub(crate) fn ends_mut(&mut self) -> &mut [usize; COLUMN_BLOCK + 1] {
        &mut self.ends
    }

    /// Makes this the column of the `count` strings that end at `ends[1..=count]`, in the
    /// input just before `end_offset`; its first string is element `first_index`'s.
    ///
    /// # Safety
    ///
    /// `count <= COLUMN_BLOCK`, and `ends[..=count]` rises from 0 to `bytes.len()` (a 0, then
    /// running sums of the strings' lengths): what [`value`](ColumnReader::value) relies on.
    #[inline(always)]
    pub(crate) unsafe fn set(
        &mut self,
        count: usize,
        bytes: &'de [u8],
        first_index: usize,
        end_offset: usize,
    ) {
        debug_assert!(count <= COLUMN_BLOCK && self.ends[0] == 0 && self.ends[count] == bytes.len());
        debug_assert!(self.ends[..=count].is_sorted());
        self.count = count;
        self.bytes = bytes;
        self.first_index = first_index;
        self.ascii = bytes.is_ascii();
        self.end_offset = end_offset;
    }
}

impl<'de> ColumnReader<'de, &'de str> for StrColumn<'de> {
    /// Any order.
    #[inline(always)]
    fn value(&mut self, k: usize) -> Result<&'de str> {
        assert!(k < self.count, "a string column has no string {k}");
        // SAFETY: `k < count <= COLUMN_BLOCK`, so `k + 1` is within `ends`; `ends[..=count]`
        // rises from 0 to `bytes.len()` (the promise of `set`), so `start..end` lies within
        // `bytes`.
        let text = unsafe {
            let (start, end) = (*self.ends.get_unchecked(k), *self.ends.get_unchecked(k + 1));
            self.bytes.get_unchecked(start..end)
        };
        if self.ascii {
            // SAFETY: every byte of the column is ASCII, so each of its strings is valid UTF-8.
            return Ok(unsafe { core::str::from_utf8_unchecked(text) });
        }
        self.validate(text, k)
    }
}

impl<'de> StrColumn<'de> {
    /// Hands every string to `put`, in order: [`value`](ColumnReader::value) for each, in one
    /// loop over the ends.
    #[inline(always)]
    pub(crate) fn for_each(&self, mut put: impl FnMut(&'de str)) -> Result<()> {
        let mut start = 0;
        for (k, &end) in self.ends[1..=self.count].iter().enumerate() {
            // SAFETY: `ends[..=count]` rises from 0 to `bytes.len()` (the promise of `set`),
            // so `start..end` lies within `bytes`.
            let text = unsafe { self.bytes.get_unchecked(start..end) };
            start = end;
            if self.ascii {
                // SAFETY: every byte of the column is ASCII, so each string is valid UTF-8.
                put(unsafe { core::str::from_utf8_unchecked(text) });
            } else {
                put(self.validate(text, k)?);
            }
        }
        Ok(())
    }

    /// String `k`, `text`, validated as UTF-8.
    #[inline]
    fn validate(&self, text: &'de [u8], k: usize) -> Result<&'de str> {
        let end = self.ends[k + 1];
        let end_offset = self.end_offset - (self.bytes.len() - end);
        crate::decode::validate_utf8(text, end_offset)
            .map_err(|err| collections::element_error(err, self.first_index + k))
    }
}

/// A column of values that `convert` makes out of a [`StrColumn`]'s strings: the columns of
/// the string types (`String`, `Box<str>`, `Cow<str>`, `PathBuf`, ...).
pub struct MapColumn<'de, F> {
    column: StrColumn<'de>,
    convert: F,
}

impl<'de> StrColumn<'de> {
    /// This column's strings passed through `convert`.
    #[inline(always)]
    pub fn map<T, F: FnMut(&'de str) -> T>(self, convert: F) -> MapColumn<'de, F> {
        MapColumn { column: self, convert }
    }
}

impl<'de, T, F: FnMut(&'de str) -> T> ColumnReader<'de, T> for MapColumn<'de, F> {
    #[inline(always)]
    fn value(&mut self, k: usize) -> Result<T> {
        self.column.value(k).map(&mut self.convert)
    }
}

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
