//! Per-platform backends of the scanners. See the parent module.

pub(crate) mod all;
#[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
pub(crate) mod generic;
#[cfg(all(target_arch = "x86_64", not(jetwire_portable)))]
pub(crate) mod x86_64;
