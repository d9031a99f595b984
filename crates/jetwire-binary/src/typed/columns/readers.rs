//! The columns of a block, opened to be read value by value: the [`ColumnReader`] trait, the
//! default column of [`FromBinary::open_column`] ([`ValueColumn`], [`DecodedColumn`]), and the
//! string types' ([`StrColumn`], [`MapColumn`]).

use core::ops::Range;

use crate::decode::{Decoder, StrColumn};
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

impl<'de> StrColumn<'de> {
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
        self.str_at(k)
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
