//! Numbers: the grammar, exact integers and correctly rounded floats.
//!
//! One pass over the digits both validates the RFC 8259 number grammar and accumulates up to 19
//! significant digits into a `u64`. Integers that fit come straight from that mantissa. Floats take
//! the exact fast path (a mantissa of at most 53 bits scaled by an exactly representable power of
//! ten, Clinger's observation), then Eisel-Lemire on the accumulated digits (`float.rs`). Only
//! numbers with more than 19 significant digits go to the standard library's correctly rounded
//! parser on the source text, which the scan has proven to be plain ASCII in the shape that parser
//! accepts.

use jetwire_core::scan;

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
    /// An exponent part (`e` or `E`) was written.
    pub has_exponent: bool,
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
/// One pass validates the grammar and accumulates the digits, eight at a time where they run
/// that long; arithmetic wraps, and a mantissa of more than 19 significant digits is flagged
/// `overflow` and never used.
#[inline(always)]
pub(crate) fn scan(input: &[u8], start: usize) -> Result<ScannedNumber, NumberError> {
    let negative = input.get(start) == Some(&b'-');
    let int_start = start + usize::from(negative);
    let (int_end, mut mantissa) = match input.get(int_start) {
        Some(b'0') => {
            if matches!(input.get(int_start + 1), Some(b'0'..=b'9')) {
                return Err(NumberError::LeadingZero(int_start));
            }
            (int_start + 1, 0)
        }
        Some(&first @ b'1'..=b'9') => accumulate_digits(input, int_start + 1, u64::from(first - b'0')),
        _ => return Err(NumberError::DigitAfterMinus(int_start)),
    };
    let mut i = int_end;
    let mut significant = int_end - int_start;
    let mut fraction_len = 0;
    if input.get(i) == Some(&b'.') {
        let first = i + 1;
        (i, mantissa) = accumulate_digits(input, first, mantissa);
        fraction_len = i - first;
        if fraction_len == 0 {
            return Err(NumberError::DigitAfterPoint(i));
        }
        significant = if input[int_start] == b'0' {
            // `0.000…`: leading zeros are not significant.
            fraction_len - input[first..i].iter().take_while(|&&d| d == b'0').count()
        } else {
            significant + fraction_len
        };
    }
    let mut is_integer = fraction_len == 0;
    let mut exponent = -(fraction_len as i64);
    let has_exponent = matches!(input.get(i), Some(b'e' | b'E'));
    if has_exponent {
        i += 1;
        let exponent_negative = input.get(i) == Some(&b'-');
        i += usize::from(matches!(input.get(i), Some(b'+' | b'-')));
        let first = i;
        let explicit;
        (i, explicit) = accumulate_digits(input, first, 0);
        if i == first {
            return Err(NumberError::DigitInExponent(i));
        }
        // Saturate: anything this large is zero or infinity as a float anyway. Leading zeros
        // count for nothing (`1e-0000000000000000000002` is 0.01; they add nothing to the
        // accumulated value either), and are looked for only in a long run.
        let huge = i - first > 12 && input[first..i].iter().skip_while(|&&digit| digit == b'0').count() > 12;
        let explicit = if huge { 1 << 40 } else { (explicit as i64).min(1 << 40) };
        exponent += if exponent_negative { -explicit } else { explicit };
        is_integer = false;
    }
    Ok(ScannedNumber {
        end: i,
        negative,
        mantissa,
        exponent,
        is_integer,
        has_exponent,
        overflow: significant > MAX_MANTISSA_DIGITS,
    })
}

/// Appends the digits that start at `input[i]` to `mantissa` (wrapping); returns the index
/// after them and the new mantissa. Eight bytes are examined at a time: a run of up to eight
/// digits costs one load, one digit count and one eight-digit conversion.
#[inline(always)]
fn accumulate_digits(input: &[u8], mut i: usize, mut mantissa: u64) -> (usize, u64) {
    const ASCII_ZEROS: u64 = u64::from_le_bytes(*b"00000000");
    while let Some(chunk) = input.get(i..i + 8) {
        let word = u64::from_le_bytes(chunk.try_into().expect("an eight-byte slice"));
        let count = scan::leading_digits_in_word(word);
        if count == 8 {
            mantissa = mantissa.wrapping_mul(100_000_000).wrapping_add(scan::parse_eight_digits(word));
            i += 8;
            continue;
        }
        if count > 0 {
            // Move the digits to the top of the word and fill below with `0`s: the eight-digit
            // conversion then yields the value of just those digits.
            let digits = (word << (8 * (8 - count))) | (ASCII_ZEROS >> (8 * count));
            mantissa = mantissa.wrapping_mul(POW10_U64[count]).wrapping_add(scan::parse_eight_digits(digits));
        }
        return (i + count, mantissa);
    }
    while let Some(&digit @ b'0'..=b'9') = input.get(i) {
        mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(digit - b'0'));
        i += 1;
    }
    (i, mantissa)
}

/// 10^0 to 10^8.
pub(crate) const POW10_U64: [u64; 9] =
    [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000];

/// Validates the number that starts at `input[start]` (a `-` or a digit) without decoding it,
/// and returns the index one past its end: the cheap path for skipping and for number tokens,
/// whose value is decoded only on request.
///
/// (`skip_out_of_line` is the same, never inlined: the structural walk's slow path.)
#[inline]
pub(crate) fn skip(input: &[u8], start: usize) -> Result<usize, NumberError> {
    skip_bytewise(input, start)
}

/// [`skip`] for the structural walk, whose only other work per number is a bit scan: inlined,
/// with the rare cases out of line.
///
/// On x86_64, a number of at most 31 bytes with 32 bytes of input from its start is checked
/// from a mask of the digits in those bytes ([`short_number_len`]). Any other number, and any
/// that breaks the grammar, goes to the byte path (the walk only asks whether it is valid; the
/// token path that takes over from a failed walk names the error). Elsewhere the mask would be
/// built a byte at a time, so every number takes the byte path.
#[inline(always)]
pub(crate) fn skip_windowed(input: &[u8], start: usize) -> Result<usize, NumberError> {
    #[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
    if let Some(window) = input.get(start..).and_then(<[u8]>::first_chunk::<32>) {
        if let Some(len) = short_number_len(window) {
            return Ok(start + len);
        }
    }
    skip_out_of_line(input, start)
}

/// [`skip`] (the same body), kept out of the walk's loop: the rare numbers the window does not
/// settle.
#[cold]
#[inline(never)]
fn skip_out_of_line(input: &[u8], start: usize) -> Result<usize, NumberError> {
    skip_bytewise(input, start)
}

/// The length of the valid number at the start of `window`, if it ends before the window's
/// last byte; `None` when it does not, or breaks the grammar.
///
/// Each digit run's length is a count of trailing ones in one mask of the window's digits (two
/// vector compares), so a number costs the same few bit operations whatever the lengths of its
/// parts. Computing the second half of the mask only for numbers that reach it was tried: it
/// kept integers to one compare but lost most of the gain on fractions (docs/perf-log.md).
#[cfg_attr(not(all(target_arch = "x86_64", not(jetwire_portable))), allow(dead_code))]
#[inline(always)]
fn short_number_len(window: &[u8; 32]) -> Option<usize> {
    let (low, high) = window.split_at(16);
    let digits = u64::from(scan::digit_mask(low.try_into().expect("16 bytes")))
        | u64::from(scan::digit_mask(high.try_into().expect("16 bytes"))) << 16;
    // The digits from `i` on (`i <= 32`: the bits above the mask are zeros).
    let run_at = |i: usize| (!(digits >> i)).trailing_zeros() as usize;
    let mut i = usize::from(window[0] == b'-');
    let int = run_at(i);
    if int == 0 || (int > 1 && window[i] == b'0') {
        return None;
    }
    i += int;
    if *window.get(i)? == b'.' {
        let fraction = run_at(i + 1);
        if fraction == 0 {
            return None;
        }
        i += 1 + fraction;
    }
    if *window.get(i)? | 0x20 == b'e' {
        i += 1;
        i += usize::from(matches!(window.get(i)?, b'+' | b'-'));
        let exponent = run_at(i);
        if exponent == 0 {
            return None;
        }
        i += exponent;
    }
    (i < window.len()).then_some(i)
}

/// The index one past the integer part of the number at `input[start]`: an optional `-`, then
/// `0` or a run of digits that does not start with `0`.
#[inline(always)]
fn skip_integer_part(input: &[u8], start: usize) -> Result<usize, NumberError> {
    let i = start + usize::from(input.get(start) == Some(&b'-'));
    match input.get(i) {
        Some(b'0') if matches!(input.get(i + 1), Some(b'0'..=b'9')) => Err(NumberError::LeadingZero(i)),
        Some(b'0') => Ok(i + 1),
        Some(b'1'..=b'9') => Ok(skip_digits(input, i + 1)),
        _ => Err(NumberError::DigitAfterMinus(i)),
    }
}

/// [`skip`] a byte (or a digit word) at a time.
#[inline(always)]
fn skip_bytewise(input: &[u8], start: usize) -> Result<usize, NumberError> {
    let mut i = skip_integer_part(input, start)?;
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
    scan::end_of_digits(input, i)
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
        // More than 19 significant digits: the first 19 decide unless the value rounds
        // differently at the two ends of what the rest could add; then the whole text does.
        let (first, power) = truncated(number, text);
        if let (Some(low), Some(high)) = (nearest_f64(first, power), nearest_f64(first + 1, power)) {
            if low == high {
                return Some(if number.negative { -low } else { low });
            }
        }
        return finite(parse_text::<f64>(text));
    }
    let magnitude = nearest_f64(number.mantissa, number.exponent)?;
    Some(if number.negative { -magnitude } else { magnitude })
}

/// The `f64` nearest to `mantissa × 10^exponent` (positive), or `None` when it is infinite.
/// `mantissa` must have at most 19 decimal digits (as a scan's does when it has not overflowed).
#[inline(always)]
pub(crate) fn nearest_f64(mantissa: u64, exponent: i64) -> Option<f64> {
    if mantissa < (1 << 53) && exponent.unsigned_abs() <= 22 {
        // Both operands are exact doubles, so one correctly rounded operation is exact rounding.
        let m = mantissa as f64;
        let power = F64_POW10[exponent.unsigned_abs() as usize];
        return Some(if exponent < 0 { m / power } else { m * power });
    }
    float::decimal_to_f64(mantissa, exponent)
}

/// The number as the nearest `f32` (rounded once, from the decimal text, never through `f64`),
/// or `None` when its magnitude is too large for one.
#[inline]
pub(crate) fn to_f32(number: &ScannedNumber, text: &[u8]) -> Option<f32> {
    if number.overflow {
        // As `to_f64` does: the first 19 digits, unless the rest could change the rounding.
        let (first, power) = truncated(number, text);
        if let (Some(low), Some(high)) =
            (float::decimal_to_f32(first, power), float::decimal_to_f32(first + 1, power))
        {
            if low == high {
                return Some(if number.negative { -low } else { low });
            }
        }
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

/// The first 18 significant digits of a scanned number of more than 19, and the power of ten
/// that scales them: its magnitude lies in `[first, first + 1) × 10^power`. (Eighteen, so that
/// `first + 1` has at most 19 digits too.) Only the digits kept are read again: the scan's
/// exponent already accounts for the fraction, and the others need only be counted.
fn truncated(number: &ScannedNumber, text: &[u8]) -> (u64, i64) {
    const KEPT: usize = 18;
    let start = usize::from(number.negative);
    let end = if number.has_exponent {
        text.iter().rposition(|&byte| byte | 0x20 == b'e').expect("the scan saw the exponent")
    } else {
        text.len()
    };
    // The digits, with at most one point: `I` or `I.F`. The scan's exponent scales the
    // integer `IF` that all of them spell.
    let body = &text[start..end];
    let has_point = body.contains(&b'.');
    // Only `0.000…` has zeros before its first significant digit (JSON allows no other form).
    let skipped = body.iter().take_while(|&&byte| byte == b'0' || byte == b'.').count();
    let zeros = skipped - usize::from(has_point && skipped > 1);
    let significant = body.len() - usize::from(has_point) - zeros;
    let mut first = 0u64;
    let mut kept = 0;
    for &byte in &body[skipped..] {
        if byte != b'.' {
            first = first * 10 + u64::from(byte - b'0');
            kept += 1;
            if kept == KEPT {
                break;
            }
        }
    }
    // `IF` lies in [first, first + 1) × 10^(significant - KEPT).
    (first, number.exponent + significant as i64 - KEPT as i64)
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

    /// Numbers of more than 19 significant digits, read from their first 18 where that decides
    /// and from the whole text where it does not, against the standard library: random digits,
    /// values just around a rounding boundary (a 5 then zeros, with and without a far 1),
    /// fractions with leading zeros, exponents, both signs, f64 and f32.
    #[test]
    fn long_numbers_are_correctly_rounded() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || crate::test_rng::xorshift(&mut state);
        let digits = |count: usize, next: &mut dyn FnMut() -> u64| -> String {
            (0..count).map(|_| char::from(b'0' + (next() % 10) as u8)).collect()
        };
        let mut texts = Vec::new();
        for _ in 0..20_000 {
            let head = format!("{}{}", 1 + next() % 9, digits((next() % 18) as usize, &mut next));
            let tail = match next() % 4 {
                0 => digits(20 + (next() % 100) as usize, &mut next),
                1 => format!("5{}", "0".repeat(20 + (next() % 30) as usize)),
                2 => format!("5{}1", "0".repeat(20 + (next() % 30) as usize)),
                _ => format!("4{}", "9".repeat(20 + (next() % 30) as usize)),
            };
            let whole = format!("{head}{tail}");
            let point = (next() % (whole.len() as u64 + 1)) as usize;
            let mut text = match next() % 3 {
                0 => whole.clone(),
                1 if point > 0 && point < whole.len() => format!("{}.{}", &whole[..point], &whole[point..]),
                _ => format!("0.{}{whole}", "0".repeat((next() % 5) as usize)),
            };
            if next() % 3 == 0 {
                text += &format!("e{}{}", if next() % 2 == 0 { "-" } else { "" }, next() % 330);
            }
            if next() % 2 == 0 {
                text.insert(0, '-');
            }
            texts.push(text);
        }
        for text in &texts {
            let number = scan(text.as_bytes(), 0).unwrap();
            assert!(number.overflow, "{text}");
            let expected = text.parse::<f64>().ok().filter(|v| v.is_finite());
            assert_eq!(
                to_f64(&number, text.as_bytes()).map(f64::to_bits),
                expected.map(f64::to_bits),
                "{text}"
            );
            let expected = text.parse::<f32>().ok().filter(|v| v.is_finite());
            assert_eq!(
                to_f32(&number, text.as_bytes()).map(f32::to_bits),
                expected.map(f32::to_bits),
                "{text}"
            );
        }
    }

    /// `nearest_f64` (used by the reader and by `Number`) on the significands and scales that
    /// decimal spellings produce.
    #[test]
    fn nearest_f64_is_correctly_rounded() {
        // Deterministic pseudo-random significands and scales, against the standard library.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || crate::test_rng::xorshift(&mut state);
        for round in 0..200_000 {
            let width = 1 + (next() % 19) as u32;
            let digits = next() % 10u64.pow(width);
            let scale = (next() % 39) as i32 - 19;
            let text = format!("{digits}e{scale}");
            let expected: f64 = text.parse().unwrap();
            let actual = nearest_f64(digits, i64::from(scale)).unwrap();
            assert_eq!(actual.to_bits(), expected.to_bits(), "round {round}: {text}");
        }
        // Halfway cases: 2^53 + 1 and neighbours, over powers of ten.
        for base in [9007199254740993u64, 9007199254740995, 18014398509481985, 1u64 << 63 | 1 << 10] {
            for k in 0..=19 {
                let text = format!("{base}e-{k}");
                assert_eq!(
                    nearest_f64(base, -k).unwrap().to_bits(),
                    text.parse::<f64>().unwrap().to_bits(),
                    "{text}"
                );
            }
        }
    }

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

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// Digit runs of every length from 1 to 25, with and without a fraction and an exponent,
        /// against a naive decimal reading of the same text.
        #[test]
        fn scan_matches_a_naive_reading(
            negative in proptest::bool::ANY,
            int in "0|[1-9][0-9]{0,24}",
            frac in proptest::option::of("[0-9]{1,25}"),
            exp in proptest::option::of(-400i32..400),
            tail in "[,\\]} ]?",
        ) {
            let mut text = format!("{}{int}", if negative { "-" } else { "" });
            if let Some(frac) = &frac {
                text.push('.');
                text.push_str(frac);
            }
            if let Some(exp) = exp {
                text.push_str(&format!("e{exp}"));
            }
            let body_len = text.len();
            text.push_str(&tail);
            let n = scan(text.as_bytes(), 0).unwrap();
            proptest::prop_assert_eq!(n.end, body_len);
            let digits = format!("{int}{}", frac.as_deref().unwrap_or(""));
            let significant = digits.trim_start_matches('0');
            proptest::prop_assert_eq!(n.overflow, significant.len() > 19);
            if !n.overflow {
                proptest::prop_assert_eq!(n.mantissa, significant.parse::<u64>().unwrap_or(0));
                let expected_exponent = i64::from(exp.unwrap_or(0)) - frac.as_ref().map_or(0, |f| f.len() as i64);
                proptest::prop_assert_eq!(n.exponent, expected_exponent);
            }
            proptest::prop_assert_eq!(n.is_integer, frac.is_none() && exp.is_none());
            proptest::prop_assert_eq!(skip(text.as_bytes(), 0), Ok(body_len));
            let body = &text.as_bytes()[..body_len];
            let expected = std::str::from_utf8(body).unwrap().parse::<f64>().unwrap();
            let actual = to_f64(&n, body);
            if expected.is_finite() {
                proptest::prop_assert_eq!(actual.map(f64::to_bits), Some(expected.to_bits()));
            } else {
                proptest::prop_assert_eq!(actual, None);
            }
        }
    }

    #[test]
    fn mantissa_and_exponent() {
        let parts = |t: &str| {
            let n = scan(t.as_bytes(), 0).unwrap();
            (n.mantissa, n.exponent, n.overflow, n.is_integer)
        };
        assert_eq!(parts("1234567890123456789"), (1234567890123456789, 0, false, true));
        assert!(parts("12345678901234567890").2);
        assert_eq!(parts("0.0000000000000000000000123"), (123, -25, false, false));
        assert_eq!(parts("-12.5e-3"), (125, -4, false, false));
        assert_eq!(parts("100e+2"), (100, 2, false, false));
        assert_eq!(parts("0"), (0, 0, false, true));
        // Leading zeros of an exponent count for nothing, however many there are.
        assert_eq!(parts("1E-0000000000000000000000000000000000000000002"), (1, -2, false, false));
        assert_eq!(parts("5e+00000000000000000000000000000000000000000000000000300"), (5, 300, false, false));
        assert_eq!(parts("5e0000000000000"), (5, 0, false, false));
        assert_eq!(parts("5e-0000000000001000000000000"), (5, -(1 << 40), false, false));
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

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// The window path against the byte path, on number-like text (valid or not) followed by
        /// enough bytes for the window: the same end, or the window declines and the byte path
        /// gives its error.
        #[test]
        fn the_window_path_agrees_with_the_byte_path(
            text in "-?[0-9]{0,20}(\\.[0-9]{0,12})?([eE][-+]?[0-9]{0,5})?[-+.eE0-9 ,\\]x]{0,3}",
            padding in proptest::collection::vec(proptest::prelude::any::<u8>(), 32),
        ) {
            let mut input = text.into_bytes();
            input.extend_from_slice(&padding);
            let bytewise = skip_bytewise(&input, 0);
            proptest::prop_assert_eq!(skip_windowed(&input, 0), bytewise);
        }
    }

    #[test]
    fn short_numbers_take_the_window_path() {
        let padded = |text: &str| {
            let mut window = [b' '; 32];
            window[..text.len()].copy_from_slice(text.as_bytes());
            short_number_len(&window)
        };
        assert_eq!(padded("-65.613616999999977"), Some(19));
        assert_eq!(padded("0"), Some(1));
        assert_eq!(padded("-0.5e+7"), Some(7));
        assert_eq!(padded("1E9"), Some(3));
        assert_eq!(padded("505874924095815681"), Some(18));
        assert_eq!(padded("123456789012345"), Some(15));
        assert_eq!(padded("1234567890123456"), Some(16));
        assert_eq!(padded("-123456789012345"), Some(16));
        assert_eq!(padded("12345678901234567"), Some(17));
        assert_eq!(padded("1.5e123456789012345678901234567"), Some(31));
        assert_eq!(padded("1234567890123456789012345678901"), Some(31));
        // A number that reaches the window's last byte, and invalid ones, go byte by byte.
        assert_eq!(padded("12345678901234567890123456789012"), None);
        assert_eq!(padded("1234567890123456789012345678e123"), None);
        assert_eq!(padded("1.234567890123456789012345678901"), None);
        for invalid in ["-", "01", "1.", "1e", "1e+", "--1", "-a", "1234567890123456.", "1.5e"] {
            assert_eq!(padded(invalid), None, "{invalid}");
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
