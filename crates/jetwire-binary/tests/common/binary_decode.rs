//! The checks of the `binary_decode` fuzz target, which `tests/allocations.rs` also runs
//! on the target's committed corpus: any bytes decoded as a derived type that uses most of what
//! the binary format offers (borrowed and owned strings and bytes, plain blocks, raw structs,
//! options, enums, maps, recursion through `Vec` and `Box`, a columnar struct with string and
//! pointer-to-string columns).
//!
//! What holds: no panic, and since the format is canonical (but for the order of map entries),
//! whatever decodes encodes back to the input. `from_slice_into` over a value that holds data
//! already gives the same value as `from_slice`, or the same error. The same bytes as a versioned
//! struct, whose bodies are not canonical (they may hold fewer or more fields), decode to a value
//! whose encoding is a fixed point. And a decode allocates, in all, at most 128 times its input's
//! length plus 36 KiB: three times the most memory an element of the message's collections takes
//! per byte of its encoding (24, an empty `Vec<u8>` in `nested`), plus the 16 bytes a byte of
//! input and 4 KiB that a decode may reserve ahead of its elements, plus the 256 bytes a small
//! collection reserves at each of up to 128 levels (docs/binary-format.md, "Decoding hostile
//! input").
//!
//! The including crate declares `mod counting` (jetwire-json's `tests/common/counting.rs`) at
//! its root, which installs the counting allocator the bound is measured with.

use std::collections::BTreeMap;

use jetwire::{FromBinary, ToBinary};

use crate::counting::spent;

#[derive(Debug, Default, PartialEq, ToBinary, FromBinary)]
struct Message<'a> {
    id: u32,
    flag: bool,
    letter: char,
    #[jetwire(borrow)]
    text: &'a str,
    #[jetwire(borrow)]
    raw: &'a [u8],
    owned: String,
    points: Vec<Point>,
    maybe: Option<i64>,
    shape: Shape,
    names: BTreeMap<u16, String>,
    nested: Vec<Vec<u8>>,
    tree: Option<Box<Node>>,
    pair: (f32, f64),
    wide: u128,
    rows: Vec<Row>,
    marks: Vec<Mark>,
}

#[derive(Debug, Default, PartialEq, ToBinary, FromBinary)]
struct Point {
    x: i32,
    y: i32,
}

/// Raw (padding only at the end, a `bool` to check): a `Vec` of them is copied and checked once.
#[derive(Debug, Default, PartialEq, ToBinary, FromBinary)]
struct Mark {
    weight: f64,
    id: u16,
    on: bool,
}

#[derive(Debug, Default, PartialEq, ToBinary, FromBinary)]
enum Shape {
    #[default]
    Empty,
    Circle(f32),
    Rect {
        w: u16,
        h: u16,
    },
    /// The enum again through a `Box` alone.
    Scaled(u8, Box<Shape>),
}

#[derive(Debug, Default, PartialEq, ToBinary, FromBinary)]
struct Node {
    value: u8,
    children: Vec<Node>,
}

#[derive(Debug, Default, PartialEq, ToBinary, FromBinary)]
#[jetwire(versioned)]
struct Settings {
    level: u8,
    label: Option<String>,
}

#[derive(Debug, Default, PartialEq, ToBinary, FromBinary)]
#[jetwire(columnar)]
struct Row {
    key: u32,
    value: String,
    /// Pointers to strings are string columns too.
    shared: std::rc::Rc<str>,
    #[allow(clippy::box_collection, reason = "a pointer to a `String` is what is read")]
    boxed: Box<String>,
}

fn filled() -> Message<'static> {
    Message {
        owned: "already here".repeat(3),
        points: (0..40).map(|i| Point { x: i, y: -i }).collect(),
        names: (0..5).map(|i| (i, format!("name {i}"))).collect(),
        nested: vec![vec![1, 2, 3]; 4],
        tree: Some(Box::new(Node { value: 1, children: (0..3).map(|_| Node::default()).collect() })),
        rows: (0..200)
            .map(|i| Row { key: i, value: i.to_string(), shared: "s".into(), boxed: Box::default() })
            .collect(),
        marks: (0..30).map(|i| Mark { weight: f64::from(i), id: i, on: i % 2 == 0 }).collect(),
        ..Message::default()
    }
}

/// Panics, naming what went wrong, unless `input` passes every check above.
pub fn check_decode(input: &[u8]) {
    let (decoded, counted) = spent(|| jetwire::binary::from_slice::<Message<'_>>(input));
    let allocated = counted.bytes;
    assert!(
        allocated <= 128 * input.len() + 36 * 1024,
        "{allocated} bytes allocated decoding {} bytes: {:?}",
        input.len(),
        decoded.as_ref().err()
    );
    let encoded =
        decoded.as_ref().ok().map(|message| jetwire::binary::to_vec(message).expect("a message encodes"));
    if let Some(encoded) = &encoded {
        // The bytes are canonical but for the order of a map's entries (a reader takes any
        // order; a `BTreeMap` writes its own): the same length, and an encoding that decodes
        // and encodes to itself. Comparing bytes compares floats by their bits.
        assert_eq!(encoded.len(), input.len());
        let again = jetwire::binary::from_slice::<Message<'_>>(encoded).expect("an encoding decodes");
        assert_eq!(&jetwire::binary::to_vec(&again).expect("a message encodes"), encoded);
        if decoded.as_ref().is_ok_and(|message| message.names.len() < 2) {
            assert_eq!(encoded.as_slice(), input);
        }
    }
    let mut reused = filled();
    match (jetwire::binary::from_slice_into(input, &mut reused), &encoded) {
        (Ok(()), Some(encoded)) => {
            assert_eq!(&jetwire::binary::to_vec(&reused).expect("a message encodes"), encoded);
        }
        // Both fail, on the same problem: they take the same runs of fixed-size fields.
        (Err(into), None) => {
            let error = decoded.as_ref().err().map(ToString::to_string);
            assert_eq!(Some(into.to_string()), error, "from_slice_into's error, then from_slice's");
        }
        (into, _) => panic!("from_slice_into {into:?}, from_slice {:?}", decoded.as_ref().err()),
    }

    // A versioned struct accepts the bodies of older and newer writers (fewer or more fields),
    // so its bytes are not canonical: what decodes encodes to bytes that decode to the same
    // value and encode to themselves.
    if let Ok(settings) = jetwire::binary::from_slice::<Settings>(input) {
        let encoded = jetwire::binary::to_vec(&settings).expect("settings encode");
        let again: Settings = jetwire::binary::from_slice(&encoded).expect("an encoding decodes");
        assert_eq!(again, settings);
        assert_eq!(jetwire::binary::to_vec(&again).expect("settings encode"), encoded);
    }
}
