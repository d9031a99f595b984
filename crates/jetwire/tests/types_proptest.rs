//! Property tests: generated values of nested derived types survive value → JSON → value,
//! compact and pretty, bit for bit; and damaged or random input is an error, never a panic.

use std::collections::BTreeMap;

use jetwire::json::{self, Indent, WriteOptions};
use jetwire::{FromJson, ToJson};
use proptest::prelude::*;
use proptest::test_runner::Config;

/// `cases` cases, and no regression files written into the source tree.
fn config(cases: u32) -> Config {
    Config { cases, failure_persistence: None, ..Config::default() }
}

// ---- the types ----------------------------------------------------------------------------------

#[derive(ToJson, FromJson, Debug, Clone, PartialEq)]
struct Node {
    name: String,
    maybe_names: Vec<Option<String>>,
    index: BTreeMap<String, Vec<i64>>,
    triple: (u8, f64, bool),
    wide: (i128, u128),
    kind: Kind,
    shape: Shape,
    #[jetwire(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    child: Option<Box<Node>>,
}

/// Externally tagged.
#[derive(ToJson, FromJson, Debug, Clone, PartialEq)]
enum Kind {
    Unit,
    Newtype(Vec<u16>),
    Tuple(i32, String, Option<f32>),
    Struct { a: f32, b: Option<u64>, c: Vec<Kind> },
}

/// Internally tagged.
#[derive(ToJson, FromJson, Debug, Clone, PartialEq)]
#[jetwire(tag = "type", rename_all = "snake_case")]
enum Shape {
    Empty,
    Point { x: f64, y: f64 },
    Label { text: String, sizes: BTreeMap<u32, i8> },
    Wrapped(Inner),
}

#[derive(ToJson, FromJson, Debug, Clone, PartialEq)]
struct Inner {
    id: u64,
    min: i64,
}

// ---- strategies ---------------------------------------------------------------------------------

/// Any finite `f64`: uniform over the bit patterns (subnormals, huge, tiny, both zeros) and
/// over proptest's classes.
fn finite_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<u64>().prop_map(f64::from_bits).prop_filter("finite", |v| v.is_finite()),
        prop::num::f64::NORMAL | prop::num::f64::SUBNORMAL | prop::num::f64::ZERO,
        Just(f64::MAX),
        Just(f64::MIN),
        Just(f64::MIN_POSITIVE),
        Just(-0.0),
    ]
}

fn finite_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<u32>().prop_map(f32::from_bits).prop_filter("finite", |v| v.is_finite()),
        prop::num::f32::NORMAL | prop::num::f32::SUBNORMAL | prop::num::f32::ZERO,
    ]
}

/// Strings with what JSON escapes (quotes, backslashes, every control character), non-BMP
/// characters (surrogate pairs under `ascii_only`), and proptest's own arbitrary strings.
fn text() -> impl Strategy<Value = String> {
    let tricky = prop_oneof![
        4 => any::<char>(),
        2 => (0u32..0x20).prop_map(|c| char::from_u32(c).unwrap()),
        2 => prop::char::range('\u{10000}', '\u{10FFFF}'),
        1 => prop::sample::select(vec!['"', '\\', '/', '\u{7f}', '\u{2028}', '\u{2029}', '\u{FEFF}', '\u{FFFD}']),
    ];
    prop_oneof![
        1 => any::<String>(),
        2 => prop::collection::vec(tricky, 0..12).prop_map(String::from_iter),
    ]
}

fn kind(depth: u32) -> BoxedStrategy<Kind> {
    let leaf = prop_oneof![
        Just(Kind::Unit),
        prop::collection::vec(any::<u16>(), 0..4).prop_map(Kind::Newtype),
        (any::<i32>(), text(), prop::option::of(finite_f32())).prop_map(|(a, b, c)| Kind::Tuple(a, b, c)),
    ];
    if depth == 0 {
        return leaf.boxed();
    }
    prop_oneof![
        3 => leaf,
        1 => (finite_f32(), any::<Option<u64>>(), prop::collection::vec(kind(depth - 1), 0..3))
            .prop_map(|(a, b, c)| Kind::Struct { a, b, c }),
    ]
    .boxed()
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape::Empty),
        (finite_f64(), finite_f64()).prop_map(|(x, y)| Shape::Point { x, y }),
        (text(), prop::collection::btree_map(any::<u32>(), any::<i8>(), 0..4))
            .prop_map(|(text, sizes)| Shape::Label { text, sizes }),
        (any::<u64>(), any::<i64>()).prop_map(|(id, min)| Shape::Wrapped(Inner { id, min })),
    ]
}

/// A `Node` whose `child` chain is at most `depth` deep.
fn node(depth: u32) -> BoxedStrategy<Node> {
    let child = if depth == 0 {
        Just(None).boxed()
    } else {
        prop::option::of(node(depth - 1).prop_map(Box::new)).boxed()
    };
    (
        text(),
        prop::collection::vec(prop::option::of(text()), 0..4),
        prop::collection::btree_map(text(), prop::collection::vec(any::<i64>(), 0..4), 0..3),
        (any::<u8>(), finite_f64(), any::<bool>()),
        (any::<i128>(), any::<u128>()),
        kind(2),
        shape(),
        prop::option::of(text()),
        child,
    )
        .prop_map(|(name, maybe_names, index, triple, wide, kind, shape, note, child)| Node {
            name,
            maybe_names,
            index,
            triple,
            wide,
            kind,
            shape,
            note,
            child,
        })
        .boxed()
}

// ---- checks -------------------------------------------------------------------------------------

/// Writes `value` compact, pretty (spaces and tabs) and ASCII-only; each must read back equal
/// and, written again, give the same bytes (which makes float equality bit-exact: `-0.0` and
/// `0.0` are written differently).
fn check_round_trip<T>(value: &T) -> Result<(), TestCaseError>
where
    T: ToJson + for<'de> FromJson<'de> + PartialEq + std::fmt::Debug,
{
    let compact = json::to_vec(value).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let back: T = json::from_slice(&compact)
        .map_err(|e| TestCaseError::fail(format!("{e} in {}", String::from_utf8_lossy(&compact))))?;
    prop_assert_eq!(&back, value);
    prop_assert_eq!(json::to_vec(&back).unwrap(), compact.clone());

    let text = json::to_string(value).unwrap();
    prop_assert_eq!(text.as_bytes(), &compact[..]);
    prop_assert_eq!(&json::from_str::<T>(&text).unwrap(), value);

    let pretty = json::to_string_pretty(value).unwrap();
    let back: T = json::from_str(&pretty).map_err(|e| TestCaseError::fail(format!("{e} in {pretty}")))?;
    prop_assert_eq!(&back, value);
    prop_assert_eq!(json::to_vec(&back).unwrap(), compact.clone());

    for options in [
        WriteOptions { indent: Some(Indent::Tab), ..WriteOptions::default() },
        WriteOptions { ascii_only: true, html_safe: true, ..WriteOptions::default() },
    ] {
        let bytes = json::to_vec_with(value, options).unwrap();
        if options.ascii_only {
            prop_assert!(bytes.is_ascii());
        }
        let back: T = json::from_slice(&bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(json::to_vec(&back).unwrap(), compact.clone());
    }

    // The other sinks write the same bytes.
    let mut appended = b"[".to_vec();
    json::to_writer(&mut appended, value).unwrap();
    prop_assert_eq!(&appended[1..], &compact[..]);
    let mut sink = Vec::new();
    json::to_io_writer(&mut sink, value).unwrap();
    prop_assert_eq!(sink, compact);
    Ok(())
}

proptest! {
    #![proptest_config(config(500))]

    #[test]
    fn nested_nodes_round_trip(value in node(3)) {
        check_round_trip(&value)?;
    }

    #[test]
    fn lists_of_nodes_round_trip(value in prop::collection::vec(node(1), 0..4)) {
        check_round_trip(&value)?;
    }

    #[test]
    fn damaged_documents_are_errors_not_panics(
        value in node(2),
        cut in any::<prop::sample::Index>(),
        flip in any::<prop::sample::Index>(),
        byte in any::<u8>(),
    ) {
        let text = json::to_vec(&value).unwrap();
        // Every proper prefix is incomplete.
        let end = cut.index(text.len());
        let err = json::from_slice::<Node>(&text[..end]).unwrap_err();
        prop_assert!(err.offset() <= end, "{err}");
        // One byte replaced: either still a Node, or an error with a position inside the input.
        let mut damaged = text.clone();
        damaged[flip.index(text.len())] = byte;
        if let Err(err) = json::from_slice::<Node>(&damaged) {
            prop_assert!(err.offset() <= damaged.len());
            prop_assert!(err.line() >= 1 && err.column() >= 1, "{err}");
            let _ = err.to_string();
        }
    }
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn strings_round_trip(value in text()) {
        check_round_trip(&value)?;
        let input = json::to_vec(&value).unwrap();
        let back: std::borrow::Cow<str> = json::from_slice(&input).unwrap();
        prop_assert_eq!(back.as_ref(), value.as_str());
    }

    #[test]
    fn f64_round_trips_bit_exact(value in finite_f64()) {
        let text = json::to_string(&value).unwrap();
        let back: f64 = json::from_str(&text).unwrap();
        prop_assert_eq!(back.to_bits(), value.to_bits(), "{} read as {}", text, back);
        // The text is the shortest that round-trips, as Rust's own formatting finds it.
        let shortest = format!("{value:e}");
        let digits = |s: &str| s.split(['e', 'E']).next().unwrap().replace(['-', '.'], "").trim_matches('0').len().max(1);
        prop_assert_eq!(digits(&text), digits(&shortest), "{} vs {}", text, shortest);
    }

    #[test]
    fn f32_round_trips_bit_exact(value in finite_f32()) {
        let text = json::to_string(&value).unwrap();
        let back: f32 = json::from_str(&text).unwrap();
        prop_assert_eq!(back.to_bits(), value.to_bits(), "{} read as {}", text, back);
    }

    #[test]
    fn wide_integers_round_trip(a in any::<i128>(), b in any::<u128>(), c in any::<i64>(), d in any::<u64>()) {
        let text = json::to_string(&(a, b, c, d)).unwrap();
        prop_assert_eq!(&text, &format!("[{a},{b},{c},{d}]"));
        prop_assert_eq!(json::from_str::<(i128, u128, i64, u64)>(&text).unwrap(), (a, b, c, d));
        let keys = BTreeMap::from([(a, b)]);
        check_round_trip(&keys)?;
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let _ = json::from_slice::<Node>(&bytes);
        let _ = json::from_slice::<Vec<Kind>>(&bytes);
        let _ = json::from_slice::<Shape>(&bytes);
        let _ = json::from_slice::<BTreeMap<String, Option<f64>>>(&bytes);
    }

    #[test]
    fn json_like_bytes_never_panic(
        parts in prop::collection::vec(
            prop::sample::select(vec![
                "{", "}", "[", "]", ",", ":", "\"", "\"type\"", "\"point\"", "\"x\"", "\"Unit\"",
                "\"Struct\"", "\"a\"", "null", "true", "1", "-0.5e3", "\"\\u00\"", "\\", " ", "\"name\"",
                "\"child\"", "\"kind\"", "\"shape\"", "1e999", "340282366920938463463374607431768211456",
            ]),
            0..24,
        )
    ) {
        let doc = parts.concat();
        let _ = json::from_str::<Node>(&doc);
        let _ = json::from_str::<Kind>(&doc);
        let _ = json::from_str::<Shape>(&doc);
        let _ = json::from_str::<Vec<Option<Shape>>>(&doc);
    }
}
