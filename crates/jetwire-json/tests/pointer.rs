//! Lazy lookups: `get`, `get_many`/`PointerTree` and `get_as` against serde_json's `pointer`
//! on the corpora and JSONTestSuite's accepted files, what is read and what is not, escapes,
//! repeated keys, errors and the depth limit.

mod common;

use common::{BENCH_DIR, suite_files};
use jetwire_json::{Category, PointerTree, ReadOptions, Value, get, get_as, get_many, get_with, json};

/// The JSON Pointer of every value in `value`, in document order: from serde_json's DOM, so
/// that the lookups are checked against an oracle that shares no code with them.
fn all_pointers(value: &serde_json::Value) -> Vec<String> {
    use serde_json::Value;
    let mut out = Vec::new();
    let mut stack = vec![(String::new(), value)];
    while let Some((path, value)) = stack.pop() {
        match value {
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate().rev() {
                    stack.push((format!("{path}/{i}"), item));
                }
            }
            Value::Object(map) => {
                for (key, item) in map.iter().rev() {
                    stack.push((format!("{path}/{}", key.replace('~', "~0").replace('/', "~1")), item));
                }
            }
            _ => {}
        }
        out.push(path);
    }
    out
}

/// The value jetwire found, read by serde_json.
fn read_found(found: jetwire_json::RawValue<'_>) -> serde_json::Value {
    serde_json::from_slice(found.as_bytes()).expect("a found value is JSON")
}

/// Checks every pointer of the document with `get_many`, and with `get` up to `gets` of them
/// spread evenly over the document (each `get` reads the document up to its target, so all of
/// them would take quadratic time on the corpora), against serde_json's `pointer`.
fn check_document(name: &str, json: &[u8], gets: usize) {
    let oracle: serde_json::Value = serde_json::from_slice(json).unwrap();
    let pointers = all_pointers(&oracle);
    for pointer in pointers.iter().step_by(pointers.len().div_ceil(gets).max(1)) {
        let expected = oracle.pointer(pointer).unwrap_or_else(|| panic!("{name}: {pointer}"));
        let found = get(json, pointer).unwrap().unwrap_or_else(|| panic!("{name}: {pointer} not found"));
        assert_eq!(&read_found(found), expected, "{name}: {pointer}");
    }
    // All at once, plus some that are not there, in a scrambled order.
    let mut asked: Vec<&str> = pointers.iter().map(String::as_str).collect();
    asked.reverse();
    asked.push("/no such key");
    asked.push("/0/999999");
    let found = get_many(json, &asked).unwrap();
    assert_eq!(found.len(), asked.len());
    for (pointer, found) in asked.iter().zip(&found) {
        match oracle.pointer(pointer) {
            Some(expected) => assert_eq!(&read_found(found.unwrap()), expected, "{name}: {pointer}"),
            None => assert!(found.is_none(), "{name}: {pointer}"),
        }
    }
}

#[test]
fn agrees_with_serde_json_on_the_corpora() {
    for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
        let json = std::fs::read(format!("{BENCH_DIR}/{name}")).unwrap();
        check_document(name, &json, 200);
    }
}

#[test]
fn agrees_with_serde_json_on_the_suite() {
    for (name, json) in suite_files("y_") {
        // serde_json keeps a repeated key's last value; lookups take the first member.
        if name.contains("duplicated_key") {
            continue;
        }
        // Numbers beyond f64 and lone surrogates, which serde_json refuses.
        let Ok(_) = serde_json::from_slice::<serde_json::Value>(&json) else { continue };
        check_document(&name, &json, usize::MAX);
    }
}

#[test]
fn pointer_syntax() {
    let json = br#"{"a/b": {"m~n": [0, 1]}, "": {"": 5}, "esc\u0061ped": true, "0": "zero"}"#;
    assert_eq!(get(json, "/a~1b/m~0n/1").unwrap().unwrap().as_bytes(), b"1");
    assert_eq!(get(json, "//").unwrap().unwrap().as_bytes(), b"5");
    assert_eq!(get(json, "/escaped").unwrap().unwrap().as_bytes(), b"true");
    assert_eq!(get(json, "/0").unwrap().unwrap().as_bytes(), b"\"zero\"");
    assert_eq!(get(json, "").unwrap().unwrap().as_bytes(), json);
    // Array indices: no leading zeros, no `-`, no signs.
    for pointer in ["/a~1b/m~0n/01", "/a~1b/m~0n/-", "/a~1b/m~0n/+1", "/a~1b/m~0n/2", "/a~1b/x"] {
        assert!(get(json, pointer).unwrap().is_none(), "{pointer}");
    }
    // A scalar has no members.
    assert!(get(json, "/escaped/x").unwrap().is_none());
    let err = get(json, "a").unwrap_err();
    assert_eq!(err.message(), "`a` is not a JSON Pointer: it must be empty or start with `/`");
    assert!(get_many(json, &["/a", "nope"]).is_err());
}

#[test]
fn reads_only_up_to_the_target() {
    // What follows the target is not read: not even malformed JSON.
    let json = br#"{"first": [1, 2], "then": tru"#;
    assert_eq!(get(json, "/first/1").unwrap().unwrap().as_bytes(), b"2");
    let found = get_many(json, &["/first/0", "/first"]).unwrap();
    assert_eq!(found[1].unwrap().as_bytes(), b"[1, 2]");
    // What comes before it is validated.
    let err = get(br#"{"skipped": [1, }, "target": 1}"#, "/target").unwrap_err();
    assert_eq!(err.category(), Category::Syntax);
    // So is the target itself.
    let err = get(br#"{"target": [1, 2"#, "/target").unwrap_err();
    assert!(err.is_eof());
    // Looking for something absent reads the containers it would be in.
    let err = get(br#"{"a": 1, "b": 2, "c": nul}"#, "/zzz").unwrap_err();
    assert_eq!(err.category(), Category::Syntax);
}

#[test]
fn repeated_keys_give_the_first_member() {
    let json = br#"{"a": 1, "a": 2, "b": {"c": 3, "c": 4}}"#;
    assert_eq!(get(json, "/a").unwrap().unwrap().as_bytes(), b"1");
    let found = get_many(json, &["/b/c", "/a"]).unwrap();
    assert_eq!(found[0].unwrap().as_bytes(), b"3");
    assert_eq!(found[1].unwrap().as_bytes(), b"1");
}

#[test]
fn overlapping_and_repeated_pointers() {
    let json = br#"{"a": {"b": [10, 20, {"c": null}], "d": "x"}, "0": [7]}"#;
    let tree = PointerTree::new(&["/a", "/a/b/2/c", "", "/a/b/1", "/a", "/0/0", "/a/b/0/x"]).unwrap();
    assert_eq!(tree.len(), 7);
    let found: Vec<Option<&[u8]>> =
        tree.get_many(json).unwrap().iter().map(|v| v.map(|v| v.as_bytes())).collect();
    assert_eq!(
        found,
        [
            Some(&br#"{"b": [10, 20, {"c": null}], "d": "x"}"#[..]),
            Some(b"null"),
            Some(json),
            Some(b"20"),
            Some(br#"{"b": [10, 20, {"c": null}], "d": "x"}"#),
            Some(b"7"),
            None,
        ]
    );
    assert!(PointerTree::new::<&str>(&[]).unwrap().get_many(json).unwrap().is_empty());
}

#[test]
fn typed_lookups() {
    let json = br#"{"user": {"name": "ada", "langs": ["en", "fr"], "age": "old"}}"#;
    assert_eq!(get_as::<&str, _>(json, "/user/name").unwrap(), Some("ada"));
    assert_eq!(get_as::<Vec<String>, _>(json, "/user/langs").unwrap().unwrap(), ["en", "fr"]);
    assert_eq!(get_as::<Value, _>(json, "/user/langs/1").unwrap(), Some(json!("fr")));
    assert_eq!(get_as::<u8, _>(json, "/user/none").unwrap(), None);
    let err = get_as::<u8, _>(json, "/user/age").unwrap_err();
    assert_eq!((err.path(), err.offset()), ("/user/age", 55));
    let err = get_as::<Vec<u8>, _>(json, "/user/langs").unwrap_err();
    assert_eq!(err.path(), "/user/langs/0");
}

#[test]
fn the_depth_limit_applies() {
    let deep = format!(r#"{{"skip": {}{}, "x": 1}}"#, "[".repeat(500), "]".repeat(500));
    let err = get(&deep, "/x").unwrap_err();
    assert_eq!(err.category(), Category::Limit);
    let err = get_many(&deep, &["/x"]).unwrap_err();
    assert_eq!(err.category(), Category::Limit);
    let options = ReadOptions { max_depth: 1000, ..ReadOptions::default() };
    assert_eq!(get_with(&deep, "/x", options).unwrap().unwrap().as_bytes(), b"1");
    assert_eq!(
        PointerTree::new(&["/x"]).unwrap().get_many_with(&deep, options).unwrap()[0].unwrap().as_bytes(),
        b"1"
    );
    // A pointer deeper than the document is simply not found.
    let pointer = "/0".repeat(100_000);
    assert!(get("[[0]]", &pointer).unwrap().is_none());
    assert!(get_many("[[0]]", &[pointer.as_str()]).unwrap()[0].is_none());
}

#[test]
fn inputs_of_any_byte_container() {
    let text = String::from(r#"{"k": [1]}"#);
    let bytes = text.clone().into_bytes();
    assert_eq!(get(&text, "/k/0").unwrap().unwrap().as_bytes(), b"1");
    assert_eq!(get(&bytes, "/k/0").unwrap().unwrap().as_bytes(), b"1");
    assert_eq!(get(text.as_str(), "/k").unwrap().unwrap().as_str(), Some("[1]"));
}
