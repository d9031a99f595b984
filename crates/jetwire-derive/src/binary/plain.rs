//! The plain-data proof: the `IS_PLAIN` constant of a struct.
//!
//! A struct is plain when every field travels (none skipped, none written `with` a module),
//! every field's type is plain, and the fields lie in memory in declaration order with no gap
//! before, between or after them: `offset_of!` each field equals the end of the one before,
//! and the struct's size the end of the last. All of it is evaluated by the compiler, per
//! instantiation for generic structs; only when it holds does the derive assert plainness with
//! `Plain::assume()`. With `#[jetwire(plain)]` the assertion comes from the type's `PlainData`
//! impl instead, and the layout check becomes a compile-time error if it fails.

use proc_macro2::TokenStream;
use quote::quote;

use super::travels;
use crate::internals::ast::{Container, Data, Field, Style};

/// The expression of `IS_PLAIN: Plain<Self>`; `trait_path` is `ToBinary` or `FromBinary<'de>`.
pub fn is_plain(
    cont: &Container,
    binary: &TokenStream,
    private: &TokenStream,
    trait_path: &TokenStream,
) -> TokenStream {
    let no = quote!(#binary::Plain::NO);
    let fields = match &cont.data {
        Data::Struct(Style::Struct | Style::Tuple | Style::Newtype, fields)
            if cont.attrs.versioned.is_none() =>
        {
            fields
        }
        _ => return no,
    };
    if !may_be_plain(fields) {
        return no;
    }
    let layout = layout_holds(fields, private);
    if cont.attrs.plain.is_some() {
        return quote! {{
            ::core::assert!(
                #layout,
                "#[jetwire(plain)]: the fields must lie in declaration order with no padding"
            );
            #private::asserted_plain::<Self>()
        }};
    }
    let field_plain = fields.iter().map(|f| {
        let ty = f.ty;
        quote!(<#ty as #trait_path>::IS_PLAIN.get())
    });
    quote! {
        if #(#field_plain &&)* #layout {
            // SAFETY: every field is plain (its own IS_PLAIN says so), and the fields tile
            // `Self` in declaration order with no padding (checked here by the compiler), so
            // `Self` has no padding, accepts every bit pattern, and its memory is its fields'
            // encodings in order, which is what the derived impls read and write.
            unsafe { #binary::Plain::assume() }
        } else {
            #no
        }
    }
}

/// Whether a struct with `fields` can be plain at all (at least one field, every one travels and
/// none is written `with` a module), so that the block paths are worth generating.
pub fn may_be_plain(fields: &[Field]) -> bool {
    !fields.is_empty() && fields.iter().all(|f| travels(f) && f.attrs.with.is_none())
}

/// A constant `bool` expression: the fields tile `Self` in declaration order, with no gap.
fn layout_holds(fields: &[Field], private: &TokenStream) -> TokenStream {
    let members = fields.iter().map(|f| &f.member);
    let types = fields.iter().map(|f| f.ty);
    quote! {
        #private::tiles_in_order(
            &[#(::core::mem::offset_of!(Self, #members)),*],
            &[#(::core::mem::size_of::<#types>()),*],
            ::core::mem::size_of::<Self>(),
        )
    }
}
