//! An append-only list of byte blocks whose contents do not move while borrowed.
//!
//! Input that arrives in pieces is kept as a list of blocks: the caller's chunks, blocks read from
//! a stream, and the small copies made where a token straddles two blocks. A reader borrows bytes
//! from the blocks for as long as it borrows the list, while more blocks are still being appended
//! through a shared reference. Blocks are released, or the last one grown, only through `&mut`,
//! when nothing borrows them.

use core::cell::UnsafeCell;

/// One block: bytes borrowed for `'a`, or owned on the heap (so that moving the block's handle
/// inside the list never moves its bytes).
pub enum Block<'a> {
    /// Bytes the caller lends for `'a`.
    Borrowed(&'a [u8]),
    /// Bytes the list owns (a `Vec`'s buffer does not move with the `Vec`).
    Owned(Vec<u8>),
    /// Any owner of bytes (a `bytes::Bytes`, a `Vec<u8>`, ...), boxed so that its bytes stay put;
    /// `Send`, so that a reader holding blocks can move to another thread (an async task's).
    Boxed(Box<dyn AsRef<[u8]> + Send + 'a>),
}

impl Block<'_> {
    /// The block's bytes, whoever owns them.
    pub fn bytes(&self) -> &[u8] {
        match self {
            Block::Borrowed(bytes) => bytes,
            Block::Owned(bytes) => bytes,
            Block::Boxed(owner) => (**owner).as_ref(),
        }
    }
}

/// An append-only list of [`Block`]s: [`push`](Self::push) through `&self` hands back the block's
/// bytes for as long as the list is borrowed; [`release_front`](Self::release_front) drops the
/// oldest blocks through `&mut self`.
///
/// ```
/// use jetwire_core::blocks::{Block, BlockList};
/// let list = BlockList::new();
/// let first = list.push(Block::Owned(b"ab".to_vec()));
/// let second = list.push(Block::Borrowed(b"cd"));
/// assert_eq!((first, second), (&b"ab"[..], &b"cd"[..]));
/// assert_eq!(list.get(1), Some(&b"cd"[..]));
/// ```
#[derive(Default)]
pub struct BlockList<'a> {
    blocks: UnsafeCell<Vec<Block<'a>>>,
    /// How many blocks were released from the front: `get(i)` looks up `blocks[i - released]`.
    released: usize,
}

impl<'a> BlockList<'a> {
    /// An empty list.
    pub fn new() -> Self {
        BlockList { blocks: UnsafeCell::new(Vec::new()), released: 0 }
    }

    /// Appends `block` and returns its bytes.
    pub fn push(&self, block: Block<'a>) -> &[u8] {
        // SAFETY: the list is not `Sync`, and no reference into the `Vec` itself outlives this
        // call or `get` (only references to the blocks' bytes do), so this `&mut` is unique
        // while it lives. Pushing may move the `Block` handles, but never the bytes they point
        // to: borrowed bytes belong to the caller, owned and boxed bytes live on the heap.
        let blocks = unsafe { &mut *self.blocks.get() };
        blocks.push(block);
        let bytes = blocks.last().map(Block::bytes).unwrap_or_default();
        // SAFETY: the bytes are neither moved nor dropped until `release_front` or drop, which
        // take `&mut self` and so cannot run while the returned borrow of `self` lives.
        unsafe { core::slice::from_raw_parts(bytes.as_ptr(), bytes.len()) }
    }

    /// The bytes of block `index` (counting released blocks), if it is held.
    pub fn get(&self, index: usize) -> Option<&[u8]> {
        // SAFETY: a shared view of the `Vec`, dropped before this call returns; see `push`.
        let blocks = unsafe { &*self.blocks.get() };
        let bytes = blocks.get(index.checked_sub(self.released)?)?.bytes();
        // SAFETY: as in `push`, the bytes stay where they are while `self` is borrowed.
        Some(unsafe { core::slice::from_raw_parts(bytes.as_ptr(), bytes.len()) })
    }

    /// The index the next pushed block will have (released blocks count).
    pub fn end(&self) -> usize {
        // SAFETY: a shared view of the `Vec`, dropped before this call returns; see `push`.
        self.released + unsafe { &*self.blocks.get() }.len()
    }

    /// The index of the oldest block still held.
    pub fn first(&self) -> usize {
        self.released
    }

    /// The last block held, to change: its bytes may grow or move, which `&mut self` makes
    /// safe (no borrow of any block's bytes can be alive).
    pub fn last_mut(&mut self) -> Option<&mut Block<'a>> {
        self.blocks.get_mut().last_mut()
    }

    /// Drops the blocks before `index`, returning them to the caller for recycling.
    pub fn release_front(&mut self, index: usize) -> impl Iterator<Item = Block<'a>> + '_ {
        let count = index.saturating_sub(self.released).min(self.blocks.get_mut().len());
        self.released += count;
        self.blocks.get_mut().drain(..count)
    }
}

impl core::fmt::Debug for BlockList<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BlockList").field("first", &self.first()).field("end", &self.end()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_stay_put_while_blocks_are_appended() {
        let list = BlockList::new();
        let first = list.push(Block::Owned(vec![1; 8]));
        for n in 0..1000 {
            list.push(Block::Boxed(Box::new(vec![n as u8; 3])));
        }
        assert_eq!(first, [1; 8]);
        assert_eq!(list.get(1000), Some(&[231u8, 231, 231][..]));
        assert_eq!(list.end(), 1001);
    }

    #[test]
    fn released_blocks_are_gone_and_indices_keep_counting() {
        let mut list = BlockList::new();
        for n in 0..5u8 {
            list.push(Block::Owned(vec![n]));
        }
        assert_eq!(list.release_front(3).count(), 3);
        assert_eq!((list.first(), list.end()), (3, 5));
        assert_eq!(list.get(2), None);
        assert_eq!(list.get(3), Some(&[3u8][..]));
        assert_eq!(list.release_front(10).count(), 2);
        assert_eq!(list.get(4), None);
    }
}
