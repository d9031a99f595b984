//! Numbers, booleans, characters, `()` and `PhantomData`.
//!
//! Integers and floats are fixed-width little-endian, and plain: `Vec`s and arrays of them move
//! as memory blocks. `usize` and `isize` travel as 64 bits, so that 32- and 64-bit hosts agree.

use std::marker::PhantomData;

use super::{FromBinary, ToBinary};
use crate::decode::Decoder;
use crate::encode::Encoder;
use crate::error::Result;
use crate::plain::{Plain, Raw, RawWrite};

macro_rules! number_impls {
    ($($ty:ty),*) => {$(
        impl ToBinary for $ty {
            const IS_PLAIN: Plain<Self> = Plain::of();
            const ENCODED_SIZE: Option<usize> = Some(size_of::<$ty>());
            const WRITES_BLOCK: bool = true;
            const RAW: RawWrite<Self> = RawWrite::plain();

            #[inline(always)]
            fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
                encoder.write_array(self.to_le_bytes());
                Ok(())
            }

            #[inline(always)]
            fn encode_block(&self, block: &mut [u8]) {
                fill(block, self.to_le_bytes());
            }
        }

        impl<'de> FromBinary<'de> for $ty {
            const IS_PLAIN: Plain<Self> = Plain::of();
            const MIN_SIZE: usize = size_of::<$ty>();
            const FIXED_SIZE: bool = true;
            const RAW: Raw<Self> = Raw::plain();

            #[inline(always)]
            fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
                decoder.read_array().map(<$ty>::from_le_bytes)
            }
        }
    )*};
}

number_impls!(u8, u16, u32, u64, u128, i8, i16, i32, i64, i128, f32, f64);

impl ToBinary for usize {
    const ENCODED_SIZE: Option<usize> = Some(8);
    const WRITES_BLOCK: bool = true;

    #[inline(always)]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_u64(*self as u64);
        Ok(())
    }

    #[inline(always)]
    fn encode_block(&self, block: &mut [u8]) {
        fill(block, (*self as u64).to_le_bytes());
    }
}

impl<'de> FromBinary<'de> for usize {
    const MIN_SIZE: usize = 8;
    const FIXED_SIZE: bool = true;

    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        let value = decoder.read_u64()?;
        usize::try_from(value).map_err(|_| decoder.error(format_args!("usize out of range: found {value}")))
    }
}

impl ToBinary for isize {
    const ENCODED_SIZE: Option<usize> = Some(8);
    const WRITES_BLOCK: bool = true;

    #[inline(always)]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_array((*self as i64).to_le_bytes());
        Ok(())
    }

    #[inline(always)]
    fn encode_block(&self, block: &mut [u8]) {
        fill(block, (*self as i64).to_le_bytes());
    }
}

impl<'de> FromBinary<'de> for isize {
    const MIN_SIZE: usize = 8;
    const FIXED_SIZE: bool = true;

    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        let value = i64::from_le_bytes(decoder.read_array()?);
        isize::try_from(value).map_err(|_| decoder.error(format_args!("isize out of range: found {value}")))
    }
}

impl ToBinary for bool {
    const ENCODED_SIZE: Option<usize> = Some(1);
    const WRITES_BLOCK: bool = true;
    // SAFETY: one byte in memory, always initialized, 0 for `false` and 1 for `true`: the
    // byte `encode_block` writes.
    const RAW: RawWrite<Self> = unsafe { RawWrite::assume() };

    #[inline(always)]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_bool(*self);
        Ok(())
    }

    #[inline(always)]
    fn encode_block(&self, block: &mut [u8]) {
        fill(block, [u8::from(*self)]);
    }
}

impl<'de> FromBinary<'de> for bool {
    const FIXED_SIZE: bool = true;
    // SAFETY: one byte on the wire and in memory; the bytes `raw_bytes_valid` accepts, 0 and 1,
    // are `false` and `true` in memory, and what `decode` reads from them.
    const RAW: Raw<Self> = unsafe { Raw::assume() };

    #[inline(always)]
    fn raw_bytes_valid(bytes: &[u8]) -> bool {
        matches!(bytes, [0 | 1])
    }

    #[inline(always)]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_bool()
    }
}

impl ToBinary for char {
    const ENCODED_SIZE: Option<usize> = Some(4);
    const WRITES_BLOCK: bool = true;

    #[inline]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_u32(u32::from(*self));
        Ok(())
    }

    #[inline(always)]
    fn encode_block(&self, block: &mut [u8]) {
        fill(block, u32::from(*self).to_le_bytes());
    }
}

impl<'de> FromBinary<'de> for char {
    const MIN_SIZE: usize = 4;
    const FIXED_SIZE: bool = true;

    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_char()
    }
}

impl ToBinary for () {
    const ENCODED_SIZE: Option<usize> = Some(0);
    const WRITES_BLOCK: bool = true;

    #[inline(always)]
    fn encode_block(&self, _: &mut [u8]) {}

    #[inline(always)]
    fn encode(&self, _: &mut Encoder<'_>) -> Result<()> {
        Ok(())
    }
}

impl<'de> FromBinary<'de> for () {
    const MIN_SIZE: usize = 0;
    const FIXED_SIZE: bool = true;

    #[inline(always)]
    fn decode(_: &mut Decoder<'de>) -> Result<Self> {
        Ok(())
    }
}

impl<T: ?Sized> ToBinary for PhantomData<T> {
    const ENCODED_SIZE: Option<usize> = Some(0);
    const WRITES_BLOCK: bool = true;

    #[inline(always)]
    fn encode_block(&self, _: &mut [u8]) {}

    #[inline(always)]
    fn encode(&self, _: &mut Encoder<'_>) -> Result<()> {
        Ok(())
    }
}

impl<'de, T: ?Sized> FromBinary<'de> for PhantomData<T> {
    const MIN_SIZE: usize = 0;
    const FIXED_SIZE: bool = true;

    #[inline(always)]
    fn decode(_: &mut Decoder<'de>) -> Result<Self> {
        Ok(PhantomData)
    }

    fn absent() -> Option<Self> {
        Some(PhantomData)
    }
}

/// Writes `bytes` at the front of `block`.
#[inline(always)]
fn fill<const N: usize>(block: &mut [u8], bytes: [u8; N]) {
    block[..N].copy_from_slice(&bytes);
}
