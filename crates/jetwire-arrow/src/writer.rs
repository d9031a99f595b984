//! Record batches written as JSON through jetwire's writer: one object a row, as JSON Lines
//! ([`LineDelimitedWriter`]) or as one JSON array ([`ArrayWriter`]), with arrow-json's names.

use std::io::Write;

use arrow_array::cast::AsArray;
use arrow_array::types::*;
use arrow_array::{Array, ArrayRef, OffsetSizeTrait, RecordBatch};
use arrow_buffer::ArrowNativeType;
use arrow_schema::{ArrowError, DataType, TimeUnit};
use jetwire_json::{WriteOptions, Writer as JsonWriter};

use crate::columns::{TIMESTAMP_TEXT_MAX, format_timestamp, format_timestamp_at, write_date, zone_offset};

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
        let schema = batch.schema();
        for (field, column) in schema.fields().iter().zip(batch.columns()) {
            check_type(field.name(), column.data_type())?;
        }
        let members: Vec<Member<'_>> = schema
            .fields()
            .iter()
            .zip(batch.columns())
            .map(|(field, column)| Member {
                key: escaped_name(field.name()),
                column: Column::of(column.as_ref()),
            })
            .collect();
        for row in 0..batch.num_rows() {
            match (self.framing, self.rows) {
                (Framing::Array, 0) => self.buffer.push(b'['),
                (Framing::Array, _) => self.buffer.push(b','),
                (Framing::Lines, _) => {}
            }
            // The rows' structure is the writer's own and the keys were escaped above: nothing
            // for the writer to check.
            let options = WriteOptions { skip_validation: true, ..WriteOptions::default() };
            let mut writer = JsonWriter::from_output(&mut self.buffer, options);
            write_row(&mut writer, &members, row, self.explicit_nulls).map_err(json_error)?;
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

/// A top-level column of a batch being written: its name as written in JSON, and its values.
struct Member<'a> {
    key: Vec<u8>,
    column: Column<'a>,
}

/// A column's values, downcast once a batch for the most common types; any other type goes
/// through [`write_value`], which looks at the type for every value.
enum Column<'a> {
    Int32(&'a arrow_array::Int32Array),
    Int64(&'a arrow_array::Int64Array),
    UInt64(&'a arrow_array::UInt64Array),
    Float64(&'a arrow_array::Float64Array),
    Boolean(&'a arrow_array::BooleanArray),
    Utf8(&'a arrow_array::StringArray),
    /// A timestamp's ticks, with its unit and the offset it is written at.
    Timestamp(&'a dyn Array, &'a [i64], TimeUnit, Option<i32>),
    /// A struct's columns, as a nested object.
    Struct(&'a arrow_array::StructArray, Vec<Member<'a>>),
    /// A list's values.
    List(&'a arrow_array::ListArray, Box<Column<'a>>),
    /// Every value null.
    Null,
    Other(&'a dyn Array),
}

impl<'a> Column<'a> {
    fn of(array: &'a dyn Array) -> Column<'a> {
        match array.data_type() {
            DataType::Int32 => Column::Int32(array.as_primitive()),
            DataType::Int64 => Column::Int64(array.as_primitive()),
            DataType::UInt64 => Column::UInt64(array.as_primitive()),
            DataType::Float64 => Column::Float64(array.as_primitive()),
            DataType::Boolean => Column::Boolean(array.as_boolean()),
            DataType::Utf8 => Column::Utf8(array.as_string()),
            DataType::Timestamp(unit, tz) => {
                let ticks: &[i64] = match unit {
                    TimeUnit::Second => array.as_primitive::<TimestampSecondType>().values(),
                    TimeUnit::Millisecond => array.as_primitive::<TimestampMillisecondType>().values(),
                    TimeUnit::Microsecond => array.as_primitive::<TimestampMicrosecondType>().values(),
                    TimeUnit::Nanosecond => array.as_primitive::<TimestampNanosecondType>().values(),
                };
                Column::Timestamp(array, ticks, *unit, zone_offset(tz.as_deref()))
            }
            DataType::Struct(fields) => {
                let array = array.as_struct();
                let members = fields
                    .iter()
                    .zip(array.columns())
                    .map(|(field, column)| Member {
                        key: escaped_name(field.name()),
                        column: Column::of(column.as_ref()),
                    })
                    .collect();
                Column::Struct(array, members)
            }
            DataType::List(_) => {
                let array = array.as_list::<i32>();
                Column::List(array, Box::new(Column::of(array.values().as_ref())))
            }
            DataType::Null => Column::Null,
            _ => Column::Other(array),
        }
    }

    fn is_null(&self, row: usize) -> bool {
        match self {
            Column::Int32(array) => array.is_null(row),
            Column::Int64(array) => array.is_null(row),
            Column::UInt64(array) => array.is_null(row),
            Column::Float64(array) => array.is_null(row),
            Column::Boolean(array) => array.is_null(row),
            Column::Utf8(array) => array.is_null(row),
            Column::Timestamp(array, ..) => array.is_null(row),
            Column::Struct(array, _) => array.is_null(row),
            Column::List(array, _) => array.is_null(row),
            Column::Null => true,
            Column::Other(array) => array.is_null(row),
        }
    }

    /// The value at `row`, which is not null.
    fn write(&self, writer: &mut JsonWriter<&mut Vec<u8>>, row: usize, explicit_nulls: bool) -> JsonResult {
        match self {
            Column::Int32(array) => writer.i32(array.value(row)),
            Column::Int64(array) => writer.i64(array.value(row)),
            Column::UInt64(array) => writer.u64(array.value(row)),
            Column::Float64(array) => finite(writer, array.value(row)),
            Column::Boolean(array) => writer.bool(array.value(row)),
            Column::Utf8(array) => writer.string(array.value(row)),
            Column::Timestamp(_, ticks, unit, offset) => {
                let mut text = [0; TIMESTAMP_TEXT_MAX];
                let len = format_timestamp_at(ticks[row], *unit, *offset, &mut text);
                writer.escaped_string(&text[..len])
            }
            Column::Struct(_, members) => write_row(writer, members, row, explicit_nulls),
            Column::List(array, values) => {
                let offsets = array.value_offsets();
                writer.begin_array()?;
                for element in offsets[row] as usize..offsets[row + 1] as usize {
                    if values.is_null(element) {
                        writer.null()?;
                    } else {
                        values.write(writer, element, explicit_nulls)?;
                    }
                }
                writer.end_array()
            }
            Column::Null => writer.null(),
            Column::Other(array) => write_value(writer, *array, row, explicit_nulls),
        }
    }
}

/// `name` as the escaped text of a JSON property name (without its quotes).
fn escaped_name(name: &str) -> Vec<u8> {
    let mut writer = JsonWriter::new();
    // Writing a string to a fresh writer cannot fail.
    let _ = writer.string(name);
    let quoted = writer.into_vec();
    quoted[1..quoted.len() - 1].to_vec()
}

/// Row `row` of the batch's `members` as an object.
fn write_row(
    writer: &mut JsonWriter<&mut Vec<u8>>,
    members: &[Member<'_>],
    row: usize,
    explicit_nulls: bool,
) -> JsonResult {
    writer.begin_object()?;
    for member in members {
        if member.column.is_null(row) {
            if explicit_nulls {
                writer.property_name_escaped(&member.key)?;
                writer.null()?;
            }
            continue;
        }
        writer.property_name_escaped(&member.key)?;
        member.column.write(writer, row, explicit_nulls)?;
    }
    writer.end_object()
}

fn json_error(err: jetwire_json::Error) -> ArrowError {
    ArrowError::JsonError(err.to_string())
}

/// Refuses, before any row is written, a column the writer cannot write.
fn check_type(name: &str, data_type: &DataType) -> Result<(), ArrowError> {
    let supported = match data_type {
        DataType::Null
        | DataType::Boolean
        | DataType::Int8
        | DataType::Int16
        | DataType::Int32
        | DataType::Int64
        | DataType::UInt8
        | DataType::UInt16
        | DataType::UInt32
        | DataType::UInt64
        | DataType::Float16
        | DataType::Float32
        | DataType::Float64
        | DataType::Decimal128(..)
        | DataType::Utf8
        | DataType::LargeUtf8
        | DataType::Binary
        | DataType::LargeBinary
        | DataType::Timestamp(..)
        | DataType::Date32
        | DataType::Date64 => true,
        DataType::List(child) | DataType::LargeList(child) => return check_type(name, child.data_type()),
        DataType::Struct(fields) => return fields.iter().try_for_each(|f| check_type(name, f.data_type())),
        DataType::Map(entries, _) => return check_type(name, entries.data_type()),
        DataType::Dictionary(key, value) => key.is_dictionary_key_type() && value.as_ref() == &DataType::Utf8,
        _ => false,
    };
    if supported {
        Ok(())
    } else {
        Err(ArrowError::NotYetImplemented(format!(
            "jetwire-arrow does not write {data_type} as JSON (field `{name}`)"
        )))
    }
}

type JsonResult = jetwire_json::Result<()>;

/// Row `row` of `members` (names and columns) as an object; null members left out unless
/// `explicit_nulls`.
fn write_object<'a>(
    writer: &mut JsonWriter<&mut Vec<u8>>,
    members: impl Iterator<Item = (&'a str, &'a ArrayRef)>,
    row: usize,
    explicit_nulls: bool,
) -> JsonResult {
    writer.begin_object()?;
    for (name, column) in members {
        // A `Null` column has no null buffer: every value is null all the same.
        if !explicit_nulls && (column.is_null(row) || column.data_type() == &DataType::Null) {
            continue;
        }
        writer.property_name(name)?;
        write_value(writer, column.as_ref(), row, explicit_nulls)?;
    }
    writer.end_object()
}

/// The value at `row` of `array`.
fn write_value(
    writer: &mut JsonWriter<&mut Vec<u8>>,
    array: &dyn Array,
    row: usize,
    explicit_nulls: bool,
) -> JsonResult {
    if array.is_null(row) {
        return writer.null();
    }
    match array.data_type() {
        DataType::Null => writer.null(),
        DataType::Boolean => writer.bool(array.as_boolean().value(row)),
        DataType::Int8 => writer.i8(array.as_primitive::<Int8Type>().value(row)),
        DataType::Int16 => writer.i16(array.as_primitive::<Int16Type>().value(row)),
        DataType::Int32 => writer.i32(array.as_primitive::<Int32Type>().value(row)),
        DataType::Int64 => writer.i64(array.as_primitive::<Int64Type>().value(row)),
        DataType::UInt8 => writer.u8(array.as_primitive::<UInt8Type>().value(row)),
        DataType::UInt16 => writer.u16(array.as_primitive::<UInt16Type>().value(row)),
        DataType::UInt32 => writer.u32(array.as_primitive::<UInt32Type>().value(row)),
        DataType::UInt64 => writer.u64(array.as_primitive::<UInt64Type>().value(row)),
        // A float that JSON cannot spell (NaN, an infinity) is written as null, as arrow-json
        // writes it.
        DataType::Float16 => {
            finite(writer, f64::from(array.as_primitive::<Float16Type>().value(row).to_f32()))
        }
        DataType::Float32 => {
            let value = array.as_primitive::<Float32Type>().value(row);
            if value.is_finite() { writer.f32(value) } else { writer.null() }
        }
        DataType::Float64 => finite(writer, array.as_primitive::<Float64Type>().value(row)),
        DataType::Decimal128(_, scale) => {
            writer.number_text(&decimal_text(array.as_primitive::<Decimal128Type>().value(row), *scale))
        }
        DataType::Utf8 => writer.string(array.as_string::<i32>().value(row)),
        DataType::LargeUtf8 => writer.string(array.as_string::<i64>().value(row)),
        DataType::Binary => writer.bytes_base64(array.as_binary::<i32>().value(row)),
        DataType::LargeBinary => writer.bytes_base64(array.as_binary::<i64>().value(row)),
        DataType::Timestamp(unit, tz) => {
            let ticks = match unit {
                TimeUnit::Second => array.as_primitive::<TimestampSecondType>().value(row),
                TimeUnit::Millisecond => array.as_primitive::<TimestampMillisecondType>().value(row),
                TimeUnit::Microsecond => array.as_primitive::<TimestampMicrosecondType>().value(row),
                TimeUnit::Nanosecond => array.as_primitive::<TimestampNanosecondType>().value(row),
            };
            let mut text = [0; TIMESTAMP_TEXT_MAX];
            let len = format_timestamp(ticks, *unit, tz.as_deref(), &mut text);
            writer.escaped_string(&text[..len])
        }
        DataType::Date32 => {
            let mut text = [0; 19];
            let len = write_date(i64::from(array.as_primitive::<Date32Type>().value(row)), &mut text);
            writer.escaped_string(&text[..len])
        }
        DataType::Date64 => {
            let millis = array.as_primitive::<Date64Type>().value(row);
            let mut text = [0; TIMESTAMP_TEXT_MAX];
            let len = format_timestamp(millis, TimeUnit::Millisecond, None, &mut text);
            writer.escaped_string(&text[..len])
        }
        DataType::List(_) => write_list(writer, array.as_list::<i32>(), row, explicit_nulls),
        DataType::LargeList(_) => write_list(writer, array.as_list::<i64>(), row, explicit_nulls),
        DataType::Struct(fields) => {
            let members = fields.iter().map(|f| f.name().as_str()).zip(array.as_struct().columns());
            write_object(writer, members, row, explicit_nulls)
        }
        DataType::Map(..) => {
            let map = array.as_map();
            let (start, end) = (map.value_offsets()[row] as usize, map.value_offsets()[row + 1] as usize);
            let keys = map.keys();
            let values = map.values();
            writer.begin_object()?;
            for entry in start..end {
                match keys.data_type() {
                    DataType::Utf8 => writer.property_name(keys.as_string::<i32>().value(entry))?,
                    DataType::LargeUtf8 => writer.property_name(keys.as_string::<i64>().value(entry))?,
                    other => {
                        return Err(jetwire_json::Error::custom(format_args!(
                            "a map key of type {other} is not a string"
                        )));
                    }
                }
                write_value(writer, values.as_ref(), entry, explicit_nulls)?;
            }
            writer.end_object()
        }
        DataType::Dictionary(key, _) => {
            let key_at = match key.as_ref() {
                DataType::Int8 => array.as_dictionary::<Int8Type>().keys().value(row).as_usize(),
                DataType::Int16 => array.as_dictionary::<Int16Type>().keys().value(row).as_usize(),
                DataType::Int32 => array.as_dictionary::<Int32Type>().keys().value(row).as_usize(),
                DataType::Int64 => array.as_dictionary::<Int64Type>().keys().value(row).as_usize(),
                DataType::UInt8 => array.as_dictionary::<UInt8Type>().keys().value(row).as_usize(),
                DataType::UInt16 => array.as_dictionary::<UInt16Type>().keys().value(row).as_usize(),
                DataType::UInt32 => array.as_dictionary::<UInt32Type>().keys().value(row).as_usize(),
                DataType::UInt64 => array.as_dictionary::<UInt64Type>().keys().value(row).as_usize(),
                other => {
                    return Err(jetwire_json::Error::custom(format_args!(
                        "a dictionary key of type {other}"
                    )));
                }
            };
            write_value(writer, array.as_any_dictionary().values().as_ref(), key_at, explicit_nulls)
        }
        other => {
            Err(jetwire_json::Error::custom(format_args!("jetwire-arrow does not write {other} as JSON")))
        }
    }
}

fn finite(writer: &mut JsonWriter<&mut Vec<u8>>, value: f64) -> JsonResult {
    if value.is_finite() { writer.f64(value) } else { writer.null() }
}

fn write_list<O: OffsetSizeTrait>(
    writer: &mut JsonWriter<&mut Vec<u8>>,
    list: &arrow_array::GenericListArray<O>,
    row: usize,
    explicit_nulls: bool,
) -> JsonResult {
    let offsets = list.value_offsets();
    let values = list.values();
    writer.begin_array()?;
    for element in offsets[row].as_usize()..offsets[row + 1].as_usize() {
        write_value(writer, values.as_ref(), element, explicit_nulls)?;
    }
    writer.end_array()
}

/// A decimal of `scale` as JSON number text: `1234` at scale 2 is `12.34`, at scale -1 `12340`.
fn decimal_text(value: i128, scale: i8) -> String {
    let digits = value.unsigned_abs().to_string();
    let sign = if value < 0 { "-" } else { "" };
    if scale <= 0 {
        let zeros = if value == 0 { 0 } else { usize::from(scale.unsigned_abs()) };
        return format!("{sign}{digits}{}", "0".repeat(zeros));
    }
    let scale = usize::from(scale.unsigned_abs());
    let digits = format!("{digits:0>width$}", width = scale + 1);
    let (whole, fraction) = digits.split_at(digits.len() - scale);
    format!("{sign}{whole}.{fraction}")
}

#[cfg(test)]
mod tests {
    use super::decimal_text;

    #[test]
    fn decimals_are_written_at_their_scale() {
        assert_eq!(decimal_text(1234, 2), "12.34");
        assert_eq!(decimal_text(-7, 2), "-0.07");
        assert_eq!(decimal_text(0, 3), "0.000");
        assert_eq!(decimal_text(12, -2), "1200");
        assert_eq!(decimal_text(0, -2), "0");
        assert_eq!(decimal_text(5, 0), "5");
    }
}
