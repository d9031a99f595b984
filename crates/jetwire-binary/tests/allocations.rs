//! Hostile binary input, every allocation counted: a count that claims more than the input
//! holds allocates nothing but the error, and any input at all allocates in total at most a
//! small multiple of its length (docs/binary-format.md, "Decoding hostile input"), for std
//! collections, derived structs and enums, and columnar types.
//!
//! The test binary's global allocator counts each thread's allocations and bytes, so that a
//! test sees only its own work while the harness runs others; a positive control shows that it
//! counts.

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};

use jetwire::binary::{self, Encoder, FromBinaryOwned};
use jetwire::{FromBinary, ToBinary};
use proptest::prelude::*;

#[path = "../../jetwire-json/tests/common/counting.rs"]
mod counting;

#[path = "../../jetwire-json/tests/common/corpora.rs"]
mod corpora;

#[path = "common/binary_decode.rs"]
mod binary_decode;

use counting::spent;

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Default)]
struct Point {
    x: i16,
    y: i16,
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Default)]
struct Record {
    id: u64,
    name: String,
    tags: Vec<String>,
    at: Point,
    scores: HashMap<u16, f32>,
    parent: Option<Box<Record>>,
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone)]
enum Shape {
    Empty,
    Circle(f64),
    Polygon { points: Vec<Point>, label: String },
    Group(Vec<Shape>),
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Default)]
#[jetwire(columnar)]
struct Line {
    code: u8,
    text: String,
    size: u64,
    at: Point,
    note: Option<String>,
}

#[test]
fn the_counter_counts() {
    let (kept, counted) = spent(|| {
        // black_box: an optimizer may remove an allocation that is freed unused.
        let mut v = std::hint::black_box(Vec::<u8>::with_capacity(1000));
        v.push(1);
        let s = String::from("not empty");
        (v, s)
    });
    assert_eq!(counted.allocations, 2);
    assert!(counted.bytes >= 1009, "{counted:?}");
    assert_eq!(counted.largest, 1000);
    assert!(counted.peak >= 1009, "{counted:?}");
    drop(kept);
    let ((), counted) = spent(|| ());
    assert_eq!(counted, counting::Spent::default());
}

/// Four billion elements claimed in five bytes, in front of every type whose decode starts
/// with a count.
fn huge_claim() -> Vec<u8> {
    let mut bytes = Vec::new();
    Encoder::new(&mut bytes).write_len(4_000_000_000);
    bytes
}

/// Decoding `input` as `T` fails, and allocates only the error (its box, its message as it is
/// formatted, its path) and the few small values decoded before the bad count.
fn refused_allocating_only_the_error<T: FromBinaryOwned + std::fmt::Debug>(input: &[u8]) {
    let (result, counted) = spent(|| binary::from_slice::<T>(input));
    let (allocations, bytes) = (counted.allocations, counted.bytes);
    let err = result.unwrap_err();
    let name = std::any::type_name::<T>();
    assert!(allocations <= 12, "{name}: {allocations} allocations, {bytes} bytes for the error {err}");
    assert!(bytes < 512, "{name}: {bytes} bytes for the error {err}");
}

#[test]
fn huge_counts_allocate_nothing_but_the_error() {
    let claim = huge_claim();
    refused_allocating_only_the_error::<Vec<u8>>(&claim);
    refused_allocating_only_the_error::<Vec<u64>>(&claim);
    refused_allocating_only_the_error::<Vec<String>>(&claim);
    refused_allocating_only_the_error::<String>(&claim);
    refused_allocating_only_the_error::<VecDeque<u16>>(&claim);
    refused_allocating_only_the_error::<HashMap<u32, String>>(&claim);
    refused_allocating_only_the_error::<HashSet<u64>>(&claim);
    refused_allocating_only_the_error::<BTreeMap<String, u8>>(&claim);
    refused_allocating_only_the_error::<Box<[u32]>>(&claim);
    refused_allocating_only_the_error::<Vec<Point>>(&claim);
    refused_allocating_only_the_error::<Vec<Record>>(&claim);
    refused_allocating_only_the_error::<Vec<Shape>>(&claim);
    refused_allocating_only_the_error::<Vec<Line>>(&claim);
    refused_allocating_only_the_error::<VecDeque<Line>>(&claim);
    // Inside a derived value: the record's tags claim four billion strings.
    let mut record = binary::to_vec(&Record { name: "r".into(), ..Record::default() }).unwrap();
    let tags_at = 8 + 2; // the id, then the name's length and byte
    record.truncate(tags_at);
    record.extend(claim);
    refused_allocating_only_the_error::<Record>(&record);
    // A count that fits, over too few bytes: three lines, then the input ends.
    refused_allocating_only_the_error::<Vec<Line>>(&[3, 1, 2, 3, 0, 0]);
}

/// The most a decode may allocate for `len` bytes of input.
fn budget(len: usize) -> usize {
    64 * len + 4096
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Default)]
struct Tree {
    value: u8,
    children: Vec<Tree>,
    tags: HashMap<u8, Vec<Tree>>,
}

/// Counts nested in each other, each as large as the bytes that remain allow: every level's count
/// is checked against the same bytes, so reserving each in full allocated about 27 times the
/// input at every level (5.9 MB for 2.4 KB at 100 levels). With the decode's budget of room
/// reserved ahead, the total is linear in the input whatever the depth, whether the tree decodes
/// or not.
#[test]
fn nested_counts_allocate_a_bounded_total() {
    for (levels, padding, through_map) in
        [(100, 2000, false), (100, 2000, true), (127, 50, false), (10, 20_000, true)]
    {
        // Built from the inside out: each level's count claims every tree the bytes after it
        // could hold (a tree takes at least 3 bytes).
        let mut input = vec![0u8; padding];
        let header = |claim: usize| {
            let mut bytes = Vec::new();
            Encoder::new(&mut bytes).write_len(claim);
            bytes
        };
        for _ in 0..levels {
            let mut level = vec![0u8]; // the value
            if through_map {
                // No children; one tag, whose trees hold the next level.
                level.extend([0, 1, 7]);
            }
            level.extend(header(input.len() / 3));
            input.splice(0..0, level);
        }
        input.splice(0..0, header(input.len() / 3));
        for input in [&input[..], &input[..input.len() / 2]] {
            let ((), counted) = spent(|| drop(binary::from_slice::<Vec<Tree>>(input)));
            // A tree takes 80 bytes in memory and 3 in the input: 27 times. Growing a `Vec` as
            // its elements arrive asks for at most 3 times their size in all, and the decode
            // reserves up to 16 bytes a byte of input (and 4 KiB) ahead of its elements, and
            // 256 bytes at each level for small collections.
            let ratio = size_of::<Tree>().div_ceil(<Tree as FromBinary>::MIN_SIZE);
            assert!(
                counted.bytes <= (3 * ratio + 16) * input.len() + 4096 + 256 * levels,
                "{levels} levels: {} bytes allocated in all for {} bytes of input",
                counted.bytes,
                input.len()
            );
        }
    }
}

/// Decodes `bytes` as every type here, each decode's total allocation within [`budget`].
fn decode_everything(bytes: &[u8]) {
    fn within<T: FromBinaryOwned>(bytes: &[u8]) {
        let spent_bytes = spent(|| binary::from_slice::<T>(bytes)).1.bytes;
        assert!(
            spent_bytes <= budget(bytes.len()),
            "{}: {spent_bytes} bytes allocated in all for {} bytes of input",
            std::any::type_name::<T>(),
            bytes.len()
        );
    }
    within::<Vec<u8>>(bytes);
    within::<Vec<String>>(bytes);
    within::<Vec<Vec<u16>>>(bytes);
    within::<Vec<Option<String>>>(bytes);
    within::<HashMap<u16, String>>(bytes);
    within::<BTreeMap<String, Vec<u8>>>(bytes);
    within::<VecDeque<(u8, String)>>(bytes);
    within::<Record>(bytes);
    within::<Vec<Record>>(bytes);
    within::<Shape>(bytes);
    within::<Vec<Shape>>(bytes);
    within::<Vec<Line>>(bytes);
    within::<(Vec<Line>, Vec<Point>)>(bytes);
}

fn config(cases: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config { cases, failure_persistence: None, ..Default::default() }
}

proptest! {
    #![proptest_config(config(1024))]

    #[test]
    fn random_bytes_allocate_a_bounded_total(bytes in proptest::collection::vec(any::<u8>(), 0..96)) {
        decode_everything(&bytes);
    }

    /// Valid encodings, then damaged: counts that still parse but claim too much.
    #[test]
    fn damaged_encodings_allocate_a_bounded_total(
        count in 0usize..40,
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
    ) {
        let lines: Vec<Line> = (0..count)
            .map(|i| Line { code: i as u8, text: "t".repeat(i % 5), size: i as u64, at: Point::default(), note: None })
            .collect();
        let shapes = vec![Shape::Group(vec![Shape::Circle(1.0), Shape::Empty]); count % 7];
        let mut bytes = binary::to_vec(&(lines, shapes)).unwrap();
        for (at, byte) in flips {
            let at = at.index(bytes.len());
            bytes[at] = byte;
        }
        decode_everything(&bytes);
    }
}

/// Decode time is linear in the input: a thousand times the input takes far less than a
/// million times the time (a quadratic decode of hostile counts would not).
#[test]
fn decode_time_grows_linearly_with_hostile_input() {
    let time = |repeats: usize| {
        // Shapes nested in groups, each group claiming more members than remain.
        let input: Vec<u8> = std::iter::repeat_n([3u8, 0xFA, 0xFF, 0xFF], repeats).flatten().collect();
        let start = std::time::Instant::now();
        for _ in 0..10 {
            let _ = binary::from_slice::<Vec<Shape>>(&input);
            let _ = binary::from_slice::<Vec<Line>>(&input);
        }
        start.elapsed()
    };
    let small = time(100).max(std::time::Duration::from_micros(1));
    let large = time(100_000);
    assert!(large < small * 20_000, "{large:?} for 1000x the input of {small:?}");
}

/// Every input of the `binary_decode` fuzz target's minimized corpus through the target's checks
/// (`common/binary_decode.rs`), allocation bound included.
#[test]
fn the_binary_fuzz_corpus_passes_the_decode_checks() {
    let inputs = corpora::fuzz_corpus("binary_decode");
    assert!(inputs.len() > 500, "{} inputs in binary_decode's corpus", inputs.len());
    for (index, input) in inputs.iter().enumerate() {
        let outcome = std::panic::catch_unwind(|| binary_decode::check_decode(input));
        assert!(outcome.is_ok(), "input {index} fails: {input:?}");
    }
}
