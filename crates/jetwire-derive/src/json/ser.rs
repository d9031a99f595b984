//! `ToJson` generation: structs as objects (or arrays, or their one field),
//! enums in the four representations, and `FlattenToJson` for structs with
//! named fields.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::is_internal_newtype;
use super::names::write_property_name;
use crate::bound;
use crate::internals::ast::{Container, Data, Field, Style, TagType, Variant};

/// The `ToJson` impl of `cont`, and its `FlattenToJson` impl when it has named fields.
pub fn generate(cont: &Container) -> TokenStream {
    let krate = cont.krate();
    let ident = &cont.ident;
    let generics = generics(cont, &krate);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();

    let g = Gen { cont, krate: &krate };
    let (body, flatten) = match &cont.data {
        Data::Struct(Style::Struct, fields) if cont.attrs.transparent.is_none() => {
            let write_fields = g.struct_fields(fields);
            let body = quote! {
                __w.begin_object()?;
                <Self as #krate::__private::FlattenToJson>::to_json_fields(self, __w)?;
                __w.end_object()
            };
            let flatten = quote! {
                #[automatically_derived]
                impl #impl_generics #krate::__private::FlattenToJson for #ident #ty_generics #where_clause {
                    #[inline]
                    fn to_json_fields<__O: #krate::json::Output>(
                        &self,
                        __w: &mut #krate::json::Writer<__O>,
                    ) -> #krate::json::Result<()> {
                        #write_fields
                        ::core::result::Result::Ok(())
                    }
                }
            };
            (body, flatten)
        }
        Data::Struct(_, fields) => (g.struct_body(fields), TokenStream::new()),
        Data::Enum(variants) => (g.enum_body(variants), TokenStream::new()),
    };

    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::json::ToJson for #ident #ty_generics #where_clause {
            #[inline]
            fn to_json<__O: #krate::json::Output>(
                &self,
                __w: &mut #krate::json::Writer<__O>,
            ) -> #krate::json::Result<()> {
                #body
            }
        }
        #flatten
    }
}

/// The impl's generics: the type's, with `bound = "..."` predicates or inferred `ToJson` and
/// `FlattenToJson` bounds.
fn generics(cont: &Container, krate: &syn::Path) -> syn::Generics {
    if let Some(predicates) = &cont.attrs.bound.to_json {
        return bound::with_where_predicates(cont.generics, predicates);
    }
    let written = |f: &Field, v: Option<&Variant>| {
        f.is_serialized() && v.is_none_or(|v| v.attrs.skip_serializing.is_none())
    };
    let flattened =
        |f: &Field, v: Option<&Variant>| f.attrs.flatten.is_some() || is_internal_newtype(cont, v);
    let plain = |f: &Field, v: Option<&Variant>| {
        written(f, v)
            && f.attrs.bound.to_json.is_none()
            && f.attrs.with.is_none()
            && f.attrs.base64.is_none()
            && !flattened(f, v)
    };
    let generics = bound::with_field_predicates(cont, cont.generics, written, |b| b.to_json.as_ref());
    let to_json: syn::Path = syn::parse_quote!(#krate::json::ToJson);
    let generics = bound::with_bound(cont, &generics, plain, &to_json);
    let flatten_to_json: syn::Path = syn::parse_quote!(#krate::__private::FlattenToJson);
    bound::with_bound(
        cont,
        &generics,
        |f, v| written(f, v) && f.attrs.bound.to_json.is_none() && flattened(f, v),
        &flatten_to_json,
    )
}

struct Gen<'a> {
    cont: &'a Container<'a>,
    krate: &'a syn::Path,
}

impl Gen<'_> {
    /// Statements writing one field's value, given an expression `value` of type `&T`.
    fn value(&self, field: &Field, value: &TokenStream) -> TokenStream {
        let krate = self.krate;
        if let Some((with, _)) = &field.attrs.with {
            quote!(#with::to_json(#value, __w)?;)
        } else if field.attrs.base64.is_some() {
            quote!(#krate::__private::base64::to_json(#value, __w)?;)
        } else {
            quote!(#krate::json::ToJson::to_json(#value, __w)?;)
        }
    }

    /// Statements writing named fields as properties of an open object; `access(i, field)` is
    /// an expression of type `&T` for the field.
    fn named_fields(&self, fields: &[Field], access: impl Fn(usize, &Field) -> TokenStream) -> TokenStream {
        let krate = self.krate;
        let stmts = fields.iter().enumerate().filter(|(_, f)| f.is_serialized()).map(|(i, f)| {
            let value = access(i, f);
            if f.attrs.flatten.is_some() {
                let ty = f.ty;
                let write =
                    quote_spanned!(ty.span()=> <#ty as #krate::__private::FlattenToJson>::to_json_fields);
                return quote!(#write(#value, __w)?;);
            }
            let name = write_property_name(&f.attrs.name.name);
            let write = self.value(f, &value);
            match &f.attrs.skip_serializing_if {
                Some(predicate) => quote!(if !#predicate(#value) { #name #write }),
                None => quote!(#name #write),
            }
        });
        quote!(#(#stmts)*)
    }

    /// Statements writing tuple fields as an array.
    fn tuple_fields(&self, fields: &[Field], access: impl Fn(usize, &Field) -> TokenStream) -> TokenStream {
        let writes = fields
            .iter()
            .enumerate()
            .filter(|(_, f)| f.is_serialized())
            .map(|(i, f)| self.value(f, &access(i, f)));
        quote! {
            __w.begin_array()?;
            #(#writes)*
            __w.end_array()?;
        }
    }

    /// The properties of a struct with named fields (the `FlattenToJson` body), with the tag
    /// first under `#[jetwire(tag = "...")]`.
    fn struct_fields(&self, fields: &[Field]) -> TokenStream {
        let tag = match &self.cont.attrs.tag {
            Some((tag, _)) => {
                let name = write_property_name(tag);
                let value = &self.cont.attrs.name;
                quote!(#name __w.string(#value)?;)
            }
            None => TokenStream::new(),
        };
        let fields = self.named_fields(fields, |_, f| {
            let member = &f.member;
            quote!(&self.#member)
        });
        quote!(#tag #fields)
    }

    /// The body of `to_json` for a transparent, newtype, tuple or unit struct.
    fn struct_body(&self, fields: &[Field]) -> TokenStream {
        let access = |_: usize, f: &Field| {
            let member = &f.member;
            quote!(&self.#member)
        };
        let Data::Struct(style, _) = &self.cont.data else { unreachable!() };
        if self.cont.attrs.transparent.is_some() || *style == Style::Newtype {
            let field = fields.iter().find(|f| f.is_serialized()).expect("checked: one field");
            let write = self.value(field, &access(0, field));
            return quote!(#write ::core::result::Result::Ok(()));
        }
        match style {
            Style::Unit => quote!(__w.null()),
            _ => {
                let array = self.tuple_fields(fields, access);
                quote!(#array ::core::result::Result::Ok(()))
            }
        }
    }

    /// The body of `to_json` for an enum: a match on the variants.
    fn enum_body(&self, variants: &[Variant]) -> TokenStream {
        if variants.is_empty() {
            return quote!(match *self {});
        }
        let arms = variants.iter().map(|v| self.variant_arm(v));
        quote! {
            match self {
                #(#arms)*
            }
        }
    }

    fn variant_arm(&self, variant: &Variant) -> TokenStream {
        let krate = self.krate;
        let ident = &variant.ident;
        if variant.attrs.skip_serializing.is_some() {
            let enum_name = &self.cont.attrs.name;
            let name = ident.to_string();
            return quote! {
                Self::#ident { .. } => ::core::result::Result::Err(#krate::__private::skipped_variant(#enum_name, #name)),
            };
        }
        let binding = |i: usize| format_ident!("__f{}", i);
        let bindings = variant.fields.iter().enumerate().map(|(i, f)| {
            let member = &f.member;
            let b = binding(i);
            quote!(#member: #b)
        });
        let pattern = quote!(Self::#ident { #(#bindings,)* });
        let access = |i: usize, _: &Field| {
            let b = binding(i);
            quote!(#b)
        };
        let name = &variant.attrs.name.name;
        let payload = match variant.style {
            Style::Unit => quote!(__w.null()?;),
            Style::Newtype => self.value(&variant.fields[0], &access(0, &variant.fields[0])),
            Style::Tuple => self.tuple_fields(&variant.fields, access),
            Style::Struct => {
                let fields = self.named_fields(&variant.fields, access);
                quote!(__w.begin_object()?; #fields __w.end_object()?;)
            }
        };
        let body = match self.cont.tag_type() {
            TagType::External => match variant.style {
                Style::Unit => quote!(__w.string(#name)?;),
                _ => {
                    let key = write_property_name(name);
                    quote!(__w.begin_object()?; #key #payload __w.end_object()?;)
                }
            },
            TagType::Internal { tag } => {
                let tag = write_property_name(&tag);
                let rest = match variant.style {
                    Style::Unit => TokenStream::new(),
                    Style::Newtype => {
                        let value = access(0, &variant.fields[0]);
                        let ty = variant.fields[0].ty;
                        let write = quote_spanned!(ty.span()=> <#ty as #krate::__private::FlattenToJson>::to_json_fields);
                        quote!(#write(#value, __w)?;)
                    }
                    Style::Struct => self.named_fields(&variant.fields, access),
                    Style::Tuple => unreachable!("checked: no tuple variants in internally tagged enums"),
                };
                quote!(__w.begin_object()?; #tag __w.string(#name)?; #rest __w.end_object()?;)
            }
            TagType::Adjacent { tag, content } => {
                let tag = write_property_name(&tag);
                let content = match variant.style {
                    Style::Unit => TokenStream::new(),
                    _ => {
                        let key = write_property_name(&content);
                        quote!(#key #payload)
                    }
                };
                quote!(__w.begin_object()?; #tag __w.string(#name)?; #content __w.end_object()?;)
            }
            TagType::None => payload,
        };
        quote! {
            #pattern => {
                #body
                ::core::result::Result::Ok(())
            }
        }
    }
}
