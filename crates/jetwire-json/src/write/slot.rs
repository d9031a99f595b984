//! Reserve-then-commit: room for a value in the writer's own buffer.

use jetwire_core::Output;

use super::{State, Writer};

/// Room for one value inside a [`Writer`]'s buffer, from
/// [`Writer::reserve_value`]. Fill [`buffer`](Self::buffer), then [`commit`](Self::commit) the
/// length used; dropping the slot without committing undoes the reservation.
#[derive(Debug)]
pub struct ValueSlot<'w, O: Output> {
    writer: &'w mut Writer<O>,
    start: usize,
    max_len: usize,
    /// Where the writer stood before the reservation (`Writer::mark`), to go back to unless
    /// committed.
    rollback: (usize, State),
    committed: bool,
}

impl<'w, O: Output> ValueSlot<'w, O> {
    pub(super) fn new(
        writer: &'w mut Writer<O>,
        start: usize,
        max_len: usize,
        rollback: (usize, State),
    ) -> Self {
        ValueSlot { writer, start, max_len, rollback, committed: false }
    }

    /// The reserved bytes (zeroed at first), to write the value into.
    pub fn buffer(&mut self) -> &mut [u8] {
        let (start, end) = (self.start, self.start + self.max_len);
        &mut self.writer.out.buffer()[start..end]
    }

    /// Keeps the first `len` bytes of [`buffer`](Self::buffer) as the value.
    ///
    /// # Panics
    ///
    /// If `len` is larger than the reserved length.
    pub fn commit(mut self, len: usize) {
        assert!(len <= self.max_len, "committed {len} bytes into a slot of {}", self.max_len);
        self.writer.out.buffer().truncate(self.start + len);
        self.writer.end_value();
        self.committed = true;
    }
}

impl<O: Output> Drop for ValueSlot<'_, O> {
    fn drop(&mut self) {
        if !self.committed {
            self.writer.rewind(self.rollback);
        }
    }
}
