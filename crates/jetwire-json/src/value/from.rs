//! Conversions into a [`Value`].

use std::borrow::Cow;

use super::{Array, Map, Number, Str, Value};

impl From<bool> for Value {
    #[inline]
    fn from(value: bool) -> Value {
        Value::Bool(value)
    }
}

macro_rules! from_integers {
    ($($ty:ty),*) => {$(
        impl From<$ty> for Value {
            #[inline]
            fn from(value: $ty) -> Value {
                Value::Number(Number::from(value))
            }
        }
    )*};
}

from_integers!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

impl From<f64> for Value {
    /// A number, or `null` for NaN and the infinities (as `serde_json` does).
    ///
    /// ```
    /// use jetwire_json::Value;
    /// assert_eq!(Value::from(1.5).to_string(), "1.5");
    /// assert!(Value::from(f64::NAN).is_null());
    /// ```
    #[inline]
    fn from(value: f64) -> Value {
        Number::from_f64(value).map_or(Value::Null, Value::Number)
    }
}

impl From<f32> for Value {
    /// A number (the `f32`'s shortest text read as an `f64`, so `0.1f32` is `0.1`), or `null`
    /// for NaN and the infinities.
    fn from(value: f32) -> Value {
        if !value.is_finite() {
            return Value::Null;
        }
        let mut buffer = zmij::Buffer::new();
        Value::from(buffer.format_finite(value).parse::<f64>().unwrap_or(f64::from(value)))
    }
}

impl From<Number> for Value {
    #[inline]
    fn from(value: Number) -> Value {
        Value::Number(value)
    }
}

impl From<String> for Value {
    #[inline]
    fn from(value: String) -> Value {
        Value::String(value)
    }
}

impl From<&str> for Value {
    #[inline]
    fn from(value: &str) -> Value {
        Value::String(value.to_owned())
    }
}

impl From<Cow<'_, str>> for Value {
    fn from(value: Cow<'_, str>) -> Value {
        Value::String(value.into_owned())
    }
}

impl From<char> for Value {
    fn from(value: char) -> Value {
        Value::String(value.to_string())
    }
}

impl From<Map> for Value {
    #[inline]
    fn from(value: Map) -> Value {
        Value::Object(value)
    }
}

impl From<Array> for Value {
    #[inline]
    fn from(value: Array) -> Value {
        Value::Array(value)
    }
}

impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(value: Vec<T>) -> Value {
        Value::Array(value.into_iter().collect())
    }
}

impl<T: Clone + Into<Value>> From<&[T]> for Value {
    fn from(value: &[T]) -> Value {
        Value::Array(value.iter().cloned().collect())
    }
}

impl<T: Into<Value>, const N: usize> From<[T; N]> for Value {
    fn from(value: [T; N]) -> Value {
        Value::Array(value.into_iter().collect())
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    /// The value, or `null` for `None`.
    fn from(value: Option<T>) -> Value {
        value.map_or(Value::Null, Into::into)
    }
}

impl From<()> for Value {
    /// `null`.
    fn from((): ()) -> Value {
        Value::Null
    }
}

impl<T: Into<Value>> FromIterator<T> for Value {
    /// An array.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Value {
        Value::Array(iter.into_iter().collect())
    }
}

impl<K: Into<Str>, V: Into<Value>> FromIterator<(K, V)> for Value {
    /// An object.
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Value {
        Value::Object(iter.into_iter().collect())
    }
}
