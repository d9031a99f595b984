//! Async input: tokio's `AsyncRead` (feature `tokio`) and `Stream`s of byte chunks (feature
//! `futures`), read as they arrive by a [`PushReader`].
//!
//! Every future and stream here is cancel-safe: a piece of input is pushed within the poll that
//! received it, and a value is consumed within the poll that returns it, so dropping a read
//! midway loses nothing and the reader can be used again.

use std::future::poll_fn;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use super::push::{NextValue, Pull, PushReader, Values};
use crate::error::Result;
use crate::read::ReadOptions;
use crate::typed::FromJsonOwned;

/// Where async pieces of input come from: any tokio `AsyncRead` (feature `tokio`), and a
/// `Stream` of byte chunks in a `StreamPieces` (feature `futures`).
pub trait AsyncPieces: Unpin {
    /// Receives the next piece into `reader` (or marks the end of its input).
    #[doc(hidden)]
    fn poll_piece(&mut self, cx: &mut Context<'_>, reader: &mut PushReader) -> Poll<Result<()>>;
}

/// Runs `step` until it is ready, receiving pieces from `source` meanwhile.
fn poll_step<S: AsyncPieces, T>(
    source: &mut S,
    reader: &mut PushReader,
    cx: &mut Context<'_>,
    mut step: impl FnMut(&mut PushReader) -> Result<Pull<T>>,
) -> Poll<Result<T>> {
    loop {
        if let Pull::Ready(value) = step(reader)? {
            return Poll::Ready(Ok(value));
        }
        ready!(source.poll_piece(cx, reader))?;
    }
}

/// Reads a whole document from `source` as a `T`.
async fn read_document<S: AsyncPieces, T: FromJsonOwned>(mut source: S, options: ReadOptions) -> Result<T> {
    let mut reader = PushReader::with_options(options);
    poll_fn(|cx| poll_step(&mut source, &mut reader, cx, PushReader::read_document::<T>)).await
}

#[cfg(feature = "tokio")]
pub use self::tokio_io::*;

#[cfg(feature = "tokio")]
mod tokio_io {
    use super::*;
    use crate::error::Error;
    use ::tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};

    /// Every tokio `AsyncRead` is a source of pieces, read in 64 KiB blocks: the async readers
    /// over one are named by it, `AsyncLinesReader<tokio::fs::File, Event>`.
    impl<R: AsyncRead + Unpin> AsyncPieces for R {
        fn poll_piece(&mut self, cx: &mut Context<'_>, reader: &mut PushReader) -> Poll<Result<()>> {
            if reader.is_input_ended() {
                return Poll::Ready(Ok(()));
            }
            let mut buffer = reader.block_buffer();
            let mut read = ReadBuf::new(&mut buffer);
            let polled = Pin::new(self).poll_read(cx, &mut read);
            let length = read.filled().len();
            match polled {
                Poll::Ready(Ok(())) => {
                    reader.push_read(buffer, length);
                    Poll::Ready(Ok(()))
                }
                Poll::Ready(Err(err)) => Poll::Ready(Err(reader.source_error(err))),
                Poll::Pending => {
                    // Nothing was read: the buffer waits for the next poll.
                    reader.recycle(buffer);
                    Poll::Pending
                }
            }
        }
    }

    /// Reads a `T` from a tokio `AsyncRead`, in 64 KiB block reads that are not copied together.
    ///
    /// ```
    /// # futures_executor::block_on(async {
    /// let body: &[u8] = br#"{"id": 7}"#; // a file, a socket, an HTTP body...
    /// let value: jetwire_json::Value = jetwire_json::stream::from_async_reader(body).await?;
    /// assert_eq!(value["id"], 7);
    /// # Ok::<(), jetwire_json::Error>(())
    /// # }).unwrap();
    /// ```
    pub async fn from_async_reader<R: AsyncRead + Unpin, T: FromJsonOwned>(source: R) -> Result<T> {
        read_document(source, ReadOptions::default()).await
    }

    /// [`from_async_reader`] with `options`.
    pub async fn from_async_reader_with<R: AsyncRead + Unpin, T: FromJsonOwned>(
        source: R,
        options: ReadOptions,
    ) -> Result<T> {
        read_document(source, options).await
    }

    impl<R: AsyncRead + Unpin, T: FromJsonOwned> AsyncArrayReader<R, T> {
        /// The elements of the top-level array read from a tokio `AsyncRead`.
        pub fn new(source: R) -> Self {
            AsyncArrayReader::from_pieces(source, PushReader::new())
        }

        /// The elements of the array at `pointer` (a JSON Pointer) in the document.
        pub fn at_pointer(source: R, pointer: &str) -> Result<Self> {
            Ok(AsyncArrayReader::from_pieces(source, PushReader::at_pointer(pointer)?))
        }
    }

    impl<R: AsyncRead + Unpin, T: FromJsonOwned> AsyncLinesReader<R, T> {
        /// The JSON Lines values read from a tokio `AsyncRead`.
        ///
        /// ```
        /// use jetwire_json::stream::AsyncLinesReader;
        ///
        /// /// A reader's type names its source: it can be kept in a struct.
        /// struct Events {
        ///     lines: AsyncLinesReader<&'static [u8], jetwire_json::Value>,
        /// }
        ///
        /// # futures_executor::block_on(async {
        /// let mut events = Events { lines: AsyncLinesReader::new(&b"{\"n\": 1}\n{\"n\": 2}\n"[..]) };
        /// assert_eq!(events.lines.next().await.unwrap()?["n"], 1);
        /// # Ok::<(), jetwire_json::Error>(())
        /// # }).unwrap();
        /// ```
        pub fn new(source: R) -> Self {
            AsyncLinesReader::from_pieces(source, ReadOptions::default())
        }
    }

    /// Writes JSON Lines into a tokio `AsyncWrite`: each value formatted as one line in a reused
    /// buffer, then written whole.
    ///
    /// ```
    /// # futures_executor::block_on(async {
    /// use jetwire_json::stream::AsyncLinesWriter;
    /// let mut out = Vec::new();
    /// let mut lines = AsyncLinesWriter::new(&mut out);
    /// lines.write(&[1, 2]).await?;
    /// lines.write(&true).await?;
    /// assert_eq!(out, b"[1,2]\ntrue\n");
    /// # Ok::<(), jetwire_json::Error>(())
    /// # }).unwrap();
    /// ```
    #[derive(Debug)]
    pub struct AsyncLinesWriter<W> {
        out: W,
        line: Vec<u8>,
        /// Bytes `out` has accepted.
        written: u64,
    }

    impl<W: AsyncWrite + Unpin> AsyncLinesWriter<W> {
        /// A writer of lines into `out`.
        pub fn new(out: W) -> Self {
            AsyncLinesWriter { out, line: Vec::new(), written: 0 }
        }

        /// Writes `value` as one line. If `out` fails midway, the error says how many bytes
        /// it had accepted (as does [`written`](Self::written)). A write dropped before it
        /// completes may have written part of its line; [`written`](Self::written) counts it.
        pub async fn write<T: crate::ToJson + ?Sized>(&mut self, value: &T) -> Result<()> {
            super::super::lines::format_line(&mut self.line, value)?;
            let mut rest = &self.line[..];
            while !rest.is_empty() {
                match self.out.write(rest).await {
                    Ok(0) => {
                        let err = std::io::Error::from(std::io::ErrorKind::WriteZero);
                        return Err(Error::io_writing(err, self.written));
                    }
                    Ok(n) => {
                        self.written += n as u64;
                        rest = &rest[n..];
                    }
                    Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(err) => return Err(Error::io_writing(err, self.written)),
                }
            }
            Ok(())
        }

        /// Flushes the underlying writer.
        pub async fn flush(&mut self) -> Result<()> {
            self.out.flush().await.map_err(|err| Error::io_writing(err, self.written))
        }

        /// How many bytes `out` has accepted.
        pub fn written(&self) -> u64 {
            self.written
        }

        /// The underlying writer.
        pub fn into_inner(self) -> W {
            self.out
        }
    }
}

#[cfg(feature = "futures")]
pub use self::chunk_stream::*;

#[cfg(feature = "futures")]
mod chunk_stream {
    use super::*;
    use futures_core::Stream;

    /// A `Stream` of byte chunks (`bytes::Bytes`, `Vec<u8>`, ...) as a source of pieces. Chunks
    /// are kept as they are, not copied.
    #[derive(Debug)]
    pub struct StreamPieces<S>(pub S);

    impl<S, B, E> AsyncPieces for StreamPieces<S>
    where
        S: Stream<Item = core::result::Result<B, E>> + Unpin,
        B: AsRef<[u8]> + Send + 'static,
        E: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        fn poll_piece(&mut self, cx: &mut Context<'_>, reader: &mut PushReader) -> Poll<Result<()>> {
            if reader.is_input_ended() {
                return Poll::Ready(Ok(()));
            }
            match ready!(Pin::new(&mut self.0).poll_next(cx)) {
                Some(Ok(chunk)) => reader.push_owned(chunk),
                Some(Err(err)) => return Poll::Ready(Err(reader.source_error(std::io::Error::other(err)))),
                None => reader.end_input(),
            }
            Poll::Ready(Ok(()))
        }
    }

    /// Reads a `T` from a `Stream` of byte chunks, such as an HTTP body of `bytes::Bytes`,
    /// without copying the chunks together.
    ///
    /// ```
    /// # futures_executor::block_on(async {
    /// let chunks = futures_util::stream::iter([
    ///     Ok::<_, std::io::Error>(bytes::Bytes::from_static(b"[1, 2")),
    ///     Ok(bytes::Bytes::from_static(b"3]")),
    /// ]);
    /// let numbers: Vec<u32> = jetwire_json::stream::from_stream(chunks).await?;
    /// assert_eq!(numbers, [1, 23]);
    /// # Ok::<(), jetwire_json::Error>(())
    /// # }).unwrap();
    /// ```
    pub async fn from_stream<S, B, E, T>(chunks: S) -> Result<T>
    where
        S: Stream<Item = core::result::Result<B, E>> + Unpin,
        B: AsRef<[u8]> + Send + 'static,
        E: Into<Box<dyn std::error::Error + Send + Sync>>,
        T: FromJsonOwned,
    {
        read_document(StreamPieces(chunks), ReadOptions::default()).await
    }

    impl<S, B, E, T> AsyncArrayReader<StreamPieces<S>, T>
    where
        S: Stream<Item = core::result::Result<B, E>> + Unpin,
        B: AsRef<[u8]> + Send + 'static,
        E: Into<Box<dyn std::error::Error + Send + Sync>>,
        T: FromJsonOwned,
    {
        /// The elements of the top-level array in a stream of chunks.
        pub fn from_stream(chunks: S) -> Self {
            AsyncArrayReader::from_pieces(StreamPieces(chunks), PushReader::new())
        }
    }

    impl<S, B, E, T> AsyncLinesReader<StreamPieces<S>, T>
    where
        S: Stream<Item = core::result::Result<B, E>> + Unpin,
        B: AsRef<[u8]> + Send + 'static,
        E: Into<Box<dyn std::error::Error + Send + Sync>>,
        T: FromJsonOwned,
    {
        /// The JSON Lines values in a stream of chunks.
        pub fn from_stream(chunks: S) -> Self {
            AsyncLinesReader::from_pieces(StreamPieces(chunks), ReadOptions::default())
        }
    }

    impl<P: AsyncPieces, T: FromJsonOwned> Stream for AsyncArrayReader<P, T> {
        type Item = Result<T>;

        fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<T>>> {
            self.get_mut().poll_element(cx)
        }
    }

    impl<P: AsyncPieces, T: FromJsonOwned> Stream for AsyncLinesReader<P, T> {
        type Item = Result<T>;

        fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<T>>> {
            self.get_mut().poll_line(cx)
        }
    }
}

/// The elements of a JSON array arriving asynchronously, one typed value at a time, with memory
/// bounded by one element. Use [`next`](Self::next), or (feature `futures`) the `Stream` impl.
#[derive(Debug)]
pub struct AsyncArrayReader<P, T>(Values<P, T>);

impl<P: AsyncPieces, T: FromJsonOwned> AsyncArrayReader<P, T> {
    /// Elements read by `reader` (a [`PushReader`], perhaps [`PushReader::at_pointer`]) from
    /// `pieces`.
    pub fn from_pieces(pieces: P, reader: PushReader) -> Self {
        AsyncArrayReader(Values::new(pieces, reader))
    }

    /// The next element; `None` after the last (once the rest of the document is checked).
    pub async fn next(&mut self) -> Option<Result<T>> {
        poll_fn(|cx| self.poll_element(cx)).await
    }

    fn poll_element(&mut self, cx: &mut Context<'_>) -> Poll<Option<Result<T>>> {
        poll_value(&mut self.0, cx, PushReader::next_element::<T>)
    }
}

/// JSON Lines values arriving asynchronously, one typed value at a time, with memory bounded by
/// one value, the pieces held, and the values of up to 64 whole lines read ahead from them. Use
/// [`next`](Self::next), or (feature `futures`) the `Stream` impl.
#[derive(Debug)]
pub struct AsyncLinesReader<P, T>(Values<P, T>);

impl<P: AsyncPieces, T: FromJsonOwned> AsyncLinesReader<P, T> {
    /// Values read from `pieces` with `options`.
    pub fn from_pieces(pieces: P, options: ReadOptions) -> Self {
        AsyncLinesReader(Values::new(pieces, PushReader::with_options(options)))
    }

    /// Goes on past bad lines, as [`LinesReader::keep_going`](super::LinesReader::keep_going)
    /// does: each one's error is handed out and the lines after it are read.
    pub fn keep_going(self) -> Self {
        AsyncLinesReader(self.0.keep_going())
    }

    /// The next value; `None` at the end of the input.
    pub async fn next(&mut self) -> Option<Result<T>> {
        poll_fn(|cx| self.poll_line(cx)).await
    }

    fn poll_line(&mut self, cx: &mut Context<'_>) -> Poll<Option<Result<T>>> {
        if let Some(next) = self.0.line_ahead() {
            return Poll::Ready(Some(next));
        }
        poll_value(&mut self.0, cx, PushReader::next_line::<T>)
    }
}

/// Polls for the next value that `step` reads, receiving pieces meanwhile.
fn poll_value<P: AsyncPieces, T>(
    values: &mut Values<P, T>,
    cx: &mut Context<'_>,
    step: NextValue<T>,
) -> Poll<Option<Result<T>>> {
    if values.has_failed() {
        return Poll::Ready(None);
    }
    let next = ready!(poll_step(&mut values.source, &mut values.reader, cx, step));
    Poll::Ready(values.fuse(next))
}
