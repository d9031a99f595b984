//! serde-bridge cases: jetwire's serde bridge (`jetwire::json::serde::from_slice` and
//! `to_writer`, serde's derived code over jetwire's reader and writer) against serde_json,
//! simd-json and sonic-rs on the same serde-derived models, checked as the typed cases are.
//!
//! [`value_specs`] runs the same cases with `serde_json::Value` as the model: a generic
//! document read through serde into the DOM of the serde ecosystem, by every library's serde
//! deserializer, and written back by its serializer.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{CaseSpec, Source};
use crate::harness::{Case, Group, Op};
use crate::peers::{Mismatch, Model, read_case_with, write_case_with};

fn bridge_read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    jetwire::json::serde::from_slice(bytes).map_err(|e| e.to_string())
}

fn bridge_write<T: Serialize>(out: &mut Vec<u8>, value: &T) -> Result<(), String> {
    jetwire::json::serde::to_writer(out, value).map_err(|e| e.to_string())
}

/// The read and write specs of a corpus through the serde bridge, named `name` (such as
/// `serde:twitter`).
pub fn specs<T: Model + Clone>(name: &'static str, bytes: &'static [u8]) -> [CaseSpec; 2] {
    [
        CaseSpec::new(name, Op::Read, move |_| read_case::<T>(name, bytes, Mismatch::Fails)),
        CaseSpec::new(name, Op::Write, move |_| {
            let value: T = jetwire::json::from_slice(bytes).map_err(|e| format!("{name}: {e}"))?;
            write_case_with(name, Group::Bridge, value, Mismatch::Fails, bridge_write::<T>)
        }),
    ]
}

/// The bridge's read case of `bytes` into `T`; a peer that fails its check fails the case or is
/// left out, by `mismatch`.
pub fn read_case<T: Serialize + DeserializeOwned + 'static>(
    name: &str,
    bytes: &[u8],
    mismatch: Mismatch,
) -> Result<Case, String> {
    read_case_with::<T>(name, Group::Bridge, bytes.to_vec(), mismatch, bridge_read::<T>)
}

/// The bridge's read and write cases of a generic document into and from `serde_json::Value`.
pub fn value_specs(name: &'static str, source: Source) -> [CaseSpec; 2] {
    let write_source = source.clone();
    [
        CaseSpec::new(name, Op::Read, move |size| {
            read_case::<serde_json::Value>(name, &source(size), Mismatch::Fails)
        }),
        CaseSpec::new(name, Op::Write, move |size| {
            value_write_case(name, &write_source(size), Mismatch::Fails)
        }),
    ]
}

/// The bridge's write case of `bytes` read (by jetwire's bridge) into a `serde_json::Value`; a
/// peer that fails its check fails the case or is left out, by `mismatch`.
pub fn value_write_case(name: &str, bytes: &[u8], mismatch: Mismatch) -> Result<Case, String> {
    let value: serde_json::Value = bridge_read(bytes).map_err(|e| format!("{name}: {e}"))?;
    write_case_with(name, Group::Bridge, value, mismatch, bridge_write::<serde_json::Value>)
}
