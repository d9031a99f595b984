//! The varint of lengths and enum variant indices: a prefix varint.
//!
//! A value below 248 is one byte, the value itself. Any other value is a first byte
//! `0xF7 + n` (`0xF8..=0xFF`) followed by the value in `n` little-endian bytes (1 to 8), the
//! fewest that hold it. The first byte alone says how long the encoding is, so reading one is a
//! comparison, a bounds check and one unaligned load, never a loop; and values up to 247 (most
//! lengths and every index of an enum with fewer than 248 variants) take one byte.
//!
//! Decoders accept only the canonical (shortest) form, so every value has one encoding.

/// Values below this are one byte.
pub const ONE_BYTE_LIMIT: u64 = 248;

/// The most bytes a varint takes.
pub const MAX_LEN: usize = 9;

/// Encodes `value` into `buf`, returning how many bytes it took.
#[inline]
pub fn encode(value: u64, buf: &mut [u8; MAX_LEN]) -> usize {
    if value < ONE_BYTE_LIMIT {
        buf[0] = value as u8;
        return 1;
    }
    let n = 8 - (value.leading_zeros() as usize / 8);
    buf[0] = 0xF7 + n as u8;
    buf[1..9].copy_from_slice(&value.to_le_bytes());
    1 + n
}

/// The value encoded by the long form whose first byte is `first` (`0xF8..=0xFF`) and whose
/// following bytes start `rest`: `Ok((value, bytes after the first))`, or `Err(None)` when
/// `rest` is too short, or `Err(Some(value))` when the encoding is not the shortest.
#[inline]
pub fn decode_long(first: u8, rest: &[u8]) -> Result<(u64, usize), Option<u64>> {
    debug_assert!(first >= 0xF8);
    let n = usize::from(first - 0xF7);
    let Some(bytes) = rest.get(..n) else { return Err(None) };
    let mut word = [0u8; 8];
    word[..n].copy_from_slice(bytes);
    let value = u64::from_le_bytes(word);
    let canonical = if n == 1 { value >= ONE_BYTE_LIMIT } else { value >> (8 * (n - 1)) != 0 };
    if canonical { Ok((value, n)) } else { Err(Some(value)) }
}

/// How many bytes `value` takes.
pub const fn len(value: u64) -> usize {
    if value < ONE_BYTE_LIMIT { 1 } else { 1 + 8 - (value.leading_zeros() as usize / 8) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(value: u64) -> Vec<u8> {
        let mut buf = [0; MAX_LEN];
        let n = encode(value, &mut buf);
        assert_eq!(n, len(value));
        let bytes = buf[..n].to_vec();
        if n == 1 {
            assert_eq!(u64::from(bytes[0]), value);
        } else {
            assert_eq!(decode_long(bytes[0], &bytes[1..]), Ok((value, n - 1)));
        }
        bytes
    }

    #[test]
    fn forms() {
        assert_eq!(round_trip(0), [0]);
        assert_eq!(round_trip(247), [247]);
        assert_eq!(round_trip(248), [0xF8, 248]);
        assert_eq!(round_trip(255), [0xF8, 255]);
        assert_eq!(round_trip(256), [0xF9, 0, 1]);
        assert_eq!(round_trip(1_000_000), [0xFA, 0x40, 0x42, 0x0F]);
        assert_eq!(round_trip(u64::MAX), [0xFF, 255, 255, 255, 255, 255, 255, 255, 255]);
        for shift in 0..64 {
            round_trip(1 << shift);
            round_trip((1 << shift) - 1);
        }
    }

    #[test]
    fn rejects_long_forms_and_short_input() {
        assert_eq!(decode_long(0xF8, &[5]), Err(Some(5)));
        assert_eq!(decode_long(0xF9, &[255, 0]), Err(Some(255)));
        assert_eq!(decode_long(0xFF, &[1, 0, 0, 0, 0, 0, 0, 0]), Err(Some(1)));
        assert_eq!(decode_long(0xF9, &[1]), Err(None));
    }
}
