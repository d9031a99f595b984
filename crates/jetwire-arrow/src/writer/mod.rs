//! Record batches written as JSON through jetwire's writer module: one object a row, as JSON
//! Lines ([`LineDelimitedWriter`]) or as one JSON array ([`ArrayWriter`]), with arrow-json's
//! names. The rows' shape is known once a batch, so their text is appended directly
//! (`jetwire_json::write::append`), each member's `,"name":` escaped once.

mod column;

use std::io::Write;

use arrow_array::RecordBatch;
use arrow_schema::ArrowError;

use self::column::{Member, write_object};

/// Options of the writers: the counterpart of arrow-json's `WriterBuilder`.
#[derive(Debug, Clone, Default)]
pub struct WriterBuilder {
    explicit_nulls: bool,
}

impl WriterBuilder {
    /// Null values omitted from their object (as arrow-json does by default).
    pub fn new() -> Self {
        WriterBuilder::default()
    }

    /// Whether a null value is written as `"name": null` rather than left out.
    pub fn with_explicit_nulls(mut self, explicit_nulls: bool) -> Self {
        self.explicit_nulls = explicit_nulls;
        self
    }

    /// A writer of JSON Lines into `out`.
    pub fn build_lines<W: Write>(self, out: W) -> LineDelimitedWriter<W> {
        LineDelimitedWriter { inner: Inner::new(out, self, Framing::Lines) }
    }

    /// A writer of one JSON array of rows into `out`.
    pub fn build_array<W: Write>(self, out: W) -> ArrayWriter<W> {
        ArrayWriter { inner: Inner::new(out, self, Framing::Array) }
    }
}

/// Writes record batches as JSON Lines: each row a JSON object on its own line.
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{Int32Array, RecordBatch, StringArray};
/// use arrow_schema::{DataType, Field, Schema};
/// use jetwire_arrow::LineDelimitedWriter;
///
/// let schema = Arc::new(Schema::new(vec![
///     Field::new("id", DataType::Int32, false),
///     Field::new("name", DataType::Utf8, true),
/// ]));
/// let batch = RecordBatch::try_new(schema, vec![
///     Arc::new(Int32Array::from(vec![1, 2])),
///     Arc::new(StringArray::from(vec![Some("ada"), None])),
/// ])?;
/// let mut writer = LineDelimitedWriter::new(Vec::new());
/// writer.write(&batch)?;
/// writer.finish()?;
/// assert_eq!(writer.into_inner(), b"{\"id\":1,\"name\":\"ada\"}\n{\"id\":2}\n");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
#[derive(Debug)]
pub struct LineDelimitedWriter<W: Write> {
    inner: Inner<W>,
}

/// Writes record batches as one JSON array of row objects, `[` before the first and `]` at
/// [`finish`](Self::finish) (`[]` when no row was written).
#[derive(Debug)]
pub struct ArrayWriter<W: Write> {
    inner: Inner<W>,
}

macro_rules! writer_methods {
    ($writer:ident, $framing:expr) => {
        impl<W: Write> $writer<W> {
            /// A writer into `out`, nulls omitted.
            pub fn new(out: W) -> Self {
                Self { inner: Inner::new(out, WriterBuilder::new(), $framing) }
            }

            /// Writes the rows of `batch`.
            ///
            /// # Errors
            ///
            /// When a column's type is one the writer does not write (`NotYetImplemented`,
            /// naming the field), or `out` fails.
            pub fn write(&mut self, batch: &RecordBatch) -> Result<(), ArrowError> {
                self.inner.write(batch)
            }

            /// Writes the rows of every batch in turn.
            ///
            /// # Errors
            ///
            /// As [`write`](Self::write).
            pub fn write_batches(&mut self, batches: &[&RecordBatch]) -> Result<(), ArrowError> {
                batches.iter().try_for_each(|batch| self.inner.write(batch))
            }

            /// Ends the output (the array's `]`) and flushes it to `out`.
            ///
            /// # Errors
            ///
            /// When `out` fails.
            pub fn finish(&mut self) -> Result<(), ArrowError> {
                self.inner.finish()
            }

            /// The output, once [`finish`](Self::finish)ed.
            pub fn into_inner(self) -> W {
                self.inner.out
            }
        }
    };
}

writer_methods!(LineDelimitedWriter, Framing::Lines);
writer_methods!(ArrayWriter, Framing::Array);

/// How rows are framed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Framing {
    Lines,
    Array,
}

/// What both writers share: the output, a buffer of rows not yet handed to it, and the state
/// of the framing.
#[derive(Debug)]
struct Inner<W: Write> {
    out: W,
    buffer: Vec<u8>,
    explicit_nulls: bool,
    framing: Framing,
    rows: usize,
    finished: bool,
}

/// Rows are handed to the output in blocks of about this many bytes.
const FLUSH_AT: usize = 1 << 16;

impl<W: Write> Inner<W> {
    fn new(out: W, builder: WriterBuilder, framing: Framing) -> Self {
        Inner {
            out,
            buffer: Vec::with_capacity(FLUSH_AT + 4096),
            explicit_nulls: builder.explicit_nulls,
            framing,
            rows: 0,
            finished: false,
        }
    }

    fn write(&mut self, batch: &RecordBatch) -> Result<(), ArrowError> {
        // Every column is looked at before any row is written, so that a type the writer does
        // not write is refused with nothing of the batch written.
        let members = Member::all(batch.schema_ref().fields(), batch.columns())?;
        for row in 0..batch.num_rows() {
            match (self.framing, self.rows) {
                (Framing::Array, 0) => self.buffer.push(b'['),
                (Framing::Array, _) => self.buffer.push(b','),
                (Framing::Lines, _) => {}
            }
            write_object(&mut self.buffer, &members, row, self.explicit_nulls);
            if self.framing == Framing::Lines {
                self.buffer.push(b'\n');
            }
            self.rows += 1;
            if self.buffer.len() >= FLUSH_AT {
                self.out.write_all(&self.buffer)?;
                self.buffer.clear();
            }
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<(), ArrowError> {
        if self.framing == Framing::Array && !self.finished {
            if self.rows == 0 {
                self.buffer.push(b'[');
            }
            self.buffer.push(b']');
        }
        self.finished = true;
        self.out.write_all(&self.buffer)?;
        self.buffer.clear();
        self.out.flush()?;
        Ok(())
    }
}
