//! Property tests of derived types in the binary format: generated values survive value →
//! bytes → value (also through `from_slice_into` over another value), and random or damaged
//! bytes are an error or a value that re-encodes stably, never a panic.

use std::collections::BTreeMap;

use jetwire::binary;
use jetwire::{FromBinary, ToBinary};
use proptest::prelude::*;
use proptest::test_runner::Config;

fn config(cases: u32) -> Config {
    Config { cases, failure_persistence: None, ..Config::default() }
}

#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq, Default)]
struct Node {
    name: String,
    weights: Vec<f64>,
    points: Vec<Point>,
    index: BTreeMap<String, Vec<i64>>,
    kind: Kind,
    meta: Meta,
    child: Option<Box<Node>>,
}

#[derive(ToBinary, FromBinary, Debug, Clone, Copy, PartialEq, Default)]
struct Point {
    x: i32,
    y: i32,
    z: f32,
}

#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq, Default)]
enum Kind {
    #[default]
    Leaf,
    Pair(u8, char),
    Named {
        flag: bool,
        tags: Vec<String>,
    },
}

#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq, Default)]
#[jetwire(versioned)]
struct Meta {
    version: u16,
    note: Option<String>,
}

fn point() -> impl Strategy<Value = Point> {
    (any::<i32>(), any::<i32>(), any::<f32>().prop_filter("not NaN", |f| !f.is_nan()))
        .prop_map(|(x, y, z)| Point { x, y, z })
}

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        Just(Kind::Leaf),
        (any::<u8>(), any::<char>()).prop_map(|(a, c)| Kind::Pair(a, c)),
        (any::<bool>(), proptest::collection::vec(".{0,5}", 0..3))
            .prop_map(|(flag, tags)| Kind::Named { flag, tags }),
    ]
}

fn node() -> impl Strategy<Value = Node> {
    let leaf = (
        ".{0,8}",
        proptest::collection::vec(any::<f64>().prop_filter("not NaN", |f| !f.is_nan()), 0..4),
        proptest::collection::vec(point(), 0..4),
        proptest::collection::btree_map(".{0,4}", proptest::collection::vec(any::<i64>(), 0..3), 0..3),
        kind(),
        (any::<u16>(), proptest::option::of(".{0,6}")).prop_map(|(version, note)| Meta { version, note }),
    )
        .prop_map(|(name, weights, points, index, kind, meta)| Node {
            name,
            weights,
            points,
            index,
            kind,
            meta,
            child: None,
        });
    leaf.prop_recursive(3, 8, 1, |inner| {
        (inner.clone(), inner).prop_map(|(mut parent, child)| {
            parent.child = Some(Box::new(child));
            parent
        })
    })
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn derived_values_round_trip(value in node(), other in node()) {
        let bytes = binary::to_vec(&value).unwrap();
        let back: Node = binary::from_slice(&bytes).unwrap();
        prop_assert_eq!(&back, &value);
        let mut reused = other;
        binary::from_slice_into(&bytes, &mut reused).unwrap();
        prop_assert_eq!(&reused, &value);
    }

    #[test]
    fn damaged_bytes_are_errors_or_canonical(
        value in node(),
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
        cut in any::<prop::sample::Index>(),
    ) {
        let mut bytes = binary::to_vec(&value).unwrap();
        for (at, byte) in flips {
            let i = at.index(bytes.len());
            bytes[i] = byte;
        }
        if let Ok(back) = binary::from_slice::<Node>(&bytes) {
            // Outside versioned bodies the encoding is canonical; a versioned body cut short
            // reads as defaults, so compare the re-encodings instead of the damaged bytes.
            let again = binary::to_vec(&back).unwrap();
            let twice = binary::to_vec(&binary::from_slice::<Node>(&again).unwrap()).unwrap();
            prop_assert_eq!(twice, again);
        }
        let end = cut.index(bytes.len() + 1);
        let _ = binary::from_slice::<Node>(&bytes[..end]);
        let mut reused = value;
        let _ = binary::from_slice_into(&bytes[..end], &mut reused);
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..96)) {
        let _ = binary::from_slice::<Node>(&bytes);
        let _ = binary::from_slice::<Vec<Point>>(&bytes);
        let _ = binary::from_slice::<Kind>(&bytes);
        let _ = binary::from_slice::<Meta>(&bytes);
        let _ = binary::from_slice::<Vec<Kind>>(&bytes);
    }

    /// A raw struct (read as a check of its `bool` bytes and a copy) and the same fields read
    /// one by one agree on every input: the same values, bit for bit, or the same error.
    #[test]
    fn raw_structs_agree_with_field_by_field_reads(
        len in 0u8..16,
        body in proptest::collection::vec(
            prop_oneof![4 => 0u8..=1, 1 => 2u8..=3, 1 => any::<u8>()],
            0..120,
        ),
    ) {
        // A length that the body mostly holds (8 bytes an element), then bytes that are mostly
        // valid bools, sometimes just above.
        let bytes: Vec<u8> = std::iter::once(len).chain(body).collect();
        let raw = binary::from_slice::<Vec<Flagged>>(&bytes)
            .map(|v| v.iter().map(Flagged::bits).collect::<Vec<_>>())
            .map_err(|e| e.to_string());
        let by_field = binary::from_slice::<Vec<FlaggedFieldByField>>(&bytes)
            .map(|v| v.iter().map(|f| Flagged::from(f).bits()).collect::<Vec<_>>())
            .map_err(|e| e.to_string());
        prop_assert_eq!(raw, by_field.clone());
        // Read into a `Vec` that holds values already: the same values, or the same error.
        let mut into = vec![Flagged { weight: 1.5, id: 7, on: true, seen: false }; usize::from(len % 5)];
        let outcome = binary::from_slice_into(&bytes, &mut into)
            .map(|()| into.iter().map(Flagged::bits).collect::<Vec<_>>())
            .map_err(|e| e.to_string());
        prop_assert_eq!(outcome, by_field);
    }

    /// Raw structs write (as a copy of their memory) what the same fields write one by one.
    #[test]
    fn raw_structs_write_what_field_by_field_writes(
        values in proptest::collection::vec(any::<(u32, u16, bool, bool)>(), 0..20),
    ) {
        let raw: Vec<Flagged> = values
            .iter()
            .map(|&(bits, id, on, seen)| Flagged { weight: f32::from_bits(bits), id, on, seen })
            .collect();
        let by_field: Vec<FlaggedFieldByField> = values
            .iter()
            .map(|&(bits, id, on, seen)| FlaggedFieldByField {
                weight: f32::from_bits(bits),
                id,
                on,
                seen,
                marker: std::marker::PhantomData,
            })
            .collect();
        prop_assert_eq!(binary::to_vec(&raw).unwrap(), binary::to_vec(&by_field).unwrap());
    }
}

/// Raw: an `f32`, a `u16` and two `bool`s, 8 bytes on the wire and in memory.
#[derive(ToBinary, FromBinary, Debug, Clone, Copy)]
struct Flagged {
    weight: f32,
    id: u16,
    on: bool,
    seen: bool,
}

/// [`Flagged`]'s encoding read field by field: `PhantomData` takes no bytes but is not raw.
#[derive(ToBinary, FromBinary, Debug, Clone, Copy)]
struct FlaggedFieldByField {
    weight: f32,
    id: u16,
    on: bool,
    seen: bool,
    marker: std::marker::PhantomData<()>,
}

impl Flagged {
    fn bits(&self) -> (u32, u16, bool, bool) {
        (self.weight.to_bits(), self.id, self.on, self.seen)
    }
}

impl From<&FlaggedFieldByField> for Flagged {
    fn from(f: &FlaggedFieldByField) -> Self {
        Flagged { weight: f.weight, id: f.id, on: f.on, seen: f.seen }
    }
}

#[test]
fn the_raw_model_is_raw() {
    assert!(<Flagged as FromBinary>::RAW.get() && <Flagged as ToBinary>::RAW.get());
    assert!(!<FlaggedFieldByField as FromBinary>::RAW.get() && !<FlaggedFieldByField as ToBinary>::RAW.get());
}
