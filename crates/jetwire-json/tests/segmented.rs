//! Input in pieces gives exactly the contiguous result: every conformance file and corpus, under
//! a sampled set of chunkings (1-byte chunks included), read by every entry point, produce the
//! same value, or the same error at the same place.

mod common;

use common::pieces::check_pieces;
use common::{BENCH_DIR, describe, outcome, suite_files};
use jetwire_json::stream::{ChunkedInput, Pull, PushReader};
use jetwire_json::{ReadOptions, Reader, Value};
use proptest::prelude::*;

/// `input` cut at `cuts` (sorted offsets).
fn split<'a>(input: &'a [u8], cuts: &[usize]) -> Vec<&'a [u8]> {
    let mut pieces = Vec::new();
    let mut at = 0;
    for &cut in cuts {
        let cut = cut.min(input.len()).max(at);
        pieces.push(&input[at..cut]);
        at = cut;
    }
    pieces.push(&input[at..]);
    pieces
}

fn chunks_of(input: &[u8], size: usize) -> Vec<&[u8]> {
    input.chunks(size.max(1)).collect()
}

fn skip_contiguous(input: &[u8]) -> String {
    let mut reader = Reader::new(input);
    outcome(&reader.skip_value().and_then(|()| reader.finish()))
}

fn skip_chunked(pieces: &[&[u8]]) -> String {
    let input = ChunkedInput::new(pieces.iter().copied());
    let mut reader = input.reader();
    outcome(&reader.skip_value().and_then(|()| reader.finish()))
}

/// The tokens `reader` reads, then how it ends.
fn tokens_of(mut reader: Reader<'_>) -> String {
    let mut out = String::new();
    let end = loop {
        match reader.next_token() {
            Ok(Some(token)) => out.push_str(&format!("{token:?} ")),
            Ok(None) => break "end".to_owned(),
            Err(err) => break describe(&err),
        }
    };
    out + &end
}

fn tokens_contiguous(input: &[u8]) -> String {
    tokens_of(Reader::new(input))
}

fn tokens_chunked(pieces: &[&[u8]]) -> String {
    tokens_of(ChunkedInput::new(pieces.iter().copied()).reader())
}

/// The tokens read by a `PushReader` that is given one piece at a time.
fn tokens_pushed(pieces: &[&[u8]]) -> String {
    let mut reader = PushReader::new();
    let mut out = String::new();
    let mut pieces = pieces.iter();
    loop {
        match reader.next_token() {
            Ok(Pull::Ready(Some(token))) => out.push_str(&format!("{token:?} ")),
            Ok(Pull::Ready(None)) => return out + "end",
            Ok(Pull::NeedMoreData) => match pieces.next() {
                Some(piece) => reader.push(piece),
                None if !reader.is_input_ended() => reader.end_input(),
                None => panic!("needs more data after the end of the input"),
            },
            Err(err) => return out + &describe(&err),
        }
    }
}

fn value_contiguous(input: &[u8]) -> String {
    outcome(&jetwire_json::from_slice::<Value>(input))
}

fn value_chunked(pieces: &[&[u8]]) -> String {
    outcome(&ChunkedInput::new(pieces.iter().copied()).deserialize::<Value>())
}

fn value_pushed(pieces: &[&[u8]]) -> String {
    let mut reader = PushReader::new();
    let mut pieces = pieces.iter();
    loop {
        match reader.read_document::<Value>() {
            Ok(Pull::Ready(value)) => return outcome(&Ok(value)),
            Ok(Pull::NeedMoreData) => match pieces.next() {
                Some(piece) => reader.push(piece),
                None if !reader.is_input_ended() => reader.end_input(),
                None => panic!("needs more data after the end of the input"),
            },
            Err(err) => return outcome::<Value>(&Err(err)),
        }
    }
}

/// How a `PushReader` given one piece at a time judges the document with `check_document`.
fn check_pushed(pieces: &[&[u8]]) -> String {
    let mut reader = PushReader::new();
    let mut pieces = pieces.iter();
    loop {
        match reader.check_document() {
            Ok(Pull::Ready(())) => return outcome(&Ok(())),
            Ok(Pull::NeedMoreData) => match pieces.next() {
                Some(piece) => reader.push(piece),
                None if !reader.is_input_ended() => reader.end_input(),
                None => panic!("needs more data after the end of the input"),
            },
            Err(err) => return outcome::<()>(&Err(err)),
        }
    }
}

/// Checks every entry point on `pieces` of `input` against the contiguous reader.
fn check_all(name: &str, input: &[u8], pieces: &[&[u8]]) {
    if std::env::var_os("SEGMENTED_TRACE").is_some() {
        eprintln!("{name} {}", pieces.len());
    }
    let label = |what: &str| format!("{name}, {what}, {} pieces", pieces.len());
    let skipped = skip_contiguous(input);
    assert_eq!(skip_chunked(pieces), skipped, "{}", label("skip"));
    assert_eq!(check_pushed(pieces), skipped, "{}", label("pushed check"));
    let tokens = tokens_contiguous(input);
    assert_eq!(tokens_chunked(pieces), tokens, "{}", label("tokens"));
    assert_eq!(tokens_pushed(pieces), tokens, "{}", label("pushed tokens"));
    let value = value_contiguous(input);
    assert_eq!(value_chunked(pieces), value, "{}", label("value"));
    assert_eq!(value_pushed(pieces), value, "{}", label("pushed value"));
}

const SUITE_CHUNK_SIZES: [usize; 7] = [1, 2, 3, 5, 7, 16, 64];

#[test]
fn every_conformance_file_reads_the_same_in_pieces() {
    let files = suite_files("");
    assert!(files.len() > 300);
    for (name, bytes) in &files {
        for size in SUITE_CHUNK_SIZES {
            check_all(name, bytes, &chunks_of(bytes, size));
        }
        // Every single cut point, for the short ones.
        if bytes.len() <= 64 {
            for cut in 0..=bytes.len() {
                check_all(name, bytes, &split(bytes, &[cut]));
            }
        }
    }
}

/// The `json_pieces` fuzz target's checks (every reader of input in pieces, `io::Read` and async
/// included, against one slice) on every conformance file under eight cuttings.
#[test]
fn the_suite_passes_the_pieces_fuzz_targets_checks() {
    for (name, bytes) in suite_files("") {
        for seed in 0..8 {
            let input = [&[seed], &bytes[..]].concat();
            if let Err(difference) = check_pieces(&input) {
                panic!("{name}, seed {seed}: {difference}");
            }
        }
    }
}

#[test]
fn the_corpora_read_the_same_in_pieces() {
    for name in ["canada.json", "citm_catalog.json", "twitter.json"] {
        let bytes = std::fs::read(format!("{BENCH_DIR}/{name}")).expect("a corpus");
        let contiguous = (value_contiguous(&bytes), skip_contiguous(&bytes));
        for size in [1, 7, 4096, 65536] {
            let pieces = chunks_of(&bytes, size);
            let started = std::time::Instant::now();
            assert_eq!(skip_chunked(&pieces), contiguous.1, "{name}, {size}-byte chunks");
            if size > 1 {
                assert_eq!(value_chunked(&pieces), contiguous.0, "{name}, {size}-byte chunks");
            }
            if std::env::var_os("SEGMENTED_TRACE").is_some() {
                eprintln!("{name} {size}: {:?}", started.elapsed());
            }
        }
        let pieces = chunks_of(&bytes, 4096);
        let started = std::time::Instant::now();
        assert_eq!(value_pushed(&pieces), contiguous.0, "{name}, pushed");
        if std::env::var_os("SEGMENTED_TRACE").is_some() {
            eprintln!("{name} pushed: {:?}", started.elapsed());
        }
    }
}

#[test]
fn options_hold_across_pieces() {
    let options = ReadOptions { allow_comments: true, allow_trailing_commas: true, ..ReadOptions::default() };
    let input = b"// a comment\n[1, /* two */ 2, {\"a\": 3,},] // end";
    for size in 1..8 {
        let pieces = chunks_of(input, size);
        let chunked = ChunkedInput::with_options(pieces.iter().copied(), options);
        let mut reader = chunked.reader();
        reader.skip_value().unwrap();
        reader.finish().unwrap();
    }
}

/// `\u00XX` escapes of ASCII characters take a one-step decode; cut anywhere, valid or not,
/// they read as in one piece.
#[test]
fn ascii_unicode_escapes_read_the_same_at_every_cut() {
    let documents: [&[u8]; 3] = [
        br#"["\u0041\u007F\u007f\u0000 \u001F\u0022\u005C", "\u0080 \ud83d\u0041 \u00e9", {"\u0041": 1}]"#,
        br#"["ok \u00g1"]"#,
        br#"["cut \u004"#,
    ];
    for input in documents {
        for cut in 0..=input.len() {
            check_all("ascii escapes", input, &split(input, &[cut]));
        }
        check_all("ascii escapes", input, &chunks_of(input, 1));
    }
    let strings = br#"["\u0041\u007F\u007f\u0000 \u001F\u0022\u005C", "\u0080 \ud83d\u0041 \u00e9"]"#;
    let text: Vec<String> = jetwire_json::from_slice(strings).unwrap();
    assert_eq!(text, ["A\u{7f}\u{7f}\u{0} \u{1f}\"\\", "\u{80} \u{fffd}A \u{e9}"]);
}

#[test]
fn tokens_inside_chunks_are_borrowed_and_straddling_ones_copied() {
    use std::borrow::Cow;
    let pieces: [&[u8]; 2] = [b"[\"inside\", \"stra", b"ddling\", \"after\"]"];
    let input = ChunkedInput::new(pieces);
    let words: Vec<Cow<str>> = input.deserialize().unwrap();
    assert_eq!(words, ["inside", "straddling", "after"]);
    assert!(matches!(words[0], Cow::Borrowed(_)));
    assert!(matches!(words[2], Cow::Borrowed(_)));
}

/// Generated documents: nested values with every kind of token.
fn document() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("null".to_owned()),
        Just("true".to_owned()),
        Just("false".to_owned()),
        any::<i64>().prop_map(|n| n.to_string()),
        any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(|f| format!("{f:e}")),
        "[a-z\\u{e9}\\u{1F600} ]{0,12}".prop_map(|s| format!("{s:?}")),
        Just(r#""esc\"aped \\ \/ \b\f\n\r\t \u00e9 \ud83d\ude00""#.to_owned()),
        Just(r#""ascii \u0041\u007F\u007f\u0000\u001F\u0022\u005C \u0080 \ud83d\u0041""#.to_owned()),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6)
                .prop_map(|items| format!("[ {} ]", items.join(" ,\n"))),
            prop::collection::vec(("[a-z]{0,6}", inner), 0..6).prop_map(|members| {
                let members: Vec<String> = members.iter().map(|(k, v)| format!("{k:?} : {v}")).collect();
                format!("{{{}}}", members.join(","))
            }),
        ]
    })
}

/// How `next_token` (always token by token) ends on `input` read whole: the error it reports,
/// or none.
fn token_path_error(input: &[u8]) -> Option<String> {
    let mut reader = Reader::new(input);
    loop {
        match reader.next_token() {
            Ok(Some(_)) => {}
            Ok(None) => return reader.finish().err().map(|err| describe(&err)),
            Err(err) => return Some(describe(&err)),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Skipping walks containers by their structure in windows of a few hundred bytes and more,
    /// resuming at commas: over documents long enough for that, cut in a few large pieces, with
    /// a byte changed or not, skipping gives the token path's verdict and error, whole or in
    /// pieces.
    #[test]
    fn skipping_in_large_pieces_agrees_with_the_token_path(
        documents in prop::collection::vec(document(), 4..24),
        edit in prop::option::of((any::<prop::sample::Index>(), prop::sample::select(b"{}[],:\"\\0-tx \x01".to_vec()))),
        cuts in prop::collection::vec(0usize..8000, 0..4),
    ) {
        let mut bytes = format!("[{}]", documents.join(",")).into_bytes();
        if let Some((at, byte)) = edit {
            let at = at.index(bytes.len());
            bytes[at] = byte;
        }
        let mut cuts = cuts;
        cuts.sort_unstable();
        let expected = match token_path_error(&bytes) {
            None => "ok ()".to_owned(),
            Some(error) => format!("error {error}"),
        };
        prop_assert_eq!(skip_contiguous(&bytes), expected.clone(), "whole");
        prop_assert_eq!(skip_chunked(&split(&bytes, &cuts)), expected.clone(), "cut at {:?}", cuts);
        prop_assert_eq!(check_pushed(&split(&bytes, &cuts)), expected, "pushed, cut at {:?}", cuts);
    }

    #[test]
    fn random_chunkings_of_generated_documents_read_the_same(
        document in document(),
        cuts in prop::collection::vec(0usize..400, 0..24),
        truncate in any::<bool>(),
    ) {
        let mut bytes = document.into_bytes();
        if truncate {
            bytes.truncate(bytes.len() / 2);
        }
        let mut cuts = cuts;
        cuts.sort_unstable();
        check_all("generated", &bytes, &split(&bytes, &cuts));
    }
}
