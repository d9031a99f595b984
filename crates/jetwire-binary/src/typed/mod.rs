//! Typed encoding and decoding: the [`ToBinary`] and [`FromBinary`] traits, the entry points
//! (`to_vec`, `from_slice`, ...), and the implementations for std types.

pub(crate) mod collections;
pub(crate) mod columns;

pub use columns::{ColumnReader, DecodedColumn, MapColumn, StrColumn, ValueColumn};
mod external;
pub(crate) mod layout;
mod markers;
mod scalars;
mod sequences;
mod std_types;
mod text;

use core::borrow::Borrow;
use core::mem::MaybeUninit;
use core::ops::Range;

use crate::decode::{DecodeOptions, Decoder};
use crate::encode::Encoder;
use crate::error::Result;
use crate::plain::{Plain, Raw, RawWrite};

/// A type that can encode itself in jetwire's binary format.
///
/// Derive it with `#[derive(ToBinary)]` (from the `jetwire` crate), or implement it by hand on
/// top of the [`Encoder`]:
///
/// ```
/// use jetwire_binary::{Encoder, Result, ToBinary};
///
/// /// Written as one `i64` of milliseconds.
/// struct Millis(std::time::Duration);
///
/// impl ToBinary for Millis {
///     fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
///         encoder.write_u64(self.0.as_millis() as u64);
///         Ok(())
///     }
/// }
///
/// let bytes = jetwire_binary::to_vec(&Millis(std::time::Duration::from_secs(1)))?;
/// assert_eq!(bytes, 1000u64.to_le_bytes());
/// # Ok::<(), jetwire_binary::Error>(())
/// ```
///
/// A hand-written impl needs `encode` alone. The trait's other items are hidden: they describe
/// the layouts that `#[derive(ToBinary)]` and jetwire's own impls fill in (plain data and block
/// writes, raw copies, the column layout), with contracts that tie them together; their
/// defaults are right for any type, and they may change in any release. A type of
/// [`PlainData`](crate::PlainData) moves as memory through the derive's `#[jetwire(plain)]`.
pub trait ToBinary {
    #[doc(hidden)]
    /// Whether `Self` is plain data, which `Vec`s, slices and arrays of it then write as one
    /// memory copy (see [`Plain`]). Not plain by default.
    const IS_PLAIN: Plain<Self> = Plain::NO;

    #[doc(hidden)]
    /// The size of every value's encoding, when it is the same for all values (fixed-width
    /// numbers, and structs of them): a slice of such values reserves its whole encoding once
    /// instead of growing field by field. For a type that does not write blocks it is only a
    /// reservation hint: the bytes written never depend on it, but an overstated size reserves
    /// memory that is never used (a huge one fails the allocation). For a type whose
    /// [`WRITES_BLOCK`](Self::WRITES_BLOCK) is `true` it must be exact: blocks are cut to it.
    /// `None` by default.
    const ENCODED_SIZE: Option<usize> = None;

    #[doc(hidden)]
    /// Whether [`encode_block`](Self::encode_block) is implemented: numbers, `bool`, `char`,
    /// `()`, `PhantomData`, and arrays, tuples, `Box`, `Rc`, `Arc`, references and derived
    /// structs of such. A derived struct whose fields all write blocks fills its whole encoding
    /// in a block on the stack and appends it with one capacity check, instead of one per field;
    /// slices and maps of such values go straight into capacity reserved for all of them.
    ///
    /// When `true`: `ENCODED_SIZE` must be `Some` and exact, and [`encode`](Self::encode) must
    /// never fail and write exactly what `encode_block` writes, since collections and containing
    /// structs call `encode_block` instead. A type that breaks this gets wrong bytes or a panic,
    /// never undefined behaviour. `false` by default.
    const WRITES_BLOCK: bool = false;

    #[doc(hidden)]
    /// Whether every value's memory starts with its encoding (see [`RawWrite`]): fixed-width
    /// integers and floats, `bool`, arrays of plain data, and derived structs of such with
    /// padding only at the end, whose `encode_block` is then one copy. Not raw by default.
    const RAW: RawWrite<Self> = RawWrite::NO;

    /// Appends `self`'s encoding.
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()>;

    #[doc(hidden)]
    /// Writes the same bytes as [`encode`](Self::encode) at the front of `block`, which is at
    /// least `ENCODED_SIZE` bytes long. Called only when [`WRITES_BLOCK`](Self::WRITES_BLOCK) is
    /// `true`; the default panics.
    ///
    /// ```
    /// use jetwire_binary::{Encoder, Result, ToBinary};
    ///
    /// /// A 2-D point as two little-endian `i16`s.
    /// struct Point(i16, i16);
    ///
    /// impl ToBinary for Point {
    ///     const ENCODED_SIZE: Option<usize> = Some(4);
    ///     const WRITES_BLOCK: bool = true;
    ///
    ///     fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
    ///         encoder.write_block(self);
    ///         Ok(())
    ///     }
    ///
    ///     fn encode_block(&self, block: &mut [u8]) {
    ///         block[..2].copy_from_slice(&self.0.to_le_bytes());
    ///         block[2..4].copy_from_slice(&self.1.to_le_bytes());
    ///     }
    /// }
    ///
    /// assert_eq!(jetwire_binary::to_vec(&[Point(1, -1)])?, [1, 0, 0xFF, 0xFF]);
    /// # Ok::<(), jetwire_binary::Error>(())
    /// ```
    #[inline]
    fn encode_block(&self, block: &mut [u8]) {
        let _ = block;
        unreachable!(
            "ToBinary::encode_block is not implemented for this type, so its WRITES_BLOCK must be false"
        )
    }

    #[doc(hidden)]
    /// Whether a value's contents live behind a pointer (`Box`, `Rc`, `Arc`, references): a
    /// long slice of such values, scattered over the heap, asks for the memory of elements a few
    /// places ahead ([`prefetch`](Self::prefetch)) while it encodes the current one. `false` by
    /// default.
    const INDIRECT: bool = false;

    #[doc(hidden)]
    /// Asks the processor to start loading the memory `self` points to, without waiting for it.
    /// Called only when [`INDIRECT`](Self::INDIRECT) is `true`; the default does nothing.
    #[inline(always)]
    fn prefetch(&self) {}

    #[doc(hidden)]
    /// Whether sequences of `Self` use the column layout: structs derived with
    /// `#[jetwire(columnar)]`. A `Vec`, slice, boxed slice or `VecDeque` of such values is
    /// written in blocks of [`COLUMN_BLOCK`](crate::COLUMN_BLOCK) elements, each block field by field (the format
    /// spec, "Column layout"). `true` requires [`encode_columns`](Self::encode_columns); the
    /// [`FromBinary`] side must say the same. `false` by default.
    const COLUMNAR: bool = false;

    #[doc(hidden)]
    /// Writes `block`, at most [`COLUMN_BLOCK`](crate::COLUMN_BLOCK) consecutive elements of a sequence, one field
    /// after the other: each field's values through [`encode_column`](Self::encode_column).
    /// Called only when [`COLUMNAR`](Self::COLUMNAR) is `true`; the default panics. The derive
    /// writes it.
    #[inline]
    fn encode_columns<B: Borrow<Self>>(block: &[B], encoder: &mut Encoder<'_>) -> Result<()>
    where
        Self: Sized,
    {
        let _ = (block, encoder);
        unreachable!(
            "ToBinary::encode_columns is not implemented for this type, so its COLUMNAR must be false"
        )
    }

    #[doc(hidden)]
    /// Writes one column of a columnar block: `values`, one field of consecutive elements (at
    /// most [`COLUMN_BLOCK`](crate::COLUMN_BLOCK) of them). The
    /// default writes each value's encoding in turn; the string types override it to write
    /// every length and then every string's bytes, which [`FromBinary::decode_column`] reads
    /// back. A type that overrides one must override both alike.
    #[inline]
    fn encode_column<'v, I>(values: I, encoder: &mut Encoder<'_>) -> Result<()>
    where
        I: ExactSizeIterator<Item = &'v Self> + Clone,
        Self: 'v,
    {
        let count = values.len();
        encoder.write_sequence(values, count, |encoder, value| value.encode(encoder))
    }
}

/// A type that can decode itself from jetwire's binary format, from bytes that live for `'de`
/// (and may borrow from them).
///
/// Derive it with `#[derive(FromBinary)]` (from the `jetwire` crate), or implement it by hand
/// on top of the [`Decoder`]:
///
/// ```
/// use jetwire_binary::{Decoder, FromBinary, Result};
///
/// #[derive(Debug, PartialEq)]
/// struct Percent(u8);
///
/// impl<'de> FromBinary<'de> for Percent {
///     const MIN_SIZE: usize = 1;
///
///     fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
///         match decoder.read_u8()? {
///             n @ 0..=100 => Ok(Percent(n)),
///             n => Err(decoder.error(format_args!("expected a percentage, found {n}"))),
///         }
///     }
/// }
///
/// assert_eq!(jetwire_binary::from_slice::<Percent>(&[42])?, Percent(42));
/// let err = jetwire_binary::from_slice::<Percent>(&[101]).unwrap_err();
/// assert_eq!(err.to_string(), "expected a percentage, found 101 at byte 1");
/// # Ok::<(), jetwire_binary::Error>(())
/// ```
///
/// A hand-written impl needs `decode` alone; [`decode_into`](Self::decode_into) reuses what a
/// value owns, and [`MIN_SIZE`](Self::MIN_SIZE) must be 0 for a type whose encoding can be empty
/// (it is what refuses a hostile element count before anything is allocated). The trait's other
/// items are hidden: they describe the layouts that `#[derive(FromBinary)]` and jetwire's own
/// impls fill in (plain data, fixed-size chunks, raw copies, values built in place, the column
/// layout), with contracts that tie them together; their defaults are right for any type, and
/// they may change in any release.
pub trait FromBinary<'de>: Sized {
    #[doc(hidden)]
    /// Whether `Self` is plain data, which `Vec`s and arrays of it then read as one memory copy
    /// (see [`Plain`]). Not plain by default.
    const IS_PLAIN: Plain<Self> = Plain::NO;

    /// The fewest bytes that a value's encoding takes (1 by default). A collection that claims
    /// `n` elements is refused unless `n * MIN_SIZE` bytes remain, before anything is allocated.
    /// It must not exceed the true minimum (valid input would be refused); a type whose
    /// encoding can be empty says 0, and collections of it draw on
    /// [`DecodeOptions::empty_element_budget`].
    const MIN_SIZE: usize = 1;

    #[doc(hidden)]
    /// Whether every value's encoding takes exactly [`MIN_SIZE`](Self::MIN_SIZE) bytes (numbers,
    /// `bool`, `char`, arrays and tuples of such, derived structs of such). A derived struct
    /// whose fields are all fixed-size takes its bytes with one bounds check and reads its fields
    /// from them, so that their own checks fold away. Saying `true` wrongly makes valid input
    /// fail to decode, nothing worse. `false` by default.
    const FIXED_SIZE: bool = false;

    #[doc(hidden)]
    /// Whether a value can be read by copying its encoding into the start of its memory once
    /// [`raw_bytes_valid`](Self::raw_bytes_valid) has accepted the bytes (see [`Raw`]):
    /// fixed-width integers and floats, `bool`, arrays of plain data, and derived structs of
    /// such with padding only at the end. Not raw by default.
    const RAW: Raw<Self> = Raw::NO;

    #[doc(hidden)]
    /// Whether `bytes` encode a valid value. The decoder asks only a type whose
    /// [`RAW`](Self::RAW) says yes, with exactly [`MIN_SIZE`](Self::MIN_SIZE) bytes, before it
    /// copies them into a value; `true` by default (for plain data, where every byte pattern is
    /// a value). The derived and `bool` checks answer `false` for bytes of any other length.
    #[inline(always)]
    fn raw_bytes_valid(bytes: &[u8]) -> bool {
        let _ = bytes;
        true
    }

    /// Reads one value.
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self>;

    /// Reads one value into `self`, reusing what it owns (a `Vec`'s capacity, a `String`'s
    /// buffer, nested values) where the type can. On error, `self` is left valid but holding
    /// an unspecified value. The default replaces `self` with [`decode`](Self::decode)'s value.
    #[inline]
    fn decode_into(&mut self, decoder: &mut Decoder<'de>) -> Result<()> {
        *self = Self::decode(decoder)?;
        Ok(())
    }

    #[doc(hidden)]
    /// Reads one value straight into `slot` and returns it there. Collections decode their
    /// elements this way, into their own storage; the derive implements it so that a value is
    /// built where it will live instead of in a temporary that is then copied. An
    /// implementation must return a reference to `slot` itself, once it holds a value (what
    /// [`MaybeUninit::write`] gives, or `assume_init_mut` after every field is written; callers
    /// check the address, and panic otherwise). The default writes [`decode`](Self::decode)'s value.
    ///
    /// ```
    /// use std::mem::MaybeUninit;
    /// use jetwire_binary::{Decoder, FromBinary};
    /// let mut slot = MaybeUninit::uninit();
    /// let value: &mut u16 = u16::decode_uninit(&mut Decoder::new(&[0x34, 0x12]), &mut slot)?;
    /// assert_eq!(*value, 0x1234);
    /// # Ok::<(), jetwire_binary::Error>(())
    /// ```
    #[inline]
    fn decode_uninit<'s>(
        decoder: &mut Decoder<'de>,
        slot: &'s mut MaybeUninit<Self>,
    ) -> Result<&'s mut Self> {
        Ok(slot.write(Self::decode(decoder)?))
    }

    #[doc(hidden)]
    /// The value of a field that a `#[jetwire(versioned)]` struct's writer did not know, if
    /// this type has one: `Option` gives `Some(None)`. `None` (the default) makes such a field
    /// an error unless it has a `#[jetwire(default)]`.
    #[inline]
    fn absent() -> Option<Self> {
        None
    }

    #[doc(hidden)]
    /// Whether sequences of `Self` use the column layout (see [`ToBinary::COLUMNAR`]), which
    /// they then read through [`decode_columns`](Self::decode_columns). `false` by default.
    const COLUMNAR: bool = false;

    #[doc(hidden)]
    /// Reads a block of the column layout into `block`, one field's column after the other
    /// (the columns of fields whose type is read in element order,
    /// [`COLUMN_IN_ROWS`](Self::COLUMN_IN_ROWS), opened in their turn and written element by
    /// element at the end); element 0 of the block is element `first_index` of its sequence.
    /// It returns the block itself, every slot holding a value (callers check the address and
    /// length, and panic otherwise). On error no slot holds a value (what was decoded has
    /// been dropped), and the error's path starts with the failing element's index. Called
    /// only when [`COLUMNAR`](Self::COLUMNAR) is `true`; the default panics. The derive writes
    /// it.
    #[inline]
    fn decode_columns<'s>(
        decoder: &mut Decoder<'de>,
        block: &'s mut [MaybeUninit<Self>],
        first_index: usize,
    ) -> Result<&'s mut [Self]> {
        let _ = (decoder, block, first_index);
        unreachable!(
            "FromBinary::decode_columns is not implemented for this type, so its COLUMNAR must be false"
        )
    }

    #[doc(hidden)]
    /// Reads one column of a columnar block: a value for each element of `indices` (their
    /// indices in the sequence), handed to `put` in order. The default reads each value in
    /// turn; the string types read every length and then every string's bytes, as
    /// [`ToBinary::encode_column`] writes them. An error's path starts with the failing
    /// element's index.
    #[inline]
    fn decode_column(
        decoder: &mut Decoder<'de>,
        indices: Range<usize>,
        mut put: impl FnMut(Self),
    ) -> Result<()> {
        if in_fixed_chunks::<Self>() {
            // The whole column's bytes with one check, each value from its own exact chunk,
            // where its reads' checks fold away. A column cut short is read value by value
            // below, which names the value that does not fit.
            if let Some(column) = decoder.take_fixed_if_there(indices.len().saturating_mul(Self::MIN_SIZE)) {
                for (index, mut value) in indices.zip(column.fixed_chunks(Self::MIN_SIZE)) {
                    match Self::decode(&mut value) {
                        Ok(value) => put(value),
                        Err(err) => return Err(err.prepend_index(index)),
                    }
                }
                return Ok(());
            }
        }
        for index in indices {
            match Self::decode(decoder) {
                Ok(value) => put(value),
                Err(err) => return Err(err.prepend_index(index)),
            }
        }
        Ok(())
    }

    #[doc(hidden)]
    /// Whether, in a block of the column layout, this type's column is read in element order:
    /// opened with [`open_column`](Self::open_column) among the other columns, and its values
    /// written once every column has been read, element by element. `true` for the owned string
    /// types, whose values each allocate, so that an element's allocations are made together,
    /// as they are freed; `false` by default, where [`decode_column`](Self::decode_column)
    /// writes the whole column at once.
    const COLUMN_IN_ROWS: bool = false;

    #[doc(hidden)]
    /// Opens one column of a columnar block: the values for the elements of `indices` (their
    /// indices in the sequence), which the block's elements then take in order. The default
    /// ([`ValueColumn`]) takes a fixed-size type's column with one check and reads each value
    /// as it is taken, and decodes any other type's values now; the string types read every
    /// length and check the bytes now, and hand out the strings as they are taken, as
    /// [`ToBinary::encode_column`] writes them. An error's path starts with the failing
    /// element's index.
    #[inline]
    fn open_column(
        decoder: &mut Decoder<'de>,
        indices: Range<usize>,
    ) -> Result<impl ColumnReader<'de, Self> + use<'de, Self>> {
        ValueColumn::open(decoder, indices)
    }
}

/// Whether every value of `T` takes the same nonzero number of bytes, `MIN_SIZE`: a run of them
/// is taken with one bounds check and read chunk by chunk, and they cannot nest.
#[inline(always)]
pub(crate) const fn in_fixed_chunks<'de, T: FromBinary<'de>>() -> bool {
    T::FIXED_SIZE && T::MIN_SIZE > 0
}

/// A type that decodes without borrowing from its input: `T: FromBinaryOwned` can be read from
/// input of any lifetime, such as a buffer that is reused afterwards.
pub trait FromBinaryOwned: for<'de> FromBinary<'de> {}

impl<T> FromBinaryOwned for T where T: for<'de> FromBinary<'de> {}

/// Encodes `value` into a new `Vec<u8>`.
///
/// ```
/// assert_eq!(jetwire_binary::to_vec(&(7u16, "ab", true))?, [7, 0, 2, b'a', b'b', 1]);
/// # Ok::<(), jetwire_binary::Error>(())
/// ```
pub fn to_vec<T: ToBinary + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(64);
    to_writer(&mut out, value)?;
    Ok(out)
}

/// Appends `value`'s encoding to `out`. Reusing one `Vec` across calls encodes without
/// allocating once it has grown to size. On error, `out` is truncated back to what it held.
///
/// ```
/// let mut out = Vec::new();
/// jetwire_binary::to_writer(&mut out, &1u8)?;
/// jetwire_binary::to_writer(&mut out, "hi")?;
/// assert_eq!(out, [1, 2, b'h', b'i']);
/// # Ok::<(), jetwire_binary::Error>(())
/// ```
#[inline]
pub fn to_writer<T: ToBinary + ?Sized>(out: &mut Vec<u8>, value: &T) -> Result<()> {
    let start = out.len();
    let result = value.encode(&mut Encoder::new(out));
    if result.is_err() {
        out.truncate(start);
    }
    result
}

/// Decodes a `T` from `input`, which must hold exactly one value. Strings and byte slices are
/// borrowed from `input` where `T` asks for it (`&str`, `&[u8]`, `Cow`).
///
/// ```
/// let bytes = jetwire_binary::to_vec(&vec!["a", "bc"])?;
/// let back: Vec<&str> = jetwire_binary::from_slice(&bytes)?;
/// assert_eq!(back, ["a", "bc"]);
/// let err = jetwire_binary::from_slice::<Vec<&str>>(&bytes[..4]).unwrap_err();
/// assert_eq!(err.to_string(), "invalid length: 2 bytes claimed, but only 0 bytes remain at /1 (byte 4)");
/// # Ok::<(), jetwire_binary::Error>(())
/// ```
#[inline]
pub fn from_slice<'de, T: FromBinary<'de>>(input: &'de [u8]) -> Result<T> {
    from_slice_with(input, DecodeOptions::default())
}

/// Decodes a `T` from `input` with `options`.
#[inline]
pub fn from_slice_with<'de, T: FromBinary<'de>>(input: &'de [u8], options: DecodeOptions) -> Result<T> {
    let mut decoder = Decoder::with_options(input, options);
    let value = T::decode(&mut decoder)?;
    decoder.finish()?;
    Ok(value)
}

/// Decodes `input` into an existing `value`, reusing its allocations: a `Vec` keeps its
/// capacity and its elements are decoded in place, a `String` keeps its buffer, nested structs
/// and boxes are reused (an `Rc` or `Arc` when it is its value's only owner). It reads the same
/// values, and fails with the same errors, as [`from_slice`]. On error, `value` is valid but
/// unspecified.
///
/// ```
/// let mut names: Vec<String> = vec![String::with_capacity(64)];
/// let bytes = jetwire_binary::to_vec(&vec!["reused"])?;
/// jetwire_binary::from_slice_into(&bytes, &mut names)?;
/// assert_eq!(names, ["reused"]);
/// assert!(names[0].capacity() >= 64);
/// # Ok::<(), jetwire_binary::Error>(())
/// ```
#[inline]
pub fn from_slice_into<'de, T: FromBinary<'de>>(input: &'de [u8], value: &mut T) -> Result<()> {
    let mut decoder = Decoder::new(input);
    value.decode_into(&mut decoder)?;
    decoder.finish()
}
