//! [`ReaderBuilder`], [`Decoder`] and [`Reader`]: JSON records into record batches, in the
//! shape of arrow-json's API.

use std::io::BufRead;

use arrow_array::{RecordBatch, RecordBatchOptions, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};
use jetwire_json::Reader as JsonReader;

use crate::columns::{ColumnDecoder, Options, StructColumn};
use crate::records::{RecordFeed, RecordSink, describe};

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
            batch: Batch { columns, batch_size: self.batch_size, rows: 0 },
            feed: RecordFeed::default(),
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
    batch: Batch,
    feed: RecordFeed,
}

/// The rows decoded since the last flush.
struct Batch {
    columns: StructColumn,
    batch_size: usize,
    rows: usize,
}

impl RecordSink for Batch {
    fn is_full(&self) -> bool {
        self.rows == self.batch_size
    }

    fn append(&mut self, reader: &mut JsonReader<'_>) -> jetwire_json::Result<()> {
        match self.columns.append_object(reader) {
            Ok(()) => {
                self.rows += 1;
                Ok(())
            }
            Err(err) => {
                self.columns.truncate(self.rows);
                Err(err)
            }
        }
    }
}

impl std::fmt::Debug for Decoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Decoder")
            .field("schema", &self.schema)
            .field("batch_size", &self.batch.batch_size)
            .field("rows", &self.batch.rows)
            .field("pending", &self.feed.pending_len())
            .finish_non_exhaustive()
    }
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
        self.feed.feed(&mut self.batch, buf)
    }

    /// The rows decoded since the last flush, as a batch; `None` if there are none.
    ///
    /// # Errors
    ///
    /// When a record is cut short: the input ended inside it; or when a run-end-encoded
    /// column's rows are more than its run ends count (rows left null by absent properties: a
    /// value read past the limit is refused by [`decode`](Self::decode)). The batch is then
    /// dropped, and the decoder goes on with the next records.
    pub fn flush(&mut self) -> Result<Option<RecordBatch>, ArrowError> {
        self.feed.finish(&mut self.batch)?;
        self.take_batch()
    }

    /// The rows decoded so far, as a batch.
    fn take_batch(&mut self) -> Result<Option<RecordBatch>, ArrowError> {
        if self.batch.rows == 0 {
            return Ok(None);
        }
        let rows = std::mem::take(&mut self.batch.rows);
        let columns = self.batch.columns.finish_columns()?;
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
                self.batch.append(&mut reader).map_err(|err| err.prepend_index(index))?;
                index += 1;
                if self.batch.is_full() {
                    batches.extend(self.take_batch().map_err(jetwire_json::Error::custom)?);
                }
            }
            reader.finish()
        })();
        if let Err(err) = result {
            return Err(ArrowError::JsonError(describe(&err, self.feed.lines_before(), true)));
        }
        batches.extend(self.flush()?);
        Ok(batches)
    }
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
