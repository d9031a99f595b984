//! Output sinks for writers.
//!
//! A writer appends bytes to a `Vec<u8>` and never checks for I/O on its hot path. An [`Output`]
//! decides what happens to those bytes afterwards: a plain `Vec<u8>` keeps them, an [`IoOutput`]
//! hands them to an [`io::Write`] once enough have gathered.

use std::io;

use crate::copy::{SHORT_COPY_MAX, copy_short};

/// The longest slice [`extend_short`] and [`extend_short_after`] copy inline. Shorter than
/// [`copy_short`]'s limit: writers inline these appends at every string and number, where the
/// copy's extra branch for 33 to 64 bytes cost more than it saved (perf-log, sixth pass).
pub const SHORT_APPEND_MAX: usize = 32;

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

    /// How many bytes have reached their destination: for an in-memory sink everything
    /// written, for one that forwards to I/O the bytes its writer accepted (so that an error
    /// can say how much of the output is there).
    #[inline]
    fn written(&self) -> u64 {
        self.buffered().len() as u64
    }
}

/// Writes all of `bytes` to `out` as `write_all` does (retrying `Interrupted`, failing on a
/// write that accepts nothing), adding each byte `out` accepts to `written`, so that a caller
/// whose write fails midway knows how much of the output reached it.
///
/// ```
/// let (mut out, mut written) = (Vec::new(), 0);
/// jetwire_core::output::write_counted(&mut out, b"[1,2]", &mut written).unwrap();
/// assert_eq!((out.as_slice(), written), (&b"[1,2]"[..], 5));
/// ```
pub fn write_counted<W: io::Write + ?Sized>(
    out: &mut W,
    mut bytes: &[u8],
    written: &mut u64,
) -> io::Result<()> {
    while !bytes.is_empty() {
        match out.write(bytes) {
            Ok(0) => return Err(io::Error::new(io::ErrorKind::WriteZero, "failed to write whole buffer")),
            Ok(n) => {
                *written += n as u64;
                bytes = &bytes[n..];
            }
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    }
    Ok(())
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

/// Appends `bytes[skip..]` to `out`. `bytes` is an array whose length is known at compile
/// time, so the copy compiles to a few register moves instead of a call to `memcpy` (which
/// `Vec::extend_from_slice` makes for short slices it cannot see the length of).
///
/// ```
/// let mut out = b"{".to_vec();
/// jetwire_core::output::extend_from_array(&mut out, b",\"id\":", 1);
/// assert_eq!(out, b"{\"id\":");
/// ```
///
/// # Panics
///
/// If `skip > N`.
#[inline(always)]
pub fn extend_from_array<const N: usize>(out: &mut Vec<u8>, bytes: &[u8; N], skip: usize) {
    assert!(skip <= N);
    let count = N - skip;
    out.reserve(count);
    let len = out.len();
    // SAFETY: `reserve(count)` guarantees capacity for `len + count` bytes, so the destination
    // range is inside the allocation; the source range `skip..N` is inside `bytes`; the two cannot
    // overlap (`out` is borrowed mutably, `bytes` shared). After the copy the first
    // `len + count` bytes are initialized, so `set_len` is sound.
    unsafe {
        core::ptr::copy_nonoverlapping(bytes.as_ptr().add(skip), out.as_mut_ptr().add(len), count);
        out.set_len(len + count);
    }
}

/// Appends a short slice (such as a formatted number) to `out` without calling `memcpy`: up to
/// [`SHORT_APPEND_MAX`] bytes are copied with two to four overlapping unaligned moves
/// ([`copy_short`]); longer slices take `extend_from_slice`.
///
/// ```
/// let mut out = b"[".to_vec();
/// jetwire_core::output::extend_short(&mut out, b"-1.2345e-7");
/// assert_eq!(out, b"[-1.2345e-7");
/// ```
#[inline(always)]
pub fn extend_short(out: &mut Vec<u8>, bytes: &[u8]) {
    let n = bytes.len();
    if !(4..=SHORT_APPEND_MAX).contains(&n) {
        out.extend_from_slice(bytes);
        return;
    }
    out.reserve(n);
    let len = out.len();
    // SAFETY: `reserve(n)` makes room for `len + n` bytes, which `copy_short` fills from `len`
    // with the `n` (at most `SHORT_APPEND_MAX`) bytes of `bytes`; `out` and `bytes` cannot
    // overlap. After it the first `len + n` bytes are initialized.
    unsafe {
        copy_short(out.as_mut_ptr().add(len), bytes.as_ptr(), n);
        out.set_len(len + n);
    }
}

/// Appends one byte and then `bytes`, with one capacity check and, for up to
/// [`SHORT_APPEND_MAX`] bytes, no call to `memcpy`: a length byte and the short string it counts.
///
/// ```
/// let mut out = vec![7];
/// jetwire_core::output::extend_short_after(&mut out, 2, b"hi");
/// assert_eq!(out, [7, 2, b'h', b'i']);
/// ```
#[inline(always)]
pub fn extend_short_after(out: &mut Vec<u8>, first: u8, bytes: &[u8]) {
    let n = bytes.len();
    if n > SHORT_APPEND_MAX {
        out.push(first);
        out.extend_from_slice(bytes);
        return;
    }
    out.reserve(n + 1);
    let len = out.len();
    // SAFETY: `reserve(n + 1)` makes room for `len + n + 1` bytes: `first` at `len`, then the
    // `n` (at most `SHORT_APPEND_MAX`) bytes of `bytes` that `copy_short` writes after it; `out`
    // and `bytes` cannot overlap. After both the first `len + n + 1` bytes are initialized.
    unsafe {
        let dst = out.as_mut_ptr().add(len);
        dst.write(first);
        copy_short(dst.add(1), bytes.as_ptr(), n);
        out.set_len(len + n + 1);
    }
}

/// Appends `head[skip..]`, then `bytes`, then `tail`, with one capacity check and no call to
/// `memcpy`: a short property name between its `,"` and its `":`.
///
/// ```
/// let mut out = b"{".to_vec();
/// jetwire_core::output::extend_short_between(&mut out, b",\"", 1, b"id", b"\":");
/// assert_eq!(out, b"{\"id\":");
/// ```
///
/// # Panics
///
/// If `skip > H`, `H` is over [`SHORT_COPY_MAX`], or `bytes` is longer than [`SHORT_APPEND_MAX`].
#[inline(always)]
pub fn extend_short_between<const H: usize, const T: usize>(
    out: &mut Vec<u8>,
    head: &[u8; H],
    skip: usize,
    bytes: &[u8],
    tail: &[u8; T],
) {
    assert!(skip <= H && H <= SHORT_COPY_MAX && bytes.len() <= SHORT_APPEND_MAX);
    let (h, n) = (H - skip, bytes.len());
    out.reserve(h + n + T);
    let len = out.len();
    // SAFETY: `reserve` makes room for `len + h + n + T` bytes, which the three copies fill in
    // order from `len`: `h` bytes of `head` from `skip` (inside `head`, `skip <= H`), the `n`
    // bytes of `bytes` (`h <= H` is a few bytes and `n <= SHORT_APPEND_MAX <= SHORT_COPY_MAX`,
    // as `copy_short` requires), the `T` bytes of `tail`. `out` is borrowed mutably and the
    // sources shared, so no range overlaps another. After the copies the first
    // `len + h + n + T` bytes are initialized.
    unsafe {
        let dst = out.as_mut_ptr().add(len);
        // `copy_short`, not `copy_nonoverlapping`: a copy of a length known only at run time is
        // a call to `memcpy`, which costs more than the byte or two it moves.
        copy_short(dst, head.as_ptr().add(skip), h);
        copy_short(dst.add(h), bytes.as_ptr(), n);
        core::ptr::copy_nonoverlapping(tail.as_ptr(), dst.add(h + n), T);
        out.set_len(len + h + n + T);
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
    /// Bytes `inner` has accepted.
    written: u64,
}

impl<W: io::Write> IoOutput<W> {
    /// How many bytes gather before they are written through.
    pub const BLOCK: usize = 64 * 1024;

    /// Wraps `inner`.
    pub fn new(inner: W) -> Self {
        IoOutput { buffer: Vec::with_capacity(Self::BLOCK + Self::BLOCK / 4), inner, written: 0 }
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

    /// Writes the buffer through. If the writer fails midway, what it accepted leaves the
    /// buffer (and counts in [`written`](Output::written)); the rest stays buffered.
    fn flush_all(&mut self) -> io::Result<()> {
        let before = self.written;
        let result = write_counted(&mut self.inner, &self.buffer, &mut self.written);
        // At most `buffer.len()` bytes were accepted, so the difference fits a `usize`.
        self.buffer.drain(..(self.written - before) as usize);
        result?;
        self.inner.flush()
    }

    #[inline]
    fn written(&self) -> u64 {
        self.written
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `extend_short` and `extend_short_after` against `extend_from_slice`, for every length
    /// around their word-copy cases and every alignment of the end of the output.
    #[test]
    fn short_copies_append_every_length() {
        let source: Vec<u8> = (0u8..64).collect();
        for prefix in 0..10 {
            for n in 0..=40 {
                let bytes = &source[..n];
                let mut plain = vec![0xAA; prefix];
                extend_short(&mut plain, bytes);
                let mut after = vec![0xAA; prefix];
                extend_short_after(&mut after, 0x55, bytes);
                let mut expected = vec![0xAA; prefix];
                expected.extend_from_slice(bytes);
                assert_eq!(plain, expected, "extend_short: prefix {prefix}, length {n}");
                expected.insert(prefix, 0x55);
                assert_eq!(after, expected, "extend_short_after: prefix {prefix}, length {n}");
            }
        }
    }

    /// A writer that accepts at most `step` bytes a call, returns `Interrupted` every third
    /// call, and fails for good once it holds `capacity` bytes.
    struct Flaky {
        held: Vec<u8>,
        step: usize,
        capacity: usize,
        calls: usize,
    }

    impl io::Write for Flaky {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.calls += 1;
            if self.calls % 3 == 0 {
                return Err(io::ErrorKind::Interrupted.into());
            }
            if self.held.len() == self.capacity {
                return Err(io::Error::other("disk full"));
            }
            let n = bytes.len().min(self.step).min(self.capacity - self.held.len());
            self.held.extend_from_slice(&bytes[..n]);
            Ok(n)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn io_output_counts_what_its_writer_accepted() {
        let data: Vec<u8> = (0..=255).collect();
        for capacity in [0, 1, 7, 100, 256, 300] {
            let flaky = Flaky { held: Vec::new(), step: 7, capacity, calls: 0 };
            let mut sink = IoOutput::new(flaky);
            sink.buffer().extend_from_slice(&data);
            let result = sink.flush_all();
            let held = sink.get_ref().held.clone();
            assert_eq!(sink.written(), held.len() as u64, "capacity {capacity}");
            assert_eq!(held, data[..held.len()], "capacity {capacity}: a prefix, in order");
            assert_eq!(sink.buffered(), &data[held.len()..], "capacity {capacity}: the rest stays");
            match result {
                Ok(()) => assert!(capacity >= data.len(), "capacity {capacity}"),
                Err(err) => {
                    assert!(capacity < data.len(), "capacity {capacity}");
                    assert_eq!(err.to_string(), "disk full");
                }
            }
        }
    }

    #[test]
    fn extend_from_array_skips_a_prefix() {
        let mut out = vec![1];
        extend_from_array(&mut out, &[2, 3, 4], 1);
        extend_from_array(&mut out, &[5], 0);
        assert_eq!(out, [1, 3, 4, 5]);
    }
}
