//! Per-platform backends of the scanners. See the parent module.

pub(crate) mod all;
#[cfg(target_arch = "x86_64")]
pub(crate) mod generic;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;
