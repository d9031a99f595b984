//! `rust_decimal::Decimal`: the 16 bytes of `Decimal::serialize` (flags, then the 96-bit
//! mantissa, little-endian). Reading checks the flags: a scale of at most 28 and no unused bits.

use rust_decimal::Decimal;

use crate::{Decoder, Encoder, FromBinary, Result, ToBinary};

impl ToBinary for Decimal {
    #[inline]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_array(self.serialize());
        Ok(())
    }
}

impl<'de> FromBinary<'de> for Decimal {
    const MIN_SIZE: usize = 16;
    const FIXED_SIZE: bool = true;

    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        let bytes: [u8; 16] = decoder.read_array()?;
        let flags = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        let scale = (flags >> 16) & 0xFF;
        if flags & !0x80FF_0000 != 0 || scale > 28 {
            return Err(decoder.invalid_back(
                16,
                format_args!(
                    "invalid Decimal: expected flags with a scale of at most 28, found 0x{flags:08X}"
                ),
            ));
        }
        Ok(Decimal::deserialize(bytes))
    }
}
