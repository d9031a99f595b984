//! What a run produces: a Markdown report that opens with the headline ([`headline`]), a JSON
//! record per measurement, and an SVG chart.

pub mod headline;
mod json;
mod markdown;
mod svg;

use crate::harness::{Group, Measurement, Op};

pub use json::to_json;
pub use markdown::to_markdown;
pub use svg::to_svg;

/// One case's measurements, with jetwire's speed relative to each peer.
pub struct CaseSummary<'a> {
    /// `name/op`.
    pub id: String,
    /// The case's headline group.
    pub group: Group,
    /// Read or write.
    pub op: Op,
    /// Every implementation's measurement; jetwire's first.
    pub rows: Vec<&'a Measurement>,
    /// The fastest like-for-like Rust peer by median, if the case has one: what the headline's
    /// and the summary's speedups are over.
    pub fastest_peer: Option<&'a Measurement>,
    /// The fastest like-for-like C or C++ anchor by median, if the case has one.
    pub best_anchor: Option<&'a Measurement>,
}

impl CaseSummary<'_> {
    /// jetwire's measurement.
    pub fn jetwire(&self) -> &Measurement {
        self.rows[0]
    }

    /// How many times faster jetwire is than `peer` (peer time / jetwire time; above 1 is ahead).
    pub fn speedup_over(&self, peer: &Measurement) -> f64 {
        peer.median_ns / self.jetwire().median_ns
    }

    /// jetwire's speedup over the fastest like-for-like Rust peer.
    pub fn speedup_over_fastest(&self) -> Option<f64> {
        self.fastest_peer.map(|peer| self.speedup_over(peer))
    }
}

/// Groups measurements by case, in run order, and finds each case's fastest like-for-like Rust
/// peer and C or C++ anchor.
pub fn summarize(measurements: &[Measurement]) -> Vec<CaseSummary<'_>> {
    let mut summaries: Vec<CaseSummary<'_>> = Vec::new();
    for m in measurements {
        let id = format!("{}/{}", m.case, m.op.as_str());
        match summaries.last_mut() {
            Some(last) if last.id == id => last.rows.push(m),
            _ => summaries.push(CaseSummary {
                id,
                group: m.group,
                op: m.op,
                rows: vec![m],
                fastest_peer: None,
                best_anchor: None,
            }),
        }
    }
    for summary in &mut summaries {
        let fastest = |anchor: bool| {
            summary.rows[1..]
                .iter()
                .copied()
                .filter(|m| is_peer(m) && m.comparable && is_c_anchor(m.implementation) == anchor)
                .min_by(|a, b| a.median_ns.total_cmp(&b.median_ns))
        };
        (summary.fastest_peer, summary.best_anchor) = (fastest(false), fastest(true));
    }
    summaries
}

/// Whether `m` is another library's: entries named `jetwire, ...` are jetwire's own baselines
/// (such as reading a whole file before parsing it), shown for comparison but not peers.
pub fn is_peer(m: &Measurement) -> bool {
    !m.implementation.starts_with("jetwire")
}

/// Whether `implementation` is one of the C and C++ anchors (simdjson's DOM and On-Demand,
/// yyjson), which the headline compares with apart from the Rust peers.
pub fn is_c_anchor(implementation: &str) -> bool {
    implementation.starts_with("simdjson") || implementation.starts_with("yyjson")
}

/// The geometric mean of `values`, if there are any.
pub fn geometric_mean(values: impl IntoIterator<Item = f64>) -> Option<f64> {
    let (sum, count) = values.into_iter().fold((0.0, 0usize), |(sum, count), v| (sum + v.ln(), count + 1));
    (count > 0).then(|| (sum / count as f64).exp())
}

/// The fairness rules every report states.
pub const FAIRNESS: &[&str] = &[
    "Every implementation runs on the same model types (deriving both jetwire's and serde's traits) and the same bytes; outputs are checked for equivalence before anything is timed.",
    "Implementations are interleaved round by round (the first to run rotates); figures are medians with the fastest and slowest sample.",
    "simd-json parses in place, so it needs a mutable copy of its input: the copy (into a reused buffer) is counted in its time.",
    "sonic-rs chooses its SIMD code at compile time: run the suite again with RUSTFLAGS=\"-C target-cpu=native\" for figures where every implementation may use the whole CPU.",
    "serde_json is used with its default features (its float parsing is then not always correctly rounded; jetwire's always is).",
    "Writes serialize into a reused buffer; reads parse into owned values.",
    "Input in pieces (`pieces:*`): jetwire reads the chunks in place; the peers, which cannot, concatenate them into a reused buffer first (counted in their time) or read them through serde_json::from_reader, one chunk per read call. `pieces:*:whole` reads the same bytes from one slice. `file:*` opens and reads a file per operation. Entries named `jetwire, ...` are jetwire's own baselines, not peers.",
    "Validation (`check:*`): jetwire's `skip_value` and `finish` over the whole corpus (what `jetwire check` does), against the peers' cheapest full validation, reading into serde's `IgnoredAny`.",
    "C and C++ anchors (`dom:*`, `check:*`, `canada/read`): simdjson 4.6.4 and yyjson 0.10.0, vendored unmodified and compiled by build.rs at -O3 with NDEBUG, with -march=native only when the Rust code is built with -C target-cpu=native (the report's context line names the flags and simdjson's kernels: its DOM picks one for the CPU at run time, On-Demand uses the one the compile-time target allows). `simdjson (DOM)` reuses one parser and times the parse alone; `simdjson (On-Demand)` visits and decodes every value (in `canada/read`, fills a C++ model of the typed read's shape, new per read); `yyjson` reads into a new document and frees it, and writes into new memory it frees. `check:*` takes simdjson's DOM parse and yyjson's read as their full validation.",
    "simdjson reads up to 64 bytes past the end of its input: its input is copied once into a padded buffer, outside the timing (jetwire and the Rust peers read the unpadded bytes). The C peers allocate with malloc, which the allocation columns do not count (they read 0).",
    "Speedup = peer median / jetwire median: above 1 means jetwire is faster. The headline's means are over the fastest like-for-like Rust peer of each case; the C and C++ anchors are compared apart, in GB/s.",
    "Not like for like (‡, kept out of every mean): rkyv's `access`, which builds no value; peers that copy input in pieces together and parse it contiguously (`pieces:*` with more than one chunk; `file:*` reading the whole file; `checkfile:*` in memory). A caveat (†) alone, such as other float rounding or other escaping, leaves an entry like for like.",
    "The escaped corpus (`*twitter_escaped`) is twitter.json with every non-ASCII character as `\\uXXXX`, as Python's `json.dumps` writes it; its writes write ASCII-only JSON: jetwire with `ascii_only`, serde_json with an ASCII-escaping `Formatter` (simd-json and sonic-rs have no such option and are not in them).",
];
