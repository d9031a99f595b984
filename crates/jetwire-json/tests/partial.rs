//! Partial JSON (`jetwire_json::partial`): the value of a document while it is still arriving.
//!
//! What "a prefix-consistent approximation" of the final value means ([`approximates`]): a
//! partial value `p` approximates a value `f` when
//!
//! - they are equal; or
//! - both are strings and `p` is a prefix of `f` (whole characters);
//! - both are arrays, `p` has at most as many elements, all but its last are equal to `f`'s at
//!   the same index, and its last approximates `f`'s there;
//! - both are objects, `p`'s keys are the first keys of `f` in order, all members but its last
//!   are equal to `f`'s, and its last member's value approximates `f`'s;
//! - with growing numbers, both are numbers and `p`'s text is a prefix of `f`'s.
//!
//! Every value shown after a piece approximates the final value (documents without repeated
//! keys, whose first member is replaced by the last), and the one shown after the next piece;
//! once the input ends, the value is `from_slice`'s, written out byte for byte the same, and
//! any error is `from_slice`'s (message, offset, line and column).

mod common;

use common::{BENCH_DIR, suite_files};
use jetwire_json::partial::{PartialOptions, PartialReader};
use jetwire_json::{Error, ReadOptions, Value, json};
use proptest::prelude::*;

// ---- the property ------------------------------------------------------------------------------

/// Whether `partial` approximates `full` (see the module documentation); `Err` says where not.
fn approximates(partial: &Value, full: &Value, growing_numbers: bool) -> Result<(), String> {
    if same(partial, full) {
        return Ok(());
    }
    let mismatch = || Err(format!("{partial} does not approximate {full}"));
    match (partial, full) {
        (Value::String(p), Value::String(f)) if f.starts_with(p.as_str()) => Ok(()),
        (Value::Number(p), Value::Number(f)) if growing_numbers => {
            if f.to_string().starts_with(&p.to_string()) { Ok(()) } else { mismatch() }
        }
        (Value::Array(p), Value::Array(f)) => {
            let Some((last, complete)) = p.split_last() else { return Ok(()) };
            if p.len() > f.len() || complete.iter().zip(f.iter()).any(|(a, b)| !same(a, b)) {
                return mismatch();
            }
            approximates(last, &f[complete.len()], growing_numbers)
        }
        (Value::Object(p), Value::Object(f)) => {
            if p.len() > f.len() {
                return mismatch();
            }
            let count = p.len();
            for (at, ((pk, pv), (fk, fv))) in p.iter().zip(f.iter()).enumerate() {
                if pk != fk {
                    return mismatch();
                }
                if at + 1 < count && !same(pv, fv) {
                    return mismatch();
                }
                if at + 1 == count {
                    return approximates(pv, fv, growing_numbers);
                }
            }
            Ok(())
        }
        _ => mismatch(),
    }
}

/// Equal values, written out byte for byte the same (numbers keep their spelling).
fn same(a: &Value, b: &Value) -> bool {
    a == b && jetwire_json::to_vec(a).unwrap() == jetwire_json::to_vec(b).unwrap()
}

/// The same error: category, message, offset, line and column.
fn assert_same_error(got: &Error, expected: &Error, context: &str) {
    assert_eq!(
        (got.category(), got.message(), got.offset(), got.line(), got.column()),
        (expected.category(), expected.message(), expected.offset(), expected.line(), expected.column()),
        "{context}"
    );
}

/// What a reader shows after each piece of `input` cut at `cuts` (increasing offsets), and
/// what it ends with.
fn read_in_pieces(
    input: &[u8],
    cuts: &[usize],
    options: PartialOptions,
) -> (Vec<Option<Value>>, jetwire_json::Result<Value>) {
    let mut reader = PartialReader::with_options(options);
    let mut shown = Vec::new();
    let mut from = 0;
    for &cut in cuts.iter().chain([&input.len()]) {
        match reader.push(&input[from..cut]) {
            Ok(value) => shown.push(value.cloned()),
            Err(err) => return (shown, Err(err)),
        }
        from = cut;
    }
    (shown, reader.finish())
}

/// Reads `input` cut at `cuts` and checks everything the module documentation promises:
/// the final value (or error) is `from_slice`'s, and with `check_values`, every value shown
/// approximates the final one and the next one shown.
fn check_cuts(input: &[u8], cuts: &[usize], options: PartialOptions, check_values: bool) {
    let context = || format!("{:?} cut at {cuts:?}", String::from_utf8_lossy(input));
    let expected = jetwire_json::from_slice_with::<Value>(input, options.read);
    let (shown, got) = read_in_pieces(input, cuts, options);
    let full = match (got, expected) {
        (Ok(got), Ok(expected)) => {
            assert!(same(&got, &expected), "{}: {got} is not {expected}", context());
            got
        }
        (Err(got), Err(expected)) => return assert_same_error(&got, &expected, &context()),
        (got, expected) => panic!("{}: got {got:?}, from_slice read {expected:?}", context()),
    };
    // A value that ends with a closing bracket or quote is complete, and shown whole, as soon
    // as that byte has arrived: before the input is declared ended.
    let last = input.iter().rev().find(|byte| !matches!(byte, b' ' | b'\t' | b'\n' | b'\r'));
    if matches!(last, Some(b'}' | b']' | b'"')) {
        let after_all = shown.last().and_then(Option::as_ref);
        assert!(
            after_all.is_some_and(|value| same(value, &full)),
            "{}: after the last piece {after_all:?}, not the whole {full}",
            context()
        );
    }
    if !check_values {
        return;
    }
    let mut before: Option<&Value> = None;
    for value in &shown {
        match (before, value) {
            (Some(_), None) => panic!("{}: a value shown, then none", context()),
            (Some(before), Some(now)) => approximates(before, now, options.growing_numbers)
                .unwrap_or_else(|err| panic!("{}: {err} (one piece later)", context())),
            _ => {}
        }
        if let Some(value) = value {
            approximates(value, &full, options.growing_numbers)
                .unwrap_or_else(|err| panic!("{}: {err}", context()));
        }
        before = value.as_ref();
    }
}

/// Every way of cutting `input` once, and byte by byte.
fn check_every_cut(input: &[u8], options: PartialOptions, check_values: bool) {
    for cut in 0..=input.len() {
        check_cuts(input, &[cut], options, check_values);
    }
    let every: Vec<usize> = (1..input.len()).collect();
    check_cuts(input, &every, options, check_values);
}

/// `count` random cut points in `input`, sorted, from `seed`.
fn random_cuts(length: usize, count: usize, seed: u64) -> Vec<usize> {
    let mut state = seed | 1;
    let mut cuts: Vec<usize> = (0..count)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % (length as u64 + 1)) as usize
        })
        .collect();
    cuts.sort_unstable();
    cuts
}

fn growing() -> PartialOptions {
    PartialOptions { growing_numbers: true, ..PartialOptions::default() }
}

/// What a reader shows after `pieces`.
fn shown_after(pieces: &[&str], options: PartialOptions) -> Option<Value> {
    let mut reader = PartialReader::with_options(options);
    for piece in pieces {
        reader.push(piece.as_bytes()).unwrap_or_else(|err| panic!("{pieces:?}: {err}"));
    }
    reader.value().cloned()
}

fn shown(text: &str) -> Option<Value> {
    shown_after(&[text], PartialOptions::default())
}

// ---- the semantics, case by case ---------------------------------------------------------------

#[test]
fn an_unterminated_string_shows_its_decoded_part() {
    assert_eq!(shown(r#"{"name": "Ad"#), Some(json!({"name": "Ad"})));
    assert_eq!(shown(r#"{"name": ""#), Some(json!({"name": ""})));
    assert_eq!(shown(r#""top"#), Some(json!("top")));
    assert_eq!(shown(r#"["a\nb"#), Some(json!(["a\nb"])));
    // Never half an escape.
    assert_eq!(shown(r#"["a\"#), Some(json!(["a"])));
    assert_eq!(shown(r#"["caf\u00"#), Some(json!(["caf"])));
    assert_eq!(shown(r#"["caf\u00e9"#), Some(json!(["café"])));
    // A high surrogate waits for its partner.
    assert_eq!(shown(r#"["\ud83d"#), Some(json!([""])));
    assert_eq!(shown(r#"["\ud83d\ude"#), Some(json!([""])));
    assert_eq!(shown(r#"["\ud83d\ude00"#), Some(json!(["😀"])));
    // Unpaired, as the ordinary read decodes it: U+FFFD.
    assert_eq!(shown(r#"["\ud83dx"#), Some(json!(["\u{FFFD}x"])));
}

#[test]
fn an_unterminated_string_never_shows_half_a_character() {
    let text = "[\"añ€😀\"]";
    let bytes = text.as_bytes();
    let mut reader = PartialReader::new();
    let mut shown = Vec::new();
    for byte in bytes {
        reader.push(&[*byte]).unwrap();
        shown.push(reader.value().map(|v| v[0].as_str().unwrap_or_default().to_owned()));
    }
    let texts: Vec<String> = shown.into_iter().flatten().collect();
    for text in &texts {
        assert!(!text.contains('\u{FFFD}'), "{texts:?}");
        assert!("añ€😀".starts_with(text.as_str()), "{texts:?}");
    }
    assert!(texts.contains(&"añ€".to_owned()));
}

#[test]
fn an_unfinished_number_or_literal_is_left_out() {
    assert_eq!(shown("[1, 23"), Some(json!([1])));
    assert_eq!(shown("[1, 23 "), Some(json!([1, 23])));
    assert_eq!(shown("[1, -"), Some(json!([1])));
    assert_eq!(shown("[1.5e"), Some(json!([])));
    assert_eq!(shown("[tr"), Some(json!([])));
    assert_eq!(shown("[true"), Some(json!([true])));
    assert_eq!(shown("[nul"), Some(json!([])));
    assert_eq!(shown(r#"{"a": fals"#), Some(json!({})));
    // A document that is a number is shown once it is complete: the input has ended.
    assert_eq!(shown("12"), None);
    let mut reader = PartialReader::new();
    reader.push(b"12").unwrap();
    assert_eq!(reader.end_input().unwrap(), Some(&json!(12)));
}

#[test]
fn growing_numbers_show_their_longest_valid_prefix() {
    let options = growing();
    assert_eq!(shown_after(&["[1, 23"], options), Some(json!([1, 23])));
    assert_eq!(shown_after(&["[1, 2", "3"], options), Some(json!([1, 23])));
    assert_eq!(shown_after(&["[-"], options), Some(json!([])));
    assert_eq!(shown_after(&["[1."], options), Some(json!([1])));
    assert_eq!(shown_after(&["[1.5e"], options), Some(json!([1.5])));
    assert_eq!(shown_after(&["[1.5e", "+"], options), Some(json!([1.5])));
    assert_eq!(shown_after(&["[1.5e", "+", "2"], options), Some(json!([150.0])));
    assert_eq!(shown_after(&["{\"a\": 4"], options), Some(json!({"a": 4})));
    assert_eq!(shown_after(&["7"], options), Some(json!(7)));
    // Literals are not numbers: still left out.
    assert_eq!(shown_after(&["[tr"], options), Some(json!([])));
}

#[test]
fn strings_can_be_left_out_until_complete() {
    let options = PartialOptions { unfinished_strings: false, ..PartialOptions::default() };
    assert_eq!(shown_after(&[r#"{"a": 1, "b": "xy"#], options), Some(json!({"a": 1})));
    assert_eq!(shown_after(&[r#"{"a": 1, "b": "xy"#, "\"}"], options), Some(json!({"a": 1, "b": "xy"})));
}

#[test]
fn unfinished_containers_are_closed() {
    assert_eq!(shown("["), Some(json!([])));
    assert_eq!(shown("{"), Some(json!({})));
    assert_eq!(shown(r#"{"a": [1, {"b""#), Some(json!({"a": [1, {}]})));
    assert_eq!(shown(r#"{"a": [1, {"b": [[]"#), Some(json!({"a": [1, {"b": [[]]}]})));
    assert_eq!(shown("[[[[1], [2"), Some(json!([[[[1], []]]])));
}

#[test]
fn a_key_without_its_value_is_left_out() {
    assert_eq!(shown(r#"{"a"#), Some(json!({})));
    assert_eq!(shown(r#"{"a""#), Some(json!({})));
    assert_eq!(shown(r#"{"a": "#), Some(json!({})));
    assert_eq!(shown(r#"{"a": 1, "b""#), Some(json!({"a": 1})));
    assert_eq!(shown(r#"{"a": 1, "b": ["#), Some(json!({"a": 1, "b": []})));
}

#[test]
fn a_member_whose_name_arrived_in_pieces_shows_once_its_value_is_complete() {
    // The name arrives a byte at a time, then its `:` (which completes it), then a number
    // that the closing brace ends: the object is complete and shown whole at once.
    let text = r#"{"page": 2}"#;
    let mut reader = PartialReader::new();
    for byte in text.as_bytes() {
        reader.push(std::slice::from_ref(byte)).unwrap();
    }
    assert_eq!(reader.value(), Some(&json!({"page": 2})));
    assert_eq!(reader.in_progress(), None);
}

#[test]
fn a_string_after_deep_indentation_is_shown() {
    let indent = " ".repeat(300);
    let text = format!("{{\n{indent}\"a\": [\n{indent}\"partial");
    assert_eq!(shown(&text), Some(json!({"a": ["partial"]})));
    let text = format!("[1,{indent}\"x");
    assert_eq!(shown(&text), Some(json!([1, "x"])));
}

#[test]
fn nothing_is_shown_before_the_first_token() {
    assert_eq!(shown(""), None);
    assert_eq!(shown("  \n"), None);
    assert_eq!(shown("t"), None);
}

#[test]
fn a_repeated_key_keeps_its_first_place_with_its_last_value() {
    let text = r#"{"a": 1, "b": 2, "a": "again"}"#;
    assert_eq!(shown(r#"{"a": 1, "b": 2, "a": "ag"#), Some(json!({"a": "ag", "b": 2})));
    assert_eq!(shown(r#"{"a": 1, "b": 2, "a": "#), Some(json!({"a": 1, "b": 2})));
    check_every_cut(text.as_bytes(), PartialOptions::default(), false);
    // Many members: the object keeps an index of its keys.
    let mut large = String::from("{");
    for i in 0..100 {
        large.push_str(&format!("\"k{i}\": {i}, "));
    }
    large.push_str(r#""k7": "seven", "k99": [99]}"#);
    let value = PartialReader::new().finish_with(large.as_bytes());
    assert_eq!(value.as_object().unwrap().len(), 100);
    assert_eq!(value["k7"], "seven");
    assert_eq!(value, jetwire_json::from_str::<Value>(&large).unwrap());
}

/// Pushing all of `input` and finishing.
trait FinishWith {
    fn finish_with(self, input: &[u8]) -> Value;
}

impl FinishWith for PartialReader {
    fn finish_with(mut self, input: &[u8]) -> Value {
        self.push(input).unwrap();
        self.finish().unwrap()
    }
}

#[test]
fn the_value_after_the_top_level_value_is_complete() {
    let mut reader = PartialReader::new();
    assert_eq!(reader.push(b"{\"a\": [1]} ").unwrap(), Some(&json!({"a": [1]})));
    assert!(!reader.is_complete());
    assert_eq!(reader.in_progress(), None);
    reader.push(b"\n").unwrap();
    assert_eq!(reader.end_input().unwrap(), Some(&json!({"a": [1]})));
    assert!(reader.is_complete());
}

#[test]
fn in_progress_names_the_innermost_open_value() {
    let mut reader = PartialReader::new();
    assert_eq!(reader.in_progress(), None);
    reader.push(br#"{"a": [1, {"b/c~": "x"#).unwrap();
    assert_eq!(reader.in_progress().as_deref(), Some("/a/1/b~1c~0"));
    assert!(reader.is_complete_at("/a/0"));
    assert!(!reader.is_complete_at("/a"));
    assert!(!reader.is_complete_at(""));
    assert!(!reader.is_complete_at("/a/1/b~1c~0"));
    assert!(!reader.is_complete_at("/missing"));
    reader.push(br#"", "d": tr"#).unwrap();
    assert_eq!(reader.in_progress().as_deref(), Some("/a/1"));
    assert!(reader.is_complete_at("/a/1/b~1c~0"));
    reader.push(b"ue}]}").unwrap();
    assert_eq!(reader.in_progress(), None);
    assert!(reader.is_complete_at("/a/1/d"));
    assert!(reader.is_complete_at(""));

    let mut top = PartialReader::new();
    top.push(br#""abc"#).unwrap();
    assert_eq!(top.in_progress().as_deref(), Some(""));
}

#[test]
fn input_after_the_value_or_after_an_error_changes_nothing() {
    let mut reader = PartialReader::new();
    // The message names what was found: it waits for enough of it (or the end).
    assert_eq!(reader.push(b"[1] x").unwrap(), Some(&json!([1])));
    let err = reader.push(&[b'y'; 40]).unwrap_err();
    assert_eq!(err.offset(), 4);
    assert_eq!(reader.push(b"4").unwrap_err().offset(), 4);
    assert_eq!(reader.value(), Some(&json!([1])));
    assert_eq!(reader.end_input().unwrap_err().offset(), 4);
}

#[test]
fn errors_are_the_ordinary_reads() {
    for text in [
        "[1, 2,]",
        "[1 2]",
        r#"{"a" 1}"#,
        r#"{"a": 1,}"#,
        "[01]",
        "[1.]",
        "[-]",
        "[tru]",
        "[\"a\\x\"]",
        "[\"a\x01\"]",
        "[\"abc",
        "{\"a\": [1, 2",
        "[1] x",
        "]",
        "",
        "  ",
        "[1e999999999999999999999]",
        "nul",
    ] {
        check_every_cut(text.as_bytes(), PartialOptions::default(), true);
        check_every_cut(text.as_bytes(), growing(), true);
    }
}

#[test]
fn an_error_is_reported_as_soon_as_no_input_could_mend_it() {
    let mut reader = PartialReader::new();
    reader.push(b"[1, 2").unwrap();
    // The message names what was found: once enough of it has arrived, or the input ends.
    reader.push(b" 3").unwrap();
    let err = reader.end_input().unwrap_err();
    assert_eq!((err.offset(), err.message()), (6, "expected `,` or `]`, found `3`"));
    let mut reader = PartialReader::new();
    reader.push(b"[1, 2").unwrap();
    let err = reader.push(b" 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15").unwrap_err();
    assert_eq!((err.offset(), err.category()), (6, jetwire_json::Category::Syntax));
}

#[test]
fn the_depth_limit_is_the_readers() {
    let options =
        PartialOptions { read: ReadOptions { max_depth: 3, ..ReadOptions::default() }, ..Default::default() };
    let mut reader = PartialReader::with_options(options);
    assert_eq!(reader.push(b"[[[").unwrap(), Some(&json!([[[]]])));
    let err = reader.push(b"[").unwrap_err();
    let expected = jetwire_json::from_slice_with::<Value>(b"[[[[]]]]", options.read).unwrap_err();
    assert_same_error(&err, &expected, "depth");
    // Deep input does not recurse: a hundred thousand levels, under a raised limit.
    let deep = "[".repeat(100_000) + &"]".repeat(100_000);
    let options = PartialOptions {
        read: ReadOptions { max_depth: 200_000, ..ReadOptions::default() },
        ..Default::default()
    };
    let mut reader = PartialReader::with_options(options);
    for piece in deep.as_bytes().chunks(4096) {
        reader.push(piece).unwrap();
    }
    assert_eq!(reader.finish().unwrap().to_string(), deep);
}

#[test]
fn comments_and_trailing_commas_follow_the_read_options() {
    let read = ReadOptions { allow_comments: true, allow_trailing_commas: true, ..ReadOptions::default() };
    let options = PartialOptions { read, ..PartialOptions::default() };
    check_every_cut(b"[1, /* two */ 2, // three\n 3,]", options, true);
    check_every_cut(b"{\"a\": \"x\", /* b */ \"b\": [1,],}", options, true);
}

#[test]
fn memory_holds_the_token_in_progress_not_the_input_read() {
    let mut reader = PartialReader::new();
    reader.push(b"[").unwrap();
    for _ in 0..1000 {
        reader.push(b"{\"n\": 12345}, ").unwrap();
    }
    assert!(reader.held_bytes() < 64, "{} bytes held", reader.held_bytes());
    let long = "x".repeat(100_000);
    reader.push(b"\"").unwrap();
    for piece in long.as_bytes().chunks(100) {
        reader.push(piece).unwrap();
    }
    assert_eq!(reader.value().unwrap()[1000], long.as_str());
    assert!(reader.held_bytes() < 100_200, "{} bytes held", reader.held_bytes());
    reader.push(b"\" ").unwrap();
    // Whitespace arriving in many pieces is not held either.
    for _ in 0..1000 {
        reader.push(&[b' '; 100]).unwrap();
    }
    assert!(reader.held_bytes() < 256, "{} bytes held", reader.held_bytes());
    reader.push(b"\n, ").unwrap();
    // After a comma it is held (an error message looks back at the comma), but not read
    // again until something else arrives.
    for _ in 0..100 {
        reader.push(&[b'\n'; 100]).unwrap();
    }
    reader.push(b"0]").unwrap();
    assert_eq!(reader.finish().unwrap().as_array().unwrap().len(), 1002);
}

// ---- typed values ------------------------------------------------------------------------------

/// The runtime paths the derive expects (this crate's tests cannot depend on the facade).
mod jw {
    pub use jetwire_json as json;
    pub mod __private {
        pub use jetwire_json::private::*;
    }
}

#[derive(jetwire_derive::FromJson, serde::Deserialize, Debug, PartialEq, Default)]
#[jetwire(crate = "crate::jw", default)]
#[serde(default)]
struct Args {
    city: String,
    days: Vec<u32>,
    units: Option<String>,
}

#[test]
fn a_typed_value_takes_defaults_for_fields_not_shown() {
    let mut reader = PartialReader::new();
    assert_eq!(reader.value_as::<Args>().unwrap(), None);
    reader.push(br#"{"city": "Par"#).unwrap();
    let expected = Args { city: "Par".into(), ..Args::default() };
    assert_eq!(reader.value_as::<Args>().unwrap(), Some(expected));
    reader.push(br#"is", "days": [1, 2"#).unwrap();
    let expected = Args { city: "Paris".into(), days: vec![1], units: None };
    assert_eq!(reader.value_as::<Args>().unwrap(), Some(expected));
    reader.push(br#"], "units": "metric"}"#).unwrap();
    let expected = Args { city: "Paris".into(), days: vec![1, 2], units: Some("metric".into()) };
    assert_eq!(reader.value_as::<Args>().unwrap().as_ref(), Some(&expected));
    assert_eq!(reader.value_as_serde::<Args>().unwrap().as_ref(), Some(&expected));
}

#[derive(jetwire_derive::FromJson, Debug, PartialEq)]
#[jetwire(crate = "crate::jw")]
struct Call {
    name: String,
    reason: Option<String>,
}

#[test]
fn an_option_not_shown_yet_is_none_and_a_required_field_is_missing() {
    let mut reader = PartialReader::new();
    reader.push(br#"{"reason": "it ra"#).unwrap();
    let err = reader.value_as::<Call>().unwrap_err();
    assert_eq!(err.message(), "missing field `name`");
    reader.push(br#"ins", "name": "umbrella"#).unwrap();
    let call = reader.value_as::<Call>().unwrap();
    assert_eq!(call, Some(Call { name: "umbrella".into(), reason: Some("it rains".into()) }));
    let mut reader = PartialReader::new();
    reader.push(br#"{"name": "x", "reas"#).unwrap();
    assert_eq!(reader.value_as::<Call>().unwrap(), Some(Call { name: "x".into(), reason: None }));
}

#[derive(jetwire_derive::FromJson, Debug, PartialEq, Clone)]
#[jetwire(crate = "crate::jw")]
struct Fetch {
    #[jetwire(complete)]
    url: Option<String>,
    note: Option<String>,
    #[jetwire(complete, default)]
    headers: Vec<(String, String)>,
    #[jetwire(complete)]
    retry: Option<Retry>,
    tool: Option<Tool>,
}

#[derive(jetwire_derive::FromJson, Debug, PartialEq, Clone)]
#[jetwire(crate = "crate::jw")]
struct Retry {
    times: u32,
}

#[derive(jetwire_derive::FromJson, Debug, PartialEq, Clone)]
#[jetwire(crate = "crate::jw", tag = "type")]
enum Tool {
    Search {
        #[jetwire(complete)]
        query: Option<String>,
        page: Option<u32>,
    },
}

#[test]
fn fields_marked_complete_are_absent_until_their_value_has_arrived() {
    let text = br#"{"url": "https://example.org/a", "note": "slow", "headers": [["a", "b"], ["c", "d"]],
        "retry": {"times": 3}, "tool": {"type": "Search", "query": "rust json", "page": 2}}"#;
    let full: Fetch = jetwire_json::from_slice(text).unwrap();
    let mut reader = PartialReader::new();
    let mut seen_url_missing = false;
    let mut seen_note_prefix = false;
    for (at, byte) in text.iter().enumerate() {
        reader.push(std::slice::from_ref(byte)).unwrap();
        let shown = match reader.value_as::<Fetch>() {
            Ok(Some(shown)) => shown,
            Ok(None) => continue,
            // An internally tagged enum reads once its tag has arrived whole.
            Err(_)
                if reader.value().unwrap().get("tool").is_some() && !reader.is_complete_at("/tool/type") =>
            {
                continue;
            }
            Err(err) => panic!("after byte {at}: {err}"),
        };
        // A field marked complete is absent or whole; the others show their prefix.
        assert!(shown.url.is_none() || shown.url == full.url, "after byte {at}: {shown:?}");
        assert!(shown.headers.is_empty() || shown.headers == full.headers, "after byte {at}: {shown:?}");
        assert!(shown.retry.is_none() || shown.retry == full.retry, "after byte {at}: {shown:?}");
        if let Some(Tool::Search { query, .. }) = &shown.tool {
            let Some(Tool::Search { query: full_query, .. }) = &full.tool else { unreachable!() };
            assert!(query.is_none() || query == full_query, "after byte {at}: {shown:?}");
        }
        seen_url_missing |= shown.url.is_none() && reader.value().unwrap().get("url").is_some();
        seen_note_prefix |= shown.note.as_deref() == Some("sl");
    }
    // The controls: the url was shown in the value while the typed read held it back, and an
    // unmarked field showed its prefix.
    assert!(seen_url_missing && seen_note_prefix);
    assert_eq!(reader.value_as::<Fetch>().unwrap(), Some(full.clone()));
    // Every other read ignores the attribute.
    assert_eq!(jetwire_json::from_slice::<Fetch>(text).unwrap(), full);
}

#[test]
fn a_serde_value_takes_defaults_for_fields_not_shown() {
    let mut reader = PartialReader::new();
    reader.push(br#"{"days": [3], "city": "Lyo"#).unwrap();
    let expected = Args { city: "Lyo".into(), days: vec![3], units: None };
    assert_eq!(reader.value_as_serde::<Args>().unwrap(), Some(expected));
}

// ---- async -------------------------------------------------------------------------------------

/// A reader can be held across an `.await` in a task that moves between threads.
#[test]
fn the_readers_are_send() {
    fn send<T: Send>() {}
    send::<PartialReader>();
    send::<jetwire_json::stream::PushReader>();
    send::<
        jetwire_json::partial::PartialStream<
            futures_util::stream::Iter<std::vec::IntoIter<std::io::Result<Vec<u8>>>>,
        >,
    >();
}

#[test]
fn a_stream_of_chunks_shows_the_value_after_each() {
    use jetwire_json::partial::PartialStream;
    futures_executor::block_on(async {
        let text = br#"{"tool": "search", "arguments": {"query": "partial json", "limit": 10}}"#;
        let chunks = futures_util::stream::iter(text.chunks(7).map(|c| Ok::<_, std::io::Error>(c.to_vec())));
        let mut stream = PartialStream::new(chunks);
        let mut shown = Vec::new();
        while let Some(reader) = stream.next().await {
            shown.push(reader.unwrap().value().cloned());
        }
        assert_eq!(shown.len(), text.len().div_ceil(7) + 1);
        let full = jetwire_json::from_slice::<Value>(text).unwrap();
        for value in shown.iter().flatten() {
            approximates(value, &full, false).unwrap();
        }
        assert_eq!(shown.last().unwrap().as_ref(), Some(&full));
        assert!(stream.next().await.is_none());

        let bad = futures_util::stream::iter([Ok::<_, std::io::Error>(b"[1,".to_vec()), Ok(b"]".to_vec())]);
        let mut stream = PartialStream::new(bad);
        assert!(stream.next().await.unwrap().is_ok());
        // The error names what it found: it is reported once the input ends.
        assert!(stream.next().await.unwrap().is_ok());
        assert_eq!(stream.next().await.unwrap().unwrap_err().offset(), 3);
        assert!(stream.next().await.is_none());

        let failing = futures_util::stream::iter([
            Ok(b"[1,".to_vec()),
            Err(std::io::Error::new(std::io::ErrorKind::ConnectionReset, "reset")),
        ]);
        let mut stream = PartialStream::new(failing);
        assert!(stream.next().await.unwrap().is_ok());
        assert_eq!(stream.next().await.unwrap().unwrap_err().category(), jetwire_json::Category::Io);
        assert_eq!(stream.reader().value(), Some(&json!([1])));
    });
}

// ---- documents cut everywhere ------------------------------------------------------------------

#[test]
fn small_documents_cut_at_every_byte() {
    for text in [
        r#"{"name": "Ada", "tags": ["x", "y\n", "\u00e9\ud83d\ude00"], "n": -1.5e3, "ok": true, "none": null}"#,
        r#"[[], {}, [{}], {"a": []}, "", 0, -0, 1e2, false]"#,
        "  [ 1 , 2 ]  ",
        "\"just a string with an escape \\\" inside\"",
        "123",
        "-0.5E+7 ",
        "null",
        r#"{"a": {"b": {"c": {"d": "deep"}}}}"#,
        "[\"añ€😀\", \"\\u00e9\", \"\\ud800x\", \"\\udc00\"]",
    ] {
        check_every_cut(text.as_bytes(), PartialOptions::default(), true);
        check_every_cut(text.as_bytes(), growing(), true);
    }
}

#[test]
fn the_conformance_suite_cut_at_every_byte() {
    for (name, bytes) in suite_files("") {
        if bytes.len() > 2048 {
            // A few large files (deep nesting): cut at random places instead.
            for seed in 1..=4 {
                check_cuts(&bytes, &random_cuts(bytes.len(), 20, seed), PartialOptions::default(), true);
            }
            continue;
        }
        // Byte by byte and in two pieces; values checked for the files that must parse.
        // (Except where a key repeats: the first value shown is then replaced.)
        let check_values = name.starts_with("y_") && !name.contains("duplicate");
        for cut in 0..=bytes.len() {
            check_cuts(&bytes, &[cut], PartialOptions::default(), false);
        }
        let every: Vec<usize> = (1..bytes.len()).collect();
        check_cuts(&bytes, &every, PartialOptions::default(), check_values);
        check_cuts(&bytes, &every, growing(), check_values);
    }
}

#[test]
fn the_benchmark_corpora_cut_at_random_places() {
    for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
        let bytes = std::fs::read(format!("{BENCH_DIR}/{name}")).unwrap();
        let expected = jetwire_json::from_slice::<Value>(&bytes).unwrap();
        for seed in 1..=3u64 {
            // A few hundred pieces, with the value checked after a few dozen of them.
            let cuts = random_cuts(bytes.len(), 300, seed * 7919);
            let checked = random_cuts(cuts.len(), 12, seed);
            let mut reader = PartialReader::new();
            let mut from = 0;
            let mut before: Option<Value> = None;
            for (i, &cut) in cuts.iter().enumerate() {
                let value = reader.push(&bytes[from..cut]).unwrap();
                from = cut;
                if checked.binary_search(&i).is_ok() {
                    let Some(value) = value else { continue };
                    approximates(value, &expected, false).unwrap_or_else(|err| panic!("{name}: {err}"));
                    if let Some(before) = &before {
                        approximates(before, value, false).unwrap_or_else(|err| panic!("{name}: {err}"));
                    }
                    before = Some(value.clone());
                }
            }
            reader.push(&bytes[from..]).unwrap();
            let got = reader.finish().unwrap();
            assert_eq!(got.to_string(), expected.to_string(), "{name}");
        }
    }
}

/// Some byte of a corpus replaced, deleted or the document cut: the error (or value) is
/// `from_slice`'s however the input is cut.
#[test]
fn corrupted_corpora_fail_as_the_ordinary_read() {
    let bytes = std::fs::read(format!("{BENCH_DIR}/twitter.json")).unwrap();
    let bytes = &bytes[..20_000];
    let positions = random_cuts(bytes.len(), 40, 99);
    for (i, &at) in positions.iter().enumerate() {
        let mut corrupted = bytes.to_vec();
        match i % 4 {
            0 => corrupted[at.min(bytes.len() - 1)] = b"}],:\"x1 \\"[i % 9],
            1 => {
                corrupted.remove(at.min(bytes.len() - 1));
            }
            2 => corrupted.insert(at, b"{[,\"0"[i % 5]),
            _ => corrupted.truncate(at),
        }
        for seed in 1..=3 {
            let cuts = random_cuts(corrupted.len(), 50, seed + i as u64);
            check_cuts(&corrupted, &cuts, PartialOptions::default(), false);
        }
    }
}

// ---- generated documents -----------------------------------------------------------------------

fn ws() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec!["", "", "", " ", "\n  ", "\t"])
}

fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|n| n.to_string()),
        "-?(0|[1-9][0-9]{0,20})(\\.[0-9]{1,20})?([eE][+-]?[0-9]{1,3})?",
        any::<f64>().prop_filter("finite", |v| v.is_finite()).prop_map(|v| format!("{v:?}")),
    ]
}

fn string() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => "[a-zA-Z0-9 _.-]{1,6}",
        2 => any::<char>()
            .prop_filter("no quote, backslash or control", |c| !matches!(c, '"' | '\\' | '\0'..='\x1F'))
            .prop_map(String::from),
        1 => prop::sample::select(vec!["\\\"", "\\\\", "\\/", "\\b", "\\n", "\\t", "\\u00e9", "\\ud83d\\ude00", "\\ud800", "\\u0041"])
            .prop_map(str::to_owned),
    ];
    prop::collection::vec(piece, 0..5).prop_map(|pieces| format!("\"{}\"", pieces.concat()))
}

/// A document with unique keys (each key ends in its position), nested a few levels.
fn document() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("null".to_owned()),
        Just("true".to_owned()),
        Just("false".to_owned()),
        number(),
        string(),
    ];
    let value = leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec((ws(), inner.clone(), ws()), 0..6).prop_map(|items| {
                let items: Vec<String> = items.into_iter().map(|(a, v, b)| format!("{a}{v}{b}")).collect();
                format!("[{}]", items.join(","))
            }),
            prop::collection::vec((ws(), string(), ws(), inner), 0..6).prop_map(|members| {
                let members: Vec<String> = members
                    .into_iter()
                    .enumerate()
                    .map(|(i, (a, k, b, v))| format!("{a}{}{i}\":{b}{v}", &k[..k.len() - 1]))
                    .collect();
                format!("{{{}}}", members.join(","))
            }),
        ]
    });
    (ws(), value, ws()).prop_map(|(a, v, b)| format!("{a}{v}{b}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Every value shown approximates the final one and the next; the final value is
    /// `from_slice`'s.
    #[test]
    fn generated_documents_cut_anywhere(text in document(), seed in any::<u64>(), growing_numbers in any::<bool>()) {
        let options = PartialOptions { growing_numbers, ..PartialOptions::default() };
        let bytes = text.as_bytes();
        if bytes.len() <= 160 {
            let every: Vec<usize> = (1..bytes.len()).collect();
            check_cuts(bytes, &every, options, true);
        }
        check_cuts(bytes, &random_cuts(bytes.len(), 8, seed), options, true);
    }

    /// An edited document: the same error as `from_slice`, or the same value.
    #[test]
    fn edited_documents_fail_as_the_ordinary_read(
        text in document(),
        at in any::<prop::sample::Index>(),
        byte in prop::sample::select(b"{}[],:\"\\0123456789-.eEtrufalsn \nx".to_vec()),
        edit in 0..3u8,
        seed in any::<u64>(),
    ) {
        let mut bytes = text.into_bytes();
        let at = at.index(bytes.len() + 1);
        match edit {
            0 if at < bytes.len() => bytes[at] = byte,
            1 if at < bytes.len() => { bytes.remove(at); }
            _ => bytes.insert(at, byte),
        }
        check_cuts(&bytes, &random_cuts(bytes.len(), 6, seed), PartialOptions::default(), false);
        let every: Vec<usize> = (1..bytes.len()).collect();
        check_cuts(&bytes, &every, PartialOptions::default(), false);
    }
}
