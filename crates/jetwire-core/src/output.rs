//! Output sinks for writers.
//!
//! A writer appends bytes to a `Vec<u8>` and never checks for I/O on its hot path. An [`Output`]
//! decides what happens to those bytes afterwards: a plain `Vec<u8>` keeps them, an [`IoOutput`]
//! hands them to an [`io::Write`] once enough have gathered.

use std::io;

/// Where a writer's bytes go.
///
/// Writers append to [`Output::buffer`] and call [`Output::maybe_flush`] between values, so an
/// implementation that forwards to I/O can keep its buffer small. `Vec<u8>` and `&mut Vec<u8>`
/// keep everything in memory; [`IoOutput`] forwards to any [`io::Write`].
///
/// ```
/// use jetwire_core::Output;
/// let mut out: Vec<u8> = Vec::new();
/// out.buffer().extend_from_slice(b"[]");
/// out.maybe_flush().unwrap();
/// assert_eq!(out, b"[]");
/// ```
pub trait Output {
    /// The buffer to append to.
    fn buffer(&mut self) -> &mut Vec<u8>;

    /// The bytes buffered and not yet handed on (for in-memory sinks: everything written).
    fn buffered(&self) -> &[u8];

    /// Gives the sink a chance to drain its buffer. In-memory sinks do nothing.
    #[inline]
    fn maybe_flush(&mut self) -> io::Result<()> {
        Ok(())
    }

    /// Drains everything that is buffered to its destination.
    #[inline]
    fn flush_all(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Output for Vec<u8> {
    #[inline]
    fn buffer(&mut self) -> &mut Vec<u8> {
        self
    }

    #[inline]
    fn buffered(&self) -> &[u8] {
        self
    }
}

impl Output for &mut Vec<u8> {
    #[inline]
    fn buffer(&mut self) -> &mut Vec<u8> {
        self
    }

    #[inline]
    fn buffered(&self) -> &[u8] {
        self
    }
}

/// A buffer in front of an [`io::Write`]: bytes are handed on in blocks of about
/// [`IoOutput::BLOCK`] bytes, so a writer never makes a system call per token.
///
/// ```
/// use jetwire_core::{IoOutput, Output};
/// let mut sink = IoOutput::new(Vec::new());
/// sink.buffer().extend_from_slice(b"true");
/// sink.flush_all().unwrap();
/// assert_eq!(sink.into_inner().unwrap(), b"true");
/// ```
#[derive(Debug)]
pub struct IoOutput<W: io::Write> {
    buffer: Vec<u8>,
    inner: W,
}

impl<W: io::Write> IoOutput<W> {
    /// How many bytes gather before they are written through.
    pub const BLOCK: usize = 64 * 1024;

    /// Wraps `inner`.
    pub fn new(inner: W) -> Self {
        IoOutput { buffer: Vec::with_capacity(Self::BLOCK + Self::BLOCK / 4), inner }
    }

    /// Flushes what is buffered and returns the wrapped writer.
    pub fn into_inner(mut self) -> io::Result<W> {
        self.flush_all()?;
        Ok(self.inner)
    }

    /// The wrapped writer.
    pub fn get_ref(&self) -> &W {
        &self.inner
    }
}

impl<W: io::Write> Output for IoOutput<W> {
    #[inline]
    fn buffer(&mut self) -> &mut Vec<u8> {
        &mut self.buffer
    }

    #[inline]
    fn buffered(&self) -> &[u8] {
        &self.buffer
    }

    #[inline]
    fn maybe_flush(&mut self) -> io::Result<()> {
        if self.buffer.len() >= Self::BLOCK {
            self.flush_all()?;
        }
        Ok(())
    }

    fn flush_all(&mut self) -> io::Result<()> {
        self.inner.write_all(&self.buffer)?;
        self.buffer.clear();
        self.inner.flush()
    }
}
