//! Numbers, booleans, characters and strings.

use std::borrow::Cow;
use std::marker::PhantomData;

use super::compact::{CompactRead, CompactWrite};
use super::{FromJson, ToJson};
use crate::error::Result;
use crate::read::{Reader, numbers};
use crate::write::Writer;
use crate::write::float::FLOAT_TEXT_ROOM;
use jetwire_core::Output;

macro_rules! scalar_impls {
    ($($ty:ty => $write:ident, $read:ident, $len:expr, $compact:path, $parse:expr;)*) => {$(
        impl ToJson for $ty {
            #[inline(always)]
            fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
                writer.$write(*self)
            }

            const COMPACT_WRITE: Option<CompactWrite<Self>> =
                // SAFETY: each of `compact`'s functions writes the type's text as the writer
                // spells it, at most `$len` bytes, its longest text.
                Some(unsafe { CompactWrite::new($len, $compact) });
        }

        impl<'de> FromJson<'de> for $ty {
            #[inline(always)]
            fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
                reader.$read()
            }

            const COMPACT_READ: Option<CompactRead<'de, Self>> = Some(CompactRead::new(0, $parse));
        }
    )*};
}

// The longest texts: `u128::MAX` has 39 digits, `i128::MIN` 40 characters, and `zmij` writes a
// float in its 24-byte buffer, `FLOAT_TEXT_ROOM`, which is the output itself.
scalar_impls! {
    u8 => u8, read_u8, 3, compact::integer, parse::unsigned;
    u16 => u16, read_u16, 5, compact::integer, parse::unsigned;
    u32 => u32, read_u32, 10, compact::integer, parse::unsigned;
    u64 => u64, read_u64, 20, compact::integer, parse::unsigned;
    u128 => u128, read_u128, 39, compact::integer, |i, at| parse::decoded(i, at, numbers::to_u128);
    usize => usize, read_usize, 20, compact::integer, parse::unsigned;
    i8 => i8, read_i8, 4, compact::integer, parse::signed;
    i16 => i16, read_i16, 6, compact::integer, parse::signed;
    i32 => i32, read_i32, 11, compact::integer, parse::signed;
    i64 => i64, read_i64, 20, compact::integer, parse::signed;
    i128 => i128, read_i128, 40, compact::integer, |i, at| parse::decoded(i, at, numbers::to_i128);
    isize => isize, read_isize, 20, compact::integer, parse::signed;
    f32 => f32, read_f32, FLOAT_TEXT_ROOM, compact::float, |i, at| parse::decoded(i, at, numbers::to_f32);
    f64 => f64, read_f64, FLOAT_TEXT_ROOM, compact::float, |i, at| parse::decoded(i, at, numbers::to_f64);
    bool => bool, read_bool, 5, compact::boolean, parse::boolean;
}

/// The scalars' compact readers ([`CompactRead`]): the number or literal at `input[at..]`, decoded by
/// the same functions as the reader's typed reads, so that a text reads to the same value or
/// (as `None`) to the reader's own error; and `None` for a number that runs to the end of
/// `input`, which more input in pieces could continue.
mod parse {
    use crate::read::numbers::{self, ScannedNumber};

    /// What a compact reader returns: a value and the
    /// offset after it.
    pub(super) type Parsed<T> = Option<(T, usize)>;

    /// The number at `input[at..]`, complete, decoded by `convert` from its scan and its text.
    #[inline(always)]
    pub(super) fn decoded<T>(
        input: &[u8],
        at: usize,
        convert: impl Fn(&ScannedNumber, &[u8]) -> Option<T>,
    ) -> Parsed<T> {
        let number = numbers::scan(input, at).ok()?;
        if number.end >= input.len() {
            return None;
        }
        Some((convert(&number, &input[at..number.end])?, number.end))
    }

    /// An unsigned integer, read as the reader does: the `u64`, then the type's range.
    #[inline(always)]
    pub(super) fn unsigned<T: TryFrom<u64>>(input: &[u8], at: usize) -> Parsed<T> {
        let (value, end) = decoded(input, at, numbers::to_u64)?;
        Some((T::try_from(value).ok()?, end))
    }

    /// A signed integer, read as the reader does: the `i64`, then the type's range.
    #[inline(always)]
    pub(super) fn signed<T: TryFrom<i64>>(input: &[u8], at: usize) -> Parsed<T> {
        let (value, end) = decoded(input, at, |number, _| numbers::to_i64(number))?;
        Some((T::try_from(value).ok()?, end))
    }

    #[inline(always)]
    pub(super) fn boolean(input: &[u8], at: usize) -> Parsed<bool> {
        let rest = input.get(at..)?;
        if rest.starts_with(b"true") {
            Some((true, at + 4))
        } else if rest.starts_with(b"false") {
            Some((false, at + 5))
        } else {
            None
        }
    }
}

/// The scalars' compact writers ([`CompactWrite`]): their text exactly as the writer spells it.
///
/// Each function's safety contract: `dst` is valid for writing the longest text of the type,
/// at most [`SHORT_COPY_MAX`](jetwire_core::copy::SHORT_COPY_MAX) bytes.
mod compact {
    use crate::write::float::{Float, format_at};
    use jetwire_core::copy::copy_short;

    /// Copies `text` to `dst`.
    ///
    /// # Safety
    ///
    /// `dst` is valid for writing `text.len()` bytes, at most `SHORT_COPY_MAX`.
    #[inline(always)]
    unsafe fn put(text: &[u8], dst: *mut u8) -> Option<usize> {
        // SAFETY: forwarded from the caller; `text` is a different object than `dst`'s.
        unsafe { copy_short(dst, text.as_ptr(), text.len()) };
        Some(text.len())
    }

    /// # Safety
    ///
    /// See the [module](self).
    #[inline(always)]
    pub(super) unsafe fn integer<T: itoa::Integer + Copy>(value: &T, dst: *mut u8) -> Option<usize> {
        // SAFETY: forwarded from the caller.
        unsafe { put(itoa::Buffer::new().format(*value).as_bytes(), dst) }
    }

    /// `None` for a float that is not finite: the writer refuses it.
    ///
    /// # Safety
    ///
    /// See the [module](self).
    #[inline(always)]
    pub(super) unsafe fn float<F: Float>(value: &F, dst: *mut u8) -> Option<usize> {
        if !value.is_finite() {
            return None;
        }
        // SAFETY: forwarded from the caller: a float's compact `max_len` is `FLOAT_TEXT_ROOM`.
        Some(unsafe { format_at(*value, dst) })
    }

    /// # Safety
    ///
    /// See the [module](self).
    #[inline(always)]
    pub(super) unsafe fn boolean(value: &bool, dst: *mut u8) -> Option<usize> {
        let text: &[u8] = if *value { b"true" } else { b"false" };
        // SAFETY: forwarded from the caller.
        unsafe { put(text, dst) }
    }
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

/// The boxed and shared strings: the text read, as [`string_from`] makes it.
macro_rules! owned_str_impls {
    ($($string:ty),*) => {$(
        impl<'de> FromJson<'de> for $string {
            fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
                reader.read_str().map(string_from)
            }
        }
    )*};
}

owned_str_impls!(Box<str>, std::rc::Rc<str>, std::sync::Arc<str>);

/// `text` as a boxed or shared string: borrowed text copied once, owned text handed over (a
/// `Box<str>` keeps its buffer).
pub(crate) fn string_from<S: From<String> + for<'t> From<&'t str>>(text: Cow<'_, str>) -> S {
    match text {
        Cow::Borrowed(text) => S::from(text),
        Cow::Owned(text) => S::from(text),
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
