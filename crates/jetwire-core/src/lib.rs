//! Format-independent building blocks shared by jetwire's formats.
//!
//! - [`scan`]: byte scanners for the hot loops of the JSON reader and writer (finding the end of a
//!   string run, the next byte that needs escaping).
//! - [`output`]: the [`Output`] sink that writers append to: a `Vec<u8>` owned or borrowed, or a
//!   buffer in front of any [`std::io::Write`].
//!
//! - [`structure`]: the structure of JSON text 64 bytes at a time (where tokens start), for
//!   validating and skipping without visiting string and whitespace bytes one by one.
//! - [`copy`]: large memory copies whose speed does not depend on where the bytes sit.
//! - [`ascii`]: how far a run of ASCII bytes reaches, for decoders that check strings.
//! - [`array`](mod@array): [`PartialArray`](array::PartialArray), arrays decoded in place.
//! - [`blocks`]: the append-only block list behind input that arrives in pieces.
//! - [`ErrorPath`]: the JSON Pointer of a failing value, shared by every format's errors.
//!
//! Most users want the `jetwire` facade crate instead of this one.
//! See docs/architecture.md in the repository for how the crates fit together.

mod arch;
pub mod array;
pub mod ascii;
pub mod blocks;
pub mod copy;
pub mod output;
mod path;
pub mod scan;
pub mod structure;

pub use output::{IoOutput, Output};
pub use path::ErrorPath;
