//! The serde bridge: any type that implements serde's `Deserialize` or `Serialize`, read and
//! written with jetwire's reader and writer (feature `serde`).
//!
//! - Same rules as jetwire's own typed reads: the strict grammar, the depth limit, borrowed
//!   strings wherever serde allows (`&str` fields, `Cow<str>` with `#[serde(borrow)]`, and
//!   keys), and errors with the same categories, positions and JSON Pointer paths.
//! - serde's data model maps onto JSON as `serde_json` maps it: structs and maps as objects
//!   (structs also accept arrays), enums externally tagged as `"Variant"` or
//!   `{"Variant": payload}`, bytes as arrays of numbers, map keys as strings (integer, boolean
//!   and unit-variant keys written as their text). Where jetwire's rules differ from
//!   `serde_json`'s, jetwire's apply: NaN and the infinities are an error to write (not
//!   `null`), and integers are read as the type asked for, with jetwire's messages. Floats are
//!   written as jetwire writes them: shortest digits, an exponent with its sign where serde_json
//!   writes one too (`1e+300` for both); both read back to the same bits.
//! - As with serde_json: integers reach `deserialize_any` visitors as `u64` or `i64`, larger
//!   ones (and every other number) as their nearest `f64` (fields typed `u128`/`i128` read
//!   them exactly); `-0` reaches them as the float `-0.0`, so its sign survives; an `f32` beyond
//!   its range (but within `f64`'s) reads as an infinity; a struct variant's fields are read
//!   from an object or an array.
//! - Text that is not well-formed Unicode (ill-formed UTF-8, an unpaired surrogate escape such
//!   as `"\ud800"`) reads as U+FFFD under jetwire's lexical policy, where serde_json refuses
//!   it; read with [`ReadOptions::strict_unicode`] set (through [`from_slice_with`]) to refuse
//!   it too, with an error at the offending byte.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! #[serde(tag = "type", rename_all = "lowercase")]
//! enum Shape<'a> {
//!     Circle { r: f64 },
//!     Label { text: &'a str },
//! }
//!
//! let json = br#"[{"type": "circle", "r": 1.5}, {"type": "label", "text": "hi"}]"#;
//! let shapes: Vec<Shape> = jetwire_json::serde::from_slice(json)?;
//! assert_eq!(shapes, [Shape::Circle { r: 1.5 }, Shape::Label { text: "hi" }]);
//! assert_eq!(
//!     jetwire_json::serde::to_string(&shapes)?,
//!     r#"[{"type":"circle","r":1.5},{"type":"label","text":"hi"}]"#
//! );
//!
//! let err = jetwire_json::serde::from_slice::<Vec<Shape>>(br#"[{"type": "circle", "r": "x"}]"#).unwrap_err();
//! assert_eq!(err.path(), "/0");
//! # Ok::<(), jetwire_json::Error>(())
//! ```

mod de;
mod error;
mod ser;
mod value;

use std::io;

use ::serde::Serialize;
use ::serde::de::{Deserialize, DeserializeOwned};

use crate::error::{Error, Result};
use crate::read::ReadOptions;
use crate::typed::into_string;
use crate::write::{Indent, WriteOptions, Writer};

pub use de::Deserializer;
pub use ser::Serializer;
pub use value::MAX_SERDE_DEPTH;

/// The newtype name by which [`RawValue`](crate::RawValue) and
/// [`OwnedRawValue`](crate::OwnedRawValue) ask this bridge for a value's raw bytes.
pub(crate) const RAW_VALUE_TOKEN: &str = "$jetwire::private::RawValue";

/// The newtype name by which [`Value`](crate::Value) and [`Number`](crate::value::Number)
/// ask this bridge for the value's bytes, to read them exactly.
pub(crate) const EXACT_VALUE_TOKEN: &str = "$jetwire::private::ExactValue";

/// Reads a `T` from JSON bytes, which must hold exactly one value (whitespace aside). Strings
/// are borrowed from `input` where `T` allows it.
///
/// ```
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct User<'a> { id: u64, name: &'a str }
///
/// let user: User = jetwire_json::serde::from_slice(br#"{"id": 7, "name": "ada"}"#)?;
/// assert_eq!(user, User { id: 7, name: "ada" });
///
/// let err = jetwire_json::serde::from_slice::<User>(b"{\"id\": -1, \"name\": \"x\"}").unwrap_err();
/// assert_eq!(err.to_string(), "number `-1` is out of range for u64 at /id, line 1, column 8 (byte 7)");
/// # Ok::<(), jetwire_json::Error>(())
/// ```
pub fn from_slice<'de, T: Deserialize<'de>>(input: &'de [u8]) -> Result<T> {
    from_slice_with(input, ReadOptions::default())
}

/// Reads a `T` from JSON bytes with `options`.
pub fn from_slice_with<'de, T: Deserialize<'de>>(input: &'de [u8], options: ReadOptions) -> Result<T> {
    let mut deserializer = Deserializer::with_options(input, options);
    let value = deserializer.deserialize_root(|de| T::deserialize(de))?;
    deserializer.end()?;
    Ok(value)
}

/// Reads a `T` from JSON text.
pub fn from_str<'de, T: Deserialize<'de>>(input: &'de str) -> Result<T> {
    from_slice(input.as_bytes())
}

/// Reads a `T` from an `io::Read`, read whole (in large blocks) before it is parsed.
///
/// ```
/// let numbers: Vec<u8> = jetwire_json::serde::from_reader(&b"[1, 2]"[..])?;
/// assert_eq!(numbers, [1, 2]);
/// # Ok::<(), jetwire_json::Error>(())
/// ```
pub fn from_reader<R: io::Read, T: DeserializeOwned>(mut reader: R) -> Result<T> {
    let mut input = Vec::new();
    reader.read_to_end(&mut input).map_err(Error::io)?;
    from_slice(&input)
}

/// Serializes `value` as compact JSON into a new `Vec<u8>`.
pub fn to_vec<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(128);
    to_writer(&mut out, value)?;
    Ok(out)
}

/// Appends `value` as compact JSON to `out`; a reused `Vec` writes without allocating once warm.
///
/// ```
/// let mut out = Vec::new();
/// jetwire_json::serde::to_writer(&mut out, &("a", 1))?;
/// assert_eq!(out, br#"["a",1]"#);
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[inline]
pub fn to_writer<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) -> Result<()> {
    to_writer_with(out, value, WriteOptions::default())
}

/// Appends `value` to `out` with `options`.
pub fn to_writer_with<T: Serialize + ?Sized>(
    out: &mut Vec<u8>,
    value: &T,
    options: WriteOptions,
) -> Result<()> {
    let mut writer = Writer::from_output(out, options);
    value.serialize(&mut Serializer::new(&mut writer))?;
    writer.finish()
}

/// Serializes `value` as compact JSON into any `io::Write`, through a buffer.
pub fn to_io_writer<W: io::Write, T: Serialize + ?Sized>(out: W, value: &T) -> Result<()> {
    let mut writer = Writer::to_io(out, WriteOptions::default());
    value.serialize(&mut Serializer::new(&mut writer))?;
    writer.finish()
}

/// Serializes `value` as compact JSON into a `String`.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String> {
    into_string(to_vec(value)?)
}

/// Serializes `value` as JSON indented by two spaces.
pub fn to_string_pretty<T: Serialize + ?Sized>(value: &T) -> Result<String> {
    let mut out = Vec::new();
    to_writer_with(
        &mut out,
        value,
        WriteOptions { indent: Some(Indent::Spaces(2)), ..WriteOptions::default() },
    )?;
    into_string(out)
}
