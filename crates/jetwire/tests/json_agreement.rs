//! JSON: every type's writing side and reading side agree, and derived types follow serde's
//! conventions (the expected texts follow serde's documented rules for the same attributes).

#![cfg(feature = "derive")]
#![allow(clippy::type_complexity, clippy::option_option, clippy::box_collection)]

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use jetwire::json::{self, Indent, WriteOptions};
use jetwire::{FromJson, ToJson};

/// Writes `value` (compact), checks the text, reads it back, and checks the pretty text reads
/// back to the same value too.
#[track_caller]
fn round_trip<T>(value: &T, expected: &str)
where
    T: ToJson + for<'de> FromJson<'de> + PartialEq + Debug,
{
    let text = json::to_string(value).unwrap_or_else(|e| panic!("writing {value:?}: {e}"));
    assert_eq!(text, expected, "written text of {value:?}");
    let back: T = json::from_str(&text).unwrap_or_else(|e| panic!("reading {text}: {e} at {}", e.path()));
    assert_eq!(&back, value, "read back from {text}");
    let pretty = json::to_string_pretty(value).unwrap();
    let back: T = json::from_str(&pretty).unwrap_or_else(|e| panic!("reading {pretty}: {e}"));
    assert_eq!(&back, value, "read back from pretty {pretty}");
    let options = WriteOptions {
        indent: Some(Indent::Tab),
        ascii_only: true,
        html_safe: true,
        ..WriteOptions::default()
    };
    let odd = json::to_vec_with(value, options).unwrap();
    let back: T =
        json::from_slice(&odd).unwrap_or_else(|e| panic!("reading {}: {e}", String::from_utf8_lossy(&odd)));
    assert_eq!(&back, value, "read back from tabbed ascii {}", String::from_utf8_lossy(&odd));
}

/// Writes `value`, reads it back and checks equality (no text check).
#[track_caller]
fn agrees<T>(value: &T)
where
    T: ToJson + for<'de> FromJson<'de> + PartialEq + Debug,
{
    let text = json::to_string(value).unwrap_or_else(|e| panic!("writing {value:?}: {e}"));
    let back: T = json::from_str(&text).unwrap_or_else(|e| panic!("reading {text}: {e} at {}", e.path()));
    assert_eq!(&back, value, "read back from {text}");
}

// =============================================================================================
// rename_all, every rule, on structs and enums
// =============================================================================================

macro_rules! rename_all_struct {
    ($name:ident, $rule:literal, $expected:literal) => {
        #[derive(ToJson, FromJson, Debug, PartialEq)]
        #[jetwire(rename_all = $rule)]
        struct $name {
            very_tasty: u8,
            a: u8,
            z42_x: u8,
            r#type: u8,
        }
        round_trip(&$name { very_tasty: 1, a: 2, z42_x: 3, r#type: 4 }, $expected);
    };
}

#[test]
fn rename_all_fields_every_rule() {
    rename_all_struct!(L, "lowercase", r#"{"very_tasty":1,"a":2,"z42_x":3,"type":4}"#);
    rename_all_struct!(U, "UPPERCASE", r#"{"VERY_TASTY":1,"A":2,"Z42_X":3,"TYPE":4}"#);
    rename_all_struct!(P, "PascalCase", r#"{"VeryTasty":1,"A":2,"Z42X":3,"Type":4}"#);
    rename_all_struct!(C, "camelCase", r#"{"veryTasty":1,"a":2,"z42X":3,"type":4}"#);
    rename_all_struct!(S, "snake_case", r#"{"very_tasty":1,"a":2,"z42_x":3,"type":4}"#);
    rename_all_struct!(SS, "SCREAMING_SNAKE_CASE", r#"{"VERY_TASTY":1,"A":2,"Z42_X":3,"TYPE":4}"#);
    rename_all_struct!(K, "kebab-case", r#"{"very-tasty":1,"a":2,"z42-x":3,"type":4}"#);
    rename_all_struct!(SK, "SCREAMING-KEBAB-CASE", r#"{"VERY-TASTY":1,"A":2,"Z42-X":3,"TYPE":4}"#);
}

macro_rules! rename_all_enum {
    ($name:ident, $rule:literal, $expected:literal) => {
        #[derive(ToJson, FromJson, Debug, PartialEq)]
        #[jetwire(rename_all = $rule)]
        enum $name {
            VeryTasty,
            A(u8),
            HTTPCode { some_field: u8 },
        }
        let all = vec![$name::VeryTasty, $name::A(1), $name::HTTPCode { some_field: 2 }];
        round_trip(&all, $expected);
    };
}

#[test]
fn rename_all_variants_every_rule() {
    rename_all_enum!(L, "lowercase", r#"["verytasty",{"a":1},{"httpcode":{"some_field":2}}]"#);
    rename_all_enum!(U, "UPPERCASE", r#"["VERYTASTY",{"A":1},{"HTTPCODE":{"some_field":2}}]"#);
    rename_all_enum!(P, "PascalCase", r#"["VeryTasty",{"A":1},{"HTTPCode":{"some_field":2}}]"#);
    rename_all_enum!(C, "camelCase", r#"["veryTasty",{"a":1},{"hTTPCode":{"some_field":2}}]"#);
    rename_all_enum!(S, "snake_case", r#"["very_tasty",{"a":1},{"h_t_t_p_code":{"some_field":2}}]"#);
    rename_all_enum!(
        SS,
        "SCREAMING_SNAKE_CASE",
        r#"["VERY_TASTY",{"A":1},{"H_T_T_P_CODE":{"some_field":2}}]"#
    );
    rename_all_enum!(K, "kebab-case", r#"["very-tasty",{"a":1},{"h-t-t-p-code":{"some_field":2}}]"#);
    rename_all_enum!(
        SK,
        "SCREAMING-KEBAB-CASE",
        r#"["VERY-TASTY",{"A":1},{"H-T-T-P-CODE":{"some_field":2}}]"#
    );
}

#[test]
fn variant_rename_all_renames_its_fields_and_aliases_read() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(tag = "kind", rename_all = "snake_case")]
    enum E {
        #[jetwire(rename_all = "camelCase")]
        StructVariant {
            first_name: String,
            #[jetwire(alias = "ln", alias = "last")]
            last_name: String,
        },
        #[jetwire(rename = "u", alias = "unit")]
        UnitVariant,
    }
    let v = E::StructVariant { first_name: "a".into(), last_name: "b".into() };
    round_trip(&v, r#"{"kind":"struct_variant","firstName":"a","lastName":"b"}"#);
    let back: E = json::from_str(r#"{"firstName":"a","ln":"b","kind":"struct_variant"}"#).unwrap();
    assert_eq!(back, v);
    let back: E = json::from_str(r#"{"kind":"unit"}"#).unwrap();
    assert_eq!(back, E::UnitVariant);
    round_trip(&E::UnitVariant, r#"{"kind":"u"}"#);
}

// =============================================================================================
// skip, default, skip_serializing_if
// =============================================================================================

fn seven() -> u32 {
    7
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

#[test]
fn skips_and_defaults() {
    #[derive(ToJson, FromJson, Debug, PartialEq, Default)]
    struct S {
        #[jetwire(skip)]
        skipped: u32,
        #[jetwire(skip_serializing, default = "seven")]
        not_written: u32,
        #[jetwire(skip_deserializing)]
        not_read: u32,
        #[jetwire(skip_serializing_if = "is_zero", default)]
        maybe: u32,
        #[jetwire(skip_serializing_if = "Option::is_none")]
        opt: Option<u32>,
        #[jetwire(default = "seven")]
        dflt: u32,
    }
    let s = S { skipped: 0, not_written: 7, not_read: 0, maybe: 0, opt: None, dflt: 1 };
    round_trip(&s, r#"{"not_read":0,"dflt":1}"#);
    let s = S { skipped: 0, not_written: 7, not_read: 0, maybe: 3, opt: Some(4), dflt: 7 };
    round_trip(&s, r#"{"not_read":0,"maybe":3,"opt":4,"dflt":7}"#);
    // `skip_serializing` alone still reads the field; `skip_deserializing` ignores it.
    let back: S = json::from_str(r#"{"not_read": 5, "skipped": 9, "not_written": 1}"#).unwrap();
    assert_eq!(back, S { skipped: 0, not_written: 1, not_read: 0, maybe: 0, opt: None, dflt: 7 });
    let back: S = json::from_str(r#"{"not_read": 5}"#).unwrap();
    assert_eq!(back, S { skipped: 0, not_written: 7, not_read: 0, maybe: 0, opt: None, dflt: 7 });
}

#[test]
fn container_default_fills_missing_and_skipped() {
    fn make() -> S {
        S { a: 10, b: 20, c: 30 }
    }
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(default = "make")]
    struct S {
        a: u32,
        #[jetwire(skip)]
        b: u32,
        #[jetwire(default)]
        c: u32,
    }
    let back: S = json::from_str("{}").unwrap();
    assert_eq!(back, S { a: 10, b: 20, c: 0 });
    round_trip(&S { a: 1, b: 20, c: 3 }, r#"{"a":1,"c":3}"#);
}

#[test]
fn tuple_struct_with_skipped_field() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct T(u8, #[jetwire(skip)] u8, u8);
    round_trip(&T(1, 0, 3), "[1,3]");
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    enum E {
        V(u8, #[jetwire(skip)] u8, u8),
    }
    round_trip(&E::V(1, 0, 3), r#"{"V":[1,3]}"#);
}

#[test]
fn newtype_and_transparent_with_skipped_fields() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(transparent)]
    struct T {
        #[jetwire(skip)]
        a: u8,
        b: Option<String>,
    }
    round_trip(&T { a: 0, b: Some("x".into()) }, r#""x""#);
    round_trip(&T { a: 0, b: None }, "null");
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct H {
        t: T,
    }
    // An absent transparent Option field is None, as for the Option itself.
    let back: H = json::from_str("{}").unwrap();
    assert_eq!(back, H { t: T { a: 0, b: None } });

    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct N(Vec<u8>);
    round_trip(&N(vec![1, 2]), "[1,2]");
}

#[test]
fn recursive_attribute_is_ignored_by_json() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    enum Expr {
        Lit(u8),
        Neg(#[jetwire(recursive)] Box<Expr>),
    }
    round_trip(&Expr::Neg(Box::new(Expr::Lit(1))), r#"{"Neg":{"Lit":1}}"#);
}

// =============================================================================================
// with, base64, borrow
// =============================================================================================

mod as_string {
    use jetwire::json::{Output, Reader, Result, Writer};

    pub fn to_json<O: Output>(v: &u64, w: &mut Writer<O>) -> Result<()> {
        w.string(&v.to_string())
    }

    pub fn from_json(r: &mut Reader<'_>) -> Result<u64> {
        let text = r.read_str()?;
        text.parse().map_err(|_| r.data_error("not a number"))
    }
}

#[test]
fn with_and_base64_fields() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct S {
        #[jetwire(with = "as_string")]
        id: u64,
        #[jetwire(base64)]
        data: Vec<u8>,
        #[jetwire(base64)]
        fixed: [u8; 3],
        #[jetwire(base64)]
        maybe: Option<Vec<u8>>,
        #[jetwire(base64, skip_serializing_if = "Option::is_none")]
        gone: Option<Box<[u8]>>,
    }
    let s = S { id: u64::MAX, data: vec![0, 255, 7], fixed: [1, 2, 3], maybe: None, gone: None };
    round_trip(&s, r#"{"id":"18446744073709551615","data":"AP8H","fixed":"AQID","maybe":null}"#);
    let s = S { id: 1, data: vec![], fixed: [0; 3], maybe: Some(vec![1]), gone: Some(Box::new([9, 9])) };
    round_trip(&s, r#"{"id":"1","data":"","fixed":"AAAA","maybe":"AQ==","gone":"CQk="}"#);
    let err = json::from_str::<S>(r#"{"id":"1","data":"","fixed":"AAAA","maybe":"A=="}"#).unwrap_err();
    assert_eq!(err.path(), "/maybe");
}

#[test]
fn borrowed_fields() {
    use std::borrow::Cow;
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct B<'a> {
        #[jetwire(borrow)]
        s: &'a str,
        c: Cow<'a, str>,
        m: BTreeMap<&'a str, &'a str>,
    }
    let text = r#"{"s":"x","c":"a\"b","m":{"k":"v"}}"#;
    let b: B = json::from_str(text).unwrap();
    assert!(matches!(b.c, Cow::Owned(_)));
    assert_eq!(json::to_string(&b).unwrap(), text);
}

// =============================================================================================
// flatten
// =============================================================================================

#[derive(ToJson, FromJson, Debug, PartialEq, Default, Clone)]
struct Inner {
    b: u8,
    #[jetwire(rename = "C", alias = "cc")]
    c: Option<u8>,
}

#[derive(ToJson, FromJson, Debug, PartialEq, Default, Clone)]
struct Mid {
    m: u8,
    #[jetwire(flatten)]
    inner: Inner,
}

#[test]
fn nested_flatten_and_aliases() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Outer {
        a: u8,
        #[jetwire(flatten)]
        mid: Mid,
        z: u8,
    }
    let o = Outer { a: 1, mid: Mid { m: 2, inner: Inner { b: 3, c: Some(4) } }, z: 5 };
    round_trip(&o, r#"{"a":1,"m":2,"b":3,"C":4,"z":5}"#);
    let back: Outer = json::from_str(r#"{"cc":4,"z":5,"b":3,"m":2,"a":1}"#).unwrap();
    assert_eq!(back, o);
    let err = json::from_str::<Outer>(r#"{"a":1,"m":2,"b":"x","z":5}"#).unwrap_err();
    assert_eq!(err.path(), "/b");
}

#[test]
fn flatten_option_and_box() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Outer {
        a: u8,
        #[jetwire(flatten)]
        mid: Option<Mid>,
        #[jetwire(flatten)]
        boxed: Box<BTreeMap<String, u8>>,
    }
    let o = Outer { a: 1, mid: None, boxed: Box::default() };
    round_trip(&o, r#"{"a":1}"#);
    let o = Outer { a: 1, mid: Some(Mid { m: 2, inner: Inner { b: 3, c: None } }), boxed: Box::default() };
    round_trip(&o, r#"{"a":1,"m":2,"b":3,"C":null}"#);
    let mut rest = BTreeMap::new();
    rest.insert("zz".to_owned(), 9);
    let o = Outer { a: 1, mid: None, boxed: Box::new(rest) };
    round_trip(&o, r#"{"a":1,"zz":9}"#);
}

#[test]
fn flatten_with_deny_unknown_fields() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(deny_unknown_fields)]
    struct Outer {
        a: u8,
        #[jetwire(flatten)]
        inner: Inner,
    }
    let o = Outer { a: 1, inner: Inner { b: 2, c: None } };
    round_trip(&o, r#"{"a":1,"b":2,"C":null}"#);
    let err = json::from_str::<Outer>(r#"{"a":1,"b":2,"x":3}"#).unwrap_err();
    assert!(err.message().starts_with("unknown field `x`"), "{}", err.message());
}

#[test]
fn flatten_in_enum_variants_every_representation() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    enum Ext {
        V {
            a: u8,
            #[jetwire(flatten)]
            inner: Inner,
        },
    }
    round_trip(&Ext::V { a: 1, inner: Inner { b: 2, c: Some(3) } }, r#"{"V":{"a":1,"b":2,"C":3}}"#);

    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(tag = "t")]
    enum Int {
        V {
            a: u8,
            #[jetwire(flatten)]
            inner: Inner,
        },
        N(Mid),
        M(BTreeMap<String, u8>),
    }
    round_trip(&Int::V { a: 1, inner: Inner { b: 2, c: Some(3) } }, r#"{"t":"V","a":1,"b":2,"C":3}"#);
    round_trip(&Int::N(Mid { m: 1, inner: Inner { b: 2, c: None } }), r#"{"t":"N","m":1,"b":2,"C":null}"#);
    let mut map = BTreeMap::new();
    map.insert("k".to_owned(), 1);
    round_trip(&Int::M(map), r#"{"t":"M","k":1}"#);
    // The tag after the fields.
    let back: Int = json::from_str(r#"{"a":1,"b":2,"t":"V"}"#).unwrap();
    assert_eq!(back, Int::V { a: 1, inner: Inner { b: 2, c: None } });

    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(tag = "t", content = "c")]
    enum Adj {
        V {
            a: u8,
            #[jetwire(flatten)]
            inner: Inner,
        },
    }
    round_trip(&Adj::V { a: 1, inner: Inner { b: 2, c: None } }, r#"{"t":"V","c":{"a":1,"b":2,"C":null}}"#);

    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(untagged)]
    enum Un {
        V {
            a: u8,
            #[jetwire(flatten)]
            inner: Inner,
        },
    }
    round_trip(&Un::V { a: 1, inner: Inner { b: 2, c: None } }, r#"{"a":1,"b":2,"C":null}"#);
}

#[test]
fn struct_tag_round_trips() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(tag = "type", deny_unknown_fields)]
    struct S {
        a: u8,
    }
    round_trip(&S { a: 1 }, r#"{"type":"S","a":1}"#);
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Holder {
        x: u8,
        #[jetwire(flatten)]
        s: S,
    }
    round_trip(&Holder { x: 1, s: S { a: 2 } }, r#"{"x":1,"type":"S","a":2}"#);
}

// =============================================================================================
// Enum representations
// =============================================================================================

#[derive(ToJson, FromJson, Debug, PartialEq, Clone)]
enum Ext {
    Unit,
    New(Option<u8>),
    Tup(u8, String),
    Str {
        x: u8,
        y: Option<u8>,
    },
    Empty {},
    EmptyTup(),
    #[jetwire(other)]
    Other,
}

#[test]
fn externally_tagged() {
    let all = vec![
        Ext::Unit,
        Ext::New(None),
        Ext::New(Some(1)),
        Ext::Tup(1, "a".into()),
        Ext::Str { x: 1, y: None },
        Ext::Empty {},
        Ext::EmptyTup(),
        Ext::Other,
    ];
    round_trip(
        &all,
        r#"["Unit",{"New":null},{"New":1},{"Tup":[1,"a"]},{"Str":{"x":1,"y":null}},{"Empty":{}},{"EmptyTup":[]},"Other"]"#,
    );
    let back: Vec<Ext> = json::from_str(r#"["Nope", {"Nope": [1]}, {"Unit": null}]"#).unwrap();
    assert_eq!(back, vec![Ext::Other, Ext::Other, Ext::Unit]);
    let err = json::from_str::<Ext>(r#"{"Str":{"x":"no"}}"#).unwrap_err();
    assert_eq!(err.path(), "/Str/x");
    let err = json::from_str::<Ext>(r#"{"Tup":[1, 2]}"#).unwrap_err();
    assert_eq!(err.path(), "/Tup/1");
}

#[test]
fn internally_tagged() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(tag = "type")]
    enum Int {
        Unit,
        Str {
            x: u8,
            #[jetwire(default, skip_serializing_if = "Option::is_none")]
            y: Option<u8>,
        },
        New(Inner),
        #[jetwire(other)]
        Other,
    }
    round_trip(&Int::Unit, r#"{"type":"Unit"}"#);
    round_trip(&Int::Str { x: 1, y: None }, r#"{"type":"Str","x":1}"#);
    round_trip(&Int::Str { x: 1, y: Some(2) }, r#"{"type":"Str","x":1,"y":2}"#);
    round_trip(&Int::New(Inner { b: 1, c: None }), r#"{"type":"New","b":1,"C":null}"#);
    round_trip(&Int::Other, r#"{"type":"Other"}"#);
    let back: Int = json::from_str(r#"{"x": 1, "type": "Huh"}"#).unwrap();
    assert_eq!(back, Int::Other);
    let err = json::from_str::<Int>(r#"{"x": 1}"#).unwrap_err();
    assert_eq!(err.message(), "missing field `type`");
    let err = json::from_str::<Int>(r#"{"type": "Str", "x": "a"}"#).unwrap_err();
    assert_eq!(err.path(), "/x");
}

#[test]
fn adjacently_tagged() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(tag = "t", content = "c")]
    enum Adj {
        Unit,
        New(Option<u8>),
        Tup(u8, u8),
        Str {
            x: u8,
        },
        #[jetwire(other)]
        Other,
    }
    round_trip(&Adj::Unit, r#"{"t":"Unit"}"#);
    round_trip(&Adj::New(None), r#"{"t":"New","c":null}"#);
    round_trip(&Adj::New(Some(3)), r#"{"t":"New","c":3}"#);
    round_trip(&Adj::Tup(1, 2), r#"{"t":"Tup","c":[1,2]}"#);
    round_trip(&Adj::Str { x: 1 }, r#"{"t":"Str","c":{"x":1}}"#);
    round_trip(&Adj::Other, r#"{"t":"Other"}"#);
    let back: Adj = json::from_str(r#"{"c": {"x": 1}, "t": "Str"}"#).unwrap();
    assert_eq!(back, Adj::Str { x: 1 });
    let back: Adj = json::from_str(r#"{"c": [1, {"a": 2}], "t": "Zzz"}"#).unwrap();
    assert_eq!(back, Adj::Other);
    let back: Adj = json::from_str(r#"{"t": "Unit", "c": null}"#).unwrap();
    assert_eq!(back, Adj::Unit);
    let err = json::from_str::<Adj>(r#"{"c": {"x": "a"}, "t": "Str"}"#).unwrap_err();
    assert_eq!(err.path(), "/c/x");
    let err = json::from_str::<Adj>(r#"{"t": "Str", "c": {"x": "a"}}"#).unwrap_err();
    assert_eq!(err.path(), "/c/x");
}

#[test]
fn untagged() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(untagged)]
    enum Un {
        Unit,
        Num(u8),
        Text(String),
        Pair(u8, u8),
        Str { x: u8 },
        Any(json::Value),
    }
    round_trip(&Un::Unit, "null");
    round_trip(&Un::Num(1), "1");
    round_trip(&Un::Text("a".into()), r#""a""#);
    round_trip(&Un::Pair(1, 2), "[1,2]");
    round_trip(&Un::Str { x: 1 }, r#"{"x":1}"#);
    round_trip(&Un::Any(jetwire::json!([1, 2, 3])), "[1,2,3]");
    round_trip(&Un::Any(jetwire::json!(true)), "true");
}

#[test]
fn skipped_variants() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    enum E {
        A,
        #[jetwire(skip_deserializing)]
        B,
        #[jetwire(skip_serializing)]
        C(u8),
    }
    let err = json::to_string(&E::C(1)).unwrap_err();
    assert_eq!(err.message(), "the enum variant E::C cannot be serialized");
    let back: E = json::from_str(r#"{"C":1}"#).unwrap();
    assert_eq!(back, E::C(1));
    assert_eq!(json::to_string(&E::B).unwrap(), r#""B""#);
    let err = json::from_str::<E>(r#""B""#).unwrap_err();
    assert!(err.message().starts_with("unknown variant `B`"), "{}", err.message());
    round_trip(&E::A, r#""A""#);
}

// =============================================================================================
// Generics
// =============================================================================================

#[test]
fn generic_types() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct G<T, U> {
        t: T,
        #[jetwire(flatten)]
        u: U,
        #[jetwire(skip)]
        _p: std::marker::PhantomData<fn() -> T>,
    }
    let g = G { t: vec![1u8], u: Inner { b: 1, c: None }, _p: std::marker::PhantomData };
    round_trip(&g, r#"{"t":[1],"b":1,"C":null}"#);
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(tag = "t", content = "c")]
    enum GE<T> {
        A(T),
        B { v: Vec<T> },
    }
    round_trip(&GE::A(1u8), r#"{"t":"A","c":1}"#);
    round_trip(&GE::B { v: vec![Some(1u8), None] }, r#"{"t":"B","c":{"v":[1,null]}}"#);
}

// =============================================================================================
// Map keys
// =============================================================================================

#[test]
fn integer_keys_at_their_limits() {
    macro_rules! keys {
        ($($ty:ty),*) => {$(
            let mut m = BTreeMap::new();
            m.insert(<$ty>::MIN, 1u8);
            m.insert(<$ty>::MAX, 2u8);
            m.insert(0 as $ty, 3u8);
            round_trip(&m, &format!(r#"{{"{}":1,"0":3,"{}":2}}"#, <$ty>::MIN, <$ty>::MAX).replace(r#""0":1,"0":3"#, r#""0":3"#));
        )*};
    }
    keys!(i8, i16, i32, i64, i128, isize);
    let mut m = BTreeMap::new();
    m.insert(u128::MAX, 1u8);
    m.insert(0u128, 0u8);
    round_trip(&m, r#"{"0":0,"340282366920938463463374607431768211455":1}"#);
    let mut m = HashMap::new();
    m.insert(u64::MAX, 1u8);
    round_trip(&m, r#"{"18446744073709551615":1}"#);
}

#[test]
fn char_and_string_keys_with_escapes() {
    let mut m = BTreeMap::new();
    m.insert('"', 1u8);
    m.insert('\u{1}', 2);
    m.insert('é', 3);
    m.insert('\u{10FFFF}', 4);
    round_trip(&m, "{\"\\u0001\":2,\"\\\"\":1,\"é\":3,\"\u{10FFFF}\":4}");
    let mut m = BTreeMap::new();
    m.insert("a\"b\\c\n".to_owned(), 1u8);
    m.insert(String::new(), 2);
    round_trip(&m, r#"{"":2,"a\"b\\c\n":1}"#);
    let mut m: BTreeMap<Box<str>, u8> = BTreeMap::new();
    m.insert("</script>".into(), 1);
    round_trip(&m, r#"{"</script>":1}"#);
}

#[test]
fn integer_keys_accept_only_canonical_integers() {
    // serde_json reads integer keys with its number grammar: `+1`, `01` and ` 1` are not
    // integers there.
    for text in [r#"{"+1":1}"#, r#"{"01":1}"#, r#"{"-0":1}"#, r#"{" 1":1}"#, r#"{"1 ":1}"#, r#"{"1e0":1}"#] {
        assert!(json::from_str::<BTreeMap<u8, u8>>(text).is_err(), "{text} was read");
    }
    // Two different property names must not silently become one key.
    let err = json::from_str::<BTreeMap<i32, u8>>(r#"{"1": 1, "+1": 2, "001": 3}"#);
    assert!(err.is_err(), "{err:?}");
}

// =============================================================================================
// Scalars and std types
// =============================================================================================

#[test]
fn floats_extremes() {
    for v in [0.0f64, -0.0, f64::MIN_POSITIVE, f64::MAX, f64::MIN, 5e-324, 1e21, 1e-7, 0.1 + 0.2] {
        let text = json::to_string(&v).unwrap();
        let back: f64 = json::from_str(&text).unwrap();
        assert_eq!(back.to_bits(), v.to_bits(), "{text}");
    }
    for v in [0.0f32, -0.0, f32::MIN_POSITIVE, f32::MAX, f32::MIN, 1e-45, 16777217.0, 0.1] {
        let text = json::to_string(&v).unwrap();
        let back: f32 = json::from_str(&text).unwrap();
        assert_eq!(back.to_bits(), v.to_bits(), "{text}");
    }
    for v in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        assert!(json::to_string(&v).is_err());
        assert!(json::to_string(&[v]).is_err());
        assert!(json::to_string(&(1u8, v)).is_err());
        assert!(json::to_string(&Some(v as f32)).is_err());
    }
}

#[test]
fn std_scalars_agree() {
    agrees(&(u128::MAX, i128::MIN, i64::MIN, u64::MAX, '\u{10FFFF}', '\0', ()));
    agrees(&std::time::Duration::new(u64::MAX, 999_999_999));
    agrees(&"\u{0}\u{1f}\u{7f}\u{2028}\u{2029}\u{FEFF}\"\\/".to_owned());
    agrees(&Some(Some(1u8)));
    agrees(&vec![Box::new(1u8)]);
    use std::net::*;
    agrees(&SocketAddrV6::new(Ipv6Addr::LOCALHOST, 80, 0, 3));
    agrees(&SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::BROADCAST, 65535)));
    agrees(&IpAddr::V6("::ffff:1.2.3.4".parse().unwrap()));
    agrees(&std::path::PathBuf::from("a/b c\\d"));
    agrees(&[[1u8; 2]; 3]);
    agrees(&std::collections::VecDeque::from(vec![1u8, 2]));
    agrees(&std::collections::BTreeSet::from([1i8, -1]));
    agrees(&std::sync::Arc::<str>::from("x"));
    agrees(&std::rc::Rc::<[u8]>::from(vec![1u8]));
}

#[test]
fn duration_keys_with_escapes() {
    // Property names are compared after their escapes are decoded, as everywhere else.
    let d: std::time::Duration = json::from_str(r#"{"s\u0065cs": 1, "nanos": 2}"#).unwrap();
    assert_eq!(d, std::time::Duration::new(1, 2));
}

// =============================================================================================
// External types
// =============================================================================================

#[test]
fn uuid_and_decimal_and_bytes_and_indexmap() {
    agrees(&uuid::Uuid::max());
    agrees(&uuid::Uuid::nil());
    use rust_decimal::Decimal;
    for d in [
        Decimal::MAX,
        Decimal::MIN,
        Decimal::ZERO,
        Decimal::new(1, 28),
        Decimal::new(-1, 28),
        Decimal::new(-0, 5),
    ] {
        let text = json::to_string(&d).unwrap();
        let back: Decimal = json::from_str(&text).unwrap();
        assert_eq!(back, d, "{text}");
        assert_eq!(back.scale(), d.scale(), "{text}");
    }
    agrees(&bytes::Bytes::from_static(b"abc"));
    let mut m = indexmap::IndexMap::new();
    m.insert("z".to_owned(), 1u8);
    m.insert("a".to_owned(), 2u8);
    round_trip(&m, r#"{"z":1,"a":2}"#);
    let s: indexmap::IndexSet<u8> = [3, 1, 2].into_iter().collect();
    round_trip(&s, "[3,1,2]");
}

#[test]
fn chrono_extremes() {
    use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
    agrees(&NaiveDate::MAX);
    agrees(&NaiveDate::MIN);
    agrees(&NaiveDateTime::MAX);
    agrees(&NaiveDateTime::MIN);
    agrees(&NaiveTime::from_hms_nano_opt(23, 59, 59, 1_999_999_999).unwrap());
    agrees(&NaiveTime::from_hms_nano_opt(23, 59, 59, 1_000_000_000).unwrap());
    agrees(&DateTime::<Utc>::MAX_UTC);
    agrees(&DateTime::<Utc>::MIN_UTC);
    let leap =
        NaiveDate::from_ymd_opt(2016, 12, 31).unwrap().and_hms_nano_opt(23, 59, 59, 1_500_000_000).unwrap();
    agrees(&leap);
    agrees(&Utc.from_utc_datetime(&leap));
    for secs in [-86340, -3600, -60, 0, 60, 3600, 86340] {
        let offset = FixedOffset::east_opt(secs).unwrap();
        agrees(&offset.from_utc_datetime(&leap));
        agrees(
            &offset.from_utc_datetime(
                &NaiveDateTime::MAX.checked_sub_signed(chrono::TimeDelta::days(2)).unwrap(),
            ),
        );
        agrees(
            &offset.from_utc_datetime(
                &NaiveDateTime::MIN.checked_add_signed(chrono::TimeDelta::days(2)).unwrap(),
            ),
        );
    }
}

#[test]
fn time_values_that_write_read_back() {
    use time::{Date, OffsetDateTime, UtcOffset};
    for t in [
        OffsetDateTime::UNIX_EPOCH,
        OffsetDateTime::UNIX_EPOCH.replace_nanosecond(1).unwrap(),
        Date::from_calendar_date(9999, time::Month::December, 31).unwrap().midnight().assume_utc(),
        Date::from_calendar_date(0, time::Month::January, 1)
            .unwrap()
            .midnight()
            .assume_offset(UtcOffset::from_hms(-23, -59, 0).unwrap()),
    ] {
        agrees(&t);
    }
    agrees(&Date::MAX);
    // Outside 0000-9999 RFC 3339 has no form: writing is an error, never text that fails to read.
    assert!(json::to_string(&Date::MIN).is_err());
}

// =============================================================================================
// The serde bridge, for std types (serde's own impls)
// =============================================================================================

macro_rules! bridge {
    ($ty:ty, $value:expr, $expected:expr) => {{
        let value: $ty = $value;
        let text = json::serde::to_string(&value).unwrap_or_else(|e| panic!("writing {value:?}: {e}"));
        assert_eq!(text, $expected, "bridge text of {value:?}");
        let back: $ty = json::serde::from_str(&text).unwrap_or_else(|e| panic!("reading {text}: {e}"));
        assert_eq!(back, value, "bridge read back from {text}");
    }};
}

#[test]
fn serde_bridge_std_types_as_serde_json_writes_them() {
    bridge!(u128, u128::MAX, "340282366920938463463374607431768211455");
    bridge!(i128, i128::MIN, "-170141183460469231731687303715884105728");
    bridge!((i64, u64), (i64::MIN, u64::MAX), "[-9223372036854775808,18446744073709551615]");
    bridge!(f64, -0.0, "-0.0");
    // jetwire spells exponents `e+300` where serde_json (ryu) writes `e300`: same number.
    bridge!(f64, 1e300, "1e+300");
    bridge!(f32, 0.1, "0.1");
    bridge!(Option<Option<u8>>, Some(Some(1)), "1");
    bridge!(Option<Option<u8>>, None, "null");
    bridge!((), (), "null");
    bridge!(((), u8), ((), 1), "[null,1]");
    bridge!(char, '\u{1}', r#""\u0001""#);
    bridge!(BTreeMap<u32, u8>, BTreeMap::from([(1, 2), (u32::MAX, 3)]), r#"{"1":2,"4294967295":3}"#);
    bridge!(BTreeMap<i128, u8>, BTreeMap::from([(i128::MIN, 2)]), r#"{"-170141183460469231731687303715884105728":2}"#);
    bridge!(BTreeMap<bool, u8>, BTreeMap::from([(false, 2), (true, 3)]), r#"{"false":2,"true":3}"#);
    bridge!(BTreeMap<char, u8>, BTreeMap::from([('a', 2)]), r#"{"a":2}"#);
    bridge!(Vec<u8>, vec![1, 2], "[1,2]");
    bridge!(std::time::Duration, std::time::Duration::new(1, 2), r#"{"secs":1,"nanos":2}"#);
    bridge!(Result<u8, String>, Ok(1), r#"{"Ok":1}"#);
    bridge!(Result<u8, String>, Err("e".into()), r#"{"Err":"e"}"#);
    bridge!(std::ops::Range<u8>, 1..3, r#"{"start":1,"end":3}"#);
    bridge!(std::ops::Bound<u8>, std::ops::Bound::Unbounded, r#""Unbounded""#);
    bridge!(std::net::SocketAddr, "[::1]:80".parse().unwrap(), r#""[::1]:80""#);
    bridge!(
        json::Value,
        jetwire::json!({"a": [1, -0.0, 1.5e300, "x", null, true]}),
        r#"{"a":[1,-0.0,1.5e+300,"x",null,true]}"#
    );
    bridge!(json::Value, jetwire::json!(u128::MAX), "340282366920938463463374607431768211455");
    bridge!(std::num::NonZeroU8, std::num::NonZeroU8::new(5).unwrap(), "5");
    bridge!(std::num::Wrapping<i8>, std::num::Wrapping(-1), "-1");
}

#[test]
fn value_round_trips() {
    for text in [
        r#"{"a":[1,-0.0,1.5e300,"x",null,true],"b":{}}"#,
        "340282366920938463463374607431768211456",
        "-0",
        "1E400",
        r#""\u0000\ud83d\ude00""#,
    ] {
        let v: json::Value = json::from_str(text).unwrap();
        let written = json::to_string(&v).unwrap();
        let back: json::Value = json::from_str(&written).unwrap();
        assert_eq!(back, v, "{text} -> {written}");
        let pretty = json::to_string_pretty(&v).unwrap();
        let back: json::Value = json::from_str(&pretty).unwrap();
        assert_eq!(back, v, "{text} -> {pretty}");
    }
}

#[test]
fn long_names_and_many_fields() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Long {
        abcdefghijklmno: u8,
        abcdefghijklmnop: u8,
        abcdefghijklmnopqrstuvwxyz01234: u8,
        abcdefghijklmnopqrstuvwxyz012345: u8,
        #[jetwire(rename = "éééééééééééééééé")]
        accents: u8,
        #[jetwire(rename = "a\"b")]
        quote: u8,
    }
    let v = Long {
        abcdefghijklmno: 1,
        abcdefghijklmnop: 2,
        abcdefghijklmnopqrstuvwxyz01234: 3,
        abcdefghijklmnopqrstuvwxyz012345: 4,
        accents: 5,
        quote: 6,
    };
    round_trip(
        &v,
        r#"{"abcdefghijklmno":1,"abcdefghijklmnop":2,"abcdefghijklmnopqrstuvwxyz01234":3,"abcdefghijklmnopqrstuvwxyz012345":4,"éééééééééééééééé":5,"a\"b":6}"#,
    );
    // A key that is the hinted name's prefix or extension is not that name.
    let err = json::from_str::<Long>(r#"{"abcdefghijklmn":1}"#).unwrap_err();
    assert_eq!(err.message(), "missing field `abcdefghijklmno`");

    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Many {
        f0: u8,
        f1: u8,
        f2: u8,
        f3: u8,
        f4: u8,
        f5: u8,
        f6: u8,
        f7: u8,
        f8: u8,
        f9: u8,
        f10: u8,
        f11: u8,
        f12: u8,
        f13: u8,
        f14: u8,
        f15: u8,
        f16: u8,
        f17: u8,
        f18: u8,
        f19: u8,
        f20: u8,
        f21: u8,
        f22: u8,
        f23: u8,
        f24: u8,
        f25: u8,
        f26: u8,
        f27: u8,
        f28: u8,
        f29: u8,
        f30: u8,
        f31: u8,
        f32: u8,
        f33: u8,
        f34: u8,
        f35: u8,
        f36: u8,
        f37: u8,
        f38: u8,
        f39: u8,
        f40: u8,
        f41: u8,
        f42: u8,
        f43: u8,
        f44: u8,
        f45: u8,
        f46: u8,
        f47: u8,
        f48: u8,
        f49: u8,
        f50: u8,
        f51: u8,
        f52: u8,
        f53: u8,
        f54: u8,
        f55: u8,
        f56: u8,
        f57: u8,
        f58: u8,
        f59: u8,
        f60: u8,
        f61: u8,
        f62: u8,
        f63: u8,
        f64: u8,
        f65: u8,
        f66: u8,
        f67: u8,
        f68: u8,
        f69: u8,
    }
    let v = Many {
        f0: 0,
        f1: 1,
        f2: 2,
        f3: 3,
        f4: 4,
        f5: 5,
        f6: 6,
        f7: 7,
        f8: 8,
        f9: 9,
        f10: 10,
        f11: 11,
        f12: 12,
        f13: 13,
        f14: 14,
        f15: 15,
        f16: 16,
        f17: 17,
        f18: 18,
        f19: 19,
        f20: 20,
        f21: 21,
        f22: 22,
        f23: 23,
        f24: 24,
        f25: 25,
        f26: 26,
        f27: 27,
        f28: 28,
        f29: 29,
        f30: 30,
        f31: 31,
        f32: 32,
        f33: 33,
        f34: 34,
        f35: 35,
        f36: 36,
        f37: 37,
        f38: 38,
        f39: 39,
        f40: 40,
        f41: 41,
        f42: 42,
        f43: 43,
        f44: 44,
        f45: 45,
        f46: 46,
        f47: 47,
        f48: 48,
        f49: 49,
        f50: 50,
        f51: 51,
        f52: 52,
        f53: 53,
        f54: 54,
        f55: 55,
        f56: 56,
        f57: 57,
        f58: 58,
        f59: 59,
        f60: 60,
        f61: 61,
        f62: 62,
        f63: 63,
        f64: 64,
        f65: 65,
        f66: 66,
        f67: 67,
        f68: 68,
        f69: 69,
    };
    round_trip(
        &v,
        r#"{"f0":0,"f1":1,"f2":2,"f3":3,"f4":4,"f5":5,"f6":6,"f7":7,"f8":8,"f9":9,"f10":10,"f11":11,"f12":12,"f13":13,"f14":14,"f15":15,"f16":16,"f17":17,"f18":18,"f19":19,"f20":20,"f21":21,"f22":22,"f23":23,"f24":24,"f25":25,"f26":26,"f27":27,"f28":28,"f29":29,"f30":30,"f31":31,"f32":32,"f33":33,"f34":34,"f35":35,"f36":36,"f37":37,"f38":38,"f39":39,"f40":40,"f41":41,"f42":42,"f43":43,"f44":44,"f45":45,"f46":46,"f47":47,"f48":48,"f49":49,"f50":50,"f51":51,"f52":52,"f53":53,"f54":54,"f55":55,"f56":56,"f57":57,"f58":58,"f59":59,"f60":60,"f61":61,"f62":62,"f63":63,"f64":64,"f65":65,"f66":66,"f67":67,"f68":68,"f69":69}"#,
    );
    let err = json::from_str::<Many>(r#"{"f0":0,"f1":1,"f2":2,"f3":3,"f4":4,"f5":5,"f6":6,"f7":7,"f8":8,"f9":9,"f10":10,"f11":11,"f12":12,"f13":13,"f14":14,"f15":15,"f16":16,"f17":17,"f18":18,"f19":19,"f20":20,"f21":21,"f22":22,"f23":23,"f24":24,"f25":25,"f26":26,"f27":27,"f28":28,"f29":29,"f30":30,"f31":31,"f32":32,"f33":33,"f34":34,"f35":35,"f36":36,"f37":37,"f38":38,"f39":39,"f40":40,"f41":41,"f42":42,"f43":43,"f44":44,"f45":45,"f46":46,"f47":47,"f48":48,"f49":49,"f50":50,"f51":51,"f52":52,"f53":53,"f54":54,"f55":55,"f56":56,"f57":57,"f58":58,"f59":59,"f60":60,"f61":61,"f62":62,"f63":63,"f64":64,"f65":65,"f66":66,"f67":67,"f68":68,"f69":69,"f69":1}"#).unwrap_err();
    assert_eq!(err.message(), "duplicate field `f69`");
    let err = json::from_str::<Many>(r#"{"f0":0,"f1":1,"f2":2,"f3":3,"f4":4,"f5":5,"f6":6,"f7":7,"f8":8,"f9":9,"f10":10,"f11":11,"f12":12,"f13":13,"f14":14,"f15":15,"f16":16,"f17":17,"f18":18,"f19":19,"f20":20,"f21":21,"f22":22,"f23":23,"f24":24,"f25":25,"f26":26,"f27":27,"f28":28,"f29":29,"f30":30,"f31":31,"f32":32,"f33":33,"f34":34,"f35":35,"f36":36,"f37":37,"f38":38,"f39":39,"f40":40,"f41":41,"f42":42,"f43":43,"f44":44,"f45":45,"f46":46,"f47":47,"f48":48,"f49":49,"f50":50,"f51":51,"f52":52,"f53":53,"f54":54,"f55":55,"f56":56,"f57":57,"f58":58,"f59":59,"f60":60,"f61":61,"f62":62,"f63":63,"f64":64,"f65":65,"f67":67,"f68":68,"f69":69}"#).unwrap_err();
    assert_eq!(err.message(), "missing field `f66`");
}

#[test]
fn error_paths_through_flatten_and_tags() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(tag = "t")]
    enum Int {
        N(Mid),
        S { v: Vec<Inner> },
    }
    let err = json::from_str::<Int>(r#"{"t":"N","m":1,"b":300}"#).unwrap_err();
    assert_eq!(err.path(), "/b");
    let err = json::from_str::<Int>(r#"{"t":"S","v":[{"b":1},{"b":"x"}]}"#).unwrap_err();
    assert_eq!(err.path(), "/v/1/b");
    let err = json::from_str::<Int>(r#"{"t":7}"#).unwrap_err();
    assert_eq!(err.path(), "/t");
    let err = json::from_str::<Int>(r#"{"t":"Q"}"#).unwrap_err();
    assert_eq!(err.path(), "/t");
    let err = json::from_str::<Vec<Ext>>(r#"[1, {"New": "x"}]"#).unwrap_err();
    assert_eq!(err.path(), "/0");
    let err = json::from_str::<Vec<Ext>>(r#"["Unit", {"New": "x"}]"#).unwrap_err();
    assert_eq!(err.path(), "/1/New");
    let err = json::from_str::<BTreeMap<u8, Inner>>(r#"{"1": {"b": -1}}"#).unwrap_err();
    assert_eq!(err.path(), "/1/b");
    let err = json::from_str::<BTreeMap<u8, Inner>>(r#"{"x": {"b": 1}}"#).unwrap_err();
    assert_eq!(err.path(), "/x");
}
