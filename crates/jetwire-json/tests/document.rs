//! The tape document: every file and generated document parses to what a `Value` read gives
//! (value, verdict, error), writes back as the `Value` writes it, answers every query as the
//! `Value` does; a warm parser allocates nothing; no depth of document overflows the stack.

mod common;
#[path = "common/counting.rs"]
mod counting;

use common::{BENCH_DIR, SUITE_DIR, suite_files};
use counting::allocations_in;
use jetwire_json::document::{Kind, Node, Parser};
use jetwire_json::{Category, ReadOptions, Value, WriteOptions};
use proptest::prelude::*;

// ---- the checks ---------------------------------------------------------------------------------

/// Whether the text has an object with a repeated key (where a `Value` keeps one member and the
/// document both).
fn has_repeated_key(node: Node<'_>) -> bool {
    let mut pending = vec![node];
    while let Some(node) = pending.pop() {
        if let Some(members) = node.members() {
            let mut keys: Vec<&str> = members.clone().map(|(key, _)| key).collect();
            let count = keys.len();
            keys.sort_unstable();
            keys.dedup();
            if keys.len() != count {
                return true;
            }
            pending.extend(members.map(|(_, value)| value));
        }
        pending.extend(node.elements().into_iter().flatten());
    }
    false
}

/// Checks that `node` answers every query as `value` does, all the way down.
fn same_answers(node: Node<'_>, value: &Value, path: &str) {
    assert_eq!(node.is_null(), value.is_null(), "{path}");
    assert_eq!(node.as_bool(), value.as_bool(), "{path}");
    assert_eq!(node.as_u64(), value.as_u64(), "{path}");
    assert_eq!(node.as_i64(), value.as_i64(), "{path}");
    assert_eq!(node.as_f64().map(f64::to_bits), value.as_f64().map(f64::to_bits), "{path}");
    assert_eq!(node.as_number().as_ref(), value.as_number(), "{path}");
    assert_eq!(node.as_str(), value.as_str(), "{path}");
    let kind = match value {
        Value::Null => Kind::Null,
        Value::Bool(_) => Kind::Bool,
        Value::Number(_) => Kind::Number,
        Value::String(_) => Kind::String,
        Value::Array(_) => Kind::Array,
        Value::Object(_) => Kind::Object,
    };
    assert_eq!(node.kind(), kind, "{path}");
    match value {
        Value::Array(items) => {
            assert_eq!(node.len(), Some(items.len()), "{path}");
            assert_eq!(node.elements().unwrap().len(), items.len(), "{path}");
            for (i, (child, item)) in node.elements().unwrap().zip(items.iter()).enumerate() {
                let path = format!("{path}/{i}");
                same_answers(child, item, &path);
                assert_eq!(node.at(i).map(|n| n.to_value()), Some(item.clone()), "{path}");
            }
            assert!(node.at(items.len()).is_none());
        }
        Value::Object(map) => {
            for (key, item) in map {
                let escaped = key.replace('~', "~0").replace('/', "~1");
                let path = format!("{path}/{escaped}");
                same_answers(node.get(key).expect("every key is found"), item, &path);
                assert_eq!(node.pointer(&format!("/{escaped}")).map(|n| n.to_value()), Some(item.clone()));
            }
            assert!(node.get("\u{0}no such key\u{0}").is_none());
        }
        _ => assert_eq!(node.len(), None),
    }
}

/// Checks a document against the `Value` read of the same text: the verdict and the error, the
/// value, the written text, the answers.
fn check_document(parser: &mut Parser, input: &[u8], options: ReadOptions) -> Result<(), String> {
    let expected = jetwire_json::from_slice_with::<Value>(input, options);
    let name = String::from_utf8_lossy(&input[..input.len().min(60)]).into_owned();
    let doc = match (parser.parse(input), expected) {
        (Err(ours), Err(theirs)) => {
            return if ours.to_string() == theirs.to_string() && ours.category() == theirs.category() {
                Ok(())
            } else {
                Err(format!("{name}: document error `{ours}`, value error `{theirs}`"))
            };
        }
        (Ok(doc), Err(err)) => return Err(format!("{name}: document {doc}, value error `{err}`")),
        (Err(err), Ok(_)) => return Err(format!("{name}: document error `{err}`, value read")),
        (Ok(doc), Ok(value)) => (doc, value),
    };
    let (doc, value) = doc;
    if doc.to_value() != value {
        return Err(format!("{name}: to_value {} differs from {value}", doc.to_value()));
    }
    if !has_repeated_key(doc) {
        let (ours, theirs) = (jetwire_json::to_string(&doc), jetwire_json::to_string(&value));
        if ours.as_ref().ok() != theirs.as_ref().ok() {
            return Err(format!("{name}: written {ours:?}, the value writes {theirs:?}"));
        }
        let (ours, theirs) = (format!("{doc:#}"), format!("{value:#}"));
        if ours != theirs {
            return Err(format!("{name}: pretty {ours}, the value {theirs}"));
        }
        // The compact pass into a stream (drained between parts) and the token path (escaping
        // options the pass does not take) give what the value's writer gives.
        let mut streamed = Vec::new();
        jetwire_json::to_io_writer(&mut streamed, &doc).map_err(|e| e.to_string())?;
        if jetwire_json::to_vec(&value).ok() != Some(streamed) {
            return Err(format!("{name}: streamed write differs from the value's"));
        }
        for options in [
            WriteOptions { ascii_only: true, ..WriteOptions::default() },
            WriteOptions { html_safe: true, ..WriteOptions::default() },
        ] {
            let ours = jetwire_json::to_vec_with(&doc, options).map_err(|e| e.to_string());
            if ours != jetwire_json::to_vec_with(&value, options).map_err(|e| e.to_string()) {
                return Err(format!("{name}: written with escaping options, differs from the value"));
            }
        }
    }
    same_answers(doc, &value, "");
    Ok(())
}

// ---- conformance and corpora --------------------------------------------------------------------

#[test]
fn every_conformance_file_parses_as_a_value_reads_it() {
    // Strict Unicode too: ill-formed UTF-8 and lone surrogate escapes (the `i_` files) are then
    // errors, raised as each string is read.
    let strict = ReadOptions { strict_unicode: true, ..ReadOptions::default() };
    let mut parsers = [(Parser::new(), ReadOptions::default()), (Parser::with_options(strict), strict)];
    let mut failures = Vec::new();
    let mut count = 0;
    for prefix in ["y_", "n_", "i_"] {
        for (name, bytes) in suite_files(prefix) {
            count += 1;
            for (parser, options) in &mut parsers {
                if let Err(err) = check_document(parser, &bytes, *options) {
                    failures.push(format!("{name} (strict_unicode: {}): {err}", options.strict_unicode));
                }
            }
        }
    }
    assert!(count > 300, "the suite is in {SUITE_DIR}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn corpora_parse_as_a_value_reads_them() {
    let mut parser = Parser::new();
    for name in ["canada.json", "citm_catalog.json", "twitter.json"] {
        let bytes = std::fs::read(format!("{BENCH_DIR}/{name}")).unwrap();
        check_document(&mut parser, &bytes, ReadOptions::default()).unwrap();
    }
}

#[test]
fn a_warm_parser_allocates_nothing_and_holds_a_bounded_tape() {
    for name in ["canada.json", "citm_catalog.json", "twitter.json"] {
        let mut parser = Parser::new();
        let bytes = std::fs::read(format!("{BENCH_DIR}/{name}")).unwrap();
        // Warm: the buffers have grown to what this document needs (the decoded text's
        // growth can take one more parse to settle).
        parser.parse(&bytes).unwrap();
        parser.parse(&bytes).unwrap();
        let allocations = allocations_in(|| {
            parser.parse(&bytes).unwrap();
        });
        assert_eq!(allocations, 0, "{name}");
        // A slot of 16 bytes per value and per key, and the decoded text: about 2 bytes per
        // input byte on these documents.
        eprintln!("{name}: {} bytes held for {}", parser.heap_bytes(), bytes.len());
        assert!(parser.heap_bytes() <= bytes.len() * 3, "{name}: {} bytes held", parser.heap_bytes());
    }
    // The positive control: a cold parser does allocate.
    let mut cold = Parser::new();
    assert!(
        allocations_in(|| {
            cold.parse(b"[1, \"a\\n\"]").unwrap();
        }) > 0
    );
}

#[test]
fn ten_million_values_take_a_few_allocations() {
    let input = format!("[{}0]", "0,".repeat(10_000_000));
    let mut parser = Parser::new();
    let allocations = allocations_in(|| {
        let doc = parser.parse(input.as_bytes()).unwrap();
        assert_eq!(doc.len(), Some(10_000_001));
    });
    assert!(allocations < 64, "{allocations} allocations");
}

// ---- hand-picked cases --------------------------------------------------------------------------

#[test]
fn strings_borrow_from_the_input_or_are_decoded() {
    let input = br#"["plain", "tab\there", "\ud83d\ude00", "\ud800 alone", "caf\u00e9"]"#;
    let mut parser = Parser::new();
    let doc = parser.parse(input).unwrap();
    let texts: Vec<&str> = doc.elements().unwrap().map(|n| n.as_str().unwrap()).collect();
    assert_eq!(texts, ["plain", "tab\there", "😀", "\u{FFFD} alone", "café"]);
    // A plain string is the input's own bytes.
    let plain = doc.at(0).unwrap().as_str().unwrap();
    assert!(input.as_ptr_range().contains(&plain.as_ptr()));
    // Ill-formed UTF-8 reads as U+FFFD, as a Value reads it.
    let doc = parser.parse(b"[\"a\xffb\"]").unwrap();
    assert_eq!(doc.at(0).unwrap().as_str(), Some("a\u{FFFD}b"));
}

#[test]
fn numbers_keep_their_text_and_answer_as_a_value_does() {
    let input = b"[0, -1, 18446744073709551615, 18446744073709551616, -9223372036854775808, \
        -9223372036854775809, -0, 1.50, 1e2, 1E-400, 1e400, 123456789012345678901234567890.5]";
    check_document(&mut Parser::new(), input, ReadOptions::default()).unwrap();
    let mut parser = Parser::new();
    let doc = parser.parse(input).unwrap();
    assert_eq!(doc.at(2).unwrap().as_u64(), Some(u64::MAX));
    assert_eq!(doc.at(4).unwrap().as_i64(), Some(i64::MIN));
    assert_eq!(doc.at(6).unwrap().as_f64().map(f64::to_bits), Some((-0.0f64).to_bits()));
    assert_eq!(doc.at(10).unwrap().as_f64(), None);
    assert_eq!(doc.at(10).unwrap().number_text(), Some("1e400"));
    // A number longer than a slot stores is measured again from its start.
    let long = format!("[{}1]", "1".repeat(70_000));
    let doc = parser.parse(long.as_bytes()).unwrap();
    assert_eq!(doc.at(0).unwrap().number_text().map(str::len), Some(70_001));
    assert_eq!(doc.to_string(), long);
}

#[test]
fn repeated_keys_are_kept_as_written_and_the_last_one_answers() {
    let mut parser = Parser::new();
    let doc = parser.parse(br#"{"a": 1, "b": 2, "a": 3}"#).unwrap();
    assert_eq!(doc.len(), Some(3));
    assert_eq!(doc.get("a").unwrap().as_u64(), Some(3));
    assert_eq!(doc.to_string(), r#"{"a":1,"b":2,"a":3}"#);
    assert_eq!(doc.to_value().to_string(), r#"{"a":3,"b":2}"#);
}

#[test]
fn empty_containers_and_scalar_roots_write_and_convert() {
    let mut parser = Parser::new();
    for text in ["[]", "{}", "[[]]", r#"{"a":{}}"#, r#"[{},[],{"b":[{}]}]"#, "1", "\"s\"", "null", "true"] {
        let doc = parser.parse(text.as_bytes()).unwrap();
        assert_eq!(doc.to_string(), text);
        assert_eq!(doc.to_value().to_string(), text);
        assert_eq!(doc, jetwire_json::from_str::<Value>(text).unwrap());
    }
}

#[test]
fn errors_name_what_was_expected_found_and_where() {
    let mut parser = Parser::new();
    for (input, message) in [
        (&b"[1, 2"[..], "expected `,` or `]`, found end of input at line 1, column 6 (byte 5)"),
        (b"{\"a\" 1}", "expected `:` after the property name, found `1` at line 1, column 6 (byte 5)"),
        (b"[1] x", "expected end of input after the JSON value, found `x` at line 1, column 5 (byte 4)"),
        (b"", "expected a value, found end of input at line 1, column 1 (byte 0)"),
    ] {
        let err = parser.parse(input).unwrap_err();
        let value_err = jetwire_json::from_slice::<Value>(input).unwrap_err();
        assert_eq!(err.to_string(), value_err.to_string());
        assert_eq!(err.to_string(), message);
    }
    // The parser is whole again after an error.
    assert_eq!(parser.parse(b"[1]").unwrap().to_string(), "[1]");
}

#[test]
fn depth_is_limited_and_a_million_levels_parse_write_and_convert_without_recursion() {
    let deep = "[".repeat(1_000_000) + &"]".repeat(1_000_000);
    let err = Parser::new().parse(deep.as_bytes()).unwrap_err();
    assert_eq!(err.category(), Category::Limit);

    let options = ReadOptions { max_depth: usize::MAX, ..ReadOptions::default() };
    let mut parser = Parser::with_options(options);
    let objects = r#"{"a":"#.repeat(1_000_000) + "null" + &"}".repeat(1_000_000);
    for text in [&deep, &objects] {
        let doc = parser.parse(text.as_bytes()).unwrap();
        assert_eq!(&doc.to_string(), text);
        let value = doc.to_value();
        assert!(doc == value);
        drop(value);
        let mut node = doc;
        let mut depth = 0;
        while let Some(child) = node.elements().and_then(|mut e| e.next()).or_else(|| node.get("a")) {
            node = child;
            depth += 1;
        }
        assert_eq!(depth, if text == &deep { 999_999 } else { 1_000_000 });
    }
}

// ---- generated documents ------------------------------------------------------------------------

/// JSON text of many shapes: every kind of value, escapes and non-ASCII text, numbers of every
/// form, repeated keys, deep and wide containers, whitespace between tokens.
fn json_text() -> impl Strategy<Value = String> {
    let number = prop_oneof![
        any::<i64>().prop_map(|n| n.to_string()),
        any::<u64>().prop_map(|n| n.to_string()),
        any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(|f| format!("{f:?}")),
        "-?(0|[1-9][0-9]{0,30})(\\.[0-9]{1,25})?([eE][+-]?[0-9]{1,3})?",
    ];
    let string = prop_oneof![
        "[a-z]{0,12}",
        "[ -~]{0,20}".prop_map(|s| s.replace('\\', "\\\\").replace('"', "\\\"")),
        "(\\\\[nrtbf\"/\\\\]|\\\\u00[0-7][0-9a-f]|\\\\ud83d\\\\ude00|\\\\ud800|é|日本|[a-z]){0,10}",
    ]
    .prop_map(|s| format!("\"{s}\""));
    let leaf = prop_oneof![
        Just("null".to_owned()),
        Just("true".to_owned()),
        Just("false".to_owned()),
        number,
        string.clone(),
    ];
    leaf.prop_recursive(6, 96, 8, move |inner| {
        let key = prop_oneof![Just("\"k\"".to_owned()), "\"[a-c]{1,2}\"", "\"(a|\\\\n|é|~|/){1,3}\""];
        prop_oneof![
            (prop::collection::vec(inner.clone(), 0..8), " {0,2}")
                .prop_map(|(items, space)| format!("[{space}{}]", items.join(&format!(",{space}")))),
            prop::collection::vec((key, inner), 0..8).prop_map(|members| {
                let members: Vec<String> = members.into_iter().map(|(k, v)| format!("{k}: {v}")).collect();
                format!("{{{}}}", members.join(", "))
            }),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn generated_documents_parse_as_a_value_reads_them(text in json_text()) {
        let mut parser = Parser::new();
        check_document(&mut parser, text.as_bytes(), ReadOptions::default()).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn generated_documents_with_a_byte_cut_or_changed_fail_as_a_value_read_does(
        text in json_text(), at in any::<prop::sample::Index>(), byte in any::<u8>(), cut in any::<bool>(),
    ) {
        let mut bytes = text.into_bytes();
        let at = at.index(bytes.len());
        if cut { bytes.truncate(at) } else { bytes[at] = byte }
        check_document(&mut Parser::new(), &bytes, ReadOptions::default()).map_err(TestCaseError::fail)?;
    }
}
