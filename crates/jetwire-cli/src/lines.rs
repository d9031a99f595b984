//! JSON Lines read a block at a time, each value with the number of the line it starts on, and
//! reading that can start again on the line after an error.
//!
//! The values are read by a [`PushReader`], so the grammar is the one `check --ndjson` applies
//! (a value may go on over several lines, as JSON allows whitespace to). Beside the reader, the
//! bytes from the end of the last value on are kept, to count the line feeds before each value
//! and to find the line after an error: memory holds about a line and a block.

use jetwire_json::stream::{Pull, PushReader};
use jetwire_json::{OwnedRawValue, ReadOptions};

use crate::input::{BLOCK_SIZE, Source};
use crate::{BadJson, Failure};

/// A JSON Lines value and the number of the line it starts on (from 1).
pub(crate) struct Line {
    pub(crate) number: usize,
    pub(crate) value: OwnedRawValue,
}

/// The JSON Lines of a [`Source`].
pub(crate) struct Lines<'s> {
    source: &'s mut Source,
    options: ReadOptions,
    reader: PushReader,
    /// The input pushed to the reader, from the offset `held_from` of the reader's input on.
    held: Vec<u8>,
    held_from: usize,
    /// The bytes of `held` before this index (the last value and all before it) are done with.
    done: usize,
    /// Line feeds in the whole input before `held[done]`.
    lines_done: usize,
    /// Line feeds in the whole input before the reader's first byte (not 0 after a restart).
    lines_before_reader: usize,
    /// Where the reader's last error is, as an offset of its input.
    error_offset: Option<usize>,
    ended: bool,
}

impl<'s> Lines<'s> {
    /// The JSON Lines of `source`, read with `options`.
    pub(crate) fn new(source: &'s mut Source, options: ReadOptions) -> Lines<'s> {
        Lines {
            source,
            options,
            reader: PushReader::with_options(options),
            held: Vec::new(),
            held_from: 0,
            done: 0,
            lines_done: 0,
            lines_before_reader: 0,
            error_offset: None,
            ended: false,
        }
    }

    /// The input's name for messages.
    pub(crate) fn name(&self) -> &str {
        self.source.name()
    }

    /// Prints `message` on stderr, out of the progress bar's way.
    pub(crate) fn warn(&self, message: &str) {
        self.source.warn(message);
    }

    /// The next value, or `None` at the end of the input. `before_read` runs before each block
    /// is read, when the input read so far is used up (to flush output, say). After an error,
    /// [`resume_after_error`](Self::resume_after_error) reads on.
    pub(crate) fn next(
        &mut self,
        mut before_read: impl FnMut() -> Result<(), Failure>,
    ) -> Result<Option<Line>, Failure> {
        loop {
            match self.reader.next_line::<OwnedRawValue>() {
                Ok(Pull::Ready(Some(value))) => {
                    let end = self.reader.offset() - self.held_from;
                    let start = end - value.as_bytes().len();
                    let number = self.lines_done + line_feeds(&self.held[self.done..start]) + 1;
                    self.lines_done = number - 1 + line_feeds(&self.held[start..end]);
                    self.done = end;
                    return Ok(Some(Line { number, value }));
                }
                Ok(Pull::Ready(None)) => return Ok(None),
                Ok(Pull::NeedMoreData) => {
                    before_read()?;
                    self.read_block(true)?;
                }
                Err(err) => {
                    self.error_offset = Some(err.offset());
                    let mut bad = BadJson::from(&err);
                    if bad.line > 0 {
                        bad.line += self.lines_before_reader;
                    }
                    return Err(Failure::Json(bad));
                }
            }
        }
    }

    /// After an error from [`next`](Self::next), starts reading again on the line after the
    /// one the error is on; `false` if the input ends first.
    pub(crate) fn resume_after_error(&mut self) -> Result<bool, Failure> {
        let offset = self.error_offset.take().expect("an error to resume after");
        let mut from = offset.saturating_sub(self.held_from).clamp(self.done, self.held.len());
        let line_feed = loop {
            if let Some(found) = self.held[from..].iter().position(|&byte| byte == b'\n') {
                break from + found;
            }
            if self.ended {
                return Ok(false);
            }
            // Nothing before the end of the held bytes is wanted any more, but their line feeds.
            self.lines_done += line_feeds(&self.held[self.done..]);
            self.done = self.held.len();
            from = 0;
            self.read_block(false)?;
        };
        self.lines_done += line_feeds(&self.held[self.done..=line_feed]);
        self.held.drain(..=line_feed);
        self.held_from = 0;
        self.done = 0;
        self.lines_before_reader = self.lines_done;
        self.reader = PushReader::with_options(self.options);
        if !self.held.is_empty() {
            self.reader.push(&self.held);
        }
        if self.ended {
            self.reader.end_input();
        }
        Ok(true)
    }

    /// Reads a block into `held` (dropping the bytes done with), and pushes it to the reader
    /// when `push`; marks the end of the input when there is no more.
    fn read_block(&mut self, push: bool) -> Result<(), Failure> {
        self.held.drain(..self.done);
        self.held_from += self.done;
        self.done = 0;
        let length = self.held.len();
        self.held.resize(length + BLOCK_SIZE, 0);
        let read = self.source.read(&mut self.held[length..]);
        let read = read.map_err(|err| {
            self.held.truncate(length);
            Failure::Input(err)
        })?;
        self.held.truncate(length + read);
        if read == 0 {
            self.ended = true;
            self.reader.end_input();
        } else if push {
            self.reader.push(&self.held[length..]);
        }
        Ok(())
    }
}

/// How many line feeds `bytes` holds.
fn line_feeds(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&byte| byte == b'\n').count()
}
