//! Each planted wrong output must fail the check it would have slipped past.

use serde::Serialize;

use super::{Tree, compare, compare_with, judge, of_model, parse};

#[derive(Serialize)]
struct Reading {
    id: u64,
    big: u128,
    ratio: f64,
    humidity: f32,
    name: String,
}

fn reading() -> Reading {
    Reading { id: u64::MAX, big: u128::MAX - 1, ratio: 2.0 / 3.0, humidity: 0.1, name: "Zoë".into() }
}

const EXACT: &str = r#"{"id":18446744073709551615,"big":340282366920938463463374607431768211454,
    "ratio":0.6666666666666666,"humidity":0.1,"name":"Zo\u00eb"}"#;

fn verdict(implementation: &str, text: &str) -> Result<Option<String>, String> {
    let deviations = compare(&of_model(&reading()).unwrap(), &parse(text.as_bytes()).unwrap());
    judge("case", implementation, deviations)
}

fn with(field: &str, spelling: &str) -> String {
    let start = EXACT.find(&format!("\"{field}\":")).unwrap() + field.len() + 3;
    let end = start + EXACT[start..].find([',', '}']).unwrap();
    format!("{}{spelling}{}", &EXACT[..start], &EXACT[end..])
}

#[test]
fn the_exact_output_passes_for_everyone() {
    assert_eq!(verdict("jetwire", EXACT), Ok(None));
    assert_eq!(verdict("serde_json", EXACT), Ok(None));
}

#[test]
fn an_f32_field_is_compared_at_f32_precision() {
    // The f32 nearest 0.1 written with f64 digits is the same f32.
    assert_eq!(verdict("jetwire", &with("humidity", "0.10000000149011612")), Ok(None));
    // A neighbouring f32 is not.
    assert!(verdict("jetwire", &with("humidity", "0.10000001")).is_err());
}

#[test]
fn f64_values_with_eight_digits_fail_jetwire_and_peers() {
    let short = with("ratio", "0.66666667");
    assert!(verdict("jetwire", &short).is_err());
    assert!(verdict("sonic-rs", &short).is_err(), "millions of ulps are not a rounding");
}

#[test]
fn one_ulp_is_a_caveat_for_a_peer_and_an_error_for_jetwire() {
    // The f64 just below 2/3.
    let off = with("ratio", "0.6666666666666665");
    assert!(verdict("jetwire", &off).unwrap_err().contains("/ratio"));
    let caveat = verdict("serde_json", &off).unwrap().unwrap();
    assert!(caveat.contains("/ratio") && caveat.contains("1 ulp"), "{caveat}");
}

#[test]
fn an_integer_is_not_equal_to_the_float_nearest_it() {
    assert!(verdict("serde_json", &with("id", "1.8446744073709552e19")).is_err());
    assert!(verdict("serde_json", &with("id", "18446744073709551615.0")).is_err());
}

#[test]
fn integers_above_u64_compare_to_the_last_digit() {
    assert!(verdict("serde_json", &with("big", "340282366920938463463374607431768211455")).is_err());
    assert!(verdict("serde_json", &with("big", "3.402823669209385e38")).is_err());
}

#[test]
fn strings_compare_byte_for_byte() {
    assert!(verdict("serde_json", &with("name", r#""Zoe""#)).is_err());
    assert!(verdict("serde_json", &with("name", r#""Zoë ""#)).is_err());
    // The same characters unescaped are the same string.
    assert_eq!(verdict("serde_json", &with("name", r#""Zoë""#)), Ok(None));
}

#[test]
fn members_compare_by_key_in_any_order_and_none_may_be_missing_or_extra() {
    let reordered = r#"{"name":"Zoë","humidity":0.1,"ratio":0.6666666666666666,
        "big":340282366920938463463374607431768211454,"id":18446744073709551615}"#;
    assert_eq!(verdict("serde_json", reordered), Ok(None));
    let missing = EXACT.replace(r#","name":"Zo\u00eb""#, "");
    assert!(verdict("serde_json", &missing).is_err());
    let extra = EXACT.replace(r#""name""#, r#""extra":1,"name""#);
    assert!(verdict("serde_json", &extra).is_err());
}

#[test]
fn deviations_name_the_field_and_count() {
    let expected = parse(br#"{"a/b":[1.5,2.5,{"c~":3}]}"#).unwrap();
    let found = parse(br#"{"a/b":[1.5,2.0,{"c~":4}]}"#).unwrap();
    let deviations = compare(&expected, &found);
    let paths: Vec<_> = deviations.0.iter().map(|d| d.path.as_str()).collect();
    assert_eq!(paths, ["/a~1b/1", "/a~1b/2/c~0"]);
    assert!(deviations.to_string().starts_with("2 values"), "{deviations}");
}

#[test]
fn text_integers_read_into_float_fields_agree() {
    // `1` in the input, read into an f64 field: the same value.
    let text = parse(b"[1, -0]").unwrap();
    let typed = Tree::Array(vec![Tree::F64(1.0), Tree::F64(-0.0)]);
    assert!(compare(&text, &typed).is_empty());
    // But a model's integer is never a float.
    assert!(!compare(&Tree::Int("1".into()), &Tree::F64(1.0)).is_empty());
}

#[test]
fn the_parser_is_strict() {
    for bad in ["[1,]", "{\"a\" 1}", "01", "1.", "-", "\"\\x\"", "\"\\ud800\"", "[1] x", "tru", "\"a\u{1}\""]
    {
        assert!(parse(bad.as_bytes()).is_err(), "{bad}");
    }
    assert_eq!(
        parse(br#" {"a": [true, null, "\ud83d\ude00", -1.5e+3]} "#).unwrap(),
        Tree::Object(vec![(
            "a".into(),
            Tree::Array(vec![
                Tree::Bool(true),
                Tree::Null,
                Tree::Str("😀".into()),
                Tree::Number("-1.5e+3".into())
            ])
        )])
    );
}

#[test]
fn the_parser_bounds_nesting_without_recursing() {
    let nested = |depth: usize| "[".repeat(depth) + &"]".repeat(depth);
    assert!(parse(nested(super::text::MAX_DEPTH).as_bytes()).is_ok());
    let err = parse(nested(1_000_000).as_bytes()).unwrap_err();
    assert!(err.contains("nesting"), "{err}");
}

#[test]
fn an_absent_member_is_null_only_where_a_typed_read_allows_it() {
    let input = parse(br#"{"a": 1}"#).unwrap();
    let read = Tree::Object(vec![("a".into(), Tree::Int("1".into())), ("b".into(), Tree::Null)]);
    assert!(compare_with(&input, &read, true).is_empty());
    assert_eq!(compare(&input, &read).0[0].path, "/b");
    let wrong = Tree::Object(vec![("a".into(), Tree::Int("1".into())), ("b".into(), Tree::Bool(false))]);
    assert!(!compare_with(&input, &wrong, true).is_empty());
}

#[test]
fn values_are_counted_with_each_key_as_one() {
    let count = |text: &str| parse(text.as_bytes()).unwrap().value_count();
    assert_eq!(count("7"), 1);
    assert_eq!(count("[]"), 1);
    assert_eq!(count(r#"{"a":[1]}"#), 4);
    assert_eq!(count(r#"[{"a":null,"b":{}},"x",[true]]"#), 9);
}
