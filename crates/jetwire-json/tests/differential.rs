//! Differential tests: jetwire's reader against serde_json on generated documents (same verdict,
//! same values) and on generated mutations of them (same verdict), and the writer's output read
//! back to the same values.
//!
//! The verdicts are expected to differ only where the two libraries' documented rules differ
//! (see `common::serde_should_accept`): serde_json rejects ill-formed UTF-8 and unpaired
//! surrogate escapes, which jetwire's lexical Unicode policy accepts; serde_json accepts one level
//! of nesting less; and without `arbitrary_precision` serde_json rejects numbers beyond the `f64`
//! range, which jetwire's grammar accepts (its `read_f64` refuses them). Rather than filtering
//! such inputs out, each case works out from jetwire's own parse whether one of these applies and
//! asserts serde_json's verdict exactly.

mod common;

use common::{
    Numbers, compare_with_serde, parse, same_values, serde_should_accept, skip_all, tokens_all, write_dom,
};
use jetwire_json::{Indent, ReadOptions, Reader, WriteOptions};
use proptest::prelude::*;

// ---- generators ----------------------------------------------------------------------------------

/// Whitespace as JSON allows it, mostly none.
fn ws() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => Just(String::new()),
        2 => Just(" ".to_owned()),
        1 => Just("\n".to_owned()),
        1 => Just("\t".to_owned()),
        1 => Just("\r\n  ".to_owned()),
    ]
}

/// Numbers in many spellings.
fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|n| n.to_string()),
        any::<u64>().prop_map(|n| n.to_string()),
        (0u32..1000).prop_map(|n| n.to_string()),
        Just("0".to_owned()),
        Just("-0".to_owned()),
        Just("-0.0e0".to_owned()),
        // 17 to 30 digits: beyond u64, and beyond what an f64 holds exactly.
        "-?[1-9][0-9]{16,29}",
        // Fractions.
        "-?(0|[1-9][0-9]{0,12})\\.[0-9]{1,25}",
        // Exponents, some beyond the f64 range in either direction.
        "-?(0|[1-9][0-9]{0,20})(\\.[0-9]{1,20})?[eE][+-]?[0-9]{1,3}",
        any::<f64>().prop_filter("finite", |v| v.is_finite()).prop_map(|v| format!("{v:?}")),
        any::<f64>().prop_filter("finite", |v| v.is_finite()).prop_map(|v| format!("{v:e}")),
    ]
}

/// One piece of string content, already escaped as JSON source.
fn string_piece() -> impl Strategy<Value = String> {
    prop_oneof![
        // Literal characters: anything but `"`, `\` and controls.
        6 => "[a-zA-Z0-9 _/<>&'.-]{1,8}",
        3 => any::<char>()
            .prop_filter("no quote, backslash or control", |c| !matches!(c, '"' | '\\' | '\0'..='\x1F'))
            .prop_map(String::from),
        2 => prop::sample::select(vec!["\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t"]).prop_map(str::to_owned),
        // Escaped controls, BMP characters (in either hex case) and surrogate pairs.
        1 => (0u32..0x20).prop_map(|c| format!("\\u{c:04x}")),
        2 => (any::<char>(), any::<bool>()).prop_map(|(c, upper)| {
            let mut units = [0u16; 2];
            let escaped: String = c.encode_utf16(&mut units).iter().map(|u| format!("\\u{u:04x}")).collect();
            if upper { escaped.to_uppercase().replace("\\U", "\\u") } else { escaped }
        }),
    ]
}

fn string() -> impl Strategy<Value = String> {
    prop::collection::vec(string_piece(), 0..6).prop_map(|pieces| format!("\"{}\"", pieces.concat()))
}

/// A JSON document as text: objects and arrays nested up to 5 deep.
fn document() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        1 => Just("null".to_owned()),
        1 => Just("true".to_owned()),
        1 => Just("false".to_owned()),
        4 => number(),
        4 => string(),
    ];
    let value = leaf.prop_recursive(5, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec((ws(), inner.clone(), ws()), 0..6).prop_map(|items| {
                let items: Vec<String> = items.into_iter().map(|(a, v, b)| format!("{a}{v}{b}")).collect();
                format!("[{}]", items.join(","))
            }),
            prop::collection::vec((ws(), string(), ws(), ws(), inner, ws()), 0..6).prop_map(|properties| {
                let properties: Vec<String> =
                    properties.into_iter().map(|(a, k, b, c, v, d)| format!("{a}{k}{b}:{c}{v}{d}")).collect();
                format!("{{{}}}", properties.join(","))
            }),
        ]
    });
    // One more level, sometimes, so that documents reach 5 deep without growing large.
    let wrapped = (value, 0..4u8, string()).prop_map(|(v, wrap, key)| match wrap {
        0 => format!("[{v}]"),
        1 => format!("{{{key}:{v}}}"),
        _ => v,
    });
    (ws(), wrapped, ws()).prop_map(|(a, v, b)| format!("{a}{v}{b}")).prop_filter("at most 5 deep", |text| {
        // An invalid document is kept, for the properties to report.
        !matches!(parse(text.as_bytes(), ReadOptions::default()), Ok(parsed) if parsed.max_depth > 5)
    })
}

/// A byte edit of a document.
#[derive(Clone, Debug)]
enum Mutation {
    Delete(prop::sample::Index),
    Insert(prop::sample::Index, u8),
    Replace(prop::sample::Index, u8),
    Truncate(prop::sample::Index),
}

/// Bytes that make interesting edits: JSON's own, some that look like it, and any byte at all.
fn edit_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        4 => prop::sample::select(b"{}[],:\"\\0123456789-+.eEtrufalsn \n\tu/xdD".to_vec()),
        1 => any::<u8>(),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => any::<prop::sample::Index>().prop_map(Mutation::Delete),
        3 => (any::<prop::sample::Index>(), edit_byte()).prop_map(|(i, b)| Mutation::Insert(i, b)),
        3 => (any::<prop::sample::Index>(), edit_byte()).prop_map(|(i, b)| Mutation::Replace(i, b)),
        1 => any::<prop::sample::Index>().prop_map(Mutation::Truncate),
    ]
}

fn mutate(document: &str, mutations: &[Mutation]) -> Vec<u8> {
    let mut bytes = document.as_bytes().to_vec();
    for mutation in mutations {
        match *mutation {
            Mutation::Delete(i) if !bytes.is_empty() => {
                bytes.remove(i.index(bytes.len()));
            }
            Mutation::Insert(i, b) => bytes.insert(i.index(bytes.len() + 1), b),
            Mutation::Replace(i, b) if !bytes.is_empty() => {
                let at = i.index(bytes.len());
                bytes[at] = b;
            }
            Mutation::Truncate(i) => bytes.truncate(i.index(bytes.len() + 1)),
            _ => {}
        }
    }
    bytes
}

// ---- properties ----------------------------------------------------------------------------------

/// The typed string read of `input` (one pass: validated and decoded together) against the
/// token's lazy decoding: the same text, or the same error at the same offset. Returns the typed
/// read's result.
fn one_pass_agrees_with_lazy_decoding(
    input: &[u8],
) -> Result<Result<String, jetwire_json::Error>, TestCaseError> {
    let one_pass = Reader::new(input).read_str().map(|text| text.into_owned());
    let lazy = Reader::new(input).read_json_str().map(|raw| raw.decoded().into_owned());
    // Appended to a buffer: the same text after what the buffer held, or the same error with
    // nothing appended.
    let mut buffer = b"held".to_vec();
    let appended = Reader::new(input)
        .read_str_into(&mut buffer)
        .map(|()| String::from_utf8(buffer[4..].to_vec()).expect("appended text is UTF-8"));
    for other in [&lazy, &appended] {
        match (&one_pass, other) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a, b),
            (Err(a), Err(b)) => prop_assert_eq!((a.message(), a.offset()), (b.message(), b.offset())),
            _ => prop_assert!(false, "{:?}: one pass {:?}, other {:?}", input, one_pass, other),
        }
    }
    if appended.is_err() {
        prop_assert_eq!(&buffer, b"held");
    }
    Ok(one_pass)
}

/// [`common::check_differential`], as a property.
fn check_against_serde(input: &[u8]) -> Result<(), TestCaseError> {
    common::check_differential(input, usize::MAX).map_err(TestCaseError::fail)
}

/// The writer's output reads back to the same DOM: exactly, with numbers written as their text;
/// by value, with numbers written from their `f64`.
fn check_writer_round_trip(input: &[u8]) -> Result<(), TestCaseError> {
    let dom = parse(input, ReadOptions::default()).expect("a generated document is valid").dom;
    let pretty = WriteOptions { indent: Some(Indent::Spaces(2)), ..WriteOptions::default() };
    for options in [WriteOptions::default(), pretty] {
        let exact = write_dom(&dom, options, Numbers::Exact);
        let back = parse(&exact, ReadOptions::default()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&back.dom, &dom, "{}", String::from_utf8_lossy(&exact));

        let by_value = write_dom(&dom, options, Numbers::AsF64);
        let back =
            parse(&by_value, ReadOptions::default()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(same_values(&back.dom, &dom), "{}", String::from_utf8_lossy(&by_value));
        // serde_json reads the writer's output the same way (it is plain UTF-8 JSON).
        if serde_should_accept(&Ok(back)) {
            let value: serde_json::Value =
                serde_json::from_slice(&by_value).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let reparsed = parse(&by_value, ReadOptions::default()).expect("read above");
            compare_with_serde(&reparsed.dom, &value, "").map_err(TestCaseError::fail)?;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn generated_documents_read_as_serde_json_reads_them(document in document()) {
        // Every generated document is valid JSON, so both must accept it.
        let parsed = parse(document.as_bytes(), ReadOptions::default());
        prop_assert!(parsed.is_ok(), "{:?}: {:?}", document, parsed.err());
        check_against_serde(document.as_bytes())?;
    }

    #[test]
    fn mutated_documents_get_serde_json_s_verdict(
        document in document(),
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        check_against_serde(&mutate(&document, &mutations))?;
    }

    #[test]
    fn written_documents_read_back_to_the_same_values(document in document()) {
        check_writer_round_trip(document.as_bytes())?;
    }

    /// On one slice, `skip_value` walks containers by their structure, 64 bytes at a time: the
    /// same verdict and the same error as token by token, with generated and mutated documents
    /// at every alignment within a block, after a string that may cross a block's edge.
    #[test]
    fn skipping_by_structure_agrees_with_tokens_at_every_alignment(
        document in document(),
        mutations in prop::collection::vec(mutation(), 0..3),
        pad in 0usize..64,
        before in string(),
    ) {
        let body = if mutations.is_empty() { document.into_bytes() } else { mutate(&document, &mutations) };
        let mut input = format!("[{}{before},", " ".repeat(pad)).into_bytes();
        input.extend_from_slice(&body);
        input.push(b']');
        let by_skip = skip_all(&input, ReadOptions::default());
        let by_tokens = tokens_all(&input, ReadOptions::default());
        match (&by_skip, &by_tokens) {
            (Ok(()), Ok(_)) => {}
            (Err(a), Err(b)) => prop_assert_eq!((a.offset(), a.message()), (b.offset(), b.message())),
            _ => prop_assert!(false, "skip {:?}, tokens {:?}: {:?}", by_skip, by_tokens, String::from_utf8_lossy(&input)),
        }
    }

    /// Many escaped strings through one reader, which decodes them all in one scratch buffer:
    /// short ones after long ones (over the 1 KiB at which a text keeps the buffer), each equal
    /// to its lazy decoding.
    #[test]
    fn one_reader_decodes_a_run_of_escaped_strings(
        strings in prop::collection::vec((string(), 0usize..3), 1..12),
    ) {
        let texts: Vec<String> = strings
            .iter()
            .map(|(s, times)| {
                let content = &s[1..s.len() - 1];
                // Some strings grow past 1 KiB, escapes spread through them.
                let long: String = std::iter::repeat_n(format!("{content}\\n{}", "x".repeat(200)), *times * 3).collect();
                format!("\"{content}{long}\"")
            })
            .collect();
        let document = format!("[{}]", texts.join(","));
        let mut reader = Reader::new(document.as_bytes());
        reader.begin_array().unwrap();
        for text in &texts {
            prop_assert!(reader.next_element().unwrap());
            let expected = Reader::new(text.as_bytes()).read_json_str().unwrap().decoded().into_owned();
            prop_assert_eq!(reader.read_str().unwrap(), expected);
        }
        prop_assert!(!reader.next_element().unwrap());
    }

    /// The typed string read (which validates and decodes an escaped string in one pass) against
    /// the token's lazy decoding and against serde_json, on generated strings and on mutations
    /// of them: the same text, or an error from all three.
    #[test]
    fn one_pass_string_decoding_matches_lazy_decoding_and_serde(
        string in string(),
        mutations in prop::collection::vec(mutation(), 0..3),
    ) {
        let input = if mutations.is_empty() { string.into_bytes() } else { mutate(&string, &mutations) };
        let one_pass = one_pass_agrees_with_lazy_decoding(&input)?;
        // serde_json reads only well-formed Unicode; where it accepts, the texts agree.
        if let Ok(theirs) = serde_json::from_slice::<String>(&input) {
            let mut reader = Reader::new(&input);
            let ours = reader.read_str();
            prop_assert!(ours.is_ok() && reader.finish().is_ok(), "{:?}: {:?}", input, ours.err());
            prop_assert_eq!(one_pass.unwrap(), theirs);
        }
    }
}

proptest! {
    /// Long escaped strings, followed by more input, so that the typed read decodes them a
    /// register at a time (which needs a few registers of input past each step) up to their
    /// end, where the general loop takes over: on generated and mutated strings, the same text
    /// as the token's lazy decoding, or the same error at the same offset.
    #[test]
    fn register_decoding_matches_lazy_decoding(
        pieces in prop::collection::vec(string_piece(), 0..48),
        mutations in prop::collection::vec(mutation(), 0..3),
        after in prop::sample::select(vec!["", "]", " ]", "]                                          "]),
    ) {
        let string = format!("\"{}\"{after}", pieces.concat());
        let input = if mutations.is_empty() { string.into_bytes() } else { mutate(&string, &mutations) };
        let _text = one_pass_agrees_with_lazy_decoding(&input)?;
    }
}

// ---- fixed cases for the documented differences ---------------------------------------------------

#[test]
fn the_documented_differences_are_real() {
    let value = |input: &[u8]| serde_json::from_slice::<serde_json::Value>(input);
    // Ill-formed UTF-8 and unpaired surrogates: serde_json rejects, jetwire accepts.
    for input in [&b"\"\xFF\""[..], b"[\"\\ud800\"]", b"{\"\\udc00\":1}"] {
        assert!(value(input).is_err());
        let parsed = parse(input, ReadOptions::default()).unwrap();
        assert!(!parsed.all_utf8);
        assert!(!serde_should_accept(&Ok(parsed)));
    }
    // Nesting: serde_json accepts 127 levels, jetwire's default 128.
    let nested = |levels: usize| format!("{}{}", "[".repeat(levels), "]".repeat(levels)).into_bytes();
    assert!(value(&nested(127)).is_ok());
    assert!(value(&nested(128)).is_err());
    assert!(skip_all(&nested(128), ReadOptions::default()).is_ok());
    assert!(skip_all(&nested(129), ReadOptions::default()).is_err());
    // Numbers beyond f64: the grammar accepts them; `as_f64` has no value for them.
    let parsed = parse(b"[1e400, -1e400]", ReadOptions::default()).unwrap();
    assert!(!parsed.all_finite);
    assert!(value(b"1e400").is_err(), "serde_json without arbitrary_precision refuses it");
    assert!(Reader::new(b"1e400").read_f64().is_err());
}

#[test]
fn hand_picked_documents_agree() {
    for input in [
        &br#"{"a":1,"a":2}"#[..],
        br#"{"b":[],"a":{}}"#,
        br#"[-0, 0, -0.0, 1E2, 1e-2, 1.0e+2, 123456789012345678901234567890]"#,
        br#"["\u0000\u001f\ud83d\ude00\/\"\\"]"#,
        br#"[18446744073709551615, 18446744073709551616, -9223372036854775808, -9223372036854775809]"#,
        b" \t\r\n[ ] \t\r\n",
        br#"[1,]"#,
        br#"{"a":1,}"#,
        br#"[01]"#,
        br#"[.5]"#,
        br#"[+1]"#,
        br#"[1.]"#,
        br#"[1e]"#,
        br#"["\x"]"#,
        br#"["\u12"]"#,
        b"[\"\t\"]",
        b"[1]\x00",
        br#"[NaN, Infinity]"#,
        br#"{"a" 1}"#,
        br#"nul"#,
        br#"[true false]"#,
    ] {
        check_against_serde(input).unwrap_or_else(|err| panic!("{}: {err}", String::from_utf8_lossy(input)));
    }
}

/// The mutation property is not vacuous: its inputs are accepted and rejected in good numbers,
/// and some of them fall under the lexical Unicode policy's difference.
#[test]
fn mutations_cover_both_verdicts() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    let mut runner = TestRunner::deterministic();
    let strategy = (document(), prop::collection::vec(mutation(), 1..4));
    let (mut accepted, mut rejected, mut policy_differences, mut deepest) = (0, 0, 0, 0);
    for _ in 0..1000 {
        let (document, mutations) = strategy.new_tree(&mut runner).expect("a value").current();
        let parsed =
            parse(document.as_bytes(), ReadOptions::default()).expect("a generated document is valid");
        deepest = deepest.max(parsed.max_depth);
        match parse(&mutate(&document, &mutations), ReadOptions::default()) {
            Ok(parsed) if !parsed.all_utf8 => policy_differences += 1,
            Ok(_) => accepted += 1,
            Err(_) => rejected += 1,
        }
    }
    assert!(accepted >= 50, "{accepted} mutations accepted");
    assert!(rejected >= 300, "{rejected} mutations rejected");
    assert!(policy_differences >= 1, "{policy_differences} mutations under the Unicode policy");
    assert!(deepest >= 5, "documents nest {deepest} deep at most");
    eprintln!(
        "accepted {accepted}, rejected {rejected}, policy differences {policy_differences}, depth {deepest}"
    );
}

/// Every JSONTestSuite file and the three corpora through the checks the `json_differential`
/// fuzz target makes (jetwire's readers against each other and serde_json; the serde bridge
/// against serde_json): the fuzz target's seeds, and a stable run of its checks.
#[test]
fn the_suite_and_the_corpora_pass_the_fuzz_targets_checks() {
    let mut files = common::suite_files("");
    for name in ["canada", "citm_catalog", "twitter"] {
        let path = format!("{}/{name}.json", common::BENCH_DIR);
        files.push((name.to_owned(), std::fs::read(&path).unwrap_or_else(|err| panic!("{path}: {err}"))));
    }
    assert!(files.len() > 300, "{} files", files.len());
    let failures: Vec<String> = files
        .iter()
        .filter_map(|(name, bytes)| {
            common::check_differential(bytes, 400).err().map(|err| format!("{name}: {err}"))
        })
        .collect();
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}
