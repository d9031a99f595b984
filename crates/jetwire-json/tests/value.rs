//! The DOM: reading (against serde_json on JSONTestSuite's accepted files and the benchmark
//! corpora), exact numbers, member order and repeated keys, indexing, pointers, mutation, the
//! `json!` macro, and safety at depth (reading, dropping, writing and comparing without
//! recursion).

mod common;

use std::collections::BTreeMap;

use common::{BENCH_DIR, suite_files};
use jetwire_json::value::{Array, Map, Number};
use jetwire_json::{Category, ReadOptions, Reader, Token, Value, json};

fn parse(text: &str) -> Value {
    jetwire_json::from_str(text).unwrap_or_else(|err| panic!("{text}: {err}"))
}

/// Checks that `ours` holds what `theirs` (serde_json's reading of the same document) holds:
/// objects as maps whose repeated keys keep their last value, numbers by their `f64` and exactly
/// as integers where serde_json has one.
fn compare(ours: &Value, theirs: &serde_json::Value, path: &str) -> Result<(), String> {
    use serde_json::Value as S;
    let differ = |what: &str| Err(format!("at `{path}`: {what}: jetwire {ours}, serde_json {theirs}"));
    match (ours, theirs) {
        (Value::Null, S::Null) => Ok(()),
        (Value::Bool(a), S::Bool(b)) if a == b => Ok(()),
        (Value::String(a), S::String(b)) if a == b => Ok(()),
        (Value::Number(a), S::Number(b)) => {
            let f64s_agree = a.as_f64().map(f64::to_bits) == b.as_f64().map(f64::to_bits)
                // serde_json reads `-0` as the float -0.0, as jetwire does.
                || (a.as_f64() == Some(0.0) && b.as_f64() == Some(0.0));
            if !f64s_agree {
                return differ("numbers");
            }
            if b.as_i64().is_some() && a.as_i64() != b.as_i64()
                || b.as_u64().is_some() && a.as_u64() != b.as_u64()
            {
                return differ("integers");
            }
            Ok(())
        }
        (Value::Array(a), S::Array(b)) => {
            if a.len() != b.len() {
                return differ("array lengths");
            }
            a.iter().zip(b).enumerate().try_for_each(|(i, (x, y))| compare(x, y, &format!("{path}/{i}")))
        }
        (Value::Object(a), S::Object(b)) => {
            if a.len() != b.len() {
                return differ("object sizes");
            }
            for (key, value) in a {
                let Some(other) = b.get(key.as_str()) else { return differ(&format!("key {key:?}")) };
                compare(value, other, &format!("{path}/{key}"))?;
            }
            Ok(())
        }
        _ => differ("kinds"),
    }
}

// ---- conformance --------------------------------------------------------------------------------

#[test]
fn json_test_suite_accepted_files_read_as_serde_json_reads_them() {
    let mut compared = 0;
    for (name, bytes) in suite_files("y_") {
        let ours: Value = jetwire_json::from_slice(&bytes)
            .unwrap_or_else(|err| panic!("{name}: jetwire rejects it: {err}"));
        // serde_json rejects unpaired surrogate escapes, which jetwire's Unicode policy accepts
        // (as U+FFFD); the suite's accepted files have none, but check rather than assume.
        let Ok(theirs) = serde_json::from_slice::<serde_json::Value>(&bytes) else {
            panic!("{name}: serde_json rejects an accepted file");
        };
        compare(&ours, &theirs, "").unwrap_or_else(|err| panic!("{name}: {err}"));
        // Written and read again, the value is the same.
        let again: Value = jetwire_json::from_slice(&jetwire_json::to_vec(&ours).unwrap()).unwrap();
        assert_eq!(again, ours, "{name}");
        compared += 1;
    }
    assert!(compared > 90, "only {compared} files compared");
}

#[test]
fn json_test_suite_rejected_files_are_rejected() {
    for (name, bytes) in suite_files("n_") {
        assert!(jetwire_json::from_slice::<Value>(&bytes).is_err(), "{name}");
    }
}

#[test]
fn json_test_suite_implementation_defined_files_read_as_the_reader_reads_them() {
    for (name, bytes) in suite_files("i_") {
        let accepted = common::skip_all(&bytes, ReadOptions::default()).is_ok();
        let value = jetwire_json::from_slice::<Value>(&bytes);
        assert_eq!(value.is_ok(), accepted, "{name}");
        if let Ok(value) = value {
            // Huge numbers keep their text; unpaired surrogates and ill-formed UTF-8 become U+FFFD.
            let written = jetwire_json::to_vec(&value).unwrap();
            assert_eq!(numbers_of(&written), numbers_of(&bytes), "{name}");
            let again: Value = jetwire_json::from_slice(&written).unwrap();
            assert_eq!(again, value, "{name}");
        }
    }
}

#[test]
fn corpora_read_as_serde_json_reads_them_and_write_their_numbers_exactly() {
    for name in ["canada.json", "citm_catalog.json", "twitter.json"] {
        let bytes = std::fs::read(format!("{BENCH_DIR}/{name}")).unwrap();
        let ours: Value = jetwire_json::from_slice(&bytes).unwrap();
        let theirs: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        compare(&ours, &theirs, "").unwrap_or_else(|err| panic!("{name}: {err}"));

        // Every number is written exactly as the source spells it.
        let written = jetwire_json::to_vec(&ours).unwrap();
        assert_eq!(numbers_of(&written), numbers_of(&bytes), "{name}");
        let again: Value = jetwire_json::from_slice(&written).unwrap();
        assert_eq!(again, ours, "{name}");
    }
}

fn numbers_of(json: &[u8]) -> Vec<String> {
    let mut reader = Reader::new(json);
    let mut numbers = Vec::new();
    while let Some(token) = reader.next_token().unwrap() {
        if let Token::Number(number) = token {
            numbers.push(number.as_str().to_owned());
        }
    }
    numbers
}

// ---- numbers --------------------------------------------------------------------------------------

#[test]
fn numbers_keep_their_spelling_and_value() {
    for text in [
        "0",
        "-0",
        "-0.0",
        "1.50",
        "1E+2",
        "1e-07",
        "-65.613616999999977",
        "0.1",
        "123456789012345678901234567890",
        "-123456789012345678901234567890",
        "18446744073709551615",
        "-9223372036854775808",
        "3.141592653589793238462643383279",
        "1e400",
        "-1e-400",
    ] {
        let value = parse(text);
        assert_eq!(value.to_string(), text);
        assert_eq!(parse(&format!("[{text}]"))[0].to_string(), text);
    }
}

#[test]
fn numbers_answer_as_serde_json_numbers_do() {
    assert!(parse("1").is_u64() && parse("1").is_i64() && !parse("1").is_f64());
    assert!(parse("-1").is_i64() && !parse("-1").is_u64());
    assert!(parse("1.0").is_f64() && parse("1e2").is_f64() && parse("-0").is_f64());
    assert_eq!(parse("-0").as_f64().map(f64::to_bits), Some((-0.0f64).to_bits()));
    assert_eq!(parse("18446744073709551615").as_u64(), Some(u64::MAX));
    assert_eq!(parse("18446744073709551616").as_u64(), None);
    let big = parse(&u128::MAX.to_string());
    assert_eq!(big.as_number().and_then(Number::as_u128), Some(u128::MAX));
    assert_eq!(big.as_f64(), Some(u128::MAX as f64));
    let small = parse(&i128::MIN.to_string());
    assert_eq!(small.as_number().and_then(Number::as_i128), Some(i128::MIN));
    assert_eq!(parse("1e400").as_f64(), None);
    assert_eq!(parse("0.1").as_f64(), Some(0.1));
    assert_eq!(parse("-65.613616999999977").as_f64(), "-65.613616999999977".parse::<f64>().ok());
}

#[test]
fn numbers_compare_by_value() {
    assert_eq!(parse("1.0"), parse("1.00"));
    assert_eq!(parse("1.5"), parse("15e-1"));
    assert_ne!(parse("1"), parse("1.0"));
    assert_eq!(parse("0.1"), json!(0.1));
    assert_ne!(parse("0.10000000000000001"), json!(0.1));
    assert_eq!(parse("100"), json!(100u8));
    assert_eq!(parse("-7"), json!(-7i64));
}

#[test]
fn programs_numbers_are_written_shortest() {
    assert_eq!(json!(0.1).to_string(), "0.1");
    assert_eq!(json!(1e300).to_string(), "1e+300");
    assert_eq!(json!(0.1f32).to_string(), "0.1");
    assert_eq!(json!(u128::MAX).to_string(), u128::MAX.to_string());
    assert_eq!(json!(i128::MIN).to_string(), i128::MIN.to_string());
    assert_eq!(json!(f64::NAN), Value::Null);
}

// ---- objects --------------------------------------------------------------------------------------

#[test]
fn members_keep_document_order() {
    let value = parse(r#"{"z": 1, "a": 2, "m": 3}"#);
    let keys: Vec<&str> = value.as_object().unwrap().keys().map(|key| key.as_str()).collect();
    assert_eq!(keys, ["z", "a", "m"]);
    assert_eq!(value.to_string(), r#"{"z":1,"a":2,"m":3}"#);
}

#[test]
fn a_repeated_key_keeps_its_first_place_and_last_value() {
    let value = parse(r#"{"a": 1, "b": 2, "a": 3}"#);
    assert_eq!(value.to_string(), r#"{"a":3,"b":2}"#);
    let theirs: serde_json::Value = serde_json::from_str(r#"{"a": 1, "b": 2, "a": 3}"#).unwrap();
    compare(&value, &theirs, "").unwrap();

    // Large objects take the hashed path.
    let mut text = String::from("{");
    for i in 0..100 {
        text.push_str(&format!("\"k{i}\": {i},"));
    }
    text.push_str("\"k7\": \"last\"}");
    let value = parse(&text);
    let map = value.as_object().unwrap();
    assert_eq!(map.len(), 100);
    assert_eq!(map.get_index(7).map(|(k, v)| (k.as_str(), v.clone())), Some(("k7", json!("last"))));
}

#[test]
fn objects_are_equal_in_any_order() {
    assert_eq!(parse(r#"{"a": 1, "b": [true]}"#), parse(r#"{"b": [true], "a": 1}"#));
    assert_ne!(parse(r#"{"a": 1}"#), parse(r#"{"a": 1, "b": 2}"#));
    assert_ne!(parse(r#"{"a": 1}"#), parse(r#"{"b": 1}"#));
    let wide: Map = (0..50).map(|i| (format!("k{i}"), i)).collect();
    let reversed: Map = (0..50).rev().map(|i| (format!("k{i}"), i)).collect();
    assert_eq!(wide, reversed);
}

#[test]
fn map_api() {
    let mut map = Map::new();
    assert_eq!(map.insert("b".into(), json!(1)), None);
    assert_eq!(map.insert("a".into(), json!(2)), None);
    assert_eq!(map.insert("b".into(), json!(3)), Some(json!(1)));
    assert_eq!(map.keys().collect::<Vec<_>>(), ["b", "a"]);
    assert!(map.contains_key("a") && !map.contains_key("c"));
    *map.entry("c").or_insert(json!(0)) = json!("c");
    map.entry("a").and_modify(|v| *v = json!(20));
    assert_eq!(Value::Object(map.clone()).to_string(), r#"{"b":3,"a":20,"c":"c"}"#);
    assert_eq!(map.remove("b"), Some(json!(3)));
    assert_eq!(map.keys().collect::<Vec<_>>(), ["a", "c"]);
    map.retain(|k, _| k != "a");
    assert_eq!(map.len(), 1);
    map.extend([("d", 4), ("c", 5)]);
    assert_eq!(Value::Object(map).to_string(), r#"{"c":5,"d":4}"#);
}

// ---- access and mutation --------------------------------------------------------------------------

#[test]
fn indexing_get_and_pointer() {
    let value = parse(r#"{"a": [10, {"b/c": "x", "~": null}], "": 1}"#);
    assert_eq!(value["a"][0], 10);
    assert_eq!(value["a"][1]["b/c"], "x");
    assert!(value["nope"]["deeper"][3].is_null());
    assert_eq!(value.get("a").and_then(|a| a.get(0)), Some(&json!(10)));
    assert_eq!(value.get(0), None);
    assert_eq!(value.pointer(""), Some(&value));
    assert_eq!(value.pointer("/"), Some(&json!(1)));
    assert_eq!(value.pointer("/a/1/b~1c"), Some(&json!("x")));
    assert_eq!(value.pointer("/a/1/~0"), Some(&Value::Null));
    assert_eq!(value.pointer("/a/01"), None);
    assert_eq!(value.pointer("/a/-"), None);
    assert_eq!(value.pointer("/a/2"), None);
    assert_eq!(value.pointer("a"), None);
}

#[test]
fn mutation() {
    let mut value = json!({"list": [1, 2], "name": "x"});
    value["list"].as_array_mut().unwrap().push(json!(3));
    value["name"] = json!("y");
    value["new"]["nested"] = json!(true);
    *value.pointer_mut("/list/0").unwrap() = json!("one");
    if let Some(Value::Number(n)) = value.get_mut("list").and_then(|l| l.get_mut(1)) {
        *n = Number::from(20);
    }
    let taken = value["name"].take();
    assert_eq!(taken, "y");
    assert_eq!(value.to_string(), r#"{"list":["one",20,3],"name":null,"new":{"nested":true}}"#);
}

#[test]
#[should_panic(expected = "out of range")]
fn index_mut_beyond_an_array_panics() {
    let mut value = json!([1]);
    value[3] = json!(2);
}

#[test]
fn equality_with_primitives() {
    let value = json!({"s": "text", "n": 5, "f": 0.5, "b": true, "neg": -3});
    assert_eq!(value["s"], "text");
    assert_eq!("text", value["s"]);
    assert_eq!(value["s"], String::from("text"));
    assert!(value["n"] == 5 && value["n"] == 5u64 && value["n"] == 5i8 && value["n"] == 5.0);
    assert!(value["f"] == 0.5 && value["b"] == true && value["neg"] == -3);
    assert!(value["n"] != 6 && value["neg"] != 3u64);
}

#[test]
fn conversions() {
    assert_eq!(Value::from(vec![1, 2]), json!([1, 2]));
    assert_eq!(Value::from(Some("a")), json!("a"));
    assert_eq!(Value::from(None::<i32>), json!(null));
    let object: Value = [("a", 1), ("b", 2)].into_iter().collect();
    assert_eq!(object, json!({"a": 1, "b": 2}));
    let array: Value = (1..=3).collect();
    assert_eq!(array, json!([1, 2, 3]));
    let items: Vec<Value> = match json!([true]) {
        Value::Array(items) => items.into_vec(),
        _ => unreachable!(),
    };
    assert_eq!(items, [Value::Bool(true)]);
    assert_eq!(Array::from(vec![json!(1)]).len(), 1);
}

#[test]
fn to_value_and_from_value_go_through_json() {
    let map: BTreeMap<&str, Vec<u8>> = [("a", vec![1, 2])].into_iter().collect();
    let value = jetwire_json::value::to_value(&map).unwrap();
    assert_eq!(value, json!({"a": [1, 2]}));
    let back: BTreeMap<String, Vec<u8>> = jetwire_json::value::from_value(&value).unwrap();
    assert_eq!(back["a"], [1, 2]);
}

#[test]
fn values_inside_typed_structures() {
    let items: Vec<Value> = jetwire_json::from_str(r#"[1, "a", {"b": null}]"#).unwrap();
    assert_eq!(items.len(), 3);
    let map: BTreeMap<String, Value> = jetwire_json::from_str(r#"{"x": [1.0]}"#).unwrap();
    assert_eq!(jetwire_json::to_string(&map).unwrap(), r#"{"x":[1.0]}"#);
    let number: Number = jetwire_json::from_str("2.50").unwrap();
    assert_eq!(jetwire_json::to_string(&number).unwrap(), "2.50");
    let map: Map = jetwire_json::from_str(r#"{"k": 1}"#).unwrap();
    assert_eq!(map["k"], 1);
    assert!(jetwire_json::from_str::<Map>("[1]").is_err());
}

#[test]
fn errors_are_positioned() {
    let err = jetwire_json::from_str::<Value>("{\"a\": [1, }").unwrap_err();
    assert_eq!((err.category(), err.line(), err.column()), (Category::Syntax, 1, 11));
    let err = jetwire_json::from_str::<Value>("[1] 2").unwrap_err();
    assert_eq!(err.category(), Category::Syntax);
    let err = jetwire_json::from_str::<Value>("[\"abc").unwrap_err();
    assert!(err.is_eof());
}

#[test]
fn display_and_from_str() {
    let value: Value = r#" {"a" : [1, "\u00e9\n"]} "#.parse().unwrap();
    assert_eq!(value.to_string(), "{\"a\":[1,\"é\\n\"]}");
    assert_eq!(format!("{value:#}"), "{\n  \"a\": [\n    1,\n    \"é\\n\"\n  ]\n}");
}

// ---- json! ----------------------------------------------------------------------------------------

#[test]
fn json_macro() {
    #[derive(Debug)]
    struct Celsius(f64);
    impl jetwire_json::ToJson for Celsius {
        fn to_json<O: jetwire_json::Output>(
            &self,
            writer: &mut jetwire_json::Writer<O>,
        ) -> jetwire_json::Result<()> {
            writer.f64(self.0)
        }
    }

    let name = "ada";
    let key = String::from("computed");
    let nested = json!({"x": 1});
    let value = json!({
        "null": null,
        "bools": [true, false],
        "numbers": [1, -2, 3.5, 1e3, u64::MAX],
        "name": name,
        "owned": name.to_owned(),
        "expr": 1 + 2,
        "vec": vec![1, 2],
        "typed": Celsius(21.5),
        "nested": nested,
        (key): {},
        "trailing": [1, 2,],
    });
    assert_eq!(
        value.to_string(),
        r#"{"null":null,"bools":[true,false],"numbers":[1,-2,3.5,1000.0,18446744073709551615],"name":"ada","owned":"ada","expr":3,"vec":[1,2],"typed":21.5,"nested":{"x":1},"computed":{},"trailing":[1,2]}"#
    );
    assert_eq!(json!([]), Value::Array(Array::new()));
    assert_eq!(json!({}), Value::Object(Map::new()));
    assert_eq!(json!(null), Value::Null);
    assert_eq!(json!("s"), "s");
}

// ---- depth ----------------------------------------------------------------------------------------

#[test]
fn deep_input_is_a_limit_error_not_a_crash() {
    let deep = "[".repeat(100_000) + &"]".repeat(100_000);
    let err = jetwire_json::from_str::<Value>(&deep).unwrap_err();
    assert_eq!(err.category(), Category::Limit);
    let deep = "{\"a\":".repeat(100_000) + "1" + &"}".repeat(100_000);
    let err = jetwire_json::from_str::<Value>(&deep).unwrap_err();
    assert_eq!(err.category(), Category::Limit);
}

#[test]
fn deep_input_within_a_raised_limit_reads_writes_compares_and_drops() {
    let depth = 200_000;
    let deep = "[{\"a\":".repeat(depth) + "null" + &"}]".repeat(depth);
    let options = ReadOptions { max_depth: 2 * depth, ..ReadOptions::default() };
    let value: Value = jetwire_json::from_slice_with(deep.as_bytes(), options).unwrap();
    assert_eq!(value.to_string().len(), deep.len());
    let other: Value = jetwire_json::from_slice_with(deep.as_bytes(), options).unwrap();
    assert!(value == other);
    drop(value);
    drop(other);
}

/// Arrays and objects nested a million levels: `[[[...]]]` and `{"k":{"k":...}}` with a string
/// at the bottom.
fn million_deep() -> [Value; 2] {
    let mut array = json!(["bottom"]);
    for _ in 0..1_000_000 {
        array = Value::Array(Array::from(vec![array]));
    }
    let mut object = json!({"k": 1.5});
    for _ in 0..1_000_000 {
        let mut map = Map::new();
        map.insert("k".into(), object);
        object = Value::Object(map);
    }
    [array, object]
}

#[test]
fn every_operation_on_a_million_deep_value_runs_without_recursion() {
    // Each runs on a test thread's 2 MiB stack, where recursion per level would overflow.
    for value in million_deep() {
        let copy = value.clone();
        assert!(copy == value, "clone, then compare");
        let text = value.to_string();
        assert_eq!(text.len(), jetwire_json::to_vec(&copy).unwrap().len(), "Display and to_vec");
        let read: Value = jetwire_json::from_slice_with(
            text.as_bytes(),
            ReadOptions { max_depth: usize::MAX, ..ReadOptions::default() },
        )
        .unwrap();
        assert!(read == copy, "written and read back");
        let debug = format!("{value:?}");
        assert!(
            debug.starts_with("Array [Array [") || debug.starts_with("Object {\"k\": Object {"),
            "{}",
            &debug[..40]
        );
        assert!(debug.len() > 7_000_000);
        drop(copy);
        drop(read);
        drop(value);
    }
}

#[test]
fn serde_serializes_deep_values_to_a_bound_and_refuses_deeper_ones() {
    use jetwire_json::serde::MAX_SERDE_DEPTH;
    let nested = |depth: usize| {
        let mut value = json!(1);
        for _ in 0..depth {
            value = Value::Array(Array::from(vec![value]));
        }
        value
    };
    let at_bound = nested(MAX_SERDE_DEPTH);
    assert_eq!(serde_json::to_string(&at_bound).unwrap(), at_bound.to_string());
    let err = serde_json::to_string(&nested(MAX_SERDE_DEPTH + 1)).unwrap_err();
    assert!(err.to_string().contains("deeper than 512 levels"), "{err}");
    for value in million_deep() {
        assert!(serde_json::to_string(&value).is_err());
        assert!(jetwire_json::serde::to_vec(&value).is_err());
    }
}

#[test]
fn debug_prints_values_as_serde_json_does() {
    let value = json!({"a": [1, "x", null, true], "b": {}, "c": []});
    assert_eq!(
        format!("{value:?}"),
        r#"Object {"a": Array [Number(1), String("x"), Null, Bool(true)], "b": Object {}, "c": Array []}"#
    );
    assert_eq!(
        format!("{value:#?}"),
        "Object {\n    \"a\": Array [\n        Number(1),\n        String(\"x\"),\n        Null,\n        Bool(true),\n    ],\n    \"b\": Object {},\n    \"c\": Array [],\n}"
    );
    assert_eq!(format!("{:?}", json!(2.5)), "Number(2.5)");
    // Pretty printing indents each level, so its length grows with the square of the depth:
    // a thousand levels show that it does not recurse either.
    let mut deep = json!(null);
    for _ in 0..1000 {
        deep = Value::Array(Array::from(vec![deep]));
    }
    let pretty = std::thread::Builder::new()
        .stack_size(64 * 1024)
        .spawn(move || format!("{deep:#?}"))
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(pretty.lines().count(), 2001);
}
