//! Numbers, booleans, characters and strings.

use std::borrow::Cow;
use std::marker::PhantomData;

use super::{FromJson, ToJson};
use crate::error::Result;
use crate::read::Reader;
use crate::write::Writer;
use jetwire_core::Output;

macro_rules! scalar_impls {
    ($($ty:ty => $write:ident, $read:ident;)*) => {$(
        impl ToJson for $ty {
            #[inline(always)]
            fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
                writer.$write(*self)
            }
        }

        impl<'de> FromJson<'de> for $ty {
            #[inline(always)]
            fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
                reader.$read()
            }
        }
    )*};
}

scalar_impls! {
    u8 => u8, read_u8;
    u16 => u16, read_u16;
    u32 => u32, read_u32;
    u64 => u64, read_u64;
    u128 => u128, read_u128;
    usize => usize, read_usize;
    i8 => i8, read_i8;
    i16 => i16, read_i16;
    i32 => i32, read_i32;
    i64 => i64, read_i64;
    i128 => i128, read_i128;
    isize => isize, read_isize;
    f32 => f32, read_f32;
    f64 => f64, read_f64;
    bool => bool, read_bool;
}

impl ToJson for char {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.string(self.encode_utf8(&mut [0; 4]))
    }
}

impl<'de> FromJson<'de> for char {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        let text = reader.read_str()?;
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(reader.data_error(format_args!(
                "expected a single character, found a string of {} characters",
                text.chars().count()
            ))),
        }
    }
}

impl ToJson for str {
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.string(self)
    }
}

impl ToJson for String {
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.string(self)
    }
}

impl<'de> FromJson<'de> for String {
    #[inline]
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        reader.read_str().map(owned_string)
    }
}

/// The text of a string value or property name as a `String`: a decoded one as it is, a
/// borrowed one copied with one exact allocation and, for short strings, no call to `memcpy`.
#[inline]
pub(crate) fn owned_string(text: Cow<'_, str>) -> String {
    match text {
        Cow::Borrowed(text) => {
            let (bytes, _) = jetwire_core::copy::to_vec_checking_ascii(text.as_bytes());
            // SAFETY: `bytes` are the bytes of a `str`.
            unsafe { String::from_utf8_unchecked(bytes) }
        }
        Cow::Owned(text) => text,
    }
}

impl<'de: 'a, 'a> FromJson<'de> for &'a str {
    #[inline]
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        reader.read_borrowed_str()
    }
}

impl ToJson for Cow<'_, str> {
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.string(self)
    }
}

impl<'de: 'a, 'a> FromJson<'de> for Cow<'a, str> {
    #[inline]
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        reader.read_str()
    }
}

impl<'de> FromJson<'de> for Box<str> {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        reader.read_str().map(|text| owned_string(text).into_boxed_str())
    }
}

impl ToJson for () {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.null()
    }
}

impl<'de> FromJson<'de> for () {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        reader.read_null()
    }
}

impl<T: ?Sized> ToJson for PhantomData<T> {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.null()
    }
}

impl<'de, T: ?Sized> FromJson<'de> for PhantomData<T> {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        reader.read_null().map(|()| PhantomData)
    }

    fn absent() -> Option<Self> {
        Some(PhantomData)
    }
}
