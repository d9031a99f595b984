//! [JSON Pointer](https://www.rfc-editor.org/rfc/rfc6901) lookups in a [`Value`].

use super::Value;
use crate::pointer_syntax::{array_index, tokens};

impl Value {
    /// The value at a JSON Pointer: `""` is the whole value, `"/a/0/b"` the member `b` of the
    /// first element of the member `a`. `~1` stands for `/` and `~0` for `~` in keys. `None` when
    /// there is no such value or `pointer` is not a JSON Pointer.
    ///
    /// ```
    /// let value = jetwire_json::json!({"a/b": [{"c": 1}], "": 2});
    /// assert_eq!(value.pointer("/a~1b/0/c"), Some(&jetwire_json::json!(1)));
    /// assert_eq!(value.pointer("/"), Some(&jetwire_json::json!(2)));
    /// assert_eq!(value.pointer("/a~1b/01"), None); // no leading zeros in indices
    /// assert_eq!(value.pointer("a"), None); // not a pointer
    /// ```
    pub fn pointer(&self, pointer: &str) -> Option<&Value> {
        let mut current = self;
        for token in tokens(pointer)? {
            current = match current {
                Value::Object(map) => map.get(&token)?,
                Value::Array(array) => array.get(array_index(&token)?)?,
                _ => return None,
            };
        }
        Some(current)
    }

    /// The value at a JSON Pointer, mutably.
    ///
    /// ```
    /// let mut value = jetwire_json::json!({"a": [1, 2]});
    /// *value.pointer_mut("/a/1").unwrap() = jetwire_json::json!("two");
    /// assert_eq!(value.to_string(), r#"{"a":[1,"two"]}"#);
    /// ```
    pub fn pointer_mut(&mut self, pointer: &str) -> Option<&mut Value> {
        let mut current = self;
        for token in tokens(pointer)? {
            current = match current {
                Value::Object(map) => map.get_mut(&token)?,
                Value::Array(array) => {
                    let index = array_index(&token)?;
                    array.get_mut(index)?
                }
                _ => return None,
            };
        }
        Some(current)
    }
}
