//! [`Column`]: an Arrow array made ready, once a batch, for writing its values as JSON: its type
//! looked at and its array downcast once, so that each value is one `match` on the variant and
//! a typed read.

use arrow_array::cast::AsArray;
use arrow_array::types::*;
use arrow_array::*;
use arrow_buffer::{ArrowNativeType, NullBuffer};
use arrow_schema::{ArrowError, DataType, TimeUnit};
use jetwire_json::write::append;

use crate::columns::{
    KeySpelling, TIME_TEXT_MAX, TIMESTAMP_TEXT_MAX, format_time, format_timestamp, key_spelling, named_zone,
    unit_scale, write_date, zone_offset,
};
use crate::zones::NamedZone;

/// A named column of a struct (or of the batch): its key as JSON text (`,"name":`), and its
/// values.
pub(super) struct Member<'a> {
    key: Vec<u8>,
    column: Column<'a>,
}

impl<'a> Member<'a> {
    /// The members of the columns `arrays`, named by `fields`.
    pub(super) fn all(
        fields: &arrow_schema::Fields,
        arrays: &'a [ArrayRef],
    ) -> Result<Vec<Self>, ArrowError> {
        fields
            .iter()
            .zip(arrays)
            .map(|(field, array)| {
                let column = Column::of(array.as_ref()).map_err(|refused| refused.error(field.name()))?;
                Ok(Member { key: member_key(field.name()), column })
            })
            .collect()
    }
}

/// A type the writer does not write, found while preparing a column.
pub(super) struct Refused(DataType);

impl Refused {
    fn error(self, field: &str) -> ArrowError {
        ArrowError::NotYetImplemented(format!(
            "jetwire-arrow does not write {} as JSON (field `{field}`)",
            self.0
        ))
    }
}

/// An array ready to write: which of its values are null, and the values.
pub(super) struct Column<'a> {
    /// The logical nulls: a dictionary's null values and every value of a `Null` array
    /// included.
    nulls: Option<NullBuffer>,
    values: Values<'a>,
}

/// The values of a column, by type.
enum Values<'a> {
    Null,
    Boolean(&'a BooleanArray),
    Int8(&'a Int8Array),
    Int16(&'a Int16Array),
    Int32(&'a Int32Array),
    Int64(&'a Int64Array),
    UInt8(&'a UInt8Array),
    UInt16(&'a UInt16Array),
    UInt32(&'a UInt32Array),
    UInt64(&'a UInt64Array),
    Float16(&'a Float16Array),
    Float32(&'a Float32Array),
    Float64(&'a Float64Array),
    /// Written as exact number text at the scale.
    Decimal32(&'a Decimal32Array, i8),
    Decimal64(&'a Decimal64Array, i8),
    Decimal128(&'a Decimal128Array, i8),
    Decimal256(&'a Decimal256Array, i8),
    /// Strings, and whether none of the column's needs an escape (scanned once a batch, so
    /// that each value is then copied without a scan of its own).
    Utf8(&'a StringArray, bool),
    LargeUtf8(&'a LargeStringArray, bool),
    Utf8View(&'a StringViewArray),
    /// Written as base64.
    Binary(&'a BinaryArray),
    LargeBinary(&'a LargeBinaryArray),
    BinaryView(&'a BinaryViewArray),
    FixedSizeBinary(&'a FixedSizeBinaryArray),
    /// A duration's count of its unit, written as an integer.
    Duration(&'a [i64]),
    /// A timestamp's ticks, with its unit and the zone it is written in.
    Timestamp(&'a [i64], TimeUnit, WriteZone),
    /// A time of day's count of its unit since midnight (`Time32`, `Time64`).
    Time32(&'a [i32], TimeUnit),
    Time64(&'a [i64], TimeUnit),
    Date32(&'a Date32Array),
    /// Milliseconds, written as a date and time.
    Date64(&'a Date64Array),
    List(&'a ListArray, Box<Column<'a>>),
    LargeList(&'a LargeListArray, Box<Column<'a>>),
    ListView(&'a ListViewArray, Box<Column<'a>>),
    LargeListView(&'a LargeListViewArray, Box<Column<'a>>),
    /// Each list's `size` elements, from its row times `size`.
    FixedSizeList(usize, Box<Column<'a>>),
    /// A struct's columns, as a nested object.
    Struct(Vec<Member<'a>>),
    /// A map's entries, as an object of its keys: the keys, how JSON spells them, the values.
    Map(&'a MapArray, Box<Column<'a>>, KeySpelling, Box<Column<'a>>),
    /// Each row's index into the values (a dictionary's keys, the runs of a run-end
    /// encoding), and the values.
    Indexed(Vec<usize>, Box<Column<'a>>),
}

/// The zone a timestamp column is written in.
#[derive(Clone, Copy)]
enum WriteZone {
    /// A fixed offset in seconds east (`None`: the column has no zone, and none is written).
    Offset(Option<i32>),
    /// A named zone of the database (the `tz` feature), which gives each time its offset.
    Named(NamedZone),
}

impl<'a> Column<'a> {
    /// `array` ready to write, or the type (at any depth) that the writer does not write.
    pub(super) fn of(array: &'a dyn Array) -> Result<Column<'a>, Refused> {
        let values = match array.data_type() {
            DataType::Null => Values::Null,
            DataType::Boolean => Values::Boolean(array.as_boolean()),
            DataType::Int8 => Values::Int8(array.as_primitive()),
            DataType::Int16 => Values::Int16(array.as_primitive()),
            DataType::Int32 => Values::Int32(array.as_primitive()),
            DataType::Int64 => Values::Int64(array.as_primitive()),
            DataType::UInt8 => Values::UInt8(array.as_primitive()),
            DataType::UInt16 => Values::UInt16(array.as_primitive()),
            DataType::UInt32 => Values::UInt32(array.as_primitive()),
            DataType::UInt64 => Values::UInt64(array.as_primitive()),
            DataType::Float16 => Values::Float16(array.as_primitive()),
            DataType::Float32 => Values::Float32(array.as_primitive()),
            DataType::Float64 => Values::Float64(array.as_primitive()),
            DataType::Decimal32(_, scale) => Values::Decimal32(array.as_primitive(), *scale),
            DataType::Decimal64(_, scale) => Values::Decimal64(array.as_primitive(), *scale),
            DataType::Decimal128(_, scale) => Values::Decimal128(array.as_primitive(), *scale),
            DataType::Decimal256(_, scale) => Values::Decimal256(array.as_primitive(), *scale),
            DataType::Utf8 => Values::Utf8(array.as_string(), all_plain(array.as_string::<i32>())),
            DataType::LargeUtf8 => Values::LargeUtf8(array.as_string(), all_plain(array.as_string::<i64>())),
            DataType::Utf8View => Values::Utf8View(array.as_string_view()),
            DataType::Binary => Values::Binary(array.as_binary()),
            DataType::LargeBinary => Values::LargeBinary(array.as_binary()),
            DataType::BinaryView => Values::BinaryView(array.as_binary_view()),
            DataType::FixedSizeBinary(_) => Values::FixedSizeBinary(array.as_fixed_size_binary()),
            DataType::Duration(unit) => Values::Duration(match unit {
                TimeUnit::Second => array.as_primitive::<DurationSecondType>().values(),
                TimeUnit::Millisecond => array.as_primitive::<DurationMillisecondType>().values(),
                TimeUnit::Microsecond => array.as_primitive::<DurationMicrosecondType>().values(),
                TimeUnit::Nanosecond => array.as_primitive::<DurationNanosecondType>().values(),
            }),
            DataType::Timestamp(unit, tz) => {
                let ticks: &[i64] = match unit {
                    TimeUnit::Second => array.as_primitive::<TimestampSecondType>().values(),
                    TimeUnit::Millisecond => array.as_primitive::<TimestampMillisecondType>().values(),
                    TimeUnit::Microsecond => array.as_primitive::<TimestampMicrosecondType>().values(),
                    TimeUnit::Nanosecond => array.as_primitive::<TimestampNanosecondType>().values(),
                };
                let zone = match named_zone(tz.as_deref()) {
                    Some(zone) => WriteZone::Named(zone),
                    None => WriteZone::Offset(zone_offset(tz.as_deref())),
                };
                Values::Timestamp(ticks, *unit, zone)
            }
            DataType::Time32(TimeUnit::Second) => {
                Values::Time32(array.as_primitive::<Time32SecondType>().values(), TimeUnit::Second)
            }
            DataType::Time32(TimeUnit::Millisecond) => {
                Values::Time32(array.as_primitive::<Time32MillisecondType>().values(), TimeUnit::Millisecond)
            }
            DataType::Time64(TimeUnit::Microsecond) => {
                Values::Time64(array.as_primitive::<Time64MicrosecondType>().values(), TimeUnit::Microsecond)
            }
            DataType::Time64(TimeUnit::Nanosecond) => {
                Values::Time64(array.as_primitive::<Time64NanosecondType>().values(), TimeUnit::Nanosecond)
            }
            DataType::Date32 => Values::Date32(array.as_primitive()),
            DataType::Date64 => Values::Date64(array.as_primitive()),
            DataType::List(_) => {
                let list = array.as_list::<i32>();
                Values::List(list, Box::new(Column::of(list.values().as_ref())?))
            }
            DataType::LargeList(_) => {
                let list = array.as_list::<i64>();
                Values::LargeList(list, Box::new(Column::of(list.values().as_ref())?))
            }
            DataType::ListView(_) => {
                let list = array.as_list_view::<i32>();
                Values::ListView(list, Box::new(Column::of(list.values().as_ref())?))
            }
            DataType::LargeListView(_) => {
                let list = array.as_list_view::<i64>();
                Values::LargeListView(list, Box::new(Column::of(list.values().as_ref())?))
            }
            DataType::FixedSizeList(_, size) => {
                let list = array.as_fixed_size_list();
                let size = usize::try_from(*size).map_err(|_| Refused(array.data_type().clone()))?;
                Values::FixedSizeList(size, Box::new(Column::of(list.values().as_ref())?))
            }
            DataType::Struct(fields) => {
                let array = array.as_struct();
                let members = fields
                    .iter()
                    .zip(array.columns())
                    .map(|(field, column)| {
                        Ok(Member { key: member_key(field.name()), column: Column::of(column.as_ref())? })
                    })
                    .collect::<Result<_, Refused>>()?;
                Values::Struct(members)
            }
            DataType::Map(..) => {
                let map = array.as_map();
                let spelling = key_spelling(map.key_type()).ok_or_else(|| Refused(map.key_type().clone()))?;
                Values::Map(
                    map,
                    Box::new(Column::of(map.keys().as_ref())?),
                    spelling,
                    Box::new(Column::of(map.values().as_ref())?),
                )
            }
            DataType::Dictionary(key, _) if key.is_dictionary_key_type() => {
                let dictionary = array.as_any_dictionary();
                Values::Indexed(
                    dictionary.normalized_keys(),
                    Box::new(Column::of(dictionary.values().as_ref())?),
                )
            }
            DataType::RunEndEncoded(run_ends, _) => match run_ends.data_type() {
                DataType::Int16 => runs(array.as_run::<Int16Type>())?,
                DataType::Int32 => runs(array.as_run::<Int32Type>())?,
                DataType::Int64 => runs(array.as_run::<Int64Type>())?,
                other => return Err(Refused(other.clone())),
            },
            other => return Err(Refused(other.clone())),
        };
        Ok(Column { nulls: array.logical_nulls(), values })
    }

    /// Whether the value at `row` is null.
    #[inline]
    fn is_null(&self, row: usize) -> bool {
        self.nulls.as_ref().is_some_and(|nulls| nulls.is_null(row))
    }

    /// Appends the value at `row`, `null` included.
    #[inline(always)]
    fn write(&self, out: &mut Vec<u8>, row: usize, explicit_nulls: bool) {
        if self.is_null(row) {
            return append::null(out);
        }
        self.write_valid(out, row, explicit_nulls)
    }

    /// Appends the value at `row`, which is not null.
    ///
    /// Inlined into each of its few callers, so that a scalar costs no call: the arms that
    /// would grow its frame (dates, decimals, nested values) are calls.
    #[inline(always)]
    fn write_valid(&self, out: &mut Vec<u8>, row: usize, explicit_nulls: bool) {
        match &self.values {
            Values::Null => append::null(out),
            Values::Boolean(array) => append::boolean(out, array.value(row)),
            Values::Int8(array) => append::integer(out, array.value(row)),
            Values::Int16(array) => append::integer(out, array.value(row)),
            Values::Int32(array) => append::integer(out, array.value(row)),
            Values::Int64(array) => append::integer(out, array.value(row)),
            Values::UInt8(array) => append::integer(out, array.value(row)),
            Values::UInt16(array) => append::integer(out, array.value(row)),
            Values::UInt32(array) => append::integer(out, array.value(row)),
            Values::UInt64(array) => append::integer(out, array.value(row)),
            // A float that JSON cannot spell (NaN, an infinity) is written as null, as arrow-json
            // writes it.
            Values::Float16(array) => float_or_null(out, append::f64, f64::from(array.value(row).to_f32())),
            Values::Float32(array) => float_or_null(out, append::f32, array.value(row)),
            Values::Float64(array) => float_or_null(out, append::f64, array.value(row)),
            Values::Decimal32(array, scale) => write_decimal(out, array.value(row), *scale),
            Values::Decimal64(array, scale) => write_decimal(out, array.value(row), *scale),
            Values::Decimal128(array, scale) => write_decimal(out, array.value(row), *scale),
            Values::Decimal256(array, scale) => write_decimal(out, array.value(row), *scale),
            Values::Utf8(array, plain) => string(out, array.value(row), *plain),
            Values::LargeUtf8(array, plain) => string(out, array.value(row), *plain),
            Values::Utf8View(array) => append::string(out, array.value(row)),
            Values::Binary(array) => append::base64(out, array.value(row)),
            Values::LargeBinary(array) => append::base64(out, array.value(row)),
            Values::BinaryView(array) => append::base64(out, array.value(row)),
            Values::FixedSizeBinary(array) => append::base64(out, array.value(row)),
            Values::Duration(counts) => append::integer(out, counts[row]),
            Values::Timestamp(ticks, unit, zone) => write_timestamp(out, ticks[row], *unit, *zone),
            Values::Date32(array) => write_date32(out, array.value(row)),
            Values::Date64(array) => {
                write_timestamp(out, array.value(row), TimeUnit::Millisecond, WriteZone::Offset(None))
            }
            Values::Time32(ticks, unit) => write_time(out, i64::from(ticks[row]), *unit),
            Values::Time64(ticks, unit) => write_time(out, ticks[row], *unit),
            Values::List(list, elements) => {
                write_list(out, list.value_offsets(), row, elements, explicit_nulls)
            }
            Values::LargeList(list, elements) => {
                write_list(out, list.value_offsets(), row, elements, explicit_nulls)
            }
            Values::ListView(list, elements) => write_elements(
                out,
                view(list.value_offsets(), list.value_sizes(), row),
                elements,
                explicit_nulls,
            ),
            Values::LargeListView(list, elements) => write_elements(
                out,
                view(list.value_offsets(), list.value_sizes(), row),
                elements,
                explicit_nulls,
            ),
            Values::FixedSizeList(size, elements) => {
                write_elements(out, row * size..(row + 1) * size, elements, explicit_nulls)
            }
            Values::Struct(members) => write_object(out, members, row, explicit_nulls),
            Values::Map(map, keys, spelling, values) => {
                write_map(out, map, keys, *spelling, values, row, explicit_nulls)
            }
            Values::Indexed(indices, values) => write_indexed(out, indices, values, row, explicit_nulls),
        }
    }
}

/// Appends the map at `row` as an object of its entries.
#[inline(never)]
fn write_map(
    out: &mut Vec<u8>,
    map: &MapArray,
    keys: &Column<'_>,
    spelling: KeySpelling,
    values: &Column<'_>,
    row: usize,
    explicit_nulls: bool,
) {
    let offsets = map.value_offsets();
    let (first, end) = (offsets[row].as_usize(), offsets[row + 1].as_usize());
    out.push(b'{');
    for entry in first..end {
        if entry > first {
            out.push(b',');
        }
        // Keys are never null; one that JSON spells bare (a number) is quoted to be a name.
        match spelling {
            KeySpelling::Quoted => keys.write_valid(out, entry, false),
            KeySpelling::Bare => {
                out.push(b'"');
                keys.write_valid(out, entry, false);
                out.push(b'"');
            }
        }
        out.push(b':');
        values.write(out, entry, explicit_nulls);
    }
    out.push(b'}');
}

/// Appends the value that row `row`'s index names.
#[inline(never)]
fn write_indexed(
    out: &mut Vec<u8>,
    indices: &[usize],
    values: &Column<'_>,
    row: usize,
    explicit_nulls: bool,
) {
    values.write_valid(out, indices[row], explicit_nulls)
}

/// The values of a run-end-encoded array, indexed by row.
fn runs<R: RunEndIndexType>(array: &RunArray<R>) -> Result<Values<'_>, Refused> {
    let ends = array.run_ends();
    let run_ends = ends.values();
    let mut run = ends.get_start_physical_index();
    // The logical rows of a slice start at its offset into the runs.
    let indices = (ends.offset()..ends.offset() + ends.len())
        .map(|row| {
            while run_ends[run].as_usize() <= row {
                run += 1;
            }
            run
        })
        .collect();
    Ok(Values::Indexed(indices, Box::new(Column::of(array.values().as_ref())?)))
}

/// Appends row `row` of `members` as an object; null members are left out unless
/// `explicit_nulls`.
#[inline(never)]
pub(super) fn write_object(out: &mut Vec<u8>, members: &[Member<'_>], row: usize, explicit_nulls: bool) {
    out.push(b'{');
    // The first member written goes without the comma its key starts with.
    let mut skip = 1;
    for member in members {
        let null = member.column.is_null(row);
        if null && !explicit_nulls {
            continue;
        }
        append::raw(out, &member.key[skip..]);
        skip = 0;
        if null {
            append::null(out);
        } else {
            member.column.write_valid(out, row, explicit_nulls);
        }
    }
    out.push(b'}');
}

/// Appends the elements of the list at `row` (between its two `offsets`) as an array.
fn write_list<O: ArrowNativeType>(
    out: &mut Vec<u8>,
    offsets: &[O],
    row: usize,
    elements: &Column<'_>,
    explicit_nulls: bool,
) {
    write_elements(out, offsets[row].as_usize()..offsets[row + 1].as_usize(), elements, explicit_nulls)
}

/// The range of a list view's values that row `row` spans: its offset and size.
fn view<O: ArrowNativeType>(offsets: &[O], sizes: &[O], row: usize) -> std::ops::Range<usize> {
    let start = offsets[row].as_usize();
    start..start + sizes[row].as_usize()
}

/// Appends the elements at `range` of a list's values as an array.
#[inline(never)]
fn write_elements(
    out: &mut Vec<u8>,
    range: std::ops::Range<usize>,
    elements: &Column<'_>,
    explicit_nulls: bool,
) {
    out.push(b'[');
    let first = range.start;
    for element in range {
        if element > first {
            out.push(b',');
        }
        elements.write(out, element, explicit_nulls);
    }
    out.push(b']');
}

/// Appends a timestamp (or a `Date64`'s milliseconds) as RFC 3339 text.
#[inline(never)]
fn write_timestamp(out: &mut Vec<u8>, ticks: i64, unit: TimeUnit, zone: WriteZone) {
    let offset = match zone {
        WriteZone::Offset(offset) => offset,
        // A named zone's offset changes with the time: taken at this one.
        WriteZone::Named(zone) => Some(zone.offset_at(ticks.div_euclid(unit_scale(unit).0))),
    };
    let mut text = [0; TIMESTAMP_TEXT_MAX];
    let len = format_timestamp(ticks, unit, offset, &mut text);
    append::escaped_string(out, &text[..len]);
}

/// Appends a `Date32`'s days as `YYYY-MM-DD`.
#[inline(never)]
fn write_date32(out: &mut Vec<u8>, days: i32) {
    let mut text = [0; 19];
    let len = write_date(i64::from(days), &mut text);
    append::escaped_string(out, &text[..len]);
}

/// Appends a decimal of `scale` as exact number text.
#[inline(never)]
fn write_decimal(out: &mut Vec<u8>, value: impl std::fmt::Display, scale: i8) {
    out.extend_from_slice(decimal_text(value, scale).as_bytes());
}

/// Appends a time of day as `HH:MM:SS[.fraction]`, or its count when it is not within one day.
#[inline(never)]
fn write_time(out: &mut Vec<u8>, ticks: i64, unit: TimeUnit) {
    let mut text = [0; TIME_TEXT_MAX];
    match format_time(ticks, unit, &mut text) {
        Some(len) => append::escaped_string(out, &text[..len]),
        None => append::integer(out, ticks),
    }
}

/// Whether no string of `array` needs an escape: one scan of the bytes its values span.
fn all_plain<O: OffsetSizeTrait>(array: &GenericStringArray<O>) -> bool {
    let offsets = array.value_offsets();
    let (first, last) = (offsets[0].as_usize(), offsets[offsets.len() - 1].as_usize());
    !append::needs_escape(&array.value_data()[first..last])
}

/// Appends a string of a column, `plain` when [`all_plain`] found that none of the column's
/// needs an escape.
#[inline(always)]
fn string(out: &mut Vec<u8>, text: &str, plain: bool) {
    if plain { append::escaped_string(out, text.as_bytes()) } else { append::string(out, text) }
}

/// Appends `value` with `append_float`, or `null` when JSON cannot spell it.
#[inline(always)]
fn float_or_null<F>(out: &mut Vec<u8>, append_float: fn(&mut Vec<u8>, F) -> bool, value: F) {
    if !append_float(out, value) {
        append::null(out);
    }
}

/// `name` as a member's key: `,"name":`, escaped.
fn member_key(name: &str) -> Vec<u8> {
    let mut key = b",".to_vec();
    append::string(&mut key, name);
    key.push(b':');
    key
}

/// A decimal of `scale` as JSON number text: `1234` at scale 2 is `12.34`, at scale -1 `12340`.
fn decimal_text(value: impl std::fmt::Display, scale: i8) -> String {
    let text = value.to_string();
    let (sign, digits) = match text.strip_prefix('-') {
        Some(digits) => ("-", digits),
        None => ("", text.as_str()),
    };
    if scale <= 0 {
        let zeros = if digits == "0" { 0 } else { usize::from(scale.unsigned_abs()) };
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
        assert_eq!(decimal_text(i32::MIN, 3), "-2147483.648");
        let widest = arrow_buffer::i256::from_string(&format!("-{}", "9".repeat(76))).unwrap();
        assert_eq!(decimal_text(widest, 76), format!("-0.{}", "9".repeat(76)));
    }
}
