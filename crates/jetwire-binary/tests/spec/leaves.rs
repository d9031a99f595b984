//! Strategies for the leaves: floats with every bit pattern (NaN payloads and signs
//! included), characters, strings and bytes of every length class.

use super::*;

/// Any `f32`, and often a NaN with a random payload and sign: "every bit pattern, NaNs included,
/// is kept as is".
pub(crate) fn f32_bits() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<f32>(),
        any::<u32>().prop_map(f32::from_bits),
        (any::<bool>(), 1u32..1 << 23)
            .prop_map(|(sign, payload)| { f32::from_bits(u32::from(sign) << 31 | 0x7F80_0000 | payload) }),
    ]
}

pub(crate) fn f64_bits() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        any::<u64>().prop_map(f64::from_bits),
        (any::<bool>(), 1u64..1 << 52).prop_map(|(sign, payload)| {
            f64::from_bits(u64::from(sign) << 63 | 0x7FF0_0000_0000_0000 | payload)
        }),
    ]
}

/// Byte lengths on both sides of the varint's boundaries: 247 is the last one-byte length, 248
/// the first `F8 xx` one, 255 the last of those and 256 the first `F9 xx xx` one.
pub(crate) const BOUNDARY_LENGTHS: [usize; 13] =
    [0, 1, 127, 128, 129, 246, 247, 248, 249, 254, 255, 256, 257];

/// A string of exactly `len` bytes: ASCII, or two-byte characters (and one ASCII one if `len`
/// is odd), so that byte length and character count differ.
pub(crate) fn string_of_len(len: usize, wide: bool) -> String {
    if wide {
        let mut s = "é".repeat(len / 2);
        if len % 2 == 1 {
            s.push('x');
        }
        s
    } else {
        "x".repeat(len)
    }
}

pub(crate) fn boundary_string() -> impl Strategy<Value = String> {
    (prop::sample::select(&BOUNDARY_LENGTHS[..]), any::<bool>())
        .prop_map(|(len, wide)| string_of_len(len, wide))
}

/// Short strings of any characters (one to four UTF-8 bytes each), sometimes of a length at a
/// varint boundary.
pub(crate) fn text() -> impl Strategy<Value = String> {
    prop_oneof![4 => ".{0,6}", 2 => "\\PC{0,12}", 1 => boundary_string()]
}
