//! The writer: structural validation, pretty output, escaping modes, raw values, base64,
//! reserve-then-commit, reuse without allocation, and `io::Write` output.

#[path = "common/counting.rs"]
mod counting;

use counting::allocations_in;
use jetwire_json::{Category, Indent, IoOutput, Reader, WriteOptions, Writer};
use proptest::prelude::*;

// ---- helpers --------------------------------------------------------------------------------------

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).expect("UTF-8 output")
}

fn options(indent: Option<Indent>) -> WriteOptions {
    WriteOptions { indent, ..WriteOptions::default() }
}

/// `{"a":[1,{"b":null},[]],"c":{},"d":"x"}`, written with calls.
fn write_sample<O: jetwire_json::Output>(writer: &mut Writer<O>) -> jetwire_json::Result<()> {
    writer.begin_object()?;
    writer.property_name("a")?;
    writer.begin_array()?;
    writer.u32(1)?;
    writer.begin_object()?;
    writer.property_name("b")?;
    writer.null()?;
    writer.end_object()?;
    writer.begin_array()?;
    writer.end_array()?;
    writer.end_array()?;
    writer.property_name("c")?;
    writer.begin_object()?;
    writer.end_object()?;
    writer.property_name("d")?;
    writer.string("x")?;
    writer.end_object()?;
    writer.finish()
}

fn assert_misuse(result: jetwire_json::Result<()>, message: &str) {
    let err = result.expect_err(message);
    assert_eq!(err.category(), Category::Syntax);
    assert_eq!(err.message(), format!("invalid JSON structure: {message}"));
    assert_eq!((err.offset(), err.line(), err.column()), (0, 0, 0), "a writer's error has no position");
}

// ---- structural validation ------------------------------------------------------------------------

#[test]
fn a_value_where_a_property_name_is_due_is_refused() {
    let mut writer = Writer::new();
    writer.begin_object().unwrap();
    assert_misuse(writer.string("x"), "a value where a property name is due");
    assert_misuse(writer.u32(1), "a value where a property name is due");
    assert_misuse(writer.begin_array(), "a value where a property name is due");
    writer.property_name("k").unwrap();
    writer.u32(1).unwrap();
    assert_misuse(writer.null(), "a value where a property name is due");
    // Nothing was written by the refused calls, and the writer carries on.
    writer.end_object().unwrap();
    writer.finish().unwrap();
    assert_eq!(writer.as_bytes(), br#"{"k":1}"#);
}

#[test]
fn unbalanced_ends_are_refused() {
    let mut writer = Writer::new();
    writer.begin_array().unwrap();
    assert_misuse(writer.end_object(), "`}` without an open object");
    writer.u8(1).unwrap();
    assert_misuse(writer.end_object(), "`}` without an open object");
    writer.end_array().unwrap();
    assert_misuse(writer.end_array(), "`]` without an open array");
    assert_eq!(writer.as_bytes(), b"[1]");

    let mut writer = Writer::new();
    writer.begin_object().unwrap();
    assert_misuse(writer.end_array(), "`]` without an open array");
    writer.property_name("k").unwrap();
    assert_misuse(writer.end_object(), "an end where the property's value is due");
    assert_misuse(
        writer.property_name("again"),
        "a property name outside an object, or where a value is due",
    );
    writer.bool(false).unwrap();
    writer.end_object().unwrap();
    assert_eq!(writer.as_bytes(), br#"{"k":false}"#);

    let mut writer = Writer::new();
    assert_misuse(writer.end_array(), "`]` without an open array");
    assert_misuse(writer.property_name("top"), "a property name outside an object, or where a value is due");
    writer.begin_array().unwrap();
    assert_misuse(
        writer.property_name("in array"),
        "a property name outside an object, or where a value is due",
    );
}

#[test]
fn a_second_top_level_value_is_refused() {
    let mut writer = Writer::new();
    writer.u64(1).unwrap();
    assert_misuse(writer.u64(2), "a second top-level value");
    assert_misuse(writer.begin_object(), "a second top-level value");
    assert!(writer.reserve_value(4).is_err());
    assert_eq!(writer.as_bytes(), b"1");
    writer.finish().unwrap();
}

#[test]
fn finish_refuses_an_incomplete_document() {
    let mut writer = Writer::new();
    assert_misuse(writer.finish(), "the JSON value is not complete");
    writer.begin_array().unwrap();
    assert_misuse(writer.finish(), "the JSON value is not complete");
    writer.begin_object().unwrap();
    writer.property_name("a").unwrap();
    assert_misuse(writer.finish(), "the JSON value is not complete");
    writer.null().unwrap();
    writer.end_object().unwrap();
    assert_misuse(writer.finish(), "the JSON value is not complete");
    writer.end_array().unwrap();
    writer.finish().unwrap();
    assert_eq!(writer.as_bytes(), br#"[{"a":null}]"#);
}

#[test]
fn skip_validation_lets_misuse_through() {
    let unchecked = WriteOptions { skip_validation: true, ..WriteOptions::default() };
    let mut writer = Writer::with_options(unchecked);
    writer.begin_object().unwrap();
    writer.string("no key").unwrap();
    writer.end_array().unwrap();
    writer.u8(2).unwrap();
    writer.finish().unwrap();
    assert_eq!(writer.as_bytes(), br#"{"no key"]2"#);

    let mut writer = Writer::with_options(unchecked);
    writer.begin_array().unwrap();
    writer.finish().unwrap();
    writer.raw_value(b"{oops").unwrap();
    writer.number_text("1.2.3").unwrap();
    writer.escaped_string(b"bad \\x").unwrap();
    assert_eq!(writer.as_bytes(), b"[{oops,1.2.3,\"bad \\x\"");
}

// ---- pretty output ---------------------------------------------------------------------------------

#[test]
fn compact_output_is_exact() {
    let mut writer = Writer::new();
    write_sample(&mut writer).unwrap();
    assert_eq!(text(writer.as_bytes()), r#"{"a":[1,{"b":null},[]],"c":{},"d":"x"}"#);
}

#[test]
fn pretty_output_with_two_spaces_is_exact() {
    let mut writer = Writer::with_options(options(Some(Indent::Spaces(2))));
    write_sample(&mut writer).unwrap();
    let expected = "{\n  \"a\": [\n    1,\n    {\n      \"b\": null\n    },\n    []\n  ],\n  \"c\": {},\n  \"d\": \"x\"\n}";
    assert_eq!(text(writer.as_bytes()), expected);
}

#[test]
fn pretty_output_with_four_spaces_is_exact() {
    let mut writer = Writer::with_options(options(Some(Indent::Spaces(4))));
    write_sample(&mut writer).unwrap();
    let expected = "{\n    \"a\": [\n        1,\n        {\n            \"b\": null\n        },\n        []\n    ],\n    \"c\": {},\n    \"d\": \"x\"\n}";
    assert_eq!(text(writer.as_bytes()), expected);
}

#[test]
fn pretty_output_with_tabs_is_exact() {
    let mut writer = Writer::with_options(options(Some(Indent::Tab)));
    write_sample(&mut writer).unwrap();
    let expected = "{\n\t\"a\": [\n\t\t1,\n\t\t{\n\t\t\t\"b\": null\n\t\t},\n\t\t[]\n\t],\n\t\"c\": {},\n\t\"d\": \"x\"\n}";
    assert_eq!(text(writer.as_bytes()), expected);
}

#[test]
fn empty_containers_stay_on_one_line() {
    for indent in [None, Some(Indent::Spaces(2)), Some(Indent::Spaces(4)), Some(Indent::Tab)] {
        for (begin_object, expected) in [(true, "{}"), (false, "[]")] {
            let mut writer = Writer::with_options(options(indent));
            if begin_object {
                writer.begin_object().unwrap();
                writer.end_object().unwrap();
            } else {
                writer.begin_array().unwrap();
                writer.end_array().unwrap();
            }
            writer.finish().unwrap();
            assert_eq!(text(writer.as_bytes()), expected, "{indent:?}");
        }
    }
    assert_eq!(jetwire_json::to_string_pretty(&Vec::<Vec<u8>>::from([vec![]])).unwrap(), "[\n  []\n]");
    let scalar = jetwire_json::to_string_pretty(&"top").unwrap();
    assert_eq!(scalar, "\"top\"", "a scalar document has no line breaks");
}

#[test]
fn pretty_output_reads_back_the_same() {
    for indent in [Some(Indent::Spaces(0)), Some(Indent::Spaces(3)), Some(Indent::Tab)] {
        let mut writer = Writer::with_options(options(indent));
        write_sample(&mut writer).unwrap();
        let pretty = writer.into_vec();
        let mut compact = Writer::new();
        write_sample(&mut compact).unwrap();
        assert_eq!(tokens(&pretty), tokens(compact.as_bytes()), "{indent:?}");
    }
}

fn tokens(json: &[u8]) -> Vec<String> {
    let mut reader = Reader::new(json);
    let mut out = Vec::new();
    while let Some(token) = reader.next_token().unwrap() {
        out.push(format!("{token:?}"));
    }
    out
}

// ---- escaping ----------------------------------------------------------------------------------------

fn written_string(value: &str, options: WriteOptions) -> String {
    let mut writer = Writer::with_options(options);
    writer.string(value).unwrap();
    String::from_utf8(writer.into_vec()).unwrap()
}

const ASCII_ONLY: WriteOptions =
    WriteOptions { indent: None, ascii_only: true, html_safe: false, skip_validation: false };
const HTML_SAFE: WriteOptions =
    WriteOptions { indent: None, ascii_only: false, html_safe: true, skip_validation: false };

#[test]
fn minimal_escaping_escapes_only_what_json_requires() {
    let minimal = WriteOptions::default();
    assert_eq!(written_string("plain", minimal), r#""plain""#);
    assert_eq!(written_string("q\"b\\s/", minimal), r#""q\"b\\s/""#);
    assert_eq!(written_string("\u{8}\u{c}\n\r\t", minimal), r#""\b\f\n\r\t""#);
    assert_eq!(written_string("\0\u{1}\u{1f}\u{7f}", minimal), "\"\\u0000\\u0001\\u001f\u{7f}\"");
    assert_eq!(written_string("é中😀<&>'\u{2028}", minimal), "\"é中😀<&>'\u{2028}\"");
    // Every control byte has an escape, and the whole output reads back.
    let controls: String = (0u8..0x20).map(char::from).collect();
    let written = written_string(&controls, minimal);
    assert!(written.bytes().all(|b| b >= 0x20));
    assert_eq!(Reader::new(written.as_bytes()).read_str().unwrap(), controls);
}

#[test]
fn ascii_only_escapes_everything_beyond_ascii_with_surrogate_pairs() {
    assert_eq!(written_string("café", ASCII_ONLY), r#""caf\u00e9""#);
    assert_eq!(written_string("中", ASCII_ONLY), r#""\u4e2d""#);
    assert_eq!(written_string("😀", ASCII_ONLY), r#""\ud83d\ude00""#);
    assert_eq!(written_string("\u{10FFFF}", ASCII_ONLY), r#""\udbff\udfff""#);
    assert_eq!(written_string("a\"\n\u{1}", ASCII_ONLY), r#""a\"\n\u0001""#);
    // Property names too.
    let mut writer = Writer::with_options(ASCII_ONLY);
    writer.begin_object().unwrap();
    writer.property_name("ключ").unwrap();
    writer.u8(1).unwrap();
    writer.end_object().unwrap();
    assert_eq!(text(writer.as_bytes()), r#"{"\u043a\u043b\u044e\u0447":1}"#);
    // Bytes that are not UTF-8 cannot be expressed in ASCII-only output.
    let err = Writer::with_options(ASCII_ONLY).string_bytes(b"ok\xFF").unwrap_err();
    assert_eq!(err.category(), Category::Data);
    assert_eq!(
        err.message(),
        "string has ill-formed UTF-8 at byte 2, which ASCII-only output cannot express"
    );
}

#[test]
fn html_safe_escapes_markup_and_line_separators() {
    assert_eq!(
        written_string("<script>a && 'b'</script>\u{2028}\u{2029}é", HTML_SAFE),
        "\"\\u003cscript\\u003ea \\u0026\\u0026 \\u0027b\\u0027\\u003c/script\\u003e\\u2028\\u2029é\""
    );
    let both = WriteOptions { ascii_only: true, ..HTML_SAFE };
    assert_eq!(written_string("<é>", both), r#""\u003c\u00e9\u003e""#);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn every_escaping_mode_reads_back_to_the_same_text(value in any::<String>()) {
        for (name, options) in [("minimal", WriteOptions::default()), ("ascii", ASCII_ONLY), ("html", HTML_SAFE)] {
            let written = written_string(&value, options);
            prop_assert_eq!(Reader::new(written.as_bytes()).read_str().unwrap(), value.as_str(), "{}", name);
            if options.ascii_only {
                prop_assert!(written.is_ascii());
            }
            if options.html_safe {
                let markup = ['<', '>', '&', '\'', '\u{2028}', '\u{2029}'];
                prop_assert!(!written.contains(markup), "{}", written);
            }
            // serde_json agrees on what the text is.
            let theirs: String = serde_json::from_str(&written).unwrap();
            prop_assert_eq!(&theirs, &value);
        }
    }

    /// Property names take a one-append path when the output is compact, the escaping minimal
    /// and the name short and plain: every name is spelled as the same text written as a
    /// string value (the general escaping), first in its object or after a member, in every
    /// mode, with and without indentation.
    #[test]
    fn property_names_are_escaped_as_string_values(
        first in "[a-z\"\\\u{1}\n é😀]{0,40}",
        second in any::<String>(),
    ) {
        let modes = [("minimal", WriteOptions::default()), ("ascii", ASCII_ONLY), ("html", HTML_SAFE)];
        for (name, mode) in modes {
            for indent in [None, Some(Indent::Spaces(2))] {
                let options = WriteOptions { indent, ..mode };
                let mut writer = Writer::with_options(options);
                writer.begin_object().unwrap();
                writer.property_name(&first).unwrap();
                writer.u8(1).unwrap();
                writer.property_name(&second).unwrap();
                writer.u8(2).unwrap();
                writer.end_object().unwrap();
                let compact = WriteOptions { indent: None, ..mode };
                let (a, b) = (written_string(&first, compact), written_string(&second, compact));
                let expected = match indent {
                    None => format!("{{{a}:1,{b}:2}}"),
                    Some(_) => format!("{{\n  {a}: 1,\n  {b}: 2\n}}"),
                };
                prop_assert_eq!(text(writer.as_bytes()), expected.as_str(), "{}", name);
            }
        }
    }

    #[test]
    fn base64_reads_back_to_the_same_bytes(bytes in prop::collection::vec(any::<u8>(), 0..100)) {
        let mut writer = Writer::new();
        writer.bytes_base64(&bytes).unwrap();
        let written = writer.into_vec();
        prop_assert_eq!(written.len(), 2 + bytes.len().div_ceil(3) * 4);
        prop_assert_eq!(Reader::new(&written).read_base64().unwrap(), bytes);
    }
}

#[test]
fn non_utf8_string_bytes_pass_through_unless_ascii_only() {
    let mut writer = Writer::new();
    writer.string_bytes(b"a\xFF\"b").unwrap();
    assert_eq!(writer.as_bytes(), b"\"a\xFF\\\"b\"");
    let mut writer = Writer::with_options(HTML_SAFE);
    writer.string_bytes(b"<\xC3>").unwrap();
    assert_eq!(writer.as_bytes(), b"\"\\u003c\xC3\\u003e\"");
}

#[test]
fn a_refused_string_leaves_the_output_unchanged() {
    let mut writer = Writer::with_options(ASCII_ONLY);
    writer.begin_array().unwrap();
    writer.u8(1).unwrap();
    assert!(writer.string_bytes(b"ok\xFF").is_err());
    assert_eq!(writer.as_bytes(), b"[1", "the refused call wrote something");
    writer.u8(2).unwrap();
    writer.end_array().unwrap();
    assert_eq!(writer.as_bytes(), b"[1,2]");
}

#[test]
fn escaped_strings_keep_their_escapes() {
    let mut writer = Writer::new();
    writer.begin_array().unwrap();
    writer.escaped_string(br"\ud800 \u00E9 \/ tab\t").unwrap();
    writer.end_array().unwrap();
    assert_eq!(writer.as_bytes(), br#"["\ud800 \u00E9 \/ tab\t"]"#);
    for bad in [&br#"bare " quote"#[..], br"bad \x", br"short \u00", b"control \x01", b"ends with \\"] {
        let err = Writer::new().escaped_string(bad).unwrap_err();
        assert_eq!(err.category(), Category::Syntax, "{}", String::from_utf8_lossy(bad));
    }
}

// ---- raw values, numbers, base64 ----------------------------------------------------------------------

#[test]
fn raw_values_are_validated() {
    let mut writer = Writer::new();
    writer.begin_array().unwrap();
    writer.raw_value(br#"{"pre" : [1, 2]}"#).unwrap();
    writer.raw_value(b" 3 ").unwrap();
    writer.raw_value(b"\"s\"").unwrap();
    for bad in [&b"{oops"[..], b"", b"1 2", b"[1,]", b"01", b"\"\\x\"", b"// c\n1", b"]"] {
        let err = writer.raw_value(bad).unwrap_err();
        assert!(
            matches!(err.category(), Category::Syntax | Category::Eof),
            "{}: {err}",
            String::from_utf8_lossy(bad)
        );
    }
    writer.end_array().unwrap();
    assert_eq!(writer.as_bytes(), br#"[{"pre" : [1, 2]}, 3 ,"s"]"#);
    // The nesting limit applies to raw values too.
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    assert_eq!(Writer::new().raw_value(deep.as_bytes()).unwrap_err().category(), Category::Limit);
}

#[test]
fn number_text_keeps_its_spelling_and_is_validated() {
    let mut writer = Writer::new();
    writer.begin_array().unwrap();
    for number in ["1.50e+02", "-0", "1E400", "123456789012345678901234567890", "0.000"] {
        writer.number_text(number).unwrap();
    }
    for bad in ["", "01", "1.", "+1", "NaN", "1e", " 1", "1 ", "0x10", "--1"] {
        let err = writer.number_text(bad).unwrap_err();
        assert_eq!(err.category(), Category::Data, "{bad:?}");
    }
    writer.end_array().unwrap();
    assert_eq!(text(writer.as_bytes()), "[1.50e+02,-0,1E400,123456789012345678901234567890,0.000]");
}

#[test]
fn integers_of_every_width() {
    let mut writer = Writer::new();
    writer.begin_array().unwrap();
    writer.u8(u8::MAX).unwrap();
    writer.i8(i8::MIN).unwrap();
    writer.u16(u16::MAX).unwrap();
    writer.i16(i16::MIN).unwrap();
    writer.u32(u32::MAX).unwrap();
    writer.i32(i32::MIN).unwrap();
    writer.u64(u64::MAX).unwrap();
    writer.i64(i64::MIN).unwrap();
    writer.u128(u128::MAX).unwrap();
    writer.i128(i128::MIN).unwrap();
    writer.usize(0).unwrap();
    writer.isize(-1).unwrap();
    writer.end_array().unwrap();
    let expected = format!(
        "[255,-128,65535,-32768,4294967295,-2147483648,{},{},{},{},0,-1]",
        u64::MAX,
        i64::MIN,
        u128::MAX,
        i128::MIN
    );
    assert_eq!(text(writer.as_bytes()), expected);
}

#[test]
fn bytes_base64_is_padded_standard_base64() {
    let mut writer = Writer::new();
    writer.begin_array().unwrap();
    for bytes in [&b""[..], b"\x00", b"\x00\x01", b"\x00\x01\x02", b"\xFB\xFF", b"hello"] {
        writer.bytes_base64(bytes).unwrap();
    }
    writer.end_array().unwrap();
    assert_eq!(text(writer.as_bytes()), r#"["","AA==","AAE=","AAEC","+/8=","aGVsbG8="]"#);
}

// ---- reserve then commit -------------------------------------------------------------------------------

#[test]
fn a_committed_slot_is_a_value() {
    let mut writer = Writer::new();
    writer.begin_array().unwrap();
    writer.u8(1).unwrap();
    let mut slot = writer.reserve_value(16).unwrap();
    assert_eq!(slot.buffer().len(), 16);
    slot.buffer()[..4].copy_from_slice(b"true");
    slot.commit(4);
    writer.u8(3).unwrap();
    writer.end_array().unwrap();
    writer.finish().unwrap();
    assert_eq!(writer.as_bytes(), b"[1,true,3]");

    let mut pretty = Writer::with_options(options(Some(Indent::Spaces(2))));
    pretty.begin_object().unwrap();
    pretty.property_name("k").unwrap();
    let mut slot = pretty.reserve_value(8).unwrap();
    slot.buffer()[..2].copy_from_slice(b"42");
    slot.commit(2);
    pretty.end_object().unwrap();
    assert_eq!(text(pretty.as_bytes()), "{\n  \"k\": 42\n}");
}

#[test]
fn a_dropped_slot_rolls_back() {
    for indent in [None, Some(Indent::Spaces(2))] {
        let mut writer = Writer::with_options(options(indent));
        writer.begin_array().unwrap();
        // Rolled back as the first element and as a later one (after a comma and indentation).
        drop(writer.reserve_value(8).unwrap());
        writer.u8(1).unwrap();
        let before = writer.as_bytes().to_vec();
        {
            let mut slot = writer.reserve_value(8).unwrap();
            slot.buffer()[0] = b'9';
        }
        assert_eq!(writer.as_bytes(), &before[..]);
        writer.u8(2).unwrap();
        writer.end_array().unwrap();
        writer.finish().unwrap();

        let mut expected = Writer::with_options(options(indent));
        expected.begin_array().unwrap();
        expected.u8(1).unwrap();
        expected.u8(2).unwrap();
        expected.end_array().unwrap();
        assert_eq!(writer.as_bytes(), expected.as_bytes(), "{indent:?}");
    }
    // A rolled-back top-level slot leaves room for the one value.
    let mut writer = Writer::new();
    drop(writer.reserve_value(4).unwrap());
    assert_misuse(writer.finish(), "the JSON value is not complete");
    writer.null().unwrap();
    writer.finish().unwrap();
    assert_eq!(writer.as_bytes(), b"null");
}

#[test]
fn a_slot_is_refused_where_no_value_may_stand() {
    let mut writer = Writer::new();
    writer.begin_object().unwrap();
    assert_eq!(writer.reserve_value(4).unwrap_err().category(), Category::Syntax);
    assert_eq!(writer.as_bytes(), b"{");
}

#[test]
#[should_panic(expected = "committed 5 bytes into a slot of 4")]
fn committing_more_than_reserved_panics() {
    let mut writer = Writer::new();
    writer.reserve_value(4).unwrap().commit(5);
}

// ---- reuse without allocation --------------------------------------------------------------------------

/// A document that uses most of the writer: nesting, names, strings that need escapes, floats,
/// integers, base64 and raw values.
fn write_document<O: jetwire_json::Output>(writer: &mut Writer<O>, rows: usize) {
    writer.begin_object().unwrap();
    writer.property_name("rows").unwrap();
    writer.begin_array().unwrap();
    for i in 0..rows {
        writer.begin_object().unwrap();
        writer.property_name("id").unwrap();
        writer.u64(i as u64 * 7919).unwrap();
        writer.property_name("name \"quoted\"").unwrap();
        writer.string("line\nbreak, tab\t, é and 😀").unwrap();
        writer.property_name("score").unwrap();
        writer.f64(i as f64 / 3.0).unwrap();
        writer.property_name("ratio").unwrap();
        writer.f32(i as f32 * 0.1).unwrap();
        writer.property_name("blob").unwrap();
        writer.bytes_base64(b"\x00\x01\x02\x03\x04").unwrap();
        writer.property_name("raw").unwrap();
        writer.raw_value(br#"{"x":[1,2,3]}"#).unwrap();
        writer.property_name("flags").unwrap();
        writer.begin_array().unwrap();
        writer.bool(i % 2 == 0).unwrap();
        writer.null().unwrap();
        writer.i64(-(i as i64)).unwrap();
        writer.end_array().unwrap();
        writer.end_object().unwrap();
    }
    writer.end_array().unwrap();
    writer.end_object().unwrap();
    writer.finish().unwrap();
}

#[test]
fn a_reset_writer_writes_again_without_allocating() {
    for indent in [None, Some(Indent::Spaces(2))] {
        let mut writer = Writer::with_options(options(indent));
        write_document(&mut writer, 50);
        let first = writer.as_bytes().to_vec();
        writer.reset();
        assert!(writer.as_bytes().is_empty());
        assert_eq!(writer.depth(), 0);
        let allocations = allocations_in(|| write_document(&mut writer, 50));
        assert_eq!(allocations, 0, "{indent:?}");
        assert_eq!(writer.as_bytes(), &first[..], "the same document again");
        // And once more, with a reset in between.
        writer.reset();
        assert_eq!(allocations_in(|| write_document(&mut writer, 50)), 0);
    }
}

#[test]
fn a_reused_vec_is_written_without_allocating() {
    let mut out = Vec::new();
    write_document(&mut Writer::appending_to(&mut out), 20);
    let first = out.clone();
    out.clear();
    let allocations = allocations_in(|| write_document(&mut Writer::appending_to(&mut out), 20));
    assert_eq!(allocations, 0);
    assert_eq!(out, first);
    // to_writer appends, without allocating once the Vec is large enough.
    let values: Vec<(u32, String, Option<f64>)> =
        (0..20).map(|i| (i, format!("v{i}"), Some(f64::from(i)))).collect();
    out.clear();
    jetwire_json::to_writer(&mut out, &values).unwrap();
    let once = out.clone();
    out.clear();
    assert_eq!(allocations_in(|| jetwire_json::to_writer(&mut out, &values).unwrap()), 0);
    assert_eq!(out, once);
}

#[test]
fn a_dom_value_is_written_into_a_reused_vec_without_allocating() {
    // Sixteen levels of nesting, the most a DOM write keeps in place.
    let json = format!(
        r#"[{{"rows":[{{"id":1,"tags":["a","b"],"n":null}},{{"id":2.5e3}}],"deep":{}7{}}}]"#,
        "[{\"k\":".repeat(7),
        "}]".repeat(7)
    );
    let value: jetwire_json::Value = jetwire_json::from_str(&json).unwrap();
    let mut out = Vec::new();
    jetwire_json::to_writer(&mut out, &value).unwrap();
    assert_eq!(text(&out), json);
    out.clear();
    assert_eq!(allocations_in(|| jetwire_json::to_writer(&mut out, &value).unwrap()), 0);
    assert_eq!(text(&out), json);
}

#[test]
fn a_dom_value_deeper_than_the_inline_levels_writes_whole() {
    for depth in [15, 16, 17, 40, 1000] {
        let json = "[".repeat(depth) + "{\"a\":true}" + &"]".repeat(depth);
        let options = jetwire_json::ReadOptions { max_depth: 2000, ..Default::default() };
        let value: jetwire_json::Value = jetwire_json::from_str_with(&json, options).unwrap();
        let out = jetwire_json::to_vec(&value).unwrap();
        assert_eq!(text(&out), json, "depth {depth}");
    }
}

#[test]
fn the_allocation_counter_counts() {
    // The check above is only meaningful if allocations are seen at all.
    let allocations = allocations_in(|| {
        let mut writer = Writer::new();
        write_document(&mut writer, 50);
        assert!(!writer.as_bytes().is_empty());
    });
    assert!(allocations > 0);
}

#[test]
fn a_reset_writer_writes_deep_documents_without_allocating() {
    let deep = |writer: &mut Writer| {
        for _ in 0..100 {
            writer.begin_array().unwrap();
        }
        for _ in 0..100 {
            writer.end_array().unwrap();
        }
        writer.finish().unwrap();
    };
    let mut writer = Writer::new();
    deep(&mut writer);
    writer.reset();
    assert_eq!(allocations_in(|| deep(&mut writer)), 0);
}

// ---- io output ---------------------------------------------------------------------------------------

/// An `io::Write` that records the size of every write.
#[derive(Default)]
struct Recording {
    bytes: Vec<u8>,
    writes: Vec<usize>,
    flushes: usize,
}

impl std::io::Write for Recording {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.bytes.extend_from_slice(buf);
        self.writes.push(buf.len());
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.flushes += 1;
        Ok(())
    }
}

#[test]
fn io_output_equals_in_memory_output() {
    for indent in [None, Some(Indent::Spaces(2))] {
        let mut in_memory = Writer::with_options(options(indent));
        write_document(&mut in_memory, 1500);
        let expected = in_memory.into_vec();
        assert!(expected.len() > 200_000, "{} bytes is not large", expected.len());

        let mut io = Writer::to_io(Vec::new(), options(indent));
        write_document(&mut io, 1500);
        let written = io.into_output().into_inner().unwrap();
        assert_eq!(written.len(), expected.len());
        assert!(written == expected, "io output differs from in-memory output ({indent:?})");

        // Handed on in large blocks, never token by token.
        let mut io = Writer::to_io(Recording::default(), options(indent));
        write_document(&mut io, 1500);
        let recording = io.into_output();
        let recording = recording.get_ref();
        assert_eq!(recording.bytes, expected);
        assert!(recording.writes.len() >= 3, "{} writes", recording.writes.len());
        let (last, blocks) = recording.writes.split_last().unwrap();
        assert!(blocks.iter().all(|&n| n >= IoOutput::<Vec<u8>>::BLOCK), "{:?}", recording.writes);
        assert!(*last > 0);
    }
}

#[test]
fn io_output_is_flushed_by_finish() {
    let mut writer = Writer::to_io(Recording::default(), WriteOptions::default());
    writer.begin_array().unwrap();
    writer.string("small").unwrap();
    writer.end_array().unwrap();
    assert!(writer.output().get_ref().bytes.is_empty(), "a small document stays buffered");
    assert_eq!(writer.as_bytes(), br#"["small"]"#);
    writer.finish().unwrap();
    assert_eq!(writer.output().get_ref().bytes, br#"["small"]"#);
    assert!(writer.as_bytes().is_empty());
}

#[test]
fn io_errors_are_io_errors() {
    struct Broken;
    impl std::io::Write for Broken {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut writer = Writer::to_io(Broken, WriteOptions::default());
    writer.null().unwrap();
    let err = writer.finish().unwrap_err();
    assert_eq!(err.category(), Category::Io);
    assert!(err.to_string().contains("disk on fire"), "{err}");
    let err = jetwire_json::to_io_writer(Broken, &vec![1u8; 10]).unwrap_err();
    assert_eq!(err.category(), Category::Io);
}

// ---- runs of compact scalars -----------------------------------------------------------------------

/// `T` written through its own `to_json` but without a compact text: slices of it go element by
/// element, the reference for the compact runs.
struct ElementByElement<'a, T>(&'a T);

impl<T: jetwire_json::ToJson> jetwire_json::ToJson for ElementByElement<'_, T> {
    fn to_json<O: jetwire_json::Output>(&self, writer: &mut Writer<O>) -> jetwire_json::Result<()> {
        self.0.to_json(writer)
    }
}

/// The bytes (or the error's message) of `items` written as a slice, compactly, into a `Vec`
/// that already holds `prefix`, and the same through an `io::Write`: first with the slice's own
/// compact runs, then element by element.
fn slice_outputs<T: jetwire_json::ToJson>(items: &[T], prefix: &[u8]) -> [Result<Vec<u8>, String>; 3] {
    let reference: Vec<ElementByElement<'_, T>> = items.iter().map(ElementByElement).collect();
    let mut compact = prefix.to_vec();
    let compact = jetwire_json::to_writer(&mut compact, &(items, 7u8)).map(|()| compact);
    let mut streamed = prefix.to_vec();
    let streamed = jetwire_json::to_io_writer(&mut streamed, &(items, 7u8)).map(|()| streamed);
    let mut generic = prefix.to_vec();
    let generic = jetwire_json::to_writer(&mut generic, &(&reference[..], 7u8)).map(|()| generic);
    [compact, streamed, generic].map(|result| result.map_err(|err| err.message().to_owned()))
}

proptest! {
    /// Slices of numbers, booleans and tuples of them, long and short, with and without
    /// non-finite floats (an error at the same place): the compact runs write exactly what
    /// element-by-element writing does, into a `Vec` and into an `io::Write`.
    #[test]
    fn compact_runs_write_what_elements_write(
        floats in prop::collection::vec(prop_oneof![
            8 => any::<f64>().prop_filter("finite", |v| v.is_finite()),
            1 => Just(f64::NAN),
            1 => Just(f64::INFINITY),
            1 => Just(-0.0),
        ], 0..700),
        integers in prop::collection::vec(any::<i64>(), 0..600),
        small in prop::collection::vec((any::<u8>(), any::<bool>(), any::<i16>()), 0..300),
        wide in prop::collection::vec(any::<u128>(), 0..40),
        prefix in prop::collection::vec(any::<u8>(), 0..3),
    ) {
        let pairs: Vec<(f64, u32)> = floats.iter().zip(&integers).map(|(&f, &i)| (f, i as u32)).collect();
        let singles: Vec<f32> = floats.iter().map(|&f| f as f32).collect();
        let check = |outputs: [Result<Vec<u8>, String>; 3]| {
            let [compact, streamed, generic] = outputs;
            prop_assert_eq!(&compact, &generic);
            prop_assert_eq!(&streamed, &generic);
            Ok(())
        };
        check(slice_outputs(&floats, &prefix))?;
        check(slice_outputs(&singles, &prefix))?;
        check(slice_outputs(&integers, &prefix))?;
        check(slice_outputs(&pairs, &prefix))?;
        check(slice_outputs(&small, &prefix))?;
        check(slice_outputs(&wide, &prefix))?;
    }
}

#[test]
fn compact_runs_cover_every_boundary_and_extreme() {
    for len in [0usize, 1, 2, 255, 256, 257, 512, 513] {
        let extremes: Vec<(i128, u128, f64)> = (0..len)
            .map(
                |i| if i % 2 == 0 { (i128::MIN, u128::MAX, -1.7976931348623157e308) } else { (0, 0, 5e-324) },
            )
            .collect();
        let [compact, streamed, generic] = slice_outputs(&extremes, b"");
        assert_eq!(compact, generic, "len {len}");
        assert_eq!(streamed, generic, "len {len}");
        // A non-finite float at every place of a run's edges.
        for at in [0, len / 2, len.saturating_sub(1)] {
            let mut floats = vec![1.5f64; len];
            if let Some(slot) = floats.get_mut(at) {
                *slot = f64::NAN;
            }
            let [compact, streamed, generic] = slice_outputs(&floats, b"[");
            assert_eq!(compact, generic, "len {len} NaN at {at}");
            assert_eq!(streamed, generic, "len {len} NaN at {at}");
        }
    }
    let text = jetwire_json::to_string(&vec![(1u8, true), (2, false)]).unwrap();
    assert_eq!(text, "[[1,true],[2,false]]");
    let pretty = jetwire_json::to_string_pretty(&vec![1.5f64, 2.0]).unwrap();
    assert_eq!(pretty, "[\n  1.5,\n  2.0\n]");
}
