//! Hostile input: random bytes never panic, deep nesting is a limit error and never a stack
//! overflow, errors say exactly what and where, and the lenient reader options do only what they
//! say.

use std::collections::BTreeMap;

use jetwire_json::{Category, FromJson, ReadOptions, Reader, Result, from_slice, from_slice_with};
use proptest::prelude::*;

// ---- random bytes ----------------------------------------------------------------------------------

/// Checks that an error points inside the input, at a real line and column.
fn check_error_position(input: &[u8], err: &jetwire_json::Error) -> std::result::Result<(), TestCaseError> {
    prop_assert!(err.offset() <= input.len(), "offset {} past the end: {err}", err.offset());
    prop_assert!(err.line() >= 1 && err.column() >= 1, "{err}");
    let newlines = input[..err.offset()].iter().filter(|&&b| b == b'\n').count();
    prop_assert_eq!(err.line(), newlines + 1);
    prop_assert!(!err.message().is_empty());
    Ok(())
}

/// Runs every reading entry point over `input`: none may panic, their verdicts must agree, and
/// what they accept must hold together.
fn read_every_way(input: &[u8]) -> std::result::Result<(), TestCaseError> {
    // next_token to the end.
    let mut reader = Reader::new(input);
    let by_tokens = loop {
        match reader.next_token() {
            Ok(Some(_)) => prop_assert!(reader.depth() <= 128),
            Ok(None) => break Ok(()),
            Err(err) => break Err(err),
        }
    };
    // skip_value + finish.
    let mut reader = Reader::new(input);
    let by_skip = reader.skip_value().and_then(|()| reader.finish());
    match (&by_tokens, &by_skip) {
        (Ok(()), Ok(())) => {}
        (Err(a), Err(b)) => {
            prop_assert_eq!((a.category(), a.offset(), a.message()), (b.category(), b.offset(), b.message()));
            check_error_position(input, a)?;
        }
        _ => prop_assert!(false, "next_token {:?} but skip_value {:?}", by_tokens, by_skip),
    }
    // raw_value: the bytes it returns are themselves one valid value.
    let mut reader = Reader::new(input);
    match reader.raw_value() {
        Ok(raw) => {
            let mut again = Reader::new(raw);
            again.skip_value().map_err(|e| TestCaseError::fail(e.to_string()))?;
            again.finish().map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(reader.finish().is_ok(), by_skip.is_ok());
        }
        Err(err) => {
            prop_assert!(by_skip.is_err());
            check_error_position(input, &err)?;
        }
    }
    // Typed reads: what they accept is valid JSON.
    match from_slice::<Vec<Option<String>>>(input) {
        Ok(items) => {
            prop_assert!(by_skip.is_ok());
            prop_assert!(jetwire_json::to_vec(&items).is_ok());
        }
        Err(err) => check_error_position(input, &err)?,
    }
    match from_slice::<BTreeMap<String, Vec<f64>>>(input) {
        Ok(map) => {
            prop_assert!(by_skip.is_ok());
            prop_assert!(map.values().flatten().all(|v| v.is_finite()));
        }
        Err(err) => check_error_position(input, &err)?,
    }
    Ok(())
}

/// Bytes that are mostly JSON's alphabet, so that the reader gets past the first byte.
fn jsonish_bytes() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        8 => prop::sample::select(b"{}[],:\"\\ \n0123456789-+.eEtrufalsn/*u".to_vec()),
        1 => any::<u8>(),
    ];
    prop::collection::vec(byte, 0..64)
}

/// A valid prefix followed by random bytes: deeper into the grammar before things go wrong.
fn prefixed_bytes() -> impl Strategy<Value = Vec<u8>> {
    let prefix = prop::sample::select(vec![
        &b"["[..],
        b"{\"",
        b"[{\"a\":[",
        b"{\"a\":",
        b"[\"",
        b"[1,",
        b"[\"\\u",
        b"{\"k\":[1.5e",
        b"[[[[[[[[",
    ]);
    (prefix, prop::collection::vec(any::<u8>(), 0..32))
        .prop_map(|(prefix, rest)| [prefix, &rest[..]].concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn uniform_random_bytes_never_panic(input in prop::collection::vec(any::<u8>(), 0..48)) {
        read_every_way(&input)?;
    }

    #[test]
    fn jsonish_random_bytes_never_panic(input in jsonish_bytes()) {
        read_every_way(&input)?;
    }

    #[test]
    fn random_bytes_after_a_valid_prefix_never_panic(input in prefixed_bytes()) {
        read_every_way(&input)?;
    }
}

// ---- deep nesting ----------------------------------------------------------------------------------

const LEVELS: usize = 100_000;

/// A type as deep as its JSON: arrays of itself.
#[derive(Debug)]
struct Nested(#[allow(dead_code)] Vec<Nested>);

impl<'de> FromJson<'de> for Nested {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        Vec::from_json(reader).map(Nested)
    }
}

/// A type as deep as its JSON: objects of itself.
#[derive(Debug)]
struct NestedMap(#[allow(dead_code)] BTreeMap<String, NestedMap>);

impl<'de> FromJson<'de> for NestedMap {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        BTreeMap::from_json(reader).map(NestedMap)
    }
}

fn assert_depth_limit(err: &jetwire_json::Error, limit: usize, offset: usize) {
    assert_eq!(err.category(), Category::Limit, "{err}");
    assert_eq!(err.message(), format!("nesting deeper than the limit of {limit}"));
    assert_eq!(err.offset(), offset);
}

#[test]
fn deep_arrays_are_a_limit_error_on_every_path() {
    let input = "[".repeat(LEVELS).into_bytes();
    let mut reader = Reader::new(&input);
    let err = loop {
        match reader.next_token() {
            Ok(_) => assert!(reader.depth() <= 128),
            Err(err) => break err,
        }
    };
    assert_depth_limit(&err, 128, 128);
    assert_depth_limit(&Reader::new(&input).skip_value().unwrap_err(), 128, 128);
    assert_depth_limit(&Reader::new(&input).raw_value().unwrap_err(), 128, 128);
    assert_depth_limit(&from_slice::<Nested>(&input).unwrap_err(), 128, 128);
    // And with the brackets closed: the limit applies before the end is seen.
    let closed = format!("{}{}", "[".repeat(LEVELS), "]".repeat(LEVELS)).into_bytes();
    assert_depth_limit(&Reader::new(&closed).skip_value().unwrap_err(), 128, 128);
    assert_depth_limit(&from_slice::<Nested>(&closed).unwrap_err(), 128, 128);
}

#[test]
fn deep_objects_are_a_limit_error_on_every_path() {
    let input = "{\"a\":".repeat(LEVELS).into_bytes();
    // The 129th `{` is at 128 * 5.
    let offset = 128 * 5;
    let mut reader = Reader::new(&input);
    let err = loop {
        match reader.next_token() {
            Ok(_) => assert!(reader.depth() <= 128),
            Err(err) => break err,
        }
    };
    assert_depth_limit(&err, 128, offset);
    assert_depth_limit(&Reader::new(&input).skip_value().unwrap_err(), 128, offset);
    assert_depth_limit(&Reader::new(&input).raw_value().unwrap_err(), 128, offset);
    assert_depth_limit(&from_slice::<NestedMap>(&input).unwrap_err(), 128, offset);
    let err = from_slice::<NestedMap>(&input).unwrap_err();
    assert!(err.path().starts_with("/a/a/a/"), "{}", err.path());
}

#[test]
fn the_limit_is_exact() {
    for limit in [1, 2, 64, 65, 128, 129, 1000] {
        let options = ReadOptions { max_depth: limit, ..ReadOptions::default() };
        let ok = format!("{}{}", "[".repeat(limit), "]".repeat(limit));
        Reader::with_options(ok.as_bytes(), options).skip_value().unwrap();
        from_slice_with::<Nested>(ok.as_bytes(), options).unwrap();
        let deeper = format!("[{ok}]");
        assert_depth_limit(
            &Reader::with_options(deeper.as_bytes(), options).skip_value().unwrap_err(),
            limit,
            limit,
        );
    }
    let options = ReadOptions { max_depth: 0, ..ReadOptions::default() };
    Reader::with_options(b"1", options).skip_value().unwrap();
    assert_depth_limit(&Reader::with_options(b"[]", options).skip_value().unwrap_err(), 0, 0);
}

#[test]
fn a_raised_limit_reads_deep_documents_without_recursion() {
    let options = ReadOptions { max_depth: 1_000_000, ..ReadOptions::default() };
    let mut input = "[".repeat(LEVELS);
    input.push_str("\"deepest\"");
    input.push_str(&"]".repeat(LEVELS));
    let input = input.into_bytes();

    let mut reader = Reader::with_options(&input, options);
    let (mut tokens, mut deepest) = (0, 0);
    while let Some(_token) = reader.next_token().unwrap() {
        tokens += 1;
        deepest = deepest.max(reader.depth());
    }
    assert_eq!((tokens, deepest), (2 * LEVELS + 1, LEVELS));

    let mut reader = Reader::with_options(&input, options);
    reader.skip_value().unwrap();
    reader.finish().unwrap();

    let mut reader = Reader::with_options(&input, options);
    assert_eq!(reader.raw_value().unwrap(), &input[..]);
    reader.finish().unwrap();

    // Mixed objects and arrays: the bit stack remembers which is which at every level.
    let mut mixed = String::new();
    for level in 0..LEVELS {
        mixed.push_str(if level % 3 == 0 { "{\"k\":" } else { "[" });
    }
    mixed.push_str("null");
    for level in (0..LEVELS).rev() {
        mixed.push(if level % 3 == 0 { '}' } else { ']' });
    }
    let mut reader = Reader::with_options(mixed.as_bytes(), options);
    reader.skip_value().unwrap();
    reader.finish().unwrap();
    // A wrong closer deep inside is found.
    let mut broken = mixed.into_bytes();
    let inner_closer = broken.len() - LEVELS + 10;
    broken[inner_closer] = if broken[inner_closer] == b']' { b'}' } else { b']' };
    let err = Reader::with_options(&broken, options).skip_value().unwrap_err();
    assert_eq!((err.category(), err.offset()), (Category::Syntax, inner_closer));
}

// ---- error messages --------------------------------------------------------------------------------

/// `(input, category, message, offset, line, column)`.
type ErrorCase = (&'static [u8], Category, &'static str, usize, usize, usize);

#[rustfmt::skip]
const ERRORS: &[ErrorCase] = &[
    (
        b"[1,]",
        Category::Syntax,
        "expected a value, found `]`: a trailing comma is not JSON (`ReadOptions::allow_trailing_commas` accepts it)",
        3,
        1,
        4,
    ),
    (b"{\"a\" 1}", Category::Syntax, "expected `:` after the property name, found `1`", 5, 1, 6),
    (
        b"{\"a\":1,}",
        Category::Syntax,
        "expected a property name, found `}`: a trailing comma is not JSON (`ReadOptions::allow_trailing_commas` accepts it)",
        7,
        1,
        8,
    ),
    (b"[1 2]", Category::Syntax, "expected `,` or `]`, found `2`", 3, 1, 4),
    (b"{\"a\":1 \"b\":2}", Category::Syntax, "expected `,` or `}`, found a string", 7, 1, 8),
    (b"[1,,2]", Category::Syntax, "expected a value, found `,`", 3, 1, 4),
    (b"{1:2}", Category::Syntax, "expected a property name or `}`, found `1`", 1, 1, 2),
    (b"[1:2]", Category::Syntax, "expected `,` or `]`, found `:`", 2, 1, 3),
    (b"]", Category::Syntax, "expected a value, found `]`", 0, 1, 1),
    (b"[1]]", Category::Syntax, "expected end of input after the JSON value, found `]`", 3, 1, 4),
    (b"\"\\x\"", Category::Syntax, "expected an escape (one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u), found \\ followed by `x`", 1, 1, 2),
    (b"\"\\u12G4\"", Category::Syntax, "expected a hex digit in a `\\u` escape, found `G`", 5, 1, 6),
    (b"\"abc", Category::Eof, "expected `\"` to end the string, found end of input", 4, 1, 5),
    (b"\"\\", Category::Eof, "expected `\"` to end the string, found end of input", 2, 1, 3),
    (b"\"\\u00", Category::Eof, "expected `\"` to end the string, found end of input", 5, 1, 6),
    (b"01", Category::Syntax, "expected a number, found one with a leading zero (`0` may not be followed by digits)", 0, 1, 1),
    (b"[-01]", Category::Syntax, "expected a number, found one with a leading zero (`0` may not be followed by digits)", 2, 1, 3),
    (b"-", Category::Eof, "expected a digit after `-`, found end of input", 1, 1, 2),
    (b"[-]", Category::Syntax, "expected a digit after `-`, found `]`", 2, 1, 3),
    (b"1.", Category::Eof, "expected a digit after the decimal point, found end of input", 2, 1, 3),
    (b"1.e5", Category::Syntax, "expected a digit after the decimal point, found `e5`", 2, 1, 3),
    (b"1e", Category::Eof, "expected a digit in the exponent, found end of input", 2, 1, 3),
    (b"1e+]", Category::Syntax, "expected a digit in the exponent, found `]`", 3, 1, 4),
    (b"[tru]", Category::Syntax, "expected `true`, found `tru`", 1, 1, 2),
    (b"nulL", Category::Syntax, "expected `null`, found `nulL`", 0, 1, 1),
    (b"NaN", Category::Syntax, "expected a value, found `NaN`", 0, 1, 1),
    (b"[", Category::Eof, "expected a value, found end of input", 1, 1, 2),
    (b"", Category::Eof, "expected a value, found end of input", 0, 1, 1),
    (b"  \n ", Category::Eof, "expected a value, found end of input", 4, 2, 2),
    (b"{", Category::Eof, "expected a property name or `}`, found end of input", 1, 1, 2),
    (b"{\"a\"", Category::Eof, "expected `:` after the property name, found end of input", 4, 1, 5),
    (b"{\"a\":", Category::Eof, "expected a value, found end of input", 5, 1, 6),
    (b"[1,", Category::Eof, "expected a value, found end of input", 3, 1, 4),
    (b"\"a\x01b\"", Category::Syntax, "expected a string character, found control byte 0x01 (escape it as \\u0001)", 2, 1, 3),
    (b"\"\t\"", Category::Syntax, "expected a string character, found control byte 0x09 (escape it as \\u0009)", 1, 1, 2),
    (b"[\"a\nb\"]", Category::Syntax, "expected a string character, found control byte 0x0A (escape it as \\u000A)", 3, 1, 4),
    (b"1 2", Category::Syntax, "expected end of input after the JSON value, found `2`", 2, 1, 3),
    (
        b"1 /* c */",
        Category::Syntax,
        "expected end of input after the JSON value, found `/*`: comments are not JSON (`ReadOptions::allow_comments` accepts them)",
        2,
        1,
        3,
    ),
    (
        b"\xEF\xBB\xBF{}",
        Category::Syntax,
        "expected a value, found a byte-order mark (U+FEFF): JSON text must not start with one (strip it before reading)",
        0,
        1,
        1,
    ),
    (b"\xFF", Category::Syntax, "expected a value, found byte 0xFF", 0, 1, 1),
    (b"\x00", Category::Syntax, "expected a value, found control byte 0x00", 0, 1, 1),
    (b"[\n  1,\n  x]", Category::Syntax, "expected a value, found `x`", 9, 3, 3),
    // Columns count characters, offsets bytes.
    (b"[\"\xC3\xA9\", x]", Category::Syntax, "expected a value, found `x`", 7, 1, 7),
    (b"{\"\xC3\xA9\":1,\n \"b\" 2}", Category::Syntax, "expected `:` after the property name, found `2`", 14, 2, 6),
];

#[test]
fn errors_say_exactly_what_and_where() {
    for &(input, category, message, offset, line, column) in ERRORS {
        let shown = String::from_utf8_lossy(input);
        for err in [
            {
                let mut reader = Reader::new(input);
                reader.skip_value().and_then(|()| reader.finish()).err()
            },
            {
                let mut reader = Reader::new(input);
                loop {
                    match reader.next_token() {
                        Ok(Some(_)) => {}
                        Ok(None) => break None,
                        Err(err) => break Some(err),
                    }
                }
            },
        ] {
            let err = err.unwrap_or_else(|| panic!("{shown:?} was accepted"));
            assert_eq!(err.message(), message, "{shown:?}");
            assert_eq!(err.category(), category, "{shown:?}");
            assert_eq!((err.offset(), err.line(), err.column()), (offset, line, column), "{shown:?}");
            assert_eq!(err.is_eof(), category == Category::Eof, "{shown:?}");
            assert_eq!(err.to_string(), format!("{message} at line {line}, column {column} (byte {offset})"));
        }
    }
}

#[test]
fn truncated_literals_give_their_message() {
    for (input, message) in [
        (&b"tru"[..], "expected `true`, found `tru` and the end of input"),
        (b"t", "expected `true`, found `t` and the end of input"),
        (b"nul", "expected `null`, found `nul` and the end of input"),
        (b"fals", "expected `false`, found `fals` and the end of input"),
    ] {
        let err = Reader::new(input).skip_value().unwrap_err();
        assert_eq!((err.message(), err.offset(), err.line(), err.column()), (message, 0, 1, 1));
    }
}

#[test]
fn truncated_literals_are_end_of_input_errors() {
    for input in [&b"tru"[..], b"t", b"nul", b"fals", b"[true, fal"] {
        let err = Reader::new(input).skip_value().unwrap_err();
        assert_eq!(err.category(), Category::Eof, "{}: {err}", String::from_utf8_lossy(input));
    }
}

#[test]
fn a_short_unicode_escape_names_the_quote() {
    let err = Reader::new(b"\"\\u12\"").skip_value().unwrap_err();
    assert_eq!(err.offset(), 5);
    assert_eq!(err.message(), "expected a hex digit in a `\\u` escape, found `\"`");
}

#[test]
fn typed_errors_name_the_path() {
    let err = from_slice::<Vec<u32>>(b"[1, \"two\"]").unwrap_err();
    assert_eq!(err.to_string(), "expected u32, found the string \"two\" at /1, line 1, column 5 (byte 4)");
    assert_eq!((err.category(), err.path()), (Category::Data, "/1"));
    let err = from_slice::<BTreeMap<String, Vec<f64>>>(b"{\"a\":[1,\"x\"]}").unwrap_err();
    assert_eq!(err.to_string(), "expected f64, found the string \"x\" at /a/1, line 1, column 9 (byte 8)");
    let err = from_slice::<BTreeMap<String, Vec<f64>>>(b"{\"a/b~\":[1e999]}").unwrap_err();
    assert_eq!(err.path(), "/a~1b~0/0");
    assert_eq!(err.message(), "number `1e999` is out of range for f64");
    let err = from_slice::<Vec<Option<String>>>(b"[null, \"a\", 3]").unwrap_err();
    assert_eq!((err.path(), err.offset()), ("/2", 12));
    // A syntax error inside a typed read keeps its own category.
    let err = from_slice::<Vec<Option<String>>>(b"[null, \"a\" 3]").unwrap_err();
    assert_eq!((err.category(), err.message()), (Category::Syntax, "expected `,` or `]`, found `3`"));
}

// ---- reader options ----------------------------------------------------------------------------------

fn comments() -> ReadOptions {
    ReadOptions { allow_comments: true, ..ReadOptions::default() }
}

fn trailing_commas() -> ReadOptions {
    ReadOptions { allow_trailing_commas: true, ..ReadOptions::default() }
}

fn accepts(input: &[u8], options: ReadOptions) -> bool {
    let mut reader = Reader::with_options(input, options);
    let by_skip = reader.skip_value().and_then(|()| reader.finish()).is_ok();
    let mut reader = Reader::with_options(input, options);
    let by_tokens = loop {
        match reader.next_token() {
            Ok(Some(_)) => {}
            Ok(None) => break true,
            Err(_) => break false,
        }
    };
    assert_eq!(by_skip, by_tokens, "{}", String::from_utf8_lossy(input));
    by_skip
}

/// The tokens of `input`, as their debug text, for comparing documents that differ only in
/// comments or commas.
fn tokens(input: &[u8], options: ReadOptions) -> Vec<String> {
    let mut reader = Reader::with_options(input, options);
    let mut out = Vec::new();
    while let Some(token) = reader.next_token().unwrap() {
        out.push(format!("{token:?}"));
    }
    out
}

#[test]
fn comments_are_whitespace_when_allowed() {
    let with_comments: &[&[u8]] = &[
        b"// line\n[1, /* block */ 2] // end",
        b"/**/[1/*x*/,/*y*/2]/**/",
        b"[1,//\n2]",
        b"[1,\n//\n2//\n]//",
        b"[ /* a * b / c ** */ 1, 2]",
        b"\n/* multi\nline */[1,2]",
    ];
    for &input in with_comments {
        assert!(accepts(input, comments()), "{}", String::from_utf8_lossy(input));
        assert!(!accepts(input, ReadOptions::default()), "{}", String::from_utf8_lossy(input));
        assert_eq!(tokens(input, comments()), tokens(b"[1,2]", ReadOptions::default()));
    }
    let object = b"{/*a*/\"k\"/*b*/:/*c*/1/*d*/,//e\n\"j\"//f\n:2}";
    assert!(accepts(object, comments()));
    assert_eq!(tokens(object, comments()), tokens(br#"{"k":1,"j":2}"#, ReadOptions::default()));
    // Comments stand where whitespace may, nowhere else.
    for input in [&b"[-/**/1]"[..], b"[tr/**/ue]", b"[\"a\"/**/:1]", b"/", b"[1,/", b"1 /", b"/*/ 1", b"# no"]
    {
        assert!(!accepts(input, comments()), "{}", String::from_utf8_lossy(input));
    }
    // Comment markers inside strings are content.
    let mut reader = Reader::with_options(b"\"/* not */ // a comment\"", comments());
    assert_eq!(reader.read_str().unwrap(), "/* not */ // a comment");
    // A typed read honours the option too.
    let values: Vec<u32> = from_slice_with(b"[1, /* two */ 2] // done", comments()).unwrap();
    assert_eq!(values, [1, 2]);
}

#[test]
fn an_unterminated_block_comment_is_rejected() {
    for (input, message, offset) in [
        (&b"[1 /* unterminated"[..], "expected `,` or `]`, found `/*`", 3),
        (b"/* never closed", "expected a value, found `/*`", 0),
        (b"1 /*/", "expected end of input after the JSON value, found `/*/`", 2),
        (b"[1, 2] /* almost *", "expected end of input after the JSON value, found `/*`", 7),
    ] {
        assert!(!accepts(input, comments()));
        let mut reader = Reader::with_options(input, comments());
        let err = reader.skip_value().and_then(|()| reader.finish()).unwrap_err();
        assert_eq!((err.message(), err.offset()), (message, offset), "{}", String::from_utf8_lossy(input));
    }
    // A line comment may end at the end of the input.
    assert!(accepts(b"1 //", comments()));
}

#[test]
fn trailing_commas_are_accepted_only_when_allowed() {
    for (input, without) in [
        (&b"[1,]"[..], &b"[1]"[..]),
        (b"{\"a\":1,}", b"{\"a\":1}"),
        (b"[[1,],]", b"[[1]]"),
        (b"{\"a\":[1,],}", b"{\"a\":[1]}"),
        (b"[1, \n ]", b"[1]"),
    ] {
        assert!(accepts(input, trailing_commas()), "{}", String::from_utf8_lossy(input));
        assert!(!accepts(input, ReadOptions::default()), "{}", String::from_utf8_lossy(input));
        assert_eq!(tokens(input, trailing_commas()), tokens(without, ReadOptions::default()));
    }
    // One comma, after an element: never alone, never doubled, never at the top level.
    for input in [&b"[,]"[..], b"[1,,]", b"{,}", b"{\"a\":1,,}", b"[1,] ,", b"1,", b"{\"a\",}", b"{\"a\":,}"]
    {
        assert!(!accepts(input, trailing_commas()), "{}", String::from_utf8_lossy(input));
    }
    let values: Vec<Vec<u8>> = from_slice_with(b"[[1,2,],[],]", trailing_commas()).unwrap();
    assert_eq!(values, [vec![1, 2], vec![]]);
    let map: BTreeMap<String, u8> = from_slice_with(b"{\"a\":1,\"b\":2,}", trailing_commas()).unwrap();
    assert_eq!(map.len(), 2);
    assert!(from_slice::<Vec<u8>>(b"[1,]").is_err());
}

#[test]
fn both_options_together() {
    let both = ReadOptions { allow_comments: true, allow_trailing_commas: true, ..ReadOptions::default() };
    let input = b"{\n  // settings\n  \"a\": [1, 2, /* three */],\n  \"b\": true, // last\n}\n";
    assert!(accepts(input, both));
    assert!(!accepts(input, comments()));
    assert!(!accepts(input, trailing_commas()));
    assert_eq!(tokens(input, both), tokens(br#"{"a":[1,2],"b":true}"#, ReadOptions::default()));
}

/// Validation (a whole-document skip, which checks escapes a block at a time) refuses a
/// `\u` escape with any byte that is not a hex digit, wherever the escape falls in its block
/// and whichever of its four digits is wrong, as serde_json does.
#[test]
fn validation_refuses_a_bad_hex_digit_anywhere() {
    for padding in 0..70 {
        for wrong in 0..4 {
            for bad in [b'g', b'G', b'/', b':', b'@', b'`', b' ', b'"'] {
                let mut digits = *b"00e9";
                digits[wrong] = bad;
                let text = format!(
                    "[\"{}\\u{}\", \"{}\"]",
                    "x".repeat(padding),
                    String::from_utf8_lossy(&digits),
                    "\\u4e2d".repeat(20)
                );
                let mut reader = jetwire_json::Reader::new(text.as_bytes());
                let ours = reader.skip_value().and_then(|()| reader.finish());
                let theirs = serde_json::from_str::<serde_json::Value>(&text);
                assert_eq!(ours.is_ok(), theirs.is_ok(), "{text}");
                assert!(ours.is_err(), "{text}");
            }
        }
        let good = format!("[\"{}\\u00e9\\uABcd\", \"{}\"]", "x".repeat(padding), "\\u4e2d".repeat(20));
        let mut reader = jetwire_json::Reader::new(good.as_bytes());
        assert!(reader.skip_value().and_then(|()| reader.finish()).is_ok(), "{good}");
    }
}

/// A string with escapes decodes to UTF-8 whatever its source: ASCII source (checked once,
/// then trusted), a lone surrogate (U+FFFD), non-ASCII source, ill-formed source bytes (U+FFFD,
/// as every string read), short and long (the two ways a decoded string is handed out).
#[test]
fn strings_with_escapes_decode_to_utf8_from_any_source() {
    for repeat in [1, 200] {
        let cases: [(&[u8], String); 4] = [
            (br"caf\u00e9 \ud83d\ude00", "café 😀".to_owned()),
            (br"lone \ud800 x\n", "lone \u{FFFD} x\n".to_owned()),
            ("déjà \\u00e9\\t".as_bytes(), "déjà é\t".to_owned()),
            (b"bad \xff\xfe \\u00e9", "bad \u{FFFD}\u{FFFD} é".to_owned()),
        ];
        for (source, expected) in cases {
            let source = source.repeat(repeat);
            let text = [&b"\""[..], &source, b"\""].concat();
            let expected = expected.repeat(repeat);
            assert_eq!(from_slice::<String>(&text).unwrap(), expected);
            let value: jetwire_json::Value = from_slice(&text).unwrap();
            assert_eq!(value.as_str(), Some(expected.as_str()));
            let mut parser = jetwire_json::document::Parser::new();
            assert_eq!(parser.parse(&text).unwrap().as_str(), Some(expected.as_str()));
        }
    }
}
