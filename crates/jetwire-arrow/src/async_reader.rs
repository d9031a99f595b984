//! [`AsyncReader`]: record batches from an async source of bytes, a tokio `AsyncBufRead`
//! (feature `tokio`) or a `Stream` of byte chunks (feature `futures`), holding no more than one
//! batch and one cut record.

use std::future::poll_fn;
use std::task::{Context, Poll, ready};

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, SchemaRef};

use crate::{Decoder, ReaderBuilder};

/// Where an [`AsyncReader`] gets its bytes: any tokio `AsyncBufRead` (feature `tokio`), and a
/// `Stream` of byte chunks in a [`ChunkStream`] (feature `futures`).
pub trait AsyncBytes: Unpin {
    /// The bytes available next, waiting for some when there are none; empty at the end.
    #[doc(hidden)]
    fn poll_bytes(&mut self, cx: &mut Context<'_>) -> Poll<Result<&[u8], ArrowError>>;

    /// Marks the first `amount` bytes of the last [`poll_bytes`](Self::poll_bytes) as read.
    #[doc(hidden)]
    fn consume(&mut self, amount: usize);
}

impl ReaderBuilder {
    /// A reader of the records of an async source, batch by batch: a tokio `AsyncBufRead`
    /// (feature `tokio`), or a `Stream` of byte chunks in a [`ChunkStream`](crate::ChunkStream)
    /// (feature `futures`).
    ///
    /// # Errors
    ///
    /// As [`build_decoder`](Self::build_decoder).
    pub fn build_async<S: AsyncBytes>(self, source: S) -> Result<AsyncReader<S>, ArrowError> {
        Ok(AsyncReader::new(source, self.build_decoder()?))
    }
}

/// Reads the records of an async source batch by batch: the async counterpart of
/// [`Reader`](crate::Reader), made by [`ReaderBuilder::build_async`](crate::ReaderBuilder::build_async).
///
/// Each batch is decoded as its bytes arrive; a read dropped midway (cancelled) loses nothing,
/// since bytes are taken from the source only once decoded. With the feature `futures` it is a
/// `Stream` of batches.
#[derive(Debug)]
pub struct AsyncReader<S> {
    source: S,
    decoder: Decoder,
    /// Whether the source has said its input ended (it is not asked again).
    ended: bool,
    /// Whether the last batch, or an error, has been handed out.
    done: bool,
}

impl<S: AsyncBytes> AsyncReader<S> {
    pub(crate) fn new(source: S, decoder: Decoder) -> Self {
        AsyncReader { source, decoder, ended: false, done: false }
    }

    /// The schema of the batches.
    pub fn schema(&self) -> SchemaRef {
        self.decoder.schema().clone()
    }

    /// The next batch, `None` at the end of the input. After an error, `None`.
    pub async fn next_batch(&mut self) -> Option<Result<RecordBatch, ArrowError>> {
        poll_fn(|cx| self.poll_next_batch(cx)).await
    }

    /// Polls for the next batch: [`next_batch`](Self::next_batch) as a poll function.
    pub fn poll_next_batch(&mut self, cx: &mut Context<'_>) -> Poll<Option<Result<RecordBatch, ArrowError>>> {
        if self.done {
            return Poll::Ready(None);
        }
        let batch = ready!(self.poll_fill(cx)).and_then(|()| self.decoder.flush());
        let next = batch.transpose();
        self.done = !matches!(next, Some(Ok(_)));
        Poll::Ready(next)
    }

    /// Decodes bytes from the source until a batch is full or the input ends.
    fn poll_fill(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), ArrowError>> {
        while !self.ended {
            let bytes = ready!(self.source.poll_bytes(cx))?;
            if bytes.is_empty() {
                self.ended = true;
                break;
            }
            let length = bytes.len();
            let consumed = self.decoder.decode(bytes)?;
            self.source.consume(consumed);
            if consumed < length {
                break;
            }
        }
        Poll::Ready(Ok(()))
    }
}

#[cfg(feature = "futures")]
impl<S: AsyncBytes> futures_core::Stream for AsyncReader<S> {
    type Item = Result<RecordBatch, ArrowError>;

    fn poll_next(self: std::pin::Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.get_mut().poll_next_batch(cx)
    }
}

#[cfg(feature = "tokio")]
impl<R: tokio::io::AsyncBufRead + Unpin> AsyncBytes for R {
    fn poll_bytes(&mut self, cx: &mut Context<'_>) -> Poll<Result<&[u8], ArrowError>> {
        let bytes = ready!(std::pin::Pin::new(self).poll_fill_buf(cx))?;
        Poll::Ready(Ok(bytes))
    }

    fn consume(&mut self, amount: usize) {
        tokio::io::AsyncBufRead::consume(std::pin::Pin::new(self), amount);
    }
}

#[cfg(feature = "futures")]
pub use self::chunks::ChunkStream;

#[cfg(feature = "futures")]
mod chunks {
    use super::*;
    use futures_core::Stream;
    use std::pin::Pin;

    /// A `Stream` of byte chunks (`bytes::Bytes` from an HTTP body or an object store, or any
    /// `AsRef<[u8]>`) as the source of an [`AsyncReader`]. A record cut between chunks is
    /// completed from the next; chunks are not copied together otherwise.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use arrow_schema::{DataType, Field, Schema};
    /// use futures_util::StreamExt;
    /// use jetwire_arrow::{ChunkStream, ReaderBuilder};
    ///
    /// # futures_executor::block_on(async {
    /// let chunks = futures_util::stream::iter([
    ///     Ok::<_, std::io::Error>(b"{\"n\": 1}\n{\"n\"".to_vec()),
    ///     Ok(b": 2}\n{\"n\": 3}\n".to_vec()),
    /// ]);
    /// let schema = Arc::new(Schema::new(vec![Field::new("n", DataType::Int64, false)]));
    /// let mut batches = ReaderBuilder::new(schema).with_batch_size(2).build_async(ChunkStream::new(chunks))?;
    /// let mut rows = Vec::new();
    /// while let Some(batch) = batches.next().await {
    ///     rows.push(batch?.num_rows());
    /// }
    /// assert_eq!(rows, [2, 1]);
    /// # Ok::<(), arrow_schema::ArrowError>(())
    /// # }).unwrap();
    /// ```
    #[derive(Debug)]
    pub struct ChunkStream<S, B> {
        stream: S,
        chunk: Option<B>,
        at: usize,
    }

    impl<S, B> ChunkStream<S, B> {
        /// The chunks of `stream` as a source of bytes.
        pub fn new(stream: S) -> Self {
            ChunkStream { stream, chunk: None, at: 0 }
        }
    }

    impl<S, B, E> AsyncBytes for ChunkStream<S, B>
    where
        S: Stream<Item = Result<B, E>> + Unpin,
        B: AsRef<[u8]> + Unpin,
        E: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        fn poll_bytes(&mut self, cx: &mut Context<'_>) -> Poll<Result<&[u8], ArrowError>> {
            while self.chunk.as_ref().is_none_or(|chunk| self.at == chunk.as_ref().len()) {
                match ready!(Pin::new(&mut self.stream).poll_next(cx)) {
                    Some(Ok(chunk)) => {
                        self.chunk = Some(chunk);
                        self.at = 0;
                    }
                    Some(Err(err)) => return Poll::Ready(Err(ArrowError::ExternalError(err.into()))),
                    None => {
                        self.chunk = None;
                        return Poll::Ready(Ok(&[]));
                    }
                }
            }
            let chunk = self.chunk.as_ref().map_or(&[][..], |chunk| chunk.as_ref());
            Poll::Ready(Ok(&chunk[self.at..]))
        }

        fn consume(&mut self, amount: usize) {
            self.at += amount;
        }
    }
}
