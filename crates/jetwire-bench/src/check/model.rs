//! A value's expected JSON, from its `serde::Serialize` impl: serde's data model mapped to JSON
//! as serde_json maps it (externally tagged enums, `None` and unit as `null`, bytes as an array
//! of numbers, map keys as strings), with each number keeping its Rust type.

use serde::Serialize;
use serde::ser::{self, Impossible};

use super::Tree;

/// The JSON that `value` stands for, numbers typed as the model types them.
pub fn of_model<T: Serialize + ?Sized>(value: &T) -> Result<Tree, String> {
    value.serialize(ModelSerializer).map_err(|e| e.0)
}

/// Why a value has no JSON form.
#[derive(Debug)]
pub struct Error(String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<M: std::fmt::Display>(message: M) -> Self {
        Error(message.to_string())
    }
}

struct ModelSerializer;

fn int(value: impl ToString) -> Result<Tree, Error> {
    Ok(Tree::Int(value.to_string()))
}

/// `{variant: value}`, serde's external tagging.
fn tagged(variant: &str, value: Tree) -> Tree {
    Tree::Object(vec![(variant.to_owned(), value)])
}

impl ser::Serializer for ModelSerializer {
    type Ok = Tree;
    type Error = Error;
    type SerializeSeq = Seq;
    type SerializeTuple = Seq;
    type SerializeTupleStruct = Seq;
    type SerializeTupleVariant = Seq;
    type SerializeMap = Members;
    type SerializeStruct = Members;
    type SerializeStructVariant = Members;

    fn serialize_bool(self, v: bool) -> Result<Tree, Error> {
        Ok(Tree::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Tree, Error> {
        int(v)
    }
    fn serialize_i16(self, v: i16) -> Result<Tree, Error> {
        int(v)
    }
    fn serialize_i32(self, v: i32) -> Result<Tree, Error> {
        int(v)
    }
    fn serialize_i64(self, v: i64) -> Result<Tree, Error> {
        int(v)
    }
    fn serialize_i128(self, v: i128) -> Result<Tree, Error> {
        int(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Tree, Error> {
        int(v)
    }
    fn serialize_u16(self, v: u16) -> Result<Tree, Error> {
        int(v)
    }
    fn serialize_u32(self, v: u32) -> Result<Tree, Error> {
        int(v)
    }
    fn serialize_u64(self, v: u64) -> Result<Tree, Error> {
        int(v)
    }
    fn serialize_u128(self, v: u128) -> Result<Tree, Error> {
        int(v)
    }
    fn serialize_f32(self, v: f32) -> Result<Tree, Error> {
        Ok(if v.is_finite() { Tree::F32(v) } else { Tree::Null })
    }
    fn serialize_f64(self, v: f64) -> Result<Tree, Error> {
        Ok(if v.is_finite() { Tree::F64(v) } else { Tree::Null })
    }
    fn serialize_char(self, v: char) -> Result<Tree, Error> {
        Ok(Tree::Str(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Tree, Error> {
        Ok(Tree::Str(v.to_owned()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Tree, Error> {
        Ok(Tree::Array(v.iter().map(|b| Tree::Int(b.to_string())).collect()))
    }
    fn serialize_none(self) -> Result<Tree, Error> {
        Ok(Tree::Null)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Tree, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Tree, Error> {
        Ok(Tree::Null)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Tree, Error> {
        Ok(Tree::Null)
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<Tree, Error> {
        Ok(Tree::Str(variant.to_owned()))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<Tree, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Tree, Error> {
        Ok(tagged(variant, value.serialize(self)?))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq, Error> {
        Ok(Seq { variant: None, elements: Vec::with_capacity(len.unwrap_or(0)) })
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Seq, Error> {
        Ok(Seq { variant: Some(variant), elements: Vec::with_capacity(len) })
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Members, Error> {
        Ok(Members { variant: None, members: Vec::with_capacity(len.unwrap_or(0)), key: None })
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Members, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Members, Error> {
        Ok(Members { variant: Some(variant), members: Vec::with_capacity(len), key: None })
    }
}

/// An array being built (a tuple variant's payload when `variant` is set).
struct Seq {
    variant: Option<&'static str>,
    elements: Vec<Tree>,
}

impl Seq {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.elements.push(value.serialize(ModelSerializer)?);
        Ok(())
    }

    fn finish(self) -> Result<Tree, Error> {
        let array = Tree::Array(self.elements);
        Ok(match self.variant {
            Some(variant) => tagged(variant, array),
            None => array,
        })
    }
}

/// serde's four sequence traits, each pushing elements onto a [`Seq`].
macro_rules! sequence_impls {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for Seq {
            type Ok = Tree;
            type Error = Error;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.push(value)
            }
            fn end(self) -> Result<Tree, Error> {
                self.finish()
            }
        }
    )*};
}

sequence_impls!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// An object being built (a struct variant's payload when `variant` is set).
struct Members {
    variant: Option<&'static str>,
    members: Vec<(String, Tree)>,
    /// A map's key, waiting for its value.
    key: Option<String>,
}

impl Members {
    fn push<T: Serialize + ?Sized>(&mut self, key: String, value: &T) -> Result<(), Error> {
        self.members.push((key, value.serialize(ModelSerializer)?));
        Ok(())
    }

    fn finish(self) -> Result<Tree, Error> {
        let object = Tree::Object(self.members);
        Ok(match self.variant {
            Some(variant) => tagged(variant, object),
            None => object,
        })
    }
}

impl ser::SerializeMap for Members {
    type Ok = Tree;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key = Some(key.serialize(KeySerializer)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self.key.take().ok_or_else(|| Error("a map value without its key".into()))?;
        self.push(key, value)
    }
    fn end(self) -> Result<Tree, Error> {
        self.finish()
    }
}

/// serde's two struct traits, each pushing fields onto a [`Members`].
macro_rules! struct_impls {
    ($($trait:ident),*) => {$(
        impl ser::$trait for Members {
            type Ok = Tree;
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
                self.push(key.to_owned(), value)
            }
            fn end(self) -> Result<Tree, Error> {
                self.finish()
            }
        }
    )*};
}

struct_impls!(SerializeStruct, SerializeStructVariant);

/// A map key as JSON spells it: strings as they are, integers and chars as their text.
struct KeySerializer;

fn key_error() -> Error {
    Error("a map key that is not a string, an integer or a unit variant".into())
}

impl ser::Serializer for KeySerializer {
    type Ok = String;
    type Error = Error;
    type SerializeSeq = Impossible<String, Error>;
    type SerializeTuple = Impossible<String, Error>;
    type SerializeTupleStruct = Impossible<String, Error>;
    type SerializeTupleVariant = Impossible<String, Error>;
    type SerializeMap = Impossible<String, Error>;
    type SerializeStruct = Impossible<String, Error>;
    type SerializeStructVariant = Impossible<String, Error>;

    fn serialize_str(self, v: &str) -> Result<String, Error> {
        Ok(v.to_owned())
    }
    fn serialize_char(self, v: char) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_i8(self, v: i8) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_i16(self, v: i16) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_i32(self, v: i32) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_i64(self, v: i64) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_i128(self, v: i128) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_u8(self, v: u8) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_u16(self, v: u16) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_u32(self, v: u32) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_u64(self, v: u64) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_u128(self, v: u128) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<String, Error> {
        Ok(variant.to_owned())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<String, Error> {
        value.serialize(self)
    }
    fn serialize_bool(self, _: bool) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_f32(self, _: f32) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_f64(self, _: f64) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_none(self) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_unit(self) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(key_error())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(key_error())
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Error> {
        Err(key_error())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(key_error())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(key_error())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Err(key_error())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(key_error())
    }
}
