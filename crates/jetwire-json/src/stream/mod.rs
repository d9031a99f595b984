//! Input that arrives in pieces: chunk sequences, `io::Read`, async readers and streams,
//! resumable pushing, top-level arrays streamed element by element, and JSON Lines.
//!
//! None of it copies the input together. One reader core serves every shape: it lexes a window
//! of contiguous bytes (a chunk, or the rest of one), moves to the next chunk between tokens, and
//! copies only a token that straddles two chunks, with the bytes around it. The contiguous
//! [`from_slice`](crate::from_slice) path is compiled apart from all of this and does not slow
//! down because of it.
//!
//! | input | whole document | one value at a time |
//! |---|---|---|
//! | chunks in memory (`&[&[u8]]`, `Bytes`, any `AsRef<[u8]>`) | [`from_chunks`], [`ChunkedInput`] | [`PushReader`] |
//! | JSON Lines in memory | | [`SliceLines`] (values may borrow) |
//! | `std::io::Read` | [`from_reader`] | [`ArrayReader`], [`LinesReader`] |
//! | pushed as it arrives | [`PushReader::read_document`] | [`PushReader::next_element`], [`PushReader::next_line`] |
//! | tokio `AsyncRead` (feature `tokio`) | `from_async_reader` | `AsyncArrayReader`, `AsyncLinesReader` |
//! | a `Stream` of byte chunks (feature `futures`) | `from_stream` | the async readers over `StreamReader` |
//!
//! JSON Lines output: [`LinesWriter`]. The value of a document so far, after every piece, while
//! it is still being written: [`partial`](crate::partial).

#[cfg(any(feature = "tokio", feature = "futures"))]
mod r#async;
mod chunks;
mod io;
mod lines;
mod push;

#[cfg(any(feature = "tokio", feature = "futures"))]
pub use r#async::*;
pub use chunks::{ChunkedInput, from_chunks, from_chunks_with};
pub use io::{ArrayReader, LinesReader, from_reader, from_reader_with};
pub use lines::{LinesWriter, SliceLines};
pub(crate) use push::keep_spare;
pub use push::{Pull, PushReader};
