//! The syntax of a [JSON Pointer](https://www.rfc-editor.org/rfc/rfc6901): its reference tokens,
//! unescaped, and which of them are array indices. Every lookup by pointer reads its pointer
//! here: [`get`](crate::get) and [`PointerTree`](crate::PointerTree),
//! [`Value::pointer`](crate::Value::pointer), the document's lookups and the streaming readers.

use std::borrow::Cow;

use crate::error::{Error, Result};

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

/// The reference tokens of `pointer`, or an error when it is not a JSON Pointer.
pub(crate) fn parse_pointer(pointer: &str) -> Result<Vec<Cow<'_, str>>> {
    match tokens(pointer) {
        Some(tokens) => Ok(tokens.collect()),
        None => Err(not_a_pointer(pointer)),
    }
}

#[cold]
#[inline(never)]
pub(crate) fn not_a_pointer(pointer: &str) -> Error {
    Error::custom(format_args!("`{pointer}` is not a JSON Pointer: it must be empty or start with `/`"))
}
