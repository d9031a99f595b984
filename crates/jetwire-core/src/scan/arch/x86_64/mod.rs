//! x86_64 backends.

pub(crate) mod sse2;
