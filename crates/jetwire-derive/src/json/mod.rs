//! The JSON generators: `ToJson` ([`ser`]) and `FromJson` ([`de`]) impls from
//! the internal model.

mod de;
pub mod names;
mod ser;

use proc_macro2::TokenStream;

use crate::internals::ast::{Container, Style, TagType, Variant};
use crate::internals::{self, Derive};
use crate::wrap::{GeneratedUnsafe, wrap_in_const};

/// `#[derive(ToJson)]`: the impls, or the attribute errors.
pub fn expand_to_json(input: &syn::DeriveInput) -> syn::Result<TokenStream> {
    let cont = internals::parse(input, Derive::To)?;
    Ok(wrap_in_const(ser::generate(&cont), GeneratedUnsafe::None))
}

/// `#[derive(FromJson)]`: the impls, or the attribute errors.
pub fn expand_from_json(input: &syn::DeriveInput) -> syn::Result<TokenStream> {
    let cont = internals::parse(input, Derive::From)?;
    Ok(wrap_in_const(de::generate(&cont), GeneratedUnsafe::None))
}

/// Whether `variant` is a newtype variant of an internally tagged enum, whose field is written
/// and read flattened next to the tag (through `FlattenToJson` and `FlattenFromJson`).
fn is_internal_newtype(cont: &Container, variant: Option<&Variant>) -> bool {
    matches!(cont.tag_type(), TagType::Internal { .. }) && variant.is_some_and(|v| v.style == Style::Newtype)
}

#[cfg(test)]
mod expand_tests {
    /// Prints the expansion of a type for review: `JETWIRE_EXPAND=1 cargo test -p jetwire-derive
    /// print_expansion -- --nocapture`.
    #[test]
    fn print_expansion() {
        let Ok(src) = std::env::var("JETWIRE_EXPAND") else { return };
        let input: syn::DeriveInput = syn::parse_str(&src).unwrap();
        println!("{}", super::expand_to_json(&input).unwrap());
        println!("{}", super::expand_from_json(&input).unwrap());
    }
}
