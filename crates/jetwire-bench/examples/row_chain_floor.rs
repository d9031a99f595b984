//! How fast can the row layout be read at all? The measurement behind the `bin:Log:borrowed`
//! entry of `docs/benchmarks.md`: `cargo run --release -p jetwire-bench --example row_chain_floor`.
//!
//! In rows, each of a log line's four strings starts where the one before it ends, so finding
//! it waits on loading the previous length: one chain of dependent loads through the whole
//! message. This times, interleaved, on the suite's 10,000 log lines:
//!
//! - `jetwire`: the borrowed decode (`from_slice::<LogsRef>`), every check included;
//! - `walk`: only that chain, with nothing checked and nothing built (the loads of the
//!   lengths, and the additions that give each next position);
//! - `bitcode`: bitcode's borrowed decode of the same lines, which stores each string field's
//!   lengths together (a column), so that no position waits on the one before.
//!
//! When `walk` alone takes longer than `bitcode`'s whole decode, no decoder of rows can match
//! bitcode on this workload, however little else it does.

use std::hint::black_box;
use std::time::Instant;

use jetwire_bench::binary::community::{self, LogsRef};
use jetwire_bench::workloads::Size;
use jetwire_bench::workloads::rng::Rng;

/// The element count at the start of the encoded `Logs` and where the lines start. The
/// workload's 10,000 lines take the prefix varint's two-byte form (`F9`, then the count).
fn lines_start(bytes: &[u8]) -> (usize, usize) {
    assert_eq!(bytes[0], 0xF9, "a count of 256 to 65,535 lines");
    (usize::from(u16::from_le_bytes([bytes[1], bytes[2]])), 3)
}

/// The length of the string at `at` (every string of the workload is shorter than 248 bytes,
/// so its length is one byte), and where the string's bytes start.
#[inline(always)]
fn short_len(bytes: &[u8], at: usize) -> (usize, usize) {
    let len = usize::from(bytes[at]);
    assert!(len < 248, "one-byte lengths only");
    (len, at + 1)
}

/// The chain alone: each line's address (4 bytes), four strings, `code` (2) and `size` (8).
#[inline(never)]
fn walk(bytes: &[u8]) -> usize {
    let (count, first) = lines_start(bytes);
    walk_end(bytes, first, count)
}

/// Where `count` lines that start at `at` end.
#[inline(always)]
fn walk_end(bytes: &[u8], mut at: usize, count: usize) -> usize {
    for _ in 0..count {
        at += 4;
        for _ in 0..4 {
            let (len, start) = short_len(bytes, at);
            at = start + len;
        }
        at += 10;
    }
    at
}

fn main() {
    let logs = community::logs(&mut Rng::new(0x5EED), Size::Standard);
    let rows = jetwire::binary::to_vec(&logs).expect("the lines encode");
    let columns = bitcode::encode(&logs);

    // Every contender reads the same lines before anything is timed.
    let decoded: LogsRef<'_> = jetwire::binary::from_slice(&rows).expect("jetwire reads its bytes");
    let by_bitcode: LogsRef<'_> = bitcode::decode(&columns).expect("bitcode reads its bytes");
    assert_eq!(decoded, by_bitcode);
    // The walk ends exactly at the end of the bytes.
    let (count, first) = lines_start(&rows);
    assert_eq!(count, decoded.logs.len());
    assert_eq!(walk_end(&rows, first, count), rows.len());

    type Contender<'a> = (&'static str, Box<dyn Fn() -> usize + 'a>);
    let contenders: [Contender<'_>; 3] = [
        (
            "jetwire",
            Box::new(|| {
                jetwire::binary::from_slice::<LogsRef<'_>>(black_box(&rows)).map_or(0, |v| v.logs.len())
            }),
        ),
        ("walk", Box::new(|| walk(black_box(&rows)))),
        (
            "bitcode",
            Box::new(|| bitcode::decode::<LogsRef<'_>>(black_box(&columns)).map_or(0, |v| v.logs.len())),
        ),
    ];
    const ROUNDS: usize = 15;
    const SAMPLES: usize = 40;
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); contenders.len()];
    for _ in 0..ROUNDS {
        for (i, (_, run)) in contenders.iter().enumerate() {
            let start = Instant::now();
            for _ in 0..SAMPLES {
                black_box(run());
            }
            times[i].push(start.elapsed().as_secs_f64() * 1e6 / SAMPLES as f64);
        }
    }
    println!(
        "{} log lines, {} bytes in rows; medians of {ROUNDS} interleaved rounds",
        decoded.logs.len(),
        rows.len()
    );
    for ((name, _), mut samples) in contenders.iter().zip(times) {
        samples.sort_by(f64::total_cmp);
        let (low, median, high) = (samples[0], samples[ROUNDS / 2], samples[ROUNDS - 1]);
        println!("{name:>15}: {median:7.1} µs (from {low:.1} to {high:.1})");
    }
}
