//! `lines:LogEntry`: JSON Lines held in memory, one log entry a line (about 11.9 MB at standard
//! size), read one typed value at a time.
//!
//! - `jetwire`: `stream::SliceLines`, JSON Lines read in place;
//! - `jetwire, LinesReader`: `stream::LinesReader` over the same bytes as an `io::Read`, the
//!   streaming path (64 KiB blocks through a `PushReader`);
//! - `jetwire, split + from_slice`: the lines split at `\n` and each read with `from_slice`,
//!   the baseline a user would otherwise write, which jetwire's readers must not lose to;
//! - `serde_json`: its `StreamDeserializer` (`Deserializer::from_slice(..).into_iter()`), the
//!   like-for-like peer.
//!
//! Every entry's values are compared with the generated entries before timing.

use std::hint::black_box;
use std::rc::Rc;

use jetwire::json::stream::{LinesReader, SliceLines};

use super::objects::{LogEntry, log_batch};
use super::rng::Rng;
use super::{CaseSpec, Size};
use crate::harness::{Case, Entry, Group, Op};

const NAME: &str = "lines:LogEntry";

/// The spec.
pub fn spec() -> CaseSpec {
    CaseSpec::new(NAME, Op::Read, case)
}

/// A way of reading the log entries of JSON Lines.
type ReadLines = fn(&[u8]) -> Result<Vec<LogEntry>, String>;

fn slice_lines(bytes: &[u8]) -> Result<Vec<LogEntry>, String> {
    SliceLines::new(bytes).collect::<Result<_, _>>().map_err(|e| e.to_string())
}

fn read_lines(bytes: &[u8]) -> Result<Vec<LogEntry>, String> {
    LinesReader::new(bytes).collect::<Result<_, _>>().map_err(|e| e.to_string())
}

fn split_and_read(bytes: &[u8]) -> Result<Vec<LogEntry>, String> {
    bytes
        .split(|&byte| byte == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| jetwire::json::from_slice(line).map_err(|e| e.to_string()))
        .collect()
}

fn serde_json_stream(bytes: &[u8]) -> Result<Vec<LogEntry>, String> {
    serde_json::Deserializer::from_slice(bytes)
        .into_iter()
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())
}

fn case(size: Size) -> Result<Case, String> {
    let mut rng = Rng::new(0x11E5);
    let entries: Vec<LogEntry> =
        (0..size.count(800)).flat_map(|_| log_batch(&mut rng, size).entries).collect();
    let mut text = Vec::new();
    for entry in &entries {
        text.extend_from_slice(&jetwire::json::to_vec(entry).map_err(|e| e.to_string())?);
        text.push(b'\n');
    }
    let bytes = Rc::new(text);
    let readers: [(&'static str, ReadLines); 4] = [
        ("jetwire", slice_lines),
        ("jetwire, LinesReader", read_lines),
        ("jetwire, split + from_slice", split_and_read),
        ("serde_json", serde_json_stream),
    ];
    let mut timed = Vec::new();
    for (implementation, read) in readers {
        // Every reader must give back the generated entries, in order.
        if read(&bytes)? != entries {
            return Err(format!("{NAME}: {implementation} read other entries than were written"));
        }
        let bytes = bytes.clone();
        timed.push(Entry::new(implementation, move || {
            black_box(read(&bytes).expect("checked before timing")).len()
        }));
    }
    Ok(Case::new(NAME, Group::Pieces, Op::Read, bytes.len(), timed))
}
