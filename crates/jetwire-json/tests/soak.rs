//! Soak: generated JSON, never stored, read through the streaming readers while the process's
//! resident memory is sampled; it must stay flat (bounded by one value and the blocks in flight,
//! not by the input). The short form runs with the other tests (32 MB of JSON Lines, 16 MB of
//! array elements sync and async); the long form is ignored by default:
//!
//! ```sh
//! cargo test --release -p jetwire-json --all-features --test soak -- --ignored --nocapture
//! ```
//!
//! reads 10 GB of JSON Lines and 1 GB of array elements each way (`JETWIRE_SOAK_GB` and
//! `JETWIRE_SOAK_ARRAY_GB` change the sizes). This file holds one test of each form, so that no
//! other test shares the process while its memory is measured.

mod common;

use std::pin::Pin;
use std::task::{Context, Poll};

use common::generated::{Generated, Layout, Progress};
use common::pieces::block_on;
use jetwire_json::Value;
use jetwire_json::stream::{ArrayReader, AsyncArrayReader, LinesReader};
use tokio::io::{AsyncRead, ReadBuf};

/// The process's resident memory now, in bytes (`VmRSS`).
fn resident() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let kb: u64 = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().strip_suffix("kB"))
        .and_then(|kb| kb.trim().parse().ok())
        .expect("a VmRSS line");
    kb * 1024
}

/// Resident memory sampled while values are read: the most seen in the first tenth of the input
/// (once the readers' buffers are in use) and the most seen in all of it.
#[derive(Debug, Default)]
struct Samples {
    warm: u64,
    most: u64,
}

impl Samples {
    fn sample(&mut self, produced: u64, total: u64) {
        let now = resident();
        self.most = self.most.max(now);
        if produced <= total / 10 {
            self.warm = self.warm.max(now);
        }
    }

    /// Whether memory stayed flat: after the first tenth, within `slack` bytes of what it was
    /// then.
    fn is_flat(&self, slack: u64) -> bool {
        self.most <= self.warm + slack
    }

    /// Checks [`is_flat`](Self::is_flat).
    fn assert_flat(&self, what: &str, slack: u64) {
        eprintln!(
            "{what}: resident memory at most {} MiB ({} MiB after the first tenth)",
            self.most >> 20,
            self.warm >> 20
        );
        assert!(
            self.is_flat(slack),
            "{what}: resident memory grew from {} to {} bytes",
            self.warm,
            self.most
        );
    }
}

/// How often memory is sampled, in values.
const EVERY: u64 = 4096;

/// Checks that every generated value was read, and all of the input.
fn assert_all_read(progress: &Progress, count: u64, total: u64) {
    assert!(progress.bytes() >= total, "{} of {total} bytes handed out", progress.bytes());
    assert_eq!(count, progress.values(), "values read");
}

/// Reads `total` bytes of JSON Lines through `LinesReader` into `Value`s, dropping each (or,
/// for the positive control, keeping them all).
fn soak_lines(total: u64, keep: bool) -> Samples {
    let mut samples = Samples::default();
    let source = Generated::new(Layout::Lines, total, 7);
    let progress = source.progress();
    let mut count = 0u64;
    let mut kept = Vec::new();
    for value in LinesReader::<_, Value>::new(source) {
        let value = value.expect("generated lines read");
        if keep {
            kept.push(value);
        }
        count += 1;
        if count % EVERY == 0 {
            samples.sample(progress.bytes(), total);
        }
    }
    assert_all_read(&progress, count, total);
    samples
}

/// The generated source as an `AsyncRead` that is always ready.
struct AsyncGenerated(Generated);

impl AsyncRead for AsyncGenerated {
    fn poll_read(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
        out: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let n = std::io::Read::read(&mut self.0, out.initialize_unfilled())?;
        out.advance(n);
        Poll::Ready(Ok(()))
    }
}

/// Reads `total` bytes of array elements through `ArrayReader`, or `AsyncArrayReader`.
fn soak_array(total: u64, asynchronous: bool) -> Samples {
    let mut samples = Samples::default();
    let source = Generated::new(Layout::Array, total, 11);
    let progress = source.progress();
    let mut count = 0u64;
    let mut take = |value: jetwire_json::Result<Value>| {
        value.expect("generated elements read");
        count += 1;
        if count % EVERY == 0 {
            samples.sample(progress.bytes(), total);
        }
    };
    if asynchronous {
        let mut reader = AsyncArrayReader::<_, Value>::new(AsyncGenerated(source));
        block_on(async {
            while let Some(value) = reader.next().await {
                take(value);
            }
        });
    } else {
        ArrayReader::<_, Value>::new(source).for_each(take);
    }
    assert_all_read(&progress, count, total);
    samples
}

#[test]
fn soak_short() {
    soak_lines(32 << 20, false).assert_flat("32 MiB of JSON Lines", 4 << 20);
    soak_array(16 << 20, false).assert_flat("16 MiB of array elements", 4 << 20);
    soak_array(16 << 20, true).assert_flat("16 MiB of array elements, async", 4 << 20);
    // The positive control (last: the allocator keeps what it frees): the same measurement sees
    // values that are kept.
    assert!(!soak_lines(8 << 20, true).is_flat(4 << 20), "8 MiB of JSON Lines kept in memory look flat");
}

fn gigabytes(variable: &str, default: f64) -> u64 {
    let gb = std::env::var(variable).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    (gb * 1e9) as u64
}

#[test]
#[ignore = "the long form: 10 GB of JSON Lines, 1 GB of array elements each way"]
fn soak_long() {
    let lines = gigabytes("JETWIRE_SOAK_GB", 10.0);
    let array = gigabytes("JETWIRE_SOAK_ARRAY_GB", 1.0);
    soak_lines(lines, false).assert_flat(&format!("{lines} bytes of JSON Lines"), 4 << 20);
    soak_array(array, false).assert_flat(&format!("{array} bytes of array elements"), 4 << 20);
    soak_array(array, true).assert_flat(&format!("{array} bytes of array elements, async"), 4 << 20);
}
