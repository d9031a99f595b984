//! Portable backends, available everywhere.

pub(crate) mod swar;
