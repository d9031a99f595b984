//! jetwire's benchmark suite: the workloads of `shared/reference/workloads.md`, every peer on
//! the same models, outputs checked before timing, and an interleaved runner. The Rust peers
//! are serde_json, simd-json and sonic-rs; the C and C++ anchors simdjson and yyjson join the
//! DOM and validation cases ([`cpeers`]).
//!
//! `cargo run --release -p jetwire-bench` runs it; `cargo bench -p jetwire-bench` runs the same
//! cases under criterion.
//! See docs/architecture.md in the repository for how the crates fit together.

pub mod alloc;
pub mod binary;
pub mod check;
pub mod cpeers;
pub mod harness;
pub mod peers;
pub mod report;
pub mod workloads;

/// Every case of the suite, in report order: the JSON workloads, then the binary format against
/// bitcode, postcard, rkyv and wincode (`bin:*`).
pub fn all_cases() -> Vec<workloads::CaseSpec> {
    let mut specs = workloads::json_cases();
    specs.extend(binary::specs());
    specs
}
