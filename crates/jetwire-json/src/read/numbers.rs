//! Numbers: the grammar, exact integers and correctly rounded floats.
//!
//! One pass over the digits both validates the RFC 8259 number grammar and accumulates up to 19
//! significant digits into a `u64`. Integers that fit come straight from that mantissa. Floats take
//! the exact fast path (a mantissa of at most 53 bits scaled by an exactly representable power of
//! ten, Clinger's observation), then Eisel-Lemire on the accumulated digits (`float.rs`). Only
//! numbers with more than 19 significant digits go to the standard library's correctly rounded
//! parser on the source text, which the scan has proven to be plain ASCII in the shape that parser
//! accepts.

use super::float;

/// A number token, validated, with its value partly decoded.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ScannedNumber {
    /// One past the last byte of the number.
    pub end: usize,
    pub negative: bool,
    /// The significant digits, without the decimal point, while they fit (see `overflow`).
    pub mantissa: u64,
    /// The power of ten to scale `mantissa` by.
    pub exponent: i64,
    /// No fraction and no exponent part.
    pub is_integer: bool,
    /// More digits than `mantissa` could hold exactly; the source text must be parsed instead.
    pub overflow: bool,
}

/// Why a number token is malformed, and the offset of the offending byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NumberError {
    /// `-` not followed by a digit.
    DigitAfterMinus(usize),
    /// A leading zero followed by more digits.
    LeadingZero(usize),
    /// `.` not followed by a digit.
    DigitAfterPoint(usize),
    /// `e` or `E` (and an optional sign) not followed by a digit.
    DigitInExponent(usize),
}

/// The most significant digits a `u64` mantissa holds exactly, whatever they are.
const MAX_MANTISSA_DIGITS: usize = 19;

/// Scans the number that starts at `input[start]` (a `-` or a digit).
///
/// The digit runs are found eight bytes at a time, then converted eight digits at a time.
#[inline]
pub(crate) fn scan(input: &[u8], start: usize) -> Result<ScannedNumber, NumberError> {
    let negative = input.get(start) == Some(&b'-');
    let int_start = start + usize::from(negative);
    let int_end = match input.get(int_start) {
        Some(b'0') => {
            if matches!(input.get(int_start + 1), Some(b'0'..=b'9')) {
                return Err(NumberError::LeadingZero(int_start));
            }
            int_start + 1
        }
        Some(b'1'..=b'9') => skip_digits(input, int_start + 1),
        _ => return Err(NumberError::DigitAfterMinus(int_start)),
    };
    let mut i = int_end;
    let (frac_start, frac_end) = if input.get(i) == Some(&b'.') {
        let first = i + 1;
        i = skip_digits(input, first);
        if i == first {
            return Err(NumberError::DigitAfterPoint(i));
        }
        (first, i)
    } else {
        (i, i)
    };
    let mut explicit_exponent: i64 = 0;
    if matches!(input.get(i), Some(b'e' | b'E')) {
        i += 1;
        let exponent_negative = match input.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let first = i;
        i = skip_digits(input, first);
        if i == first {
            return Err(NumberError::DigitInExponent(i));
        }
        // Saturate: anything this large is zero or infinity as a float anyway.
        explicit_exponent = input[first..i].iter().fold(0i64, |e, &d| (e * 10 + i64::from(d - b'0')).min(1 << 40));
        if exponent_negative {
            explicit_exponent = -explicit_exponent;
        }
    }

    let integer = &input[int_start..int_end];
    let fraction = &input[frac_start..frac_end];
    let is_integer = i == int_end;
    let overflow = significant_digits(integer, fraction) > MAX_MANTISSA_DIGITS;
    let mantissa = if overflow { 0 } else { accumulate(accumulate(0, integer), fraction) };
    let exponent = explicit_exponent - fraction.len() as i64;
    Ok(ScannedNumber { end: i, negative, mantissa, exponent, is_integer, overflow })
}

/// How many significant digits `integer.fraction` has (leading zeros do not count).
#[inline(always)]
fn significant_digits(integer: &[u8], fraction: &[u8]) -> usize {
    if integer != b"0" {
        return integer.len() + fraction.len();
    }
    let leading_zeros = fraction.iter().take_while(|&&d| d == b'0').count();
    fraction.len() - leading_zeros
}

/// `mantissa` followed by the decimal `digits`: eight at a time, then one at a time. The caller
/// guarantees the result fits.
#[inline(always)]
fn accumulate(mut mantissa: u64, digits: &[u8]) -> u64 {
    let mut chunks = digits.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("chunks_exact yields 8 bytes"));
        mantissa = mantissa * 100_000_000 + parse_eight_digits(word);
    }
    for &digit in chunks.remainder() {
        mantissa = mantissa * 10 + u64::from(digit - b'0');
    }
    mantissa
}

/// The value of eight ASCII digits loaded little-endian (the first digit in the lowest byte),
/// by SWAR: pairs, then quads, then the whole.
#[inline(always)]
fn parse_eight_digits(word: u64) -> u64 {
    const LOW_BYTES: u64 = 0x0000_00FF_0000_00FF;
    const TIMES_100_AND_1000000: u64 = 100 + (1_000_000 << 32);
    const TIMES_1_AND_10000: u64 = 1 + (10_000 << 32);
    let digits = word.wrapping_sub(0x3030_3030_3030_3030);
    let pairs = digits.wrapping_mul(10).wrapping_add(digits >> 8);
    ((pairs & LOW_BYTES).wrapping_mul(TIMES_100_AND_1000000)
        .wrapping_add(((pairs >> 16) & LOW_BYTES).wrapping_mul(TIMES_1_AND_10000))
        >> 32)
        & 0xFFFF_FFFF
}

/// Validates the number that starts at `input[start]` (a `-` or a digit) without decoding it,
/// and returns the index one past its end: the cheap path for skipping and for number tokens,
/// whose value is decoded only on request.
#[inline]
pub(crate) fn skip(input: &[u8], start: usize) -> Result<usize, NumberError> {
    let mut i = start + usize::from(input.get(start) == Some(&b'-'));
    match input.get(i) {
        Some(b'0') => {
            i += 1;
            if matches!(input.get(i), Some(b'0'..=b'9')) {
                return Err(NumberError::LeadingZero(i - 1));
            }
        }
        Some(b'1'..=b'9') => i = skip_digits(input, i + 1),
        _ => return Err(NumberError::DigitAfterMinus(i)),
    }
    if input.get(i) == Some(&b'.') {
        let first = i + 1;
        i = skip_digits(input, first);
        if i == first {
            return Err(NumberError::DigitAfterPoint(i));
        }
    }
    if matches!(input.get(i), Some(b'e' | b'E')) {
        i += 1;
        i += usize::from(matches!(input.get(i), Some(b'+' | b'-')));
        let first = i;
        i = skip_digits(input, first);
        if i == first {
            return Err(NumberError::DigitInExponent(i));
        }
    }
    Ok(i)
}

/// The index of the first byte at or after `i` that is not an ASCII digit.
#[inline(always)]
fn skip_digits(input: &[u8], i: usize) -> usize {
    i + jetwire_core::scan::leading_digits(input.get(i..).unwrap_or_default())
}

/// Exact powers of ten as `f64` (all of 10^0..=10^22 are exactly representable).
const F64_POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
    1e19, 1e20, 1e21, 1e22,
];

/// Exact powers of ten as `f32` (10^0..=10^10).
const F32_POW10: [f32; 11] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10];

/// The number as the nearest `f64`, or `None` when its magnitude is too large for one.
#[inline]
pub(crate) fn to_f64(number: &ScannedNumber, text: &[u8]) -> Option<f64> {
    if number.overflow {
        // More than 19 significant digits: only the whole text decides the rounding.
        return finite(parse_text::<f64>(text));
    }
    let magnitude = if number.mantissa < (1 << 53) && number.exponent.unsigned_abs() <= 22 {
        // Both operands are exact doubles, so one correctly rounded operation is exact rounding.
        let m = number.mantissa as f64;
        let power = F64_POW10[number.exponent.unsigned_abs() as usize];
        if number.exponent < 0 { m / power } else { m * power }
    } else {
        float::decimal_to_f64(number.mantissa, number.exponent)?
    };
    Some(if number.negative { -magnitude } else { magnitude })
}

/// The number as the nearest `f32` (rounded once, from the decimal text, never through `f64`),
/// or `None` when its magnitude is too large for one.
#[inline]
pub(crate) fn to_f32(number: &ScannedNumber, text: &[u8]) -> Option<f32> {
    if number.overflow {
        return parse_text::<f32>(text).filter(|v| v.is_finite());
    }
    let magnitude = if number.mantissa < (1 << 24) && number.exponent.unsigned_abs() <= 10 {
        let m = number.mantissa as f32;
        let power = F32_POW10[number.exponent.unsigned_abs() as usize];
        if number.exponent < 0 { m / power } else { m * power }
    } else {
        float::decimal_to_f32(number.mantissa, number.exponent)?
    };
    Some(if number.negative { -magnitude } else { magnitude })
}

fn finite(value: Option<f64>) -> Option<f64> {
    value.filter(|v| v.is_finite())
}

#[cold]
#[inline(never)]
fn parse_text<F: core::str::FromStr>(text: &[u8]) -> Option<F> {
    core::str::from_utf8(text).ok()?.parse().ok()
}

/// The number as a `u64` if it is an integer in range (`-0` is 0).
#[inline]
pub(crate) fn to_u64(number: &ScannedNumber, text: &[u8]) -> Option<u64> {
    if !number.is_integer || (number.negative && number.mantissa != 0) {
        return None;
    }
    if number.overflow {
        // Twenty digits can still fit a u64.
        return if number.negative { None } else { parse_text::<u64>(text) };
    }
    Some(number.mantissa)
}

/// The number as an `i64` if it is an integer in range.
#[inline]
pub(crate) fn to_i64(number: &ScannedNumber) -> Option<i64> {
    if !number.is_integer || number.overflow {
        return None;
    }
    if number.negative {
        0i64.checked_sub_unsigned(number.mantissa)
    } else {
        i64::try_from(number.mantissa).ok()
    }
}

/// The number as a `u128` if it is an integer in range.
pub(crate) fn to_u128(number: &ScannedNumber, text: &[u8]) -> Option<u128> {
    if !number.is_integer {
        return None;
    }
    if !number.overflow {
        return to_u64(number, text).map(u128::from);
    }
    if number.negative {
        return None;
    }
    parse_text::<u128>(text)
}

/// The number as an `i128` if it is an integer in range.
pub(crate) fn to_i128(number: &ScannedNumber, text: &[u8]) -> Option<i128> {
    if !number.is_integer {
        return None;
    }
    if !number.overflow {
        let magnitude = i128::from(number.mantissa);
        return Some(if number.negative { -magnitude } else { magnitude });
    }
    parse_text::<i128>(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f64_of(text: &str) -> Option<f64> {
        let n = scan(text.as_bytes(), 0).unwrap();
        assert_eq!(n.end, text.len(), "{text}");
        to_f64(&n, text.as_bytes())
    }

    #[test]
    fn grammar_errors_point_at_the_offending_byte() {
        assert_eq!(scan(b"-", 0).unwrap_err(), NumberError::DigitAfterMinus(1));
        assert_eq!(scan(b"-a", 0).unwrap_err(), NumberError::DigitAfterMinus(1));
        assert_eq!(scan(b"012", 0).unwrap_err(), NumberError::LeadingZero(0));
        assert_eq!(scan(b"-012", 0).unwrap_err(), NumberError::LeadingZero(1));
        assert_eq!(scan(b"1.", 0).unwrap_err(), NumberError::DigitAfterPoint(2));
        assert_eq!(scan(b"1.e5", 0).unwrap_err(), NumberError::DigitAfterPoint(2));
        assert_eq!(scan(b"1e", 0).unwrap_err(), NumberError::DigitInExponent(2));
        assert_eq!(scan(b"1e+", 0).unwrap_err(), NumberError::DigitInExponent(3));
    }

    #[test]
    fn eight_digits_at_a_time() {
        for text in [*b"00000000", *b"12345678", *b"99999999", *b"10000001", *b"07060504"] {
            let expected: u64 = std::str::from_utf8(&text).unwrap().parse().unwrap();
            assert_eq!(parse_eight_digits(u64::from_le_bytes(text)), expected);
        }
    }

    #[test]
    fn mantissa_and_exponent() {
        let parts = |t: &str| {
            let n = scan(t.as_bytes(), 0).unwrap();
            (n.mantissa, n.exponent, n.overflow, n.is_integer)
        };
        assert_eq!(parts("1234567890123456789"), (1234567890123456789, 0, false, true));
        assert_eq!(parts("12345678901234567890"), (0, 0, true, true));
        assert_eq!(parts("0.0000000000000000000000123"), (123, -25, false, false));
        assert_eq!(parts("-12.5e-3"), (125, -4, false, false));
        assert_eq!(parts("100e+2"), (100, 2, false, false));
        assert_eq!(parts("0"), (0, 0, false, true));
    }

    #[test]
    fn skip_agrees_with_scan() {
        for text in [
            "0", "-0", "12", "-0.5e+7", "1E9", "0.000", "-", "01", "1.", "1e", "1e+", "--1", "0x", "123abc",
            "7.5.5",
        ] {
            let bytes = text.as_bytes();
            assert_eq!(skip(bytes, 0), scan(bytes, 0).map(|n| n.end), "{text}");
        }
    }

    #[test]
    fn scan_stops_at_the_first_byte_after_the_number() {
        assert_eq!(scan(b"12,", 0).unwrap().end, 2);
        assert_eq!(scan(b"0.5]", 0).unwrap().end, 3);
        assert_eq!(scan(b"-1E-7 ", 0).unwrap().end, 5);
        assert_eq!(scan(b"00", 0).unwrap_err(), NumberError::LeadingZero(0));
        assert_eq!(scan(b"0x", 0).unwrap().end, 1);
    }

    #[test]
    fn floats_are_correctly_rounded() {
        for text in [
            "0",
            "-0",
            "1.5",
            "3.141592653589793",
            "2.2250738585072014e-308",
            "4.9e-324",
            "5e-324",
            "2.4703282292062327e-324",
            "1.7976931348623157e308",
            "9007199254740993",
            "0.1000000000000000055511151231257827021181583404541015625",
            "123456789012345678901234567890",
            "1e-400",
            "-65.613616999999977",
            "1e22",
            "1e23",
        ] {
            assert_eq!(f64_of(text).map(f64::to_bits), text.parse::<f64>().ok().map(f64::to_bits), "{text}");
        }
        assert!(f64_of("-0").unwrap().is_sign_negative());
        assert_eq!(f64_of("1e309"), None);
        assert_eq!(f64_of("-1.8e308"), None);
    }

    #[test]
    fn integers_are_exact_or_refused() {
        let u = |t: &str| to_u64(&scan(t.as_bytes(), 0).unwrap(), t.as_bytes());
        let i = |t: &str| to_i64(&scan(t.as_bytes(), 0).unwrap());
        assert_eq!(u("18446744073709551615"), Some(u64::MAX));
        assert_eq!(u("18446744073709551616"), None);
        assert_eq!(u("10000000000000000000"), Some(10_000_000_000_000_000_000));
        assert_eq!(u("-0"), Some(0));
        assert_eq!(u("-1"), None);
        assert_eq!(u("1.0"), None);
        assert_eq!(i("-9223372036854775808"), Some(i64::MIN));
        assert_eq!(i("9223372036854775807"), Some(i64::MAX));
        assert_eq!(i("9223372036854775808"), None);
        assert_eq!(i("-9223372036854775809"), None);
        let big = "340282366920938463463374607431768211455";
        assert_eq!(to_u128(&scan(big.as_bytes(), 0).unwrap(), big.as_bytes()), Some(u128::MAX));
        let min = "-170141183460469231731687303715884105728";
        assert_eq!(to_i128(&scan(min.as_bytes(), 0).unwrap(), min.as_bytes()), Some(i128::MIN));
    }
}
