//! Cases, the interleaved runner, and its measurements.
//!
//! A [`Case`] is one workload and one operation with an [`Entry`] per implementation. Cases are
//! built by the workload modules, which check every implementation's output before returning
//! them, so nothing here times an unchecked result. The runner interleaves implementations round
//! by round (rotating which goes first), so a drift in the machine's speed affects all of them
//! alike, and reports medians with their spread.

use std::hint::black_box;
use std::time::{Duration, Instant};

use crate::alloc::AllocationCount;

/// Reading JSON into a value, or writing a value as JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Parse already-loaded bytes.
    Read,
    /// Serialize an already-built value into a reused buffer.
    Write,
}

impl Op {
    /// `read` or `write`.
    pub fn as_str(self) -> &'static str {
        match self {
            Op::Read => "read",
            Op::Write => "write",
        }
    }
}

/// What kind of work a case measures: the headline's groups. With the [`Op`], it names one
/// headline line (typed reads, typed writes, DOM reads, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Group {
    /// Typed reads and writes of derived models (objects, corpora, scalars, token writing).
    Typed,
    /// Parsing into and writing from each library's DOM (`dom:*`).
    Dom,
    /// Parsing into and writing from a read-only document a reused parser keeps (`doc:*`):
    /// jetwire's `document::Parser`, simd-json's tape, simdjson's DOM, yyjson's document.
    Document,
    /// Lazy lookups of JSON Pointers (`get:*`, `get_many:*`).
    Lazy,
    /// jetwire's serde bridge against the peers on serde models (`serde:*`).
    Bridge,
    /// Full validation without building a value (`check:*`, `checkfile:*`, whole `Skip:*`).
    Validation,
    /// Input in pieces: chunked reads and files through `io::Read` (`pieces:*`, `file:*`).
    Pieces,
    /// JSON records decoded into Apache Arrow record batches (`arrow:*`).
    Arrow,
    /// The binary format's owned reads and writes (`bin:W`).
    BinaryOwned,
    /// The binary format's borrowed reads (`bin:W:borrowed`).
    BinaryBorrowed,
}

impl Group {
    /// Every group, in headline order.
    pub const ALL: [Group; 10] = [
        Group::Typed,
        Group::Dom,
        Group::Document,
        Group::Lazy,
        Group::Bridge,
        Group::Validation,
        Group::Pieces,
        Group::Arrow,
        Group::BinaryOwned,
        Group::BinaryBorrowed,
    ];

    /// The headline's name for this group's cases of `op`: `typed reads`, `lazy lookups`, ...
    pub fn label(self, op: Op) -> &'static str {
        match (self, op) {
            (Group::Typed, Op::Read) => "typed reads",
            (Group::Typed, Op::Write) => "typed writes",
            (Group::Dom, Op::Read) => "DOM reads",
            (Group::Dom, Op::Write) => "DOM writes",
            (Group::Document, Op::Read) => "document reads",
            (Group::Document, Op::Write) => "document writes",
            (Group::Lazy, _) => "lazy lookups",
            (Group::Bridge, Op::Read) => "serde bridge reads",
            (Group::Bridge, Op::Write) => "serde bridge writes",
            (Group::Validation, _) => "validation",
            (Group::Pieces, _) => "input in pieces",
            (Group::Arrow, Op::Read) => "Arrow decodes",
            (Group::Arrow, Op::Write) => "Arrow encodes",
            (Group::BinaryOwned, Op::Read) => "binary owned reads",
            (Group::BinaryOwned, Op::Write) => "binary owned writes",
            (Group::BinaryBorrowed, _) => "binary borrowed reads",
        }
    }
}

/// One implementation's way to perform a case's operation once; returns a byte count, which the
/// runner consumes so the work cannot be optimized away.
pub type Operation = Box<dyn FnMut() -> usize>;

/// One implementation in a case.
pub struct Entry {
    /// `jetwire`, a peer (`serde_json`, `simd-json`, `sonic-rs`, the C and C++ anchors
    /// `simdjson (DOM)`, `yyjson`, ...), or one of jetwire's own baselines (`jetwire, ...`).
    pub implementation: &'static str,
    /// The operation.
    pub operation: Operation,
    /// What differs in this entry's output or method (other rounding, other escaping, ...),
    /// if anything does.
    pub caveat: Option<String>,
    /// Whether the entry does the same work as jetwire's, so that it may be the "fastest peer"
    /// of a geometric mean. Entries that are not (rkyv's `access`, which builds no value;
    /// peers that copy pieces together and parse them contiguously) are shown, marked, and
    /// kept out of every mean. Their caveat says why.
    pub comparable: bool,
}

impl Entry {
    /// A like-for-like entry with no caveat.
    pub fn new(implementation: &'static str, operation: impl FnMut() -> usize + 'static) -> Self {
        Entry { implementation, operation: Box::new(operation), caveat: None, comparable: true }
    }

    /// Marks the entry as not like-for-like, for `reason` (added to its caveat).
    pub fn not_like_for_like(mut self, reason: &str) -> Self {
        self.comparable = false;
        self.caveat = Some(match self.caveat.take() {
            Some(caveat) => format!("{reason}; {caveat}"),
            None => reason.to_owned(),
        });
        self
    }
}

/// One workload and operation, with its implementations, already checked.
pub struct Case {
    /// Workload name, such as `twitter` or `Order`.
    pub name: String,
    /// The headline group the case counts in.
    pub group: Group,
    /// Read or write.
    pub op: Op,
    /// Bytes of JSON one operation reads or writes (jetwire's), for throughput.
    pub bytes: usize,
    /// One entry per implementation; jetwire's first.
    pub entries: Vec<Entry>,
}

impl Case {
    /// The case `name` of `group` and `op`, whose operations read or write `bytes` each.
    pub fn new(name: &str, group: Group, op: Op, bytes: usize, entries: Vec<Entry>) -> Self {
        Case { name: name.to_owned(), group, op, bytes, entries }
    }

    /// `name/op`, the identifier that `--filter` matches.
    pub fn id(&self) -> String {
        format!("{}/{}", self.name, self.op.as_str())
    }
}

/// How long and how often to measure.
#[derive(Clone, Copy, Debug)]
pub struct RunConfig {
    /// Interleaved rounds; each gives one sample per implementation.
    pub rounds: usize,
    /// The time one sample should take (operations are batched to reach it).
    pub sample_time: Duration,
}

/// The result for one implementation in one case.
#[derive(Clone, Debug)]
pub struct Measurement {
    /// The case's name.
    pub case: String,
    /// The case's headline group.
    pub group: Group,
    /// Read or write.
    pub op: Op,
    /// The implementation.
    pub implementation: &'static str,
    /// Median time per operation, in nanoseconds.
    pub median_ns: f64,
    /// Fastest sample.
    pub min_ns: f64,
    /// Slowest sample.
    pub max_ns: f64,
    /// Throughput at the median, in MB/s (10^6 bytes of JSON per second).
    pub mb_s: f64,
    /// Allocations per operation.
    pub allocs: f64,
    /// Bytes allocated per operation.
    pub alloc_bytes: f64,
    /// Bytes of JSON per operation.
    pub bytes: usize,
    /// What differs in the entry's output or method, if anything does.
    pub caveat: Option<String>,
    /// Whether the entry does the same work as jetwire's ([`Entry::comparable`]).
    pub comparable: bool,
}

/// Runs every case and returns one measurement per case and implementation. `progress` is told
/// each case's id before it runs.
pub fn run(cases: &mut [Case], config: RunConfig, mut progress: impl FnMut(&str)) -> Vec<Measurement> {
    let mut results = Vec::new();
    for case in cases.iter_mut() {
        progress(&case.id());
        results.extend(run_case(case, config));
    }
    results
}

fn run_case(case: &mut Case, config: RunConfig) -> Vec<Measurement> {
    let batches: Vec<u64> =
        case.entries.iter_mut().map(|entry| calibrate(&mut entry.operation, config.sample_time)).collect();
    let mut samples = vec![Vec::with_capacity(config.rounds); case.entries.len()];
    let count = case.entries.len();
    for round in 0..config.rounds {
        for turn in 0..count {
            let index = (turn + round) % count;
            let entry = &mut case.entries[index];
            samples[index].push(time_batch(&mut entry.operation, batches[index]));
        }
    }
    case.entries
        .iter_mut()
        .zip(samples)
        .zip(batches)
        .map(|((entry, mut samples), batch)| {
            let allocations = count_allocations(&mut entry.operation, batch.min(1000));
            samples.sort_by(f64::total_cmp);
            let median_ns = samples[samples.len() / 2];
            Measurement {
                case: case.name.clone(),
                group: case.group,
                op: case.op,
                implementation: entry.implementation,
                median_ns,
                min_ns: samples[0],
                max_ns: samples[samples.len() - 1],
                mb_s: case.bytes as f64 / median_ns * 1e3,
                allocs: allocations.0,
                alloc_bytes: allocations.1,
                bytes: case.bytes,
                caveat: entry.caveat.clone(),
                comparable: entry.comparable,
            }
        })
        .collect()
}

/// How many operations make one sample of about `target`.
fn calibrate(operation: &mut Operation, target: Duration) -> u64 {
    black_box(operation());
    let mut batch = 1u64;
    loop {
        let start = Instant::now();
        for _ in 0..batch {
            black_box(operation());
        }
        let elapsed = start.elapsed();
        if elapsed >= target / 4 || batch >= 1 << 24 {
            let per_op = elapsed.as_secs_f64() / batch as f64;
            return ((target.as_secs_f64() / per_op.max(1e-9)) as u64).clamp(1, 1 << 26);
        }
        batch *= 2;
    }
}

/// Nanoseconds per operation over one batch.
fn time_batch(operation: &mut Operation, batch: u64) -> f64 {
    let start = Instant::now();
    for _ in 0..batch {
        black_box(operation());
    }
    start.elapsed().as_nanos() as f64 / batch as f64
}

/// Allocations and allocated bytes per operation, over `runs` operations.
fn count_allocations(operation: &mut Operation, runs: u64) -> (f64, f64) {
    let before = AllocationCount::now();
    for _ in 0..runs {
        black_box(operation());
    }
    let spent = AllocationCount::since(before);
    (spent.count as f64 / runs as f64, spent.bytes as f64 / runs as f64)
}
