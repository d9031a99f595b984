//! Every type's writing side and reading side agree: column writers against column readers for
//! every field type, `decode_into` against `decode` on the same bytes (values and errors), the
//! depth limit both ways, every value of the external types that writes also reads, and the JSON
//! writer's and reader's fast paths against their general ones.

#![cfg(all(feature = "derive", feature = "binary"))]
#![allow(clippy::box_collection, clippy::redundant_allocation, clippy::type_complexity)]

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::fmt::Debug;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use jetwire::binary::{self, COLUMN_BLOCK, Encoder, FromBinaryOwned};
use jetwire::{FromBinary, ToBinary};

// =============================================================================================
// Helpers
// =============================================================================================

/// The bytes of a column per the spec: a string column (every length, then every string's
/// bytes) for the string types, else each value's encoding one after the other.
fn expected_column<T: ToBinary>(values: &[T], strings: Option<&[&str]>) -> Vec<u8> {
    let mut out = Vec::new();
    match strings {
        Some(texts) => {
            for t in texts {
                Encoder::new(&mut out).write_len(t.len());
            }
            for t in texts {
                out.extend_from_slice(t.as_bytes());
            }
        }
        None => {
            for v in values {
                out.extend(binary::to_vec(v).unwrap());
            }
        }
    }
    out
}

/// A columnar struct around one field of type `T`, between two bytes, so that a column that is
/// written one way and read another shifts the last column.
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone)]
#[jetwire(columnar)]
struct One<T> {
    head: u8,
    value: T,
    tail: u8,
}

/// Round trips `values` as `Vec<One<T>>` through columns (from_slice, and from_slice_into a
/// `Vec` that already holds other values), and checks the written bytes against the spec when
/// `strings` says what the column is (Some: a string column of those texts).
fn check_column<T>(values: Vec<T>, strings: Option<Vec<String>>)
where
    T: ToBinary + FromBinaryOwned + Debug + PartialEq + Clone,
{
    let ones: Vec<One<T>> = values
        .iter()
        .enumerate()
        .map(|(i, v)| One { head: i as u8, value: v.clone(), tail: !(i as u8) })
        .collect();
    let bytes = binary::to_vec(&ones).unwrap();
    // The exact bytes of each block.
    let mut expected = Vec::new();
    Encoder::new(&mut expected).write_len(ones.len());
    for (b, block) in ones.chunks(COLUMN_BLOCK).enumerate() {
        let heads: Vec<u8> = block.iter().map(|o| o.head).collect();
        expected.extend(&heads);
        let vals: Vec<T> = block.iter().map(|o| o.value.clone()).collect();
        let texts: Option<Vec<&str>> = strings.as_ref().map(|s| {
            s[b * COLUMN_BLOCK..b * COLUMN_BLOCK + block.len()].iter().map(String::as_str).collect()
        });
        expected.extend(expected_column(&vals, texts.as_deref()));
        let tails: Vec<u8> = block.iter().map(|o| o.tail).collect();
        expected.extend(&tails);
    }
    assert_eq!(bytes, expected, "written bytes of Vec<One<{}>>", std::any::type_name::<T>());
    let back: Vec<One<T>> = binary::from_slice(&bytes).unwrap();
    assert_eq!(back, ones, "read back Vec<One<{}>>", std::any::type_name::<T>());
    // Into a Vec already holding values, longer and shorter.
    for keep in [0, 1, ones.len() + 3] {
        let mut target: Vec<One<T>> = (0..keep).map(|_| ones[ones.len() - 1].clone()).collect();
        binary::from_slice_into(&bytes, &mut target).unwrap();
        assert_eq!(target, ones, "from_slice_into Vec<One<{}>>", std::any::type_name::<T>());
    }
}

const WORDS: [&str; 6] = ["", "a", "héllo", "日本語", "xyz", "a longer word with spaces"];

fn word(i: usize) -> &'static str {
    WORDS[i % WORDS.len()]
}

fn words(n: usize) -> Vec<String> {
    (0..n).map(|i| word(i).to_owned()).collect()
}

// =============================================================================================
// Columns: every field type's column written and read alike
// =============================================================================================

/// The string types and every pointer to them: string columns.
#[test]
fn string_like_columns_round_trip_and_match_the_spec() {
    for n in [1, 3, COLUMN_BLOCK + 2] {
        let w = words(n);
        let s = Some(w.clone());
        check_column(w.clone(), s.clone());
        check_column(w.iter().map(|x| Box::new(x.clone())).collect::<Vec<Box<String>>>(), s.clone());
        check_column(w.iter().map(|x| Rc::new(x.clone())).collect::<Vec<Rc<String>>>(), s.clone());
        check_column(w.iter().map(|x| Arc::new(x.clone())).collect::<Vec<Arc<String>>>(), s.clone());
        check_column(
            w.iter().map(|x| Box::new(Box::new(x.clone()))).collect::<Vec<Box<Box<String>>>>(),
            s.clone(),
        );
        check_column(
            w.iter().map(|x| Rc::new(Box::new(x.clone()))).collect::<Vec<Rc<Box<String>>>>(),
            s.clone(),
        );
        check_column(w.iter().map(|x| Box::<str>::from(x.as_str())).collect::<Vec<Box<str>>>(), s.clone());
        check_column(w.iter().map(|x| Rc::<str>::from(x.as_str())).collect::<Vec<Rc<str>>>(), s.clone());
        check_column(w.iter().map(|x| Arc::<str>::from(x.as_str())).collect::<Vec<Arc<str>>>(), s.clone());
        check_column(
            w.iter().map(|x| Box::new(Box::<str>::from(x.as_str()))).collect::<Vec<Box<Box<str>>>>(),
            s.clone(),
        );
        check_column(w.iter().map(PathBuf::from).collect::<Vec<PathBuf>>(), s.clone());
        check_column(w.iter().map(|x| Box::new(PathBuf::from(x))).collect::<Vec<Box<PathBuf>>>(), s.clone());
        check_column(w.iter().map(|x| Arc::new(PathBuf::from(x))).collect::<Vec<Arc<PathBuf>>>(), s.clone());
    }
}

/// The borrowed string types (read from the bytes), and pointers to them.
#[test]
fn borrowed_string_columns_round_trip() {
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    #[jetwire(columnar)]
    struct Borrowed<'a> {
        a: u8,
        text: &'a str,
        boxed: Box<&'a str>,
        rc: Rc<&'a str>,
        cow: Cow<'a, str>,
        path: &'a Path,
        boxed_cow: Box<Cow<'a, str>>,
        bytes: &'a [u8],
        cow_bytes: Cow<'a, [u8]>,
        z: u8,
    }
    let values: Vec<Borrowed> = (0..COLUMN_BLOCK + 5)
        .map(|i| Borrowed {
            a: i as u8,
            text: word(i),
            boxed: Box::new(word(i + 1)),
            rc: Rc::new(word(i + 2)),
            cow: Cow::Borrowed(word(i + 3)),
            path: Path::new(word(i + 4)),
            boxed_cow: Box::new(Cow::Owned(word(i + 5).to_owned())),
            bytes: word(i).as_bytes(),
            cow_bytes: Cow::Owned(word(i + 1).as_bytes().to_vec()),
            z: !(i as u8),
        })
        .collect();
    let bytes = binary::to_vec(&values).unwrap();
    let back: Vec<Borrowed> = binary::from_slice(&bytes).unwrap();
    assert_eq!(back, values);
    // Each row alone, the same values.
    for v in &values {
        let row = binary::to_vec(v).unwrap();
        assert_eq!(&binary::from_slice::<Borrowed>(&row).unwrap(), v);
    }
}

/// Types whose column is their values one after the other (every type that is not a string).
#[test]
fn value_columns_round_trip_and_match_the_spec() {
    for n in [1, 3, COLUMN_BLOCK + 2] {
        let idx: Vec<usize> = (0..n).collect();
        check_column(idx.iter().map(|&i| i as u32).collect::<Vec<u32>>(), None);
        check_column(idx.iter().map(|&i| Box::new(i as u64)).collect::<Vec<Box<u64>>>(), None);
        check_column(idx.iter().map(|&i| Rc::new(i as i16)).collect::<Vec<Rc<i16>>>(), None);
        check_column(idx.iter().map(|&i| Arc::new(i % 2 == 0)).collect::<Vec<Arc<bool>>>(), None);
        check_column(
            idx.iter().map(|&i| char::from_u32(0x41 + i as u32).unwrap()).collect::<Vec<char>>(),
            None,
        );
        check_column(
            idx.iter()
                .map(|&i| Box::new(char::from_u32(0x3B1 + i as u32).unwrap()))
                .collect::<Vec<Box<char>>>(),
            None,
        );
        check_column(idx.clone(), None);
        check_column(idx.iter().map(|&i| -(i as isize)).collect::<Vec<isize>>(), None);
        check_column(
            idx.iter().map(|&i| Duration::new(i as u64, i as u32 * 7)).collect::<Vec<Duration>>(),
            None,
        );
        check_column(
            idx.iter().map(|&i| Box::new(Duration::new(i as u64, 3))).collect::<Vec<Box<Duration>>>(),
            None,
        );
        check_column(
            idx.iter()
                .map(|&i| {
                    if i % 2 == 0 {
                        IpAddr::V4(Ipv4Addr::new(10, 0, 0, i as u8))
                    } else {
                        IpAddr::V6(Ipv6Addr::LOCALHOST)
                    }
                })
                .collect::<Vec<IpAddr>>(),
            None,
        );
        check_column(
            idx.iter().map(|&i| (i % 3 != 0).then(|| word(i).to_owned())).collect::<Vec<Option<String>>>(),
            None,
        );
        check_column(
            idx.iter()
                .map(|&i| (i % 3 != 0).then(|| Box::new(word(i).to_owned())))
                .collect::<Vec<Option<Box<String>>>>(),
            None,
        );
        check_column(
            idx.iter()
                .map(|&i| Box::new((i % 3 != 0).then(|| word(i).to_owned())))
                .collect::<Vec<Box<Option<String>>>>(),
            None,
        );
        check_column(idx.iter().map(|&i| (word(i).to_owned(), i as u8)).collect::<Vec<(String, u8)>>(), None);
        check_column(
            idx.iter().map(|&i| (Box::new(word(i).to_owned()),)).collect::<Vec<(Box<String>,)>>(),
            None,
        );
        check_column(
            idx.iter().map(|&i| [word(i).to_owned(), word(i + 1).to_owned()]).collect::<Vec<[String; 2]>>(),
            None,
        );
        check_column(
            idx.iter().map(|&i| [Box::new(word(i).to_owned())]).collect::<Vec<[Box<String>; 1]>>(),
            None,
        );
        check_column(idx.iter().map(|&i| [i as u16, 7]).collect::<Vec<[u16; 2]>>(), None);
        check_column(
            idx.iter().map(|&i| vec![word(i).to_owned(); i % 3]).collect::<Vec<Vec<String>>>(),
            None,
        );
        check_column(
            idx.iter().map(|&i| Box::new(vec![word(i).to_owned(); i % 3])).collect::<Vec<Box<Vec<String>>>>(),
            None,
        );
        check_column(
            idx.iter().map(|&i| vec![Box::new(word(i).to_owned()); i % 3]).collect::<Vec<Vec<Box<String>>>>(),
            None,
        );
        check_column(idx.iter().map(|&i| vec![i as u8; i % 4]).collect::<Vec<Vec<u8>>>(), None);
        check_column(
            idx.iter()
                .map(|&i| VecDeque::from(vec![word(i).to_owned(); i % 3]))
                .collect::<Vec<VecDeque<String>>>(),
            None,
        );
        check_column(
            idx.iter()
                .map(|&i| Box::<[String]>::from(vec![word(i).to_owned(); i % 3]))
                .collect::<Vec<Box<[String]>>>(),
            None,
        );
        check_column(
            idx.iter().map(|&i| Rc::<[u32]>::from(vec![i as u32; i % 3])).collect::<Vec<Rc<[u32]>>>(),
            None,
        );
        check_column(
            idx.iter()
                .map(|&i| Arc::<[String]>::from(vec![word(i).to_owned(); i % 2]))
                .collect::<Vec<Arc<[String]>>>(),
            None,
        );
        check_column(
            idx.iter()
                .map(|&i| BTreeMap::from([(word(i).to_owned(), i as u32)]))
                .collect::<Vec<BTreeMap<String, u32>>>(),
            None,
        );
        check_column(
            idx.iter().map(|&i| BTreeSet::from([word(i).to_owned()])).collect::<Vec<BTreeSet<String>>>(),
            None,
        );
        check_column(
            idx.iter()
                .map(|&i| if i % 2 == 0 { Ok(word(i).to_owned()) } else { Err(i as u8) })
                .collect::<Vec<Result<String, u8>>>(),
            None,
        );
        check_column(
            idx.iter().map(|&i| Row { a: i as u32, s: word(i).to_owned() }).collect::<Vec<Row>>(),
            None,
        );
        check_column(
            idx.iter()
                .map(|&i| Box::new(Row { a: i as u32, s: word(i).to_owned() }))
                .collect::<Vec<Box<Row>>>(),
            None,
        );
        check_column(
            idx.iter().map(|&i| Cell { a: i as u16, s: word(i).to_owned() }).collect::<Vec<Cell>>(),
            None,
        );
        check_column(
            idx.iter()
                .map(|&i| vec![Cell { a: i as u16, s: word(i).to_owned() }; i % 3])
                .collect::<Vec<Vec<Cell>>>(),
            None,
        );
        check_column(
            idx.iter().map(|&i| Versioned { a: i as u32, s: word(i).to_owned() }).collect::<Vec<Versioned>>(),
            None,
        );
        check_column(idx.iter().map(|&i| shape(i)).collect::<Vec<Shape>>(), None);
        check_column(idx.iter().map(|&i| Box::new(shape(i))).collect::<Vec<Box<Shape>>>(), None);
        check_column(idx.iter().map(|&i| Fixed { a: i as u32, b: i as u16 }).collect::<Vec<Fixed>>(), None);
        check_column(
            idx.iter().map(|&i| Rc::new(Fixed { a: i as u32, b: 9 })).collect::<Vec<Rc<Fixed>>>(),
            None,
        );
        check_column(idx.iter().map(|_| ()).collect::<Vec<()>>(), None);
    }
}

/// The feature-gated external types in columns.
#[test]
fn external_type_columns_round_trip() {
    use chrono::{DateTime, FixedOffset, NaiveDate, NaiveTime, TimeZone, Utc};
    let n = COLUMN_BLOCK + 2;
    let idx: Vec<usize> = (0..n).collect();
    check_column(
        idx.iter().map(|&i| uuid::Uuid::from_u128(i as u128 * 977)).collect::<Vec<uuid::Uuid>>(),
        None,
    );
    check_column(
        idx.iter()
            .map(|&i| Utc.timestamp_opt(i as i64 * 1000, i as u32).unwrap())
            .collect::<Vec<DateTime<Utc>>>(),
        None,
    );
    check_column(
        idx.iter()
            .map(|&i| FixedOffset::east_opt(i as i32 * 60).unwrap().timestamp_opt(i as i64, 5).unwrap())
            .collect::<Vec<DateTime<FixedOffset>>>(),
        None,
    );
    check_column(
        idx.iter()
            .map(|&i| NaiveDate::from_num_days_from_ce_opt(i as i32 + 1).unwrap())
            .collect::<Vec<NaiveDate>>(),
        None,
    );
    check_column(
        idx.iter()
            .map(|&i| NaiveTime::from_num_seconds_from_midnight_opt(i as u32, 0).unwrap())
            .collect::<Vec<NaiveTime>>(),
        None,
    );
    check_column(
        idx.iter()
            .map(|&i| time::OffsetDateTime::from_unix_timestamp(i as i64).unwrap())
            .collect::<Vec<time::OffsetDateTime>>(),
        None,
    );
    check_column(
        idx.iter()
            .map(|&i| rust_decimal::Decimal::new(i as i64 - 50, (i % 28) as u32))
            .collect::<Vec<rust_decimal::Decimal>>(),
        None,
    );
    check_column(
        idx.iter().map(|&i| bytes::Bytes::from(word(i).as_bytes().to_vec())).collect::<Vec<bytes::Bytes>>(),
        None,
    );
    check_column(
        idx.iter().map(|&i| bytes::BytesMut::from(word(i).as_bytes())).collect::<Vec<bytes::BytesMut>>(),
        None,
    );
    check_column(
        idx.iter()
            .map(|&i| indexmap::IndexMap::<String, u8>::from_iter([(word(i).to_owned(), i as u8)]))
            .collect::<Vec<indexmap::IndexMap<String, u8>>>(),
        None,
    );
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Default)]
struct Row {
    a: u32,
    s: String,
}

/// A columnar struct nested as a field of another: rows there.
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Default)]
#[jetwire(columnar)]
struct Cell {
    a: u16,
    s: String,
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Default)]
#[jetwire(versioned)]
struct Versioned {
    a: u32,
    s: String,
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Copy, Default)]
struct Fixed {
    a: u32,
    b: u16,
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Default)]
enum Shape {
    #[default]
    Empty,
    Pair(u32, u32),
    Named {
        x: u16,
        s: String,
    },
    Chars(char, char),
    #[jetwire(skip)]
    #[allow(dead_code)]
    Never(String),
    Last(Box<String>),
}

fn shape(i: usize) -> Shape {
    match i % 5 {
        0 => Shape::Empty,
        1 => Shape::Pair(i as u32, 7),
        2 => Shape::Named { x: i as u16, s: word(i).to_owned() },
        3 => Shape::Chars('a', 'é'),
        _ => Shape::Last(Box::new(word(i).to_owned())),
    }
}

/// A columnar struct with every kind of field at once: string-like pointers, options, nested
/// columnar structs, `Vec`s of columnar structs, a `with` module, skipped fields, an enum with a
/// skipped variant, a versioned struct; read with from_slice and from_slice_into.
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Default)]
#[jetwire(columnar)]
struct Everything {
    code: u8,
    boxed: Box<String>,
    #[jetwire(skip)]
    skipped: String,
    rc: Rc<str>,
    #[jetwire(with = "big_endian")]
    moduled: u32,
    optional: Option<String>,
    cell: Cell,
    cells: Vec<Cell>,
    #[jetwire(skip_serializing)]
    one_way: Vec<u8>,
    shape: Shape,
    versioned: Versioned,
    boxed_rows: Box<Row>,
    path: PathBuf,
    fixed: Fixed,
    tail: u64,
}

mod big_endian {
    use jetwire::binary::{Decoder, Encoder, Result};

    pub fn to_binary(value: &u32, e: &mut Encoder<'_>) -> Result<()> {
        e.write_array(value.to_be_bytes());
        Ok(())
    }

    pub fn from_binary(d: &mut Decoder<'_>) -> Result<u32> {
        d.read_array().map(u32::from_be_bytes)
    }
}

fn everything(i: usize) -> Everything {
    Everything {
        code: i as u8,
        boxed: Box::new(word(i).to_owned()),
        skipped: String::new(),
        rc: word(i + 1).into(),
        moduled: (i as u32).wrapping_mul(0x0101_0101),
        optional: (i % 2 == 0).then(|| word(i + 2).to_owned()),
        cell: Cell { a: i as u16, s: word(i + 3).to_owned() },
        cells: (0..i % 3).map(|k| Cell { a: k as u16, s: word(k).to_owned() }).collect(),
        one_way: Vec::new(),
        shape: shape(i),
        versioned: Versioned { a: i as u32, s: word(i + 4).to_owned() },
        boxed_rows: Box::new(Row { a: !(i as u32), s: word(i + 5).to_owned() }),
        path: PathBuf::from(word(i)),
        fixed: Fixed { a: 1, b: i as u16 },
        tail: u64::MAX - i as u64,
    }
}

#[test]
fn a_columnar_struct_with_every_kind_of_field() {
    for n in [0, 1, 2, COLUMN_BLOCK, COLUMN_BLOCK + 1, 2 * COLUMN_BLOCK + 3] {
        let values: Vec<Everything> = (0..n).map(everything).collect();
        let bytes = binary::to_vec(&values).unwrap();
        assert_eq!(binary::from_slice::<Vec<Everything>>(&bytes).unwrap(), values, "n = {n}");
        assert_eq!(binary::from_slice::<VecDeque<Everything>>(&bytes).unwrap(), values, "n = {n}");
        assert_eq!(&*binary::from_slice::<Box<[Everything]>>(&bytes).unwrap(), &values[..], "n = {n}");
        // The same bytes from the other sequence types.
        assert_eq!(binary::to_vec(&VecDeque::from(values.clone())).unwrap(), bytes);
        assert_eq!(binary::to_vec(&Box::<[Everything]>::from(values.clone())).unwrap(), bytes);
        assert_eq!(binary::to_vec(&Rc::<[Everything]>::from(values.clone())).unwrap(), bytes);
        assert_eq!(binary::to_vec(&&values[..]).unwrap(), bytes);
        // A VecDeque whose halves meet inside a block.
        let mut deque: VecDeque<Everything> = VecDeque::with_capacity(n + 10);
        for v in values.iter().rev() {
            deque.push_front(v.clone());
        }
        assert_eq!(binary::to_vec(&deque).unwrap(), bytes);
        // Into a Vec that holds values already (fewer, as many, more).
        for keep in [0, n / 2, n, n + 5] {
            let mut target: Vec<Everything> = (0..keep).map(|i| everything(i + 7)).collect();
            binary::from_slice_into(&bytes, &mut target).unwrap();
            assert_eq!(target, values, "n = {n}, keep = {keep}");
        }
        // Each element alone, as a row.
        for v in &values {
            let row = binary::to_vec(v).unwrap();
            assert_eq!(&binary::from_slice::<Everything>(&row).unwrap(), v);
            let mut target = everything(3);
            binary::from_slice_into(&row, &mut target).unwrap();
            assert_eq!(&target, v);
        }
    }
}

// =============================================================================================
// decode_into against decode: the same value, and the same error, on the same bytes
// =============================================================================================

/// Every mutation of `bytes` tried here: each prefix, and each byte replaced by a few values.
fn mutations(bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut out = vec![bytes.to_vec()];
    for len in 0..bytes.len() {
        out.push(bytes[..len].to_vec());
    }
    for at in 0..bytes.len() {
        for b in [0x00, 0x01, 0x02, 0x05, 0x7F, 0x80, 0xC3, 0xF8, 0xFF] {
            if bytes[at] != b {
                let mut m = bytes.to_vec();
                m[at] = b;
                out.push(m);
            }
        }
    }
    out
}

/// `from_slice` and `from_slice_into` (into each of `targets`) agree on every mutation of
/// `value`'s bytes: the same value, or the same error (message, path, offset). Returns the
/// first disagreement found.
fn into_disagreement<T>(value: &T, targets: &[T]) -> Option<String>
where
    T: ToBinary + FromBinaryOwned + Debug + PartialEq + Clone,
{
    let bytes = binary::to_vec(value).unwrap();
    assert_eq!(&binary::from_slice::<T>(&bytes).unwrap(), value, "round trip");
    for input in mutations(&bytes) {
        let decoded = binary::from_slice::<T>(&input);
        for target in targets {
            let mut into = target.clone();
            let result = binary::from_slice_into(&input, &mut into);
            let same = match (&decoded, &result) {
                (Ok(v), Ok(())) => *v == into,
                (Err(a), Err(b)) => a.to_string() == b.to_string() && a.category() == b.category(),
                _ => false,
            };
            if !same {
                return Some(format!(
                    "{}: input {:02X?} into {:?}: from_slice gave {:?}, from_slice_into gave {:?} (value {:?})",
                    std::any::type_name::<T>(),
                    input,
                    target,
                    decoded.as_ref().map_err(ToString::to_string),
                    result.map(|()| into).map_err(|e| e.to_string()),
                    value,
                ));
            }
        }
    }
    None
}

fn assert_into_agrees<T>(value: T, targets: &[T])
where
    T: ToBinary + FromBinaryOwned + Debug + PartialEq + Clone,
{
    if let Some(disagreement) = into_disagreement(&value, targets) {
        panic!("{disagreement}");
    }
}

#[test]
fn decode_into_agrees_with_decode_for_std_types() {
    assert_into_agrees(vec!["ab".to_owned(), "é".to_owned()], &[vec![], vec!["zz".to_owned(); 5]]);
    assert_into_agrees(vec![1u32, 2, 3], &[vec![], vec![9; 7]]);
    assert_into_agrees(vec![true, false], &[vec![], vec![true; 4]]);
    assert_into_agrees(vec!['a', 'é'], &[vec![], vec!['z'; 4]]);
    assert_into_agrees(vec![7usize, 8], &[vec![], vec![1; 4]]);
    assert_into_agrees(vec![(1u8, 2u16), (3, 4)], &[vec![], vec![(0, 0); 4]]);
    assert_into_agrees(vec![Duration::new(1, 2)], &[vec![], vec![Duration::ZERO; 3]]);
    assert_into_agrees(
        vec![Some("x".to_owned()), None],
        &[vec![], vec![Some("yy".to_owned()); 3], vec![None; 3]],
    );
    assert_into_agrees(vec![vec![1u8, 2], vec![]], &[vec![], vec![vec![5; 9]; 3]]);
    assert_into_agrees(vec![vec!["a".to_owned()], vec![]], &[vec![], vec![vec!["q".to_owned(); 2]; 3]]);
    assert_into_agrees(["a".to_owned(), "bc".to_owned()], &[[String::new(), String::new()]]);
    assert_into_agrees([true, false, true], &[[false; 3]]);
    assert_into_agrees(['x', 'y'], &[['a'; 2]]);
    assert_into_agrees([1u16, 2], &[[0; 2]]);
    assert_into_agrees(Some("abc".to_owned()), &[None, Some(String::new())]);
    assert_into_agrees(("a".to_owned(), 5u32, 'c'), &[(String::new(), 0, 'z')]);
    assert_into_agrees(
        HashMap::from([("a".to_owned(), 1u32), ("b".to_owned(), 2)]),
        &[HashMap::new(), HashMap::from([("z".to_owned(), 9)])],
    );
    assert_into_agrees(BTreeMap::from([(1u8, "a".to_owned())]), &[BTreeMap::new()]);
    assert_into_agrees(Box::new("boxed".to_owned()), &[Box::new(String::new())]);
    assert_into_agrees(bytes::BytesMut::from(&b"abc"[..]), &[bytes::BytesMut::new()]);
    assert_into_agrees(Ok::<String, u16>("ok".to_owned()), &[Ok(String::new()), Err(3)]);
}

/// Maps whose keys and values write blocks go as one block per entry: the same bytes as key
/// then value, read back alike.
#[test]
fn maps_of_block_entries_match_the_spec() {
    let map = BTreeMap::from([(1u8, 0x0302_0100u32), (2, 7)]);
    assert_eq!(binary::to_vec(&map).unwrap(), [2, 1, 0, 1, 2, 3, 2, 7, 0, 0, 0]);
    let hash: HashMap<u8, u32> = map.iter().map(|(k, v)| (*k, *v)).collect();
    assert_eq!(binary::from_slice::<HashMap<u8, u32>>(&binary::to_vec(&hash).unwrap()).unwrap(), hash);
    let chars = BTreeMap::from([('a', (1u16, true)), ('é', (2, false))]);
    assert_eq!(binary::to_vec(&chars).unwrap(), [2, 0x61, 0, 0, 0, 1, 0, 1, 0xE9, 0, 0, 0, 2, 0, 0]);
    assert_into_agrees(chars, &[BTreeMap::new()]);
    assert_into_agrees(hash, &[HashMap::new(), HashMap::from([(9, 9)])]);
    assert_into_agrees(BTreeSet::from([(1u8, 2u32), (3, 4)]), &[BTreeSet::new()]);
}

#[test]
fn decode_into_agrees_with_decode_for_derived_types() {
    assert_into_agrees(Row { a: 1, s: "é".to_owned() }, &[Row::default()]);
    assert_into_agrees(Fixed { a: 1, b: 2 }, &[Fixed::default()]);
    assert_into_agrees(Versioned { a: 1, s: "x".to_owned() }, &[Versioned::default()]);
    assert_into_agrees(
        vec![Cell { a: 1, s: "x".to_owned() }, Cell { a: 2, s: "é".to_owned() }],
        &[vec![], vec![Cell::default(); 4]],
    );
    assert_into_agrees(vec![everything(1), everything(2)], &[vec![], vec![everything(5); 3]]);
    // A struct of fields read by their types, where no fixed-size run spans two fields.
    assert_into_agrees(
        Wide { a: "x".to_owned(), b: 7, c: Some('q'), d: vec![1, 2], e: shape(2) },
        &[Wide::default(), Wide { a: "long".to_owned(), b: 1, c: None, d: vec![9; 9], e: shape(2) }],
    );
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Default)]
struct Wide {
    a: String,
    b: u64,
    c: Option<char>,
    d: Vec<u16>,
    e: Shape,
}

/// [`Everything`] alone, whose `fixed` and `tail` fields make one fixed-size run: the values
/// agree, and the errors' categories; the messages and paths differ by the bug of
/// `decode_into_agrees_with_decode_for_a_struct_with_a_fixed_run`.
#[test]
fn decode_into_agrees_with_decode_for_everything_up_to_the_fixed_run_messages() {
    let value = everything(4);
    let bytes = binary::to_vec(&value).unwrap();
    for input in mutations(&bytes) {
        let decoded = binary::from_slice::<Everything>(&input);
        for target in [Everything::default(), everything(1), everything(4)] {
            let mut into = target.clone();
            let result = binary::from_slice_into(&input, &mut into);
            match (&decoded, &result) {
                (Ok(v), Ok(())) => assert_eq!(v, &into),
                (Err(a), Err(b)) => {
                    assert_eq!(a.to_string(), b.to_string());
                }
                _ => panic!("{input:02X?}: {decoded:?} / {result:?}"),
            }
        }
    }
}

#[test]
fn decode_into_agrees_with_decode_for_everything() {
    assert_into_agrees(everything(4), &[Everything::default(), everything(1)]);
}

/// A struct whose first fields are a run of fixed-size values followed by a string.
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Default)]
struct RunThenText {
    a: u32,
    b: u32,
    s: String,
}

/// Both read the run `a, b` with one bounds check and, when the input ends inside it, report
/// the error at the run's first field.
#[test]
fn decode_into_agrees_with_decode_for_a_struct_with_a_fixed_run() {
    let bytes = binary::to_vec(&RunThenText { a: 1, b: 2, s: "x".to_owned() }).unwrap();
    let cut = &bytes[..6];
    let decoded = binary::from_slice::<RunThenText>(cut).unwrap_err();
    let mut into = RunThenText::default();
    let reused = binary::from_slice_into(cut, &mut into).unwrap_err();
    assert_eq!(decoded.to_string(), reused.to_string());
    assert_eq!(decoded.path(), "/a");
}

/// An enum variant whose fields are all fixed-size: its payload is taken with one check (an
/// error at the variant), whether it is read into the same variant, another, or a new value.
#[test]
fn decode_into_agrees_with_decode_for_an_enum_with_a_fixed_payload() {
    let bytes = binary::to_vec(&Shape::Pair(1, 2)).unwrap();
    let cut = &bytes[..6];
    let decoded = binary::from_slice::<Shape>(cut).unwrap_err();
    let mut into = Shape::Pair(0, 0);
    let reused = binary::from_slice_into(cut, &mut into).unwrap_err();
    assert_eq!(decoded.to_string(), reused.to_string());
    let mut other = Shape::Empty;
    let fresh = binary::from_slice_into(cut, &mut other).unwrap_err();
    assert_eq!(fresh.to_string(), decoded.to_string());
    assert_eq!(decoded.path(), "/Pair");
}

// =============================================================================================
// The depth limit: decode and decode_into count the same levels
// =============================================================================================

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Default)]
struct Node {
    kids: Vec<Node>,
}

/// `depth` nested nodes, each but the last with one child: `depth` `Vec`s inside one another,
/// of which the innermost is empty.
fn chain(depth: usize) -> Node {
    let mut node = Node::default();
    for _ in 1..depth {
        node = Node { kids: vec![node] };
    }
    node
}

/// An empty `Vec` holds nothing that could nest, so neither `decode` nor `decode_into` counts
/// it as a level: 129 `Vec`s whose innermost is empty read both ways, into a value of the same
/// shape too, and 129 that hold something fail both ways.
#[test]
fn decode_into_counts_the_same_levels_as_decode() {
    let value = chain(129);
    let bytes = binary::to_vec(&value).unwrap();
    let decoded = binary::from_slice::<Node>(&bytes);
    let mut into = value.clone();
    let reused = binary::from_slice_into(&bytes, &mut into);
    assert_eq!(decoded.map_err(|e| e.to_string()), reused.map(|()| into).map_err(|e| e.to_string()));
    assert_eq!(binary::from_slice::<Node>(&bytes).unwrap(), value);
    let deeper = chain(130);
    let bytes = binary::to_vec(&deeper).unwrap();
    assert_eq!(binary::from_slice::<Node>(&bytes).unwrap_err().category(), binary::Category::Limit);
    let mut into = deeper.clone();
    let err = binary::from_slice_into(&bytes, &mut into).unwrap_err();
    assert_eq!(err.category(), binary::Category::Limit);
}

// =============================================================================================
// The external types: every value that writes reads back
// =============================================================================================

#[test]
fn chrono_extremes_round_trip() {
    use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, Utc};
    let max = NaiveDateTime::MAX;
    let min = NaiveDateTime::MIN;
    for v in [max, min] {
        assert_eq!(binary::from_slice::<NaiveDateTime>(&binary::to_vec(&v).unwrap()).unwrap(), v);
        let utc: DateTime<Utc> = v.and_utc();
        assert_eq!(binary::from_slice::<DateTime<Utc>>(&binary::to_vec(&utc).unwrap()).unwrap(), utc);
        for secs in [-86_399, 0, 86_399] {
            let offset = FixedOffset::east_opt(secs).unwrap();
            let fixed = utc.with_timezone(&offset);
            let back = binary::from_slice::<DateTime<FixedOffset>>(&binary::to_vec(&fixed).unwrap()).unwrap();
            assert_eq!((back, back.offset()), (fixed, fixed.offset()));
        }
    }
    for d in [NaiveDate::MIN, NaiveDate::MAX] {
        assert_eq!(binary::from_slice::<NaiveDate>(&binary::to_vec(&d).unwrap()).unwrap(), d);
    }
    let leap = NaiveTime::from_hms_nano_opt(23, 59, 59, 1_999_999_999).unwrap();
    assert_eq!(binary::from_slice::<NaiveTime>(&binary::to_vec(&leap).unwrap()).unwrap(), leap);
}

/// `OffsetDateTime` writes the Unix timestamp (of its UTC instant) and its offset. time's range
/// bounds the local date-time, not the instant: the last day with a negative offset and the first
/// with a positive one have instants outside it, and read back all the same.
#[test]
fn time_offset_date_time_extremes_round_trip() {
    use time::{Date, OffsetDateTime, PrimitiveDateTime, Time, UtcOffset};
    let west = UtcOffset::from_hms(-1, 0, 0).unwrap();
    let east = UtcOffset::from_hms(1, 0, 0).unwrap();
    let last = PrimitiveDateTime::new(Date::MAX, Time::MAX).assume_offset(west);
    let first = PrimitiveDateTime::new(Date::MIN, Time::MIDNIGHT).assume_offset(east);
    for v in [last, first] {
        let bytes = binary::to_vec(&v).unwrap();
        assert_eq!(binary::from_slice::<OffsetDateTime>(&bytes).unwrap(), v);
    }
}

#[test]
fn time_date_and_decimal_extremes_round_trip() {
    use rust_decimal::Decimal;
    use time::Date;
    for d in [Date::MIN, Date::MAX] {
        assert_eq!(binary::from_slice::<Date>(&binary::to_vec(&d).unwrap()).unwrap(), d);
    }
    for v in
        [Decimal::MAX, Decimal::MIN, Decimal::ZERO, -Decimal::ZERO, Decimal::new(-1, 28), Decimal::new(1, 28)]
    {
        let back = binary::from_slice::<Decimal>(&binary::to_vec(&v).unwrap()).unwrap();
        assert_eq!((back, back.serialize()), (v, v.serialize()));
    }
}

// =============================================================================================
// Boxes in from_slice_into
// =============================================================================================

/// `from_slice_into`'s documentation: "nested structs and boxes are reused". A `Box` always,
/// an `Rc` or `Arc` when it is the value's only owner; a shared one is replaced.
#[test]
fn boxes_are_reused_by_from_slice_into() {
    let bytes = binary::to_vec(&Box::new("short".to_owned())).unwrap();
    let mut target = Box::new(String::with_capacity(256));
    binary::from_slice_into(&bytes, &mut target).unwrap();
    assert_eq!(*target, "short");
    assert!(target.capacity() >= 256, "capacity {}", target.capacity());
    let mut unique = std::rc::Rc::new(String::with_capacity(256));
    binary::from_slice_into(&bytes, &mut unique).unwrap();
    assert_eq!((unique.as_str(), unique.capacity() >= 256), ("short", true));
    let mut shared = std::sync::Arc::new(String::with_capacity(256));
    let other = std::sync::Arc::clone(&shared);
    binary::from_slice_into(&bytes, &mut shared).unwrap();
    assert_eq!((shared.as_str(), other.as_str()), ("short", ""));
}

// =============================================================================================
// JSON: the compact fast paths against the token paths, and the wrappers
// =============================================================================================

mod json_side {
    use super::*;
    use jetwire::json;
    use jetwire::{FromJson, ToJson};

    /// `Vec<T>` reads a compact array's elements straight from the input (`FromJson::COMPACT_READ`);
    /// the same array with whitespace goes through the reader's tokens. Both must give the
    /// same value, or the same error.
    fn compact_agrees<T>(text: &str)
    where
        T: for<'de> FromJson<'de> + Debug + PartialEq,
    {
        let compact = format!("[{text},{text}]");
        // Leading whitespace sends the array through the token path; each value is followed by
        // the same byte in both texts, which errors may quote.
        let spaced = format!("[ {text},{text} ]");
        let a = json::from_str::<Vec<T>>(&compact);
        let b = json::from_str::<Vec<T>>(&spaced);
        match (&a, &b) {
            (Ok(x), Ok(y)) => assert_eq!(x, y, "{} {text}", std::any::type_name::<T>()),
            (Err(x), Err(y)) => {
                assert_eq!(
                    (x.message(), x.path()),
                    (y.message(), y.path()),
                    "{} {text}",
                    std::any::type_name::<T>()
                )
            }
            _ => panic!("{} {text}: compact {a:?}, spaced {b:?}", std::any::type_name::<T>()),
        }
        // VecDeque reads through the same sequence reader; the array type one element at a time.
        let c = json::from_str::<[T; 2]>(&compact);
        match (&a, &c) {
            (Ok(x), Ok(y)) => assert_eq!(&x[..], &y[..], "{} {text}", std::any::type_name::<T>()),
            (Err(x), Err(y)) => assert_eq!(x.message(), y.message(), "{} {text}", std::any::type_name::<T>()),
            _ => panic!("{} {text}: Vec {a:?}, array {c:?}", std::any::type_name::<T>()),
        }
    }

    const NUMBER_TEXTS: [&str; 34] = [
        "0",
        "-0",
        "1",
        "-1",
        "255",
        "256",
        "-128",
        "-129",
        "65535",
        "4294967296",
        "1.0",
        "1.5",
        "1e2",
        "1E2",
        "-1e2",
        "1e-2",
        "0.0",
        "-0.0",
        "1e400",
        "-1e400",
        "1e-400",
        "3.4028236e38",
        "18446744073709551615",
        "18446744073709551616",
        "9223372036854775807",
        "-9223372036854775808",
        "-9223372036854775809",
        "340282366920938463463374607431768211455",
        "340282366920938463463374607431768211456",
        "-170141183460469231731687303715884105728",
        "01",
        "1.",
        ".5",
        "+1",
    ];

    #[test]
    fn compact_reads_agree_with_token_reads() {
        for text in NUMBER_TEXTS.iter().chain(&["true", "false", "null", "\"1\"", "tru", "truex"]) {
            compact_agrees::<u8>(text);
            compact_agrees::<u16>(text);
            compact_agrees::<u32>(text);
            compact_agrees::<u64>(text);
            compact_agrees::<u128>(text);
            compact_agrees::<usize>(text);
            compact_agrees::<i8>(text);
            compact_agrees::<i16>(text);
            compact_agrees::<i32>(text);
            compact_agrees::<i64>(text);
            compact_agrees::<i128>(text);
            compact_agrees::<isize>(text);
            compact_agrees::<f32>(text);
            compact_agrees::<f64>(text);
            compact_agrees::<bool>(text);
            compact_agrees::<(u8, bool)>(&format!("[{text},true]"));
            compact_agrees::<(f64, i8)>(&format!("[{text},{text}]"));
        }
    }

    /// `Vec<T>` writes compact elements without the writer's per-element state; `VecDeque<T>`
    /// writes each through `to_json`. The same text.
    fn compact_writes_agree<T: ToJson + Clone + Debug>(values: &[T]) {
        let vec = json::to_string(&values.to_vec()).unwrap();
        let deque = json::to_string(&values.iter().cloned().collect::<VecDeque<T>>()).unwrap();
        assert_eq!(vec, deque, "{}", std::any::type_name::<T>());
    }

    #[test]
    fn compact_writes_agree_with_token_writes() {
        let f64s = [
            0.0,
            -0.0,
            1.0,
            -1.5,
            0.1,
            0.1 + 0.2,
            1e16,
            1e21,
            1e22,
            1e-7,
            123456789.0,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            5e-324,
            2.2250738585072e-308,
            9007199254740993.0,
        ];
        compact_writes_agree(&f64s);
        let f32s: Vec<f32> = f64s
            .iter()
            .map(|&f| f as f32)
            .filter(|f| f.is_finite())
            .chain([f32::MAX, f32::MIN_POSITIVE, 1e-45, 16777217.0])
            .collect();
        compact_writes_agree(&f32s);
        compact_writes_agree(&[u64::MAX, 0, 1]);
        compact_writes_agree(&[i64::MIN, -1, i64::MAX]);
        compact_writes_agree(&[u128::MAX, 0]);
        compact_writes_agree(&[i128::MIN, i128::MAX]);
        compact_writes_agree(&[true, false]);
        compact_writes_agree(&[(1u8, -0.0f64), (255, 1e300)]);
        // And each reads back to itself.
        let back: Vec<f64> = json::from_str(&json::to_string(&f64s.to_vec()).unwrap()).unwrap();
        for (a, b) in back.iter().zip(&f64s) {
            assert_eq!(a.to_bits(), b.to_bits());
        }
        let back: Vec<f32> = json::from_str(&json::to_string(&f32s).unwrap()).unwrap();
        for (a, b) in back.iter().zip(&f32s) {
            assert_eq!(a.to_bits(), b.to_bits());
        }
    }

    fn json_round_trip<T>(value: T)
    where
        T: ToJson + for<'de> FromJson<'de> + Debug + PartialEq,
    {
        let text = json::to_string(&value).unwrap();
        assert_eq!(json::from_str::<T>(&text).unwrap(), value, "{text}");
        let pretty = json::to_string_pretty(&value).unwrap();
        assert_eq!(json::from_str::<T>(&pretty).unwrap(), value, "{pretty}");
    }

    #[test]
    fn json_wrappers_round_trip() {
        json_round_trip(Box::new("a\"b\n".to_owned()));
        json_round_trip(Rc::new(vec![1u8, 2]));
        json_round_trip(Arc::new(Some(3i64)));
        json_round_trip(Box::<str>::from("x\u{1F600}"));
        json_round_trip(Rc::<str>::from("\\"));
        json_round_trip(Box::<[u16]>::from(vec![1, 2]));
        json_round_trip(Rc::<[String]>::from(vec!["a".to_owned()]));
        json_round_trip(Arc::<[(u8, bool)]>::from(vec![(1, true)]));
        json_round_trip(VecDeque::from(vec![Box::new(1.5f32)]));
        json_round_trip([Box::new('é'), Box::new('\u{0}')]);
        json_round_trip((Box::new(1u8), Rc::new("x".to_owned()), [Some(Box::new(2u32)), None]));
        json_round_trip(Some(Box::new(Some(5u8))));
        json_round_trip(Duration::new(5, 999_999_999));
        json_round_trip(PathBuf::from("a/b\"c"));
        json_round_trip(IpAddr::V6(Ipv6Addr::LOCALHOST));
        json_round_trip(BTreeMap::from([(Box::<str>::from("k\u{7}"), Rc::new(1u8))]));
        json_round_trip(BTreeMap::from([('\u{1F600}', 1u8), ('"', 2)]));
        json_round_trip(BTreeMap::from([(i128::MIN, 1u8), (i128::MAX, 2)]));
        json_round_trip(BTreeMap::from([(u128::MAX, vec![1u8])]));
        json_round_trip(HashMap::from([(Rc::<str>::from(""), Arc::<str>::from("v"))]));
        let cow = BTreeMap::from([(Cow::<str>::Owned("\u{2028}\"".to_owned()), 0u8)]);
        let text = json::to_string(&cow).unwrap();
        assert_eq!(json::from_str::<BTreeMap<Cow<str>, u8>>(&text).unwrap(), cow);
    }

    /// `Some(x)` whose `x` writes `null` reads back as `None`: JSON's inherent ambiguity (serde's
    /// too). Pinned here so that a change is seen.
    #[test]
    fn options_of_null_writing_values_read_back_as_none() {
        assert_eq!(json::to_string(&Some(())).unwrap(), "null");
        assert_eq!(json::from_str::<Option<()>>("null").unwrap(), None);
        assert_eq!(
            json::from_str::<Option<Option<u8>>>(&json::to_string(&Some(None::<u8>)).unwrap()).unwrap(),
            None
        );
    }
}
