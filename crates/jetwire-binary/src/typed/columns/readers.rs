//! The columns of a block, opened to be read value by value: the [`ColumnReader`] trait, the
//! default column of [`FromBinary::open_column`] ([`ValueColumn`], [`DecodedColumn`]), and the
//! string types' ([`StrColumn`], [`MapColumn`]).

use core::ops::Range;

use super::COLUMN_BLOCK;
use crate::decode::Decoder;
use crate::error::Result;
use crate::typed::FromBinary;

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
        if crate::typed::in_fixed_chunks::<T>() {
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
                T::decode(&mut value).map_err(|err| err.prepend_index(*first_index + k))
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
            values.push(decode(index).map_err(|err| err.prepend_index(index))?);
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
            put(self.as_str(text, k)?);
        }
        Ok(())
    }

    /// String `k`, `text`, as a `str`: as it is when the column is all ASCII, else validated.
    #[inline(always)]
    fn as_str(&self, text: &'de [u8], k: usize) -> Result<&'de str> {
        if self.ascii {
            // SAFETY: every byte of the column is ASCII, so each of its strings is valid UTF-8.
            return Ok(unsafe { core::str::from_utf8_unchecked(text) });
        }
        self.validate(text, k)
    }

    /// String `k`, `text`, validated as UTF-8.
    #[inline]
    fn validate(&self, text: &'de [u8], k: usize) -> Result<&'de str> {
        let end = self.ends[k + 1];
        let end_offset = self.end_offset - (self.bytes.len() - end);
        crate::decode::validate_utf8(text, end_offset).map_err(|err| err.prepend_index(self.first_index + k))
    }

    /// This column's strings passed through `convert`.
    #[inline(always)]
    pub fn map<T, F: FnMut(&'de str) -> T>(self, convert: F) -> MapColumn<'de, F> {
        MapColumn { column: self, convert }
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
        self.as_str(text, k)
    }
}

/// A column of values that `convert` makes out of a [`StrColumn`]'s strings: the columns of
/// the string types (`String`, `Box<str>`, `Cow<str>`, `PathBuf`, ...).
pub struct MapColumn<'de, F> {
    column: StrColumn<'de>,
    convert: F,
}

impl<'de, T, F: FnMut(&'de str) -> T> ColumnReader<'de, T> for MapColumn<'de, F> {
    #[inline(always)]
    fn value(&mut self, k: usize) -> Result<T> {
        self.column.value(k).map(&mut self.convert)
    }
}
