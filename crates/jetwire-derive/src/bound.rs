//! Generic bounds of generated impls: which type parameters need the derived trait (`ToJson`,
//! `FromBinary<'de>`, ...) or `Default`, inferred from the fields that use them, and which
//! lifetimes the input lifetime `'de` must outlive.

use std::collections::{BTreeSet, HashSet};

use syn::punctuated::Pair;
use syn::visit::{self, Visit};

use crate::internals::ast::{Container, Field, Variant, lifetimes_in};
use crate::internals::attr;

/// `generics` with `predicates` added to its where clause.
pub fn with_where_predicates(generics: &syn::Generics, predicates: &[syn::WherePredicate]) -> syn::Generics {
    let mut generics = generics.clone();
    generics.make_where_clause().predicates.extend(predicates.iter().cloned());
    generics
}

/// `generics` with the where-predicates of `bound = "..."` on every field that `filter` keeps.
pub fn with_field_predicates(
    cont: &Container,
    generics: &syn::Generics,
    filter: impl Fn(&Field, Option<&Variant>) -> bool,
    pick: impl Fn(&attr::Bound) -> Option<&Vec<syn::WherePredicate>>,
) -> syn::Generics {
    let predicates: Vec<syn::WherePredicate> = cont
        .all_fields()
        .filter(|(v, f)| filter(f, *v))
        .filter_map(|(_, f)| pick(&f.attrs.bound))
        .flatten()
        .cloned()
        .collect();
    with_where_predicates(generics, &predicates)
}

/// `generics` with `T: bound` for every type parameter `T` that appears in a field kept by
/// `filter`, and `T::Assoc: bound` for every associated type path used, as serde does.
/// Fields inside `PhantomData` and type macros are not looked into.
pub fn with_bound(
    cont: &Container,
    generics: &syn::Generics,
    filter: impl Fn(&Field, Option<&Variant>) -> bool,
    bound: &syn::Path,
) -> syn::Generics {
    let all_type_params: HashSet<syn::Ident> = generics.type_params().map(|p| p.ident.clone()).collect();
    if all_type_params.is_empty() {
        return generics.clone();
    }
    let mut visitor = FindTyParams {
        all_type_params: &all_type_params,
        relevant_type_params: HashSet::new(),
        associated_type_usage: Vec::new(),
    };
    for (variant, field) in cont.all_fields() {
        if filter(field, variant) {
            visitor.visit_type(field.ty);
        }
    }
    let FindTyParams { relevant_type_params, associated_type_usage, .. } = visitor;

    let mut generics = generics.clone();
    let mut predicates: Vec<syn::WherePredicate> = generics
        .type_params()
        .filter(|p| relevant_type_params.contains(&p.ident))
        .map(|p| {
            let ident = &p.ident;
            syn::parse_quote!(#ident: #bound)
        })
        .collect();
    let mut seen = HashSet::new();
    for path in associated_type_usage {
        let key = quote::quote!(#path).to_string();
        if seen.insert(key) {
            predicates.push(syn::parse_quote!(#path: #bound));
        }
    }
    generics.make_where_clause().predicates.extend(predicates);
    generics
}

struct FindTyParams<'a, 'ast> {
    all_type_params: &'a HashSet<syn::Ident>,
    relevant_type_params: HashSet<syn::Ident>,
    associated_type_usage: Vec<&'ast syn::TypePath>,
}

impl<'ast> Visit<'ast> for FindTyParams<'_, 'ast> {
    fn visit_type_path(&mut self, ty: &'ast syn::TypePath) {
        if ty.qself.is_none() && ty.path.leading_colon.is_none() && ty.path.segments.len() > 1 {
            if let Some(Pair::Punctuated(first, _)) = ty.path.segments.pairs().next() {
                if self.all_type_params.contains(&first.ident) {
                    // `T::Assoc`: bound the associated type itself.
                    self.associated_type_usage.push(ty);
                    return;
                }
            }
        }
        visit::visit_type_path(self, ty);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if let Some(seg) = path.segments.last() {
            if seg.ident == "PhantomData" {
                // `PhantomData<T>` implements the traits whatever `T` is.
                return;
            }
        }
        if path.leading_colon.is_none() && path.segments.len() == 1 {
            let id = &path.segments[0].ident;
            if self.all_type_params.contains(id) {
                self.relevant_type_params.insert(id.clone());
            }
        }
        visit::visit_path(self, path);
    }

    // Type macros cannot be looked into.
    fn visit_macro(&mut self, _: &'ast syn::Macro) {}
}

/// `generics` with `Self: bound`, `Self` spelled as the type with its parameters.
pub fn with_self_bound(cont: &Container, generics: &syn::Generics, bound: &syn::Path) -> syn::Generics {
    let ident = &cont.ident;
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let predicate: syn::WherePredicate = syn::parse_quote!(#ident #ty_generics: #bound);
    with_where_predicates(generics, &[predicate])
}

/// `generics` with the `Default` bounds of a reading impl: `T: Default` for the type parameters
/// of fields that `Default::default()` fills in (those with `#[jetwire(default)]`, and those the
/// format does not `read` unless the container's `default` fills them), and `Self: Default`
/// under the container's `#[jetwire(default)]`. Fields with their own `bound` for this impl
/// (`bounded`) get nothing inferred.
pub fn with_default_bounds(
    cont: &Container,
    generics: &syn::Generics,
    read: impl Fn(&Field) -> bool,
    bounded: impl Fn(&Field) -> bool,
) -> syn::Generics {
    let container_default = cont.attrs.default.0.is_some();
    let needs_default = |f: &Field, v: Option<&Variant>| {
        v.is_none_or(|v| v.attrs.skip_deserializing.is_none())
            && !bounded(f)
            && match &f.attrs.default.0 {
                attr::Default::Trait => true,
                attr::Default::Path(_) => false,
                attr::Default::None => !read(f) && !container_default,
            }
    };
    let default: syn::Path = syn::parse_quote!(::core::default::Default);
    let generics = with_bound(cont, generics, needs_default, &default);
    match cont.attrs.default.0 {
        // The container's `Default::default()` fills missing fields.
        attr::Default::Trait => with_self_bound(cont, &generics, &default),
        _ => generics,
    }
}

/// The lifetimes `'de` must outlive: the type's lifetime parameters that appear in the fields
/// that `borrows` says are read from the input (in variants that are read), plus `'static` if
/// one of them uses it. Which fields those are depends on the format.
pub fn borrowed_lifetimes(cont: &Container, borrows: impl Fn(&Field) -> bool) -> BTreeSet<syn::Lifetime> {
    let params: BTreeSet<&syn::Lifetime> = cont.generics.lifetimes().map(|l| &l.lifetime).collect();
    let mut out = BTreeSet::new();
    for (variant, field) in cont.all_fields() {
        if !borrows(field) || variant.is_some_and(|v| v.attrs.skip_deserializing.is_some()) {
            continue;
        }
        for lt in lifetimes_in(field.ty) {
            if lt.ident == "static" || params.contains(&lt) {
                out.insert(lt);
            }
        }
    }
    out
}

/// `generics` with `'de` first, outliving `borrowed`: `<'de: 'a + 'b, 'a, 'b, T>`.
pub fn with_de_lifetime(generics: &syn::Generics, borrowed: &BTreeSet<syn::Lifetime>) -> syn::Generics {
    let mut de = syn::LifetimeParam::new(syn::Lifetime::new("'de", proc_macro2::Span::call_site()));
    de.bounds.extend(borrowed.iter().cloned());
    let mut generics = generics.clone();
    generics.params.insert(0, syn::GenericParam::Lifetime(de));
    generics
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::internals::ctxt::Ctxt;
    use quote::ToTokens;

    fn bounds_of(src: &str) -> String {
        let input: syn::DeriveInput = syn::parse_str(src).unwrap();
        let cx = Ctxt::new();
        let cont = Container::from_ast(&cx, &input).unwrap();
        cx.check().unwrap();
        let bound: syn::Path = syn::parse_quote!(ToJson);
        let generics = with_bound(&cont, cont.generics, |f, _| f.is_serialized(), &bound);
        generics.where_clause.map(|w| w.to_token_stream().to_string()).unwrap_or_default()
    }

    #[test]
    fn infers_bounds_for_used_params() {
        assert_eq!(bounds_of("struct S<T, U> { a: Vec<T>, b: PhantomData<U> }"), "where T : ToJson");
        assert_eq!(
            bounds_of("struct S<T: Tr> { a: T::Assoc, b: Vec<T::Other> }"),
            "where T :: Assoc : ToJson , T :: Other : ToJson"
        );
        assert_eq!(bounds_of("struct S<T> { #[jetwire(skip)] a: T }"), "");
        assert_eq!(bounds_of("enum E<A, B> { X(A), Y { b: Option<B> } }"), "where A : ToJson , B : ToJson");
    }

    #[test]
    fn borrowed() {
        let input: syn::DeriveInput = syn::parse_str(
            "struct S<'a, 'b, 'c> { a: &'a str, b: Cow<'b, str>, #[jetwire(skip)] c: &'c str, d: &'static str }",
        )
        .unwrap();
        let cx = Ctxt::new();
        let cont = Container::from_ast(&cx, &input).unwrap();
        cx.check().unwrap();
        let names: Vec<String> =
            borrowed_lifetimes(&cont, |f| f.is_deserialized()).iter().map(|l| l.to_string()).collect();
        assert_eq!(names, ["'a", "'b", "'static"]);
    }
}
