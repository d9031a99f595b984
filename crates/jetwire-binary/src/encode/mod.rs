//! The [`Encoder`]: appends a value's encoding to a `Vec<u8>`.

use crate::error::Result;
use crate::plain::{Plain, slice_as_bytes};
use crate::varint;

/// The largest block that [`Encoder::write_block`] fills on the stack.
pub(crate) const STACK_BLOCK: usize = 256;

/// Asks the processor to start loading the memory at `value` into its caches. A hint: it never
/// faults and changes nothing observable.
#[inline(always)]
pub(crate) fn prefetch<T: ?Sized>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: SSE is part of x86_64. A prefetch reads nothing the program sees and never
        // faults, whatever the address; this one is a live reference's anyway.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((value as *const T).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// Appends encoded values to a `Vec<u8>`. [`ToBinary`](crate::ToBinary) impls write through it.
///
/// Writing into a reused `Vec` allocates nothing once it has grown to size. Every `write_*`
/// call appends; nothing is ever taken back, except that [`versioned`](Self::versioned) fills in
/// its length prefix once its body is written.
///
/// ```
/// use jetwire_binary::Encoder;
/// let mut out = Vec::new();
/// let mut encoder = Encoder::new(&mut out);
/// encoder.write_u32(7);
/// encoder.write_str("hi");
/// assert_eq!(out, [7, 0, 0, 0, 2, b'h', b'i']);
/// ```
pub struct Encoder<'a> {
    out: &'a mut Vec<u8>,
}

impl<'a> Encoder<'a> {
    /// An encoder appending to `out`.
    #[inline]
    pub fn new(out: &'a mut Vec<u8>) -> Self {
        Encoder { out }
    }

    /// How many bytes the output holds (including any it held before this encoder).
    #[inline]
    pub fn position(&self) -> usize {
        self.out.len()
    }

    /// Makes room for at least `additional` more bytes, so that the writes that follow do not
    /// grow the buffer one by one.
    #[inline]
    pub fn reserve(&mut self, additional: usize) {
        self.out.reserve(additional);
    }

    /// Appends raw bytes, with no length prefix.
    #[inline]
    pub fn write_bytes(&mut self, bytes: &[u8]) {
        jetwire_core::copy::extend_from_slice(self.out, bytes);
    }

    /// Appends a fixed number of raw bytes.
    #[inline(always)]
    pub fn write_array<const N: usize>(&mut self, bytes: [u8; N]) {
        // A fixed-size copy, where `extend_from_slice` may leave an out-of-line call.
        jetwire_core::output::extend_from_array(self.out, &bytes, 0);
    }

    /// Appends one byte.
    #[inline(always)]
    pub fn write_u8(&mut self, byte: u8) {
        self.out.push(byte);
    }

    /// Appends a little-endian `u16`.
    #[inline(always)]
    pub fn write_u16(&mut self, value: u16) {
        self.write_array(value.to_le_bytes());
    }

    /// Appends a little-endian `u32`.
    #[inline(always)]
    pub fn write_u32(&mut self, value: u32) {
        self.write_array(value.to_le_bytes());
    }

    /// Appends a little-endian `u64`.
    #[inline(always)]
    pub fn write_u64(&mut self, value: u64) {
        self.write_array(value.to_le_bytes());
    }

    /// Appends a bool as one byte, 0 or 1.
    #[inline(always)]
    pub fn write_bool(&mut self, value: bool) {
        self.out.push(u8::from(value));
    }

    /// Appends a varint (see the format spec: below 248 one byte, else a length byte and up
    /// to 8 little-endian bytes).
    #[inline(always)]
    pub fn write_varint(&mut self, value: u64) {
        if value < varint::ONE_BYTE_LIMIT {
            self.out.push(value as u8);
        } else {
            self.write_varint_long(value);
        }
    }

    #[inline(never)]
    fn write_varint_long(&mut self, value: u64) {
        let mut buf = [0; varint::MAX_LEN];
        let n = varint::encode(value, &mut buf);
        self.out.extend_from_slice(&buf[..n]);
    }

    /// Appends a length (of a string, a sequence, a map) as a varint.
    #[inline(always)]
    pub fn write_len(&mut self, len: usize) {
        self.write_varint(len as u64);
    }

    /// Appends an enum variant index as a varint.
    #[inline(always)]
    pub fn write_variant(&mut self, index: u32) {
        self.write_varint(u64::from(index));
    }

    /// Appends a string: its length in bytes, then its UTF-8.
    #[inline(always)]
    pub fn write_str(&mut self, text: &str) {
        self.write_byte_slice(text.as_bytes());
    }

    /// Appends a byte string: its length, then the bytes.
    #[inline(always)]
    pub fn write_byte_slice(&mut self, bytes: &[u8]) {
        if bytes.len() < varint::ONE_BYTE_LIMIT as usize {
            // The common case: a one-byte length, and a short string copied without a call.
            jetwire_core::output::extend_short_after(self.out, bytes.len() as u8, bytes);
        } else {
            self.out.reserve(varint::MAX_LEN + bytes.len());
            self.write_len(bytes.len());
            jetwire_core::copy::extend_from_slice(self.out, bytes);
        }
    }

    /// Appends a column of strings (the column layout's, see the format spec): every string's
    /// length, then every string's bytes, which
    /// [`Decoder::open_str_column`](crate::Decoder::open_str_column) reads back.
    ///
    /// ```
    /// use jetwire_binary::Encoder;
    /// let mut out = Vec::new();
    /// Encoder::new(&mut out).write_str_column(["hi", "!"].into_iter());
    /// assert_eq!(out, [2, 1, b'h', b'i', b'!']);
    /// ```
    ///
    /// # Panics
    ///
    /// If `texts` holds more than [`COLUMN_BLOCK`](crate::COLUMN_BLOCK) strings, as a column
    /// never does (and the decoder refuses to read).
    #[inline]
    pub fn write_str_column<'v>(&mut self, texts: impl ExactSizeIterator<Item = &'v str> + Clone) {
        let count = texts.len();
        assert!(count <= crate::COLUMN_BLOCK, "a column holds at most COLUMN_BLOCK values");
        let lengths_start = self.out.len();
        // The common case in one walk: every length one byte, stored into room kept for all of
        // them while each string's bytes are appended after that room.
        // The room is zeroed first, so that every byte before the bytes' end is initialized
        // whenever the capacity has to grow.
        self.out.resize(lengths_start + count, 0);
        let mut at = lengths_start + count;
        let mut written = 0usize;
        for text in texts.clone().take(count) {
            let len = text.len();
            if len >= varint::ONE_BYTE_LIMIT as usize {
                break;
            }
            if self.out.capacity() - at < len {
                // SAFETY: every byte up to `at` is initialized: the lengths' room was zeroed,
                // the bytes after it written by the loop.
                unsafe { self.out.set_len(at) };
                self.out.reserve(len);
            }
            let base = self.out.as_mut_ptr();
            // SAFETY: `written < count`, inside the room reserved for the lengths; the capacity
            // holds `len` bytes from `at` (checked just above); the string is borrowed shared
            // while `out` is borrowed mutably, so the two do not overlap.
            unsafe {
                base.add(lengths_start + written).write(len as u8);
                let dst = base.add(at);
                if len <= jetwire_core::copy::SHORT_COPY_MAX {
                    jetwire_core::copy::copy_short(dst, text.as_ptr(), len);
                } else {
                    jetwire_core::copy::copy_nonoverlapping(text.as_ptr(), dst, len);
                }
            }
            at += len;
            written += 1;
        }
        if written == count {
            // SAFETY: the `count` lengths and the bytes up to `at` were written by the loop.
            unsafe { self.out.set_len(at) };
            return;
        }
        // A length of more than a byte (or an iterator shorter than it said): every length
        // written in full, then every string's bytes.
        self.out.truncate(lengths_start);
        texts.clone().for_each(|text| self.write_len(text.len()));
        texts.for_each(|text| jetwire_core::copy::extend_from_slice(self.out, text.as_bytes()));
    }

    /// Appends `size` bytes that `fill` writes into a block: on the stack and appended with one
    /// capacity check up to 256 bytes, in place at the end of the output (zeroed first) above;
    /// a panic in `fill` takes the block back. [`write_block`](Self::write_block) for one value,
    /// and derived encoders for runs of consecutive fields that write blocks.
    #[inline(always)]
    pub(crate) fn write_filled_block(&mut self, size: usize, fill: impl FnOnce(&mut [u8])) {
        if size <= STACK_BLOCK {
            let mut block = [0; STACK_BLOCK];
            fill(&mut block[..size]);
            self.out.extend_from_slice(&block[..size]);
        } else {
            self.write_large_block(size, fill);
        }
    }

    /// [`write_filled_block`](Self::write_filled_block) for a block too large for the stack.
    #[inline(never)]
    fn write_large_block(&mut self, size: usize, fill: impl FnOnce(&mut [u8])) {
        /// Cuts the output back to where the block began unless the block was completed.
        struct TakeBack<'v> {
            out: &'v mut Vec<u8>,
            start: usize,
        }
        impl Drop for TakeBack<'_> {
            fn drop(&mut self) {
                self.out.truncate(self.start);
            }
        }
        let start = self.out.len();
        let Some(end) = start.checked_add(size) else { panic!("capacity overflow") };
        self.out.resize(end, 0);
        let guard = TakeBack { out: &mut *self.out, start };
        fill(&mut guard.out[start..]);
        std::mem::forget(guard);
    }

    /// [`write_blocks_reserved`](Self::write_blocks_reserved) for a slice, whose length is
    /// known: the loop walks the slice alone, with one exit, where an iterator cut to `count`
    /// keeps a second count and a second exit.
    /// Each element's block is what `fill` writes into `size` zeroed bytes.
    #[inline(always)]
    pub(crate) fn write_slice_blocks<T>(&mut self, items: &[T], size: usize, fill: impl Fn(&T, &mut [u8])) {
        let (start, total) = self.reserve_blocks(size, items.len());
        // SAFETY: `reserve_blocks` made room for `total` bytes after `start`.
        let mut dst = unsafe { self.out.as_mut_ptr().add(start) };
        for item in items {
            let mut block = [0; STACK_BLOCK];
            fill(item, &mut block[..size]);
            // SAFETY: the source is `size <= STACK_BLOCK` bytes of `block`; `dst` has moved
            // `size` bytes per element written before, so this element's bytes end at most
            // `items.len() * size = total` bytes after `start`, inside the reserved capacity.
            unsafe {
                std::ptr::copy_nonoverlapping(block.as_ptr(), dst, size);
                dst = dst.add(size);
            }
        }
        // SAFETY: the loop wrote all `total` bytes after `start`; a panic inside it leaves the
        // length as it was, hiding any half-written bytes.
        unsafe { self.out.set_len(start + total) };
    }

    /// Appends the values of `items`, whose blocks are `size` bytes, each filled on the stack
    /// and copied into capacity reserved for `count` of them: no capacity check or length
    /// update per element. Returns how many were written, fewer than `count` only if `items`
    /// ran out.
    ///
    /// # Safety
    ///
    /// `items` yields at most `count` values.
    /// Each value's block is what `fill` writes into `size` zeroed bytes.
    #[inline(always)]
    pub(crate) unsafe fn write_blocks_reserved<T>(
        &mut self,
        items: impl Iterator<Item = T>,
        count: usize,
        size: usize,
        mut fill: impl FnMut(T, &mut [u8]),
    ) -> usize {
        let (start, _) = self.reserve_blocks(size, count);
        let base = self.out.as_mut_ptr();
        let mut written = 0;
        for item in items {
            debug_assert!(written < count, "an iterator yielded more than its promised count");
            let mut block = [0; STACK_BLOCK];
            fill(item, &mut block[..size]);
            // SAFETY: the source is `size <= STACK_BLOCK` bytes of `block` (asserted above).
            // `reserve(total)` made room for `total = count * size` bytes after `start`;
            // `items` yields at most `count` values (the caller's promise), so `written < count`
            // and this element's bytes end at `start + (written + 1) * size <= start + total`.
            unsafe { std::ptr::copy_nonoverlapping(block.as_ptr(), base.add(start + written * size), size) };
            written += 1;
        }
        // SAFETY: the loop wrote the `written * size` bytes after `start`; a panic inside it
        // leaves the length as it was, hiding any half-written bytes.
        unsafe { self.out.set_len(start + written * size) };
        written
    }

    /// Reserves room for `count` blocks of `size` bytes, each filled on the stack first: the
    /// output's length, where they start, and their total size.
    ///
    /// # Panics
    ///
    /// If `size` exceeds the stack block (which keeps the copies out of it in bounds), or the
    /// total overflows.
    #[inline(always)]
    fn reserve_blocks(&mut self, size: usize, count: usize) -> (usize, usize) {
        assert!(size <= STACK_BLOCK, "a block of {size} bytes does not fit the stack block");
        let Some(total) = size.checked_mul(count) else { panic!("capacity overflow") };
        self.out.reserve(total);
        (self.out.len(), total)
    }

    /// Appends the memory of plain values.
    #[inline]
    pub(crate) fn write_plain_slice<T>(&mut self, items: &[T], plain: Plain<T>) {
        jetwire_core::copy::extend_from_slice(self.out, slice_as_bytes(items, plain));
    }

    /// Writes the body that `body` encodes with a varint prefix giving its length in bytes: the
    /// frame of a `#[jetwire(versioned)]` type, which lets a reader skip fields it does not
    /// know and notice fields that are missing.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// let mut encoder = jetwire_binary::Encoder::new(&mut out);
    /// encoder.versioned(|e| { e.write_u16(1); e.write_u8(2); Ok(()) })?;
    /// assert_eq!(out, [3, 1, 0, 2]);
    /// # Ok::<(), jetwire_binary::Error>(())
    /// ```
    #[inline]
    pub fn versioned(&mut self, body: impl FnOnce(&mut Self) -> Result<()>) -> Result<()> {
        let start = self.out.len();
        self.out.push(0);
        body(self)?;
        let len = self.out.len() - start - 1;
        if (len as u64) < varint::ONE_BYTE_LIMIT {
            self.out[start] = len as u8;
        } else {
            self.widen_prefix(start, len);
        }
        Ok(())
    }

    /// Replaces the one-byte placeholder at `start` by the long varint of `len`.
    #[cold]
    #[inline(never)]
    fn widen_prefix(&mut self, start: usize, len: usize) {
        let mut buf = [0; varint::MAX_LEN];
        let n = varint::encode(len as u64, &mut buf);
        self.out.splice(start..start + 1, buf[..n].iter().copied());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::Decoder;

    #[test]
    fn versioned_prefix_widens() {
        let mut out = vec![9];
        Encoder::new(&mut out)
            .versioned(|e| {
                e.write_bytes(&[1; 300]);
                Ok(())
            })
            .unwrap();
        assert_eq!(&out[..4], [9, 0xF9, 0x2C, 0x01]);
        assert_eq!(out.len(), 1 + 3 + 300);
        assert!(out[4..].iter().all(|&b| b == 1));
    }

    /// Indices of every enum size around the one-byte limit: each valid index reads back, the
    /// first invalid one is an error at the index's offset, for short and long varints alike.
    #[test]
    fn variant_indices_around_the_one_byte_limit() {
        for count in [1u32, 2, 20, 247, 248, 249, 300, 70_000] {
            for index in [0, 1, count / 2, count - 1, count, count + 1, 255, 256, 65_535] {
                let mut bytes = vec![9];
                Encoder::new(&mut bytes).write_variant(index);
                let mut decoder = Decoder::new(&bytes);
                decoder.read_u8().unwrap();
                let read = decoder.read_variant(count, "E");
                if index < count {
                    assert_eq!(read.unwrap(), index, "count {count}");
                    decoder.finish().unwrap();
                } else {
                    let err = read.unwrap_err();
                    assert_eq!(err.offset(), 1, "count {count} index {index}: {err}");
                    assert!(err.to_string().contains(&format!("found {index}")), "{err}");
                }
            }
        }
    }
}
