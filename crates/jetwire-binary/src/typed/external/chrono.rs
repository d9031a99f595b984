//! chrono's date and time types as integers:
//!
//! - `DateTime<Utc>` and `NaiveDateTime`: seconds since the Unix epoch (`i64`), then the
//!   nanoseconds (`u32`, up to 1 999 999 999 for a leap second);
//! - `DateTime<FixedOffset>`: the same, then the offset east of UTC in seconds (`i32`);
//! - `NaiveDate`: days since 1 January of year 1 (`i32`, day 1 being that date);
//! - `NaiveTime`: seconds since midnight (`u32`), then the nanoseconds (`u32`).
//!
//! Reading refuses values outside chrono's ranges.

use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, Timelike, Utc};

use crate::{Decoder, Encoder, Error, FromBinary, Result, ToBinary};

#[cold]
#[inline(never)]
fn out_of_range(decoder: &Decoder<'_>, width: usize, what: &str) -> Error {
    decoder.invalid_back(width, format_args!("invalid {what}: out of chrono's range"))
}

fn decode_utc(decoder: &mut Decoder<'_>) -> Result<DateTime<Utc>> {
    let secs = i64::from_le_bytes(decoder.read_array()?);
    let nanos = decoder.read_u32()?;
    DateTime::from_timestamp(secs, nanos).ok_or_else(|| out_of_range(decoder, 12, "timestamp"))
}

impl ToBinary for DateTime<Utc> {
    #[inline]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_array(self.timestamp().to_le_bytes());
        encoder.write_u32(self.timestamp_subsec_nanos());
        Ok(())
    }
}

impl<'de> FromBinary<'de> for DateTime<Utc> {
    const MIN_SIZE: usize = 12;
    const FIXED_SIZE: bool = true;

    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decode_utc(decoder)
    }
}

impl ToBinary for NaiveDateTime {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        self.and_utc().encode(encoder)
    }
}

impl<'de> FromBinary<'de> for NaiveDateTime {
    const MIN_SIZE: usize = 12;
    const FIXED_SIZE: bool = true;

    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decode_utc(decoder).map(|t| t.naive_utc())
    }
}

impl ToBinary for DateTime<FixedOffset> {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        self.to_utc().encode(encoder)?;
        encoder.write_array(self.offset().local_minus_utc().to_le_bytes());
        Ok(())
    }
}

impl<'de> FromBinary<'de> for DateTime<FixedOffset> {
    const MIN_SIZE: usize = 16;
    const FIXED_SIZE: bool = true;

    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        let utc = decode_utc(decoder)?;
        let offset = i32::from_le_bytes(decoder.read_array()?);
        let offset = FixedOffset::east_opt(offset).ok_or_else(|| out_of_range(decoder, 4, "UTC offset"))?;
        Ok(utc.with_timezone(&offset))
    }
}

impl ToBinary for NaiveDate {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_array(self.num_days_from_ce().to_le_bytes());
        Ok(())
    }
}

impl<'de> FromBinary<'de> for NaiveDate {
    const MIN_SIZE: usize = 4;
    const FIXED_SIZE: bool = true;

    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        let days = i32::from_le_bytes(decoder.read_array()?);
        NaiveDate::from_num_days_from_ce_opt(days).ok_or_else(|| out_of_range(decoder, 4, "date"))
    }
}

impl ToBinary for NaiveTime {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_u32(self.num_seconds_from_midnight());
        encoder.write_u32(self.nanosecond());
        Ok(())
    }
}

impl<'de> FromBinary<'de> for NaiveTime {
    const MIN_SIZE: usize = 8;
    const FIXED_SIZE: bool = true;

    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        let secs = decoder.read_u32()?;
        let nanos = decoder.read_u32()?;
        NaiveTime::from_num_seconds_from_midnight_opt(secs, nanos)
            .ok_or_else(|| out_of_range(decoder, 8, "time"))
    }
}
