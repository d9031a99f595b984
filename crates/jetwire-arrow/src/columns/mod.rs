//! Column decoders: one per Arrow field, each reading JSON values straight from jetwire's
//! [`Reader`] into the buffers of its array, with no intermediate tape or value.
//!
//! A decoder is made from a field's [`DataType`] by [`decoder_for`]; nested types (lists,
//! structs, maps, run-end encodings) hold the decoders of their children. Every decoder can be
//! cut back to a row count ([`ColumnDecoder::truncate`]), so that a record that fails halfway leaves the
//! batch as it was before it.

mod dictionary;
mod map;
mod nested;
mod primitive;
mod run_end;
mod temporal;
mod text;
mod time;

use arrow_array::ArrayRef;
use arrow_array::types::*;
use arrow_buffer::NullBufferBuilder;
use arrow_schema::{ArrowError, DataType, Field, TimeUnit};
use jetwire_json::{Reader, Result};

pub(crate) use map::{KeySpelling, key_spelling};
pub(crate) use nested::StructColumn;
pub(crate) use temporal::{
    TIMESTAMP_TEXT_MAX, format_timestamp, named_zone, unit_scale, write_date, zone_offset,
};
pub(crate) use time::{TIME_TEXT_MAX, format_time};

/// Reads the values of one column and builds its array.
pub(crate) trait ColumnDecoder: Send {
    /// Reads the value the reader is positioned at, `null` included, and appends it.
    fn append(&mut self, reader: &mut Reader<'_>) -> Result<()>;

    /// Appends a null: the value is absent from its record. Called only for nullable columns.
    fn append_null(&mut self);

    /// How many values the column holds.
    fn len(&self) -> usize;

    /// Drops the values past the first `len`.
    fn truncate(&mut self, len: usize);

    /// The array of the values appended since the last call, which the column then forgets;
    /// an error when they do not make a valid array of its type (more rows than a run-end
    /// encoding's run ends reach).
    fn finish(&mut self) -> Finished;
}

/// What [`ColumnDecoder::finish`] gives.
pub(crate) type Finished = std::result::Result<ArrayRef, ArrowError>;

/// What each decoder is told about its field.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Options {
    /// Whether an object's property that its struct does not declare is an error (otherwise it
    /// is skipped).
    pub strict: bool,
}

/// The decoder of a field of type `data_type`, or an error naming the type when jetwire-arrow
/// does not decode it.
pub(crate) fn decoder_for(
    field: &Field,
    options: Options,
) -> std::result::Result<Box<dyn ColumnDecoder>, ArrowError> {
    let nullable = field.is_nullable();
    let data_type = field.data_type();
    Ok(match data_type {
        DataType::Null => Box::new(primitive::NullColumn::default()),
        DataType::Boolean => Box::new(primitive::BooleanColumn::new(nullable)),
        DataType::Int8 => primitive::column::<Int8Type>(nullable, data_type),
        DataType::Int16 => primitive::column::<Int16Type>(nullable, data_type),
        DataType::Int32 => primitive::column::<Int32Type>(nullable, data_type),
        DataType::Int64 => primitive::column::<Int64Type>(nullable, data_type),
        DataType::UInt8 => primitive::column::<UInt8Type>(nullable, data_type),
        DataType::UInt16 => primitive::column::<UInt16Type>(nullable, data_type),
        DataType::UInt32 => primitive::column::<UInt32Type>(nullable, data_type),
        DataType::UInt64 => primitive::column::<UInt64Type>(nullable, data_type),
        DataType::Float16 => primitive::column::<Float16Type>(nullable, data_type),
        DataType::Float32 => primitive::column::<Float32Type>(nullable, data_type),
        DataType::Float64 => primitive::column::<Float64Type>(nullable, data_type),
        DataType::Decimal32(precision, scale) => {
            primitive::decimal::<Decimal32Type>(nullable, data_type, *precision, *scale)?
        }
        DataType::Decimal64(precision, scale) => {
            primitive::decimal::<Decimal64Type>(nullable, data_type, *precision, *scale)?
        }
        DataType::Decimal128(precision, scale) => {
            primitive::decimal::<Decimal128Type>(nullable, data_type, *precision, *scale)?
        }
        DataType::Decimal256(precision, scale) => {
            primitive::decimal::<Decimal256Type>(nullable, data_type, *precision, *scale)?
        }
        DataType::Duration(TimeUnit::Second) => primitive::column::<DurationSecondType>(nullable, data_type),
        DataType::Duration(TimeUnit::Millisecond) => {
            primitive::column::<DurationMillisecondType>(nullable, data_type)
        }
        DataType::Duration(TimeUnit::Microsecond) => {
            primitive::column::<DurationMicrosecondType>(nullable, data_type)
        }
        DataType::Duration(TimeUnit::Nanosecond) => {
            primitive::column::<DurationNanosecondType>(nullable, data_type)
        }
        DataType::Utf8 => Box::new(text::StringColumn::<i32>::new(nullable, text::Content::Text)),
        DataType::LargeUtf8 => Box::new(text::StringColumn::<i64>::new(nullable, text::Content::Text)),
        DataType::Binary => Box::new(text::StringColumn::<i32>::new(nullable, text::Content::Base64)),
        DataType::LargeBinary => Box::new(text::StringColumn::<i64>::new(nullable, text::Content::Base64)),
        DataType::FixedSizeBinary(size) => {
            Box::new(text::FixedSizeBinaryColumn::new(nullable, fixed_size(*size, data_type)?))
        }
        DataType::Utf8View => Box::new(text::StringColumn::<i64>::new(nullable, text::Content::TextView)),
        DataType::BinaryView => Box::new(text::StringColumn::<i64>::new(nullable, text::Content::Base64View)),
        DataType::Timestamp(unit, tz) => temporal::timestamp(nullable, *unit, tz.clone())?,
        DataType::Time32(_) | DataType::Time64(_) => time::time(nullable, field)?,
        DataType::Date32 => temporal::date32(nullable),
        DataType::Date64 => temporal::date64(nullable),
        DataType::List(child) => {
            Box::new(nested::ListColumn::<i32>::new(nullable, child.clone(), false, options)?)
        }
        DataType::LargeList(child) => {
            Box::new(nested::ListColumn::<i64>::new(nullable, child.clone(), false, options)?)
        }
        DataType::ListView(child) => {
            Box::new(nested::ListColumn::<i32>::new(nullable, child.clone(), true, options)?)
        }
        DataType::LargeListView(child) => {
            Box::new(nested::ListColumn::<i64>::new(nullable, child.clone(), true, options)?)
        }
        DataType::FixedSizeList(child, size) => Box::new(nested::FixedSizeListColumn::new(
            nullable,
            child.clone(),
            fixed_size(*size, data_type)?,
            options,
        )?),
        DataType::Struct(fields) => Box::new(StructColumn::new(nullable, fields.clone(), options)?),
        DataType::Map(entries, sorted) => {
            Box::new(map::MapColumn::new(nullable, entries.clone(), *sorted, options)?)
        }
        DataType::Dictionary(key, value) => dictionary::column(field, key, value)?,
        DataType::RunEndEncoded(run_ends, values) => run_end::column(field, run_ends, values, options)?,
        _ => return Err(unsupported(field)),
    })
}

/// The size of a fixed-size type (`FixedSizeBinary`, `FixedSizeList`), which Arrow gives as an
/// `i32`: refused when negative.
pub(crate) fn fixed_size(size: i32, data_type: &DataType) -> std::result::Result<usize, ArrowError> {
    usize::try_from(size)
        .map_err(|_| ArrowError::InvalidArgumentError(format!("{data_type} has a negative size")))
}

/// The error for a field whose type jetwire-arrow does not decode.
pub(crate) fn unsupported(field: &Field) -> ArrowError {
    ArrowError::NotYetImplemented(format!(
        "jetwire-arrow does not decode JSON into {} (field `{}`)",
        field.data_type(),
        field.name()
    ))
}

/// Reads a `null` into a nullable column: `Ok(true)` when the value was `null` (appended as a
/// null), `Ok(false)` when it is something else (still to be read). A column that is not
/// nullable does not look: its typed read refuses a `null` as it refuses any other wrong value.
/// Always inlined: every value of every column passes here, and as a call it cost about 5% of
/// a read (callgrind, arrow:logs/read).
#[inline(always)]
pub(crate) fn read_null(
    reader: &mut Reader<'_>,
    nullable: bool,
    nulls: &mut NullBufferBuilder,
) -> Result<bool> {
    if !nullable || !reader.read_null_or_not()? {
        return Ok(false);
    }
    nulls.append_null();
    Ok(true)
}
