//! Resumable reading: input pushed in pieces as it arrives, read as far as it goes.

use std::collections::VecDeque;
use std::io;
use std::marker::PhantomData;

use jetwire_core::blocks::Block;

use crate::error::{Category, Error, Result};
use crate::read::pieces::Segments;
use crate::read::{ReadOptions, Reader, Suspended, Token, TokenKind};
use crate::typed::FromJsonOwned;

/// The size of one block read from a stream.
pub(crate) const BLOCK_SIZE: usize = 64 * 1024;

/// Pieces shorter than this (pushed, or read from a source) are copied and gathered into
/// blocks of up to about this size, rather than each held apart.
const SMALL_PIECE: usize = BLOCK_SIZE / 4;

/// How many released buffers are kept for reuse.
const MAX_SPARE_BUFFERS: usize = 4;

/// How many JSON Lines values [`Values::line_ahead`] reads with one reader: enough to spread the
/// cost of attaching a reader to the blocks thin, few enough that the values waiting stay few.
const LINES_AHEAD: usize = 64;

/// The outcome of a step of a [`PushReader`]: done, or waiting for more input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub enum Pull<T> {
    /// The step is complete.
    Ready(T),
    /// The input pushed so far ends inside what the step reads: push more (or mark the end of
    /// the input) and call again. Nothing was consumed.
    NeedMoreData,
}

impl<T> Pull<T> {
    /// Applies `f` to a ready value.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Pull<U> {
        match self {
            Pull::Ready(value) => Pull::Ready(f(value)),
            Pull::NeedMoreData => Pull::NeedMoreData,
        }
    }

    /// The value, if the step is complete.
    pub fn ready(self) -> Option<T> {
        match self {
            Pull::Ready(value) => Some(value),
            Pull::NeedMoreData => None,
        }
    }
}

/// A reader for input that is still arriving: [`push`](Self::push) the pieces as they come,
/// read as far as they go, and [`end_input`](Self::end_input) after the last one.
///
/// Each read returns [`Pull::NeedMoreData`] (not an error) while the input pushed so far ends
/// inside what it reads, and picks up exactly where it stopped once more is pushed. Pieces may
/// split the input at any byte. Memory holds what has not been read yet: pushing releases the
/// pieces already read (except, for [`read_document`](Self::read_document), the document's).
///
/// Four ways to read, one per reader:
///
/// - token by token, [`next_token`](Self::next_token);
/// - only checking the document, without keeping it, [`check_document`](Self::check_document);
/// - one whole document into a typed value, [`read_document`](Self::read_document);
/// - a stream of typed values: the elements of the top-level array (or of the array at a JSON
///   Pointer, [`at_pointer`](Self::at_pointer)), [`next_element`](Self::next_element); or JSON
///   Lines, one value per line, [`next_line`](Self::next_line).
///
/// ```
/// use jetwire_json::stream::{Pull, PushReader};
///
/// let mut reader = PushReader::new();
/// let mut received = Vec::new();
/// for piece in [&b"[1, 2"[..], b"3, 4", b"]"] {
///     reader.push(piece);
///     while let Pull::Ready(Some(n)) = reader.next_element::<u32>()? {
///         received.push(n);
///     }
/// }
/// reader.end_input();
/// assert_eq!(reader.next_element::<u32>()?, Pull::Ready(None));
/// assert_eq!(received, [1, 23, 4]);
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Debug)]
pub struct PushReader {
    segments: Segments<'static>,
    /// Where reading stands, between tokens.
    at: Suspended,
    /// A value being checked a token at a time, because it did not fit the input held.
    frame: Option<Frame>,
    /// The token that ran out of input: retried once more input could complete it.
    partial: Option<Partial>,
    /// Where a stream of values stands in the document.
    phase: Phase,
    /// Buffers of released pieces, reused by `push`.
    spare: Vec<Vec<u8>>,
    /// The JSON Pointer tokens of the streamed array, in order: the front of every element's
    /// error path.
    array_path: Vec<String>,
    /// Elements (or JSON Lines values) read so far: the index of the one being read.
    values_read: usize,
    /// Where the last error of [`next_line`](Self::next_line) is, as an absolute offset: where
    /// [`resume_after_error`](Self::resume_after_error) goes on from.
    line_error: Option<usize>,
}

/// A value skipped a token at a time until it is known to be complete; then it is read whole,
/// or, for a value only checked, not at all.
#[derive(Debug)]
struct Frame {
    /// For a value to be read once complete, the reader positioned at it: its bytes are held
    /// from there until then. `None` for a value only checked, which holds just the token being
    /// checked: while it waits for input, the reader's place moves up to `scan`.
    start: Option<Suspended>,
    /// How far the value's tokens have been checked.
    scan: Suspended,
    first: bool,
    depth: usize,
    complete: bool,
}

/// Where a reader following a pointer stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Inside {
    /// At the container to enter.
    Container,
    /// In an object, looking for the member.
    Object,
    /// In an array, `passed` elements before the one wanted behind it.
    Array { passed: usize },
}

/// A token that ran out of input.
#[derive(Clone, Copy, Debug)]
struct Partial {
    /// Where it starts.
    start: usize,
    /// Where the input held ended.
    held: usize,
    /// Whether it is a string (only a `"` can end it).
    string: bool,
}

#[derive(Debug)]
enum Phase {
    /// Before the stream's array: the pointer tokens still to follow (the next one last), and
    /// where the reader stands in the container the next one names a member of.
    Navigate { tokens: Vec<String>, inside: Inside },
    /// Inside the array (or between JSON Lines values; `first` before the first).
    Elements { first: bool },
    /// After the array: checking the rest of the document.
    Rest,
    /// After a bad JSON Lines value: looking for the line feed from the absolute offset `from`
    /// on, to read on after it.
    SkipLine { from: usize },
    /// The stream is over.
    Finished,
}

impl Default for PushReader {
    fn default() -> Self {
        PushReader::new()
    }
}

impl PushReader {
    /// A reader with the default options, streaming the top-level array's elements if
    /// [`next_element`](Self::next_element) is used.
    pub fn new() -> Self {
        PushReader::with_options(ReadOptions::default())
    }

    /// A reader with `options`.
    pub fn with_options(options: ReadOptions) -> Self {
        PushReader {
            segments: Segments::default(),
            at: Suspended::new(options),
            frame: None,
            partial: None,
            phase: Phase::Navigate { tokens: Vec::new(), inside: Inside::Container },
            spare: Vec::new(),
            array_path: Vec::new(),
            values_read: 0,
            line_error: None,
        }
    }

    /// A reader whose [`next_element`](Self::next_element) streams the elements of the array at
    /// `pointer` (a JSON Pointer such as `/data/items`) rather than of the top-level array. The
    /// rest of the document is checked, not kept.
    ///
    /// ```
    /// use jetwire_json::stream::{Pull, PushReader};
    /// let mut reader = PushReader::at_pointer("/page/items")?;
    /// reader.push(br#"{"meta": {"n": 2}, "page": {"items": ["a", "b"]}, "more": true}"#);
    /// reader.end_input();
    /// assert_eq!(reader.next_element::<String>()?, Pull::Ready(Some("a".to_owned())));
    /// assert_eq!(reader.next_element::<String>()?, Pull::Ready(Some("b".to_owned())));
    /// assert_eq!(reader.next_element::<String>()?, Pull::Ready(None));
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn at_pointer(pointer: &str) -> Result<Self> {
        PushReader::at_pointer_with(pointer, ReadOptions::default())
    }

    /// [`at_pointer`](Self::at_pointer) with `options`.
    pub fn at_pointer_with(pointer: &str, options: ReadOptions) -> Result<Self> {
        let tokens: Vec<String> =
            crate::pointer_syntax::parse_pointer(pointer)?.into_iter().map(|t| t.into_owned()).collect();
        let mut reader = PushReader::with_options(options);
        reader.phase =
            Phase::Navigate { tokens: tokens.iter().rev().cloned().collect(), inside: Inside::Container };
        reader.array_path = tokens;
        Ok(reader)
    }

    /// Appends a piece of input (copied; see [`push_owned`](Self::push_owned) to hand over a
    /// buffer instead), and releases the pieces already read.
    pub fn push(&mut self, piece: &[u8]) {
        if piece.len() < SMALL_PIECE {
            return self.push_small(piece);
        }
        let mut buffer = self.spare.pop().unwrap_or_default();
        buffer.clear();
        buffer.extend_from_slice(piece);
        self.push_block(Block::Owned(buffer));
    }

    /// Appends a short piece, copied: onto the last piece held when that one is a short copy
    /// too, so that a source that trickles (a pipe, a socket, a caller's small chunks) is held
    /// in a few blocks about as large as its bytes, not in one block (or one 64 KiB buffer)
    /// per piece.
    fn push_small(&mut self, piece: &[u8]) {
        self.release_read();
        if !self.segments.append_to_last(piece, SMALL_PIECE) {
            self.segments.push(Block::Owned(piece.to_vec()));
        }
    }

    /// Appends a piece of input without copying it: a `Vec<u8>`, a `bytes::Bytes`, a `String`...
    pub fn push_owned<B: AsRef<[u8]> + Send + 'static>(&mut self, piece: B) {
        self.push_block(Block::Boxed(Box::new(piece)));
    }

    /// Reads one block (one `read` call, at most 64 KiB) from `source` into a reused buffer and
    /// pushes it; at the end of `source` marks the end of the input. Returns how many bytes were
    /// read: 0 at the end.
    ///
    /// ```
    /// use jetwire_json::stream::{Pull, PushReader};
    /// let mut source: &[u8] = b"[1, 2]";
    /// let mut reader = PushReader::new();
    /// while reader.read_from(&mut source)? > 0 {}
    /// assert_eq!(reader.next_element::<u8>()?, Pull::Ready(Some(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_from<R: io::Read + ?Sized>(&mut self, source: &mut R) -> io::Result<usize> {
        let mut buffer = self.block_buffer();
        let length = loop {
            match source.read(&mut buffer) {
                Ok(length) => break length,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(err),
            }
        };
        self.push_read(buffer, length);
        Ok(length)
    }

    /// A block-sized buffer to read the next piece into: one released earlier when there is one.
    pub(crate) fn block_buffer(&mut self) -> Vec<u8> {
        let mut buffer = self.spare.pop().unwrap_or_default();
        buffer.resize(BLOCK_SIZE, 0);
        buffer
    }

    /// Keeps `buffer` for a later piece.
    pub(crate) fn recycle(&mut self, buffer: Vec<u8>) {
        keep_spare(&mut self.spare, buffer);
    }

    /// Pushes the first `length` bytes read into `buffer` (from [`block_buffer`](Self::block_buffer)),
    /// or marks the end of the input when `length` is 0.
    pub(crate) fn push_read(&mut self, mut buffer: Vec<u8>, length: usize) {
        if length == 0 {
            self.recycle(buffer);
            self.end_input();
        } else if length < SMALL_PIECE {
            // The buffer stays whole for the next read, which then need not clear it again.
            self.push_small(&buffer[..length]);
            self.recycle(buffer);
        } else {
            buffer.truncate(length);
            self.push_block(Block::Owned(buffer));
        }
    }

    fn push_block(&mut self, block: Block<'static>) {
        self.release_read();
        self.segments.push(block);
    }

    /// Releases the pieces before where reading stands (or the value being read starts).
    fn release_read(&mut self) {
        let keep_from = match &self.frame {
            Some(Frame { start: Some(start), .. }) => start.offset(),
            _ => self.at.offset(),
        };
        let spare = &mut self.spare;
        self.segments.release_before(keep_from, |buffer| keep_spare(spare, buffer));
    }

    /// Marks the end of the input: nothing more will be pushed.
    pub fn end_input(&mut self) {
        self.segments.end_input();
    }

    /// Whether [`end_input`](Self::end_input) was called.
    pub fn is_input_ended(&self) -> bool {
        self.segments.has_ended()
    }

    /// The absolute byte offset reading has reached.
    pub fn offset(&self) -> usize {
        self.at.offset()
    }

    /// The error for `err` of the source this reader's pieces come from: it says how many
    /// bytes had arrived.
    #[cold]
    pub(crate) fn source_error(&self, err: io::Error) -> Error {
        Error::io_reading(err, self.segments.end_offset())
    }

    /// How many bytes pushed are still held (not yet released).
    pub fn held_bytes(&self) -> usize {
        self.segments.end_offset() - self.segments.held_from()
    }

    /// The next token, or `None` after the top-level value once the input has ended.
    ///
    /// ```
    /// use jetwire_json::stream::{Pull, PushReader};
    /// use jetwire_json::Token;
    /// let mut reader = PushReader::new();
    /// reader.push(b"[tr");
    /// assert_eq!(reader.next_token()?, Pull::Ready(Some(Token::BeginArray)));
    /// assert_eq!(reader.next_token()?, Pull::NeedMoreData);
    /// reader.push(b"ue]");
    /// assert_eq!(reader.next_token()?, Pull::Ready(Some(Token::Bool(true))));
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn next_token(&mut self) -> Result<Pull<Option<Token<'_>>>> {
        if !self.may_retry() {
            return Ok(Pull::NeedMoreData);
        }
        let mut reader = Reader::resume(&self.segments, self.at.clone());
        let result = reader.next_token();
        if self.segments.take_starved() {
            self.partial = Some(partial_at(&self.segments, &reader));
            return Ok(Pull::NeedMoreData);
        }
        let token = result?;
        self.partial = None;
        self.at = reader.suspend();
        Ok(Pull::Ready(token))
    }

    /// Reads the whole document as a `T`, once all of it has been pushed and the input has
    /// ended (trailing whitespace checked). The document is checked a token at a time as it
    /// arrives, then read once.
    ///
    /// ```
    /// use jetwire_json::stream::{Pull, PushReader};
    /// let mut reader = PushReader::new();
    /// reader.push(br#"{"a": [1, 2"#);
    /// assert_eq!(reader.read_document::<jetwire_json::Value>()?, Pull::NeedMoreData);
    /// reader.push(b"]}");
    /// reader.end_input();
    /// let value = reader.read_document::<jetwire_json::Value>()?.ready().unwrap();
    /// assert_eq!(value["a"][1], 2);
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn read_document<T: FromJsonOwned>(&mut self) -> Result<Pull<T>> {
        // Once all the input is there, the document is read in one pass; until then its tokens
        // are checked as they arrive, so that it is read exactly once, when complete.
        if self.frame.is_none() && !self.segments.has_ended() {
            self.frame = Some(Frame::to_read(self.at.clone(), 0));
        }
        if self.frame.is_some() {
            let Pull::Ready(after) = self.advance_frame()? else { return Ok(Pull::NeedMoreData) };
            if let Pull::NeedMoreData = self.run(after, |reader| reader.finish())? {
                return Ok(Pull::NeedMoreData);
            }
        }
        let start = self.frame.take().and_then(|frame| frame.start).unwrap_or_else(|| self.at.clone());
        let mut reader = Reader::resume(&self.segments, start);
        let value = T::from_json(&mut reader)?;
        reader.finish()?;
        self.at = reader.suspend();
        Ok(Pull::Ready(value))
    }

    /// The next element of the streamed array (the top-level one, or the one at the pointer
    /// given to [`at_pointer`](Self::at_pointer)), or `None` after its last element once the
    /// rest of the document has been checked and the input has ended. An error inside an
    /// element names its path in the whole document (`/items/2/qty`).
    pub fn next_element<T: FromJsonOwned>(&mut self) -> Result<Pull<Option<T>>> {
        loop {
            let pull = match &mut self.phase {
                Phase::Navigate { tokens, .. } if !tokens.is_empty() => self.navigate()?,
                Phase::Navigate { .. } => self
                    .step(|reader| reader.begin_array())?
                    .map(|()| self.phase = Phase::Elements { first: true }),
                Phase::Elements { .. } => {
                    if self.frame.is_none() {
                        match self.step(|reader| reader.next_element())? {
                            Pull::Ready(true) => {}
                            Pull::Ready(false) => {
                                self.phase = Phase::Rest;
                                continue;
                            }
                            Pull::NeedMoreData => return Ok(Pull::NeedMoreData),
                        }
                    }
                    let element = self.next_value().map_err(|err| self.element_error(err))?;
                    return Ok(element.map(Some));
                }
                Phase::Rest => self.check_to_end(false)?.map(|()| self.phase = Phase::Finished),
                // Only JSON Lines skip a bad line: no array is streamed then.
                Phase::Finished | Phase::SkipLine { .. } => return Ok(Pull::Ready(None)),
            };
            if let Pull::NeedMoreData = pull {
                return Ok(Pull::NeedMoreData);
            }
        }
    }

    /// Checks the document as it arrives, without keeping it: the top-level value (from where
    /// the reader stands, when other reads came first) and the whitespace after it. Ready once
    /// the input has ended and all of it is valid. Memory holds the nesting and the token being
    /// checked (containers that fit the input held are checked by their structure, whole), and
    /// after the value, the whitespace that follows it until the input ends.
    ///
    /// ```
    /// use jetwire_json::stream::{Pull, PushReader};
    /// let mut reader = PushReader::new();
    /// reader.push(br#"{"a": [1, 2], "b": tr"#);
    /// assert_eq!(reader.check_document()?, Pull::NeedMoreData);
    /// reader.push(b"ue} ");
    /// reader.end_input();
    /// assert_eq!(reader.check_document()?, Pull::Ready(()));
    ///
    /// let mut bad = PushReader::new();
    /// bad.push(b"[1, 2,]");
    /// bad.end_input();
    /// assert_eq!(bad.check_document().unwrap_err().offset(), 6);
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn check_document(&mut self) -> Result<Pull<()>> {
        if matches!(self.phase, Phase::Finished) {
            return Ok(Pull::Ready(()));
        }
        let before_value = self.at.depth() == 0 && !self.at.is_done();
        let pull = self.check_to_end(before_value)?;
        if let Pull::Ready(()) = pull {
            self.phase = Phase::Finished;
        }
        Ok(pull)
    }

    /// Checks tokens from where the reader stands to the end of the document (from its first
    /// token when `first`), then the whitespace after it, releasing what has been checked.
    fn check_to_end(&mut self, first: bool) -> Result<Pull<()>> {
        if self.frame.is_none() {
            if !first && self.at.is_done() {
                // The top-level value is complete: only the end is left to check.
                return self.step(|reader| reader.finish());
            }
            self.frame = Some(Frame::to_check(self.at.clone(), 0, first));
        }
        let Pull::Ready(after) = self.advance_frame()? else { return Ok(Pull::NeedMoreData) };
        let Pull::Ready(((), after)) = self.run(after, |reader| reader.finish())? else {
            return Ok(Pull::NeedMoreData);
        };
        self.frame = None;
        self.at = after;
        Ok(Pull::Ready(()))
    }

    /// The next value of JSON Lines (one JSON value per line; blank lines are skipped), or
    /// `None` once the input has ended.
    ///
    /// ```
    /// use jetwire_json::stream::{Pull, PushReader};
    /// let mut reader = PushReader::new();
    /// reader.push(b"{\"n\": 1}\n{\"n\"");
    /// assert!(matches!(reader.next_line::<jetwire_json::Value>()?, Pull::Ready(Some(_))));
    /// assert_eq!(reader.next_line::<jetwire_json::Value>()?, Pull::NeedMoreData);
    /// reader.push(b": 2}\n");
    /// reader.end_input();
    /// assert_eq!(reader.next_line::<jetwire_json::Value>()?.ready().unwrap().unwrap()["n"], 2);
    /// assert_eq!(reader.next_line::<jetwire_json::Value>()?, Pull::Ready(None));
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn next_line<T: FromJsonOwned>(&mut self) -> Result<Pull<Option<T>>> {
        let next = self.read_next_line();
        // Only the error of this call can be resumed after.
        self.line_error = next.as_ref().err().map(Error::offset);
        next
    }

    /// After an error from [`next_line`](Self::next_line), drops the bad value and makes the
    /// next `next_line` read on from the line after it: from the line the error is on when the
    /// error is at the start of a value that begins that line (a line cut short is then followed
    /// by the next line's value), else from the line after the error's. Returns false, changing
    /// nothing, when no error from `next_line` is pending.
    ///
    /// Meant for JSON Lines of one value a line: a bad value that goes on over more lines is
    /// reported once for its first line and again for each later line that does not hold a
    /// value of its own.
    ///
    /// ```
    /// use jetwire_json::stream::{Pull, PushReader};
    /// let mut reader = PushReader::new();
    /// reader.push(b"{\"n\": 1}\n{\"n\": 2,,}\n{\"n\": 3\n{\"n\": 4}\n");
    /// reader.end_input();
    /// let mut read = Vec::new();
    /// let mut bad_lines = Vec::new();
    /// loop {
    ///     match reader.next_line::<jetwire_json::Value>() {
    ///         Ok(Pull::Ready(Some(value))) => read.push(value["n"].as_u64().unwrap()),
    ///         Ok(Pull::Ready(None)) => break,
    ///         Ok(Pull::NeedMoreData) => unreachable!("all the input is there"),
    ///         Err(err) => {
    ///             bad_lines.push(err.line());
    ///             assert!(reader.resume_after_error());
    ///         }
    ///     }
    /// }
    /// assert_eq!((read, bad_lines), (vec![1, 4], vec![2, 4]));
    /// ```
    pub fn resume_after_error(&mut self) -> bool {
        let Some(offset) = self.line_error.take() else { return false };
        let value_start = match &self.frame {
            Some(Frame { start: Some(start), .. }) => start.offset(),
            _ => self.at.offset(),
        };
        self.frame = None;
        self.partial = None;
        match self.line_start_of_value_at(value_start, offset) {
            Some(line_start) => {
                self.at = self.at.restart_at(line_start);
                self.phase = Phase::Elements { first: true };
            }
            None => self.phase = Phase::SkipLine { from: offset },
        }
        true
    }

    /// The start of the line holding `offset` when a value begins at `offset`, only whitespace
    /// is before it on its line, and that line starts after `value_start`.
    fn line_start_of_value_at(&self, value_start: usize, offset: usize) -> Option<usize> {
        if offset <= value_start || offset >= self.segments.end_offset() {
            return None;
        }
        let mut bytes = Vec::new();
        crate::read::pieces::Source::copy_from(
            &self.segments,
            value_start,
            offset + 1 - value_start,
            &mut bytes,
        );
        self.segments.take_starved();
        line_start_of_value_at_end(&bytes).map(|start| value_start + start)
    }

    /// Moves past the rest of a bad line; ready when the reader stands at the next line.
    fn skip_bad_line(&mut self, from: usize) -> Pull<()> {
        if let Some(line_feed) = self.segments.find_held(from, b'\n') {
            self.at = self.at.restart_at(line_feed + 1);
            self.phase = Phase::Elements { first: true };
            return Pull::Ready(());
        }
        let end = self.segments.end_offset();
        // Nothing held is wanted any more: the pieces may go.
        self.at = self.at.restart_at(end);
        if self.segments.has_ended() {
            self.phase = Phase::Finished;
            return Pull::Ready(());
        }
        self.phase = Phase::SkipLine { from: end };
        Pull::NeedMoreData
    }

    fn read_next_line<T: FromJsonOwned>(&mut self) -> Result<Pull<Option<T>>> {
        if let Phase::SkipLine { from } = self.phase {
            if let Pull::NeedMoreData = self.skip_bad_line(from) {
                return Ok(Pull::NeedMoreData);
            }
        }
        if self.frame.is_none() {
            // The common case, the line's value whole in the input held, with one reader.
            let mut value = None;
            self.read_held_lines(1, |read| value = Some(read))?;
            if value.is_some() {
                return Ok(Pull::Ready(value));
            }
            let first = match self.phase {
                Phase::Elements { first } => first,
                Phase::Finished => return Ok(Pull::Ready(None)),
                _ => true,
            };
            match self.step(|reader| reader.next_line(first))? {
                Pull::Ready(true) => self.phase = Phase::Elements { first: false },
                Pull::Ready(false) => {
                    self.phase = Phase::Finished;
                    return Ok(Pull::Ready(None));
                }
                Pull::NeedMoreData => return Ok(Pull::NeedMoreData),
            }
        }
        Ok(self.next_value()?.map(Some))
    }

    /// Reads up to `max` JSON Lines values that the input held has whole, handing each to
    /// `keep`, all with one reader: what as many calls of [`next_line`](Self::next_line) would
    /// give, without attaching a reader to the blocks per value (a block lookup and a first
    /// refill each). Stops quietly at a value the input held does not have whole (which
    /// `next_line`'s token-by-token path then reads), at the end of the input, or while a bad
    /// line is being skipped; stops at an error by returning it, left as `next_line` leaves its
    /// errors (so that [`resume_after_error`](Self::resume_after_error) goes on after it).
    pub(crate) fn read_held_lines<T: FromJsonOwned>(
        &mut self,
        max: usize,
        mut keep: impl FnMut(T),
    ) -> Result<()> {
        let mut first = match self.phase {
            Phase::Elements { first } => first,
            Phase::Finished | Phase::SkipLine { .. } => return Ok(()),
            _ => true,
        };
        if self.frame.is_some() || !self.may_retry() {
            return Ok(());
        }
        self.line_error = None;
        let mut reader = Reader::resume(&self.segments, self.at.clone());
        for _ in 0..max {
            let found = reader.next_line(first);
            if self.segments.take_starved() {
                break;
            }
            self.partial = None;
            match found {
                Err(err) => {
                    self.line_error = Some(err.offset());
                    return Err(err);
                }
                Ok(false) => {
                    self.at = reader.suspend();
                    self.phase = Phase::Finished;
                    return Ok(());
                }
                Ok(true) => {}
            }
            let value_start = reader.offset();
            let value = T::from_json(&mut reader);
            if self.segments.take_starved() {
                break;
            }
            first = false;
            self.phase = Phase::Elements { first };
            match value {
                Ok(value) => {
                    keep(value);
                    self.values_read += 1;
                    self.at = reader.snapshot();
                }
                Err(err) => {
                    // Where `next_line` leaves a bad value: at its start, a line's value at the
                    // top level.
                    self.at = self.at.restart_at(value_start);
                    self.line_error = Some(err.offset());
                    return Err(err);
                }
            }
        }
        Ok(())
    }

    /// `err`, from reading an element of the streamed array, with the element's place in the
    /// document in front of its path: `/3` inside the element at index 2 of `/items` becomes
    /// `/items/2/3`.
    #[cold]
    fn element_error(&self, err: Error) -> Error {
        let err = err.prepend_index(self.values_read);
        self.array_path.iter().rev().fold(err, |err, token| err.prepend_key(token))
    }

    /// Reads the value the reader is positioned at: whole if the input held has all of it,
    /// else a token at a time until it does, then whole. Counts the values read.
    fn next_value<T: FromJsonOwned>(&mut self) -> Result<Pull<T>> {
        let pull = self.read_positioned_value()?;
        if let Pull::Ready(_) = pull {
            self.values_read += 1;
        }
        Ok(pull)
    }

    fn read_positioned_value<T: FromJsonOwned>(&mut self) -> Result<Pull<T>> {
        if self.frame.is_none() {
            if !self.may_retry() {
                return Ok(Pull::NeedMoreData);
            }
            let mut reader = Reader::resume(&self.segments, self.at.clone());
            let depth = reader.depth();
            let result = T::from_json(&mut reader);
            if !self.segments.take_starved() {
                let value = result?;
                self.partial = None;
                self.at = reader.suspend();
                return Ok(Pull::Ready(value));
            }
            self.frame = Some(Frame::to_read(self.at.clone(), depth));
        }
        match self.advance_frame() {
            Ok(Pull::NeedMoreData) => return Ok(Pull::NeedMoreData),
            Ok(Pull::Ready(_)) => {}
            Err(err) => return Err(self.error_as_read::<T>(err)),
        }
        let Some(frame) = self.frame.take() else { unreachable!("the frame is complete") };
        // A check frame left by another way of reading has moved the reader's place with it.
        let start = frame.start.unwrap_or_else(|| self.at.clone());
        let mut reader = Reader::resume(&self.segments, start);
        let value = T::from_json(&mut reader)?;
        self.at = reader.suspend();
        Ok(Pull::Ready(value))
    }

    /// The error that reading the framed value as a `T` gives, where checking its tokens found
    /// `err`: the input held reaches that far, so the read meets the same error, or one before
    /// it, with the value's JSON Pointer path as a whole value's read gives it.
    #[cold]
    fn error_as_read<T: FromJsonOwned>(&self, err: Error) -> Error {
        let Some(Frame { start: Some(start), .. }) = &self.frame else { return err };
        let mut reader = Reader::resume(&self.segments, start.clone());
        let read = T::from_json(&mut reader);
        // A read that wanted more input than is held made a placeholder error: keep `err`.
        let starved = self.segments.take_starved();
        match read {
            Err(read) if !starved && read.offset() <= err.offset() => read,
            _ => err,
        }
    }

    /// Checks the framed value's tokens as far as the input held goes; once they are all there,
    /// returns the reader's state after the value.
    fn advance_frame(&mut self) -> Result<Pull<Suspended>> {
        let Some(frame) = &mut self.frame else { unreachable!("a value is being framed") };
        if !frame.complete {
            if !may_retry(&self.segments, self.partial) {
                return Ok(Pull::NeedMoreData);
            }
            let mut reader = Reader::resume(&self.segments, frame.scan.clone());
            loop {
                let before = reader.clone();
                let result = reader.skip_value_step(frame.first, frame.depth);
                if self.segments.take_starved() {
                    self.partial = Some(partial_at(&self.segments, &before));
                    frame.scan = before.suspend();
                    if frame.start.is_none() {
                        // Nothing before `scan` is needed again: let the pieces before it go.
                        self.at = frame.scan.clone();
                    }
                    return Ok(Pull::NeedMoreData);
                }
                self.partial = None;
                frame.first = false;
                if result? {
                    frame.scan = reader.suspend();
                    frame.complete = true;
                    break;
                }
            }
        }
        Ok(Pull::Ready(frame.scan.clone()))
    }

    /// Follows the pointer one member down (`token`): into the container at the reader's
    /// position, then through its members, skipping those off the path a token at a time.
    fn navigate(&mut self) -> Result<Pull<()>> {
        loop {
            if self.frame.is_some() {
                let Pull::Ready(after) = self.advance_frame()? else { return Ok(Pull::NeedMoreData) };
                self.frame = None;
                self.at = after;
            }
            let Phase::Navigate { tokens, inside } = &self.phase else { unreachable!("navigating") };
            let Some(token) = tokens.last().cloned() else { return Ok(Pull::Ready(())) };
            let entering = *inside == Inside::Container;
            // Where the reader stands after one step, or `None` at the member's value.
            let next = match *inside {
                Inside::Container => self.step(|reader| match reader.peek()? {
                    TokenKind::BeginObject => reader.begin_object().map(|()| Some(Inside::Object)),
                    TokenKind::BeginArray => reader.begin_array().map(|()| Some(Inside::Array { passed: 0 })),
                    _ => Err(no_member(reader, &token)),
                })?,
                Inside::Object => self.step(|reader| match reader.next_key()? {
                    Some(key) if crate::pointer::key_is(&key, &token) => Ok(None),
                    Some(_) => Ok(Some(Inside::Object)),
                    None => Err(no_member(reader, &token)),
                })?,
                Inside::Array { passed } => self.step(|reader| {
                    let index = crate::pointer_syntax::array_index(&token);
                    match (reader.next_element()?, index) {
                        (true, Some(index)) if index == passed => Ok(None),
                        (true, Some(_)) => Ok(Some(Inside::Array { passed: passed + 1 })),
                        _ => Err(no_member(reader, &token)),
                    }
                })?,
            };
            let Pull::Ready(next) = next else { return Ok(Pull::NeedMoreData) };
            let Phase::Navigate { tokens, inside } = &mut self.phase else { unreachable!("navigating") };
            match next {
                None => {
                    tokens.pop();
                    *inside = Inside::Container;
                }
                Some(next) => {
                    *inside = next;
                    if !entering {
                        // A member off the path: skip its value.
                        self.frame = Some(Frame::to_check(self.at.clone(), self.at.depth(), true));
                    }
                }
            }
        }
    }

    /// Runs `step` from `from`; `None` (nothing changed) when the input held ends inside it.
    fn run<R>(
        &mut self,
        from: Suspended,
        step: impl FnOnce(&mut Reader<'_>) -> Result<R>,
    ) -> Result<Pull<(R, Suspended)>> {
        if !self.may_retry() {
            return Ok(Pull::NeedMoreData);
        }
        let mut reader = Reader::resume(&self.segments, from);
        let result = step(&mut reader);
        if self.segments.take_starved() {
            self.partial = Some(partial_at(&self.segments, &reader));
            return Ok(Pull::NeedMoreData);
        }
        let value = result?;
        self.partial = None;
        Ok(Pull::Ready((value, reader.suspend())))
    }

    /// Runs one small step from where the reader stands; it is run again from there when the
    /// input held ends inside it.
    fn step<R>(&mut self, step: impl FnOnce(&mut Reader<'_>) -> Result<R>) -> Result<Pull<R>> {
        let pull = self.run(self.at.clone(), step)?;
        Ok(pull.map(|(value, at)| {
            self.at = at;
            value
        }))
    }

    fn may_retry(&self) -> bool {
        may_retry(&self.segments, self.partial)
    }
}

impl Frame {
    /// A frame for the value at `start` (at nesting `depth`), to be read once complete.
    fn to_read(start: Suspended, depth: usize) -> Frame {
        Frame { scan: start.clone(), start: Some(start), first: true, depth, complete: false }
    }

    /// A frame that only checks tokens from `start` until the nesting is back to `depth`: from
    /// the first token of a value when `first`, else from inside containers already open.
    fn to_check(start: Suspended, depth: usize, first: bool) -> Frame {
        Frame { scan: start, start: None, first, depth, complete: false }
    }
}

/// Where a bad JSON Lines value's error is at the last byte of `bytes` (which run from where
/// the value starts): the index in `bytes` of the start of the error's line when a value begins
/// at the error, only whitespace is before it on its line, and that line is not the value's
/// first. Reading goes on from there; elsewhere, from the line after the error's.
pub(crate) fn line_start_of_value_at_end(bytes: &[u8]) -> Option<usize> {
    let (&first, before) = bytes.split_last()?;
    if !matches!(first, b'{' | b'[' | b'"' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n') {
        return None;
    }
    let line_feed = before.iter().rposition(|&byte| !matches!(byte, b' ' | b'\t' | b'\r'))?;
    (before[line_feed] == b'\n').then_some(line_feed + 1)
}

#[cold]
fn no_member(reader: &Reader<'_>, token: &str) -> Error {
    reader.data_error(format_args!(
        "the JSON Pointer to the streamed array names `{token}`, which is not there"
    ))
}

/// What a reader that ran out of input was reading.
fn partial_at(segments: &Segments<'_>, reader: &Reader<'_>) -> Partial {
    let start = reader.offset();
    let mut first = Vec::new();
    crate::read::pieces::Source::copy_from(segments, start, 1, &mut first);
    segments.take_starved();
    Partial { start, held: segments.end_offset(), string: first.first() == Some(&b'"') }
}

/// Whether a step that ran out of input is worth running again: the input has ended, or what
/// arrived since could end the token it ran out in (a `"` for a string), or has at least
/// doubled it (so a long token arriving in small pieces is not scanned again per piece).
fn may_retry(segments: &Segments<'_>, partial: Option<Partial>) -> bool {
    let Some(partial) = partial else { return true };
    let end = segments.end_offset();
    if segments.has_ended() || end - partial.held >= partial.held - partial.start {
        return true;
    }
    if end == partial.held {
        return false;
    }
    if !partial.string {
        return true;
    }
    let mut arrived = Vec::new();
    crate::read::pieces::Source::copy_from(segments, partial.held, end - partial.held, &mut arrived);
    segments.take_starved();
    arrived.contains(&b'"')
}

/// A [`PushReader`] fed from `source`, handing out values (array elements or JSON Lines) until
/// the first error: what the sync and async streaming readers are made of.
#[derive(Debug)]
pub(crate) struct Values<S, T> {
    pub(crate) source: S,
    pub(crate) reader: PushReader,
    failed: bool,
    /// JSON Lines only: a bad line's error is handed on and the values go on after it.
    keep_going: bool,
    /// JSON Lines only: values read ahead from the input held, handed out before anything else,
    /// and the error that stopped the reading ahead, handed out after them.
    ahead: Ahead<T>,
    error_ahead: Option<Error>,
    _values: PhantomData<fn() -> T>,
}

/// Values read ahead. `Unpin` whatever `T` is, as the readers that hold it are: nothing pins
/// the values, which are moved out one by one.
#[derive(Debug)]
struct Ahead<T>(VecDeque<T>);

impl<T> Unpin for Ahead<T> {}

/// A step that reads the next value, or `None` after the last.
pub(crate) type NextValue<T> = fn(&mut PushReader) -> Result<Pull<Option<T>>>;

impl<S, T> Values<S, T> {
    pub(crate) fn new(source: S, reader: PushReader) -> Self {
        Values {
            source,
            reader,
            failed: false,
            keep_going: false,
            ahead: Ahead(VecDeque::new()),
            error_ahead: None,
            _values: PhantomData,
        }
    }

    /// The next JSON Lines value if one is at hand without more input: one read ahead before,
    /// or else one of up to [`LINES_AHEAD`] read now from the input held with one reader (the
    /// error that stops them comes after the values before it). `None` when the input held has
    /// no whole value: then the caller reads one as usual, from more input if need be.
    pub(crate) fn line_ahead(&mut self) -> Option<Result<T>>
    where
        T: FromJsonOwned,
    {
        if self.ahead.0.is_empty() && self.error_ahead.is_none() && !self.failed {
            if let Err(err) = self.reader.read_held_lines(LINES_AHEAD, |value| self.ahead.0.push_back(value))
            {
                self.error_ahead = Some(err);
            }
        }
        if let Some(value) = self.ahead.0.pop_front() {
            return Some(Ok(value));
        }
        let err = self.error_ahead.take()?;
        self.fuse(Err(err))
    }

    /// Values of JSON Lines that go on after a bad line (see [`PushReader::resume_after_error`]);
    /// an error of the source still ends them.
    pub(crate) fn keep_going(mut self) -> Self {
        self.keep_going = true;
        self
    }

    /// Whether an error has ended the values.
    pub(crate) fn has_failed(&self) -> bool {
        self.failed
    }

    /// Hands on what a step read, and ends the values after an error.
    pub(crate) fn fuse(&mut self, next: Result<Option<T>>) -> Option<Result<T>> {
        if let Err(err) = &next {
            self.failed =
                !(self.keep_going && err.category() != Category::Io && self.reader.resume_after_error());
        }
        next.transpose()
    }
}

/// Keeps a released block buffer for a later read, up to [`MAX_SPARE_BUFFERS`]. (A free
/// function, so that it can run while the segments are borrowed.)
pub(crate) fn keep_spare(spare: &mut Vec<Vec<u8>>, buffer: Vec<u8>) {
    if spare.len() < MAX_SPARE_BUFFERS {
        spare.push(buffer);
    }
}
