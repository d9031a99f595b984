//! The [`Decoder`]: reads values from a byte slice, treating it as hostile.

use std::mem::size_of;
use std::ops::Range;

use jetwire_core::ascii::ascii_run;
use jetwire_core::copy::{SHORT_COPY_MAX, is_ascii_short, to_vec_checking_ascii};

use crate::error::{Category, Error, Result};
use crate::plain::{Plain, extend_from_bytes, fill_from_bytes, value_from_bytes};
use crate::varint;

mod str_column;

pub use str_column::StrColumn;

/// Limits of a [`Decoder`]. `DecodeOptions::default()` is what [`from_slice`](crate::from_slice)
/// uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodeOptions {
    /// How deeply values may nest through boxes and collections (default 128). Types that hold
    /// themselves can only do so through one of those, so this bounds the recursion, and with it
    /// the stack, on any input.
    pub max_depth: u32,
    /// Collections of elements whose encoding may be empty (`()`, a struct whose fields are all
    /// skipped) cannot be bounded by the bytes that remain. This budget, in bytes of memory
    /// (each element counting its size, at least one), caps them over the whole message
    /// (default 1 MiB).
    pub empty_element_budget: usize,
}

impl Default for DecodeOptions {
    fn default() -> Self {
        DecodeOptions { max_depth: 128, empty_element_budget: 1 << 20 }
    }
}

/// Reads encoded values from bytes that live for `'de` (and may be borrowed from them).
/// [`FromBinary`](crate::FromBinary) impls read through it.
///
/// Every read checks the bytes that remain first: lengths are checked against them before
/// anything is allocated, and nothing panics on any input.
///
/// ```
/// use jetwire_binary::Decoder;
/// let mut decoder = Decoder::new(&[7, 0, 0, 0, 2, b'h', b'i']);
/// assert_eq!(decoder.read_u32()?, 7);
/// assert_eq!(decoder.read_str()?, "hi");
/// decoder.finish()?;
/// # Ok::<(), jetwire_binary::Error>(())
/// ```
pub struct Decoder<'de> {
    /// The bytes not read yet (of the current versioned body, inside one).
    rest: &'de [u8],
    /// The whole input, for offsets.
    input: &'de [u8],
    depth_left: u32,
    empty_budget: usize,
    /// Bytes of collection capacity that may still be reserved ahead of the elements that fill
    /// it (see [`Self::reserve_ahead`]).
    ahead_budget: usize,
    /// A span of the input known to be ASCII, found by the last borrowed string's check:
    /// a string inside it is valid UTF-8 without a check of its own (see [`Self::read_str`]).
    ascii: KnownAscii,
}

/// Collection capacity a decode may reserve ahead of its elements, per byte of input, and in all
/// besides: a collection's count is checked against the bytes that remain, but collections
/// nested inside its first element are checked against the same bytes again, so reserving every
/// count in full would let 100 bytes of nested counts reserve about 16 x 100 bytes at each of up
/// to `max_depth` levels. With the budget, what is reserved and not yet filled stays within
/// 16 x the input + 4 KiB, and the rest grows as elements arrive.
const AHEAD_PER_INPUT_BYTE: usize = 16;
const AHEAD_BASE: usize = 4096;

/// Collections of up to this many bytes are reserved in full, outside the budget.
const SMALL_AHEAD: usize = 256;

/// Capacity reserved by [`Decoder::reserve_ahead`]: `granted` elements, `charged` bytes of the
/// budget, given back by [`Decoder::filled_ahead`] once they are decoded.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ahead {
    pub(crate) granted: usize,
    charged: usize,
}

/// How many 64-byte blocks a borrowed string's check looks at from its start: two cover the
/// few short strings of a typical record (measured on the Log workload, whose four strings span
/// about 65 bytes).
const ASCII_LOOK_BLOCKS: usize = 2;

/// The addresses of a span of the input that holds only ASCII bytes (empty at first).
#[derive(Clone, Copy, Default)]
struct KnownAscii {
    start: usize,
    end: usize,
}

impl KnownAscii {
    /// Whether every byte of `bytes` lies in the span.
    #[inline(always)]
    fn covers(self, bytes: &[u8]) -> bool {
        let start = bytes.as_ptr() as usize;
        start >= self.start && start + bytes.len() <= self.end
    }
}

/// What [`Decoder::begin_versioned`] hands back: the input after the body.
#[must_use = "pass it to `end_versioned`"]
pub struct VersionedBody<'de> {
    after: &'de [u8],
}

impl<'de> Decoder<'de> {
    /// A decoder over `input` with the default options.
    #[inline]
    pub fn new(input: &'de [u8]) -> Self {
        Self::with_options(input, DecodeOptions::default())
    }

    /// A decoder over `input` with `options`.
    #[inline]
    pub fn with_options(input: &'de [u8], options: DecodeOptions) -> Self {
        Decoder {
            rest: input,
            input,
            depth_left: options.max_depth,
            empty_budget: options.empty_element_budget,
            ahead_budget: input.len().saturating_mul(AHEAD_PER_INPUT_BYTE).saturating_add(AHEAD_BASE),
            ascii: KnownAscii::default(),
        }
    }

    /// The offset of the next byte to read, from the start of the input.
    #[inline]
    pub fn offset(&self) -> usize {
        self.rest.as_ptr() as usize - self.input.as_ptr() as usize
    }

    /// How many bytes remain (of the current versioned body, inside one).
    #[inline]
    pub fn remaining(&self) -> usize {
        self.rest.len()
    }

    /// Whether nothing remains (of the current versioned body, inside one).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.rest.is_empty()
    }

    /// Checks that the whole input has been read.
    #[inline]
    pub fn finish(&self) -> Result<()> {
        if self.rest.is_empty() { Ok(()) } else { Err(self.trailing_bytes()) }
    }

    #[inline(always)]
    fn trailing_bytes(&self) -> Error {
        trailing_bytes_error(self.offset(), self.rest.len())
    }

    // ---- errors ---------------------------------------------------------------------------

    /// A [`Category::Data`] error at the current offset, for hand-written impls.
    #[inline(always)]
    pub fn error(&self, message: impl std::fmt::Display) -> Error {
        data_error(self.offset(), message)
    }

    /// A [`Category::Data`] error at `offset`.
    #[inline(always)]
    pub fn error_at(&self, offset: usize, message: impl std::fmt::Display) -> Error {
        data_error(offset, message)
    }

    // Every call that is not inlined (the error constructors, the slow paths of varints and
    // UTF-8) gets plain values, never `&self`: a decoder whose address escapes into a call has
    // to live in memory, and every read would then store its place there and load it back for
    // the next, a chain of store-to-load latencies through each value decoded.

    /// The error for `needed` bytes where fewer remain.
    #[inline(always)]
    fn eof(&self, needed: usize) -> Error {
        eof_error(self.offset(), needed, self.rest.len())
    }

    /// A [`Category::Data`] error for a value outside the valid ones, which starts `width`
    /// bytes back.
    #[inline(always)]
    pub(crate) fn invalid_back(&self, width: usize, message: impl std::fmt::Display) -> Error {
        data_error(self.offset() - width, message)
    }

    // ---- raw reads ------------------------------------------------------------------------

    /// Takes the next `len` bytes, borrowed from the input.
    #[inline]
    pub fn read_bytes(&mut self, len: usize) -> Result<&'de [u8]> {
        if len > self.rest.len() {
            return Err(self.eof(len));
        }
        let (head, tail) = self.rest.split_at(len);
        self.rest = tail;
        Ok(head)
    }

    /// Takes the next `len` bytes if there are that many and `accept` says yes to them; leaves
    /// the decoder as it was otherwise.
    #[inline(always)]
    pub(crate) fn take_if(&mut self, len: usize, accept: impl FnOnce(&[u8]) -> bool) -> Option<&'de [u8]> {
        let (head, tail) = self.rest.split_at_checked(len)?;
        if !accept(head) {
            return None;
        }
        self.rest = tail;
        Some(head)
    }

    /// Takes the next `N` bytes.
    #[inline(always)]
    pub fn read_array<const N: usize>(&mut self) -> Result<[u8; N]> {
        match self.rest.split_first_chunk::<N>() {
            Some((head, tail)) => {
                self.rest = tail;
                Ok(*head)
            }
            None => Err(self.eof(N)),
        }
    }

    /// Takes the next byte.
    #[inline(always)]
    pub fn read_u8(&mut self) -> Result<u8> {
        match self.rest.split_first() {
            Some((&byte, tail)) => {
                self.rest = tail;
                Ok(byte)
            }
            None => Err(self.eof(1)),
        }
    }

    /// Reads a little-endian `u16`.
    #[inline(always)]
    pub fn read_u16(&mut self) -> Result<u16> {
        self.read_array().map(u16::from_le_bytes)
    }

    /// Reads a little-endian `u32`.
    #[inline(always)]
    pub fn read_u32(&mut self) -> Result<u32> {
        self.read_array().map(u32::from_le_bytes)
    }

    /// Reads a little-endian `u64`.
    #[inline(always)]
    pub fn read_u64(&mut self) -> Result<u64> {
        self.read_array().map(u64::from_le_bytes)
    }

    /// Reads a bool: one byte, 0 or 1; anything else is an error.
    #[inline(always)]
    pub fn read_bool(&mut self) -> Result<bool> {
        match self.read_u8()? {
            0 => Ok(false),
            1 => Ok(true),
            other => Err(invalid_bool(self.offset() - 1, other)),
        }
    }

    /// Reads a `char`: a little-endian `u32` that must be a Unicode scalar value.
    #[inline]
    pub fn read_char(&mut self) -> Result<char> {
        let code = self.read_u32()?;
        match char::from_u32(code) {
            Some(c) => Ok(c),
            None => Err(self.invalid_back(
                4,
                format_args!("invalid char: expected a Unicode scalar value, found 0x{code:X}"),
            )),
        }
    }

    /// Reads a varint.
    #[inline(always)]
    pub fn read_varint(&mut self) -> Result<u64> {
        match self.rest.split_first() {
            Some((&byte, tail)) if u64::from(byte) < varint::ONE_BYTE_LIMIT => {
                self.rest = tail;
                Ok(u64::from(byte))
            }
            _ => {
                let (value, len) = read_varint_long(self.rest, self.offset())?;
                self.rest = &self.rest[len..];
                Ok(value)
            }
        }
    }

    /// Reads a length (of a string, a sequence, a map): a varint that must fit `usize`. The
    /// caller still has to check it against the bytes that remain, as
    /// [`read_len_for`](Self::read_len_for) does.
    #[inline(always)]
    pub fn read_len(&mut self) -> Result<usize> {
        let len = self.read_varint()?;
        usize::try_from(len).map_err(|_| too_long(self.offset(), self.rest.len(), len, 1))
    }

    /// Reads the length of a collection whose elements take at least `min_size` bytes each and
    /// `mem_size` bytes of memory each, and checks it before anything is allocated: `len`
    /// elements need `len * min_size` bytes of input, and elements that may take no input at all
    /// draw on the empty-element budget (see [`DecodeOptions`]). A length that passes can be
    /// allocated: the memory it costs is bounded by the input's length.
    #[inline(always)]
    pub fn read_len_for(&mut self, min_size: usize, mem_size: usize) -> Result<usize> {
        let len = self.read_varint()?;
        match self.rest.len().checked_div(min_size) {
            Some(most) if len <= most as u64 => Ok(len as usize),
            Some(_) => Err(too_long(self.offset(), self.rest.len(), len, min_size)),
            None => {
                self.empty_budget = draw_empty_budget(self.empty_budget, len, mem_size, self.offset())?;
                Ok(len as usize)
            }
        }
    }

    /// Reads a byte string (its length, then the bytes), borrowed from the input.
    #[inline(always)]
    pub fn read_byte_slice(&mut self) -> Result<&'de [u8]> {
        let len = self.read_len_for(1, 1)?;
        let (head, tail) = self.rest.split_at(len);
        self.rest = tail;
        Ok(head)
    }

    /// Reads a string (its length, then UTF-8, which is validated), borrowed from the input.
    ///
    /// A string's check looks at the bytes from its start 64 at a time (up to 128) and
    /// remembers how far they were ASCII: the strings that follow it within that span
    /// (consecutive string fields, whose one-byte lengths are ASCII too) need no check of their
    /// own. Only a string that is not all ASCII, or runs past the span, goes through the UTF-8
    /// validator.
    #[inline(always)]
    pub fn read_str(&mut self) -> Result<&'de str> {
        let bytes = self.read_byte_slice()?;
        if self.ascii.covers(bytes) {
            // SAFETY: `bytes` lies in a span of this input found to be all ASCII, which is
            // valid UTF-8; the input cannot change while it is borrowed for `'de`.
            return Ok(unsafe { std::str::from_utf8_unchecked(bytes) });
        }
        self.check_str(bytes)
    }

    /// [`read_str`](Self::read_str)'s check of a string outside the known ASCII span.
    #[inline(always)]
    fn check_str(&mut self, bytes: &'de [u8]) -> Result<&'de str> {
        let start = bytes.as_ptr() as usize;
        let offset = start - self.input.as_ptr() as usize;
        if let Some(run) = ascii_run(self.input, offset, ASCII_LOOK_BLOCKS) {
            if bytes.len() <= run {
                self.ascii = KnownAscii { start, end: start + run };
                // SAFETY: the first `run` bytes from the string's start are ASCII, and the
                // string is no longer than that.
                return Ok(unsafe { std::str::from_utf8_unchecked(bytes) });
            }
        } else if bytes.len() <= SHORT_COPY_MAX && is_ascii_short(bytes) {
            // SAFETY: ASCII (checked just above) is valid UTF-8.
            return Ok(unsafe { std::str::from_utf8_unchecked(bytes) });
        }
        validate_utf8(bytes, self.offset())
    }

    /// Reads a string (its length, then UTF-8, which is validated) into a new `String`.
    ///
    /// A short string is copied and checked for ASCII in one pass (the copy's words are the
    /// check's), without a call to `memcpy`; only one that is not all ASCII, or is longer than
    /// [`SHORT_COPY_MAX`] bytes, goes through the UTF-8 validator.
    ///
    /// ```
    /// use jetwire_binary::Decoder;
    /// let mut decoder = Decoder::new(&[2, b'h', b'i', 2, 0xC3, 0x28]);
    /// assert_eq!(decoder.read_string()?, "hi");
    /// let err = decoder.read_string().unwrap_err();
    /// assert_eq!(err.to_string(), "invalid UTF-8 in a string: found bytes C3 28 at byte 4");
    /// # Ok::<(), jetwire_binary::Error>(())
    /// ```
    #[inline(always)]
    pub fn read_string(&mut self) -> Result<String> {
        let bytes = self.read_byte_slice()?;
        if bytes.len() > SHORT_COPY_MAX {
            return validate_utf8(bytes, self.offset()).map(str::to_owned);
        }
        let (text, ascii) = to_vec_checking_ascii(bytes);
        if !ascii {
            validate_utf8(bytes, self.offset())?;
        }
        // SAFETY: `text` holds `bytes`, which are ASCII or passed UTF-8 validation just above.
        Ok(unsafe { String::from_utf8_unchecked(text) })
    }

    /// Opens a column of strings (the column layout's, see the format spec): the lengths of
    /// the strings of `indices` (their elements' indices in the sequence), then all their
    /// bytes. The lengths are checked against what remains and the bytes of the whole column
    /// for ASCII here; the strings come out of the column in order, borrowed from the input,
    /// each validated as UTF-8 only when the column is not all ASCII. An error's path starts
    /// with the failing string's index.
    ///
    /// ```
    /// use jetwire_binary::{ColumnReader, Decoder};
    /// let mut decoder = Decoder::new(&[2, 1, b'h', b'i', b'!']);
    /// let mut column = decoder.open_str_column(0..2)?;
    /// assert_eq!(column.value(0)?, "hi");
    /// assert_eq!(column.value(1)?, "!");
    /// let err = Decoder::new(&[1, 5, b'x']).open_str_column(7..9).err().unwrap();
    /// assert_eq!(err.to_string(), "invalid length: 5 bytes claimed, but only 0 bytes remain at /8 (byte 3)");
    /// # Ok::<(), jetwire_binary::Error>(())
    /// ```
    ///
    /// # Panics
    ///
    /// If `indices` holds more than [`COLUMN_BLOCK`](crate::COLUMN_BLOCK) indices.
    #[inline(always)]
    pub fn open_str_column(&mut self, indices: Range<usize>) -> Result<StrColumn<'de>> {
        let mut column = StrColumn::empty();
        self.fill_str_column(indices, &mut column)?;
        Ok(column)
    }

    /// The common string column, taken whole: `count` one-byte lengths whose strings are all
    /// there and all ASCII, as `(lengths, bytes)`; or `None`, and nothing taken, for any other.
    #[inline(always)]
    pub(crate) fn take_ascii_str_column(&mut self, count: usize) -> Option<(&'de [u8], &'de [u8])> {
        let lengths = self.one_byte_lengths(count)?;
        let total: usize = lengths.iter().map(|&len| usize::from(len)).sum();
        let bytes = self.rest[count..].get(..total)?;
        if !bytes.is_ascii() {
            return None;
        }
        self.rest = &self.rest[count + total..];
        Some((lengths, bytes))
    }

    /// The next `count` bytes, when they are there and each is a whole length (below the
    /// varint's one-byte limit): the common string column's lengths. Nothing is taken.
    #[inline(always)]
    fn one_byte_lengths(&self, count: usize) -> Option<&'de [u8]> {
        let lengths = self.rest.get(..count)?;
        // The largest length, not a test per length: no branch in the loop.
        let longest = lengths.iter().fold(0, |most, &len| most.max(len));
        (longest < varint::ONE_BYTE_LIMIT as u8).then_some(lengths)
    }

    /// [`open_str_column`](Self::open_str_column) into `column`, where the column is read in
    /// place (a `StrColumn` is over a kilobyte, which a returned `Result` would copy).
    #[inline(always)]
    pub(crate) fn fill_str_column(
        &mut self,
        indices: Range<usize>,
        column: &mut StrColumn<'de>,
    ) -> Result<()> {
        let count = indices.len();
        assert!(count <= crate::COLUMN_BLOCK, "a column holds at most COLUMN_BLOCK values");
        // Each string's end within the column's bytes, after a 0: a running sum, so that no
        // string's position waits on the one before it.
        let ends = column.ends_mut();
        ends[0] = 0;
        let total = match self.one_byte_lengths(count) {
            // The common case, every length one byte: a running sum of the bytes, with no check
            // per length (the sum is checked against what remains once, below).
            Some(lengths) => {
                let mut total = 0;
                for (end, &len) in ends[1..=count].iter_mut().zip(lengths) {
                    total += usize::from(len);
                    *end = total;
                }
                self.rest = &self.rest[count..];
                total
            }
            // The out-of-line paths take and give copies of the ends, so that no pointer to
            // the column escapes: the loops that take its strings then keep its fields in
            // registers instead of loading them again after every store.
            _ => {
                let (wide, total) = self.read_column_lengths(count, indices.start)?;
                ends[1..=count].copy_from_slice(&wide[..count]);
                total
            }
        };
        if total > self.rest.len() {
            return Err(self.str_column_too_long(*ends, count, indices.start));
        }
        let (bytes, tail) = self.rest.split_at(total);
        self.rest = tail;
        // SAFETY: `ends[..=count]` was just written: a 0, then running sums of the lengths, the
        // last of them `total`, the length of `bytes`.
        unsafe { column.set(count, bytes, indices.start, self.offset()) };
        Ok(())
    }

    /// [`open_str_column`](Self::open_str_column)'s `count` lengths when one takes more than
    /// a byte: each read and checked against what remains; their running sums, and the last.
    #[inline(never)]
    fn read_column_lengths(
        &mut self,
        count: usize,
        first_index: usize,
    ) -> Result<([usize; crate::COLUMN_BLOCK], usize)> {
        let mut ends = [0; crate::COLUMN_BLOCK];
        let mut total = 0usize;
        for (k, end) in ends[..count].iter_mut().enumerate() {
            let len = self.read_len_for(1, 1).map_err(|err| err.prepend_index(first_index + k))?;
            // Each length is at most the bytes that remain, so the sum of a block's cannot
            // overflow on any input that fits in memory; saturating keeps it so anyway, and a
            // saturated sum fails the check against what remains.
            total = total.saturating_add(len);
            *end = total;
        }
        Ok((ends, total))
    }

    /// The error for a string column whose `count` lengths, `ends[1..=count]` as running sums,
    /// claim more bytes than remain: it names the first string that does not fit.
    #[cold]
    #[inline(never)]
    fn str_column_too_long(
        &self,
        ends: [usize; crate::COLUMN_BLOCK + 1],
        count: usize,
        first_index: usize,
    ) -> Error {
        let ends = &ends[1..=count];
        let left = self.rest.len();
        let k = ends.iter().position(|&end| end > left).unwrap_or(0);
        let start = if k == 0 { 0 } else { ends[k - 1] };
        too_long(self.offset() + start, left - start, (ends[k] - start) as u64, 1)
            .prepend_index(first_index + k)
    }

    /// Reads an enum variant index: a varint below `count`. `enum_name` names the enum in the
    /// error for anything else.
    #[inline(always)]
    pub fn read_variant(&mut self, count: u32, enum_name: &str) -> Result<u32> {
        // With at most 248 variants every valid index is a one-byte varint, so one comparison
        // of the first byte with `count` checks both (`count` is a constant where derived code
        // calls this, and the test folds away for larger enums).
        if u64::from(count) <= varint::ONE_BYTE_LIMIT
            && let Some((&byte, tail)) = self.rest.split_first()
            && u32::from(byte) < count
        {
            self.rest = tail;
            return Ok(u32::from(byte));
        }
        let (index, len) = read_variant_long(self.rest, self.offset(), count, enum_name)?;
        self.rest = &self.rest[len..];
        Ok(index)
    }

    /// The error for a variant index that names no variant (or one that cannot be read).
    #[inline(always)]
    pub fn unknown_variant(&self, at: usize, index: u64, count: u32, enum_name: &str) -> Error {
        unknown_variant(at, index, count, enum_name)
    }

    /// Takes the next `len` bytes and returns a decoder over exactly them (with this decoder's
    /// limits, and offsets still counted from the start of the input): reading a fixed-size
    /// value from it needs one bounds check, here, instead of one per field.
    #[inline(always)]
    pub fn take_fixed(&mut self, len: usize) -> Result<Decoder<'de>> {
        let bytes = self.read_bytes(len)?;
        Ok(self.over(bytes))
    }

    /// A decoder over the `k`-th of the chunks of `size` bytes that this decoder's bytes hold
    /// (a column of fixed-size values, taken with one check, then read value by value).
    ///
    /// # Panics
    ///
    /// If the chunk is not all there.
    #[inline(always)]
    pub(crate) fn chunk(&self, k: usize, size: usize) -> Decoder<'de> {
        self.over(&self.rest[k * size..][..size])
    }

    /// A decoder over `bytes`, a part of this decoder's input, with its limits.
    #[inline(always)]
    fn over(&self, bytes: &'de [u8]) -> Decoder<'de> {
        Decoder {
            rest: bytes,
            input: self.input,
            depth_left: self.depth_left,
            empty_budget: self.empty_budget,
            // Fixed-size values hold no collection; a copy keeps the limit all the same.
            ahead_budget: self.ahead_budget,
            ascii: self.ascii,
        }
    }

    /// [`take_fixed`](Self::take_fixed), or `None` (and the decoder as it was) if fewer than
    /// `len` bytes remain.
    #[inline(always)]
    pub(crate) fn take_fixed_if_there(&mut self, len: usize) -> Option<Decoder<'de>> {
        let bytes = self.take_if(len, |_| true)?;
        Some(self.over(bytes))
    }

    /// Splits this decoder's bytes into decoders over consecutive chunks of exactly `size` bytes
    /// each (a trailing shorter piece is left out), for reading fixed-size elements: each
    /// element's reads are checked against a length the compiler knows.
    #[inline(always)]
    pub(crate) fn fixed_chunks(&self, size: usize) -> impl Iterator<Item = Decoder<'de>> + use<'de> {
        let (input, depth_left, empty_budget, ahead_budget, ascii) =
            (self.input, self.depth_left, self.empty_budget, self.ahead_budget, self.ascii);
        self.rest.chunks_exact(size).map(move |rest| Decoder {
            rest,
            input,
            depth_left,
            empty_budget,
            ahead_budget,
            ascii,
        })
    }

    // ---- plain data -----------------------------------------------------------------------

    /// Reads one plain value as a block, or `None` when `T` is not plain on this host.
    #[inline(always)]
    pub(crate) fn read_plain<T>(&mut self, plain: Plain<T>) -> Option<Result<T>> {
        if !plain.as_block() {
            return None;
        }
        Some(self.read_bytes(size_of::<T>()).map(|bytes| value_from_bytes(bytes, plain)))
    }

    /// Appends `count` plain values, already checked against the input, as one block.
    #[inline]
    pub(crate) fn extend_plain<T>(&mut self, out: &mut Vec<T>, count: usize, plain: Plain<T>) -> Result<()> {
        let bytes = self.read_bytes(count * size_of::<T>())?;
        extend_from_bytes(out, bytes, count, plain);
        Ok(())
    }

    /// Overwrites `items` with plain values, as one block.
    #[inline]
    pub(crate) fn fill_plain<T>(&mut self, items: &mut [T], plain: Plain<T>) -> Result<()> {
        let bytes = self.read_bytes(size_of_val(items))?;
        fill_from_bytes(items, bytes, plain);
        Ok(())
    }

    // ---- nesting --------------------------------------------------------------------------

    /// Room to reserve for up to `len` elements of `size` bytes before they are decoded: all of
    /// them while the decode's budget lasts (the usual case: one allocation of the final size),
    /// at least one, and the budget's worth when it runs short; the caller reserves more as the
    /// elements arrive. Collections of up to [`SMALL_AHEAD`] bytes are reserved in full without
    /// the budget (at most that much a level, `max_depth` levels), so that the many small ones
    /// of a typical message cost one comparison. Pair with [`filled_ahead`](Self::filled_ahead).
    #[inline(always)]
    pub(crate) fn reserve_ahead(&mut self, len: usize, size: usize) -> Ahead {
        if len.saturating_mul(size) <= SMALL_AHEAD {
            return Ahead { granted: len, charged: 0 };
        }
        self.reserve_ahead_from_budget(len, size)
    }

    #[inline(never)]
    fn reserve_ahead_from_budget(&mut self, len: usize, size: usize) -> Ahead {
        let affordable = self.ahead_budget.checked_div(size).unwrap_or(usize::MAX).max(1);
        let granted = len.min(affordable);
        let charged = granted.saturating_mul(size).min(self.ahead_budget);
        self.ahead_budget -= charged;
        Ahead { granted, charged }
    }

    /// Gives back the budget of room that its elements now fill.
    #[inline(always)]
    pub(crate) fn filled_ahead(&mut self, ahead: Ahead) {
        if ahead.charged != 0 {
            self.ahead_budget += ahead.charged;
        }
    }

    /// Enters a nested value that may recurse (a box, a collection): an error once
    /// [`DecodeOptions::max_depth`] levels are open. Pair with [`leave`](Self::leave).
    #[inline(always)]
    pub fn enter(&mut self) -> Result<()> {
        if self.depth_left == 0 {
            return Err(too_deep(self.offset()));
        }
        self.depth_left -= 1;
        Ok(())
    }

    /// Leaves a nested value entered with [`enter`](Self::enter).
    #[inline(always)]
    pub fn leave(&mut self) {
        self.depth_left += 1;
    }

    // ---- versioned bodies -----------------------------------------------------------------

    /// Starts reading the body of a `#[jetwire(versioned)]` value: reads its byte length and
    /// limits the decoder to it, so that [`is_empty`](Self::is_empty) tells when the fields the
    /// writer knew have all been read. Pair with [`end_versioned`](Self::end_versioned).
    #[inline]
    pub fn begin_versioned(&mut self) -> Result<VersionedBody<'de>> {
        let len = self.read_len_for(1, 1)?;
        let (body, after) = self.rest.split_at(len);
        self.rest = body;
        Ok(VersionedBody { after })
    }

    /// Ends a versioned body: skips what a newer writer appended that this reader does not
    /// know, and goes on after the body.
    #[inline]
    pub fn end_versioned(&mut self, body: VersionedBody<'de>) {
        self.rest = body.after;
    }
}

// ---- slow paths and errors, out of line -------------------------------------------------------

/// A varint longer than one byte at the start of `rest` (at `offset` in the input): its value
/// and its length in bytes, or the error for a varint cut short or not in its shortest form.
#[inline(never)]
fn read_varint_long(rest: &[u8], offset: usize) -> Result<(u64, usize)> {
    let Some((&first, tail)) = rest.split_first() else { return Err(eof_error(offset, 1, 0)) };
    match varint::decode_long(first, tail) {
        Ok((value, n)) => Ok((value, 1 + n)),
        Err(None) => Err(Error::at(
            Category::Eof,
            format!(
                "unexpected end of input: expected a varint of {} bytes, found {}",
                usize::from(first - 0xF7) + 1,
                rest.len()
            ),
            offset,
        )),
        Err(Some(value)) => Err(data_error(
            offset,
            format_args!(
                "invalid varint: {value} written in {} bytes, longer than its shortest form",
                usize::from(first - 0xF7) + 1
            ),
        )),
    }
}

/// [`Decoder::read_variant`] for an index that is not one valid byte: a longer varint (valid
/// for enums of more than 248 variants) or an error. Returns the index and its length in bytes.
#[inline(never)]
fn read_variant_long(rest: &[u8], offset: usize, count: u32, enum_name: &str) -> Result<(u32, usize)> {
    let (index, len) = match rest.split_first() {
        Some((&byte, _)) if u64::from(byte) < varint::ONE_BYTE_LIMIT => (u64::from(byte), 1),
        _ => read_varint_long(rest, offset)?,
    };
    if index < u64::from(count) {
        Ok((index as u32, len))
    } else {
        Err(unknown_variant(offset, index, count, enum_name))
    }
}

/// Draws `len` elements of `mem_size` bytes each from an empty-element `budget`: what is left
/// of it, or the error at `offset` when it does not cover them.
#[inline(never)]
fn draw_empty_budget(budget: usize, len: u64, mem_size: usize, offset: usize) -> Result<usize> {
    let cost = len.saturating_mul(mem_size.max(1) as u64);
    if cost > budget as u64 {
        return Err(Error::at(
            Category::Limit,
            format!(
                "a collection of {len} elements with empty encodings exceeds the decoder's budget \
                 ({budget} bytes left of DecodeOptions::empty_element_budget)"
            ),
            offset,
        ));
    }
    Ok(budget - cost as usize)
}

/// `bytes`, which end at `end_offset`, as a `str`, or the error that names the first invalid
/// byte.
#[inline]
pub(crate) fn validate_utf8(bytes: &[u8], end_offset: usize) -> Result<&str> {
    match simdutf8::basic::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(_) => Err(invalid_utf8(bytes, end_offset)),
    }
}

#[cold]
#[inline(never)]
fn invalid_utf8(bytes: &[u8], end_offset: usize) -> Error {
    let at = std::str::from_utf8(bytes).err().map_or(0, |e| e.valid_up_to());
    let offset = end_offset - bytes.len() + at;
    let found: Vec<String> = bytes[at..].iter().take(4).map(|b| format!("{b:02X}")).collect();
    let found = format!("byte{} {}", plural(found.len()), found.join(" "));
    data_error(offset, format_args!("invalid UTF-8 in a string: found {found}"))
}

/// The error for a length of `len` elements of at least `min_size` bytes each, at `offset`,
/// where only `left` bytes remain.
#[cold]
#[inline(never)]
fn too_long(offset: usize, left: usize, len: u64, min_size: usize) -> Error {
    let what = if min_size == 1 {
        format!("{len} bytes")
    } else {
        format!("{len} elements of at least {min_size} bytes")
    };
    Error::at(
        Category::Eof,
        format!("invalid length: {what} claimed, but only {left} byte{} remain", plural(left)),
        offset,
    )
}

#[cold]
#[inline(never)]
fn too_deep(offset: usize) -> Error {
    Error::at(Category::Limit, "nesting too deep: exceeds DecodeOptions::max_depth".to_owned(), offset)
}

#[cold]
#[inline(never)]
fn trailing_bytes_error(offset: usize, left: usize) -> Error {
    data_error(offset, format_args!("expected the end of the input, found {left} more byte{}", plural(left)))
}

/// A [`Category::Data`] error at `offset`.
#[cold]
#[inline(never)]
fn data_error(offset: usize, message: impl std::fmt::Display) -> Error {
    Error::at(Category::Data, message.to_string(), offset)
}

/// The error for `needed` bytes at `offset` where only `left` remain.
#[cold]
#[inline(never)]
fn eof_error(offset: usize, needed: usize, left: usize) -> Error {
    Error::at(
        Category::Eof,
        format!("unexpected end of input: expected {needed} more byte{}, found {left}", plural(needed)),
        offset,
    )
}

#[cold]
#[inline(never)]
fn invalid_bool(offset: usize, found: u8) -> Error {
    data_error(offset, format_args!("invalid bool: expected 0 or 1, found 0x{found:02X}"))
}

#[cold]
#[inline(never)]
fn unknown_variant(at: usize, index: u64, count: u32, enum_name: &str) -> Error {
    data_error(
        at,
        format_args!(
            "invalid variant index of enum {enum_name}: expected 0 to {}, found {index}",
            count.saturating_sub(1)
        ),
    )
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_errors() {
        let mut d = Decoder::new(&[1, 2, 0xF8, 250, 0xF8, 3]);
        assert!(d.read_bool().unwrap());
        let err = d.read_bool().unwrap_err();
        assert_eq!(err.to_string(), "invalid bool: expected 0 or 1, found 0x02 at byte 1");
        assert_eq!(d.read_varint().unwrap(), 250);
        let err = d.read_varint().unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid varint: 3 written in 2 bytes, longer than its shortest form at byte 4"
        );
        let err = Decoder::new(&[0xFA, 1]).read_varint().unwrap_err();
        assert!(err.is_eof(), "{err}");
    }

    #[test]
    fn lengths_are_checked_before_use() {
        let err = Decoder::new(&[0xFB, 0, 0, 0, 0x01]).read_len_for(1, 1).unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid length: 16777216 bytes claimed, but only 0 bytes remain at byte 5"
        );
        assert_eq!(Decoder::new(&[2, 0, 0, 0, 0]).read_len_for(2, 2).unwrap(), 2);
        assert!(Decoder::new(&[3, 0, 0, 0, 0]).read_len_for(2, 2).is_err());
        let options = DecodeOptions { empty_element_budget: 10, ..DecodeOptions::default() };
        let mut d = Decoder::with_options(&[10, 1], options);
        assert_eq!(d.read_len_for(0, 0).unwrap(), 10);
        assert_eq!(d.read_len_for(0, 0).unwrap_err().category(), Category::Limit);
    }

    #[test]
    fn versioned_body_limits_and_skips() {
        let mut d = Decoder::new(&[3, 1, 2, 3, 9]);
        let body = d.begin_versioned().unwrap();
        assert_eq!(d.read_u8().unwrap(), 1);
        assert_eq!(d.remaining(), 2);
        d.end_versioned(body);
        assert_eq!(d.read_u8().unwrap(), 9);
        d.finish().unwrap();
    }

    #[test]
    fn depth() {
        let mut d = Decoder::with_options(&[], DecodeOptions { max_depth: 1, ..DecodeOptions::default() });
        d.enter().unwrap();
        assert_eq!(d.enter().unwrap_err().category(), Category::Limit);
        d.leave();
        d.enter().unwrap();
    }
}
