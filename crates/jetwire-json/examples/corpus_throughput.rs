//! Rough throughput of validating and rewriting the benchmark corpora, jetwire against
//! serde_json, interleaved round by round. The real harness is `cargo run --release -p
//! jetwire-bench`; this example is a quick check with no dependency beyond the crate's own.
//!
//! `cargo run --release -p jetwire-json --example corpus_throughput`

use std::hint::black_box;
use std::time::Instant;

use jetwire_json::{Reader, WriteOptions, Writer};
use serde::de::IgnoredAny;

fn validate(input: &[u8]) -> usize {
    let mut reader = Reader::new(input);
    reader.skip_value().unwrap();
    reader.finish().unwrap();
    reader.offset()
}

fn rewrite(input: &[u8], out: &mut Vec<u8>) -> usize {
    out.clear();
    let mut reader = Reader::new(input);
    let mut writer = Writer::from_output(&mut *out, WriteOptions::default());
    while let Some(token) = reader.next_token().unwrap() {
        writer.token(token).unwrap();
    }
    out.len()
}

fn serde_validate(input: &[u8]) -> usize {
    serde_json::from_slice::<IgnoredAny>(input).unwrap();
    input.len()
}

fn serde_rewrite(input: &[u8], out: &mut Vec<u8>) -> usize {
    out.clear();
    let mut deserializer = serde_json::Deserializer::from_slice(input);
    let mut serializer = serde_json::Serializer::new(&mut *out);
    serde_transcode(&mut deserializer, &mut serializer);
    out.len()
}

/// serde_json's cheapest rewrite: through its `RawValue`-free `Value`.
fn serde_transcode(
    de: &mut serde_json::Deserializer<serde_json::de::SliceRead<'_>>,
    ser: &mut serde_json::Serializer<&mut Vec<u8>>,
) {
    use serde::{Deserialize, Serialize};
    let value = serde_json::Value::deserialize(de).unwrap();
    value.serialize(ser).unwrap();
}

fn time(mut f: impl FnMut() -> usize, iterations: u32) -> f64 {
    let start = Instant::now();
    for _ in 0..iterations {
        black_box(f());
    }
    start.elapsed().as_secs_f64() / f64::from(iterations)
}

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/json-benchmark");
    for name in ["canada.json", "citm_catalog.json", "twitter.json"] {
        let input = std::fs::read(format!("{dir}/{name}")).unwrap();
        let mut out = Vec::new();
        let mut rows: Vec<(&str, Vec<f64>)> = vec![
            ("jetwire validate", vec![]),
            ("serde validate", vec![]),
            ("jetwire rewrite", vec![]),
            ("serde rewrite", vec![]),
        ];
        for _round in 0..15 {
            rows[0].1.push(time(|| validate(&input), 5));
            rows[1].1.push(time(|| serde_validate(&input), 5));
            rows[2].1.push(time(|| rewrite(&input, &mut out), 5));
            rows[3].1.push(time(|| serde_rewrite(&input, &mut out), 5));
        }
        let medians: Vec<f64> = rows.iter().map(|(_, s)| median(s.clone())).collect();
        println!("{name}:");
        for ((label, _), m) in rows.iter().zip(&medians) {
            println!("  {label:18} {:8.1} MB/s", input.len() as f64 / m / 1e6);
        }
        println!("  validate ratio (serde / jetwire time): {:.2}x", medians[1] / medians[0]);
        println!("  rewrite ratio  (serde / jetwire time): {:.2}x", medians[3] / medians[2]);
    }
}
