//! Parsing of `#[jetwire(...)]` attributes on containers, variants and fields, and of the
//! `#[serde(...)]` attributes beside them.
//!
//! serde's attributes are read after jetwire's, with the same meanings, for whatever jetwire's
//! have not set, so that adding jetwire's derives to a serde type is the whole migration. A
//! serde attribute that jetwire cannot honor (`with`, `from`, `remote`, ...) is an error that
//! says what to write instead, unless a jetwire attribute takes its place; serde's `bound` and
//! `crate` concern serde's traits and are passed over. `#[jetwire(ignore_serde)]` on a
//! container, variant or field reads no serde attribute there.
//!
//! Every malformed or unknown attribute is recorded in the [`Ctxt`] and parsing
//! goes on with the next one, so that all mistakes are reported together.
//! Combinations of attributes are validated later, in `check.rs`.

use proc_macro2::{Span, TokenStream};
use syn::meta::ParseNestedMeta;
use syn::parse::{Parse, ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::{Ident, LitStr, Token};

use super::case::RenameRule;
use super::ctxt::Ctxt;

/// The attribute name the derive reads: `#[jetwire(...)]`.
pub const ATTR: &str = "jetwire";

/// serde's attribute, read where jetwire's leaves a setting open.
const SERDE: &str = "serde";

/// Whether the `#[serde(...)]` attributes of an item are read: not when it, or the container
/// or variant it belongs to, says `#[jetwire(ignore_serde)]`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum SerdeAttrs {
    /// Read them.
    Read,
    /// Leave them out.
    Ignore,
}

impl SerdeAttrs {
    /// What holds for the items inside one whose own attributes are `attrs`, when `outer`
    /// holds for it.
    pub fn below(outer: SerdeAttrs, attrs: &[syn::Attribute]) -> SerdeAttrs {
        if outer == SerdeAttrs::Ignore || ignores_serde(attrs) {
            SerdeAttrs::Ignore
        } else {
            SerdeAttrs::Read
        }
    }
}

/// Which attribute a setting was written in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Origin {
    Jetwire,
    Serde,
}

/// One attribute value, which may be set once.
struct Attr<'c, T> {
    cx: &'c Ctxt,
    name: &'static str,
    value: Option<(T, Span)>,
}

impl<'c, T> Attr<'c, T> {
    fn none(cx: &'c Ctxt, name: &'static str) -> Self {
        Attr { cx, name, value: None }
    }

    fn set(&mut self, span: Span, value: T) {
        self.set_from(Origin::Jetwire, span, value);
    }

    /// Sets the value from a jetwire attribute (twice is an error), or from a serde attribute
    /// when no jetwire attribute has set it (serde's derive reports serde's own repeats).
    fn set_from(&mut self, origin: Origin, span: Span, value: T) {
        match (&self.value, origin) {
            (None, _) => self.value = Some((value, span)),
            (Some(_), Origin::Jetwire) => {
                self.cx.error_at(span, format_args!("duplicate jetwire attribute `{}`", self.name))
            }
            (Some(_), Origin::Serde) => {}
        }
    }

    fn get(self) -> Option<T> {
        self.value.map(|(v, _)| v)
    }

    fn get_spanned(self) -> Option<(T, Span)> {
        self.value
    }
}

/// A flag attribute such as `untagged`: its span when present.
struct Flag<'c>(Attr<'c, ()>);

impl<'c> Flag<'c> {
    fn none(cx: &'c Ctxt, name: &'static str) -> Self {
        Flag(Attr::none(cx, name))
    }

    fn set_from(&mut self, origin: Origin, span: Span) {
        self.0.set_from(origin, span, ());
    }

    fn get(self) -> Option<Span> {
        self.0.value.map(|(_, span)| span)
    }
}

/// What fills in a field that is missing from the input.
#[derive(Clone)]
pub enum Default {
    /// No default: the field is required unless its type has an absent value.
    None,
    /// `default`: `Default::default()`.
    Trait,
    /// `default = "path"`: a call to `path()`.
    Path(syn::Path),
}

impl Default {
    /// True unless this is [`Default::None`].
    pub fn is_some(&self) -> bool {
        !matches!(self, Default::None)
    }
}

/// Where-predicates from `bound = "..."` (every impl) or `bound(to_json = "...", from_json =
/// "...", to_binary = "...", from_binary = "...")`.
#[derive(Clone, Default)]
pub struct Bound {
    /// Replaces the inferred bounds of the `ToJson` impl.
    pub to_json: Option<Vec<syn::WherePredicate>>,
    /// Replaces the inferred bounds of the `FromJson` impl.
    pub from_json: Option<Vec<syn::WherePredicate>>,
    /// Replaces the inferred bounds of the `ToBinary` impl.
    pub to_binary: Option<Vec<syn::WherePredicate>>,
    /// Replaces the inferred bounds of the `FromBinary` impl.
    pub from_binary: Option<Vec<syn::WherePredicate>>,
}

/// A name on the wire and the other names accepted when reading.
#[derive(Clone)]
pub struct Name {
    /// The name written, and accepted when reading.
    pub name: String,
    /// True when set by `rename`: `rename_all` then leaves it alone.
    pub renamed: bool,
    /// Further names accepted when reading (`alias`).
    pub aliases: Vec<String>,
}

impl Name {
    fn new(original: String, rename: Option<String>, aliases: Vec<String>) -> Name {
        Name { renamed: rename.is_some(), name: rename.unwrap_or(original), aliases }
    }

    /// The name, then the aliases: every name that reading accepts.
    pub fn all(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.name.as_str()).chain(self.aliases.iter().map(String::as_str))
    }
}

/// Container attributes: on the struct or enum itself.
pub struct Container {
    /// The type's name as written (`r#` removed).
    pub name: String,
    /// `rename_all = "..."`.
    pub rename_all: Option<RenameRule>,
    /// `deny_unknown_fields`.
    pub deny_unknown_fields: Option<Span>,
    /// `tag = "..."`.
    pub tag: Option<(String, Span)>,
    /// `content = "..."`.
    pub content: Option<(String, Span)>,
    /// `untagged`.
    pub untagged: Option<Span>,
    /// `transparent`.
    pub transparent: Option<Span>,
    /// `default` or `default = "path"`, with the attribute's span.
    pub default: (Default, Span),
    /// `bound = "..."`.
    pub bound: Bound,
    /// `crate = "..."`.
    pub krate: Option<syn::Path>,
    /// `versioned` (binary format): the struct is framed by its byte length.
    pub versioned: Option<Span>,
    /// `plain` (binary format): the type is plain data, on the word of its `PlainData` impl.
    pub plain: Option<Span>,
    /// `columnar` (binary format): sequences of the struct are laid out in columns.
    pub columnar: Option<Span>,
}

/// Variant attributes.
pub struct Variant {
    /// The variant's name on the wire and its aliases.
    pub name: Name,
    /// `rename_all = "..."`, for the variant's fields.
    pub rename_all: Option<RenameRule>,
    /// `other`.
    pub other: Option<Span>,
    /// `skip` or `skip_serializing`.
    pub skip_serializing: Option<Span>,
    /// `skip` or `skip_deserializing`.
    pub skip_deserializing: Option<Span>,
}

/// Field attributes.
pub struct Field {
    /// The field's name on the wire and its aliases.
    pub name: Name,
    /// `skip` or `skip_serializing`.
    pub skip_serializing: Option<Span>,
    /// `skip` or `skip_deserializing`.
    pub skip_deserializing: Option<Span>,
    /// `skip_serializing_if = "path"`.
    pub skip_serializing_if: Option<syn::Path>,
    /// `default` or `default = "path"`, with the attribute's span.
    pub default: (Default, Span),
    /// `flatten`.
    pub flatten: Option<Span>,
    /// `with = "module"`.
    pub with: Option<(syn::Path, Span)>,
    /// `borrow` or `borrow = "'a + 'b"`.
    pub borrow: Option<Borrow>,
    /// `base64`.
    pub base64: Option<Span>,
    /// `bound = "..."`.
    pub bound: Bound,
    /// `recursive`: the field holds its container again, through another type.
    pub recursive: Option<Span>,
    /// `complete`: in a typed read of a partial value, the field reads as absent until its
    /// value is complete.
    pub complete: Option<Span>,
}

/// A `borrow` attribute.
pub struct Borrow {
    /// The lifetimes named by `borrow = "'a + 'b"`, or none for plain `borrow`.
    pub lifetimes: Option<Vec<syn::Lifetime>>,
    /// The attribute's span.
    pub span: Span,
}

impl Container {
    /// Reads the container attributes of `input`.
    pub fn from_ast(cx: &Ctxt, input: &syn::DeriveInput) -> Self {
        let mut rename_all = Attr::none(cx, "rename_all");
        let mut deny = Flag::none(cx, "deny_unknown_fields");
        let mut tag = Attr::none(cx, "tag");
        let mut content = Attr::none(cx, "content");
        let mut untagged = Flag::none(cx, "untagged");
        let mut transparent = Flag::none(cx, "transparent");
        let mut default = Attr::none(cx, "default");
        let mut bound = Attr::none(cx, "bound");
        let mut krate = Attr::none(cx, "crate");
        let mut versioned = Flag::none(cx, "versioned");
        let mut plain = Flag::none(cx, "plain");
        let mut columnar = Flag::none(cx, "columnar");

        for_each_meta(cx, &input.attrs, SerdeAttrs::Read, |meta, origin| {
            if !shared_with_serde(&meta, origin, CONTAINER_SHARED) {
                return other_attribute(cx, &meta, origin, "container", CONTAINER_UNSUPPORTED, false);
            }
            let span = path_span(&meta);
            if meta.path.is_ident("rename_all") {
                if let Some(s) = string_value(cx, &meta, "rename_all")? {
                    match RenameRule::from_str(&s.value()) {
                        Ok(rule) => rename_all.set_from(origin, span, rule),
                        Err(err) => cx.error_spanned_by(&s, err),
                    }
                }
            } else if meta.path.is_ident("deny_unknown_fields") {
                flag_value(cx, &meta, "deny_unknown_fields")?;
                deny.set_from(origin, span);
            } else if meta.path.is_ident("tag") {
                if let Some(s) = string_value(cx, &meta, "tag")? {
                    tag.set_from(origin, span, (s.value(), s.span()));
                }
            } else if meta.path.is_ident("content") {
                if let Some(s) = string_value(cx, &meta, "content")? {
                    content.set_from(origin, span, (s.value(), s.span()));
                }
            } else if meta.path.is_ident("untagged") {
                flag_value(cx, &meta, "untagged")?;
                untagged.set_from(origin, span);
            } else if meta.path.is_ident("transparent") {
                flag_value(cx, &meta, "transparent")?;
                transparent.set_from(origin, span);
            } else if meta.path.is_ident("default") {
                if let Some(d) = default_value(cx, &meta)? {
                    default.set_from(origin, span, d);
                }
            } else if meta.path.is_ident("bound") {
                if let Some(b) = bound_value(cx, &meta)? {
                    bound.set_from(origin, span, b);
                }
            } else if meta.path.is_ident("crate") {
                if let Some(s) = string_value(cx, &meta, "crate")? {
                    if let Some(path) = parse_lit(cx, &s, "a path", syn::Path::parse_mod_style) {
                        krate.set_from(origin, span, path);
                    }
                }
            } else if meta.path.is_ident("versioned") {
                flag_value(cx, &meta, "versioned")?;
                versioned.set_from(origin, span);
            } else if meta.path.is_ident("plain") {
                flag_value(cx, &meta, "plain")?;
                plain.set_from(origin, span);
            } else if meta.path.is_ident("columnar") {
                flag_value(cx, &meta, "columnar")?;
                columnar.set_from(origin, span);
            } else if meta.path.is_ident("ignore_serde") {
                flag_value(cx, &meta, "ignore_serde")?;
            } else {
                unknown(cx, &meta, "container")?;
            }
            Ok(())
        });

        let default = default.get_spanned().unwrap_or((Default::None, Span::call_site()));
        Container {
            name: unraw(&input.ident),
            rename_all: rename_all.get(),
            deny_unknown_fields: deny.get(),
            tag: tag.get(),
            content: content.get(),
            untagged: untagged.get(),
            transparent: transparent.get(),
            default,
            bound: bound.get().unwrap_or_default(),
            krate: krate.get(),
            versioned: versioned.get(),
            plain: plain.get(),
            columnar: columnar.get(),
        }
    }
}

impl Variant {
    /// Reads the attributes of `variant`.
    pub fn from_ast(cx: &Ctxt, variant: &syn::Variant, serde: SerdeAttrs) -> Self {
        let mut rename = Attr::none(cx, "rename");
        let mut aliases = Vec::new();
        let mut rename_all = Attr::none(cx, "rename_all");
        let mut other = Flag::none(cx, "other");
        let mut skip = Flag::none(cx, "skip");
        let mut skip_ser = Flag::none(cx, "skip_serializing");
        let mut skip_de = Flag::none(cx, "skip_deserializing");

        for_each_meta(cx, &variant.attrs, serde, |meta, origin| {
            if !shared_with_serde(&meta, origin, VARIANT_SHARED) {
                return other_attribute(cx, &meta, origin, "variant", VARIANT_UNSUPPORTED, false);
            }
            let span = path_span(&meta);
            if meta.path.is_ident("rename") {
                if let Some(s) = string_value(cx, &meta, "rename")? {
                    rename.set_from(origin, span, s.value());
                }
            } else if meta.path.is_ident("alias") {
                if let Some(s) = string_value(cx, &meta, "alias")? {
                    aliases.push((origin, s.value()));
                }
            } else if meta.path.is_ident("rename_all") {
                if let Some(s) = string_value(cx, &meta, "rename_all")? {
                    match RenameRule::from_str(&s.value()) {
                        Ok(rule) => rename_all.set_from(origin, span, rule),
                        Err(err) => cx.error_spanned_by(&s, err),
                    }
                }
            } else if meta.path.is_ident("other") {
                flag_value(cx, &meta, "other")?;
                other.set_from(origin, span);
            } else if meta.path.is_ident("skip") {
                flag_value(cx, &meta, "skip")?;
                skip.set_from(origin, span);
            } else if meta.path.is_ident("skip_serializing") {
                flag_value(cx, &meta, "skip_serializing")?;
                skip_ser.set_from(origin, span);
            } else if meta.path.is_ident("skip_deserializing") {
                flag_value(cx, &meta, "skip_deserializing")?;
                skip_de.set_from(origin, span);
            } else if meta.path.is_ident("ignore_serde") {
                flag_value(cx, &meta, "ignore_serde")?;
            } else {
                unknown(cx, &meta, "variant")?;
            }
            Ok(())
        });

        let skip = skip.get();
        Variant {
            name: Name::new(unraw(&variant.ident), rename.get(), aliases_of(aliases)),
            rename_all: rename_all.get(),
            other: other.get(),
            skip_serializing: skip.or(skip_ser.get()),
            skip_deserializing: skip.or(skip_de.get()),
        }
    }
}

impl Field {
    /// Reads the attributes of the field at `index`.
    pub fn from_ast(cx: &Ctxt, index: usize, field: &syn::Field, serde: SerdeAttrs) -> Self {
        let mut rename = Attr::none(cx, "rename");
        let mut aliases = Vec::new();
        let mut skip = Flag::none(cx, "skip");
        let mut skip_ser = Flag::none(cx, "skip_serializing");
        let mut skip_de = Flag::none(cx, "skip_deserializing");
        let mut skip_if = Attr::none(cx, "skip_serializing_if");
        let mut default = Attr::none(cx, "default");
        let mut flatten = Flag::none(cx, "flatten");
        let mut with = Attr::none(cx, "with");
        let mut borrow = Attr::none(cx, "borrow");
        let mut base64 = Flag::none(cx, "base64");
        let mut bound = Attr::none(cx, "bound");
        let mut recursive = Flag::none(cx, "recursive");
        let mut complete = Flag::none(cx, "complete");

        for_each_meta(cx, &field.attrs, serde, |meta, origin| {
            if !shared_with_serde(&meta, origin, FIELD_SHARED) {
                // A jetwire `with` or `skip` takes the place of serde's functions.
                let replaced = with.value.is_some() || skip.0.value.is_some();
                return other_attribute(cx, &meta, origin, "field", FIELD_UNSUPPORTED, replaced);
            }
            let span = path_span(&meta);
            if meta.path.is_ident("rename") {
                if let Some(s) = string_value(cx, &meta, "rename")? {
                    rename.set_from(origin, span, s.value());
                }
            } else if meta.path.is_ident("alias") {
                if let Some(s) = string_value(cx, &meta, "alias")? {
                    aliases.push((origin, s.value()));
                }
            } else if meta.path.is_ident("skip") {
                flag_value(cx, &meta, "skip")?;
                skip.set_from(origin, span);
            } else if meta.path.is_ident("skip_serializing") {
                flag_value(cx, &meta, "skip_serializing")?;
                skip_ser.set_from(origin, span);
            } else if meta.path.is_ident("skip_deserializing") {
                flag_value(cx, &meta, "skip_deserializing")?;
                skip_de.set_from(origin, span);
            } else if meta.path.is_ident("skip_serializing_if") {
                if let Some(s) = string_value(cx, &meta, "skip_serializing_if")? {
                    if let Some(path) = parse_lit(cx, &s, "a path", syn::Path::parse) {
                        skip_if.set_from(origin, span, path);
                    }
                }
            } else if meta.path.is_ident("default") {
                if let Some(d) = default_value(cx, &meta)? {
                    default.set_from(origin, span, d);
                }
            } else if meta.path.is_ident("flatten") {
                flag_value(cx, &meta, "flatten")?;
                flatten.set_from(origin, span);
            } else if meta.path.is_ident("with") {
                if let Some(s) = string_value(cx, &meta, "with")? {
                    if let Some(path) = parse_lit(cx, &s, "a path", syn::Path::parse) {
                        with.set_from(origin, span, (path, span));
                    }
                }
            } else if meta.path.is_ident("borrow") {
                if meta.input.peek(Token![=]) {
                    if let Some(s) = string_value(cx, &meta, "borrow")? {
                        let parser = Punctuated::<syn::Lifetime, Token![+]>::parse_separated_nonempty;
                        if let Some(lts) = parse_lit(cx, &s, "lifetimes such as \"'a + 'b\"", parser) {
                            borrow.set_from(
                                origin,
                                span,
                                Borrow { lifetimes: Some(lts.into_iter().collect()), span },
                            );
                        }
                    }
                } else {
                    flag_value(cx, &meta, "borrow")?;
                    borrow.set_from(origin, span, Borrow { lifetimes: None, span });
                }
            } else if meta.path.is_ident("base64") {
                flag_value(cx, &meta, "base64")?;
                base64.set_from(origin, span);
            } else if meta.path.is_ident("bound") {
                if let Some(b) = bound_value(cx, &meta)? {
                    bound.set_from(origin, span, b);
                }
            } else if meta.path.is_ident("recursive") {
                flag_value(cx, &meta, "recursive")?;
                recursive.set_from(origin, span);
            } else if meta.path.is_ident("complete") {
                flag_value(cx, &meta, "complete")?;
                complete.set_from(origin, span);
            } else if meta.path.is_ident("ignore_serde") {
                flag_value(cx, &meta, "ignore_serde")?;
            } else {
                unknown(cx, &meta, "field")?;
            }
            Ok(())
        });

        let original = match &field.ident {
            Some(ident) => unraw(ident),
            None => index.to_string(),
        };
        let skip = skip.get();
        Field {
            name: Name::new(original, rename.get(), aliases_of(aliases)),
            skip_serializing: skip.or(skip_ser.get()),
            skip_deserializing: skip.or(skip_de.get()),
            skip_serializing_if: skip_if.get(),
            default: default.get_spanned().unwrap_or((Default::None, Span::call_site())),
            flatten: flatten.get(),
            with: with.get(),
            borrow: borrow.get(),
            base64: base64.get(),
            bound: bound.get().unwrap_or_default(),
            recursive: recursive.get(),
            complete: complete.get(),
        }
    }
}

/// An identifier as a wire name: `r#type` becomes `type`.
pub fn unraw(ident: &Ident) -> String {
    let s = ident.to_string();
    match s.strip_prefix("r#") {
        Some(rest) => rest.to_owned(),
        None => s,
    }
}

/// Calls `f` for each item inside every `#[jetwire(...)]` in `attrs`, then (unless `serde`, or
/// one of them, says to ignore them) inside every `#[serde(...)]`, telling `f` which. A syntax
/// error ends that attribute's list and is recorded for jetwire's (serde's derive reports its
/// own).
fn for_each_meta(
    cx: &Ctxt,
    attrs: &[syn::Attribute],
    serde: SerdeAttrs,
    mut f: impl FnMut(ParseNestedMeta, Origin) -> syn::Result<()>,
) {
    for attr in attrs {
        if !attr.path().is_ident(ATTR) {
            continue;
        }
        if let syn::Meta::List(list) = &attr.meta {
            if list.tokens.is_empty() {
                continue;
            }
        } else {
            cx.error_spanned_by(attr, "expected `#[jetwire(...)]`");
            continue;
        }
        if let Err(err) = attr.parse_nested_meta(|meta| f(meta, Origin::Jetwire)) {
            cx.syn_error(err);
        }
    }
    if SerdeAttrs::below(serde, attrs) == SerdeAttrs::Ignore {
        return;
    }
    for attr in attrs.iter().filter(|attr| attr.path().is_ident(SERDE)) {
        if matches!(&attr.meta, syn::Meta::List(list) if !list.tokens.is_empty()) {
            let _ = attr.parse_nested_meta(|meta| f(meta, Origin::Serde));
        }
    }
}

/// Whether a `#[jetwire(ignore_serde)]` is among `attrs`.
fn ignores_serde(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().filter(|attr| attr.path().is_ident(ATTR)).any(|attr| {
        let mut found = false;
        let _ = attr.parse_nested_meta(|meta| {
            found |= meta.path.is_ident("ignore_serde");
            skip_value(meta.input)
        });
        found
    })
}

/// Whether `meta` is to be read as jetwire reads its own attributes: any jetwire attribute,
/// and the serde attributes in `shared`, which mean the same in both.
fn shared_with_serde(meta: &ParseNestedMeta, origin: Origin, shared: &[&str]) -> bool {
    origin == Origin::Jetwire || shared.iter().any(|name| meta.path.is_ident(name))
}

/// serde container attributes read as jetwire's.
const CONTAINER_SHARED: &[&str] =
    &["rename_all", "deny_unknown_fields", "tag", "content", "untagged", "transparent", "default"];

/// serde variant attributes read as jetwire's.
const VARIANT_SHARED: &[&str] =
    &["rename", "alias", "rename_all", "other", "skip", "skip_serializing", "skip_deserializing"];

/// serde field attributes read as jetwire's.
const FIELD_SHARED: &[&str] = &[
    "rename",
    "alias",
    "skip",
    "skip_serializing",
    "skip_deserializing",
    "skip_serializing_if",
    "default",
    "flatten",
    "borrow",
];

/// The aliases to accept: jetwire's, or serde's when jetwire's attributes give none.
fn aliases_of(aliases: Vec<(Origin, String)>) -> Vec<String> {
    let from_jetwire = aliases.iter().any(|(origin, _)| *origin == Origin::Jetwire);
    aliases
        .into_iter()
        .filter(|(origin, _)| !from_jetwire || *origin == Origin::Jetwire)
        .map(|(_, a)| a)
        .collect()
}

/// serde container attributes that jetwire cannot honor, with what to do instead.
const CONTAINER_UNSUPPORTED: &[(&str, &str)] = &[
    ("from", "jetwire converts through no other type: implement `ToJson` and `FromJson` by hand"),
    ("try_from", "jetwire converts through no other type: implement `ToJson` and `FromJson` by hand"),
    ("into", "jetwire converts through no other type: implement `ToJson` and `FromJson` by hand"),
    ("remote", "implement `ToJson` and `FromJson` by hand for a type of another crate"),
    ("variant_identifier", "implement `FromJson` by hand"),
    ("field_identifier", "implement `FromJson` by hand"),
    ("rename_all_fields", "write `#[jetwire(rename_all = \"...\")]` on each struct variant"),
];

/// serde variant attributes that jetwire cannot honor, with what to do instead.
const VARIANT_UNSUPPORTED: &[(&str, &str)] = &[
    ("with", "it names serde functions; `#[jetwire(ignore_serde)]` on the variant reads it as jetwire does"),
    (
        "serialize_with",
        "it names a serde function; `#[jetwire(ignore_serde)]` on the variant reads it as jetwire does",
    ),
    (
        "deserialize_with",
        "it names a serde function; `#[jetwire(ignore_serde)]` on the variant reads it as jetwire does",
    ),
    ("borrow", "write `#[jetwire(borrow)]` on the variant's fields"),
    ("untagged", "untagged variants in a tagged enum are not supported: make the enum `untagged`"),
];

/// serde field attributes that jetwire cannot honor, with what to do instead.
const FIELD_UNSUPPORTED: &[(&str, &str)] = &[
    ("with", WITH_ADVICE),
    ("serialize_with", WITH_ADVICE),
    ("deserialize_with", WITH_ADVICE),
    ("getter", "implement `ToJson` by hand for a type of another crate"),
];

const WITH_ADVICE: &str = "it names serde functions, which jetwire cannot call: give the field \
    `#[jetwire(with = \"module\")]` (a module of jetwire's `to_json` and `from_json`), or \
    `#[jetwire(ignore_serde)]` to write and read it with its type's own `ToJson` and `FromJson`";

/// An attribute the caller's list does not know. In `#[jetwire]`, an error. In `#[serde]`, an
/// error naming what to write instead if it is one that jetwire cannot honor and no jetwire
/// attribute has taken its place (`replaced`); else passed over: serde's `bound`, `crate`,
/// container `rename` and `expecting` concern serde's traits and messages alone, and serde's
/// derive reports what serde does not know.
fn other_attribute(
    cx: &Ctxt,
    meta: &ParseNestedMeta,
    origin: Origin,
    kind: &str,
    unsupported: &[(&str, &str)],
    replaced: bool,
) -> syn::Result<()> {
    if origin == Origin::Jetwire {
        return unknown(cx, meta, kind);
    }
    if let Some((name, advice)) = unsupported.iter().find(|(name, _)| meta.path.is_ident(name)) {
        if !replaced {
            cx.error_spanned_by(
                &meta.path,
                format_args!("jetwire's derive cannot honor the serde {kind} attribute `{name}`: {advice}"),
            );
        }
    }
    skip_value(meta.input)
}

fn path_span(meta: &ParseNestedMeta) -> Span {
    syn::spanned::Spanned::span(&meta.path)
}

fn path_name(meta: &ParseNestedMeta) -> String {
    let path = &meta.path;
    quote::quote!(#path).to_string().replace(' ', "")
}

/// Skips the tokens of an unparsable value, up to the next `,`.
fn skip_value(input: ParseStream) -> syn::Result<()> {
    while !input.is_empty() && !input.peek(Token![,]) {
        input.parse::<proc_macro2::TokenTree>()?;
    }
    Ok(())
}

/// Records an unknown attribute and skips its value.
fn unknown(cx: &Ctxt, meta: &ParseNestedMeta, kind: &str) -> syn::Result<()> {
    cx.error_spanned_by(&meta.path, format_args!("unknown jetwire {kind} attribute `{}`", path_name(meta)));
    skip_value(meta.input)
}

/// Checks that a flag attribute has no value.
fn flag_value(cx: &Ctxt, meta: &ParseNestedMeta, name: &str) -> syn::Result<()> {
    if !meta.input.is_empty() && !meta.input.peek(Token![,]) {
        let span = meta.input.span();
        skip_value(meta.input)?;
        cx.error_at(span, format_args!("jetwire attribute `{name}` takes no value"));
    }
    Ok(())
}

/// Reads `= "string"`; a missing `=` or a value of another kind is recorded.
fn string_value(cx: &Ctxt, meta: &ParseNestedMeta, name: &str) -> syn::Result<Option<LitStr>> {
    if !meta.input.peek(Token![=]) {
        cx.error_spanned_by(&meta.path, format_args!("expected `{name} = \"...\"`"));
        skip_value(meta.input)?;
        return Ok(None);
    }
    meta.input.parse::<Token![=]>()?;
    if meta.input.peek(LitStr) {
        return meta.input.parse().map(Some);
    }
    let span = meta.input.span();
    skip_value(meta.input)?;
    cx.error_at(span, format_args!("expected a string literal: `{name} = \"...\"`"));
    Ok(None)
}

/// Parses the contents of a string literal, recording a failure at the literal.
fn parse_lit<T>(cx: &Ctxt, lit: &LitStr, what: &str, parser: impl Parser<Output = T>) -> Option<T> {
    let tokens: TokenStream = match lit.value().parse() {
        Ok(tokens) => respan(tokens, lit.span()),
        Err(_) => {
            cx.error_spanned_by(lit, format_args!("expected {what}, found {:?}", lit.value()));
            return None;
        }
    };
    match parser.parse2(tokens) {
        Ok(value) => Some(value),
        Err(_) => {
            cx.error_spanned_by(lit, format_args!("expected {what}, found {:?}", lit.value()));
            None
        }
    }
}

/// Gives every token the span of the literal it came from.
fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tree| {
            if let proc_macro2::TokenTree::Group(group) = &tree {
                let mut g = proc_macro2::Group::new(group.delimiter(), respan(group.stream(), span));
                g.set_span(span);
                tree = g.into();
            } else {
                tree.set_span(span);
            }
            tree
        })
        .collect()
}

/// Reads `default` or `default = "path"`.
fn default_value(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<Default>> {
    if !meta.input.peek(Token![=]) {
        flag_value(cx, meta, "default")?;
        return Ok(Some(Default::Trait));
    }
    let Some(s) = string_value(cx, meta, "default")? else { return Ok(None) };
    Ok(parse_lit(cx, &s, "a path", syn::Path::parse).map(Default::Path))
}

/// Reads `bound = "..."` or `bound(to_json = "...", from_json = "...", to_binary = "...",
/// from_binary = "...")`.
fn bound_value(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<Bound>> {
    let where_parser = Punctuated::<syn::WherePredicate, Token![,]>::parse_terminated;
    if meta.input.peek(Token![=]) {
        let Some(s) = string_value(cx, meta, "bound")? else { return Ok(None) };
        let preds: Vec<_> = match parse_lit(cx, &s, "where-predicates", where_parser) {
            Some(p) => p.into_iter().collect(),
            None => return Ok(None),
        };
        return Ok(Some(Bound {
            to_json: Some(preds.clone()),
            from_json: Some(preds.clone()),
            to_binary: Some(preds.clone()),
            from_binary: Some(preds),
        }));
    }
    if !meta.input.peek(syn::token::Paren) {
        cx.error_spanned_by(
            &meta.path,
            "expected `bound = \"...\"` or `bound(to_json = \"...\", from_json = \"...\")`",
        );
        skip_value(meta.input)?;
        return Ok(None);
    }
    let mut to_json = Attr::none(cx, "bound(to_json)");
    let mut from_json = Attr::none(cx, "bound(from_json)");
    let mut to_binary = Attr::none(cx, "bound(to_binary)");
    let mut from_binary = Attr::none(cx, "bound(from_binary)");
    meta.parse_nested_meta(|inner| {
        let span = path_span(&inner);
        let target = if inner.path.is_ident("to_json") {
            &mut to_json
        } else if inner.path.is_ident("from_json") {
            &mut from_json
        } else if inner.path.is_ident("to_binary") {
            &mut to_binary
        } else if inner.path.is_ident("from_binary") {
            &mut from_binary
        } else {
            cx.error_spanned_by(
                &inner.path,
                format_args!(
                    "unknown bound kind `{}`, expected `to_json`, `from_json`, `to_binary` or `from_binary`",
                    path_name(&inner)
                ),
            );
            return skip_value(inner.input);
        };
        if let Some(s) = string_value(cx, &inner, "bound")? {
            if let Some(p) = parse_lit(cx, &s, "where-predicates", where_parser) {
                target.set(span, p.into_iter().collect());
            }
        }
        Ok(())
    })?;
    Ok(Some(Bound {
        to_json: to_json.get(),
        from_json: from_json.get(),
        to_binary: to_binary.get(),
        from_binary: from_binary.get(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn container(src: &str) -> (Option<Container>, Result<(), syn::Error>) {
        let input: syn::DeriveInput = syn::parse_str(src).unwrap();
        let cx = Ctxt::new();
        let c = Container::from_ast(&cx, &input);
        (Some(c), cx.check())
    }

    fn errors(src: &str) -> Vec<String> {
        match container(src).1 {
            Ok(()) => Vec::new(),
            Err(e) => e.into_iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn container_attributes() {
        let (c, res) = container(
            r#"#[jetwire(rename_all = "kebab-case", deny_unknown_fields, tag = "t", content = "c")]
               #[jetwire(crate = "my::jw", bound = "T: Clone", default)]
               struct S<T> { x: T }"#,
        );
        assert!(res.is_ok());
        let c = c.unwrap();
        assert_eq!(c.rename_all, Some(RenameRule::KebabCase));
        assert!(c.deny_unknown_fields.is_some());
        assert_eq!(c.tag.unwrap().0, "t");
        assert_eq!(c.content.unwrap().0, "c");
        assert!(matches!(c.default.0, Default::Trait));
        assert_eq!(c.bound.to_json.unwrap().len(), 1);
        let krate = c.krate.unwrap();
        assert_eq!(quote::quote!(#krate).to_string(), "my :: jw");
    }

    #[test]
    fn all_errors_reported() {
        let errs = errors(
            r#"#[jetwire(nope, rename_all = "Camel", tag = 1, untagged = true, untagged, untagged)]
               struct S;"#,
        );
        assert_eq!(errs.len(), 6, "{errs:?}");
        assert_eq!(errs[0], "unknown jetwire container attribute `nope`");
        assert!(errs[1].starts_with("unknown rename rule"), "{}", errs[1]);
        assert_eq!(errs[2], "expected a string literal: `tag = \"...\"`");
        assert_eq!(errs[3], "jetwire attribute `untagged` takes no value");
        assert_eq!(errs[4], "duplicate jetwire attribute `untagged`");
        assert_eq!(errs[5], "duplicate jetwire attribute `untagged`");
    }

    #[test]
    fn field_attributes() {
        let input: syn::DeriveInput = syn::parse_str(
            r#"struct S<'a> {
                #[jetwire(rename = "x", alias = "y", alias = "z", skip_serializing_if = "Option::is_none")]
                #[jetwire(default = "make", borrow = "'a", with = "m::n")]
                f: Option<&'a str>,
            }"#,
        )
        .unwrap();
        let syn::Data::Struct(data) = &input.data else { unreachable!() };
        let cx = Ctxt::new();
        let f = Field::from_ast(&cx, 0, data.fields.iter().next().unwrap(), SerdeAttrs::Read);
        cx.check().unwrap();
        assert_eq!(f.name.all().collect::<Vec<_>>(), ["x", "y", "z"]);
        assert!(f.name.renamed);
        assert!(f.skip_serializing_if.is_some());
        assert!(matches!(f.default.0, Default::Path(_)));
        assert_eq!(f.borrow.unwrap().lifetimes.unwrap().len(), 1);
        assert!(f.with.is_some());
    }

    #[test]
    fn bound_forms() {
        let (c, res) = container(
            r#"#[jetwire(bound(to_json = "T: A", from_json = "T: B, U: C"))] struct S<T, U>(T, U);"#,
        );
        assert!(res.is_ok());
        let b = c.unwrap().bound;
        assert_eq!(b.to_json.unwrap().len(), 1);
        assert_eq!(b.from_json.unwrap().len(), 2);
        let errs = errors(r#"#[jetwire(bound(serialize = "T: A"), crate = "not a path")] struct S<T>(T);"#);
        assert_eq!(errs.len(), 2, "{errs:?}");
        assert!(errs[0].starts_with("unknown bound kind `serialize`"));
        assert_eq!(errs[1], "expected a path, found \"not a path\"");
    }
}
