//! Plain data: types whose values are their memory bytes, encoded and decoded as whole blocks.
//!
//! A type is plain when it has no padding, every bit pattern of its size is a valid value, it
//! holds no pointers, and its encoding is exactly its memory on a little-endian host (integers
//! and floats are little-endian on the wire). Its values, and `Vec`s, slices and arrays of
//! them, are then one memory copy on little-endian hosts; big-endian hosts take the
//! element-by-element path, which writes the same bytes.
//!
//! The traits carry the knowledge as a constant, [`ToBinary::IS_PLAIN`](crate::ToBinary::IS_PLAIN)
//! and [`FromBinary::IS_PLAIN`](crate::FromBinary::IS_PLAIN), of type [`Plain<Self>`]. A
//! `Plain<T>` that says "yes" can only be made by `unsafe` code ([`Plain::assume`]), from a
//! [`PlainData`] impl (itself `unsafe`), or for arrays and tuples of plain elements: safe code
//! cannot make a type plain by mistake. The derive proves plainness for structs at compile time
//! (all fields plain, laid out in declaration order with no gaps), tuples prove it the same way,
//! and `#[jetwire(plain)]` takes it from a `PlainData` impl.
//!
//! Raw types are the next step out: their memory starts with their encoding (`bool`, and
//! structs with padding at the end), so that a value is read as a copy of its encoding and a
//! check of its bytes ([`Raw`]) and written as a copy of the start of its memory
//! ([`RawWrite`]).
//!
//! This module holds the `unsafe` code of plain data: viewing plain values as bytes, and
//! building them from bytes. The crate's other `unsafe` code writes into capacity a `Vec` has
//! reserved (the `Encoder`'s block writers, `fill_reserved_from` and `extend_raw` in
//! `typed/collections.rs`), copies raw values (`private::decode_raw`,
//! `private::encode_raw_block`), and trusts the standard maps and sets to yield no more than
//! their length (`Encoder::write_sequence_of`), each with its argument in a `// SAFETY:`
//! comment.

use std::marker::PhantomData;
use std::mem::{MaybeUninit, size_of};

/// A type whose values are plain data: the user's assertion, for types the derive cannot prove
/// plain by itself. Implementing it lets `#[derive(ToBinary, FromBinary)]` with
/// `#[jetwire(plain)]` move the type's values as memory blocks.
///
/// ```
/// use jetwire::{FromBinary, ToBinary};
/// use jetwire_binary::PlainData;
///
/// #[derive(ToBinary, FromBinary, Clone, Copy, Debug, PartialEq)]
/// #[jetwire(plain)]
/// #[repr(C)]
/// struct Rgba { r: u8, g: u8, b: u8, a: u8 }
///
/// // SAFETY: four `u8` fields in declaration order (repr(C)), no padding, any bytes valid.
/// unsafe impl PlainData for Rgba {}
///
/// let pixels = vec![Rgba { r: 1, g: 2, b: 3, a: 4 }; 2];
/// let bytes = jetwire_binary::to_vec(&pixels)?;
/// assert_eq!(bytes, [2, 1, 2, 3, 4, 1, 2, 3, 4]);
/// assert_eq!(jetwire_binary::from_slice::<Vec<Rgba>>(&bytes)?, pixels);
/// # Ok::<(), jetwire_binary::Error>(())
/// ```
///
/// # Safety
///
/// Implement it only for a type that
///
/// - has no padding bytes anywhere (also not inside its fields) and no `UnsafeCell`;
/// - accepts every bit pattern of its size as a valid value (no `bool`, `char`, enums,
///   references, pointers or `NonZero*` inside);
/// - lays out its fields in declaration order (`#[repr(C)]` or `#[repr(transparent)]`), each
///   of them plain as well, so that its memory on a little-endian host is exactly what its
///   fields encode to, one after the other.
///
/// Decoding writes arbitrary input bytes into values of the type, and encoding reads every byte
/// of a value: a type that breaks the first two rules makes that undefined behaviour. One that
/// breaks only the third decodes wrong values (block and element paths disagree).
pub unsafe trait PlainData: Copy + 'static {}

macro_rules! plain_data {
    ($($ty:ty),*) => {$(
        // SAFETY: a primitive number: no padding, every bit pattern valid, and its memory on a
        // little-endian host is its little-endian encoding.
        unsafe impl PlainData for $ty {}
    )*};
}

plain_data!(u8, u16, u32, u64, u128, i8, i16, i32, i64, i128, f32, f64);

// SAFETY: an array of plain elements has no padding (an element's size is a multiple of its
// alignment), accepts every bit pattern, and is its elements in order.
unsafe impl<T: PlainData, const N: usize> PlainData for [T; N] {}

/// Whether `T` is plain data: the type of [`ToBinary::IS_PLAIN`](crate::ToBinary::IS_PLAIN) and
/// [`FromBinary::IS_PLAIN`](crate::FromBinary::IS_PLAIN).
///
/// A type is plain when it has no padding, every bit pattern of its size is a valid value, it
/// holds no pointers, and its encoding is exactly its memory on a little-endian host (the rules
/// of [`PlainData`]). Its values, and `Vec`s, slices and arrays of them, are then one memory
/// copy on little-endian hosts.
///
/// It is tied to `T`, and a "yes" can only come from `unsafe` code or a [`PlainData`] impl, so
/// that no safe impl can declare a type plain that is not.
pub struct Plain<T: ?Sized>(bool, PhantomData<*const T>);

/// What the yes-or-no markers ([`Plain`], [`Raw`], [`RawWrite`]) share: `Clone`, `Copy`, `Debug`, the
/// default answer `NO`, and `get`.
macro_rules! marker_basics {
    ($marker:ident, $what:literal) => {
        impl<T: ?Sized> Clone for $marker<T> {
            fn clone(&self) -> Self {
                *self
            }
        }

        impl<T: ?Sized> Copy for $marker<T> {}

        impl<T: ?Sized> std::fmt::Debug for $marker<T> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!(stringify!($marker), "({})"), self.0)
            }
        }

        impl<T: ?Sized> $marker<T> {
            #[doc = concat!("Not ", $what, ": the default.")]
            pub const NO: $marker<T> = $marker(false, PhantomData);

            #[doc = concat!("Whether `T` is ", $what, ".")]
            #[inline(always)]
            pub const fn get(self) -> bool {
                self.0
            }
        }
    };
}

marker_basics!(Plain, "plain");
marker_basics!(Raw, "raw");
marker_basics!(RawWrite, "raw for writing");

impl<T: ?Sized> Plain<T> {
    /// Plain, on the caller's word.
    ///
    /// # Safety
    ///
    /// `T` must meet every rule of [`PlainData`], and its `ToBinary` and `FromBinary` impls
    /// must write and read exactly its memory bytes on a little-endian host.
    pub const unsafe fn assume() -> Plain<T> {
        Plain(true, PhantomData)
    }
}

impl<T> Plain<T> {
    /// Plain, from `T`'s [`PlainData`] impl.
    pub const fn of() -> Plain<T>
    where
        T: PlainData,
    {
        Plain(true, PhantomData)
    }

    /// Whether `T`'s values move as memory blocks on this host: plain, and little-endian.
    #[inline(always)]
    pub const fn as_block(self) -> bool {
        self.0 && cfg!(target_endian = "little") && size_of::<T>() > 0
    }
}

impl<T, const N: usize> Plain<[T; N]> {
    /// An array is plain when its elements are.
    pub const fn array(element: Plain<T>) -> Plain<[T; N]> {
        Plain(element.0, PhantomData)
    }
}

/// Whether a value of `T` can be read by copying its encoding into the start of its memory,
/// once [`FromBinary::raw_bytes_valid`](crate::FromBinary::raw_bytes_valid) has accepted the
/// bytes: the type of [`FromBinary::RAW`](crate::FromBinary::RAW). Its twin for writing is
/// [`RawWrite`].
///
/// Plain data is raw, and so are `bool` (whose check is that the byte is 0 or 1) and derived
/// structs of raw fields that lie in declaration order with padding only after the last one. A
/// struct of two `f64`s, an `f32`, a `u16` and a `bool` is 24 bytes in memory and 23 on the
/// wire: not plain (a padding byte, and a `bool` that not every byte is), but raw, so a `Vec`
/// of them reads each element as a copy of 23 bytes, with one check of all the `bool` bytes
/// after the loop.
///
/// Like [`Plain`], a "yes" can only come from `unsafe` code ([`Raw::assume`]), from plain data
/// ([`Raw::plain`]), or from the derive, which proves it at compile time. What it promises
/// depends on the `FromBinary` impl (its `MIN_SIZE` and `raw_bytes_valid`), so it is a type of
/// its own, which a [`RawWrite`] cannot stand in for:
///
/// ```compile_fail,E0308
/// use jetwire_binary::{Decoder, FromBinary, Raw, RawWrite, Result};
///
/// struct Flag(bool);
///
/// impl<'de> FromBinary<'de> for Flag {
///     // A yes for writing is no yes for reading.
///     const RAW: Raw<Self> = RawWrite::<Self>::NO;
///     fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
///         decoder.read_bool().map(Flag)
///     }
/// }
/// ```
pub struct Raw<T: ?Sized>(bool, PhantomData<*const T>);

impl<T: ?Sized> Raw<T> {
    /// Raw, on the caller's word.
    ///
    /// # Safety
    ///
    /// `T`'s `FromBinary` impl must say `FIXED_SIZE`, with `MIN_SIZE <= size_of::<T>()`, and
    /// for any `MIN_SIZE` bytes that its `raw_bytes_valid` accepts, a `T` whose memory starts
    /// with those bytes (whatever follows them, initialized or not) must be a valid `T`, equal
    /// to the value `decode` reads from them on a little-endian host. (A type whose `MIN_SIZE`
    /// is 0 is never copied: [`as_copy`](Self::as_copy) says no.)
    pub const unsafe fn assume() -> Raw<T> {
        Raw(true, PhantomData)
    }
}

impl<T> Raw<T> {
    /// Whether `T`'s values are read by a check and a copy on this host: raw, little-endian,
    /// and with an encoding of at least one byte that fits in `T`'s memory.
    #[inline(always)]
    pub const fn as_copy(self, encoded_size: usize) -> bool {
        copies(self.0, encoded_size, size_of::<T>())
    }
}

/// Whether every value of `T` starts, in memory, with its encoding, so that it can be written
/// by copying the start of its memory: the type of [`ToBinary::RAW`](crate::ToBinary::RAW).
/// Its twin for reading is [`Raw`].
///
/// Plain data is, and so are `bool` and derived structs of such fields that lie in declaration
/// order with padding only after the last one: a struct of two `f64`s, an `f32`, a `u16` and a
/// `bool` writes each value as one copy of 23 bytes.
///
/// A "yes" can only come from `unsafe` code ([`RawWrite::assume`]), from plain data
/// ([`RawWrite::plain`]), or from the derive, which proves it at compile time. What it promises
/// depends on the `ToBinary` impl (its `ENCODED_SIZE` and `encode_block`), so a [`Raw`] cannot
/// stand in for it:
///
/// ```compile_fail,E0308
/// use jetwire_binary::{Encoder, Raw, RawWrite, Result, ToBinary};
///
/// struct Flag(bool);
///
/// impl ToBinary for Flag {
///     // A yes for reading is no yes for writing.
///     const RAW: RawWrite<Self> = Raw::<Self>::NO;
///     fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
///         encoder.write_bool(self.0);
///         Ok(())
///     }
/// }
/// ```
pub struct RawWrite<T: ?Sized>(bool, PhantomData<*const T>);

impl<T: ?Sized> RawWrite<T> {
    /// Raw for writing, on the caller's word.
    ///
    /// # Safety
    ///
    /// `T`'s `ToBinary` impl must say `WRITES_BLOCK`, with `ENCODED_SIZE` some
    /// `n <= size_of::<T>()`, and the first `n` bytes of every `T`'s memory must be initialized
    /// (no padding among them), hold no interior mutability (`UnsafeCell`, atomics: they are
    /// read through a shared reference), and be what `encode_block` writes on a little-endian
    /// host. (A type whose encoding is empty is never copied: [`as_copy`](Self::as_copy) says
    /// no.)
    pub const unsafe fn assume() -> RawWrite<T> {
        RawWrite(true, PhantomData)
    }
}

impl<T> RawWrite<T> {
    /// Whether `T`'s values are written by a copy on this host: raw, little-endian, and with an
    /// encoding of at least one byte that fits in `T`'s memory.
    #[inline(always)]
    pub const fn as_copy(self, encoded_size: usize) -> bool {
        copies(self.0, encoded_size, size_of::<T>())
    }
}

/// Whether a raw type's values move by a copy: raw, a little-endian host, and an encoding of
/// `encoded_size` bytes, at least one, within the type's `size`.
const fn copies(raw: bool, encoded_size: usize, size: usize) -> bool {
    raw && cfg!(target_endian = "little") && encoded_size > 0 && encoded_size <= size
}

/// The memory of `items`, whose element type is plain (`plain.get()`), as bytes.
#[inline(always)]
pub(crate) fn slice_as_bytes<T>(items: &[T], plain: Plain<T>) -> &[u8] {
    assert!(plain.get(), "slice_as_bytes needs a plain type");
    // SAFETY: `T` is plain (checked above; a `Plain<T>` that says so comes from `Plain::assume`
    // or `PlainData`, whose contracts promise no padding), so every byte of the slice is
    // initialized; the byte slice covers exactly the same memory and lifetime, and `u8` has
    // alignment 1.
    unsafe { std::slice::from_raw_parts(items.as_ptr().cast::<u8>(), size_of_val(items)) }
}

/// A plain value of `T` read from the first `size_of::<T>()` bytes of `bytes` (which the caller
/// has checked are there).
#[inline(always)]
pub(crate) fn value_from_bytes<T>(bytes: &[u8], plain: Plain<T>) -> T {
    assert!(
        plain.get() && bytes.len() >= size_of::<T>(),
        "value_from_bytes needs a plain type and its bytes"
    );
    // SAFETY: `bytes` holds at least `size_of::<T>()` bytes (checked above), `read_unaligned`
    // needs no alignment, and every bit pattern is a valid `T` because `T` is plain.
    unsafe { bytes.as_ptr().cast::<T>().read_unaligned() }
}

/// Appends `count` plain values of `T` taken from `bytes` (exactly `count * size_of::<T>()`
/// bytes) to `out` with one copy.
#[inline]
pub(crate) fn extend_from_bytes<T>(out: &mut Vec<T>, bytes: &[u8], count: usize, plain: Plain<T>) {
    assert!(
        plain.get() && count.checked_mul(size_of::<T>()) == Some(bytes.len()),
        "extend_from_bytes needs a plain type and exactly its bytes"
    );
    out.reserve(count);
    let spare: &mut [MaybeUninit<T>] = &mut out.spare_capacity_mut()[..count];
    // SAFETY: `spare` is `count` elements of reserved, writable capacity, which is
    // `count * size_of::<T>() == bytes.len()` bytes (checked above); the two regions cannot
    // overlap (`bytes` is borrowed shared while `out` is borrowed mutably); byte copies need no
    // alignment.
    unsafe {
        jetwire_core::copy::copy_nonoverlapping(bytes.as_ptr(), spare.as_mut_ptr().cast::<u8>(), bytes.len())
    };
    let len = out.len();
    // SAFETY: the `count` elements after `len` were just written in full with bytes that form
    // valid `T`s (`T` is plain: every bit pattern is valid), and `reserve` made room for them.
    unsafe { out.set_len(len + count) };
}

/// Overwrites `items` with plain values taken from `bytes` (exactly `size_of_val(items)` bytes).
#[inline]
pub(crate) fn fill_from_bytes<T>(items: &mut [T], bytes: &[u8], plain: Plain<T>) {
    assert!(
        plain.get() && size_of_val(items) == bytes.len(),
        "fill_from_bytes needs a plain type and its bytes"
    );
    // SAFETY: the destination is `size_of_val(items) == bytes.len()` writable bytes (checked
    // above), distinct from the shared `bytes`; any bytes form valid `T`s because `T` is plain,
    // and plain types have no drop glue worth running (they are `Copy` data) so overwriting in
    // place is fine.
    unsafe {
        jetwire_core::copy::copy_nonoverlapping(bytes.as_ptr(), items.as_mut_ptr().cast::<u8>(), bytes.len())
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_constants() {
        assert!(Plain::<u32>::of().get());
        assert!(!Plain::<u32>::NO.get());
        assert!(Plain::<[u16; 3]>::array(Plain::of()).as_block() == cfg!(target_endian = "little"));
        assert!(!Plain::<[u16; 0]>::array(Plain::of()).as_block(), "zero-sized types take the loop");
    }

    #[test]
    fn bytes_round_trip() {
        let values = [1u32, 0x0102_0304, u32::MAX];
        let bytes = slice_as_bytes(&values, Plain::of());
        assert_eq!(bytes.len(), 12);
        let mut back: Vec<u32> = Vec::new();
        extend_from_bytes(&mut back, bytes, 3, Plain::of());
        assert_eq!(back, values);
        let mut again = [0u32; 3];
        fill_from_bytes(&mut again, bytes, Plain::of());
        assert_eq!(again, values);
        assert_eq!(value_from_bytes::<u32>(&bytes[4..], Plain::of()), 0x0102_0304);
    }
}
