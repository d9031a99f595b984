//! The user's own documents (`--file PATH... [--pointer POINTER...]`): every generic case on
//! each file, against every peer, the C and C++ anchors included:
//!
//! - `check:<file>`: validation ([`pieces::check_case`]);
//! - `dom:<file>`: DOM read and write ([`dom`]);
//! - `doc:<file>`: the read-only document's parse and write ([`super::document`]);
//! - `serde:<file>`: the serde bridge into and from `serde_json::Value` ([`bridge`]);
//! - `get:<file>`: jetwire's `get` of each `--pointer` against sonic-rs's ([`lazy`]).
//!
//! A file that is not JSON is an error naming its path, line and column. A peer that cannot
//! hold a file's values exactly (an integer beyond 64 bits, a number beyond `f64`) is left out
//! of that case with a note on stderr, rather than failing the run; so are the bridge cases
//! when `serde_json::Value` cannot hold the file, and the lookups when it has no value at a
//! pointer.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::{CaseSpec, bridge, dom, lazy, pieces};
use crate::check;
use crate::harness::Op;
use crate::peers::Mismatch;

/// A user's document: its bytes and the name its cases carry.
struct Document {
    label: String,
    bytes: Rc<Vec<u8>>,
}

/// Reads `path` and checks that it is one JSON document: otherwise an error naming the path,
/// line and column (jetwire's reader finds them).
pub fn load(path: &Path) -> Result<Vec<u8>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut reader = jetwire::json::Reader::new(&bytes);
    if let Err(err) = reader.skip_value().and_then(|()| reader.finish()) {
        return Err(format!(
            "{}: not JSON: line {}, column {}: {}",
            path.display(),
            err.line(),
            err.column(),
            err.message()
        ));
    }
    Ok(bytes)
}

/// A `'static` case name (`check:<label>`, ...): leaked once per file and case.
fn named(prefix: &str, label: &str) -> &'static str {
    Box::leak(format!("{prefix}:{label}").into_boxed_str())
}

/// Every generic case of every file in `paths`, with a `get` case of `pointers` when there are
/// any. Files are read and checked here; an error names the first that cannot be read or is
/// not JSON.
pub fn specs(paths: &[PathBuf], pointers: &[String]) -> Result<Vec<CaseSpec>, String> {
    let mut labels = HashSet::new();
    let mut specs = Vec::new();
    for path in paths {
        let bytes = Rc::new(load(path)?);
        // The file's name, or its whole path where two files share a name.
        let name =
            path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        let label = if labels.insert(name.clone()) { name } else { path.display().to_string() };
        labels.insert(label.clone());
        document_specs(&mut specs, &Document { label, bytes }, pointers);
    }
    Ok(specs)
}

/// Whether `serde_json::Value`, read through jetwire's bridge, holds exactly the values of
/// `bytes`; if not, what differs.
fn holds_exactly(bytes: &[u8]) -> Result<(), String> {
    let value: serde_json::Value = jetwire::json::serde::from_slice(bytes).map_err(|e| e.to_string())?;
    let expected = check::parse(bytes)?;
    let deviations = check::compare_with(&expected, &check::of_model(&value)?, false);
    if deviations.is_empty() { Ok(()) } else { Err(deviations.to_string()) }
}

/// The cases of one document.
fn document_specs(specs: &mut Vec<CaseSpec>, document: &Document, pointers: &[String]) {
    let label = &document.label;
    let leave_out = Mismatch::LeavesPeerOut;
    let bytes = document.bytes.clone();
    let name = named("check", label);
    specs.push(CaseSpec::new(name, Op::Read, move |_| pieces::check_case(name, bytes.to_vec(), leave_out)));
    let (read, write) = (document.bytes.clone(), document.bytes.clone());
    let name = named("dom", label);
    specs.push(CaseSpec::new(name, Op::Read, move |_| dom::read_case(name, &read, leave_out)));
    specs.push(CaseSpec::new(name, Op::Write, move |_| dom::write_case(name, &write, leave_out)));
    let bytes = document.bytes.clone();
    specs.extend(super::document::specs(name, Rc::new(move |_| bytes.to_vec()), leave_out));

    match holds_exactly(&document.bytes) {
        Ok(()) => {
            let (read, write) = (document.bytes.clone(), document.bytes.clone());
            let name = named("serde", label);
            specs.push(CaseSpec::new(name, Op::Read, move |_| {
                bridge::read_case::<serde_json::Value>(name, &read, leave_out)
            }));
            specs.push(CaseSpec::new(name, Op::Write, move |_| {
                bridge::value_write_case(name, &write, leave_out)
            }));
        }
        Err(err) => {
            eprintln!("note: serde:{label} left out: serde_json::Value cannot hold it exactly: {err}")
        }
    }

    if pointers.is_empty() {
        return;
    }
    let missing: Vec<&String> = pointers
        .iter()
        .filter(|p| !matches!(jetwire::json::get(document.bytes.as_slice(), p), Ok(Some(_))))
        .collect();
    if !missing.is_empty() {
        eprintln!("note: get:{label} left out: no value at {missing:?}");
        return;
    }
    let (bytes, pointers) = (document.bytes.clone(), pointers.to_vec());
    let name = named("get", label);
    specs.push(CaseSpec::new(name, Op::Read, move |_| lazy::get_case(name, &bytes, &pointers)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::{self, RunConfig};
    use crate::workloads::Size;

    fn temp_dir(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("jetwire-bench-files-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn every_generic_case_runs_on_a_users_file() {
        let dir = temp_dir("ok");
        let path = dir.join("orders.json");
        std::fs::write(
            &path,
            br#"{"orders": [{"id": 1, "total": 12.5, "tags": ["a", "\u00e9"]}, {"id": 2, "total": 0.1}]}"#,
        )
        .unwrap();
        let specs = specs(std::slice::from_ref(&path), &["/orders/1/total".to_owned()]).unwrap();
        let ids: Vec<String> = specs.iter().map(|s| s.id()).collect();
        assert_eq!(
            ids,
            [
                "check:orders.json/read",
                "dom:orders.json/read",
                "dom:orders.json/write",
                "doc:orders.json/read",
                "doc:orders.json/write",
                "serde:orders.json/read",
                "serde:orders.json/write",
                "get:orders.json/read"
            ]
        );
        let mut cases: Vec<_> = specs.iter().map(|s| s.build(Size::Standard).unwrap()).collect();
        let config = RunConfig { rounds: 1, sample_time: std::time::Duration::from_micros(50) };
        let measurements = harness::run(&mut cases, config, |_| {});
        let report = crate::report::to_markdown(&measurements, &[]);
        for id in &ids {
            assert!(report.contains(id.as_str()), "{id} in the report");
        }
        assert!(measurements.iter().any(|m| m.implementation == "sonic-rs" && m.case == "get:orders.json"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_that_is_not_json_is_an_error_with_its_path_line_and_column() {
        let dir = temp_dir("bad");
        let path = dir.join("broken.json");
        std::fs::write(&path, b"{\n  \"a\": [1, 2,]\n}").unwrap();
        let err = specs(std::slice::from_ref(&path), &[]).err().expect("an error");
        assert!(err.contains(&path.display().to_string()), "{err}");
        assert!(err.contains("line 2, column 14"), "{err}");
        let missing = dir.join("missing.json");
        assert!(
            specs(std::slice::from_ref(&missing), &[])
                .err()
                .unwrap()
                .contains(&missing.display().to_string())
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_peer_that_cannot_hold_a_file_is_left_out_not_the_case() {
        let dir = temp_dir("big");
        let path = dir.join("big.json");
        std::fs::write(&path, b"[123456789012345678901234567890, 1]").unwrap();
        for spec in specs(&[path], &[]).unwrap() {
            let case = spec.build(Size::Standard).unwrap();
            assert_eq!(case.entries[0].implementation, "jetwire", "{}", spec.id());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
