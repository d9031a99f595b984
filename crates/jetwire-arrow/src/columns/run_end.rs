//! Run-end-encoded columns: the values read as a plain column of the value type, then, once a
//! batch, each run of equal neighbours kept once with the row it ends at, as arrow-json
//! encodes them (two nulls are equal; floats are equal when their bits are).

use std::marker::PhantomData;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::{Int16Type, Int32Type, Int64Type, RunEndIndexType};
use arrow_array::{Array, ArrayAccessor, PrimitiveArray, RunArray};
use arrow_buffer::ArrowNativeType;
use arrow_data::ArrayData;
use arrow_data::transform::MutableArrayData;
use arrow_schema::{ArrowError, DataType, Field, FieldRef};
use jetwire_json::{Reader, Result};

use super::{ColumnDecoder, Finished, Options, decoder_for};

/// The column of the field `field`, of type `RunEndEncoded(run_ends, values)`.
pub(crate) fn column(
    field: &Field,
    run_ends: &FieldRef,
    values: &FieldRef,
    options: Options,
) -> std::result::Result<Box<dyn ColumnDecoder>, ArrowError> {
    if run_ends.is_nullable() {
        return Err(ArrowError::InvalidArgumentError(format!(
            "the run ends of a run-end encoding are never null; `{}` is declared nullable (field `{}`)",
            run_ends.name(),
            field.name()
        )));
    }
    Ok(match run_ends.data_type() {
        DataType::Int16 => {
            Box::new(RunEndColumn::<Int16Type>::new(field, values, options, i16::MAX as usize)?)
        }
        DataType::Int32 => {
            Box::new(RunEndColumn::<Int32Type>::new(field, values, options, i32::MAX as usize)?)
        }
        DataType::Int64 => Box::new(RunEndColumn::<Int64Type>::new(field, values, options, usize::MAX)?),
        other => {
            return Err(ArrowError::InvalidArgumentError(format!(
                "run ends are Int16, Int32 or Int64, not {other} (field `{}`)",
                field.name()
            )));
        }
    })
}

/// A run-end-encoded column whose run ends are `R`.
struct RunEndColumn<R: RunEndIndexType> {
    data_type: DataType,
    /// Every row's value, runs not yet found.
    rows: Box<dyn ColumnDecoder>,
    /// The most rows a batch can hold: the largest run end `R` holds.
    max_rows: usize,
    run_ends: PhantomData<fn() -> R>,
}

impl<R: RunEndIndexType> RunEndColumn<R> {
    fn new(
        field: &Field,
        values: &FieldRef,
        options: Options,
        max_rows: usize,
    ) -> std::result::Result<Self, ArrowError> {
        // A null row is a null value, so the values take nulls when the field does.
        let nullable = values.is_nullable() || field.is_nullable();
        let rows = decoder_for(&Field::new(values.name(), values.data_type().clone(), nullable), options)?;
        Ok(RunEndColumn { data_type: field.data_type().clone(), rows, max_rows, run_ends: PhantomData })
    }
}

impl<R: RunEndIndexType> RunEndColumn<R> {
    fn too_many_rows(&self) -> String {
        format!(
            "a run-end-encoded column with {} run ends holds at most {} rows a batch; use a smaller batch",
            R::DATA_TYPE,
            self.max_rows
        )
    }
}

impl<R: RunEndIndexType> ColumnDecoder for RunEndColumn<R> {
    fn append(&mut self, reader: &mut Reader<'_>) -> Result<()> {
        if self.rows.len() >= self.max_rows {
            return Err(reader.data_error(self.too_many_rows()));
        }
        self.rows.append(reader)
    }

    fn append_null(&mut self) {
        self.rows.append_null();
    }

    fn len(&self) -> usize {
        self.rows.len()
    }

    fn truncate(&mut self, len: usize) {
        self.rows.truncate(len);
    }

    fn finish(&mut self) -> Finished {
        let rows = self.rows.finish()?;
        let len = rows.len();
        // Reached only by nulls (absent members), which `append_null` cannot refuse.
        if len > self.max_rows {
            return Err(ArrowError::JsonError(self.too_many_rows()));
        }
        let data = rows.to_data();
        let starts = run_starts(rows.as_ref(), &data);
        let ends =
            starts.iter().skip(1).copied().chain((len > 0).then_some(len)).map(|end| {
                R::Native::from_usize(end).expect("the rows were counted within the run ends' type")
            });
        let run_ends = PrimitiveArray::<R>::from_iter_values(ends);
        let mut values = MutableArrayData::new(vec![&data], false, starts.len());
        for &start in &starts {
            // The values are a subset of the rows, whose offsets did not overflow.
            values.try_extend(0, start, start + 1).expect("a subset of the rows fits");
        }
        let data = ArrayData::builder(self.data_type.clone())
            .len(len)
            .add_child_data(run_ends.into_data())
            .add_child_data(values.freeze());
        // The type is the field's, its run ends are increasing and end at `len`, and there is
        // one value a run: `build` checks it all again.
        Ok(Arc::new(RunArray::<R>::from(data.build()?)))
    }
}

/// Whether the values of `rows` at `row` and `row - 1`, neither null, differ.
fn by_value<'a, A>(rows: A) -> Box<dyn Fn(usize) -> bool + 'a>
where
    A: ArrayAccessor + 'a,
    A::Item: PartialEq,
{
    Box::new(move |row| rows.value(row) != rows.value(row - 1))
}

/// The row each run of equal neighbours in `rows` (whose data is `data`) starts at (none for
/// no rows).
fn run_starts(rows: &dyn Array, data: &ArrayData) -> Vec<usize> {
    let nulls = rows.logical_nulls();
    // Whether the values at `row` and `row - 1`, neither null, differ.
    let differs: Box<dyn Fn(usize) -> bool + '_> = match rows.data_type() {
        DataType::Boolean => by_value(rows.as_boolean()),
        DataType::Utf8 => by_value(rows.as_string::<i32>()),
        DataType::LargeUtf8 => by_value(rows.as_string::<i64>()),
        DataType::Utf8View => by_value(rows.as_string_view()),
        DataType::Binary => by_value(rows.as_binary::<i32>()),
        DataType::LargeBinary => by_value(rows.as_binary::<i64>()),
        data_type if data_type.is_primitive() => {
            // Compared by their bits: a float's NaN equals itself, and -0 differs from 0.
            let width = data_type.primitive_width().expect("a primitive type has a width");
            let bytes = &data.buffers()[0].as_slice()[data.offset() * width..];
            Box::new(move |row| {
                bytes[row * width..(row + 1) * width] != bytes[(row - 1) * width..row * width]
            })
        }
        // Nested and other values: compared as one-row arrays (slower, and rare in runs).
        _ => Box::new(|row| rows.slice(row, 1).as_ref() != rows.slice(row - 1, 1).as_ref()),
    };
    let mut starts = Vec::new();
    for row in 0..rows.len() {
        let new_run = row == 0
            || match &nulls {
                Some(nulls) if nulls.is_null(row) || nulls.is_null(row - 1) => {
                    nulls.is_null(row) != nulls.is_null(row - 1)
                }
                _ => differs(row),
            };
        if new_run {
            starts.push(row);
        }
    }
    starts
}
