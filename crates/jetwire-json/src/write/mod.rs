//! The writer.
//!
//! [`Writer`] appends JSON to an [`Output`] (a `Vec<u8>` it owns or borrows, or a buffer in front
//! of an `io::Write`). It tracks the document's structure in a bit stack, which it needs anyway to
//! place commas and indentation, and uses the same state to refuse calls that would produce
//! invalid JSON (unless [`WriteOptions::skip_validation`] is set).

pub mod append;
mod escape;
pub(crate) mod float;
mod slot;

use std::mem::MaybeUninit;

use jetwire_core::output::{SHORT_APPEND_MAX, extend_from_array, extend_short, extend_short_between};
use jetwire_core::{IoOutput, Output, scan};

use crate::bit_stack::BitStack;
use crate::error::{Category, Error, Result};
use crate::read::{Reader, Token};
use escape::EscapeMode;
pub(crate) use escape::escape_minimal;
pub use slot::ValueSlot;

/// Output a [`Writer::compact_value_in_parts`] part appends before a stream output may drain.
pub(crate) const PART_BYTES: usize = 64 * 1024;

/// How pretty output is indented.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Indent {
    /// This many spaces per level.
    Spaces(u8),
    /// One tab per level.
    Tab,
}

/// Options for [`Writer`]. The default is compact output with minimal escaping, validated.
///
/// ```
/// use jetwire_json::{Indent, WriteOptions, Writer};
/// let options = WriteOptions { indent: Some(Indent::Spaces(2)), ..WriteOptions::default() };
/// let mut writer = Writer::with_options(options);
/// writer.begin_object()?;
/// writer.property_name("a")?;
/// writer.u32(1)?;
/// writer.end_object()?;
/// assert_eq!(writer.as_bytes(), b"{\n  \"a\": 1\n}");
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// Pretty output with this indentation; `None` (the default) for compact output.
    pub indent: Option<Indent>,
    /// Escape every non-ASCII character as `\uXXXX` (surrogate pairs above the BMP).
    pub ascii_only: bool,
    /// Also escape `<`, `>`, `&`, `'`, U+2028 and U+2029, so the output can sit inside HTML or a
    /// `<script>` element.
    pub html_safe: bool,
    /// Do not check the structure (a value where a property name is due, unbalanced ends, a
    /// second top-level value) or validate raw values; the caller guarantees them.
    pub skip_validation: bool,
}

/// Where the writer stands in the document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// A value comes next: at the start, or after a property name.
    Value,
    /// Just after `[`.
    ArrayFirst,
    /// After an array element.
    ArrayNext,
    /// Just after `{`: a property name or the end.
    ObjectFirst,
    /// After a property's value: a property name or the end.
    ObjectNext,
    /// The top-level value is complete.
    Done,
}

/// A JSON writer.
///
/// ```
/// use jetwire_json::Writer;
/// let mut out = Vec::new();
/// let mut writer = Writer::appending_to(&mut out);
/// writer.begin_array()?;
/// writer.string("tab\there")?;
/// writer.f64(0.1)?;
/// writer.bytes_base64(&[0, 1, 2])?;
/// writer.null()?;
/// writer.end_array()?;
/// writer.finish()?;
/// assert_eq!(out, br#"["tab\there",0.1,"AAEC",null]"#);
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Debug)]
pub struct Writer<O: Output = Vec<u8>> {
    out: O,
    state: State,
    /// One bit per open container: set for an object.
    containers: BitStack,
    /// The state a complete value leaves behind in the innermost open container (`Done` at the
    /// top level): kept up to date as containers open and close, so that finishing a value is
    /// one store rather than a look at the stack.
    after_value: State,
    options: WriteOptions,
}

impl Writer<Vec<u8>> {
    /// A compact writer into a new `Vec<u8>`.
    pub fn new() -> Self {
        Writer::from_output(Vec::new(), WriteOptions::default())
    }

    /// A writer into a new `Vec<u8>`.
    pub fn with_options(options: WriteOptions) -> Self {
        Writer::from_output(Vec::new(), options)
    }

    /// The written bytes, taking them out of the writer.
    pub fn into_vec(self) -> Vec<u8> {
        self.out
    }
}

impl Default for Writer<Vec<u8>> {
    fn default() -> Self {
        Writer::new()
    }
}

impl<'a> Writer<&'a mut Vec<u8>> {
    /// A compact writer that appends to `out`; reuse the same `Vec` to write without allocating.
    pub fn appending_to(out: &'a mut Vec<u8>) -> Self {
        Writer::from_output(out, WriteOptions::default())
    }
}

impl<W: std::io::Write> Writer<IoOutput<W>> {
    /// A writer into any `io::Write`, through a buffer that is handed on in large blocks. Call
    /// [`finish`](Writer::finish) to flush the rest.
    pub fn to_io(inner: W, options: WriteOptions) -> Self {
        Writer::from_output(IoOutput::new(inner), options)
    }
}

impl<O: Output> Writer<O> {
    /// A writer into `out`.
    #[inline]
    pub fn from_output(out: O, options: WriteOptions) -> Self {
        Writer { out, state: State::Value, containers: BitStack::new(), after_value: State::Done, options }
    }

    /// The options.
    pub fn options(&self) -> &WriteOptions {
        &self.options
    }

    /// Whether the output is compact (no indentation).
    #[inline]
    pub fn is_compact(&self) -> bool {
        self.options.indent.is_none()
    }

    /// The bytes written and not yet handed on to an `io::Write`.
    pub fn as_bytes(&self) -> &[u8] {
        self.out.buffered()
    }

    /// The output.
    pub fn output(&self) -> &O {
        &self.out
    }

    /// The output, taking it out of the writer.
    pub fn into_output(self) -> O {
        self.out
    }

    /// How many arrays and objects are open.
    pub fn depth(&self) -> usize {
        self.containers.len()
    }

    /// Starts a new document: forgets the structure written so far and clears the buffer (for a
    /// `Vec` output, what was written is discarded; the capacity is kept).
    pub fn reset(&mut self) {
        self.out.buffer().clear();
        self.state = State::Value;
        self.containers.clear();
        self.after_value = State::Done;
    }

    /// The error for `err` of an `io::Write` output, saying how much reached it.
    #[cold]
    #[inline(never)]
    fn sink_error(&self, err: std::io::Error) -> Error {
        Error::io_writing(err, self.out.written())
    }

    /// Checks that exactly one complete top-level value has been written, and flushes an
    /// `io::Write` output.
    pub fn finish(&mut self) -> Result<()> {
        if self.state != State::Done && !self.options.skip_validation {
            return Err(misuse("the JSON value is not complete"));
        }
        self.out.flush_all().map_err(|err| self.sink_error(err))
    }

    // ---- structure ---------------------------------------------------------------------------

    /// Writes what must precede a value here (a comma, a line break and indentation), or
    /// refuses a value where none may stand.
    #[inline(always)]
    fn before_value(&mut self) -> Result<()> {
        match self.state {
            State::Value => Ok(()),
            State::ArrayFirst => {
                self.newline_and_indent(self.containers.len());
                Ok(())
            }
            State::ArrayNext => {
                self.out.buffer().push(b',');
                self.newline_and_indent(self.containers.len());
                Ok(())
            }
            _ => self.value_not_allowed(),
        }
    }

    #[cold]
    #[inline(never)]
    fn value_not_allowed(&mut self) -> Result<()> {
        if self.options.skip_validation {
            return Ok(());
        }
        Err(misuse(match self.state {
            State::Done => "a second top-level value",
            _ => "a value where a property name is due",
        }))
    }

    #[inline(always)]
    fn end_value(&mut self) {
        self.state = self.after_value;
    }

    /// Writes `items` as an array in compact output, each element's compact text stored by
    /// `write_compact` into a slot of `max` bytes (a type's compact form,
    /// `ToJson::COMPACT_WRITE`, and its `max_len`): for each run of up to [`COMPACT_RUN`] elements one
    /// reservation, then every element's comma and text stored through a local cursor, with no
    /// capacity check, state change or indentation test per element. An element without a
    /// compact text (`write_compact` gives `None`: a non-finite float) and everything after it
    /// go through `write_element` (its `to_json`), which reports it.
    ///
    /// # Safety
    ///
    /// `write_compact`, given a slot of `max` writable bytes, returns `Some(len)` only with
    /// `len <= max` and the slot's first `len` bytes written.
    pub(crate) unsafe fn compact_elements<T>(
        &mut self,
        items: &[T],
        max: usize,
        write_compact: impl Fn(&T, &mut [MaybeUninit<u8>]) -> Option<usize>,
        mut write_element: impl FnMut(&T, &mut Self) -> Result<()>,
    ) -> Result<()> {
        debug_assert!(self.options.indent.is_none());
        self.begin_array()?;
        let mut written = 0;
        for run in items.chunks(COMPACT_RUN) {
            let out = self.out.buffer();
            out.reserve(run.len() * (max + 1));
            let base = out.as_mut_ptr();
            let mut len = out.len();
            for item in run {
                // SAFETY: `reserve` left room for `run.len() * (max + 1)` bytes past the length
                // the run started at, and each element stores at most a comma and `max` bytes
                // (the slot, and the caller's promise for `write_compact`). `set_len` covers
                // only bytes stored.
                unsafe {
                    let comma = usize::from(written > 0);
                    base.add(len).write(b',');
                    let slot =
                        std::slice::from_raw_parts_mut(base.add(len + comma).cast::<MaybeUninit<u8>>(), max);
                    let Some(text) = write_compact(item, slot) else {
                        out.set_len(len);
                        self.state = if written > 0 { State::ArrayNext } else { State::ArrayFirst };
                        for item in &items[written..] {
                            write_element(item, self)?;
                        }
                        return self.end_array();
                    };
                    len += comma + text;
                }
                written += 1;
            }
            // SAFETY: as above: every byte up to `len` was stored in this run or before it.
            unsafe { out.set_len(len) };
            self.out.maybe_flush().map_err(|err| self.sink_error(err))?;
        }
        if written > 0 {
            self.state = State::ArrayNext;
        }
        self.end_array()
    }

    /// Opens a container: `[` or `{` is written, `first` is the state inside it.
    #[inline(always)]
    fn push_container(&mut self, is_object: bool) {
        self.containers.push(is_object);
        (self.state, self.after_value) = if is_object {
            (State::ObjectFirst, State::ObjectNext)
        } else {
            (State::ArrayFirst, State::ArrayNext)
        };
    }

    /// Closes the innermost container; the state is then that after a value.
    #[inline(always)]
    fn pop_container(&mut self) {
        self.containers.pop();
        self.after_value = match self.containers.top() {
            None => State::Done,
            Some(true) => State::ObjectNext,
            Some(false) => State::ArrayNext,
        };
        self.state = self.after_value;
    }

    #[inline(always)]
    fn newline_and_indent(&mut self, depth: usize) {
        if let Some(indent) = self.options.indent {
            write_indent(self.out.buffer(), indent, depth);
        }
    }

    /// `{`
    #[inline(always)]
    pub fn begin_object(&mut self) -> Result<()> {
        self.before_value()?;
        self.out.buffer().push(b'{');
        self.push_container(true);
        Ok(())
    }

    /// `}`
    #[inline]
    pub fn end_object(&mut self) -> Result<()> {
        self.end_container(true, b'}')
    }

    /// `[`
    #[inline(always)]
    pub fn begin_array(&mut self) -> Result<()> {
        self.before_value()?;
        self.out.buffer().push(b'[');
        self.push_container(false);
        Ok(())
    }

    /// `]`
    #[inline]
    pub fn end_array(&mut self) -> Result<()> {
        self.end_container(false, b']')
    }

    #[inline(always)]
    fn end_container(&mut self, is_object: bool, close: u8) -> Result<()> {
        let empty = match (self.state, is_object) {
            (State::ObjectFirst, true) | (State::ArrayFirst, false) => true,
            (State::ObjectNext, true) | (State::ArrayNext, false) => false,
            _ => return self.unbalanced_end(is_object),
        };
        self.pop_container();
        if !empty {
            self.newline_and_indent(self.containers.len());
        }
        self.out.buffer().push(close);
        self.out.maybe_flush().map_err(|err| self.sink_error(err))
    }

    #[cold]
    #[inline(never)]
    fn unbalanced_end(&mut self, is_object: bool) -> Result<()> {
        if self.options.skip_validation {
            self.pop_container();
            self.out.buffer().push(if is_object { b'}' } else { b']' });
            return Ok(());
        }
        Err(misuse(match (self.state, is_object) {
            (State::Value, _) if self.containers.top() == Some(true) => {
                "an end where the property's value is due"
            }
            (_, true) => "`}` without an open object",
            (_, false) => "`]` without an open array",
        }))
    }

    /// A property name, escaped as strings are.
    #[inline(always)]
    pub fn property_name(&mut self, name: &str) -> Result<()> {
        // The common case in one append, in the caller's code: compact output, minimal
        // escaping, and a short name that needs no escape, after the object's `{` or after a
        // member.
        let bytes = name.as_bytes();
        if self.options.indent.is_none()
            && self.escape_mode().is_minimal()
            && bytes.len() <= SHORT_APPEND_MAX
            && matches!(self.state, State::ObjectFirst | State::ObjectNext)
            && scan::find_string_special(bytes).is_none()
        {
            let skip = usize::from(self.state == State::ObjectFirst);
            extend_short_between(self.out.buffer(), b",\"", skip, bytes, b"\":");
            self.state = State::Value;
            return Ok(());
        }
        self.property_name_general(name)
    }

    /// [`property_name`](Self::property_name) in every other case.
    #[inline(never)]
    fn property_name_general(&mut self, name: &str) -> Result<()> {
        self.before_property_name()?;
        let mode = self.escape_mode();
        let buffer = self.out.buffer();
        buffer.push(b'"');
        // A `&str` is UTF-8, which every escaping mode can express.
        let _ = escape::escape_into(buffer, name.as_bytes(), mode);
        self.after_property_name();
        Ok(())
    }

    /// A property name that is already JSON-escaped (without its quotes), such as a name
    /// escaped once at compile time. It is copied as is; validated unless validation is off.
    ///
    /// ```
    /// use jetwire_json::Writer;
    /// let mut writer = Writer::new();
    /// writer.begin_object()?;
    /// writer.property_name_escaped(br#"say \"hi\""#)?;
    /// writer.bool(true)?;
    /// writer.end_object()?;
    /// assert_eq!(writer.as_bytes(), br#"{"say \"hi\"":true}"#);
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    #[inline]
    pub fn property_name_escaped(&mut self, escaped: &[u8]) -> Result<()> {
        if !self.options.skip_validation && !escape::is_valid_escaped_content(escaped) {
            return Err(misuse("a pre-escaped property name that is not valid JSON string content"));
        }
        // The common case in one append, as in `property_name`: compact output, a short name,
        // after the object's `{` or after a member.
        if self.options.indent.is_none()
            && escaped.len() <= SHORT_APPEND_MAX
            && matches!(self.state, State::ObjectFirst | State::ObjectNext)
        {
            let skip = usize::from(self.state == State::ObjectFirst);
            extend_short_between(self.out.buffer(), b",\"", skip, escaped, b"\":");
            self.state = State::Value;
            return Ok(());
        }
        self.before_property_name()?;
        let buffer = self.out.buffer();
        buffer.push(b'"');
        buffer.extend_from_slice(escaped);
        self.after_property_name();
        Ok(())
    }

    /// A property name in its complete compact form with the leading comma, `,"name":`,
    /// escaped: what derived code precomputes at compile time, so that writing a field's name is
    /// one copy. The bytes are trusted (debug builds check their form); pretty output and
    /// misplaced calls take the general path.
    ///
    /// ```
    /// use jetwire_json::Writer;
    /// let mut writer = Writer::new();
    /// writer.begin_object()?;
    /// writer.property_name_precomputed(b",\"a\":")?;
    /// writer.u8(1)?;
    /// writer.property_name_precomputed(b",\"b\":")?;
    /// writer.u8(2)?;
    /// writer.end_object()?;
    /// assert_eq!(writer.as_bytes(), br#"{"a":1,"b":2}"#);
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    #[inline(always)]
    pub fn property_name_precomputed<const N: usize>(
        &mut self,
        comma_name_colon: &'static [u8; N],
    ) -> Result<()> {
        debug_assert!(
            N >= 4 && comma_name_colon.starts_with(b",\"") && comma_name_colon.ends_with(b"\":"),
            "a precomputed property name has the form ,\"name\":"
        );
        // Copies of a length known at compile time: a few moves, no call to `memcpy`.
        match (self.state, self.options.indent) {
            (State::ObjectNext, None) => extend_from_array(self.out.buffer(), comma_name_colon, 0),
            (State::ObjectFirst, None) => extend_from_array(self.out.buffer(), comma_name_colon, 1),
            _ => return self.property_name_escaped(&comma_name_colon[2..N - 2]),
        }
        self.state = State::Value;
        Ok(())
    }

    #[inline(always)]
    fn before_property_name(&mut self) -> Result<()> {
        match self.state {
            State::ObjectFirst => {}
            State::ObjectNext => self.out.buffer().push(b','),
            _ => return self.property_name_not_allowed(),
        }
        self.newline_and_indent(self.containers.len());
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn property_name_not_allowed(&mut self) -> Result<()> {
        if self.options.skip_validation {
            if self.state == State::ArrayNext {
                self.out.buffer().push(b',');
            }
            return Ok(());
        }
        Err(misuse("a property name outside an object, or where a value is due"))
    }

    #[inline(always)]
    fn after_property_name(&mut self) {
        let separator: &[u8] = if self.is_compact() { b"\":" } else { b"\": " };
        self.out.buffer().extend_from_slice(separator);
        self.state = State::Value;
    }

    #[inline(always)]
    fn escape_mode(&self) -> EscapeMode {
        EscapeMode { ascii_only: self.options.ascii_only, html_safe: self.options.html_safe }
    }

    // ---- values ------------------------------------------------------------------------------

    /// Writes a complete scalar value's bytes produced by `write`.
    #[inline(always)]
    fn scalar(&mut self, write: impl FnOnce(&mut Vec<u8>)) -> Result<()> {
        self.before_value()?;
        write(self.out.buffer());
        self.end_value();
        // A stream output drains its buffer here too, so a long run of scalars stays within a
        // block; for a `Vec` this is nothing.
        self.out.maybe_flush().map_err(|err| self.sink_error(err))
    }

    /// A string value.
    #[inline]
    pub fn string(&mut self, text: &str) -> Result<()> {
        self.string_bytes(text.as_bytes())
    }

    /// A string value from bytes, which are written as they are (escaped as strings are): bytes
    /// that are not UTF-8 pass through unchanged, except under `ascii_only`, which cannot express
    /// them and makes them an error.
    #[inline]
    pub fn string_bytes(&mut self, text: &[u8]) -> Result<()> {
        // The common case: compact output, minimal escaping, and a short string where a value
        // may stand (without a comma or after one). With no escape it is one append; otherwise
        // the escaping goes on from the first byte that needs it, without a second scan.
        if self.options.indent.is_none()
            && self.escape_mode().is_minimal()
            && text.len() <= SHORT_APPEND_MAX
            && matches!(self.state, State::Value | State::ArrayFirst | State::ArrayNext)
        {
            let skip = usize::from(self.state != State::ArrayNext);
            append::short_string(self.out.buffer(), b",\"", skip, text);
            self.end_value();
            return self.out.maybe_flush().map_err(|err| self.sink_error(err));
        }
        self.string_general(text)
    }

    /// [`string_bytes`](Self::string_bytes) in every other case.
    #[inline]
    fn string_general(&mut self, text: &[u8]) -> Result<()> {
        let mark = self.mark();
        self.before_value()?;
        let mode = self.escape_mode();
        let buffer = self.out.buffer();
        buffer.push(b'"');
        if let Err(err) = escape::escape_into(buffer, text, mode) {
            return Err(self.undo(mark, ill_formed_for_ascii(err.index)));
        }
        self.out.buffer().push(b'"');
        self.end_value();
        self.out.maybe_flush().map_err(|err| self.sink_error(err))
    }

    /// Where the output and the structure stand, to [`undo`](Self::undo) a call that fails
    /// halfway or to [`rewind`](Self::rewind) a reservation that is not committed.
    #[inline(always)]
    fn mark(&self) -> (usize, State) {
        (self.out.buffered().len(), self.state)
    }

    /// Returns the writer to `mark` and passes `err` on: a failed call writes nothing.
    #[cold]
    #[inline(never)]
    fn undo(&mut self, mark: (usize, State), err: Error) -> Error {
        self.rewind(mark);
        err
    }

    /// Returns the output and the structure to `mark`.
    fn rewind(&mut self, (len, state): (usize, State)) {
        self.out.buffer().truncate(len);
        self.state = state;
    }

    /// A string value whose content is already JSON-escaped, as in a string token's source
    /// between its quotes ([`JsonStr::raw`](crate::JsonStr::raw)). Escapes are kept exactly as
    /// written (so even an unpaired surrogate escape survives); literal characters get this
    /// writer's escaping. Validated unless validation is off.
    ///
    /// ```
    /// use jetwire_json::{WriteOptions, Writer};
    /// let options = WriteOptions { ascii_only: true, ..WriteOptions::default() };
    /// let mut writer = Writer::with_options(options);
    /// writer.escaped_string(r"\ud800 caf\u00e9 ou café".as_bytes())?;
    /// assert_eq!(writer.as_bytes(), br#""\ud800 caf\u00e9 ou caf\u00e9""#);
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn escaped_string(&mut self, escaped: &[u8]) -> Result<()> {
        if !self.options.skip_validation && !escape::is_valid_escaped_content(escaped) {
            return Err(misuse("pre-escaped string content that is not valid JSON"));
        }
        let mark = self.mark();
        self.before_value()?;
        let mode = self.escape_mode();
        let buffer = self.out.buffer();
        buffer.push(b'"');
        if let Err(err) = escape::reescape_into(buffer, escaped, mode) {
            return Err(self.undo(mark, ill_formed_for_ascii(err.index)));
        }
        self.out.buffer().push(b'"');
        self.end_value();
        self.out.maybe_flush().map_err(|err| self.sink_error(err))
    }

    /// An escaped property name from a token's source, as [`escaped_string`](Self::escaped_string)
    /// writes a value.
    pub fn escaped_property_name(&mut self, escaped: &[u8]) -> Result<()> {
        if !self.options.skip_validation && !escape::is_valid_escaped_content(escaped) {
            return Err(misuse("a pre-escaped property name that is not valid JSON string content"));
        }
        let mark = self.mark();
        self.before_property_name()?;
        let mode = self.escape_mode();
        let buffer = self.out.buffer();
        buffer.push(b'"');
        if let Err(err) = escape::reescape_into(buffer, escaped, mode) {
            return Err(self.undo(mark, ill_formed_for_ascii(err.index)));
        }
        self.after_property_name();
        Ok(())
    }

    /// `true` or `false`.
    #[inline]
    pub fn bool(&mut self, value: bool) -> Result<()> {
        self.scalar(|out| append::boolean(out, value))
    }

    /// `null`.
    #[inline]
    pub fn null(&mut self) -> Result<()> {
        self.scalar(append::null)
    }

    /// A finite `f64` as the shortest text that reads back to the same value. NaN and the
    /// infinities have no JSON form and are an error.
    ///
    /// ```
    /// use jetwire_json::Writer;
    /// let mut writer = Writer::new();
    /// writer.begin_array()?;
    /// writer.f64(0.3)?;
    /// writer.f64(1e21)?;
    /// writer.end_array()?;
    /// assert_eq!(writer.as_bytes(), b"[0.3,1e+21]");
    /// assert!(Writer::new().f64(f64::NAN).is_err());
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    // Always inlined: a float is one call into the formatter, which writes its text in place,
    // and a call of its own would cost as much.
    #[inline(always)]
    pub fn f64(&mut self, value: f64) -> Result<()> {
        self.float(value)
    }

    /// A finite `f32` as the shortest text that reads back to the same `f32`.
    #[inline(always)]
    pub fn f32(&mut self, value: f32) -> Result<()> {
        self.float(value)
    }

    /// [`f64`](Self::f64) and [`f32`](Self::f32).
    #[inline(always)]
    fn float<F: float::Float>(&mut self, value: F) -> Result<()> {
        if !value.is_finite() {
            return Err(non_finite(value.into()));
        }
        self.scalar(|out| float::push_finite(out, value))
    }

    /// Writes a token read by a [`Reader`] exactly as its source spelled it: strings and property
    /// names keep their escapes (only the writer's extra escaping is applied to literal
    /// characters), numbers their digits. Reading tokens and writing them this way reformats a
    /// document without changing any value.
    ///
    /// ```
    /// use jetwire_json::{Reader, Writer};
    /// let mut reader = Reader::new(br#"{ "caf\u00e9" : [1.50, "x\ty"] }"#);
    /// let mut writer = Writer::new();
    /// while let Some(token) = reader.next_token()? {
    ///     writer.token(token)?;
    /// }
    /// assert_eq!(writer.into_vec(), br#"{"caf\u00e9":[1.50,"x\ty"]}"#);
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn token(&mut self, token: Token<'_>) -> Result<()> {
        match token {
            Token::BeginObject => self.begin_object(),
            Token::EndObject => self.end_object(),
            Token::BeginArray => self.begin_array(),
            Token::EndArray => self.end_array(),
            Token::PropertyName(name) => self.escaped_property_name(name.raw()),
            Token::String(text) => self.escaped_string(text.raw()),
            Token::Number(number) => self.number_text(number.as_str()),
            Token::Bool(value) => self.bool(value),
            Token::Null => self.null(),
        }
    }

    /// A number given as its text, which is validated against the JSON grammar (unless
    /// validation is off) and written as is: the way to keep a number's exact spelling.
    pub fn number_text(&mut self, text: &str) -> Result<()> {
        if !self.options.skip_validation && !crate::read::is_json_number(text.as_bytes()) {
            return Err(Error::without_position(Category::Data, format!("`{text}` is not a JSON number")));
        }
        self.scalar(|out| out.extend_from_slice(text.as_bytes()))
    }

    /// `bytes` as a string of standard base64 with padding.
    pub fn bytes_base64(&mut self, bytes: &[u8]) -> Result<()> {
        self.scalar(|out| append::base64(out, bytes))
    }

    /// A complete JSON value given as bytes, copied as is: validated as a whole (strictly, with
    /// the default nesting limit) unless validation is off.
    ///
    /// ```
    /// use jetwire_json::Writer;
    /// let mut writer = Writer::new();
    /// writer.begin_array()?;
    /// writer.raw_value(br#"{"pre": "serialized"}"#)?;
    /// assert!(writer.raw_value(b"{oops").is_err());
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn raw_value(&mut self, json: &[u8]) -> Result<()> {
        if !self.options.skip_validation {
            let mut reader = Reader::new(json);
            reader.skip_value()?;
            reader.finish()?;
        }
        self.value_bytes(json)
    }

    /// Whether output is compact with minimal escaping: the form
    /// [`compact_value_in_parts`](Self::compact_value_in_parts) writes.
    #[inline]
    pub(crate) fn is_compact_minimal(&self) -> bool {
        self.is_compact() && self.escape_mode().is_minimal()
    }

    /// A complete value that `part` appends to the output buffer a part at a time, already in
    /// this writer's form ([`is_compact_minimal`](Self::is_compact_minimal)) and known to be
    /// valid: `part` returns whether the value is complete, and a stream output drains between
    /// parts, so a large value does not gather whole in memory.
    pub(crate) fn compact_value_in_parts(
        &mut self,
        mut part: impl FnMut(&mut Vec<u8>) -> bool,
    ) -> Result<()> {
        debug_assert!(self.is_compact_minimal());
        self.before_value()?;
        loop {
            let done = part(self.out.buffer());
            if done {
                self.end_value();
            }
            self.out.maybe_flush().map_err(|err| self.sink_error(err))?;
            if done {
                return Ok(());
            }
        }
    }

    /// A complete value whose bytes are known to be valid JSON, copied as they are: no
    /// validation and no reservation to fill.
    #[inline]
    pub(crate) fn value_bytes(&mut self, json: &[u8]) -> Result<()> {
        // Mostly a number's text: short, copied without a call to `memcpy`.
        self.scalar(|out| extend_short(out, json))
    }

    /// Room for one value of at most `max_len` bytes, written straight into the output buffer:
    /// fill [`ValueSlot::buffer`] and [`commit`](ValueSlot::commit) the length used. A slot
    /// dropped without a commit leaves the writer as it was. The bytes are not validated.
    ///
    /// ```
    /// use jetwire_json::Writer;
    /// let mut writer = Writer::new();
    /// writer.begin_array()?;
    /// let mut slot = writer.reserve_value(20)?;
    /// slot.buffer()[..3].copy_from_slice(b"123");
    /// slot.commit(3);
    /// writer.end_array()?;
    /// assert_eq!(writer.as_bytes(), b"[123]");
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn reserve_value(&mut self, max_len: usize) -> Result<ValueSlot<'_, O>> {
        let rollback = self.mark();
        self.before_value()?;
        let start = self.out.buffer().len();
        self.out.buffer().resize(start + max_len, 0);
        Ok(ValueSlot::new(self, start, max_len, rollback))
    }
}

macro_rules! write_integers {
    ($($(#[$doc:meta])* $name:ident: $ty:ty;)*) => {
        impl<O: Output> Writer<O> {$(
            $(#[$doc])*
            #[inline]
            pub fn $name(&mut self, value: $ty) -> Result<()> {
                self.scalar(|out| append::integer(out, value))
            }
        )*}
    };
}

write_integers! {
    /// A `u8`.
    u8: u8;
    /// A `u16`.
    u16: u16;
    /// A `u32`.
    u32: u32;
    /// A `u64`.
    u64: u64;
    /// A `u128`, in full: JSON numbers have no size limit.
    u128: u128;
    /// A `usize`.
    usize: usize;
    /// An `i8`.
    i8: i8;
    /// An `i16`.
    i16: i16;
    /// An `i32`.
    i32: i32;
    /// An `i64`.
    i64: i64;
    /// An `i128`, in full.
    i128: i128;
    /// An `isize`.
    isize: isize;
}

/// The elements [`Writer::compact_elements`] reserves for at once: a bounded reservation for a
/// long slice, and the point at which a stream output drains its buffer.
const COMPACT_RUN: usize = 256;

/// Appends a line break and `depth` levels of `indent`.
fn write_indent(out: &mut Vec<u8>, indent: Indent, depth: usize) {
    out.push(b'\n');
    match indent {
        Indent::Spaces(width) => out.resize(out.len() + depth * usize::from(width), b' '),
        Indent::Tab => out.resize(out.len() + depth, b'\t'),
    }
}

/// A call that would make the output invalid JSON.
#[cold]
#[inline(never)]
fn misuse(what: &str) -> Error {
    Error::without_position(Category::Syntax, format!("invalid JSON structure: {what}"))
}

#[cold]
#[inline(never)]
fn non_finite(value: f64) -> Error {
    Error::without_position(
        Category::Data,
        format!("{value} cannot be written as JSON: NaN and infinities have no JSON form"),
    )
}

#[cold]
#[inline(never)]
fn ill_formed_for_ascii(index: usize) -> Error {
    Error::without_position(
        Category::Data,
        format!("string has ill-formed UTF-8 at byte {index}, which ASCII-only output cannot express"),
    )
}
