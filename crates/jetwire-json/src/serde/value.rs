//! serde impls for the DOM and the raw values, so that they can be fields of serde models.
//!
//! Through this crate's [`Deserializer`](super::Deserializer), a [`Value`] or [`Number`] is read
//! from the value's bytes by jetwire's own DOM reader, so numbers stay exact; a [`RawValue`]
//! borrows its bytes. Through other deserializers they are built from serde's data model
//! (numbers as `u64`/`i64`/`f64`), and only [`OwnedRawValue`] can be (it is written back as
//! JSON). Serializing goes through serde's data model: numbers as `u64`, `i64` or their nearest
//! `f64`; raw values as their bytes, copied as they are by this crate's serializer (other
//! serializers see the JSON text as a string).

use std::fmt;

use ::serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use ::serde::ser::{Serialize, Serializer};

use super::{EXACT_VALUE_TOKEN, RAW_VALUE_TOKEN};
use crate::raw::{OwnedRawValue, RawValue};
use crate::read::ReadOptions;
use crate::value::{Map, Number, Str, Value};

/// The deepest nesting of arrays and objects that a [`Value`] or [`Map`] is serialized with
/// through serde: serde's serializers call themselves once per level, so deeper values (which
/// only a read with a raised [`ReadOptions::max_depth`] makes) are refused with an error
/// rather than left to overflow the stack. jetwire's own writer (`to_vec`, `Display`) has no
/// such limit.
pub const MAX_SERDE_DEPTH: usize = 512;

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Nested { value: self, depth: 0 }.serialize(serializer)
    }
}

impl Serialize for Str {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self)
    }
}

impl<'de> Deserialize<'de> for Str {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Str, D::Error> {
        struct StrVisitor;

        impl Visitor<'_> for StrVisitor {
            type Value = Str;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<Str, E> {
                Ok(Str::from(text))
            }

            fn visit_string<E: de::Error>(self, text: String) -> Result<Str, E> {
                Ok(Str::from(text))
            }
        }

        deserializer.deserialize_str(StrVisitor)
    }
}

impl Serialize for Map {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_map(self, 1, serializer)
    }
}

/// A value serialized `depth` containers down.
struct Nested<'a> {
    value: &'a Value,
    depth: usize,
}

impl Serialize for Nested<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let depth = self.depth + 1;
        match self.value {
            Value::Null => serializer.serialize_unit(),
            Value::Bool(value) => serializer.serialize_bool(*value),
            Value::Number(number) => number.serialize(serializer),
            Value::String(text) => serializer.serialize_str(text),
            Value::Array(array) => {
                too_deep::<S>(depth)?;
                serializer.collect_seq(array.iter().map(|value| Nested { value, depth }))
            }
            Value::Object(map) => serialize_map(map, depth, serializer),
        }
    }
}

fn serialize_map<S: Serializer>(map: &Map, depth: usize, serializer: S) -> Result<S::Ok, S::Error> {
    too_deep::<S>(depth)?;
    serializer.collect_map(map.iter().map(|(key, value)| (key.as_str(), Nested { value, depth })))
}

/// Refuses a container at nesting `depth` past [`MAX_SERDE_DEPTH`].
fn too_deep<S: Serializer>(depth: usize) -> Result<(), S::Error> {
    if depth > MAX_SERDE_DEPTH {
        return Err(::serde::ser::Error::custom(format_args!(
            "a value nested deeper than {MAX_SERDE_DEPTH} levels cannot be serialized through serde"
        )));
    }
    Ok(())
}

impl Serialize for Number {
    /// As a `u64` or `i64` when it is one, else as a `u128` or `i128`, else as its nearest `f64`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if let Some(value) = self.as_u64() {
            return serializer.serialize_u64(value);
        }
        if let Some(value) = self.as_i64() {
            return serializer.serialize_i64(value);
        }
        if self.is_integer() {
            if let Some(value) = self.as_u128() {
                return serializer.serialize_u128(value);
            }
            if let Some(value) = self.as_i128() {
                return serializer.serialize_i128(value);
            }
        }
        match self.as_f64() {
            Some(value) => serializer.serialize_f64(value),
            None => Err(::serde::ser::Error::custom(format_args!("number `{self}` is beyond the f64 range"))),
        }
    }
}

/// Reads a DOM from bytes the deserializer has validated.
fn exact<T: crate::FromJsonOwned, E: de::Error>(json: &[u8]) -> Result<T, E> {
    crate::from_slice_with(json, ReadOptions { max_depth: usize::MAX, ..ReadOptions::default() })
        .map_err(E::custom)
}

/// Builds a [`Value`] from serde's data model.
struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::from(value))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        Ok(Value::from(value))
    }

    fn visit_i128<E>(self, value: i128) -> Result<Value, E> {
        Ok(Value::from(value))
    }

    fn visit_u128<E>(self, value: u128) -> Result<Value, E> {
        Ok(Value::from(value))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        Ok(Value::from(value))
    }

    fn visit_str<E>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }

    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        Value::deserialize(deserializer)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(ValueVisitor)
    }

    /// The exact path: the value's bytes from this crate's deserializer.
    fn visit_bytes<E: de::Error>(self, json: &[u8]) -> Result<Value, E> {
        exact(json)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element::<Value>()? {
            items.push(item);
        }
        Ok(Value::from(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let mut map = Map::new();
        while let Some((key, value)) = access.next_entry::<String, Value>()? {
            map.insert(key, value);
        }
        Ok(Value::Object(map))
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_newtype_struct(EXACT_VALUE_TOKEN, ValueVisitor)
    }
}

impl<'de> Deserialize<'de> for Map {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Map, D::Error> {
        match Value::deserialize(deserializer)? {
            Value::Object(map) => Ok(map),
            other => Err(de::Error::custom(format_args!("expected an object, found {}", other.kind()))),
        }
    }
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Number, D::Error> {
        match Value::deserialize(deserializer)? {
            Value::Number(number) => Ok(number),
            other => Err(de::Error::custom(format_args!("expected a number, found {}", other.kind()))),
        }
    }
}

/// A raw value's bytes, handed to this crate's serializer under [`RAW_VALUE_TOKEN`].
struct RawBytes<'a>(&'a [u8]);

impl Serialize for RawBytes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match std::str::from_utf8(self.0) {
            Ok(text) => serializer.serialize_str(text),
            Err(_) => serializer.serialize_bytes(self.0),
        }
    }
}

impl Serialize for RawValue<'_> {
    /// This crate's serializer copies the bytes as they are; others see the JSON text as a string.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_struct(RAW_VALUE_TOKEN, &RawBytes(self.as_bytes()))
    }
}

impl Serialize for OwnedRawValue {
    /// This crate's serializer copies the bytes as they are; others see the JSON text as a string.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_struct(RAW_VALUE_TOKEN, &RawBytes(self.as_bytes()))
    }
}

/// Reads a raw value's bytes.
struct RawVisitor;

impl<'de> Visitor<'de> for RawVisitor {
    type Value = RawValue<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a raw JSON value (readable only with jetwire's deserializer, from borrowed input)")
    }

    // Checked again: any deserializer may hand bytes here, not only this crate's.
    fn visit_borrowed_bytes<E: de::Error>(self, json: &'de [u8]) -> Result<RawValue<'de>, E> {
        RawValue::from_slice(json).map_err(E::custom)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for RawValue<'a> {
    /// Borrows the value's bytes; only this crate's deserializer can give them.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RawValue<'a>, D::Error> {
        deserializer.deserialize_newtype_struct(RAW_VALUE_TOKEN, RawVisitor)
    }
}

/// Reads an owned raw value: the bytes from this crate's deserializer, or any value from another
/// deserializer, written as JSON.
struct OwnedRawVisitor;

impl<'de> Visitor<'de> for OwnedRawVisitor {
    type Value = OwnedRawValue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    // Checked again: any deserializer may hand bytes here, not only this crate's.
    fn visit_bytes<E: de::Error>(self, json: &[u8]) -> Result<OwnedRawValue, E> {
        RawValue::from_slice(json).map(|raw| raw.into_owned()).map_err(E::custom)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<OwnedRawValue, D::Error> {
        let value = deserializer.deserialize_any(ValueVisitor)?;
        OwnedRawValue::to_raw_value(&value).map_err(de::Error::custom)
    }
}

impl<'de> Deserialize<'de> for OwnedRawValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<OwnedRawValue, D::Error> {
        deserializer.deserialize_newtype_struct(RAW_VALUE_TOKEN, OwnedRawVisitor)
    }
}
