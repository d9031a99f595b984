//! Every std and feature-gated type: the exact bytes written, and the value read back.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::fmt::Debug;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use jetwire_binary::{FromBinaryOwned, ToBinary, from_slice, from_slice_into, to_vec, to_writer};

fn round_trip<T: ToBinary + FromBinaryOwned + PartialEq + Debug>(value: T, expected: &[u8]) {
    let bytes = to_vec(&value).unwrap();
    assert_eq!(bytes, expected, "{value:?}");
    let back: T = from_slice(&bytes).unwrap_or_else(|e| panic!("{value:?}: {e}"));
    assert_eq!(back, value);
}

/// Round trip without checking the bytes (for types whose iteration order varies).
fn same<T: ToBinary + FromBinaryOwned + PartialEq + Debug>(value: T) -> Vec<u8> {
    let bytes = to_vec(&value).unwrap();
    assert_eq!(from_slice::<T>(&bytes).unwrap(), value);
    bytes
}

#[test]
fn numbers_are_fixed_width_little_endian() {
    round_trip(0x12u8, &[0x12]);
    round_trip(-2i8, &[0xFE]);
    round_trip(0x1234u16, &[0x34, 0x12]);
    round_trip(-2i16, &[0xFE, 0xFF]);
    round_trip(0x1234_5678u32, &[0x78, 0x56, 0x34, 0x12]);
    round_trip(-1i32, &[0xFF; 4]);
    round_trip(1u64, &[1, 0, 0, 0, 0, 0, 0, 0]);
    round_trip(i64::MIN, &[0, 0, 0, 0, 0, 0, 0, 0x80]);
    round_trip(u128::MAX, &[0xFF; 16]);
    round_trip(1i128, &1i128.to_le_bytes());
    round_trip(7usize, &[7, 0, 0, 0, 0, 0, 0, 0]);
    round_trip(-7isize, &(-7i64).to_le_bytes());
    round_trip(1.5f32, &[0, 0, 0xC0, 0x3F]);
    round_trip(-0.0f64, &[0, 0, 0, 0, 0, 0, 0, 0x80]);
    let nan = to_vec(&f64::NAN).unwrap();
    assert!(from_slice::<f64>(&nan).unwrap().is_nan());
}

#[test]
fn bool_char_unit() {
    round_trip(true, &[1]);
    round_trip(false, &[0]);
    round_trip('é', &[0xE9, 0, 0, 0]);
    round_trip('🦀', &0x1F980u32.to_le_bytes());
    round_trip((), &[]);
    round_trip(std::marker::PhantomData::<String>, &[]);
}

#[test]
fn strings_and_bytes() {
    round_trip(String::new(), &[0]);
    round_trip("héllo".to_owned(), &[6, b'h', 0xC3, 0xA9, b'l', b'l', b'o']);
    round_trip(Box::<str>::from("a"), &[1, b'a']);
    assert_eq!(to_vec(&Cow::<str>::Owned("ab".into())).unwrap(), [2, b'a', b'b']);
    assert_eq!(from_slice::<Cow<str>>(&[2, b'a', b'b']).unwrap(), "ab");
    let long = "x".repeat(300);
    let bytes = to_vec(&long).unwrap();
    assert_eq!(&bytes[..3], [0xF9, 0x2C, 0x01]);
    assert_eq!(from_slice::<String>(&bytes).unwrap(), long);
    let input = to_vec("borrowed").unwrap();
    let text: &str = from_slice(&input).unwrap();
    assert_eq!(text.as_ptr(), input[1..].as_ptr());
    let raw: &[u8] = from_slice(&[3, 1, 2, 3]).unwrap();
    assert_eq!(raw, [1, 2, 3]);
    let cow: Cow<[u8]> = from_slice(&[1, 9]).unwrap();
    assert!(matches!(cow, Cow::Borrowed([9])));
    assert_eq!(to_vec(&[1u8, 2][..]).unwrap(), [2, 1, 2]);
}

#[test]
fn strings_of_every_short_length_have_exact_bytes() {
    // Lengths below 248 take a one-byte prefix and an inline copy; 248 and up a varint.
    for len in 0..=260 {
        let text: String = (0..len).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
        let mut expected = match len {
            0..248 => vec![len as u8],
            248..256 => vec![0xF8, len as u8],
            _ => vec![0xF9, len as u8, (len >> 8) as u8],
        };
        expected.extend_from_slice(text.as_bytes());
        let mut out = vec![0xEE];
        to_writer(&mut out, &text).unwrap();
        assert_eq!(out[1..], expected, "length {len}");
        assert_eq!(from_slice::<String>(&out[1..]).unwrap(), text);
    }
}

#[test]
fn long_slices_of_boxes_write_what_their_values_write() {
    // Long enough for the prefetching loop, with elements of varying size.
    let values: Vec<(u32, String)> = (0..5000u32).map(|i| (i, "v".repeat(i as usize % 40))).collect();
    let boxed: Vec<Box<(u32, String)>> = values.iter().cloned().map(Box::new).collect();
    let shared: Vec<Rc<(u32, String)>> = values.iter().cloned().map(Rc::new).collect();
    let borrowed: Vec<&(u32, String)> = values.iter().collect();
    let bytes = to_vec(&values).unwrap();
    assert_eq!(to_vec(&boxed).unwrap(), bytes);
    assert_eq!(to_vec(&shared).unwrap(), bytes);
    assert_eq!(to_vec(&borrowed).unwrap(), bytes);
    assert_eq!(from_slice::<Vec<Box<(u32, String)>>>(&bytes).unwrap(), boxed);
    // Boxes of fixed-size values keep the block path of a sequence.
    let numbers: Vec<u64> = (0..5000).collect();
    let boxed_numbers: Vec<Box<u64>> = numbers.iter().copied().map(Box::new).collect();
    assert_eq!(to_vec(&boxed_numbers).unwrap(), to_vec(&numbers).unwrap());
}

#[test]
fn sequences_and_arrays() {
    round_trip(vec![1u16, 2], &[2, 1, 0, 2, 0]);
    round_trip(Vec::<String>::new(), &[0]);
    round_trip(vec!["a".to_owned()], &[1, 1, b'a']);
    round_trip(vec![vec![true], vec![]], &[2, 1, 1, 0]);
    round_trip([1u8, 2, 3], &[1, 2, 3]);
    round_trip([[1u16; 2]; 2], &[1, 0, 1, 0, 1, 0, 1, 0]);
    round_trip(["a".to_owned(), "b".to_owned()], &[1, b'a', 1, b'b']);
    round_trip([0u32; 0], &[]);
    round_trip(Box::<[u8]>::from([4, 5]), &[2, 4, 5]);
    let mut deque = VecDeque::from([2u32, 3]);
    deque.push_front(1);
    round_trip(deque, &[3, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0]);
    round_trip(vec![(); 3], &[3]);
}

#[test]
fn sets_and_maps() {
    round_trip(BTreeSet::from([3u8, 1]), &[2, 1, 3]);
    round_trip(BTreeMap::from([(1u8, "a".to_owned()), (2, "b".to_owned())]), &[2, 1, 1, b'a', 2, 1, b'b']);
    let bytes = same(HashMap::from([(1i32, -1i32), (2, -2), (3, -3)]));
    assert_eq!(bytes.len(), 1 + 3 * 8);
    same(HashSet::from(["x".to_owned(), "y".to_owned()]));
    let err = from_slice::<BTreeSet<u8>>(&[2, 1, 1]).unwrap_err();
    assert_eq!(err.to_string(), "duplicate element in a set at /1 (byte 2)");
    let err = from_slice::<HashMap<u8, u8>>(&[2, 1, 0, 1, 0]).unwrap_err();
    assert_eq!(err.to_string(), "duplicate key in a map at /1 (byte 3)");
}

#[test]
fn options_results_tuples_pointers() {
    round_trip(None::<u8>, &[0]);
    round_trip(Some(5u8), &[1, 5]);
    round_trip(Some(None::<u8>), &[1, 0]);
    round_trip(Ok::<u8, String>(1), &[0, 1]);
    round_trip(Err::<u8, String>("e".into()), &[1, 1, b'e']);
    round_trip((1u8, "a".to_owned(), false), &[1, 1, b'a', 0]);
    round_trip(Box::new(1u16), &[1, 0]);
    round_trip(Rc::new(1u8), &[1]);
    round_trip(Arc::new("a".to_owned()), &[1, b'a']);
    // Shared strings and slices are strings and sequences; a path borrows its text.
    round_trip(Rc::<str>::from("ab"), &[2, b'a', b'b']);
    round_trip(Arc::<str>::from("é"), &[2, 0xC3, 0xA9]);
    round_trip(Rc::<[u16]>::from([1, 2]), &[2, 1, 0, 2, 0]);
    round_trip(Arc::<[String]>::from(["x".to_owned()]), &[1, 1, b'x']);
    let path: &std::path::Path = from_slice(&[3, b'a', b'/', b'b']).unwrap();
    assert_eq!(path, std::path::Path::new("a/b"));
    let err = from_slice::<Arc<str>>(&[1, 0xFF]).unwrap_err();
    assert_eq!(err.to_string(), "invalid UTF-8 in a string: found byte FF at byte 1");
    assert_eq!(to_vec(&&7u8).unwrap(), [7]);
    let err = from_slice::<Option<u8>>(&[2]).unwrap_err();
    assert_eq!(err.to_string(), "invalid Option tag: expected 0 or 1, found 0x02 at byte 0");
    let err = from_slice::<(u8, Option<u8>)>(&[1, 1]).unwrap_err();
    assert_eq!(err.path(), "/1");
}

#[test]
fn std_value_types() {
    round_trip(Duration::new(1, 2), &[1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0]);
    let err = from_slice::<Duration>(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0xCA, 0x9A, 0x3B]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid Duration: expected nanoseconds below 1000000000, found 1000000000 at byte 8"
    );
    round_trip(Ipv4Addr::new(127, 0, 0, 1), &[127, 0, 0, 1]);
    round_trip(IpAddr::V4(Ipv4Addr::new(1, 2, 3, 4)), &[0, 1, 2, 3, 4]);
    let v6 = Ipv6Addr::LOCALHOST;
    round_trip(IpAddr::V6(v6), &[[1].as_slice(), &v6.octets()].concat());
    round_trip(SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::new(1, 2, 3, 4), 80)), &[0, 1, 2, 3, 4, 80, 0]);
    same(SocketAddr::V6(SocketAddrV6::new(v6, 443, 7, 9)));
    round_trip(PathBuf::from("/tmp/x"), &[6, b'/', b't', b'm', b'p', b'/', b'x']);
}

#[test]
fn external_types() {
    let id = uuid::Uuid::from_u128(0x0102_0304_0506_0708_090A_0B0C_0D0E_0F10);
    round_trip(id, &(1..=16).collect::<Vec<u8>>());

    use chrono::{DateTime, FixedOffset, NaiveDate, NaiveTime, TimeZone, Utc};
    let t = Utc.with_ymd_and_hms(2024, 5, 6, 7, 8, 9).unwrap() + chrono::Duration::nanoseconds(5);
    let mut expected = t.timestamp().to_le_bytes().to_vec();
    expected.extend(5u32.to_le_bytes());
    round_trip(t, &expected);
    round_trip(t.naive_utc(), &expected);
    let offset = FixedOffset::east_opt(3600).unwrap();
    let mut with_offset = expected.clone();
    with_offset.extend(3600i32.to_le_bytes());
    round_trip::<DateTime<FixedOffset>>(t.with_timezone(&offset), &with_offset);
    round_trip(NaiveDate::from_ymd_opt(1, 1, 1).unwrap(), &1i32.to_le_bytes());
    round_trip(NaiveTime::from_hms_nano_opt(0, 0, 2, 3).unwrap(), &[2, 0, 0, 0, 3, 0, 0, 0]);
    assert!(from_slice::<NaiveDate>(&i32::MAX.to_le_bytes()).is_err());

    let odt = time::OffsetDateTime::from_unix_timestamp(1_700_000_000).unwrap();
    same(odt);
    same(odt.to_offset(time::UtcOffset::from_whole_seconds(-7200).unwrap()));
    same(time::Date::from_julian_day(2_460_000).unwrap());
    assert!(from_slice::<time::Date>(&i32::MAX.to_le_bytes()).is_err());

    let d = rust_decimal::Decimal::new(-12345, 2);
    round_trip(d, &d.serialize());
    let mut bad = d.serialize();
    bad[2] = 29;
    let err = from_slice::<rust_decimal::Decimal>(&bad).unwrap_err();
    assert!(err.to_string().starts_with("invalid Decimal"), "{err}");

    round_trip(bytes::Bytes::from_static(b"ab"), &[2, b'a', b'b']);
    round_trip(bytes::BytesMut::from(&b"c"[..]), &[1, b'c']);
    let map: indexmap::IndexMap<String, u8> =
        [("z".to_owned(), 1), ("a".to_owned(), 2)].into_iter().collect();
    round_trip(map, &[2, 1, b'z', 1, 1, b'a', 2]);
    let set: indexmap::IndexSet<u8> = [3, 1].into_iter().collect();
    round_trip(set, &[2, 3, 1]);
}

#[test]
fn writer_appends_and_reuses() {
    let mut out = vec![0xAA];
    to_writer(&mut out, &1u8).unwrap();
    to_writer(&mut out, "b").unwrap();
    assert_eq!(out, [0xAA, 1, 1, b'b']);
    // An error leaves the buffer as it was.
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bad = PathBuf::from(std::ffi::OsStr::from_bytes(&[0xFF]));
        assert!(to_writer(&mut out, &(1u8, bad)).is_err());
        assert_eq!(out, [0xAA, 1, 1, b'b']);
    }
}

#[test]
fn from_slice_into_reuses() {
    let mut values: Vec<Vec<u32>> = vec![Vec::with_capacity(100), vec![1; 10]];
    let ptr = values[0].as_ptr();
    let bytes = to_vec(&vec![vec![1u32, 2]]).unwrap();
    from_slice_into(&bytes, &mut values).unwrap();
    assert_eq!(values, [[1, 2]]);
    assert_eq!(values[0].as_ptr(), ptr);
    let mut map: HashMap<u8, String> = HashMap::with_capacity(64);
    from_slice_into(&to_vec(&HashMap::from([(1u8, "a".to_owned())])).unwrap(), &mut map).unwrap();
    assert_eq!(map.len(), 1);
    assert!(map.capacity() >= 64);
    let mut arr = [String::new(), String::new()];
    from_slice_into(&[1, b'x', 0], &mut arr).unwrap();
    assert_eq!(arr, ["x".to_owned(), String::new()]);
    let mut opt = Some(vec![0u8; 0]);
    from_slice_into(&[1, 2, 7, 8], &mut opt).unwrap();
    assert_eq!(opt, Some(vec![7, 8]));
}

#[test]
fn trailing_bytes_are_an_error() {
    let err = from_slice::<u8>(&[1, 2, 3]).unwrap_err();
    assert_eq!(err.to_string(), "expected the end of the input, found 2 more bytes at byte 1");
}
