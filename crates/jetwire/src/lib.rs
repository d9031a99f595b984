//! jetwire: fast, strict serialization with the feel of serde.
//!
//! - [`json`]: a strict RFC 8259 pull reader and writer, and typed (de)serialization through
//!   [`ToJson`] and [`FromJson`], derivable with `#[derive(ToJson, FromJson)]`.
//!
//! - [`json::Value`] (a DOM that keeps numbers exactly and members in order, built with
//!   [`json!`]), [`json::RawValue`], lazy lookups with [`json::get`], and with the `serde`
//!   feature [`json::serde`], a bridge for any serde type.
//!
//! Cargo features: `derive` (on by default) for the derive macros; `serde` (on by default) for
//! the serde bridge; `uuid`, `chrono`, `time`, `rust_decimal`, `bytes` and `indexmap` for those
//! crates' types.
//!
//! ```
//! use jetwire::{FromJson, ToJson};
//!
//! #[derive(ToJson, FromJson, Debug, PartialEq)]
//! #[jetwire(rename_all = "camelCase")]
//! struct Order<'a> {
//!     order_id: u64,
//!     #[jetwire(borrow)]
//!     note: &'a str,
//!     total: Option<f64>,
//! }
//!
//! let json = br#"{"orderId": 7, "note": "fragile", "total": 12.5}"#;
//! let order: Order = jetwire::json::from_slice(json)?;
//! assert_eq!(order, Order { order_id: 7, note: "fragile", total: Some(12.5) });
//! assert_eq!(jetwire::json::to_string(&order)?, r#"{"orderId":7,"note":"fragile","total":12.5}"#);
//! # Ok::<(), jetwire::json::Error>(())
//! ```

pub use jetwire_json as json;
pub use jetwire_json::{FromJson, ToJson};

/// Builds a [`json::Value`] from JSON written inline: see [`jetwire_json::json!`].
///
/// ```
/// let value = jetwire::json!({"id": 7, "tags": ["a"]});
/// assert_eq!(value["tags"][0], "a");
/// ```
pub use jetwire_json::json;

/// `#[derive(ToJson)]` and `#[derive(FromJson)]`: see the `jetwire-derive` crate for every
/// attribute.
#[cfg(feature = "derive")]
pub use jetwire_derive::{FromJson, ToJson};

#[doc(hidden)]
pub mod __private {
    pub use jetwire_json::private::*;
}

/// The README's examples, compiled and run as doctests so the README stays true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
