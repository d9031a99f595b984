//! Every committed fuzz corpus of jetwire-json's targets (fuzz/corpora/, packed by
//! `scripts/fuzz_corpus.py`), replayed through its target's checks: what the fuzzers reached stays
//! passing in `cargo test`, without a nightly toolchain. The checks live in `common`, which the
//! fuzz targets include, so a target and its replay cannot drift apart.

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};

/// Runs `check` on every input of `target`'s corpus (at least `least` of them, so that an empty
/// or truncated pack fails), naming the first input it fails on.
fn replay(target: &str, least: usize, check: impl Fn(&[u8])) {
    let inputs = common::corpora::fuzz_corpus(target);
    assert!(inputs.len() >= least, "{target}: {} inputs", inputs.len());
    for (index, input) in inputs.iter().enumerate() {
        if catch_unwind(AssertUnwindSafe(|| check(input))).is_err() {
            panic!("{target}: input {index} fails: {:?}", String::from_utf8_lossy(input));
        }
    }
}

#[test]
fn json_differential() {
    replay("json_differential", 1000, |input| {
        if let Err(difference) = common::check_differential(input, 600) {
            panic!("{difference}");
        }
    });
}

#[test]
fn json_read() {
    replay("json_read", 1000, common::read::check_read);
}

#[test]
fn json_pieces() {
    replay("json_pieces", 1000, |input| {
        if let Err(difference) = common::pieces::check_pieces(input) {
            panic!("{difference}");
        }
    });
}

#[test]
fn json_partial() {
    replay("json_partial", 1000, common::partial::check_partial);
}
