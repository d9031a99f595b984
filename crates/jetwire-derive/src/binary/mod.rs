//! The binary generators: `ToBinary` ([`ser`]) and `FromBinary` ([`de`]) impls from the
//! internal model, and what both share: which fields travel, the names in error paths, the
//! plain-data proof ([`plain`]).
//!
//! The binary format is positional: a struct is its fields in declaration order, an enum a
//! varint variant index (the declaration index) followed by the variant's fields. Attributes
//! that only make sense with names on the wire (`rename`, `alias`, `tag`, `content`,
//! `untagged`, `deny_unknown_fields`, `skip_serializing_if`, `base64`, `flatten`, `transparent`)
//! leave the binary encoding as it is. A field skipped in either direction is skipped in both:
//! a positional format cannot write a field that is not read.

mod de;
mod plain;
mod ser;

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::bound;
use crate::internals::ast::{Container, Data, Field, Variant};
use crate::internals::{self, Derive};
use crate::wrap::{GeneratedUnsafe, wrap_in_const};

/// `#[derive(ToBinary)]`: the impl, or the attribute errors.
pub fn expand_to_binary(input: &syn::DeriveInput) -> syn::Result<TokenStream> {
    let cont = internals::parse(input, Derive::To)?;
    Ok(wrap_in_const(ser::generate(&cont), GeneratedUnsafe::Checked))
}

/// `#[derive(FromBinary)]`: the impl, or the attribute errors.
pub fn expand_from_binary(input: &syn::DeriveInput) -> syn::Result<TokenStream> {
    let cont = internals::parse(input, Derive::From)?;
    Ok(wrap_in_const(de::generate(&cont), GeneratedUnsafe::Checked))
}

/// Whether `field` is on the wire: a field skipped in either direction is skipped in both.
fn travels(field: &Field) -> bool {
    field.is_serialized() && field.is_deserialized()
}

/// The fields that travel, for a struct whose encoding is exactly its fields in order: not
/// versioned (no length prefix), and fields as [`fields_in_order`] takes them. Its size then
/// follows from its fields' sizes; `None` for any other type.
fn sized_by_fields<'a>(cont: &'a Container<'a>) -> Option<Vec<&'a Field<'a>>> {
    match &cont.data {
        Data::Struct(_, fields) if cont.attrs.versioned.is_none() => fields_in_order(fields),
        _ => None,
    }
}

/// The fields of a struct or variant that travel, when they are written as themselves: `None`
/// if any is written `with` a module (which may write anything).
fn fields_in_order<'a>(fields: &'a [Field<'a>]) -> Option<Vec<&'a Field<'a>>> {
    let travelling: Vec<&Field> = fields.iter().filter(|f| travels(f)).collect();
    travelling.iter().all(|f| f.attrs.with.is_none()).then_some(travelling)
}

/// The name of `field` in error paths: its Rust name, or its index in a tuple.
fn path_name(field: &Field) -> String {
    match &field.member {
        syn::Member::Named(ident) => crate::internals::attr::unraw(ident),
        syn::Member::Unnamed(index) => index.index.to_string(),
    }
}

/// The name of `variant` in error paths and messages.
fn variant_name(variant: &Variant) -> String {
    crate::internals::attr::unraw(&variant.ident)
}

/// The variable a field of a variant is bound to in a match arm.
fn binding(field: &Field) -> syn::Ident {
    match &field.member {
        syn::Member::Named(ident) => format_ident!("__f_{}", ident),
        syn::Member::Unnamed(i) => format_ident!("__f{}", i.index),
    }
}

/// The pattern `Self::Variant { member: binding, ... }` binding every field of `variant`.
fn variant_pattern(variant: &Variant) -> TokenStream {
    let ident = &variant.ident;
    let bindings = variant.fields.iter().map(|f| {
        let member = &f.member;
        let b = binding(f);
        quote!(#member: #b)
    });
    quote!(Self::#ident { #(#bindings,)* })
}

/// `generics` with `Self: PlainData` under `#[jetwire(plain)]`, which `IS_PLAIN` then rests on.
fn with_plain_bound(cont: &Container, generics: syn::Generics, krate: &syn::Path) -> syn::Generics {
    if cont.attrs.plain.is_none() {
        return generics;
    }
    let plain_data: syn::Path = syn::parse_quote!(#krate::binary::PlainData);
    bound::with_self_bound(cont, &generics, &plain_data)
}

/// The binary runtime: `#krate::binary`.
fn runtime(cont: &Container) -> (syn::Path, TokenStream, TokenStream) {
    let krate = cont.krate();
    let binary = quote!(#krate::binary);
    let private = quote!(#krate::__private::binary);
    (krate, binary, private)
}

#[cfg(test)]
mod expand_tests {
    /// Prints the expansion of a type for review: `JETWIRE_EXPAND=1 cargo test -p jetwire-derive
    /// print_binary_expansion -- --nocapture` with the type's source in `JETWIRE_EXPAND`.
    #[test]
    fn print_binary_expansion() {
        let Ok(src) = std::env::var("JETWIRE_EXPAND") else { return };
        let input: syn::DeriveInput = syn::parse_str(&src).unwrap();
        println!("{}", super::expand_to_binary(&input).unwrap());
        println!("{}", super::expand_from_binary(&input).unwrap());
    }
}
