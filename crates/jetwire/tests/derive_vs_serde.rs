//! Differential tests of `#[derive(ToJson, FromJson)]` against serde's derive and `serde_json`:
//! every type here derives BOTH libraries' traits, with `#[serde(...)]` and the equivalent
//! `#[jetwire(...)]` attributes, and the tests check on random values that
//!
//! 1. jetwire writes exactly the text serde_json writes;
//! 2. each library reads the other's text back to the value the other library reads;
//!
//! and on hand-written unusual or invalid texts that jetwire accepts exactly when serde_json
//! does, reading the same value when both accept (error messages may differ).
//!
//! Documented, deliberate differences are handled where they arise:
//!
//! - a float's positive exponent is written with its sign by jetwire (`1e+300`) and without by
//!   serde_json (`1e300`) (crates/jetwire-json/src/serde/mod.rs, and `Writer::f64` in
//!   crates/jetwire-json/src/write/mod.rs): texts are compared with that `+` dropped, and the
//!   values read back are compared exactly;
//! - NaN and the infinities are an error to write for jetwire (`null` for serde_json): never
//!   generated;
//! - a property goes to one flattened field only, never to two, and a flattened `Option` whose
//!   struct takes a property of the wrong type is an error rather than `None`
//!   (crates/jetwire-derive/src/lib.rs, "Field attributes", `flatten`);
//! - structs with named fields are read from objects only, not from arrays (the derive docs,
//!   "Shapes");
//! - an `other` variant reads any unknown tag whatever its payload (the derive docs, `other`).
//!
//! Disagreements that are jetwire bugs still to fix are `#[ignore = "bug: ..."]` tests of their
//! own.

#![cfg(feature = "derive")]
#![allow(clippy::option_option, clippy::type_complexity)]

mod common;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Debug;
use std::marker::PhantomData;

use jetwire::{FromJson, ToJson};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

// =============================================================================================
// Harness
// =============================================================================================

/// Modest case counts (the file runs in a few seconds in debug) and no regression files.
fn config() -> ProptestConfig {
    ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() }
}

/// Whether jetwire's text `j` is serde_json's `s`, allowing only the documented difference in
/// the spelling of a float's positive exponent (`1e+300` for `1e300`).
fn same_text(j: &str, s: &str) -> bool {
    j == s || j.replace("e+", "e") == s.replace("e+", "e")
}

/// Property 1: both write `v`, and the texts are the same. Returns (jetwire's, serde_json's).
#[track_caller]
fn check_write<T: Serialize + ToJson + Debug>(v: &T) -> (String, String) {
    let s = serde_json::to_string(v).unwrap_or_else(|e| panic!("serde_json writing {v:?}: {e}"));
    let j = jetwire::json::to_string(v).unwrap_or_else(|e| panic!("jetwire writing {v:?}: {e}"));
    assert!(same_text(&j, &s), "written text of {v:?}\n jetwire:    {j}\n serde_json: {s}");
    (j, s)
}

/// Properties 1 and 2: same text, and each library reads each text to the value serde_json
/// reads from its own text. With `exact`, that value is `v` itself (types without skipped
/// fields or other lossy attributes).
#[track_caller]
fn check<T>(v: &T, exact: bool)
where
    T: Serialize + DeserializeOwned + ToJson + for<'de> FromJson<'de> + PartialEq + Debug,
{
    check_with(v, exact, std::convert::identity);
}

/// `check`, with `normalize` applied to every value serde_json reads (for a documented
/// difference in what is read).
#[track_caller]
fn check_with<T>(v: &T, exact: bool, normalize: fn(T) -> T)
where
    T: Serialize + DeserializeOwned + ToJson + for<'de> FromJson<'de> + PartialEq + Debug,
{
    let (j, s) = check_write(v);
    let s_of_s: T =
        normalize(serde_json::from_str(&s).unwrap_or_else(|e| panic!("serde_json reading {s}: {e}")));
    let j_of_s: T = jetwire::json::from_str(&s)
        .unwrap_or_else(|e| panic!("jetwire reading serde_json's {s}: {e} at {}", e.path()));
    assert_eq!(j_of_s, s_of_s, "jetwire read serde_json's text {s}");
    let s_of_j: T = normalize(
        serde_json::from_str(&j).unwrap_or_else(|e| panic!("serde_json reading jetwire's {j}: {e}")),
    );
    let j_of_j: T = jetwire::json::from_str(&j).unwrap_or_else(|e| panic!("jetwire reading {j}: {e}"));
    assert_eq!(s_of_j, s_of_s, "serde_json read jetwire's text {j}");
    assert_eq!(j_of_j, s_of_s, "jetwire read its own text {j}");
    if exact {
        assert_eq!(&s_of_s, v, "read back from {s}");
    }
}

/// Property 3 on one input: `None` when both reject it, or both accept it with equal values;
/// else a description of the disagreement.
fn disagreement<'a, T>(input: &'a str, normalize: fn(T) -> T) -> Option<String>
where
    T: Deserialize<'a> + FromJson<'a> + PartialEq + Debug,
{
    let s = serde_json::from_str::<T>(input).map(normalize).map_err(|e| e.to_string());
    let j = jetwire::json::from_str::<T>(input).map_err(|e| format!("{e} (at {:?})", e.path()));
    match (&s, &j) {
        (Ok(a), Ok(b)) if a == b => None,
        (Err(_), Err(_)) => None,
        _ => Some(format!("  {input}\n    serde_json: {s:?}\n    jetwire:    {j:?}")),
    }
}

/// Property 3: jetwire accepts each input exactly when serde_json does, with equal values.
/// `ok` inputs must also be accepted (so that a test cannot pass by both rejecting everything).
macro_rules! agree {
    ($ty:ty, ok: [$($ok:expr),* $(,)?], err: [$($err:expr),* $(,)?] $(,)?) => {
        agree!(normalize = std::convert::identity, $ty, ok: [$($ok),*], err: [$($err),*])
    };
    (normalize = $normalize:expr, $ty:ty, ok: [$($ok:expr),* $(,)?], err: [$($err:expr),* $(,)?] $(,)?) => {{
        let mut bad: Vec<String> = Vec::new();
        $(
            if let Err(e) = serde_json::from_str::<$ty>($ok) {
                bad.push(format!("  {} (expected valid): serde_json rejects it: {e}", $ok));
            }
            if let Some(d) = disagreement::<$ty>($ok, $normalize) {
                bad.push(d);
            }
        )*
        $(
            if let Some(d) = disagreement::<$ty>($err, $normalize) {
                bad.push(d);
            }
        )*
        assert!(bad.is_empty(), "jetwire and serde_json disagree on {}:\n{}", stringify!($ty), bad.join("\n"));
    }};
}

/// One proptest per type: `check` on random values.
macro_rules! differential {
    ($name:ident, $ty:ty, $strategy:expr, exact = $exact:expr) => {
        proptest! {
            #![proptest_config(config())]
            #[test]
            fn $name(v in $strategy) {
                check::<$ty>(&v, $exact);
            }
        }
    };
}

/// Short text with characters that need escaping, non-ASCII and ASCII.
fn text() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        "[a-z]{0,6}",
        any::<String>(),
        proptest::collection::vec(
            prop_oneof![
                Just('"'),
                Just('\\'),
                Just('\u{7f}'),
                Just('é'),
                Just('\u{1f600}'),
                (0u8..0x20).prop_map(char::from),
                Just('\u{2028}')
            ],
            0..6
        )
        .prop_map(|chars| chars.into_iter().collect()),
    ]
}

/// A finite `f64` (NaN and the infinities are a documented error to write for jetwire).
fn finite_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>().prop_filter("finite", |f| f.is_finite()),
        -1e6f64..1e6,
        Just(0.0),
        Just(-0.0),
        Just(1e300),
        Just(5e-324)
    ]
}

fn finite_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<f32>().prop_filter("finite", |f| f.is_finite()),
        -1e4f32..1e4,
        Just(f32::MAX),
        Just(f32::MIN_POSITIVE)
    ]
}

// =============================================================================================
// Field attributes: rename, alias, skip, skip_serializing, skip_deserializing,
// skip_serializing_if, default, default = "path", Option<Option<T>>
// =============================================================================================

fn default_level() -> u8 {
    7
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
#[serde(rename_all = "camelCase")]
#[jetwire(rename_all = "camelCase")]
struct Fields {
    user_id: u64,
    #[serde(rename = "display-name", alias = "name", alias = "nick")]
    #[jetwire(rename = "display-name", alias = "name", alias = "nick")]
    display_name: String,
    #[serde(skip)]
    #[jetwire(skip)]
    cache: u32,
    #[serde(skip_serializing, default)]
    #[jetwire(skip_serializing, default)]
    write_never: i16,
    #[serde(skip_serializing)]
    #[jetwire(skip_serializing)]
    secret: Option<u8>,
    #[serde(skip_deserializing)]
    #[jetwire(skip_deserializing)]
    read_never: bool,
    #[serde(skip_serializing_if = "is_zero", default)]
    #[jetwire(skip_serializing_if = "is_zero", default)]
    count: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[jetwire(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    #[serde(default = "default_level")]
    #[jetwire(default = "default_level")]
    level: u8,
    maybe: Option<Option<i32>>,
    #[serde(default)]
    #[jetwire(default)]
    tags: Vec<String>,
}

fn fields() -> impl Strategy<Value = Fields> {
    (
        (any::<u64>(), text(), any::<u32>(), any::<i16>(), any::<Option<u8>>(), any::<bool>()),
        (
            prop_oneof![Just(0u32), any::<u32>()],
            proptest::option::of(text()),
            any::<u8>(),
            any::<Option<Option<i32>>>(),
        ),
        proptest::collection::vec(text(), 0..3),
    )
        .prop_map(
            |(
                (user_id, display_name, cache, write_never, secret, read_never),
                (count, note, level, maybe),
                tags,
            )| {
                Fields {
                    user_id,
                    display_name,
                    cache,
                    write_never,
                    secret,
                    read_never,
                    count,
                    note,
                    level,
                    maybe,
                    tags,
                }
            },
        )
}

differential!(prop_field_attributes, Fields, fields(), exact = false);

#[test]
fn field_attributes_inputs() {
    agree!(
        Fields,
        ok: [
            r#"{"userId": 1, "display-name": "a", "maybe": 3}"#,
            r#"{"userId": 1, "name": "a", "maybe": null}"#,
            r#"{"userId": 1, "nick": "a"}"#,
            r#"{"userId": 1, "display-name": "a", "cache": 5, "readNever": true, "writeNever": 4, "secret": 9}"#,
            r#"{"userId": 1, "display-name": "a", "count": 0, "note": null, "level": 3, "tags": []}"#,
            r#"{"userId": 1, "display-name": "a", "unknown": {"x": [1, 2]}, "user_id": "ignored"}"#,
            r#"{"userId": 1, "display-name": "a", "readNever": "any type: skipped"}"#,
        ],
        err: [
            r#"{"display-name": "a"}"#,
            r#"{"userId": 1}"#,
            r#"{"userId": 1, "display-name": "a", "userId": 2}"#,
            r#"{"userId": 1, "display-name": "a", "name": "b"}"#,
            r#"{"userId": 1, "name": "a", "nick": "b"}"#,
            r#"{"userId": null, "display-name": "a"}"#,
            r#"{"userId": -1, "display-name": "a"}"#,
            r#"{"userId": 1.0, "display-name": "a"}"#,
            r#"{"userId": "1", "display-name": "a"}"#,
            r#"{"userId": 1, "display-name": "a", "level": null}"#,
            r#"{"userId": 1, "display-name": "a", "tags": null}"#,
            r#"{"userId": 1, "display-name": "a", "maybe": "x"}"#,
            r#"{"userId": 1, "display-name": "a", "secret": 256}"#,
            r#"{"userId": 1, "display-name": "a", "note": 5}"#,
            r#"{"userId": 18446744073709551616, "display-name": "a"}"#,
            r#"[]"#,
            r#"null"#,
            r#"{"userId": 1, "display-name": "a",}"#,
        ],
    );
}

/// Duplicate properties of fields that are never read (`skip`, `skip_deserializing`).
#[test]
fn duplicate_skipped_fields() {
    agree!(
        Fields,
        ok: [
            r#"{"userId": 1, "display-name": "a", "cache": 1, "cache": 2}"#,
            r#"{"userId": 1, "display-name": "a", "readNever": 1, "readNever": 2}"#,
            r#"{"userId": 1, "display-name": "a", "unknown": 1, "unknown": 2}"#,
        ],
        err: [],
    );
}

/// `Option<Option<T>>`: serde reads `null` as the outer `None`.
#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
struct DoubleOption {
    x: Option<Option<u8>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[jetwire(default, skip_serializing_if = "Option::is_none")]
    y: Option<Option<String>>,
}

differential!(
    prop_double_option,
    DoubleOption,
    (any::<Option<Option<u8>>>(), proptest::option::of(proptest::option::of(text())))
        .prop_map(|(x, y)| DoubleOption { x, y }),
    exact = false
);

#[test]
fn double_option_inputs() {
    agree!(
        DoubleOption,
        ok: [r#"{}"#, r#"{"x": null}"#, r#"{"x": 1, "y": null}"#, r#"{"x": 1, "y": "s"}"#],
        err: [r#"{"x": [null]}"#, r#"{"x": "1"}"#, r#"{"x": {}}"#],
    );
}

/// `skip_serializing` without a default: the field is still required when reading.
#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq)]
struct SkipSerializingRequired {
    a: u8,
    #[serde(skip_serializing)]
    #[jetwire(skip_serializing)]
    b: u8,
}

#[test]
fn skip_serializing_required_inputs() {
    let (j, s) = check_write(&SkipSerializingRequired { a: 1, b: 2 });
    assert_eq!((j.as_str(), s.as_str()), (r#"{"a":1}"#, r#"{"a":1}"#));
    agree!(SkipSerializingRequired, ok: [r#"{"a": 1, "b": 2}"#], err: [r#"{"a": 1}"#, r#"{"b": 1}"#]);
}

// =============================================================================================
// rename_all, every rule, on structs, enums, and a variant's fields
// =============================================================================================

macro_rules! rename_all_types {
    ($($s:ident, $e:ident, $prop:ident, $inputs:ident = $rule:literal;)*) => {$(
        #[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
        #[serde(rename_all = $rule)]
        #[jetwire(rename_all = $rule)]
        struct $s {
            very_tasty_field: u8,
            a: u8,
            x_1: u8,
            http_url2: u8,
            #[serde(rename = "kept")]
            #[jetwire(rename = "kept")]
            renamed_field: u8,
        }

        #[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
        #[serde(rename_all = $rule)]
        #[jetwire(rename_all = $rule)]
        enum $e {
            VeryTasty,
            A,
            HTTPServer,
            X1,
            Tuple(u8, u8),
            Struct { inner_field: u8 },
            #[serde(rename_all = $rule)]
            #[jetwire(rename_all = $rule)]
            Renamed { inner_field: u8, second_one: u8 },
            #[serde(rename = "Kept")]
            #[jetwire(rename = "Kept")]
            KeptName,
        }

        proptest! {
            #![proptest_config(config())]
            #[test]
            fn $prop(
                fields in any::<[u8; 5]>(),
                variant in 0..8usize,
            ) {
                let [a, b, c, d, e] = fields;
                check(&$s { very_tasty_field: a, a: b, x_1: c, http_url2: d, renamed_field: e }, true);
                let value = match variant {
                    0 => $e::VeryTasty,
                    1 => $e::A,
                    2 => $e::HTTPServer,
                    3 => $e::X1,
                    4 => $e::Tuple(a, b),
                    5 => $e::Struct { inner_field: a },
                    6 => $e::Renamed { inner_field: a, second_one: b },
                    _ => $e::KeptName,
                };
                check(&value, true);
            }
        }

        #[test]
        fn $inputs() {
            // The Rust names are never accepted when renamed; other spellings neither.
            agree!(
                $s,
                ok: [],
                err: [
                    r#"{"very_tasty_field": 1, "a": 1, "x_1": 1, "http_url2": 1, "renamed_field": 1}"#,
                    r#"{"veryTastyField": 1, "a": 1, "x1": 1, "httpUrl2": 1, "kept": 1}"#,
                    r#"{"VeryTastyField": 1, "A": 1, "X1": 1, "HttpUrl2": 1, "kept": 1}"#,
                    r#"{"very-tasty-field": 1, "a": 1, "x-1": 1, "http-url2": 1, "kept": 1}"#,
                ],
            );
            agree!(
                $e,
                ok: [],
                err: [
                    r#""VeryTasty""#, r#""very_tasty""#, r#""veryTasty""#, r#""very-tasty""#,
                    r#""HTTPServer""#, r#""httpServer""#, r#""http_server""#, r#""KeptName""#,
                    r#"{"Renamed": {"inner_field": 1, "second_one": 2}}"#,
                ],
            );
        }
    )*};
}

rename_all_types! {
    RenameLower, RenameLowerE, prop_rename_lowercase, rename_lowercase_inputs = "lowercase";
    RenameUpper, RenameUpperE, prop_rename_uppercase, rename_uppercase_inputs = "UPPERCASE";
    RenamePascal, RenamePascalE, prop_rename_pascal, rename_pascal_inputs = "PascalCase";
    RenameCamel, RenameCamelE, prop_rename_camel, rename_camel_inputs = "camelCase";
    RenameSnake, RenameSnakeE, prop_rename_snake, rename_snake_inputs = "snake_case";
    RenameScreaming, RenameScreamingE, prop_rename_screaming, rename_screaming_inputs = "SCREAMING_SNAKE_CASE";
    RenameKebab, RenameKebabE, prop_rename_kebab, rename_kebab_inputs = "kebab-case";
    RenameScreamingKebab, RenameScreamingKebabE, prop_rename_screaming_kebab, rename_screaming_kebab_inputs = "SCREAMING-KEBAB-CASE";
}

// =============================================================================================
// Container attributes: default, default = "path", deny_unknown_fields, transparent, tag on a
// struct
// =============================================================================================

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
#[serde(default)]
#[jetwire(default)]
struct ContainerDefault {
    a: u8,
    b: String,
    #[serde(default = "default_level")]
    #[jetwire(default = "default_level")]
    c: u8,
    d: Option<bool>,
}

impl Default for ContainerDefault {
    fn default() -> Self {
        ContainerDefault { a: 42, b: "container".into(), c: 1, d: Some(true) }
    }
}

fn make_default_path() -> ContainerDefaultPath {
    ContainerDefaultPath { a: 9, b: vec![1, 2] }
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
#[serde(default = "make_default_path")]
#[jetwire(default = "make_default_path")]
struct ContainerDefaultPath {
    a: u8,
    b: Vec<u8>,
}

differential!(
    prop_container_default,
    ContainerDefault,
    (any::<u8>(), text(), any::<u8>(), any::<Option<bool>>()).prop_map(|(a, b, c, d)| ContainerDefault {
        a,
        b,
        c,
        d
    }),
    exact = true
);

differential!(
    prop_container_default_path,
    ContainerDefaultPath,
    (any::<u8>(), any::<Vec<u8>>()).prop_map(|(a, b)| ContainerDefaultPath { a, b }),
    exact = true
);

#[test]
fn container_default_inputs() {
    agree!(
        ContainerDefault,
        ok: [r#"{}"#, r#"{"a": 1}"#, r#"{"b": "x", "zz": 1}"#, r#"{"d": null}"#],
        err: [r#"{"a": null}"#, r#"{"a": 1, "a": 1}"#, r#"null"#],
    );
    agree!(ContainerDefaultPath, ok: [r#"{}"#, r#"{"b": []}"#, r#"{"a": 3}"#], err: [r#"{"b": null}"#]);
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
#[serde(deny_unknown_fields)]
#[jetwire(deny_unknown_fields)]
struct Strict {
    a: u8,
    #[serde(alias = "bee")]
    #[jetwire(alias = "bee")]
    b: Option<u8>,
    #[serde(skip)]
    #[jetwire(skip)]
    c: u8,
    #[serde(rename = "D")]
    #[jetwire(rename = "D")]
    d: bool,
}

differential!(
    prop_deny_unknown_fields,
    Strict,
    (any::<u8>(), any::<Option<u8>>(), any::<bool>()).prop_map(|(a, b, d)| Strict { a, b, c: 0, d }),
    exact = true
);

#[test]
fn deny_unknown_fields_inputs() {
    agree!(
        Strict,
        ok: [r#"{"a": 1, "D": true}"#, r#"{"a": 1, "bee": 2, "D": false}"#, r#"{"D": false, "b": null, "a": 0}"#],
        err: [
            r#"{"a": 1, "D": true, "x": 1}"#,
            r#"{"a": 1, "D": true, "d": true}"#,
            r#"{"a": 1, "D": true, "c": 3}"#,
            r#"{"a": 1, "D": true, "b": 1, "bee": 2}"#,
            r#"{"a": 1}"#,
            r#"{"a": 1, "D": true, "a": 1}"#,
        ],
    );
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
#[serde(transparent)]
#[jetwire(transparent)]
struct Meters {
    value: f64,
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
#[serde(transparent)]
#[jetwire(transparent)]
struct Transparent<T> {
    inner: Vec<T>,
    #[serde(skip)]
    #[jetwire(skip)]
    marker: PhantomData<T>,
}

differential!(prop_transparent_float, Meters, finite_f64().prop_map(|value| Meters { value }), exact = true);

differential!(
    prop_transparent_generic,
    Transparent<String>,
    proptest::collection::vec(text(), 0..4).prop_map(|inner| Transparent { inner, marker: PhantomData }),
    exact = true
);

#[test]
fn transparent_inputs() {
    agree!(
        Meters,
        ok: [r#"1"#, r#"-0.0"#, r#"1e300"#, r#"1E-3"#],
        err: [r#"{"value": 1}"#, r#"[1]"#, r#"null"#, r#""1""#, r#"1e400"#],
    );
    agree!(Transparent<u8>, ok: [r#"[]"#, r#"[1, 2]"#], err: [r#"{"inner": []}"#, r#"[256]"#, r#"null"#]);
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
#[serde(tag = "kind")]
#[jetwire(tag = "kind")]
struct TaggedStruct {
    a: u8,
}

differential!(prop_tagged_struct, TaggedStruct, any::<u8>().prop_map(|a| TaggedStruct { a }), exact = true);

#[test]
fn tagged_struct_inputs() {
    agree!(TaggedStruct, ok: [r#"{"kind": "TaggedStruct", "a": 1}"#, r#"{"a": 1, "kind": "TaggedStruct"}"#], err: []);
}

/// Reading a tagged struct without its tag, or with another tag.
#[test]
fn tagged_struct_missing_or_wrong_tag() {
    agree!(TaggedStruct, ok: [], err: [r#"{"a": 1}"#, r#"{"kind": "Other", "a": 1}"#, r#"{"kind": 1, "a": 1}"#]);
}

// =============================================================================================
// Shapes: unit, tuple and newtype structs; nested collections, maps with string and integer
// keys; scalars
// =============================================================================================

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
struct UnitStruct;

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
struct TupleStruct(u8, String, Option<bool>);

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
struct Newtype(Vec<u16>);

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
struct Shapes {
    unit: UnitStruct,
    tuple: TupleStruct,
    newtype: Newtype,
    pair: (i8, String),
    array: [i16; 3],
}

differential!(
    prop_shapes,
    Shapes,
    (any::<u8>(), text(), any::<Option<bool>>(), any::<Vec<u16>>(), any::<(i8, String)>(), any::<[i16; 3]>())
        .prop_map(|(a, b, c, newtype, pair, array)| Shapes {
            unit: UnitStruct,
            tuple: TupleStruct(a, b, c),
            newtype: Newtype(newtype),
            pair,
            array
        }),
    exact = true
);

#[test]
fn shapes_inputs() {
    agree!(UnitStruct, ok: [r#"null"#], err: [r#"{}"#, r#"[]"#, r#""UnitStruct""#, r#"0"#]);
    agree!(
        TupleStruct,
        ok: [r#"[1, "a", null]"#, r#"[1, "a", true]"#],
        err: [r#"[1, "a"]"#, r#"[1, "a", null, 4]"#, r#"{"0": 1, "1": "a", "2": null}"#, r#"[1, 2, null]"#, r#"null"#],
    );
    agree!(Newtype, ok: [r#"[]"#, r#"[1, 65535]"#], err: [r#"[[1]]"#, r#"{"0": []}"#, r#"null"#, r#"[65536]"#]);
    agree!(
        Shapes,
        ok: [r#"{"unit": null, "tuple": [0, "", null], "newtype": [], "pair": [1, "x"], "array": [1, 2, 3]}"#],
        err: [
            r#"{"tuple": [0, "", null], "newtype": [], "pair": [1, "x"], "array": [1, 2, 3]}"#,
            r#"{"unit": null, "tuple": [0, "", null], "newtype": [], "pair": [1, "x"], "array": [1, 2]}"#,
            r#"{"unit": null, "tuple": [0, "", null], "newtype": [], "pair": [1, "x"], "array": [1, 2, 3, 4]}"#,
            r#"{"unit": null, "tuple": [0, "", null], "newtype": [], "pair": [1, "x", 2], "array": [1, 2, 3]}"#,
        ],
    );
}

/// A struct with named fields (or a struct variant) read from an array of its fields in order:
/// serde's derive accepts it (`visit_seq`), jetwire's does not. Deliberate on jetwire's side and
/// documented as a difference from serde (crates/jetwire-derive/src/lib.rs, "# Shapes"), and
/// tests/derive_structs.rs and tests/derive_enums.rs assert "expected an object, found an
/// array".
#[test]
fn struct_from_array_is_a_deliberate_difference() {
    #[track_caller]
    fn serde_only<'a, T: Deserialize<'a> + FromJson<'a> + Debug>(input: &'a str) {
        let s = serde_json::from_str::<T>(input);
        assert!(s.is_ok(), "serde_json reads {input}: {s:?}");
        let j = jetwire::json::from_str::<T>(input).expect_err(input);
        assert_eq!(j.message(), "expected an object, found an array", "{input}");
    }
    serde_only::<ContainerDefaultPath>(r#"[1, [2]]"#);
    serde_only::<External>(r#"{"Struct": [1, "b"]}"#);
    serde_only::<Internal>(r#"["Unit"]"#);
    serde_only::<Internal>(r#"["Struct", 1, "x"]"#);
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
struct Collections {
    grid: Vec<Vec<i32>>,
    by_name: BTreeMap<String, Vec<u8>>,
    by_id: BTreeMap<u32, BTreeMap<i64, String>>,
    small_keys: BTreeMap<i8, Option<u8>>,
    hashed: HashMap<u16, bool>,
    set: BTreeSet<String>,
    nested: Vec<BTreeMap<String, Vec<Option<String>>>>,
    wide: (u128, i128),
    ch: char,
}

differential!(
    prop_collections,
    Collections,
    (
        any::<Vec<Vec<i32>>>(),
        proptest::collection::btree_map(text(), any::<Vec<u8>>(), 0..4),
        proptest::collection::btree_map(
            any::<u32>(),
            proptest::collection::btree_map(any::<i64>(), text(), 0..3),
            0..3
        ),
        any::<BTreeMap<i8, Option<u8>>>(),
        any::<HashMap<u16, bool>>(),
        proptest::collection::btree_set(text(), 0..4),
        proptest::collection::vec(
            proptest::collection::btree_map(
                text(),
                proptest::collection::vec(proptest::option::of(text()), 0..3),
                0..3
            ),
            0..3
        ),
        any::<(u128, i128)>(),
        any::<char>(),
    )
        .prop_map(|(grid, by_name, by_id, small_keys, hashed, set, nested, wide, ch)| Collections {
            grid,
            by_name,
            by_id,
            small_keys,
            hashed,
            set,
            nested,
            wide,
            ch
        }),
    exact = true
);

#[test]
fn map_inputs() {
    agree!(
        BTreeMap<String, u8>,
        ok: [r#"{}"#, r#"{"a": 1, "b": 2}"#, r#"{"a": 1, "a": 2}"#, r#"{"\u0061": 1}"#, r#"{"": 0}"#],
        err: [r#"{"a": null}"#, r#"[]"#, r#"[["a", 1]]"#, r#"null"#],
    );
    agree!(
        BTreeMap<u32, u8>,
        ok: [r#"{"0": 1, "4294967295": 2}"#, r#"{"1": 1, "1": 2}"#],
        err: [
            r#"{"4294967296": 1}"#,
            r#"{"-1": 1}"#,
            r#"{"a": 1}"#,
            r#"{"": 1}"#,
            r#"{"+1": 1}"#,
            r#"{"01": 1}"#,
            r#"{" 1": 1}"#,
            r#"{"1 ": 1}"#,
            r#"{"1.0": 1}"#,
            r#"{"1e2": 1}"#,
        ],
    );
    agree!(BTreeMap<i64, u8>, ok: [r#"{"-9223372036854775808": 1, "-1": 2}"#], err: [r#"{"9223372036854775808": 1}"#, r#"{"--1": 1}"#]);
}

/// `-0` as an unsigned integer map key.
#[test]
fn map_key_minus_zero() {
    let s = serde_json::from_str::<BTreeMap<u32, u8>>(r#"{"-0": 1}"#).is_ok();
    let j = jetwire::json::from_str::<BTreeMap<u32, u8>>(r#"{"-0": 1}"#).is_ok();
    assert_eq!(j, s, "serde_json accepts {{\"-0\": 1}}: {s}, jetwire: {j}");
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
struct Floats {
    a: f64,
    b: f32,
    c: Vec<f64>,
}

differential!(
    prop_floats,
    Floats,
    (finite_f64(), finite_f32(), proptest::collection::vec(finite_f64(), 0..4))
        .prop_map(|(a, b, c)| Floats { a, b, c }),
    exact = true
);

#[test]
fn scalar_inputs() {
    agree!(
        Floats,
        ok: [r#"{"a": 1, "b": 2, "c": [-0, 1e-400, 0.1e1]}"#, r#"{"a": 1.7976931348623157e308, "b": 3.4028235e38, "c": []}"#],
        err: [
            r#"{"a": "1", "b": 2, "c": []}"#,
            r#"{"a": 1e309, "b": 2, "c": []}"#,
            r#"{"a": null, "b": 2, "c": []}"#,
            r#"{"a": NaN, "b": 2, "c": []}"#,
        ],
    );
}

/// An `f32` past `f32::MAX`: serde_json reads it as an `f64` and converts (to infinity).
#[test]
fn f32_out_of_range() {
    agree!(f32, ok: [r#"1"#, r#"3.4028235e38"#], err: [r#"1e39"#]);
}

// =============================================================================================
// Generics and borrowed strings
// =============================================================================================

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
struct Generic<T, U> {
    items: Vec<T>,
    first: Option<U>,
    map: BTreeMap<String, T>,
    inner: GenericEnum<U>,
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
enum GenericEnum<T> {
    Empty,
    One(T),
    Many(Vec<T>),
    Named { value: T, count: usize },
}

fn generic_enum<T: Debug + Clone + 'static>(
    t: impl Strategy<Value = T> + Clone,
) -> impl Strategy<Value = GenericEnum<T>> {
    prop_oneof![
        Just(GenericEnum::Empty),
        t.clone().prop_map(GenericEnum::One),
        proptest::collection::vec(t.clone(), 0..3).prop_map(GenericEnum::Many),
        (t, any::<usize>()).prop_map(|(value, count)| GenericEnum::Named { value, count }),
    ]
}

differential!(
    prop_generic,
    Generic<i32, String>,
    (
        any::<Vec<i32>>(),
        proptest::option::of(text()),
        proptest::collection::btree_map(text(), any::<i32>(), 0..3),
        generic_enum(text())
    )
        .prop_map(|(items, first, map, inner)| Generic { items, first, map, inner }),
    exact = true
);

differential!(
    prop_generic_nested,
    Generic<Option<u8>, Vec<bool>>,
    (
        any::<Vec<Option<u8>>>(),
        any::<Option<Vec<bool>>>(),
        proptest::collection::btree_map(text(), any::<Option<u8>>(), 0..3),
        generic_enum(any::<Vec<bool>>())
    )
        .prop_map(|(items, first, map, inner)| Generic { items, first, map, inner }),
    exact = true
);

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
struct Borrowed<'a> {
    name: &'a str,
    #[serde(borrow)]
    #[jetwire(borrow)]
    parts: Vec<&'a str>,
    #[serde(borrow)]
    #[jetwire(borrow)]
    opt: Option<&'a str>,
    #[serde(borrow)]
    #[jetwire(borrow)]
    by_key: BTreeMap<&'a str, &'a str>,
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn prop_borrowed(
        name in "[a-zA-Z0-9 é\u{1f600}]{0,8}",
        parts in proptest::collection::vec("[a-z]{0,4}", 0..3),
        opt in proptest::option::of("[a-z]{0,4}"),
        by_key in proptest::collection::btree_map("[a-z]{0,4}", "[A-Z]{0,4}", 0..3),
    ) {
        let v = Borrowed {
            name: &name,
            parts: parts.iter().map(String::as_str).collect(),
            opt: opt.as_deref(),
            by_key: by_key.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect(),
        };
        let (j, s) = check_write(&v);
        let j_of_s: Borrowed = jetwire::json::from_str(&s).unwrap();
        let s_of_j: Borrowed = serde_json::from_str(&j).unwrap();
        prop_assert_eq!(&j_of_s, &v);
        prop_assert_eq!(&s_of_j, &v);
    }
}

#[test]
fn borrowed_inputs() {
    agree!(
        Borrowed,
        ok: [r#"{"name": "a", "parts": [], "opt": null, "by_key": {}}"#, r#"{"name": "a", "parts": ["b"], "by_key": {"k": "v"}}"#],
        err: [
            r#"{"name": 1, "parts": [], "by_key": {}}"#,
            r#"{"name": null, "parts": [], "by_key": {}}"#,
            r#"{"parts": [], "by_key": {}}"#,
        ],
    );
}

/// Escaped text cannot be borrowed: serde_json rejects it ("expected a borrowed string").
#[test]
fn borrowed_escaped_inputs() {
    agree!(
        Borrowed,
        ok: [],
        err: [
            r#"{"name": "a\nb", "parts": [], "by_key": {}}"#,
            r#"{"name": "a", "parts": ["\u0041"], "by_key": {}}"#,
            r#"{"name": "a", "parts": [], "opt": "\"", "by_key": {}}"#,
            r#"{"name": "a", "parts": [], "by_key": {"\t": "v"}}"#,
        ],
    );
}

// =============================================================================================
// Enums: externally, internally and adjacently tagged, untagged; `other`
// =============================================================================================

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
struct Point {
    x: i32,
    y: i32,
}

fn point() -> impl Strategy<Value = Point> {
    any::<(i32, i32)>().prop_map(|(x, y)| Point { x, y })
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
enum External {
    Unit,
    Newtype(u32),
    Tuple(i8, String),
    Struct {
        a: u8,
        #[serde(default)]
        #[jetwire(default)]
        b: Option<String>,
    },
    NewStruct(Point),
    #[serde(rename = "renamed", alias = "also")]
    #[jetwire(rename = "renamed", alias = "also")]
    Renamed(bool),
    #[serde(skip)]
    #[jetwire(skip)]
    Skipped(u8),
    OptionPayload(Option<u8>),
    UnitTuple(),
}

fn external() -> impl Strategy<Value = External> {
    prop_oneof![
        Just(External::Unit),
        any::<u32>().prop_map(External::Newtype),
        (any::<i8>(), text()).prop_map(|(a, b)| External::Tuple(a, b)),
        (any::<u8>(), proptest::option::of(text())).prop_map(|(a, b)| External::Struct { a, b }),
        point().prop_map(External::NewStruct),
        any::<bool>().prop_map(External::Renamed),
        any::<Option<u8>>().prop_map(External::OptionPayload),
        Just(External::UnitTuple()),
    ]
}

differential!(prop_external, External, external(), exact = true);
differential!(prop_external_list, Vec<External>, proptest::collection::vec(external(), 0..4), exact = true);

#[test]
fn external_inputs() {
    agree!(
        External,
        ok: [
            r#""Unit""#,
            r#"{"Unit": null}"#,
            r#"{"Newtype": 1}"#,
            r#"{"Tuple": [1, "a"]}"#,
            r#"{"Struct": {"a": 1}}"#,
            r#"{"Struct": {"a": 1, "zz": 2}}"#,
            r#"{"renamed": true}"#,
            r#"{"also": true}"#,
            r#"{"OptionPayload": null}"#,
            r#"{"UnitTuple": []}"#,
        ],
        err: [
            r#""Other""#,
            r#""Newtype""#,
            r#""Skipped""#,
            r#"{"Skipped": 1}"#,
            r#"{"Renamed": true}"#,
            r#"{"Unit": 1}"#,
            r#"{"Unit": {}}"#,
            r#"{"Newtype": 1, "Unit": null}"#,
            r#"{}"#,
            r#"{"Tuple": [1]}"#,
            r#"{"Tuple": [1, "a", 2]}"#,
            r#"{"Struct": {"a": 1, "a": 2}}"#,
            r#"{"Struct": {}}"#,
            r#"{"Newtype": null}"#,
            r#"{"UnitTuple": [1]}"#,
            r#"["Unit"]"#,
            r#"null"#,
            r#"0"#,
        ],
    );
}

/// A variant with an empty tuple payload given `null` or an object.
#[test]
fn external_variant_payload_shapes() {
    agree!(External, ok: [], err: [r#"{"UnitTuple": null}"#, r#"{"UnitTuple": {}}"#]);
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
#[serde(tag = "type")]
#[jetwire(tag = "type")]
enum Internal {
    Unit,
    Struct {
        a: u8,
        b: String,
    },
    NewStruct(Point),
    NewMap(BTreeMap<String, u32>),
    #[serde(rename = "renamed", alias = "also")]
    #[jetwire(rename = "renamed", alias = "also")]
    Renamed {
        #[serde(default)]
        #[jetwire(default)]
        flag: bool,
    },
    #[serde(other)]
    #[jetwire(other)]
    Other,
}

fn internal() -> impl Strategy<Value = Internal> {
    prop_oneof![
        Just(Internal::Unit),
        (any::<u8>(), text()).prop_map(|(a, b)| Internal::Struct { a, b }),
        point().prop_map(Internal::NewStruct),
        proptest::collection::btree_map("[a-d]{1,3}", any::<u32>(), 0..3).prop_map(Internal::NewMap),
        any::<bool>().prop_map(|flag| Internal::Renamed { flag }),
        Just(Internal::Other),
    ]
}

differential!(prop_internal, Internal, internal(), exact = true);

#[test]
fn internal_inputs() {
    agree!(
        Internal,
        ok: [
            r#"{"type": "Unit"}"#,
            r#"{"type": "Unit", "extra": 1}"#,
            r#"{"a": 1, "b": "x", "type": "Struct"}"#,
            r#"{"type": "Struct", "a": 1, "b": "x", "zz": [1]}"#,
            r#"{"type": "NewStruct", "x": 1, "y": 2, "z": 3}"#,
            r#"{"type": "NewMap"}"#,
            r#"{"type": "NewMap", "a": 1, "b": 2}"#,
            r#"{"type": "renamed"}"#,
            r#"{"type": "also", "flag": true}"#,
            r#"{"type": "Whatever"}"#,
            r#"{"type": "Whatever", "a": 1}"#,
            r#"{"type": "Other"}"#,
        ],
        err: [
            r#"{}"#,
            r#"{"a": 1, "b": "x"}"#,
            r#"{"type": null}"#,
            r#"{"type": "Struct", "a": 1}"#,
            r#"{"type": "Struct", "a": 1, "b": "x", "a": 2}"#,
            r#"{"type": "NewStruct", "x": 1}"#,
            r#"{"type": "NewMap", "a": "x"}"#,
            r#"{"type": "renamed", "flag": 1}"#,
            r#""Unit""#,
            r#"[]"#,
            r#"null"#,
        ],
    );
}

/// The tag given twice.
#[test]
fn internal_duplicate_tag() {
    agree!(
        Internal,
        ok: [],
        err: [
            r#"{"type": "Unit", "type": "Unit"}"#,
            r#"{"type": "Unit", "type": "Struct", "a": 1, "b": ""}"#,
            r#"{"type": "Struct", "a": 1, "type": "Struct", "b": ""}"#,
            r#"{"a": 1, "type": "Struct", "b": "", "type": "Struct"}"#,
            r#"{"x": 1, "type": "NewStruct", "type": "NewStruct"}"#,
        ]
    );
    let err = jetwire::json::from_str::<Internal>(r#"{"a": 1, "type": "Struct", "b": "", "type": "Struct"}"#)
        .unwrap_err();
    assert_eq!(err.message(), "duplicate field `type`");
}

/// The tag as a variant index, or not a string.
#[test]
fn internal_integer_tag() {
    agree!(Internal, ok: [], err: [r#"{"type": 0}"#, r#"{"type": true}"#, r#"{"type": ["Unit"]}"#]);
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
#[serde(tag = "type", deny_unknown_fields)]
#[jetwire(tag = "type", deny_unknown_fields)]
enum InternalStrict {
    Unit,
    Struct { a: u8 },
}

#[test]
fn internal_deny_unknown_fields_inputs() {
    check(&InternalStrict::Unit, true);
    check(&InternalStrict::Struct { a: 3 }, true);
    agree!(
        InternalStrict,
        ok: [r#"{"type": "Unit"}"#, r#"{"a": 1, "type": "Struct"}"#],
        err: [r#"{"type": "Struct", "a": 1, "b": 2}"#, r#"{"type": "Other"}"#],
    );
}

/// Unknown properties next to a unit variant's tag under `deny_unknown_fields`: serde accepts
/// `{"type": "Unit", "b": 2}` (the unit variant ignores the rest of the object), jetwire rejects
/// it. Documented on jetwire's side: crates/jetwire-derive/src/lib.rs, "Container attributes",
/// `deny_unknown_fields` "applies ... to the tag object of internally and adjacently tagged
/// enums" (and for adjacently tagged enums serde agrees, see `adjacent_deny_unknown_fields_inputs`).
#[test]
fn internal_deny_unknown_fields_unit() {
    let input = r#"{"type": "Unit", "b": 2}"#;
    assert_eq!(serde_json::from_str::<InternalStrict>(input).unwrap(), InternalStrict::Unit);
    let err = jetwire::json::from_str::<InternalStrict>(input).unwrap_err();
    assert!(err.message().starts_with("unknown field `b`"), "{err}");
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
#[serde(tag = "t", content = "c")]
#[jetwire(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Newtype(Option<u32>),
    Tuple(u8, String),
    Struct {
        a: u8,
    },
    NewStruct(Point),
    #[serde(rename = "renamed")]
    #[jetwire(rename = "renamed")]
    Renamed(bool),
    #[serde(other)]
    #[jetwire(other)]
    Other,
}

fn adjacent() -> impl Strategy<Value = Adjacent> {
    prop_oneof![
        Just(Adjacent::Unit),
        any::<Option<u32>>().prop_map(Adjacent::Newtype),
        (any::<u8>(), text()).prop_map(|(a, b)| Adjacent::Tuple(a, b)),
        any::<u8>().prop_map(|a| Adjacent::Struct { a }),
        point().prop_map(Adjacent::NewStruct),
        any::<bool>().prop_map(Adjacent::Renamed),
        Just(Adjacent::Other),
    ]
}

differential!(prop_adjacent, Adjacent, adjacent(), exact = true);

#[test]
fn adjacent_inputs() {
    agree!(
        Adjacent,
        ok: [
            r#"{"t": "Unit"}"#,
            r#"{"t": "Newtype", "c": 1}"#,
            r#"{"c": 1, "t": "Newtype"}"#,
            r#"{"t": "Newtype", "c": null}"#,
            r#"{"c": [1, "x"], "t": "Tuple"}"#,
            r#"{"t": "Struct", "c": {"a": 1, "zz": 2}}"#,
            r#"{"t": "renamed", "c": true}"#,
            r#"{"t": "Whatever"}"#,
        ],
        err: [
            r#"{}"#,
            r#"{"c": 1}"#,
            r#"{"t": "Newtype", "c": "x"}"#,
            r#"{"t": "Tuple"}"#,
            r#"{"t": "Tuple", "c": [1]}"#,
            r#"{"t": "Struct", "c": {}}"#,
            r#"{"t": "Unit", "c": 1}"#,
            r#"{"t": "Newtype", "c": 1, "c": 2}"#,
            r#"{"t": "Newtype", "t": "Newtype", "c": 1}"#,
            r#"{"t": null, "c": 1}"#,
            r#""Unit""#,
            r#"null"#,
        ],
    );
}

/// A unit variant with a `null` content, and unknown properties beside tag and content.
#[test]
fn adjacent_unit_null_content_and_extra_keys() {
    agree!(
        Adjacent,
        ok: [r#"{"t": "Unit", "c": null}"#, r#"{"t": "Newtype", "c": 1, "zz": 2}"#, r#"{"zz": 2, "t": "Unit"}"#],
        err: [],
    );
}

/// A newtype variant of `Option` whose content is missing holds `None`, as a missing `Option`
/// field does.
#[test]
fn adjacent_missing_option_content() {
    let s = serde_json::from_str::<Adjacent>(r#"{"t": "Newtype"}"#).map_err(|e| e.to_string());
    let j = jetwire::json::from_str::<Adjacent>(r#"{"t": "Newtype"}"#).map_err(|e| e.to_string());
    assert_eq!(j, s);
    assert!(j.is_ok(), "{j:?}");
}

/// The `other` variant with a content given: serde reads it as `Other` only if the content is
/// a unit (`null`); jetwire reads any content (the derive docs, `other`).
#[test]
fn adjacent_other_with_content() {
    agree!(Adjacent, ok: [r#"{"t": "Whatever", "c": null}"#], err: []);
    let text = r#"{"t": "Whatever", "c": 1}"#;
    assert!(serde_json::from_str::<Adjacent>(text).is_err());
    assert_eq!(jetwire::json::from_str::<Adjacent>(text).unwrap(), Adjacent::Other);
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
#[serde(tag = "t", content = "c", deny_unknown_fields)]
#[jetwire(tag = "t", content = "c", deny_unknown_fields)]
enum AdjacentStrict {
    Unit,
    Newtype(u8),
}

#[test]
fn adjacent_deny_unknown_fields_inputs() {
    check(&AdjacentStrict::Unit, true);
    check(&AdjacentStrict::Newtype(3), true);
    agree!(
        AdjacentStrict,
        ok: [r#"{"t": "Unit"}"#, r#"{"t": "Newtype", "c": 1}"#],
        err: [r#"{"t": "Newtype", "c": 1, "zz": 2}"#, r#"{"t": "Unit", "zz": 2}"#],
    );
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
#[serde(untagged)]
#[jetwire(untagged)]
enum Untagged {
    Unit,
    Int(i64),
    Float(f64),
    Text(String),
    Pair(u8, String),
    Struct { a: u8, b: bool },
    Point(Point),
    List(Vec<Untagged>),
    Map(BTreeMap<String, Untagged>),
}

fn untagged() -> impl Strategy<Value = Untagged> {
    let leaf = prop_oneof![
        Just(Untagged::Unit),
        any::<i64>().prop_map(Untagged::Int),
        finite_f64().prop_map(Untagged::Float),
        text().prop_map(Untagged::Text),
        (any::<u8>(), text()).prop_map(|(a, b)| Untagged::Pair(a, b)),
        (any::<u8>(), any::<bool>()).prop_map(|(a, b)| Untagged::Struct { a, b }),
        point().prop_map(Untagged::Point),
    ];
    leaf.prop_recursive(2, 8, 3, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..3).prop_map(Untagged::List),
            proptest::collection::btree_map("[a-z]{1,3}", inner, 0..3).prop_map(Untagged::Map),
        ]
    })
}

// Not exact: `Float(1.0)` reads back as `Float`, but `List([Int(1), Text(..)])` reads back as
// `Pair` in both libraries (the first variant that reads the value wins).
differential!(prop_untagged, Untagged, untagged(), exact = false);

#[test]
fn untagged_inputs() {
    agree!(
        Untagged,
        ok: [
            r#"null"#,
            r#"1"#,
            r#"-9223372036854775808"#,
            r#"18446744073709551615"#,
            r#"1.5"#,
            r#"1e2"#,
            r#""s""#,
            r#"[1, "x"]"#,
            r#"{"a": 1, "b": true}"#,
            r#"{"a": 1, "b": true, "zz": 0}"#,
            r#"{"x": 1, "y": 2}"#,
            r#"{"a": 1}"#,
            r#"[]"#,
            r#"{}"#,
            r#"[null, [1, "x"], {"k": 2}]"#,
        ],
        err: [r#"true"#, r#"[true]"#, r#"{"k": true}"#],
    );
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
#[serde(untagged)]
#[jetwire(untagged)]
enum UntaggedNarrow {
    Small(u8),
    Named { x: u8 },
}

/// Untagged variants that need the value's shape exactly: a struct variant from an array, an
/// integer variant from an integer-valued float.
#[test]
fn untagged_narrow_inputs() {
    agree!(UntaggedNarrow, ok: [r#"1"#, r#"{"x": 1}"#], err: [r#"256"#, r#""1""#, r#"{"x": 256}"#, r#"{"y": 1}"#, r#"1.0"#, r#"[1]"#]);
}

/// `other` on an externally tagged enum (serde accepts it there too).
#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
enum ExternalOther {
    Known,
    Data(u8),
    #[serde(other)]
    #[jetwire(other)]
    Unknown,
}

#[test]
fn external_other_inputs() {
    check(&ExternalOther::Known, true);
    check(&ExternalOther::Data(1), true);
    check(&ExternalOther::Unknown, true);
    agree!(
        ExternalOther,
        ok: [r#""Known""#, r#""Unknown""#, r#""zzz""#, r#"{"zzz": null}"#, r#"{"Data": 1}"#],
        err: [r#"{"Data": null}"#, r#"{"Known": 1}"#, r#"1"#],
    );
}

/// An unknown variant with a payload that is not a unit: serde refuses it, jetwire reads it as
/// `other` (the derive docs, `other`). The `other` variant's own name, like any known unit
/// variant's, takes no payload in either.
#[test]
fn external_other_with_payload() {
    agree!(ExternalOther, ok: [r#"{"zzz": null}"#], err: [r#"{"Unknown": 1}"#, r#"{"Known": 1}"#]);
    for text in [r#"{"zzz": 1}"#, r#"{"zzz": [1]}"#] {
        assert!(serde_json::from_str::<ExternalOther>(text).is_err(), "{text}");
        assert_eq!(jetwire::json::from_str::<ExternalOther>(text).unwrap(), ExternalOther::Unknown, "{text}");
    }
}

/// A skipped variant is an error to write in both libraries.
#[test]
fn skipped_variant_is_an_error_to_write() {
    assert!(serde_json::to_string(&External::Skipped(1)).is_err());
    assert!(jetwire::json::to_string(&External::Skipped(1)).is_err());
}

// =============================================================================================
// Flatten: struct, Option, map, nested
// =============================================================================================

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
struct Page {
    limit: u32,
    offset: u32,
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
struct Deep {
    #[serde(flatten)]
    #[jetwire(flatten)]
    page: Page,
    depth: u8,
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
struct Extra {
    color: String,
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
struct Flat {
    id: u32,
    #[serde(flatten)]
    #[jetwire(flatten)]
    deep: Deep,
    #[serde(flatten)]
    #[jetwire(flatten)]
    extra: Option<Extra>,
    #[serde(flatten)]
    #[jetwire(flatten)]
    rest: BTreeMap<String, Option<u32>>,
}

fn flat() -> impl Strategy<Value = Flat> {
    (
        any::<u32>(),
        any::<(u32, u32, u8)>(),
        proptest::option::of(text()),
        proptest::collection::btree_map("z[a-z]{0,3}", any::<Option<u32>>(), 0..3),
    )
        .prop_map(|(id, (limit, offset, depth), color, rest)| Flat {
            id,
            deep: Deep { page: Page { limit, offset }, depth },
            extra: color.map(|color| Extra { color }),
            rest,
        })
}

/// serde hands a property to every flattened field that takes it: `Deep` is itself read as a
/// map (it has a flattened field), so it does not consume `limit`, `offset` and `depth`, and the
/// flattened map gets them too. jetwire gives a property to one flattened field only, a
/// documented difference (crates/jetwire-derive/src/lib.rs, "Field attributes", `flatten`:
/// "Unlike serde, a property goes to one flattened field only, never to two"). So serde's values
/// are compared with those keys taken out of the map.
fn serde_flat(mut flat: Flat) -> Flat {
    for key in ["limit", "offset", "depth"] {
        flat.rest.remove(key);
    }
    flat
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn prop_flatten(v in flat()) {
        check_with(&v, true, serde_flat);
    }
}

/// The documented difference itself, so that it is seen if either side changes.
#[test]
fn flatten_property_to_two_fields_is_a_documented_difference() {
    let input = r#"{"id": 1, "limit": 2, "offset": 3, "depth": 4, "zz": 5}"#;
    let s: Flat = serde_json::from_str(input).unwrap();
    let j: Flat = jetwire::json::from_str(input).unwrap();
    assert_eq!(s.rest.keys().collect::<Vec<_>>(), ["depth", "limit", "offset", "zz"]);
    assert_eq!(j.rest.keys().collect::<Vec<_>>(), ["zz"]);
    assert_eq!(serde_flat(s), j);
}

#[test]
fn flatten_inputs() {
    agree!(
        normalize = serde_flat,
        Flat,
        ok: [
            r#"{"id": 1, "limit": 2, "offset": 3, "depth": 4}"#,
            r#"{"depth": 4, "offset": 3, "id": 1, "limit": 2, "color": "red"}"#,
            r#"{"id": 1, "limit": 2, "offset": 3, "depth": 4, "zz": 5, "zy": null}"#,
        ],
        err: [
            r#"{"id": 1, "limit": 2, "depth": 4}"#,
            r#"{"id": 1, "limit": 2, "offset": 3}"#,
            r#"{"limit": 2, "offset": 3, "depth": 4}"#,
            r#"{"id": 1, "limit": 2, "offset": 3, "depth": 4, "zz": "x"}"#,
            r#"{"id": 1, "limit": 2, "offset": "3", "depth": 4}"#,
            r#"{"id": 1, "id": 1, "limit": 2, "offset": 3, "depth": 4}"#,
            r#"{"id": 1, "limit": 2, "offset": 3, "depth": 4, "depth": 4}"#,
            r#"{"id": 1, "limit": 2, "offset": 3, "depth": 4, "limit": 2}"#,
            r#"[1, 2, 3, 4]"#,
        ],
    );
}

/// A flattened `Option` whose struct takes a property of the wrong type: serde gives `None`
/// and drops the value; jetwire reports the property (documented under `flatten` in the derive
/// docs).
#[test]
fn flatten_option_that_does_not_read() {
    let text = r#"{"id": 1, "limit": 2, "offset": 3, "depth": 4, "color": 5}"#;
    assert!(serde_json::from_str::<Flat>(text).unwrap().extra.is_none());
    let err = jetwire::json::from_str::<Flat>(text).unwrap_err();
    assert_eq!(err.path(), "/color", "{err}");
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
struct FlatNoMap {
    id: u32,
    #[serde(flatten)]
    #[jetwire(flatten)]
    page: Page,
    #[serde(flatten)]
    #[jetwire(flatten)]
    extra: Option<Extra>,
}

differential!(
    prop_flatten_no_map,
    FlatNoMap,
    (any::<(u32, u32, u32)>(), proptest::option::of(text())).prop_map(|((id, limit, offset), color)| {
        FlatNoMap { id, page: Page { limit, offset }, extra: color.map(|color| Extra { color }) }
    }),
    exact = true
);

#[test]
fn flatten_no_map_inputs() {
    agree!(
        FlatNoMap,
        ok: [
            r#"{"id": 1, "limit": 2, "offset": 3}"#,
            r#"{"id": 1, "limit": 2, "offset": 3, "unknown": [1]}"#,
            r#"{"id": 1, "limit": 2, "offset": 3, "color": "c"}"#,
        ],
        err: [r#"{"id": 1, "limit": 2}"#, r#"{"id": 1, "limit": 2, "offset": 3, "offset": 3}"#],
    );
}

/// The same without a map beside it.
#[test]
fn flatten_option_wrong_type() {
    let text = r#"{"id": 1, "limit": 2, "offset": 3, "color": 5}"#;
    assert!(serde_json::from_str::<FlatNoMap>(text).unwrap().extra.is_none());
    let err = jetwire::json::from_str::<FlatNoMap>(text).unwrap_err();
    assert_eq!(err.path(), "/color", "{err}");
}

/// Flattened struct inside an internally tagged enum's variant, extra properties beside it.
#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
#[serde(tag = "kind")]
#[jetwire(tag = "kind")]
enum TaggedFlat {
    Query {
        q: String,
        #[serde(flatten)]
        #[jetwire(flatten)]
        page: Page,
    },
    Plain(Deep),
}

differential!(
    prop_tagged_flatten,
    TaggedFlat,
    prop_oneof![
        (text(), any::<(u32, u32)>())
            .prop_map(|(q, (limit, offset))| TaggedFlat::Query { q, page: Page { limit, offset } }),
        any::<(u32, u32, u8)>().prop_map(|(limit, offset, depth)| TaggedFlat::Plain(Deep {
            page: Page { limit, offset },
            depth
        })),
    ],
    exact = true
);

#[test]
fn tagged_flatten_inputs() {
    agree!(
        TaggedFlat,
        ok: [
            r#"{"kind": "Query", "q": "x", "limit": 1, "offset": 2}"#,
            r#"{"q": "x", "limit": 1, "offset": 2, "zz": 3, "kind": "Query"}"#,
            r#"{"kind": "Plain", "limit": 1, "offset": 2, "depth": 3, "zz": null}"#,
        ],
        err: [
            r#"{"kind": "Query", "q": "x", "limit": 1}"#,
            r#"{"kind": "Plain", "limit": 1, "offset": 2}"#,
            r#"{"kind": "Plain", "limit": 1, "offset": 2, "depth": 3, "depth": 3}"#,
        ],
    );
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Clone)]
#[serde(deny_unknown_fields)]
#[jetwire(deny_unknown_fields)]
struct FlatStrict {
    id: u32,
    #[serde(flatten)]
    #[jetwire(flatten)]
    page: Page,
}

/// `deny_unknown_fields` with a flattened struct (serde documents the combination as not
/// supported, but it does reject properties nobody takes).
#[test]
fn flatten_deny_unknown_fields_inputs() {
    check(&FlatStrict { id: 1, page: Page { limit: 2, offset: 3 } }, true);
    agree!(
        FlatStrict,
        ok: [r#"{"id": 1, "limit": 2, "offset": 3}"#],
        err: [r#"{"id": 1, "limit": 2, "offset": 3, "zz": 4}"#],
    );
}

// =============================================================================================
// The json_typed fuzz target's checks
// =============================================================================================

/// JSONTestSuite's parser cases, every file.
fn suite_files() -> Vec<(String, Vec<u8>)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/JSONTestSuite/test_parsing");
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap_or_else(|err| panic!("reading {dir}: {err}"))
        .map(|entry| entry.expect("a directory entry").path())
        .map(|path| (path.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&path).unwrap()))
        .collect();
    files.sort();
    files
}

/// Inputs on the edges of the data model, for the typed checks.
const TYPED_EDGES: &[&str] = &[
    r#"{"id": 1, "small": -128, "wide": -170141183460469231731687303715884105728, "huge": 340282366920938463463374607431768211455, "ratio": 1e300, "name": "n\u00e9", "tags": [], "pair": [65535, "\ud83d\ude00"], "kind": "Unit", "scores": {"a": -1}, "nothing": null}"#,
    r#"{"id": 1, "small": 0, "wide": null, "huge": null, "ratio": -0.0, "name": "", "tags": ["a"], "pair": [0, "x"], "kind": {"Fields": {"x": 1.5, "label": null}}, "scores": {}, "children": [{"value": 1, "kids": [{"value": -2}]}], "x-extra": [true], "nothing": null}"#,
    r#"{"id": 1, "id": 2}"#,
    r#"[{"Newtype": -9223372036854775808}, {"Tuple": [1, "a"]}, "Unit"]"#,
    r#"[{"Unit": null}]"#,
    r#"[{"Newtype": 1, "Tuple": [1, "a"]}]"#,
    r#"{"a": 1, "a": null, "b": 1.7976931348623157e308}"#,
    r#"{"value": 1, "other": 2}"#,
    r#"[255, "\u0000", true]"#,
    r#"[256, "", null]"#,
    "-0",
    "0",
    "-1",
    "1.0",
    "1e2",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775809",
    "170141183460469231731687303715884105728",
    "1e400",
    "-1e-400",
    "0.1",
    r#""x""#,
    r#""xy""#,
    r#""\ud800""#,
    "null",
    "[]",
    "[1, 2, 65536]",
    "{}",
    " 7 ",
];

/// The `json_typed` fuzz target's three-way checks (`common::typed`) on every conformance file
/// and on inputs at the edges of the data model.
#[test]
fn the_typed_fuzz_checks_pass_on_the_suite_and_edge_inputs() {
    // The records at the edges read (so that the checks compare values, not only refusals).
    for text in &TYPED_EDGES[..2] {
        serde_json::from_str::<common::typed::Record>(text).unwrap_or_else(|err| panic!("{text}: {err}"));
        jetwire::json::from_str::<common::typed::Record>(text).unwrap_or_else(|err| panic!("{text}: {err}"));
    }
    let mut failures = Vec::new();
    let inputs = suite_files()
        .into_iter()
        .chain(TYPED_EDGES.iter().map(|text| (format!("{text:?}"), text.as_bytes().to_vec())));
    for (name, input) in inputs {
        if let Err(difference) = common::typed::check_typed_against_serde(&input) {
            failures.push(format!("{name}: {difference}"));
        }
    }
    assert!(failures.is_empty(), "{} disagreements:\n{}", failures.len(), failures.join("\n"));
}

/// Every input of the `json_typed` fuzz target's minimized corpus (fuzz/corpora/, packed: each a
/// four-byte little-endian length, then its bytes) through its three-way checks.
#[test]
fn the_typed_fuzz_corpus_passes_the_three_way_checks() {
    let inputs = common::corpora::fuzz_corpus("json_typed");
    assert!(inputs.len() > 1000, "{} inputs in json_typed's corpus", inputs.len());
    for (index, input) in inputs.iter().enumerate() {
        if let Err(difference) = common::typed::check_typed_against_serde(input) {
            panic!("input {index}: {difference}");
        }
    }
}
