//! Decimal to `f64` with the Eisel-Lemire algorithm: the digits the reader has already
//! accumulated (a mantissa of at most 19 digits and a power of ten) become a correctly rounded
//! double through one 64×128-bit multiplication with a table entry, without looking at the text
//! again. (Mushtak and Lemire showed that for mantissas of up to 19 digits the 128-bit product is
//! always enough, so there is no fallback to a slower algorithm.)

use super::pow5_table::{LARGEST_POWER_OF_TEN, POWERS_OF_FIVE, SMALLEST_POWER_OF_TEN};

/// What the algorithm needs to know of a binary floating-point format.
struct Format {
    mantissa_explicit_bits: u32,
    minimum_exponent: i64,
    infinite_power: i64,
    /// Below this power of ten every value rounds to zero.
    smallest_power_of_ten: i64,
    /// Above this power of ten every value is infinite.
    largest_power_of_ten: i64,
    /// Powers of ten where a product can be exactly halfway between two values.
    round_to_even: core::ops::RangeInclusive<i64>,
}

const F64: Format = Format {
    mantissa_explicit_bits: 52,
    minimum_exponent: -1023,
    infinite_power: 0x7FF,
    smallest_power_of_ten: SMALLEST_POWER_OF_TEN,
    largest_power_of_ten: LARGEST_POWER_OF_TEN,
    round_to_even: -4..=23,
};

const F32: Format = Format {
    mantissa_explicit_bits: 23,
    minimum_exponent: -127,
    infinite_power: 0xFF,
    smallest_power_of_ten: -65,
    largest_power_of_ten: 38,
    round_to_even: -17..=10,
};

/// The double nearest to `mantissa × 10^exponent` (positive), or `None` if it is infinite.
/// `mantissa` must have at most 19 decimal digits.
#[inline]
pub(crate) fn decimal_to_f64(mantissa: u64, exponent: i64) -> Option<f64> {
    let (fraction, biased_exponent) = decimal_to_binary(&F64, mantissa, exponent);
    (biased_exponent < F64.infinite_power)
        .then(|| f64::from_bits(fraction | (biased_exponent as u64) << F64.mantissa_explicit_bits))
}

/// The `f32` nearest to `mantissa × 10^exponent` (positive), or `None` if it is infinite.
/// `mantissa` must have at most 19 decimal digits.
#[inline]
pub(crate) fn decimal_to_f32(mantissa: u64, exponent: i64) -> Option<f32> {
    let (fraction, biased_exponent) = decimal_to_binary(&F32, mantissa, exponent);
    (biased_exponent < F32.infinite_power)
        .then(|| f32::from_bits((fraction | (biased_exponent as u64) << F32.mantissa_explicit_bits) as u32))
}

/// The explicit mantissa bits and the biased binary exponent of the nearest value of `format`.
#[inline(always)]
fn decimal_to_binary(format: &Format, mut w: u64, q: i64) -> (u64, i64) {
    let explicit_bits = format.mantissa_explicit_bits;
    if w == 0 || q < format.smallest_power_of_ten {
        return (0, 0);
    }
    if q > format.largest_power_of_ten {
        return (0, format.infinite_power);
    }
    let leading_zeros = w.leading_zeros();
    w <<= leading_zeros;
    let (low, high) = product_approximation(q, w, explicit_bits + 3);
    let upper_bit = (high >> 63) as u32;
    let shift = upper_bit + 64 - explicit_bits - 3;
    let mut mantissa = high >> shift;
    let mut power2 =
        binary_power_of_ten(q) + i64::from(upper_bit) - i64::from(leading_zeros) - format.minimum_exponent;

    if power2 <= 0 {
        // Subnormal (or zero): shift into place and round half to even.
        if -power2 + 1 >= 64 {
            return (0, 0);
        }
        mantissa >>= -power2 + 1;
        mantissa += mantissa & 1;
        mantissa >>= 1;
        power2 = if mantissa < (1 << explicit_bits) { 0 } else { 1 };
        return (mantissa & ((1 << explicit_bits) - 1), power2);
    }

    // Exactly halfway between two values: round to even instead of up.
    if low <= 1 && format.round_to_even.contains(&q) && mantissa & 3 == 1 && (mantissa << shift) == high {
        mantissa &= !1;
    }
    mantissa += mantissa & 1;
    mantissa >>= 1;
    if mantissa >= (2 << explicit_bits) {
        mantissa = 1 << explicit_bits;
        power2 += 1;
    }
    mantissa &= !(1 << explicit_bits);
    if power2 >= format.infinite_power {
        return (0, format.infinite_power);
    }
    (mantissa, power2)
}

/// The high 128 bits of `w × 5^q` as `(low, high)`, computed only as far as the result needs:
/// the second table word is multiplied in only when the first product's bits that decide
/// rounding are all ones.
#[inline(always)]
fn product_approximation(q: i64, w: u64, precision: u32) -> (u64, u64) {
    let (first_word, second_word) = POWERS_OF_FIVE[(q - SMALLEST_POWER_OF_TEN) as usize];
    let first = u128::from(w) * u128::from(first_word);
    let (mut low, mut high) = (first as u64, (first >> 64) as u64);
    let precision_mask = u64::MAX >> precision;
    if high & precision_mask == precision_mask {
        let second_high = ((u128::from(w) * u128::from(second_word)) >> 64) as u64;
        let (sum, carry) = low.overflowing_add(second_high);
        low = sum;
        high += u64::from(carry);
    }
    (low, high)
}

/// `floor(log2(10^q)) + 63`, exact over the table's range.
#[inline(always)]
fn binary_power_of_ten(q: i64) -> i64 {
    (((152_170 + 65_536) * q) >> 16) + 63
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_exact_where_u128_can_check_it() {
        for q in 0..=55i64 {
            let mut power = 5u128.pow(q as u32);
            power <<= power.leading_zeros();
            let (high, low) = POWERS_OF_FIVE[(q - SMALLEST_POWER_OF_TEN) as usize];
            assert_eq!((u128::from(high) << 64) | u128::from(low), power, "5^{q}");
        }
    }

    #[test]
    fn agrees_with_the_standard_library_for_f64_and_f32() {
        let mut state = 0x1234_5678_9ABC_DEF0u64;
        for _ in 0..200_000 {
            crate::test_rng::xorshift(&mut state);
            let digits = 1 + (state % 19) as u32;
            let mantissa = (state >> 5) % 10u64.pow(digits);
            let exponent = (state >> 40) as i64 % 700 - 350;
            let text = format!("{mantissa}e{exponent}");
            let expected: f64 = text.parse().unwrap();
            let actual = decimal_to_f64(mantissa, exponent);
            if expected.is_infinite() {
                assert_eq!(actual, None, "{text}");
            } else {
                assert_eq!(actual.map(f64::to_bits), Some(expected.to_bits()), "{text}");
            }
            // The same digits as an f32, with exponents around f32's range.
            let exponent = exponent % 60;
            let text = format!("{mantissa}e{exponent}");
            let expected: f32 = text.parse().unwrap();
            let actual = decimal_to_f32(mantissa, exponent);
            if expected.is_infinite() {
                assert_eq!(actual, None, "{text}");
            } else {
                assert_eq!(actual.map(f32::to_bits), Some(expected.to_bits()), "{text} as f32");
            }
        }
    }

    #[test]
    fn edge_cases() {
        for text in [
            "4.9e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "2.2250738585072011e-308",
            "2.2250738585072014e-308",
            "1.7976931348623157e308",
            "9007199254740993",
            "9007199254740995",
            "1e23",
            "8.98846567431158e307",
            "123456789012345678e-5",
            "9999999999999999999e288",
        ] {
            let (m, e) = split(text);
            let expected: f64 = text.parse().unwrap();
            assert_eq!(decimal_to_f64(m, e).map(f64::to_bits), Some(expected.to_bits()), "{text}");
        }
        assert_eq!(decimal_to_f64(17976931348623159, 292), None);
        assert_eq!(decimal_to_f64(1, -400), Some(0.0));
    }

    /// Splits `digits[.digits]e±exp` into an integer mantissa and a power of ten.
    fn split(text: &str) -> (u64, i64) {
        let (number, exponent) = text.split_once('e').unwrap_or((text, "0"));
        let (int, frac) = number.split_once('.').unwrap_or((number, ""));
        let mantissa = format!("{int}{frac}").parse().unwrap();
        (mantissa, exponent.parse::<i64>().unwrap() - frac.len() as i64)
    }
}
