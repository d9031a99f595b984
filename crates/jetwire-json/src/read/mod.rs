//! The pull reader.
//!
//! [`Reader`] walks a JSON document held in one contiguous slice, one token at a time, enforcing
//! the RFC 8259 grammar as it goes. It never recurses (nesting lives in a bit stack bounded by
//! [`ReadOptions::max_depth`]), never decodes what the caller does not ask for, and works out
//! line and column only when it builds an error.
//!
//! The module is split by concern: `numbers` and `strings` hold the lexical rules, `token` what
//! the reader hands out, `values` the typed scalar reads, and this file the grammar's state
//! machine.

pub(crate) mod errors;
mod float;
mod lexical;
pub(crate) mod numbers;
pub(crate) mod pieces;
mod pow5_table;
mod skim;
pub(crate) mod strings;
mod token;
mod values;

use jetwire_core::scan;

use crate::bit_stack::BitStack;
use crate::error::{Category, Error, Result};
pub(crate) use numbers::ScannedNumber;
pub(crate) use pieces::{Next, Segmented, Suspended};
pub use token::{JsonStr, Key, KeyHint, Number, Token, TokenKind};

/// Options for [`Reader`]. The defaults are strict RFC 8259 with a nesting limit of 128.
///
/// ```
/// use jetwire_json::{ReadOptions, Reader};
/// let options = ReadOptions { allow_comments: true, allow_trailing_commas: true, ..ReadOptions::default() };
/// let mut reader = Reader::with_options(b"[1, 2, /* three */ ]", options);
/// reader.skip_value().unwrap();
/// reader.finish().unwrap();
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadOptions {
    /// The deepest nesting of arrays and objects accepted; deeper input is a
    /// [`Category::Limit`] error. Default 128.
    pub max_depth: usize,
    /// Accept `// line` and `/* block */` comments wherever whitespace may stand. Default off.
    pub allow_comments: bool,
    /// Accept one `,` before a closing `]` or `}`. Default off.
    pub allow_trailing_commas: bool,
    /// Refuse strings that are not well-formed Unicode where they are read as text: ill-formed
    /// UTF-8 and unpaired surrogate escapes (`"\ud800"`) are then [`Category::Syntax`] errors
    /// at the offending byte, as `serde_json` reports them, rather than U+FFFD. Strings read as
    /// bytes keep their exact bytes either way, and values skipped unread are not looked at.
    /// Default off (see docs/unicode-policy.md).
    ///
    /// ```
    /// use jetwire_json::{Category, ReadOptions};
    /// let strict = ReadOptions { strict_unicode: true, ..ReadOptions::default() };
    /// assert_eq!(jetwire_json::from_slice::<String>(br#""\ud800""#)?, "\u{FFFD}");
    /// let err = jetwire_json::from_slice_with::<String>(br#""a\ud800""#, strict).unwrap_err();
    /// assert_eq!((err.category(), err.column()), (Category::Syntax, 3));
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub strict_unicode: bool,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            max_depth: 128,
            allow_comments: false,
            allow_trailing_commas: false,
            strict_unicode: false,
        }
    }
}

/// Where the reader stands in the grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    /// A value must come next: at the start, after `:`, after `,` in an array.
    Value,
    /// Just after `[`: a value or `]`.
    ArrayFirst,
    /// After an array element: `,` or `]`.
    ArrayNext,
    /// Just after `{`: a property name or `}`.
    ObjectFirst,
    /// After a property's value: `,` or `}`.
    ObjectNext,
    /// After `,` in an object: a property name.
    Key,
    /// The top-level value is complete: only whitespace may follow.
    Done,
}

impl State {
    /// The state after a complete value inside the innermost of `containers`.
    #[inline]
    fn after_value_in(containers: &BitStack) -> State {
        match containers.top() {
            None => State::Done,
            Some(true) => State::ObjectNext,
            Some(false) => State::ArrayNext,
        }
    }
}

/// A strict, non-recursive pull reader over JSON in one contiguous slice.
///
/// Three ways to use it, freely mixed:
///
/// - token by token with [`next_token`](Self::next_token) and [`peek`](Self::peek);
/// - structurally with [`begin_object`](Self::begin_object) / [`next_key`](Self::next_key) and
///   [`begin_array`](Self::begin_array) / [`next_element`](Self::next_element);
/// - typed scalar reads such as [`read_u64`](Self::read_u64), [`read_f64`](Self::read_f64) and
///   [`read_str`](Self::read_str), plus [`skip_value`](Self::skip_value) and
///   [`raw_value`](Self::raw_value).
///
/// ```
/// use jetwire_json::Reader;
/// let mut reader = Reader::new(br#"{"id": 7, "tags": ["a", "b"], "extra": {"x": null}}"#);
/// reader.begin_object()?;
/// let (mut id, mut tags) = (0, Vec::new());
/// while let Some(key) = reader.next_key()? {
///     match key.raw() {
///         b"id" => id = reader.read_u64()?,
///         b"tags" => {
///             reader.begin_array()?;
///             while reader.next_element()? {
///                 tags.push(reader.read_str()?.into_owned());
///             }
///         }
///         _ => reader.skip_value()?,
///     }
/// }
/// reader.finish()?;
/// assert_eq!((id, tags), (7, vec!["a".to_owned(), "b".to_owned()]));
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Reader<'de> {
    /// The bytes this reader reads (for a sub-reader, part of `origin`).
    input: &'de [u8],
    pos: usize,
    /// The whole input the caller gave, and where `input` starts in it: errors are positioned
    /// in `origin`, so a sub-reader reports the same places as its parent.
    origin: &'de [u8],
    base: usize,
    state: State,
    /// One bit per open container: set for an object, clear for an array.
    containers: BitStack,
    /// The state a complete value leaves behind in the innermost open container (`Done` at the
    /// top level), kept up to date as containers open and close: finishing a value is one store.
    after_value: State,
    options: ReadOptions,
    /// For input in pieces: where the bytes after the window come from. `None` for one slice.
    segmented: Option<Segmented<'de>>,
    /// Where escaped strings are decoded before they are copied out at their exact size: one
    /// buffer per reader instead of a growing allocation per string.
    scratch: Vec<u8>,
    /// How far (an offset in `origin`'s terms, like `base + pos`) the last structural walk that
    /// could not finish looked: no walk starts before it, so that the containers nested in a
    /// value the walk gave up on are not walked again over the same bytes.
    walk_from: usize,
    /// The length of the last whitespace run the short whitespace step measured at each depth
    /// (modulo [`RUN_LEVELS`]): the guess it checks first for the next one there (see
    /// [`skip_whitespace_slow`](Self::skip_whitespace_slow)).
    runs: [u8; RUN_LEVELS],
    /// Where (offsets in `origin`'s terms, ascending) the values start that a partial read
    /// shows while they are still arriving: see [`value_in_progress`](Self::value_in_progress).
    /// Empty but for a typed read of a partial value.
    in_progress: &'de [usize],
}

/// How many nesting levels the whitespace step remembers a run for.
const RUN_LEVELS: usize = 16;

impl<'de> Reader<'de> {
    /// A reader over `input` with the default options.
    #[inline]
    pub fn new(input: &'de [u8]) -> Self {
        Reader::with_options(input, ReadOptions::default())
    }

    /// A reader over `input`.
    #[inline]
    pub fn with_options(input: &'de [u8], options: ReadOptions) -> Self {
        Reader {
            input,
            pos: 0,
            origin: input,
            base: 0,
            state: State::Value,
            containers: BitStack::new(),
            after_value: State::Done,
            options,
            segmented: None,
            scratch: Vec::new(),
            walk_from: 0,
            runs: [0; RUN_LEVELS],
            in_progress: &[],
        }
    }

    /// The whole contiguous input this reader reads.
    pub(crate) fn whole_input(&self) -> &'de [u8] {
        self.origin
    }

    /// A reader of the same contiguous input and options, before a new top-level value at
    /// `pos`: where JSON Lines in memory go on after a bad line.
    pub(crate) fn restarted_at(&self, pos: usize) -> Reader<'de> {
        debug_assert!(self.segmented.is_none() && self.base == 0);
        Reader { pos, ..Reader::with_options(self.origin, self.options) }
    }

    /// This reader, told that the values starting at `starts` (ascending offsets in its input)
    /// are still arriving: a typed read of a partial value
    /// ([`PartialReader::value_as`](crate::partial::PartialReader::value_as)).
    pub(crate) fn marking_in_progress(self, starts: &'de [usize]) -> Self {
        debug_assert!(starts.is_sorted());
        Reader { in_progress: starts, ..self }
    }

    /// Whether the value the reader is at is still arriving, in a typed read of a partial
    /// value: derived code asks it for fields marked `#[jetwire(complete)]`, which read as
    /// absent until their value is complete. Always `false` in any other read.
    #[doc(hidden)]
    #[inline]
    pub fn value_in_progress(&mut self) -> bool {
        !self.in_progress.is_empty() && self.value_in_progress_at_start()
    }

    #[cold]
    fn value_in_progress_at_start(&mut self) -> bool {
        if self.skip_whitespace().is_none() {
            return false;
        }
        self.in_progress.binary_search(&(self.base + self.pos)).is_ok()
    }

    /// A new reader over `raw` (bytes from this reader's input, typically from
    /// [`raw_value`](Self::raw_value)), with the same options. Its errors are positioned in the
    /// original input, as this reader's are. Typed reads use it to look ahead, for instance for a
    /// tag inside an object.
    pub fn sub_reader(&self, raw: &'de [u8]) -> Reader<'de> {
        if let Some(segmented) = self.segmented {
            return self.segmented_sub_reader(segmented, raw);
        }
        let origin_start = self.origin.as_ptr() as usize;
        let raw_start = raw.as_ptr() as usize;
        let inside = raw_start >= origin_start && raw_start + raw.len() <= origin_start + self.origin.len();
        let (origin, base) = if inside { (self.origin, raw_start - origin_start) } else { (raw, 0) };
        let in_progress = self.in_progress;
        Reader { input: raw, pos: 0, origin, base, in_progress, ..Reader::with_options(raw, self.options) }
    }

    /// The options this reader was made with.
    pub fn options(&self) -> &ReadOptions {
        &self.options
    }

    /// The byte offset of the reader in its input: just after the last token it consumed.
    #[inline]
    pub fn offset(&self) -> usize {
        self.base + self.pos
    }

    /// How many arrays and objects are open.
    #[inline]
    pub fn depth(&self) -> usize {
        self.containers.len()
    }

    /// Whether the whole top-level value has been read.
    pub fn is_done(&self) -> bool {
        self.state == State::Done
    }

    /// Checks that only whitespace follows the top-level value, which must be complete.
    ///
    /// ```
    /// use jetwire_json::Reader;
    /// let mut reader = Reader::new(b"1 2");
    /// assert_eq!(reader.read_u64().unwrap(), 1);
    /// let err = reader.finish().unwrap_err();
    /// assert_eq!(err.message(), "expected end of input after the JSON value, found `2`");
    /// ```
    #[inline]
    pub fn finish(&mut self) -> Result<()> {
        // The common end: the value ran to the end of its one slice.
        if self.state == State::Done && self.pos == self.input.len() && self.segmented.is_none() {
            return Ok(());
        }
        self.finish_after_more()
    }

    /// [`finish`](Self::finish) where bytes, or pieces, may follow the value.
    #[inline(never)]
    fn finish_after_more(&mut self) -> Result<()> {
        if self.state != State::Done {
            return Err(self.error_here(Category::Syntax, "the JSON value is not complete".into()));
        }
        match self.skip_whitespace() {
            None => Ok(()),
            Some(_) => Err(self.unexpected("end of input after the JSON value")),
        }
    }

    // ---- whitespace and separators -------------------------------------------------------------

    /// Skips whitespace (and comments, when allowed) and returns the next byte without
    /// consuming it.
    #[inline(always)]
    fn skip_whitespace(&mut self) -> Option<u8> {
        let Some(&byte) = self.input.get(self.pos) else {
            // The end of one slice is the end of the input; pieces may go on.
            return if self.segmented.is_some() { self.skip_whitespace_slow() } else { None };
        };
        if byte > b' ' && byte != b'/' {
            return Some(byte);
        }
        // One space (after `:` or `,`) is the common case of formatted JSON: no loop for it.
        if byte == b' ' {
            if let Some(&next) = self.input.get(self.pos + 1) {
                if next > b' ' && next != b'/' {
                    self.pos += 1;
                    return Some(next);
                }
            }
        }
        self.skip_whitespace_slow()
    }

    /// Skips a short run of whitespace (a line break and indentation, typically) with one
    /// register and no call, so that it saves no registers: longer runs, the end of a slice and
    /// comments go on to [`skip_whitespace_more`](Self::skip_whitespace_more).
    ///
    /// Formatted JSON indents the lines of one nesting level alike: the step first checks
    /// whether the run is as long as the last one it measured at this depth. Where it is, the
    /// next token's position is the guess, known before the check ends, so the reader does not
    /// wait on the scan of the run. A closing bracket's line is indented as its container's
    /// parent's lines, so its run is remembered for the level above.
    #[inline(never)]
    fn skip_whitespace_slow(&mut self) -> Option<u8> {
        let rest = self.input.get(self.pos..).unwrap_or_default();
        let depth = self.containers.len();
        let guess = usize::from(self.runs[depth % RUN_LEVELS]);
        if scan::is_whitespace_run(rest, guess) {
            let byte = rest[guess];
            if byte != b'/' {
                self.pos += guess;
                return Some(byte);
            }
        }
        if let Some(run) = scan::skip_short_whitespace(rest) {
            let level = match rest.get(run) {
                Some(b']' | b'}') => depth.wrapping_sub(1),
                _ => depth,
            };
            // A short run is under SHORT_WHITESPACE (32) bytes.
            self.runs[level % RUN_LEVELS] = run as u8;
            self.pos += run;
            if let Some(&byte) = self.input.get(self.pos) {
                if byte != b'/' {
                    return Some(byte);
                }
            }
        }
        self.skip_whitespace_more()
    }

    /// [`skip_whitespace_slow`](Self::skip_whitespace_slow) for long runs, where the slice ends
    /// (pieces may go on) or where a comment may start.
    #[cold]
    #[inline(never)]
    fn skip_whitespace_more(&mut self) -> Option<u8> {
        loop {
            self.pos += scan::skip_whitespace(&self.input[self.pos..]);
            let Some(&byte) = self.input.get(self.pos) else {
                if self.refill() {
                    continue;
                }
                return None;
            };
            if byte == b'/' && self.options.allow_comments && self.skip_comment() {
                continue;
            }
            return Some(byte);
        }
    }

    fn skip_whitespace_at(&self, pos: usize) -> usize {
        pos + scan::skip_whitespace(&self.input[pos.min(self.input.len())..])
    }

    /// Skips the comment at `pos`, if there is a complete one.
    #[cold]
    fn skip_comment(&mut self) -> bool {
        let rest = &self.input[self.pos..];
        let length = match rest.get(1) {
            Some(b'/') => match rest.iter().position(|&b| b == b'\n') {
                Some(end) => end,
                None if self.extend_window(self.pos) => return self.skip_extended_comment(),
                None => rest.len(),
            },
            Some(b'*') => match rest[2..].windows(2).position(|w| w == b"*/") {
                Some(end) => end + 4,
                None => return self.extend_window(self.pos) && self.skip_extended_comment(),
            },
            Some(_) => return false,
            None => return self.extend_window(self.pos) && self.skip_extended_comment(),
        };
        self.pos += length;
        true
    }

    /// [`skip_comment`](Self::skip_comment) again, in a window that was extended for it.
    fn skip_extended_comment(&mut self) -> bool {
        let skipped = self.skip_comment();
        if skipped {
            self.trim_window();
        }
        skipped
    }

    /// Moves past whitespace and the separator the state calls for, and returns the first byte
    /// of what comes next (not consumed).
    #[inline(always)]
    fn advance(&mut self) -> Result<u8> {
        let byte = self.skip_whitespace();
        match self.state {
            State::ArrayNext | State::ObjectNext => self.advance_separator(byte),
            _ => byte.ok_or_else(|| self.end_of_input_error()),
        }
    }

    /// After a value inside a container: consumes `,` (and leaves the state expecting the next
    /// element or key), or returns the closing bracket.
    #[inline(always)]
    fn advance_separator(&mut self, byte: Option<u8>) -> Result<u8> {
        let in_object = self.state == State::ObjectNext;
        let close = if in_object { b'}' } else { b']' };
        match byte {
            Some(b',') => {
                self.pos += 1;
                self.state = if in_object { State::Key } else { State::Value };
                match self.skip_whitespace() {
                    Some(next) if next == close && self.options.allow_trailing_commas => {
                        self.state = if in_object { State::ObjectNext } else { State::ArrayNext };
                        Ok(next)
                    }
                    Some(next) => Ok(next),
                    None => Err(self.end_of_input_error()),
                }
            }
            Some(b) if b == close => Ok(b),
            _ => Err(self.unexpected(if in_object { "`,` or `}`" } else { "`,` or `]`" })),
        }
    }

    #[cold]
    #[inline(never)]
    fn end_of_input_error(&self) -> Error {
        let expected = match self.state {
            State::Value | State::ArrayFirst => "a value",
            State::ArrayNext => "`,` or `]`",
            State::ObjectFirst => "a property name or `}`",
            State::ObjectNext => "`,` or `}`",
            State::Key => "a property name",
            State::Done => "end of input",
        };
        self.unexpected(expected)
    }

    /// Moves to the next value (past whitespace, and past a separator when one is due), checks
    /// that the grammar allows a value there, and returns its first byte. The states that the
    /// structural calls leave behind (`Value`, `ArrayFirst`) take the inline path.
    #[inline(always)]
    fn begin_value(&mut self) -> Result<u8> {
        let byte = self.skip_whitespace();
        match (self.state, byte) {
            (State::Value, Some(byte)) => Ok(byte),
            (State::ArrayFirst, Some(byte)) if byte != b']' => {
                self.state = State::Value;
                Ok(byte)
            }
            _ => self.begin_value_slow(),
        }
    }

    /// [`begin_value`](Self::begin_value) from any other state: after a value without a
    /// structural call (token by token), at the end of the input, or where no value may stand.
    #[inline(never)]
    fn begin_value_slow(&mut self) -> Result<u8> {
        if self.state == State::Done {
            return Err(self.past_the_end_error());
        }
        let byte = self.advance()?;
        match self.state {
            State::Value => Ok(byte),
            State::ArrayFirst if byte != b']' => {
                self.state = State::Value;
                Ok(byte)
            }
            _ => Err(self.value_not_allowed()),
        }
    }

    #[cold]
    #[inline(never)]
    fn value_not_allowed(&self) -> Error {
        match self.state {
            State::ObjectFirst | State::Key => self.unexpected("a property name"),
            _ => self.unexpected("a value"),
        }
    }

    #[cold]
    #[inline(never)]
    fn past_the_end_error(&self) -> Error {
        self.error_here(Category::Syntax, "the JSON value has already been read to its end".into())
    }

    /// Marks the value just consumed as complete.
    #[inline(always)]
    fn end_value(&mut self) {
        self.state = self.after_value;
    }

    // ---- containers ----------------------------------------------------------------------------

    #[inline(always)]
    fn open(&mut self, is_object: bool) -> Result<()> {
        if self.containers.len() >= self.options.max_depth {
            return Err(self.depth_error());
        }
        self.pos += 1;
        self.containers.push(is_object);
        (self.state, self.after_value) = if is_object {
            (State::ObjectFirst, State::ObjectNext)
        } else {
            (State::ArrayFirst, State::ArrayNext)
        };
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn depth_error(&self) -> Error {
        let limit = self.options.max_depth;
        self.error_here(Category::Limit, format!("nesting deeper than the limit of {limit}"))
    }

    #[inline(always)]
    fn close(&mut self) {
        self.pos += 1;
        self.containers.pop();
        self.after_value = State::after_value_in(&self.containers);
        self.end_value();
    }

    /// The first byte of the next value, the reader positioned at it (nothing consumed): for
    /// readers of any value, such as the DOM's, which dispatch on it.
    #[inline(always)]
    pub(crate) fn value_start(&mut self) -> Result<u8> {
        self.begin_value()
    }

    /// Consumes the `{` (`is_object`) or `[` that [`value_start`](Self::value_start) returned.
    #[inline(always)]
    pub(crate) fn open_container(&mut self, is_object: bool) -> Result<()> {
        self.open(is_object)
    }

    /// Consumes `{`; the object's properties follow through [`next_key`](Self::next_key).
    #[inline]
    pub fn begin_object(&mut self) -> Result<()> {
        match self.begin_value()? {
            b'{' => self.open(true),
            _ => Err(self.type_error("an object")),
        }
    }

    /// The next property name of the current object, with its `:` consumed; `None` once the
    /// object's `}` has been consumed.
    // Always inlined: called once per property, and the call's setup and `Result` through
    // memory cost more than its body in small objects.
    #[inline(always)]
    pub fn next_key(&mut self) -> Result<Option<Key<'de>>> {
        Ok(self.next_key_hinted(None)?.map(|(key, _)| key))
    }

    /// [`next_key`](Self::next_key), told which name to expect, and whether the key was that
    /// name. The key is first compared with the hint, its quotes and `:` included (one
    /// comparison of the sixteen bytes from its opening quote, two for a name of fourteen bytes
    /// or more; in compact input, after a two-byte test of `,"`, the comparison takes the key
    /// that follows the comma, and the comma with it); only when it is
    /// not the hinted name so spelled is it scanned as a string. Where the guess is right the
    /// reader knows where the key ends without waiting for a scan, so derived structs hint the
    /// field that follows the last one read: objects mostly list their properties in the same
    /// order.
    ///
    /// ```
    /// use jetwire_json::{KeyHint, Reader};
    /// let mut reader = Reader::new(br#"{"id": 7, "name": "x"}"#);
    /// reader.begin_object()?;
    /// let (key, hinted) = reader.next_key_hinted(KeyHint::new("id").as_ref())?.unwrap();
    /// assert_eq!((key.raw(), hinted), (&b"id"[..], true));
    /// reader.skip_value()?;
    /// let (key, hinted) = reader.next_key_hinted(KeyHint::new("size").as_ref())?.unwrap();
    /// assert_eq!((key.raw(), hinted), (&b"name"[..], false));
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    #[inline(always)]
    pub fn next_key_hinted(&mut self, hint: Option<&KeyHint>) -> Result<Option<(Key<'de>, bool)>> {
        // Compact input: `,"` right before the hinted `"name":`, all taken at once, with no
        // whitespace to skip and no state to step through. (Pretty-printed input has a line
        // break after the `,`: two bytes tell, before any longer comparison.)
        if let Some(hint) = hint {
            if self.state == State::ObjectNext && self.input.get(self.pos..self.pos + 2) == Some(b",\"") {
                if let Some(key) = self.take_hinted_key(hint, self.pos + 1) {
                    return Ok(Some((key, true)));
                }
            }
        }
        let mut byte = self.skip_whitespace();
        if self.state == State::ObjectNext {
            match byte {
                Some(b',') => {
                    self.pos += 1;
                    self.state = State::Key;
                    byte = self.skip_whitespace();
                    if byte == Some(b'}') && self.options.allow_trailing_commas {
                        self.state = State::ObjectNext;
                    }
                }
                Some(b'}') => {}
                _ => return Err(self.separator_error()),
            }
        }
        match (self.state, byte) {
            (State::ObjectFirst | State::Key, Some(b'"')) => {
                if let Some(key) = hint.and_then(|hint| self.take_hinted_key(hint, self.pos)) {
                    return Ok(Some((key, true)));
                }
                self.read_key().map(|key| Some((key, false)))
            }
            (State::ObjectFirst | State::ObjectNext, Some(b'}')) => {
                self.close();
                Ok(None)
            }
            _ => Err(self.key_not_allowed()),
        }
    }

    /// The error for something other than `,` or the closing bracket after a container's value.
    #[cold]
    #[inline(never)]
    fn separator_error(&self) -> Error {
        match self.state {
            State::ObjectNext => self.unexpected("`,` or `}`"),
            _ => self.unexpected("`,` or `]`"),
        }
    }

    #[cold]
    #[inline(never)]
    fn key_not_allowed(&self) -> Error {
        match self.state {
            State::ObjectFirst => self.unexpected("a property name or `}`"),
            State::Key => self.unexpected("a property name"),
            _ => self
                .error_here(Category::Syntax, "not inside an object, where a property name is read".into()),
        }
    }

    /// Reads the property name at `pos` (a `"`) and its `:`.
    #[inline(always)]
    fn read_key(&mut self) -> Result<Key<'de>> {
        let (start, end, has_escapes) = self.scan_string()?;
        self.check_text(start, end, has_escapes)?;
        // Taken before the `:` is looked for: with input in pieces, that may move the window.
        let key = JsonStr::new(&self.input[start..end], has_escapes);
        self.after_key()?;
        Ok(key)
    }

    /// The property name whose opening quote is at `quote`, if it is spelled exactly as
    /// `hint`'s name and followed at once by its `:`, with the reader moved past the `:` to the
    /// property's value; `None`, with nothing consumed, otherwise (and where fewer than sixteen
    /// bytes, thirty-two for a long name, are left from the quote in this slice). A `:` after
    /// whitespace is left to the general path.
    #[inline(always)]
    fn take_hinted_key(&mut self, hint: &KeyHint, quote: usize) -> Option<Key<'de>> {
        let matched = if hint.is_short() {
            hint.matches_short(*self.input.get(quote..)?.first_chunk::<16>()?)
        } else {
            hint.matches(*self.input.get(quote..)?.first_chunk::<32>()?)
        };
        if !matched {
            return None;
        }
        // The hint's name has no byte that needs an escape, so neither has this key.
        let start = quote + 1;
        let end = start + hint.len();
        self.pos = end + 2;
        self.state = State::Value;
        Some(JsonStr::new(&self.input[start..end], false))
    }

    /// Consumes the `:` after a property name.
    #[inline(always)]
    fn after_key(&mut self) -> Result<()> {
        match self.skip_whitespace() {
            Some(b':') => self.pos += 1,
            _ => return Err(self.unexpected("`:` after the property name")),
        }
        self.state = State::Value;
        Ok(())
    }

    /// Reads the next elements of the current array that are spelled compactly (no whitespace)
    /// with `read_compact` (a type's compact form, `FromJson::COMPACT_READ`: the value at an offset of the
    /// input and the offset past it, or `None`), handing each to `push`, and returns how many
    /// it read; the reader is then after the last of them, and
    /// [`next_element`](Self::next_element) goes on from there (or from where it was, if none
    /// was read). Each element must be followed by `,` or `]` in this slice; anything else
    /// (whitespace, a comment, another token, an error, the end of a piece) ends the run and is
    /// left to the token path, which reads or reports it exactly as it would have, after which a
    /// new run may start. `depth` is the nesting the elements' text opens, which must stay
    /// within the limit.
    #[inline]
    pub(crate) fn compact_elements<T>(
        &mut self,
        depth: usize,
        read_compact: impl Fn(&'de [u8], usize) -> Option<(T, usize)>,
        push: &mut impl FnMut(T),
    ) -> usize {
        if self.containers.len() + depth > self.options.max_depth {
            return 0;
        }
        let input = self.input;
        let mut pos = self.pos;
        let mut start = match self.state {
            State::ArrayFirst => pos,
            State::ArrayNext if input.get(pos) == Some(&b',') => pos + 1,
            _ => return 0,
        };
        let mut count = 0;
        while let Some((value, end)) = read_compact(input, start) {
            let next = input.get(end);
            if !matches!(next, Some(b',' | b']')) {
                break;
            }
            push(value);
            count += 1;
            pos = end;
            if next != Some(&b',') {
                break;
            }
            start = end + 1;
        }
        if count > 0 {
            self.pos = pos;
            self.state = State::ArrayNext;
        }
        count
    }

    /// Consumes `[`; its elements follow through [`next_element`](Self::next_element).
    #[inline]
    pub fn begin_array(&mut self) -> Result<()> {
        match self.begin_value()? {
            b'[' => self.open(false),
            _ => Err(self.type_error("an array")),
        }
    }

    /// Whether the current array has another element (positioned to be read); `false` once the
    /// array's `]` has been consumed.
    #[inline(always)]
    pub fn next_element(&mut self) -> Result<bool> {
        let byte = self.skip_whitespace();
        match (self.state, byte) {
            // After `,` the element is only positioned: reading it checks that it is a value.
            (State::ArrayNext, Some(b',')) => {
                self.pos += 1;
                self.state = State::Value;
                if self.skip_whitespace() == Some(b']') && self.options.allow_trailing_commas {
                    self.close();
                    return Ok(false);
                }
                Ok(true)
            }
            (State::ArrayFirst | State::ArrayNext, Some(b']')) => {
                self.close();
                Ok(false)
            }
            (State::ArrayFirst, Some(_)) => {
                self.state = State::Value;
                Ok(true)
            }
            (State::ArrayNext, _) => Err(self.separator_error()),
            (State::ArrayFirst, None) => Err(self.end_of_input_error()),
            (State::Value, _) if self.containers.top() == Some(false) => Ok(true),
            _ => Err(self.not_in_array()),
        }
    }

    #[cold]
    #[inline(never)]
    fn not_in_array(&self) -> Error {
        self.error_here(Category::Syntax, "not inside an array, where an element is read".into())
    }

    // ---- tokens --------------------------------------------------------------------------------

    /// The kind of the next token, without consuming it.
    ///
    /// ```
    /// use jetwire_json::{Reader, TokenKind};
    /// let mut reader = Reader::new(b"[true]");
    /// assert_eq!(reader.peek().unwrap(), TokenKind::BeginArray);
    /// reader.begin_array().unwrap();
    /// assert_eq!(reader.peek().unwrap(), TokenKind::Bool);
    /// ```
    #[inline]
    pub fn peek(&mut self) -> Result<TokenKind> {
        if self.state == State::Done {
            return Err(self.past_the_end_error());
        }
        let byte = self.advance()?;
        let kind = match (self.state, byte) {
            (State::ObjectFirst | State::Key, b'"') => TokenKind::PropertyName,
            (State::ObjectFirst | State::ObjectNext, b'}') => TokenKind::EndObject,
            (State::ArrayFirst | State::ArrayNext, b']') => TokenKind::EndArray,
            (State::ObjectFirst | State::Key, _) => return Err(self.key_not_allowed()),
            (_, b'{') => TokenKind::BeginObject,
            (_, b'[') => TokenKind::BeginArray,
            (_, b'"') => TokenKind::String,
            (_, b'-' | b'0'..=b'9') => TokenKind::Number,
            (_, b't' | b'f') => TokenKind::Bool,
            (_, b'n') => TokenKind::Null,
            _ => return Err(self.unexpected("a value")),
        };
        Ok(kind)
    }

    /// The next token, or `None` after the top-level value once only whitespace remains.
    ///
    /// ```
    /// use jetwire_json::{Reader, Token};
    /// let mut reader = Reader::new(br#"{"a":[1,null]}"#);
    /// let mut kinds = Vec::new();
    /// while let Some(token) = reader.next_token()? {
    ///     kinds.push(token.kind());
    /// }
    /// assert_eq!(kinds.len(), 7);
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn next_token(&mut self) -> Result<Option<Token<'de>>> {
        if self.state == State::Done {
            return self.finish().map(|()| None);
        }
        let byte = self.advance()?;
        let token = match (self.state, byte) {
            (State::ObjectFirst | State::Key, b'"') => Token::PropertyName(self.read_key()?),
            (State::ObjectFirst | State::ObjectNext, b'}') => {
                self.close();
                Token::EndObject
            }
            (State::ArrayFirst | State::ArrayNext, b']') => {
                self.close();
                Token::EndArray
            }
            (State::ObjectFirst | State::Key, _) => return Err(self.key_not_allowed()),
            (_, _) => {
                self.state = State::Value;
                self.read_value_token(byte)?
            }
        };
        Ok(Some(token))
    }

    /// Reads the value token starting with `byte` at `pos`, in a state that allows a value.
    #[inline(always)]
    fn read_value_token(&mut self, byte: u8) -> Result<Token<'de>> {
        let token = match byte {
            b'{' => {
                self.open(true)?;
                return Ok(Token::BeginObject);
            }
            b'[' => {
                self.open(false)?;
                return Ok(Token::BeginArray);
            }
            b'"' => {
                let (start, end, has_escapes) = self.scan_string()?;
                self.check_text(start, end, has_escapes)?;
                Token::String(JsonStr::new(&self.input[start..end], has_escapes))
            }
            b'-' | b'0'..=b'9' => {
                let start = self.skip_number()?;
                Token::Number(Number::new(self.ascii_text(start, self.pos)))
            }
            b't' => {
                self.expect_literal(b"true")?;
                Token::Bool(true)
            }
            b'f' => {
                self.expect_literal(b"false")?;
                Token::Bool(false)
            }
            b'n' => {
                self.expect_literal(b"null")?;
                Token::Null
            }
            _ => return Err(self.unexpected("a value")),
        };
        self.end_value();
        Ok(token)
    }

    /// Skips the next value, whole, validating it as strictly as reading it would.
    ///
    /// With strict JSON (no comments, no trailing commas), arrays and objects are checked from
    /// their structure, 64 bytes at a time, without visiting string contents and whitespace
    /// byte by byte: on one slice, and in the windows of input in pieces that have room for it.
    /// Up to an invalid token (or a window's edge) the walk stops at the last comma it can vouch
    /// for and the reader goes on token by token, so errors are the same as on any other path.
    ///
    /// ```
    /// use jetwire_json::Reader;
    /// let mut reader = Reader::new(br#"[{"deep": [[[]]]}, 2]"#);
    /// reader.begin_array().unwrap();
    /// assert!(reader.next_element().unwrap());
    /// reader.skip_value().unwrap();
    /// assert!(reader.next_element().unwrap());
    /// assert_eq!(reader.read_u8().unwrap(), 2);
    /// ```
    pub fn skip_value(&mut self) -> Result<()> {
        let byte = self.begin_value()?;
        let depth = self.containers.len();
        self.skip_value_start(byte)?;
        self.skip_rest(depth)
    }

    /// Consumes the start of the value that begins with `byte`: a container walked by its
    /// structure when the reader [`walks`](Self::walks) (whole, or up to the comma the walk
    /// vouches for), else its first token.
    #[inline(always)]
    fn skip_value_start(&mut self, byte: u8) -> Result<()> {
        if matches!(byte, b'[' | b'{') && self.walks() {
            self.walk_container(byte)
        } else {
            self.skip_value_token(byte)
        }
    }

    /// Whether containers may be walked by their structure ([`skim`]) from here: strict JSON
    /// (no comments, no trailing commas), and one slice or a window with room for the walk to
    /// pay (in small pieces, most containers run past the window and the walk would be
    /// repeated).
    #[inline(always)]
    fn walks(&self) -> bool {
        #[cfg(test)]
        if TOKEN_PATH_ONLY.get() {
            return false;
        }
        !self.options.allow_comments
            && !self.options.allow_trailing_commas
            && self.base + self.pos >= self.walk_from
            && (self.segmented.is_none() || self.input.len().saturating_sub(self.pos) >= MIN_WALKED_WINDOW)
    }

    /// At a container starting with `byte` (`[` or `{`), when the reader
    /// [`walks`](Self::walks): walks it by its structure, whole if it can; else opens it and
    /// moves to the last comma directly inside it that the walk reached, if any, for the token
    /// path to go on from there.
    #[inline(always)]
    fn walk_container(&mut self, byte: u8) -> Result<()> {
        match self.walk_from_here(skim::Start::Open) {
            skim::Walked::End(end) => {
                self.pos = end;
                self.end_value();
            }
            skim::Walked::Upto { last_comma, .. } => {
                self.open(byte == b'{')?;
                if let Some(comma) = last_comma {
                    self.pos = comma;
                    self.state = self.after_value;
                }
            }
        }
        Ok(())
    }

    /// After a value inside a container being skipped, when the reader
    /// [`walks`](Self::walks): walks the rest of the container by its structure. True when that
    /// closed the container; otherwise the reader may have moved to a later comma directly
    /// inside it, where the walk stopped.
    #[inline(always)]
    fn walk_rest_of_container(&mut self, in_object: bool) -> bool {
        match self.walk_from_here(skim::Start::AfterValue { in_object }) {
            skim::Walked::End(end) => {
                self.pos = end - 1;
                self.close();
                true
            }
            skim::Walked::Upto { last_comma, .. } => {
                if let Some(comma) = last_comma.filter(|&comma| comma > self.pos) {
                    self.pos = comma;
                }
                false
            }
        }
    }

    /// A [`skim::walk`] from the reader's place, within the nesting the reader has left; a walk
    /// that gives up moves [`walk_from`](Self::walk_from) to where it stopped looking.
    #[inline(always)]
    fn walk_from_here(&mut self, from: skim::Start) -> skim::Walked {
        let depth_limit = self.options.max_depth.saturating_sub(self.containers.len());
        let walked = skim::walk(self.input, self.pos, from, depth_limit);
        if let skim::Walked::Upto { reached, .. } = walked {
            self.walk_from = self.base + reached;
        }
        walked
    }

    /// [`skip_value`](Self::skip_value) token by token, never walking by structure: what the
    /// walk is tested against.
    #[cfg(test)]
    pub(crate) fn skip_value_token_by_token(&mut self) -> Result<()> {
        TOKEN_PATH_ONLY.set(true);
        let skipped = self.skip_value();
        TOKEN_PATH_ONLY.set(false);
        skipped
    }

    /// Skips tokens until the nesting is back to `depth`. In each new window of input in
    /// pieces, once the token path has taken the tokens across the window's edge, the rest of
    /// the open containers is walked by structure, innermost first, until a walk stops inside
    /// the window; containers that open are walked as they come
    /// ([`walk_container`](Self::walk_container)).
    fn skip_rest(&mut self, depth: usize) -> Result<()> {
        // The window whose rest walks are done: once per window, so that small pieces (which
        // never walk) pay one comparison per token.
        let mut walked_window = self.base;
        while self.containers.len() > depth {
            if self.base != walked_window {
                let in_object = match self.state {
                    State::ArrayNext => Some(false),
                    State::ObjectNext => Some(true),
                    _ => None,
                };
                if let Some(in_object) = in_object {
                    let closed = self.walks() && self.walk_rest_of_container(in_object);
                    if !closed {
                        walked_window = self.base;
                    }
                    // After a closed container, the one around it may go on in this window.
                    continue;
                }
            }
            self.skip_token()?;
        }
        Ok(())
    }

    /// Consumes one token without decoding it.
    #[inline(always)]
    fn skip_token(&mut self) -> Result<()> {
        let byte = self.advance()?;
        match (self.state, byte) {
            (State::ObjectFirst | State::Key, b'"') => {
                self.read_key()?;
            }
            (State::ObjectFirst | State::ObjectNext, b'}') | (State::ArrayFirst | State::ArrayNext, b']') => {
                self.close()
            }
            (State::ObjectFirst | State::Key, _) => return Err(self.key_not_allowed()),
            (_, _) => {
                self.state = State::Value;
                self.skip_value_start(byte)?;
            }
        }
        Ok(())
    }

    /// Consumes the value token starting with `byte` at `pos` without building a [`Token`].
    #[inline(always)]
    fn skip_value_token(&mut self, byte: u8) -> Result<()> {
        match byte {
            b'{' => return self.open(true),
            b'[' => return self.open(false),
            b'"' => {
                self.scan_string()?;
            }
            b'-' | b'0'..=b'9' => {
                self.skip_number()?;
            }
            b't' => self.expect_literal(b"true")?,
            b'f' => self.expect_literal(b"false")?,
            b'n' => self.expect_literal(b"null")?,
            _ => return Err(self.unexpected("a value")),
        }
        self.end_value();
        Ok(())
    }

    /// Consumes the next value and returns its exact source bytes (validated as
    /// [`skip_value`](Self::skip_value) validates).
    ///
    /// ```
    /// use jetwire_json::Reader;
    /// let mut reader = Reader::new(br#"{"keep": {"a" : [1, 2]}}"#);
    /// reader.begin_object().unwrap();
    /// reader.next_key().unwrap();
    /// assert_eq!(reader.raw_value().unwrap(), br#"{"a" : [1, 2]}"#);
    /// ```
    pub fn raw_value(&mut self) -> Result<&'de [u8]> {
        if self.state != State::Done {
            self.advance()?;
        }
        let (start, window, base) = (self.pos, self.input, self.base);
        self.skip_value()?;
        // The same window, perhaps trimmed: the value lies in it.
        if window.as_ptr() == self.input.as_ptr() && base == self.base {
            let raw = &self.input[start..self.pos];
            if self.segmented.is_some() {
                self.note_raw_value(raw);
            }
            Ok(raw)
        } else {
            Ok(self.raw_across_windows(base + start))
        }
    }
}

/// The least room left in a window of input in pieces for [`Reader::skip_value`] to walk
/// containers by their structure there.
const MIN_WALKED_WINDOW: usize = 512;

#[cfg(test)]
thread_local! {
    /// Set while a test skips token by token only.
    static TOKEN_PATH_ONLY: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Whether `text` is exactly one JSON number (validated only, not decoded).
pub(crate) fn is_json_number(text: &[u8]) -> bool {
    numbers::skip(text, 0) == Ok(text.len())
}
