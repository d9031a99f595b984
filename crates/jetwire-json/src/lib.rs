//! jetwire's JSON: a strict, fast pull [`Reader`] and [`Writer`], and typed (de)serialization
//! through the [`ToJson`] and [`FromJson`] traits.
//!
//! Most users depend on the `jetwire` facade crate, which re-exports this crate as
//! `jetwire::json` together with the derive macros.
//!
//! ```
//! use jetwire_json::{Reader, Writer};
//!
//! // Read: pull tokens, or typed values, straight from the bytes.
//! let mut reader = Reader::new(br#"{"name": "jetwire", "stars": 5}"#);
//! reader.begin_object()?;
//! while let Some(key) = reader.next_key()? {
//!     match key.raw() {
//!         b"stars" => assert_eq!(reader.read_u32()?, 5),
//!         _ => reader.skip_value()?,
//!     }
//! }
//!
//! // Write: into a reused Vec, compact or pretty.
//! let mut out = Vec::new();
//! let mut writer = Writer::appending_to(&mut out);
//! writer.begin_object()?;
//! writer.property_name("ok")?;
//! writer.bool(true)?;
//! writer.end_object()?;
//! assert_eq!(out, br#"{"ok":true}"#);
//! # Ok::<(), jetwire_json::Error>(())
//! ```
//!
//! `serde_json`'s functions have the same names here: [`from_slice`], [`from_str`],
//! [`from_reader`], [`to_vec`], [`to_string`], [`to_string_pretty`], [`to_writer`],
//! [`to_value`], [`from_value`] and [`json!`], for any [`ToJson`] / [`FromJson`] type. Derive
//! the traits, or read and write serde types through the bridge of the `serde` feature
//! (`jetwire_json::serde::from_slice`, ...).
//!
//! The rules (strict RFC 8259 grammar, the lexical Unicode policy, limits) are described in
//! `docs/conformance.md` and `docs/unicode-policy.md` of the repository.
//! See docs/architecture.md in the repository for how the crates fit together.

mod bit_stack;
pub mod document;
mod error;
pub mod partial;
mod pointer;
mod pointer_syntax;
mod raw;
pub mod read;
#[cfg(feature = "serde")]
pub mod serde;
pub mod stream;
#[cfg(test)]
mod test_rng;
mod typed;
pub mod value;
pub mod write;

#[doc(hidden)]
pub mod private;

pub use error::{Category, Error, Result};
pub use jetwire_core::{IoOutput, Output};
pub use pointer::{PointerTree, get, get_as, get_many, get_with};
pub use raw::{OwnedRawValue, RawValue};
pub use read::{JsonStr, Key, KeyHint, Number, ReadOptions, Reader, Token, TokenKind};
pub use stream::{from_reader, from_reader_with};
pub use typed::{Base64, FromJsonKey, ToJsonKey};
#[doc(hidden)]
pub use typed::{CompactRead, CompactWrite};
pub use typed::{
    FromJson, FromJsonOwned, ToJson, from_slice, from_slice_with, from_str, from_str_with, to_io_writer,
    to_io_writer_with, to_string, to_string_pretty, to_vec, to_vec_with, to_writer, to_writer_with,
};
pub use value::{Map, Value, from_value, to_value};
pub use write::{Indent, ValueSlot, WriteOptions, Writer};
