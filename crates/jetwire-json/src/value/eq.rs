//! Equality of values, without recursion, and with primitives.
//!
//! Objects are equal when they have the same keys with equal values, in any order (as with
//! `serde_json`'s maps); arrays element by element; numbers by value (see [`Number`]'s
//! `PartialEq`). Pairs still to compare wait on a heap stack.

use std::collections::HashMap;

use super::{Array, Map, Number, Value};

/// Compares the pairs of `pending`, and all their descendants.
fn all_equal<'a>(mut pending: Vec<(&'a Value, &'a Value)>) -> bool {
    while let Some(pair) = pending.pop() {
        match pair {
            (Value::Null, Value::Null) => {}
            (Value::Bool(a), Value::Bool(b)) if a == b => {}
            (Value::Number(a), Value::Number(b)) if a == b => {}
            (Value::String(a), Value::String(b)) if a == b => {}
            (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
                pending.extend(a.iter().zip(b.iter()))
            }
            (Value::Object(a), Value::Object(b)) if a.len() == b.len() => {
                if !pair_members(a, b, &mut pending) {
                    return false;
                }
            }
            _ => return false,
        }
    }
    true
}

/// Pushes the values of the members of `a` and `b` with equal keys; `false` if their keys differ.
/// The maps have the same length.
fn pair_members<'a>(a: &'a Map, b: &'a Map, pending: &mut Vec<(&'a Value, &'a Value)>) -> bool {
    let in_order = a.entries.iter().zip(&b.entries).all(|((x, _), (y, _))| x == y);
    if in_order {
        pending.extend(a.entries.iter().zip(&b.entries).map(|((_, x), (_, y))| (x, y)));
        return true;
    }
    if a.len() <= 32 {
        for (key, value) in &a.entries {
            match b.get(key) {
                Some(other) => pending.push((value, other)),
                None => return false,
            }
        }
        return true;
    }
    let index: HashMap<&str, &Value> = b.entries.iter().map(|(k, v)| (k.as_str(), v)).collect();
    for (key, value) in &a.entries {
        match index.get(key.as_str()) {
            Some(other) => pending.push((value, other)),
            None => return false,
        }
    }
    true
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        all_equal(vec![(self, other)])
    }
}

impl PartialEq for Map {
    fn eq(&self, other: &Map) -> bool {
        let mut pending = Vec::new();
        self.len() == other.len() && pair_members(self, other, &mut pending) && all_equal(pending)
    }
}

impl PartialEq for Array {
    fn eq(&self, other: &Array) -> bool {
        self.len() == other.len() && all_equal(self.iter().zip(other.iter()).collect())
    }
}

impl PartialEq<str> for Value {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == Some(other)
    }
}

impl PartialEq<&str> for Value {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == Some(*other)
    }
}

impl PartialEq<String> for Value {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == Some(other.as_str())
    }
}

impl PartialEq<Value> for str {
    fn eq(&self, other: &Value) -> bool {
        other == self
    }
}

impl PartialEq<Value> for &str {
    fn eq(&self, other: &Value) -> bool {
        other == *self
    }
}

impl PartialEq<Value> for String {
    fn eq(&self, other: &Value) -> bool {
        other == self
    }
}

impl PartialEq<bool> for Value {
    fn eq(&self, other: &bool) -> bool {
        self.as_bool() == Some(*other)
    }
}

impl PartialEq<Value> for bool {
    fn eq(&self, other: &Value) -> bool {
        other == self
    }
}

impl PartialEq<Number> for Value {
    fn eq(&self, other: &Number) -> bool {
        self.as_number() == Some(other)
    }
}

macro_rules! eq_integers {
    ($($ty:ty => $as:ident: $wide:ty),*) => {$(
        impl PartialEq<$ty> for Value {
            /// Equal when the value is an integer equal to `other`.
            fn eq(&self, other: &$ty) -> bool {
                self.as_number().and_then(Number::$as).is_some_and(|n: $wide| n == *other as $wide)
            }
        }

        impl PartialEq<Value> for $ty {
            fn eq(&self, other: &Value) -> bool {
                other == self
            }
        }
    )*};
}

eq_integers!(
    i8 => as_i64: i64, i16 => as_i64: i64, i32 => as_i64: i64, i64 => as_i64: i64, isize => as_i64: i64,
    u8 => as_u64: u64, u16 => as_u64: u64, u32 => as_u64: u64, u64 => as_u64: u64, usize => as_u64: u64,
    i128 => as_i128: i128, u128 => as_u128: u128
);

macro_rules! eq_floats {
    ($($ty:ty),*) => {$(
        impl PartialEq<$ty> for Value {
            /// Equal when the value is a number whose nearest `f64` equals `other`.
            fn eq(&self, other: &$ty) -> bool {
                self.as_f64() == Some(f64::from(*other))
            }
        }

        impl PartialEq<Value> for $ty {
            fn eq(&self, other: &Value) -> bool {
                other == self
            }
        }
    )*};
}

eq_floats!(f32, f64);
