//! Any bytes read as a derived type that uses most of what typed JSON offers (borrowed and
//! owned strings, every integer width, floats, chars, options, nested and recursive values,
//! maps, enums, renames, defaults): no panic, and whatever reads writes back and reads again to
//! the same value. Then the same bytes as the types of jetwire's tests' `common::typed`, read
//! three ways (jetwire's derive, its serde bridge, serde_json): the same verdict and value, and
//! the same text written, but for the differences that module lists.

#![no_main]

use std::collections::BTreeMap;

use jetwire::{FromJson, ToJson};
use libfuzzer_sys::fuzz_target;

#[derive(Debug, PartialEq, ToJson, FromJson)]
#[jetwire(rename_all = "camelCase")]
struct Record<'a> {
    id: u64,
    small: i8,
    big: Option<u128>,
    ratio: f64,
    single: f32,
    #[jetwire(borrow)]
    note: &'a str,
    name: String,
    tags: Vec<String>,
    pair: (u16, char),
    kind: Kind,
    scores: BTreeMap<String, i32>,
    #[jetwire(default)]
    children: Vec<Node>,
    #[jetwire(rename = "x-extra", default, skip_serializing_if = "Option::is_none")]
    extra: Option<Vec<bool>>,
}

#[derive(Debug, PartialEq, ToJson, FromJson)]
enum Kind {
    Unit,
    Tuple(i32, String),
    Fields { x: f32, label: Option<String> },
}

#[derive(Debug, PartialEq, ToJson, FromJson)]
#[jetwire(deny_unknown_fields)]
struct Node {
    value: i64,
    #[jetwire(default)]
    kids: Vec<Node>,
}

fuzz_target!(|input: &[u8]| {
    if let Ok(record) = jetwire::json::from_slice::<Record<'_>>(input) {
        let written = jetwire::json::to_vec(&record).expect("a record writes");
        let back: Record<'_> = jetwire::json::from_slice(&written).expect("written JSON reads back");
        assert_eq!(back, record);
    }
    if let Err(difference) = jetwire_fuzz::typed::check_typed_against_serde(input) {
        panic!("{difference}");
    }
});
