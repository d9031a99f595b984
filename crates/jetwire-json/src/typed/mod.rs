//! Typed (de)serialization: the [`ToJson`] and [`FromJson`] traits, the entry points
//! (`to_vec`, `from_slice`, ...), and the implementations for std types.

mod base64;
pub(crate) mod collections;
mod compact;
mod external;
pub(crate) mod scalars;
mod std_types;
#[cfg(any(feature = "chrono", feature = "rust_decimal"))]
pub(crate) mod text;
#[cfg(feature = "chrono")]
pub(crate) mod timestamp;

use std::io;

use crate::error::{Category, Error, Result};
use crate::read::{ReadOptions, Reader};
use crate::write::{Indent, WriteOptions, Writer};
use jetwire_core::Output;

pub use base64::Base64;
pub use collections::{FromJsonKey, ToJsonKey};
#[doc(hidden)]
pub use compact::{CompactRead, CompactWrite};

/// A type that can write itself as JSON.
///
/// Derive it with `#[derive(ToJson)]` (from the `jetwire` crate), or implement it by hand on top
/// of the [`Writer`]:
///
/// ```
/// use jetwire_json::{Output, Result, ToJson, Writer};
///
/// /// Written as `[x, y]` rather than an object.
/// struct Point { x: i32, y: i32 }
///
/// impl ToJson for Point {
///     fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
///         writer.begin_array()?;
///         writer.i32(self.x)?;
///         writer.i32(self.y)?;
///         writer.end_array()
///     }
/// }
///
/// assert_eq!(jetwire_json::to_string(&Point { x: 1, y: -2 })?, "[1,-2]");
/// # Ok::<(), jetwire_json::Error>(())
/// ```
pub trait ToJson {
    /// Writes `self` as one JSON value.
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()>;

    /// The compact form of a short scalar's values (numbers, booleans, and tuples of them), which
    /// slices, arrays and `Vec`s of the type write in compact output with one reservation per run
    /// of elements and no per-element state; `None`, the default, for every other type. Made
    /// only through the `unsafe` [`CompactWrite::new`], whose caller vouches for its bound.
    #[doc(hidden)]
    const COMPACT_WRITE: Option<CompactWrite<Self>> = None;
}

/// A type that can read itself from JSON whose bytes live for `'de` (and may borrow from them).
///
/// Derive it with `#[derive(FromJson)]` (from the `jetwire` crate), or implement it by hand on
/// top of the [`Reader`]:
///
/// ```
/// use jetwire_json::{FromJson, Reader, Result};
///
/// #[derive(Debug, PartialEq)]
/// struct Point { x: i32, y: i32 }
///
/// impl<'de> FromJson<'de> for Point {
///     fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
///         reader.begin_array()?;
///         let mut coordinates = [0; 2];
///         for (index, slot) in coordinates.iter_mut().enumerate() {
///             if !reader.next_element()? {
///                 return Err(reader.data_error("expected two coordinates"));
///             }
///             *slot = reader.read_i32().map_err(|e| e.prepend_index(index))?;
///         }
///         if reader.next_element()? {
///             return Err(reader.data_error("expected only two coordinates"));
///         }
///         Ok(Point { x: coordinates[0], y: coordinates[1] })
///     }
/// }
///
/// assert_eq!(jetwire_json::from_str::<Point>("[1, -2]")?, Point { x: 1, y: -2 });
/// # Ok::<(), jetwire_json::Error>(())
/// ```
pub trait FromJson<'de>: Sized {
    /// Reads one JSON value as `Self`.
    fn from_json(reader: &mut Reader<'de>) -> Result<Self>;

    /// The value for a field that is absent from its object, if this type has one: `Option`
    /// gives `Some(None)`. `None` (the default) makes an absent field an error.
    #[inline]
    fn absent() -> Option<Self> {
        None
    }

    /// The compact form of a short scalar's values (numbers, booleans, and tuples of them), which
    /// `Vec`s of the type read straight from the input in runs of compactly spelled array
    /// elements; `None`, the default, for every other type.
    #[doc(hidden)]
    const COMPACT_READ: Option<CompactRead<'de, Self>> = None;
}

/// A type that reads from JSON without borrowing from it: `T: FromJsonOwned` can be read from
/// input of any lifetime, such as a buffer that is dropped afterwards.
pub trait FromJsonOwned: for<'de> FromJson<'de> {}

impl<T> FromJsonOwned for T where T: for<'de> FromJson<'de> {}

/// Serializes `value` as compact JSON into a new `Vec<u8>`.
///
/// ```
/// assert_eq!(jetwire_json::to_vec(&vec![1, 2])?, b"[1,2]");
/// # Ok::<(), jetwire_json::Error>(())
/// ```
pub fn to_vec<T: ToJson + ?Sized>(value: &T) -> Result<Vec<u8>> {
    to_vec_with(value, WriteOptions::default())
}

/// Serializes `value` into a new `Vec<u8>` with `options`.
pub fn to_vec_with<T: ToJson + ?Sized>(value: &T, options: WriteOptions) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(128);
    to_writer_with(&mut out, value, options)?;
    Ok(out)
}

/// Appends `value` as compact JSON to `out`. Reusing one `Vec` across calls writes without
/// allocating once it has grown to size.
///
/// ```
/// let mut out = Vec::new();
/// jetwire_json::to_writer(&mut out, &"a")?;
/// jetwire_json::to_writer(&mut out, &true)?;
/// assert_eq!(out, b"\"a\"true");
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[inline]
pub fn to_writer<T: ToJson + ?Sized>(out: &mut Vec<u8>, value: &T) -> Result<()> {
    to_writer_with(out, value, WriteOptions::default())
}

/// Appends `value` to `out` with `options`.
#[inline]
pub fn to_writer_with<T: ToJson + ?Sized>(out: &mut Vec<u8>, value: &T, options: WriteOptions) -> Result<()> {
    let mut writer = Writer::from_output(out, options);
    value.to_json(&mut writer)?;
    writer.finish()
}

/// Serializes `value` as compact JSON into a `String`.
pub fn to_string<T: ToJson + ?Sized>(value: &T) -> Result<String> {
    into_string(to_vec(value)?)
}

/// Serializes `value` as JSON indented by two spaces.
///
/// ```
/// let text = jetwire_json::to_string_pretty(&vec![1, 2])?;
/// assert_eq!(text, "[\n  1,\n  2\n]");
/// # Ok::<(), jetwire_json::Error>(())
/// ```
pub fn to_string_pretty<T: ToJson + ?Sized>(value: &T) -> Result<String> {
    let options = WriteOptions { indent: Some(Indent::Spaces(2)), ..WriteOptions::default() };
    into_string(to_vec_with(value, options)?)
}

/// The written JSON as a `String`, or an error naming where it is not UTF-8 (a `string_bytes`
/// value can make it so).
pub(crate) fn into_string(bytes: Vec<u8>) -> Result<String> {
    String::from_utf8(bytes).map_err(|err| {
        let at = err.utf8_error().valid_up_to();
        Error::without_position(
            Category::Data,
            format!("the JSON written is not valid UTF-8 (at byte {at}); use to_vec"),
        )
    })
}

/// Serializes `value` as compact JSON into any `io::Write`, through a buffer.
pub fn to_io_writer<W: io::Write, T: ToJson + ?Sized>(out: W, value: &T) -> Result<()> {
    to_io_writer_with(out, value, WriteOptions::default())
}

/// Serializes `value` into any `io::Write` with `options`.
pub fn to_io_writer_with<W: io::Write, T: ToJson + ?Sized>(
    out: W,
    value: &T,
    options: WriteOptions,
) -> Result<()> {
    let mut writer = Writer::to_io(out, options);
    value.to_json(&mut writer)?;
    writer.finish()
}

/// Reads a `T` from JSON bytes, which must hold exactly one value (whitespace aside). Strings
/// are borrowed from `input` where `T` allows it.
///
/// ```
/// let numbers: Vec<u32> = jetwire_json::from_slice(b"[1, 2, 3]")?;
/// assert_eq!(numbers, [1, 2, 3]);
/// let err = jetwire_json::from_slice::<Vec<u32>>(b"[1, \"two\"]").unwrap_err();
/// assert_eq!(err.to_string(), r#"expected u32, found the string "two" at /1, line 1, column 5 (byte 4)"#);
/// # Ok::<(), jetwire_json::Error>(())
/// ```
pub fn from_slice<'de, T: FromJson<'de>>(input: &'de [u8]) -> Result<T> {
    from_slice_with(input, ReadOptions::default())
}

/// Reads a `T` from JSON bytes with `options`.
pub fn from_slice_with<'de, T: FromJson<'de>>(input: &'de [u8], options: ReadOptions) -> Result<T> {
    let mut reader = Reader::with_options(input, options);
    let value = T::from_json(&mut reader)?;
    reader.finish()?;
    Ok(value)
}

/// Reads a `T` from JSON text.
pub fn from_str<'de, T: FromJson<'de>>(input: &'de str) -> Result<T> {
    from_slice(input.as_bytes())
}

/// Reads a `T` from JSON text with `options`.
pub fn from_str_with<'de, T: FromJson<'de>>(input: &'de str, options: ReadOptions) -> Result<T> {
    from_slice_with(input.as_bytes(), options)
}
