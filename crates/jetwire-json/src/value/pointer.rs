//! [JSON Pointer](https://www.rfc-editor.org/rfc/rfc6901) lookups in a [`Value`].

use std::borrow::Cow;

use super::Value;

/// The reference tokens of `pointer` (unescaped), or `None` when it is not a JSON Pointer (not
/// empty and not starting with `/`).
pub(crate) fn tokens(pointer: &str) -> Option<impl Iterator<Item = Cow<'_, str>>> {
    let rest = match pointer {
        "" => None,
        _ => Some(pointer.strip_prefix('/')?),
    };
    Some(rest.into_iter().flat_map(|rest| rest.split('/')).map(unescape))
}

/// A reference token with `~1` and `~0` decoded.
pub(crate) fn unescape(token: &str) -> Cow<'_, str> {
    if token.contains('~') {
        Cow::Owned(token.replace("~1", "/").replace("~0", "~"))
    } else {
        Cow::Borrowed(token)
    }
}

/// A reference token as an array index: decimal digits without a leading zero.
pub(crate) fn array_index(token: &str) -> Option<usize> {
    let bytes = token.as_bytes();
    if bytes.is_empty() || (bytes.len() > 1 && bytes[0] == b'0') || !bytes.iter().all(u8::is_ascii_digit) {
        return None;
    }
    token.parse().ok()
}

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
