//! time's `OffsetDateTime` as RFC 3339 text, and `Date` as ISO 8601 text.

use time::format_description::well_known::{Iso8601, Rfc3339};
use time::{Date, OffsetDateTime};

use crate::typed::{FromJson, ToJson};
use crate::{Error, Output, Reader, Result, Writer};

impl ToJson for OffsetDateTime {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        let text = self
            .format(&Rfc3339)
            .map_err(|err| Error::custom(format_args!("cannot write {self} as RFC 3339: {err}")))?;
        writer.string(&text)
    }
}

impl<'de> FromJson<'de> for OffsetDateTime {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        let text = reader.read_str()?;
        OffsetDateTime::parse(&text, &Rfc3339).map_err(|err| {
            reader.data_error(format_args!("expected an RFC 3339 timestamp, found {text:?}: {err}"))
        })
    }
}

impl ToJson for Date {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        let text = self
            .format(&Iso8601::DATE)
            .map_err(|err| Error::custom(format_args!("cannot write {self}: {err}")))?;
        writer.string(&text)
    }
}

impl<'de> FromJson<'de> for Date {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        let text = reader.read_str()?;
        Date::parse(&text, &Iso8601::DATE).map_err(|err| {
            reader.data_error(format_args!("expected an ISO 8601 date, found {text:?}: {err}"))
        })
    }
}
