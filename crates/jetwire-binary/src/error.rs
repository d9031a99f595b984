//! The error type of encoding and decoding.
//!
//! An [`Error`] is one pointer wide, so `Result<T, Error>` stays small on hot paths; everything
//! it carries is built on cold paths, only once something has gone wrong. The path of the value
//! that failed is assembled while the error travels out of the nested decoders.

use std::fmt;
use std::io;

use jetwire_core::ErrorPath;

/// A `Result` whose error is jetwire's binary [`Error`].
pub type Result<T, E = Error> = core::result::Result<T, E>;

/// What kind of problem an [`Error`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Category {
    /// The input ended in the middle of a value, or a length claims more bytes than remain.
    Eof,
    /// The bytes are not a valid encoding of the requested type: a bool that is neither 0 nor 1,
    /// an invalid `char` or UTF-8, an unknown enum variant, a non-canonical varint, bytes left
    /// over after the value. Also a value that cannot be encoded, and custom errors.
    Data,
    /// A decoder limit was exceeded: the nesting depth, or the budget for elements whose
    /// encoding is empty.
    Limit,
    /// Writing to the underlying stream failed.
    Io,
}

/// An error from encoding or decoding jetwire's binary format.
///
/// It names what was expected and what was found, the byte offset in the input (from 0), and
/// the path of the value that failed, in JSON Pointer form: field names, element indices.
///
/// ```
/// let err = jetwire_binary::from_slice::<Vec<bool>>(&[2, 1, 7]).unwrap_err();
/// assert_eq!(err.to_string(), "invalid bool: expected 0 or 1, found 0x07 at /1 (byte 2)");
/// assert_eq!((err.offset(), err.path()), (2, "/1"));
/// ```
pub struct Error {
    inner: Box<ErrorImpl>,
}

struct ErrorImpl {
    category: Category,
    message: String,
    offset: Option<usize>,
    /// The path of the failing value, built while the error travels outwards.
    path: ErrorPath,
    source: Option<io::Error>,
}

impl Error {
    /// An error at byte `offset` of the input.
    #[cold]
    #[inline(never)]
    pub(crate) fn at(category: Category, message: String, offset: usize) -> Error {
        Error::new(category, message, Some(offset))
    }

    #[cold]
    #[inline(never)]
    fn new(category: Category, message: String, offset: Option<usize>) -> Error {
        Error {
            inner: Box::new(ErrorImpl {
                category,
                message,
                offset,
                path: ErrorPath::default(),
                source: None,
            }),
        }
    }

    /// A [`Category::Data`] error with a custom message and no position, for hand-written
    /// [`ToBinary`](crate::ToBinary) impls and `with` modules. Decoders position their errors
    /// themselves: see [`Decoder::error`](crate::Decoder::error).
    ///
    /// ```
    /// let err = jetwire_binary::Error::custom("temperature out of range");
    /// assert_eq!(err.to_string(), "temperature out of range");
    /// ```
    #[cold]
    pub fn custom(message: impl fmt::Display) -> Error {
        Error::new(Category::Data, message.to_string(), None)
    }

    /// An error from the underlying stream.
    #[cold]
    #[inline(never)]
    pub fn io(err: io::Error) -> Error {
        let mut error = Error::new(Category::Io, err.to_string(), None);
        error.inner.source = Some(err);
        error
    }

    /// What kind of error this is.
    pub fn category(&self) -> Category {
        self.inner.category
    }

    /// The message, without the position and path.
    pub fn message(&self) -> &str {
        &self.inner.message
    }

    /// The byte offset in the input where the problem was found, counting from 0 (0 for errors
    /// without a position, such as an encoder's).
    pub fn offset(&self) -> usize {
        self.inner.offset.unwrap_or(0)
    }

    /// The path of the value that failed, such as `/orders/3/price`: field names and element
    /// indices. Empty for the top-level value.
    pub fn path(&self) -> &str {
        self.inner.path.as_str()
    }

    /// Whether the input ended too early (or a length claimed more bytes than remained): useful
    /// to tell truncated input from bad input.
    pub fn is_eof(&self) -> bool {
        self.inner.category == Category::Eof
    }

    /// Adds a field name in front of the path: `/id` becomes `/order/id`. Called by decoders as
    /// an error travels out of a nested value.
    #[cold]
    #[inline(never)]
    pub fn prepend_field(mut self, name: &str) -> Error {
        self.inner.path.push_front_key(name);
        self
    }

    /// Adds a field name after the first segment of the path, an element index: `/3/x` becomes
    /// `/3/point/x`. The column layout's errors get their element's index before the field's
    /// name (see [`FromBinary::decode_column`](crate::FromBinary::decode_column)).
    #[cold]
    #[inline(never)]
    pub fn insert_field_after_index(mut self, name: &str) -> Error {
        self.inner.path.insert_key_after_first(name);
        self
    }

    /// Adds an element index in front of the path: `/price` becomes `/3/price`.
    #[cold]
    #[inline(never)]
    pub fn prepend_index(mut self, index: usize) -> Error {
        self.inner.path.push_front_index(index);
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.inner.message)?;
        if !self.inner.path.is_empty() {
            write!(f, " at {}", self.inner.path)?;
        }
        if let Some(offset) = self.inner.offset {
            if self.inner.path.is_empty() {
                write!(f, " at byte {offset}")?;
            } else {
                write!(f, " (byte {offset})")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("category", &self.inner.category)
            .field("message", &self.inner.message)
            .field("path", &self.inner.path)
            .field("offset", &self.inner.offset)
            .finish()
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.inner.source.as_ref().map(|e| e as _)
    }
}

impl From<io::Error> for Error {
    fn from(err: io::Error) -> Error {
        Error::io(err)
    }
}

impl From<Error> for io::Error {
    fn from(err: Error) -> io::Error {
        match err.inner.category {
            Category::Io => match err.inner.source {
                Some(source) => source,
                None => io::Error::other(err.inner.message),
            },
            Category::Eof => io::Error::new(io::ErrorKind::UnexpectedEof, err),
            _ => io::Error::new(io::ErrorKind::InvalidData, err),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_path_and_offset() {
        let err = Error::at(Category::Data, "invalid bool: expected 0 or 1, found 0x02".into(), 9)
            .prepend_index(3)
            .prepend_field("flags");
        assert_eq!(err.path(), "/flags/3");
        assert_eq!(err.to_string(), "invalid bool: expected 0 or 1, found 0x02 at /flags/3 (byte 9)");
        let err = Error::at(Category::Eof, "unexpected end of input".into(), 4);
        assert_eq!(err.to_string(), "unexpected end of input at byte 4");
        assert!(err.is_eof());
        assert_eq!(Error::custom("x").prepend_field("a/b~c").path(), "/a~1b~0c");
        let err = Error::custom("x").prepend_field("x").prepend_index(3).insert_field_after_index("p");
        assert_eq!(err.path(), "/3/p/x");
    }
}
