//! [`PartialReader`]: pieces in, the value so far out.

use jetwire_core::blocks::Block;

use super::PartialOptions;
use super::builder::{Builder, PathStep};
use super::text::{GROWING_NUMBER_LIMIT, number_prefix, settled_len};
use crate::error::{Error, Result};
use crate::read::pieces::{Segments, Source};
use crate::read::strings::decode_str;
use crate::read::{Next, Reader, Suspended};
use crate::stream::keep_spare;
use crate::typed::FromJsonOwned;
use crate::value::{Number, Value};

/// An unfinished token of at most this many bytes is joined with the next piece (copied
/// with it into one buffer); a longer one stays in the pieces it arrived in.
const JOIN_LIMIT: usize = 4096;

/// A reader of a JSON document that is still being written: [`push`](Self::push) the pieces as
/// they arrive, and after each one [`value`](Self::value) is the most complete value of the
/// input so far.
///
/// See the [module documentation](crate::partial) for what a partial value shows, and what it
/// costs.
///
/// ```
/// use jetwire_json::{json, partial::PartialReader};
///
/// let mut reader = PartialReader::new();
/// assert_eq!(reader.push(br#"{"name": "Ad"#)?, Some(&json!({"name": "Ad"})));
/// assert_eq!(reader.push(br#"a", "age": 3"#)?, Some(&json!({"name": "Ada"})));
/// assert_eq!(reader.push(b"6}")?, Some(&json!({"name": "Ada", "age": 36})));
/// assert_eq!(reader.finish()?, json!({"name": "Ada", "age": 36}));
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Debug)]
pub struct PartialReader {
    segments: Segments<'static>,
    /// Where reading stands: before the token the input held ends in, if it ends in one.
    at: Suspended,
    options: PartialOptions,
    builder: Builder,
    /// The token the input held ends in.
    unfinished: Option<Unfinished>,
    /// The top-level value has been read, and the input after it checked to its end.
    finished: bool,
    /// The error that ended reading, reported again by every later call.
    failed: Option<Error>,
    /// Buffers of released pieces, reused by `push`.
    spare: Vec<Vec<u8>>,
    /// The bytes of the token in progress, copied out to show its part.
    scratch: Vec<u8>,
}

/// A token that the input held ends in.
#[derive(Clone, Copy, Debug)]
struct Unfinished {
    kind: Kind,
    /// Its first byte (for a token that has not started, where the reader stands).
    start: usize,
    /// Where the input held ended when the reader last read it.
    held: usize,
    /// How far the input that arrived since has been looked through for a byte that could
    /// end the token.
    checked: usize,
    /// For a string value: where the part already shown ends.
    shown: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A string value.
    String,
    /// A property name.
    Key,
    Number,
    /// `true`, `false` or `null`.
    Literal,
    /// Only whitespace, and the separator due, so far.
    Blank,
    /// Nothing yet (whitespace, a separator).
    Other,
}

impl Default for PartialReader {
    fn default() -> Self {
        PartialReader::new()
    }
}

impl PartialReader {
    /// A reader with the default options: strict JSON, unterminated strings shown, numbers
    /// shown once complete.
    pub fn new() -> Self {
        PartialReader::with_options(PartialOptions::default())
    }

    /// A reader with `options`.
    pub fn with_options(options: PartialOptions) -> Self {
        PartialReader {
            segments: Segments::default(),
            at: Suspended::new(options.read),
            options,
            builder: Builder::default(),
            unfinished: None,
            finished: false,
            failed: None,
            spare: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// Appends a piece of input (copied), reads as far as it goes, and returns the value so
    /// far: `None` while nothing of the value can be shown yet (before its first token, or
    /// while the whole document is a number or literal still arriving).
    ///
    /// # Errors
    ///
    /// When the input so far cannot be the start of a JSON document: the error (message,
    /// offset, line and column) that [`from_slice`](crate::from_slice) reports for any input
    /// that starts with it. The reader is then done: every later call returns the same error.
    pub fn push(&mut self, piece: &[u8]) -> Result<Option<&Value>> {
        if self.accepts_input() {
            let mut buffer = self.spare.pop().unwrap_or_default();
            buffer.clear();
            let joined = self.joined_tail();
            copy_held_into(&self.segments, &mut buffer, joined.clone());
            buffer.extend_from_slice(piece);
            self.push_block(Block::Owned(buffer), joined);
        }
        self.advance()?;
        Ok(self.value())
    }

    /// [`push`](Self::push) without copying the piece (a `Vec<u8>`, a `bytes::Bytes`, a
    /// `String`...), unless it goes on a short unfinished token: then the token's bytes and
    /// the piece are copied together, so that the reader reads on in one piece.
    pub fn push_owned<B: AsRef<[u8]> + Send + 'static>(&mut self, piece: B) -> Result<Option<&Value>> {
        if self.accepts_input() {
            let joined = self.joined_tail();
            let block = if joined.is_empty() {
                Block::Boxed(Box::new(piece))
            } else {
                {
                    let mut buffer = self.spare.pop().unwrap_or_default();
                    buffer.clear();
                    copy_held_into(&self.segments, &mut buffer, joined.clone());
                    buffer.extend_from_slice(piece.as_ref());
                    Block::Owned(buffer)
                }
            };
            self.push_block(block, joined);
        }
        self.advance()?;
        Ok(self.value())
    }

    /// Whether pieces are still taken in: not after an error or the end of the input.
    fn accepts_input(&self) -> bool {
        self.failed.is_none() && !self.segments.has_ended()
    }

    /// The bytes held from where reading stands (the start of the unfinished token) that the
    /// next piece is joined to: all of them when they are few, so that the reader reads the
    /// token and what follows in one window; none when there are many (a long string), which
    /// stay apart rather than be copied again per piece.
    fn joined_tail(&self) -> std::ops::Range<usize> {
        let (from, end) = (self.at.offset(), self.segments.end_offset());
        if end - from <= JOIN_LIMIT { from..end } else { from..from }
    }

    /// Appends `block`, which starts with the bytes held in `joined` (when there are any):
    /// they are then held only in it. The pieces before where reading stands are released.
    fn push_block(&mut self, block: Block<'static>, joined: std::ops::Range<usize>) {
        let spare = &mut self.spare;
        if joined.is_empty() {
            self.segments.release_before(self.at.offset(), |buffer| keep_spare(spare, buffer));
            self.segments.push(block);
        } else {
            self.segments.rejoin(joined.start, block, |buffer| keep_spare(spare, buffer));
        }
    }

    /// Marks the end of the input and reads the rest: the value is then complete, or this is
    /// the error [`from_slice`](crate::from_slice) reports for the whole input (a truncated
    /// document is an end-of-input error).
    pub fn end_input(&mut self) -> Result<Option<&Value>> {
        self.segments.end_input();
        self.advance()?;
        Ok(self.value())
    }

    /// Marks the end of the input and returns the whole value: the value
    /// [`from_slice`](crate::from_slice) reads from the whole input, or its error.
    pub fn finish(mut self) -> Result<Value> {
        self.end_input()?;
        Ok(self.builder.into_value().expect("a finished document has a value"))
    }

    /// The value so far, as the last call left it: `None` while nothing of it can be shown.
    ///
    /// Its open arrays and objects are shown closed, with what has been read of them; an
    /// unterminated string shows its decoded part. Taking it costs nothing: the value is kept
    /// in this shape as it grows.
    pub fn value(&self) -> Option<&Value> {
        self.builder.value()
    }

    /// Takes the value so far out of the reader.
    pub fn into_value(self) -> Option<Value> {
        self.builder.into_value()
    }

    /// Whether [`end_input`](Self::end_input) was called.
    pub fn is_input_ended(&self) -> bool {
        self.segments.has_ended()
    }

    /// Whether the whole document has been read: the input has ended, and the value is the
    /// one [`from_slice`](crate::from_slice) reads.
    pub fn is_complete(&self) -> bool {
        self.finished
    }

    /// The JSON Pointer (`/items/3/name`) of the innermost value still being read: every
    /// array and object on the way to it is still open, and every other value shown is
    /// complete. `""` when it is the whole value; `None` when no value is in progress (before
    /// the first token, and once the top-level value is complete).
    ///
    /// A value that has not started yet is not shown and so not named here: after
    /// `{"a": [1, tr` the innermost value in progress shown is the array, `/a`.
    ///
    /// ```
    /// use jetwire_json::partial::PartialReader;
    /// let mut reader = PartialReader::new();
    /// reader.push(br#"{"done": "yes", "items": [{"name": "Ad"#)?;
    /// assert_eq!(reader.in_progress().as_deref(), Some("/items/0/name"));
    /// assert!(reader.is_complete_at("/done"));
    /// assert!(!reader.is_complete_at("/items/0"));
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn in_progress(&self) -> Option<String> {
        let steps = self.builder.open_path()?;
        let mut pointer = String::new();
        for step in steps {
            pointer.push('/');
            match step {
                PathStep::Key(key) => pointer.push_str(&key.replace('~', "~0").replace('/', "~1")),
                PathStep::Index(index) => pointer.push_str(&index.to_string()),
            }
        }
        Some(pointer)
    }

    /// Whether the value at the JSON Pointer `pointer` is shown, and complete: it will not
    /// change any more (a later repeated key aside, which replaces a member's value). False
    /// for a value not shown (yet).
    pub fn is_complete_at(&self, pointer: &str) -> bool {
        if self.value().and_then(|value| value.pointer(pointer)).is_none() {
            return false;
        }
        let Some(open) = self.in_progress() else { return true };
        // Complete unless it is the value in progress or one of the containers around it.
        let within = open.strip_prefix(pointer).is_some_and(|rest| rest.is_empty() || rest.starts_with('/'));
        !within
    }

    /// The value so far as a `T`, through its JSON text: the fields not shown yet are missing,
    /// so a struct reads them as it reads absent fields (`None` for an `Option`, the default
    /// with `#[jetwire(default)]`). `None` while nothing is shown.
    ///
    /// This writes and reads the whole value so far: it costs one ordinary read of it, unlike
    /// [`value`](Self::value), which costs nothing. Taken after every piece of a large
    /// document, that adds up to the square of its size; take it when it is needed, or from
    /// the part of the value that is wanted (`jetwire_json::from_value(&value["args"])`).
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use jetwire_json::partial::PartialReader;
    ///
    /// let mut reader = PartialReader::new();
    /// reader.push(br#"{"name": "weather", "city": "Par"#)?;
    /// let call: BTreeMap<String, String> = reader.value_as()?.unwrap();
    /// assert_eq!(call["city"], "Par");
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn value_as<T: FromJsonOwned>(&self) -> Result<Option<T>> {
        let Some(value) = self.value() else { return Ok(None) };
        super::typed::read_marked(value, self.builder.open_indices().as_deref()).map(Some)
    }

    /// [`value_as`](Self::value_as) for a serde type, through the serde bridge (feature
    /// `serde`): the same cost, one ordinary read of the value so far.
    #[cfg(feature = "serde")]
    pub fn value_as_serde<T: serde::de::DeserializeOwned>(&self) -> Result<Option<T>> {
        let Some(value) = self.value() else { return Ok(None) };
        crate::serde::from_slice(&crate::to_vec(value)?).map(Some)
    }

    /// The options this reader was made with.
    pub fn options(&self) -> &PartialOptions {
        &self.options
    }

    /// How many bytes pushed are still held: the token in progress and the piece it is in.
    pub fn held_bytes(&self) -> usize {
        self.segments.end_offset() - self.segments.held_from()
    }

    /// How deep the value so far is nested at the value in progress: how many of its arrays
    /// and objects are open.
    pub fn depth(&self) -> usize {
        self.builder.depth()
    }

    /// Reads what the input held allows, and shows the token it ends in.
    fn advance(&mut self) -> Result<()> {
        if let Some(err) = &self.failed {
            return Err(err.replay());
        }
        if self.finished {
            return Ok(());
        }
        self.builder.detach();
        let result = self.read();
        self.builder.attach();
        if let Err(err) = &result {
            self.failed = Some(err.replay());
        }
        result
    }

    fn read(&mut self) -> Result<()> {
        if self.worth_reading() {
            self.read_tokens()?;
        }
        self.show_unfinished();
        Ok(())
    }

    /// Adds every complete token to the value, up to the end of the document or of the input
    /// held.
    fn read_tokens(&mut self) -> Result<()> {
        let mut reader = Reader::resume(&self.segments, self.at.clone());
        loop {
            let mark = reader.mark();
            let result = reader.next_token();
            // A token read is complete even where the reader then ran out of input: a window
            // never ends inside a token unless the input does (it stops before digits that
            // may go on). Running out of input makes an error, or the end, wait for more.
            let starved = self.segments.take_starved();
            match result {
                Ok(Some(token)) => {
                    self.unfinished = None;
                    self.builder.apply(token);
                }
                _ if starved => {
                    self.at = reader.suspend_at(mark);
                    break;
                }
                Ok(None) => {
                    self.unfinished = None;
                    self.finished = true;
                    self.at = reader.suspend();
                    return Ok(());
                }
                Err(err) => return Err(err),
            }
        }
        self.unfinished = Some(self.find_unfinished());
        Ok(())
    }

    /// What the token the input held ends in is, and where it starts: told from the bytes
    /// after where reading stands (whitespace, the separator the grammar calls for, then the
    /// token's first byte).
    fn find_unfinished(&mut self) -> Unfinished {
        let from = self.at.offset();
        let held = self.segments.end_offset() - from;
        let mut limit = CLASSIFY_LIMIT;
        let (kind, start) = loop {
            let bytes = copy_held(&self.segments, &mut self.scratch, from, limit);
            match classify(bytes, self.at.next_allowed()) {
                Class::Token(kind, at) => break (kind, from + at),
                // A long run of whitespace (deep indentation): look further.
                Class::Blank if limit < held => limit = limit.saturating_mul(8),
                Class::Blank => {
                    // Only whitespace (and the separator due) so far: reading goes on after
                    // the whitespace before any separator (which error messages look back
                    // at), and is not tried again until something else arrives.
                    self.at.skip_whitespace(leading_blank(bytes));
                    break (Kind::Blank, self.at.offset());
                }
                Class::Other => break (Kind::Other, from),
            }
        };
        let shown = match self.unfinished {
            // The same string as before: its part shown stays.
            Some(before) if before.start == start && before.kind == kind => before.shown,
            _ => start + 1,
        };
        let held = self.segments.end_offset();
        Unfinished { kind, start, held, checked: held, shown }
    }

    /// Whether the token the input held ended in could be complete now: the input has ended,
    /// or what arrived could end it (a `"` for a string, a `"` or `:` for a property name, a
    /// byte that is not a digit, sign, point or exponent for a number, anything but whitespace
    /// after whitespace), or has at least doubled it, so that a long token arriving in small
    /// pieces is not scanned again per piece.
    fn worth_reading(&mut self) -> bool {
        let Some(unfinished) = self.unfinished else { return true };
        let end = self.segments.end_offset();
        if self.segments.has_ended() || end - unfinished.held >= unfinished.held - unfinished.start {
            return true;
        }
        if end == unfinished.checked {
            return false;
        }
        let ends: fn(&u8) -> bool = match unfinished.kind {
            Kind::Literal | Kind::Other => return true,
            Kind::String => |&byte| byte == b'"',
            // A property name is read with the `:` after it: once its closing quote has
            // arrived, the colon is what completes it.
            Kind::Key => |&byte| byte == b'"' || byte == b':',
            Kind::Blank => |&byte| !matches!(byte, b' ' | b'\t' | b'\n' | b'\r'),
            Kind::Number => |&byte| !matches!(byte, b'0'..=b'9' | b'+' | b'-' | b'.' | b'e' | b'E'),
        };
        let arrived = copy_held(&self.segments, &mut self.scratch, unfinished.checked, usize::MAX);
        let worth = arrived.iter().any(ends);
        self.unfinished = Some(Unfinished { checked: end, ..unfinished });
        worth
    }

    /// Shows the part of the token in progress that the options show: an unterminated
    /// string's settled text, a growing number's longest valid prefix.
    fn show_unfinished(&mut self) {
        let Some(unfinished) = self.unfinished else { return };
        match unfinished.kind {
            Kind::String if self.options.unfinished_strings => {
                let raw = copy_held(&self.segments, &mut self.scratch, unfinished.shown, usize::MAX);
                let settled = settled_len(raw);
                let text = decode_str(&raw[..settled], raw[..settled].contains(&b'\\'));
                self.builder.pending_string().push_str(&text);
                let shown = unfinished.shown + settled;
                self.unfinished = Some(Unfinished { shown, ..unfinished });
            }
            Kind::Number if self.options.growing_numbers => {
                let length = self.segments.end_offset() - unfinished.start;
                if length > GROWING_NUMBER_LIMIT && self.builder.has_pending() {
                    return;
                }
                let text =
                    copy_held(&self.segments, &mut self.scratch, unfinished.start, GROWING_NUMBER_LIMIT);
                if let Some(number) = number_prefix(text) {
                    self.builder.pending_value(Value::Number(Number::from_validated(number)));
                }
            }
            Kind::Literal => {
                // A literal that ends in `e` waits for the byte after it, which could continue
                // a number: complete, it is shown (anything after it ends it, or is an error).
                let value = match copy_held(&self.segments, &mut self.scratch, unfinished.start, 6) {
                    b"true" => Value::Bool(true),
                    b"false" => Value::Bool(false),
                    _ => return,
                };
                self.builder.pending_value(value);
            }
            _ => {}
        }
    }
}

/// How many bytes after where reading stands are looked at first for the token the input ends
/// in (more where they are all whitespace).
const CLASSIFY_LIMIT: usize = 64;

/// What the input held after where reading stands ends in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// A token of this kind, starting at this index.
    Token(Kind, usize),
    /// Whitespace (and the separator due), up to the end of the bytes looked at.
    Blank,
    /// Anything else: a comment, or bytes the reader rejects (it reports them).
    Other,
}

/// What `bytes` (the input held after where reading stands, where `next` is allowed) end in.
fn classify(bytes: &[u8], next: Next) -> Class {
    let blank = |from: usize| from + leading_blank(&bytes[from..]);
    let mut at = blank(0);
    if matches!(next, Next::CommaThenValue | Next::CommaThenKey) && at < bytes.len() {
        if bytes[at] != b',' {
            return Class::Other;
        }
        at = blank(at + 1);
    }
    let Some(&first) = bytes.get(at) else { return Class::Blank };
    let kind = match (next, first) {
        (Next::Nothing, _) => return Class::Other,
        (Next::Key | Next::CommaThenKey, b'"') => Kind::Key,
        (Next::Key | Next::CommaThenKey, _) => return Class::Other,
        (_, b'"') => Kind::String,
        (_, b'-' | b'0'..=b'9') => Kind::Number,
        (_, b't' | b'f' | b'n') => Kind::Literal,
        _ => return Class::Other,
    };
    Class::Token(kind, at)
}

/// How many of the first bytes of `bytes` are JSON whitespace.
fn leading_blank(bytes: &[u8]) -> usize {
    bytes.iter().take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r')).count()
}

/// Appends the input held in `range` to `out`.
fn copy_held_into(segments: &Segments<'_>, out: &mut Vec<u8>, range: std::ops::Range<usize>) {
    if !range.is_empty() {
        segments.copy_from(range.start, range.len(), out);
        segments.take_starved();
    }
}

/// The input held from absolute offset `start` on, at most `limit` bytes: in place where it
/// lies in one piece, else copied into `scratch`.
fn copy_held<'a>(
    segments: &'a Segments<'_>,
    scratch: &'a mut Vec<u8>,
    start: usize,
    limit: usize,
) -> &'a [u8] {
    if let Some(bytes) = segments.held_slice(start, limit) {
        return bytes;
    }
    scratch.clear();
    let limit = limit.min(segments.end_offset().saturating_sub(start));
    segments.copy_from(start, limit, scratch);
    segments.take_starved();
    scratch
}
