//! Round trips of other crates' types behind the facade's cargo features: uuid, chrono, time,
//! rust_decimal, bytes and indexmap.

mod common;

use std::str::FromStr;

use bytes::{Bytes, BytesMut};
use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use common::{error, round_trip};
use indexmap::{IndexMap, IndexSet};
use jetwire::json::{self, Category};
use jetwire::{FromJson, ToJson};
use rust_decimal::Decimal;
use time::{Date, Month, OffsetDateTime, UtcOffset};
use uuid::Uuid;

// ---- uuid ----------------------------------------------------------------------------------------

const UUID: &str = "67e55044-10b1-426f-9247-bb680e5fe0c8";

#[test]
fn uuid_lowercase_hyphenated() {
    let id = Uuid::parse_str(UUID).unwrap();
    round_trip(&id, &format!("\"{UUID}\""));
    round_trip(&Uuid::nil(), r#""00000000-0000-0000-0000-000000000000""#);
    round_trip(&Uuid::max(), r#""ffffffff-ffff-ffff-ffff-ffffffffffff""#);
    round_trip(&vec![Some(id), None], &format!("[\"{UUID}\",null]"));
    // Other spellings uuid accepts read too; writing normalizes them.
    for text in [
        "\"67E55044-10B1-426F-9247-BB680E5FE0C8\"",
        "\"67e5504410b1426f9247bb680e5fe0c8\"",
        "\"{67e55044-10b1-426f-9247-bb680e5fe0c8}\"",
        "\"urn:uuid:67e55044-10b1-426f-9247-bb680e5fe0c8\"",
    ] {
        assert_eq!(json::from_str::<Uuid>(text).unwrap(), id, "{text}");
    }
    let err = error::<Uuid>(r#""not-a-uuid""#);
    assert_eq!(
        err.to_string(),
        r#"expected a UUID, found "not-a-uuid": failed to parse a UUID at line 1, column 13 (byte 12)"#
    );
    assert_eq!(err.category(), Category::Data);
    let err = error::<Uuid>(r#""67e55044-10b1-426f-9247-bb680e5fe0c""#);
    assert!(err.message().starts_with(r#"expected a UUID, found "67e55044-10b1-426f-9247-bb680e5fe0c": "#));
    let err = error::<Vec<Uuid>>(r#"[1]"#);
    assert_eq!((err.message(), err.path()), ("expected a string, found the number 1", "/0"));
}

#[test]
fn uuid_with_escapes() {
    // `\u0036` is `6`: the JSON string is exactly UUID. The error even shows the decoded,
    // valid text: expected a UUID, found "67e55044-...": failed to parse a UUID.
    let text = r#""\u0036\u0037e55044-10b1-426f-9247-bb680e5fe0c8""#;
    assert_eq!(json::from_str::<Uuid>(text).unwrap(), Uuid::parse_str(UUID).unwrap());
}

// ---- chrono ----------------------------------------------------------------------------------------

fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32, s: u32, nanos: u32) -> DateTime<Utc> {
    NaiveDate::from_ymd_opt(y, mo, d).unwrap().and_hms_nano_opt(h, mi, s, nanos).unwrap().and_utc()
}

#[test]
fn chrono_utc_rfc3339_with_auto_si_fractions() {
    round_trip(&utc(2024, 1, 2, 3, 4, 5, 0), r#""2024-01-02T03:04:05Z""#);
    round_trip(&utc(2024, 1, 2, 3, 4, 5, 100_000_000), r#""2024-01-02T03:04:05.100Z""#);
    round_trip(&utc(2024, 1, 2, 3, 4, 5, 123_000_000), r#""2024-01-02T03:04:05.123Z""#);
    round_trip(&utc(2024, 1, 2, 3, 4, 5, 123_456_000), r#""2024-01-02T03:04:05.123456Z""#);
    round_trip(&utc(2024, 1, 2, 3, 4, 5, 1_000), r#""2024-01-02T03:04:05.000001Z""#);
    round_trip(&utc(2024, 1, 2, 3, 4, 5, 1), r#""2024-01-02T03:04:05.000000001Z""#);
    round_trip(&utc(1970, 1, 1, 0, 0, 0, 0), r#""1970-01-01T00:00:00Z""#);
    round_trip(&utc(0, 1, 1, 0, 0, 0, 0), r#""0000-01-01T00:00:00Z""#);
    round_trip(&utc(9999, 12, 31, 23, 59, 59, 999_999_999), r#""9999-12-31T23:59:59.999999999Z""#);
    // A leap second.
    round_trip(&utc(2016, 12, 31, 23, 59, 59, 1_500_000_000), r#""2016-12-31T23:59:60.500Z""#);
    // Any offset is read and converted to UTC; lowercase `t`/`z` and a space are RFC 3339 too.
    let expected = utc(2024, 1, 1, 21, 34, 5, 0);
    for text in [
        r#""2024-01-02T03:04:05+05:30""#,
        r#""2024-01-01T21:34:05Z""#,
        r#""2024-01-01T21:34:05-00:00""#,
        r#""2024-01-01t21:34:05z""#,
        r#""2024-01-01 21:34:05Z""#,
    ] {
        assert_eq!(json::from_str::<DateTime<Utc>>(text).unwrap(), expected, "{text}");
    }
    let err = error::<DateTime<Utc>>(r#""yesterday""#);
    assert_eq!(
        err.to_string(),
        r#"expected an RFC 3339 timestamp, found "yesterday": input contains invalid characters at line 1, column 12 (byte 11)"#
    );
    assert_eq!(err.category(), Category::Data);
    for text in [r#""2024-01-02""#, r#""2024-01-02T03:04:05""#, r#""2024-13-02T03:04:05Z""#] {
        let err = error::<DateTime<Utc>>(text);
        assert!(err.message().starts_with("expected an RFC 3339 timestamp, found "), "{err}");
    }
    let err = error::<DateTime<Utc>>("1704164645");
    assert_eq!(err.message(), "expected a string, found the number 1704164645");
}

#[test]
fn chrono_fixed_offset() {
    let ist = FixedOffset::east_opt(5 * 3600 + 30 * 60).unwrap();
    round_trip(&ist.with_ymd_and_hms(2024, 1, 2, 3, 4, 5).unwrap(), r#""2024-01-02T03:04:05+05:30""#);
    let west = FixedOffset::west_opt(8 * 3600).unwrap();
    let t = west.with_ymd_and_hms(2024, 6, 1, 12, 0, 0).unwrap() + chrono::Duration::milliseconds(250);
    round_trip(&t, r#""2024-06-01T12:00:00.250-08:00""#);
    // A zero offset keeps its `+00:00` (chrono's FixedOffset), unlike `DateTime<Utc>`'s `Z`.
    let zero = FixedOffset::east_opt(0).unwrap();
    round_trip(&zero.with_ymd_and_hms(2024, 1, 2, 3, 4, 5).unwrap(), r#""2024-01-02T03:04:05+00:00""#);
    // The offset read is the offset kept.
    let back: DateTime<FixedOffset> = json::from_str(r#""2024-01-02T03:04:05-03:00""#).unwrap();
    assert_eq!(back.offset().local_minus_utc(), -3 * 3600);
    assert_eq!(json::to_string(&back).unwrap(), r#""2024-01-02T03:04:05-03:00""#);
}

#[test]
fn chrono_offset_with_seconds() {
    // chrono's own serde writes `+05:30:07`; jetwire writes `+05:30`, which reads back as a
    // timestamp 7 seconds away from the one written.
    let odd = FixedOffset::east_opt(5 * 3600 + 30 * 60 + 7).unwrap();
    let t = odd.with_ymd_and_hms(2024, 1, 2, 3, 4, 5).unwrap();
    let back: DateTime<FixedOffset> = json::from_str(&json::to_string(&t).unwrap()).unwrap();
    assert_eq!(back, t);
}

#[test]
fn chrono_years_beyond_rfc3339() {
    // Either the write should fail cleanly or the text should read back (chrono's serde
    // round-trips these values); today the write succeeds and the read fails with
    // `expected an RFC 3339 timestamp, found "+10000-01-01T00:00:00Z": input contains invalid characters`.
    for t in [utc(10000, 1, 1, 0, 0, 0, 0), utc(-1, 1, 1, 0, 0, 0, 0), DateTime::<Utc>::MAX_UTC] {
        if let Ok(text) = json::to_string(&t) {
            assert_eq!(json::from_str::<DateTime<Utc>>(&text).unwrap(), t, "{text}");
        }
    }
}

#[test]
fn chrono_naive_date_and_time() {
    let date = NaiveDate::from_ymd_opt(2024, 2, 29).unwrap();
    round_trip(&date, r#""2024-02-29""#);
    round_trip(&NaiveDate::from_ymd_opt(-5, 1, 2).unwrap(), r#""-0005-01-02""#);
    round_trip(&NaiveDate::MAX, r#""+262142-12-31""#);
    round_trip(&NaiveTime::from_hms_opt(3, 4, 5).unwrap(), r#""03:04:05""#);
    round_trip(&NaiveTime::from_hms_milli_opt(3, 4, 5, 120).unwrap(), r#""03:04:05.120""#);
    round_trip(&NaiveTime::from_hms_nano_opt(23, 59, 59, 1).unwrap(), r#""23:59:59.000000001""#);
    let err = error::<NaiveDate>(r#""2023-02-29""#);
    assert!(err.message().starts_with(r#"expected an ISO 8601 date, found "2023-02-29": "#), "{err}");
    assert_eq!(err.category(), Category::Data);
    let err = error::<NaiveTime>(r#""25:00:00""#);
    assert!(err.message().starts_with(r#"expected an ISO 8601 time, found "25:00:00": "#), "{err}");
    // NaiveDateTime reads the ISO 8601 form with `T` (which chrono's serde writes).
    let back: NaiveDateTime = json::from_str(r#""2024-01-02T03:04:05.120""#).unwrap();
    let expected = NaiveDate::from_ymd_opt(2024, 1, 2).unwrap().and_hms_milli_opt(3, 4, 5, 120).unwrap();
    assert_eq!(back, expected);
    let err = error::<NaiveDateTime>(r#""2024-01-02""#);
    assert!(
        err.message().starts_with(r#"expected an ISO 8601 date and time, found "2024-01-02": "#),
        "{err}"
    );
}

#[test]
fn chrono_naive_date_time_round_trip() {
    // Written "2024-01-02 03:04:05.120"; reading that back fails with "input contains invalid
    // characters". chrono's serde writes (and jetwire reads) "2024-01-02T03:04:05.120".
    let t = NaiveDate::from_ymd_opt(2024, 1, 2).unwrap().and_hms_milli_opt(3, 4, 5, 120).unwrap();
    round_trip(&t, r#""2024-01-02T03:04:05.120""#);
}

// ---- time ----------------------------------------------------------------------------------------

#[test]
fn time_offset_date_time_and_date() {
    let date = Date::from_calendar_date(2024, Month::January, 2).unwrap();
    round_trip(&date.with_hms(3, 4, 5).unwrap().assume_utc(), r#""2024-01-02T03:04:05Z""#);
    round_trip(&date.with_hms_milli(3, 4, 5, 500).unwrap().assume_utc(), r#""2024-01-02T03:04:05.5Z""#);
    round_trip(
        &date.with_hms_nano(3, 4, 5, 123_456_789).unwrap().assume_utc(),
        r#""2024-01-02T03:04:05.123456789Z""#,
    );
    let offset = UtcOffset::from_hms(-5, -30, 0).unwrap();
    round_trip(&date.with_hms(3, 4, 5).unwrap().assume_offset(offset), r#""2024-01-02T03:04:05-05:30""#);
    round_trip(&OffsetDateTime::UNIX_EPOCH, r#""1970-01-01T00:00:00Z""#);
    // The offset read is kept.
    let back: OffsetDateTime = json::from_str(r#""2024-01-02T03:04:05+01:00""#).unwrap();
    assert_eq!(back.offset(), UtcOffset::from_hms(1, 0, 0).unwrap());

    round_trip(&date, r#""2024-01-02""#);
    round_trip(&Date::from_calendar_date(2024, Month::February, 29).unwrap(), r#""2024-02-29""#);
    round_trip(&Date::from_calendar_date(9999, Month::December, 31).unwrap(), r#""9999-12-31""#);

    let err = error::<Date>(r#""2024-02-30""#);
    assert_eq!(
        err.to_string(),
        r#"expected an ISO 8601 date, found "2024-02-30": day must be in the range 1..=29 for the given month and year at line 1, column 13 (byte 12)"#
    );
    let err = error::<OffsetDateTime>(r#""2024-01-02T03:04:05""#);
    assert!(err.message().starts_with(r#"expected an RFC 3339 timestamp, found "2024-01-02T03:04:05": "#));
    assert_eq!(err.category(), Category::Data);
    let err = error::<OffsetDateTime>("0");
    assert_eq!(err.message(), "expected a string, found the number 0");

    // What RFC 3339 cannot hold is refused on write, with a message.
    let seconds = UtcOffset::from_hms(1, 0, 30).unwrap();
    let err = json::to_string(&date.with_hms(3, 4, 5).unwrap().assume_offset(seconds)).unwrap_err();
    assert!(err.message().starts_with("cannot write 2024-01-02 3:04:05.0 +01:00:30 as RFC 3339: "), "{err}");
    assert_eq!(err.category(), Category::Data);
    let err = json::to_string(&Date::MIN.midnight().assume_utc()).unwrap_err();
    assert!(err.message().starts_with("cannot write -9999-01-01 0:00:00.0 +00:00:00 as RFC 3339: "), "{err}");
    let err = json::to_string(&Date::MIN).unwrap_err();
    assert!(err.message().starts_with("cannot write -9999-01-01: "), "{err}");
}

// ---- rust_decimal --------------------------------------------------------------------------------

fn dec(text: &str) -> Decimal {
    Decimal::from_str_exact(text).unwrap()
}

#[test]
fn decimals_are_exact_json_numbers() {
    round_trip(&dec("12.50"), "12.50");
    round_trip(&dec("0"), "0");
    round_trip(&dec("0.0"), "0.0");
    round_trip(&dec("-1.5"), "-1.5");
    round_trip(&Decimal::MAX, "79228162514264337593543950335");
    round_trip(&Decimal::MIN, "-79228162514264337593543950335");
    round_trip(&dec("0.0000000000000000000000000001"), "0.0000000000000000000000000001");
    round_trip(&dec("-7.9228162514264337593543950335"), "-7.9228162514264337593543950335");
    round_trip(&dec("3.1415926535897932384626433832"), "3.1415926535897932384626433832");
    // The scale is kept exactly: 12.50 is not 12.5 on the wire.
    let text = json::to_string(&vec![dec("12.5"), dec("12.50"), dec("12.500")]).unwrap();
    assert_eq!(text, "[12.5,12.50,12.500]");
    // In pretty output, and through an io::Write.
    assert_eq!(json::to_string_pretty(&vec![dec("1.10")]).unwrap(), "[\n  1.10\n]");
    let mut sink = Vec::new();
    json::to_io_writer(&mut sink, &(dec("1.10"), Decimal::MIN)).unwrap();
    assert_eq!(sink, b"[1.10,-79228162514264337593543950335]");
    // Exponents are read exactly.
    for (text, expected) in [
        ("1e3", "1000"),
        ("1E3", "1000"),
        ("2.50e1", "25.0"),
        ("1.5e-3", "0.0015"),
        ("1e-28", "0.0000000000000000000000000001"),
        ("1e28", "10000000000000000000000000000"),
        ("-0", "0"),
    ] {
        let back: Decimal = json::from_str(text).unwrap();
        assert_eq!(back, dec(expected), "{text}");
        assert_eq!(json::to_string(&back).unwrap(), expected, "{text}");
    }
}

#[test]
fn decimals_that_do_not_fit() {
    let err = error::<Decimal>("1e40");
    assert_eq!(
        err.to_string(),
        "number `1e40` does not fit a Decimal exactly: Scale exceeds the maximum precision allowed: 40 > 28 \
         at line 1, column 5 (byte 4)"
    );
    assert_eq!(err.category(), Category::Data);
    let err = error::<Decimal>("79228162514264337593543950336");
    assert!(
        err.message().starts_with("number `79228162514264337593543950336` does not fit a Decimal exactly: ")
    );
    // More digits than a Decimal holds is an error, never a silent rounding.
    let err = error::<Decimal>("0.00000000000000000000000000001");
    assert!(
        err.message()
            .starts_with("number `0.00000000000000000000000000001` does not fit a Decimal exactly: ")
    );
    let err = error::<Decimal>("0.12345678901234567890123456789");
    assert!(err.message().starts_with("number `0.12345678901234567890123456789` does not fit a Decimal"));
    // A string is not a number.
    let err = error::<Decimal>(r#""12.50""#);
    assert_eq!(err.to_string(), "expected a number, found the string \"12.50\" at line 1, column 1 (byte 0)");
    let err = error::<Vec<Decimal>>("[1, null]");
    assert_eq!((err.message(), err.path()), ("expected a number, found null", "/1"));
}

// ---- bytes -------------------------------------------------------------------------------------------

#[test]
fn bytes_as_base64() {
    round_trip(&Bytes::from_static(&[0xDE, 0xAD, 0xBE, 0xEF]), r#""3q2+7w==""#);
    round_trip(&Bytes::new(), r#""""#);
    round_trip(&BytesMut::from(&b"jetwire"[..]), r#""amV0d2lyZQ==""#);
    let all: Bytes = (0..=255u8).collect();
    let back: Bytes = json::from_slice(&json::to_vec(&all).unwrap()).unwrap();
    assert_eq!(back, all);
    let err = error::<Bytes>(r#""not base64!""#);
    assert!(err.message().starts_with("expected base64, found a string that is not: "), "{err}");
    assert_eq!((err.offset(), err.category()), (0, Category::Data));
    let err = error::<BytesMut>("[1, 2]");
    assert_eq!(err.message(), "expected a string, found an array");

    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Frame {
        #[jetwire(base64)]
        payload: Bytes,
        #[jetwire(base64)]
        extra: Option<Bytes>,
        plain: Bytes,
    }
    let frame =
        Frame { payload: Bytes::from_static(b"\x00\x01\x02"), extra: None, plain: Bytes::from_static(b"hi") };
    round_trip(&frame, r#"{"payload":"AAEC","extra":null,"plain":"aGk="}"#);
    let back: Frame = json::from_str(r#"{"payload": "", "plain": ""}"#).unwrap();
    assert_eq!(back, Frame { payload: Bytes::new(), extra: None, plain: Bytes::new() });
    let err = error::<Frame>(r#"{"payload": "@@", "plain": ""}"#);
    assert_eq!(err.path(), "/payload");
}

// ---- indexmap ----------------------------------------------------------------------------------------

#[test]
fn index_map_keeps_document_order() {
    let text = r#"{"zebra":1,"apple":2,"mango":3,"":4}"#;
    let map: IndexMap<String, u8> = json::from_str(text).unwrap();
    assert_eq!(map.keys().collect::<Vec<_>>(), ["zebra", "apple", "mango", ""]);
    assert_eq!(json::to_string(&map).unwrap(), text);
    round_trip(&map, text);
    // Integer and borrowed keys.
    let map: IndexMap<i32, Vec<bool>> = json::from_str(r#"{"3": [true], "-1": [], "2": [false]}"#).unwrap();
    assert_eq!(map.keys().copied().collect::<Vec<_>>(), [3, -1, 2]);
    round_trip(&map, r#"{"3":[true],"-1":[],"2":[false]}"#);
    let input = br#"{"b": 1, "a": 2}"#;
    let map: IndexMap<&str, u8> = json::from_slice(input).unwrap();
    assert_eq!(map.into_iter().collect::<Vec<_>>(), [("b", 1), ("a", 2)]);
    // A repeated key keeps its first position and takes the last value.
    let map: IndexMap<String, u8> = json::from_str(r#"{"z": 1, "a": 2, "z": 3}"#).unwrap();
    assert_eq!(json::to_string(&map).unwrap(), r#"{"z":3,"a":2}"#);
    let err = error::<IndexMap<u8, u8>>(r#"{"1": 1, "x": 2}"#);
    assert_eq!((err.message(), err.path()), (r#"expected a property name holding u8, found "x""#, "/x"));
    let err = error::<IndexMap<String, u8>>(r#"{"a": 1, "b": -1}"#);
    assert_eq!((err.message(), err.path()), ("number `-1` is out of range for u8", "/b"));
}

#[test]
fn index_set_keeps_document_order() {
    let set: IndexSet<String> = json::from_str(r#"["c", "a", "b", "a"]"#).unwrap();
    assert_eq!(set.iter().collect::<Vec<_>>(), ["c", "a", "b"]);
    round_trip(&set, r#"["c","a","b"]"#);
    round_trip(&IndexSet::<u8>::new(), "[]");
    let err = error::<IndexSet<u8>>("[1, 2, 3.5]");
    assert_eq!((err.message(), err.path()), ("expected an integer (u8), found `3.5`", "/2"));
}

// ---- all of them in one derived type ------------------------------------------------------------

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(rename_all = "camelCase")]
struct Invoice {
    id: Uuid,
    issued_at: DateTime<Utc>,
    due: NaiveDate,
    paid_at: Option<OffsetDateTime>,
    total: Decimal,
    #[jetwire(base64)]
    signature: Bytes,
    amounts: IndexMap<String, Decimal>,
}

#[test]
fn everything_in_one_struct() {
    let invoice = Invoice {
        id: Uuid::parse_str(UUID).unwrap(),
        issued_at: utc(2024, 1, 2, 3, 4, 5, 6_000_000),
        due: NaiveDate::from_ymd_opt(2024, 2, 1).unwrap(),
        paid_at: None,
        total: Decimal::from_str("100.10").unwrap(),
        signature: Bytes::from_static(b"sig"),
        amounts: IndexMap::from([("widgets".to_owned(), dec("90.00")), ("tax".to_owned(), dec("10.10"))]),
    };
    round_trip(
        &invoice,
        r#"{"id":"67e55044-10b1-426f-9247-bb680e5fe0c8","issuedAt":"2024-01-02T03:04:05.006Z","due":"2024-02-01","paidAt":null,"total":100.10,"signature":"c2ln","amounts":{"widgets":90.00,"tax":10.10}}"#,
    );
    let pretty = json::to_string_pretty(&invoice).unwrap();
    assert_eq!(json::from_str::<Invoice>(&pretty).unwrap(), invoice);
    let err = error::<Invoice>(
        r#"{"id":"67e55044-10b1-426f-9247-bb680e5fe0c8","issuedAt":"2024-01-02T03:04:05Z","due":"2024-02-01","total":1,"signature":"","amounts":{"widgets":"9"}}"#,
    );
    assert_eq!(
        (err.message(), err.path()),
        ("expected a number, found the string \"9\"", "/amounts/widgets")
    );
}

#[test]
fn large_values_through_io_writers_and_pretty_output() {
    // Values written straight into the output buffer (decimals, UUIDs, base64) cross the
    // buffer's flush points intact.
    let decimals: Vec<Decimal> =
        (0..20_000i64).map(|i| Decimal::new(i * 1_000_003 - 7, (i % 29) as u32)).collect();
    let ids: Vec<Uuid> =
        (0..5_000u128).map(|i| Uuid::from_u128(i.wrapping_mul(0x1234_5678_90ab_cdef_u128))).collect();
    let blobs: Vec<Bytes> = (0..3_000usize).map(|i| Bytes::from(vec![i as u8; i % 50])).collect();
    let big = Bytes::from(vec![7u8; 100_000]);
    let value = (decimals, ids, blobs, big);
    let mut sink = Vec::new();
    json::to_io_writer(&mut sink, &value).unwrap();
    assert_eq!(sink, json::to_vec(&value).unwrap());
    let back: (Vec<Decimal>, Vec<Uuid>, Vec<Bytes>, Bytes) = json::from_slice(&sink).unwrap();
    assert_eq!(back, value);

    let map = IndexMap::from([("d", dec("10.50"))]);
    assert_eq!(json::to_string_pretty(&map).unwrap(), "{\n  \"d\": 10.50\n}");
    let map = IndexMap::from([(1u8, Bytes::from_static(&[1, 2]))]);
    assert_eq!(json::to_string_pretty(&map).unwrap(), "{\n  \"1\": \"AQI=\"\n}");
}
