//! `report.json`: one record per case and implementation, written with jetwire itself.

use jetwire::ToJson;

use crate::harness::Measurement;

#[derive(ToJson)]
struct Record<'a> {
    case: &'a str,
    group: &'a str,
    op: &'a str,
    #[jetwire(rename = "impl")]
    implementation: &'a str,
    median_ns: f64,
    min_ns: f64,
    max_ns: f64,
    mb_s: f64,
    allocs: f64,
    alloc_bytes: f64,
    bytes: usize,
    #[jetwire(skip_serializing_if = "Option::is_none")]
    caveat: Option<&'a str>,
    /// Whether the entry is like for like with jetwire's (counted in the means).
    comparable: bool,
}

/// The measurements as a pretty JSON array.
pub fn to_json(measurements: &[Measurement]) -> String {
    let records: Vec<Record<'_>> = measurements
        .iter()
        .map(|m| Record {
            case: &m.case,
            group: m.group.label(m.op),
            op: m.op.as_str(),
            implementation: m.implementation,
            median_ns: m.median_ns,
            min_ns: m.min_ns,
            max_ns: m.max_ns,
            mb_s: m.mb_s,
            allocs: m.allocs,
            alloc_bytes: m.alloc_bytes,
            bytes: m.bytes,
            caveat: m.caveat.as_deref(),
            comparable: m.comparable,
        })
        .collect();
    jetwire::json::to_string_pretty(&records).expect("measurements are finite numbers and UTF-8 text")
}
