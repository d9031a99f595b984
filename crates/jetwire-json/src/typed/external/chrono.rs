//! chrono's date and time types as RFC 3339 / ISO 8601 text, as chrono's own serde support
//! writes them.

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, SecondsFormat, Utc};

use crate::typed::{FromJson, ToJson};
use crate::{Output, Reader, Result, Writer};

impl ToJson for DateTime<Utc> {
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.string(&self.to_rfc3339_opts(SecondsFormat::AutoSi, true))
    }
}

impl ToJson for DateTime<FixedOffset> {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.string(&self.to_rfc3339_opts(SecondsFormat::AutoSi, false))
    }
}

fn parse_rfc3339(reader: &mut Reader<'_>) -> Result<DateTime<FixedOffset>> {
    let text = reader.read_str()?;
    DateTime::parse_from_rfc3339(&text).map_err(|err| {
        reader.data_error(format_args!("expected an RFC 3339 timestamp, found {text:?}: {err}"))
    })
}

impl<'de> FromJson<'de> for DateTime<Utc> {
    #[inline]
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        parse_rfc3339(reader).map(|t| t.with_timezone(&Utc))
    }
}

impl<'de> FromJson<'de> for DateTime<FixedOffset> {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        parse_rfc3339(reader)
    }
}

/// Naive types: ISO 8601 text through `Display` and `FromStr`, as chrono's serde support does.
macro_rules! naive_impls {
    ($($ty:ty => $what:literal),*) => {$(
        impl ToJson for $ty {
            fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
                writer.string(&self.to_string())
            }
        }

        impl<'de> FromJson<'de> for $ty {
            fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
                let text = reader.read_str()?;
                text.parse().map_err(|err| reader.data_error(format_args!("expected {}, found {text:?}: {err}", $what)))
            }
        }
    )*};
}

naive_impls!(NaiveDate => "an ISO 8601 date", NaiveDateTime => "an ISO 8601 date and time", NaiveTime => "an ISO 8601 time");
