//! The plain-data proof: the `IS_PLAIN` constant of a struct; and the raw proof, its `RAW`
//! constant and `raw_bytes_valid` check.
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
    // A columnar struct's sequences are laid out in columns, not as their memory.
    let Some(fields) = candidate_fields(cont).filter(|_| cont.attrs.columnar.is_none()) else {
        return no;
    };
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

/// The expression of `RAW: RawWrite<Self>` in the `ToBinary` impl: [`is_raw`]'s proof with
/// the fields' `ToBinary::RAW` and `ENCODED_SIZE`s, for a struct that writes blocks.
pub fn is_raw_written(cont: &Container, binary: &TokenStream, private: &TokenStream) -> TokenStream {
    let Some(fields) = candidate_fields(cont) else {
        return quote!(#binary::RawWrite::NO);
    };
    let to_binary = quote!(#binary::ToBinary);
    let types = fields.iter().map(|f| f.ty);
    let tiles = encodings_tile(
        fields,
        private,
        |ty| quote!(#private::size_for_layout(<#ty as #to_binary>::ENCODED_SIZE)),
    );
    quote! {
        if <Self as #to_binary>::WRITES_BLOCK #(&& <#types as #to_binary>::RAW.get())* && #tiles {
            // SAFETY: `Self` writes blocks, of its fields' `ENCODED_SIZE`s summed; every field
            // is raw (its own `ToBinary::RAW` says so), so the first `ENCODED_SIZE` bytes of its
            // memory are initialized and are what its `encode_block` writes; the fields' encodings
            // lie one after the other from offset 0 in declaration order, ending within `Self`
            // (checked here by the compiler). So the first `ENCODED_SIZE` bytes of a `Self` are
            // initialized and are its fields' blocks in order: what the derived `encode_block`
            // writes. The fields hold no interior mutability in those bytes (their own
            // `ToBinary::RAW` says so), so neither does `Self`.
            unsafe { #binary::RawWrite::assume() }
        } else {
            #binary::RawWrite::NO
        }
    }
}

/// The expression of `RAW: Raw<Self>` in the `FromBinary<'de>` impl.
///
/// A struct is raw when it could be plain as far as its attributes go ([`may_be_plain`]), every
/// field's type is raw, and the fields' encodings tile the start of its memory in declaration
/// order: each field's `offset_of!` is where the encoding of the one before ends (its
/// `MIN_SIZE`, which a raw type's encoding always takes), and the last ends within the struct's
/// size. Padding may follow the last field only. Evaluated by the compiler, per instantiation.
pub fn is_raw(cont: &Container, binary: &TokenStream, private: &TokenStream) -> TokenStream {
    let Some(fields) = candidate_fields(cont) else {
        return quote!(#binary::Raw::NO);
    };
    let from_binary = quote!(#binary::FromBinary<'de>);
    let types = fields.iter().map(|f| f.ty);
    let tiles = encodings_tile(fields, private, |ty| quote!(<#ty as #from_binary>::MIN_SIZE));
    quote! {
        if #(<#types as #from_binary>::RAW.get() &&)* #tiles {
            // SAFETY: every field is raw (its own RAW says so), so it is fixed-size and its
            // memory starts with its encoding's `MIN_SIZE` bytes once its `raw_bytes_valid`
            // accepts them; the fields' encodings lie one after the other from offset 0 in
            // declaration order, ending within `Self` (checked here by the compiler). So a
            // `Self` whose memory starts with its encoding (`MIN_SIZE`: the fields' `MIN_SIZE`s
            // summed) has every field valid once the generated `raw_bytes_valid` accepts each
            // field's bytes, and is the value the derived `decode` reads.
            unsafe { #binary::Raw::assume() }
        } else {
            #binary::Raw::NO
        }
    }
}

/// A constant `bool` expression: the fields' encodings, each `size(type)` bytes, lie in memory
/// one after the other from offset 0 in declaration order, and end within `Self` (the raw
/// proofs' layout check).
fn encodings_tile(
    fields: &[Field],
    private: &TokenStream,
    size: impl Fn(&syn::Type) -> TokenStream,
) -> TokenStream {
    let members = fields.iter().map(|f| &f.member);
    let sizes = fields.iter().map(|f| size(f.ty));
    quote! {
        #private::encodings_tile_in_order(
            &[#(::core::mem::offset_of!(Self, #members)),*],
            &[#(#sizes),*],
            ::core::mem::size_of::<Self>(),
        )
    }
}

/// The `raw_bytes_valid` method of a struct that may be raw: each field's check on its own
/// bytes, all of them and-ed. Empty (the default, `true`) for a struct that cannot be raw.
pub fn raw_bytes_valid(cont: &Container, binary: &TokenStream) -> TokenStream {
    let Some(fields) = candidate_fields(cont) else {
        return TokenStream::new();
    };
    let from_binary = quote!(#binary::FromBinary<'de>);
    let checks = fields.iter().map(|f| {
        let ty = f.ty;
        quote! {
            let ::core::option::Option::Some((__field, __bytes)) =
                __bytes.split_at_checked(<#ty as #from_binary>::MIN_SIZE)
            else {
                return false;
            };
            __valid &= <#ty as #from_binary>::raw_bytes_valid(__field);
        }
    });
    // The fields' answers are and-ed without a branch (the splits fold away for bytes of a
    // known length), so a loop over many values can test one flag after it.
    quote! {
        #[inline(always)]
        fn raw_bytes_valid(__bytes: &[::core::primitive::u8]) -> ::core::primitive::bool {
            let mut __valid = true;
            #(#checks)*
            __valid & __bytes.is_empty()
        }
    }
}

/// The fields of a struct that may be plain or raw: not versioned, and its attributes allow it
/// ([`may_be_plain`]).
fn candidate_fields<'a>(cont: &'a Container<'a>) -> Option<&'a [Field<'a>]> {
    match &cont.data {
        Data::Struct(Style::Struct | Style::Tuple | Style::Newtype, fields)
            if cont.attrs.versioned.is_none() && may_be_plain(fields) =>
        {
            Some(fields)
        }
        _ => None,
    }
}
