//! Any bytes through the checks of `crates/jetwire-binary/tests/common/binary_decode.rs`: decoded as a
//! derived type that uses most of what the binary format offers, no panic, a canonical encoding,
//! `from_slice_into` agreeing with `from_slice`, and a decode's allocations bounded by a small
//! multiple of its input's length (counted by this target's allocator).

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/jetwire-json/tests/common/counting.rs"]
mod counting;

#[path = "../../crates/jetwire-binary/tests/common/binary_decode.rs"]
mod binary_decode;

fuzz_target!(|input: &[u8]| binary_decode::check_decode(input));
