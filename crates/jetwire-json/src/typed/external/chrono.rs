//! chrono's date and time types as the text chrono's own serde support writes and reads: ISO
//! 8601 / RFC 3339 with a `T`, the offset's seconds kept, and years beyond 9999 signed.

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, Utc};

use crate::typed::text::StackText;
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
    let field = |at: usize| -> Option<i32> {
        let digits = offset.get(at..at + 2)?;
        digits
            .iter()
            .all(u8::is_ascii_digit)
            .then(|| i32::from(digits[0] - b'0') * 10 + i32::from(digits[1] - b'0'))
    };
    if offset[3] != b':' || offset[6] != b':' {
        return None;
    }
    let seconds = field(1)? * 3600 + field(4)? * 60 + field(7)?;
    let offset = FixedOffset::east_opt(sign * seconds)?;
    local.parse::<NaiveDateTime>().ok()?.and_local_timezone(offset).single()
}

impl FromChronoText for DateTime<Utc> {
    fn from_chrono_text(text: &str) -> chrono::ParseResult<Self> {
        DateTime::<FixedOffset>::from_chrono_text(text).map(|t| t.with_timezone(&Utc))
    }
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

chrono_impls! {
    DateTime<Utc> => "an RFC 3339 timestamp",
    DateTime<FixedOffset> => "an RFC 3339 timestamp",
    NaiveDate => "an ISO 8601 date",
    NaiveDateTime => "an ISO 8601 date and time",
    NaiveTime => "an ISO 8601 time"
}
