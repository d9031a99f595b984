//! Strings and byte strings: a varint length, then the bytes (UTF-8 for strings, validated when
//! reading). `&str`, `&[u8]` and `Cow` borrow from the input. In the column layout, a column of
//! strings is every length, then every string's bytes.

use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

use super::{FromBinary, ToBinary};
use crate::decode::Decoder;
use crate::encode::Encoder;
use crate::error::Result;

/// `FromBinary`'s column methods for a type made from a borrowed string by `$convert`: a
/// string column (every length, then every string's bytes), read in element order when
/// `$in_rows`. `$lifetime`s are the impl's lifetimes besides `'de`, which the column's type
/// mentions.
macro_rules! open_str_column {
    ($convert:expr, in_rows: $in_rows:expr $(, $lifetime:lifetime)*) => {
        const COLUMN_IN_ROWS: bool = $in_rows;

        #[inline]
        fn decode_column(
            decoder: &mut Decoder<'de>,
            indices: core::ops::Range<usize>,
            mut put: impl FnMut(Self),
        ) -> Result<()> {
            if let Some((lengths, bytes)) = decoder.take_ascii_str_column(indices.len()) {
                // Each string's place a running sum of the lengths, which add up to the bytes'.
                let mut start = 0;
                for &len in lengths {
                    let end = start + usize::from(len);
                    // SAFETY: the lengths add up to `bytes.len()`, so `start..end` lies within
                    // `bytes`; every byte is ASCII, so each string is valid UTF-8.
                    let text = unsafe { core::str::from_utf8_unchecked(bytes.get_unchecked(start..end)) };
                    put(($convert)(text));
                    start = end;
                }
                return Ok(());
            }
            let mut column = super::StrColumn::empty();
            decoder.fill_str_column(indices, &mut column)?;
            column.for_each(|text| put(($convert)(text)))
        }

        #[inline]
        fn open_column(
            decoder: &mut Decoder<'de>,
            indices: core::ops::Range<usize>,
        ) -> Result<impl super::ColumnReader<'de, Self> + use<'de $(, $lifetime)*>> {
            Ok(decoder.open_str_column(indices)?.map(|text: &'de str| -> Self { ($convert)(text) }))
        }
    };
}
pub(super) use open_str_column;

impl ToBinary for str {
    // Always inlined, as `write_str` is: a short string's write is a few moves, and a call per
    // string cost more than it (perf-log, sixth pass).
    #[inline(always)]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_str(self);
        Ok(())
    }

    /// Every length, then every string's bytes.
    #[inline]
    fn encode_column<'v, I>(values: I, encoder: &mut Encoder<'_>) -> Result<()>
    where
        I: ExactSizeIterator<Item = &'v Self> + Clone,
        Self: 'v,
    {
        encoder.write_str_column(values);
        Ok(())
    }
}

impl ToBinary for String {
    #[inline(always)]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_str(self);
        Ok(())
    }

    /// Every length, then every string's bytes.
    #[inline]
    fn encode_column<'v, I>(values: I, encoder: &mut Encoder<'_>) -> Result<()>
    where
        I: ExactSizeIterator<Item = &'v Self> + Clone,
        Self: 'v,
    {
        encoder.write_str_column(values.map(String::as_str));
        Ok(())
    }
}

impl<'de> FromBinary<'de> for String {
    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_string()
    }

    #[inline]
    fn decode_into(&mut self, decoder: &mut Decoder<'de>) -> Result<()> {
        let text = decoder.read_str()?;
        self.clear();
        self.push_str(text);
        Ok(())
    }

    open_str_column!(str::to_owned, in_rows: true);
}

impl<'de: 'a, 'a> FromBinary<'de> for &'a str {
    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_str()
    }

    open_str_column!(core::convert::identity, in_rows: false, 'a);
}

/// The boxed and shared strings: the text read, copied into one.
macro_rules! owned_str_impls {
    ($($string:ident),*) => {$(
        impl<'de> FromBinary<'de> for $string<str> {
            #[inline]
            fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
                decoder.read_str().map($string::from)
            }

            open_str_column!($string::from, in_rows: true);
        }
    )*};
}

owned_str_impls!(Box, Rc, Arc);

impl<'de: 'a, 'a> FromBinary<'de> for Cow<'a, str> {
    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_str().map(Cow::Borrowed)
    }

    open_str_column!(Cow::Borrowed, in_rows: false, 'a);
}

impl<'de: 'a, 'a> FromBinary<'de> for &'a [u8] {
    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_byte_slice()
    }
}

impl<'de: 'a, 'a> FromBinary<'de> for Cow<'a, [u8]> {
    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_byte_slice().map(Cow::Borrowed)
    }
}

impl<B: ToBinary + ToOwned + ?Sized> ToBinary for Cow<'_, B> {
    #[inline]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        (**self).encode(encoder)
    }

    #[inline]
    fn encode_column<'v, I>(values: I, encoder: &mut Encoder<'_>) -> Result<()>
    where
        I: ExactSizeIterator<Item = &'v Self> + Clone,
        Self: 'v,
    {
        B::encode_column(values.map(<Self as core::ops::Deref>::deref), encoder)
    }
}
