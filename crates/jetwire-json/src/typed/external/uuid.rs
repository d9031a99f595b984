//! `uuid::Uuid` as its hyphenated lowercase text.

use uuid::Uuid;

use crate::typed::{FromJson, ToJson};
use crate::{Output, Reader, Result, Writer};

impl ToJson for Uuid {
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        let mut buffer = Uuid::encode_buffer();
        writer.string(self.hyphenated().encode_lower(&mut buffer))
    }
}

impl<'de> FromJson<'de> for Uuid {
    #[inline]
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        let text = reader.read_json_str()?;
        let parsed = if text.has_escapes() {
            Uuid::try_parse(&text.decoded())
        } else {
            Uuid::try_parse_ascii(text.raw())
        };
        parsed.map_err(|err| {
            reader.data_error(format_args!("expected a UUID, found {:?}: {err}", text.decoded()))
        })
    }
}
