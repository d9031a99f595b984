//! Names on the wire as generation-time constants: escaped property names for
//! writing, raw byte strings for matching keys without allocating.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::LitByteStr;

/// Whether every writer option (`ascii_only`, `html_safe`) escapes `name` the same way, so that
/// it can be escaped once, at compile time. Names with non-ASCII characters or `<>&'` are
/// escaped by the writer at run time instead.
fn escapes_same_under_all_options(name: &str) -> bool {
    name.bytes().all(|b| b.is_ascii() && !matches!(b, b'<' | b'>' | b'&' | b'\''))
}

/// `name` JSON-escaped, without quotes: `"`, `\` and control characters escaped, with the short
/// forms where JSON has them and `\u00XX` (lowercase hex) otherwise, as the writer does.
pub fn json_escape(name: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(name.len());
    for &b in name.as_bytes() {
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0C => out.extend_from_slice(b"\\f"),
            0..=0x1F => out.extend_from_slice(format!("\\u{b:04x}").as_bytes()),
            _ => out.push(b),
        }
    }
    out
}

/// A statement writing the property name `name` on `__w`: a precomputed escaped byte literal
/// when possible.
pub fn write_property_name(name: &str) -> TokenStream {
    if escapes_same_under_all_options(name) {
        let mut prefix = b",\"".to_vec();
        prefix.extend_from_slice(&json_escape(name));
        prefix.extend_from_slice(b"\":");
        let lit = LitByteStr::new(&prefix, Span::call_site());
        quote!(__w.property_name_precomputed(#lit)?;)
    } else {
        quote!(__w.property_name(#name)?;)
    }
}

/// The bytes of `name` as a literal, to match against a key's raw or decoded bytes.
pub fn byte_lit(name: &str) -> LitByteStr {
    LitByteStr::new(name.as_bytes(), Span::call_site())
}

/// A function item `fn #fn_name(__name: &[u8]) -> usize` mapping each group's names to the
/// group's index and anything else to `usize::MAX`.
///
/// The names are dispatched on length first; within one length each candidate is a comparison
/// of fixed-size arrays, which compiles to a few integer loads and compares instead of the
/// `memcmp` call a match on byte-string patterns becomes.
pub fn index_fn<'a>(
    fn_name: &syn::Ident,
    groups: impl IntoIterator<Item = (usize, Vec<&'a str>)>,
) -> TokenStream {
    let mut by_length: std::collections::BTreeMap<usize, Vec<(usize, &str)>> = Default::default();
    for (index, names) in groups {
        for name in names {
            by_length.entry(name.len()).or_default().push((index, name));
        }
    }
    let arms = by_length.into_iter().map(|(length, names)| {
        let tests = names.into_iter().map(|(index, name)| {
            let lit = byte_lit(name);
            quote!(if __fixed == #lit { return #index; })
        });
        quote! {
            #length => {
                if let ::core::result::Result::Ok(__fixed) =
                    <&[::core::primitive::u8; #length] as ::core::convert::TryFrom<_>>::try_from(__name)
                {
                    #(#tests)*
                }
            }
        }
    });
    quote! {
        #[inline(always)]
        fn #fn_name(__name: &[::core::primitive::u8]) -> ::core::primitive::usize {
            match __name.len() {
                #(#arms)*
                _ => {}
            }
            ::core::primitive::usize::MAX
        }
    }
}

/// An expression: the index that `fn_name` (from [`index_fn`]) gives the key `key` (a
/// `&Key`), matched on its source bytes, or on its decoded text when it has escapes.
pub fn index_of_key(fn_name: &syn::Ident, key: TokenStream) -> TokenStream {
    quote! {
        (if !#key.has_escapes() {
            #fn_name(#key.raw())
        } else {
            #fn_name(#key.decoded().as_bytes())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(json_escape("plain_name"), b"plain_name");
        assert_eq!(json_escape("a\"b\\c"), br#"a\"b\\c"#);
        assert_eq!(json_escape("t\u{1}\n\u{1f}"), br"t\u0001\n\u001f");
        assert_eq!(json_escape("café"), "café".as_bytes());
    }

    #[test]
    fn runtime_escaping_for_option_dependent_names() {
        assert!(write_property_name("id").to_string().contains("property_name_precomputed"));
        assert!(write_property_name("a\"b").to_string().contains("property_name_precomputed"));
        assert!(!write_property_name("café").to_string().contains("property_name_precomputed"));
        assert!(!write_property_name("<b>").to_string().contains("property_name_precomputed"));
    }
}
