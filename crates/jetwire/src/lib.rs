//! jetwire: fast, strict serialization with the feel of serde.
//!
//! - [`json`](mod@json): a strict RFC 8259 pull reader and writer, and typed (de)serialization
//!   through [`ToJson`] and [`FromJson`], derivable with `#[derive(ToJson, FromJson)]`.
//!
//! - [`json::Value`] (a DOM that keeps numbers exactly and members in order, built with
//!   [`json!`]), [`json::RawValue`], lazy lookups with [`json::get`], and with the `serde`
//!   feature [`json::serde`], a bridge for any serde type.
//!
//! - `binary` (with the `binary` feature): a compact little-endian format for the same types
//!   through [`ToBinary`] and [`FromBinary`], derivable with `#[derive(ToBinary, FromBinary)]`,
//!   where plain data moves as memory blocks and hostile input is safe.
//!
//! - `arrow` (with the `arrow` feature): JSON Lines and JSON arrays of records decoded into
//!   Apache Arrow record batches, with an API shaped like arrow-json's.
//!
//! Cargo features: `derive` (the one on by default) for the derive macros; `serde` for the serde
//! bridge; `binary` for the binary format; `arrow` for Apache Arrow; `uuid`, `chrono`, `time`, `rust_decimal`, `bytes` and
//! `indexmap` for those crates' types; `tokio` and `futures` for async input. A default build is
//! JSON alone: it compiles neither serde nor the binary format.
//! See docs/architecture.md in the repository for how the crates fit together.
//!
//! ```
//! # #[cfg(feature = "binary")] {
//! use jetwire::{FromBinary, ToBinary};
//!
//! #[derive(ToBinary, FromBinary, Debug, PartialEq)]
//! struct Reading<'a> {
//!     sensor: &'a str,
//!     values: Vec<f32>,       // one memory copy each way
//!     note: Option<String>,
//! }
//!
//! let reading = Reading { sensor: "t1", values: vec![20.5, 21.0], note: None };
//! let bytes = jetwire::binary::to_vec(&reading)?;
//! assert_eq!(bytes.len(), (1 + 2) + (1 + 8) + 1);
//! let back: Reading = jetwire::binary::from_slice(&bytes)?;
//! assert_eq!(back, reading);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
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

#[doc(inline)]
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

/// jetwire's binary format: see [`jetwire_binary`] and `docs/binary-format.md`.
#[cfg(feature = "binary")]
#[doc(inline)]
pub use jetwire_binary as binary;
#[cfg(feature = "binary")]
pub use jetwire_binary::{FromBinary, ToBinary};

/// `#[derive(ToBinary)]` and `#[derive(FromBinary)]`: see the `jetwire-derive` crate for every
/// attribute.
#[cfg(all(feature = "derive", feature = "binary"))]
pub use jetwire_derive::{FromBinary, ToBinary};

/// JSON into Apache Arrow record batches: see [`jetwire_arrow`].
#[cfg(feature = "arrow")]
#[doc(inline)]
pub use jetwire_arrow as arrow;

#[doc(hidden)]
pub mod __private {
    pub use jetwire_json::private::*;

    /// Runtime support for `#[derive(ToBinary, FromBinary)]`.
    #[cfg(feature = "binary")]
    pub mod binary {
        pub use jetwire_binary::private::*;
    }
}

/// The README's examples, compiled and run as doctests so the README stays true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
