//! Numbers, booleans, characters, `()` and `PhantomData`.
//!
//! Integers and floats are fixed-width little-endian, and plain: `Vec`s and arrays of them move
//! as memory blocks. `usize` and `isize` travel as 64 bits, so that 32- and 64-bit hosts agree.

use std::marker::PhantomData;

use super::{FromBinary, ToBinary};
use crate::decode::Decoder;
use crate::encode::Encoder;
use crate::error::Result;
use crate::plain::Plain;

macro_rules! number_impls {
    ($($ty:ty),*) => {$(
        impl ToBinary for $ty {
            const IS_PLAIN: Plain<Self> = Plain::of();
            const ENCODED_SIZE: Option<usize> = Some(size_of::<$ty>());

            #[inline(always)]
            fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
                encoder.write_array(self.to_le_bytes());
                Ok(())
            }
        }

        impl<'de> FromBinary<'de> for $ty {
            const IS_PLAIN: Plain<Self> = Plain::of();
            const MIN_SIZE: usize = size_of::<$ty>();
            const FIXED_SIZE: bool = true;

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

    #[inline(always)]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_u64(*self as u64);
        Ok(())
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

    #[inline(always)]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_array((*self as i64).to_le_bytes());
        Ok(())
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

    #[inline(always)]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_bool(*self);
        Ok(())
    }
}

impl<'de> FromBinary<'de> for bool {
    const FIXED_SIZE: bool = true;

    #[inline(always)]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_bool()
    }
}

impl ToBinary for char {
    const ENCODED_SIZE: Option<usize> = Some(4);

    #[inline]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_u32(u32::from(*self));
        Ok(())
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
