//! Typed reads three ways: jetwire's derive, jetwire's serde bridge (serde's derive over
//! jetwire's reader) and serde_json, on types that derive both libraries' traits. The checks of
//! the `json_typed` fuzz target, which `tests/json_agreement.rs` also runs on the suite, the
//! corpora and the target's corpus.
//!
//! The three must agree on every input: all accept it and read equal values, or all refuse it.
//! Where they differ on purpose (docs/conformance.md, "Differences from serde_json"), the check
//! allows exactly that:
//!
//! - nesting: serde_json refuses more than 127 levels inside the top-level value, jetwire more than
//!   `max_depth` (128) levels in all; inputs nested beyond 100 levels are only read, not compared;
//! - text: jetwire reads ill-formed UTF-8 and unpaired surrogate escapes as U+FFFD unless
//!   `ReadOptions::strict_unicode` is set, serde_json refuses them: the reads here set it;
//! - a struct with named fields: jetwire's derive reads it from an object only, serde's derive
//!   from an array too (the derive's docs, "Shapes");
//! - `-0` as an integer: 0 to jetwire (derive and bridge), the float -0.0 to serde_json, which
//!   then refuses it for an integer type (`deserialize_any` gives -0.0 through both);
//! - where an error is (its offset) is not compared, nor its message.
//!
//! Where all three accept, the value is also written by jetwire's derive and by serde_json: the
//! same text, but for the spelling of a float's positive exponent (`1e+300` for `1e300`).

use std::collections::BTreeMap;
use std::fmt::Debug;

use jetwire::json::ReadOptions;
use jetwire::{FromJson, ToJson};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A record with most of what typed JSON offers: every integer width, floats, chars, options,
/// tuples, nested and recursive values, maps, enums, renames, defaults and skips.
#[derive(Debug, PartialEq, Serialize, Deserialize, ToJson, FromJson)]
#[serde(rename_all = "camelCase")]
#[jetwire(rename_all = "camelCase")]
pub struct Record {
    id: u64,
    small: i8,
    wide: Option<i128>,
    huge: Option<u128>,
    ratio: f64,
    name: String,
    tags: Vec<String>,
    pair: (u16, char),
    kind: Kind,
    scores: BTreeMap<String, i32>,
    #[serde(default)]
    #[jetwire(default)]
    children: Vec<Node>,
    #[serde(rename = "x-extra", default, skip_serializing_if = "Option::is_none")]
    #[jetwire(rename = "x-extra", default, skip_serializing_if = "Option::is_none")]
    extra: Option<Vec<bool>>,
    nothing: (),
}

/// An externally tagged enum with every shape of variant.
#[derive(Debug, PartialEq, Serialize, Deserialize, ToJson, FromJson)]
pub enum Kind {
    Unit,
    Newtype(i64),
    Tuple(i32, String),
    Fields { x: f64, label: Option<String> },
}

/// A recursive struct that refuses unknown fields.
#[derive(Debug, PartialEq, Serialize, Deserialize, ToJson, FromJson)]
#[serde(deny_unknown_fields)]
#[jetwire(deny_unknown_fields)]
pub struct Node {
    value: i64,
    #[serde(default)]
    #[jetwire(default)]
    kids: Vec<Node>,
}

/// The deepest nesting of arrays and objects in `input` (outside strings).
fn nesting(input: &[u8]) -> usize {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0, false, false);
    for &byte in input {
        match (in_string, escaped, byte) {
            (true, true, _) => escaped = false,
            (true, false, b'\\') => escaped = true,
            (true, false, b'"') | (false, _, b'"') => in_string = !in_string,
            (false, _, b'[' | b'{') => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            (false, _, b']' | b'}') => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// Whether jetwire's text `ours` is serde_json's `theirs`, but for the spelling of a float's
/// positive exponent.
fn same_text(ours: &str, theirs: &str) -> bool {
    ours == theirs || ours.replace("e+", "e") == theirs.replace("e+", "e")
}

/// A struct with named fields found as an array: jetwire's derive reads such structs from
/// objects only (the derive's docs, "Shapes"), serde's derive from arrays too.
fn struct_as_array(err: &jetwire::json::Error) -> bool {
    err.message().starts_with("expected an object, found an array")
}

/// `-0` read as an integer: 0 to jetwire, the float -0.0 to serde_json, which then refuses it.
fn minus_zero_as_integer(err: &serde_json::Error) -> bool {
    err.to_string().starts_with("invalid type: floating point `-0.0`")
}

/// Two readings of one input agree: both accept it with equal values, both refuse it, or
/// `documented` allows the one refusal.
fn agree<T: PartialEq, A, B>(ours: &Result<T, A>, theirs: &Result<T, B>, documented: bool) -> bool {
    match (ours, theirs) {
        (Ok(a), Ok(b)) => a == b,
        (Err(_), Err(_)) => true,
        _ => documented,
    }
}

/// `input` read as `T` three ways; see the module's documentation.
fn check_one<T>(input: &[u8], type_name: &str) -> Result<(), String>
where
    T: DeserializeOwned + Serialize + for<'de> FromJson<'de> + ToJson + PartialEq + Debug,
{
    let strict = ReadOptions { strict_unicode: true, ..ReadOptions::default() };
    let derive = jetwire::json::from_slice_with::<T>(input, strict);
    let bridge = jetwire::json::serde::from_slice_with::<T>(input, strict);
    let theirs = serde_json::from_slice::<T>(input);
    let shape = derive.as_ref().is_err_and(struct_as_array);
    let minus_zero = theirs.as_ref().is_err_and(minus_zero_as_integer);
    let agreed = agree(&derive, &bridge, shape && bridge.is_ok())
        && agree(&bridge, &theirs, minus_zero && bridge.is_ok())
        && agree(&derive, &theirs, (shape && theirs.is_ok()) || (minus_zero && derive.is_ok()));
    if !agreed {
        return Err(format!(
            "{type_name}: derive {derive:?}, bridge {bridge:?}, serde_json {:?} in {:?}",
            theirs.as_ref().map_err(ToString::to_string),
            String::from_utf8_lossy(input)
        ));
    }
    if let (Ok(value), Ok(_)) = (&derive, &theirs) {
        let ours = jetwire::json::to_string(value)
            .map_err(|err| format!("{type_name}: writing {value:?}: {err}"))?;
        let theirs =
            serde_json::to_string(value).map_err(|err| format!("{type_name}: serde_json writing: {err}"))?;
        if !same_text(&ours, &theirs) {
            return Err(format!("{type_name}: jetwire writes {ours}, serde_json {theirs}"));
        }
    }
    Ok(())
}

/// The input read three ways as each of several types (a record, a list of enums, a map of
/// optional floats, scalars and a tuple): the same verdict and value everywhere, and the same
/// text written. The error names the first disagreement.
pub fn check_typed_against_serde(input: &[u8]) -> Result<(), String> {
    if nesting(input) > 100 {
        return Ok(());
    }
    check_one::<Record>(input, "Record")?;
    check_one::<Vec<Kind>>(input, "Vec<Kind>")?;
    check_one::<BTreeMap<String, Option<f64>>>(input, "BTreeMap<String, Option<f64>>")?;
    check_one::<Node>(input, "Node")?;
    check_one::<(u8, String, Option<bool>)>(input, "(u8, String, Option<bool>)")?;
    check_one::<u64>(input, "u64")?;
    check_one::<i64>(input, "i64")?;
    check_one::<i128>(input, "i128")?;
    check_one::<f64>(input, "f64")?;
    check_one::<String>(input, "String")?;
    check_one::<char>(input, "char")?;
    check_one::<Option<u32>>(input, "Option<u32>")?;
    check_one::<Vec<u16>>(input, "Vec<u16>")
}
