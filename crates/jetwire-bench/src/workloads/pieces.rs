//! Input in pieces (workloads.md, "Input in pieces"): the same bytes read whole and split into
//! chunks of 3, 64 and 4096 bytes, and corpora read from files through `io::Read`.
//!
//! `pieces:<workload>:<chunk size>` cases read the chunks with `jetwire::json::stream` (no
//! copying together) against the peers' only options: concatenating the chunks, then reading
//! the whole (serde_json, sonic-rs), and `serde_json::from_reader` over a reader that hands out
//! one chunk per `read`. `pieces:<workload>:whole` reads the same bytes contiguously, every
//! library from one slice: the baseline that chunked reading is compared with.
//!
//! `file:<corpus>` cases read a corpus from a file on disk, opened for each operation: jetwire's
//! `stream::from_reader` and serde_json's `from_reader` (through a `BufReader`, as its docs
//! advise) against reading the whole file and then parsing it (jetwire, serde_json).

use std::hint::black_box;
use std::io::{self, Read};
use std::path::PathBuf;
use std::rc::Rc;

use serde::de::IgnoredAny;

use super::{CaseSpec, Source};
use crate::check::{self, Tree};
use crate::harness::{Case, Entry, Group, Op};
use crate::peers::{Mismatch, Model, check_read, read_case};

/// The chunk sizes of workloads.md; `None` is the whole input.
const CHUNK_SIZES: [Option<usize>; 4] = [None, Some(3), Some(64), Some(4096)];

/// An `io::Read` that hands out at most one chunk per call, as a socket or a pipe would.
struct ChunkReader<'a> {
    chunks: &'a [&'a [u8]],
    /// The current chunk, and how much of it has been handed out.
    next: usize,
    at: usize,
}

impl<'a> ChunkReader<'a> {
    fn new(chunks: &'a [&'a [u8]]) -> Self {
        ChunkReader { chunks, next: 0, at: 0 }
    }
}

impl Read for ChunkReader<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let Some(chunk) = self.chunks.get(self.next) else { return Ok(0) };
        let rest = &chunk[self.at..];
        let n = rest.len().min(out.len());
        out[..n].copy_from_slice(&rest[..n]);
        self.at += n;
        if self.at == chunk.len() {
            self.next += 1;
            self.at = 0;
        }
        Ok(n)
    }
}

/// How one implementation reads the chunks (with a scratch buffer to copy them into, if it
/// must): its output, converted to JSON for the checks only, never while timed.
type ReadChunks<O> = fn(&[&[u8]], &mut Vec<u8>) -> Result<O, String>;

/// How an implementation of a chunked case reads the pieces.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pieces {
    /// In place, or one `read` call per chunk: it reads input in pieces, as jetwire does.
    AsPieces,
    /// Copies the chunks together and parses them contiguously: not like-for-like with reading
    /// them in place whenever there is more than one chunk.
    Concatenated,
}

/// The caveat of a peer that copies the chunks together.
const CONCATENATED: &str = "copies the chunks together, then parses them contiguously";

/// What the checks expect of every implementation's output: the typed value the input holds
/// (compared exactly, see [`crate::check`]), or for skips, every byte consumed.
enum Expect {
    Value(Tree),
    Consumed(usize),
}

impl Expect {
    /// `Expect::Value` of `input`.
    fn value_of(input: &[u8]) -> Result<Self, String> {
        check::parse(input).map(Expect::Value).map_err(|e| format!("the input is not JSON: {e}"))
    }

    /// `Expect::Consumed` of `input`, which must be JSON.
    fn consumed(input: &[u8]) -> Result<Self, String> {
        check::parse(input).map_err(|e| format!("the input is not JSON: {e}"))?;
        Ok(Expect::Consumed(input.len()))
    }

    fn check<O: serde::Serialize>(
        &self,
        name: &str,
        implementation: &str,
        output: &O,
    ) -> Result<Option<String>, String> {
        match self {
            Expect::Value(expected) => check_read(name, implementation, expected, output),
            Expect::Consumed(len) => {
                let consumed = check::of_model(output)?;
                if consumed != Tree::Int(len.to_string()) {
                    return Err(format!("{name}: {implementation} consumed {consumed:?} of {len} bytes"));
                }
                Ok(None)
            }
        }
    }
}

/// A case of `group` reading `input` in `chunk`-byte pieces with every implementation of
/// `entries`, each checked against `expect` before timing.
fn chunked_case<O: serde::Serialize + 'static>(
    name: String,
    group: Group,
    input: Vec<u8>,
    chunk: usize,
    expect: Expect,
    entries: Vec<(&'static str, Pieces, ReadChunks<O>)>,
) -> Result<Case, String> {
    let bytes = input.len();
    // Kept for the rest of the run, so that the chunks are cut once, outside the timing.
    let input: &'static [u8] = Box::leak(input.into_boxed_slice());
    let chunks: Rc<Vec<&'static [u8]>> = Rc::new(input.chunks(chunk.max(1)).collect());
    let mut checked = Vec::new();
    for (implementation, pieces, read) in entries {
        let output = read(&chunks, &mut Vec::new()).map_err(|e| format!("{name}: {implementation}: {e}"))?;
        let caveat = expect.check(&name, implementation, &output)?;
        let chunk_count = chunks.len();
        let chunks = chunks.clone();
        let mut scratch = Vec::with_capacity(bytes);
        let mut entry = Entry::new(implementation, move || {
            black_box(read(&chunks, &mut scratch).expect("checked before timing"));
            chunks.len()
        });
        entry.caveat = caveat;
        if pieces == Pieces::Concatenated && chunk_count > 1 {
            entry = entry.not_like_for_like(CONCATENATED);
        }
        checked.push(entry);
    }
    Ok(Case { name, group, op: Op::Read, bytes, entries: checked })
}

/// The chunks copied together into `scratch`, the peers' way to read pieces (one chunk is read
/// where it is).
fn concatenated<'a>(chunks: &[&'a [u8]], scratch: &'a mut Vec<u8>) -> &'a [u8] {
    if let [whole] = chunks {
        return whole;
    }
    scratch.clear();
    for chunk in chunks {
        scratch.extend_from_slice(chunk);
    }
    scratch
}

fn text<E: std::fmt::Display>(err: E) -> String {
    err.to_string()
}

/// Typed reads of `T`: jetwire in place, the peers concatenating or through `from_reader`.
fn typed_entries<T: Model>() -> Vec<(&'static str, Pieces, ReadChunks<T>)> {
    use Pieces::*;
    vec![
        ("jetwire", AsPieces, |chunks, _| jetwire::json::stream::from_chunks(chunks).map_err(text)),
        ("serde_json", Concatenated, |chunks, scratch| {
            serde_json::from_slice(concatenated(chunks, scratch)).map_err(text)
        }),
        ("sonic-rs", Concatenated, |chunks, scratch| {
            sonic_rs::from_slice(concatenated(chunks, scratch)).map_err(text)
        }),
        ("serde_json::from_reader", AsPieces, |chunks, _| {
            serde_json::from_reader(ChunkReader::new(chunks)).map_err(text)
        }),
    ]
}

/// Skipping the whole value: jetwire's `skip_value` in place (one chunk: the contiguous reader),
/// the peers reading into `IgnoredAny`. Each entry returns how many bytes it consumed, which is
/// all of them once it succeeds (every entry refuses trailing bytes): the checks prove that every
/// implementation accepts the input, not more.
fn skip_entries() -> Vec<(&'static str, Pieces, ReadChunks<usize>)> {
    use Pieces::*;
    vec![
        ("jetwire", AsPieces, |chunks, _| {
            let skip = |mut reader: jetwire::json::Reader<'_>| {
                reader.skip_value().and_then(|()| reader.finish()).map(|()| reader.offset()).map_err(text)
            };
            match chunks {
                [whole] => skip(jetwire::json::Reader::new(whole)),
                _ => skip(jetwire::json::stream::ChunkedInput::new(chunks.iter().copied()).reader()),
            }
        }),
        ("serde_json", Concatenated, |chunks, scratch| {
            let bytes = concatenated(chunks, scratch);
            serde_json::from_slice::<IgnoredAny>(bytes).map(|_| bytes.len()).map_err(text)
        }),
        ("sonic-rs", Concatenated, |chunks, scratch| {
            let bytes = concatenated(chunks, scratch);
            sonic_rs::from_slice::<IgnoredAny>(bytes).map(|_| bytes.len()).map_err(text)
        }),
        ("serde_json::from_reader", AsPieces, |chunks, _| {
            serde_json::from_reader::<_, IgnoredAny>(ChunkReader::new(chunks))
                .map(|_| chunks.iter().map(|c| c.len()).sum())
                .map_err(text)
        }),
    ]
}

/// `pieces:<name>:<chunk size>`, leaked once per spec: case names are `'static`.
fn case_name(name: &str, chunk: Option<usize>) -> &'static str {
    let label = chunk.map_or("whole".to_owned(), |size| size.to_string());
    Box::leak(format!("pieces:{name}:{label}").into_boxed_str())
}

/// Typed reads of `T` from `make()`'s bytes, whole and at every chunk size.
fn workload<T: Model>(specs: &mut Vec<CaseSpec>, name: &str, make: fn() -> Vec<u8>) {
    for chunk in CHUNK_SIZES {
        let name = case_name(name, chunk);
        specs.push(CaseSpec::new(name, Op::Read, move |_| match chunk {
            None => read_case::<T>(name, Group::Pieces, make()),
            Some(size) => {
                let input = make();
                let expect = Expect::value_of(&input).map_err(|e| format!("{name}: {e}"))?;
                chunked_case(name.to_owned(), Group::Pieces, input, size, expect, typed_entries::<T>())
            }
        }));
    }
}

/// Skips of a `kind` mix repeated `scale` times, whole (one slice: validation) and at every
/// chunk size (input in pieces).
fn skip_workload(specs: &mut Vec<CaseSpec>, name: &str, kind: &'static str, scale: usize) {
    for chunk in CHUNK_SIZES {
        let name = case_name(name, chunk);
        let group = if chunk.is_some() { Group::Pieces } else { Group::Validation };
        specs.push(CaseSpec::new(name, Op::Read, move |_| {
            let input = skip_mix(kind, scale);
            let size = chunk.unwrap_or(input.len());
            let expect = Expect::consumed(&input).map_err(|e| format!("{name}: {e}"))?;
            chunked_case(name.to_owned(), group, input, size, expect, skip_entries())
        }));
    }
}

fn array_of(items: impl Iterator<Item = String>) -> Vec<u8> {
    format!("[{}]", items.collect::<Vec<_>>().join(",")).into_bytes()
}

fn numbers(count: usize) -> Vec<u8> {
    array_of((0..count).map(|_| "12345.625".to_owned()))
}

fn property_names() -> Vec<u8> {
    let members: Vec<String> = (0..1000).map(|i| format!("\"k{i}\":{}", i % 100)).collect();
    format!("{{{}}}", members.join(",")).into_bytes()
}

fn strings(kind: &str) -> Vec<u8> {
    match kind {
        "plain" => array_of((0..1000).map(|i| format!("\"plain text number {i}\""))),
        "escaped" => array_of((0..1000).map(|i| format!("\"line {i}\\n\\ttab \\\"quoted\\\" \\\\ end\""))),
        "unicode" => array_of((0..1000).map(|i| format!("\"caf\\u00e9 {i} \\ud83d\\ude00 na\\u00efve\""))),
        _ => array_of((0..64).map(|i| format!("\"{}\"", format!("row {i}\\tvalue\\n").repeat(256)))),
    }
}

fn string_run(run: usize) -> Vec<u8> {
    format!("\"\\n{}\"", "x".repeat(run)).into_bytes()
}

/// A number of 129 characters (8 digits, a point, 120 digits), within f32's range.
fn long_number() -> Vec<u8> {
    let digits: String = (0..128).map(|i| char::from(b'1' + (i * 7 % 9) as u8)).collect();
    format!("{}.{}", &digits[..8], &digits[8..]).into_bytes()
}

/// Values to skip: four token mixes, at two sizes (`scale` repeats).
fn skip_mix(kind: &str, scale: usize) -> Vec<u8> {
    let item = match kind {
        "numbers" => "[1, -2.5, 3e10, 0.000125, 123456789]".to_owned(),
        "strings" => r#"["alpha", "beta \"quoted\"", "caf\u00e9", "gamma delta epsilon"]"#.to_owned(),
        "objects" => r#"{"id": 7, "tags": {"a": true, "b": null}, "nested": {"x": {"y": []}}}"#.to_owned(),
        _ => r#"{"name": "mixed", "values": [1, 2.5, "three", false, null], "more": {"k": "v"}}"#.to_owned(),
    };
    array_of((0..scale).map(|_| item.clone()))
}

/// Every input-in-pieces spec.
pub fn specs() -> Vec<CaseSpec> {
    let mut specs = Vec::new();
    workload::<Vec<f64>>(&mut specs, "Numbers32", || numbers(32));
    workload::<Vec<f64>>(&mut specs, "Numbers256", || numbers(256));
    workload::<Vec<f64>>(&mut specs, "Numbers1024", || numbers(1024));
    workload::<std::collections::BTreeMap<String, u32>>(&mut specs, "PropertyNames", property_names);
    workload::<Vec<String>>(&mut specs, "Strings:plain", || strings("plain"));
    workload::<Vec<String>>(&mut specs, "Strings:escaped", || strings("escaped"));
    workload::<Vec<String>>(&mut specs, "Strings:unicode", || strings("unicode"));
    workload::<Vec<String>>(&mut specs, "Strings:large", || strings("large"));
    workload::<String>(&mut specs, "StringRuns32", || string_run(32));
    workload::<String>(&mut specs, "StringRuns4096", || string_run(4096));
    workload::<f32>(&mut specs, "NumericTokens9:f32", || b"12345.625".to_vec());
    workload::<f64>(&mut specs, "NumericTokens9:f64", || b"12345.625".to_vec());
    workload::<f32>(&mut specs, "NumericTokens129:f32", long_number);
    workload::<f64>(&mut specs, "NumericTokens129:f64", long_number);
    workload::<super::corpora::Canada>(&mut specs, "canada", || super::corpora::CANADA.to_vec());
    workload::<super::corpora::CitmCatalog>(&mut specs, "citm_catalog", || {
        super::corpora::CITM_CATALOG.to_vec()
    });
    workload::<super::corpora::Twitter>(&mut specs, "twitter", || super::corpora::TWITTER.to_vec());
    for kind in ["numbers", "strings", "objects", "mixed"] {
        for (size, scale) in [("small", 4), ("large", 400)] {
            skip_workload(&mut specs, &format!("Skip:{kind}:{size}"), kind, scale);
        }
    }
    for (corpus, bytes) in [
        ("canada", super::corpora::CANADA),
        ("citm_catalog", super::corpora::CITM_CATALOG),
        ("twitter", super::corpora::TWITTER),
    ] {
        specs.push(file_spec(corpus, bytes));
        let name: &'static str = Box::leak(format!("check:{corpus}").into_boxed_str());
        specs.push(check_spec(name, super::embedded(bytes)));
    }
    specs
}

/// `check:<document>`: validating a whole document in one slice, what `jetwire check` does in
/// process, against the peers' cheapest full validation (reading into `IgnoredAny`; simdjson's
/// DOM parse and yyjson's read, [`super::anchors::validation`]).
pub fn check_spec(name: &'static str, source: Source) -> CaseSpec {
    CaseSpec::new(name, Op::Read, move |size| check_case(name, source(size), Mismatch::Fails))
}

/// The `check:<document>` case of `bytes`, which must be JSON; a C or C++ anchor that refuses
/// them fails the case or is left out, by `mismatch`.
pub fn check_case(name: &str, bytes: Vec<u8>, mismatch: Mismatch) -> Result<Case, String> {
    let mut entries = skip_entries();
    entries.retain(|(implementation, ..)| !implementation.ends_with("from_reader"));
    let expect = Expect::consumed(&bytes).map_err(|e| format!("{name}: {e}"))?;
    #[cfg(c_peers)]
    let anchors = mismatch.admit_all(super::anchors::validation(name, &bytes))?;
    #[cfg(not(c_peers))]
    let _ = mismatch;
    let size = bytes.len();
    #[cfg_attr(not(c_peers), allow(unused_mut))]
    let mut case = chunked_case(name.to_owned(), Group::Validation, bytes, size, expect, entries)?;
    #[cfg(c_peers)]
    case.entries.extend(anchors);
    Ok(case)
}

/// `file:<corpus>`: reading a file through `io::Read`, against reading it whole then parsing.
fn file_spec(corpus: &'static str, bytes: &'static [u8]) -> CaseSpec {
    let name: &'static str = Box::leak(format!("file:{corpus}").into_boxed_str());
    CaseSpec::new(name, Op::Read, move |_| match corpus {
        "canada" => file_case::<super::corpora::Canada>(name, bytes),
        "citm_catalog" => file_case::<super::corpora::CitmCatalog>(name, bytes),
        _ => file_case::<super::corpora::Twitter>(name, bytes),
    })
}

fn file_case<T: Model>(name: &str, bytes: &[u8]) -> Result<Case, String> {
    // One file per corpus, overwritten by every run.
    let path: Rc<PathBuf> = Rc::new(
        std::env::temp_dir().join(format!("jetwire-bench-{}.json", name.trim_start_matches("file:"))),
    );
    std::fs::write(&*path, bytes).map_err(|e| format!("{name}: writing {}: {e}", path.display()))?;
    type ReadFile<T> = fn(&std::path::Path) -> Result<T, String>;
    let readers: [(&'static str, ReadFile<T>); 4] = [
        ("jetwire", |path| {
            let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
            jetwire::json::stream::from_reader(file).map_err(|e| e.to_string())
        }),
        ("jetwire, whole file", |path| {
            let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
            jetwire::json::from_slice(&bytes).map_err(|e| e.to_string())
        }),
        ("serde_json::from_reader", |path| {
            let file = io::BufReader::new(std::fs::File::open(path).map_err(|e| e.to_string())?);
            serde_json::from_reader(file).map_err(|e| e.to_string())
        }),
        ("serde_json, whole file", |path| {
            let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
            serde_json::from_slice(&bytes).map_err(|e| e.to_string())
        }),
    ];
    // Reading the whole file, then parsing it contiguously, is not reading it in pieces.
    let whole_file = "reads the whole file, then parses it contiguously";
    let expect = Expect::value_of(bytes).map_err(|e| format!("{name}: {e}"))?;
    let mut entries = Vec::new();
    for (implementation, read) in readers {
        let value = read(&path).map_err(|e| format!("{name}: {implementation}: {e}"))?;
        let caveat = expect.check(name, implementation, &value)?;
        let path = path.clone();
        let mut entry = Entry::new(implementation, move || {
            black_box(read(&path).expect("checked before timing"));
            1
        });
        entry.caveat = caveat;
        if implementation == "serde_json, whole file" {
            entry = entry.not_like_for_like(whole_file);
        }
        entries.push(entry);
    }
    Ok(Case::new(name, Group::Pieces, Op::Read, bytes.len(), entries))
}
