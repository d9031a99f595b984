//! chrono's date and time types as the text chrono's own serde support writes and reads: ISO
//! 8601 / RFC 3339 with a `T`, the offset's seconds kept, and years beyond 9999 signed.

use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, Timelike, Utc};

use crate::typed::text::StackText;
use crate::typed::timestamp::{self, Civil};
use crate::typed::{FromJson, ToJson};
use crate::{Output, Reader, Result, Writer};

/// Types written as chrono's `Debug` text (which is the form chrono's serde support writes) and
/// read with `FromStr`.
macro_rules! chrono_impls {
    ($($ty:ty => $what:literal),*) => {$(
        impl ToJson for $ty {
            #[inline]
            fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
                writer.string(StackText::<48>::debug(self).as_str())
            }
        }

        impl<'de> FromJson<'de> for $ty {
            #[inline]
            fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
                let text = reader.read_str()?;
                FromChronoText::from_chrono_text(&text)
                    .map_err(|err| reader.data_error(format_args!("expected {}, found {text:?}: {err}", $what)))
            }
        }
    )*};
}

/// Parsing the text that `Debug` writes: `FromStr`, plus offsets with seconds (`+05:30:07`),
/// which `Debug` writes and `FromStr` refuses.
trait FromChronoText: Sized {
    fn from_chrono_text(text: &str) -> chrono::ParseResult<Self>;
}

impl FromChronoText for DateTime<FixedOffset> {
    fn from_chrono_text(text: &str) -> chrono::ParseResult<Self> {
        text.parse().or_else(|err| with_offset_seconds(text).ok_or(err))
    }
}

/// `…±HH:MM:SS`: a timestamp whose offset has seconds, which chrono's parsers do not read.
fn with_offset_seconds(text: &str) -> Option<DateTime<FixedOffset>> {
    let split = text.len().checked_sub(9)?;
    let (local, offset) = (text.get(..split)?, text.get(split..)?.as_bytes());
    let sign = match offset[0] {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    if offset[3] != b':' || offset[6] != b':' {
        return None;
    }
    let field = |at| timestamp::two(offset, at);
    let seconds = field(1)? * 3600 + field(4)? * 60 + field(7)?;
    let offset = FixedOffset::east_opt(sign * seconds as i32)?;
    local.parse::<NaiveDateTime>().ok()?.and_local_timezone(offset).single()
}

macro_rules! from_str_text {
    ($($ty:ty),*) => {$(
        impl FromChronoText for $ty {
            fn from_chrono_text(text: &str) -> chrono::ParseResult<Self> {
                text.parse()
            }
        }
    )*};
}

from_str_text!(NaiveDate, NaiveDateTime, NaiveTime);

impl ToJson for DateTime<Utc> {
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        write_timestamp(writer, self, 0, true)
    }
}

impl<'de> FromJson<'de> for DateTime<Utc> {
    #[inline]
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        read_timestamp(reader).map(|t| t.with_timezone(&Utc))
    }
}

impl ToJson for DateTime<FixedOffset> {
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        write_timestamp(writer, self, self.offset().local_minus_utc(), false)
    }
}

impl<'de> FromJson<'de> for DateTime<FixedOffset> {
    #[inline]
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        read_timestamp(reader)
    }
}

/// Writes `time` (whose offset from UTC is `offset_seconds`) as RFC 3339 on the fast path, or
/// as chrono's `Debug` text (what its serde support writes) for the shapes the fast path leaves.
fn write_timestamp<Tz, O>(
    writer: &mut Writer<O>,
    time: &DateTime<Tz>,
    offset_seconds: i32,
    utc_as_z: bool,
) -> Result<()>
where
    Tz: chrono::TimeZone,
    Tz::Offset: std::fmt::Debug,
    O: Output,
{
    let local = time.naive_local();
    let civil = Civil {
        year: local.year(),
        month: local.month(),
        day: local.day(),
        hour: local.hour(),
        minute: local.minute(),
        second: local.second(),
        nanos: local.nanosecond(),
        offset_seconds,
    };
    let mut text = [0; timestamp::MAX_LEN];
    match timestamp::format(&civil, utc_as_z, &mut text) {
        Some(len) => writer.string_bytes(&text[..len]),
        None => writer.string(StackText::<48>::debug(time).as_str()),
    }
}

/// Reads an RFC 3339 timestamp: the fast path for the common shape, chrono's parsers otherwise.
fn read_timestamp(reader: &mut Reader<'_>) -> Result<DateTime<FixedOffset>> {
    let text = reader.read_str()?;
    let fast = timestamp::parse(text.as_bytes()).and_then(|c| {
        let offset = FixedOffset::east_opt(c.offset_seconds)?;
        NaiveDate::from_ymd_opt(c.year, c.month, c.day)?
            .and_hms_nano_opt(c.hour, c.minute, c.second, c.nanos)?
            .and_local_timezone(offset)
            .single()
    });
    match fast {
        Some(time) => Ok(time),
        None => DateTime::<FixedOffset>::from_chrono_text(&text).map_err(|err| {
            reader.data_error(format_args!("expected an RFC 3339 timestamp, found {text:?}: {err}"))
        }),
    }
}

chrono_impls! {
    NaiveDate => "an ISO 8601 date",
    NaiveDateTime => "an ISO 8601 date and time",
    NaiveTime => "an ISO 8601 time"
}
