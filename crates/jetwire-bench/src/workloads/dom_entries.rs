//! What the DOM, document and anchor cases share: checking a DOM by the text its library writes,
//! and building and admitting write entries.

use crate::check;
use crate::harness::Entry;
use crate::peers::{Mismatch, check_output, writer_entry};

/// A check run before timing: the entry's output, or why it has none.
pub(super) type Check = Box<dyn FnMut() -> Result<Vec<u8>, String>>;

/// Checks the DOM `implementation` read, as its own library `written` it out: it must hold
/// exactly the `expected` values. Returns the entry's caveat.
pub(super) fn check_dom_text(
    name: &str,
    implementation: &str,
    expected: &check::Tree,
    written: Result<impl AsRef<[u8]>, String>,
) -> Result<Option<String>, String> {
    let written = written.map_err(|e| format!("{name}: {implementation} cannot read it: {e}"))?;
    let found = check::parse(written.as_ref())
        .map_err(|e| format!("{name}: {implementation}'s DOM writes invalid JSON: {e}"))?;
    check::judge(name, implementation, check::compare(expected, &found))
}

/// An entry that writes `value` into a reused buffer; the check returns what it writes.
pub(super) fn write_entry<T: 'static>(
    implementation: &'static str,
    value: T,
    write: fn(&mut Vec<u8>, &T) -> Result<(), String>,
) -> (Entry, Check) {
    let (entry, mut once) = writer_entry(implementation, value, write);
    (entry, Box::new(move || once(&mut Vec::new())))
}

/// A write entry, or the library that could not read the document and why.
pub(super) type BuiltWrite = Result<(Entry, Check), (&'static str, String)>;

/// The entries of a write case of `bytes`: each built one whose output holds exactly the
/// input's values (`expected`; jetwire's text, `reference_len` bytes, sets the scale). A library that could not read the document is left out, or fails
/// the case, by `mismatch`.
pub(super) fn admit_writes(
    name: &str,
    built: Vec<BuiltWrite>,
    expected: &check::Tree,
    reference_len: usize,
    mismatch: Mismatch,
) -> Result<Vec<Entry>, String> {
    let mut checked = Vec::new();
    for built in built {
        let (entry, mut check) = match built {
            Ok(built) => built,
            Err((implementation, err)) => {
                mismatch.leave_out(implementation, err)?;
                continue;
            }
        };
        let caveat = check()
            .map_err(|e| format!("{name}: {} cannot write it: {e}", entry.implementation))
            .and_then(|output| check_output(name, entry.implementation, expected, &output, reference_len));
        checked.extend(mismatch.admit(entry, caveat)?);
    }
    Ok(checked)
}
