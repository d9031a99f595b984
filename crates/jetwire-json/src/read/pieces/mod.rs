//! The reader's side of input in pieces: how one reader core lexes input that arrives as blocks.
//!
//! Three floors, each with one concern:
//!
//! - `jetwire_core::blocks`: the append-only list of byte blocks that a reader borrows from while
//!   more are appended (a memory primitive that knows no JSON, and the only floor whose code the
//!   compiler cannot check: docs/architecture.md, "Unsafe code").
//! - [`source`]: the blocks of one input in order, with their absolute offsets and the stitches
//!   made where a token straddles two blocks ([`Segments`], behind the [`Source`] trait).
//! - [`window`]: the reader's window over them: moving to the next block between tokens,
//!   re-reading a straddling token from a stitch, and a reader suspended and attached again.
//!
//! The public ways in (chunks, `io::Read`, async readers, pushed pieces, JSON Lines) are
//! `crate::stream`, which fills a [`Segments`] and reads through the window; `crate::partial`
//! reads a document still arriving the same way. The contiguous `from_slice` path never reaches
//! any of this.

pub(crate) mod source;
mod window;

pub(crate) use source::{Segments, Source};
pub(crate) use window::{Next, Segmented, Suspended};
