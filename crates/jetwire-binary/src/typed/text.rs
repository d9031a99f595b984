//! Strings and byte strings: a varint length, then the bytes (UTF-8 for strings, validated when
//! reading). `&str`, `&[u8]` and `Cow` borrow from the input.

use std::borrow::Cow;

use super::{FromBinary, ToBinary};
use crate::decode::Decoder;
use crate::encode::Encoder;
use crate::error::Result;

impl ToBinary for str {
    // Always inlined, as `write_str` is: a short string's write is a few moves, and a call per
    // string cost more than it (perf-log, sixth pass).
    #[inline(always)]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_str(self);
        Ok(())
    }
}

impl ToBinary for String {
    #[inline(always)]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_str(self);
        Ok(())
    }
}

impl<'de> FromBinary<'de> for String {
    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_string()
    }

    #[inline]
    fn decode_into(&mut self, decoder: &mut Decoder<'de>) -> Result<()> {
        let text = decoder.read_str()?;
        self.clear();
        self.push_str(text);
        Ok(())
    }
}

impl<'de: 'a, 'a> FromBinary<'de> for &'a str {
    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_str()
    }
}

impl<'de> FromBinary<'de> for Box<str> {
    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_str().map(Box::from)
    }
}

impl<'de: 'a, 'a> FromBinary<'de> for Cow<'a, str> {
    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_str().map(Cow::Borrowed)
    }
}

impl<'de: 'a, 'a> FromBinary<'de> for &'a [u8] {
    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_byte_slice()
    }
}

impl<'de: 'a, 'a> FromBinary<'de> for Cow<'a, [u8]> {
    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_byte_slice().map(Cow::Borrowed)
    }
}

impl<B: ToBinary + ToOwned + ?Sized> ToBinary for Cow<'_, B> {
    #[inline]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        (**self).encode(encoder)
    }
}
