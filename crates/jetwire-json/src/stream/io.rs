//! Reading from `std::io::Read`: whole documents, array elements and JSON Lines, in large
//! block reads (never byte by byte).

use std::io::{self, Read};
use std::marker::PhantomData;

use super::push::{Pull, PushReader};
use crate::error::{Error, Result};
use crate::read::ReadOptions;
use crate::typed::FromJsonOwned;

/// The size of one block read.
pub(crate) const BLOCK_SIZE: usize = 64 * 1024;

/// Reads one block from `source` into `reader`: false at the end of the input (then marked).
fn read_block<R: Read>(source: &mut R, reader: &mut PushReader) -> Result<bool> {
    let mut buffer = reader.take_buffer(BLOCK_SIZE);
    buffer.resize(BLOCK_SIZE, 0);
    let length = loop {
        match source.read(&mut buffer) {
            Ok(length) => break length,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(Error::io(err)),
        }
    };
    if length == 0 {
        reader.end_input();
        return Ok(false);
    }
    buffer.truncate(length);
    reader.push_vec(buffer);
    Ok(true)
}

/// Runs `step` on `reader`, reading more from `source` while it needs more.
fn pull<R: Read, T>(
    source: &mut R,
    reader: &mut PushReader,
    mut step: impl FnMut(&mut PushReader) -> Result<Pull<T>>,
) -> Result<T> {
    loop {
        if let Pull::Ready(value) = step(reader)? {
            return Ok(value);
        }
        if !reader.is_input_ended() {
            read_block(source, reader)?;
        }
    }
}

/// Reads a `T` from any `io::Read`, in 64 KiB block reads. The blocks are read in place, not
/// copied together; wrapping the source in a `BufReader` gains nothing.
///
/// ```
/// let file: &[u8] = br#"{"id": 7, "tags": ["a"]}"#; // a File, a socket, stdin...
/// let value: jetwire_json::Value = jetwire_json::stream::from_reader(file)?;
/// assert_eq!(value["id"], 7);
/// # Ok::<(), jetwire_json::Error>(())
/// ```
pub fn from_reader<R: Read, T: FromJsonOwned>(source: R) -> Result<T> {
    from_reader_with(source, ReadOptions::default())
}

/// [`from_reader`] with `options`.
pub fn from_reader_with<R: Read, T: FromJsonOwned>(mut source: R, options: ReadOptions) -> Result<T> {
    let mut reader = PushReader::with_options(options);
    while read_block(&mut source, &mut reader)? {}
    pull(&mut source, &mut reader, PushReader::read_document)
}

/// The elements of a JSON array read from an `io::Read`, one typed value at a time, with memory
/// bounded by one element (and one block read).
///
/// ```
/// use jetwire_json::stream::ArrayReader;
/// let input: &[u8] = br#"{"total": 2, "items": [{"id": 1}, {"id": 2}]}"#;
/// let ids: Vec<u64> = ArrayReader::<_, jetwire_json::Value>::at_pointer(input, "/items")?
///     .map(|item| item.map(|value| value["id"].as_u64().unwrap()))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(ids, [1, 2]);
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Debug)]
pub struct ArrayReader<R, T> {
    source: R,
    reader: PushReader,
    failed: bool,
    _values: PhantomData<fn() -> T>,
}

impl<R: Read, T: FromJsonOwned> ArrayReader<R, T> {
    /// The elements of the top-level array of `source`.
    pub fn new(source: R) -> Self {
        ArrayReader { source, reader: PushReader::new(), failed: false, _values: PhantomData }
    }

    /// The elements of the array at `pointer` (a JSON Pointer) in `source`'s document.
    pub fn at_pointer(source: R, pointer: &str) -> Result<Self> {
        Ok(ArrayReader {
            source,
            reader: PushReader::at_pointer(pointer)?,
            failed: false,
            _values: PhantomData,
        })
    }

    /// The elements with `options`, of the array at `pointer` (`""` for the top-level one).
    pub fn with_options(source: R, pointer: &str, options: ReadOptions) -> Result<Self> {
        let reader = PushReader::at_pointer_with(pointer, options)?;
        Ok(ArrayReader { source, reader, failed: false, _values: PhantomData })
    }
}

impl<R: Read, T: FromJsonOwned> Iterator for ArrayReader<R, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        if self.failed {
            return None;
        }
        let next = pull(&mut self.source, &mut self.reader, PushReader::next_element::<T>);
        self.failed = next.is_err();
        next.transpose()
    }
}

/// JSON Lines (NDJSON) read from an `io::Read`: one typed value per line, blank lines skipped,
/// memory bounded by one value (and one block read). Every error names its line.
///
/// ```
/// use jetwire_json::stream::LinesReader;
/// let input: &[u8] = b"{\"n\": 1}\n{\"n\": 2}\n";
/// let values: Vec<jetwire_json::Value> = LinesReader::new(input).collect::<Result<_, _>>()?;
/// assert_eq!(values[1]["n"], 2);
/// let err = LinesReader::<_, jetwire_json::Value>::new(&b"1\n2 3\n"[..]).nth(2).unwrap().unwrap_err();
/// assert_eq!(err.line(), 2);
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Debug)]
pub struct LinesReader<R, T> {
    source: R,
    reader: PushReader,
    failed: bool,
    _values: PhantomData<fn() -> T>,
}

impl<R: Read, T: FromJsonOwned> LinesReader<R, T> {
    /// The values of `source`, one per line.
    pub fn new(source: R) -> Self {
        LinesReader::with_options(source, ReadOptions::default())
    }

    /// The values of `source` read with `options`.
    pub fn with_options(source: R, options: ReadOptions) -> Self {
        LinesReader { source, reader: PushReader::with_options(options), failed: false, _values: PhantomData }
    }
}

impl<R: Read, T: FromJsonOwned> Iterator for LinesReader<R, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        if self.failed {
            return None;
        }
        let next = pull(&mut self.source, &mut self.reader, PushReader::next_line::<T>);
        self.failed = next.is_err();
        next.transpose()
    }
}
