//! `uuid::Uuid`: its 16 bytes, in the order of `Uuid::as_bytes` (big-endian fields, as RFC 9562
//! writes them).

use uuid::Uuid;

use crate::{Decoder, Encoder, FromBinary, Result, ToBinary};

impl ToBinary for Uuid {
    #[inline]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_array(*self.as_bytes());
        Ok(())
    }
}

impl<'de> FromBinary<'de> for Uuid {
    const MIN_SIZE: usize = 16;
    const FIXED_SIZE: bool = true;

    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_array().map(Uuid::from_bytes)
    }
}
