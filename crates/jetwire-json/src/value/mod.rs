//! The JSON DOM: [`Value`], with [`Number`], [`Str`], [`Map`] and [`Array`].
//!
//! - Numbers are kept exactly: integers of any width, and every other number with its source
//!   spelling next to its nearest `f64` (see [`Number`]).
//! - Objects keep their members in document order ([`Map`]).
//! - Reading never recurses (an explicit stack, bounded by [`ReadOptions::max_depth`]) and
//!   neither do dropping, cloning, comparing, writing (`Display` too) or `Debug`, so no depth
//!   of value can overflow the stack. Serializing through serde, whose serializers recurse
//!   once per level, stops with an error past `serde::MAX_SERDE_DEPTH` (512)
//!   levels of nesting.
//! - Index with `value["key"]` and `value[0]` (`Null` when absent), look up with
//!   [`get`](Value::get) and [`pointer`](Value::pointer), build with [`json!`](crate::json).
//!
//! ```
//! use jetwire_json::{Value, json};
//!
//! let mut value: Value = jetwire_json::from_str(r#"{"name": "jetwire", "tags": ["fast"], "stars": 5}"#)?;
//! assert_eq!(value["name"], "jetwire");
//! assert_eq!(value.pointer("/tags/0"), Some(&json!("fast")));
//! assert_eq!(value["missing"], Value::Null);
//!
//! value["stars"] = json!(6);
//! value["tags"].as_array_mut().unwrap().push(json!("strict"));
//! assert_eq!(value.to_string(), r#"{"name":"jetwire","tags":["fast","strict"],"stars":6}"#);
//! # Ok::<(), jetwire_json::Error>(())
//! ```
//!
//! [`ReadOptions::max_depth`]: crate::ReadOptions::max_depth

mod array;
mod clone_debug;
mod drop;
mod eq;
mod from;
mod index;
#[doc(hidden)]
pub mod macros;
mod map;
mod number;
mod parse;
mod pointer;
mod text;
mod write;

use std::fmt;
use std::str::FromStr;

pub use array::Array;
pub use index::Index;
pub(crate) use map::fingerprint;
pub use map::{Entry, Iter, IterMut, Map, OccupiedEntry, VacantEntry};
pub use number::Number;
pub use text::{INLINE_CAPACITY, Str};

use crate::error::Result;
use crate::read::ReadOptions;
use crate::typed::{FromJsonOwned, ToJson};

/// A JSON value.
///
/// ```
/// use jetwire_json::{Value, json};
///
/// let value = json!({"id": 7, "tags": ["a", "b"], "ok": true, "none": null});
/// match &value["tags"] {
///     Value::Array(tags) => assert_eq!(tags.len(), 2),
///     other => panic!("not an array: {other}"),
/// }
/// assert_eq!(value["id"].as_u64(), Some(7));
/// assert!(value["none"].is_null());
/// ```
#[derive(Default)]
pub enum Value {
    /// `null`.
    #[default]
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, kept exactly.
    Number(Number),
    /// A string.
    String(String),
    /// An array.
    Array(Array),
    /// An object, its members in order.
    Object(Map),
}

impl Value {
    /// Whether this is `null`.
    #[inline]
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// Whether this is `true` or `false`.
    #[inline]
    pub fn is_boolean(&self) -> bool {
        matches!(self, Value::Bool(_))
    }

    /// Whether this is a number.
    #[inline]
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Number(_))
    }

    /// Whether this is a string.
    #[inline]
    pub fn is_string(&self) -> bool {
        matches!(self, Value::String(_))
    }

    /// Whether this is an array.
    #[inline]
    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }

    /// Whether this is an object.
    #[inline]
    pub fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }

    /// Whether this is an integer that fits an `i64`.
    pub fn is_i64(&self) -> bool {
        self.as_number().is_some_and(Number::is_i64)
    }

    /// Whether this is an integer that fits a `u64`.
    pub fn is_u64(&self) -> bool {
        self.as_number().is_some_and(Number::is_u64)
    }

    /// Whether this is a number that is not an integer fitting `i64` or `u64` (see
    /// [`Number::is_f64`]).
    pub fn is_f64(&self) -> bool {
        self.as_number().is_some_and(Number::is_f64)
    }

    /// `Some(())` for `null`.
    pub fn as_null(&self) -> Option<()> {
        self.is_null().then_some(())
    }

    /// The boolean, if this is one.
    #[inline]
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(value) => Some(*value),
            _ => None,
        }
    }

    /// The number, if this is one.
    #[inline]
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(number) => Some(number),
            _ => None,
        }
    }

    /// The integer, if this is one that fits an `i64`.
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        self.as_number().and_then(Number::as_i64)
    }

    /// The integer, if this is one that fits a `u64`.
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        self.as_number().and_then(Number::as_u64)
    }

    /// The nearest `f64`, if this is a number within the `f64` range.
    #[inline]
    pub fn as_f64(&self) -> Option<f64> {
        self.as_number().and_then(Number::as_f64)
    }

    /// The string, if this is one.
    #[inline]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(text) => Some(text),
            _ => None,
        }
    }

    /// The elements, if this is an array.
    #[inline]
    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(array) => Some(array.as_vec()),
            _ => None,
        }
    }

    /// The elements, mutably, if this is an array.
    #[inline]
    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::Array(array) => Some(array.as_vec_mut()),
            _ => None,
        }
    }

    /// The members, if this is an object.
    #[inline]
    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Value::Object(map) => Some(map),
            _ => None,
        }
    }

    /// The members, mutably, if this is an object.
    #[inline]
    pub fn as_object_mut(&mut self) -> Option<&mut Map> {
        match self {
            Value::Object(map) => Some(map),
            _ => None,
        }
    }

    /// Takes the value out, leaving `null`.
    ///
    /// ```
    /// let mut value = jetwire_json::json!({"a": [1]});
    /// let a = value["a"].take();
    /// assert_eq!(a, jetwire_json::json!([1]));
    /// assert_eq!(value.to_string(), r#"{"a":null}"#);
    /// ```
    pub fn take(&mut self) -> Value {
        std::mem::take(self)
    }

    /// A short description of the kind of value, for messages: "null", "a boolean", "a
    /// number", "a string", "an array", "an object".
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::Array(_) => "an array",
            Value::Object(_) => "an object",
        }
    }
}

/// Writes `value` as JSON and reads it back as a [`Value`]: any [`ToJson`] type as a DOM.
///
/// ```
/// use jetwire_json::json;
/// let value = jetwire_json::value::to_value(&vec![(1, "a")])?;
/// assert_eq!(value, json!([[1, "a"]]));
/// # Ok::<(), jetwire_json::Error>(())
/// ```
pub fn to_value<T: ToJson + ?Sized>(value: &T) -> Result<Value> {
    let bytes = crate::to_vec(value)?;
    // Reading a DOM never recurses, and the value came from the program, not from outside: no
    // depth limit is needed.
    crate::from_slice_with(&bytes, ReadOptions { max_depth: usize::MAX, ..ReadOptions::default() })
}

/// Reads a `T` from a [`Value`] (through its JSON text), given by value as `serde_json`'s
/// `from_value` takes it, or by reference.
///
/// ```
/// use jetwire_json::json;
/// let pair: (u8, String) = jetwire_json::from_value(json!([1, "a"]))?;
/// assert_eq!(pair, (1, "a".to_owned()));
/// let value = json!({"id": 7});
/// let id: u8 = jetwire_json::from_value(&value["id"])?;
/// assert_eq!(id, 7);
/// # Ok::<(), jetwire_json::Error>(())
/// ```
pub fn from_value<T: FromJsonOwned>(value: impl std::borrow::Borrow<Value>) -> Result<T> {
    let bytes = crate::to_vec(value.borrow())?;
    crate::from_slice(&bytes)
}

impl fmt::Display for Value {
    /// Compact JSON, or with `{:#}` JSON indented by two spaces.
    ///
    /// ```
    /// let value = jetwire_json::json!({"a": [1, 2]});
    /// assert_eq!(value.to_string(), r#"{"a":[1,2]}"#);
    /// assert_eq!(format!("{value:#}"), "{\n  \"a\": [\n    1,\n    2\n  ]\n}");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = if f.alternate() { crate::to_string_pretty(self) } else { crate::to_string(self) };
        f.write_str(&text.map_err(|_| fmt::Error)?)
    }
}

impl FromStr for Value {
    type Err = crate::Error;

    /// Reads one JSON document.
    fn from_str(text: &str) -> Result<Value> {
        crate::from_str(text)
    }
}
