//! jetwire's [`Error`] as serde's error type, and the positioning of errors that serde code
//! raises without knowing where it is in the input.

use std::fmt::Display;

use jetwire_core::scan;

use crate::error::{Category, Error};

impl ::serde::de::Error for Error {
    /// A [`Category::Data`] error; the deserializer gives it its position and path as it travels
    /// out.
    #[cold]
    fn custom<T: Display>(message: T) -> Error {
        Error::custom(message)
    }

    /// As jetwire's own reads report it: the field in the path.
    #[cold]
    fn missing_field(field: &'static str) -> Error {
        Error::custom(format_args!("missing field `{field}`")).prepend_key(field)
    }

    /// As jetwire's own reads report it: the field in the path, and the same words.
    #[cold]
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Error {
        let one_of = crate::read::errors::one_of(expected);
        Error::custom(format_args!("unknown field `{field}`, {one_of}")).prepend_key(field)
    }
}

impl ::serde::ser::Error for Error {
    #[cold]
    fn custom<T: Display>(message: T) -> Error {
        Error::custom(message)
    }
}

/// `err` positioned at the first non-whitespace byte at or after `offset` in `input`, unless it
/// already has a position (errors from the reader do; errors raised by serde code do not).
#[cold]
#[inline(never)]
pub(super) fn positioned(err: Error, input: &[u8], offset: usize) -> Error {
    if err.line() != 0 || err.category() == Category::Io {
        return err;
    }
    let start = offset.min(input.len());
    let skipped = scan::skip_whitespace(&input[start..]);
    err.placed_at(input, start + skipped)
}
