//! Any bytes through jetwire's readers and serde_json's (the checks of jetwire-json's
//! differential tests, shared with them): jetwire's DOM, its tokens and `skip_value` agree on the
//! verdict and the error; serde_json's verdict is the one the documented differences predict
//! (docs/conformance.md); where both accept, the values are the same (numbers exactly). Then the
//! same bytes into `serde_json::Value` through jetwire's serde bridge (with `strict_unicode`)
//! and through serde_json: the same verdict, and the same value.

#![no_main]

use libfuzzer_sys::fuzz_target;

use jetwire_fuzz::common;

fuzz_target!(|input: &[u8]| {
    if let Err(difference) = common::check_differential(input, usize::MAX) {
        panic!("{difference}");
    }
});
