//! `#[derive(ToJson, FromJson)]` on structs: every shape, field attributes, and the errors of
//! typed reads (missing, duplicate and unknown fields with their paths).

#![cfg(feature = "derive")]

use std::borrow::Cow;
use std::collections::BTreeMap;

mod common;

use common::{error, from_str, round_trip, to_string};
use jetwire::json;
use jetwire::{FromJson, ToJson};

#[derive(ToJson, FromJson, Debug, PartialEq)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
struct Line {
    name: String,
    from: Point,
    to: Point,
    tags: Vec<String>,
    note: Option<String>,
}

#[test]
fn named_struct() {
    round_trip(&Point { x: 1, y: -2 }, r#"{"x":1,"y":-2}"#);
    let line = Line {
        name: "l".into(),
        from: Point { x: 0, y: 0 },
        to: Point { x: 3, y: 4 },
        tags: vec!["a".into(), "b".into()],
        note: None,
    };
    round_trip(&line, r#"{"name":"l","from":{"x":0,"y":0},"to":{"x":3,"y":4},"tags":["a","b"],"note":null}"#);
    // Any order, whitespace, absent Option, unknown fields skipped.
    let back: Line = from_str(
        r#" { "to": {"y": 4, "x": 3}, "extra": [1, {"a": null}], "tags": ["a", "b"], "from": {"x":0,"y":0}, "name": "l" } "#,
    );
    assert_eq!(back, line);
}

#[test]
fn escaped_keys_are_decoded_before_matching() {
    let p: Point = from_str(r#"{"\u0078": 5, "y": 6}"#);
    assert_eq!(p, Point { x: 5, y: 6 });
    // A raw key that happens to look like an escape of a name is not that name.
    #[derive(FromJson, Debug, PartialEq)]
    struct Odd {
        #[jetwire(rename = "a\\n")]
        backslash_n: Option<u8>,
        #[jetwire(rename = "a\n")]
        newline: Option<u8>,
    }
    let odd: Odd = from_str(r#"{"a\n": 1}"#);
    assert_eq!(odd, Odd { backslash_n: None, newline: Some(1) });
    let odd: Odd = from_str(r#"{"a\\n": 2}"#);
    assert_eq!(odd, Odd { backslash_n: Some(2), newline: None });
}

#[test]
fn names_needing_escapes_are_written_escaped() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Weird {
        #[jetwire(rename = "quote\"back\\slash\ttab\u{1}")]
        a: u8,
        #[jetwire(rename = "café")]
        b: u8,
        #[jetwire(rename = "<html>")]
        c: u8,
    }
    round_trip(&Weird { a: 1, b: 2, c: 3 }, r#"{"quote\"back\\slash\ttab\u0001":1,"café":2,"<html>":3}"#);
    let options = json::WriteOptions { ascii_only: true, html_safe: true, ..json::WriteOptions::default() };
    let text = json::to_vec_with(&Weird { a: 1, b: 2, c: 3 }, options).unwrap();
    assert_eq!(
        String::from_utf8(text).unwrap(),
        r#"{"quote\"back\\slash\ttab\u0001":1,"caf\u00e9":2,"\u003chtml\u003e":3}"#
    );
}

#[test]
fn missing_field_error() {
    let err = error::<Point>(r#"{"x": 1}"#);
    assert_eq!(err.message(), "missing field `y`");
    assert_eq!(err.path(), "/y");
    assert_eq!(err.offset(), 8);
    let err = error::<Line>(r#"{"name": "n", "from": {"x": 1}, "to": {"x": 1, "y": 2}, "tags": []}"#);
    assert_eq!(err.message(), "missing field `y`");
    assert_eq!(err.path(), "/from/y");
    assert_eq!(err.to_string(), "missing field `y` at /from/y, line 1, column 31 (byte 30)");
}

#[test]
fn duplicate_field_error() {
    let err = error::<Point>(r#"{"x": 1, "y": 2, "x": 3}"#);
    assert_eq!(err.message(), "duplicate field `x`");
    assert_eq!(err.path(), "");
    let err = error::<Line>(r#"{"from": {"x": 1, "y": 2, "y": 2}}"#);
    assert_eq!(err.message(), "duplicate field `y`");
    assert_eq!(err.path(), "/from");
}

#[test]
fn wrong_type_error_has_path() {
    let err =
        error::<Line>(r#"{"name": "n", "from": {"x": 1, "y": 2}, "to": {"x": true, "y": 2}, "tags": []}"#);
    assert_eq!(err.path(), "/to/x");
    let err = error::<Line>(r#"{"name": "n", "tags": ["a", 2]}"#);
    assert_eq!(err.path(), "/tags/1");
    let err = error::<Point>(r#"{"x": 1, "y": "2"}"#);
    assert_eq!(err.path(), "/y");
    assert_eq!(err.category(), json::Category::Data);
    // An escaped key appears decoded in the path.
    let err = error::<Point>(r#"{"\u0078": null}"#);
    assert_eq!(err.path(), "/x");
    let err = error::<Point>("[1, 2]");
    assert_eq!(err.message(), "expected an object, found an array");
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(deny_unknown_fields)]
struct Strict {
    a: u8,
    #[jetwire(alias = "bee")]
    b: Option<u8>,
}

#[test]
fn deny_unknown_fields() {
    round_trip(&Strict { a: 1, b: Some(2) }, r#"{"a":1,"b":2}"#);
    let s: Strict = from_str(r#"{"a": 1, "bee": 3}"#);
    assert_eq!(s, Strict { a: 1, b: Some(3) });
    let err = error::<Strict>(r#"{"a": 1, "c": 3}"#);
    assert_eq!(err.message(), "unknown field `c`, expected one of `a`, `b`");
    assert_eq!(err.path(), "/c");
}

#[test]
fn unit_tuple_newtype_structs() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Unit;
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Pair(u8, String);
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Meters(f64);
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Empty {}
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct EmptyTuple();

    round_trip(&Unit, "null");
    round_trip(&Pair(1, "x".into()), r#"[1,"x"]"#);
    round_trip(&Meters(2.5), "2.5");
    round_trip(&Empty {}, "{}");
    round_trip(&EmptyTuple(), "[]");

    let err = error::<Pair>("[1]");
    assert_eq!(err.message(), "invalid length 1, expected an array of 2 elements");
    let err = error::<Pair>(r#"[1, "x", 3]"#);
    assert_eq!(err.message(), "invalid length, expected an array of 2 elements, found more elements");
    let err = error::<Pair>(r#"[1, 2]"#);
    assert_eq!(err.path(), "/1");
    let err = error::<Unit>("0");
    assert_eq!(err.message(), "expected null, found the number 0");
}

#[test]
fn newtype_and_transparent_keep_absent_values() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct MaybeName(Option<String>);
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(transparent)]
    struct Wrapper<T> {
        value: T,
        #[jetwire(skip)]
        cache: u32,
    }
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Outer {
        name: MaybeName,
        wrapped: Wrapper<Option<u8>>,
    }
    round_trip(&Wrapper { value: 5u8, cache: 0 }, "5");
    let outer: Outer = from_str("{}");
    assert_eq!(outer, Outer { name: MaybeName(None), wrapped: Wrapper { value: None, cache: 0 } });
    round_trip(
        &Outer { name: MaybeName(Some("n".into())), wrapped: Wrapper { value: Some(1), cache: 0 } },
        r#"{"name":"n","wrapped":1}"#,
    );
}

#[test]
fn rename_all_rules() {
    #[derive(ToJson, FromJson, Debug, PartialEq, Default)]
    #[jetwire(rename_all = "camelCase")]
    struct Camel {
        user_id: u8,
        #[jetwire(rename = "KEEP")]
        keep_me: u8,
    }
    round_trip(&Camel { user_id: 1, keep_me: 2 }, r#"{"userId":1,"KEEP":2}"#);

    macro_rules! rule {
        ($rule:literal, $expected:literal) => {{
            #[derive(ToJson, FromJson, Debug, PartialEq)]
            #[jetwire(rename_all = $rule)]
            struct S {
                very_long_name: u8,
            }
            round_trip(&S { very_long_name: 1 }, $expected);
        }};
    }
    rule!("lowercase", r#"{"very_long_name":1}"#);
    rule!("UPPERCASE", r#"{"VERY_LONG_NAME":1}"#);
    rule!("PascalCase", r#"{"VeryLongName":1}"#);
    rule!("camelCase", r#"{"veryLongName":1}"#);
    rule!("snake_case", r#"{"very_long_name":1}"#);
    rule!("SCREAMING_SNAKE_CASE", r#"{"VERY_LONG_NAME":1}"#);
    rule!("kebab-case", r#"{"very-long-name":1}"#);
    rule!("SCREAMING-KEBAB-CASE", r#"{"VERY-LONG-NAME":1}"#);
}

#[test]
fn raw_identifiers() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Kw {
        r#type: u8,
        r#match: u8,
    }
    round_trip(&Kw { r#type: 1, r#match: 2 }, r#"{"type":1,"match":2}"#);
}

#[test]
fn aliases() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct A {
        #[jetwire(rename = "name", alias = "title", alias = "label")]
        n: String,
    }
    round_trip(&A { n: "x".into() }, r#"{"name":"x"}"#);
    assert_eq!(from_str::<A>(r#"{"title":"t"}"#), A { n: "t".into() });
    assert_eq!(from_str::<A>(r#"{"label":"l"}"#), A { n: "l".into() });
    let err = error::<A>(r#"{"title":"t","label":"l"}"#);
    assert_eq!(err.message(), "duplicate field `name`");
}

fn default_count() -> u32 {
    7
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[test]
fn skip_and_default() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct S {
        #[jetwire(skip)]
        cache: Vec<u8>,
        #[jetwire(skip_serializing)]
        read_only: u8,
        #[jetwire(skip_deserializing)]
        write_only: u8,
        #[jetwire(default)]
        d: u32,
        #[jetwire(default = "default_count")]
        count: u32,
        #[jetwire(skip_serializing_if = "is_zero")]
        maybe: u32,
        #[jetwire(skip_serializing_if = "Option::is_none")]
        opt: Option<u8>,
        #[jetwire(skip_deserializing, default = "default_count")]
        computed: u32,
    }
    let s =
        S { cache: vec![1], read_only: 2, write_only: 3, d: 4, count: 5, maybe: 0, opt: None, computed: 1 };
    assert_eq!(to_string(&s), r#"{"write_only":3,"d":4,"count":5,"computed":1}"#);
    let back: S = from_str(r#"{"cache": [9], "read_only": 2, "write_only": 3, "maybe": 0}"#);
    assert_eq!(
        back,
        S { cache: vec![], read_only: 2, write_only: 0, d: 0, count: 7, maybe: 0, opt: None, computed: 7 }
    );
    let s = S { maybe: 1, opt: Some(2), ..back };
    assert_eq!(to_string(&s), r#"{"write_only":0,"d":0,"count":7,"maybe":1,"opt":2,"computed":7}"#);
}

#[test]
fn container_default() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(default)]
    struct Config {
        port: u16,
        host: String,
        #[jetwire(default = "default_count")]
        retries: u32,
        #[jetwire(skip)]
        secret: u8,
    }
    impl Default for Config {
        fn default() -> Self {
            Config { port: 80, host: "localhost".into(), retries: 1, secret: 42 }
        }
    }
    let c: Config = from_str(r#"{"host": "example.org"}"#);
    assert_eq!(c, Config { port: 80, host: "example.org".into(), retries: 7, secret: 42 });

    fn make() -> Partial {
        Partial { a: 10, b: 20 }
    }
    #[derive(FromJson, Debug, PartialEq)]
    #[jetwire(default = "make")]
    struct Partial {
        a: u8,
        b: u8,
    }
    assert_eq!(from_str::<Partial>(r#"{"b": 1}"#), Partial { a: 10, b: 1 });
}

mod bytes_with {
    use jetwire::json::{Output, Reader, Result, Writer};

    /// Writes a u32 as a string of decimal digits.
    pub fn to_json<O: Output>(value: &u32, w: &mut Writer<O>) -> Result<()> {
        w.string(&value.to_string())
    }

    pub fn from_json(r: &mut Reader<'_>) -> Result<u32> {
        let text = r.read_str()?;
        text.parse().map_err(|_| r.data_error("expected digits"))
    }
}

#[test]
fn with_module() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct S {
        #[jetwire(with = "bytes_with")]
        n: u32,
        #[jetwire(with = "bytes_with", default)]
        m: u32,
    }
    round_trip(&S { n: 12, m: 3 }, r#"{"n":"12","m":"3"}"#);
    assert_eq!(from_str::<S>(r#"{"n": "5"}"#), S { n: 5, m: 0 });
    let err = error::<S>(r#"{"m": "5"}"#);
    assert_eq!(err.message(), "missing field `n`");
    let err = error::<S>(r#"{"n": "x"}"#);
    assert_eq!((err.message(), err.path()), ("expected digits", "/n"));
}

#[test]
fn base64_fields() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Blob {
        #[jetwire(base64)]
        data: Vec<u8>,
        #[jetwire(base64)]
        fixed: [u8; 4],
        #[jetwire(base64)]
        boxed: Box<[u8]>,
        #[jetwire(base64)]
        maybe: Option<Vec<u8>>,
        #[jetwire(base64)]
        cow: Cow<'static, [u8]>,
    }
    let blob = Blob {
        data: vec![0, 1, 2],
        fixed: *b"jetw",
        boxed: Box::new([255]),
        maybe: None,
        cow: Cow::Borrowed(b"hi"),
    };
    round_trip(&blob, r#"{"data":"AAEC","fixed":"amV0dw==","boxed":"/w==","maybe":null,"cow":"aGk="}"#);
    let back: Blob = from_str(r#"{"data":"","fixed":"amV0dw==","boxed":"","cow":""}"#);
    assert_eq!(back.maybe, None);
    let err = error::<Blob>(r#"{"data":"","fixed":"AAEC","boxed":"","cow":""}"#);
    assert_eq!(err.path(), "/fixed");
    assert_eq!(err.message(), "expected base64 of 4 bytes, found base64 of 3 bytes");
    let err = error::<Blob>(r#"{"data":"!!","fixed":"amV0dw==","boxed":"","cow":""}"#);
    assert_eq!(err.path(), "/data");

    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Raw(#[jetwire(base64)] Vec<u8>);
    round_trip(&Raw(vec![1, 2, 3]), r#""AQID""#);
}

#[test]
fn tagged_struct() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(tag = "type", deny_unknown_fields)]
    struct Circle {
        r: f64,
    }
    round_trip(&Circle { r: 1.5 }, r#"{"type":"Circle","r":1.5}"#);
    assert_eq!(from_str::<Circle>(r#"{"r": 2}"#), Circle { r: 2.0 });
}

#[test]
fn many_fields_use_a_wide_bitmask() {
    macro_rules! wide {
        ($($f:ident)*) => {
            #[derive(ToJson, FromJson, Debug, PartialEq, Default)]
            struct Wide { $($f: u8,)* }
        };
    }
    wide!(
        f00 f01 f02 f03 f04 f05 f06 f07 f08 f09 f10 f11 f12 f13 f14 f15 f16 f17 f18 f19
        f20 f21 f22 f23 f24 f25 f26 f27 f28 f29 f30 f31 f32 f33 f34 f35 f36 f37 f38 f39
        f40 f41 f42 f43 f44 f45 f46 f47 f48 f49 f50 f51 f52 f53 f54 f55 f56 f57 f58 f59
        f60 f61 f62 f63 f64 f65 f66 f67 f68 f69
    );
    let w = Wide { f00: 1, f64: 2, f69: 3, ..Wide::default() };
    let text = to_string(&w);
    assert_eq!(from_str::<Wide>(&text), w);
    let err = error::<Wide>(r#"{"f65": 1, "f64": 1, "f65": 2}"#);
    assert_eq!(err.message(), "duplicate field `f65`");
    let err = error::<Wide>(r#"{"f65": 1}"#);
    assert_eq!(err.message(), "missing field `f00`");
}

#[test]
fn maps_and_nested_containers() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Index {
        by_name: BTreeMap<String, Vec<Point>>,
    }
    let mut by_name = BTreeMap::new();
    by_name.insert("a".to_owned(), vec![Point { x: 1, y: 2 }]);
    round_trip(&Index { by_name }, r#"{"by_name":{"a":[{"x":1,"y":2}]}}"#);
    let err = error::<Index>(r#"{"by_name": {"a": [{"x": 1, "y": 2}, {"x": 1}]}}"#);
    assert_eq!((err.message(), err.path()), ("missing field `y`", "/by_name/a/1/y"));
}

/// Every order of keys, absence, duplicate, alias, escape and unknown key reads exactly as a
/// model of the typed contract says: the value, or the error naming the field.
mod key_order {
    use super::*;
    use proptest::prelude::*;

    #[derive(FromJson, Debug, PartialEq, Default)]
    struct Record {
        a: u32,
        b: Option<String>,
        #[jetwire(default)]
        c: u8,
        #[jetwire(alias = "dd")]
        d: bool,
        e: i64,
    }

    /// The spellings a generated key may take: each field's name, `d`'s alias, `a` escaped,
    /// and a key no field takes.
    const SPELLINGS: [&str; 8] = ["a", "b", "c", "d", "e", "dd", "\\u0061", "z"];

    /// The field a spelling names, if any.
    fn field_of(spelling: &str) -> Option<&'static str> {
        match spelling {
            "a" | "\\u0061" => Some("a"),
            "b" => Some("b"),
            "c" => Some("c"),
            "d" | "dd" => Some("d"),
            "e" => Some("e"),
            _ => None,
        }
    }

    /// The object with the keys `spellings`, the value of the `i`-th key derived from `i`.
    fn object(spellings: &[&str]) -> String {
        let members: Vec<String> = spellings
            .iter()
            .enumerate()
            .map(|(i, &spelling)| {
                let value = match field_of(spelling) {
                    Some("a") => format!("{i}"),
                    Some("b") => format!("\"s{i}\""),
                    Some("c") => format!("{}", i + 100),
                    Some("d") => format!("{}", i % 2 == 0),
                    Some(_) => format!("-{i}"),
                    None => format!("[{i}, {{\"a\": 1}}]"),
                };
                format!("\"{spelling}\": {value}")
            })
            .collect();
        format!("{{{}}}", members.join(", "))
    }

    /// What reading `object(spellings)` must give: the value, or the error's message.
    fn model(spellings: &[&str]) -> Result<Record, String> {
        let mut record = Record::default();
        let mut seen = Vec::new();
        for (i, &spelling) in spellings.iter().enumerate() {
            let Some(field) = field_of(spelling) else { continue };
            if seen.contains(&field) {
                return Err(format!("duplicate field `{field}`"));
            }
            seen.push(field);
            match field {
                "a" => record.a = i as u32,
                "b" => record.b = Some(format!("s{i}")),
                "c" => record.c = i as u8 + 100,
                "d" => record.d = i % 2 == 0,
                _ => record.e = -(i as i64),
            }
        }
        for required in ["a", "d", "e"] {
            if !seen.contains(&required) {
                return Err(format!("missing field `{required}`"));
            }
        }
        Ok(record)
    }

    fn check(spellings: &[&str]) {
        let text = object(spellings);
        let read = json::from_str::<Record>(&text).map_err(|err| err.message().to_owned());
        assert_eq!(read, model(spellings), "{text}");
        // In pieces (keys split anywhere, hints compared within a piece or not at all): the same.
        let bytes = text.as_bytes();
        for size in [1, 2, 5, 17] {
            let pieces = bytes.chunks(size);
            let in_pieces =
                json::stream::from_chunks::<Record, _, _>(pieces).map_err(|err| err.message().to_owned());
            assert_eq!(in_pieces, read, "{text} in {size}-byte pieces");
        }
    }

    #[test]
    fn declaration_order_and_its_breaks() {
        check(&["a", "b", "c", "d", "e"]);
        check(&["a", "c", "d", "e"]);
        check(&["e", "d", "c", "b", "a"]);
        check(&["z", "a", "b", "z", "c", "d", "e", "z"]);
        check(&["a", "b", "c", "d", "e", "a"]);
        check(&["a", "b", "a", "c", "d", "e"]);
        check(&["b", "a", "b", "d", "e"]);
        check(&["\\u0061", "b", "c", "dd", "e"]);
        check(&["a", "dd", "d", "e"]);
        check(&["a", "b", "c", "d"]);
        check(&[]);
    }

    proptest! {
        #[test]
        fn every_sequence_of_keys_reads_as_the_model_says(
            picks in proptest::collection::vec(0..SPELLINGS.len(), 0..10),
        ) {
            let spellings: Vec<&str> = picks.iter().map(|&i| SPELLINGS[i]).collect();
            check(&spellings);
        }
    }
}
