//! The serde bridge: serde's attributes (rename, tag, untagged, flatten, default, skip, ...)
//! give what serde_json gives on the same inputs, strings borrow where serde allows, and errors
//! carry the positions and paths of jetwire's own derived reads of the same types.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use jetwire_json::{Category, Error, Value, json};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The runtime paths the derive expects, for `#[jetwire(crate = "crate::jw")]`.
mod jw {
    pub use jetwire_json as json;
    pub mod __private {
        pub use jetwire_json::private::*;
    }
}

/// Reads `json` with both libraries, checks that they agree, and that both write the value the
/// same way; returns the value.
fn same<T>(json: &str) -> T
where
    T: DeserializeOwned + Serialize + PartialEq + Debug,
{
    let ours: T = jetwire_json::serde::from_str(json).unwrap_or_else(|err| panic!("{json}: jetwire: {err}"));
    let theirs: T = serde_json::from_str(json).unwrap_or_else(|err| panic!("{json}: serde_json: {err}"));
    assert_eq!(ours, theirs, "{json}");
    let written = jetwire_json::serde::to_string(&ours).unwrap();
    assert_eq!(written, serde_json::to_string(&theirs).unwrap(), "{json}");
    let back: T = jetwire_json::serde::from_str(&written).unwrap();
    assert_eq!(back, ours);
    ours
}

/// Checks that both libraries reject `json` as a `T`, and returns jetwire's error.
fn both_reject<T: DeserializeOwned + Debug>(json: &str) -> Error {
    assert!(serde_json::from_str::<T>(json).is_err(), "{json}: serde_json accepts it");
    jetwire_json::serde::from_str::<T>(json).expect_err(json)
}

// ---- attributes against serde_json ---------------------------------------------------------------

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Renamed {
    user_id: u64,
    #[serde(rename = "DisplayName", alias = "name")]
    display_name: String,
    is_admin: bool,
}

#[test]
fn rename_rename_all_and_alias() {
    let value: Renamed = same(r#"{"userId": 1, "DisplayName": "ada", "isAdmin": true}"#);
    assert_eq!(value.display_name, "ada");
    same::<Renamed>(r#"{"name": "alias", "userId": 2, "isAdmin": false}"#);
    both_reject::<Renamed>(r#"{"user_id": 1, "DisplayName": "x", "isAdmin": true}"#);
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "type")]
enum Internal {
    Circle { radius: f64 },
    Square(Side),
    Empty,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Side {
    side: u32,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Number(i64),
    Pair(u8, String),
    Unit,
    Fields { a: bool },
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
enum External {
    Unit,
    Newtype(u32),
    Tuple(u8, u8),
    Struct { x: i16 },
}

#[test]
fn enum_representations() {
    same::<Vec<Internal>>(
        r#"[{"type": "Circle", "radius": 1.5}, {"side": 3, "type": "Square"}, {"type": "Empty"}]"#,
    );
    same::<Vec<Adjacent>>(
        r#"[{"t": "Number", "c": -4}, {"c": [1, "x"], "t": "Pair"}, {"t": "Unit"}, {"t": "Fields", "c": {"a": true}}]"#,
    );
    same::<Vec<External>>(r#"["Unit", {"Newtype": 7}, {"Tuple": [1, 2]}, {"Struct": {"x": -3}}]"#);
    both_reject::<Internal>(r#"{"type": "Triangle"}"#);
    both_reject::<Internal>(r#"{"radius": 1.5}"#);
    both_reject::<External>(r#"{"Unit": null, "Newtype": 1}"#);
    both_reject::<External>(r#""Newtype""#);
    let err = both_reject::<External>(r#""Nope""#);
    assert_eq!(err.message(), "unknown variant `Nope`, expected one of `Unit`, `Newtype`, `Tuple`, `Struct`");
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Untagged {
    Int(i64),
    Float(f64),
    Text(String),
    List(Vec<Untagged>),
    Point { x: i32, y: i32 },
    Nothing,
}

#[test]
fn untagged() {
    same::<Vec<Untagged>>(r#"[1, -2, 2.5, "s", [1, "t"], {"x": 1, "y": 2}, null]"#);
    let err = both_reject::<Untagged>(r#"{"x": 1}"#);
    assert_eq!(err.message(), "data did not match any variant of untagged enum Untagged");
    assert_eq!(err.offset(), 0);
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Flattened {
    id: u32,
    #[serde(flatten)]
    meta: Meta,
    #[serde(flatten)]
    rest: BTreeMap<String, Value>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Meta {
    created: String,
    #[serde(default)]
    tags: Vec<String>,
}

#[test]
fn flatten() {
    let value: Flattened =
        same(r#"{"created": "today", "id": 1, "extra": [1, {"deep": null}], "more": 2.5}"#);
    assert_eq!(value.rest["extra"], json!([1, {"deep": null}]));
    assert_eq!(value.meta.tags, Vec::<String>::new());
    both_reject::<Flattened>(r#"{"id": 1}"#);
}

fn forty_two() -> u32 {
    42
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Default)]
#[serde(default)]
struct Defaults {
    a: u32,
    b: String,
    #[serde(default = "forty_two")]
    c: u32,
    d: Option<bool>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Skips {
    kept: u32,
    #[serde(skip)]
    skipped: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    maybe: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    list: Vec<u8>,
    #[serde(skip_deserializing)]
    write_only: bool,
}

#[test]
fn default_and_skip() {
    // The field's own default wins over the container's.
    assert_eq!(same::<Defaults>("{}"), Defaults { a: 0, b: String::new(), c: 42, d: None });
    same::<Defaults>(r#"{"c": 7, "d": true}"#);
    let value: Skips = same(r#"{"kept": 1, "skipped": 99, "write_only": true}"#);
    assert_eq!((value.skipped, value.write_only), (0, false));
    assert_eq!(jetwire_json::serde::to_string(&value).unwrap(), r#"{"kept":1,"write_only":false}"#);
    same::<Skips>(r#"{"kept": 2, "maybe": 3, "list": [4]}"#);
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Strict {
    a: u8,
}

#[test]
fn deny_unknown_fields() {
    same::<Strict>(r#"{"a": 1}"#);
    let err = both_reject::<Strict>(r#"{"a": 1, "b": 2}"#);
    assert_eq!(err.message(), "unknown field `b`, expected `a`");
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Transparent(#[serde(with = "as_text")] u64);

mod as_text {
    use serde::{Deserialize, Deserializer, Serializer};
    pub fn serialize<S: Serializer>(value: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let text = <std::borrow::Cow<str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[test]
fn data_model() {
    same::<(u8, i64, f64, bool, char, String, Option<u8>, Option<u8>, ())>(
        r#"[255, -9223372036854775808, 0.1, false, "é", "a\"b\\c\u0001", null, 3, null]"#,
    );
    same::<(u128, i128)>(
        r#"[340282366920938463463374607431768211455, -170141183460469231731687303715884105728]"#,
    );
    same::<BTreeMap<u32, String>>(r#"{"1": "a", "20": "b"}"#);
    same::<HashMap<bool, i8>>(r#"{"true": 1}"#);
    same::<BTreeMap<String, Vec<Option<f32>>>>(r#"{"k": [1.5, null, -0.25]}"#);
    same::<Transparent>(r#""123""#);
    same::<Vec<u8>>("[1, 2, 3]");
    // A struct can be read from an array of its fields, as serde_json allows.
    let side: Side = jetwire_json::serde::from_str("[5]").unwrap();
    assert_eq!(side, Side { side: 5 });
    // Bytes are written as arrays of numbers.
    let bytes = serde_bytes_like(b"\x00\xff");
    assert_eq!(jetwire_json::serde::to_string(&bytes).unwrap(), serde_json::to_string(&bytes).unwrap());
}

struct BytesLike(Vec<u8>);

impl Serialize for BytesLike {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(&self.0)
    }
}

fn serde_bytes_like(bytes: &[u8]) -> BytesLike {
    BytesLike(bytes.to_vec())
}

#[test]
fn writer_rules_differ_where_jetwire_differs() {
    // NaN has no JSON form: an error, where serde_json writes null.
    assert!(jetwire_json::serde::to_string(&f64::NAN).is_err());
    assert_eq!(serde_json::to_string(&f64::NAN).unwrap(), "null");
    // Map keys: strings, integers and booleans; not sequences.
    let map: BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into_iter().collect();
    assert!(jetwire_json::serde::to_string(&map).is_err());
    assert!(serde_json::to_string(&map).is_err());
}

// ---- borrowing -----------------------------------------------------------------------------------

#[derive(Deserialize, Debug)]
struct Borrowed<'a> {
    name: &'a str,
    #[serde(borrow)]
    maybe: Cow<'a, str>,
    #[serde(borrow)]
    list: Vec<&'a str>,
    #[serde(borrow)]
    map: BTreeMap<&'a str, &'a str>,
}

#[test]
fn strings_are_borrowed_where_serde_allows() {
    let input = br#"{"name": "ada", "maybe": "plain", "list": ["x", "y"], "map": {"k": "v"}}"#;
    let value: Borrowed = jetwire_json::serde::from_slice(input).unwrap();
    let inside = |s: &str| input.as_ptr_range().contains(&s.as_ptr());
    assert!(inside(value.name) && inside(value.list[1]));
    assert!(matches!(value.maybe, Cow::Borrowed(text) if inside(text)));
    assert!(value.map.iter().all(|(k, v)| inside(k) && inside(v)));

    // With escapes a string cannot be borrowed: `Cow` owns it, `&str` is an error.
    let value: Borrowed =
        jetwire_json::serde::from_slice(br#"{"name": "a", "maybe": "tab\t", "list": [], "map": {}}"#)
            .unwrap();
    assert!(matches!(value.maybe, Cow::Owned(ref text) if text == "tab\t"));
    let err = jetwire_json::serde::from_slice::<Borrowed>(
        br#"{"name": "\u0061", "maybe": "", "list": [], "map": {}}"#,
    )
    .unwrap_err();
    assert_eq!(err.path(), "/name");
    assert!(
        serde_json::from_slice::<Borrowed>(br#"{"name": "\u0061", "maybe": "", "list": [], "map": {}}"#)
            .is_err()
    );

    // Internally tagged enums buffer their content and still borrow.
    #[derive(Deserialize, Debug)]
    #[serde(tag = "kind")]
    enum Tagged<'a> {
        Named { name: &'a str },
    }
    let input = br#"{"name": "inside", "kind": "Named"}"#;
    let Tagged::Named { name } = jetwire_json::serde::from_slice(input).unwrap();
    assert!(input.as_ptr_range().contains(&name.as_ptr()));
}

// ---- errors: the positions and paths of jetwire's own reads --------------------------------------

#[derive(Deserialize, jetwire_derive::FromJson, Debug)]
#[jetwire(crate = "crate::jw")]
#[allow(dead_code)]
struct Order {
    id: u64,
    lines: Vec<Line>,
    note: Option<String>,
    totals: BTreeMap<String, f64>,
}

#[derive(Deserialize, jetwire_derive::FromJson, Debug)]
#[jetwire(crate = "crate::jw")]
#[allow(dead_code)]
struct Line {
    sku: String,
    qty: u32,
    pair: (u8, bool),
}

/// The error both jetwire readings of `json` give, checked to be the same.
fn same_error(json: &str) -> Error {
    let bridged = jetwire_json::serde::from_str::<Order>(json).expect_err(json);
    let derived = jetwire_json::from_str::<Order>(json).expect_err(json);
    assert_eq!(
        (bridged.category(), bridged.path(), bridged.offset(), bridged.line(), bridged.column()),
        (derived.category(), derived.path(), derived.offset(), derived.line(), derived.column()),
        "{json}:\n  serde bridge: {bridged}\n  derive:       {derived}"
    );
    assert!(serde_json::from_str::<Order>(json).is_err(), "{json}: serde_json accepts it");
    bridged
}

#[test]
fn errors_match_jetwires_own_typed_reads() {
    let line = r#"{"sku": "a", "qty": 1, "pair": [1, true]}"#;
    let err = same_error(&format!(
        r#"{{"id": 1, "lines": [{line}, {{"sku": "b", "qty": -1, "pair": [1, true]}}], "note": null, "totals": {{}}}}"#
    ));
    assert_eq!((err.path(), err.message()), ("/lines/1/qty", "number `-1` is out of range for u32"));
    let err = same_error(r#"{"id": "7", "lines": [], "note": null, "totals": {}}"#);
    assert_eq!((err.path(), err.message(), err.offset()), ("/id", "expected u64, found the string \"7\"", 7));
    let err = same_error(&format!(r#"{{"id": 1, "lines": [{line}], "note": 5, "totals": {{}}}}"#));
    assert_eq!(err.path(), "/note");
    let err = same_error(r#"{"id": 1, "lines": [], "note": null, "totals": {"a": 1.5, "b/c": "x"}}"#);
    assert_eq!(err.path(), "/totals/b~1c");
    let err = same_error(&format!(
        r#"{{"id": 1, "lines": [{line}, {{"sku": "b", "qty": 1, "pair": [1, 2]}}], "note": null, "totals": {{}}}}"#
    ));
    assert_eq!(err.path(), "/lines/1/pair/1");
    let err = same_error(r#"{"id": 1, "lines": [], "note": null}"#);
    assert_eq!(err.message(), "missing field `totals`");
    same_error(r#"{"id": 1, "lines": [{"sku": "a", "pair": [1, true]}], "note": null, "totals": {}}"#);
    // Syntax errors come from the reader itself.
    let err = same_error("{\n  \"id\": 1,\n  \"lines\": [}\n}");
    assert_eq!((err.category(), err.line(), err.column()), (Category::Syntax, 3, 13));
    let err = same_error(r#"{"id": 1, "lines": [], "note": null, "totals": {}} x"#);
    assert_eq!(err.category(), Category::Syntax);
    let err = same_error(r#"{"id": 1, "lines": [], "note": null, "totals": {"#);
    assert!(err.is_eof());
}

#[test]
fn errors_inside_buffered_content_point_at_the_value() {
    let err = both_reject::<Vec<Internal>>(r#"[{"type": "Empty"}, {"type": "Circle", "radius": "big"}]"#);
    assert_eq!((err.path(), err.offset()), ("/1", 20));
    let err = both_reject::<BTreeMap<String, Adjacent>>(r#"{"a": {"t": "Number", "c": "x"}}"#);
    assert_eq!((err.path(), err.offset()), ("/a/c", 27));
    let err = both_reject::<Vec<External>>(r#"["Unit", {"Struct": {"x": "no"}}]"#);
    assert_eq!((err.path(), err.offset()), ("/1/Struct/x", 26));
}

#[test]
fn depth_limit() {
    let deep = "[".repeat(200) + &"]".repeat(200);
    let err = jetwire_json::serde::from_str::<Value>(&deep).unwrap_err();
    assert_eq!(err.category(), Category::Limit);
    let err = jetwire_json::serde::from_str::<serde_json::Value>(&deep).unwrap_err();
    assert_eq!(err.category(), Category::Limit);
}

// ---- entry points and the DOM --------------------------------------------------------------------

#[test]
fn entry_points() {
    let order: BTreeMap<String, u8> = jetwire_json::serde::from_reader(&br#"{"a": 1}"#[..]).unwrap();
    assert_eq!(order["a"], 1);
    let mut out = b"prefix ".to_vec();
    jetwire_json::serde::to_writer(&mut out, &order).unwrap();
    assert_eq!(out, br#"prefix {"a":1}"#);
    assert_eq!(jetwire_json::serde::to_vec(&[1, 2]).unwrap(), b"[1,2]");
    assert_eq!(jetwire_json::serde::to_string_pretty(&order).unwrap(), "{\n  \"a\": 1\n}");
    let mut sink = Vec::new();
    jetwire_json::serde::to_io_writer(&mut sink, &Some(true)).unwrap();
    assert_eq!(sink, b"true");
    let err = jetwire_json::serde::from_reader::<_, u8>(&b"300"[..]).unwrap_err();
    assert_eq!(err.message(), "number `300` is out of range for u8");
}

#[test]
fn values_through_serde() {
    // jetwire's DOM through the bridge keeps numbers exactly; through serde_json it still works.
    let input = r#"{"n": [1, -2, 1.50, 1e400, 123456789012345678901234567890], "s": "x"}"#;
    let value: Value = jetwire_json::serde::from_str(input).unwrap();
    assert_eq!(
        jetwire_json::to_string(&value).unwrap(),
        r#"{"n":[1,-2,1.50,1e400,123456789012345678901234567890],"s":"x"}"#
    );
    let value: Value = serde_json::from_str(r#"{"n": [1, -2, 1.5], "s": "x"}"#).unwrap();
    assert_eq!(value, json!({"n": [1, -2, 1.5], "s": "x"}));
    assert_eq!(serde_json::to_string(&value).unwrap(), r#"{"n":[1,-2,1.5],"s":"x"}"#);
    // serde_json's DOM through the bridge.
    let theirs: serde_json::Value =
        jetwire_json::serde::from_str(r#"{"a": [1, 2.5, "x", null, true]}"#).unwrap();
    assert_eq!(theirs, serde_json::json!({"a": [1, 2.5, "x", null, true]}));
    assert_eq!(jetwire_json::serde::to_string(&theirs).unwrap(), r#"{"a":[1,2.5,"x",null,true]}"#);
}

#[test]
fn an_externally_tagged_enum_from_an_empty_object_names_what_it_found() {
    #[derive(Deserialize, Debug, PartialEq)]
    enum Shape {
        Circle(f64),
    }
    let err = jetwire_json::serde::from_str::<Shape>("{}").unwrap_err();
    assert_eq!(err.message(), "expected an object with one property naming a variant, found an empty object");
    assert_eq!(err.category(), Category::Data);
    assert_eq!(jetwire_json::serde::from_str::<Shape>(r#"{"Circle": 1.5}"#).unwrap(), Shape::Circle(1.5));
}

#[test]
fn raw_values_from_another_deserializer_are_checked() {
    use serde::de::value::{BorrowedBytesDeserializer, BytesDeserializer, Error as ValueError};
    let valid = jetwire_json::RawValue::deserialize(BorrowedBytesDeserializer::<ValueError>::new(b"[1, 2]"));
    assert_eq!(valid.unwrap().as_bytes(), b"[1, 2]");
    let invalid = jetwire_json::RawValue::deserialize(BorrowedBytesDeserializer::<ValueError>::new(b"{oops"));
    assert!(invalid.unwrap_err().to_string().contains("property name"));
    let owned = jetwire_json::OwnedRawValue::deserialize(BytesDeserializer::<ValueError>::new(b"[1,"));
    assert!(owned.is_err());
    let owned = jetwire_json::OwnedRawValue::deserialize(BytesDeserializer::<ValueError>::new(b" true "));
    assert_eq!(owned.unwrap().as_bytes(), b"true");
}

/// What serde_json's own tests expect of numbers, variants and floats, through the bridge.
mod serde_json_compatibility {
    use serde::{Deserialize, Serialize};

    #[track_caller]
    fn both<T: serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(input: &str) -> T {
        let ours: T = jetwire_json::serde::from_str(input).unwrap();
        let theirs: T = serde_json::from_str(input).unwrap();
        assert_eq!(ours, theirs, "{input}");
        ours
    }

    #[test]
    fn integers_beyond_64_bits_reach_any_visitor_as_f64() {
        let value: serde_json::Value = both("[18446744073709552000, -9223372036854775809]");
        assert_eq!(value[0].as_f64(), Some(18446744073709552000.0));
        assert_eq!(value[1].as_f64(), Some(-9223372036854775809.0));
        // A field typed u128 still reads them exactly.
        let exact: Vec<u128> =
            jetwire_json::serde::from_str("[340282366920938463463374607431768211455]").unwrap();
        assert_eq!(exact, [u128::MAX]);
    }

    #[test]
    fn negative_zero_keeps_its_sign() {
        let value: serde_json::Value = both("-0");
        assert!(value.as_f64().unwrap().is_sign_negative());
        assert!(value.as_i64().is_none(), "a float, as serde_json reads it");
        let float: f64 = both("-0");
        assert!(float.is_sign_negative());
        // Asked for an integer, jetwire reads `-0` as 0 (JSON's grammar has it as an integer);
        // serde_json refuses it there.
        let integer: i64 = jetwire_json::serde::from_str("-0").unwrap();
        assert_eq!(integer, 0);
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    enum Animal {
        Cat { age: u8, name: String },
        Dog(u8),
    }

    #[test]
    fn a_struct_variant_reads_from_an_array_of_its_fields() {
        let cat: Animal = both(r#"{"Cat": [5, "Kate"]}"#);
        assert_eq!(cat, Animal::Cat { age: 5, name: "Kate".into() });
        let cat: Animal = both(r#"{"Cat": {"name": "Kate", "age": 5}}"#);
        assert_eq!(cat, Animal::Cat { age: 5, name: "Kate".into() });
        assert!(jetwire_json::serde::from_str::<Animal>(r#"{"Cat": [5]}"#).is_err());
    }

    /// As serde_json with its default features reads it (through f64; with `float_roundtrip`,
    /// as this workspace's tests build it, serde_json refuses it instead).
    #[test]
    fn an_f32_beyond_its_range_is_an_infinity() {
        let wide: f32 = jetwire_json::serde::from_str("3.5e38").unwrap();
        assert_eq!(wide, f32::INFINITY);
        let wide: f32 = jetwire_json::serde::from_str("-3.5e38").unwrap();
        assert_eq!(wide, f32::NEG_INFINITY);
        // Within range, correctly rounded as before; beyond f64's range, an error for both.
        let near: f32 = both("3.4028234e38");
        assert_eq!(near, f32::MAX);
        assert!(jetwire_json::serde::from_str::<f32>("1e400").is_err());
        assert!(serde_json::from_str::<f32>("1e400").is_err());
    }

    #[test]
    fn exponents_are_written_with_their_sign_as_serde_json_writes_them() {
        assert_eq!(jetwire_json::serde::to_string(&1e300).unwrap(), serde_json::to_string(&1e300).unwrap());
        assert_eq!(jetwire_json::serde::to_string(&1e300).unwrap(), "1e+300");
    }

    #[derive(Deserialize, Debug, PartialEq)]
    struct Message<'a> {
        text: String,
        #[serde(borrow)]
        tag: std::borrow::Cow<'a, str>,
    }

    /// With `strict_unicode`, the bridge refuses what serde_json refuses, at the same string;
    /// without it, the text reads with U+FFFD.
    #[test]
    fn strict_unicode_refuses_ill_formed_text_as_serde_json_does() {
        let strict = jetwire_json::ReadOptions { strict_unicode: true, ..Default::default() };
        for (input, at) in [
            (&b"{\"text\": \"caf\xE9\", \"tag\": \"a\"}"[..], 13),
            (br#"{"text": "ok", "tag": "\ud800"}"#, 23),
            (b"{\"text\": \"\\n\xFF\", \"tag\": \"a\"}", 12),
            (br#"{"text": "\udc00\ud800", "tag": "a"}"#, 10),
            (br#"{"text": "ok", "t\ud800g": "a"}"#, 17),
        ] {
            let shown = String::from_utf8_lossy(input);
            assert!(serde_json::from_slice::<Message>(input).is_err(), "{shown}");
            let err = jetwire_json::serde::from_slice_with::<Message>(input, strict).unwrap_err();
            assert_eq!(
                (err.category(), err.offset()),
                (jetwire_json::Category::Syntax, at),
                "{shown}: {err}"
            );
            // The lexical policy (the default) reads the same input.
            let lenient = jetwire_json::serde::from_slice::<serde_json::Value>(input).unwrap();
            assert!(lenient.to_string().contains('\u{FFFD}'), "{shown}");
        }
        // Well-formed text, escapes and pairs included, reads alike; a property skipped unread
        // is not looked at (serde_json does not decode it either).
        let good =
            b"{\"text\": \"caf\\u00e9 \\ud83d\\ude00\", \"tag\": \"plain\", \"extra\": \"\\ud800\xFF\"}";
        let ours = jetwire_json::serde::from_slice_with::<Message>(good, strict).unwrap();
        assert_eq!(ours, serde_json::from_slice::<Message>(good).unwrap());
        assert!(matches!(ours.tag, std::borrow::Cow::Borrowed("plain")));
    }

    /// Bytes keep their exact bytes under `strict_unicode`: it is a rule for text.
    #[test]
    fn strict_unicode_leaves_bytes_as_they_are() {
        let strict = jetwire_json::ReadOptions { strict_unicode: true, ..Default::default() };
        let mut reader = jetwire_json::Reader::with_options(b"[\"\xFF\\ud800\"]", strict);
        reader.begin_array().unwrap();
        assert!(reader.next_element().unwrap());
        assert_eq!(reader.read_string_bytes().unwrap().as_ref(), b"\xFF\xED\xA0\x80");
    }
}

#[derive(Deserialize, jetwire_derive::FromJson, Debug)]
#[jetwire(crate = "crate::jw")]
#[allow(dead_code)]
struct Settings {
    storage: Storage,
}

#[derive(Deserialize, jetwire_derive::FromJson, Debug)]
#[jetwire(crate = "crate::jw")]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Storage {
    bucket: String,
    region: String,
}

/// Missing and unknown fields name the field in the path, the same through the derive and
/// through the bridge; an unknown field's column is its key's.
#[test]
fn missing_and_unknown_fields_are_in_the_path() {
    let input = r#"{"storage": {"region": "eu"}}"#;
    let derived = jetwire_json::from_str::<Settings>(input).unwrap_err();
    let bridged = jetwire_json::serde::from_str::<Settings>(input).unwrap_err();
    assert_eq!((derived.path(), derived.message()), ("/storage/bucket", "missing field `bucket`"));
    assert_eq!((bridged.path(), bridged.message()), (derived.path(), derived.message()));

    let input = r#"{"storage": {"bucket": "b", "zone": 1, "region": "eu"}}"#;
    let derived = jetwire_json::from_str::<Settings>(input).unwrap_err();
    let bridged = jetwire_json::serde::from_str::<Settings>(input).unwrap_err();
    assert_eq!(derived.path(), "/storage/zone");
    assert_eq!(derived.message(), "unknown field `zone`, expected one of `bucket`, `region`");
    assert_eq!(derived.column(), input.find("\"zone\"").unwrap() + 1, "{derived}");
    assert_eq!((bridged.path(), bridged.message()), (derived.path(), derived.message()));
}

#[test]
fn an_error_debugs_as_one_readable_line() {
    let err = jetwire_json::from_str::<Vec<u8>>("[1, \"x\"]").unwrap_err();
    let debug = format!("{err:?}");
    assert_eq!(
        debug,
        r#"Error("expected u8, found the string \"x\" at /1, line 1, column 5 (byte 4)", Data)"#
    );
    assert!(!debug.contains('\n'));
}

/// Map keys that JSON cannot spell as a property name are refused, as serde_json refuses them;
/// the ones it spells (`Some`, newtypes, integers, unit variants) are written as it writes them.
#[test]
fn map_keys_that_are_not_names_are_refused_like_serde_json() {
    #[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
    struct Id(u8);
    #[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
    enum Side {
        Left,
        Other(u8),
    }

    #[track_caller]
    fn refused<K: Serialize + Ord>(key: K) {
        let map = BTreeMap::from([(key, 1)]);
        let ours = jetwire_json::serde::to_string(&map).unwrap_err();
        assert!(serde_json::to_string(&map).is_err(), "serde_json accepts it");
        assert_eq!(
            ours.to_string(),
            "a map key must be a string, an integer, a boolean, a float, a char or a unit variant"
        );
    }
    refused(());
    refused(None::<u8>);
    refused(vec![1u8]);
    refused((1u8, 2u8));
    refused(BTreeMap::from([(1u8, 2u8)]));
    refused(Side::Other(1));

    #[track_caller]
    fn written<K: Serialize + Ord>(key: K, expected: &str) {
        let map = BTreeMap::from([(key, 1)]);
        assert_eq!(jetwire_json::serde::to_string(&map).unwrap(), expected);
        assert_eq!(serde_json::to_string(&map).unwrap(), expected);
    }
    written(Some(7u8), r#"{"7":1}"#);
    written(Id(3), r#"{"3":1}"#);
    written(Side::Left, r#"{"Left":1}"#);
    written(-5i64, r#"{"-5":1}"#);
    written('x', r#"{"x":1}"#);
}
