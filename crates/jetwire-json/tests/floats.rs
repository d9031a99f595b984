//! Floating-point numbers: `read_f64` and `read_f32` are correctly rounded (compared bit for bit
//! with the standard library's parsers, which are), overflow is an error, and the writer's
//! shortest output reads back to the same bits.

use jetwire_json::{Category, Reader, Writer};
use proptest::prelude::*;

/// A float width under test: how the reader reads it and how its bits compare.
trait Float: std::str::FromStr<Err: std::fmt::Debug> + Copy + std::fmt::Debug + std::fmt::LowerExp {
    const NAME: &'static str;
    fn read(reader: &mut Reader<'_>) -> jetwire_json::Result<Self>;
    fn bits(self) -> u64;
    fn is_finite(self) -> bool;
}

impl Float for f64 {
    const NAME: &'static str = "f64";
    fn read(reader: &mut Reader<'_>) -> jetwire_json::Result<Self> {
        reader.read_f64()
    }
    fn bits(self) -> u64 {
        self.to_bits()
    }
    fn is_finite(self) -> bool {
        f64::is_finite(self)
    }
}

impl Float for f32 {
    const NAME: &'static str = "f32";
    fn read(reader: &mut Reader<'_>) -> jetwire_json::Result<Self> {
        reader.read_f32()
    }
    fn bits(self) -> u64 {
        u64::from(self.to_bits())
    }
    fn is_finite(self) -> bool {
        f32::is_finite(self)
    }
}

/// What reading `text` as `F` must give: the standard library's value for that width (rounded
/// once, from the text), or an error where that is infinite.
fn check<F: Float>(text: &str) -> Result<(), TestCaseError> {
    let expected: F = text.parse().expect("the generated text is a float literal");
    let result = F::read(&mut Reader::new(text.as_bytes()));
    if expected.is_finite() {
        let value = result.map_err(|err| TestCaseError::fail(format!("{text}: {err}")))?;
        prop_assert_eq!(value.bits(), expected.bits(), "{}: read {:e}, expected {:e}", text, value, expected);
    } else {
        let err = result.expect_err(text);
        prop_assert_eq!(err.category(), Category::Data);
        prop_assert_eq!(err.message(), format!("number `{text}` is out of range for {}", F::NAME));
    }
    Ok(())
}

/// [`check`] for `f64`, and a number token gives the same value.
fn check_f64(text: &str) -> Result<(), TestCaseError> {
    check::<f64>(text)?;
    let expected: f64 = text.parse().expect("the generated text is a float literal");
    let mut reader = Reader::new(text.as_bytes());
    let number = reader.read_number().map_err(|err| TestCaseError::fail(err.to_string()))?;
    prop_assert_eq!(
        number.as_f64().map(f64::to_bits),
        Some(expected).filter(|v| v.is_finite()).map(f64::to_bits)
    );
    Ok(())
}

/// [`check`] for `f32`.
fn check_f32(text: &str) -> Result<(), TestCaseError> {
    check::<f32>(text)
}

/// A JSON number from its significant digits, where the decimal point goes, and an exponent.
fn spell(negative: bool, digits: &str, point: usize, exponent: Option<(i32, u8)>) -> String {
    let mut text = String::new();
    if negative {
        text.push('-');
    }
    let point = point.min(digits.len());
    match point {
        0 => {
            text.push_str("0.");
            text.push_str(digits);
        }
        _ if point == digits.len() => text.push_str(digits),
        _ => {
            text.push_str(&digits[..point]);
            text.push('.');
            text.push_str(&digits[point..]);
        }
    }
    if let Some((exponent, style)) = exponent {
        match style % 4 {
            0 => text.push_str(&format!("e{exponent}")),
            1 => text.push_str(&format!("E{exponent}")),
            2 if exponent >= 0 => text.push_str(&format!("e+{exponent}")),
            _ => text.push_str(&format!("E{exponent:+03}")),
        }
    }
    text
}

fn exponent() -> impl Strategy<Value = Option<(i32, u8)>> {
    prop::option::weighted(0.8, (-350i32..=350, any::<u8>()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_mantissas_read_correctly_rounded(
        negative in any::<bool>(),
        mantissa in prop_oneof![any::<u64>(), (0u64..1 << 53), (0u64..100_000)],
        point in 0usize..=20,
        exponent in exponent(),
    ) {
        let text = spell(negative, &mantissa.to_string(), point, exponent);
        check_f64(&text)?;
        check_f32(&text)?;
    }

    #[test]
    fn long_mantissas_read_correctly_rounded(
        negative in any::<bool>(),
        digits in "[1-9][0-9]{16,24}",
        point in 0usize..=25,
        exponent in exponent(),
    ) {
        let text = spell(negative, &digits, point, exponent);
        check_f64(&text)?;
        check_f32(&text)?;
    }

    /// Numbers close to halfway between two floats: the digits of an exact float's neighbour
    /// midpoint, cut and nudged.
    #[test]
    fn near_halfway_numbers_read_correctly_rounded(bits in 1u64..0x7FEF_FFFF_FFFF_FFFF, cut in 15usize..40, nudge in 0u8..3) {
        let value = f64::from_bits(bits);
        let next = f64::from_bits(bits + 1);
        // The midpoint, to 60 significant digits (enough to sit on either side of it).
        let midpoint = format!("{:.60e}", (value / 2.0) + (next / 2.0));
        let (mantissa, exponent) = midpoint.split_once('e').expect("scientific form");
        let mut digits: String = mantissa.replace('.', "");
        digits.truncate(cut);
        match nudge {
            0 => {}
            1 => digits.push('1'),
            _ => digits.push_str("4999999999"),
        }
        let exponent: i32 = exponent.parse().expect("an exponent");
        let text = format!("{}.{}e{}", &digits[..1], &digits[1..], exponent);
        check_f64(&text)?;
        check_f32(&text)?;
    }

    #[test]
    fn written_f64_reads_back_to_the_same_bits(value in any::<f64>().prop_filter("finite", |v| v.is_finite())) {
        let mut writer = Writer::new();
        writer.f64(value).unwrap();
        writer.finish().unwrap();
        let text = writer.into_vec();
        let mut reader = Reader::new(&text);
        let back = reader.read_f64().map_err(|err| TestCaseError::fail(format!("{}: {err}", String::from_utf8_lossy(&text))))?;
        reader.finish().unwrap();
        prop_assert_eq!(back.to_bits(), value.to_bits(), "{}", String::from_utf8_lossy(&text));
        // Shortest: as many significant digits as the standard library's shortest form (the
        // digits themselves may differ when two shortest candidates are equally close).
        let text = std::str::from_utf8(&text).unwrap();
        prop_assert_eq!(significant_digits(text).len(), significant_digits(&format!("{value:e}")).len(), "{} for {:e}", text, value);
    }

    #[test]
    fn written_f32_reads_back_to_the_same_bits(value in any::<f32>().prop_filter("finite", |v| v.is_finite())) {
        let mut writer = Writer::new();
        writer.f32(value).unwrap();
        let text = writer.into_vec();
        let mut reader = Reader::new(&text);
        let back = reader.read_f32().map_err(|err| TestCaseError::fail(format!("{}: {err}", String::from_utf8_lossy(&text))))?;
        reader.finish().unwrap();
        prop_assert_eq!(back.to_bits(), value.to_bits(), "{}", String::from_utf8_lossy(&text));
        let text = std::str::from_utf8(&text).unwrap();
        prop_assert_eq!(significant_digits(text).len(), significant_digits(&format!("{value:e}")).len(), "{} for {:e}", text, value);
    }
}

/// The significant digits of a decimal number's text: no sign, point, exponent, or leading and
/// trailing zeros.
fn significant_digits(text: &str) -> String {
    let mantissa = text.split(['e', 'E']).next().unwrap_or(text);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let digits = digits.trim_start_matches('0').trim_end_matches('0');
    if digits.is_empty() { "0".to_owned() } else { digits.to_owned() }
}

#[test]
fn edge_cases_read_correctly_rounded() {
    for text in [
        "0",
        "-0",
        "-0.0",
        "-0.0e0",
        "0e-400",
        "-0E+400",
        "0.000000000000000000000000000000000000000000001e10",
        "4.9e-324",
        "5e-324",
        "4.940656458412465441765687928682213723651e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "1e-400",
        "2.2250738585072011e-308",
        "2.2250738585072012e-308",
        "2.2250738585072014e-308",
        "2.225073858507201136057409796709131975934819546351645648e-308",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.7976931348623158079e308",
        "1.7976931348623159e308",
        "-1.7976931348623159e308",
        "1e308",
        "1e309",
        "-1e309",
        "9007199254740992",
        "9007199254740993",
        "9007199254740993.0000000001",
        "123456789012345678901234567890",
        "0.1",
        "0.30000000000000004",
        "1e22",
        "1e23",
        "8.589973e9",
        "3.4028235e38",
        "3.4028236e38",
        "3.4028235677973366e38",
        "1.17549435e-38",
        "1.4e-45",
        "7e-46",
        "1.00000005960464477539062499",
        "1.0000000596046447753906251",
        "100000000000000000000000000000000000000000000000000000000000000000000e-60",
    ] {
        check_f64(text).unwrap_or_else(|err| panic!("{text}: {err}"));
        check_f32(text).unwrap_or_else(|err| panic!("{text}: {err}"));
    }
}

#[test]
fn the_documented_edges_have_the_documented_values() {
    let f64_of = |text: &str| Reader::new(text.as_bytes()).read_f64();
    let f32_of = |text: &str| Reader::new(text.as_bytes()).read_f32();
    assert_eq!(f64_of("1.7976931348623157e308").unwrap(), f64::MAX);
    assert_eq!(f64_of("1.7976931348623158e308").unwrap(), f64::MAX);
    assert!(f64_of("1.7976931348623159e308").is_err());
    assert_eq!(f64_of("4.9e-324").unwrap(), f64::from_bits(1));
    assert_eq!(f64_of("2.2250738585072011e-308").unwrap().to_bits(), 0x000F_FFFF_FFFF_FFFF);
    assert!(f64_of("-0").unwrap().is_sign_negative());
    assert!(f64_of("-0.0e0").unwrap().is_sign_negative());
    assert_eq!(f64_of("-0.0e0").unwrap(), 0.0);
    assert_eq!(f64_of("1e-400").unwrap().to_bits(), 0, "underflow reads as +0");
    assert_eq!(f64_of("-1e-400").unwrap().to_bits(), (-0.0f64).to_bits(), "underflow keeps its sign");
    let err = f64_of("1e309").unwrap_err();
    assert_eq!((err.category(), err.message()), (Category::Data, "number `1e309` is out of range for f64"));
    // f32 rounds once, from the text: through f64 this would tie to even and give 1.0.
    assert_eq!(f32_of("1.0000000596046447753906251").unwrap(), 1.000_000_1);
    assert_eq!(f32_of("3.4028235e38").unwrap(), f32::MAX);
    assert!(f32_of("3.4028236e38").is_err());
    assert_eq!(f32_of("1e-50").unwrap(), 0.0);
    // The error is positioned at the number.
    let mut reader = Reader::new(b"[1, \n  -1e999]");
    reader.begin_array().unwrap();
    assert!(reader.next_element().unwrap());
    assert_eq!(reader.read_f64().unwrap(), 1.0);
    assert!(reader.next_element().unwrap());
    let err = reader.read_f64().unwrap_err();
    assert_eq!((err.offset(), err.line(), err.column()), (7, 2, 3));
    assert_eq!(err.to_string(), "number `-1e999` is out of range for f64 at line 2, column 3 (byte 7)");
}

#[test]
fn the_writer_refuses_non_finite_floats() {
    for value in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let mut writer = Writer::new();
        let err = writer.f64(value).unwrap_err();
        assert_eq!(err.category(), Category::Data);
        assert!(writer.as_bytes().is_empty(), "nothing written for {value}");
    }
    for value in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        assert_eq!(Writer::new().f32(value).unwrap_err().category(), Category::Data);
    }
}

#[test]
fn written_floats_have_the_expected_spelling() {
    let written = |value: f64| {
        let mut writer = Writer::new();
        writer.f64(value).unwrap();
        String::from_utf8(writer.into_vec()).unwrap()
    };
    // Spellings a JSON reader accepts, not Rust's `inf` or `1e21` without sign trouble.
    for (value, text) in [
        (0.1, "0.1"),
        (1e21, "1e+21"),
        (5e-324, "5e-324"),
        (-0.0, "-0.0"),
        (f64::MAX, "1.7976931348623157e+308"),
    ] {
        assert_eq!(written(value), text);
    }
}

/// An exponent written with many leading zeros is the exponent without them, through every
/// read of a number (found by the `json_differential` fuzz target: `1E-000…0002` read as 0).
#[test]
fn exponents_with_many_leading_zeros() {
    for (text, expected) in [
        ("1E-0000000000000000000000000000000000000000002", 0.01_f64),
        ("2.5e+000000000000000000000000003", 2500.0),
        ("-7e0000000000000000000000000000000000000000000000000000000000000000", -7.0),
        ("1e-00000000000000000000000000000000000000000000000000000000000000330", 0.0),
    ] {
        let n: f64 = jetwire_json::from_str(text).unwrap();
        assert_eq!(n.to_bits(), expected.to_bits(), "{text}");
        assert_eq!(n.to_bits(), serde_json::from_str::<f64>(text).unwrap().to_bits(), "{text}");
        let value: jetwire_json::Value = jetwire_json::from_str(text).unwrap();
        assert_eq!(value.as_f64().map(f64::to_bits), Some(expected.to_bits()), "{text}");
        assert_eq!(value.to_string(), text, "the text is kept");
        let single: f32 = jetwire_json::from_str(text).unwrap();
        assert_eq!(single, expected as f32, "{text}");
        let mut parser = jetwire_json::document::Parser::new();
        let doc = parser.parse(text.as_bytes()).unwrap();
        assert_eq!(doc.as_f64().map(f64::to_bits), Some(expected.to_bits()), "{text}");
    }
}
