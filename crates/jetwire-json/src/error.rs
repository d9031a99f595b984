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
    /// Counts `bytes` after what was counted before. The line feeds and the UTF-8 continuation
    /// bytes of each eight-byte word are marked in its bytes' top bits and counted with a
    /// population count.
    pub(crate) fn add(&mut self, bytes: &[u8]) {
        // A long stretch (a released block of input read in pieces) in passes that do not
        // branch per word: most words of formatted JSON end no line, some do, unpredictably.
        // A short one (a piece of a document still arriving) in one pass, without the calls.
        if bytes.len() >= BULK {
            return self.add_bulk(bytes);
        }
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
            let feeds = line_feed_marks(word);
            let continuations = continuation_marks(word);
            if feeds == 0 {
                self.column += 8 - continuations.count_ones() as usize;
            } else {
                self.lines += feeds.count_ones() as usize;
                // The characters after the word's last line feed start the new line.
                let last = (63 - feeds.leading_zeros() as usize) / 8;
                let after = u64::MAX.checked_shl(8 * (last as u32 + 1)).unwrap_or(0);
                self.column = 7 - last - (continuations & after).count_ones() as usize;
            }
        }
        for &byte in words.remainder() {
            if byte == b'\n' {
                self.lines += 1;
                self.column = 0;
            } else if byte & 0xC0 != 0x80 {
                self.column += 1;
            }
        }
    }

    /// [`add`](Self::add) for a long stretch: the line feeds counted throughout, then the
    /// characters after the last one.
    fn add_bulk(&mut self, bytes: &[u8]) {
        // Compact JSON has no line feed: one quick search (`contains` looks at a word at a
        // time) spares it the count and the search for the last one.
        if !bytes.contains(&b'\n') {
            self.column += count_chars(bytes);
            return;
        }
        let last = bytes.iter().rposition(|&byte| byte == b'\n').expect("a line feed is there");
        self.lines += count_in_words(&bytes[..=last], line_feed_marks, |byte| byte == b'\n');
        self.column = count_chars(&bytes[last + 1..]);
    }
}

/// Stretches at least this long are counted by [`LineCount::add_bulk`].
const BULK: usize = 256;

/// Columns count characters: every byte that does not continue a UTF-8 sequence.
fn count_chars(bytes: &[u8]) -> usize {
    if bytes.is_ascii() {
        return bytes.len();
    }
    bytes.len() - count_in_words(bytes, continuation_marks, |byte| byte & 0xC0 == 0x80)
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

const LOW_BITS: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The top bit of each byte of `word` that is a line feed.
#[inline(always)]
fn line_feed_marks(word: u64) -> u64 {
    // A byte of `word ^ 0x0A..` is zero where a line feed was: its top bit is set below when
    // neither it nor its low seven bits are.
    let x = word ^ 0x0A0A_0A0A_0A0A_0A0A;
    !(((x & LOW_BITS) + LOW_BITS) | x) & HIGH_BITS
}

/// The top bit of each byte of `word` that continues a UTF-8 sequence (`10xxxxxx`: its top bit
/// set and the one below it clear).
#[inline(always)]
fn continuation_marks(word: u64) -> u64 {
    word & !(word << 1) & HIGH_BITS
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
    /// `None` for a reader's placeholder: input in pieces that runs out before a token ends
    /// reports an end of input that is dropped unseen when more arrives, so it allocates
    /// nothing ([`PLACEHOLDER`] stands for it; changing it makes it a whole error first).
    inner: Option<Box<ErrorImpl>>,
}

/// What a placeholder error reads as: the end of input, nothing more.
static PLACEHOLDER: ErrorImpl = ErrorImpl::new(Category::Eof, String::new(), None);

struct ErrorImpl {
    category: Category,
    message: String,
    position: Option<Position>,
    /// JSON Pointer segments, innermost first (they are added while the error travels outwards).
    path: ErrorPath,
    source: Option<io::Error>,
}

impl ErrorImpl {
    const fn new(category: Category, message: String, position: Option<Position>) -> ErrorImpl {
        ErrorImpl { category, message, position, path: ErrorPath::new(), source: None }
    }
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
        let placed = Error::at(self.parts().category, String::new(), input, offset);
        self.parts_mut().position = placed.parts().position;
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
        Error { inner: Some(Box::new(ErrorImpl::new(category, message, position))) }
    }

    /// An end of input that a reader of input in pieces reports where more may arrive: it is
    /// read again then, and this error dropped unseen. Allocates nothing.
    #[inline]
    pub(crate) fn placeholder() -> Error {
        Error { inner: None }
    }

    /// The error's parts ([`PLACEHOLDER`]'s for a placeholder).
    #[inline]
    fn parts(&self) -> &ErrorImpl {
        self.inner.as_deref().unwrap_or(&PLACEHOLDER)
    }

    /// The error's parts, to change: a placeholder becomes a whole error first.
    fn parts_mut(&mut self) -> &mut ErrorImpl {
        self.inner.get_or_insert_with(|| Box::new(ErrorImpl::new(PLACEHOLDER.category, String::new(), None)))
    }

    /// An error from the underlying stream.
    #[cold]
    #[inline(never)]
    pub fn io(err: io::Error) -> Error {
        let mut error = Error::without_position(Category::Io, err.to_string());
        error.parts_mut().source = Some(err);
        error
    }

    /// An error of the source a reader reads from, after it handed out `read` bytes: the
    /// message says how far the input got.
    #[cold]
    #[inline(never)]
    pub(crate) fn io_reading(err: io::Error, read: usize) -> Error {
        Error::io_after(err, format_args!("after reading {read} bytes"))
    }

    /// An error of the sink a writer writes to, after it accepted `written` bytes: the message
    /// says how much of the output reached it.
    #[cold]
    #[inline(never)]
    pub(crate) fn io_writing(err: io::Error, written: u64) -> Error {
        Error::io_after(err, format_args!("after writing {written} bytes"))
    }

    fn io_after(err: io::Error, when: fmt::Arguments<'_>) -> Error {
        let mut error = Error::without_position(Category::Io, format!("{err} ({when})"));
        error.parts_mut().source = Some(err);
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
        let parts = self.parts();
        Error::new(parts.category, parts.message.clone(), parts.position)
    }

    /// What kind of error this is.
    pub fn category(&self) -> Category {
        self.parts().category
    }

    /// The message, without the position and path.
    pub fn message(&self) -> &str {
        &self.parts().message
    }

    /// The byte offset in the input where the problem was found, counting from 0 (0 for errors
    /// that have no position, such as a writer's).
    pub fn offset(&self) -> usize {
        self.parts().position.map_or(0, |p| p.offset)
    }

    /// The line of the problem, counting from 1 (0 when the error has no position).
    pub fn line(&self) -> usize {
        self.parts().position.map_or(0, |p| p.line)
    }

    /// The column of the problem in characters, counting from 1 (0 when the error has no position).
    pub fn column(&self) -> usize {
        self.parts().position.map_or(0, |p| p.column)
    }

    /// The JSON Pointer of the value that failed, such as `/orders/3/price`; empty for the whole
    /// document or when the error did not come from a typed read.
    pub fn path(&self) -> &str {
        self.parts().path.as_str()
    }

    /// Whether this is an end-of-input error: useful to tell truncated input from bad input.
    pub fn is_eof(&self) -> bool {
        self.parts().category == Category::Eof
    }

    /// Adds a property name in front of the path: `/id` becomes `/order/id`. Called by typed
    /// reads as an error travels out of a nested value.
    #[cold]
    #[inline(never)]
    pub fn prepend_key(mut self, key: &str) -> Error {
        self.parts_mut().path.push_front_key(key);
        self
    }

    /// Adds an array index in front of the path: `/price` becomes `/3/price`.
    #[cold]
    #[inline(never)]
    pub fn prepend_index(mut self, index: usize) -> Error {
        self.parts_mut().path.push_front_index(index);
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.parts().message)?;
        if !self.parts().path.is_empty() {
            write!(f, " at {}", self.parts().path)?;
        }
        if let Some(p) = self.parts().position {
            let joiner = if self.parts().path.is_empty() { " at" } else { "," };
            write!(f, "{joiner} line {}, column {} (byte {})", p.line, p.column, p.offset)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Error {
    /// One readable line, what `unwrap()` prints: the `Display` text and the category,
    /// `Error("expected u32, found the string \"x\" at /a, line 1, column 7 (byte 6)", Data)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Error({:?}, {:?})", self.to_string(), self.parts().category)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.parts().source.as_ref().map(|e| e as _)
    }
}

impl From<io::Error> for Error {
    fn from(err: io::Error) -> Error {
        Error::io(err)
    }
}

impl From<Error> for io::Error {
    fn from(mut err: Error) -> io::Error {
        match err.parts().category {
            Category::Io => {
                let parts = err.parts_mut();
                match parts.source.take() {
                    Some(source) => source,
                    None => io::Error::other(std::mem::take(&mut parts.message)),
                }
            }
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

    /// A placeholder reads as an end of input with nothing more, and becomes a whole error
    /// when it is changed.
    #[test]
    fn a_placeholder_allocates_nothing_until_changed() {
        let err = Error::placeholder();
        assert!(err.inner.is_none());
        assert_eq!((err.category(), err.message(), err.offset(), err.path()), (Category::Eof, "", 0, ""));
        let copy = err.replay();
        assert_eq!((copy.category(), copy.message()), (Category::Eof, ""));
        let mut err = Error::placeholder();
        err.parts_mut().path.push_front_key("a");
        assert!(err.inner.is_some());
        assert_eq!((err.category(), err.path()), (Category::Eof, "/a"));
    }

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
        for cut in (1..40).chain([255, 256, 300, 1000]) {
            samples.extend(text.repeat(4).as_bytes().chunks(cut).map(<[u8]>::to_vec));
        }
        samples.push("caf\u{e9} no line feed ".repeat(40).into_bytes());
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
