//! The [`Raw`] and [`RawWrite`] answers that follow from a type's [`FromBinary`] and
//! [`ToBinary`] constants: here, with the traits, rather than in `plain.rs`, which knows
//! memory and not the traits.

use crate::plain::{Raw, RawWrite};
use crate::typed::{FromBinary, ToBinary};

impl<T> Raw<T> {
    /// Raw when `T` is plain data whose encoding fills its memory (`FIXED_SIZE`, and `MIN_SIZE`
    /// equal to its size): every byte pattern is a value, and it is what `decode` reads.
    pub const fn plain<'de>() -> Raw<T>
    where
        T: FromBinary<'de>,
    {
        if T::IS_PLAIN.get() && T::FIXED_SIZE && T::MIN_SIZE == size_of::<T>() {
            // SAFETY: a plain `T` meets every rule of `PlainData` (any bytes of its size are a
            // valid value) and is read as exactly its memory bytes on a little-endian host; its
            // encoding, `MIN_SIZE` bytes of a fixed size, fills that memory.
            unsafe { Raw::assume() }
        } else {
            Raw::NO
        }
    }
}

impl<T> RawWrite<T> {
    /// Raw for writing when `T` is plain data that writes blocks of its size: its memory is all
    /// initialized, and is its encoding.
    pub const fn plain() -> RawWrite<T>
    where
        T: ToBinary,
    {
        let sized = matches!(T::ENCODED_SIZE, Some(size) if size == size_of::<T>());
        if T::IS_PLAIN.get() && T::WRITES_BLOCK && sized {
            // SAFETY: a plain `T` meets every rule of `PlainData` (no padding, no interior
            // mutability) and is written as exactly its memory bytes on a little-endian host;
            // it writes blocks of `ENCODED_SIZE`, its whole size.
            unsafe { RawWrite::assume() }
        } else {
            RawWrite::NO
        }
    }
}
