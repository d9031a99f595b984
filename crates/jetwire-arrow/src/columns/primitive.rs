//! Columns of fixed-width values: nulls, booleans, integers, floats and decimals.

use std::borrow::Cow;
use std::sync::Arc;

use arrow_array::types::*;
use arrow_array::{ArrowNativeTypeOp, ArrowPrimitiveType, BooleanArray, NullArray, PrimitiveArray};
use arrow_buffer::{BooleanBufferBuilder, NullBufferBuilder};
use arrow_schema::{ArrowError, DataType};
use half::f16;
use jetwire_json::{FromJson, Reader, Result, TokenKind};

use super::{ColumnDecoder, Finished, read_null};

/// A column of type `Null`: every value must be `null`.
#[derive(Default)]
pub(crate) struct NullColumn {
    len: usize,
}

impl ColumnDecoder for NullColumn {
    fn append(&mut self, reader: &mut Reader<'_>) -> Result<()> {
        reader.read_null()?;
        self.len += 1;
        Ok(())
    }

    fn append_null(&mut self) {
        self.len += 1;
    }

    fn len(&self) -> usize {
        self.len
    }

    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    fn finish(&mut self) -> Finished {
        Ok(Arc::new(NullArray::new(std::mem::take(&mut self.len))))
    }
}

/// A column of `true` and `false`.
pub(crate) struct BooleanColumn {
    values: BooleanBufferBuilder,
    nulls: NullBufferBuilder,
    nullable: bool,
}

impl BooleanColumn {
    pub(crate) fn new(nullable: bool) -> Self {
        BooleanColumn { values: BooleanBufferBuilder::new(0), nulls: NullBufferBuilder::new(0), nullable }
    }
}

impl ColumnDecoder for BooleanColumn {
    fn append(&mut self, reader: &mut Reader<'_>) -> Result<()> {
        if read_null(reader, self.nullable, &mut self.nulls)? {
            self.values.append(false);
            return Ok(());
        }
        self.values.append(reader.read_bool()?);
        self.nulls.append_non_null();
        Ok(())
    }

    fn append_null(&mut self) {
        self.values.append(false);
        self.nulls.append_null();
    }

    fn len(&self) -> usize {
        self.values.len()
    }

    fn truncate(&mut self, len: usize) {
        self.values.truncate(len);
        self.nulls.truncate(len);
    }

    fn finish(&mut self) -> Finished {
        Ok(Arc::new(BooleanArray::new(self.values.finish(), self.nulls.finish())))
    }
}

/// How one value of a primitive column is read (after its `null` has been ruled out).
pub(crate) trait ReadValue<T: ArrowPrimitiveType>: Send {
    /// Reads the value the reader is positioned at.
    fn read(&self, reader: &mut Reader<'_>) -> Result<T::Native>;
}

impl<T: ArrowPrimitiveType, F> ReadValue<T> for F
where
    F: Fn(&mut Reader<'_>) -> Result<T::Native> + Send,
{
    #[inline]
    fn read(&self, reader: &mut Reader<'_>) -> Result<T::Native> {
        self(reader)
    }
}

/// A column of values of the primitive type `T`, each read by `read`.
pub(crate) struct PrimitiveColumn<T: ArrowPrimitiveType, R> {
    values: Vec<T::Native>,
    nulls: NullBufferBuilder,
    nullable: bool,
    data_type: DataType,
    read: R,
}

impl<T: ArrowPrimitiveType, R: ReadValue<T>> PrimitiveColumn<T, R> {
    /// A column of `data_type` (`T`'s, or one that shares its values, such as a timestamp's).
    pub(crate) fn new(nullable: bool, data_type: DataType, read: R) -> Self {
        PrimitiveColumn { values: Vec::new(), nulls: NullBufferBuilder::new(0), nullable, data_type, read }
    }
}

impl<T: ArrowPrimitiveType, R: ReadValue<T>> ColumnDecoder for PrimitiveColumn<T, R> {
    #[inline]
    fn append(&mut self, reader: &mut Reader<'_>) -> Result<()> {
        if read_null(reader, self.nullable, &mut self.nulls)? {
            self.values.push(T::Native::default());
            return Ok(());
        }
        self.values.push(self.read.read(reader)?);
        self.nulls.append_non_null();
        Ok(())
    }

    fn append_null(&mut self) {
        self.values.push(T::Native::default());
        self.nulls.append_null();
    }

    fn len(&self) -> usize {
        self.values.len()
    }

    fn truncate(&mut self, len: usize) {
        self.values.truncate(len);
        self.nulls.truncate(len);
    }

    fn finish(&mut self) -> Finished {
        let values = std::mem::take(&mut self.values);
        let array = PrimitiveArray::<T>::new(values.into(), self.nulls.finish());
        Ok(Arc::new(array.with_data_type(self.data_type.clone())))
    }
}

/// How a JSON number becomes a value of an Arrow number type: through jetwire's typed read of
/// the Rust type, which refuses a fraction for an integer and a value out of its range.
trait ReadNumber: ArrowPrimitiveType {
    fn read(reader: &mut Reader<'_>) -> Result<Self::Native>;
}

macro_rules! read_as_rust_type {
    ($($arrow:ty),*) => {$(
        impl ReadNumber for $arrow {
            #[inline]
            fn read(reader: &mut Reader<'_>) -> Result<Self::Native> {
                <Self::Native as FromJson<'_>>::from_json(reader)
            }
        }
    )*};
}

read_as_rust_type!(
    Int8Type,
    Int16Type,
    Int32Type,
    Int64Type,
    UInt8Type,
    UInt16Type,
    UInt32Type,
    UInt64Type,
    Float32Type,
    Float64Type,
    DurationSecondType,
    DurationMillisecondType,
    DurationMicrosecondType,
    DurationNanosecondType
);

impl ReadNumber for Float16Type {
    fn read(reader: &mut Reader<'_>) -> Result<f16> {
        // Rounded once from the decimal text to `f32`, then to the nearest `f16`.
        reader.read_f32().map(f16::from_f32)
    }
}

/// The column of a number type.
#[allow(private_bounds)]
pub(crate) fn column<T: ReadNumber>(nullable: bool, data_type: &DataType) -> Box<dyn ColumnDecoder> {
    Box::new(PrimitiveColumn::<T, _>::new(nullable, data_type.clone(), T::read))
}

/// The column of a decimal type `T` (`Decimal32`, `Decimal64`, `Decimal128`, `Decimal256`) of `precision` and
/// `scale`: numbers, or strings holding numbers, whose value has at most `scale` digits after the
/// point (trailing zeros aside) and at most `precision` digits in all once scaled.
pub(crate) fn decimal<T: DecimalType>(
    nullable: bool,
    data_type: &DataType,
    precision: u8,
    scale: i8,
) -> std::result::Result<Box<dyn ColumnDecoder>, ArrowError> {
    if precision == 0 || precision > T::MAX_PRECISION || i16::from(scale) > i16::from(precision) {
        return Err(ArrowError::InvalidArgumentError(format!("{data_type} is not a valid decimal type")));
    }
    Ok(Box::new(PrimitiveColumn::<T, _>::new(nullable, data_type.clone(), DecimalRead { precision, scale })))
}

/// Reads a decimal of the column's precision and scale.
struct DecimalRead {
    precision: u8,
    scale: i8,
}

impl<T: DecimalType> ReadValue<T> for DecimalRead {
    fn read(&self, reader: &mut Reader<'_>) -> Result<T::Native> {
        let text: Cow<'_, str> = match reader.peek()? {
            TokenKind::String => reader.read_str()?,
            _ => reader.read_number()?.as_str().into(),
        };
        // The precision is at most the type's, so the value always fits its integer.
        parse_decimal::<T::Native>(&text, self.precision, self.scale).ok_or_else(|| {
            reader.data_error(format_args!(
                "expected a decimal of precision {} and scale {}, found `{text}`",
                self.precision, self.scale
            ))
        })
    }
}

/// `text`, a JSON number (or the same spelling in a string), as an integer of `10^-scale`
/// units: `None` unless it is exact at that scale and has at most `precision` digits (which the
/// caller keeps within what `N` holds: 9, 18, 38 or 76 digits).
pub(crate) fn parse_decimal<N: ArrowNativeTypeOp>(text: &str, precision: u8, scale: i8) -> Option<N> {
    let bytes = text.as_bytes();
    let (negative, rest) = match bytes.first()? {
        b'-' => (true, &bytes[1..]),
        b'+' => (false, &bytes[1..]),
        _ => (false, bytes),
    };
    let mantissa_end = rest.iter().position(|&b| b == b'e' || b == b'E').unwrap_or(rest.len());
    let exponent: i32 = match rest.get(mantissa_end + 1..) {
        Some(exp) if !exp.is_empty() => std::str::from_utf8(exp).ok()?.parse().ok()?,
        Some(_) => return None,
        None => 0,
    };
    let mantissa = &rest[..mantissa_end];
    let mut digits: Vec<u8> = Vec::with_capacity(mantissa.len());
    let mut fraction_digits: i32 = 0;
    let mut seen_point = false;
    for &byte in mantissa {
        match byte {
            b'0'..=b'9' => {
                digits.push(byte - b'0');
                if seen_point {
                    fraction_digits += 1;
                }
            }
            b'.' if !seen_point => seen_point = true,
            _ => return None,
        }
    }
    if digits.is_empty() {
        return None;
    }
    // value = digits * 10^(exponent - fraction_digits); in units of 10^-scale it is
    // digits * 10^shift.
    let shift = exponent.checked_sub(fraction_digits)?.checked_add(i32::from(scale))?;
    if shift < 0 {
        // Dropping digits: only zeros may go.
        let drop = usize::try_from(-shift).ok()?;
        if drop > digits.len() {
            if digits.iter().any(|&d| d != 0) {
                return None;
            }
            digits.clear();
        } else {
            let kept = digits.len() - drop;
            if digits[kept..].iter().any(|&d| d != 0) {
                return None;
            }
            digits.truncate(kept);
        }
    }
    let significant = &digits[digits.iter().position(|&d| d != 0).unwrap_or(digits.len())..];
    let zeros = usize::try_from(shift.max(0)).ok()?;
    if significant.is_empty() {
        return Some(N::ZERO);
    }
    // Below 10^precision, which `N` holds: no step below can overflow.
    if significant.len().checked_add(zeros)? > usize::from(precision) {
        return None;
    }
    let ten = N::usize_as(10);
    let mut value = N::ZERO;
    for &digit in significant {
        value = value.mul_wrapping(ten).add_wrapping(N::usize_as(usize::from(digit)));
    }
    for _ in 0..zeros {
        value = value.mul_wrapping(ten);
    }
    Some(if negative { value.neg_wrapping() } else { value })
}

#[cfg(test)]
mod tests {
    use arrow_buffer::i256;

    use super::parse_decimal;

    #[test]
    fn decimals_are_exact_at_their_scale_or_refused() {
        assert_eq!(parse_decimal::<i128>("12.34", 10, 2), Some(1234));
        assert_eq!(parse_decimal::<i128>("-12.3", 10, 2), Some(-1230));
        assert_eq!(parse_decimal::<i128>("12.340", 10, 2), Some(1234));
        assert_eq!(parse_decimal::<i128>("12.345", 10, 2), None);
        assert_eq!(parse_decimal::<i128>("1.5e2", 10, 0), Some(150));
        assert_eq!(parse_decimal::<i128>("1500e-3", 10, 1), Some(15));
        assert_eq!(parse_decimal::<i128>("99999", 5, 0), Some(99999));
        assert_eq!(parse_decimal::<i128>("100000", 5, 0), None);
        assert_eq!(parse_decimal::<i128>("1", 5, 5), None);
        assert_eq!(parse_decimal::<i128>("0.5", 5, 5), Some(50000));
        assert_eq!(parse_decimal::<i128>("120", 5, -1), Some(12));
        assert_eq!(parse_decimal::<i128>("125", 5, -1), None);
        assert_eq!(parse_decimal::<i128>("0", 1, 0), Some(0));
        assert_eq!(parse_decimal::<i128>("", 5, 0), None);
        assert_eq!(parse_decimal::<i128>("1.", 5, 0), Some(1));
        assert_eq!(parse_decimal::<i128>("1e", 5, 0), None);
        assert_eq!(parse_decimal::<i128>("1e99999999999", 38, 0), None);
        assert_eq!(parse_decimal::<i128>("-0.000e999", 38, 2), Some(0));
        assert_eq!(parse_decimal::<i32>("-9999999.99", 9, 2), Some(-999_999_999));
        let widest = "9".repeat(76);
        assert_eq!(parse_decimal::<i256>(&widest, 76, 0), i256::from_string(&widest));
        assert_eq!(
            parse_decimal::<i256>(&format!("-{widest}e-2"), 76, 2),
            i256::from_string(&format!("-{widest}"))
        );
        assert_eq!(parse_decimal::<i256>(&format!("{widest}0"), 76, 0), None);
        assert_eq!(parse_decimal::<i256>("1e75", 76, 0), i256::from_string(&format!("1{}", "0".repeat(75))));
    }
}
