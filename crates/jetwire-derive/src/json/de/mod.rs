//! `FromJson` generation: structs from objects (or arrays, or their one field),
//! enums in the four representations ([`enums`]), and, for structs with named
//! fields, the `FlattenFromJson` impl that their `from_json` is built on
//! ([`fields`]).

mod enums;
mod fields;

use proc_macro2::TokenStream;
use quote::quote;

use super::is_internal_newtype;
use crate::bound;
use crate::internals::ast::{Container, Data, Field, Style, Variant};
use crate::internals::attr::Default;
use fields::NamedFields;

/// The `FromJson` impl of `cont`, with its `FlattenFromJson` impl and state type when it has
/// named fields.
pub fn generate(cont: &Container) -> TokenStream {
    let krate = cont.krate();
    let ident = &cont.ident;
    let generics = generics(cont, &krate);
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();

    let g = Gen { cont, krate: &krate };
    let mut extra = TokenStream::new();
    let mut absent = TokenStream::new();
    let body = match &cont.data {
        Data::Struct(Style::Struct, fields) if cont.attrs.transparent.is_none() => {
            extra = g.flatten_impl(fields, &generics);
            g.named_struct_body(fields)
        }
        Data::Struct(style, fields) if cont.attrs.transparent.is_some() || *style == Style::Newtype => {
            absent = g.transparent_absent(fields);
            g.transparent_body(fields)
        }
        Data::Struct(Style::Unit, _) => quote! {
            __r.read_null()?;
            ::core::result::Result::Ok(Self {})
        },
        Data::Struct(_, fields) => {
            let read = g.tuple(fields, quote!(Self), "an array of");
            quote!(#read)
        }
        Data::Enum(variants) => enums::body(&g, variants),
    };

    quote! {
        #extra
        #[automatically_derived]
        impl #impl_generics #krate::json::FromJson<'de> for #ident #ty_generics #where_clause {
            // Not `#[inline]`: a hint would copy the whole body into every caller (every
            // `from_slice::<T>` and every container of `T`), which cost release builds a third
            // of their time for no measured speed; LLVM still inlines it where it pays.
            fn from_json(__r: &mut #krate::json::Reader<'de>) -> #krate::json::Result<Self> {
                #body
            }
            #absent
        }
    }
}

/// The impl's generics: `'de` outliving the borrowed lifetimes, then the type's generics with
/// `bound = "..."` predicates or inferred `FromJson<'de>`, `FlattenFromJson<'de>` and `Default`
/// bounds.
fn generics(cont: &Container, krate: &syn::Path) -> syn::Generics {
    let base = match &cont.attrs.bound.from_json {
        Some(predicates) => bound::with_where_predicates(cont.generics, predicates),
        None => {
            let variant_read = |v: Option<&Variant>| v.is_none_or(|v| v.attrs.skip_deserializing.is_none());
            let read = |f: &Field, v: Option<&Variant>| f.is_deserialized() && variant_read(v);
            let own = |f: &Field, v: Option<&Variant>| read(f, v) && f.attrs.bound.from_json.is_none();
            let flattened =
                |f: &Field, v: Option<&Variant>| f.attrs.flatten.is_some() || is_internal_newtype(cont, v);
            let plain = |f: &Field, v: Option<&Variant>| {
                own(f, v) && f.attrs.with.is_none() && f.attrs.base64.is_none() && !flattened(f, v)
            };
            let generics = bound::with_field_predicates(cont, cont.generics, read, |b| b.from_json.as_ref());
            let from_json: syn::Path = syn::parse_quote!(#krate::json::FromJson<'de>);
            let generics = bound::with_bound(cont, &generics, plain, &from_json);
            let flatten: syn::Path = syn::parse_quote!(#krate::__private::FlattenFromJson<'de>);
            let generics = bound::with_bound(cont, &generics, |f, v| own(f, v) && flattened(f, v), &flatten);
            bound::with_default_bounds(
                cont,
                &generics,
                |f| f.is_deserialized(),
                |f| f.attrs.bound.from_json.is_some(),
            )
        }
    };
    // Base64 fields are decoded into owned bytes and borrow nothing.
    let borrowed = bound::borrowed_lifetimes(cont, |f| f.is_deserialized() && f.attrs.base64.is_none());
    bound::with_de_lifetime(&base, &borrowed)
}

/// Shared state of the `FromJson` generators.
pub struct Gen<'a> {
    cont: &'a Container<'a>,
    krate: &'a syn::Path,
}

impl Gen<'_> {
    /// The statements after an unknown property's key: skip its value, or under
    /// `deny_unknown_fields` fail naming `expected`.
    fn unknown_field(&self, expected: &[&str]) -> TokenStream {
        if self.cont.attrs.deny_unknown_fields.is_some() {
            quote! {
                const __FIELDS: &[&::core::primitive::str] = &[#(#expected),*];
                return ::core::result::Result::Err(__r.unknown_key(__key, __FIELDS));
            }
        } else {
            quote!(__r.skip_value()?;)
        }
    }

    /// The `FlattenFromJson` impl of a struct with named fields, and its state type.
    fn flatten_impl(&self, fields: &[Field], generics: &syn::Generics) -> TokenStream {
        let krate = self.krate;
        let ident = &self.cont.ident;
        let (impl_generics, state_generics, where_clause) = generics.split_for_impl();
        let (_, ty_generics, _) = self.cont.generics.split_for_impl();
        let named = NamedFields::new(fields, krate);
        let types = named.state_types();
        let inits = named.state_inits();
        let tag = self.cont.attrs.tag.as_ref().map(|(tag, _)| tag.as_str());
        let accept = named.accept(tag.as_slice());
        let finish = named.finish(quote!(Self), &self.cont.attrs.default.0);
        quote! {
            #[doc(hidden)]
            pub struct __JetwireState #impl_generics (
                #(#types,)*
                ::core::marker::PhantomData<fn() -> (&'de (), #ident #ty_generics)>,
            ) #where_clause;

            #[automatically_derived]
            impl #impl_generics #krate::__private::FlattenFromJson<'de> for #ident #ty_generics #where_clause {
                type State = __JetwireState #state_generics;

                #[inline]
                fn state() -> Self::State {
                    __JetwireState(#(#inits,)* ::core::marker::PhantomData)
                }

                #[inline]
                fn accept(
                    __state: &mut Self::State,
                    __key: &#krate::json::Key<'de>,
                    __r: &mut #krate::json::Reader<'de>,
                ) -> #krate::json::Result<::core::primitive::bool> {
                    ::core::result::Result::Ok(#accept)
                }

                #[inline]
                fn finish(
                    __state: Self::State,
                    __r: &#krate::json::Reader<'de>,
                ) -> #krate::json::Result<Self> {
                    #finish
                }
            }
        }
    }

    /// `from_json` of a struct with named fields, on top of its `FlattenFromJson` impl.
    fn named_struct_body(&self, fields: &[Field]) -> TokenStream {
        let krate = self.krate;
        let names = NamedFields::new(fields, krate);
        let mut expected = names.names();
        if let Some((tag, _)) = &self.cont.attrs.tag {
            expected.insert(0, tag);
        }
        let unknown = self.unknown_field(&expected);
        let flatten = quote!(<Self as #krate::__private::FlattenFromJson<'de>>);
        let tag = self.cont.attrs.tag.as_ref().map(|(tag, _)| tag.as_str());
        let accept = names.accept_hinted(tag.as_slice());
        let (hints, count) = names.hints();
        quote! {
            __r.begin_object()?;
            let mut __state = #flatten::state();
            const __HINTS: [::core::option::Option<#krate::json::KeyHint>; #count] = #hints;
            let mut __expect: ::core::primitive::usize = 0;
            while let ::core::option::Option::Some((__key, __hinted)) =
                __r.next_key_hinted(__HINTS.get(__expect).and_then(::core::option::Option::as_ref))?
            {
                let __key = &__key;
                if !#accept {
                    #unknown
                }
            }
            #flatten::finish(__state, __r)
        }
    }

    /// `from_json` of a struct with named fields read inline (a struct variant): the object's
    /// `{` has been consumed and `__r` is at its first key (or further, after a tag). With a
    /// `tag` (an internally tagged enum's), the tag key is taken once and its value skipped, a
    /// second one an error; `__tag_seen` (a `mut bool` in scope) says whether it was taken
    /// before. An expression of type `Result<Self>`.
    fn named_inline(&self, fields: &[Field], ctor: TokenStream, tag: Option<&str>) -> TokenStream {
        let named = NamedFields::new(fields, self.krate);
        let types = named.state_types();
        let inits = named.state_inits();
        let accept = match tag {
            Some(tag) => named.accept_tag_once(tag),
            None => named.accept(&[]),
        };
        let mut expected: Vec<&str> = tag.into_iter().collect();
        expected.extend(named.names());
        let unknown = self.unknown_field(&expected);
        let finish = named.finish(ctor, &Default::None);
        quote! {{
            let mut __state: (#(#types,)*) = (#(#inits,)*);
            while let ::core::option::Option::Some(__key) = __r.next_key()? {
                let __key = &__key;
                if !#accept {
                    #unknown
                }
            }
            #finish
        }}
    }

    /// `from_json` of a transparent or newtype struct: the one field read as itself.
    fn transparent_body(&self, fields: &[Field]) -> TokenStream {
        let inits = fields.iter().map(|f| {
            let member = &f.member;
            if f.is_deserialized() {
                let read = fields::read_value(f, self.krate);
                quote!(#member: #read?)
            } else {
                let value = fields::skipped_value(f, &Default::None);
                quote!(#member: #value)
            }
        });
        quote!(::core::result::Result::Ok(Self { #(#inits,)* }))
    }

    /// `absent` of a transparent or newtype struct: its field's absent value, wrapped.
    fn transparent_absent(&self, fields: &[Field]) -> TokenStream {
        let krate = self.krate;
        let Some(field) = fields.iter().find(|f| f.is_deserialized()) else { return TokenStream::new() };
        let ty = field.ty;
        let absent = if field.attrs.with.is_some() {
            return TokenStream::new();
        } else if field.attrs.base64.is_some() {
            quote!(<#ty as #krate::__private::base64::FromBase64<'de>>::absent())
        } else {
            quote!(<#ty as #krate::json::FromJson<'de>>::absent())
        };
        let inits = fields.iter().map(|f| {
            let member = &f.member;
            if f.is_deserialized() {
                quote!(#member: __v)
            } else {
                let value = fields::skipped_value(f, &Default::None);
                quote!(#member: #value)
            }
        });
        quote! {
            #[inline]
            fn absent() -> ::core::option::Option<Self> {
                match #absent {
                    ::core::option::Option::Some(__v) => ::core::option::Option::Some(Self { #(#inits,)* }),
                    ::core::option::Option::None => ::core::option::Option::None,
                }
            }
        }
    }

    /// Reads tuple fields from an array of exactly as many elements as are read; an
    /// expression of type `Result<Self>` building `ctor { 0: ..., 1: ... }`.
    fn tuple(&self, fields: &[Field], ctor: TokenStream, what: &str) -> TokenStream {
        let krate = self.krate;
        let count = fields.iter().filter(|f| f.is_deserialized()).count();
        let expected = format!("{what} {count} element{}", if count == 1 { "" } else { "s" });
        let mut index = 0usize;
        let reads = fields.iter().enumerate().map(|(i, f)| {
            let binding = quote::format_ident!("__f{}", i);
            if !f.is_deserialized() {
                let value = fields::skipped_value(f, &Default::None);
                return quote!(let #binding = #value;);
            }
            let read = fields::read_value(f, krate);
            let element = index;
            index += 1;
            quote! {
                let #binding = if __r.next_element()? {
                    match #read {
                        ::core::result::Result::Ok(__v) => __v,
                        ::core::result::Result::Err(__e) => {
                            return ::core::result::Result::Err(#krate::__private::element_error(__e, #element));
                        }
                    }
                } else {
                    return ::core::result::Result::Err(#krate::__private::invalid_length(__r, #element, #expected));
                };
            }
        });
        let reads: Vec<TokenStream> = reads.collect();
        let inits = fields.iter().enumerate().map(|(i, f)| {
            let member = &f.member;
            let binding = quote::format_ident!("__f{}", i);
            quote!(#member: #binding)
        });
        quote! {{
            __r.begin_array()?;
            #(#reads)*
            if __r.next_element()? {
                return ::core::result::Result::Err(#krate::__private::too_many_elements(__r, #expected));
            }
            ::core::result::Result::Ok(#ctor { #(#inits,)* })
        }}
    }
}
