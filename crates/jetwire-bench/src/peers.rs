//! Typed read and write cases for every implementation, with the checks that run before any
//! timing: each implementation must read the same value and write equivalent JSON.

use std::fmt::Debug;
use std::hint::black_box;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::harness::{Case, Entry, Op};

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

/// The write case for `value`: each implementation serializes it into a reused buffer. Checks
/// that every output parses to the same JSON value as jetwire's.
pub fn write_case<T: Model + Clone>(name: &str, value: T) -> Result<Case, String> {
    write_case_with(name, value, |out, v| jetwire::json::to_writer(out, v).map_err(|e| e.to_string()))
}

/// The write case for `value` with `jetwire_write` as jetwire's entry (its own derive, or the
/// serde bridge).
pub fn write_case_with<T: Model + Clone>(
    name: &str,
    value: T,
    jetwire_write: fn(&mut Vec<u8>, &T) -> Result<(), String>,
) -> Result<Case, String> {
    let reference =
        jetwire::json::to_vec(&value).map_err(|e| format!("{name}: jetwire cannot write it: {e}"))?;
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
    for entry in &mut entries {
        let output = entry.1(&mut Vec::new())
            .map_err(|e| format!("{name}: {} cannot write it: {e}", entry.0.implementation))?;
        entry.0.caveat = compare_outputs(name, entry.0.implementation, &reference, &output)?;
    }
    Ok(Case {
        name: name.to_owned(),
        op: Op::Write,
        bytes: reference.len(),
        entries: entries.into_iter().map(|e| e.0).collect(),
    })
}

type WriteOnce = Box<dyn FnMut(&mut Vec<u8>) -> Result<Vec<u8>, String>>;

/// An entry that writes `value` with `write` into a reused buffer, and a way to run it once for
/// the check.
fn writer_entry<T: Model>(
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

/// Compares a peer's output with jetwire's: the same JSON value is required; a different length
/// becomes a caveat; f32 values written with f64 digits are allowed with a caveat.
pub fn compare_outputs(
    name: &str,
    implementation: &str,
    reference: &[u8],
    output: &[u8],
) -> Result<Option<String>, String> {
    let expected: Value = serde_json::from_slice(reference)
        .map_err(|e| format!("{name}: jetwire's output is not JSON: {e}"))?;
    let actual: Value = serde_json::from_slice(output)
        .map_err(|e| format!("{name}: {implementation}'s output is not JSON: {e}"))?;
    if same_json(&expected, &actual, 1e-15) {
        return Ok((output.len() != reference.len()).then(|| {
            format!(
                "writes {} bytes where jetwire writes {} (different escaping or number spelling)",
                output.len(),
                reference.len()
            )
        }));
    }
    if same_json(&expected, &actual, 1e-7) {
        return Ok(Some(format!(
            "writes f32 values with f64 digits: {} bytes where jetwire writes {}",
            output.len(),
            reference.len()
        )));
    }
    Err(format!("{name}: {implementation} writes a different value than jetwire"))
}

/// The read case for `input`: each implementation parses it into `T`. Checks that every
/// implementation reads the same value as jetwire.
pub fn read_case<T: Model>(name: &str, input: Vec<u8>) -> Result<Case, String> {
    read_case_with::<T>(name, input, |bytes| jetwire::json::from_slice(bytes).map_err(|e| e.to_string()))
}

/// The read case for `input` with `jetwire_read` as jetwire's entry (its own derive, or the
/// serde bridge).
pub fn read_case_with<T: Model>(
    name: &str,
    input: Vec<u8>,
    jetwire_read: fn(&[u8]) -> Result<T, String>,
) -> Result<Case, String> {
    let reference: T =
        jetwire::json::from_slice(&input).map_err(|e| format!("{name}: jetwire cannot read it: {e}"))?;
    let reference = serde_json::to_value(&reference).map_err(|e| e.to_string())?;
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
        let value = once().map_err(|e| format!("{name}: {} cannot read it: {e}", entry.implementation))?;
        let value = serde_json::to_value(&value).map_err(|e| e.to_string())?;
        if !same_json(&reference, &value, 1e-15) {
            return Err(format!("{name}: {} reads a different value than jetwire", entry.implementation));
        }
        checked.push(entry);
    }
    Ok(Case { name: name.to_owned(), op: Op::Read, bytes: input.len(), entries: checked })
}

type ReadOnce<T> = Box<dyn FnMut() -> Result<T, String>>;

fn reader_entry<T: Model>(
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

/// Whether two JSON values are equal, numbers within a relative `tolerance` (integers exactly).
pub fn same_json(a: &Value, b: &Value, tolerance: f64) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            if let (Some(x), Some(y)) = (x.as_i64(), y.as_i64()) {
                return x == y;
            }
            if let (Some(x), Some(y)) = (x.as_u64(), y.as_u64()) {
                return x == y;
            }
            match (x.as_f64(), y.as_f64()) {
                (Some(x), Some(y)) => x == y || (x - y).abs() <= tolerance * x.abs().max(y.abs()),
                _ => false,
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y, tolerance))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w, tolerance)))
        }
        _ => a == b,
    }
}
