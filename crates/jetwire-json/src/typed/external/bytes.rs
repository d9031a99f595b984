//! `bytes::Bytes` and `BytesMut` as base64 strings.

use bytes::{Bytes, BytesMut};

use crate::typed::{FromJson, ToJson};
use crate::{Output, Reader, Result, Writer};

impl ToJson for Bytes {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.bytes_base64(self)
    }
}

impl<'de> FromJson<'de> for Bytes {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        reader.read_base64().map(Bytes::from)
    }
}

impl ToJson for BytesMut {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.bytes_base64(self)
    }
}

impl<'de> FromJson<'de> for BytesMut {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        reader.read_base64().map(|bytes| BytesMut::from(&bytes[..]))
    }
}
