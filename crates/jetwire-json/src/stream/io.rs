//! Reading from `std::io::Read`: whole documents, array elements and JSON Lines, in large
//! block reads (never byte by byte).

use std::io::Read;

use super::push::{NextValue, Pull, PushReader, Values};
use crate::error::Result;
use crate::read::ReadOptions;
use crate::typed::FromJsonOwned;

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
            if let Err(err) = reader.read_from(source) {
                return Err(reader.source_error(err));
            }
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
    // All of it first: the document is then read in one pass, rather than checked a token at a
    // time as blocks arrive and read again at the end.
    loop {
        match reader.read_from(&mut source) {
            Ok(0) => break,
            Ok(_) => {}
            Err(err) => return Err(reader.source_error(err)),
        }
    }
    pull(&mut source, &mut reader, PushReader::read_document)
}

/// The elements of a JSON array read from an `io::Read`, one typed value at a time, with memory
/// bounded by one element (and one block read). An error inside an element names its path in
/// the whole document (`/items/2/qty`), as a read of the whole document would.
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
pub struct ArrayReader<R, T>(Values<R, T>);

impl<R: Read, T: FromJsonOwned> ArrayReader<R, T> {
    /// The elements of the top-level array of `source`.
    pub fn new(source: R) -> Self {
        ArrayReader(Values::new(source, PushReader::new()))
    }

    /// The elements of the array at `pointer` (a JSON Pointer) in `source`'s document.
    pub fn at_pointer(source: R, pointer: &str) -> Result<Self> {
        Ok(ArrayReader(Values::new(source, PushReader::at_pointer(pointer)?)))
    }

    /// The elements with `options`, of the array at `pointer` (`""` for the top-level one).
    pub fn with_options(source: R, pointer: &str, options: ReadOptions) -> Result<Self> {
        Ok(ArrayReader(Values::new(source, PushReader::at_pointer_with(pointer, options)?)))
    }
}

impl<R: Read, T: FromJsonOwned> Iterator for ArrayReader<R, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        next_value(&mut self.0, PushReader::next_element::<T>)
    }
}

/// JSON Lines (NDJSON) read from an `io::Read`: one typed value per line, blank lines skipped,
/// memory bounded by one value and one block read, and the values of up to 64 lines of that
/// block read ahead (one reader reads the lines a block holds whole, which keeps it level with
/// splitting bytes in memory into lines and reading each with [`from_slice`](crate::from_slice)).
/// Every error names its line, and an error inside a value the JSON Pointer within that line's
/// value.
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
pub struct LinesReader<R, T>(Values<R, T>);

impl<R: Read, T: FromJsonOwned> LinesReader<R, T> {
    /// The values of `source`, one per line.
    pub fn new(source: R) -> Self {
        LinesReader::with_options(source, ReadOptions::default())
    }

    /// The values of `source` read with `options`.
    pub fn with_options(source: R, options: ReadOptions) -> Self {
        LinesReader(Values::new(source, PushReader::with_options(options)))
    }

    /// Goes on past bad lines: each one's error is handed out (with its line number) and the
    /// values of the lines after it follow, where by default the first error ends the values.
    /// An error reading `source` still ends them. Where reading goes on after an error is
    /// [`PushReader::resume_after_error`]'s rule.
    ///
    /// ```
    /// use jetwire_json::stream::LinesReader;
    /// let input: &[u8] = b"{\"n\": 1}\n{\"n\": 2,}\n{\"n\": 3}\n";
    /// let read: Vec<Result<u64, usize>> = LinesReader::<_, jetwire_json::Value>::new(input)
    ///     .keep_going()
    ///     .map(|line| line.map(|value| value["n"].as_u64().unwrap()).map_err(|err| err.line()))
    ///     .collect();
    /// assert_eq!(read, [Ok(1), Err(2), Ok(3)]);
    /// ```
    pub fn keep_going(self) -> Self {
        LinesReader(self.0.keep_going())
    }
}

impl<R: Read, T: FromJsonOwned> Iterator for LinesReader<R, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        if let Some(next) = self.0.line_ahead() {
            return Some(next);
        }
        next_value(&mut self.0, PushReader::next_line::<T>)
    }
}

/// The next value that `step` reads, reading more from the source while it needs more.
fn next_value<R: Read, T>(values: &mut Values<R, T>, step: NextValue<T>) -> Option<Result<T>> {
    if values.has_failed() {
        return None;
    }
    let next = pull(&mut values.source, &mut values.reader, step);
    values.fuse(next)
}
