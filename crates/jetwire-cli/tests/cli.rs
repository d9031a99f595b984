//! The `jetwire` command, run as a user runs it: exit codes, messages, the reader's options, and
//! `fmt`'s exact output, which changes no data and formats its own output to itself.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use jetwire_json::{ReadOptions, Reader};

const SUITE_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/JSONTestSuite/test_parsing");
const BENCH_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/json-benchmark");

/// Runs `jetwire args...`, with `stdin` as standard input (empty when `None`).
fn jetwire(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jetwire"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running jetwire");
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.unwrap_or_default().to_vec();
    // Write from another thread: a large input must not deadlock against a full stdout pipe.
    let writer = std::thread::spawn(move || {
        // The command may exit before reading everything (usage errors): ignore broken pipes.
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("waiting for jetwire");
    writer.join().expect("the stdin writer");
    output
}

fn stderr(output: &Output) -> &str {
    std::str::from_utf8(&output.stderr).expect("UTF-8 on stderr")
}

fn code(output: &Output) -> i32 {
    output.status.code().expect("an exit code")
}

/// A file in a fresh temporary directory (kept alive by the returned guard).
fn file_with(name: &str, bytes: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).expect("writing the file");
    (dir, path)
}

fn path_arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// The token stream of `json` (strings as their exact source bytes, numbers as their text).
fn tokens(json: &[u8], options: ReadOptions) -> Vec<String> {
    let mut reader = Reader::with_options(json, options);
    let mut out = Vec::new();
    while let Some(token) = reader.next_token().expect("valid JSON") {
        out.push(format!("{token:?}"));
    }
    out
}

fn suite_files(prefix: &str) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(SUITE_DIR)
        .expect("the JSONTestSuite directory")
        .map(|entry| entry.expect("an entry").path())
        .filter_map(|path| {
            let name = path.file_name()?.to_str()?.to_owned();
            (name.starts_with(prefix) && name.ends_with(".json"))
                .then(|| (name, std::fs::read(&path).expect("a file")))
        })
        .collect();
    files.sort();
    files
}

// ---- check -----------------------------------------------------------------------------------------

#[test]
fn check_accepts_a_valid_file() {
    let (_dir, path) = file_with("ok.json", b"{\"a\": [1, 2.5, \"x\"], \"b\": null}\n");
    let output = jetwire(&["check", path_arg(&path)], None);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(output.stdout.is_empty());
    assert!(output.stderr.is_empty());
}

#[test]
fn check_reports_invalid_json_as_name_line_column_message() {
    let (_dir, path) = file_with("bad.json", b"{\n  \"a\": [1,]\n}");
    let output = jetwire(&["check", path_arg(&path)], None);
    assert_eq!(code(&output), 1);
    assert_eq!(
        stderr(&output),
        format!(
            "{}:2:11: expected a value, found `]`: a trailing comma is not JSON (`--allow-trailing-commas` accepts it)\n",
            path.display()
        )
    );
    assert!(output.stdout.is_empty());

    let (_dir, path) = file_with("trailing.json", b"[1] [2]");
    let output = jetwire(&["check", path_arg(&path)], None);
    assert_eq!(code(&output), 1);
    assert_eq!(
        stderr(&output),
        format!("{}:1:5: expected end of input after the JSON value, found `[`\n", path.display())
    );
}

#[test]
fn check_reads_standard_input_as_dash() {
    let output = jetwire(&["check"], Some(b"[1,\n x]"));
    assert_eq!(code(&output), 1);
    assert_eq!(stderr(&output), "-:2:2: expected a value, found `x`\n");

    let output = jetwire(&["check", "-"], Some(b"\"\xC3\xA9\" x"));
    assert_eq!(code(&output), 1);
    assert_eq!(stderr(&output), "-:1:5: expected end of input after the JSON value, found `x`\n");

    let output = jetwire(&["check", "-"], Some(b"{}"));
    assert_eq!(code(&output), 0, "{}", stderr(&output));

    let output = jetwire(&["check"], None);
    assert_eq!(code(&output), 1);
    assert_eq!(stderr(&output), "-:1:1: expected a value, found end of input\n");
}

#[test]
fn a_missing_file_is_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.json");
    for command in ["check", "fmt"] {
        let output = jetwire(&[command, path_arg(&missing)], None);
        assert_eq!(code(&output), 2, "{command}");
        assert!(
            stderr(&output).starts_with(&format!("jetwire: {}: ", missing.display())),
            "{command}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty());
    }
    // A directory cannot be read either.
    let output = jetwire(&["check", path_arg(dir.path())], None);
    assert_eq!(code(&output), 2);
}

#[test]
fn bad_usage_is_exit_2() {
    let (_dir, path) = file_with("ok.json", b"[]");
    let file = path_arg(&path);
    for args in [
        &[][..],
        &["frobnicate"][..],
        &["check", "--no-such-flag", file][..],
        &["check", file, "second.json"][..],
        &["check", "--max-depth", "deep", file][..],
        &["check", "--max-depth", "-1", file][..],
        &["fmt", "--minify", "--indent", "3", file][..],
        &["fmt", "--indent", "256", file][..],
        &["fmt", "--tab", "--indent", "3", file][..],
        &["fmt", "--tab", "--minify", file][..],
        &["fmt", "--tab", "--ndjson", file][..],
        &["check", "--keep-going", file][..],
        &["get", "--lazy", "--ndjson", file, "/a"][..],
        &["get"][..],
        &["get", "data.json"][..],
        &["get", file, "a"][..],
    ] {
        let output = jetwire(args, Some(b"[]"));
        assert_eq!(code(&output), 2, "{args:?}: {}", stderr(&output));
        assert!(!output.stderr.is_empty(), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
    // --help is not an error.
    let output = jetwire(&["--help"], None);
    assert_eq!(code(&output), 0);
    assert!(String::from_utf8_lossy(&output.stdout).contains("check"));
}

#[test]
fn help_shows_an_example_of_every_flag() {
    for (command, flags) in [
        ("check", &["--ndjson", "--keep-going"][..]),
        ("fmt", &["--indent", "--tab", "--sort-keys", "--minify", "--ascii", "--ndjson"][..]),
        ("get", &["-r", "--ndjson", "--lazy", "'/items/*/id'", "< data.json"][..]),
    ] {
        let output = jetwire(&[command, "--help"], None);
        assert_eq!(code(&output), 0, "{command}");
        let help = stdout(&output);
        let examples = &help[help.find("Examples:").unwrap_or_else(|| panic!("{command}: no examples"))..];
        for flag in flags {
            assert!(examples.contains(flag), "{command}: no example with {flag}:\n{examples}");
        }
    }
    let output = jetwire(&["get", "--help"], None);
    for words in ["--no-wildcards", "exactly `*`", "jq's @tsv", "separated by tabs", "standard input"] {
        assert!(stdout(&output).contains(words), "get --help: {words}");
    }
}

#[test]
fn max_depth_sets_the_nesting_limit() {
    let nested = |levels: usize| format!("{}{}", "[".repeat(levels), "]".repeat(levels)).into_bytes();
    let output = jetwire(&["check"], Some(&nested(128)));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let output = jetwire(&["check"], Some(&nested(129)));
    assert_eq!(code(&output), 1);
    assert_eq!(stderr(&output), "-:1:129: nesting deeper than the limit of 128\n");

    let output = jetwire(&["check", "--max-depth", "1000"], Some(&nested(1000)));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let output = jetwire(&["check", "--max-depth", "2"], Some(b"[[[]]]"));
    assert_eq!(code(&output), 1);
    assert_eq!(stderr(&output), "-:1:3: nesting deeper than the limit of 2\n");
    let output = jetwire(&["fmt", "--max-depth", "2"], Some(b"[[[]]]"));
    assert_eq!((code(&output), stderr(&output)), (1, "-:1:3: nesting deeper than the limit of 2\n"));
    assert!(output.stdout.is_empty());
    let output = jetwire(&["fmt", "--max-depth", "200", "--minify"], Some(&nested(150)));
    assert_eq!(code(&output), 0);
    assert_eq!(output.stdout, nested(150));
}

#[test]
fn allow_comments_and_trailing_commas() {
    let commented = b"// settings\n{\"a\": 1, /* two */ \"b\": [2]} // end\n";
    let output = jetwire(&["check"], Some(commented));
    assert_eq!(
        (code(&output), stderr(&output)),
        (1, "-:1:1: expected a value, found `//`: comments are not JSON (`--allow-comments` accepts them)\n")
    );
    let output = jetwire(&["check", "--allow-comments"], Some(commented));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    // fmt drops the comments.
    let output = jetwire(&["fmt", "--allow-comments", "--minify"], Some(commented));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(output.stdout, br#"{"a":1,"b":[2]}"#);
    let output = jetwire(&["check", "--allow-comments"], Some(b"[1 /* never closed"));
    assert_eq!((code(&output), stderr(&output)), (1, "-:1:4: expected `,` or `]`, found `/*`\n"));

    let trailing = b"{\"a\": [1, 2,], \"b\": {},}";
    let output = jetwire(&["check"], Some(trailing));
    assert_eq!(
        (code(&output), stderr(&output)),
        (
            1,
            "-:1:13: expected a value, found `]`: a trailing comma is not JSON (`--allow-trailing-commas` accepts it)\n"
        )
    );
    let output = jetwire(&["check", "--allow-trailing-commas"], Some(trailing));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let output = jetwire(&["fmt", "--allow-trailing-commas", "--minify"], Some(trailing));
    assert_eq!(output.stdout, br#"{"a":[1,2],"b":{}}"#);
    // Each option allows only its own leniency.
    let output = jetwire(&["check", "--allow-comments"], Some(trailing));
    assert_eq!(code(&output), 1);
    let output = jetwire(&["check", "--allow-trailing-commas"], Some(commented));
    assert_eq!(code(&output), 1);
    let both = b"[1, // one\n 2, /* two */]";
    let output = jetwire(&["fmt", "--allow-comments", "--allow-trailing-commas", "--minify"], Some(both));
    assert_eq!((code(&output), &output.stdout[..]), (0, &b"[1,2]"[..]));
}

// ---- fmt -------------------------------------------------------------------------------------------

const SAMPLE: &[u8] = br#"{"name":"jetwire","tags":["fast","strict"],"empty":{},"none":[],"nested":{"n":[1,{"deep":null}]},"ok":true}"#;

#[test]
fn fmt_is_pretty_with_two_spaces_by_default() {
    let output = jetwire(&["fmt"], Some(SAMPLE));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let expected = "{\n  \"name\": \"jetwire\",\n  \"tags\": [\n    \"fast\",\n    \"strict\"\n  ],\n  \"empty\": {},\n  \"none\": [],\n  \"nested\": {\n    \"n\": [\n      1,\n      {\n        \"deep\": null\n      }\n    ]\n  },\n  \"ok\": true\n}\n";
    assert_eq!(String::from_utf8(output.stdout).unwrap(), expected);
    assert!(output.stderr.is_empty());
}

#[test]
fn fmt_indents_by_the_given_width() {
    let output = jetwire(&["fmt", "--indent", "4"], Some(br#"{"a":[1,{"b":[]}]}"#));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let expected = "{\n    \"a\": [\n        1,\n        {\n            \"b\": []\n        }\n    ]\n}\n";
    assert_eq!(String::from_utf8(output.stdout).unwrap(), expected);
    let output = jetwire(&["fmt", "--indent", "0"], Some(br#"{"a":[1]}"#));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "{\n\"a\": [\n1\n]\n}\n");
}

#[test]
fn fmt_minify_removes_all_whitespace() {
    let spaced = b" {\n  \"a\" : [ 1 ,\t2 ] ,\r\n \"b\" : { \"c\" : \"x y\" } }\n";
    let output = jetwire(&["fmt", "--minify"], Some(spaced));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(output.stdout, br#"{"a":[1,2],"b":{"c":"x y"}}"#);
    let output = jetwire(&["fmt", "--minify"], Some(b"  42  "));
    assert_eq!(output.stdout, b"42");
}

#[test]
fn fmt_ascii_escapes_non_ascii() {
    let input = "{\"ключ\":\"café 😀\",\"kept\":\"\\u00e9\\ud800\"}".as_bytes();
    let output = jetwire(&["fmt", "--ascii", "--minify"], Some(input));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        r#"{"\u043a\u043b\u044e\u0447":"caf\u00e9 \ud83d\ude00","kept":"\u00e9\ud800"}"#
    );
    // Bytes that are not UTF-8 have no \u form: an error, and no output.
    let output = jetwire(&["fmt", "--ascii"], Some(b"[\"\xC3\xA9\xFF\"]"));
    assert_eq!(code(&output), 1);
    assert!(output.stdout.is_empty());
    assert!(stderr(&output).starts_with("-: "), "{}", stderr(&output));
    assert!(stderr(&output).contains("ASCII-only output cannot express"), "{}", stderr(&output));
}

#[test]
fn fmt_keeps_number_spellings() {
    let input = b"[1.50e+02, -0, -0.0, 1E400, 0.000, 1e-400, 123456789012345678901234567890, 2.5E-3]";
    let output = jetwire(&["fmt", "--minify"], Some(input));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(output.stdout, b"[1.50e+02,-0,-0.0,1E400,0.000,1e-400,123456789012345678901234567890,2.5E-3]");
    let output = jetwire(&["fmt"], Some(b"1.50e+02"));
    assert_eq!(output.stdout, b"1.50e+02\n");
}

#[test]
fn fmt_keeps_string_content_byte_for_byte() {
    // Ill-formed UTF-8, lone surrogate escapes, escapes in either form, raw non-ASCII, controls
    // escaped: all kept exactly as written, in keys and values.
    let content: &[&[u8]] = &[
        b"a\xFFb",
        b"\xED\xA0\x80",
        b"\\ud800",
        b"\\uDC00x",
        b"\\u00e9 and \\u00E9 and \xC3\xA9",
        b"\\/ / \\\" \\\\ \\b\\f\\n\\r\\t",
        b"\\u0000\\u001f",
        b"\xF0\x9F\x98\x80 \\ud83d\\ude00",
        b"\xC0\xAF\xFC\x83\xBF\xBF\xBF\xBF",
    ];
    let mut input = b"{".to_vec();
    let mut expected = b"{".to_vec();
    for (i, s) in content.iter().enumerate() {
        let sep: &[u8] = if i == 0 { b"" } else { b"," };
        input.extend_from_slice(sep);
        input.extend_from_slice(b" \"");
        input.extend_from_slice(s);
        input.extend_from_slice(b"\" : [ \"");
        input.extend_from_slice(s);
        input.extend_from_slice(b"\" ] ");
        expected.extend_from_slice(sep);
        expected.extend_from_slice(b"\"");
        expected.extend_from_slice(s);
        expected.extend_from_slice(b"\":[\"");
        expected.extend_from_slice(s);
        expected.extend_from_slice(b"\"]");
    }
    input.push(b'}');
    expected.push(b'}');
    let output = jetwire(&["fmt", "--minify"], Some(&input));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        output.stdout,
        expected,
        "\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&expected)
    );
    // Pretty output keeps them too.
    let output = jetwire(&["fmt"], Some(&input));
    assert_eq!(tokens(&output.stdout, ReadOptions::default()), tokens(&input, ReadOptions::default()));
}

#[test]
fn fmt_rejects_invalid_input_as_check_does() {
    let files = suite_files("n_");
    assert_eq!(files.len(), 188);
    for (name, bytes) in &files {
        let (_dir, path) = file_with(name, bytes);
        let checked = jetwire(&["check", path_arg(&path)], None);
        let formatted = jetwire(&["fmt", path_arg(&path)], None);
        assert_eq!(code(&checked), 1, "{name}");
        assert_eq!(code(&formatted), 1, "{name}");
        assert_eq!(stderr(&formatted), stderr(&checked), "{name}");
        assert!(
            stderr(&checked).starts_with(&format!("{}:", path.display())),
            "{name}: {}",
            stderr(&checked)
        );
        assert!(formatted.stdout.is_empty(), "{name}");
    }
}

/// `fmt` (with `args`) of `input` is valid, formats to itself, and holds the same tokens.
fn check_fmt_round_trip(name: &str, input: &[u8], args: &[&str]) {
    let mut fmt_args = vec!["fmt"];
    fmt_args.extend_from_slice(args);
    let first = jetwire(&fmt_args, Some(input));
    assert_eq!(code(&first), 0, "{name} {args:?}: {}", stderr(&first));
    let formatted = first.stdout;

    let checked = jetwire(&["check"], Some(&formatted));
    assert_eq!(code(&checked), 0, "{name} {args:?}: the output is not valid: {}", stderr(&checked));
    let second = jetwire(&fmt_args, Some(&formatted));
    assert_eq!(code(&second), 0, "{name} {args:?}");
    assert!(second.stdout == formatted, "{name} {args:?}: fmt is not idempotent");
    assert_eq!(
        tokens(&formatted, ReadOptions::default()),
        tokens(input, ReadOptions::default()),
        "{name} {args:?}"
    );
}

#[test]
fn fmt_of_every_y_case_is_valid_and_idempotent() {
    let files = suite_files("y_");
    assert_eq!(files.len(), 95);
    for (name, bytes) in &files {
        check_fmt_round_trip(name, bytes, &[]);
        check_fmt_round_trip(name, bytes, &["--minify"]);
    }
}

#[test]
fn fmt_of_the_accepted_i_cases_keeps_their_bytes() {
    // The implementation-defined strings that the lexical policy accepts come out byte for byte.
    // The three UTF-16 cases are rejected (docs/conformance.md).
    let (mut kept, mut rejected) = (0, 0);
    for (name, bytes) in suite_files("i_string_") {
        let output = jetwire(&["fmt", "--minify"], Some(&bytes));
        if name.to_ascii_lowercase().contains("utf16") || name.contains("UTF-16") {
            assert_eq!(code(&output), 1, "{name}");
            rejected += 1;
        } else {
            assert_eq!(code(&output), 0, "{name}: {}", stderr(&output));
            assert_eq!(output.stdout, bytes.trim_ascii(), "{name}");
            kept += 1;
        }
    }
    assert_eq!((kept, rejected), (19, 3));
}

#[test]
fn fmt_of_the_benchmark_corpora_is_valid_and_idempotent() {
    for name in ["canada.json", "citm_catalog.json", "twitter.json"] {
        let bytes = std::fs::read(format!("{BENCH_DIR}/{name}")).expect("a corpus file");
        check_fmt_round_trip(name, &bytes, &[]);
    }
    // Minified once, for the smallest: the same tokens, no whitespace left outside strings.
    let bytes = std::fs::read(format!("{BENCH_DIR}/twitter.json")).expect("a corpus file");
    check_fmt_round_trip("twitter.json", &bytes, &["--minify"]);
}

#[test]
fn fmt_tab_indents_with_a_tab_per_level() {
    let output = jetwire(&["fmt", "--tab"], Some(br#"{"a":[1,{"b":[]}],"c":{}}"#));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "{\n\t\"a\": [\n\t\t1,\n\t\t{\n\t\t\t\"b\": []\n\t\t}\n\t],\n\t\"c\": {}\n}\n"
    );
    let output = jetwire(&["fmt", "--tab"], Some(b" 1.50 "));
    assert_eq!(stdout(&output), "1.50\n");
}

/// The keys of every object in `value`, in order, are sorted.
fn keys_are_sorted(value: &jetwire_json::Value) -> bool {
    let mut pending = vec![value];
    while let Some(value) = pending.pop() {
        if let Some(map) = value.as_object() {
            let keys: Vec<&str> = map.keys().map(|key| key.as_str()).collect();
            if !keys.is_sorted() {
                return false;
            }
            pending.extend(map.iter().map(|(_, member)| member));
        } else if let Some(array) = value.as_array() {
            pending.extend(array);
        }
    }
    true
}

#[test]
fn fmt_sort_keys_orders_every_object_by_code_point() {
    // Code point order: `B` < `a` < U+00E9 (written escaped: its escape is kept) < U+4E2D <
    // U+1F600. Repeated keys keep their order, arrays theirs, and every token its spelling.
    let input = "{\"b\": {\"d\": 1, \"c\": [{\"z\": 1, \"y\": 2}, 3]}, \"\\u00e9\": 1.50, \"\u{4e2d}\": 2, \
                 \"a\": -0, \"B\": \"x\\u0041\", \"\u{1F600}\": [], \"a\": 1E400}";
    let output = jetwire(&["fmt", "--sort-keys", "--minify"], Some(input.as_bytes()));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "{\"B\":\"x\\u0041\",\"a\":-0,\"a\":1E400,\"b\":{\"c\":[{\"y\":2,\"z\":1},3],\"d\":1},\
         \"\\u00e9\":1.50,\"\u{4e2d}\":2,\"\u{1F600}\":[]}"
    );
    // With the other output options.
    let output = jetwire(&["fmt", "--sort-keys", "--tab"], Some(br#"{"b": [{"d": 1, "c": 2}], "a": null}"#));
    assert_eq!(
        stdout(&output),
        "{\n\t\"a\": null,\n\t\"b\": [\n\t\t{\n\t\t\t\"c\": 2,\n\t\t\t\"d\": 1\n\t\t}\n\t]\n}\n"
    );
    let output = jetwire(
        &["fmt", "--sort-keys", "--ascii", "--indent", "1"],
        Some("{\"\u{e9}\": 1, \"e\": 2}".as_bytes()),
    );
    assert_eq!(stdout(&output), "{\n \"e\": 2,\n \"\\u00e9\": 1\n}\n");
    let output = jetwire(
        &["fmt", "--sort-keys", "--ndjson"],
        Some(b"{\"b\":1,\"a\":2}\n\n[{\"d\":1,\"c\":2}, 3]\n\"s\"\n"),
    );
    assert_eq!((code(&output), stdout(&output)), (0, "{\"a\":2,\"b\":1}\n[{\"c\":2,\"d\":1},3]\n\"s\"\n"));

    // An error inside a held object is reported as check reports it.
    let bad = br#"[{"b": 1}, {"a": tru}]"#;
    let output = jetwire(&["fmt", "--sort-keys"], Some(bad));
    assert_eq!((code(&output), stderr(&output)), (1, "-:1:18: expected `true`, found `tru`\n"));
    assert!(output.stdout.is_empty());
}

#[test]
fn fmt_sort_keys_of_a_corpus_is_sorted_equal_and_idempotent() {
    let input = std::fs::read(format!("{BENCH_DIR}/twitter.json")).unwrap();
    let sorted = jetwire(&["fmt", "--sort-keys"], Some(&input));
    assert_eq!(code(&sorted), 0, "{}", stderr(&sorted));
    let value: jetwire_json::Value = jetwire_json::from_slice(&sorted.stdout).unwrap();
    assert!(keys_are_sorted(&value));
    // Objects compare without regard to their order.
    assert!(value == jetwire_json::from_slice::<jetwire_json::Value>(&input).unwrap());
    let again = jetwire(&["fmt", "--sort-keys"], Some(&sorted.stdout));
    assert!(again.stdout == sorted.stdout, "fmt --sort-keys is not idempotent");
    // Sorting then formatting is formatting then sorting.
    let pretty = jetwire(&["fmt"], Some(&input));
    assert!(jetwire(&["fmt", "--sort-keys"], Some(&pretty.stdout)).stdout == sorted.stdout);
}

// ---- input in blocks -------------------------------------------------------------------------------

/// The size of the blocks the command reads.
const BLOCK: usize = 64 * 1024;

/// An array of `count` objects, spaced, and its `fmt --minify` and `fmt` (pretty) forms, built by
/// hand.
fn generated_array(count: usize) -> (Vec<u8>, String, String) {
    let (mut input, mut minified, mut pretty) = (String::from("[ "), String::from("["), String::from("["));
    for i in 0..count {
        let sep = if i == 0 { "" } else { "," };
        input.push_str(&format!(
            "{sep}\n  {{ \"id\" : {i}, \"name\" : \"item \\u00e9 {i}\", \
             \"vals\" : [ {i}.50, -2E+{i} ], \"ok\" : true }}"
        ));
        minified.push_str(&format!(
            "{sep}{{\"id\":{i},\"name\":\"item \\u00e9 {i}\",\"vals\":[{i}.50,-2E+{i}],\"ok\":true}}"
        ));
        pretty.push_str(&format!(
            "{sep}\n  {{\n    \"id\": {i},\n    \"name\": \"item \\u00e9 {i}\",\n    \"vals\": [\n      \
             {i}.50,\n      -2E+{i}\n    ],\n    \"ok\": true\n  }}"
        ));
    }
    input.push_str("\n]\n");
    minified.push(']');
    pretty.push_str("\n]\n");
    (input.into_bytes(), minified, pretty)
}

#[test]
fn check_and_fmt_a_document_larger_than_one_block() {
    let (input, minified, pretty) = generated_array(2500);
    assert!(input.len() > 3 * BLOCK, "{}", input.len());
    let (_dir, path) = file_with("big.json", &input);
    // From the file, then from standard input.
    for file in [path_arg(&path), "-"] {
        let output = jetwire(&["check", file], Some(&input));
        assert_eq!(code(&output), 0, "{file}: {}", stderr(&output));
        assert!(output.stdout.is_empty() && output.stderr.is_empty(), "{file}");

        let output = jetwire(&["fmt", "--minify", file], Some(&input));
        assert_eq!(code(&output), 0, "{file}: {}", stderr(&output));
        assert!(output.stdout == minified.as_bytes(), "{file}: the minified output differs");
        assert!(output.stderr.is_empty(), "{file}");

        let output = jetwire(&["fmt", file], Some(&input));
        assert_eq!(code(&output), 0, "{file}: {}", stderr(&output));
        assert!(output.stdout == pretty.as_bytes(), "{file}: the pretty output differs");
        assert!(output.stderr.is_empty(), "{file}");
    }
}

#[test]
fn fmt_sort_keys_holds_one_outermost_object_at_a_time() {
    // An array of many objects, more than a block: each comes out sorted, in its place.
    let (input, _, _) = generated_array(3000);
    assert!(input.len() > 4 * BLOCK);
    let expected: Vec<String> = (0..3000)
        .map(|i| {
            format!("{{\"id\":{i},\"name\":\"item \\u00e9 {i}\",\"ok\":true,\"vals\":[{i}.50,-2E+{i}]}}")
        })
        .collect();
    let output = jetwire(&["fmt", "--sort-keys", "--minify"], Some(&input));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(stdout(&output) == format!("[{}]", expected.join(",")), "the sorted output differs");
    // One object over many blocks: its keys in reverse order in the input.
    let members: Vec<String> = (0..20_000).rev().map(|i| format!("\"k{i:05}\": [{i}]")).collect();
    let input = format!("{{{}}}", members.join(", "));
    assert!(input.len() > 4 * BLOCK);
    let sorted: Vec<String> = (0..20_000).map(|i| format!("\"k{i:05}\":[{i}]")).collect();
    let output = jetwire(&["fmt", "--sort-keys", "--minify"], Some(input.as_bytes()));
    assert!(stdout(&output) == format!("{{{}}}", sorted.join(",")), "the sorted object differs");
}

#[test]
fn fmt_of_a_long_array_of_numbers_from_stdin() {
    // Numbers alone never end a string or a container: the output must still come through whole.
    let numbers: Vec<String> = (0..60_000).map(|i| format!("{i}.0e-1")).collect();
    let input = format!("[ {} ]", numbers.join(" , "));
    let output = jetwire(&["fmt", "--minify"], Some(input.as_bytes()));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(stdout(&output), format!("[{}]", numbers.join(",")));
}

/// `[<filler>, <token>, <filler>]`, with `token` starting `before` bytes ahead of the first
/// block's end; the filler strings are long enough for that.
fn straddling(token: &str, before: usize) -> (Vec<u8>, String) {
    let filler_len = BLOCK - before - "[\"\", ".len();
    let filler = "f".repeat(filler_len);
    let input = format!("[\"{filler}\", {token} , \"end\"]");
    assert_eq!(input.find(token), Some(BLOCK - before));
    // What a small input with the same tokens gives.
    let small = jetwire(&["fmt", "--minify"], Some(format!("[\"f\", {token} , \"end\"]").as_bytes()));
    assert_eq!(code(&small), 0, "{}", stderr(&small));
    let expected = String::from_utf8(small.stdout).unwrap().replacen("\"f\"", &format!("\"{filler}\""), 1);
    (input.into_bytes(), expected)
}

#[test]
fn tokens_split_by_the_block_boundary_come_out_whole() {
    // A long string with escapes and raw UTF-8 where the boundary falls, and a number: each
    // split at every byte around offset 65536.
    let long_string =
        format!("\"{}\\u00e9 \\\"q\\\" \u{e9}\u{1F600} \\ud800 tail{}\"", "s".repeat(300), "t".repeat(300));
    assert_eq!(
        jetwire(&["fmt", "--minify"], Some(format!("[{long_string}]").as_bytes())).stdout,
        format!("[{long_string}]").into_bytes()
    );
    let (_dir, path) = file_with("placeholder.json", b"");
    for before in 295..330 {
        let (input, expected) = straddling(&long_string, before);
        std::fs::write(&path, &input).unwrap();
        let output = jetwire(&["fmt", "--minify", path_arg(&path)], None);
        assert_eq!(code(&output), 0, "string, {before}: {}", stderr(&output));
        assert!(output.stdout == expected.as_bytes(), "string split {before} bytes into it");
    }
    let number = "-123456789.000123456789e+0012";
    for before in 1..number.len() {
        let (input, expected) = straddling(number, before);
        assert!(expected.contains(",-123456789.000123456789e+0012,"));
        std::fs::write(&path, &input).unwrap();
        let output = jetwire(&["fmt", "--minify", path_arg(&path)], None);
        assert_eq!(code(&output), 0, "number, {before}: {}", stderr(&output));
        assert!(output.stdout == expected.as_bytes(), "number split {before} bytes into it");
        // Pretty output too, and from standard input.
        let output = jetwire(&["fmt"], Some(&input));
        assert_eq!(code(&output), 0, "number, {before}: {}", stderr(&output));
        assert!(stdout(&output).contains("\n  -123456789.000123456789e+0012,\n"), "number, {before}");
    }
    // A number the boundary cuts is not taken for two.
    let (input, _) = straddling("12345678", 4);
    std::fs::write(&path, &input).unwrap();
    let output = jetwire(&["fmt", "--minify", path_arg(&path)], None);
    assert!(stdout(&output).contains(",12345678,"), "{}", stderr(&output));
}

#[test]
fn an_error_far_into_a_large_input_has_its_line_and_column() {
    let (valid, _, pretty) = generated_array(3000);
    // Break object 2900 (on line 2902): `"ok" : true` becomes `"ok" : tru e`.
    let text = String::from_utf8(valid).unwrap();
    let at = text.find("\"id\" : 2900,").unwrap();
    let bad_at = at + text[at..].find("true").unwrap();
    let input = format!("{}tru e{}", &text[..bad_at], &text[bad_at + 4..]);
    assert!(bad_at > 4 * BLOCK);
    let line = 1 + input[..bad_at].matches('\n').count();
    let line_start = input[..bad_at].rfind('\n').unwrap() + 1;
    let column = 1 + input[line_start..bad_at].chars().count();
    assert_eq!((line, column), (2902, 86));

    let (_dir, path) = file_with("far.json", input.as_bytes());
    for (file, name) in [(path_arg(&path), path.display().to_string()), ("-", "-".to_owned())] {
        let output = jetwire(&["check", file], Some(input.as_bytes()));
        assert_eq!(code(&output), 1, "{file}");
        assert_eq!(stderr(&output), format!("{name}:{line}:{column}: expected `true`, found `tru`\n"));

        // fmt reports the same; what it wrote before the error is the start of the valid output.
        let output = jetwire(&["fmt", file], Some(input.as_bytes()));
        assert_eq!(code(&output), 1, "{file}");
        assert_eq!(stderr(&output), format!("{name}:{line}:{column}: expected `true`, found `tru`\n"));
        assert!(output.stdout.len() < pretty.len());
        assert!(pretty.as_bytes().starts_with(&output.stdout), "{file}");
    }

    // Columns count characters: `é` before the error on its line is one.
    let input = format!("[\"{}\",\n \"\u{e9}\u{e9}\", nul]", "x".repeat(3 * BLOCK));
    let output = jetwire(&["check"], Some(input.as_bytes()));
    assert_eq!(stderr(&output), "-:2:8: expected `null`, found `nul`\n");
}

// ---- JSON Lines ------------------------------------------------------------------------------------

#[test]
fn check_ndjson_accepts_a_value_per_line() {
    let lines = b"{\"a\": 1}\n[1, 2.50]\n\n  \"x\"  \r\nnull\n";
    let (_dir, path) = file_with("ok.ndjson", lines);
    for file in [path_arg(&path), "-"] {
        let output = jetwire(&["check", "--ndjson", file], Some(lines));
        assert_eq!(code(&output), 0, "{file}: {}", stderr(&output));
        assert!(output.stdout.is_empty() && output.stderr.is_empty(), "{file}");
    }
    // No lines at all is valid JSON Lines; it is not a JSON document.
    let output = jetwire(&["check", "--ndjson"], Some(b""));
    assert_eq!((code(&output), stderr(&output)), (0, ""));
    // Without --ndjson, the second line is an error.
    let output = jetwire(&["check"], Some(lines));
    assert_eq!(code(&output), 1);
    assert_eq!(stderr(&output), "-:2:1: expected end of input after the JSON value, found `[`\n");
}

#[test]
fn check_ndjson_reports_the_line_of_an_error() {
    let lines = b"{\"a\": 1}\n[1, 2]\n{\"b\": [1,]}\n{}\n";
    let (_dir, path) = file_with("bad.ndjson", lines);
    let output = jetwire(&["check", "--ndjson", path_arg(&path)], None);
    assert_eq!(code(&output), 1);
    assert_eq!(
        stderr(&output),
        format!(
            "{}:3:10: expected a value, found `]`: a trailing comma is not JSON (`--allow-trailing-commas` accepts it)\n",
            path.display()
        )
    );

    // Two values on one line.
    let output = jetwire(&["check", "--ndjson"], Some(b"1\n2 3\n"));
    assert_eq!(code(&output), 1);
    assert_eq!(stderr(&output), "-:2:3: expected a line feed after the JSON value, found `3`\n");

    // A line far into a large input.
    let mut lines = String::new();
    for i in 0..20_000 {
        lines.push_str(&format!("{{\"n\": {i}, \"s\": \"line {i}\"}}\n"));
    }
    lines.push_str("{\"n\": oops}\n");
    assert!(lines.len() > 4 * BLOCK);
    let output = jetwire(&["check", "--ndjson"], Some(lines.as_bytes()));
    assert_eq!(code(&output), 1);
    assert_eq!(stderr(&output), "-:20001:7: expected a value, found `oops`\n");
}

#[test]
fn check_ndjson_keep_going_reports_every_bad_line() {
    // Bad lines: a missing comma (2), two values on a line (4), a value that goes on to the
    // next line and fails there (7), and a last line cut short, without a line feed (10).
    let lines = b"{\"a\": 1}\n[1 2]\n\n2 3\n{\"ok\": true}\n[1,\n x]\n[5]\n\n{\"bad\": nul";
    let expected = "2:4: expected `,` or `]`, found `2`\n\
                    4:3: expected a line feed after the JSON value, found `3`\n\
                    7:2: expected a value, found `x`\n\
                    10:9: expected `null`, found `nul` and the end of input\n";
    let (_dir, path) = file_with("bad.ndjson", lines);
    for (file, name) in [(path_arg(&path), path.display().to_string()), ("-", "-".to_owned())] {
        let output = jetwire(&["check", "--ndjson", "--keep-going", file], Some(lines));
        assert_eq!(code(&output), 1, "{file}");
        let named: String = expected.lines().map(|line| format!("{name}:{line}\n")).collect();
        assert_eq!(stderr(&output), named, "{file}");
        assert!(output.stdout.is_empty());
        // The first is the one error reported without --keep-going.
        let output = jetwire(&["check", "--ndjson", file], Some(lines));
        assert_eq!(stderr(&output), named.lines().next().unwrap().to_owned() + "\n");
    }
    // Valid lines: nothing to report.
    let output = jetwire(&["check", "--ndjson", "--keep-going"], Some(b"1\n\n[2]\r\n{}"));
    assert_eq!((code(&output), stderr(&output)), (0, ""));
    let output = jetwire(&["check", "--ndjson", "--keep-going"], Some(b""));
    assert_eq!((code(&output), stderr(&output)), (0, ""));
    // Every line bad, and an error at the very end, after a line feed.
    let output = jetwire(&["check", "--ndjson", "--keep-going"], Some(b"x\ny\n[\n"));
    assert_eq!(
        stderr(&output),
        "-:1:1: expected a value, found `x`\n-:2:1: expected a value, found `y`\n\
         -:4:1: expected a value, found end of input\n"
    );
}

#[test]
fn check_ndjson_keep_going_counts_lines_across_blocks() {
    // Bad lines far apart in an input of many blocks, some of them long enough to straddle a
    // block's end, among blank lines and lines of several values' length.
    let mut input = String::new();
    let mut expected = String::new();
    let mut line = 0;
    for i in 0..30_000 {
        line += 1;
        if i % 997 == 0 {
            let filler = "f".repeat(i % 3 * 40_000);
            input.push_str(&format!("[\"{filler}\", {i}, oops]\n"));
            expected.push_str(&format!(
                "-:{line}:{}: expected a value, found `oops`\n",
                filler.len() + 8 + digits(i)
            ));
        } else if i % 11 == 0 {
            input.push('\n');
        } else {
            input.push_str(&format!("{{\"n\": {i}, \"s\": \"line {i}\"}}\n"));
        }
    }
    assert!(input.len() > 20 * BLOCK);
    let output = jetwire(&["check", "--ndjson", "--keep-going"], Some(input.as_bytes()));
    assert_eq!(code(&output), 1);
    assert_eq!(stderr(&output).lines().count(), 31);
    assert_eq!(stderr(&output), expected);
}

/// How many decimal digits `n` has.
fn digits(n: usize) -> usize {
    n.to_string().len()
}

#[test]
fn fmt_ndjson_writes_each_value_compact_on_its_line() {
    let lines = "{ \"a\" : 1 , \"b\" : [ 2.50 , -0 ] }\n\n[ ]\n  \"x\\u00e9 \u{e9}\"\r\nnull\n1E400";
    let expected = "{\"a\":1,\"b\":[2.50,-0]}\n[]\n\"x\\u00e9 \u{e9}\"\nnull\n1E400\n";
    let (_dir, path) = file_with("in.ndjson", lines.as_bytes());
    for args in [&["fmt", "--ndjson", path_arg(&path)][..], &["fmt", "--ndjson", "--minify", "-"][..]] {
        let output = jetwire(args, Some(lines.as_bytes()));
        assert_eq!(code(&output), 0, "{args:?}: {}", stderr(&output));
        assert_eq!(stdout(&output), expected, "{args:?}");
        assert!(output.stderr.is_empty(), "{args:?}");
    }
    let output = jetwire(&["fmt", "--ndjson", "--ascii"], Some(lines.as_bytes()));
    assert_eq!(stdout(&output), expected.replace('\u{e9}', "\\u00e9"));
    let output = jetwire(&["fmt", "--ndjson"], Some(b""));
    assert_eq!((code(&output), stdout(&output)), (0, ""));

    // Pretty output would not be a line per value.
    let output = jetwire(&["fmt", "--ndjson", "--indent", "2"], Some(lines.as_bytes()));
    assert_eq!(code(&output), 2);
    assert!(output.stdout.is_empty());

    // Many lines, more than a block of them.
    let input: String = (0..20_000).map(|i| format!("{{ \"n\" : {i} , \"v\" : [ {i}.0 ] }}\n")).collect();
    let expected: String = (0..20_000).map(|i| format!("{{\"n\":{i},\"v\":[{i}.0]}}\n")).collect();
    let output = jetwire(&["fmt", "--ndjson"], Some(input.as_bytes()));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(stdout(&output) == expected, "the formatted lines differ");

    // An error: reported with its line, and nothing of a small input written.
    let output = jetwire(&["fmt", "--ndjson"], Some(b"1\n2\n[3,\n"));
    assert_eq!(code(&output), 1);
    assert_eq!(stderr(&output), "-:4:1: expected a value, found end of input\n");
    assert!(output.stdout.is_empty());
}

// ---- get -------------------------------------------------------------------------------------------

fn stdout(output: &Output) -> &str {
    std::str::from_utf8(&output.stdout).expect("UTF-8 on stdout")
}

#[test]
fn get_prints_each_value_exactly_on_its_own_line() {
    let json = br#"{"a": {"b c": [1, 2.50, {"d": "\u00e9"}]}, "x/y": true}"#;
    let (_dir, path) = file_with("doc.json", json);
    let output = jetwire(&["get", path_arg(&path), "/a/b c/1", "/a/b c/2", "/x~1y", ""], None);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        format!("2.50\n{{\"d\": \"\\u00e9\"}}\ntrue\n{}\n", std::str::from_utf8(json).unwrap())
    );
}

#[test]
fn get_reads_standard_input() {
    let output = jetwire(&["get", "-", "/0"], Some(b"[[1, 2]]"));
    assert_eq!((code(&output), stdout(&output)), (0, "[1, 2]\n"));
}

#[test]
fn get_names_a_pointer_with_no_value() {
    let (_dir, path) = file_with("doc.json", br#"{"a": [1]}"#);
    let output = jetwire(&["get", path_arg(&path), "/a/0", "/a/5", "/b"], None);
    assert_eq!(code(&output), 1);
    assert_eq!(stdout(&output), "1\n");
    let name = path.display();
    assert_eq!(
        stderr(&output),
        format!("{name}: no value at pointer `/a/5`\n{name}: no value at pointer `/b`\n")
    );
}

#[test]
fn get_reports_invalid_json_and_pointers() {
    let (_dir, path) = file_with("bad.json", b"{\"a\": [1,]}");
    let output = jetwire(&["get", path_arg(&path), "/a/1"], None);
    assert_eq!(code(&output), 1);
    assert_eq!(
        stderr(&output),
        format!(
            "{}:1:10: expected a value, found `]`: a trailing comma is not JSON (`--allow-trailing-commas` accepts it)\n",
            path.display()
        )
    );

    let output = jetwire(&["get", path_arg(&path), "a"], None);
    assert_eq!(code(&output), 2);
    assert_eq!(stderr(&output), "jetwire: `a` is not a JSON Pointer: it must be empty or start with `/`\n");

    let output = jetwire(&["get", "/no/such/file.json", "/a"], None);
    assert_eq!(code(&output), 2);

    // The depth limit applies, and can be raised.
    let deep = format!("{{\"skip\": {}{}, \"x\": 1}}", "[".repeat(200), "]".repeat(200));
    let output = jetwire(&["get", "-", "/x"], Some(deep.as_bytes()));
    assert_eq!(code(&output), 1);
    let output = jetwire(&["get", "--max-depth", "300", "-", "/x"], Some(deep.as_bytes()));
    assert_eq!((code(&output), stdout(&output)), (0, "1\n"));
}

#[test]
fn get_on_the_twitter_corpus() {
    let path = PathBuf::from(BENCH_DIR).join("twitter.json");
    let output =
        jetwire(&["get", path_arg(&path), "/statuses/3/user/screen_name", "/search_metadata/count"], None);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(stdout(&output), "\"chibu4267\"\n100\n");
}

#[test]
fn get_raw_prints_strings_decoded() {
    let json = "{\"s\": \"caf\\u00e9 \u{1F600}\\n\\t\\\"q\\\" \\\\ \\/\", \"n\": 1.50, \"o\": {\"k\": \"v\"}, \
                \"a\": [\"x\"], \"t\": true, \"z\": null, \"lone\": \"\\ud800\", \"e\": \"\"}";
    let pointers = ["/s", "/n", "/o", "/a", "/a/0", "/t", "/z", "/lone", "/e"];
    let mut args = vec!["get", "-r", "-"];
    args.extend(pointers);
    let output = jetwire(&args, Some(json.as_bytes()));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let mut expected = "caf\u{e9} \u{1F600}\n\t\"q\" \\ /\n1.50\n{\"k\": \"v\"}\n[\"x\"]\nx\ntrue\nnull\n"
        .as_bytes()
        .to_vec();
    // An unpaired surrogate escape: its WTF-8 bytes; the empty string: an empty line.
    expected.extend_from_slice(b"\xED\xA0\x80\n\n");
    assert_eq!(output.stdout, expected);
    // --raw is -r; without it, strings are as the input spells them.
    args[1] = "--raw";
    assert_eq!(jetwire(&args, Some(json.as_bytes())).stdout, expected);
    let output = jetwire(&["get", "-", "/s"], Some(json.as_bytes()));
    assert_eq!(stdout(&output), "\"caf\\u00e9 \u{1F600}\\n\\t\\\"q\\\" \\\\ \\/\"\n");
    // Bytes that are not UTF-8 come out as they are.
    let output = jetwire(&["get", "-r", "/0"], Some(b"[\"a\xFFb\"]"));
    assert_eq!(output.stdout, b"a\xFFb\n");
}

#[test]
fn get_reads_standard_input_when_given_only_a_pointer() {
    let output = jetwire(&["get", "/a/1"], Some(br#"{"a": [1, "two"]}"#));
    assert_eq!((code(&output), stdout(&output)), (0, "\"two\"\n"));
    let output = jetwire(&["get", ""], Some(b" [1] "));
    assert_eq!((code(&output), stdout(&output)), (0, "[1]\n"));
    // With several arguments, the first is the file: `-` for standard input.
    let output = jetwire(&["get", "-", "/a/0", "/a/1"], Some(br#"{"a": [1, "two"]}"#));
    assert_eq!((code(&output), stdout(&output)), (0, "1\n\"two\"\n"));
    let output = jetwire(&["get", "/a/0", "/a/1"], Some(br#"{"a": [1, "two"]}"#));
    assert_eq!(code(&output), 2);
    assert_eq!(
        stderr(&output),
        "jetwire: /a/0: No such file or directory (os error 2) (of several arguments, the first is the \
         FILE: give `-` first to read standard input)\n"
    );
    // A lone argument that cannot be a pointer is a file with nothing to look up.
    let output = jetwire(&["get", "data.json"], Some(b"{}"));
    assert_eq!(code(&output), 2);
    assert_eq!(
        stderr(&output),
        "jetwire: `data.json` is not a JSON Pointer, and a FILE takes pointers after it\n"
    );
}

#[test]
fn get_checks_the_whole_input_unless_lazy() {
    // A trailing comma after the value looked up.
    let (_dir, path) = file_with("comma.json", b"{\"a\": 1, \"b\": 2,\n}\n");
    let output = jetwire(&["get", path_arg(&path), "/a"], None);
    assert_eq!(code(&output), 1);
    let error = format!("{}:2:1: expected a property name, found `}}`", path.display());
    assert!(stderr(&output).starts_with(&error), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
    let output = jetwire(&["get", "--lazy", path_arg(&path), "/a"], None);
    assert_eq!((code(&output), stdout(&output), stderr(&output)), (0, "1\n", ""));
    let output = jetwire(&["get", "--allow-trailing-commas", path_arg(&path), "/a"], None);
    assert_eq!((code(&output), stdout(&output)), (0, "1\n"));

    // Bytes after the document, and an error in a member never looked into.
    for (input, pointer, error) in [
        (&br#"{"a": 1} {"#[..], "/a", "-:1:10: expected end of input after the JSON value, found `{`\n"),
        (br#"{"a": 1, "skip": [1 2]}"#, "/a", "-:1:21: expected `,` or `]`, found `2`\n"),
        (br#"[{"a": 1}, {"a": [nul]}]"#, "/0/a", "-:1:19: expected `null`, found `nul`\n"),
    ] {
        let output = jetwire(&["get", pointer], Some(input));
        assert_eq!((code(&output), stderr(&output)), (1, error), "{}", String::from_utf8_lossy(input));
        assert!(output.stdout.is_empty());
        let output = jetwire(&["get", "--lazy", pointer], Some(input));
        assert_eq!((code(&output), stdout(&output)), (0, "1\n"), "{}", String::from_utf8_lossy(input));
    }
    // Lazy or not, an error before the values is an error.
    let output = jetwire(&["get", "--lazy", "/b"], Some(br#"{"a": [1 x], "b": 2}"#));
    assert_eq!((code(&output), stderr(&output)), (1, "-:1:10: expected `,` or `]`, found `x`\n"));
}

#[test]
fn get_wildcards_match_every_element_and_member() {
    let json =
        br#"{"items": [{"id": 1, "tags": ["a"]}, {"name": "no id"}, {"id": "x", "tags": []}], "*": "star"}"#;
    let (_dir, path) = file_with("items.json", json);
    let file = path_arg(&path);
    let output = jetwire(&["get", file, "/items/*/id", "/items/*/tags/*", "/*/2/id"], None);
    assert_eq!((code(&output), stdout(&output)), (0, "1\n\"x\"\n\"a\"\n\"x\"\n"), "{}", stderr(&output));
    let output = jetwire(&["get", "-r", file, "/*"], None);
    assert_eq!(
        stdout(&output),
        "[{\"id\": 1, \"tags\": [\"a\"]}, {\"name\": \"no id\"}, {\"id\": \"x\", \"tags\": []}]\nstar\n"
    );
    // No match at all is no value.
    let output = jetwire(&["get", file, "/items/*/nope", "/items/1/*/x", "/items/*/id"], None);
    assert_eq!(code(&output), 1);
    assert_eq!(stdout(&output), "1\n\"x\"\n");
    let name = path.display();
    assert_eq!(
        stderr(&output),
        format!("{name}: no value at pointer `/items/*/nope`\n{name}: no value at pointer `/items/1/*/x`\n")
    );
    // --no-wildcards: `*` is a key.
    let output = jetwire(&["get", "--no-wildcards", file, "/*", "/items/*"], None);
    assert_eq!((code(&output), stdout(&output)), (1, "\"star\"\n"));
    assert_eq!(stderr(&output), format!("{name}: no value at pointer `/items/*`\n"));
}

#[test]
fn get_ndjson_prints_a_line_per_line() {
    let lines = "{\"type\": \"click\", \"user\": {\"id\": 42, \"tags\": [\"a\", \"b\"]}}\n\
                 \n\
                 {\"type\": \"key\\tpress\\n\", \"user\": {\"id\": [1, 2.50], \"tags\": []}}\r\n\
                 {\"user\": {\"id\": \"\u{e9}\", \"tags\": [{\"k\" : true}]}}\n\
                 \"only a string\"";
    let (_dir, path) = file_with("events.ndjson", lines.as_bytes());
    for file in [path_arg(&path), "-"] {
        let name = if file == "-" { "-".to_owned() } else { path.display().to_string() };
        let output =
            jetwire(&["get", "--ndjson", file, "/type", "/user/id", "/user/tags/*"], Some(lines.as_bytes()));
        assert_eq!(code(&output), 1, "{file}");
        assert_eq!(
            stdout(&output),
            "\"click\"\t42\t[\"a\",\"b\"]\n\
             \"key\\tpress\\n\"\t[1,2.50]\t\n\
             \t\"\u{e9}\"\t[{\"k\":true}]\n\
             \t\t\n",
            "{file}"
        );
        assert_eq!(
            stderr(&output),
            format!(
                "{name}:3: no value at pointer `/user/tags/*`\n{name}:4: no value at pointer `/type`\n\
                 {name}:5: no value at pointer `/type`\n{name}:5: no value at pointer `/user/id`\n\
                 {name}:5: no value at pointer `/user/tags/*`\n"
            )
        );
        // --raw: strings decoded, escaped as jq's @tsv does; arrays stay JSON.
        let output =
            jetwire(&["get", "--ndjson", "-r", file, "/type", "/user/tags/*", ""], Some(lines.as_bytes()));
        assert_eq!(
            stdout(&output).lines().map(|line| line.split('\t').next().unwrap()).collect::<Vec<_>>(),
            ["click", "key\\tpress\\n", "", ""]
        );
        assert!(stdout(&output).ends_with("\tonly a string\n"), "{file}");
    }
    // One pointer from standard input needs no `-`.
    let output = jetwire(&["get", "--ndjson", "-r", "/user/id"], Some(lines.as_bytes()));
    assert_eq!(stdout(&output), "42\n[1,2.50]\n\u{e9}\n\n");
}

#[test]
fn get_ndjson_stops_at_a_bad_line_with_what_came_before_printed() {
    let output =
        jetwire(&["get", "--ndjson", "-", "/n"], Some(b"{\"n\": 1}\n{\"n\": 2}\n{\"n\": 3 x}\n{\"n\": 4}\n"));
    assert_eq!(code(&output), 1);
    assert_eq!(stdout(&output), "1\n2\n");
    assert_eq!(stderr(&output), "-:3:9: expected `,` or `}`, found `x`\n");
    // Many lines, more than a block of them.
    let input: String = (0..30_000).map(|i| format!("{{\"n\": {i}, \"s\": [\"line {i}\"]}}\n")).collect();
    assert!(input.len() > 10 * BLOCK);
    let output = jetwire(&["get", "--ndjson", "-r", "-", "/s/0", "/n"], Some(input.as_bytes()));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let expected: String = (0..30_000).map(|i| format!("line {i}\t{i}\n")).collect();
    assert!(stdout(&output) == expected, "the lines differ");
}
