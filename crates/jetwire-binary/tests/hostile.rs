//! Hostile input: lengths that claim more than the input holds allocate nothing, invalid values
//! are errors with their offset, nesting is limited, and random or damaged bytes fed to every
//! decoder are errors, never panics, with memory bounded by the input's size.

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};

use jetwire_binary::{Category, DecodeOptions, FromBinaryOwned, from_slice, from_slice_with, to_vec};
use proptest::prelude::*;
use proptest::test_runner::Config;

#[path = "../../jetwire-json/tests/common/counting.rs"]
mod counting;

use counting::spent;

/// Tests run one at a time in this file, which keeps their memory peaks apart.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The largest single allocation made while `f` runs.
fn largest_allocation(f: impl FnOnce()) -> usize {
    spent(f).1.largest
}

/// Four billion elements claimed in five bytes: refused before any allocation.
#[test]
fn huge_lengths_allocate_nothing() {
    let _serial = serial();
    let claim = [0xFB, 0x00, 0x28, 0x6B, 0xEE]; // 4_000_000_000 as a varint
    fn refused<T: FromBinaryOwned + std::fmt::Debug>(input: &[u8]) {
        let (result, counted) = spent(|| from_slice::<T>(input));
        let err = result.unwrap_err();
        let spent = counted.bytes;
        assert!(err.is_eof(), "{err}");
        assert!(err.to_string().starts_with("invalid length: 4000000000"), "{err}");
        // Only the error itself (its message) is allocated.
        assert!(spent < 512, "{} allocated {spent} bytes", std::any::type_name::<T>());
    }
    refused::<Vec<u8>>(&claim);
    refused::<Vec<u64>>(&claim);
    refused::<Vec<String>>(&claim);
    refused::<String>(&claim);
    refused::<Vec<Vec<u8>>>(&claim);
    refused::<HashMap<u32, u32>>(&claim);
    refused::<HashSet<u64>>(&claim);
    refused::<BTreeMap<u8, u8>>(&claim);
    refused::<VecDeque<u16>>(&claim);
    refused::<Box<[u32]>>(&claim);
    // Elements that encode to nothing draw on the budget instead.
    let err = from_slice::<Vec<()>>(&claim).unwrap_err();
    assert_eq!(err.category(), Category::Limit);
    let options = DecodeOptions { empty_element_budget: 4, ..DecodeOptions::default() };
    assert_eq!(from_slice_with::<Vec<()>>(&[4], options).unwrap().len(), 4);
    assert!(from_slice_with::<(Vec<()>, Vec<()>)>(&[4, 1], options).is_err());
}

#[test]
fn lengths_are_checked_against_the_element_size() {
    let _serial = serial();
    // 1000 u64 need 8000 bytes; 100 are given.
    let mut input = vec![0xF9, 0xE8, 0x03];
    input.extend([0; 100]);
    let largest = largest_allocation(|| {
        assert!(from_slice::<Vec<u64>>(&input).unwrap_err().is_eof());
    });
    assert!(largest < 512, "{largest}");
    // Nested vectors: each inner length is checked against what remains.
    let largest = largest_allocation(|| {
        assert!(from_slice::<Vec<Vec<u32>>>(&[2, 0xFA, 0, 0, 1, 0]).is_err());
    });
    assert!(largest < 512, "{largest}");
}

#[test]
fn invalid_values_are_errors() {
    let _serial = serial();
    let cases: Vec<(Result<(), jetwire_binary::Error>, &str)> = vec![
        (from_slice::<bool>(&[2]).map(drop), "invalid bool: expected 0 or 1, found 0x02 at byte 0"),
        (
            from_slice::<char>(&0xD800u32.to_le_bytes()).map(drop),
            "invalid char: expected a Unicode scalar value, found 0xD800 at byte 0",
        ),
        (
            from_slice::<char>(&0x110000u32.to_le_bytes()).map(drop),
            "invalid char: expected a Unicode scalar value, found 0x110000 at byte 0",
        ),
        (
            from_slice::<String>(&[2, 0xC3, 0x28]).map(drop),
            "invalid UTF-8 in a string: found bytes C3 28 at byte 1",
        ),
        (from_slice::<&str>(&[1, 0x80]).map(drop), "invalid UTF-8 in a string: found byte 80 at byte 1"),
        (
            from_slice::<Result<u8, u8>>(&[2, 0]).map(drop),
            "invalid variant index of enum Result: expected 0 to 1, found 2 at byte 0",
        ),
        (
            from_slice::<Vec<u8>>(&[0xF8, 0x01]).map(drop),
            "invalid varint: 1 written in 2 bytes, longer than its shortest form at byte 0",
        ),
        (
            from_slice::<Vec<bool>>(&[2, 1, 3]).map(drop),
            "invalid bool: expected 0 or 1, found 0x03 at /1 (byte 2)",
        ),
        (
            from_slice::<u32>(&[1, 2]).map(drop),
            "unexpected end of input: expected 4 more bytes, found 2 at byte 0",
        ),
    ];
    for (result, expected) in cases {
        assert_eq!(result.unwrap_err().to_string(), expected);
    }
}

#[test]
fn nesting_is_limited() {
    let _serial = serial();
    type Deep = Option<Box<Vec<Deep2>>>;
    type Deep2 = Option<Box<Deep3>>;
    #[derive(Debug)]
    struct Deep3;
    impl<'de> jetwire_binary::FromBinary<'de> for Deep3 {
        fn decode(d: &mut jetwire_binary::Decoder<'de>) -> jetwire_binary::Result<Self> {
            from_inner(d).map(|_| Deep3)
        }
    }
    fn from_inner(d: &mut jetwire_binary::Decoder<'_>) -> jetwire_binary::Result<Deep> {
        <Deep as jetwire_binary::FromBinary>::decode(d)
    }
    // Some(Box(vec![Some(Box(...))])) a million times over: [1, 1, 1] repeated.
    let input: Vec<u8> = std::iter::repeat_n([1u8, 1, 1], 1_000_000).flatten().collect();
    let err = from_slice::<Deep>(&input).unwrap_err();
    assert_eq!(err.category(), Category::Limit, "{err}");
    assert!(err.to_string().starts_with("nesting too deep"));
    // Each Vec that holds a non-empty Vec is a level: four levels are well within the default
    // limit, and a limit of one refuses two.
    let within_default = from_slice::<Vec<Vec<Vec<Vec<u8>>>>>(&[1, 1, 1, 0]).map(drop);
    assert!(within_default.is_ok());
    let options = DecodeOptions { max_depth: 1, ..DecodeOptions::default() };
    let err = from_slice_with::<Vec<Vec<Vec<u8>>>>(&[1, 1, 0], options).unwrap_err();
    assert_eq!(err.category(), Category::Limit);
}

/// The value type of `values_round_trip`.
type Mixed = (Vec<(i32, f32)>, BTreeMap<String, Vec<u8>>, Option<(char, bool, u128)>, Vec<u64>);

fn config(cases: u32) -> Config {
    Config { cases, failure_persistence: None, ..Config::default() }
}

/// Decodes `bytes` as many types: nothing panics, and each decode allocates in total (every
/// allocation counted, none netted against frees) at most a bounded multiple of the input.
fn decode_everything(bytes: &[u8]) {
    let budget = 64 * bytes.len() + 4096;
    let within = |name: &str, decode: &dyn Fn()| {
        let total = spent(decode).1.bytes;
        assert!(total <= budget, "{name}: {total} bytes allocated in all for {} bytes of input", bytes.len());
    };
    macro_rules! decode_as {
        ($($ty:ty),* $(,)?) => {$(
            within(stringify!($ty), &|| drop(from_slice::<$ty>(bytes)));
        )*};
    }
    decode_as!(
        u64,
        Vec<u8>,
        Vec<u32>,
        String,
        &str,
        Vec<String>,
        Vec<Option<bool>>,
        Vec<Vec<u16>>,
        (char, f64, i128, Vec<&str>),
        HashMap<u16, String>,
        BTreeMap<String, Vec<u8>>,
        Result<[u16; 3], (bool, u8)>,
        Option<Box<Option<Box<Vec<char>>>>>,
        Vec<()>,
        std::time::Duration,
        std::net::SocketAddr,
        chrono::DateTime<chrono::Utc>,
        rust_decimal::Decimal,
    );
    within("from_slice_into", &|| {
        let mut reused = vec![String::from("x"); 3];
        let _ = jetwire_binary::from_slice_into(bytes, &mut reused);
    });
}

#[test]
fn the_counter_counts() {
    let _serial = serial();
    // black_box: an optimizer may remove an allocation that is freed unused.
    let ((), counted) = spent(|| drop(std::hint::black_box(Vec::<u8>::with_capacity(3000))));
    assert_eq!(counted.largest, 3000);
    assert!(counted.bytes >= 3000, "{counted:?}");
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let _serial = serial();
        decode_everything(&bytes);
    }

    #[test]
    fn damaged_encodings_never_panic(
        value in (any::<u64>(), proptest::collection::vec(".{0,8}", 0..6), proptest::option::of(any::<i16>())),
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
        cut in any::<prop::sample::Index>(),
    ) {
        let _serial = serial();
        let mut bytes = to_vec(&value).unwrap();
        for (at, byte) in flips {
            let i = at.index(bytes.len());
            bytes[i] = byte;
        }
        decode_everything(&bytes);
        let typed = from_slice::<(u64, Vec<String>, Option<i16>)>(&bytes);
        if let Ok(back) = &typed {
            // Whatever decodes must encode to the same bytes: the encoding is canonical.
            prop_assert_eq!(to_vec(back).unwrap(), bytes.clone());
        }
        let end = cut.index(bytes.len() + 1);
        decode_everything(&bytes[..end]);
        if typed.is_ok() && end < bytes.len() {
            // A value's encoding has no prefix that is a value's encoding. (A damaged input that
            // failed may still start with one: trailing bytes are what made it fail.)
            prop_assert!(from_slice::<(u64, Vec<String>, Option<i16>)>(&bytes[..end]).is_err());
        }
    }

    #[test]
    fn values_round_trip(
        value in (
            proptest::collection::vec((any::<i32>(), any::<f32>().prop_filter("not NaN", |f| !f.is_nan())), 0..8),
            proptest::collection::btree_map(".{0,6}", proptest::collection::vec(any::<u8>(), 0..5), 0..5),
            proptest::option::of((any::<char>(), any::<bool>(), any::<u128>())),
            proptest::collection::vec(any::<u64>().prop_map(|n| n >> (n % 64)), 0..4),
        ),
    ) {
        let _serial = serial();
        let bytes = to_vec(&value).unwrap();
        let back: Mixed = from_slice(&bytes).unwrap();
        prop_assert_eq!(&back, &value);
        let mut reused = back;
        jetwire_binary::from_slice_into(&bytes, &mut reused).unwrap();
        prop_assert_eq!(&reused, &value);
    }

    #[test]
    fn varints_round_trip(value in any::<u64>().prop_map(|n| n >> (n % 64))) {
        let _serial = serial();
        let mut out = Vec::new();
        jetwire_binary::Encoder::new(&mut out).write_varint(value);
        prop_assert_eq!(out.len(), jetwire_binary::varint::len(value));
        let mut decoder = jetwire_binary::Decoder::new(&out);
        prop_assert_eq!(decoder.read_varint().unwrap(), value);
        prop_assert!(decoder.finish().is_ok());
    }
}

#[test]
fn an_empty_sequence_is_its_zero_length() {
    let _serial = serial();
    assert_eq!(to_vec(&Vec::<()>::new()).unwrap(), [0]);
}

/// One item of `borrowed_strings_are_checked_one_by_one`'s input: a string's bytes or a raw
/// byte between strings, as a fixed-size field would be.
#[derive(Clone, Debug)]
enum Item {
    Text(Vec<u8>),
    Byte(u8),
}

/// Mostly short ASCII strings, so that runs of them fall inside one span known to be ASCII,
/// with lengths around the 64- and 128-byte looks; sometimes one byte from 0x80 up (in a
/// string, which may then be valid UTF-8 or not, or between strings, which ends a span).
fn item() -> impl Strategy<Value = Item> {
    let ascii_text = |lengths: std::ops::Range<usize>| proptest::collection::vec(0x20u8..0x7F, lengths);
    let text = prop_oneof![
        6 => ascii_text(0..12),
        2 => ascii_text(56..72),
        1 => ascii_text(120..136),
        1 => ascii_text(0..200),
    ];
    let high = prop_oneof![Just(0xC3u8), 0x80u8..0xC0, any::<u8>()];
    let text = (text, proptest::option::weighted(0.1, (any::<prop::sample::Index>(), high))).prop_map(
        |(mut text, high)| {
            if let Some((at, byte)) = high.filter(|_| !text.is_empty()) {
                let at = at.index(text.len());
                text[at] = byte;
            }
            text
        },
    );
    prop_oneof![
        8 => text.prop_map(Item::Text),
        1 => (0x00u8..0x80).prop_map(Item::Byte),
        1 => (0x80u8..=0xFF).prop_map(Item::Byte),
    ]
}

proptest! {
    #![proptest_config(config(1024))]

    /// Borrowed strings are checked through a span known to be ASCII (up to 128 bytes from an
    /// earlier string's start); every string must still get `str::from_utf8`'s verdict, and the
    /// first invalid one its error at the offset of its first bad byte.
    #[test]
    fn borrowed_strings_are_checked_one_by_one(items in proptest::collection::vec(item(), 0..40)) {
        let mut bytes = Vec::new();
        let mut encoder = jetwire_binary::Encoder::new(&mut bytes);
        for item in &items {
            match item {
                Item::Text(text) => {
                    encoder.write_varint(text.len() as u64);
                    encoder.write_bytes(text);
                }
                Item::Byte(byte) => encoder.write_u8(*byte),
            }
        }
        let mut decoder = jetwire_binary::Decoder::new(&bytes);
        for item in &items {
            match item {
                Item::Byte(byte) => prop_assert_eq!(decoder.read_u8().unwrap(), *byte),
                Item::Text(text) => {
                    let start = decoder.offset() + jetwire_binary::varint::len(text.len() as u64);
                    match (std::str::from_utf8(text), decoder.read_str()) {
                        (Ok(expected), Ok(found)) => prop_assert_eq!(expected, found),
                        (Err(expected), Err(found)) => {
                            prop_assert_eq!(found.offset(), start + expected.valid_up_to());
                            return Ok(());
                        }
                        (expected, found) => prop_assert!(false, "{expected:?} but {found:?}"),
                    }
                }
            }
        }
        prop_assert!(decoder.finish().is_ok());
    }
}

/// A `Vec` whose room the budget of room reserved ahead cannot cover (1,000 empty strings, 24
/// bytes of memory each for one byte of input, over 16 per input byte and 4 KiB) is filled in
/// rounds: the same values as any other, and an error past the first round names its element.
#[test]
fn a_vec_filled_in_rounds_reads_and_reports_like_any_other() {
    let _serial = serial();
    let strings = vec![String::new(); 1000];
    let mut bytes = to_vec(&strings).unwrap();
    let (read, spent) = spent(|| from_slice::<Vec<String>>(&bytes));
    assert_eq!(read.unwrap(), strings);
    // The room granted up front, (16 × 1,003 input bytes + 4,096) / 24 = 839 strings, then one
    // growth to the count: the second round ran. (Empty strings allocate nothing.)
    assert_eq!(spent.allocations, 2, "{spent:?}");
    // String 900, past the first round, is not UTF-8.
    let at = bytes.len() - 100;
    bytes.splice(at..at + 1, [1, 0xFF]);
    let err = from_slice::<Vec<String>>(&bytes).unwrap_err();
    assert_eq!(err.path(), "/900", "{err}");
    let mut bytes = to_vec(&strings).unwrap();
    bytes[at] = 200; // a length past the end
    let err = from_slice::<Vec<String>>(&bytes).unwrap_err();
    assert_eq!(err.path(), "/900", "{err}");
}
