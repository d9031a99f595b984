//! `ToBinary` generation: structs as their fields in order (a plain struct as one block of
//! memory; a versioned struct framed by its byte length), enums as a variant index and the
//! variant's fields.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use super::{
    binding, path_name, plain, runtime, sized_by_fields, travels, variant_name, variant_pattern,
    with_plain_bound,
};
use crate::bound;
use crate::internals::ast::{Container, Data, Field, Variant};

/// The `ToBinary` impl of `cont`.
pub fn generate(cont: &Container) -> TokenStream {
    let (krate, binary, private) = runtime(cont);
    let ident = &cont.ident;
    let generics = generics(cont, &krate);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let to_binary = quote!(#binary::ToBinary);
    let is_plain = plain::is_plain(cont, &binary, &private, &to_binary);

    let body = match &cont.data {
        Data::Struct(_, fields) => {
            let writes = write_fields(fields, &private, None, |f| {
                let member = &f.member;
                quote!(&self.#member)
            });
            if cont.attrs.versioned.is_some() {
                quote! {
                    __e.versioned(|__e| {
                        #writes
                        ::core::result::Result::Ok(())
                    })
                }
            } else {
                quote! {
                    if #private::encode_plain(self, __e) || #private::encode_block(self, __e) {
                        return ::core::result::Result::Ok(());
                    }
                    #writes
                    ::core::result::Result::Ok(())
                }
            }
        }
        Data::Enum(variants) => enum_body(cont, variants, &private),
    };
    let encoded_size = encoded_size(cont, &private, &to_binary);
    let block = block_items(cont, &binary, &private, &to_binary);
    let columns = column_items(cont, &binary, &private);

    quote! {
        #[automatically_derived]
        impl #impl_generics #to_binary for #ident #ty_generics #where_clause {
            const IS_PLAIN: #binary::Plain<Self> = #is_plain;
            const ENCODED_SIZE: ::core::option::Option<::core::primitive::usize> = #encoded_size;

            #[inline]
            fn encode(&self, __e: &mut #binary::Encoder<'_>) -> #binary::Result<()> {
                #body
            }

            #block
            #columns
        }
    }
}

/// `COLUMNAR` and `encode_columns` for a `#[jetwire(columnar)]` struct: each travelling
/// field's column in turn, through its type's `encode_column` (or its `with` module, value by
/// value). Nothing (the defaults) for other types.
fn column_items(cont: &Container, binary: &TokenStream, private: &TokenStream) -> TokenStream {
    let Data::Struct(_, fields) = &cont.data else { return TokenStream::new() };
    if cont.attrs.columnar.is_none() {
        return TokenStream::new();
    }
    let columns = fields.iter().filter(|f| travels(f)).map(|f| {
        let member = &f.member;
        let name = path_name(f);
        let write = match &f.attrs.with {
            Some((with, _)) => quote! {
                (|| {
                    for __value in __block {
                        #with::to_binary(&::core::borrow::Borrow::<Self>::borrow(__value).#member, __e)?;
                    }
                    ::core::result::Result::Ok(())
                })()
            },
            None => {
                let ty = f.ty;
                quote! {
                    <#ty as #binary::ToBinary>::encode_column(
                        #private::column_of(__block, |__value: &Self| &__value.#member),
                        __e,
                    )
                }
            }
        };
        quote! {
            if let ::core::result::Result::Err(__err) = #write {
                return ::core::result::Result::Err(#private::field_error(__err, #name));
            }
        }
    });
    quote! {
        const COLUMNAR: ::core::primitive::bool = true;

        #[inline]
        fn encode_columns<__B: ::core::borrow::Borrow<Self>>(
            __block: &[__B],
            __e: &mut #binary::Encoder<'_>,
        ) -> #binary::Result<()> {
            #(#columns)*
            ::core::result::Result::Ok(())
        }
    }
}

/// `ENCODED_SIZE`: the sum of the fields' sizes for a struct written as its fields in order
/// (none through `with`, which may write anything); `None` for enums and versioned structs.
fn encoded_size(cont: &Container, private: &TokenStream, to_binary: &TokenStream) -> TokenStream {
    match sized_by_fields(cont) {
        Some(fields) => {
            let types = fields.iter().map(|f| f.ty);
            quote!(#private::sum_of_sizes(&[#(<#types as #to_binary>::ENCODED_SIZE),*], 1))
        }
        None => quote!(::core::option::Option::None),
    }
}

/// `WRITES_BLOCK` and `encode_block` for a struct sized by its fields: it writes a block when
/// every field does, each field's block after the previous one. Nothing (the defaults) for
/// other types.
fn block_items(
    cont: &Container,
    binary: &TokenStream,
    private: &TokenStream,
    to_binary: &TokenStream,
) -> TokenStream {
    let Some(fields) = sized_by_fields(cont) else {
        return TokenStream::new();
    };
    let types = fields.iter().map(|f| f.ty);
    let members = fields.iter().map(|f| &f.member);
    let is_raw = plain::is_raw_written(cont, binary, private);
    quote! {
        const WRITES_BLOCK: ::core::primitive::bool =
            true #(&& <#types as #to_binary>::WRITES_BLOCK)* && Self::ENCODED_SIZE.is_some();
        const RAW: #binary::RawWrite<Self> = #is_raw;

        #[inline]
        fn encode_block(&self, __block: &mut [::core::primitive::u8]) {
            // A raw struct's memory starts with its block: one copy, where the fields' blocks
            // take a load and a store each.
            if #private::encode_raw_block(self, __block) {
                return;
            }
            let __rest = __block;
            #(let __rest = #private::encode_field_block(&self.#members, __rest);)*
            let _ = __rest;
        }
    }
}

/// The impl's generics: the type's, with `bound` predicates or inferred `ToBinary` bounds, and
/// `Self: PlainData` under `#[jetwire(plain)]`.
fn generics(cont: &Container, krate: &syn::Path) -> syn::Generics {
    let generics = if let Some(predicates) = &cont.attrs.bound.to_binary {
        bound::with_where_predicates(cont.generics, predicates)
    } else {
        let written = |f: &Field, v: Option<&Variant>| {
            travels(f) && v.is_none_or(|v| v.attrs.skip_serializing.is_none())
        };
        let generics = bound::with_field_predicates(cont, cont.generics, written, |b| b.to_binary.as_ref());
        let to_binary: syn::Path = syn::parse_quote!(#krate::binary::ToBinary);
        bound::with_bound(
            cont,
            &generics,
            |f, v| written(f, v) && f.attrs.bound.to_binary.is_none() && f.attrs.with.is_none(),
            &to_binary,
        )
    };
    with_plain_bound(cont, generics, krate)
}

/// Statements writing the fields that travel, in order; `access(field)` is an expression of
/// type `&T`. Errors get the field's name in their path, after `variant`'s if there is one.
///
/// Consecutive fields that write blocks (numbers, `bool`s, and structs and arrays of them) go
/// as runs: the first field of a run writes the whole run as one block with one capacity check,
/// each field's block after the previous one, where separate writes would check once per field.
/// Which fields write blocks is known only to the compiler (`WRITES_BLOCK`), so every field
/// gets the code and constants decide. A field written `with` a module breaks a run.
fn write_fields(
    fields: &[Field],
    private: &TokenStream,
    variant: Option<&str>,
    access: impl Fn(&Field) -> TokenStream,
) -> TokenStream {
    let travelling: Vec<&Field> = fields.iter().filter(|f| travels(f)).collect();
    let block_name = |i: usize| quote::format_ident!("__block_{}", i);
    let size_name = |i: usize| quote::format_ident!("__run_size_{}", i);
    let blocks = travelling.iter().enumerate().map(|(i, f)| {
        let name = block_name(i);
        match &f.attrs.with {
            Some(_) => quote!(let #name: ::core::primitive::bool = false;),
            None => {
                let ty = f.ty;
                quote!(let #name: ::core::primitive::bool = <#ty as #private::ToBinary>::WRITES_BLOCK;)
            }
        }
    });
    let sizes = travelling.iter().enumerate().rev().map(|(i, f)| {
        let (block, name) = (block_name(i), size_name(i));
        let rest =
            if i + 1 < travelling.len() { size_name(i + 1).into_token_stream() } else { quote!(0usize) };
        match &f.attrs.with {
            Some(_) => quote!(let #name: ::core::primitive::usize = 0;),
            None => {
                let ty = f.ty;
                quote! {
                    let #name: ::core::primitive::usize =
                        if #block { #private::block_size::<#ty>().saturating_add(#rest) } else { 0 };
                }
            }
        }
    });
    let writes = travelling.iter().enumerate().map(|(i, f)| {
        let value = access(f);
        let name = path_name(f);
        let error = match variant {
            Some(variant) => quote!(#private::variant_field_error(__err, #variant, #name)),
            None => quote!(#private::field_error(__err, #name)),
        };
        let write = match &f.attrs.with {
            Some((with, _)) => quote!(#with::to_binary(#value, __e)),
            None => {
                let ty = f.ty;
                quote!(<#ty as #private::ToBinary>::encode(#value, __e))
            }
        };
        let write = quote! {
            if let ::core::result::Result::Err(__err) = #write {
                return ::core::result::Result::Err(#error);
            }
        };
        if f.attrs.with.is_some() {
            return write;
        }
        let (block, size) = (block_name(i), size_name(i));
        let starts_run = match i {
            0 => quote!(true),
            _ => {
                let before = block_name(i - 1);
                quote!(!#before)
            }
        };
        // The run's later fields, each written while every field since the first writes a block.
        let later = travelling[i + 1..].iter().take_while(|f| f.attrs.with.is_none());
        let later = later.enumerate().map(|(k, f)| {
            let (value, block) = (access(f), block_name(i + 1 + k));
            quote! {
                let __in_run = __in_run && #block;
                let __rest = if __in_run { #private::encode_field_block(#value, __rest) } else { __rest };
            }
        });
        quote! {
            if #block {
                if #starts_run {
                    #private::encode_run(__e, #size, |__rest| {
                        let __rest = #private::encode_field_block(#value, __rest);
                        let __in_run = true;
                        #(#later)*
                        let _ = (__rest, __in_run);
                    });
                }
            } else {
                #write
            }
        }
    });
    quote! {
        #(#blocks)*
        #(#sizes)*
        #(#writes)*
    }
}

/// The body of `encode` for an enum: a match on the variants, each writing its index and
/// fields.
fn enum_body(cont: &Container, variants: &[Variant], private: &TokenStream) -> TokenStream {
    if variants.is_empty() {
        return quote!(match *self {});
    }
    let enum_name = &cont.attrs.name;
    let arms = variants.iter().enumerate().map(|(index, variant)| {
        let name = variant_name(variant);
        if variant.attrs.skip_serializing.is_some() {
            let ident = &variant.ident;
            return quote! {
                Self::#ident { .. } => ::core::result::Result::Err(#private::skipped_variant(#enum_name, #name)),
            };
        }
        let pattern = variant_pattern(variant);
        let writes = write_fields(&variant.fields, private, Some(&name), |f| {
            let b = binding(f);
            quote!(#b)
        });
        let index = index as u32;
        quote! {
            #pattern => {
                __e.write_variant(#index);
                #writes
                ::core::result::Result::Ok(())
            }
        }
    });
    quote! {
        match self {
            #(#arms)*
        }
    }
}
