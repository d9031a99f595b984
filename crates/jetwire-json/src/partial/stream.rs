//! [`PartialStream`]: a [`PartialReader`] fed from a `Stream` of byte chunks (feature
//! `futures`).

use std::future::poll_fn;
use std::pin::Pin;

use futures_core::Stream;

use super::{PartialOptions, PartialReader};
use crate::error::{Error, Result};

/// Reads a document from a `Stream` of byte chunks (`bytes::Bytes`, `Vec<u8>`, ...: an HTTP
/// body, a model's streamed output), handing out the [`PartialReader`] after each chunk, so
/// that its [`value`](PartialReader::value) can be shown as it grows. Chunks are kept as they
/// are, not copied.
///
/// [`next`](Self::next) lends the reader rather than a copy of the value: a `Stream` of values
/// would clone the whole value per chunk.
///
/// ```
/// use jetwire_json::{json, partial::PartialStream};
/// # futures_executor::block_on(async {
/// let chunks = futures_util::stream::iter([
///     Ok::<_, std::io::Error>(br#"{"query": "jet"#.to_vec()),
///     Ok(br#"wire", "limit": 5}"#.to_vec()),
/// ]);
/// let mut stream = PartialStream::new(chunks);
/// let mut shown = Vec::new();
/// while let Some(reader) = stream.next().await {
///     shown.push(reader?.value().cloned());
/// }
/// assert_eq!(shown.first(), Some(&Some(json!({"query": "jet"}))));
/// assert_eq!(shown.last(), Some(&Some(json!({"query": "jetwire", "limit": 5}))));
/// assert!(stream.reader().is_complete());
/// # Ok::<(), jetwire_json::Error>(())
/// # }).unwrap();
/// ```
#[derive(Debug)]
pub struct PartialStream<S> {
    chunks: S,
    reader: PartialReader,
    /// The chunks have ended (or failed): nothing more is handed out.
    done: bool,
}

impl<S, B, E> PartialStream<S>
where
    S: Stream<Item = core::result::Result<B, E>> + Unpin,
    B: AsRef<[u8]> + Send + 'static,
    E: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    /// Reads `chunks` with the default options.
    pub fn new(chunks: S) -> Self {
        PartialStream::with_options(chunks, PartialOptions::default())
    }

    /// Reads `chunks` with `options`.
    pub fn with_options(chunks: S, options: PartialOptions) -> Self {
        PartialStream { chunks, reader: PartialReader::with_options(options), done: false }
    }

    /// Waits for the next chunk, reads it, and lends the reader: once per chunk, and once
    /// more when the chunks end (the value then complete); `None` after that, or after an
    /// error. An error of the stream is an I/O error; an error in the JSON is the one
    /// [`PartialReader::push`] returns.
    ///
    /// Cancel-safe: a chunk is pushed within the poll that received it.
    pub async fn next(&mut self) -> Option<Result<&PartialReader>> {
        if self.done {
            return None;
        }
        let received = poll_fn(|cx| Pin::new(&mut self.chunks).poll_next(cx)).await;
        let pushed = match received {
            Some(Ok(chunk)) => self.reader.push_owned(chunk).map(drop),
            Some(Err(err)) => Err(Error::io(std::io::Error::other(err))),
            None => self.reader.end_input().map(drop),
        };
        self.done = pushed.is_err() || self.reader.is_input_ended();
        Some(pushed.map(|()| &self.reader))
    }

    /// The reader, as the last chunk left it.
    pub fn reader(&self) -> &PartialReader {
        &self.reader
    }

    /// The reader, to take its value.
    pub fn into_reader(self) -> PartialReader {
        self.reader
    }
}
