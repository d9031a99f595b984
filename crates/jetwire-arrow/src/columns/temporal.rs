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
use crate::zones::NamedZone;

/// The column of `Timestamp(unit, tz)`. A string is an RFC 3339 date and time (`T` or a space
/// between them, seconds and their fraction optional, `Z` or an offset such as `+02:00`; a date
/// alone is its midnight); a time without an offset is in the column's zone when that is an
/// offset, in the zone's offset at that time when it is named (with the `tz` feature; without
/// it, an error), in UTC when the column has none. An integer is a count of the column's unit
/// since 1970-01-01T00:00:00Z.
pub(crate) fn timestamp(
    nullable: bool,
    unit: TimeUnit,
    tz: Option<Arc<str>>,
) -> std::result::Result<Box<dyn ColumnDecoder>, ArrowError> {
    let zone = match tz.as_deref() {
        None => Zone::Utc,
        Some(name) => match parse_zone(name) {
            Some(offset) => Zone::Fixed(offset),
            None => Zone::Named(NamedZone::find(name)),
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
    /// A named zone (`Europe/Paris`): its offset at the time, from the zone database (the `tz`
    /// feature); without the database (`None`) such a time must carry its offset.
    Named(Option<NamedZone>),
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
        // Undecoded: a timestamp has no escapes (one written with them is decoded first).
        let text = reader.read_json_str()?;
        let parsed = if text.has_escapes() {
            parse_timestamp(text.decoded().as_bytes())
        } else {
            parse_timestamp(text.raw())
        };
        let Some(time) = parsed else {
            let text = text.decoded();
            return Err(reader.data_error(format_args!("expected an RFC 3339 timestamp, found `{text}`")));
        };
        let offset = match (time.offset, self.zone) {
            (Some(offset), _) | (None, Zone::Fixed(offset)) => offset,
            (None, Zone::Utc) => 0,
            (None, Zone::Named(Some(zone))) => zone.offset_at_local(time.seconds).ok_or_else(|| {
                reader.data_error(format_args!(
                    "the local time `{}` is ambiguous or skipped in the column's time zone (a \
                     daylight saving change): write its offset",
                    text.decoded()
                ))
            })?,
            (None, Zone::Named(None)) => {
                return Err(reader.data_error(format_args!(
                    "the timestamp `{}` has no offset, and its column's time zone is a name that \
                     jetwire-arrow does not know (named zones need its `tz` feature, and a name \
                     of the zone database): write the offset (such as `Z` or `+01:00`)",
                    text.decoded()
                )));
            }
        };
        let seconds = time.seconds - i64::from(offset);
        let (per_second, _) = unit_scale(self.unit);
        let nanos_per_tick = NANOS_PER_SECOND / per_second;
        // Ticks of the unit, the fraction below one tick dropped (towards the past).
        seconds
            .checked_mul(per_second)
            .and_then(|ticks| ticks.checked_add(i64::from(time.nanos) / nanos_per_tick))
            .ok_or_else(|| {
                reader.data_error(format_args!(
                    "the timestamp `{}` is out of range for {:?}",
                    text.decoded(),
                    self.unit
                ))
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
pub(super) fn digits(bytes: &[u8], count: usize) -> Option<(i32, &[u8])> {
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

/// The value of the ASCII digit `byte`, or a value over 9 when it is not one.
#[inline(always)]
fn digit_value(byte: u8) -> u32 {
    u32::from(byte.wrapping_sub(b'0'))
}

/// `YYYY-MM-DD` read at fixed positions (four-digit years, no sign: nearly every date), as
/// days since 1970-01-01; `None` for any other text, which [`parse_date`] then reads.
#[inline(always)]
fn date_at_fixed_positions(text: &[u8; 10]) -> Option<i64> {
    if text[4] != b'-' || text[7] != b'-' {
        return None;
    }
    let digit = |at: usize| digit_value(text[at]);
    let (y0, y1, y2, y3) = (digit(0), digit(1), digit(2), digit(3));
    let (m0, m1, d0, d1) = (digit(5), digit(6), digit(8), digit(9));
    // Not short-circuited: one test of eight flags.
    if (y0 > 9) | (y1 > 9) | (y2 > 9) | (y3 > 9) | (m0 > 9) | (m1 > 9) | (d0 > 9) | (d1 > 9) {
        return None;
    }
    let year = ((y0 * 10 + y1) * 10 + y2) * 10 + y3;
    let (month, day) = (m0 * 10 + m1, d0 * 10 + d1);
    if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year as i32, month as i32) as u32 {
        return None;
    }
    Some(days_from_civil_0_to_9999(year, month, day))
}

/// `HH:MM:SS` read at fixed positions, as seconds since midnight (a leap second, `:60`, is
/// the next second); `None` for any other text.
#[inline(always)]
fn time_at_fixed_positions(text: &[u8; 8]) -> Option<i64> {
    if text[2] != b':' || text[5] != b':' {
        return None;
    }
    let digit = |at: usize| digit_value(text[at]);
    let (h0, h1, m0, m1, s0, s1) = (digit(0), digit(1), digit(3), digit(4), digit(6), digit(7));
    if (h0 > 9) | (h1 > 9) | (m0 > 9) | (m1 > 9) | (s0 > 9) | (s1 > 9) {
        return None;
    }
    let (hour, minute, second) = (h0 * 10 + h1, m0 * 10 + m1, s0 * 10 + s1);
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    Some(i64::from((hour * 60 + minute) * 60 + second))
}

/// `YYYY-MM-DD` at the start of `bytes` as days since 1970-01-01, and what follows it.
fn parse_date(bytes: &[u8]) -> Option<(i64, &[u8])> {
    if let Some((text, rest)) = bytes.split_first_chunk::<10>() {
        if let Some(days) = date_at_fixed_positions(text) {
            return Some((days, rest));
        }
    }
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
    // The common form, `YYYY-MM-DDTHH:MM:SS` then a fraction or an offset, read at fixed
    // positions, with none of the general parse's length checks between the fields.
    if let Some((text, rest)) = bytes.split_first_chunk::<19>() {
        let (date, time) = text.split_at(10);
        if let (Some(days), b'T' | b't' | b' ', Some(seconds)) = (
            date_at_fixed_positions(date.try_into().expect("10 bytes")),
            time[0],
            time_at_fixed_positions(time[1..].try_into().expect("8 bytes")),
        ) {
            return fraction_and_offset(days * 86_400 + seconds, rest);
        }
    }
    let (days, rest) = parse_date(bytes)?;
    let rest = match rest {
        [] => return Some(Timestamp { seconds: days * 86_400, nanos: 0, offset: None }),
        [b'T' | b't' | b' ', rest @ ..] => rest,
        _ => return None,
    };
    let (hour, rest) = digits(rest, 2)?;
    let (minute, rest) = match rest {
        [b':', rest @ ..] => digits(rest, 2)?,
        _ => return None,
    };
    let (second, rest) = match rest {
        [b':', rest @ ..] => digits(rest, 2)?,
        _ => (0, rest),
    };
    // A leap second (:60) is accepted as the next second, as most parsers do.
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    fraction_and_offset(days * 86_400 + i64::from((hour * 60 + minute) * 60 + second), rest)
}

/// The time `seconds` (since the epoch, in its own zone) with what follows its seconds in
/// `rest`: a fraction (`.` and digits, those past the nanosecond dropped), then an offset, each
/// optional.
#[inline(always)]
fn fraction_and_offset(seconds: i64, mut rest: &[u8]) -> Option<Timestamp> {
    let mut time = Timestamp { seconds, nanos: 0, offset: None };
    if let [b'.', fraction @ ..] = rest {
        // The first nine digits, then scaled up to nanoseconds; the others dropped.
        const SCALE: [u32; 10] =
            [1_000_000_000, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1];
        let mut count = 0;
        while let Some(&byte) = fraction.get(count) {
            let digit = digit_value(byte);
            if digit > 9 {
                break;
            }
            if count < 9 {
                time.nanos = time.nanos * 10 + digit;
            }
            count += 1;
        }
        if count == 0 {
            return None;
        }
        time.nanos *= SCALE[count.min(9)];
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

/// Room for the longest text of [`format_timestamp`]: a date with a signed year of up to 12
/// digits (19), `T`, the time (8), 9 fraction digits and the point, and an offset (6).
pub(crate) const TIMESTAMP_TEXT_MAX: usize = 44;

/// The offset that [`format_timestamp`] writes for a column's zone `tz`, in seconds east: none
/// without a zone, 0 (UTC) for a named zone that [`named_zone`] does not give.
pub(crate) fn zone_offset(tz: Option<&str>) -> Option<i32> {
    tz.map(|name| parse_zone(name).unwrap_or(0))
}

/// The named zone of a column's zone `tz` (not an offset), when the database knows it (the
/// `tz` feature).
pub(crate) fn named_zone(tz: Option<&str>) -> Option<NamedZone> {
    let name = tz.filter(|name| parse_zone(name).is_none())?;
    NamedZone::find(name)
}

/// `ticks` of `unit` since 1970-01-01T00:00:00Z as RFC 3339 text at `offset` (seconds east,
/// from the column's zone by [`zone_offset`]), written into `out`, whose used length it returns:
/// without an offset when the column has no zone, with `Z` or the offset when it has one. The
/// fraction has the unit's digits (none for seconds).
pub(crate) fn format_timestamp(
    ticks: i64,
    unit: TimeUnit,
    offset: Option<i32>,
    out: &mut [u8; TIMESTAMP_TEXT_MAX],
) -> usize {
    let (per_second, _) = unit_scale(unit);
    let seconds = ticks.div_euclid(per_second) + i64::from(offset.unwrap_or(0));
    let (days, second_of_day) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    let mut len = write_date(days, out);
    out[len] = b'T';
    len += 1;
    len +=
        write_time_of_day(second_of_day * per_second + ticks.rem_euclid(per_second), unit, &mut out[len..]);
    match offset {
        None => {}
        Some(0) => {
            out[len] = b'Z';
            len += 1;
        }
        Some(offset) => {
            out[len] = if offset < 0 { b'-' } else { b'+' };
            let offset = u64::from(offset.unsigned_abs());
            len += 1 + put_digits(offset / 3600, 2, &mut out[len + 1..]);
            out[len] = b':';
            len += 1 + put_digits(offset / 60 % 60, 2, &mut out[len + 1..]);
        }
    }
    len
}

/// How many of `unit` make a second, and the fraction digits that spell one.
pub(crate) fn unit_scale(unit: TimeUnit) -> (i64, usize) {
    match unit {
        TimeUnit::Second => (1, 0),
        TimeUnit::Millisecond => (1_000, 3),
        TimeUnit::Microsecond => (1_000_000, 6),
        TimeUnit::Nanosecond => (NANOS_PER_SECOND, 9),
    }
}

/// `ticks` of `unit` since midnight (below one day) as `HH:MM:SS` and the unit's fraction
/// digits, at the start of `out` (room for 18 bytes); returns its length.
pub(super) fn write_time_of_day(ticks: i64, unit: TimeUnit, out: &mut [u8]) -> usize {
    let (per_second, digits) = unit_scale(unit);
    let (seconds, fraction) = ((ticks / per_second) as u64, (ticks % per_second) as u64);
    put_digits(seconds / 3600, 2, out);
    out[2] = b':';
    put_digits(seconds / 60 % 60, 2, &mut out[3..]);
    out[5] = b':';
    put_digits(seconds % 60, 2, &mut out[6..]);
    if digits == 0 {
        return 8;
    }
    out[8] = b'.';
    put_digits(fraction, digits, &mut out[9..]);
    9 + digits
}

/// `days` since 1970-01-01 as `YYYY-MM-DD` (outside years 0 to 9999, a sign and at least five
/// year digits), written at the start of `out` (room for 19 bytes); returns its length.
pub(crate) fn write_date(days: i64, out: &mut [u8]) -> usize {
    let (year, month, day) = civil_from_days(days);
    let mut len = 0;
    if (0..=9999).contains(&year) {
        len += put_digits(year as u64, 4, out);
    } else {
        out[0] = if year < 0 { b'-' } else { b'+' };
        let magnitude = year.unsigned_abs();
        let count = magnitude.checked_ilog10().map_or(1, |log| log as usize + 1).max(5);
        len = 1 + put_digits(magnitude, count, &mut out[1..]);
    }
    out[len] = b'-';
    len += 1 + put_digits(u64::from(month), 2, &mut out[len + 1..]);
    out[len] = b'-';
    len += 1 + put_digits(u64::from(day), 2, &mut out[len + 1..]);
    len
}

/// `value` as exactly `count` decimal digits (leading zeros; `value` below `10^count`) at the
/// start of `out`; returns `count`.
fn put_digits(mut value: u64, count: usize, out: &mut [u8]) -> usize {
    for slot in out[..count].iter_mut().rev() {
        *slot = b'0' + (value % 10) as u8;
        value /= 10;
    }
    count
}

/// The date of `days` since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's
/// `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
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

/// [`days_from_civil`] for the years 0 to 9999, in unsigned arithmetic: with the year moved
/// 400 years on (the calendar repeats every 400), every quotient is of positive numbers, which
/// compile to multiplications, where the signed form needs corrections for negative ones.
#[inline(always)]
fn days_from_civil_0_to_9999(year: u32, month: u32, day: u32) -> i64 {
    // Years start in March, so that the leap day ends one.
    let (year, month) = if month <= 2 { (year + 399, month + 9) } else { (year + 400, month - 3) };
    let days = 365 * year + year / 4 - year / 100 + year / 400 + (153 * month + 2) / 5 + day - 1;
    // The same count for 1970-01-01 (the year 1969 + 400, its month 10 from March).
    const EPOCH: u32 = 365 * 2369 + 2369 / 4 - 2369 / 100 + 2369 / 400 + (153 * 10 + 2) / 5;
    i64::from(days) - i64::from(EPOCH)
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
    fn the_unsigned_day_count_is_the_signed_one() {
        for year in 0..=9999 {
            for month in 1..=12 {
                for day in [1, 2, 15, 28, days_in_month(year, month)] {
                    assert_eq!(
                        days_from_civil_0_to_9999(year as u32, month as u32, day as u32),
                        days_from_civil(year, month, day),
                        "{year}-{month}-{day}"
                    );
                }
            }
        }
    }

    #[test]
    fn fixed_positions_read_as_the_general_parse() {
        // Every date of a leap year and a common one, and times around each field's bounds,
        // read by the general parse alone (behind a sign, which the fixed path refuses) and
        // by the whole parse.
        let general = |text: &str| parse_timestamp(format!("+{text}").as_bytes());
        for text in [
            "2024-02-29T23:59:60Z",
            "0000-01-01T00:00:00",
            "9999-12-31 23:59:59.999999999999+14:00",
            "2024-02-30T00:00:00",
            "2023-02-29T00:00:00",
            "2024-00-10T00:00:00",
            "2024-13-10T00:00:00",
            "2024-01-00T00:00:00",
            "2024-01-32T00:00:00",
            "2024-01-01T24:00:00",
            "2024-01-01T23:60:00",
            "2024-01-01T23:59:61",
            "2024-01-01t12:00:00.5",
            "2024-01-01X12:00:00",
            "2024-01-01T12:00:0a",
            "2024-01-01T12-00:00",
            "2024/01/01T12:00:00",
            "2024-01-01T12:00:00.",
            "2024-01-01T12:00:00.1Zx",
            "2024-01-01T12:00",
            "2024-01-01",
            "12024-01-01T00:00:00",
        ] {
            assert_eq!(parse_timestamp(text.as_bytes()), general(text), "{text}");
        }
        for days in 0..(2 * 366) {
            let mut date = [0; 19];
            let len = write_date(19_358 + days, &mut date);
            let text = format!("{}T12:34:56.789Z", std::str::from_utf8(&date[..len]).unwrap());
            assert_eq!(parse_timestamp(text.as_bytes()), general(&text), "{text}");
            assert!(parse_timestamp(text.as_bytes()).is_some(), "{text}");
        }
    }

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
    fn dates_and_timestamps_format_as_they_parse() {
        // Years 0 to 9999, all that RFC 3339 spells, read back; others are written with a sign
        // and five or more digits, which the decoder does not read.
        for days in [-719_468, -1, 0, 1, 11_017, 19_782, 2_932_896] {
            let mut out = [0; 19];
            let len = write_date(days, &mut out);
            let (back, rest) = parse_date(&out[..len]).unwrap_or_else(|| panic!("{:?}", &out[..len]));
            assert_eq!((back, rest), (days, &b""[..]));
        }
        let mut out = [0; 19];
        let len = write_date(-800_000, &mut out);
        assert_eq!(&out[..len], b"-00221-09-04");
        let text = |ticks, unit, tz| {
            let mut out = [0; TIMESTAMP_TEXT_MAX];
            let len = format_timestamp(ticks, unit, zone_offset(tz), &mut out);
            String::from_utf8(out[..len].to_vec()).unwrap()
        };
        assert_eq!(text(0, TimeUnit::Second, None), "1970-01-01T00:00:00");
        assert_eq!(text(-1, TimeUnit::Millisecond, None), "1969-12-31T23:59:59.999");
        assert_eq!(text(1_500, TimeUnit::Second, Some("UTC")), "1970-01-01T00:25:00Z");
        assert_eq!(text(0, TimeUnit::Nanosecond, Some("+05:30")), "1970-01-01T05:30:00.000000000+05:30");
        assert_eq!(text(0, TimeUnit::Microsecond, Some("-03:30")), "1969-12-31T20:30:00.000000-03:30");
        assert_eq!(text(0, TimeUnit::Microsecond, Some("Europe/Paris")), "1970-01-01T00:00:00.000000Z");
        let far = text(i64::MIN, TimeUnit::Second, Some("+05:30"));
        assert!(far.starts_with("-292277022657-01-27T"), "{far}");
        let far = text(i64::MAX, TimeUnit::Second, None);
        assert!(far.starts_with("+292277026596-12-04T15:30:07"), "{far}");
    }

    #[test]
    fn zones_written_as_offsets_are_fixed() {
        assert_eq!(parse_zone("UTC"), Some(0));
        assert_eq!(parse_zone("+05:30"), Some(19_800));
        assert_eq!(parse_zone("-08"), Some(-28_800));
        assert_eq!(parse_zone("Europe/Paris"), None);
    }
}
