//! Timestamps and dates: RFC 3339 strings, or integers counted in the column's unit.

use std::sync::Arc;

use arrow_array::types::{
    Date32Type, Date64Type, TimestampMicrosecondType, TimestampMillisecondType, TimestampNanosecondType,
    TimestampSecondType,
};
use arrow_schema::{ArrowError, DataType, TimeUnit};
use jetwire_json::{FromJson, Reader, Result, TokenKind};

use super::ColumnDecoder;
use super::primitive::{PrimitiveColumn, ReadValue};

/// The column of `Timestamp(unit, tz)`. A string is an RFC 3339 date and time (`T` or a space
/// between them, seconds and their fraction optional, `Z` or an offset such as `+02:00`; a date
/// alone is its midnight); a time without an offset is in the column's zone when that is an
/// offset, in UTC when the column has none. An integer is a count of the column's unit since
/// 1970-01-01T00:00:00Z.
pub(crate) fn timestamp(
    nullable: bool,
    unit: TimeUnit,
    tz: Option<Arc<str>>,
) -> std::result::Result<Box<dyn ColumnDecoder>, ArrowError> {
    let zone = match tz.as_deref() {
        None => Zone::Utc,
        Some(name) => match parse_zone(name) {
            Some(offset) => Zone::Fixed(offset),
            None => Zone::Named,
        },
    };
    let data_type = DataType::Timestamp(unit, tz);
    let read = TimestampRead { unit, zone };
    Ok(match unit {
        TimeUnit::Second => {
            Box::new(PrimitiveColumn::<TimestampSecondType, _>::new(nullable, data_type, read))
        }
        TimeUnit::Millisecond => {
            Box::new(PrimitiveColumn::<TimestampMillisecondType, _>::new(nullable, data_type, read))
        }
        TimeUnit::Microsecond => {
            Box::new(PrimitiveColumn::<TimestampMicrosecondType, _>::new(nullable, data_type, read))
        }
        TimeUnit::Nanosecond => {
            Box::new(PrimitiveColumn::<TimestampNanosecondType, _>::new(nullable, data_type, read))
        }
    })
}

/// The column of `Date32`: `YYYY-MM-DD`, or an integer count of days since 1970-01-01.
pub(crate) fn date32(nullable: bool) -> Box<dyn ColumnDecoder> {
    Box::new(PrimitiveColumn::<Date32Type, _>::new(nullable, DataType::Date32, |reader: &mut Reader<'_>| {
        match reader.peek()? {
            TokenKind::String => {
                let text = reader.read_str()?;
                parse_date(text.as_bytes())
                    .and_then(|(days, rest)| if rest.is_empty() { i32::try_from(days).ok() } else { None })
                    .ok_or_else(|| {
                        reader.data_error(format_args!("expected a date (YYYY-MM-DD), found `{text}`"))
                    })
            }
            _ => i32::from_json(reader),
        }
    }))
}

/// The column of `Date64`: a date or an RFC 3339 date and time (as for a timestamp without a
/// zone), or an integer count of milliseconds since 1970-01-01T00:00:00Z.
pub(crate) fn date64(nullable: bool) -> Box<dyn ColumnDecoder> {
    let read = TimestampRead { unit: TimeUnit::Millisecond, zone: Zone::Utc };
    Box::new(PrimitiveColumn::<Date64Type, _>::new(nullable, DataType::Date64, read))
}

/// Where a time without an offset is.
#[derive(Clone, Copy, Debug)]
enum Zone {
    Utc,
    /// A fixed offset east of UTC, in seconds.
    Fixed(i32),
    /// A named zone (`Europe/Paris`): jetwire-arrow carries no time-zone database, so such a
    /// time must carry its offset.
    Named,
}

/// Reads a timestamp of `unit`.
#[derive(Clone, Copy, Debug)]
struct TimestampRead {
    unit: TimeUnit,
    zone: Zone,
}

impl<T> ReadValue<T> for TimestampRead
where
    T: arrow_array::ArrowPrimitiveType<Native = i64>,
{
    fn read(&self, reader: &mut Reader<'_>) -> Result<i64> {
        if reader.peek()? != TokenKind::String {
            return i64::from_json(reader);
        }
        let text = reader.read_str()?;
        let Some(time) = parse_timestamp(text.as_bytes()) else {
            return Err(reader.data_error(format_args!("expected an RFC 3339 timestamp, found `{text}`")));
        };
        let offset = match (time.offset, self.zone) {
            (Some(offset), _) | (None, Zone::Fixed(offset)) => offset,
            (None, Zone::Utc) => 0,
            (None, Zone::Named) => {
                return Err(reader.data_error(format_args!(
                    "the timestamp `{text}` has no offset, and its column's time zone is named: \
                     write the offset (such as `Z` or `+01:00`)"
                )));
            }
        };
        let seconds = time.seconds - i64::from(offset);
        let (per_second, nanos_per_tick) = match self.unit {
            TimeUnit::Second => (1, NANOS_PER_SECOND),
            TimeUnit::Millisecond => (1_000, 1_000_000),
            TimeUnit::Microsecond => (1_000_000, 1_000),
            TimeUnit::Nanosecond => (NANOS_PER_SECOND, 1),
        };
        // Ticks of the unit, the fraction below one tick dropped (towards the past).
        seconds
            .checked_mul(per_second)
            .and_then(|ticks| ticks.checked_add(i64::from(time.nanos) / nanos_per_tick))
            .ok_or_else(|| {
                reader.data_error(format_args!("the timestamp `{text}` is out of range for {:?}", self.unit))
            })
    }
}

/// An RFC 3339 date and time, read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Timestamp {
    /// Seconds since 1970-01-01T00:00:00 in the time's own zone.
    seconds: i64,
    /// The fraction of the second, in nanoseconds.
    nanos: u32,
    /// The offset written with it, in seconds east of UTC.
    offset: Option<i32>,
}

const NANOS_PER_SECOND: i64 = 1_000_000_000;

/// A zone written as an offset: `UTC`, `Z`, `+HH:MM`, `+HHMM` or `+HH` (or `-`), in seconds east.
fn parse_zone(name: &str) -> Option<i32> {
    if name.eq_ignore_ascii_case("utc") || name == "Z" || name == "z" {
        return Some(0);
    }
    match parse_offset(name.as_bytes()) {
        Some((offset, [])) => Some(offset),
        _ => None,
    }
}

/// A leading offset `Z`, `+HH:MM`, `+HHMM` or `+HH` (or `-`), in seconds east, and what
/// follows it.
fn parse_offset(bytes: &[u8]) -> Option<(i32, &[u8])> {
    match bytes {
        [b'Z' | b'z', rest @ ..] => Some((0, rest)),
        [sign @ (b'+' | b'-'), rest @ ..] => {
            let (hours, rest) = digits(rest, 2)?;
            let (minutes, rest) = match rest {
                [b':', rest @ ..] => digits(rest, 2)?,
                [b'0'..=b'9', ..] => digits(rest, 2)?,
                _ => (0, rest),
            };
            if hours > 23 || minutes > 59 {
                return None;
            }
            let seconds = (hours * 60 + minutes) * 60;
            Some((if *sign == b'-' { -seconds } else { seconds }, rest))
        }
        _ => None,
    }
}

/// `count` ASCII digits at the start of `bytes` as a number, and what follows them.
fn digits(bytes: &[u8], count: usize) -> Option<(i32, &[u8])> {
    let (head, rest) = bytes.split_at_checked(count)?;
    let mut value = 0i32;
    for &byte in head {
        if !byte.is_ascii_digit() {
            return None;
        }
        value = value * 10 + i32::from(byte - b'0');
    }
    Some((value, rest))
}

/// `YYYY-MM-DD` at the start of `bytes` as days since 1970-01-01, and what follows it.
fn parse_date(bytes: &[u8]) -> Option<(i64, &[u8])> {
    let (negative, bytes) = match bytes {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, bytes),
    };
    let (year, rest) = digits(bytes, 4)?;
    let (month, rest) = match rest {
        [b'-', rest @ ..] => digits(rest, 2)?,
        _ => return None,
    };
    let (day, rest) = match rest {
        [b'-', rest @ ..] => digits(rest, 2)?,
        _ => return None,
    };
    let year = if negative { -year } else { year };
    if !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
        return None;
    }
    Some((days_from_civil(year, month, day), rest))
}

/// An RFC 3339 date and time (`T`, `t` or a space between them; seconds and their fraction
/// optional; digits past the nanosecond dropped). A date alone is its midnight.
fn parse_timestamp(bytes: &[u8]) -> Option<Timestamp> {
    let (days, rest) = parse_date(bytes)?;
    let mut time = Timestamp { seconds: days * 86_400, nanos: 0, offset: None };
    let rest = match rest {
        [] => return Some(time),
        [b'T' | b't' | b' ', rest @ ..] => rest,
        _ => return None,
    };
    let (hour, rest) = digits(rest, 2)?;
    let (minute, rest) = match rest {
        [b':', rest @ ..] => digits(rest, 2)?,
        _ => return None,
    };
    let (second, mut rest) = match rest {
        [b':', rest @ ..] => digits(rest, 2)?,
        _ => (0, rest),
    };
    // A leap second (:60) is accepted as the next second, as most parsers do.
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    time.seconds += i64::from((hour * 60 + minute) * 60 + second);
    if let [b'.', fraction @ ..] = rest {
        let count = fraction.iter().take_while(|b| b.is_ascii_digit()).count();
        if count == 0 {
            return None;
        }
        let mut scale = 100_000_000;
        for &digit in &fraction[..count.min(9)] {
            time.nanos += u32::from(digit - b'0') * scale;
            scale /= 10;
        }
        rest = &fraction[count..];
    }
    if !rest.is_empty() {
        match parse_offset(rest)? {
            (offset, []) => time.offset = Some(offset),
            _ => return None,
        }
    }
    Some(time)
}

fn is_leap_year(year: i32) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn days_in_month(year: i32, month: i32) -> i32 {
    match month {
        2 if is_leap_year(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a date in the proleptic Gregorian calendar (Howard Hinnant's
/// `days_from_civil`).
fn days_from_civil(year: i32, month: i32, day: i32) -> i64 {
    let year = i64::from(if month <= 2 { year - 1 } else { year });
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month = i64::from(month);
    let day_of_year = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_days_match_known_dates() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(days_from_civil(1969, 12, 31), -1);
        assert_eq!(days_from_civil(2024, 2, 29), 19_782);
        assert_eq!(days_from_civil(1600, 1, 1), -135_140);
    }

    #[test]
    fn timestamps_parse_with_and_without_offsets() {
        let at = |seconds, nanos, offset| Some(Timestamp { seconds, nanos, offset });
        assert_eq!(parse_timestamp(b"1970-01-01T00:00:01Z"), at(1, 0, Some(0)));
        assert_eq!(parse_timestamp(b"1970-01-01 00:00:01.5"), at(1, 500_000_000, None));
        assert_eq!(parse_timestamp(b"1970-01-01T01:00+01:00"), at(3600, 0, Some(3600)));
        assert_eq!(
            parse_timestamp(b"1970-01-01T00:00:00.123456789123-0130"),
            at(0, 123_456_789, Some(-5400))
        );
        assert_eq!(parse_timestamp(b"1970-01-02"), at(86_400, 0, None));
        assert_eq!(parse_timestamp(b"1969-12-31T23:59:59.25"), at(-1, 250_000_000, None));
        for bad in [
            &b"1970-13-01"[..],
            b"1970-02-30",
            b"1970-01-01T24:00",
            b"1970-01-01T00:00:00.",
            b"1970-01-01X",
            b"70-01-01",
        ] {
            assert_eq!(parse_timestamp(bad), None, "{}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn zones_written_as_offsets_are_fixed() {
        assert_eq!(parse_zone("UTC"), Some(0));
        assert_eq!(parse_zone("+05:30"), Some(19_800));
        assert_eq!(parse_zone("-08"), Some(-28_800));
        assert_eq!(parse_zone("Europe/Paris"), None);
    }
}
