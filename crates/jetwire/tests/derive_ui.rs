//! Compile-fail tests of `#[derive(ToJson, FromJson)]`: every attribute mistake is reported
//! at its span, all of them at once. Each `tests/ui/*.rs` has its expected compiler output in
//! the `.stderr` beside it; regenerate with `TRYBUILD=overwrite cargo test -p jetwire --test
//! derive_ui` and review the diff.

#![cfg(feature = "derive")]

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
