//! [`Serializer`]: serde's `Serializer` over jetwire's [`Writer`], laid out as `serde_json` lays
//! out serde's data model.

use ::serde::ser::{self, Impossible, Serialize};
use jetwire_core::Output;

use super::RAW_VALUE_TOKEN;
use crate::error::{Error, Result};
use crate::write::Writer;

/// serde's `Serializer` over a jetwire [`Writer`].
///
/// ```
/// use serde::Serialize;
/// use jetwire_json::{Writer, serde::Serializer};
///
/// let mut writer = Writer::new();
/// writer.begin_array()?;
/// (1, "two").serialize(&mut Serializer::new(&mut writer))?;
/// vec![3.5].serialize(&mut Serializer::new(&mut writer))?;
/// writer.end_array()?;
/// assert_eq!(writer.as_bytes(), br#"[[1,"two"],[3.5]]"#);
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Debug)]
pub struct Serializer<'w, O: Output> {
    writer: &'w mut Writer<O>,
}

impl<'w, O: Output> Serializer<'w, O> {
    /// A serializer that writes with `writer`.
    #[inline]
    pub fn new(writer: &'w mut Writer<O>) -> Self {
        Serializer { writer }
    }
}

macro_rules! serialize_with_writer {
    ($($method:ident: $ty:ty => $write:ident;)*) => {$(
        #[inline]
        fn $method(self, value: $ty) -> Result<()> {
            self.writer.$write(value)
        }
    )*};
}

impl<'a, 'w, O: Output> ser::Serializer for &'a mut Serializer<'w, O> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    serialize_with_writer! {
        serialize_bool: bool => bool;
        serialize_i8: i8 => i8;
        serialize_i16: i16 => i16;
        serialize_i32: i32 => i32;
        serialize_i64: i64 => i64;
        serialize_i128: i128 => i128;
        serialize_u8: u8 => u8;
        serialize_u16: u16 => u16;
        serialize_u32: u32 => u32;
        serialize_u64: u64 => u64;
        serialize_u128: u128 => u128;
        serialize_f32: f32 => f32;
        serialize_f64: f64 => f64;
        serialize_str: &str => string;
    }

    fn serialize_char(self, value: char) -> Result<()> {
        self.writer.string(value.encode_utf8(&mut [0; 4]))
    }

    /// Bytes as an array of numbers, as `serde_json` writes them.
    fn serialize_bytes(self, value: &[u8]) -> Result<()> {
        self.writer.begin_array()?;
        for &byte in value {
            self.writer.u8(byte)?;
        }
        self.writer.end_array()
    }

    #[inline]
    fn serialize_none(self) -> Result<()> {
        self.writer.null()
    }

    #[inline]
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<()> {
        self.writer.null()
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        self.writer.null()
    }

    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<()> {
        self.writer.string(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, name: &'static str, value: &T) -> Result<()> {
        if name == RAW_VALUE_TOKEN {
            return value.serialize(RawSerializer { writer: &mut *self.writer });
        }
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<()> {
        self.writer.begin_object()?;
        self.writer.property_name(variant)?;
        value.serialize(&mut *self)?;
        self.writer.end_object()
    }

    #[inline]
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self> {
        self.writer.begin_array()?;
        Ok(self)
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self> {
        self.writer.begin_array()?;
        Ok(self)
    }

    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self> {
        self.writer.begin_array()?;
        Ok(self)
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self> {
        self.writer.begin_object()?;
        self.writer.property_name(variant)?;
        self.writer.begin_array()?;
        Ok(self)
    }

    #[inline]
    fn serialize_map(self, _len: Option<usize>) -> Result<Self> {
        self.writer.begin_object()?;
        Ok(self)
    }

    #[inline]
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self> {
        self.writer.begin_object()?;
        Ok(self)
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self> {
        self.writer.begin_object()?;
        self.writer.property_name(variant)?;
        self.writer.begin_object()?;
        Ok(self)
    }

    fn collect_str<T: std::fmt::Display + ?Sized>(self, value: &T) -> Result<()> {
        self.writer.string(&value.to_string())
    }
}

impl<O: Output> ser::SerializeSeq for &mut Serializer<'_, O> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(&mut **self)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.writer.end_array()
    }
}

impl<O: Output> ser::SerializeTuple for &mut Serializer<'_, O> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(&mut **self)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.writer.end_array()
    }
}

impl<O: Output> ser::SerializeTupleStruct for &mut Serializer<'_, O> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(&mut **self)
    }

    fn end(self) -> Result<()> {
        self.writer.end_array()
    }
}

impl<O: Output> ser::SerializeTupleVariant for &mut Serializer<'_, O> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(&mut **self)
    }

    fn end(self) -> Result<()> {
        self.writer.end_array()?;
        self.writer.end_object()
    }
}

impl<O: Output> ser::SerializeMap for &mut Serializer<'_, O> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        key.serialize(KeySerializer { writer: &mut *self.writer })
    }

    #[inline]
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(&mut **self)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.writer.end_object()
    }
}

impl<O: Output> ser::SerializeStruct for &mut Serializer<'_, O> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<()> {
        self.writer.property_name(key)?;
        value.serialize(&mut **self)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.writer.end_object()
    }
}

impl<O: Output> ser::SerializeStructVariant for &mut Serializer<'_, O> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<()> {
        self.writer.property_name(key)?;
        value.serialize(&mut **self)
    }

    fn end(self) -> Result<()> {
        self.writer.end_object()?;
        self.writer.end_object()
    }
}

/// `Serializer` methods that refuse their value with `$refusal()`, for the serializers that take
/// only part of serde's data model (map keys, raw values): each line a method, its arguments'
/// types and its `Ok` type.
macro_rules! refuse {
    ($refusal:ident: $($method:ident $(<$generic:ident>)? ($($arg:ty),*) -> $ok:ty;)*) => {$(
        fn $method $(<$generic: Serialize + ?Sized>)? (self, $(_: $arg),*) -> Result<$ok> {
            Err($refusal())
        }
    )*};
}

/// The container methods (sequences, tuples, maps, structs and their variants), all refused with
/// `$refusal()`.
macro_rules! refuse_containers {
    ($refusal:ident) => {
        refuse! { $refusal:
            serialize_seq(Option<usize>) -> Self::SerializeSeq;
            serialize_tuple(usize) -> Self::SerializeTuple;
            serialize_tuple_struct(&'static str, usize) -> Self::SerializeTupleStruct;
            serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Self::SerializeTupleVariant;
            serialize_map(Option<usize>) -> Self::SerializeMap;
            serialize_struct(&'static str, usize) -> Self::SerializeStruct;
            serialize_struct_variant(&'static str, u32, &'static str, usize) -> Self::SerializeStructVariant;
        }
    };
}

/// Writes a map key as a property name: strings as they are, integers, booleans, finite floats
/// and unit variants as their text (as `serde_json` does).
struct KeySerializer<'w, O: Output> {
    writer: &'w mut Writer<O>,
}

#[cold]
#[inline(never)]
fn key_must_be_a_string() -> Error {
    Error::custom("a map key must be a string, an integer, a boolean, a float, a char or a unit variant")
}

macro_rules! serialize_integer_keys {
    ($($method:ident: $ty:ty;)*) => {$(
        fn $method(self, value: $ty) -> Result<()> {
            self.writer.property_name_escaped(itoa::Buffer::new().format(value).as_bytes())
        }
    )*};
}

impl<O: Output> ser::Serializer for KeySerializer<'_, O> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    #[inline]
    fn serialize_str(self, value: &str) -> Result<()> {
        self.writer.property_name(value)
    }

    serialize_integer_keys! {
        serialize_i8: i8;
        serialize_i16: i16;
        serialize_i32: i32;
        serialize_i64: i64;
        serialize_i128: i128;
        serialize_u8: u8;
        serialize_u16: u16;
        serialize_u32: u32;
        serialize_u64: u64;
        serialize_u128: u128;
    }

    fn serialize_bool(self, value: bool) -> Result<()> {
        self.writer.property_name_escaped(if value { b"true" } else { b"false" })
    }

    fn serialize_f32(self, value: f32) -> Result<()> {
        if !value.is_finite() {
            return Err(key_must_be_a_string());
        }
        self.writer.property_name(zmij::Buffer::new().format_finite(value))
    }

    fn serialize_f64(self, value: f64) -> Result<()> {
        if !value.is_finite() {
            return Err(key_must_be_a_string());
        }
        self.writer.property_name(zmij::Buffer::new().format_finite(value))
    }

    fn serialize_char(self, value: char) -> Result<()> {
        self.writer.property_name(value.encode_utf8(&mut [0; 4]))
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }

    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<()> {
        self.writer.property_name(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<()> {
        value.serialize(self)
    }

    refuse! { key_must_be_a_string:
        serialize_bytes(&[u8]) -> ();
        serialize_none() -> ();
        serialize_unit() -> ();
        serialize_unit_struct(&'static str) -> ();
        serialize_newtype_variant<T>(&'static str, u32, &'static str, &T) -> ();
    }
    refuse_containers!(key_must_be_a_string);

    fn collect_str<T: std::fmt::Display + ?Sized>(self, value: &T) -> Result<()> {
        self.writer.property_name(&value.to_string())
    }
}

/// Writes the bytes or text given to it as a raw JSON value (validated), for
/// [`RawValue`](crate::RawValue)'s `Serialize`.
struct RawSerializer<'w, O: Output> {
    writer: &'w mut Writer<O>,
}

#[cold]
#[inline(never)]
fn not_raw() -> Error {
    Error::custom("expected the bytes of a raw JSON value")
}

impl<O: Output> ser::Serializer for RawSerializer<'_, O> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_str(self, value: &str) -> Result<()> {
        self.writer.raw_value(value.as_bytes())
    }

    fn serialize_bytes(self, value: &[u8]) -> Result<()> {
        self.writer.raw_value(value)
    }

    refuse! { not_raw:
        serialize_bool(bool) -> ();
        serialize_i8(i8) -> ();
        serialize_i16(i16) -> ();
        serialize_i32(i32) -> ();
        serialize_i64(i64) -> ();
        serialize_u8(u8) -> ();
        serialize_u16(u16) -> ();
        serialize_u32(u32) -> ();
        serialize_u64(u64) -> ();
        serialize_f32(f32) -> ();
        serialize_f64(f64) -> ();
        serialize_char(char) -> ();
        serialize_none() -> ();
        serialize_some<T>(&T) -> ();
        serialize_unit() -> ();
        serialize_unit_struct(&'static str) -> ();
        serialize_unit_variant(&'static str, u32, &'static str) -> ();
        serialize_newtype_struct<T>(&'static str, &T) -> ();
        serialize_newtype_variant<T>(&'static str, u32, &'static str, &T) -> ();
    }
    refuse_containers!(not_raw);
}
