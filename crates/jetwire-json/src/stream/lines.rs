//! JSON Lines in memory, and writing JSON Lines.

use std::io;
use std::marker::PhantomData;

use super::push::line_start_of_value_at_end;
use crate::error::{Category, Error, Result};
use crate::read::{ReadOptions, Reader};
use crate::typed::{FromJson, ToJson};
use crate::write::Writer;
use jetwire_core::output::write_counted;

/// JSON Lines (NDJSON) already in memory: one typed value per line, blank lines skipped, read
/// in place, so values may borrow from the input (`&str` fields). On the benchmark's
/// `lines:LogEntry` it is faster than a [`LinesReader`](super::LinesReader) over the same bytes,
/// which reads them as a stream, and than splitting the lines and reading each with
/// [`from_slice`](crate::from_slice). Errors
/// name their line, and an error inside a value the JSON Pointer within that line's value.
///
/// ```
/// use std::collections::BTreeMap;
/// use jetwire_json::stream::SliceLines;
/// let input = b"{\"user\": \"ada\"}\n\n{\"user\": \"bob\"}\n";
/// let users: Vec<BTreeMap<&str, &str>> = SliceLines::new(input).collect::<Result<_, _>>()?;
/// assert_eq!(users[1]["user"], "bob"); // borrowed from `input`
/// let err = SliceLines::<u32>::new(b"1\n2 3\n").nth(2).unwrap().unwrap_err();
/// assert_eq!((err.line(), err.column()), (2, 3));
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Debug)]
pub struct SliceLines<'de, T> {
    reader: Reader<'de>,
    /// Where the value being read starts (its first byte).
    value_start: usize,
    first: bool,
    failed: bool,
    keep_going: bool,
    _values: PhantomData<fn() -> T>,
}

impl<'de, T: FromJson<'de>> SliceLines<'de, T> {
    /// The values of the lines of `input`.
    pub fn new(input: &'de [u8]) -> Self {
        SliceLines::with_options(input, ReadOptions::default())
    }

    /// The values of the lines of `input`, read with `options`.
    pub fn with_options(input: &'de [u8], options: ReadOptions) -> Self {
        SliceLines {
            reader: Reader::with_options(input, options),
            value_start: 0,
            first: true,
            failed: false,
            keep_going: false,
            _values: PhantomData,
        }
    }

    /// Goes on past bad lines, as [`LinesReader::keep_going`](super::LinesReader::keep_going)
    /// does (and from the same place): each one's error is handed out and the lines after it
    /// are read.
    pub fn keep_going(mut self) -> Self {
        self.keep_going = true;
        self
    }

    fn read_next(&mut self) -> Result<Option<T>> {
        if !self.reader.next_line(self.first)? {
            return Ok(None);
        }
        self.first = false;
        self.value_start = self.reader.offset();
        T::from_json(&mut self.reader).map(Some)
    }

    /// After an error at `offset` in the value that starts at `value_start`, moves the reader
    /// to the line where reading goes on (the rule of [`PushReader::resume_after_error`]);
    /// false at the end of the input.
    ///
    /// [`PushReader::resume_after_error`]: super::PushReader::resume_after_error
    fn resume(&mut self, offset: usize) -> bool {
        let input = self.reader.whole_input();
        let (value_start, offset) = (self.value_start, offset.min(input.len()));
        let line_start = input
            .get(value_start..=offset)
            .filter(|_| offset > value_start)
            .and_then(line_start_of_value_at_end)
            .map(|start| value_start + start);
        let next = line_start.or_else(|| {
            let line_feed = input[offset..].iter().position(|&byte| byte == b'\n')?;
            Some(offset + line_feed + 1)
        });
        let Some(next) = next else { return false };
        self.reader = self.reader.restarted_at(next);
        self.first = true;
        true
    }
}

impl<'de, T: FromJson<'de>> Iterator for SliceLines<'de, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        if self.failed {
            return None;
        }
        // Where the line's value will start is known once the whitespace before it is passed;
        // an error there (a second value on a line) counts from here.
        self.value_start = self.reader.offset();
        let next = self.read_next();
        if let Err(err) = &next {
            self.failed = !(self.keep_going && err.category() != Category::Io && self.resume(err.offset()));
        }
        next.transpose()
    }
}

/// Writes JSON Lines (NDJSON): one compact JSON value per line, each followed by `\n`, into any
/// `io::Write` (each line is formatted in a reused buffer, then written whole).
///
/// ```
/// use jetwire_json::stream::LinesWriter;
/// let mut out = Vec::new();
/// let mut lines = LinesWriter::new(&mut out);
/// lines.write(&[1, 2])?;
/// lines.write("three")?;
/// lines.flush()?;
/// assert_eq!(out, b"[1,2]\n\"three\"\n");
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Debug)]
pub struct LinesWriter<W> {
    out: W,
    line: Vec<u8>,
    /// Bytes `out` has accepted.
    written: u64,
}

impl<W: io::Write> LinesWriter<W> {
    /// A writer of lines into `out`.
    pub fn new(out: W) -> Self {
        LinesWriter { out, line: Vec::new(), written: 0 }
    }

    /// Writes `value` as one line. If `out` fails midway, the error says how many bytes it
    /// had accepted (as does [`written`](Self::written)), so a file can be cut back to its
    /// last whole line.
    pub fn write<T: ToJson + ?Sized>(&mut self, value: &T) -> Result<()> {
        format_line(&mut self.line, value)?;
        write_counted(&mut self.out, &self.line, &mut self.written)
            .map_err(|err| Error::io_writing(err, self.written))
    }

    /// Flushes the underlying writer.
    pub fn flush(&mut self) -> Result<()> {
        self.out.flush().map_err(|err| Error::io_writing(err, self.written))
    }

    /// How many bytes `out` has accepted: every line written, and the part of a line whose
    /// write failed that reached it.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// The underlying writer.
    pub fn into_inner(self) -> W {
        self.out
    }
}

/// Formats `value` as one line (compact JSON and `\n`) into `line`, replacing its contents.
pub(crate) fn format_line<T: ToJson + ?Sized>(line: &mut Vec<u8>, value: &T) -> Result<()> {
    line.clear();
    let mut writer = Writer::appending_to(line);
    value.to_json(&mut writer)?;
    writer.finish()?;
    line.push(b'\n');
    Ok(())
}
