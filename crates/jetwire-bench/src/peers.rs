//! Typed read and write cases for every implementation, with the checks that run before any
//! timing: each implementation must read exactly the value the input holds and write exactly
//! the model's value ([`check`]).

use std::fmt::Debug;
use std::hint::black_box;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::check::{self, Tree};
use crate::harness::{Case, Entry, Group, Op};

/// A workload model: it derives jetwire's traits and serde's, so every implementation runs on
/// the same type.
pub trait Model:
    jetwire::ToJson + jetwire::json::FromJsonOwned + Serialize + DeserializeOwned + Debug + 'static
{
}

impl<T> Model for T where
    T: jetwire::ToJson + jetwire::json::FromJsonOwned + Serialize + DeserializeOwned + Debug + 'static
{
}

/// What a case does with a peer whose output fails its check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// The case fails: the suite's own workloads, which every peer must read and write exactly.
    Fails,
    /// The peer is left out of the case, with a note on stderr: a user's document may hold what
    /// a peer cannot represent exactly (an integer beyond 64 bits, say). jetwire's entries
    /// still fail the case.
    LeavesPeerOut,
}

impl Mismatch {
    /// Fails with `err`, or, when this policy leaves peers out and `implementation` is a peer,
    /// notes on stderr that it is left out.
    pub fn leave_out(self, implementation: &str, err: String) -> Result<(), String> {
        if self == Mismatch::Fails || implementation.starts_with("jetwire") {
            return Err(err);
        }
        eprintln!("note: {implementation} left out: {err}");
        Ok(())
    }

    /// `entry` with the caveat its check returned, or `None` when the check failed and the
    /// entry is left out ([`leave_out`](Self::leave_out)).
    pub fn admit(
        self,
        mut entry: Entry,
        checked: Result<Option<String>, String>,
    ) -> Result<Option<Entry>, String> {
        match checked {
            Ok(caveat) => {
                entry.caveat = caveat;
                Ok(Some(entry))
            }
            Err(err) => self.leave_out(entry.implementation, err).map(|()| None),
        }
    }

    /// A group of peers' entries (the C and C++ anchors), or none when building them failed and
    /// they are left out.
    pub fn admit_all(self, entries: Result<Vec<Entry>, String>) -> Result<Vec<Entry>, String> {
        entries.or_else(|err| self.leave_out("the C and C++ anchors", err).map(|()| Vec::new()))
    }
}

/// The typed write case for `value`: each implementation serializes it into a reused buffer.
/// Checks that every output parses to the same JSON value as jetwire's.
pub fn write_case<T: Model + Clone>(name: &str, value: T) -> Result<Case, String> {
    write_case_with(name, Group::Typed, value, Mismatch::Fails, |out, v| {
        jetwire::json::to_writer(out, v).map_err(|e| e.to_string())
    })
}

/// The write case for `value` in `group`, with `jetwire_write` as jetwire's entry (its own
/// derive, or the serde bridge); the peers write it through serde. A peer that fails its check
/// fails the case or is left out, by `mismatch`.
pub fn write_case_with<T: Serialize + Clone + 'static>(
    name: &str,
    group: Group,
    value: T,
    mismatch: Mismatch,
    jetwire_write: fn(&mut Vec<u8>, &T) -> Result<(), String>,
) -> Result<Case, String> {
    let expected = check::of_model(&value).map_err(|e| format!("{name}: {e}"))?;
    let mut entries = vec![
        writer_entry("jetwire", value.clone(), jetwire_write),
        writer_entry("serde_json", value.clone(), |out, v| {
            serde_json::to_writer(out, v).map_err(|e| e.to_string())
        }),
        writer_entry("simd-json", value.clone(), |out, v| {
            simd_json::serde::to_writer(out, v).map_err(|e| e.to_string())
        }),
        writer_entry("sonic-rs", value, |out, v| sonic_rs::to_writer(out, v).map_err(|e| e.to_string())),
    ];
    let reference =
        entries[0].1(&mut Vec::new()).map_err(|e| format!("{name}: jetwire cannot write it: {e}"))?;
    let mut checked = Vec::new();
    for (entry, mut once) in entries {
        let caveat = once(&mut Vec::new())
            .map_err(|e| format!("{name}: {} cannot write it: {e}", entry.implementation))
            .and_then(|output| check_output(name, entry.implementation, &expected, &output, reference.len()));
        checked.extend(mismatch.admit(entry, caveat)?);
    }
    Ok(Case::new(name, group, Op::Write, reference.len(), checked))
}

/// Runs a write once into the buffer given, and returns what it wrote.
pub(crate) type WriteOnce = Box<dyn FnMut(&mut Vec<u8>) -> Result<Vec<u8>, String>>;

/// An entry that writes `value` with `write` into a reused buffer, and a way to run it once for
/// the check.
pub(crate) fn writer_entry<T: 'static>(
    implementation: &'static str,
    value: T,
    write: fn(&mut Vec<u8>, &T) -> Result<(), String>,
) -> (Entry, WriteOnce) {
    let value = std::rc::Rc::new(value);
    let checked = value.clone();
    let mut out = Vec::new();
    let entry = Entry::new(implementation, move || {
        out.clear();
        write(&mut out, &value).expect("checked before timing");
        black_box(&out);
        out.len()
    });
    let once: WriteOnce = Box::new(move |out| write(out, &checked).map(|()| std::mem::take(out)));
    (entry, once)
}

/// Checks one implementation's written `output` against the `expected` document exactly (see
/// [`check`]): jetwire's must match; a peer's floats rounded differently, or a length different
/// from jetwire's `reference_len` (other escaping or number spelling), become its caveat.
pub fn check_output(
    name: &str,
    implementation: &str,
    expected: &Tree,
    output: &[u8],
    reference_len: usize,
) -> Result<Option<String>, String> {
    let found =
        check::parse(output).map_err(|e| format!("{name}: {implementation}'s output is not JSON: {e}"))?;
    let rounding = check::judge(name, implementation, check::compare(expected, &found))?;
    let length = (output.len() != reference_len).then(|| {
        format!(
            "writes {} bytes where jetwire writes {reference_len} (different escaping or number spelling)",
            output.len()
        )
    });
    Ok(match (rounding, length) {
        (Some(a), Some(b)) => Some(format!("{a}; {b}")),
        (a, b) => a.or(b),
    })
}

/// The read case for `input` in `group` (typed reads, or contiguous reads among the input in
/// pieces): each implementation parses it into `T`. Checks that every implementation reads the
/// same value as jetwire.
pub fn read_case<T: Model>(name: &str, group: Group, input: Vec<u8>) -> Result<Case, String> {
    read_case_with::<T>(name, group, input, Mismatch::Fails, |bytes| {
        jetwire::json::from_slice(bytes).map_err(|e| e.to_string())
    })
}

/// The read case for `input` in `group`, with `jetwire_read` as jetwire's entry (its own
/// derive, or the serde bridge); the peers read it through serde. A peer that fails its check
/// fails the case or is left out, by `mismatch`.
pub fn read_case_with<T: Serialize + DeserializeOwned + 'static>(
    name: &str,
    group: Group,
    input: Vec<u8>,
    mismatch: Mismatch,
    jetwire_read: fn(&[u8]) -> Result<T, String>,
) -> Result<Case, String> {
    let expected = check::parse(&input).map_err(|e| format!("{name}: the input is not JSON: {e}"))?;
    let input = std::rc::Rc::new(input);
    let mut entries = Vec::new();

    let bytes = input.clone();
    entries.push(reader_entry::<T>("jetwire", move || jetwire_read(&bytes)));
    let bytes = input.clone();
    entries.push(reader_entry::<T>("serde_json", move || {
        serde_json::from_slice(&bytes).map_err(|e| e.to_string())
    }));
    let bytes = input.clone();
    let mut scratch = Vec::with_capacity(input.len());
    entries.push(reader_entry::<T>("simd-json", move || {
        // simd-json parses in place: the copy it needs is part of its cost.
        scratch.clear();
        scratch.extend_from_slice(&bytes);
        simd_json::serde::from_slice(&mut scratch).map_err(|e| e.to_string())
    }));
    let bytes = input.clone();
    entries
        .push(reader_entry::<T>("sonic-rs", move || sonic_rs::from_slice(&bytes).map_err(|e| e.to_string())));

    let mut checked = Vec::new();
    for (entry, mut once) in entries {
        let caveat = once()
            .map_err(|e| format!("{name}: {} cannot read it: {e}", entry.implementation))
            .and_then(|value| check_read(name, entry.implementation, &expected, &value));
        checked.extend(mismatch.admit(entry, caveat)?);
    }
    Ok(Case::new(name, group, Op::Read, input.len(), checked))
}

type ReadOnce<T> = Box<dyn FnMut() -> Result<T, String>>;

fn reader_entry<T: 'static>(
    implementation: &'static str,
    read: impl FnMut() -> Result<T, String> + Clone + 'static,
) -> (Entry, ReadOnce<T>) {
    let mut timed = read.clone();
    let entry = Entry::new(implementation, move || {
        let value = timed().expect("checked before timing");
        black_box(&value);
        1
    });
    (entry, Box::new(read))
}

/// Checks a value that `implementation` read against the `expected` document exactly (see
/// [`check`]; a member the input leaves out may read as `null`, as an `Option` field does); a
/// peer's floats rounded differently become its caveat.
pub fn check_read<T: Serialize + ?Sized>(
    name: &str,
    implementation: &str,
    expected: &Tree,
    value: &T,
) -> Result<Option<String>, String> {
    let found = check::of_model(value).map_err(|e| format!("{name}: {implementation}: {e}"))?;
    check::judge(name, implementation, check::compare_with(expected, &found, true))
}
