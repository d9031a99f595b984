//! Reading enums in the four representations: externally tagged (default),
//! internally tagged (`tag`), adjacently tagged (`tag` + `content`) and
//! untagged.
//!
//! Internally tagged and untagged enums capture the value's raw bytes first
//! (`Reader::raw_value`) and read them again through sub-readers, which keep
//! borrowing from the input and position errors in it.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::Gen;
use crate::internals::ast::{Style, TagType, Variant};
use crate::json::names;

/// The body of `from_json` for an enum.
pub fn body(g: &Gen, variants: &[Variant]) -> TokenStream {
    match g.cont.tag_type() {
        TagType::External => external(g, variants),
        TagType::Internal { tag } => internal(g, variants, &tag),
        TagType::Adjacent { tag, content } => adjacent(g, variants, &tag, &content),
        TagType::None => untagged(g, variants),
    }
}

/// The variants that can be read, with their indices.
fn readable<'a, 'v>(variants: &'a [Variant<'v>]) -> impl Iterator<Item = (usize, &'a Variant<'v>)> {
    variants.iter().enumerate().filter(|(_, v)| v.attrs.skip_deserializing.is_none())
}

/// `fn __variant_index(&[u8]) -> usize` and `const __VARIANTS: &[&::core::primitive::str]`.
fn variant_index(variants: &[Variant]) -> TokenStream {
    let function = names::index_fn(
        &format_ident!("__variant_index"),
        readable(variants).map(|(i, v)| (i, v.attrs.name.all().collect())),
    );
    let names = readable(variants).map(|(_, v)| &v.attrs.name.name);
    quote! {
        #function
        const __VARIANTS: &[&::core::primitive::str] = &[#(#names),*];
    }
}

/// The index of the `other` variant.
fn other(variants: &[Variant]) -> Option<usize> {
    readable(variants).find(|(_, v)| v.attrs.other.is_some()).map(|(i, _)| i)
}

/// An expression of type `Result<Self>` reading `variant`'s payload from `__r`: `null`, the
/// newtype's value, an array or an object.
fn payload(g: &Gen, variant: &Variant) -> TokenStream {
    let ident = &variant.ident;
    match variant.style {
        Style::Unit => quote! {{
            __r.read_null()?;
            ::core::result::Result::Ok(Self::#ident {})
        }},
        Style::Newtype => {
            let read = super::fields::read_value(&variant.fields[0], g.krate);
            quote!(::core::result::Result::Ok(Self::#ident { 0: #read? }))
        }
        Style::Tuple => g.tuple(&variant.fields, quote!(Self::#ident), "an array of"),
        Style::Struct => {
            let named = g.named_inline(&variant.fields, quote!(Self::#ident), None);
            quote! {{
                __r.begin_object()?;
                #named
            }}
        }
    }
}

/// `payload` as a call of a closure, so that errors inside can be given a path.
fn payload_call(g: &Gen, variant: &Variant) -> TokenStream {
    let krate = g.krate;
    let payload = payload(g, variant);
    quote! {
        (|__r: &mut #krate::json::Reader<'de>| -> #krate::json::Result<Self> { #payload })(__r)
    }
}

/// `"Variant"` for unit variants, `{"Variant": payload}` for all.
fn external(g: &Gen, variants: &[Variant]) -> TokenStream {
    let krate = g.krate;
    let enum_name = &g.cont.attrs.name;
    let index = variant_index(variants);
    let other = other(variants);

    let string_arms = readable(variants).map(|(i, v)| {
        let ident = &v.ident;
        if v.style == Style::Unit {
            quote!(#i => ::core::result::Result::Ok(Self::#ident {}),)
        } else {
            let name = &v.attrs.name.name;
            quote!(#i => ::core::result::Result::Err(#krate::__private::expected_payload(__r, #enum_name, #name)),)
        }
    });
    let unknown_string = match other {
        Some(i) => {
            let ident = &variants[i].ident;
            quote!(::core::result::Result::Ok(Self::#ident {}))
        }
        None => quote!(::core::result::Result::Err(__r.unknown_variant(&__name, __VARIANTS))),
    };

    let object_arms = readable(variants).map(|(i, v)| {
        let call = payload_call(g, v);
        quote! {
            #i => match #call {
                ::core::result::Result::Ok(__v) => __v,
                ::core::result::Result::Err(__e) => {
                    return ::core::result::Result::Err(#krate::__private::field_error(__e, __key));
                }
            },
        }
    });
    let unknown_key = match other {
        Some(i) => {
            let ident = &variants[i].ident;
            quote!({ __r.skip_value()?; Self::#ident {} })
        }
        None => quote!(return ::core::result::Result::Err(__r.unknown_variant(&__key.decoded(), __VARIANTS))),
    };
    let key_index = names::index_of_key(&format_ident!("__variant_index"), quote!(__key));

    quote! {
        #index
        if let #krate::json::TokenKind::String = __r.peek()? {
            let __name = __r.read_str()?;
            return match __variant_index(__name.as_bytes()) {
                #(#string_arms)*
                _ => #unknown_string,
            };
        }
        if __r.peek()? != #krate::json::TokenKind::BeginObject {
            return ::core::result::Result::Err(#krate::__private::expected_enum(__r, #enum_name));
        }
        __r.begin_object()?;
        let __key = match __r.next_key()? {
            ::core::option::Option::Some(__key) => __key,
            ::core::option::Option::None => {
                return ::core::result::Result::Err(#krate::__private::expected_single_key(__r, #enum_name));
            }
        };
        let __key = &__key;
        let __value = match #key_index {
            #(#object_arms)*
            _ => #unknown_key,
        };
        if __r.next_key()?.is_some() {
            return ::core::result::Result::Err(#krate::__private::expected_single_key(__r, #enum_name));
        }
        ::core::result::Result::Ok(__value)
    }
}

/// Reads the tag's value (at `__r`) into a variant index; unknown names go to the `other`
/// variant or fail. Errors return with the tag in their path.
fn read_tag(g: &Gen, variants: &[Variant], tag: &str) -> TokenStream {
    let krate = g.krate;
    let unknown = match other(variants) {
        Some(i) => quote!(#i),
        None => quote! {
            return ::core::result::Result::Err(
                __r.unknown_variant(&__name, __VARIANTS).prepend_key(#tag),
            )
        },
    };
    quote! {{
        let __name = match __r.read_str() {
            ::core::result::Result::Ok(__name) => __name,
            ::core::result::Result::Err(__e) => {
                return ::core::result::Result::Err(#krate::__private::field_error(__e, __key));
            }
        };
        match __variant_index(__name.as_bytes()) {
            ::core::primitive::usize::MAX => #unknown,
            __i => __i,
        }
    }}
}

/// `{"tag": "Variant", ...fields}`: the tag is looked for first (usually the first property,
/// read once); the variant's fields are then read from the same object, the tag skipped. A
/// second tag property is a duplicate field, as it is for serde.
fn internal(g: &Gen, variants: &[Variant], tag: &str) -> TokenStream {
    let krate = g.krate;
    let index = variant_index(variants);
    let tag_fn = names::index_fn(&format_ident!("__tag_index"), [(0usize, vec![tag])]);
    let is_tag = names::index_of_key(&format_ident!("__tag_index"), quote!(__key));
    let read_tag = read_tag(g, variants, tag);
    let unknown = g.unknown_field(&[tag]);
    // The tag once more, after it was read to choose the variant: skipped the first time the
    // variant's arm meets it (when the object is read again from its start), else a duplicate.
    let take_tag = quote! {
        if __tag_seen {
            return ::core::result::Result::Err(__r.duplicate_field(#tag));
        }
        __tag_seen = true;
        __r.skip_value()?;
    };

    let arms = readable(variants).map(|(i, v)| {
        let ident = &v.ident;
        let body = match v.style {
            Style::Unit => quote! {{
                while let ::core::option::Option::Some(__key) = __r.next_key()? {
                    let __key = &__key;
                    if #is_tag == 0 {
                        #take_tag
                    } else {
                        #unknown
                    }
                }
                ::core::result::Result::Ok(Self::#ident {})
            }},
            Style::Newtype => {
                let ty = v.fields[0].ty;
                let flatten = quote!(<#ty as #krate::__private::FlattenFromJson<'de>>);
                quote! {{
                    let mut __state = #flatten::state();
                    while let ::core::option::Option::Some(__key) = __r.next_key()? {
                        let __key = &__key;
                        if #is_tag == 0 {
                            #take_tag
                        } else if !#flatten::accept(&mut __state, __key, __r)? {
                            #unknown
                        }
                    }
                    ::core::result::Result::Ok(Self::#ident { 0: #flatten::finish(__state, __r)? })
                }}
            }
            Style::Struct => g.named_inline(&v.fields, quote!(Self::#ident), Some(tag)),
            Style::Tuple => unreachable!("checked: no tuple variants in internally tagged enums"),
        };
        quote!(#i => #body,)
    });

    quote! {
        #index
        #tag_fn
        let __raw = __r.raw_value()?;
        let mut __sub = __r.sub_reader(__raw);
        let __r = &mut __sub;
        __r.begin_object()?;
        let mut __tag_first = true;
        let __variant: ::core::primitive::usize = loop {
            match __r.next_key()? {
                ::core::option::Option::Some(__key) => {
                    let __key = &__key;
                    if #is_tag == 0 {
                        break #read_tag;
                    }
                    __tag_first = false;
                    __r.skip_value()?;
                }
                ::core::option::Option::None => {
                    return ::core::result::Result::Err(__r.missing_field(#tag));
                }
            }
        };
        let mut __again;
        let __r = if __tag_first {
            __r
        } else {
            // The tag came after other properties: read the object again from its start.
            __again = __r.sub_reader(__raw);
            __again.begin_object()?;
            &mut __again
        };
        #[allow(unused_mut, unused_assignments)]
        let mut __tag_seen = __tag_first;
        let _ = __tag_seen;
        match __variant {
            #(#arms)*
            _ => ::core::result::Result::Err(__r.data_error("unreachable variant index")),
        }
    }
}

/// `{"tag": "Variant", "content": payload}`, in either order (content before the tag is
/// captured raw and read once the tag is known).
fn adjacent(g: &Gen, variants: &[Variant], tag: &str, content: &str) -> TokenStream {
    let krate = g.krate;
    let index = variant_index(variants);
    let key_fn =
        names::index_fn(&format_ident!("__key_index"), [(0usize, vec![tag]), (1usize, vec![content])]);
    let key_index = names::index_of_key(&format_ident!("__key_index"), quote!(__key));
    let read_tag = read_tag(g, variants, tag);
    let unknown = g.unknown_field(&[tag, content]);
    let other = other(variants);

    let payload_arms = readable(variants).map(|(i, v)| {
        let body = if Some(i) == other {
            let ident = &v.ident;
            quote!({ __r.skip_value()?; ::core::result::Result::Ok(Self::#ident {}) })
        } else {
            payload(g, v)
        };
        quote!(#i => #body,)
    });
    // Without content, a unit variant is itself, and a newtype variant holds its type's absent
    // value if it has one (`None` for an `Option`), as a missing field of a struct does.
    let no_content_arms = readable(variants).filter_map(|(i, v)| {
        let ident = &v.ident;
        match v.style {
            Style::Unit => Some(quote!(#i => ::core::result::Result::Ok(Self::#ident {}),)),
            Style::Newtype if v.fields[0].attrs.with.is_none() => {
                let ty = v.fields[0].ty;
                Some(quote! {
                    #i => match <#ty as #krate::json::FromJson<'de>>::absent() {
                        ::core::option::Option::Some(__absent) => ::core::result::Result::Ok(Self::#ident(__absent)),
                        ::core::option::Option::None => ::core::result::Result::Err(__r.missing_field(#content)),
                    },
                })
            }
            _ => None,
        }
    });

    quote! {
        #index
        #key_fn
        let __payload = |__variant: ::core::primitive::usize, __r: &mut #krate::json::Reader<'de>| -> #krate::json::Result<Self> {
            match __variant {
                #(#payload_arms)*
                _ => ::core::result::Result::Err(__r.data_error("unreachable variant index")),
            }
        };
        __r.begin_object()?;
        let mut __variant: ::core::option::Option<::core::primitive::usize> = ::core::option::Option::None;
        let mut __content: ::core::option::Option<&'de [::core::primitive::u8]> = ::core::option::Option::None;
        let mut __value: ::core::option::Option<Self> = ::core::option::Option::None;
        while let ::core::option::Option::Some(__key) = __r.next_key()? {
            let __key = &__key;
            match #key_index {
                0 => {
                    if __variant.is_some() {
                        return ::core::result::Result::Err(__r.duplicate_field(#tag));
                    }
                    __variant = ::core::option::Option::Some(#read_tag);
                }
                1 => {
                    if __value.is_some() || __content.is_some() {
                        return ::core::result::Result::Err(__r.duplicate_field(#content));
                    }
                    match __variant {
                        ::core::option::Option::Some(__v) => {
                            __value = ::core::option::Option::Some(match __payload(__v, __r) {
                                ::core::result::Result::Ok(__v) => __v,
                                ::core::result::Result::Err(__e) => {
                                    return ::core::result::Result::Err(#krate::__private::field_error(__e, __key));
                                }
                            });
                        }
                        ::core::option::Option::None => {
                            __content = ::core::option::Option::Some(__r.raw_value()?);
                        }
                    }
                }
                _ => { #unknown }
            }
        }
        let __v = match __variant {
            ::core::option::Option::Some(__v) => __v,
            ::core::option::Option::None => return ::core::result::Result::Err(__r.missing_field(#tag)),
        };
        if let ::core::option::Option::Some(__value) = __value {
            return ::core::result::Result::Ok(__value);
        }
        match __content {
            ::core::option::Option::Some(__raw) => {
                let mut __sub = __r.sub_reader(__raw);
                __payload(__v, &mut __sub).map_err(|__e| __e.prepend_key(#content))
            }
            ::core::option::Option::None => match __v {
                #(#no_content_arms)*
                _ => ::core::result::Result::Err(__r.missing_field(#content)),
            },
        }
    }
}

/// The first variant that reads the value wins; variants whose shape cannot match the value's
/// first token (a unit variant and `{`, say) are not tried.
fn untagged(g: &Gen, variants: &[Variant]) -> TokenStream {
    let krate = g.krate;
    let enum_name = &g.cont.attrs.name;
    let kind = quote!(#krate::json::TokenKind);
    let attempts = readable(variants).map(|(_, v)| {
        let call = payload_call(g, v);
        let possible = match v.style {
            Style::Unit => quote!(::core::matches!(__kind, #kind::Null)),
            Style::Tuple => quote!(::core::matches!(__kind, #kind::BeginArray)),
            Style::Struct => quote!(::core::matches!(__kind, #kind::BeginObject)),
            Style::Newtype => quote!(true),
        };
        quote! {
            if #possible {
                let mut __sub = __r.sub_reader(__raw);
                let __r = &mut __sub;
                if let ::core::result::Result::Ok(__v) = #call {
                    return ::core::result::Result::Ok(__v);
                }
            }
        }
    });
    quote! {
        let __kind = __r.peek()?;
        let __raw = __r.raw_value()?;
        #(#attempts)*
        ::core::result::Result::Err(#krate::__private::untagged_mismatch(&__r.sub_reader(__raw), #enum_name))
    }
}
