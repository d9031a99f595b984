//! `bytes::Bytes` and `BytesMut` as byte strings: a varint length, then the bytes.

use bytes::{Bytes, BytesMut};

use crate::{Decoder, Encoder, FromBinary, Result, ToBinary};

impl ToBinary for Bytes {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_byte_slice(self);
        Ok(())
    }
}

impl<'de> FromBinary<'de> for Bytes {
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_byte_slice().map(Bytes::copy_from_slice)
    }
}

impl ToBinary for BytesMut {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_byte_slice(self);
        Ok(())
    }
}

impl<'de> FromBinary<'de> for BytesMut {
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_byte_slice().map(BytesMut::from)
    }

    fn decode_into(&mut self, decoder: &mut Decoder<'de>) -> Result<()> {
        let bytes = decoder.read_byte_slice()?;
        self.clear();
        self.extend_from_slice(bytes);
        Ok(())
    }
}
