//! [`ReaderBuilder`], [`Decoder`] and [`Reader`]: JSON records into record batches, in the
//! shape of arrow-json's API.

use std::io::BufRead;

use arrow_array::{RecordBatch, RecordBatchOptions, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};
use jetwire_json::Reader as JsonReader;

use crate::columns::{ColumnDecoder, Options, StructColumn};

/// Builds a [`Decoder`] or a [`Reader`] for a schema: the counterpart of arrow-json's
/// `ReaderBuilder`, with the same names.
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{Array, Int64Array, StringArray};
/// use arrow_schema::{DataType, Field, Schema};
/// use jetwire_arrow::ReaderBuilder;
///
/// let schema = Arc::new(Schema::new(vec![
///     Field::new("id", DataType::Int64, false),
///     Field::new("name", DataType::Utf8, true),
/// ]));
/// let input = "{\"id\": 1, \"name\": \"ada\"}\n{\"id\": 2}\n";
/// let mut reader = ReaderBuilder::new(schema).build(input.as_bytes())?;
/// let batch = reader.next().unwrap()?;
/// let ids = batch.column(0).as_any().downcast_ref::<Int64Array>().unwrap();
/// let names = batch.column(1).as_any().downcast_ref::<StringArray>().unwrap();
/// assert_eq!(ids.values(), &[1, 2]);
/// assert_eq!((names.value(0), names.is_null(1)), ("ada", true));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
#[derive(Debug, Clone)]
pub struct ReaderBuilder {
    schema: SchemaRef,
    batch_size: usize,
    strict_mode: bool,
}

impl ReaderBuilder {
    /// A builder for records of `schema`: each record a JSON object whose properties fill the
    /// fields of the same names. Batches of 1024 rows; properties the schema does not name are
    /// skipped.
    pub fn new(schema: SchemaRef) -> Self {
        ReaderBuilder { schema, batch_size: 1024, strict_mode: false }
    }

    /// The most rows a batch holds (1024 by default; at least 1).
    pub fn with_batch_size(mut self, batch_size: usize) -> Self {
        self.batch_size = batch_size.max(1);
        self
    }

    /// Whether a property that the schema does not name (at any depth) is an error, rather than
    /// skipped.
    pub fn with_strict_mode(mut self, strict_mode: bool) -> Self {
        self.strict_mode = strict_mode;
        self
    }

    /// A decoder fed with bytes ([`Decoder::decode`]).
    ///
    /// # Errors
    ///
    /// When a field's type is one jetwire-arrow does not decode (`NotYetImplemented`, naming the
    /// field), or is not valid (a decimal's precision, a map's entries).
    pub fn build_decoder(self) -> Result<Decoder, ArrowError> {
        let options = Options { strict: self.strict_mode };
        let columns = StructColumn::new(false, self.schema.fields().clone(), options)?;
        Ok(Decoder {
            schema: self.schema,
            columns,
            batch_size: self.batch_size,
            rows: 0,
            pending: Vec::new(),
            lines_before: 0,
        })
    }

    /// A reader of the records in `reader`, batch by batch.
    ///
    /// # Errors
    ///
    /// As [`build_decoder`](Self::build_decoder).
    pub fn build<R: BufRead>(self, reader: R) -> Result<Reader<R>, ArrowError> {
        Ok(Reader { reader, decoder: self.build_decoder()?, failed: false })
    }
}

/// Decodes JSON records, fed in byte slices of any size, into record batches: the counterpart of
/// arrow-json's `Decoder`.
///
/// The records are JSON objects separated by whitespace (JSON Lines, or objects written one
/// after another, over as many lines as they like). [`decode`](Self::decode) takes bytes and
/// returns how many it consumed: all of them, unless the batch filled up first;
/// [`flush`](Self::flush) hands out the rows decoded so far as a batch.
///
/// Unlike arrow-json, a record is checked against the schema as it is decoded, so an error
/// comes from `decode` and names the record's line, the JSON Pointer of the value and the
/// column: `line 3, column 12, at /tags/1 (column "tags"): expected a string, found the number 7`. The
/// record in error is dropped and the rows before it are kept.
///
/// ```
/// use std::sync::Arc;
/// use arrow_schema::{DataType, Field, Schema};
/// use jetwire_arrow::ReaderBuilder;
///
/// let schema = Arc::new(Schema::new(vec![Field::new("x", DataType::Float64, false)]));
/// let mut decoder = ReaderBuilder::new(schema).build_decoder()?;
/// // A record cut by the end of a piece goes on in the next.
/// assert_eq!(decoder.decode(b"{\"x\": 1.5}\n{\"x\"")?, 15);
/// assert_eq!(decoder.decode(b": 2.5}\n")?, 7);
/// let batch = decoder.flush()?.unwrap();
/// assert_eq!(batch.num_rows(), 2);
///
/// let err = decoder.decode(b"{\"x\": 1}\n{\"x\": true}\n").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "Json error: line 4, column 7, at /x (column \"x\"): expected f64, found the boolean true"
/// );
/// assert_eq!(decoder.flush()?.unwrap().num_rows(), 1);
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub struct Decoder {
    schema: SchemaRef,
    columns: StructColumn,
    batch_size: usize,
    /// Rows decoded since the last flush.
    rows: usize,
    /// The start of a record that an earlier slice ended inside of.
    pending: Vec<u8>,
    /// Line feeds before the bytes being decoded, for the lines errors name.
    lines_before: usize,
}

impl std::fmt::Debug for Decoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Decoder")
            .field("schema", &self.schema)
            .field("batch_size", &self.batch_size)
            .field("rows", &self.rows)
            .field("pending", &self.pending.len())
            .finish_non_exhaustive()
    }
}

/// How far a slice of bytes was decoded.
struct Progress {
    /// The bytes decoded: whole records and the whitespace after them.
    used: usize,
    /// Whether the bytes after `used` are a record that the slice ends inside of.
    cut: bool,
}

impl Decoder {
    /// The schema of the batches.
    pub fn schema(&self) -> &SchemaRef {
        &self.schema
    }

    /// Decodes the records in `buf` and returns how many of its bytes it consumed: all of them,
    /// unless the batch reached its size first (then [`flush`](Self::flush), and pass the rest
    /// again). A record that `buf` ends inside of is kept and completed by the next call.
    ///
    /// # Errors
    ///
    /// On bad JSON or a value that does not fit its column, naming the line, the JSON Pointer
    /// and the column. The rows before the record in error stay in the batch; the record is
    /// dropped. How far into `buf` the decoder got is then unknown, so the input cannot go on
    /// through this decoder (as with arrow-json): flush what it holds, if wanted, and stop.
    pub fn decode(&mut self, buf: &[u8]) -> Result<usize, ArrowError> {
        let mut consumed = 0;
        while !self.pending.is_empty() {
            if self.rows == self.batch_size || consumed == buf.len() {
                return Ok(consumed);
            }
            // The cut record ends at a line feed, usually the next one: add up to it and try.
            let rest = &buf[consumed..];
            let take = rest.iter().position(|&byte| byte == b'\n').map_or(rest.len(), |at| at + 1);
            self.pending.extend_from_slice(&rest[..take]);
            consumed += take;
            let pending = std::mem::take(&mut self.pending);
            let progress = self.decode_slice(&pending);
            match progress {
                Ok(progress) if progress.cut || progress.used < pending.len() => {
                    self.pending = pending[progress.used..].to_vec();
                }
                Ok(_) => {}
                Err(err) => return Err(err),
            }
        }
        let rest = &buf[consumed..];
        let progress = self.decode_slice(rest)?;
        if progress.cut {
            self.pending = rest[progress.used..].to_vec();
            return Ok(buf.len());
        }
        Ok(consumed + progress.used)
    }

    /// Decodes whole records from the start of `bytes` until the batch is full or the bytes
    /// end.
    fn decode_slice(&mut self, bytes: &[u8]) -> Result<Progress, ArrowError> {
        let mut reader = JsonReader::new(bytes);
        let mut used = 0;
        loop {
            if self.rows == self.batch_size {
                break;
            }
            let more = match reader.next_in_sequence() {
                Ok(more) => more,
                Err(err) => return Err(self.fail(err, bytes, used)),
            };
            if !more {
                used = bytes.len();
                break;
            }
            match self.columns.append_object(&mut reader) {
                Ok(()) => {
                    self.rows += 1;
                    used = reader.offset();
                }
                Err(err) if err.is_eof() => {
                    self.columns.truncate(self.rows);
                    self.count_lines(&bytes[..used]);
                    return Ok(Progress { used, cut: true });
                }
                Err(err) => return Err(self.fail(err, bytes, used)),
            }
        }
        self.count_lines(&bytes[..used]);
        Ok(Progress { used, cut: false })
    }

    fn count_lines(&mut self, bytes: &[u8]) {
        self.lines_before += count_line_feeds(bytes);
    }

    /// The error `err`, from a reader over `source`, whose first `used` bytes were decoded: the
    /// batch is cut back to its whole rows.
    #[cold]
    fn fail(&mut self, err: jetwire_json::Error, source: &[u8], used: usize) -> ArrowError {
        self.columns.truncate(self.rows);
        let message = describe(&err, self.lines_before, false);
        self.count_lines(&source[..used]);
        ArrowError::JsonError(message)
    }

    /// The rows decoded since the last flush, as a batch; `None` if there are none.
    ///
    /// # Errors
    ///
    /// When a record is cut short: the input ended inside it.
    pub fn flush(&mut self) -> Result<Option<RecordBatch>, ArrowError> {
        if self.pending.iter().any(|byte| !byte.is_ascii_whitespace()) {
            let pending = std::mem::take(&mut self.pending);
            let progress = self.decode_slice(&pending)?;
            if progress.cut {
                let mut reader = JsonReader::new(&pending[progress.used..]);
                // Read again to have the reader's own end-of-input error, at its position.
                let err = match reader.next_in_sequence().and_then(|_| reader.skip_value()) {
                    Err(err) => err,
                    Ok(()) => reader.data_error("the record is cut short"),
                };
                return Err(ArrowError::JsonError(describe(&err, self.lines_before, false)));
            }
        }
        self.pending.clear();
        if self.rows == 0 {
            return Ok(None);
        }
        let rows = std::mem::take(&mut self.rows);
        let columns = self.columns.finish_columns();
        let options = RecordBatchOptions::new().with_row_count(Some(rows));
        RecordBatch::try_new_with_options(self.schema.clone(), columns, &options).map(Some)
    }

    /// Decodes `input`, a JSON array of records (`[{...}, {...}]`, the whole document), into
    /// batches of at most the batch size, after the rows already decoded.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use arrow_schema::{DataType, Field, Schema};
    /// use jetwire_arrow::ReaderBuilder;
    ///
    /// let schema = Arc::new(Schema::new(vec![Field::new("n", DataType::UInt8, false)]));
    /// let mut decoder = ReaderBuilder::new(schema).with_batch_size(2).build_decoder()?;
    /// let batches = decoder.decode_array(br#"[{"n": 1}, {"n": 2}, {"n": 3}]"#)?;
    /// assert_eq!(batches.iter().map(|b| b.num_rows()).collect::<Vec<_>>(), [2, 1]);
    ///
    /// let err = decoder.decode_array(br#"[{"n": 1}, {"n": 300}]"#).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "Json error: line 1, column 18, at /1/n (column \"n\"): number `300` is out of range for u8"
    /// );
    /// # Ok::<(), arrow_schema::ArrowError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`decode`](Self::decode); the pointer starts with the record's index in the array.
    /// Batches completed before the error are dropped with it.
    pub fn decode_array(&mut self, input: &[u8]) -> Result<Vec<RecordBatch>, ArrowError> {
        let mut reader = JsonReader::new(input);
        let mut batches = Vec::new();
        let result = (|| {
            reader.begin_array()?;
            let mut index = 0;
            while reader.next_element()? {
                self.columns.append_object(&mut reader).map_err(|err| err.prepend_index(index))?;
                self.rows += 1;
                index += 1;
                if self.rows == self.batch_size {
                    batches.extend(self.flush().map_err(jetwire_json::Error::custom)?);
                }
            }
            reader.finish()
        })();
        if let Err(err) = result {
            self.columns.truncate(self.rows);
            return Err(ArrowError::JsonError(describe(&err, self.lines_before, true)));
        }
        batches.extend(self.flush()?);
        Ok(batches)
    }
}

/// How many line feeds `bytes` holds. Every byte decoded is counted once, for the lines that
/// errors name, so the count runs 64 bytes at a time into a byte-wide sum that the compiler
/// turns into vector compares.
fn count_line_feeds(bytes: &[u8]) -> usize {
    let mut chunks = bytes.chunks_exact(64);
    let mut count = 0;
    for chunk in &mut chunks {
        let in_chunk: u8 = chunk.iter().map(|&byte| u8::from(byte == b'\n')).sum();
        count += usize::from(in_chunk);
    }
    count + chunks.remainder().iter().filter(|&&byte| byte == b'\n').count()
}

/// `err`'s message with its line (counted after `lines_before` line feeds), column, JSON Pointer
/// and the Arrow column it concerns: the pointer's first name, or its second when it starts with
/// the record's index in an array (`in_array`).
fn describe(err: &jetwire_json::Error, lines_before: usize, in_array: bool) -> String {
    let mut text = format!("line {}, column {}", lines_before + err.line(), err.column());
    let path = err.path();
    if !path.is_empty() {
        text.push_str(&format!(", at {path}"));
        let column = path
            .split('/')
            .nth(if in_array { 2 } else { 1 })
            .map(|segment| segment.replace("~1", "/").replace("~0", "~"));
        if let Some(column) = column {
            text.push_str(&format!(" (column {column:?})"));
        }
    }
    text.push_str(": ");
    text.push_str(err.message());
    text
}

/// Reads the records of a [`BufRead`] batch by batch: the counterpart of arrow-json's `Reader`.
#[derive(Debug)]
pub struct Reader<R> {
    reader: R,
    decoder: Decoder,
    failed: bool,
}

impl<R: BufRead> Reader<R> {
    /// The next batch, `None` at the end of the input.
    fn read(&mut self) -> Result<Option<RecordBatch>, ArrowError> {
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            let length = buf.len();
            let consumed = self.decoder.decode(buf)?;
            self.reader.consume(consumed);
            if consumed < length {
                break;
            }
        }
        self.decoder.flush()
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let next = self.read().transpose();
        self.failed = matches!(next, Some(Err(_)));
        next
    }
}

impl<R: BufRead> RecordBatchReader for Reader<R> {
    fn schema(&self) -> SchemaRef {
        self.decoder.schema.clone()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn line_feeds_are_counted_in_every_chunk_and_the_rest() {
        let mut bytes = vec![b'x'; 1000];
        for at in [0, 63, 64, 127, 500, 998, 999] {
            bytes[at] = b'\n';
        }
        assert_eq!(super::count_line_feeds(&bytes), 7);
        assert_eq!(super::count_line_feeds(&[b'\n'; 64 * 4]), 256);
        assert_eq!(super::count_line_feeds(b""), 0);
    }
}
