//! time's `OffsetDateTime` and `Date` as integers:
//!
//! - `OffsetDateTime`: seconds since the Unix epoch (`i64`), the nanoseconds (`u32`, below one
//!   billion), then the offset east of UTC in seconds (`i32`);
//! - `Date`: its Julian day number (`i32`).
//!
//! Reading refuses values outside time's ranges.

use time::{Date, OffsetDateTime, UtcOffset};

use crate::{Decoder, Encoder, Error, FromBinary, Result, ToBinary};

#[cold]
#[inline(never)]
fn out_of_range(decoder: &Decoder<'_>, width: usize, what: &str, err: impl std::fmt::Display) -> Error {
    decoder.invalid_back(width, format_args!("invalid {what}: {err}"))
}

impl ToBinary for OffsetDateTime {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_array(self.unix_timestamp().to_le_bytes());
        encoder.write_u32(self.nanosecond());
        encoder.write_array(self.offset().whole_seconds().to_le_bytes());
        Ok(())
    }
}

impl<'de> FromBinary<'de> for OffsetDateTime {
    const MIN_SIZE: usize = 16;
    const FIXED_SIZE: bool = true;

    /// time's range bounds the date and time at the offset, not the instant in UTC (which may
    /// lie a day past it), so the value is built from its local time.
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        let secs = i64::from_le_bytes(decoder.read_array()?);
        let nanos = decoder.read_u32()?;
        let offset = i32::from_le_bytes(decoder.read_array()?);
        let offset =
            UtcOffset::from_whole_seconds(offset).map_err(|e| out_of_range(decoder, 4, "UTC offset", e))?;
        // Both within a few hundred billion seconds of 0 for any valid value; saturating keeps
        // an invalid one invalid.
        let local_secs = secs.saturating_add(i64::from(offset.whole_seconds()));
        let local = OffsetDateTime::from_unix_timestamp(local_secs)
            .map_err(|e| out_of_range(decoder, 16, "timestamp", e))?;
        let local = local.replace_nanosecond(nanos).map_err(|e| out_of_range(decoder, 8, "nanosecond", e))?;
        Ok(local.replace_offset(offset))
    }
}

impl ToBinary for Date {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_array(self.to_julian_day().to_le_bytes());
        Ok(())
    }
}

impl<'de> FromBinary<'de> for Date {
    const MIN_SIZE: usize = 4;
    const FIXED_SIZE: bool = true;

    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        let day = i32::from_le_bytes(decoder.read_array()?);
        Date::from_julian_day(day).map_err(|e| out_of_range(decoder, 4, "date", e))
    }
}
