//! Times of day (`Time32`, `Time64`): `HH:MM:SS` strings with the unit's fraction, or integers
//! counted in the unit since midnight.

use arrow_array::ArrowPrimitiveType;
use arrow_array::types::{
    Time32MillisecondType, Time32SecondType, Time64MicrosecondType, Time64NanosecondType,
};
use arrow_schema::{ArrowError, DataType, TimeUnit};
use jetwire_json::{Reader, Result, TokenKind};

use super::primitive::{PrimitiveColumn, ReadValue};
use super::temporal::{digits, unit_scale, write_time_of_day};
use super::{ColumnDecoder, unsupported};

/// The column of `Time32(unit)` (seconds, milliseconds) or `Time64(unit)` (microseconds,
/// nanoseconds). A string is `HH:MM:SS`, with a fraction of up to nine digits that the unit
/// holds exactly (`12:00:00.5` is refused by a column of seconds); an integer counts the unit
/// since midnight. Either is below one day.
pub(crate) fn time(
    nullable: bool,
    field: &arrow_schema::Field,
) -> std::result::Result<Box<dyn ColumnDecoder>, ArrowError> {
    let data_type = field.data_type().clone();
    Ok(match data_type {
        DataType::Time32(TimeUnit::Second) => Box::new(PrimitiveColumn::<Time32SecondType, _>::new(
            nullable,
            data_type,
            TimeRead(TimeUnit::Second),
        )),
        DataType::Time32(TimeUnit::Millisecond) => {
            Box::new(PrimitiveColumn::<Time32MillisecondType, _>::new(
                nullable,
                data_type,
                TimeRead(TimeUnit::Millisecond),
            ))
        }
        DataType::Time64(TimeUnit::Microsecond) => {
            Box::new(PrimitiveColumn::<Time64MicrosecondType, _>::new(
                nullable,
                data_type,
                TimeRead(TimeUnit::Microsecond),
            ))
        }
        DataType::Time64(TimeUnit::Nanosecond) => Box::new(PrimitiveColumn::<Time64NanosecondType, _>::new(
            nullable,
            data_type,
            TimeRead(TimeUnit::Nanosecond),
        )),
        // `Time32` of micro- or nanoseconds and `Time64` of seconds or milliseconds are not
        // valid Arrow types.
        _ => return Err(unsupported(field)),
    })
}

/// Reads a time of day in the unit.
struct TimeRead(TimeUnit);

impl<T> ReadValue<T> for TimeRead
where
    T: ArrowPrimitiveType,
    T::Native: TryFrom<i64>,
{
    fn read(&self, reader: &mut Reader<'_>) -> Result<T::Native> {
        let (per_second, _) = unit_scale(self.0);
        let ticks = match reader.peek()? {
            TokenKind::String => {
                let text = reader.read_str()?;
                parse_time(text.as_bytes(), per_second).ok_or_else(|| {
                    let unit = match self.0 {
                        TimeUnit::Second => "seconds",
                        TimeUnit::Millisecond => "milliseconds",
                        TimeUnit::Microsecond => "microseconds",
                        TimeUnit::Nanosecond => "nanoseconds",
                    };
                    reader.data_error(format_args!(
                        "expected a time of day (HH:MM:SS and a fraction) exact in {unit}, found `{text}`"
                    ))
                })?
            }
            _ => {
                let ticks = reader.read_i64()?;
                if !(0..86_400 * per_second).contains(&ticks) {
                    return Err(
                        reader.data_error(format_args!("the time of day {ticks} is not within one day"))
                    );
                }
                ticks
            }
        };
        // Below one day, every unit's count fits its column's integer.
        T::Native::try_from(ticks).map_err(|_| reader.data_error("a time of day out of range"))
    }
}

/// `HH:MM:SS[.fraction]` as a count of `1 / per_second` seconds since midnight, when the unit
/// holds the fraction exactly.
fn parse_time(bytes: &[u8], per_second: i64) -> Option<i64> {
    let (hours, rest) = digits(bytes, 2)?;
    let rest = rest.strip_prefix(b":")?;
    let (minutes, rest) = digits(rest, 2)?;
    let rest = rest.strip_prefix(b":")?;
    let (seconds, rest) = digits(rest, 2)?;
    if hours > 23 || minutes > 59 || seconds > 59 {
        return None;
    }
    let mut nanos = 0i64;
    if let Some(fraction) = rest.strip_prefix(b".") {
        if fraction.is_empty() || fraction.len() > 9 || !fraction.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let value = fraction.iter().fold(0i64, |value, &digit| value * 10 + i64::from(digit - b'0'));
        nanos = value * 10i64.pow(9 - fraction.len() as u32);
    } else if !rest.is_empty() {
        return None;
    }
    let nanos_per_tick = 1_000_000_000 / per_second;
    if nanos % nanos_per_tick != 0 {
        return None;
    }
    let whole = i64::from(hours * 3600 + minutes * 60 + seconds);
    Some(whole * per_second + nanos / nanos_per_tick)
}

/// Room for the longest time text: `HH:MM:SS.nnnnnnnnn`.
pub(crate) const TIME_TEXT_MAX: usize = 18;

/// `ticks` of `unit` since midnight as `HH:MM:SS[.fraction]` in `out`, whose used length it
/// returns; `None` when `ticks` is not within one day (an array may hold such values; they are
/// written as integers).
pub(crate) fn format_time(ticks: i64, unit: TimeUnit, out: &mut [u8; TIME_TEXT_MAX]) -> Option<usize> {
    let (per_second, _) = unit_scale(unit);
    (0..86_400 * per_second).contains(&ticks).then(|| write_time_of_day(ticks, unit, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_of_day_read_and_write_back_in_every_unit() {
        assert_eq!(parse_time(b"00:00:00", 1), Some(0));
        assert_eq!(parse_time(b"23:59:59", 1), Some(86_399));
        assert_eq!(parse_time(b"12:30:15.25", 1_000), Some(45_015_250));
        assert_eq!(parse_time(b"12:30:15.250000", 1_000), Some(45_015_250));
        assert_eq!(parse_time(b"12:30:15.2501", 1_000), None);
        assert_eq!(parse_time(b"00:00:00.000000001", 1_000_000_000), Some(1));
        for bad in
            [&b"24:00:00"[..], b"12:60:00", b"12:00:60", b"12:00", b"12:00:00.", b"12:00:00Z", b"1:00:00"]
        {
            assert_eq!(parse_time(bad, 1_000_000_000), None, "{}", String::from_utf8_lossy(bad));
        }
        for (unit, ticks, text) in [
            (TimeUnit::Second, 86_399, "23:59:59"),
            (TimeUnit::Millisecond, 45_015_250, "12:30:15.250"),
            (TimeUnit::Microsecond, 1, "00:00:00.000001"),
            (TimeUnit::Nanosecond, 86_399_999_999_999, "23:59:59.999999999"),
        ] {
            let mut out = [0; TIME_TEXT_MAX];
            let len = format_time(ticks, unit, &mut out).unwrap();
            assert_eq!(&out[..len], text.as_bytes());
            assert_eq!(parse_time(text.as_bytes(), unit_scale(unit).0), Some(ticks));
        }
        assert_eq!(format_time(-1, TimeUnit::Second, &mut [0; TIME_TEXT_MAX]), None);
        assert_eq!(format_time(86_400, TimeUnit::Second, &mut [0; TIME_TEXT_MAX]), None);
    }
}
