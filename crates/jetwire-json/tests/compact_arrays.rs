//! Arrays of numbers, booleans and tuples of them, which `Vec`s and sets read straight from
//! compact input: every text reads to the same value, or fails with the same error at the same
//! place and path, as element by element through the token path.

use std::collections::BTreeSet;

use jetwire_json::{FromJson, ReadOptions, Reader, Result};
use proptest::prelude::*;

/// `T` read through its own `from_json` but without a compact reading: `Vec`s of it go
/// element by element, the reference.
#[derive(Debug, PartialEq, PartialOrd, Eq, Ord)]
struct TokenPath<T>(T);

impl<'de, T: FromJson<'de>> FromJson<'de> for TokenPath<T> {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        T::from_json(reader).map(TokenPath)
    }
}

/// A read's outcome, comparable across the two paths: the value, or the error's message,
/// offset and path.
fn outcome<T>(result: Result<T>) -> std::result::Result<T, (String, usize, String)> {
    result.map_err(|err| (err.message().to_owned(), err.offset(), err.path().to_owned()))
}

fn read<'de, T: FromJson<'de>>(input: &'de [u8], options: ReadOptions) -> Result<T> {
    let mut reader = Reader::with_options(input, options);
    let value = T::from_json(&mut reader)?;
    reader.finish()?;
    Ok(value)
}

/// Checks that `input` reads as a `Vec<T>` (and a `BTreeSet<T>` where `T` orders) the same
/// way on both paths, in one slice and in pieces.
fn same<T>(input: &[u8], options: ReadOptions) -> std::result::Result<(), TestCaseError>
where
    T: for<'de> FromJson<'de> + PartialEq + std::fmt::Debug,
{
    let compact = outcome(read::<Vec<T>>(input, options));
    let tokens = outcome(read::<Vec<TokenPath<T>>>(input, options))
        .map(|v| v.into_iter().map(|t| t.0).collect::<Vec<_>>());
    prop_assert_eq!(&compact, &tokens, "{}", String::from_utf8_lossy(input));
    for size in [1, 7, 64] {
        let pieces: Vec<&[u8]> = input.chunks(size).collect();
        let chunked = outcome(jetwire_json::stream::from_chunks_with::<Vec<T>, _, _>(pieces, options));
        prop_assert_eq!(&chunked, &tokens, "{} in {}-byte pieces", String::from_utf8_lossy(input), size);
    }
    Ok(())
}

/// One element's text: a number of any shape (some out of range or malformed), a literal, or
/// a pair, with the separators and whitespace around it varied.
fn element() -> impl Strategy<Value = String> {
    let number = prop_oneof![
        any::<i64>().prop_map(|v| v.to_string()),
        any::<u8>().prop_map(|v| v.to_string()),
        any::<f64>().prop_filter("finite", |v| v.is_finite()).prop_map(|v| format!("{v:?}")),
        "-?(0|[1-9][0-9]{0,25})(\\.[0-9]{1,20})?([eE][+-]?[0-9]{1,3})?",
        Just("01".to_owned()),
        Just("-".to_owned()),
        Just("1.".to_owned()),
        Just("true".to_owned()),
        Just("null".to_owned()),
    ];
    prop_oneof![
        4 => number.clone(),
        1 => (number.clone(), number).prop_map(|(a, b)| format!("[{a},{b}]")),
    ]
}

fn array() -> impl Strategy<Value = String> {
    (
        prop::collection::vec((element(), prop::sample::select(vec!["", "", "", " ", "\n  "])), 0..40),
        any::<bool>(),
    )
        .prop_map(|(elements, trailing)| {
            let items: Vec<String> = elements.into_iter().map(|(e, ws)| format!("{ws}{e}")).collect();
            format!("[{}{}]", items.join(","), if trailing { "," } else { "" })
        })
}

proptest! {
    #[test]
    fn compact_arrays_read_as_the_token_path_reads_them(text in array(), depth in 1usize..4) {
        let input = text.as_bytes();
        for options in [
            ReadOptions::default(),
            ReadOptions { max_depth: depth, allow_trailing_commas: true, ..ReadOptions::default() },
        ] {
            same::<f64>(input, options)?;
            same::<f32>(input, options)?;
            same::<i64>(input, options)?;
            same::<u8>(input, options)?;
            same::<u128>(input, options)?;
            same::<bool>(input, options)?;
            same::<(f64, i32)>(input, options)?;
            same::<(u8, u8)>(input, options)?;
        }
    }
}

#[test]
fn sets_and_nesting_limits_read_as_element_by_element() {
    let set: BTreeSet<u8> = jetwire_json::from_slice(b"[3,1,2,1]").unwrap();
    assert_eq!(set.into_iter().collect::<Vec<_>>(), [1, 2, 3]);
    // A pair one level too deep is refused by both paths, at the same place.
    let options = ReadOptions { max_depth: 1, ..ReadOptions::default() };
    let compact = outcome(read::<Vec<(u8, u8)>>(b"[[1,2]]", options));
    let tokens = outcome(read::<Vec<TokenPath<(u8, u8)>>>(b"[[1,2]]", options)).map(|_| Vec::new());
    assert!(compact.is_err());
    assert_eq!(compact, tokens);
    // canada's shape.
    let rings: Vec<Vec<(f64, f64)>> =
        jetwire_json::from_slice(b"[[[-65.613616999999977,43.420273000000009],[-65.61,43.42]],[]]").unwrap();
    let float = |text: &str| text.parse::<f64>().unwrap();
    let pair = (float("-65.613616999999977"), float("43.420273000000009"));
    assert_eq!(rings, vec![vec![pair, (-65.61, 43.42)], vec![]]);
    let err = jetwire_json::from_slice::<Vec<(u8, u8)>>(b"[[1,2],[3,256]]").unwrap_err();
    assert_eq!(err.path(), "/1/1");
}
