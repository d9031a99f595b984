//! [`Deserializer`]: serde's `Deserializer` over jetwire's [`Reader`].
//!
//! Every `deserialize_*` call reads straight from the reader: typed hints use the reader's typed
//! reads (so messages and positions are jetwire's), `deserialize_any` dispatches on the next
//! token. Errors raised by serde code (a visitor's "missing field", "unknown variant", ...) carry
//! no position; they get one where they come out of a value (its start) or a container (where
//! the reader stands), and a path segment for each member and element they pass on the way out.

use std::borrow::Cow;

use ::serde::de::{self, DeserializeSeed, Visitor};
use ::serde::forward_to_deserialize_any;

use super::error::positioned;
use super::{EXACT_VALUE_TOKEN, RAW_VALUE_TOKEN};
use crate::error::{Error, Result};
use crate::read::numbers;
use crate::read::{JsonStr, Key, ReadOptions, Reader, TokenKind};

/// serde's `Deserializer` over a jetwire [`Reader`].
///
/// ```
/// use serde::Deserialize;
/// use jetwire_json::serde::Deserializer;
///
/// let mut deserializer = Deserializer::from_slice(b"[1, 2] ");
/// let numbers = Vec::<u8>::deserialize(&mut deserializer)?;
/// deserializer.end()?;
/// assert_eq!(numbers, [1, 2]);
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Debug)]
pub struct Deserializer<'de> {
    reader: Reader<'de>,
    input: &'de [u8],
}

impl<'de> Deserializer<'de> {
    /// A deserializer over `input` with the default reader options.
    pub fn from_slice(input: &'de [u8]) -> Self {
        Deserializer::with_options(input, ReadOptions::default())
    }

    /// A deserializer over `input` with `options`.
    pub fn with_options(input: &'de [u8], options: ReadOptions) -> Self {
        Deserializer { reader: Reader::with_options(input, options), input }
    }

    /// Checks that only whitespace follows the value read.
    pub fn end(&mut self) -> Result<()> {
        self.reader.finish()
    }

    /// Runs `read` on this deserializer, positioning an error that serde code raised at the
    /// start of the value.
    pub(super) fn deserialize_root<T>(&mut self, read: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        let start = self.reader.offset();
        read(self).map_err(|err| self.position(err, start))
    }

    /// `err` positioned at the value that starts at or after `offset`, if it has no position.
    #[cold]
    #[inline(never)]
    fn position(&self, err: Error, offset: usize) -> Error {
        positioned(err, self.input, offset)
    }

    /// `err` positioned where the reader stands, if it has no position.
    #[cold]
    #[inline(never)]
    fn position_here(&self, err: Error) -> Error {
        positioned(err, self.input, self.reader.offset())
    }

    /// Reads a number for `deserialize_any` (which has positioned the reader at it): integers
    /// as `u64`/`i64` (or `u128`/`i128` when larger), everything else as `f64`.
    fn visit_number<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        // One scan: the digits gathered once decide the kind and give the value.
        let (number, text) = self.reader.read_started_number()?;
        if number.is_integer {
            // `-0` is the float -0.0 to serde_json, which keeps its sign.
            if !number.negative {
                if let Some(value) = numbers::to_u64(&number, text.as_bytes()) {
                    return visitor.visit_u64(value);
                }
            } else if number.mantissa != 0 {
                if let Some(value) = numbers::to_i64(&number) {
                    return visitor.visit_i64(value);
                }
            }
            // Larger integers reach `deserialize_any` as their nearest f64, as with serde_json:
            // most visitors (`serde_json::Value`'s among them) take no 128-bit integers, and a
            // visitor cannot be asked twice. Fields typed `u128`/`i128` read them exactly.
        }
        match numbers::to_f64(&number, text.as_bytes()) {
            Some(value) => visitor.visit_f64(value),
            // Beyond the f64 range: the reader's own error, at the number.
            None => Err(self.out_of_range(text)),
        }
    }

    #[cold]
    #[inline(never)]
    fn out_of_range(&self, text: &'de str) -> Error {
        match self.reader.sub_reader(text.as_bytes()).read_f64() {
            Err(err) => err,
            Ok(_) => self.reader.data_error(format_args!("number `{text}` is out of range")),
        }
    }

    /// Reads a string through the typed read (validated and decoded in one pass).
    #[inline]
    fn visit_string<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        match self.reader.read_str()? {
            Cow::Borrowed(text) => visitor.visit_borrowed_str(text),
            Cow::Owned(text) => visitor.visit_string(text),
        }
    }

    /// Reads an array (its `[` next) through `visitor.visit_seq`.
    fn visit_array<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        self.reader.begin_array()?;
        let mut access = SeqAccess { de: self, index: 0, done: false };
        let value = visitor.visit_seq(&mut access);
        let done = access.done;
        let value = value.map_err(|err| self.position_here(err))?;
        if !done && self.reader.next_element()? {
            return Err(self.reader.data_error("the array has more elements than the type reads"));
        }
        Ok(value)
    }

    /// Reads an object (its `{` next) through `visitor.visit_map`.
    fn visit_object<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        self.reader.begin_object()?;
        let mut access = MapAccess { de: self, key: None, done: false };
        let value = visitor.visit_map(&mut access);
        let done = access.done;
        let value = value.map_err(|err| self.position_here(err))?;
        if !done && self.reader.next_key()?.is_some() {
            return Err(self.reader.data_error("the object has more members than the type reads"));
        }
        Ok(value)
    }
}

macro_rules! deserialize_with_reader {
    ($($method:ident => $read:ident, $visit:ident;)*) => {$(
        #[inline]
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            let value = self.reader.$read()?;
            visitor.$visit(value)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Deserializer<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.reader.value_start()? {
            b'n' => {
                self.reader.read_null()?;
                visitor.visit_unit()
            }
            b't' | b'f' => visitor.visit_bool(self.reader.read_bool()?),
            b'-' | b'0'..=b'9' => self.visit_number(visitor),
            b'"' => self.visit_string(visitor),
            b'[' => self.visit_array(visitor),
            b'{' => self.visit_object(visitor),
            _ => Err(self.reader.type_error("a value")),
        }
    }

    deserialize_with_reader! {
        deserialize_bool => read_bool, visit_bool;
        deserialize_u8 => read_u8, visit_u8;
        deserialize_u16 => read_u16, visit_u16;
        deserialize_u32 => read_u32, visit_u32;
        deserialize_u64 => read_u64, visit_u64;
        deserialize_u128 => read_u128, visit_u128;
        deserialize_i8 => read_i8, visit_i8;
        deserialize_i16 => read_i16, visit_i16;
        deserialize_i32 => read_i32, visit_i32;
        deserialize_i64 => read_i64, visit_i64;
        deserialize_i128 => read_i128, visit_i128;
        deserialize_f64 => read_f64, visit_f64;
    }

    /// A number as the nearest `f32` (correctly rounded); beyond `f32`'s range but within
    /// `f64`'s, an infinity of its sign, as serde_json reads it.
    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let mut probe = self.reader.clone();
        match probe.read_f32() {
            Ok(value) => {
                self.reader = probe;
                visitor.visit_f32(value)
            }
            Err(err) => {
                let Ok(number) = self.reader.clone().read_number() else { return Err(err) };
                match number.as_f64() {
                    Some(wide) if wide.is_finite() => {
                        self.reader.read_number()?;
                        visitor.visit_f32(if wide < 0.0 { f32::NEG_INFINITY } else { f32::INFINITY })
                    }
                    _ => Err(err),
                }
            }
        }
    }

    #[inline]
    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    #[inline]
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.visit_string(visitor)
    }

    #[inline]
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.visit_string(visitor)
    }

    /// A string's bytes (exactly, escapes decoded), or an array of numbers.
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.reader.peek()? {
            TokenKind::BeginArray => self.visit_array(visitor),
            _ => match self.reader.read_string_bytes()? {
                Cow::Borrowed(bytes) => visitor.visit_borrowed_bytes(bytes),
                Cow::Owned(bytes) => visitor.visit_byte_buf(bytes),
            },
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.reader.read_null_or_not()? { visitor.visit_none() } else { visitor.visit_some(self) }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.reader.read_null()?;
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        if name == RAW_VALUE_TOKEN || name == EXACT_VALUE_TOKEN {
            // The raw bytes of the value, for `RawValue` and the exact `Value`.
            return visitor.visit_borrowed_bytes(self.reader.raw_value()?);
        }
        visitor.visit_newtype_struct(self)
    }

    // The containers dispatch on the value's first byte (`value_start`), which costs less than
    // `peek`'s token kinds; `type_error` reports a byte that starts no value as `peek` would.

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.reader.value_start()? {
            b'[' => self.visit_array(visitor),
            _ => Err(self.reader.type_error("an array")),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.reader.value_start()? {
            b'{' => self.visit_object(visitor),
            _ => Err(self.reader.type_error("an object")),
        }
    }

    /// An object, or (as `serde_json` allows) an array of the fields in order.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self.reader.value_start()? {
            b'{' => self.visit_object(visitor),
            b'[' => self.visit_array(visitor),
            _ => Err(self.reader.type_error("an object")),
        }
    }

    /// `"Variant"` for a unit variant, `{"Variant": payload}` for the others.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self.reader.peek()? {
            TokenKind::String => {
                let name = self.reader.read_json_str()?;
                visitor.visit_enum(UnitVariant { name })
            }
            TokenKind::BeginObject => {
                self.reader.begin_object()?;
                let Some(name) = self.reader.next_key()? else {
                    return Err(self.reader.data_error(
                        "expected an object with one property naming a variant, found an empty object",
                    ));
                };
                let value = visitor.visit_enum(VariantAccess { de: &mut *self, name })?;
                if self.reader.next_key()?.is_some() {
                    return Err(self.reader.data_error(
                        "expected an object with one property naming a variant, found more properties",
                    ));
                }
                Ok(value)
            }
            _ => Err(self.reader.type_error("a string or an object naming an enum variant")),
        }
    }

    #[inline]
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.visit_string(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.reader.skip_value()?;
        visitor.visit_unit()
    }
}

/// The elements of an array.
struct SeqAccess<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    index: usize,
    done: bool,
}

impl<'de> de::SeqAccess<'de> for &mut SeqAccess<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if self.done || !self.de.reader.next_element()? {
            self.done = true;
            return Ok(None);
        }
        let start = self.de.reader.offset();
        match seed.deserialize(&mut *self.de) {
            Ok(value) => {
                self.index += 1;
                Ok(Some(value))
            }
            Err(err) => Err(self.de.position(err, start).prepend_index(self.index)),
        }
    }
}

/// The members of an object.
struct MapAccess<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    key: Option<Key<'de>>,
    done: bool,
}

impl<'de> de::MapAccess<'de> for &mut MapAccess<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.done {
            return Ok(None);
        }
        match self.de.reader.next_key()? {
            None => {
                self.done = true;
                Ok(None)
            }
            Some(key) => {
                self.key = Some(key);
                seed.deserialize(KeyDeserializer { key }).map(Some)
            }
        }
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let start = self.de.reader.offset();
        seed.deserialize(&mut *self.de).map_err(|err| self.value_error(err, start))
    }
}

impl MapAccess<'_, '_> {
    #[cold]
    #[inline(never)]
    fn value_error(&self, err: Error, start: usize) -> Error {
        let err = self.de.position(err, start);
        match &self.key {
            Some(key) => err.prepend_key(&key.decoded()),
            None => err,
        }
    }
}

/// A property name as a deserializer: a string, or the integer, boolean, unit variant or
/// newtype it spells (as `serde_json` reads map keys).
struct KeyDeserializer<'de> {
    key: JsonStr<'de>,
}

impl KeyDeserializer<'_> {
    #[cold]
    #[inline(never)]
    fn invalid(&self, what: &str) -> Error {
        Error::custom(format_args!("expected a property name holding {what}, found {:?}", self.key.decoded()))
    }
}

macro_rules! deserialize_parsed_key {
    ($($method:ident => $ty:ty, $visit:ident;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            match self.key.decoded().parse::<$ty>() {
                Ok(value) => visitor.$visit(value),
                Err(_) => Err(self.invalid(stringify!($ty))),
            }
        }
    )*};
}

impl<'de> de::Deserializer<'de> for KeyDeserializer<'de> {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.key.decoded() {
            Cow::Borrowed(text) => visitor.visit_borrowed_str(text),
            Cow::Owned(text) => visitor.visit_string(text),
        }
    }

    deserialize_parsed_key! {
        deserialize_bool => bool, visit_bool;
        deserialize_u8 => u8, visit_u8;
        deserialize_u16 => u16, visit_u16;
        deserialize_u32 => u32, visit_u32;
        deserialize_u64 => u64, visit_u64;
        deserialize_u128 => u128, visit_u128;
        deserialize_i8 => i8, visit_i8;
        deserialize_i16 => i16, visit_i16;
        deserialize_i32 => i32, visit_i32;
        deserialize_i64 => i64, visit_i64;
        deserialize_i128 => i128, visit_i128;
        deserialize_f32 => f32, visit_f32;
        deserialize_f64 => f64, visit_f64;
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_enum(UnitVariant { name: self.key })
    }

    forward_to_deserialize_any! {
        char str string bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

/// An enum written as a string: a unit variant.
struct UnitVariant<'de> {
    name: JsonStr<'de>,
}

impl<'de> de::EnumAccess<'de> for UnitVariant<'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        let variant = seed.deserialize(KeyDeserializer { key: self.name })?;
        Ok((variant, self))
    }
}

impl<'de> de::VariantAccess<'de> for UnitVariant<'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _seed: T) -> Result<T::Value> {
        Err(self.payload_expected())
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value> {
        Err(self.payload_expected())
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value> {
        Err(self.payload_expected())
    }
}

impl UnitVariant<'_> {
    #[cold]
    fn payload_expected(&self) -> Error {
        let name = self.name.decoded();
        Error::custom(format_args!("variant `{name}` has a payload: expected an object {{\"{name}\": ...}}"))
    }
}

/// An enum written as `{"Variant": payload}`, the reader after the property name.
struct VariantAccess<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    name: JsonStr<'de>,
}

impl<'de> de::EnumAccess<'de> for VariantAccess<'_, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        let variant = seed.deserialize(KeyDeserializer { key: self.name })?;
        Ok((variant, self))
    }
}

impl<'de> VariantAccess<'_, 'de> {
    /// Reads the payload with `read`, giving its errors a position and the variant's name.
    fn payload<T>(self, read: impl FnOnce(&mut Deserializer<'de>) -> Result<T>) -> Result<T> {
        let start = self.de.reader.offset();
        read(self.de).map_err(|err| self.de.position(err, start).prepend_key(&self.name.decoded()))
    }
}

impl<'de> de::VariantAccess<'de> for VariantAccess<'_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        self.payload(|de| de.reader.read_null())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        self.payload(|de| seed.deserialize(de))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.payload(|de| de::Deserializer::deserialize_seq(de, visitor))
    }

    /// The fields as an object or, as serde_json also reads them, an array in order.
    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        self.payload(|de| de::Deserializer::deserialize_struct(de, "", fields, visitor))
    }
}
