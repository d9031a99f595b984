//! JSONTestSuite conformance: every `y_` case accepted, every `n_` case rejected, and each `i_`
//! (implementation-defined) case with the outcome documented in `docs/conformance.md`.

mod common;

use common::{compare_with_serde, parse, skip_all, suite_files, tokens_all};
use jetwire_json::{Category, ReadOptions, Reader, Token};

const Y_COUNT: usize = 95;
const N_COUNT: usize = 188;
const I_COUNT: usize = 35;

fn strict() -> ReadOptions {
    ReadOptions::default()
}

#[test]
fn the_suite_is_complete() {
    assert_eq!(suite_files("y_").len(), Y_COUNT, "y_ files in {}", common::SUITE_DIR);
    assert_eq!(suite_files("n_").len(), N_COUNT, "n_ files in {}", common::SUITE_DIR);
    assert_eq!(suite_files("i_").len(), I_COUNT, "i_ files in {}", common::SUITE_DIR);
}

#[test]
fn every_y_case_is_accepted_by_skip_value() {
    let files = suite_files("y_");
    assert_eq!(files.len(), Y_COUNT);
    let failures: Vec<String> = files
        .iter()
        .filter_map(|(name, bytes)| skip_all(bytes, strict()).err().map(|err| format!("{name}: {err}")))
        .collect();
    assert!(failures.is_empty(), "rejected y_ cases:\n{}", failures.join("\n"));
}

#[test]
fn every_y_case_is_accepted_token_by_token() {
    let files = suite_files("y_");
    assert_eq!(files.len(), Y_COUNT);
    for (name, bytes) in &files {
        let count = tokens_all(bytes, strict()).unwrap_or_else(|err| panic!("{name}: {err}"));
        assert!(count >= 1, "{name}: no tokens");
    }
}

#[test]
fn every_y_case_is_accepted_by_raw_value_whole() {
    for (name, bytes) in suite_files("y_") {
        let mut reader = Reader::new(&bytes);
        let raw = reader.raw_value().unwrap_or_else(|err| panic!("{name}: {err}"));
        reader.finish().unwrap_or_else(|err| panic!("{name}: {err}"));
        // The raw value is the document without its surrounding whitespace.
        let trimmed = bytes.trim_ascii();
        assert_eq!(raw, trimmed, "{name}");
    }
}

#[test]
fn every_y_case_parses_to_what_serde_json_parses() {
    let files = suite_files("y_");
    assert_eq!(files.len(), Y_COUNT);
    for (name, bytes) in &files {
        let parsed = parse(bytes, strict()).unwrap_or_else(|err| panic!("{name}: {err}"));
        let value: serde_json::Value =
            serde_json::from_slice(bytes).unwrap_or_else(|err| panic!("{name}: serde_json: {err}"));
        if let Err(difference) = compare_with_serde(&parsed.dom, &value, "") {
            panic!("{name}: {difference}");
        }
    }
}

#[test]
fn every_n_case_is_rejected_by_skip_value() {
    let files = suite_files("n_");
    assert_eq!(files.len(), N_COUNT);
    let accepted: Vec<&str> = files
        .iter()
        .filter(|(_, bytes)| skip_all(bytes, strict()).is_ok())
        .map(|(name, _)| name.as_str())
        .collect();
    assert!(accepted.is_empty(), "accepted n_ cases: {accepted:?}");
}

#[test]
fn every_n_case_is_rejected_token_by_token() {
    let files = suite_files("n_");
    assert_eq!(files.len(), N_COUNT);
    let accepted: Vec<&str> = files
        .iter()
        .filter(|(_, bytes)| tokens_all(bytes, strict()).is_ok())
        .map(|(name, _)| name.as_str())
        .collect();
    assert!(accepted.is_empty(), "accepted n_ cases: {accepted:?}");
}

#[test]
fn skip_value_and_next_token_reject_n_cases_at_the_same_place() {
    for (name, bytes) in suite_files("n_") {
        let by_skip = skip_all(&bytes, strict()).unwrap_err();
        let by_tokens = tokens_all(&bytes, strict()).unwrap_err();
        assert_eq!(
            (by_skip.category(), by_skip.offset(), by_skip.message()),
            (by_tokens.category(), by_tokens.offset(), by_tokens.message()),
            "{name}"
        );
        assert!(by_skip.line() >= 1 && by_skip.column() >= 1, "{name}: {by_skip}");
    }
}

/// What jetwire does with an `i_` case, as documented in docs/conformance.md.
#[derive(Debug)]
enum Outcome {
    /// Accepted; the value it holds reads as described.
    Accept(Read),
    /// Rejected with this category, message and byte offset.
    Reject(Category, &'static str, usize),
}

/// What the one scalar in an accepted `i_` case reads as.
#[derive(Debug)]
enum Read {
    /// A number: `read_f64` (`None`: an out-of-range error) and `read_i128` (`None`: an error);
    /// `read_i64` is an error for all of them.
    Number { f64: Option<f64>, i128: Option<i128> },
    /// A string (or, for an object, its one key): `read_str`, and `decoded_bytes`.
    String { text: &'static str, bytes: &'static [u8] },
}

use Outcome::{Accept, Reject};
use Read::{Number, String as Str};

const R: &str = "\u{FFFD}";

/// Every `i_` case: file, outcome, and the one-line reason that docs/conformance.md gives.
#[rustfmt::skip]
const I_CASES: [(&str, Outcome, &str); I_COUNT] = [
    ("i_number_double_huge_neg_exp.json", Accept(Number { f64: Some(0.0), i128: None }), "valid grammar; underflow reads as 0"),
    ("i_number_huge_exp.json", Accept(Number { f64: None, i128: None }), "valid grammar; read_f64 errors on overflow"),
    ("i_number_neg_int_huge_exp.json", Accept(Number { f64: None, i128: None }), "valid grammar; read_f64 errors on overflow"),
    ("i_number_pos_double_huge_exp.json", Accept(Number { f64: None, i128: None }), "valid grammar; read_f64 errors on overflow"),
    ("i_number_real_neg_overflow.json", Accept(Number { f64: None, i128: None }), "valid grammar; read_f64 errors on overflow"),
    ("i_number_real_pos_overflow.json", Accept(Number { f64: None, i128: None }), "valid grammar; read_f64 errors on overflow"),
    ("i_number_real_underflow.json", Accept(Number { f64: Some(0.0), i128: None }), "valid grammar; underflow reads as 0"),
    ("i_number_too_big_neg_int.json", Accept(Number { f64: Some(-1.2312312312312312e29), i128: Some(-123123123123123123123123123123) }), "valid grammar; read_i64 errors, i128 and f64 fit"),
    ("i_number_too_big_pos_int.json", Accept(Number { f64: Some(1e20), i128: Some(100000000000000000000) }), "valid grammar; read_i64 errors, i128 and f64 fit"),
    ("i_number_very_big_negative_int.json", Accept(Number { f64: Some(-2.374623746732769e47), i128: None }), "valid grammar; integer reads error, f64 rounds"),
    ("i_object_key_lone_2nd_surrogate.json", Accept(Str { text: R, bytes: b"\xED\xBE\xAA" }), "lexical policy: lone surrogate escape accepted, U+FFFD as str"),
    ("i_string_1st_surrogate_but_2nd_missing.json", Accept(Str { text: R, bytes: b"\xED\xAB\x9A" }), "lexical policy: lone surrogate escape accepted, U+FFFD as str"),
    ("i_string_1st_valid_surrogate_2nd_invalid.json", Accept(Str { text: "\u{FFFD}\u{1234}", bytes: b"\xED\xA2\x88\xE1\x88\xB4" }), "lexical policy: lone surrogate escape accepted, U+FFFD as str"),
    ("i_string_UTF-16LE_with_BOM.json", Reject(Category::Syntax, "expected a value, found byte 0xFF", 0), "UTF-16 is not JSON text; a BOM is not whitespace"),
    ("i_string_UTF-8_invalid_sequence.json", Accept(Str { text: "\u{65E5}\u{448}\u{FFFD}", bytes: b"\xE6\x97\xA5\xD1\x88\xFA" }), "lexical policy: ill-formed UTF-8 accepted, U+FFFD as str"),
    ("i_string_UTF8_surrogate_U+D800.json", Accept(Str { text: "\u{FFFD}\u{FFFD}\u{FFFD}", bytes: b"\xED\xA0\x80" }), "lexical policy: ill-formed UTF-8 accepted, U+FFFD as str"),
    ("i_string_incomplete_surrogate_and_escape_valid.json", Accept(Str { text: "\u{FFFD}\n", bytes: b"\xED\xA0\x80\n" }), "lexical policy: lone surrogate escape accepted, U+FFFD as str"),
    ("i_string_incomplete_surrogate_pair.json", Accept(Str { text: "\u{FFFD}a", bytes: b"\xED\xB4\x9Ea" }), "lexical policy: lone surrogate escape accepted, U+FFFD as str"),
    ("i_string_incomplete_surrogates_escape_valid.json", Accept(Str { text: "\u{FFFD}\u{FFFD}\n", bytes: b"\xED\xA0\x80\xED\xA0\x80\n" }), "lexical policy: lone surrogate escapes accepted, U+FFFD as str"),
    ("i_string_invalid_lonely_surrogate.json", Accept(Str { text: R, bytes: b"\xED\xA0\x80" }), "lexical policy: lone surrogate escape accepted, U+FFFD as str"),
    ("i_string_invalid_surrogate.json", Accept(Str { text: "\u{FFFD}abc", bytes: b"\xED\xA0\x80abc" }), "lexical policy: lone surrogate escape accepted, U+FFFD as str"),
    ("i_string_invalid_utf-8.json", Accept(Str { text: R, bytes: b"\xFF" }), "lexical policy: ill-formed UTF-8 accepted, U+FFFD as str"),
    ("i_string_inverted_surrogates_U+1D11E.json", Accept(Str { text: "\u{FFFD}\u{FFFD}", bytes: b"\xED\xB4\x9E\xED\xA0\xB4" }), "lexical policy: lone surrogate escapes accepted, U+FFFD as str"),
    ("i_string_iso_latin_1.json", Accept(Str { text: R, bytes: b"\xE9" }), "lexical policy: ill-formed UTF-8 accepted, U+FFFD as str"),
    ("i_string_lone_second_surrogate.json", Accept(Str { text: R, bytes: b"\xED\xBE\xAA" }), "lexical policy: lone surrogate escape accepted, U+FFFD as str"),
    ("i_string_lone_utf8_continuation_byte.json", Accept(Str { text: R, bytes: b"\x81" }), "lexical policy: ill-formed UTF-8 accepted, U+FFFD as str"),
    ("i_string_not_in_unicode_range.json", Accept(Str { text: "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}", bytes: b"\xF4\xBF\xBF\xBF" }), "lexical policy: ill-formed UTF-8 accepted, U+FFFD as str"),
    ("i_string_overlong_sequence_2_bytes.json", Accept(Str { text: "\u{FFFD}\u{FFFD}", bytes: b"\xC0\xAF" }), "lexical policy: ill-formed UTF-8 accepted, U+FFFD as str"),
    ("i_string_overlong_sequence_6_bytes.json", Accept(Str { text: "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}", bytes: b"\xFC\x83\xBF\xBF\xBF\xBF" }), "lexical policy: ill-formed UTF-8 accepted, U+FFFD as str"),
    ("i_string_overlong_sequence_6_bytes_null.json", Accept(Str { text: "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}", bytes: b"\xFC\x80\x80\x80\x80\x80" }), "lexical policy: ill-formed UTF-8 accepted, U+FFFD as str"),
    ("i_string_truncated-utf-8.json", Accept(Str { text: "\u{FFFD}\u{FFFD}", bytes: b"\xE0\xFF" }), "lexical policy: ill-formed UTF-8 accepted, U+FFFD as str"),
    ("i_string_utf16BE_no_BOM.json", Reject(Category::Syntax, "expected a value, found control byte 0x00", 0), "UTF-16 is not JSON text: NUL bytes outside strings"),
    ("i_string_utf16LE_no_BOM.json", Reject(Category::Syntax, "expected a value, found control byte 0x00", 1), "UTF-16 is not JSON text: NUL bytes outside strings"),
    ("i_structure_500_nested_arrays.json", Reject(Category::Limit, "nesting deeper than the limit of 128", 128), "default max_depth is 128; accepted with max_depth >= 500"),
    ("i_structure_UTF-8_BOM_empty_object.json", Reject(Category::Syntax, "expected a value, found a byte-order mark (U+FEFF): JSON text must not start with one (strip it before reading)", 0), "a UTF-8 BOM is not whitespace: strip it before reading"),
];

/// Positions a reader on the one scalar of an `i_` case: `[scalar]`, or `{"key": 0}`'s key.
fn first_scalar_reader(bytes: &[u8]) -> Reader<'_> {
    let mut reader = Reader::new(bytes);
    if bytes.first() == Some(&b'[') {
        reader.begin_array().unwrap();
        assert!(reader.next_element().unwrap());
    }
    reader
}

#[test]
fn every_i_case_has_its_documented_outcome() {
    let files = suite_files("i_");
    assert_eq!(files.len(), I_COUNT);
    let names: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    let table: Vec<&str> = I_CASES.iter().map(|(name, _, _)| *name).collect();
    assert_eq!(names, table, "the i_ table lists exactly the i_ files, in order");

    for ((name, bytes), (_, outcome, _)) in files.iter().zip(&I_CASES) {
        let by_skip = skip_all(bytes, strict());
        let by_tokens = tokens_all(bytes, strict());
        match outcome {
            Reject(category, message, offset) => {
                for err in [by_skip.unwrap_err(), by_tokens.unwrap_err()] {
                    assert_eq!(
                        (err.category(), err.message(), err.offset()),
                        (*category, *message, *offset),
                        "{name}"
                    );
                }
            }
            Accept(read) => {
                by_skip.unwrap_or_else(|err| panic!("{name}: skip_value: {err}"));
                by_tokens.unwrap_or_else(|err| panic!("{name}: next_token: {err}"));
                check_read(name, bytes, read);
            }
        }
    }
}

fn check_read(name: &str, bytes: &[u8], read: &Read) {
    match read {
        Number { f64: expected_f64, i128: expected_i128 } => {
            let f64_result = first_scalar_reader(bytes).read_f64();
            match (expected_f64, &f64_result) {
                (Some(expected), Ok(value)) => assert_eq!(value.to_bits(), expected.to_bits(), "{name}"),
                (None, Err(err)) => {
                    assert_eq!(err.category(), Category::Data, "{name}");
                    assert!(err.message().ends_with("is out of range for f64"), "{name}: {err}");
                }
                _ => panic!("{name}: read_f64 gave {f64_result:?}, documented {expected_f64:?}"),
            }
            let i64_err = first_scalar_reader(bytes).read_i64().unwrap_err();
            assert_eq!(i64_err.category(), Category::Data, "{name}");
            let i128_result = first_scalar_reader(bytes).read_i128().ok();
            assert_eq!(i128_result, *expected_i128, "{name}");
            // The grammar accepts the number whatever its size: the token keeps the text.
            let mut reader = first_scalar_reader(bytes);
            let number = reader.read_number().unwrap();
            assert_eq!(number.as_f64().map(f64::to_bits), expected_f64.map(f64::to_bits), "{name}");
            assert!(bytes.windows(number.as_str().len()).any(|w| w == number.as_str().as_bytes()), "{name}");
        }
        Str { text, bytes: expected_bytes } => {
            if bytes.first() == Some(&b'{') {
                let mut reader = Reader::new(bytes);
                reader.begin_object().unwrap();
                let key = reader.next_key().unwrap().expect("one key");
                assert_eq!(key.decoded(), *text, "{name}");
                assert_eq!(key.decoded_bytes().as_ref(), *expected_bytes, "{name}");
                return;
            }
            assert_eq!(first_scalar_reader(bytes).read_str().unwrap(), *text, "{name}");
            let decoded = first_scalar_reader(bytes).read_string_bytes().unwrap();
            assert_eq!(decoded.as_ref(), *expected_bytes, "{name}");
            // The token hands out the same decodings, and raw_value keeps the source exactly.
            let mut reader = first_scalar_reader(bytes);
            let Some(Token::String(token)) = reader.next_token().unwrap() else {
                panic!("{name}: not a string")
            };
            assert_eq!(token.decoded(), *text, "{name}");
            let raw = first_scalar_reader(bytes).raw_value().unwrap();
            assert_eq!(&raw[1..raw.len() - 1], token.raw(), "{name}");
            // A string that is not valid UTF-8 cannot be borrowed as &str.
            assert!(first_scalar_reader(bytes).read_borrowed_str().is_err(), "{name}");
        }
    }
}

#[test]
fn five_hundred_nested_arrays_read_with_a_raised_depth_limit() {
    let (_, bytes) = suite_files("i_structure_500_nested_arrays").pop().expect("the file");
    let options = ReadOptions { max_depth: 500, ..ReadOptions::default() };
    skip_all(&bytes, options).unwrap();
    assert_eq!(tokens_all(&bytes, options).unwrap(), 1000);
    let err = skip_all(&bytes, ReadOptions { max_depth: 499, ..ReadOptions::default() }).unwrap_err();
    assert_eq!((err.category(), err.offset()), (Category::Limit, 499));
}

#[test]
fn a_utf8_bom_is_accepted_once_the_caller_strips_it() {
    let (_, bytes) = suite_files("i_structure_UTF-8_BOM_empty_object").pop().expect("the file");
    let stripped = bytes.strip_prefix(b"\xEF\xBB\xBF").expect("a BOM");
    skip_all(stripped, strict()).unwrap();
}

/// docs/conformance.md lists the same counts and the same outcome for every `i_` file.
#[test]
fn the_conformance_page_matches_the_table() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/conformance.md");
    let page = std::fs::read_to_string(path).unwrap_or_else(|err| panic!("reading {path}: {err}"));
    for count in [format!("{Y_COUNT} `y_`"), format!("{N_COUNT} `n_`"), format!("{I_COUNT} `i_`")] {
        assert!(page.contains(&count), "the page should say {count}");
    }
    for (name, outcome, note) in &I_CASES {
        let row = page
            .lines()
            .find(|line| line.starts_with(&format!("| `{name}` |")))
            .unwrap_or_else(|| panic!("no row for {name} in docs/conformance.md"));
        let word = match outcome {
            Accept(_) => "| accept |",
            Reject(..) => "| reject |",
        };
        assert!(row.contains(word), "{name}: the page's row should say {word}: {row}");
        assert!(row.contains(note), "{name}: the page's row should give the reason {note:?}: {row}");
    }
    let rows = page.lines().filter(|line| line.starts_with("| `i_")).count();
    assert_eq!(rows, I_COUNT, "one row per i_ file");
}

/// Where a string of `input` first stops being well-formed Unicode: the first byte that is not
/// UTF-8, or else the backslash of the first surrogate escape without its partner. A naive
/// oracle: every escape of the file in order, pairs taken greedily.
fn first_ill_formed(input: &[u8]) -> usize {
    if let Err(err) = std::str::from_utf8(input) {
        return err.valid_up_to();
    }
    let mut escapes = Vec::new();
    let mut i = 0;
    while i < input.len() {
        if input[i] == b'\\' {
            if input[i + 1] == b'u' {
                let hex = std::str::from_utf8(&input[i + 2..i + 6]).unwrap();
                escapes.push((i, u16::from_str_radix(hex, 16).unwrap()));
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    let mut k = 0;
    while k < escapes.len() {
        let (at, unit) = escapes[k];
        let paired = (0xD800..0xDC00).contains(&unit)
            && escapes
                .get(k + 1)
                .is_some_and(|&(next, low)| next == at + 6 && (0xDC00..0xE000).contains(&low));
        if paired {
            k += 2;
        } else if (0xD800..0xE000).contains(&unit) {
            return at;
        } else {
            k += 1;
        }
    }
    panic!("no ill-formed string in {}", String::from_utf8_lossy(input))
}

#[test]
fn strict_unicode_refuses_every_string_the_lexical_policy_replaces() {
    let options = ReadOptions { strict_unicode: true, ..ReadOptions::default() };
    let mut refused = 0;
    for ((name, bytes), (_, _, reason)) in suite_files("i_").iter().zip(&I_CASES) {
        if !reason.starts_with("lexical policy") {
            continue;
        }
        refused += 1;
        assert!(serde_json::from_slice::<serde_json::Value>(bytes).is_err(), "{name}: serde_json accepts it");
        let at = first_ill_formed(bytes);
        let chunked = bytes.chunks(1).map(<[u8]>::to_vec);
        for (how, result) in [
            (
                "from_slice_with",
                jetwire_json::from_slice_with::<jetwire_json::Value>(bytes, options).map(drop),
            ),
            ("next_token", tokens_all(bytes, options).map(drop)),
            (
                "from_chunks_with",
                jetwire_json::stream::from_chunks_with::<jetwire_json::Value, _, _>(chunked, options)
                    .map(drop),
            ),
            (
                "Document::parse_with",
                jetwire_json::document::Document::parse_with(bytes.clone(), options).map(drop),
            ),
            (
                "serde::from_slice_with",
                jetwire_json::serde::from_slice_with::<serde_json::Value>(bytes, options).map(drop),
            ),
        ] {
            let err = result.expect_err(&format!("{name}: {how} accepts it"));
            assert_eq!((err.category(), err.offset()), (Category::Syntax, at), "{name}: {how}: {err}");
            assert!(err.message().contains("strict_unicode"), "{name}: {how}: {err}");
        }
        // Skipped unread, the strings are not looked at; without the option they are read.
        skip_all(bytes, options).unwrap_or_else(|err| panic!("{name}: skip_value: {err}"));
        jetwire_json::from_slice::<jetwire_json::Value>(bytes).unwrap_or_else(|err| panic!("{name}: {err}"));
    }
    assert_eq!(refused, 20, "the lexical-policy rows of the i_ table");
}
