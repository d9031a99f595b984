//! A document cut into pieces (the first byte of the input sets the cuts) reads exactly as in
//! one slice through every reader of input in pieces: a `ChunkedInput`, a `PushReader` fed one
//! piece at a time, `from_reader` over an `io::Read` that hands out a piece a call (with
//! `Interrupted` between), and `from_async_reader` over an `AsyncRead` that is pending every other
//! poll: the same value, or the same error at the same place (jetwire-json's tests'
//! `common::pieces::check_pieces`, which `tests/segmented.rs` runs on the suite and this target's
//! corpus).

#![no_main]

use jetwire_fuzz::common::pieces::check_pieces;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    if let Err(difference) = check_pieces(input) {
        panic!("{difference}");
    }
});
