//! A document fed to a `PartialReader` in pieces (the first byte of the input sets the cuts and
//! the options): it ends with exactly what `from_slice` reads from the whole (the same value,
//! or the same error at the same place), an error on the way is that error too, and every
//! value shown on the way approximates the final one and the next one shown (jetwire-json's
//! tests' `common::partial::check_partial`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| jetwire_fuzz::common::partial::check_partial(input));
