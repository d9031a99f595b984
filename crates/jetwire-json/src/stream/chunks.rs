//! A document held in memory as a sequence of chunks.

use crate::error::Result;
use crate::read::pieces::Segments;
use crate::read::{ReadOptions, Reader, Suspended};
use crate::typed::{FromJson, FromJsonOwned};

/// A JSON document held as a sequence of chunks, read in place: tokens that lie within one
/// chunk are borrowed from it, and only a token that straddles chunks is copied (with a few
/// bytes around it) into a small buffer the input keeps.
///
/// ```
/// use std::borrow::Cow;
/// use jetwire_json::stream::ChunkedInput;
///
/// let chunks: [&[u8]; 2] = [br#"["fast", "sa"#, br#"fe", "small"]"#];
/// let input = ChunkedInput::new(chunks);
/// let words: Vec<Cow<str>> = input.deserialize()?;
/// assert_eq!(words, ["fast", "safe", "small"]);
/// assert!(matches!(words[0], Cow::Borrowed(_))); // in place, in the first chunk
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Debug)]
pub struct ChunkedInput<'a> {
    segments: Segments<'a>,
    options: ReadOptions,
}

impl<'a> ChunkedInput<'a> {
    /// The document made of `chunks`, in order (empty chunks are allowed).
    pub fn new<I: IntoIterator<Item = &'a [u8]>>(chunks: I) -> Self {
        ChunkedInput::with_options(chunks, ReadOptions::default())
    }

    /// The document made of `chunks`, read with `options`.
    pub fn with_options<I: IntoIterator<Item = &'a [u8]>>(chunks: I, options: ReadOptions) -> Self {
        ChunkedInput { segments: Segments::complete(chunks), options }
    }

    /// A [`Reader`] over the whole document, at its start.
    pub fn reader(&self) -> Reader<'_> {
        Reader::resume(&self.segments, Suspended::new(self.options))
    }

    /// Reads the document as a `T`, which may borrow from the chunks (and from the copies of
    /// straddling tokens, which live as long as `self`).
    pub fn deserialize<'de, T: FromJson<'de>>(&'de self) -> Result<T> {
        let mut reader = self.reader();
        let value = T::from_json(&mut reader)?;
        reader.finish()?;
        Ok(value)
    }
}

/// Reads a `T` from a document given as a sequence of chunks (`&[u8]`, `Vec<u8>`,
/// `bytes::Bytes`, ...), without copying them together.
///
/// ```
/// let chunks = vec![b"[1, 2".to_vec(), b"3, 4]".to_vec()];
/// let numbers: Vec<u32> = jetwire_json::stream::from_chunks(chunks)?;
/// assert_eq!(numbers, [1, 23, 4]);
/// # Ok::<(), jetwire_json::Error>(())
/// ```
pub fn from_chunks<T, C, I>(chunks: I) -> Result<T>
where
    T: FromJsonOwned,
    C: AsRef<[u8]>,
    I: IntoIterator<Item = C>,
{
    from_chunks_with(chunks, ReadOptions::default())
}

/// [`from_chunks`] with `options`.
pub fn from_chunks_with<T, C, I>(chunks: I, options: ReadOptions) -> Result<T>
where
    T: FromJsonOwned,
    C: AsRef<[u8]>,
    I: IntoIterator<Item = C>,
{
    let chunks: Vec<C> = chunks.into_iter().collect();
    if let [only] = chunks.as_slice() {
        // One piece is one slice: the contiguous reader, with nothing to set up.
        return crate::from_slice_with(only.as_ref(), options);
    }
    let input = ChunkedInput::with_options(chunks.iter().map(AsRef::as_ref), options);
    input.deserialize()
}
