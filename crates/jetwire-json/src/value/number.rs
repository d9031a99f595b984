//! [`Number`]: a JSON number kept exactly.
//!
//! Integers that fit `u64` or `i64` are stored as such. A number with a fraction or an exponent
//! keeps its source spelling in a compact decimal form (up to 19 significant digits, the shape
//! almost every real-world number has) next to its nearest `f64`, so reading it as `f64` costs
//! nothing and writing it reproduces the source byte for byte. Anything larger (integers beyond
//! 64 bits, more than 19 digits, huge exponents) keeps its source text. Numbers made from an
//! `f64` are stored as that `f64` and written as its shortest round-trip text.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use jetwire_core::scan;

use crate::error::{Category, Error, Result};
use crate::read::ScannedNumber;
use crate::read::numbers::{POW10_U64, nearest_f64};

/// A JSON number, kept exactly: integers of any width, and every other number with its source
/// spelling (next to its nearest `f64`).
///
/// ```
/// use jetwire_json::value::Number;
///
/// let n: Number = "43.420273000000009".parse()?;
/// assert_eq!(n.as_f64(), Some(43.42027300000001)); // the nearest f64 ...
/// assert_eq!(n.to_string(), "43.420273000000009"); // ... but the text is kept
///
/// let big: Number = "340282366920938463463374607431768211455".parse()?;
/// assert_eq!(big.as_u128(), Some(u128::MAX));
/// assert_eq!(big.as_u64(), None);
///
/// assert_eq!(Number::from(7u8).as_i64(), Some(7));
/// assert_eq!(Number::from_f64(0.5).unwrap().to_string(), "0.5");
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Clone)]
pub struct Number {
    repr: Repr,
}

#[derive(Clone)]
enum Repr {
    /// A non-negative integer.
    PosInt(u64),
    /// A negative integer.
    NegInt(i64),
    /// A finite `f64` given by the program (never parsed: parsed numbers keep their spelling).
    Float(f64),
    /// A parsed number with a fraction or an exponent (or `-0`), spelled
    /// `[-]digits[.fraction][e[+-]exponent]`: `digits` holds every significand digit (without the
    /// point or leading zeros), the last `fraction_len` of them after the point.
    Decimal {
        /// The nearest `f64` (finite).
        value: f64,
        digits: u64,
        fraction_len: u16,
        exponent: u16,
        /// Digits of the exponent as written (leading zeros included); 0 when there is none.
        exponent_width: u8,
        flags: u8,
    },
    /// Any other number, as written: beyond `u64`/`i64`, more than 19 significant digits, or an
    /// `f64` overflow.
    Text(Box<str>),
}

// `Decimal` flags.
const NEGATIVE: u8 = 1;
const UPPER_E: u8 = 2;
const EXPONENT_PLUS: u8 = 4;
const EXPONENT_MINUS: u8 = 8;

impl Number {
    /// The number for the JSON number `text`, already validated against the grammar: one pass
    /// over its bytes.
    #[inline]
    pub(crate) fn from_validated(text: &str) -> Number {
        let bytes = text.as_bytes();
        let len = bytes.len();
        let negative = bytes[0] == b'-';
        let mut i = usize::from(negative);
        // Wrapping arithmetic: exact while there are at most 19 significant digits, which is
        // checked below before `digits` is used.
        let mut digits: u64 = 0;
        i = digit_run(bytes, i, &mut digits);
        let int_len = i - usize::from(negative);
        if i == len {
            return match (negative, digits) {
                _ if int_len > 19 => Number::long_integer(text),
                (false, _) => Number { repr: Repr::PosInt(digits) },
                (true, 0) => Number::decimal(text, 0, 0, 0, 0, NEGATIVE),
                (true, _) if digits <= i64::MAX as u64 + 1 => {
                    Number { repr: Repr::NegInt((digits as i64).wrapping_neg()) }
                }
                (true, _) => Number::text(text),
            };
        }
        let mut fraction_len = 0;
        if bytes[i] == b'.' {
            let start = i + 1;
            i = digit_run(bytes, start, &mut digits);
            fraction_len = i - start;
        }
        let mut flags = if negative { NEGATIVE } else { 0 };
        let mut exponent: u32 = 0;
        let mut exponent_width = 0;
        if i < len {
            // `e` or `E`, an optional sign, digits.
            if bytes[i] == b'E' {
                flags |= UPPER_E;
            }
            i += 1;
            match bytes[i] {
                b'+' => {
                    flags |= EXPONENT_PLUS;
                    i += 1;
                }
                b'-' => {
                    flags |= EXPONENT_MINUS;
                    i += 1;
                }
                _ => {}
            }
            exponent_width = len - i;
            for &d in &bytes[i..] {
                exponent = exponent.saturating_mul(10).saturating_add(u32::from(d - b'0'));
            }
        }
        if int_len + fraction_len > 19 && significant_digits(bytes, negative) > 19 {
            return Number::text(text);
        }
        match (u16::try_from(fraction_len), u16::try_from(exponent), u8::try_from(exponent_width)) {
            (Ok(fraction_len), Ok(exponent), Ok(exponent_width)) => {
                Number::decimal(text, digits, fraction_len, exponent, exponent_width, flags)
            }
            _ => Number::text(text),
        }
    }

    /// The number the reader scanned, `text` its source: integers and fractions of at most 19
    /// digits without an exponent (almost every number) from the scan's digits, without going
    /// over the text again; any other from the text, as [`from_validated`](Self::from_validated)
    /// builds it.
    #[inline(always)]
    pub(crate) fn from_scanned(number: &ScannedNumber, text: &str) -> Number {
        let digit_count = text.len() - usize::from(number.negative) - usize::from(!number.is_integer);
        if number.has_exponent || digit_count > 19 {
            return Number::from_text_cold(text);
        }
        let digits = number.mantissa;
        match (number.is_integer, number.negative) {
            (true, false) => Number { repr: Repr::PosInt(digits) },
            (true, true) if digits != 0 && digits <= i64::MAX as u64 + 1 => {
                Number { repr: Repr::NegInt((digits as i64).wrapping_neg()) }
            }
            (true, true) => Number::from_text_cold(text),
            // A fraction and no exponent: the scale is the fraction's length (at most 19).
            (false, negative) => {
                let fraction_len = number.exponent.unsigned_abs() as u16;
                Number::decimal(text, digits, fraction_len, 0, 0, if negative { NEGATIVE } else { 0 })
            }
        }
    }

    /// [`from_validated`](Self::from_validated) out of line: the rare shapes of
    /// [`from_scanned`](Self::from_scanned).
    #[cold]
    #[inline(never)]
    fn from_text_cold(text: &str) -> Number {
        Number::from_validated(text)
    }

    /// A `Decimal` with its nearest `f64` (the reader's conversion: `digits` has at most 19
    /// significant digits), or the text when that overflows.
    #[inline(always)]
    fn decimal(
        text: &str,
        digits: u64,
        fraction_len: u16,
        exponent: u16,
        exponent_width: u8,
        flags: u8,
    ) -> Number {
        let scale = if flags & EXPONENT_MINUS != 0 { -i64::from(exponent) } else { i64::from(exponent) }
            - i64::from(fraction_len);
        let value = match nearest_f64(digits, scale) {
            Some(magnitude) if flags & NEGATIVE != 0 => -magnitude,
            Some(magnitude) => magnitude,
            None => return Number::text(text),
        };
        Number { repr: Repr::Decimal { value, digits, fraction_len, exponent, exponent_width, flags } }
    }

    #[cold]
    fn long_integer(text: &str) -> Number {
        if let Ok(value) = text.parse::<u64>() {
            return Number { repr: Repr::PosInt(value) };
        }
        Number::text(text)
    }

    #[cold]
    fn text(text: &str) -> Number {
        Number { repr: Repr::Text(text.into()) }
    }

    /// A finite `f64` as a number; `None` for NaN and the infinities, which JSON cannot express.
    ///
    /// ```
    /// use jetwire_json::value::Number;
    /// assert_eq!(Number::from_f64(1.5).unwrap().as_f64(), Some(1.5));
    /// assert!(Number::from_f64(f64::NAN).is_none());
    /// ```
    pub fn from_f64(value: f64) -> Option<Number> {
        value.is_finite().then_some(Number { repr: Repr::Float(value) })
    }

    /// Whether the number is an integer that fits an `i64`.
    pub fn is_i64(&self) -> bool {
        match self.repr {
            Repr::PosInt(n) => n <= i64::MAX as u64,
            Repr::NegInt(_) => true,
            _ => false,
        }
    }

    /// Whether the number is an integer that fits a `u64`.
    pub fn is_u64(&self) -> bool {
        matches!(self.repr, Repr::PosInt(_))
    }

    /// Whether the number is not an integer that fits an `i64` or a `u64`: one with a fraction or
    /// an exponent, or a larger integer. As for `serde_json`'s numbers, exactly one of
    /// `is_u64`, `is_i64` (for negative integers) and `is_f64` describes each number.
    ///
    /// ```
    /// use jetwire_json::value::Number;
    /// let n: Number = "1.0".parse()?;
    /// assert!(n.is_f64() && !n.is_i64());
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn is_f64(&self) -> bool {
        !matches!(self.repr, Repr::PosInt(_) | Repr::NegInt(_))
    }

    /// Whether the number is written as an integer (no fraction, no exponent), of any size.
    pub fn is_integer(&self) -> bool {
        match &self.repr {
            Repr::PosInt(_) | Repr::NegInt(_) => true,
            Repr::Text(text) => !text.contains(['.', 'e', 'E']),
            Repr::Float(_) | Repr::Decimal { .. } => false,
        }
    }

    /// The value as an `i64`, if it is an integer in range.
    pub fn as_i64(&self) -> Option<i64> {
        match self.repr {
            Repr::PosInt(n) => i64::try_from(n).ok(),
            Repr::NegInt(n) => Some(n),
            _ => None,
        }
    }

    /// The value as a `u64`, if it is an integer in range.
    pub fn as_u64(&self) -> Option<u64> {
        match self.repr {
            Repr::PosInt(n) => Some(n),
            _ => None,
        }
    }

    /// The value as an `i128`, if it is an integer in range.
    pub fn as_i128(&self) -> Option<i128> {
        match &self.repr {
            Repr::PosInt(n) => Some(i128::from(*n)),
            Repr::NegInt(n) => Some(i128::from(*n)),
            Repr::Text(text) => text.parse().ok(),
            _ => None,
        }
    }

    /// The value as a `u128`, if it is an integer in range.
    pub fn as_u128(&self) -> Option<u128> {
        match &self.repr {
            Repr::PosInt(n) => Some(u128::from(*n)),
            Repr::Text(text) => text.parse().ok(),
            _ => None,
        }
    }

    /// The nearest `f64` (correctly rounded), or `None` when the magnitude is too large for one.
    ///
    /// ```
    /// use jetwire_json::value::Number;
    /// assert_eq!("2.5e-3".parse::<Number>()?.as_f64(), Some(0.0025));
    /// assert_eq!("1e400".parse::<Number>()?.as_f64(), None);
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    #[inline]
    pub fn as_f64(&self) -> Option<f64> {
        match &self.repr {
            Repr::PosInt(n) => Some(*n as f64),
            Repr::NegInt(n) => Some(*n as f64),
            Repr::Float(value) | Repr::Decimal { value, .. } => Some(*value),
            Repr::Text(text) => text.parse::<f64>().ok().filter(|v| v.is_finite()),
        }
    }

    /// Appends the number's JSON text to `out`.
    pub(crate) fn append_text(&self, out: &mut Vec<u8>) {
        match &self.repr {
            Repr::PosInt(n) => out.extend_from_slice(itoa::Buffer::new().format(*n).as_bytes()),
            Repr::NegInt(n) => out.extend_from_slice(itoa::Buffer::new().format(*n).as_bytes()),
            Repr::Float(value) => crate::write::float::push_finite(out, *value),
            Repr::Decimal { digits, fraction_len, exponent, exponent_width, flags, .. } => {
                append_decimal(out, *digits, *fraction_len, *exponent, *exponent_width, *flags)
            }
            Repr::Text(text) => out.extend_from_slice(text.as_bytes()),
        }
    }

    /// Writes the number with `writer`.
    #[inline]
    pub(crate) fn write<O: jetwire_core::Output>(&self, writer: &mut crate::Writer<O>) -> Result<()> {
        match &self.repr {
            Repr::PosInt(n) => writer.u64(*n),
            Repr::NegInt(n) => writer.i64(*n),
            Repr::Float(value) => writer.f64(*value),
            Repr::Decimal { digits, fraction_len, exponent, exponent_width, flags, .. }
                if *fraction_len <= 32 && *exponent_width <= 8 =>
            {
                // At most 1 + 20 + 1 + 32 + 2 + 8 bytes: spelled on the stack, copied in once.
                let mut text = [0u8; 64];
                let len = spell_short_decimal(
                    &mut text,
                    *digits,
                    *fraction_len,
                    *exponent,
                    *exponent_width,
                    *flags,
                );
                writer.value_bytes(&text[..len])
            }
            _ => {
                let mut text = Vec::new();
                self.append_text(&mut text);
                writer.value_bytes(&text)
            }
        }
    }

    /// The exact value as (negative, significant digits without leading or trailing zeros,
    /// power of ten of the last digit); zero has no digits.
    fn exact(&self) -> (bool, Cow<'_, [u8]>, i64) {
        match &self.repr {
            Repr::Decimal { digits, fraction_len, exponent, flags, .. } => {
                let mut power = i64::from(*exponent);
                if flags & EXPONENT_MINUS != 0 {
                    power = -power;
                }
                power -= i64::from(*fraction_len);
                let mut digits = *digits;
                while digits != 0 && digits % 10 == 0 {
                    digits /= 10;
                    power += 1;
                }
                let text = if digits == 0 { Vec::new() } else { digits.to_string().into_bytes() };
                (flags & NEGATIVE != 0, Cow::Owned(text), power)
            }
            _ => {
                let mut text = Vec::new();
                self.append_text(&mut text);
                let (negative, digits, power) = exact_of_text(&text);
                (negative, Cow::Owned(digits), power)
            }
        }
    }
}

/// Adds the run of digits at `bytes[i..]` to `digits` (wrapping) and returns where the run
/// ends: eight digits at a time with SWAR, the last few in one more step.
#[inline(always)]
fn digit_run(bytes: &[u8], mut i: usize, digits: &mut u64) -> usize {
    const ZEROS: u64 = 0x3030_3030_3030_3030;
    loop {
        let word = load_word(bytes, i);
        let run = scan::leading_digits_in_word(word);
        if run == 8 {
            *digits = digits.wrapping_mul(100_000_000).wrapping_add(scan::parse_eight_digits(word));
            i += 8;
            continue;
        }
        if run > 0 {
            // The run's digits moved to the top of the word, `0`s below them.
            let aligned = (word << (8 * (8 - run))) | (ZEROS >> (8 * run));
            *digits = digits.wrapping_mul(POW10_U64[run]).wrapping_add(scan::parse_eight_digits(aligned));
            i += run;
        }
        return i;
    }
}

/// The eight bytes at `bytes[i..]` (little-endian), zero bytes past the end.
#[inline(always)]
fn load_word(bytes: &[u8], i: usize) -> u64 {
    match bytes.get(i..i + 8) {
        Some(chunk) => u64::from_le_bytes(chunk.try_into().expect("eight bytes")),
        // Fewer than eight bytes left: the last eight of the text shifted down (in registers,
        // no copy through memory), or the bytes one by one in a short text.
        None => {
            let rest = bytes.len().saturating_sub(i);
            match bytes.len().checked_sub(8) {
                Some(last) if rest > 0 => {
                    let word = u64::from_le_bytes(bytes[last..].try_into().expect("eight bytes"));
                    word >> (8 * (8 - rest))
                }
                _ => bytes
                    .get(i..)
                    .unwrap_or_default()
                    .iter()
                    .rev()
                    .fold(0, |word, &b| word << 8 | u64::from(b)),
            }
        }
    }
}

/// How many significant digits the significand of `text` (a JSON number) has: its digits
/// without the leading zeros.
#[cold]
fn significant_digits(text: &[u8], negative: bool) -> usize {
    text[usize::from(negative)..]
        .iter()
        .take_while(|&&b| b != b'e' && b != b'E')
        .filter(|&&b| b != b'.')
        .skip_while(|&&b| b == b'0')
        .count()
}

/// Appends a `Decimal`'s spelling.
fn append_decimal(out: &mut Vec<u8>, digits: u64, fraction_len: u16, exponent: u16, width: u8, flags: u8) {
    if fraction_len <= 32 && width <= 8 {
        let mut text = [0u8; 64];
        let len = spell_short_decimal(&mut text, digits, fraction_len, exponent, width, flags);
        out.extend_from_slice(&text[..len]);
        return;
    }
    if flags & NEGATIVE != 0 {
        out.push(b'-');
    }
    let mut itoa = itoa::Buffer::new();
    let text = itoa.format(digits).as_bytes();
    let fraction_len = usize::from(fraction_len);
    if fraction_len > 0 {
        if text.len() > fraction_len {
            let (int, fraction) = text.split_at(text.len() - fraction_len);
            out.extend_from_slice(int);
            out.push(b'.');
            out.extend_from_slice(fraction);
        } else {
            out.extend_from_slice(b"0.");
            out.resize(out.len() + fraction_len - text.len(), b'0');
            out.extend_from_slice(text);
        }
    } else {
        out.extend_from_slice(text);
    }
    if width > 0 {
        out.push(if flags & UPPER_E != 0 { b'E' } else { b'e' });
        if flags & EXPONENT_PLUS != 0 {
            out.push(b'+');
        } else if flags & EXPONENT_MINUS != 0 {
            out.push(b'-');
        }
        let mut itoa = itoa::Buffer::new();
        let text = itoa.format(exponent).as_bytes();
        out.resize(out.len() + usize::from(width).saturating_sub(text.len()), b'0');
        out.extend_from_slice(text);
    }
}

/// Spells a short `Decimal` (fraction of at most 32 digits, exponent of at most 8) into `out`,
/// returning the length.
#[inline]
fn spell_short_decimal(
    out: &mut [u8; 64],
    digits: u64,
    fraction_len: u16,
    exponent: u16,
    width: u8,
    flags: u8,
) -> usize {
    let mut len = 0;
    if flags & NEGATIVE != 0 {
        out[0] = b'-';
        len = 1;
    }
    let mut itoa = itoa::Buffer::new();
    let text = itoa.format(digits).as_bytes();
    let fraction_len = usize::from(fraction_len);
    if fraction_len == 0 {
        out[len..len + text.len()].copy_from_slice(text);
        len += text.len();
    } else if text.len() > fraction_len {
        let int = text.len() - fraction_len;
        out[len..len + int].copy_from_slice(&text[..int]);
        len += int;
        out[len] = b'.';
        len += 1;
        out[len..len + fraction_len].copy_from_slice(&text[int..]);
        len += fraction_len;
    } else {
        out[len] = b'0';
        out[len + 1] = b'.';
        len += 2;
        let zeros = fraction_len - text.len();
        out[len..len + zeros].fill(b'0');
        len += zeros;
        out[len..len + text.len()].copy_from_slice(text);
        len += text.len();
    }
    if width > 0 {
        out[len] = if flags & UPPER_E != 0 { b'E' } else { b'e' };
        len += 1;
        if flags & EXPONENT_PLUS != 0 {
            out[len] = b'+';
            len += 1;
        } else if flags & EXPONENT_MINUS != 0 {
            out[len] = b'-';
            len += 1;
        }
        let mut itoa = itoa::Buffer::new();
        let text = itoa.format(exponent).as_bytes();
        let zeros = usize::from(width).saturating_sub(text.len());
        out[len..len + zeros].fill(b'0');
        len += zeros;
        out[len..len + text.len()].copy_from_slice(text);
        len += text.len();
    }
    len
}

/// The exact value of a JSON number's text: (negative, significant digits, power of ten of the
/// last digit).
fn exact_of_text(text: &[u8]) -> (bool, Vec<u8>, i64) {
    let negative = text.first() == Some(&b'-');
    let mut digits = Vec::new();
    let mut power: i64 = 0;
    let mut in_fraction = false;
    let mut i = usize::from(negative);
    while let Some(&b) = text.get(i) {
        match b {
            b'0'..=b'9' => {
                if !digits.is_empty() || b != b'0' {
                    digits.push(b);
                }
                if in_fraction {
                    power -= 1;
                }
            }
            b'.' => in_fraction = true,
            _ => break,
        }
        i += 1;
    }
    if i < text.len() {
        let exponent_text = &text[i + 1..];
        let (sign, magnitude) = match exponent_text.first() {
            Some(b'-') => (-1, &exponent_text[1..]),
            Some(b'+') => (1, &exponent_text[1..]),
            _ => (1, exponent_text),
        };
        let mut exponent: i64 = 0;
        for &d in magnitude {
            exponent = exponent.saturating_mul(10).saturating_add(i64::from(d - b'0'));
        }
        power = power.saturating_add(sign * exponent);
    }
    while digits.last() == Some(&b'0') {
        digits.pop();
        power = power.saturating_add(1);
    }
    (negative, digits, power)
}

impl PartialEq for Number {
    /// Numbers are equal when they have the same value and are both integers or both not:
    /// `1` equals `1`, `1.0` equals `1.00` and `10e-1`, but `1` does not equal `1.0` (as with
    /// `serde_json`'s numbers). `0.1` read from JSON equals `Number::from_f64(0.1)`, whose
    /// shortest spelling is `0.1`.
    fn eq(&self, other: &Number) -> bool {
        match (&self.repr, &other.repr) {
            (Repr::PosInt(a), Repr::PosInt(b)) => a == b,
            (Repr::NegInt(a), Repr::NegInt(b)) => a == b,
            (Repr::Float(a), Repr::Float(b)) => a == b,
            (Repr::PosInt(_) | Repr::NegInt(_), _) | (_, Repr::PosInt(_) | Repr::NegInt(_)) => false,
            _ => {
                if self.is_integer() != other.is_integer() {
                    return false;
                }
                let (a_negative, a_digits, a_power) = self.exact();
                let (b_negative, b_digits, b_power) = other.exact();
                if a_digits.is_empty() || b_digits.is_empty() {
                    return a_digits.is_empty() && b_digits.is_empty();
                }
                a_negative == b_negative && a_digits == b_digits && a_power == b_power
            }
        }
    }
}

impl fmt::Display for Number {
    /// The number's JSON text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.repr {
            Repr::PosInt(n) => f.write_str(itoa::Buffer::new().format(*n)),
            Repr::NegInt(n) => f.write_str(itoa::Buffer::new().format(*n)),
            Repr::Text(text) => f.write_str(text),
            _ => {
                let mut text = Vec::new();
                self.append_text(&mut text);
                f.write_str(std::str::from_utf8(&text).map_err(|_| fmt::Error)?)
            }
        }
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({self})")
    }
}

impl FromStr for Number {
    type Err = Error;

    /// Reads one JSON number, kept exactly; surrounding whitespace is not allowed.
    fn from_str(text: &str) -> Result<Number> {
        if crate::read::is_json_number(text.as_bytes()) {
            Ok(Number::from_validated(text))
        } else {
            Err(Error::without_position(Category::Syntax, format!("`{text}` is not a JSON number")))
        }
    }
}

macro_rules! from_unsigned {
    ($($ty:ty),*) => {$(
        impl From<$ty> for Number {
            #[inline]
            fn from(value: $ty) -> Number {
                Number { repr: Repr::PosInt(value as u64) }
            }
        }
    )*};
}

macro_rules! from_signed {
    ($($ty:ty),*) => {$(
        impl From<$ty> for Number {
            #[inline]
            fn from(value: $ty) -> Number {
                let repr = if value < 0 { Repr::NegInt(value as i64) } else { Repr::PosInt(value as u64) };
                Number { repr }
            }
        }
    )*};
}

from_unsigned!(u8, u16, u32, u64, usize);
from_signed!(i8, i16, i32, i64, isize);

impl From<u128> for Number {
    fn from(value: u128) -> Number {
        match u64::try_from(value) {
            Ok(value) => Number::from(value),
            Err(_) => Number { repr: Repr::Text(value.to_string().into()) },
        }
    }
}

impl From<i128> for Number {
    fn from(value: i128) -> Number {
        if let Ok(value) = u64::try_from(value) {
            return Number::from(value);
        }
        match i64::try_from(value) {
            Ok(value) => Number::from(value),
            Err(_) => Number { repr: Repr::Text(value.to_string().into()) },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Number, Repr};

    fn roundtrip(text: &str) -> String {
        let number: Number = text.parse().unwrap();
        let mut out = Vec::new();
        number.append_text(&mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn spelling_is_kept() {
        for text in [
            "0",
            "-0",
            "1",
            "-1",
            "0.5",
            "-0.0",
            "1.50",
            "12.5e3",
            "1E+300",
            "1e-0005",
            "0.000123",
            "-65.613616999999977",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "-9223372036854775809",
            "1234567890123456789.5",
            "0.1234567890123456789",
            "1e400",
            "0e99999",
            "1.0E0",
            "0.0000000000000000000000000000000000000000000001",
        ] {
            assert_eq!(roundtrip(text), text);
        }
    }

    #[test]
    fn nearest_f64() {
        for text in [
            "0.1",
            "-2.5e-3",
            "1e22",
            "1e23",
            "123456789012345678e-5",
            "-0.0",
            "4.9e-324",
            "1.7976931348623157e308",
            // Scales past 10^±19 and 10^±22, which go to Eisel-Lemire.
            "1.5e-25",
            "-7.25e100",
            "9.999999999999999999e-300",
            "2.2250738585072011e-308",
            "123456789012345678.9e-40",
            "1e-400",
            "-0.0e500",
        ] {
            let number: Number = text.parse().unwrap();
            let expected: f64 = text.parse().unwrap();
            assert_eq!(number.as_f64().map(f64::to_bits), Some(expected.to_bits()), "{text}");
            assert_eq!(number.to_string(), text);
        }
        // Overflow: no `f64`, and the text is kept.
        let huge: Number = "1.5e400".parse().unwrap();
        assert_eq!(huge.as_f64(), None);
        assert_eq!(huge.to_string(), "1.5e400");
    }

    #[test]
    fn equality_is_by_value() {
        let n = |t: &str| t.parse::<Number>().unwrap();
        assert_eq!(n("1.0"), n("1.00"));
        assert_eq!(n("1.0"), n("10e-1"));
        assert_ne!(n("1"), n("1.0"));
        assert_eq!(n("0.1"), Number::from_f64(0.1).unwrap());
        assert_ne!(n("0.10000000000000001"), Number::from_f64(0.1).unwrap());
        assert_eq!(n("-0.0"), n("0.0"));
        assert_eq!(n("123456789012345678901234567890"), n("123456789012345678901234567890"));
        assert_eq!(n("1e400"), n("10e399"));
    }

    #[test]
    fn size() {
        assert_eq!(std::mem::size_of::<Number>(), 24);
    }

    /// The variant and every field, floats by their bits.
    fn repr_of(number: &Number) -> String {
        match &number.repr {
            Repr::PosInt(n) => format!("PosInt({n})"),
            Repr::NegInt(n) => format!("NegInt({n})"),
            Repr::Float(value) => format!("Float({:#x})", value.to_bits()),
            Repr::Decimal { value, digits, fraction_len, exponent, exponent_width, flags } => format!(
                "Decimal({:#x}, {digits}, {fraction_len}, {exponent}, {exponent_width}, {flags})",
                value.to_bits()
            ),
            Repr::Text(text) => format!("Text({text})"),
        }
    }

    /// The number built from the reader's scan of `text`, and from the text itself.
    fn both_ways(text: &str) -> (String, String) {
        let scanned = crate::read::numbers::scan(text.as_bytes(), 0).expect("a JSON number");
        assert_eq!(scanned.end, text.len(), "{text}");
        (repr_of(&Number::from_scanned(&scanned, text)), repr_of(&Number::from_validated(text)))
    }

    #[test]
    fn the_scan_builds_what_the_text_builds() {
        for text in [
            "0",
            "-0",
            "7",
            "-7",
            "0.5",
            "-0.0",
            "0.000123",
            "-65.613616999999977",
            "9999999999999999999",
            "10000000000000000000",
            "18446744073709551615",
            "-9223372036854775808",
            "-9223372036854775809",
            "-9999999999999999999",
            "123456789012345678.9",
            "1234567890123456789.5",
            "0.1234567890123456789",
            "0.00000000000000000001",
            "1e5",
            "1.5E+3",
            "2.5e-0",
        ] {
            let (scanned, validated) = both_ways(text);
            assert_eq!(scanned, validated, "{text}");
        }
    }

    proptest::proptest! {
        #[test]
        fn the_scan_builds_what_the_text_builds_for_any_number(
            text in "-?(0|[1-9][0-9]{0,22})(\\.[0-9]{1,22})?([eE][+-]?[0-9]{1,4})?",
        ) {
            let (scanned, validated) = both_ways(&text);
            proptest::prop_assert_eq!(scanned, validated, "{}", text);
        }
    }
}
