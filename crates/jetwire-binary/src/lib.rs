//! jetwire's binary format: compact, schema-by-code, little-endian, for the same derived types
//! as its JSON.
//!
//! Values are written with no field names and no type tags: fixed-width little-endian numbers,
//! varint-prefixed strings and collections, `Option` as a tag byte, enums as a varint variant
//! index, structs as their fields in order. The complete specification, with byte-level
//! examples, is `docs/binary-format.md` in the repository.
//! See docs/architecture.md in the repository for how the crates fit together.
//!
//! - **Plain data moves as memory.** Numbers, arrays of them, and derived structs whose fields
//!   are all plain and leave no padding ([`Plain`], [`PlainData`]) are written and read as one
//!   memory copy, also as `Vec`s, slices and arrays, on little-endian hosts. Structs of
//!   numbers and `bool`s with padding at their end are written as one copy ([`RawWrite`]) and
//!   read as one copy and a check of their `bool` bytes ([`Raw`]).
//! - **Hostile input is safe.** Every length is checked against the bytes that remain before
//!   anything is allocated; bools, chars, enum indices, `Option` tags and UTF-8 are validated;
//!   nesting is limited ([`DecodeOptions`]); nothing panics.
//! - **Versioned types.** `#[jetwire(versioned)]` frames a struct with its byte length, so that
//!   an older reader skips fields a newer writer appended, and a newer reader gives fields
//!   missing from older data their defaults.
//! - **Reuse.** [`to_writer`] appends into a reused `Vec` (no allocation once warm);
//!   [`from_slice_into`] decodes into an existing value, reusing its allocations; `&str` and
//!   `&[u8]` borrow from the input.
//!
//! Most users depend on the `jetwire` facade crate, which re-exports this crate as
//! `jetwire::binary` together with `#[derive(ToBinary, FromBinary)]`.
//!
//! ```
//! let value = (42u32, vec!["jet", "wire"], Some(1.5f64));
//! let bytes = jetwire_binary::to_vec(&value)?;
//! assert_eq!(bytes.len(), 4 + 1 + (1 + 3) + (1 + 4) + 1 + 8);
//! let back: (u32, Vec<&str>, Option<f64>) = jetwire_binary::from_slice(&bytes)?;
//! assert_eq!(back, value);
//! # Ok::<(), jetwire_binary::Error>(())
//! ```

mod decode;
mod encode;
mod error;
mod plain;
mod typed;
pub mod varint;

#[doc(hidden)]
pub mod private;

pub use decode::{DecodeOptions, Decoder, VersionedBody};
pub use encode::Encoder;
pub use error::{Category, Error, Result};
pub use plain::{Plain, PlainData, Raw, RawWrite};
pub use typed::{
    ColumnReader, DecodedColumn, FromBinary, FromBinaryOwned, MapColumn, StrColumn, ToBinary, ValueColumn,
    from_slice, from_slice_into, from_slice_with, to_vec, to_writer,
};

/// How many elements a block of the column layout holds (the last block of a sequence holds
/// the rest): part of the format, the same for every type. Small enough that a block's columns
/// stay in the first-level cache while its fields are read one after the other.
pub const COLUMN_BLOCK: usize = 128;
