//! Raw values: a JSON value's exact bytes, captured while reading and copied as they are while
//! writing.
//!
//! [`RawValue`] borrows the bytes from the input (like `serde_json`'s `&RawValue`);
//! [`OwnedRawValue`] owns a copy (like `Box<RawValue>`). Both are validated (the reader checks a
//! value as strictly as any other when it captures it) and keep the source bytes exactly,
//! whitespace inside the value included, per the byte-level side of the Unicode policy. Either
//! can be a field of a derived struct, including inside internally, adjacently and untagged
//! enums, whose buffered content is read again from the same input.
//!
//! ```
//! use jetwire_json::{RawValue, Reader, FromJson};
//!
//! let input = br#"{"id": 7, "payload": {"any" : [1, 2]}}"#;
//! let mut reader = Reader::new(input);
//! reader.begin_object()?;
//! let mut payload = None;
//! while let Some(key) = reader.next_key()? {
//!     match key.raw() {
//!         b"payload" => payload = Some(RawValue::from_json(&mut reader)?),
//!         _ => reader.skip_value()?,
//!     }
//! }
//! assert_eq!(payload.unwrap().as_bytes(), br#"{"any" : [1, 2]}"#);
//! # Ok::<(), jetwire_json::Error>(())
//! ```

use std::fmt;

use jetwire_core::Output;

use crate::error::Result;
use crate::read::Reader;
use crate::typed::{FromJson, ToJson};
use crate::value::Value;
use crate::write::Writer;

/// A JSON value's exact bytes, borrowed from the input.
///
/// ```
/// use jetwire_json::RawValue;
///
/// let raw = RawValue::from_slice(b"  [1, {\"a\": null}] ")?;
/// assert_eq!(raw.as_bytes(), b"[1, {\"a\": null}]"); // trimmed to the value
/// assert_eq!(raw.parse::<(u8, jetwire_json::Value)>()?.0, 1);
/// assert!(RawValue::from_slice(b"[1,").is_err());
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawValue<'a> {
    json: &'a [u8],
}

/// A JSON value's exact bytes, owned.
///
/// ```
/// use jetwire_json::OwnedRawValue;
///
/// let raw = OwnedRawValue::from_string(r#"{"kept": "as is"}"#.to_owned())?;
/// assert_eq!(jetwire_json::to_string(&vec![raw])?, r#"[{"kept": "as is"}]"#);
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct OwnedRawValue {
    json: Box<[u8]>,
}

/// The one value in `json`, validated, without the whitespace around it.
fn validated(json: &[u8]) -> Result<&[u8]> {
    let mut reader = Reader::new(json);
    let value = reader.raw_value()?;
    reader.finish()?;
    Ok(value)
}

impl<'a> RawValue<'a> {
    /// The value in `json` (one JSON value, with optional whitespace around it, which is left
    /// out), validated.
    pub fn from_slice(json: &'a [u8]) -> Result<RawValue<'a>> {
        validated(json).map(|json| RawValue { json })
    }

    /// The value in `json`, validated; see [`from_slice`](Self::from_slice).
    #[allow(clippy::should_implement_trait)] // `FromStr` cannot borrow from its input.
    pub fn from_str(json: &'a str) -> Result<RawValue<'a>> {
        RawValue::from_slice(json.as_bytes())
    }

    /// Bytes that the reader has validated as one JSON value.
    #[inline]
    pub(crate) fn from_validated(json: &'a [u8]) -> RawValue<'a> {
        RawValue { json }
    }

    /// The value's bytes, exactly as in the input.
    #[inline]
    pub fn as_bytes(&self) -> &'a [u8] {
        self.json
    }

    /// The value's bytes as text, if they are valid UTF-8 (they are, unless the input had
    /// ill-formed UTF-8 inside a string).
    pub fn as_str(&self) -> Option<&'a str> {
        std::str::from_utf8(self.json).ok()
    }

    /// A copy that owns its bytes.
    pub fn into_owned(self) -> OwnedRawValue {
        OwnedRawValue { json: self.json.into() }
    }

    /// Reads the value as a `T`, which may borrow from the same input. Errors are positioned in
    /// the raw value's bytes.
    pub fn parse<T: FromJson<'a>>(&self) -> Result<T> {
        crate::from_slice(self.json)
    }

    /// Reads the value as a DOM.
    pub fn to_value(&self) -> Result<Value> {
        self.parse()
    }
}

impl OwnedRawValue {
    /// The value in `json`, validated, without the whitespace around it.
    pub fn from_vec(json: Vec<u8>) -> Result<OwnedRawValue> {
        let trimmed = validated(&json)?;
        if trimmed.len() == json.len() {
            return Ok(OwnedRawValue { json: json.into_boxed_slice() });
        }
        Ok(OwnedRawValue { json: trimmed.into() })
    }

    /// The value in `json`, validated, without the whitespace around it.
    pub fn from_string(json: String) -> Result<OwnedRawValue> {
        OwnedRawValue::from_vec(json.into_bytes())
    }

    /// `value` written as JSON and kept as a raw value.
    ///
    /// ```
    /// let raw = jetwire_json::OwnedRawValue::to_raw_value(&[1, 2])?;
    /// assert_eq!(raw.as_bytes(), b"[1,2]");
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn to_raw_value<T: ToJson + ?Sized>(value: &T) -> Result<OwnedRawValue> {
        crate::to_vec(value).map(|json| OwnedRawValue { json: json.into_boxed_slice() })
    }

    /// The value, borrowed.
    #[inline]
    pub fn as_raw(&self) -> RawValue<'_> {
        RawValue { json: &self.json }
    }

    /// The value's bytes.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.json
    }

    /// The value's bytes as text, if they are valid UTF-8.
    pub fn as_str(&self) -> Option<&str> {
        std::str::from_utf8(&self.json).ok()
    }

    /// The bytes, taken out.
    pub fn into_bytes(self) -> Box<[u8]> {
        self.json
    }

    /// Reads the value as a `T`, which may borrow from this raw value.
    pub fn parse<'a, T: FromJson<'a>>(&'a self) -> Result<T> {
        crate::from_slice(&self.json)
    }

    /// Reads the value as a DOM.
    pub fn to_value(&self) -> Result<Value> {
        self.parse()
    }
}

impl From<RawValue<'_>> for OwnedRawValue {
    fn from(raw: RawValue<'_>) -> OwnedRawValue {
        raw.into_owned()
    }
}

impl ToJson for RawValue<'_> {
    /// Copies the bytes as they are (they were validated when the raw value was made).
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.value_bytes(self.json)
    }
}

impl ToJson for OwnedRawValue {
    /// Copies the bytes as they are (they were validated when the raw value was made).
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.value_bytes(&self.json)
    }
}

impl<'de: 'a, 'a> FromJson<'de> for RawValue<'a> {
    /// Captures the next value's bytes, validated, borrowed from the input.
    #[inline]
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        reader.raw_value().map(RawValue::from_validated)
    }
}

impl<'de> FromJson<'de> for OwnedRawValue {
    /// Captures the next value's bytes, validated, and copies them.
    #[inline]
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        reader.raw_value().map(|json| OwnedRawValue { json: json.into() })
    }
}

impl fmt::Display for RawValue<'_> {
    /// The JSON text (ill-formed UTF-8 shown as U+FFFD).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from_utf8_lossy(self.json))
    }
}

impl fmt::Debug for RawValue<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RawValue({})", String::from_utf8_lossy(self.json))
    }
}

impl fmt::Display for OwnedRawValue {
    /// The JSON text (ill-formed UTF-8 shown as U+FFFD).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_raw().fmt(f)
    }
}

impl fmt::Debug for OwnedRawValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OwnedRawValue({})", String::from_utf8_lossy(&self.json))
    }
}
