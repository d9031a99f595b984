//! Reading named fields: the state that an object's properties fill in, the
//! code that routes one property into it, and the code that builds the value
//! once the object has ended. Shared by structs (through `FlattenFromJson`)
//! and struct variants (inline).
//!
//! The state is a tuple (or a tuple struct): element 0 is the bitmask of
//! fields seen (`u64`, or `[u64; N]` past 64 fields), then one `Option<T>` per
//! field read, then the state of each flattened field.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::Index;
use syn::spanned::Spanned;

use crate::internals::ast::Field;
use crate::internals::attr::Default;
use crate::json::names;

/// The generator for one set of named fields.
pub struct NamedFields<'a> {
    fields: &'a [Field<'a>],
    krate: &'a syn::Path,
    /// Indices (into `fields`) of the fields read by name, in order: state elements 1..
    slots: Vec<usize>,
    /// Indices of the flattened fields: state elements after the slots.
    flats: Vec<usize>,
}

impl<'a> NamedFields<'a> {
    /// The generator for `fields` (the fields of a struct or struct variant).
    pub fn new(fields: &'a [Field<'a>], krate: &'a syn::Path) -> Self {
        let read = || fields.iter().enumerate().filter(|(_, f)| f.is_deserialized());
        let slots = read().filter(|(_, f)| f.attrs.flatten.is_none()).map(|(i, _)| i).collect();
        let flats = read().filter(|(_, f)| f.attrs.flatten.is_some()).map(|(i, _)| i).collect();
        NamedFields { fields, krate, slots, flats }
    }

    fn words(&self) -> usize {
        self.slots.len().div_ceil(64)
    }

    fn flatten_trait(&self) -> TokenStream {
        let krate = self.krate;
        quote!(#krate::__private::FlattenFromJson<'de>)
    }

    /// The state's element types, in order.
    pub fn state_types(&self) -> Vec<TokenStream> {
        let mask = match self.words() {
            0 | 1 => quote!(::core::primitive::u64),
            n => quote!([::core::primitive::u64; #n]),
        };
        let slots = self.slots.iter().map(|&i| {
            let ty = self.fields[i].ty;
            quote!(::core::option::Option<#ty>)
        });
        let flatten = self.flatten_trait();
        let flats = self.flats.iter().map(|&i| {
            let ty = self.fields[i].ty;
            quote_spanned!(ty.span()=> <#ty as #flatten>::State)
        });
        std::iter::once(mask).chain(slots).chain(flats).collect()
    }

    /// The state's initial element values, in order.
    pub fn state_inits(&self) -> Vec<TokenStream> {
        let mask = match self.words() {
            0 | 1 => quote!(0u64),
            n => quote!([0u64; #n]),
        };
        let slots = self.slots.iter().map(|_| quote!(::core::option::Option::None));
        let flatten = self.flatten_trait();
        let flats = self.flats.iter().map(|&i| {
            let ty = self.fields[i].ty;
            quote_spanned!(ty.span()=> <#ty as #flatten>::state())
        });
        std::iter::once(mask).chain(slots).chain(flats).collect()
    }

    /// The canonical names of the fields read by name, for "unknown field" errors.
    pub fn names(&self) -> Vec<&str> {
        self.slots.iter().map(|&i| self.fields[i].attrs.name.name.as_str()).collect()
    }

    /// An expression reading one field's value from `__r`, of type `Result<T>`.
    fn read(&self, field: &Field) -> TokenStream {
        read_value(field, self.krate)
    }

    /// An expression of type `bool` that routes the property `__key` (a `&Key<'de>`) whose value
    /// `__r` is positioned at into `__state`: `true` once the value is read, `false` (nothing
    /// read) for a property these fields do not take. Keys in `skip` are taken and their values
    /// skipped (an enum's tag). Errors return from the enclosing function.
    pub fn accept(&self, skip: &[&str]) -> TokenStream {
        self.accept_with(skip, false, None)
    }

    /// [`accept`](Self::accept) for the fields of a struct variant of an internally tagged
    /// enum: the `tag` key is taken once, its value skipped, and a second one is a duplicate
    /// field. `__tag_seen` (a `mut bool` in scope) says whether it has been taken already.
    pub fn accept_tag_once(&self, tag: &str) -> TokenStream {
        self.accept_with(&[tag], false, Some(tag))
    }

    /// [`accept`](Self::accept) for a loop that hints each key (`Reader::next_key_hinted`) with
    /// the name of the field after the last one read: `__hinted` says whether the key was the
    /// hinted name, whose field is then `__expect` without a lookup, and every field read sets
    /// `__expect` to the one after it.
    pub fn accept_hinted(&self, skip: &[&str]) -> TokenStream {
        self.accept_with(skip, true, None)
    }

    /// The hints of such a loop, an array expression of `Option<KeyHint>` indexed by
    /// `__expect`, and its length: one per field read by name, in order, then `None` past the
    /// last.
    pub fn hints(&self) -> (TokenStream, usize) {
        let krate = self.krate;
        let hints = self.slots.iter().map(|&i| {
            let name = &self.fields[i].attrs.name.name;
            quote!(#krate::json::KeyHint::new(#name))
        });
        (quote!([#(#hints,)* ::core::option::Option::None]), self.slots.len() + 1)
    }

    fn accept_with(&self, skip: &[&str], hinted: bool, tag_once: Option<&str>) -> TokenStream {
        let krate = self.krate;
        let index_fn = format_ident!("__field_index");
        let groups = self
            .slots
            .iter()
            .enumerate()
            .map(|(k, &i)| (k, self.fields[i].attrs.name.all().collect::<Vec<_>>()));
        let skip_index = self.slots.len();
        let groups = groups.chain(std::iter::once((skip_index, skip.to_vec())));
        let function = names::index_fn(&index_fn, groups);
        let mut index = names::index_of_key(&index_fn, quote!(__key));
        if hinted {
            index = quote!((if __hinted { __expect } else { #index }));
        }

        let arms = self.slots.iter().enumerate().map(|(k, &i)| {
            let field = &self.fields[i];
            let name = &field.attrs.name.name;
            let pos = Index::from(1 + k);
            let bit = 1u64 << (k % 64);
            let word = match self.words() {
                1 => quote!(__state.0),
                _ => {
                    let w = k / 64;
                    quote!(__state.0[#w])
                }
            };
            let read = self.read(field);
            let next = hinted.then(|| {
                // A `usize` literal, whatever the caller's scope calls `usize`.
                let next = proc_macro2::Literal::usize_suffixed(k + 1);
                quote!(__expect = #next;)
            });
            // A field that must be complete before it is shown reads as absent while its value
            // is still arriving (a typed read of a partial value); its bit stays clear.
            let held_back = field.attrs.complete.is_some().then(|| {
                quote!(#k if __r.value_in_progress() => {
                    __r.skip_value()?;
                    true
                })
            });
            quote! {
                #held_back
                #k => {
                    if #word & #bit != 0 {
                        return ::core::result::Result::Err(__r.duplicate_field(#name));
                    }
                    #word |= #bit;
                    #next
                    __state.#pos = ::core::option::Option::Some(match #read {
                        ::core::result::Result::Ok(__v) => __v,
                        ::core::result::Result::Err(__e) => {
                            return ::core::result::Result::Err(#krate::__private::field_error(__e, __key));
                        }
                    });
                    true
                }
            }
        });
        let skip_arm = match tag_once {
            Some(tag) => Some(quote!(#skip_index => {
                if __tag_seen {
                    return ::core::result::Result::Err(__r.duplicate_field(#tag));
                }
                __tag_seen = true;
                __r.skip_value()?;
                true
            })),
            None => (!skip.is_empty()).then(|| quote!(#skip_index => { __r.skip_value()?; true })),
        };

        let flatten = self.flatten_trait();
        let mut otherwise = quote!(false);
        for (j, &i) in self.flats.iter().enumerate().rev() {
            let ty = self.fields[i].ty;
            let pos = Index::from(1 + self.slots.len() + j);
            let accept = quote_spanned!(ty.span()=> <#ty as #flatten>::accept);
            otherwise = quote! {
                if #accept(&mut __state.#pos, __key, __r)? { true } else { #otherwise }
            };
        }

        quote! {{
            #function
            match #index {
                #(#arms)*
                #skip_arm
                _ => #otherwise,
            }
        }}
    }

    /// An expression of type `Result<Self>` building `ctor { ... }` from `__state`, which it
    /// consumes; missing fields take their defaults, else their type's absent value, else
    /// are a "missing field" error positioned by `__r`. `container_default` is the container's
    /// `default` attribute.
    pub fn finish(&self, ctor: TokenStream, container_default: &Default) -> TokenStream {
        let krate = self.krate;
        let default_let = match container_default {
            Default::None => TokenStream::new(),
            Default::Trait => quote!(let __default: Self = ::core::default::Default::default();),
            Default::Path(path) => quote!(let __default: Self = #path();),
        };
        let flatten = self.flatten_trait();
        let inits = self.fields.iter().enumerate().map(|(i, field)| {
            let member = &field.member;
            let value = if let Some(k) = self.slots.iter().position(|&s| s == i) {
                let pos = Index::from(1 + k);
                let missing = missing_value(field, container_default, krate);
                quote! {
                    match __state.#pos {
                        ::core::option::Option::Some(__v) => __v,
                        ::core::option::Option::None => #missing,
                    }
                }
            } else if let Some(j) = self.flats.iter().position(|&s| s == i) {
                let pos = Index::from(1 + self.slots.len() + j);
                let ty = field.ty;
                let finish = quote_spanned!(ty.span()=> <#ty as #flatten>::finish);
                quote!(#finish(__state.#pos, __r)?)
            } else {
                skipped_value(field, container_default)
            };
            quote!(#member: #value)
        });
        quote! {{
            #default_let
            ::core::result::Result::Ok(#ctor { #(#inits,)* })
        }}
    }
}

/// An expression reading `field`'s value from `__r`, of type `Result<T>`: through its `with`
/// module, as base64, or through its type's `FromJson`.
pub fn read_value(field: &Field, krate: &syn::Path) -> TokenStream {
    if let Some((with, _)) = &field.attrs.with {
        quote!(#with::from_json(__r))
    } else if field.attrs.base64.is_some() {
        quote!(#krate::__private::base64::from_json(__r))
    } else {
        let ty = field.ty;
        quote!(<#ty as #krate::json::FromJson<'de>>::from_json(__r))
    }
}

/// The value of a field that the input did not have.
fn missing_value(field: &Field, container_default: &Default, krate: &syn::Path) -> TokenStream {
    let member = &field.member;
    let name = &field.attrs.name.name;
    match (&field.attrs.default.0, container_default) {
        (Default::Trait, _) => quote!(::core::default::Default::default()),
        (Default::Path(path), _) => quote!(#path()),
        (Default::None, Default::Trait | Default::Path(_)) => quote!(__default.#member),
        (Default::None, Default::None) => {
            if field.attrs.with.is_some() {
                quote!(return ::core::result::Result::Err(__r.missing_field(#name)))
            } else if field.attrs.base64.is_some() {
                quote!(#krate::__private::base64::absent(__r, #name)?)
            } else {
                let ty = field.ty;
                quote!(#krate::__private::absent::<#ty>(__r, #name)?)
            }
        }
    }
}

/// The value of a field that is not read (`skip_deserializing`).
pub fn skipped_value(field: &Field, container_default: &Default) -> TokenStream {
    let member = &field.member;
    match (&field.attrs.default.0, container_default) {
        (Default::Trait, _) | (Default::None, Default::None) => quote!(::core::default::Default::default()),
        (Default::Path(path), _) => quote!(#path()),
        (Default::None, Default::Trait | Default::Path(_)) => quote!(__default.#member),
    }
}
