//! `#[derive(ToJson, FromJson)]` on enums in the four representations, with `rename`,
//! `rename_all`, `alias`, `other` and `skip`.

#![cfg(feature = "derive")]

mod common;

use common::{error, from_str, round_trip, to_string};
use jetwire::json;
use jetwire::{FromJson, ToJson};

#[derive(ToJson, FromJson, Debug, PartialEq)]
struct Inner {
    a: u8,
    b: Option<String>,
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
enum External {
    Unit,
    Newtype(u32),
    Tuple(u8, String),
    Struct {
        x: i8,
        y: i8,
    },
    #[jetwire(rename = "renamed", alias = "old_name")]
    Renamed,
    Wrapped(Inner),
}

#[test]
fn externally_tagged() {
    round_trip(&External::Unit, r#""Unit""#);
    round_trip(&External::Newtype(5), r#"{"Newtype":5}"#);
    round_trip(&External::Tuple(1, "a".into()), r#"{"Tuple":[1,"a"]}"#);
    round_trip(&External::Struct { x: 1, y: -1 }, r#"{"Struct":{"x":1,"y":-1}}"#);
    round_trip(&External::Renamed, r#""renamed""#);
    round_trip(&External::Wrapped(Inner { a: 1, b: None }), r#"{"Wrapped":{"a":1,"b":null}}"#);
    assert_eq!(from_str::<External>(r#""old_name""#), External::Renamed);
    assert_eq!(from_str::<External>(r#"{"Unit": null}"#), External::Unit);
    assert_eq!(from_str::<External>(r#" { "\u0055nit" : null } "#), External::Unit);

    let err = error::<External>(r#""Nope""#);
    assert_eq!(
        err.message(),
        "unknown variant `Nope`, expected one of `Unit`, `Newtype`, `Tuple`, `Struct`, `renamed`, `Wrapped`"
    );
    let err = error::<External>(r#"{"Nope": 1}"#);
    assert!(err.message().starts_with("unknown variant `Nope`"), "{err}");
    let err = error::<External>(r#""Newtype""#);
    assert!(err.message().starts_with("variant External::Newtype has a payload"), "{err}");
    let err = error::<External>(r#"{"Unit": null, "Newtype": 1}"#);
    assert!(err.message().starts_with("expected a string or an object with a single property"), "{err}");
    let err = error::<External>(r#"{}"#);
    assert!(err.message().starts_with("expected a string or an object with a single property"), "{err}");
    let err = error::<External>(r#"{"Struct": {"x": 1, "y": true}}"#);
    assert_eq!(err.path(), "/Struct/y");
    let err = error::<External>(r#"{"Tuple": [1]}"#);
    assert_eq!((err.message(), err.path()), ("invalid length 1, expected an array of 2 elements", "/Tuple"));
    let err = error::<External>(r#"{"Wrapped": {"b": "x"}}"#);
    assert_eq!((err.message(), err.path()), ("missing field `a`", "/Wrapped/a"));
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(tag = "type")]
enum Internal {
    Unit,
    Struct {
        x: i8,
        #[jetwire(default)]
        y: i8,
    },
    Wrapped(Inner),
    #[jetwire(rename_all = "camelCase")]
    Camel {
        long_name: u8,
    },
}

#[test]
fn internally_tagged() {
    round_trip(&Internal::Unit, r#"{"type":"Unit"}"#);
    round_trip(&Internal::Struct { x: 1, y: 2 }, r#"{"type":"Struct","x":1,"y":2}"#);
    round_trip(
        &Internal::Wrapped(Inner { a: 3, b: Some("s".into()) }),
        r#"{"type":"Wrapped","a":3,"b":"s"}"#,
    );
    round_trip(&Internal::Camel { long_name: 4 }, r#"{"type":"Camel","longName":4}"#);
    // The tag after the fields, and unknown fields around.
    assert_eq!(
        from_str::<Internal>(r#"{"x": 1, "q": [], "type": "Struct"}"#),
        Internal::Struct { x: 1, y: 0 }
    );
    assert_eq!(
        from_str::<Internal>(r#"{"a": 9, "type": "Wrapped"}"#),
        Internal::Wrapped(Inner { a: 9, b: None })
    );
    assert_eq!(from_str::<Internal>(r#"{"extra": 1, "type": "Unit"}"#), Internal::Unit);

    let err = error::<Internal>(r#"{"x": 1}"#);
    assert_eq!(err.message(), "missing field `type`");
    let err = error::<Internal>(r#"{"type": "Nope"}"#);
    assert_eq!(err.path(), "/type");
    assert!(err.message().starts_with("unknown variant `Nope`, expected one of `Unit`, `Struct`"), "{err}");
    let err = error::<Internal>(r#"{"type": 1}"#);
    assert_eq!(err.path(), "/type");
    let err = error::<Internal>(r#"{"type": "Struct", "x": "no"}"#);
    assert_eq!(err.path(), "/x");
    let err = error::<Internal>(r#"{"type": "Struct", "x": 1, "x": 2}"#);
    assert_eq!(err.message(), "duplicate field `x`");
    let err = error::<Internal>(r#"{"type": "Wrapped"}"#);
    assert_eq!(err.message(), "missing field `a`");
    // Errors inside a value read through a sub-reader point into the original input.
    let text = r#"{"x": 1, "y": true, "type": "Struct"}"#;
    let err = error::<Internal>(text);
    assert_eq!((err.path(), err.offset()), ("/y", 14));
    let err = error::<Internal>("[]");
    assert_eq!(err.message(), "expected an object, found an array");
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Newtype(String),
    Tuple(u8, u8),
    Struct { x: u8 },
}

#[test]
fn adjacently_tagged() {
    round_trip(&Adjacent::Unit, r#"{"t":"Unit"}"#);
    round_trip(&Adjacent::Newtype("n".into()), r#"{"t":"Newtype","c":"n"}"#);
    round_trip(&Adjacent::Tuple(1, 2), r#"{"t":"Tuple","c":[1,2]}"#);
    round_trip(&Adjacent::Struct { x: 1 }, r#"{"t":"Struct","c":{"x":1}}"#);
    // Content first, unit with null content, unknown keys.
    assert_eq!(from_str::<Adjacent>(r#"{"c": {"x": 5}, "t": "Struct"}"#), Adjacent::Struct { x: 5 });
    assert_eq!(from_str::<Adjacent>(r#"{"t": "Unit", "c": null}"#), Adjacent::Unit);
    assert_eq!(from_str::<Adjacent>(r#"{"z": 0, "t": "Tuple", "c": [3, 4]}"#), Adjacent::Tuple(3, 4));

    let err = error::<Adjacent>(r#"{"c": 1}"#);
    assert_eq!(err.message(), "missing field `t`");
    let err = error::<Adjacent>(r#"{"t": "Newtype"}"#);
    assert_eq!(err.message(), "missing field `c`");
    let err = error::<Adjacent>(r#"{"t": "Struct", "c": {"x": "a"}}"#);
    assert_eq!(err.path(), "/c/x");
    let err = error::<Adjacent>(r#"{"c": {"x": "a"}, "t": "Struct"}"#);
    assert_eq!((err.path(), err.offset()), ("/c/x", 12));
    let err = error::<Adjacent>(r#"{"t": "Unit", "t": "Unit"}"#);
    assert_eq!(err.message(), "duplicate field `t`");
    let err = error::<Adjacent>(r#"{"t": "Struct", "c": {"x": 1}, "c": {"x": 1}}"#);
    assert_eq!(err.message(), "duplicate field `c`");
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(untagged)]
enum Untagged {
    Nothing,
    Pair(u8, u8),
    Point { x: i32, y: i32 },
    Number(f64),
    Text(String),
}

#[test]
fn untagged() {
    round_trip(&Untagged::Nothing, "null");
    round_trip(&Untagged::Pair(1, 2), "[1,2]");
    round_trip(&Untagged::Point { x: 1, y: 2 }, r#"{"x":1,"y":2}"#);
    round_trip(&Untagged::Number(1.5), "1.5");
    round_trip(&Untagged::Text("t".into()), r#""t""#);
    let err = error::<Untagged>("[1, 2, 3]");
    assert_eq!(err.message(), "data did not match any variant of untagged enum Untagged");
    assert_eq!(err.offset(), 0);
    let err = error::<Untagged>(r#"{"x": 1}"#);
    assert_eq!(err.message(), "data did not match any variant of untagged enum Untagged");
    let err = error::<Untagged>("[1, 2");
    assert!(err.is_eof());
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(tag = "kind", rename_all = "snake_case")]
enum WithOther {
    FirstKind {
        a: u8,
    },
    SecondKind,
    #[jetwire(other)]
    Unknown,
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
enum ExternalOther {
    Known(u8),
    #[jetwire(other)]
    Unknown,
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(tag = "t", content = "c")]
enum AdjacentOther {
    Known(u8),
    #[jetwire(other)]
    Unknown,
}

#[test]
fn other_variant() {
    round_trip(&WithOther::FirstKind { a: 1 }, r#"{"kind":"first_kind","a":1}"#);
    round_trip(&WithOther::SecondKind, r#"{"kind":"second_kind"}"#);
    assert_eq!(from_str::<WithOther>(r#"{"kind": "third", "z": [1]}"#), WithOther::Unknown);
    assert_eq!(from_str::<ExternalOther>(r#""whatever""#), ExternalOther::Unknown);
    assert_eq!(from_str::<ExternalOther>(r#"{"whatever": [1, 2]}"#), ExternalOther::Unknown);
    assert_eq!(from_str::<AdjacentOther>(r#"{"t": "new", "c": {"deep": [1]}}"#), AdjacentOther::Unknown);
    assert_eq!(from_str::<AdjacentOther>(r#"{"c": {"deep": [1]}, "t": "new"}"#), AdjacentOther::Unknown);
    assert_eq!(from_str::<AdjacentOther>(r#"{"t": "new"}"#), AdjacentOther::Unknown);
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
enum Skips {
    Kept,
    #[jetwire(skip)]
    Hidden,
    #[jetwire(skip_deserializing)]
    WriteOnly,
    #[jetwire(skip_serializing)]
    ReadOnly,
}

#[test]
fn skipped_variants() {
    round_trip(&Skips::Kept, r#""Kept""#);
    assert_eq!(to_string(&Skips::WriteOnly), r#""WriteOnly""#);
    let err = json::to_string(&Skips::Hidden).unwrap_err();
    assert_eq!(err.message(), "the enum variant Skips::Hidden cannot be serialized");
    assert!(json::to_string(&Skips::ReadOnly).is_err());
    assert_eq!(from_str::<Skips>(r#""ReadOnly""#), Skips::ReadOnly);
    let err = error::<Skips>(r#""Hidden""#);
    assert_eq!(err.message(), "unknown variant `Hidden`, expected one of `Kept`, `ReadOnly`");
    assert!(json::from_str::<Skips>(r#""WriteOnly""#).is_err());
}

#[test]
fn enum_deny_unknown_fields() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(deny_unknown_fields)]
    enum E {
        S { a: u8 },
    }
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(tag = "t", deny_unknown_fields)]
    enum I {
        S { a: u8 },
        U,
    }
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(tag = "t", content = "c", deny_unknown_fields)]
    enum A {
        U,
    }
    let err = error::<E>(r#"{"S": {"a": 1, "b": 2}}"#);
    assert_eq!((err.message(), err.path()), ("unknown field `b`, expected `a`", "/S/b"));
    let err = error::<I>(r#"{"t": "S", "a": 1, "b": 2}"#);
    assert_eq!(err.message(), "unknown field `b`, expected one of `t`, `a`");
    let err = error::<I>(r#"{"t": "U", "b": 2}"#);
    assert_eq!(err.message(), "unknown field `b`, expected `t`");
    assert_eq!(from_str::<I>(r#"{"a": 1, "t": "S"}"#), I::S { a: 1 });
    let err = error::<A>(r#"{"t": "U", "b": 2}"#);
    assert_eq!(err.message(), "unknown field `b`, expected one of `t`, `c`");
}

#[test]
fn rename_all_on_variants() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(rename_all = "SCREAMING-KEBAB-CASE")]
    enum E {
        FirstOne,
        #[jetwire(rename_all = "PascalCase")]
        SecondOne {
            inner_field: u8,
        },
    }
    round_trip(&E::FirstOne, r#""FIRST-ONE""#);
    round_trip(&E::SecondOne { inner_field: 1 }, r#"{"SECOND-ONE":{"InnerField":1}}"#);
}

#[test]
fn empty_enum() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    enum Void {}
    assert!(json::from_str::<Void>(r#""x""#).is_err());
}

#[test]
fn nested_enums_in_structs() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Doc {
        items: Vec<Internal>,
        choice: Option<Adjacent>,
    }
    let doc =
        Doc { items: vec![Internal::Unit, Internal::Struct { x: 1, y: 2 }], choice: Some(Adjacent::Unit) };
    round_trip(&doc, r#"{"items":[{"type":"Unit"},{"type":"Struct","x":1,"y":2}],"choice":{"t":"Unit"}}"#);
    let err = error::<Doc>(r#"{"items": [{"type": "Unit"}, {"type": "Struct", "x": "1"}]}"#);
    assert_eq!(err.path(), "/items/1/x");
}
