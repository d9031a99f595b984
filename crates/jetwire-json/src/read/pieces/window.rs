//! Input in pieces: the reader's window moves over the blocks of a [`Source`].
//!
//! A reader always lexes from one contiguous window. Over a single slice the window is the
//! slice, and none of this runs. Over blocks, the window is the rest of the current block; when
//! the reader reaches its end between tokens it moves to the next block ([`Reader::refill`]), and
//! when a token runs into the end it is read again from a *stitch*, a copy of the token's bytes so
//! far joined with at least as many of the bytes that follow ([`Reader::extend_window`]). A stitch
//! at least doubles what the token had, so a token is re-scanned a bounded number of times and
//! reading stays linear whatever the block sizes. Every method here is cold: the contiguous path
//! only ever reaches them at the very end of its input.

use jetwire_core::scan;

use super::source::{Segments, Source};
use crate::bit_stack::BitStack;
use crate::error::{Category, Error, describe_found};
use crate::read::{ReadOptions, Reader, State};

/// Whether `byte` may continue a number. A number ends at the first byte that cannot, so a number
/// that reaches the end of a window could go on in the next piece of input: windows therefore
/// never end in such a byte, except at the end of the input. This keeps the number scanners free
/// of any check for input in pieces.
fn continues_number(byte: u8) -> bool {
    matches!(byte, b'0'..=b'9' | b'+' | b'-' | b'.' | b'e' | b'E')
}

/// How many bytes at the end of `bytes` must be left out of a window: the trailing run of bytes
/// that may continue a number, when `more` input may follow; none at the end of the input.
fn number_tail(bytes: &[u8], more: bool) -> usize {
    if !more {
        return 0;
    }
    bytes.iter().rev().take_while(|&&b| continues_number(b)).count()
}

/// A segmented reader's link to the blocks after its window.
#[derive(Clone, Copy)]
pub(crate) struct Segmented<'de> {
    source: &'de dyn Source,
    /// The block in which the window ends (or an earlier one: moving on walks forward).
    block: usize,
    /// Whether the window may move on: false for a sub-reader over one raw value.
    refills: bool,
    /// The last raw value handed out (address, length) and its absolute offset, so that a
    /// sub-reader over it positions its errors in the whole input.
    raw: (usize, usize, usize),
}

impl core::fmt::Debug for Segmented<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Segmented").field("block", &self.block).field("refills", &self.refills).finish()
    }
}

/// A segmented reader's grammar state without its borrow of the blocks: where it stands
/// (an absolute offset between tokens), so that it can be attached again after the blocks have
/// changed (more pushed, old ones released).
#[derive(Clone, Debug)]
pub(crate) struct Suspended {
    offset: usize,
    state: State,
    containers: BitStack,
    options: ReadOptions,
}

/// What the grammar allows next, between tokens (whitespace aside).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// A value.
    Value,
    /// A value, or the end of the array.
    ValueOrEnd,
    /// `,` and a value, or the end of the array.
    CommaThenValue,
    /// A property name, or the end of the object.
    Key,
    /// `,` and a property name, or the end of the object.
    CommaThenKey,
    /// Only whitespace: the top-level value is complete.
    Nothing,
}

/// A reader's place and grammar state between tokens, without its containers: see
/// [`Reader::mark`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mark {
    offset: usize,
    state: State,
}

impl Suspended {
    /// A reader's state before the first byte.
    pub(crate) fn new(options: ReadOptions) -> Self {
        Suspended { offset: 0, state: State::Value, containers: BitStack::new(), options }
    }

    /// A reader's state before a new top-level value at absolute `offset`, with the same
    /// options: where JSON Lines go on after a bad line.
    pub(crate) fn restart_at(&self, offset: usize) -> Self {
        Suspended { offset, ..Suspended::new(self.options) }
    }

    /// The absolute offset the reader stopped at.
    pub(crate) fn offset(&self) -> usize {
        self.offset
    }

    /// How many containers are open.
    pub(crate) fn depth(&self) -> usize {
        self.containers.len()
    }

    /// Whether the top-level value is complete.
    pub(crate) fn is_done(&self) -> bool {
        self.state == State::Done
    }

    /// Moves the place `length` bytes on, over whitespace that the reader has not consumed
    /// yet: the grammar state stays.
    pub(crate) fn skip_whitespace(&mut self, length: usize) {
        self.offset += length;
    }

    /// What may come next, as the grammar stands.
    pub(crate) fn next_allowed(&self) -> Next {
        match self.state {
            State::Value => Next::Value,
            State::ArrayFirst => Next::ValueOrEnd,
            State::ArrayNext => Next::CommaThenValue,
            State::ObjectFirst | State::Key => Next::Key,
            State::ObjectNext => Next::CommaThenKey,
            State::Done => Next::Nothing,
        }
    }
}

impl<'de> Reader<'de> {
    /// A reader over the blocks of `segments`, continuing from `suspended`.
    pub(crate) fn resume(segments: &'de Segments<'_>, suspended: Suspended) -> Reader<'de> {
        let block = segments.block_index_at(suspended.offset);
        Reader {
            input: &[],
            pos: 0,
            origin: &[],
            base: suspended.offset,
            state: suspended.state,
            after_value: State::after_value_in(&suspended.containers),
            containers: suspended.containers,
            options: suspended.options,
            segmented: Some(Segmented { source: segments, block, refills: true, raw: (0, 0, 0) }),
            scratch: Vec::new(),
            walk_from: 0,
            runs: [0; crate::read::RUN_LEVELS],
            in_progress: &[],
        }
    }

    /// Where the reader stands and its grammar state, kept before a step that may run out of
    /// input, to suspend it there with [`suspend_at`](Self::suspend_at) if it does.
    #[inline(always)]
    pub(crate) fn mark(&self) -> Mark {
        Mark { offset: self.offset(), state: self.state }
    }

    /// Detaches the reader from its blocks at `mark`, taken before the one step since (a token,
    /// or the whitespace and separator before one) that ran out of input: such a step opens or
    /// closes no container, so the containers are the reader's own.
    pub(crate) fn suspend_at(self, mark: Mark) -> Suspended {
        Suspended {
            offset: mark.offset,
            state: mark.state,
            containers: self.containers,
            options: self.options,
        }
    }

    /// Where the reader stands, as [`suspend`](Self::suspend) would give it, while it reads
    /// on: to go back to when what follows runs out of input.
    pub(crate) fn snapshot(&self) -> Suspended {
        Suspended {
            offset: self.offset(),
            state: self.state,
            containers: self.containers.clone(),
            options: self.options,
        }
    }

    /// Detaches the reader from its blocks, keeping its place and grammar state.
    pub(crate) fn suspend(self) -> Suspended {
        Suspended {
            offset: self.offset(),
            state: self.state,
            containers: self.containers,
            options: self.options,
        }
    }

    /// One step of skipping a value a token at a time: its first token when `first`, else the
    /// next one; a container that starts there is walked by its structure when it can be
    /// (whole, or up to the last comma the window vouches for). Returns whether the value is
    /// complete (the nesting is back to `depth`).
    pub(crate) fn skip_value_step(&mut self, first: bool, depth: usize) -> crate::Result<bool> {
        if first {
            let byte = self.begin_value()?;
            self.skip_value_start(byte)?;
        } else {
            self.skip_token()?;
        }
        Ok(self.containers.len() <= depth)
    }

    /// Between the values of JSON Lines: skips whitespace, which must hold a line feed unless
    /// this is the `first` value, and readies the reader for the next value. False at the end
    /// of the input.
    pub(crate) fn next_line(&mut self, first: bool) -> crate::Result<bool> {
        let mut line_feed = first;
        loop {
            let blank = scan::skip_whitespace(&self.input[self.pos..]);
            line_feed |= self.input[self.pos..self.pos + blank].contains(&b'\n');
            self.pos += blank;
            if self.pos < self.input.len() {
                break;
            }
            if !self.refill() {
                return Ok(false);
            }
        }
        if !line_feed {
            return Err(self.unexpected("a line feed after the JSON value"));
        }
        self.state = State::Value;
        Ok(true)
    }

    /// Moves to the next top-level value of a sequence of values separated by whitespace (JSON
    /// Lines, or values simply written one after another): skips the whitespace after the value
    /// just read (or before the first) and readies the reader for the next value. `Ok(false)` at
    /// the end of the input. Unlike JSON Lines, two values may share a line.
    ///
    /// ```
    /// use jetwire_json::Reader;
    /// let mut reader = Reader::new(b"{\"a\": 1} {\"a\": 2}\n\n 3 ");
    /// let mut values = Vec::new();
    /// while reader.next_in_sequence()? {
    ///     values.push(reader.skip_value().map(|_| reader.offset())?);
    /// }
    /// assert_eq!(values, [8, 17, 21]);
    /// assert!(Reader::new(b"[1").next_in_sequence()?);
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the value before has not been read to its end.
    pub fn next_in_sequence(&mut self) -> crate::Result<bool> {
        if self.containers.len() > 0 || !matches!(self.state, State::Value | State::Done) {
            return Err(self.unexpected("the end of the value in progress"));
        }
        self.next_line(true)
    }

    /// Moves the window to the bytes after it. The reader must be at the window's end and need
    /// nothing in it any more (it stands between tokens). False at the end of the input.
    #[cold]
    #[inline(never)]
    pub(in crate::read) fn refill(&mut self) -> bool {
        let Some(segmented) = &mut self.segmented else { return false };
        if !segmented.refills {
            return false;
        }
        let end = self.base + self.input.len();
        loop {
            let Some((bytes, start)) = segmented.source.block(segmented.block) else { return false };
            if end < start + bytes.len() {
                let rest = &bytes[end - start..];
                let keep = rest.len() - number_tail(rest, segmented.source.may_follow(start + bytes.len()));
                if keep == 0 {
                    // All of the rest may belong to a number that goes on: stitch it with what
                    // follows.
                    return self.stitch(end, Vec::new(), 64);
                }
                self.input = &rest[..keep];
                self.base = end;
                self.pos = 0;
                return true;
            }
            segmented.block += 1;
        }
    }

    /// The token starting at `token_start` ran into the end of the window. Makes the window a
    /// stitch that starts with the token and holds at least as many bytes again, positions the
    /// reader at the token, and returns true: the caller reads the token again. False (nothing
    /// changed) at the end of the input, and always for a single slice.
    #[cold]
    #[inline(never)]
    pub(in crate::read) fn extend_window(&mut self, token_start: usize) -> bool {
        let segmented = match self.segmented {
            Some(segmented) if segmented.refills => segmented,
            _ => return false,
        };
        if self.base + self.input.len() >= segmented.source.held_end() {
            // Nothing held after the window (input still to come, or none): no stitch.
            segmented.source.wanted_more();
            return false;
        }
        let tail = self.input[token_start..].to_vec();
        let wanted = tail.len().max(64);
        self.stitch(self.base + token_start, tail, wanted)
    }

    /// Reads again a token that ran into the end of the window: extends the window back to
    /// `token_start` (see [`extend_window`](Self::extend_window)), runs `read` there, and trims
    /// the window after a success. `None` when the window cannot grow, so that the caller
    /// reports the error it has.
    pub(in crate::read) fn read_again<T>(
        &mut self,
        token_start: usize,
        read: impl FnOnce(&mut Self) -> crate::Result<T>,
    ) -> Option<crate::Result<T>> {
        if !self.extend_window(token_start) {
            return None;
        }
        let result = read(self);
        if result.is_ok() {
            self.trim_window();
        }
        Some(result)
    }

    /// Called once a token read from a stitch is complete: when the rest of the stitch comes
    /// from one block that goes on past it, ends the window here, so that the reader goes back
    /// to that block in place rather than on through a copy of it. (The rest of a stitch over
    /// many small blocks is kept: reading it costs less than stitching again.)
    pub(in crate::read) fn trim_window(&mut self) {
        let Some(segmented) = self.segmented else { return };
        let (here, end) = (self.base + self.pos, self.base + self.input.len());
        if segmented.source.block_end(here) > end {
            self.input = &self.input[..self.pos];
        }
    }

    /// Makes the window a stitch: `bytes` (the input from absolute `from` on, up to the window's
    /// end) and at least `wanted` of the bytes after them, kept with the blocks. Like every
    /// window it does not end inside a number unless the input ends there. False (nothing
    /// changed) when no more bytes are to be had.
    fn stitch(&mut self, from: usize, mut bytes: Vec<u8>, wanted: usize) -> bool {
        let Some(segmented) = &mut self.segmented else { return false };
        let had = bytes.len();
        segmented.source.copy_from(from + had, wanted, &mut bytes);
        // Take on a number's digits that go on in the next blocks, up to and with the byte
        // after them (a few at a time: digit runs are short, and nothing beyond is wanted).
        while bytes.last().is_some_and(|&b| continues_number(b)) {
            let before = bytes.len();
            segmented.source.copy_from(from + before, 16, &mut bytes);
            match bytes[before..].iter().position(|&b| !continues_number(b)) {
                Some(end) => bytes.truncate(before + end + 1),
                None if bytes.len() == before => break,
                None => {}
            }
        }
        let keep = bytes.len() - number_tail(&bytes, segmented.source.may_follow(from + bytes.len()));
        if keep < bytes.len() {
            // Digits at the end of what has arrived: the rest of the number is still to come.
            segmented.source.wanted_more();
        }
        if keep <= had {
            return false;
        }
        bytes.truncate(keep);
        self.input = segmented.source.keep(bytes);
        self.base = from;
        self.pos = 0;
        true
    }

    /// Whether the window could be extended: there is input after it, or may yet be.
    pub(in crate::read) fn may_extend(&self) -> bool {
        match self.segmented {
            Some(segmented) if segmented.refills => segmented.source.may_follow(self.base + self.input.len()),
            _ => false,
        }
    }

    /// The raw value from absolute `start` to the reader's position, which lie in different
    /// windows: copied together and kept with the blocks.
    #[cold]
    #[inline(never)]
    pub(in crate::read) fn raw_across_windows(&mut self, start: usize) -> &'de [u8] {
        let end = self.offset();
        let Some(segmented) = &mut self.segmented else { unreachable!("one slice has one window") };
        let mut bytes = Vec::with_capacity(end - start);
        segmented.source.copy_from(start, end - start, &mut bytes);
        let raw = segmented.source.keep(bytes);
        segmented.raw = (raw.as_ptr() as usize, raw.len(), start);
        raw
    }

    /// Records where the raw value `raw`, in the current window, starts in the whole input.
    pub(in crate::read) fn note_raw_value(&mut self, raw: &[u8]) {
        let window_start = self.input.as_ptr() as usize;
        if let Some(segmented) = &mut self.segmented {
            let offset = self.base + (raw.as_ptr() as usize - window_start);
            segmented.raw = (raw.as_ptr() as usize, raw.len(), offset);
        }
    }

    /// A sub-reader over `raw`, a raw value of this segmented reader: positioned in the whole
    /// input, but never moving past `raw`.
    #[cold]
    #[inline(never)]
    pub(in crate::read) fn segmented_sub_reader(
        &self,
        segmented: Segmented<'de>,
        raw: &'de [u8],
    ) -> Reader<'de> {
        let (address, length, offset) = segmented.raw;
        let mut reader = Reader::with_options(raw, self.options);
        if raw.as_ptr() as usize == address && raw.len() <= length {
            reader.base = offset;
            reader.segmented = Some(Segmented { refills: false, ..segmented });
        }
        reader
    }

    /// For input in pieces, what an error hint looks at around `pos`, across the pieces: the
    /// first bytes there (as many as a hint compares), and the last byte before it that is not
    /// whitespace. `None` for one slice, whose window holds it all.
    #[cold]
    #[inline(never)]
    pub(in crate::read) fn hint_context(&self, pos: usize) -> Option<(Vec<u8>, Option<u8>)> {
        let segmented = self.segmented.filter(|segmented| segmented.refills)?;
        let offset = self.base + pos;
        let mut rest = Vec::new();
        segmented.source.copy_from(offset, crate::error::BYTE_ORDER_MARK.len(), &mut rest);
        Some((rest, segmented.source.last_significant_before(offset)))
    }

    /// For input in pieces that ran out before the input ended: a placeholder for the error
    /// being made, which is dropped (the step is run again once more input has arrived), so
    /// that it costs no message.
    #[cold]
    #[inline(never)]
    pub(in crate::read) fn starved_error(&self) -> Option<Error> {
        let segmented = self.segmented?;
        segmented.source.is_starved().then(Error::placeholder)
    }

    /// An error at absolute `offset`.
    #[cold]
    #[inline(never)]
    pub(crate) fn error_at_offset(&self, category: Category, message: String, offset: usize) -> Error {
        match self.segmented {
            Some(segmented) => segmented.source.error_at(category, message, offset),
            None => Error::at(category, message, self.origin, offset),
        }
    }

    /// What stands at `pos`, for "found ..." in messages, and whether that is the end of the
    /// input. Across pieces the description looks past the window.
    #[cold]
    #[inline(never)]
    pub(in crate::read) fn describe(&self, pos: usize) -> (String, bool) {
        const LOOK_AHEAD: usize = 32;
        match self.segmented {
            Some(segmented) if segmented.refills => {
                let from = pos.min(self.input.len());
                let mut bytes = self.input[from..(from + LOOK_AHEAD).min(self.input.len())].to_vec();
                if bytes.len() < LOOK_AHEAD {
                    let end = self.base + self.input.len();
                    segmented.source.copy_from(end, LOOK_AHEAD - bytes.len(), &mut bytes);
                    if bytes.len() < LOOK_AHEAD {
                        // Input still arriving could change what the message shows.
                        segmented.source.wanted_more();
                    }
                }
                (describe_found(&bytes, 0), bytes.is_empty())
            }
            _ => (describe_found(self.input, pos), pos >= self.input.len()),
        }
    }
}
