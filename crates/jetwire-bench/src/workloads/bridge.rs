//! serde-bridge cases: jetwire's serde bridge (`jetwire::json::serde::from_slice` and
//! `to_writer`, serde's derived code over jetwire's reader and writer) against serde_json,
//! simd-json and sonic-rs on the same serde-derived models, checked as the typed cases are.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::CaseSpec;
use crate::harness::{Group, Op};
use crate::peers::{Model, read_case_with, write_case_with};

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
        CaseSpec {
            name,
            op: Op::Read,
            build: Box::new(move |_| {
                read_case_with::<T>(name, Group::Bridge, bytes.to_vec(), bridge_read::<T>)
            }),
        },
        CaseSpec {
            name,
            op: Op::Write,
            build: Box::new(move |_| {
                let value: T = jetwire::json::from_slice(bytes).map_err(|e| format!("{name}: {e}"))?;
                write_case_with(name, Group::Bridge, value, bridge_write::<T>)
            }),
        },
    ]
}
