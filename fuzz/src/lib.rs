//! What the fuzz targets share: jetwire-json's test helpers (its tests' `common`, included by
//! path), so that a target and the `cargo test` that replays its corpus run the same checks, and
//! describe a result the same way (value, or error with its category, message, place and path).

#[path = "../../crates/jetwire-json/tests/common/mod.rs"]
pub mod common;

/// The typed three-way checks (jetwire's derive, its serde bridge, serde_json), shared with
/// jetwire's tests in the same way.
#[path = "../../crates/jetwire/tests/common/typed.rs"]
pub mod typed;

pub use common::{describe, outcome};
