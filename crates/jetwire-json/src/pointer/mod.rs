//! Lazy lookups: the value at a [JSON Pointer](https://www.rfc-editor.org/rfc/rfc6901), found
//! without parsing the document.
//!
//! [`get`] walks the reader down the pointer's path: it skips the members and elements before
//! the one it wants (validating them, nothing decoded or allocated), steps into the one it
//! wants, and returns the target's exact bytes as a [`RawValue`] borrowed from the input. What
//! follows the target is not read at all, so a document whose tail is malformed still answers
//! for what comes before. [`get_many`] and [`PointerTree`] find several pointers in one pass;
//! [`get_as`] reads the target as a typed value. The reader's depth limit applies throughout.
//!
//! When an object repeats a key, the lookup takes the first member with that key.
//!
//! ```
//! let json = br#"{"statuses": [{"id": 1, "user": {"name": "ada"}}, {"id": 2}], "count": 2}"#;
//! let name = jetwire_json::get(json, "/statuses/0/user/name")?.unwrap();
//! assert_eq!(name.as_bytes(), br#""ada""#);
//! assert!(jetwire_json::get(json, "/statuses/5")?.is_none());
//! assert_eq!(jetwire_json::get_as::<u32, _>(json, "/count")?, Some(2));
//! # Ok::<(), jetwire_json::Error>(())
//! ```

mod tree;

use std::borrow::Cow;

use crate::error::Result;
use crate::pointer_syntax::{array_index, parse_pointer};
use crate::raw::RawValue;
use crate::read::{JsonStr, ReadOptions, Reader, TokenKind};
use crate::typed::FromJson;

pub use tree::PointerTree;

/// Whether the property name `key` is `token`.
#[inline]
pub(crate) fn key_is(key: &JsonStr<'_>, token: &str) -> bool {
    if key.has_escapes() { key.decoded() == token } else { key.raw() == token.as_bytes() }
}

/// Moves `reader` down `tokens` to the value they name; `false` when there is none.
fn descend(reader: &mut Reader<'_>, tokens: &[Cow<'_, str>]) -> Result<bool> {
    for token in tokens {
        match reader.peek()? {
            TokenKind::BeginObject => {
                reader.begin_object()?;
                loop {
                    match reader.next_key()? {
                        None => return Ok(false),
                        Some(key) if key_is(&key, token) => break,
                        Some(_) => reader.skip_value()?,
                    }
                }
            }
            TokenKind::BeginArray => {
                let Some(index) = array_index(token) else { return Ok(false) };
                reader.begin_array()?;
                for _ in 0..index {
                    if !reader.next_element()? {
                        return Ok(false);
                    }
                    reader.skip_value()?;
                }
                if !reader.next_element()? {
                    return Ok(false);
                }
            }
            _ => return Ok(false),
        }
    }
    Ok(true)
}

/// The exact bytes of the value at `pointer` in `json`, or `None` when there is no such value.
/// Errors come from malformed JSON on the way (or before the target's end), the depth limit,
/// and a `pointer` that is not a JSON Pointer.
///
/// ```
/// let json = br#"{"a": [10, {"b/c": true}]}"#;
/// assert_eq!(jetwire_json::get(json, "/a/1/b~1c")?.unwrap().as_bytes(), b"true");
/// assert_eq!(jetwire_json::get(json, "")?.unwrap().as_bytes(), json);
/// assert!(jetwire_json::get(json, "/a/x")?.is_none());
/// assert!(jetwire_json::get(json, "a").is_err()); // not a pointer
/// # Ok::<(), jetwire_json::Error>(())
/// ```
pub fn get<'de, J: AsRef<[u8]> + ?Sized>(json: &'de J, pointer: &str) -> Result<Option<RawValue<'de>>> {
    get_with(json, pointer, ReadOptions::default())
}

/// [`get`] with reader options.
pub fn get_with<'de, J: AsRef<[u8]> + ?Sized>(
    json: &'de J,
    pointer: &str,
    options: ReadOptions,
) -> Result<Option<RawValue<'de>>> {
    let tokens = parse_pointer(pointer)?;
    let mut reader = Reader::with_options(json.as_ref(), options);
    if !descend(&mut reader, &tokens)? {
        return Ok(None);
    }
    reader.raw_value().map(|raw| Some(RawValue::from_validated(raw)))
}

/// The value at `pointer` in `json` read as a `T` (which may borrow from `json`), or `None`
/// when there is no such value. A `T` that does not fit is an error whose path starts with
/// `pointer`.
///
/// ```
/// let json = br#"{"user": {"name": "ada", "age": "old"}}"#;
/// assert_eq!(jetwire_json::get_as::<&str, _>(json, "/user/name")?, Some("ada"));
/// let err = jetwire_json::get_as::<u8, _>(json, "/user/age").unwrap_err();
/// assert_eq!(err.path(), "/user/age");
/// # Ok::<(), jetwire_json::Error>(())
/// ```
pub fn get_as<'de, T: FromJson<'de>, J: AsRef<[u8]> + ?Sized>(
    json: &'de J,
    pointer: &str,
) -> Result<Option<T>> {
    let tokens = parse_pointer(pointer)?;
    let mut reader = Reader::new(json.as_ref());
    if !descend(&mut reader, &tokens)? {
        return Ok(None);
    }
    T::from_json(&mut reader)
        .map(Some)
        .map_err(|err| tokens.iter().rev().fold(err, |err, token| err.prepend_key(token)))
}

/// The values at several pointers, found in one pass over `json`: for each pointer in order,
/// its value's bytes or `None`. Reading stops as soon as every pointer is answered. For
/// repeated lookups with the same pointers, build a [`PointerTree`] once.
///
/// ```
/// let json = br#"{"a": {"b": 1, "c": [true, null]}, "d": "x"}"#;
/// let found = jetwire_json::get_many(json, &["/a/c/0", "/d", "/nope", "/a"])?;
/// let bytes: Vec<Option<&[u8]>> = found.iter().map(|v| v.map(|v| v.as_bytes())).collect();
/// assert_eq!(bytes, [Some(&b"true"[..]), Some(b"\"x\""), None, Some(br#"{"b": 1, "c": [true, null]}"#)]);
/// # Ok::<(), jetwire_json::Error>(())
/// ```
pub fn get_many<'de, J: AsRef<[u8]> + ?Sized>(
    json: &'de J,
    pointers: &[&str],
) -> Result<Vec<Option<RawValue<'de>>>> {
    PointerTree::new(pointers)?.get_many(json)
}
