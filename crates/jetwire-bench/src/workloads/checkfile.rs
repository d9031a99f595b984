//! `checkfile:large`: what `jetwire check FILE` does, on a file of at least 200 MB (4 MB at
//! smoke size), generated once per run into the temporary directory: an array of twitter.json
//! documents.
//!
//! - `jetwire`: the command's streaming validation, `PushReader::check_document` fed 64 KiB
//!   blocks from the file by `read_from` (an unbuffered `File`, as the command reads it), so
//!   memory stays flat however large the file;
//! - `jetwire, in memory`: jetwire's contiguous validation (`skip_value` and `finish`) of the
//!   same bytes, already in memory: the baseline the streaming rate is compared with;
//! - `serde_json::from_reader`: serde_json's streaming validation of the file (into
//!   `IgnoredAny` through a `BufReader`), the like-for-like peer;
//! - `serde_json`: serde_json's validation of the bytes in memory, shown but not like-for-like.
//!
//! Only with `--large` (or at smoke size): each operation reads the whole file.

use std::fs::File;
use std::hint::black_box;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use jetwire::json::stream::{Pull, PushReader};
use serde::de::IgnoredAny;

use super::corpora::TWITTER;
use super::{CaseSpec, Size};
use crate::check;
use crate::harness::{Case, Entry, Group, Op};

const NAME: &str = "checkfile:large";

/// The spec, run only when asked for.
pub fn spec() -> CaseSpec {
    CaseSpec::new(NAME, Op::Read, case).large()
}

/// `[twitter, twitter, ...]` of at least `target` bytes.
fn document(target: usize) -> Vec<u8> {
    let copies = target.div_ceil(TWITTER.len() + 2).max(1);
    let mut out = Vec::with_capacity(copies * (TWITTER.len() + 2) + 2);
    out.push(b'[');
    for i in 0..copies {
        if i > 0 {
            out.extend_from_slice(b",\n");
        }
        out.extend_from_slice(TWITTER);
    }
    out.push(b']');
    out
}

/// `jetwire check`'s validation of the file at `path`: the bytes it read.
pub fn check_file(path: &Path) -> Result<usize, String> {
    let mut file = File::open(path).map_err(|e| e.to_string())?;
    let mut reader = PushReader::new();
    while let Pull::NeedMoreData = reader.check_document().map_err(|e| e.to_string())? {
        reader.read_from(&mut file).map_err(|e| e.to_string())?;
    }
    Ok(reader.offset())
}

/// jetwire's contiguous validation of `bytes`: how many it read.
fn check_in_memory(bytes: &[u8]) -> Result<usize, String> {
    let mut reader = jetwire::json::Reader::new(bytes);
    reader.skip_value().and_then(|()| reader.finish()).map_err(|e| e.to_string())?;
    Ok(reader.offset())
}

fn case(size: Size) -> Result<Case, String> {
    check::parse(TWITTER).map_err(|e| format!("{NAME}: twitter.json: {e}"))?;
    let target = match size {
        Size::Standard => 200_000_000,
        Size::Smoke => 4_000_000,
    };
    let bytes = Rc::new(document(target));
    let path: Rc<PathBuf> = Rc::new(std::env::temp_dir().join("jetwire-bench-checkfile-large.json"));
    std::fs::write(&*path, &*bytes).map_err(|e| format!("{NAME}: writing {}: {e}", path.display()))?;

    let (file, memory) = (path.clone(), bytes.clone());
    let (serde_file, serde_memory) = (path.clone(), bytes.clone());
    let entries = [
        Entry::new("jetwire", move || check_file(&file).expect("checked before timing")),
        Entry::new("jetwire, in memory", move || check_in_memory(&memory).expect("checked before timing")),
        Entry::new("serde_json::from_reader", move || {
            let file = BufReader::new(File::open(&*serde_file).expect("checked before timing"));
            black_box(serde_json::from_reader::<_, IgnoredAny>(file).expect("checked before timing"));
            1
        }),
        Entry::new("serde_json", move || {
            black_box(serde_json::from_slice::<IgnoredAny>(&serde_memory).expect("checked before timing"));
            1
        })
        .not_like_for_like("validates the bytes in memory, not the file"),
    ];
    // Every implementation must accept the whole document.
    let accepted = [
        check_file(&path),
        check_in_memory(&bytes),
        File::open(&*path)
            .map_err(|e| e.to_string())
            .and_then(|f| {
                serde_json::from_reader::<_, IgnoredAny>(BufReader::new(f)).map_err(|e| e.to_string())
            })
            .map(|_| bytes.len()),
        serde_json::from_slice::<IgnoredAny>(&bytes).map(|_| bytes.len()).map_err(|e| e.to_string()),
    ];
    for (entry, read) in entries.iter().zip(accepted) {
        let read = read.map_err(|e| format!("{NAME}: {}: {e}", entry.implementation))?;
        if read != bytes.len() {
            return Err(format!("{NAME}: {} read {read} of {} bytes", entry.implementation, bytes.len()));
        }
    }
    Ok(Case::new(NAME, Group::Validation, Op::Read, bytes.len(), entries.into_iter().collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_streaming_check_reads_the_file_and_refuses_a_broken_one() {
        let dir = std::env::temp_dir().join(format!("jetwire-bench-checkfile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bytes = document(1_500_000);
        assert!(bytes.len() >= 1_500_000);
        let path = dir.join("ok.json");
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(check_file(&path), Ok(bytes.len()));
        assert_eq!(check_in_memory(&bytes), Ok(bytes.len()));
        let broken = dir.join("broken.json");
        std::fs::write(&broken, &bytes[..bytes.len() - 1]).unwrap();
        assert!(check_file(&broken).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
