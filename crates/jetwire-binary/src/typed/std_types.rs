//! Smart pointers, `Option`, `Result`, tuples, and std's value types: durations, network
//! addresses, paths.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use super::{ColumnReader, FromBinary, ToBinary};
use crate::decode::Decoder;
use crate::encode::Encoder;
use crate::error::{Error, Result};
use crate::plain::Plain;

/// `ToBinary` for the pointer and reference types: the pointee's encoding. They are
/// [`INDIRECT`](ToBinary::INDIRECT): long slices of them prefetch what they point to.
macro_rules! forward_to_binary {
    ($($pointer:ty),*) => {$(
        impl<T: ToBinary + ?Sized> ToBinary for $pointer {
            const ENCODED_SIZE: Option<usize> = T::ENCODED_SIZE;
            const WRITES_BLOCK: bool = T::WRITES_BLOCK;
            const INDIRECT: bool = true;

            #[inline]
            fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
                (**self).encode(encoder)
            }

            #[inline]
            fn encode_block(&self, block: &mut [u8]) {
                (**self).encode_block(block)
            }

            #[inline(always)]
            fn prefetch(&self) {
                crate::encode::prefetch(&**self);
            }

            #[inline]
            fn encode_column<'v, I>(values: I, encoder: &mut Encoder<'_>) -> Result<()>
            where
                I: ExactSizeIterator<Item = &'v Self> + Clone,
                Self: 'v,
            {
                T::encode_column(values.map(<$pointer as core::ops::Deref>::deref), encoder)
            }
        }
    )*};
}

forward_to_binary!(Box<T>, Rc<T>, Arc<T>, &T, &mut T);

/// Counts as a level of nesting: types that hold themselves do so through a pointer. In the
/// column layout, a column of pointers is the pointees' column (as [`forward_to_binary`] writes
/// it), so that `Box<String>` fields read and write string columns like `String` fields.
macro_rules! pointer_from_binary {
    ($($pointer:ident => $unique:path),*) => {$(
        impl<'de, T: FromBinary<'de>> FromBinary<'de> for $pointer<T> {
            const MIN_SIZE: usize = T::MIN_SIZE;
            const COLUMN_IN_ROWS: bool = T::COLUMN_IN_ROWS;

            #[inline]
            fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
                decoder.enter()?;
                let value = T::decode(decoder)?;
                decoder.leave();
                Ok($pointer::new(value))
            }

            /// Reuses the value inside when this pointer is its only owner (a `Box` always is).
            fn decode_into(&mut self, decoder: &mut Decoder<'de>) -> Result<()> {
                let Some(value) = $unique(self) else {
                    *self = Self::decode(decoder)?;
                    return Ok(());
                };
                decoder.enter()?;
                value.decode_into(decoder)?;
                decoder.leave();
                Ok(())
            }

            fn absent() -> Option<Self> {
                T::absent().map($pointer::new)
            }

            #[inline]
            fn decode_column(
                decoder: &mut Decoder<'de>,
                indices: core::ops::Range<usize>,
                mut put: impl FnMut(Self),
            ) -> Result<()> {
                decoder.enter()?;
                T::decode_column(decoder, indices, |value| put($pointer::new(value)))?;
                decoder.leave();
                Ok(())
            }

            #[inline]
            fn open_column(
                decoder: &mut Decoder<'de>,
                indices: core::ops::Range<usize>,
            ) -> Result<impl ColumnReader<'de, Self> + use<'de, T>> {
                decoder.enter()?;
                let column = T::open_column(decoder, indices)?;
                decoder.leave();
                Ok(PointerColumn(column))
            }
        }

        impl<'de, T, C: ColumnReader<'de, T>> ColumnReader<'de, $pointer<T>> for PointerColumn<C> {
            #[inline(always)]
            fn value(&mut self, k: usize) -> Result<$pointer<T>> {
                self.0.value(k).map($pointer::new)
            }
        }
    )*};
}

/// A column of pointers: the pointees' column, each value put behind its pointer as it is taken.
struct PointerColumn<C>(C);

pointer_from_binary!(Box => unique_box, Rc => Rc::get_mut, Arc => Arc::get_mut);

/// A `Box`'s value, which it alone owns: `Rc::get_mut`'s counterpart.
#[inline(always)]
fn unique_box<T>(boxed: &mut Box<T>) -> Option<&mut T> {
    Some(boxed)
}

/// `Option`: a tag byte, 0 for `None`, 1 for `Some` followed by the value.
impl<T: ToBinary> ToBinary for Option<T> {
    #[inline]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        match self {
            None => {
                encoder.write_u8(0);
                Ok(())
            }
            Some(value) => {
                encoder.write_u8(1);
                value.encode(encoder)
            }
        }
    }
}

impl<'de, T: FromBinary<'de>> FromBinary<'de> for Option<T> {
    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        match decoder.read_u8()? {
            0 => Ok(None),
            1 => T::decode(decoder).map(Some),
            tag => Err(invalid_option_tag(decoder, tag)),
        }
    }

    /// Reuses the value inside when both are `Some`.
    fn decode_into(&mut self, decoder: &mut Decoder<'de>) -> Result<()> {
        match (decoder.read_u8()?, self.as_mut()) {
            (0, _) => *self = None,
            (1, Some(value)) => value.decode_into(decoder)?,
            (1, None) => *self = Some(T::decode(decoder)?),
            (tag, _) => return Err(invalid_option_tag(decoder, tag)),
        }
        Ok(())
    }

    #[inline]
    fn absent() -> Option<Self> {
        Some(None)
    }
}

/// The error for an Option tag that is neither 0 nor 1, one byte back. Inlined, so that the
/// decoder's address does not escape into a call (`invalid_back` hands the cold constructor
/// plain values).
#[inline(always)]
fn invalid_option_tag(decoder: &Decoder<'_>, tag: u8) -> Error {
    decoder.invalid_back(1, format_args!("invalid Option tag: expected 0 or 1, found 0x{tag:02X}"))
}

/// `Result`: an enum of two variants, `Ok` (index 0) and `Err` (index 1).
impl<T: ToBinary, E: ToBinary> ToBinary for std::result::Result<T, E> {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        match self {
            Ok(value) => {
                encoder.write_variant(0);
                value.encode(encoder).map_err(|e| e.prepend_field("Ok"))
            }
            Err(value) => {
                encoder.write_variant(1);
                value.encode(encoder).map_err(|e| e.prepend_field("Err"))
            }
        }
    }
}

impl<'de, T: FromBinary<'de>, E: FromBinary<'de>> FromBinary<'de> for std::result::Result<T, E> {
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        match decoder.read_variant(2, "Result")? {
            0 => T::decode(decoder).map(Ok).map_err(|e| e.prepend_field("Ok")),
            _ => E::decode(decoder).map(Err).map_err(|e| e.prepend_field("Err")),
        }
    }
}

/// `IS_PLAIN` of the tuple type `$tuple` under the trait `$trait`: plain when its elements are
/// and lie in its memory in order with no padding.
macro_rules! tuple_plain {
    ($trait:path, $tuple:ty; $($name:ident $index:tt),+) => {
        if true $(&& <$name as $trait>::IS_PLAIN.get())+
            && super::layout::tiles_in_order(
                &[$(core::mem::offset_of!($tuple, $index)),+],
                &[$(size_of::<$name>()),+],
                size_of::<$tuple>(),
            )
        {
            // SAFETY: every element is plain (its own IS_PLAIN says so), and the elements tile
            // the tuple in order with no padding (checked here by the compiler), so the tuple
            // has no padding, accepts every bit pattern, and its memory is its elements'
            // encodings in order, which is what the tuple's `encode` writes and `decode` reads.
            unsafe { Plain::assume() }
        } else {
            Plain::NO
        }
    };
}

macro_rules! tuple_impls {
    ($(($($name:ident $index:tt),+);)*) => {$(
        /// A tuple: its elements in order, no framing. Plain when its elements are and lie in
        /// order in its memory with no padding.
        impl<$($name: ToBinary),+> ToBinary for ($($name,)+) {
            const IS_PLAIN: Plain<Self> = tuple_plain!(ToBinary, Self; $($name $index),+);
            const ENCODED_SIZE: Option<usize> = super::layout::sum_of_sizes(&[$($name::ENCODED_SIZE),+], 1);
            const WRITES_BLOCK: bool = true $(&& $name::WRITES_BLOCK)+ && Self::ENCODED_SIZE.is_some();

            #[inline]
            fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
                if super::layout::encode_block(self, encoder) {
                    return Ok(());
                }
                $(self.$index.encode(encoder).map_err(|e| e.prepend_index($index))?;)+
                Ok(())
            }

            #[inline]
            fn encode_block(&self, block: &mut [u8]) {
                let rest = block;
                $(let rest = super::layout::encode_field_block(&self.$index, rest);)+
                let _ = rest;
            }
        }

        impl<'de, $($name: FromBinary<'de>),+> FromBinary<'de> for ($($name,)+) {
            const IS_PLAIN: Plain<Self> = tuple_plain!(FromBinary<'de>, Self; $($name $index),+);
            const MIN_SIZE: usize = 0usize $(.saturating_add($name::MIN_SIZE))+;
            const FIXED_SIZE: bool = true $(&& $name::FIXED_SIZE)+;

            #[inline]
            fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
                Ok(($($name::decode(decoder).map_err(|e| e.prepend_index($index))?,)+))
            }

            fn decode_into(&mut self, decoder: &mut Decoder<'de>) -> Result<()> {
                $(self.$index.decode_into(decoder).map_err(|e| e.prepend_index($index))?;)+
                Ok(())
            }
        }
    )*};
}

tuple_impls! {
    (A 0);
    (A 0, B 1);
    (A 0, B 1, C 2);
    (A 0, B 1, C 2, D 3);
    (A 0, B 1, C 2, D 3, E 4);
    (A 0, B 1, C 2, D 3, E 4, F 5);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);
}

/// `Duration`: seconds as a `u64`, then nanoseconds as a `u32` below one billion.
impl ToBinary for Duration {
    #[inline]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_u64(self.as_secs());
        encoder.write_u32(self.subsec_nanos());
        Ok(())
    }
}

impl<'de> FromBinary<'de> for Duration {
    const MIN_SIZE: usize = 12;
    const FIXED_SIZE: bool = true;

    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        let secs = decoder.read_u64()?;
        let nanos = decoder.read_u32()?;
        if nanos >= 1_000_000_000 {
            return Err(decoder.invalid_back(
                4,
                format_args!("invalid Duration: expected nanoseconds below 1000000000, found {nanos}"),
            ));
        }
        Ok(Duration::new(secs, nanos))
    }
}

impl ToBinary for Ipv4Addr {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_array(self.octets());
        Ok(())
    }
}

impl<'de> FromBinary<'de> for Ipv4Addr {
    const MIN_SIZE: usize = 4;
    const FIXED_SIZE: bool = true;

    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_array::<4>().map(Ipv4Addr::from)
    }
}

impl ToBinary for Ipv6Addr {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_array(self.octets());
        Ok(())
    }
}

impl<'de> FromBinary<'de> for Ipv6Addr {
    const MIN_SIZE: usize = 16;
    const FIXED_SIZE: bool = true;

    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_array::<16>().map(Ipv6Addr::from)
    }
}

/// `IpAddr`: variant 0 (`V4`, 4 bytes) or 1 (`V6`, 16 bytes).
impl ToBinary for IpAddr {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        match self {
            IpAddr::V4(ip) => {
                encoder.write_variant(0);
                ip.encode(encoder)
            }
            IpAddr::V6(ip) => {
                encoder.write_variant(1);
                ip.encode(encoder)
            }
        }
    }
}

impl<'de> FromBinary<'de> for IpAddr {
    const MIN_SIZE: usize = 5;

    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        match decoder.read_variant(2, "IpAddr")? {
            0 => Ipv4Addr::decode(decoder).map(IpAddr::V4),
            _ => Ipv6Addr::decode(decoder).map(IpAddr::V6),
        }
    }
}

/// `SocketAddrV4`: the address, then the port as a `u16`.
impl ToBinary for SocketAddrV4 {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        self.ip().encode(encoder)?;
        encoder.write_u16(self.port());
        Ok(())
    }
}

impl<'de> FromBinary<'de> for SocketAddrV4 {
    const MIN_SIZE: usize = 6;
    const FIXED_SIZE: bool = true;

    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        Ok(SocketAddrV4::new(Ipv4Addr::decode(decoder)?, decoder.read_u16()?))
    }
}

/// `SocketAddrV6`: the address, the port as a `u16`, the flow info and the scope id as `u32`s.
impl ToBinary for SocketAddrV6 {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        self.ip().encode(encoder)?;
        encoder.write_u16(self.port());
        encoder.write_u32(self.flowinfo());
        encoder.write_u32(self.scope_id());
        Ok(())
    }
}

impl<'de> FromBinary<'de> for SocketAddrV6 {
    const MIN_SIZE: usize = 26;
    const FIXED_SIZE: bool = true;

    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        let ip = Ipv6Addr::decode(decoder)?;
        let port = decoder.read_u16()?;
        Ok(SocketAddrV6::new(ip, port, decoder.read_u32()?, decoder.read_u32()?))
    }
}

/// `SocketAddr`: variant 0 (`V4`) or 1 (`V6`).
impl ToBinary for SocketAddr {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        match self {
            SocketAddr::V4(addr) => {
                encoder.write_variant(0);
                addr.encode(encoder)
            }
            SocketAddr::V6(addr) => {
                encoder.write_variant(1);
                addr.encode(encoder)
            }
        }
    }
}

impl<'de> FromBinary<'de> for SocketAddr {
    const MIN_SIZE: usize = 7;

    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        match decoder.read_variant(2, "SocketAddr")? {
            0 => SocketAddrV4::decode(decoder).map(SocketAddr::V4),
            _ => SocketAddrV6::decode(decoder).map(SocketAddr::V6),
        }
    }
}

/// Paths are strings; a path that is not valid UTF-8 cannot be encoded.
impl ToBinary for Path {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_str(path_text(self)?);
        Ok(())
    }

    /// A string column, as for `str`.
    fn encode_column<'v, I>(values: I, encoder: &mut Encoder<'_>) -> Result<()>
    where
        I: ExactSizeIterator<Item = &'v Self> + Clone,
        Self: 'v,
    {
        // Each path checked for UTF-8 once, into a block of its texts.
        let mut texts = [""; crate::COLUMN_BLOCK];
        let count = values.len();
        assert!(count <= crate::COLUMN_BLOCK, "a column holds at most COLUMN_BLOCK values");
        for (text, path) in texts.iter_mut().zip(values) {
            *text = path_text(path)?;
        }
        encoder.write_str_column(texts[..count].iter().copied());
        Ok(())
    }
}

/// `path` as a string, or the error for a path that is not valid UTF-8.
fn path_text(path: &Path) -> Result<&str> {
    path.to_str().ok_or_else(|| {
        Error::custom(format_args!("path {} is not valid UTF-8 and cannot be encoded", path.display()))
    })
}

impl ToBinary for PathBuf {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        self.as_path().encode(encoder)
    }

    fn encode_column<'v, I>(values: I, encoder: &mut Encoder<'_>) -> Result<()>
    where
        I: ExactSizeIterator<Item = &'v Self> + Clone,
        Self: 'v,
    {
        Path::encode_column(values.map(PathBuf::as_path), encoder)
    }
}

impl<'de> FromBinary<'de> for PathBuf {
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_str().map(PathBuf::from)
    }

    super::text::open_str_column!(PathBuf::from, in_rows: true);
}

/// Borrowed from the input.
impl<'de: 'a, 'a> FromBinary<'de> for &'a Path {
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decoder.read_str().map(Path::new)
    }

    super::text::open_str_column!(Path::new, in_rows: false, 'a);
}
