//! Any bytes through every way of reading a whole JSON document: the DOM, the read-only
//! document, `skip_value`, and the tokens one by one. No panic; all four agree on the verdict,
//! and errors on the message and the place; a document read into a `Value` is written and read
//! back to the same `Value`, and the read-only document converts to it and writes text that
//! reads back to it (jetwire-json's tests' `common::read::check_read`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| jetwire_fuzz::common::read::check_read(input));
