//! The bytes behind a segmented reader: blocks in order, held in a [`BlockList`] so that the
//! reader can borrow from them while more arrive.
//!
//! A block is a caller's chunk (borrowed, or kept by value) or a block read from a stream. Where
//! a token straddles blocks the reader asks for a *stitch*: a small copy of the token's bytes
//! joined with the start of what follows, kept here as long as the blocks are. Absolute offsets
//! (from the start of the whole input) name every position, so a reader can be suspended and
//! attached again, and errors know their line and column.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;

use jetwire_core::blocks::{Block, BlockList};

use crate::error::{Category, Error, LineCount};

/// What a segmented [`Reader`](crate::read::Reader) needs from the blocks behind it.
pub(crate) trait Source {
    /// Block `index` and its absolute start offset. `None` past the last block held: then either
    /// the input has ended, or (push mode) more has not arrived, which [`Source::wanted_more`]
    /// records.
    fn block(&self, index: usize) -> Option<(&[u8], usize)>;
    /// Keeps `bytes` (a stitch) for as long as the blocks, and returns them.
    fn keep(&self, bytes: Vec<u8>) -> &[u8];
    /// Appends the input's bytes from absolute offset `start`, at most `limit` of them, to `out`:
    /// those held now (starved if there are none yet).
    fn copy_from(&self, start: usize, limit: usize, out: &mut Vec<u8>);
    /// Records that a reader wanted more than the input held, unless the input has ended.
    fn wanted_more(&self);
    /// Whether a reader has wanted more than the input held (since the mark was last taken):
    /// an error it makes meanwhile is dropped, so it need not be described.
    fn is_starved(&self) -> bool;
    /// The absolute offset just past the last byte held.
    fn held_end(&self) -> usize;
    /// Whether input follows absolute `offset`, or may yet arrive.
    fn may_follow(&self, offset: usize) -> bool;
    /// The absolute offset where the block holding `offset` ends.
    fn block_end(&self, offset: usize) -> usize;
    /// The last byte before absolute `offset` that is not JSON whitespace, among the bytes
    /// held: for error hints, which look back past the window.
    fn last_significant_before(&self, offset: usize) -> Option<u8>;
    /// An error at absolute `offset`, with its line and column.
    fn error_at(&self, category: Category, message: String, offset: usize) -> Error;
}

/// The blocks of one input, in order, with what is known about its end.
#[derive(Debug, Default)]
pub(crate) struct Segments<'a> {
    blocks: BlockList<'a>,
    /// Absolute start offset of every held block (`starts[i - blocks.first()]`).
    starts: RefCell<VecDeque<usize>>,
    /// Absolute offset just past the last block.
    end: Cell<usize>,
    /// Copies of straddling tokens; released with the blocks.
    stitches: BlockList<'a>,
    /// No block will follow the ones held.
    ended: Cell<bool>,
    /// A reader asked for a block that has not arrived yet.
    starved: Cell<bool>,
    /// Where the released bytes left the line count.
    released: LineCount,
    /// Absolute offset of the first byte still held.
    released_bytes: usize,
}

impl<'a> Segments<'a> {
    /// Segments that hold `chunks`, all of the input.
    pub(crate) fn complete<I: IntoIterator<Item = &'a [u8]>>(chunks: I) -> Self {
        let segments = Segments::default();
        for chunk in chunks {
            segments.push(Block::Borrowed(chunk));
        }
        segments.ended.set(true);
        segments
    }

    /// Appends a block.
    pub(crate) fn push(&self, block: Block<'a>) {
        let length = self.blocks.push(block).len();
        let start = self.end.get();
        self.starts.borrow_mut().push_back(start);
        self.end.set(start + length);
    }

    /// Appends `bytes` to the last block held, when that is an owned block shorter than
    /// `limit`; returns whether it did. Needs `&mut`: no reader borrows the blocks then, so the
    /// block's bytes may move. Offsets do not change: the block only grows at its end.
    pub(crate) fn append_to_last(&mut self, bytes: &[u8], limit: usize) -> bool {
        match self.blocks.last_mut() {
            Some(Block::Owned(last)) if last.len() < limit => {
                last.extend_from_slice(bytes);
                self.end.set(self.end.get() + bytes.len());
                true
            }
            _ => false,
        }
    }

    /// Marks the end of the input: no block follows.
    pub(crate) fn end_input(&self) {
        self.ended.set(true);
    }

    pub(crate) fn has_ended(&self) -> bool {
        self.ended.get()
    }

    /// The absolute offset of the first byte still held.
    pub(crate) fn held_from(&self) -> usize {
        self.released_bytes
    }

    /// The absolute offset just past the last byte held.
    pub(crate) fn end_offset(&self) -> usize {
        self.end.get()
    }

    /// Whether a reader ran out of the blocks held before the input ended, and clears the mark.
    pub(crate) fn take_starved(&self) -> bool {
        self.starved.replace(false)
    }

    /// The index of the block holding absolute `offset` (or the next block's index, if `offset`
    /// is where the held bytes end).
    pub(crate) fn block_index_at(&self, offset: usize) -> usize {
        let starts = self.starts.borrow();
        // The last block that starts at or before `offset`; empty blocks are skipped by readers.
        let held = starts.partition_point(|&start| start <= offset);
        self.blocks.first() + held.saturating_sub(1)
    }

    /// Releases every block that ends at or before absolute `offset`, and every stitch, handing
    /// owned blocks' buffers to `recycle`. Needs `&mut`: no reader borrows the blocks then.
    pub(crate) fn release_before(&mut self, offset: usize, mut recycle: impl FnMut(Vec<u8>)) {
        let keep_from = self.block_index_at(offset);
        if keep_from == self.blocks.first() && self.stitches.first() == self.stitches.end() {
            return;
        }
        let starts = self.starts.get_mut();
        let count = keep_from - self.blocks.first();
        for block in self.blocks.release_front(keep_from) {
            let bytes = block.bytes();
            self.released.add(bytes);
            self.released_bytes += bytes.len();
            if let Block::Owned(buffer) = block {
                recycle(buffer);
            }
        }
        starts.drain(..count);
        let stitches = self.stitches.end();
        self.stitches.release_front(stitches).for_each(drop);
    }

    /// Replaces every block held with `block`, which holds their bytes from absolute `from`
    /// on and then more: the bytes before `from` are released (their lines counted), and every
    /// stitch, handing owned blocks' buffers to `recycle`. A reader then reads the bytes from
    /// `from` on as one window. Needs `&mut`: no reader borrows the blocks then.
    pub(crate) fn rejoin(&mut self, from: usize, block: Block<'a>, mut recycle: impl FnMut(Vec<u8>)) {
        debug_assert!(self.released_bytes <= from && from <= self.end.get());
        let starts = self.starts.get_mut();
        let end = self.blocks.end();
        for (block, &start) in self.blocks.release_front(end).zip(starts.iter()) {
            let bytes = block.bytes();
            self.released.add(&bytes[..bytes.len().min(from.saturating_sub(start))]);
            if let Block::Owned(buffer) = block {
                recycle(buffer);
            }
        }
        starts.clear();
        self.released_bytes = from;
        let stitches = self.stitches.end();
        self.stitches.release_front(stitches).for_each(drop);
        self.end.set(from);
        self.push(block);
    }
}

impl Segments<'_> {
    /// The input held from absolute `start` on, at most `limit` bytes, where they lie in one
    /// block (as they mostly do): borrowed in place. `None` where they span blocks.
    pub(crate) fn held_slice(&self, start: usize, limit: usize) -> Option<&[u8]> {
        let (bytes, block_start) = self.held(self.block_index_at(start))?;
        let from = start.checked_sub(block_start)?;
        let end = self.end.get().min(start.saturating_add(limit));
        let to = end - block_start;
        (from <= to && to <= bytes.len()).then(|| &bytes[from..to])
    }

    /// The absolute offset of the first `byte` held at or after absolute `from`, if one is
    /// held (no starving).
    pub(crate) fn find_held(&self, from: usize, byte: u8) -> Option<usize> {
        let mut index = self.block_index_at(from);
        while let Some((bytes, start)) = self.held(index) {
            let skip = from.saturating_sub(start).min(bytes.len());
            if let Some(found) = bytes[skip..].iter().position(|&held| held == byte) {
                return Some(start + skip + found);
            }
            index += 1;
        }
        None
    }

    /// The block at `index` and its absolute start, if it is held (no starving).
    fn held(&self, index: usize) -> Option<(&[u8], usize)> {
        let bytes = self.blocks.get(index)?;
        Some((bytes, self.starts.borrow()[index - self.blocks.first()]))
    }
}

impl Source for Segments<'_> {
    fn block(&self, index: usize) -> Option<(&[u8], usize)> {
        let held = self.held(index);
        if held.is_none() {
            self.wanted_more();
        }
        held
    }

    fn keep(&self, bytes: Vec<u8>) -> &[u8] {
        self.stitches.push(Block::Owned(bytes))
    }

    fn copy_from(&self, start: usize, limit: usize, out: &mut Vec<u8>) {
        let mut index = self.block_index_at(start);
        let mut at = start;
        let stop = start.saturating_add(limit);
        let before = out.len();
        while at < stop {
            let Some((bytes, block_start)) = self.held(index) else {
                // Starved only when nothing at all could be had: a stitch that got some bytes
                // goes on with them.
                if out.len() == before {
                    self.wanted_more();
                }
                break;
            };
            if at < block_start + bytes.len() {
                let from = at - block_start;
                let to = bytes.len().min(stop - block_start);
                out.extend_from_slice(&bytes[from..to]);
                at = block_start + to;
            }
            index += 1;
        }
    }

    fn may_follow(&self, offset: usize) -> bool {
        offset < self.end.get() || !self.ended.get()
    }

    fn block_end(&self, offset: usize) -> usize {
        match self.held(self.block_index_at(offset)) {
            Some((bytes, start)) => start + bytes.len(),
            None => offset,
        }
    }

    fn last_significant_before(&self, offset: usize) -> Option<u8> {
        let mut index = self.block_index_at(offset.checked_sub(1)?);
        loop {
            let (bytes, start) = self.held(index)?;
            let end = bytes.len().min(offset.saturating_sub(start));
            if let Some(&byte) = bytes[..end].iter().rev().find(|b| !b.is_ascii_whitespace()) {
                return Some(byte);
            }
            index = index.checked_sub(1).filter(|&i| i >= self.blocks.first())?;
        }
    }

    fn wanted_more(&self) {
        if !self.ended.get() {
            self.starved.set(true);
        }
    }

    fn is_starved(&self) -> bool {
        self.starved.get()
    }

    fn held_end(&self) -> usize {
        self.end.get()
    }

    fn error_at(&self, category: Category, message: String, offset: usize) -> Error {
        if self.starved.get() {
            // The read that failed is run again once more input arrives: the error is dropped,
            // so its line and column need not be counted.
            return Error::at_position(category, message, offset, 0, 0);
        }
        let mut count = self.released;
        let mut at = self.released_bytes;
        let mut index = self.blocks.first();
        while at < offset {
            let Some((bytes, block_start)) = self.blocks.get(index).map(|b| (b, at)) else { break };
            let take = bytes.len().min(offset - block_start);
            count.add(&bytes[..take]);
            at += take;
            index += 1;
        }
        Error::at_position(category, message, offset, 1 + count.lines, 1 + count.column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_found_by_offset_and_released_with_their_line_count() {
        let mut segments = Segments::default();
        for chunk in [&b"ab\nc"[..], b"", b"d\ne", b"f"] {
            segments.push(Block::Owned(chunk.to_vec()));
        }
        assert_eq!(segments.block_index_at(0), 0);
        assert_eq!(segments.block_index_at(4), 2);
        assert_eq!(segments.block_index_at(7), 3);
        let err = segments.error_at(Category::Syntax, "x".into(), 7);
        assert_eq!((err.line(), err.column()), (3, 2));
        let mut recycled = 0;
        segments.release_before(7, |_| recycled += 1);
        assert_eq!(recycled, 3);
        let err = segments.error_at(Category::Syntax, "x".into(), 8);
        assert_eq!((err.line(), err.column(), err.offset()), (3, 3, 8));
        let mut out = Vec::new();
        segments.copy_from(7, 10, &mut out);
        assert_eq!(out, b"f");
    }

    #[test]
    fn a_reader_past_the_held_blocks_is_starved_until_the_input_ends() {
        let segments = Segments::default();
        segments.push(Block::Borrowed(b"[1"));
        assert!(segments.block(1).is_none());
        assert!(segments.take_starved());
        segments.end_input();
        assert!(segments.block(1).is_none());
        assert!(!segments.take_starved());
    }
}
