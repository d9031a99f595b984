//! Round trips of every std type with a `ToJson`/`FromJson` impl: the exact JSON text written,
//! the value read back, and the errors for values that do not fit.

mod common;

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::fmt::Debug;
use std::marker::PhantomData;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use common::error;
use jetwire::json::{self, Base64, Category, Error, FromJsonOwned, Indent, ReadOptions, WriteOptions};
use jetwire::{FromJson, ToJson};

/// Writes `value`, checks the exact text, reads it back (from bytes and from text) and checks
/// it equals `value`.
#[track_caller]
fn round_trip<T>(value: &T, expected: &str)
where
    T: ToJson + FromJsonOwned + PartialEq + Debug,
{
    let bytes = json::to_vec(value).unwrap_or_else(|err| panic!("writing {value:?}: {err}"));
    assert_eq!(String::from_utf8_lossy(&bytes), expected, "written text of {value:?}");
    assert_eq!(json::to_string(value).unwrap(), expected);
    let back: T = json::from_slice(&bytes).unwrap_or_else(|err| panic!("reading {expected}: {err}"));
    assert_eq!(&back, value, "read back from {expected}");
    let back: T = json::from_str(expected).unwrap();
    assert_eq!(&back, value);
}

/// Whether `inner` lies inside `outer`'s memory (it was borrowed, not copied).
fn points_into(outer: &[u8], inner: &str) -> bool {
    let range = outer.as_ptr_range();
    let inner = inner.as_bytes().as_ptr_range();
    range.start <= inner.start && inner.end <= range.end
}

// ---- numbers ----------------------------------------------------------------------------------

macro_rules! integer_round_trips {
    ($($ty:ty),*) => {$(
        round_trip(&<$ty>::MIN, &<$ty>::MIN.to_string());
        round_trip(&<$ty>::MAX, &<$ty>::MAX.to_string());
        round_trip(&(0 as $ty), "0");
        round_trip(&(1 as $ty), "1");
        round_trip(&vec![<$ty>::MIN, <$ty>::MAX], &format!("[{},{}]", <$ty>::MIN, <$ty>::MAX));
    )*};
}

#[test]
fn integers_at_their_limits() {
    integer_round_trips!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
    round_trip(&u128::MAX, "340282366920938463463374607431768211455");
    round_trip(&i128::MIN, "-170141183460469231731687303715884105728");
    round_trip(&i64::MIN, "-9223372036854775808");
    // Whitespace around the top-level value is allowed.
    assert_eq!(json::from_str::<u8>(" \n\t\r7 \n").unwrap(), 7);
}

#[test]
fn integers_out_of_range() {
    let cases: [(Error, &str); 12] = [
        (error::<u8>("256"), "number `256` is out of range for u8"),
        (error::<u8>("-1"), "number `-1` is out of range for u8"),
        (error::<i8>("-129"), "number `-129` is out of range for i8"),
        (error::<i8>("128"), "number `128` is out of range for i8"),
        (error::<u16>("65536"), "number `65536` is out of range for u16"),
        (error::<i16>("-32769"), "number `-32769` is out of range for i16"),
        (error::<u32>("4294967296"), "number `4294967296` is out of range for u32"),
        (error::<i32>("2147483648"), "number `2147483648` is out of range for i32"),
        (error::<u64>("18446744073709551616"), "number `18446744073709551616` is out of range for u64"),
        (error::<i64>("-9223372036854775809"), "number `-9223372036854775809` is out of range for i64"),
        (
            error::<u128>("340282366920938463463374607431768211456"),
            "number `340282366920938463463374607431768211456` is out of range for u128",
        ),
        (
            error::<i128>("-170141183460469231731687303715884105729"),
            "number `-170141183460469231731687303715884105729` is out of range for i128",
        ),
    ];
    for (err, message) in cases {
        assert_eq!(err.message(), message);
        assert_eq!(err.category(), Category::Data);
        assert_eq!((err.offset(), err.line(), err.column()), (0, 1, 1), "{err}");
        assert_eq!(err.path(), "");
    }
    let err = error::<u32>("1.5");
    assert_eq!(err.to_string(), "expected an integer (u32), found `1.5` at line 1, column 1 (byte 0)");
    let err = error::<i128>("1e3");
    assert_eq!(err.message(), "expected an integer (i128), found `1e3`");
    let err = error::<u64>("\"1\"");
    assert_eq!(err.to_string(), "expected u64, found the string \"1\" at line 1, column 1 (byte 0)");
    let err = error::<i8>("  null");
    assert_eq!(err.to_string(), "expected i8, found null at line 1, column 3 (byte 2)");
}

/// Writes a float, checks the text and reads it back bit for bit.
#[track_caller]
fn float_round_trip<T>(value: T, expected: &str, bits: impl Fn(T) -> u64)
where
    T: ToJson + FromJsonOwned + Copy + Debug,
{
    let text = json::to_string(&value).unwrap();
    assert_eq!(text, expected, "{value:?}");
    let back: T = json::from_str(&text).unwrap();
    assert_eq!(bits(back), bits(value), "{value:?} read back as {back:?}");
}

#[test]
fn f64_round_trips() {
    let bits = f64::to_bits;
    for (value, text) in [
        (0.0, "0.0"),
        (-0.0, "-0.0"),
        (1.0, "1.0"),
        (-1.5, "-1.5"),
        (0.1, "0.1"),
        (0.3, "0.3"),
        (123456789.0, "123456789.0"),
        (1e21, "1e+21"),
        (1e-7, "1e-7"),
        (f64::MAX, "1.7976931348623157e+308"),
        (f64::MIN, "-1.7976931348623157e+308"),
        (f64::MIN_POSITIVE, "2.2250738585072014e-308"),
        (f64::EPSILON, "2.220446049250313e-16"),
        // Subnormals: the smallest, the largest, and one in between.
        (f64::from_bits(1), "5e-324"),
        (f64::from_bits(0x000F_FFFF_FFFF_FFFF), "2.225073858507201e-308"),
        (-f64::from_bits(12345), "-6.099e-320"),
        (9007199254740993.0, "9007199254740992.0"),
    ] {
        float_round_trip(value, text, bits);
    }
    // Other spellings read to the same value.
    for (text, value) in [
        ("0", 0.0),
        ("-0", -0.0),
        ("1E2", 100.0),
        ("1e+2", 100.0),
        ("2.5e-3", 0.0025),
        ("4.9406564584124654e-324", f64::from_bits(1)),
        ("1.7976931348623157e308", f64::MAX),
        ("18446744073709551616", 18446744073709551616.0),
        ("1e-400", 0.0),
    ] {
        let back: f64 = json::from_str(text).unwrap();
        assert_eq!(back.to_bits(), value.to_bits(), "{text}");
    }
    let err = error::<f64>("1e400");
    assert_eq!(err.to_string(), "number `1e400` is out of range for f64 at line 1, column 1 (byte 0)");
    let err = error::<f64>("-1.8e308");
    assert_eq!(err.message(), "number `-1.8e308` is out of range for f64");
    let err = error::<f64>("true");
    assert_eq!(err.message(), "expected f64, found the boolean true");
}

#[test]
fn f32_round_trips() {
    let bits = |v: f32| u64::from(v.to_bits());
    for (value, text) in [
        (0.0f32, "0.0"),
        (-0.0, "-0.0"),
        (1.0, "1.0"),
        (0.1, "0.1"),
        (16777216.0, "16777216.0"),
        (f32::MAX, "3.4028235e+38"),
        (f32::MIN, "-3.4028235e+38"),
        (f32::MIN_POSITIVE, "1.1754944e-38"),
        (f32::from_bits(1), "1e-45"),
        (f32::from_bits(0x007F_FFFF), "1.1754942e-38"),
    ] {
        float_round_trip(value, text, bits);
    }
    // Rounded once from the decimal text, not through f64.
    let back: f32 = json::from_str("1.00000005960464477539062500001").unwrap();
    assert_eq!(back.to_bits(), 0x3F80_0001);
    let err = error::<f32>("3.5e38");
    assert_eq!(err.message(), "number `3.5e38` is out of range for f32");
}

#[test]
fn float_reading_rounds_correctly_at_the_edges() {
    let f64_cases = [
        // Just below the halfway point past MAX rounds down to MAX; past it is out of range.
        ("1.7976931348623158e308", Some(f64::MAX)),
        ("1.7976931348623159e308", None),
        // Just above and below half the smallest subnormal.
        ("2.4703282292062328e-324", Some(f64::from_bits(1))),
        ("2.4703282292062327e-324", Some(0.0)),
        // A tie rounds to even, however many digits spell it.
        (&*format!("9007199254740993{}e-300", "0".repeat(300)), Some(9007199254740992.0)),
        (&*format!("0.{}1", "0".repeat(1000)), Some(0.0)),
        (&*format!("1{}e-400", "0".repeat(400)), Some(1.0)),
    ];
    for (text, expected) in f64_cases {
        match (json::from_str::<f64>(text), expected) {
            (Ok(value), Some(expected)) => assert_eq!(value.to_bits(), expected.to_bits(), "{text}"),
            (Err(err), None) => assert_eq!(err.message(), format!("number `{text}` is out of range for f64")),
            (result, _) => panic!("{text}: {result:?}"),
        }
    }
    for (text, expected) in [
        ("3.40282356e38", Some(f32::MAX)),
        ("3.4028235677973366e38", Some(f32::MAX)),
        ("3.40282357e38", None),
        ("7e-46", Some(0.0)),
        ("-1e-46", Some(-0.0)),
        ("8e-46", Some(f32::from_bits(1))),
    ] {
        match (json::from_str::<f32>(text), expected) {
            (Ok(value), Some(expected)) => assert_eq!(value.to_bits(), expected.to_bits(), "{text}"),
            (Err(err), None) => assert_eq!(err.message(), format!("number `{text}` is out of range for f32")),
            (result, _) => panic!("{text}: {result:?}"),
        }
    }
}

#[test]
fn non_finite_floats_are_refused_on_write() {
    for (value, shown) in [(f64::NAN, "NaN"), (f64::INFINITY, "inf"), (f64::NEG_INFINITY, "-inf")] {
        let err = json::to_vec(&value).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("{shown} cannot be written as JSON: NaN and infinities have no JSON form")
        );
        assert_eq!(err.category(), Category::Data);
        assert_eq!((err.offset(), err.line(), err.column(), err.path()), (0, 0, 0, ""));
        let err = json::to_vec(&(value as f32)).unwrap_err();
        assert_eq!(
            err.message(),
            format!("{shown} cannot be written as JSON: NaN and infinities have no JSON form")
        );
        // Nested, and through every entry point.
        assert!(json::to_vec(&vec![1.0, value]).is_err());
        assert!(json::to_string_pretty(&Some(value)).is_err());
        let mut out = Vec::new();
        assert!(json::to_writer(&mut out, &(1u8, value)).is_err());
        assert!(json::to_io_writer(Vec::new(), &[value]).is_err());
    }
    // The literals are not JSON either.
    for text in ["NaN", "Infinity", "-Infinity", "inf", "-inf"] {
        let err = error::<f64>(text);
        assert_ne!(err.category(), Category::Data, "{text}: {err}");
    }
}

// ---- bool, char, strings ----------------------------------------------------------------------

#[test]
fn bools() {
    round_trip(&true, "true");
    round_trip(&false, "false");
    let err = error::<bool>("1");
    assert_eq!(err.to_string(), "expected a boolean, found the number 1 at line 1, column 1 (byte 0)");
    let err = error::<bool>("True");
    assert_eq!(err.category(), Category::Syntax);
}

#[test]
fn chars() {
    round_trip(&'a', r#""a""#);
    round_trip(&'é', r#""é""#);
    round_trip(&'😀', r#""😀""#);
    round_trip(&'"', r#""\"""#);
    round_trip(&'\\', r#""\\""#);
    round_trip(&'\n', r#""\n""#);
    round_trip(&'\u{1}', r#""\u0001""#);
    round_trip(&'\u{7f}', "\"\u{7f}\"");
    assert_eq!(json::from_str::<char>(r#""\u00e9""#).unwrap(), 'é');
    assert_eq!(json::from_str::<char>(r#""\ud83d\ude00""#).unwrap(), '😀');
    let err = error::<char>(r#""ab""#);
    assert_eq!(err.message(), "expected a single character, found a string of 2 characters");
    assert_eq!(err.category(), Category::Data);
    let err = error::<char>(r#""""#);
    assert_eq!(err.message(), "expected a single character, found a string of 0 characters");
    let err = error::<char>("97");
    assert_eq!(err.message(), "expected a string, found the number 97");
}

#[test]
fn strings() {
    round_trip(&String::new(), r#""""#);
    round_trip(&"hello".to_owned(), r#""hello""#);
    round_trip(
        &"q\"b\\s/\u{8}\u{c}\n\r\t\u{0}\u{1f}\u{7f}é€😀".to_owned(),
        "\"q\\\"b\\\\s/\\b\\f\\n\\r\\t\\u0000\\u001f\u{7f}é€😀\"",
    );
    // Every escape form reads, `\/` and `\u` with either case included.
    let back: String = json::from_str(r#""\/\u00E9\u00e9\uD83D\uDE00\b""#).unwrap();
    assert_eq!(back, "/éé😀\u{8}");
    // Lexical Unicode policy: ill-formed UTF-8 and unpaired surrogates become U+FFFD.
    let back: String = json::from_slice(b"\"a\xFFb\"").unwrap();
    assert_eq!(back, "a\u{FFFD}b");
    let back: String = json::from_str(r#""\ud800x""#).unwrap();
    assert_eq!(back, "\u{FFFD}x");
    // Raw control bytes are not allowed in a string.
    let err = error::<String>("\"a\nb\"");
    assert_eq!(err.category(), Category::Syntax);
    let err = error::<String>("\"abc");
    assert_eq!(err.category(), Category::Eof);
    // `str` and `&str` write like `String`.
    assert_eq!(json::to_string("tab\there").unwrap(), r#""tab\there""#);
    assert_eq!(json::to_string(&"x").unwrap(), r#""x""#);
}

#[test]
fn borrowed_str_points_into_the_input() {
    let input = r#"  "no escapes, ünïcödé""#.as_bytes().to_vec();
    let text: &str = json::from_slice(&input).unwrap();
    assert_eq!(text, "no escapes, ünïcödé");
    assert!(points_into(&input, text));
    let list: Vec<&str> = json::from_slice(br#"["a","bc",""]"#).unwrap();
    assert_eq!(list, ["a", "bc", ""]);
    // An escape needs a copy, which `&str` cannot hold.
    let err = json::from_str::<&str>(r#"  "tab\there""#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected a string that can be borrowed, found one with escapes or ill-formed UTF-8 \
         (use String or Cow<str>) at line 1, column 3 (byte 2)"
    );
    assert_eq!(err.category(), Category::Data);
    let err = json::from_str::<Vec<&str>>(r#"["a", "\n"]"#).unwrap_err();
    assert_eq!(err.path(), "/1");
    assert_eq!(err.offset(), 6);
    // So does ill-formed UTF-8.
    assert!(json::from_slice::<&str>(b"\"\xC3\"").is_err());
}

#[test]
fn cow_str_borrows_unless_escaped() {
    let input = br#"["plain", "esc\"aped"]"#;
    let list: Vec<Cow<str>> = json::from_slice(input).unwrap();
    assert!(matches!(&list[0], Cow::Borrowed(s) if *s == "plain" && points_into(input, s)));
    assert!(matches!(&list[1], Cow::Owned(s) if s == "esc\"aped"));
    assert_eq!(json::to_string(&list).unwrap(), r#"["plain","esc\"aped"]"#);
    let owned: Cow<str> = Cow::Owned("x\ty".into());
    assert_eq!(json::to_string(&owned).unwrap(), r#""x\ty""#);
    assert_eq!(json::from_str::<Cow<str>>(r#""x\ty""#).unwrap(), owned);
}

#[test]
fn boxed_and_shared_str() {
    round_trip(&Box::<str>::from("boxed \u{2028}"), "\"boxed \u{2028}\"");
    round_trip(&Box::<str>::from(""), r#""""#);
    round_trip(&Rc::<str>::from("rc \"q\""), r#""rc \"q\"""#);
    round_trip(&Arc::<str>::from("arc"), r#""arc""#);
    round_trip(&BTreeMap::from([(Arc::<str>::from("k"), Rc::<str>::from("v"))]), r#"{"k":"v"}"#);
    round_trip(&BTreeMap::from([(Rc::<str>::from("é\n"), 1u8)]), r#"{"é\n":1}"#);
}

// ---- pointers and Option --------------------------------------------------------------------------

#[test]
fn smart_pointers() {
    round_trip(&Box::new(5u8), "5");
    round_trip(&Box::new(vec![Box::new(1i32)]), "[1]");
    round_trip(&Rc::new("rc".to_owned()), r#""rc""#);
    round_trip(&Arc::new(vec![1u16, 2]), "[1,2]");
    round_trip(&Arc::new(Some(Box::new(-3i64))), "-3");
    round_trip(&Rc::new(Some(Arc::new(-3i64))), "-3");
    assert_eq!(json::to_string(&&&7u8).unwrap(), "7");
    assert_eq!(json::to_string(&&mut 7u8).unwrap(), "7");
    let boxed: Box<[u8]> = vec![1, 2].into_boxed_slice();
    assert_eq!(json::to_string(&*boxed).unwrap(), "[1,2]");
    round_trip(&Rc::<[u8]>::from([1, 2]), "[1,2]");
    round_trip(&Arc::<[String]>::from(["a".to_owned()]), r#"["a"]"#);
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
struct Optional {
    required: u8,
    maybe: Option<String>,
    boxed: Box<Option<u8>>,
    shared: Arc<Option<u8>>,
    nested: Option<Option<u8>>,
    marker: PhantomData<fn() -> u8>,
}

#[test]
fn options() {
    round_trip(&None::<u8>, "null");
    round_trip(&Some(5u8), "5");
    round_trip(&Some("s".to_owned()), r#""s""#);
    round_trip(&vec![Some(1u8), None], "[1,null]");
    // `Some(None)` writes `null`, which reads back as `None` (as in serde).
    assert_eq!(json::to_string(&Some(None::<u8>)).unwrap(), "null");
    assert_eq!(json::from_str::<Option<Option<u8>>>("null").unwrap(), None);
    let err = error::<Option<u8>>("\"x\"");
    assert_eq!(err.message(), "expected u8, found the string \"x\"");

    let full = Optional {
        required: 1,
        maybe: Some("m".into()),
        boxed: Box::new(Some(2)),
        shared: Arc::new(Some(3)),
        nested: Some(Some(4)),
        marker: PhantomData,
    };
    round_trip(&full, r#"{"required":1,"maybe":"m","boxed":2,"shared":3,"nested":4,"marker":null}"#);
    // Absent fields of every `Option`-like type (through Box/Arc too) and PhantomData are fine.
    let back: Optional = json::from_str(r#"{"required": 9}"#).unwrap();
    assert_eq!(
        back,
        Optional {
            required: 9,
            maybe: None,
            boxed: Box::new(None),
            shared: Arc::new(None),
            nested: None,
            marker: PhantomData
        }
    );
    let err = error::<Optional>(r#"{"maybe": null}"#);
    assert_eq!(err.to_string(), "missing field `required` at /required, line 1, column 16 (byte 15)");
}

// ---- sequences ----------------------------------------------------------------------------------

#[test]
fn sequences() {
    round_trip(&Vec::<u8>::new(), "[]");
    round_trip(&vec![1u8, 2, 3], "[1,2,3]");
    round_trip(&vec![vec![], vec![vec![true]]], "[[],[[true]]]");
    round_trip(&VecDeque::from([3i32, -1]), "[3,-1]");
    round_trip(&vec![1.5f64, -0.25].into_boxed_slice(), "[1.5,-0.25]");
    round_trip(&Vec::<String>::new().into_boxed_slice(), "[]");
    let back: Vec<u8> = json::from_str(" [ 1 , 2 ]\n").unwrap();
    assert_eq!(back, [1, 2]);
    let err = error::<Vec<u8>>("[1, 2, 300]");
    assert_eq!(err.to_string(), "number `300` is out of range for u8 at /2, line 1, column 8 (byte 7)");
    let err = error::<VecDeque<u8>>("[1, [2]]");
    assert_eq!((err.message(), err.path()), ("expected u8, found an array", "/1"));
    let err = error::<Box<[u8]>>("{}");
    assert_eq!(err.message(), "expected an array, found an object");
    let err = error::<Vec<u8>>("[1, 2");
    assert_eq!(err.category(), Category::Eof);
    let err = error::<Vec<u8>>("[1, 2,]");
    assert_eq!(err.category(), Category::Syntax);
}

#[test]
fn arrays() {
    round_trip(&[1u8, 2, 3], "[1,2,3]");
    round_trip(&[[0i8; 2]; 2], "[[0,0],[0,0]]");
    round_trip(&[(); 0], "[]");
    round_trip(&["a".to_owned(), "b".to_owned()], r#"["a","b"]"#);
    let err = error::<[u8; 3]>("[1, 2]");
    assert_eq!(err.to_string(), "expected an array of 3 elements, found 2 at line 1, column 7 (byte 6)");
    assert_eq!(err.category(), Category::Data);
    let err = error::<[u8; 3]>("[]");
    assert_eq!(err.message(), "expected an array of 3 elements, found 0");
    let err = error::<[u8; 3]>("[1, 2, 3, 4]");
    assert_eq!(err.to_string(), "expected an array of 3 elements, found more at line 1, column 11 (byte 10)");
    let err = error::<[u8; 0]>("[1]");
    assert_eq!(err.message(), "expected an array of 0 elements, found more");
    let err = error::<[[u8; 2]; 2]>("[[1, 2], [3]]");
    assert_eq!((err.message(), err.path()), ("expected an array of 2 elements, found 1", "/1"));
    let err = error::<[u8; 2]>("[1, -2]");
    assert_eq!((err.message(), err.path()), ("number `-2` is out of range for u8", "/1"));
    // Arrays are filled in place (`jetwire_core::array::PartialArray`, whose own tests count the
    // drops): reads that fail halfway, too short, too long or on a bad element, with elements
    // that own memory.
    let err = error::<[String; 3]>(r#"["a", "b"]"#);
    assert_eq!(err.message(), "expected an array of 3 elements, found 2");
    let err = error::<[String; 2]>(r#"["a", "b", "c"]"#);
    assert_eq!(err.message(), "expected an array of 2 elements, found more");
    let err = error::<[String; 3]>(r#"["a", 2, "c"]"#);
    assert_eq!(err.path(), "/1");
    round_trip(&[vec!["x".to_owned()], vec![]], r#"[["x"],[]]"#);
}

#[test]
fn tuples_one_to_twelve() {
    round_trip(&(1u8,), "[1]");
    round_trip(&(1u8, "b".to_owned()), r#"[1,"b"]"#);
    round_trip(&(1u8, -2i16, 3.5f64), "[1,-2,3.5]");
    round_trip(&(1u8, 2u16, 3u32, 4u64), "[1,2,3,4]");
    round_trip(&(1u8, 2u16, 3u32, 4u64, 5u128), "[1,2,3,4,5]");
    round_trip(&(1u8, 2u16, 3u32, 4u64, 5u128, 6usize), "[1,2,3,4,5,6]");
    round_trip(&(1i8, 2i16, 3i32, 4i64, 5i128, 6isize, true), "[1,2,3,4,5,6,true]");
    round_trip(&(1i8, 2i16, 3i32, 4i64, 5i128, 6isize, true, 'c'), r#"[1,2,3,4,5,6,true,"c"]"#);
    round_trip(&(1i8, 2i16, 3i32, 4i64, 5i128, 6isize, true, 'c', ()), r#"[1,2,3,4,5,6,true,"c",null]"#);
    round_trip(
        &(1i8, 2i16, 3i32, 4i64, 5i128, 6isize, true, 'c', (), None::<u8>),
        r#"[1,2,3,4,5,6,true,"c",null,null]"#,
    );
    round_trip(
        &(1i8, 2i16, 3i32, 4i64, 5i128, 6isize, true, 'c', (), None::<u8>, vec![1u8]),
        r#"[1,2,3,4,5,6,true,"c",null,null,[1]]"#,
    );
    round_trip(
        &(1i8, 2i16, 3i32, 4i64, 5i128, 6isize, true, 'c', (), None::<u8>, vec![1u8], (0.5f32,)),
        r#"[1,2,3,4,5,6,true,"c",null,null,[1],[0.5]]"#,
    );
    let err = error::<(u8, u8)>("[1]");
    assert_eq!(err.to_string(), "expected an array of 2 elements, found 1 at line 1, column 4 (byte 3)");
    let err = error::<(u8, u8)>("[]");
    assert_eq!(err.message(), "expected an array of 2 elements, found 0");
    let err = error::<(u8, u8)>("[1, 2, 3]");
    assert_eq!(err.to_string(), "expected an array of 2 elements, found more at line 1, column 8 (byte 7)");
    let err = error::<(u8,)>("[1, 2]");
    assert_eq!(err.message(), "expected an array of 1 elements, found more");
    let err = error::<(u8, String)>("[1, 2]");
    assert_eq!((err.message(), err.path()), ("expected a string, found the number 2", "/1"));
    let err = error::<(u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8)>("[1,2,3,4,5,6,7,8,9,10,11]");
    assert_eq!(err.message(), "expected an array of 12 elements, found 11");
    let err = error::<(u8, u8)>(r#"{"0": 1, "1": 2}"#);
    assert_eq!(err.message(), "expected an array, found an object");
}

// ---- maps and sets ----------------------------------------------------------------------------

#[test]
fn maps_with_string_keys() {
    let mut map = BTreeMap::new();
    map.insert("b".to_owned(), 2u8);
    map.insert("a\"q".to_owned(), 1);
    map.insert(String::new(), 0);
    round_trip(&map, r#"{"":0,"a\"q":1,"b":2}"#);
    round_trip(&BTreeMap::<String, u8>::new(), "{}");
    round_trip(&HashMap::from([("only".to_owned(), vec![1u8])]), r#"{"only":[1]}"#);
    round_trip(&HashMap::<String, u8>::new(), "{}");
    let many: HashMap<String, i32> = (0..50).map(|i| (format!("k{i}"), i)).collect();
    let back: HashMap<String, i32> = json::from_slice(&json::to_vec(&many).unwrap()).unwrap();
    assert_eq!(back, many);
    // Box<str> and char keys.
    round_trip(&BTreeMap::from([(Box::<str>::from("k"), 1u8)]), r#"{"k":1}"#);
    round_trip(&BTreeMap::from([('x', 1u8), ('é', 2)]), r#"{"x":1,"é":2}"#);
    let err = error::<BTreeMap<char, u8>>(r#"{"xy": 1}"#);
    assert_eq!(
        (err.message(), err.path()),
        ("expected a single-character property name, found \"xy\"", "/xy")
    );
    // Escaped keys are decoded; a later duplicate key replaces the earlier value (as in serde_json).
    let back: BTreeMap<String, u8> = json::from_str(r#"{"\u0041": 1, "A": 2}"#).unwrap();
    assert_eq!(back, BTreeMap::from([("A".to_owned(), 2)]));
    let err = error::<BTreeMap<String, u8>>(r#"{"a/b~c": "x"}"#);
    assert_eq!(err.path(), "/a~1b~0c");
    assert_eq!(err.message(), "expected u8, found the string \"x\"");
    let err = error::<HashMap<String, u8>>("[]");
    assert_eq!(err.message(), "expected an object, found an array");
}

#[test]
fn maps_with_borrowed_keys() {
    let input = br#"{"plain": 1, "esc\taped": 2}"#;
    let map: BTreeMap<Cow<str>, u8> = json::from_slice(input).unwrap();
    let keys: Vec<_> = map.keys().collect();
    assert!(matches!(keys[0], Cow::Owned(k) if k == "esc\taped"));
    assert!(matches!(keys[1], Cow::Borrowed(k) if *k == "plain" && points_into(input, k)));
    assert_eq!(json::to_string(&map).unwrap(), r#"{"esc\taped":2,"plain":1}"#);

    let input = br#"{"a": 1, "b": 2}"#;
    let map: HashMap<&str, u8> = json::from_slice(input).unwrap();
    assert_eq!(map, HashMap::from([("a", 1), ("b", 2)]));
    assert!(map.keys().all(|k| points_into(input, k)));
    assert_eq!(json::to_string(&BTreeMap::from([("k", "v")])).unwrap(), r#"{"k":"v"}"#);
    let err = json::from_str::<BTreeMap<&str, u8>>(r#"{"a": 1, "\n": 2}"#).unwrap_err();
    assert_eq!(err.message(), "expected a property name that can be borrowed, found one with escapes");
    assert_eq!(err.path(), "/\n");
    assert_eq!(err.category(), Category::Data);
}

#[test]
fn maps_with_integer_keys() {
    round_trip(&BTreeMap::from([(-1i32, true), (2, false)]), r#"{"-1":true,"2":false}"#);
    round_trip(&BTreeMap::from([(1u8, "a".to_owned())]), r#"{"1":"a"}"#);
    round_trip(&HashMap::from([(u128::MAX, 0u8)]), r#"{"340282366920938463463374607431768211455":0}"#);
    round_trip(&BTreeMap::from([(i128::MIN, 0u8)]), r#"{"-170141183460469231731687303715884105728":0}"#);
    round_trip(&BTreeMap::from([(u64::MAX, 1u8), (0, 2)]), r#"{"0":2,"18446744073709551615":1}"#);
    round_trip(&BTreeMap::from([(i8::MIN, 1u8), (i8::MAX, 2)]), r#"{"-128":1,"127":2}"#);
    round_trip(&BTreeMap::from([(usize::MAX, 1u8), (0, 2)]), &format!(r#"{{"0":2,"{}":1}}"#, usize::MAX));
    round_trip(&BTreeMap::from([(isize::MIN, 1u8)]), &format!(r#"{{"{}":1}}"#, isize::MIN));
    round_trip(&BTreeMap::from([(7u16, 1u8)]), r#"{"7":1}"#);
    round_trip(&BTreeMap::from([(7u32, 1u8)]), r#"{"7":1}"#);
    round_trip(&BTreeMap::from([(-7i16, 1u8)]), r#"{"-7":1}"#);
    round_trip(&BTreeMap::from([(-7i64, 1u8)]), r#"{"-7":1}"#);
    let err = error::<BTreeMap<u8, u8>>(r#"{"1": 1, "x": 2}"#);
    assert_eq!(
        err.to_string(),
        r#"expected a property name holding u8, found "x" at /x, line 1, column 14 (byte 13)"#
    );
    assert_eq!(err.category(), Category::Data);
    let err = error::<BTreeMap<u8, u8>>(r#"{"256": 1}"#);
    assert_eq!(err.message(), r#"expected a property name holding u8, found "256""#);
    assert_eq!(err.path(), "/256");
    let err = error::<HashMap<u32, u8>>(r#"{"-1": 1}"#);
    assert_eq!(err.message(), r#"expected a property name holding u32, found "-1""#);
    let err = error::<BTreeMap<i64, u8>>(r#"{"": 1}"#);
    assert_eq!(err.message(), r#"expected a property name holding i64, found """#);
    let err = error::<BTreeMap<i64, u8>>(r#"{"1": "one"}"#);
    assert_eq!((err.message(), err.path()), ("expected u8, found the string \"one\"", "/1"));
}

#[test]
fn sets() {
    round_trip(&BTreeSet::from([3, 1, 2]), "[1,2,3]");
    round_trip(&BTreeSet::<String>::new(), "[]");
    round_trip(&HashSet::from(["one".to_owned()]), r#"["one"]"#);
    let set: HashSet<u16> = (0..100).collect();
    let back: HashSet<u16> = json::from_slice(&json::to_vec(&set).unwrap()).unwrap();
    assert_eq!(back, set);
    // Repeated elements collapse, as in serde.
    let back: BTreeSet<u8> = json::from_str("[2, 1, 2]").unwrap();
    assert_eq!(back, BTreeSet::from([1, 2]));
    let err = error::<HashSet<u8>>("[1, true]");
    assert_eq!((err.message(), err.path()), ("expected u8, found the boolean true", "/1"));
}

// ---- unit, PhantomData, Duration, addresses, paths ----------------------------------------------

#[test]
fn unit_and_phantom_data() {
    round_trip(&(), "null");
    round_trip(&PhantomData::<String>, "null");
    round_trip(&vec![(), ()], "[null,null]");
    let err = error::<()>("0");
    assert_eq!(err.message(), "expected null, found the number 0");
    let err = error::<PhantomData<u8>>("{}");
    assert_eq!(err.message(), "expected null, found an object");
}

#[test]
fn durations() {
    round_trip(&Duration::new(5, 30), r#"{"secs":5,"nanos":30}"#);
    round_trip(&Duration::ZERO, r#"{"secs":0,"nanos":0}"#);
    round_trip(&Duration::MAX, r#"{"secs":18446744073709551615,"nanos":999999999}"#);
    let back: Duration = json::from_str(r#"{"nanos": 1, "secs": 2}"#).unwrap();
    assert_eq!(back, Duration::new(2, 1));
    let err = error::<Duration>(r#"{"secs": 1, "nanos": 1000000000}"#);
    assert_eq!(err.message(), "`nanos` must be below 1000000000");
    assert_eq!(err.path(), "/nanos");
    assert_eq!(err.category(), Category::Data);
    let err = error::<Duration>(r#"{"secs": 1, "nanos": 4294967296}"#);
    assert_eq!((err.message(), err.path()), ("`nanos` must be below 1000000000", "/nanos"));
    let err = error::<Duration>(r#"{"secs": 1}"#);
    assert_eq!(err.message(), "missing field `nanos`");
    let err = error::<Duration>(r#"{"nanos": 1}"#);
    assert_eq!(err.message(), "missing field `secs`");
    let err = error::<Duration>(r#"{"secs": 1, "secs": 2, "nanos": 0}"#);
    assert_eq!(err.message(), "duplicate field `secs`");
    let err = error::<Duration>(r#"{"secs": 1, "nanos": 0, "millis": 0}"#);
    assert_eq!(err.message(), "unknown field `millis`, expected one of `secs`, `nanos`");
    let err = error::<Duration>(r#"{"secs": -1, "nanos": 0}"#);
    assert_eq!((err.message(), err.path()), ("number `-1` is out of range for u64", "/secs"));
    let err = error::<Duration>("1.5");
    assert_eq!(err.message(), "expected an object, found the number 1.5");
}

#[test]
fn network_addresses() {
    round_trip(&Ipv4Addr::new(127, 0, 0, 1), r#""127.0.0.1""#);
    round_trip(&Ipv6Addr::LOCALHOST, r#""::1""#);
    round_trip(&"2001:db8::ff00:42:8329".parse::<Ipv6Addr>().unwrap(), r#""2001:db8::ff00:42:8329""#);
    round_trip(&IpAddr::V4(Ipv4Addr::new(10, 0, 0, 255)), r#""10.0.0.255""#);
    round_trip(&IpAddr::V6(Ipv6Addr::UNSPECIFIED), r#""::""#);
    round_trip(&"1.2.3.4:80".parse::<SocketAddr>().unwrap(), r#""1.2.3.4:80""#);
    round_trip(&"[::1]:8080".parse::<SocketAddr>().unwrap(), r#""[::1]:8080""#);
    round_trip(&SocketAddrV4::new(Ipv4Addr::BROADCAST, 65535), r#""255.255.255.255:65535""#);
    round_trip(&SocketAddrV6::new(Ipv6Addr::LOCALHOST, 1, 0, 0), r#""[::1]:1""#);
    let err = error::<IpAddr>(r#""1.2.3""#);
    assert_eq!(err.to_string(), r#"expected an IP address, found "1.2.3" at line 1, column 8 (byte 7)"#);
    assert_eq!(err.category(), Category::Data);
    let err = error::<Ipv4Addr>(r#""::1""#);
    assert_eq!(err.message(), r#"expected an IPv4 address, found "::1""#);
    let err = error::<Ipv6Addr>(r#""1.2.3.4""#);
    assert_eq!(err.message(), r#"expected an IPv6 address, found "1.2.3.4""#);
    let err = error::<SocketAddr>(r#""1.2.3.4""#);
    assert_eq!(err.message(), r#"expected a socket address, found "1.2.3.4""#);
    let err = error::<SocketAddrV4>(r#""1.2.3.4:99999""#);
    assert_eq!(err.message(), r#"expected an IPv4 socket address, found "1.2.3.4:99999""#);
    let err = error::<SocketAddrV6>(r#""1.2.3.4:1""#);
    assert_eq!(err.message(), r#"expected an IPv6 socket address, found "1.2.3.4:1""#);
    let err = error::<Vec<IpAddr>>(r#"["::1", 17]"#);
    assert_eq!((err.message(), err.path()), ("expected a string, found the number 17", "/1"));
}

#[test]
fn paths() {
    round_trip(&PathBuf::from("/tmp/a b/c.json"), r#""/tmp/a b/c.json""#);
    round_trip(&PathBuf::from("relative\\win"), r#""relative\\win""#);
    round_trip(&PathBuf::new(), r#""""#);
    assert_eq!(json::to_string(std::path::Path::new("p")).unwrap(), r#""p""#);
    // A `&Path` borrows its text, so an escaped one cannot be read, as for `&str`.
    let path: &std::path::Path = json::from_str(r#""/a/b""#).unwrap();
    assert_eq!(path, std::path::Path::new("/a/b"));
    assert!(json::from_str::<&std::path::Path>(r#""a\\b""#).is_err());
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let path = PathBuf::from(std::ffi::OsStr::from_bytes(b"/tmp/\xFF"));
        let err = json::to_vec(&path).unwrap_err();
        assert_eq!(err.message(), "path /tmp/\u{FFFD} is not valid UTF-8 and has no JSON form");
        assert_eq!(err.category(), Category::Data);
    }
}

// ---- base64 -------------------------------------------------------------------------------------

#[test]
fn base64_wrapper() {
    round_trip(&Base64(vec![0xDE, 0xAD, 0xBE, 0xEF]), r#""3q2+7w==""#);
    round_trip(&Base64(Vec::new()), r#""""#);
    round_trip(&Base64(vec![0xFB, 0xFF]), r#""+/8=""#);
    let all: Vec<u8> = (0..=255).collect();
    let text = json::to_string(&Base64(all.clone())).unwrap();
    assert_eq!(text.len(), 2 + 256usize.div_ceil(3) * 4);
    assert_eq!(json::from_str::<Base64>(&text).unwrap().0, all);
    // Fixed-size targets.
    round_trip(&Base64([1u8, 2, 3]), r#""AQID""#);
    let err = error::<Base64<[u8; 4]>>(r#""AQID""#);
    assert_eq!(err.message(), "base64 data of 3 bytes does not fit the target type");
    assert_eq!(err.category(), Category::Data);
    // Escaped base64 text is decoded first.
    assert_eq!(json::from_str::<Base64>(r#""AQ\u0049D""#).unwrap().0, [1, 2, 3]);
    // Not base64: a bad symbol, missing padding, the URL-safe alphabet.
    for text in [r#""!!!!""#, r#""AQI""#, r#""-_8=""#] {
        let err = error::<Base64>(text);
        assert!(err.message().starts_with("expected base64, found a string that is not: "), "{err}");
        assert_eq!((err.offset(), err.category()), (0, Category::Data));
    }
    let err = error::<Base64>("[1, 2]");
    assert_eq!(err.message(), "expected a string, found an array");
    // Deref to the bytes.
    let mut b = Base64(vec![1u8]);
    b.push(2);
    assert_eq!(b.len(), 2);
}

#[test]
fn base64_fields() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Keys {
        #[jetwire(base64)]
        public: [u8; 32],
        #[jetwire(base64)]
        empty: [u8; 0],
        #[jetwire(base64)]
        blob: Vec<u8>,
        #[jetwire(base64)]
        spare: Option<[u8; 2]>,
    }
    let keys = Keys { public: [7; 32], empty: [], blob: (0..=255).collect(), spare: Some([0xFF, 0xFE]) };
    let text = json::to_string(&keys).unwrap();
    assert!(text.starts_with(
        r#"{"public":"BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=","empty":"","blob":"AAECAwQF"#
    ));
    assert!(text.ends_with(r#"+/w==","spare":"//4="}"#), "{text}");
    assert_eq!(json::from_str::<Keys>(&text).unwrap(), keys);
    let err = error::<Keys>(r#"{"public": "AAAA", "empty": "", "blob": ""}"#);
    assert_eq!(
        (err.message(), err.path()),
        ("expected base64 of 32 bytes, found base64 of 3 bytes", "/public")
    );
    let err = error::<Keys>(r#"{"public": "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=", "empty": "AA=="}"#);
    assert_eq!(
        (err.message(), err.path()),
        ("expected base64 of 0 bytes, found base64 of 1 bytes", "/empty")
    );
    let err = error::<Keys>(r#"{"blob": [1, 2]}"#);
    assert_eq!((err.message(), err.path()), ("expected a string, found an array", "/blob"));
}

// ---- entry points and options -------------------------------------------------------------------

#[derive(ToJson, FromJson, Debug, PartialEq)]
struct Doc {
    name: String,
    tags: Vec<String>,
    empty: Vec<u8>,
    map: BTreeMap<String, (u8, bool)>,
    nothing: BTreeMap<String, u8>,
    inner: Option<Box<Doc>>,
}

fn doc() -> Doc {
    Doc {
        name: "top".into(),
        tags: vec!["a".into(), "b".into()],
        empty: vec![],
        map: BTreeMap::from([("k".into(), (1, true))]),
        nothing: BTreeMap::new(),
        inner: Some(Box::new(Doc {
            name: "leaf".into(),
            tags: vec![],
            empty: vec![],
            map: BTreeMap::new(),
            nothing: BTreeMap::new(),
            inner: None,
        })),
    }
}

const PRETTY: &str = r#"{
  "name": "top",
  "tags": [
    "a",
    "b"
  ],
  "empty": [],
  "map": {
    "k": [
      1,
      true
    ]
  },
  "nothing": {},
  "inner": {
    "name": "leaf",
    "tags": [],
    "empty": [],
    "map": {},
    "nothing": {},
    "inner": null
  }
}"#;

#[test]
fn pretty_output() {
    let text = json::to_string_pretty(&doc()).unwrap();
    assert_eq!(text, PRETTY);
    assert_eq!(json::from_str::<Doc>(&text).unwrap(), doc());
    assert_eq!(json::to_string_pretty(&7u8).unwrap(), "7");
    assert_eq!(json::to_string_pretty(&Vec::<u8>::new()).unwrap(), "[]");
    assert_eq!(json::to_string_pretty(&vec![1u8, 2]).unwrap(), "[\n  1,\n  2\n]");
    // Tabs and other widths through `to_vec_with`.
    let options = WriteOptions { indent: Some(Indent::Tab), ..WriteOptions::default() };
    let text = json::to_vec_with(&BTreeMap::from([("a", vec![1u8])]), options).unwrap();
    assert_eq!(text, b"{\n\t\"a\": [\n\t\t1\n\t]\n}");
    let options = WriteOptions { indent: Some(Indent::Spaces(4)), ..WriteOptions::default() };
    let text = json::to_vec_with(&(1u8,), options).unwrap();
    assert_eq!(text, b"[\n    1\n]");
}

#[test]
fn compact_output() {
    let text = json::to_string(&doc()).unwrap();
    assert_eq!(
        text,
        r#"{"name":"top","tags":["a","b"],"empty":[],"map":{"k":[1,true]},"nothing":{},"inner":{"name":"leaf","tags":[],"empty":[],"map":{},"nothing":{},"inner":null}}"#
    );
    assert_eq!(json::from_slice::<Doc>(text.as_bytes()).unwrap(), doc());
}

#[test]
fn write_option_variants() {
    let value = vec!["é<&>'\u{2028}".to_owned()];
    let ascii = WriteOptions { ascii_only: true, ..WriteOptions::default() };
    assert_eq!(json::to_vec_with(&value, ascii).unwrap(), br#"["\u00e9<&>'\u2028"]"#);
    let html = WriteOptions { html_safe: true, ..WriteOptions::default() };
    assert_eq!(
        String::from_utf8(json::to_vec_with(&value, html).unwrap()).unwrap(),
        r#"["é\u003c\u0026\u003e\u0027\u2028"]"#
    );
    let ascii_emoji = json::to_vec_with(&'😀', ascii).unwrap();
    assert_eq!(ascii_emoji, br#""\ud83d\ude00""#);
    assert_eq!(json::from_slice::<char>(&ascii_emoji).unwrap(), '😀');

    let mut out = b"prefix:".to_vec();
    json::to_writer_with(&mut out, &[1u8], WriteOptions { indent: Some(Indent::Spaces(1)), ..ascii })
        .unwrap();
    assert_eq!(out, b"prefix:[\n 1\n]");

    let mut sink = Vec::new();
    json::to_io_writer_with(&mut sink, &value, ascii).unwrap();
    assert_eq!(sink, br#"["\u00e9<&>'\u2028"]"#);
}

#[test]
fn read_option_variants() {
    let lenient = ReadOptions { allow_comments: true, allow_trailing_commas: true, ..ReadOptions::default() };
    let text = "[1, /* two */ 2, // three\n 3,]";
    assert_eq!(json::from_str_with::<Vec<u8>>(text, lenient).unwrap(), [1, 2, 3]);
    assert_eq!(json::from_slice_with::<Vec<u8>>(text.as_bytes(), lenient).unwrap(), [1, 2, 3]);
    let back: BTreeMap<String, u8> = json::from_str_with(r#"{"a": 1,}"#, lenient).unwrap();
    assert_eq!(back, BTreeMap::from([("a".into(), 1)]));
    assert!(json::from_str::<Vec<u8>>(text).is_err());

    let shallow = ReadOptions { max_depth: 2, ..ReadOptions::default() };
    assert_eq!(json::from_str_with::<Vec<Vec<u8>>>("[[1]]", shallow).unwrap(), [[1]]);
    let err = json::from_str_with::<Vec<Vec<Vec<u8>>>>("[[[1]]]", shallow).unwrap_err();
    assert_eq!(err.category(), Category::Limit);
    assert_eq!(err.offset(), 2);
    // The default limit is 128, for recursive types and for skipped values alike, and deep
    // input never overflows the stack.
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Tree(Vec<Tree>);
    let ok = format!("{}{}", "[".repeat(128), "]".repeat(128));
    assert!(json::from_str::<Tree>(&ok).is_ok());
    for depth in [129, 100_000] {
        let deep = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let err = json::from_str::<Tree>(&deep).unwrap_err();
        assert_eq!((err.category(), err.offset()), (Category::Limit, 128), "{err}");
        assert_eq!(err.message(), "nesting deeper than the limit of 128");
        let skipped = format!(r#"{{"required": 1, "unknown": {deep}}}"#);
        let err = json::from_str::<Optional>(&skipped).unwrap_err();
        assert_eq!(err.category(), Category::Limit, "{err}");
    }
}

#[test]
fn to_writer_appends_and_to_io_writer_writes() {
    let mut out = Vec::new();
    json::to_writer(&mut out, &1u8).unwrap();
    json::to_writer(&mut out, "two").unwrap();
    json::to_writer(&mut out, &[3u8]).unwrap();
    assert_eq!(out, br#"1"two"[3]"#);
    // A reused buffer keeps its capacity.
    out.clear();
    let capacity = out.capacity();
    json::to_writer(&mut out, &doc()).unwrap();
    json::to_writer(&mut out, &doc()).unwrap();
    let one = json::to_vec(&doc()).unwrap();
    assert_eq!(out, [one.clone(), one.clone()].concat());
    assert!(out.capacity() >= capacity);

    let mut sink: Vec<u8> = Vec::new();
    json::to_io_writer(&mut sink, &doc()).unwrap();
    assert_eq!(sink, one);
    // A large value goes through the buffer in pieces.
    let big: Vec<String> = (0..20_000).map(|i| format!("item {i}")).collect();
    let mut sink = Vec::new();
    json::to_io_writer(&mut sink, &big).unwrap();
    assert_eq!(sink, json::to_vec(&big).unwrap());
    assert_eq!(json::from_slice::<Vec<String>>(&sink).unwrap(), big);
}

#[test]
fn io_errors_surface() {
    struct Broken;
    impl std::io::Write for Broken {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let err = json::to_io_writer(Broken, &doc()).unwrap_err();
    assert_eq!(err.category(), Category::Io);
    assert_eq!(err.to_string(), "disk on fire (after writing 0 bytes)");
    assert!(std::error::Error::source(&err).is_some());
}

#[test]
fn trailing_input_is_refused() {
    let err = error::<u8>("1 2");
    assert_eq!(
        err.to_string(),
        "expected end of input after the JSON value, found `2` at line 1, column 3 (byte 2)"
    );
    assert_eq!(err.category(), Category::Syntax);
    let err = error::<Vec<u8>>("[1]]");
    assert_eq!(err.offset(), 3);
    let err = error::<u8>("");
    assert_eq!(err.category(), Category::Eof);
}

#[test]
fn malformed_literals_are_syntax_errors_not_type_errors() {
    // `nan` is not `null`, and `t` is truncated input: neither is well-formed JSON of the wrong
    // type. Reading them as `f64` reports "expected f64, found null" / "found a boolean" in
    // Category::Data, so `is_eof()` cannot tell truncated input (`[t`) from a type mismatch.
    let err = error::<f64>("nan");
    assert_eq!(err.category(), Category::Syntax, "{err}");
    let err = error::<u8>("nul");
    assert_eq!(err.category(), Category::Eof, "{err}");
    let err = error::<Vec<u8>>("[t");
    assert!(err.is_eof(), "{err}");
    let err = error::<String>("fals");
    assert!(err.is_eof(), "{err}");
}
