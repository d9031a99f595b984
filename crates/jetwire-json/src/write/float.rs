//! Floats formatted by `zmij` straight into the output.
//!
//! `zmij::Buffer::format_finite` writes into the buffer it is called on and returns the text.
//! Copying that text out again costs a few instructions and, likely worse, loads that span the
//! formatter's own just-made stores, which a CPU generally cannot forward from and must wait out
//! (canada/write took 0.919 of its time once the copy was gone; the stalls were not counted). A
//! `zmij::Buffer` is nothing but its bytes, so the output's spare capacity can be the buffer.

use std::mem::{align_of, size_of};

/// The room a float's text may take while it is formatted: the size of `zmij`'s buffer (the text
/// itself is at most 24 bytes long too).
pub(crate) const FLOAT_TEXT_ROOM: usize = 24;

// `zmij::Buffer` is one field of uninitialized bytes. Were it ever anything else, its size or
// alignment would change and this would stop compiling rather than make `format_at` unsound.
const _: () = assert!(size_of::<zmij::Buffer>() == FLOAT_TEXT_ROOM && align_of::<zmij::Buffer>() == 1);

/// The floats the writer formats, `zmij`'s two: each checked for finiteness in its own width,
/// and widened only for an error's message.
pub(crate) trait Float: zmij::Float + Into<f64> + Copy {
    /// Whether the value has a JSON form: neither NaN nor infinite.
    fn is_finite(self) -> bool;
}

impl Float for f32 {
    #[inline(always)]
    fn is_finite(self) -> bool {
        f32::is_finite(self)
    }
}

impl Float for f64 {
    #[inline(always)]
    fn is_finite(self) -> bool {
        f64::is_finite(self)
    }
}

/// Formats a finite float (the caller checks) with `zmij` at `dst`, returning the text's length.
/// The bytes after the text, within [`FLOAT_TEXT_ROOM`], may have been written too.
///
/// # Safety
///
/// `dst` is valid for writing [`FLOAT_TEXT_ROOM`] bytes, and no reference to them is live.
#[inline(always)]
pub(crate) unsafe fn format_at<F: zmij::Float>(value: F, dst: *mut u8) -> usize {
    // SAFETY: a `zmij::Buffer` is `FLOAT_TEXT_ROOM` bytes of `MaybeUninit<u8>` with alignment 1
    // (asserted above), so any `FLOAT_TEXT_ROOM` writable bytes, initialized or not, are a valid
    // one; the caller makes them ours alone.
    let buffer = unsafe { &mut *dst.cast::<zmij::Buffer>() };
    let text = buffer.format_finite(value);
    let (start, len) = (text.as_ptr(), text.len());
    if start != dst.cast_const() {
        // zmij's text begins where its buffer does; this keeps the result right if that changes.
        // SAFETY: the text lies within the buffer, which is `dst`'s `FLOAT_TEXT_ROOM` bytes, and
        // `len` is at most that; `copy` allows the overlap.
        unsafe { std::ptr::copy(start, dst, len) };
    }
    len
}

/// Appends a finite float's (the caller checks) shortest text to `out`.
#[inline(always)]
pub(crate) fn push_finite<F: zmij::Float>(out: &mut Vec<u8>, value: F) {
    out.reserve(FLOAT_TEXT_ROOM);
    let len = out.len();
    // SAFETY: `reserve` left `FLOAT_TEXT_ROOM` writable bytes past `len`, and nothing borrows
    // them; `format_at` initializes the first of them that `set_len` then covers.
    unsafe {
        let text_len = format_at(value, out.as_mut_ptr().add(len));
        out.set_len(len + text_len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The float's text by `format_at` (at the end of a buffer with bytes on either side), and
    /// checked to be what `push_finite` appends.
    fn formatted<F: zmij::Float + Copy>(value: F) -> Vec<u8> {
        let mut out = vec![b'#'; 2 * FLOAT_TEXT_ROOM];
        // SAFETY: `out` holds `FLOAT_TEXT_ROOM` bytes from its middle and is not borrowed elsewhere.
        let len = unsafe { format_at(value, out.as_mut_ptr().add(FLOAT_TEXT_ROOM / 2)) };
        assert!(out[..FLOAT_TEXT_ROOM / 2].iter().all(|&byte| byte == b'#'), "wrote before its place");
        let text = out[FLOAT_TEXT_ROOM / 2..][..len].to_vec();
        let mut appended = b"[1,".to_vec();
        push_finite(&mut appended, value);
        assert_eq!(appended[3..], text);
        text
    }

    #[test]
    fn formats_in_place_as_zmij_formats_into_its_own_buffer() {
        let doubles =
            [0.0, -0.0, 0.3, 1e21, 1e-7, -1.2345e-7, f64::MAX, f64::MIN_POSITIVE, 5e-324, 123456.789];
        for value in doubles {
            assert_eq!(formatted(value), zmij::Buffer::new().format_finite(value).as_bytes(), "{value}");
        }
        for value in [0.0f32, 0.1, -3.4028235e38, 1e-45, 16777216.0] {
            assert_eq!(formatted(value), zmij::Buffer::new().format_finite(value).as_bytes(), "{value}");
        }
    }

    #[test]
    fn formats_scattered_bit_patterns_in_place_as_zmij_does() {
        let mut bits = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..100_000 {
            crate::test_rng::xorshift(&mut bits);
            let (double, single) = (f64::from_bits(bits), f32::from_bits(bits as u32));
            if double.is_finite() {
                assert_eq!(formatted(double), zmij::Buffer::new().format_finite(double).as_bytes());
            }
            if single.is_finite() {
                assert_eq!(formatted(single), zmij::Buffer::new().format_finite(single).as_bytes());
            }
        }
    }
}
