//! Indexing a [`Value`]: `value["key"]`, `value[0]`, [`Value::get`] and [`Value::get_mut`].

use std::ops;

use super::{Map, Value};

/// What a [`Value`] can be indexed with: a key (`&str`, `String`) into an object, or a position
/// (`usize`) into an array. Sealed: implemented only by this crate.
pub trait Index: private::Sealed {
    /// The value at `self` in `value`, if there is one.
    #[doc(hidden)]
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value>;

    /// The value at `self` in `value`, mutably, if there is one.
    #[doc(hidden)]
    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value>;

    /// The value at `self` in `value`, inserting `null` under a new key (and making a `null`
    /// into an object first); panics where that cannot be done.
    #[doc(hidden)]
    fn index_or_insert<'v>(&self, value: &'v mut Value) -> &'v mut Value;
}

mod private {
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for str {}
    impl Sealed for String {}
    impl<T: Sealed + ?Sized> Sealed for &T {}
}

impl Index for usize {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        match value {
            Value::Array(array) => array.get(*self),
            _ => None,
        }
    }

    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        match value {
            Value::Array(array) => array.get_mut(*self),
            _ => None,
        }
    }

    fn index_or_insert<'v>(&self, value: &'v mut Value) -> &'v mut Value {
        match value {
            Value::Array(array) => {
                let len = array.len();
                array
                    .get_mut(*self)
                    .unwrap_or_else(|| panic!("index {self} out of range for an array of {len}"))
            }
            other => panic!("cannot index {} with {self}", other.kind()),
        }
    }
}

impl Index for str {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        match value {
            Value::Object(map) => map.get(self),
            _ => None,
        }
    }

    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        match value {
            Value::Object(map) => map.get_mut(self),
            _ => None,
        }
    }

    fn index_or_insert<'v>(&self, value: &'v mut Value) -> &'v mut Value {
        if value.is_null() {
            *value = Value::Object(Map::new());
        }
        match value {
            Value::Object(map) => map.entry(self).or_insert(Value::Null),
            other => panic!("cannot index {} with {self:?}", other.kind()),
        }
    }
}

impl Index for String {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        self.as_str().index_into(value)
    }

    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        self.as_str().index_into_mut(value)
    }

    fn index_or_insert<'v>(&self, value: &'v mut Value) -> &'v mut Value {
        self.as_str().index_or_insert(value)
    }
}

impl<T: Index + ?Sized> Index for &T {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        (**self).index_into(value)
    }

    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        (**self).index_into_mut(value)
    }

    fn index_or_insert<'v>(&self, value: &'v mut Value) -> &'v mut Value {
        (**self).index_or_insert(value)
    }
}

impl Value {
    /// The member of an object or the element of an array at `index`, if there is one.
    ///
    /// ```
    /// let value = jetwire_json::json!({"a": [10, 20]});
    /// assert_eq!(value.get("a").and_then(|a| a.get(1)), Some(&jetwire_json::json!(20)));
    /// assert_eq!(value.get("b"), None);
    /// assert_eq!(value.get(0), None); // not an array
    /// ```
    #[inline]
    pub fn get<I: Index>(&self, index: I) -> Option<&Value> {
        index.index_into(self)
    }

    /// The member or element at `index`, mutably, if there is one.
    #[inline]
    pub fn get_mut<I: Index>(&mut self, index: I) -> Option<&mut Value> {
        index.index_into_mut(self)
    }
}

static NULL: Value = Value::Null;

impl<I: Index> ops::Index<I> for Value {
    type Output = Value;

    /// The member or element at `index`, or `null` when there is none (never panics).
    ///
    /// ```
    /// let value = jetwire_json::json!({"a": [10, 20]});
    /// assert_eq!(value["a"][1], 20);
    /// assert!(value["b"][7]["c"].is_null());
    /// ```
    fn index(&self, index: I) -> &Value {
        index.index_into(self).unwrap_or(&NULL)
    }
}

impl<I: Index> ops::IndexMut<I> for Value {
    /// The member or element at `index`, mutably. A missing key is inserted as `null`, and a
    /// `null` value becomes an object first, so `value["a"]["b"] = ...` builds nested objects.
    ///
    /// # Panics
    ///
    /// For a position beyond an array's end, a key into something other than an object or
    /// `null`, or a position into something other than an array.
    ///
    /// ```
    /// let mut value = jetwire_json::json!(null);
    /// value["a"]["b"] = jetwire_json::json!(1);
    /// assert_eq!(value.to_string(), r#"{"a":{"b":1}}"#);
    /// ```
    fn index_mut(&mut self, index: I) -> &mut Value {
        index.index_or_insert(self)
    }
}
