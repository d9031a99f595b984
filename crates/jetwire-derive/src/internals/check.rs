//! Checks of attribute combinations that each parse fine alone but make no
//! sense together. Every problem is recorded in the [`Ctxt`] with the span of
//! the attribute or item at fault.

use std::collections::BTreeMap;

use proc_macro2::Span;
use syn::spanned::Spanned;

use super::Derive;
use super::ast::{Container, Data, Field, Style, Variant, lifetimes_in};
use super::ctxt::Ctxt;

/// Runs every check on `cont` for the trait being derived.
pub fn check(cx: &Ctxt, cont: &Container, derive: Derive) {
    if derive == Derive::From {
        check_de_lifetime(cx, cont);
    }
    check_tagging(cx, cont);
    check_transparent(cx, cont);
    check_container_default(cx, cont);
    check_variants(cx, cont);
    check_binary(cx, cont);
    for (variant, field) in cont.all_fields() {
        let style = match variant {
            Some(v) => v.style,
            None => match &cont.data {
                Data::Struct(style, _) => *style,
                Data::Enum(_) => unreachable!(),
            },
        };
        check_field(cx, field, style);
    }
    match &cont.data {
        Data::Struct(Style::Struct, fields) => {
            check_names(cx, fields, cont.attrs.tag.as_ref().map(|t| t.0.as_str()))
        }
        Data::Struct(..) => {}
        Data::Enum(variants) => {
            let tag = match (&cont.attrs.tag, &cont.attrs.content, cont.attrs.untagged) {
                (Some((tag, _)), None, None) => Some(tag.as_str()),
                _ => None,
            };
            for v in variants {
                if v.style == Style::Struct {
                    check_names(cx, &v.fields, tag);
                }
            }
        }
    }
}

/// `'de` is the lifetime of the FromJson impl.
fn check_de_lifetime(cx: &Ctxt, cont: &Container) {
    for lt in cont.generics.lifetimes() {
        if lt.lifetime.ident == "de" {
            cx.error_spanned_by(
                &lt.lifetime,
                "cannot derive FromJson for a type with a lifetime parameter named 'de, \
                 which the generated impl uses; rename it",
            );
        }
    }
}

fn check_tagging(cx: &Ctxt, cont: &Container) {
    let a = &cont.attrs;
    if let (Some((_, span)), None) = (&a.content, &a.tag) {
        cx.error_at(*span, "#[jetwire(content = \"...\")] requires #[jetwire(tag = \"...\")]");
    }
    if let (Some((tag, _)), Some((content, span))) = (&a.tag, &a.content) {
        if tag == content {
            cx.error_at(*span, "enum tag and content must have different names");
        }
    }
    if let Some(span) = a.untagged {
        if a.tag.is_some() {
            cx.error_at(span, "enum cannot be both untagged and tagged: remove `untagged` or `tag`");
        }
    }
    match &cont.data {
        Data::Enum(variants) => {
            if let (Some(_), None, None) = (&a.tag, &a.content, a.untagged) {
                for v in variants {
                    if v.style == Style::Tuple {
                        cx.error_spanned_by(
                            v.original,
                            "#[jetwire(tag = \"...\")] cannot be used with tuple variants: \
                             add `content = \"...\"` or use a struct variant",
                        );
                    }
                }
            }
        }
        Data::Struct(style, _) => {
            if let Some(span) = a.untagged {
                cx.error_at(span, "#[jetwire(untagged)] can only be used on enums");
            }
            if let Some((_, span)) = &a.content {
                cx.error_at(*span, "#[jetwire(content = \"...\")] can only be used on enums");
            } else if let Some((_, span)) = &a.tag {
                if *style != Style::Struct {
                    cx.error_at(
                        *span,
                        "#[jetwire(tag = \"...\")] can only be used on enums and on structs with named fields",
                    );
                }
            }
        }
    }
}

fn check_transparent(cx: &Ctxt, cont: &Container) {
    let Some(span) = cont.attrs.transparent else { return };
    let fields = match &cont.data {
        Data::Enum(_) => {
            cx.error_at(span, "#[jetwire(transparent)] is not allowed on an enum");
            return;
        }
        Data::Struct(_, fields) => fields,
    };
    let a = &cont.attrs;
    for (present, name) in [
        (a.tag.is_some(), "tag"),
        (a.deny_unknown_fields.is_some(), "deny_unknown_fields"),
        (a.default.0.is_some(), "default"),
    ] {
        if present {
            cx.error_at(
                span,
                format_args!("#[jetwire(transparent)] cannot be combined with #[jetwire({name})]"),
            );
        }
    }
    let transparent: Vec<&Field> =
        fields.iter().filter(|f| f.is_serialized() || f.is_deserialized()).collect();
    match transparent.as_slice() {
        [] => cx.error_at(span, "#[jetwire(transparent)] requires exactly one field that is not skipped"),
        [field] => {
            if !field.is_serialized() || !field.is_deserialized() {
                cx.error_spanned_by(
                    field.original,
                    "the field of a #[jetwire(transparent)] struct must be both written and read",
                );
            }
            if let Some(span) = field.attrs.flatten {
                cx.error_at(span, "#[jetwire(flatten)] is not allowed in a #[jetwire(transparent)] struct");
            }
        }
        [_, rest @ ..] => {
            for field in rest {
                cx.error_spanned_by(
                    field.original,
                    "#[jetwire(transparent)] requires exactly one field that is not skipped; skip this one",
                );
            }
        }
    }
}

fn check_container_default(cx: &Ctxt, cont: &Container) {
    let (default, span) = &cont.attrs.default;
    if !default.is_some() {
        return;
    }
    match &cont.data {
        Data::Struct(Style::Struct, _) => {}
        _ => cx.error_at(
            *span,
            "#[jetwire(default)] on a container can only be used on structs with named fields",
        ),
    }
}

fn check_variants(cx: &Ctxt, cont: &Container) {
    let Data::Enum(variants) = &cont.data else { return };
    let mut other: Option<&Variant> = None;
    for v in variants {
        let Some(span) = v.attrs.other else { continue };
        if v.style != Style::Unit {
            cx.error_at(span, "#[jetwire(other)] must be on a unit variant");
        }
        if cont.attrs.untagged.is_some() {
            cx.error_at(span, "#[jetwire(other)] cannot appear on untagged enums");
        }
        if other.is_some() {
            cx.error_at(span, "#[jetwire(other)] can appear on only one variant");
        }
        other = Some(v);
    }
    let mut seen: BTreeMap<&str, &syn::Ident> = BTreeMap::new();
    for v in variants.iter().filter(|v| v.attrs.skip_deserializing.is_none()) {
        for name in v.attrs.name.all() {
            if let Some(first) = seen.insert(name, &v.ident) {
                cx.error_spanned_by(
                    &v.ident,
                    format_args!("variant name {name:?} is already used by variant `{first}`"),
                );
            }
        }
    }
}

/// The binary format's container attributes, `versioned`, `plain` and `columnar`.
fn check_binary(cx: &Ctxt, cont: &Container) {
    let a = &cont.attrs;
    let fields = match &cont.data {
        Data::Struct(_, fields) => fields,
        Data::Enum(_) => {
            for (span, name) in [(a.versioned, "versioned"), (a.plain, "plain"), (a.columnar, "columnar")] {
                if let Some(span) = span {
                    cx.error_at(span, format_args!("#[jetwire({name})] can only be used on structs"));
                }
            }
            return;
        }
    };
    if let Some(span) = a.columnar {
        // A plain struct's sequences are their memory, and a versioned struct's length frame
        // belongs to one value: neither has columns.
        for (other, name) in [(a.versioned, "versioned"), (a.plain, "plain")] {
            if other.is_some() {
                cx.error_at(
                    span,
                    format_args!("#[jetwire(columnar)] cannot be combined with #[jetwire({name})]"),
                );
            }
        }
        if fields.is_empty() {
            cx.error_at(span, "#[jetwire(columnar)] needs at least one field");
        }
    }
    let Some(span) = a.plain else { return };
    if a.versioned.is_some() {
        cx.error_at(span, "#[jetwire(plain)] cannot be combined with #[jetwire(versioned)]");
    }
    if fields.is_empty() {
        cx.error_at(span, "#[jetwire(plain)] needs at least one field");
    }
    for field in fields {
        let skipped = field.attrs.skip_serializing.is_some() || field.attrs.skip_deserializing.is_some();
        if skipped || field.attrs.with.is_some() {
            cx.error_spanned_by(
                field.original,
                "the fields of a #[jetwire(plain)] struct are its memory: they cannot be skipped or use `with`",
            );
        }
    }
}

fn check_field(cx: &Ctxt, field: &Field, style: Style) {
    let a = &field.attrs;
    if let Some(span) = a.flatten {
        if style != Style::Struct {
            cx.error_at(span, "#[jetwire(flatten)] can only be used on named fields");
        }
        let conflicts: [(bool, &str); 7] = [
            (a.skip_serializing.is_some() || a.skip_deserializing.is_some(), "skip"),
            (a.with.is_some(), "with"),
            (a.base64.is_some(), "base64"),
            (a.default.0.is_some(), "default"),
            (a.name.renamed, "rename"),
            (!a.name.aliases.is_empty(), "alias"),
            (a.skip_serializing_if.is_some(), "skip_serializing_if"),
        ];
        for (present, name) in conflicts {
            if present {
                cx.error_at(
                    span,
                    format_args!("#[jetwire(flatten)] cannot be combined with #[jetwire({name})]"),
                );
            }
        }
    }
    if let Some(span) = a.complete {
        if style != Style::Struct {
            cx.error_at(span, "#[jetwire(complete)] can only be used on named fields");
        } else if a.flatten.is_some() {
            cx.error_at(span, "#[jetwire(complete)] cannot be combined with #[jetwire(flatten)]: its fields are read one by one");
        } else if a.skip_deserializing.is_some() {
            cx.error_at(span, "#[jetwire(complete)] has no effect on a field that is not read");
        }
    }
    if let (Some(span), Some(_)) = (a.base64, &a.with) {
        cx.error_at(span, "#[jetwire(base64)] cannot be combined with #[jetwire(with = \"...\")]");
    }
    if style != Style::Struct && a.skip_serializing_if.is_some() {
        cx.error_spanned_by(
            field.original,
            "#[jetwire(skip_serializing_if = \"...\")] can only be used on named fields: \
             tuple elements are positional",
        );
    }
    if let Some(borrow) = &a.borrow {
        check_borrow(cx, field, borrow.span, borrow.lifetimes.as_deref());
    }
}

fn check_borrow(cx: &Ctxt, field: &Field, span: Span, named: Option<&[syn::Lifetime]>) {
    let in_type = lifetimes_in(field.ty);
    if in_type.is_empty() {
        cx.error_at(span, "#[jetwire(borrow)] on a field whose type has no lifetime to borrow");
        return;
    }
    for (i, lt) in named.unwrap_or_default().iter().enumerate() {
        if !in_type.contains(lt) {
            cx.error_spanned_by(lt, format_args!("field type has no lifetime {lt} to borrow"));
        } else if named.unwrap_or_default()[..i].contains(lt) {
            cx.error_spanned_by(lt, format_args!("duplicate borrowed lifetime {lt}"));
        }
    }
}

/// Two fields (or a field and an enum tag) may not share a name on the wire.
fn check_names(cx: &Ctxt, fields: &[Field], tag: Option<&str>) {
    let mut seen: BTreeMap<&str, String> = BTreeMap::new();
    if let Some(tag) = tag {
        seen.insert(tag, "the tag".to_owned());
    }
    for f in fields.iter().filter(|f| f.is_deserialized() && f.attrs.flatten.is_none()) {
        for name in f.attrs.name.all() {
            let this = match &f.member {
                syn::Member::Named(ident) => format!("field `{ident}`"),
                syn::Member::Unnamed(i) => format!("field {}", i.index),
            };
            if let Some(first) = seen.insert(name, this) {
                let span = f.member.span();
                cx.error_at(span, format_args!("name {name:?} is already used by {first}"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::internals::{Derive, parse};

    /// The messages of every error `src` gets when deriving `derive`.
    fn errors(src: &str, derive: Derive) -> Vec<String> {
        let input: syn::DeriveInput = syn::parse_str(src).unwrap();
        match parse(&input, derive) {
            Ok(_) => Vec::new(),
            Err(err) => err.into_iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn valid_inputs_have_no_errors() {
        for src in [
            "#[jetwire(tag = \"t\")] enum E { A { x: u8 }, B(Inner), C }",
            "#[jetwire(tag = \"t\", content = \"c\")] enum E { A(u8, u8), B }",
            "#[jetwire(untagged)] enum E { A(u8), B { x: u8 } }",
            "#[jetwire(transparent)] struct S { a: u8, #[jetwire(skip)] b: u8 }",
            "#[jetwire(tag = \"t\")] struct S { a: u8 }",
            "#[jetwire(default)] struct S { a: u8 }",
            "struct S<'a> { #[jetwire(borrow = \"'a\")] a: &'a str, #[jetwire(flatten)] b: Inner }",
            "enum E { #[jetwire(other)] Unknown }",
        ] {
            assert_eq!(errors(src, Derive::From), Vec::<String>::new(), "{src}");
        }
    }

    #[test]
    fn every_mistake_is_reported() {
        let errs = errors(
            "#[jetwire(content = \"c\", transparent)]
             enum E<'de> {
                 #[jetwire(other)] A(u8),
                 #[jetwire(other)] B,
                 C { #[jetwire(flatten, skip)] x: u8, #[jetwire(borrow)] y: String, #[jetwire(rename = \"z\")] z1: u8, z: u8 },
             }",
            Derive::From,
        );
        let expected = [
            "cannot derive FromJson for a type with a lifetime parameter named 'de",
            "#[jetwire(content = \"...\")] requires #[jetwire(tag = \"...\")]",
            "#[jetwire(transparent)] is not allowed on an enum",
            "#[jetwire(other)] must be on a unit variant",
            "#[jetwire(other)] can appear on only one variant",
            "#[jetwire(flatten)] cannot be combined with #[jetwire(skip)]",
            "#[jetwire(borrow)] on a field whose type has no lifetime to borrow",
            "name \"z\" is already used by field `z1`",
        ];
        assert_eq!(errs.len(), expected.len(), "{errs:#?}");
        for (err, expected) in errs.iter().zip(expected) {
            assert!(err.starts_with(expected), "{err:?} should start with {expected:?}");
        }
        // The 'de check matters to FromJson only.
        assert_eq!(errors("struct S<'de> { a: &'de str }", Derive::To), Vec::<String>::new());
    }

    #[test]
    fn struct_only_and_enum_only_attributes() {
        let errs = errors("#[jetwire(tag = \"t\")] struct S(u8, u8);", Derive::To);
        assert_eq!(
            errs,
            ["#[jetwire(tag = \"...\")] can only be used on enums and on structs with named fields"]
        );
        let errs = errors("#[jetwire(default)] enum E { A }", Derive::From);
        assert_eq!(
            errs,
            ["#[jetwire(default)] on a container can only be used on structs with named fields"]
        );
        let errs = errors("#[jetwire(tag = \"t\")] enum E { A(u8, u8) }", Derive::To);
        assert!(
            errs[0].starts_with("#[jetwire(tag = \"...\")] cannot be used with tuple variants"),
            "{errs:?}"
        );
        let errs = errors("#[jetwire(transparent)] struct S { a: u8, b: u8 }", Derive::To);
        assert!(errs[0].starts_with("#[jetwire(transparent)] requires exactly one field"), "{errs:?}");
    }
}
