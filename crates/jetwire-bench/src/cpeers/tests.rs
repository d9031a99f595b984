//! The FFI layer against documents whose values are known: what each C peer reads and writes
//! back holds exactly the input's values, invalid documents are refused, limits are told apart.

use super::{Padded, SimdjsonDom, SimdjsonOnDemand, YyjsonDoc};
use crate::check::{self, Tree};

/// Escapes, unicode (escaped, raw, a surrogate pair), and integers and floats at the edges.
const SAMPLE: &str = r#" {"text": "tab\t \"quoted\" back\\slash \/ \u0001 caf\u00e9 \ud83d\ude00 Zoë 日本",
    "numbers": [0, -1, 9223372036854775807, -9223372036854775808, 18446744073709551615,
                1.5, -0.000125, 6.02214076e23, 1E-7, 2.2250738585072014e-308, 1.7976931348623157e308,
                0.1, 3.0],
    "nested": {"empty": {}, "none": [], "flags": [true, false, null]}, "": "empty key"} "#;

/// Roots that are empty containers or scalars.
const ROOTS: [&str; 9] = ["[]", "{}", "0", "-1.5e3", "\"\"", "\"s\"", "true", "false", "null"];

fn tree(text: &[u8]) -> Tree {
    check::parse(text).unwrap_or_else(|e| panic!("{}: {e}", String::from_utf8_lossy(text)))
}

/// Every C peer reads `json` into exactly its values, counts them as the checks do, and writes
/// them back out exactly.
fn round_trip(json: &str) {
    let expected = tree(json.as_bytes());
    let input = Padded::new(json.as_bytes());
    assert_eq!(input.json(), json.as_bytes());

    let mut dom = SimdjsonDom::new();
    dom.parse(&input).unwrap();
    assert_eq!(dom.count(&input).unwrap(), expected.value_count(), "{json}");
    let written = dom.to_json(&input).unwrap();
    assert!(check::compare(&expected, &tree(&written)).is_empty(), "simdjson wrote {:?}", &*written);

    let walk = SimdjsonOnDemand::new().walk(&input).unwrap();
    assert_eq!(walk.values, expected.value_count(), "{json}");

    let doc = YyjsonDoc::read(json.as_bytes()).unwrap();
    assert_eq!(doc.value_count(), expected.value_count(), "{json}");
    let written = doc.write().unwrap();
    assert!(check::compare(&expected, &tree(&written)).is_empty(), "yyjson wrote {:?}", &*written);
}

#[test]
fn escapes_unicode_and_numbers_round_trip() {
    round_trip(SAMPLE);
}

#[test]
fn empty_and_scalar_roots_round_trip() {
    for root in ROOTS {
        round_trip(root);
    }
}

#[test]
fn a_parser_is_reused_across_documents() {
    let mut dom = SimdjsonDom::new();
    let mut on_demand = SimdjsonOnDemand::new();
    for json in [SAMPLE, "[1,2,3]", "{}", SAMPLE] {
        let input = Padded::new(json.as_bytes());
        let count = tree(json.as_bytes()).value_count();
        assert_eq!(dom.count(&input).unwrap(), count);
        assert_eq!(on_demand.walk(&input).unwrap().values, count);
    }
}

/// Each C peer's verdict on `json`: DOM, On-Demand, yyjson.
fn verdicts(json: &[u8]) -> [Result<(), super::Error>; 3] {
    let input = Padded::new(json);
    [
        SimdjsonDom::new().parse(&input),
        SimdjsonOnDemand::new().walk(&input).map(|_| ()),
        YyjsonDoc::read(json).map(|_| ()),
    ]
}

#[test]
fn invalid_documents_are_refused() {
    let invalid: [&[u8]; 16] = [
        b"",
        b"   ",
        b"[1,2",
        b"[1,]",
        b"{\"a\":}",
        b"{\"a\" 1}",
        b"{\"a\":1}x",
        b"[1] [2]",
        b"tru",
        b"01",
        b"1.",
        b"NaN",
        b"\"unterminated",
        b"\"control \x01 byte\"",
        b"\"bad \\x escape\"",
        b"\"not utf-8 \xff\"",
    ];
    for json in invalid {
        assert!(check::parse(json).is_err(), "{:?}", String::from_utf8_lossy(json));
        for (peer, verdict) in ["simdjson (DOM)", "simdjson (On-Demand)", "yyjson"].iter().zip(verdicts(json))
        {
            let err = verdict.expect_err(&format!("{peer} accepts {:?}", String::from_utf8_lossy(json)));
            assert!(!err.beyond_limits, "{peer}: {err}");
            assert!(!err.message.is_empty());
        }
    }
}

#[test]
fn a_truncated_corpus_is_refused() {
    let corpus = include_bytes!("../../../../testdata/json-benchmark/twitter.json").trim_ascii_end();
    assert!(verdicts(corpus).iter().all(Result::is_ok));
    let broken = &corpus[..corpus.len() - 1];
    for verdict in verdicts(broken) {
        assert!(verdict.is_err());
    }
}

#[test]
fn documents_beyond_simdjsons_limits_are_told_apart_from_invalid_ones() {
    let big = Padded::new(b"[123456789012345678901234567890]");
    let err = SimdjsonDom::new().parse(&big).unwrap_err();
    assert!(err.beyond_limits, "{err}");
    let deep = "[".repeat(2000) + &"]".repeat(2000);
    let err = SimdjsonDom::new().parse(&Padded::new(deep.as_bytes())).unwrap_err();
    assert!(err.beyond_limits, "{err}");
    assert_eq!(err.library, "simdjson");
}

#[test]
fn the_summary_names_both_peers() {
    let summary = super::summary();
    assert!(summary.starts_with("C/C++ peers: simdjson 4.6.4 ("), "{summary}");
    assert!(summary.contains("yyjson 0.10.0"), "{summary}");
    let (dom, on_demand) = super::built::kernels();
    for kernel in [dom, on_demand] {
        assert!(
            !kernel.is_empty() && kernel.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'),
            "{kernel:?}"
        );
    }
}
