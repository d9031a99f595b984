//! The internal model of a derive input: the type's shape with the parsed
//! attributes of the container, each variant and each field. Every format's
//! generator works from this model.

use std::collections::BTreeSet;

use syn::visit::Visit;

use super::attr;
use super::ctxt::Ctxt;

/// A struct or enum with its attributes.
pub struct Container<'a> {
    /// The type's name.
    pub ident: syn::Ident,
    /// Container attributes, with `rename_all` already applied to fields or variants.
    pub attrs: attr::Container,
    /// Fields or variants.
    pub data: Data<'a>,
    /// The type's generics as written.
    pub generics: &'a syn::Generics,
}

/// The body of a container.
pub enum Data<'a> {
    /// An enum's variants.
    Enum(Vec<Variant<'a>>),
    /// A struct's shape and fields.
    Struct(Style, Vec<Field<'a>>),
}

/// One enum variant.
pub struct Variant<'a> {
    /// The variant's name.
    pub ident: syn::Ident,
    /// Variant attributes.
    pub attrs: attr::Variant,
    /// The variant's shape.
    pub style: Style,
    /// Its fields.
    pub fields: Vec<Field<'a>>,
    /// The parsed variant.
    pub original: &'a syn::Variant,
}

/// One field of a struct or variant.
pub struct Field<'a> {
    /// `self.<member>`: a name or an index.
    pub member: syn::Member,
    /// Field attributes.
    pub attrs: attr::Field,
    /// The field's type.
    pub ty: &'a syn::Type,
    /// The parsed field.
    pub original: &'a syn::Field,
}

/// The shape of a struct or variant.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Style {
    /// `{ a: A, b: B }`
    Struct,
    /// `(A, B)`, or `(A)` with no field or more than one read or written.
    Tuple,
    /// `(A)`: one field, written as itself.
    Newtype,
    /// No fields.
    Unit,
}

/// How an enum is represented in JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TagType {
    /// `{"Variant": payload}` or `"Variant"`.
    External,
    /// `{"tag": "Variant", ...fields}`.
    Internal {
        /// The tag's key.
        tag: String,
    },
    /// `{"tag": "Variant", "content": payload}`.
    Adjacent {
        /// The tag's key.
        tag: String,
        /// The payload's key.
        content: String,
    },
    /// The payload alone.
    None,
}

impl<'a> Container<'a> {
    /// Builds the model of `input`, recording every attribute error in `cx`.
    /// Returns `None` for input that cannot be modeled at all (unions).
    pub fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Container<'a>> {
        let attrs = attr::Container::from_ast(cx, input);
        let serde = attr::SerdeAttrs::below(attr::SerdeAttrs::Read, &input.attrs);
        let mut data = match &input.data {
            syn::Data::Enum(data) => Data::Enum(enum_from_ast(cx, &data.variants, serde)),
            syn::Data::Struct(data) => {
                let (style, fields) = struct_from_ast(cx, &data.fields, serde);
                Data::Struct(style, fields)
            }
            syn::Data::Union(_) => {
                cx.error_spanned_by(input, "jetwire does not support derive for unions");
                return None;
            }
        };
        if let Some(rule) = attrs.rename_all {
            match &mut data {
                Data::Enum(variants) => {
                    for v in variants {
                        if !v.attrs.name.renamed {
                            v.attrs.name.name = rule.apply_to_variant(&v.attrs.name.name);
                        }
                    }
                }
                Data::Struct(Style::Struct, fields) => rename_fields(fields, rule),
                Data::Struct(..) => {}
            }
        }
        if let Data::Enum(variants) = &mut data {
            for v in variants {
                if let (Some(rule), Style::Struct) = (v.attrs.rename_all, v.style) {
                    rename_fields(&mut v.fields, rule);
                }
            }
        }
        Some(Container { ident: input.ident.clone(), attrs, data, generics: &input.generics })
    }

    /// The enum representation chosen by `tag`, `content` and `untagged`.
    pub fn tag_type(&self) -> TagType {
        let a = &self.attrs;
        match (&a.tag, &a.content, a.untagged) {
            (_, _, Some(_)) => TagType::None,
            (Some((tag, _)), Some((content, _)), None) => {
                TagType::Adjacent { tag: tag.clone(), content: content.clone() }
            }
            (Some((tag, _)), None, None) => TagType::Internal { tag: tag.clone() },
            (None, _, None) => TagType::External,
        }
    }

    /// The `crate = "..."` path, or `::jetwire`.
    pub fn krate(&self) -> syn::Path {
        self.attrs.krate.clone().unwrap_or_else(|| syn::parse_quote!(::jetwire))
    }

    /// Every field of the container, across all variants.
    pub fn all_fields(&self) -> Box<dyn Iterator<Item = (Option<&Variant<'a>>, &Field<'a>)> + '_> {
        match &self.data {
            Data::Struct(_, fields) => Box::new(fields.iter().map(|f| (None, f))),
            Data::Enum(variants) => {
                Box::new(variants.iter().flat_map(|v| v.fields.iter().map(move |f| (Some(v), f))))
            }
        }
    }
}

impl Field<'_> {
    /// True when the field is written by ToJson.
    pub fn is_serialized(&self) -> bool {
        self.attrs.skip_serializing.is_none()
    }

    /// True when the field is read by FromJson.
    pub fn is_deserialized(&self) -> bool {
        self.attrs.skip_deserializing.is_none()
    }
}

fn rename_fields(fields: &mut [Field], rule: super::case::RenameRule) {
    for f in fields {
        if !f.attrs.name.renamed {
            f.attrs.name.name = rule.apply_to_field(&f.attrs.name.name);
        }
    }
}

fn enum_from_ast<'a>(
    cx: &Ctxt,
    variants: &'a syn::punctuated::Punctuated<syn::Variant, syn::Token![,]>,
    serde: attr::SerdeAttrs,
) -> Vec<Variant<'a>> {
    variants
        .iter()
        .map(|variant| {
            let attrs = attr::Variant::from_ast(cx, variant, serde);
            let serde = attr::SerdeAttrs::below(serde, &variant.attrs);
            let (style, fields) = struct_from_ast(cx, &variant.fields, serde);
            Variant { ident: variant.ident.clone(), attrs, style, fields, original: variant }
        })
        .collect()
}

fn struct_from_ast<'a>(
    cx: &Ctxt,
    fields: &'a syn::Fields,
    serde: attr::SerdeAttrs,
) -> (Style, Vec<Field<'a>>) {
    let list: Vec<Field> = fields
        .iter()
        .enumerate()
        .map(|(i, field)| Field {
            member: match &field.ident {
                Some(ident) => syn::Member::Named(ident.clone()),
                None => syn::Member::Unnamed(i.into()),
            },
            attrs: attr::Field::from_ast(cx, i, field, serde),
            ty: &field.ty,
            original: field,
        })
        .collect();
    let style = match fields {
        syn::Fields::Named(_) => Style::Struct,
        syn::Fields::Unit => Style::Unit,
        syn::Fields::Unnamed(_)
            if list.len() == 1 && list[0].is_serialized() && list[0].is_deserialized() =>
        {
            Style::Newtype
        }
        syn::Fields::Unnamed(_) => Style::Tuple,
    };
    (style, list)
}

/// The lifetimes that appear in `ty`, such as `'a` in `Cow<'a, str>`.
pub fn lifetimes_in(ty: &syn::Type) -> BTreeSet<syn::Lifetime> {
    struct Lifetimes(BTreeSet<syn::Lifetime>);
    impl<'ast> Visit<'ast> for Lifetimes {
        fn visit_lifetime(&mut self, lt: &'ast syn::Lifetime) {
            if lt.ident != "_" {
                self.0.insert(lt.clone());
            }
        }
        fn visit_macro(&mut self, _: &'ast syn::Macro) {}
    }
    let mut found = Lifetimes(BTreeSet::new());
    found.visit_type(ty);
    found.0
}
