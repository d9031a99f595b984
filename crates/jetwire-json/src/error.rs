//! The error type shared by reading, writing and typed (de)serialization.
//!
//! An [`Error`] is one pointer wide, so `Result<T, Error>` stays small on hot paths; everything it
//! carries is built on cold paths, only once something has gone wrong. Line and column are worked
//! out from the input at that moment, never tracked while reading.

use std::fmt;
use std::io;

use jetwire_core::ErrorPath;

/// A `Result` whose error is jetwire's JSON [`Error`].
pub type Result<T, E = Error> = core::result::Result<T, E>;

/// What kind of problem an [`Error`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Category {
    /// The input is not JSON: a byte that the grammar does not allow where it stands. A writer
    /// reports misuse that would produce such output (a value where a property name is due, an
    /// unbalanced end, a second top-level value) in this category too.
    Syntax,
    /// The input ended in the middle of a value.
    Eof,
    /// The JSON is well formed but does not fit the requested type: a string where a number is
    /// due, an integer out of range, a missing or duplicated field, a NaN to write.
    Data,
    /// Reading or writing the underlying stream failed.
    Io,
    /// A configured limit was exceeded, such as the nesting depth.
    Limit,
}

/// Lines and the current line's characters in a stretch of bytes: enough to go on counting
/// after the stretch has been released.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LineCount {
    /// Line feeds seen.
    pub(crate) lines: usize,
    /// Characters since the last line feed (bytes that do not continue a UTF-8 sequence).
    pub(crate) column: usize,
}

impl LineCount {
    pub(crate) fn add(&mut self, bytes: &[u8]) {
        // Compact JSON has no line feed: one quick search (`contains` looks at a word at a
        // time) spares it the count and the search for the last one.
        if !bytes.contains(&b'\n') {
            self.column += count_chars(bytes);
            return;
        }
        let last = bytes.iter().rposition(|&b| b == b'\n').expect("a line feed is there");
        self.lines += count_line_feeds(&bytes[..=last]);
        self.column = count_chars(&bytes[last + 1..]);
    }
}

const LOW_BITS: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// Columns count characters: every byte that does not continue a UTF-8 sequence.
fn count_chars(bytes: &[u8]) -> usize {
    // ASCII, the common case, is checked a word at a time: every byte is a character.
    if bytes.is_ascii() {
        return bytes.len();
    }
    // A continuation byte is 10xxxxxx: its top bit set and the one below it clear.
    bytes.len() - count_in_words(bytes, |word| word & !(word << 1) & HIGH_BITS, |byte| byte & 0xC0 == 0x80)
}

/// How many line feeds `bytes` holds.
fn count_line_feeds(bytes: &[u8]) -> usize {
    // A byte of `word ^ 0x0A..` is zero where a line feed was: its top bit is set below when
    // neither it nor its low seven bits are.
    let marks = |word: u64| {
        let x = word ^ 0x0A0A_0A0A_0A0A_0A0A;
        !(((x & LOW_BITS) + LOW_BITS) | x) & HIGH_BITS
    };
    count_in_words(bytes, marks, |byte| byte == b'\n')
}

/// How many bytes of `bytes` pass: `marks` sets the top bit of each passing byte of a word
/// (eight at a time, one population count each), `test` decides the bytes after the last word.
#[inline(always)]
fn count_in_words(bytes: &[u8], marks: impl Fn(u64) -> u64, test: impl Fn(u8) -> bool) -> usize {
    let words = bytes.chunks_exact(8);
    let rest = words.remainder();
    let counted: usize = words
        .map(|word| marks(u64::from_le_bytes(word.try_into().expect("eight bytes"))).count_ones() as usize)
        .sum();
    counted + rest.iter().filter(|&&byte| test(byte)).count()
}

/// An error from reading or writing JSON.
///
/// It names what was expected and what was found, where (byte offset from 0, and line and column
/// from 1, counting characters), and for typed reads the [JSON Pointer](https://www.rfc-editor.org/rfc/rfc6901)
/// path of the value that failed. `Display` shows all of them:
///
/// ```
/// use jetwire_json::Reader;
/// let mut reader = Reader::new(b"{\n  \"a\": tru }");
/// let err = reader.skip_value().unwrap_err();
/// assert_eq!(err.to_string(), "expected `true`, found `tru` at line 2, column 8 (byte 9)");
/// assert_eq!((err.line(), err.column(), err.offset()), (2, 8, 9));
/// ```
pub struct Error {
    inner: Box<ErrorImpl>,
}

struct ErrorImpl {
    category: Category,
    message: String,
    position: Option<Position>,
    /// JSON Pointer segments, innermost first (they are added while the error travels outwards).
    path: ErrorPath,
    source: Option<io::Error>,
}

#[derive(Clone, Copy)]
struct Position {
    offset: usize,
    line: usize,
    column: usize,
}

impl Error {
    /// An error at byte `offset` of `input`; line and column are computed here.
    #[cold]
    #[inline(never)]
    pub(crate) fn at(category: Category, message: String, input: &[u8], offset: usize) -> Error {
        let offset = offset.min(input.len());
        let mut count = LineCount::default();
        count.add(&input[..offset]);
        Error::at_position(category, message, offset, 1 + count.lines, 1 + count.column)
    }

    /// This error, given the position of byte `offset` of `input` (its path kept): for errors
    /// raised without one, such as serde's.
    #[cfg(feature = "serde")]
    #[cold]
    #[inline(never)]
    pub(crate) fn placed_at(mut self, input: &[u8], offset: usize) -> Error {
        let placed = Error::at(self.inner.category, String::new(), input, offset);
        self.inner.position = placed.inner.position;
        self
    }

    /// An error at byte `offset` whose line and column are already known (input in pieces).
    #[cold]
    #[inline(never)]
    pub(crate) fn at_position(
        category: Category,
        message: String,
        offset: usize,
        line: usize,
        column: usize,
    ) -> Error {
        Error::new(category, message, Some(Position { offset, line, column }))
    }

    /// An error with no position in any input (a writer's, or a custom one).
    #[cold]
    #[inline(never)]
    pub(crate) fn without_position(category: Category, message: String) -> Error {
        Error::new(category, message, None)
    }

    fn new(category: Category, message: String, position: Option<Position>) -> Error {
        Error {
            inner: Box::new(ErrorImpl {
                category,
                message,
                position,
                path: ErrorPath::default(),
                source: None,
            }),
        }
    }

    /// An error from the underlying stream.
    #[cold]
    #[inline(never)]
    pub fn io(err: io::Error) -> Error {
        let mut error = Error::without_position(Category::Io, err.to_string());
        error.inner.source = Some(err);
        error
    }

    /// A [`Category::Data`] error with a custom message and no position, for hand-written
    /// [`ToJson`](crate::ToJson) impls. Readers position their errors themselves: see
    /// [`Reader::data_error`](crate::Reader::data_error).
    ///
    /// ```
    /// let err = jetwire_json::Error::custom("temperature out of range");
    /// assert_eq!(err.to_string(), "temperature out of range");
    /// ```
    #[cold]
    pub fn custom(message: impl fmt::Display) -> Error {
        Error::without_position(Category::Data, message.to_string())
    }

    /// A copy of a reader's error (its category, message and position), for a reader that
    /// reports the error again on every call after it failed.
    #[cold]
    pub(crate) fn replay(&self) -> Error {
        Error::new(self.inner.category, self.inner.message.clone(), self.inner.position)
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
    /// that have no position, such as a writer's).
    pub fn offset(&self) -> usize {
        self.inner.position.map_or(0, |p| p.offset)
    }

    /// The line of the problem, counting from 1 (0 when the error has no position).
    pub fn line(&self) -> usize {
        self.inner.position.map_or(0, |p| p.line)
    }

    /// The column of the problem in characters, counting from 1 (0 when the error has no position).
    pub fn column(&self) -> usize {
        self.inner.position.map_or(0, |p| p.column)
    }

    /// The JSON Pointer of the value that failed, such as `/orders/3/price`; empty for the whole
    /// document or when the error did not come from a typed read.
    pub fn path(&self) -> &str {
        self.inner.path.as_str()
    }

    /// Whether this is an end-of-input error: useful to tell truncated input from bad input.
    pub fn is_eof(&self) -> bool {
        self.inner.category == Category::Eof
    }

    /// Adds a property name in front of the path: `/id` becomes `/order/id`. Called by typed
    /// reads as an error travels out of a nested value.
    #[cold]
    #[inline(never)]
    pub fn prepend_key(mut self, key: &str) -> Error {
        self.inner.path.push_front_key(key);
        self
    }

    /// Adds an array index in front of the path: `/price` becomes `/3/price`.
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
        if let Some(p) = self.inner.position {
            let joiner = if self.inner.path.is_empty() { " at" } else { "," };
            write!(f, "{joiner} line {}, column {} (byte {})", p.line, p.column, p.offset)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Error {
    /// One readable line, what `unwrap()` prints: the `Display` text and the category,
    /// `Error("expected u32, found the string \"x\" at /a, line 1, column 7 (byte 6)", Data)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Error({:?}, {:?})", self.to_string(), self.inner.category)
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

/// U+FEFF in UTF-8, which some editors put at the start of a file.
pub(crate) const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// Describes the bytes found at `offset` for an error message: a token-sized excerpt, or
/// "end of input".
#[cold]
pub(crate) fn describe_found(input: &[u8], offset: usize) -> String {
    let Some(&first) = input.get(offset) else { return "end of input".to_owned() };
    if input[offset..].starts_with(BYTE_ORDER_MARK) {
        return "a byte-order mark (U+FEFF)".to_owned();
    }
    match first {
        b'"' => "a string".to_owned(),
        b'{' | b'}' | b'[' | b']' | b',' | b':' => format!("`{}`", first as char),
        b'-' | b'0'..=b'9' => format!("`{}`", excerpt(input, offset)),
        0x20..=0x7E => format!("`{}`", excerpt(input, offset)),
        b'\n' => "a line feed".to_owned(),
        _ if first < 0x20 => format!("control byte 0x{first:02X}"),
        _ => {
            let end = (offset + 4).min(input.len());
            match core::str::from_utf8(&input[offset..end]).ok().or_else(|| {
                (offset + 1..end).rev().find_map(|e| core::str::from_utf8(&input[offset..e]).ok())
            }) {
                Some(s) if !s.is_empty() => format!("`{}`", s.chars().next().unwrap_or('?')),
                _ => format!("byte 0x{first:02X}"),
            }
        }
    }
}

/// Up to a few printable ASCII bytes from `offset`, stopping at a delimiter.
fn excerpt(input: &[u8], offset: usize) -> String {
    let run = input[offset..]
        .iter()
        .take(24)
        .take_while(|&&b| (0x21..0x7F).contains(&b) && !matches!(b, b',' | b']' | b'}' | b':' | b'"'))
        .count()
        .max(1);
    String::from_utf8_lossy(&input[offset..offset + run]).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word-at-a-time counts against byte-by-byte ones, on every byte value at every
    /// place of a word, and on mixed text cut into pieces at every length.
    #[test]
    fn line_counts_match_a_byte_by_byte_count() {
        let naive = |bytes: &[u8]| {
            let mut count = LineCount::default();
            for &byte in bytes {
                if byte == b'\n' {
                    count.lines += 1;
                    count.column = 0;
                } else if byte & 0xC0 != 0x80 {
                    count.column += 1;
                }
            }
            count
        };
        let mut samples: Vec<Vec<u8>> = Vec::new();
        for byte in 0..=255u8 {
            for at in 0..9 {
                let mut sample = b"ab\xC3\xA9cdefghij\n".to_vec();
                sample.insert(at, byte);
                samples.push(sample);
            }
        }
        let text = "line one\n  \"caf\u{e9}\": [1, 2],\n\u{1F600}\u{4E2D}\n\n  end".repeat(7);
        for cut in 1..40 {
            samples.extend(text.as_bytes().chunks(cut).map(<[u8]>::to_vec));
        }
        for sample in samples {
            let mut ours = LineCount { lines: 3, column: 5 };
            ours.add(&sample);
            let mut theirs = naive(&sample);
            if theirs.lines == 0 {
                theirs.column += 5;
            }
            theirs.lines += 3;
            assert_eq!((ours.lines, ours.column), (theirs.lines, theirs.column), "{sample:?}");
        }
    }
}
