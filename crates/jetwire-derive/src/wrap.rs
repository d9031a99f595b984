//! The anonymous `const _: () = { ... };` every generated impl lives in, shared by the formats.

use proc_macro2::TokenStream;
use quote::quote;

/// Whether the generated items contain `unsafe` blocks that the derive writes itself (the binary
/// format's plain-data and raw proofs, and its field-by-field writes into a value's slot), which
/// the wrapper must then allow.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum GeneratedUnsafe {
    /// No `unsafe` in the generated code.
    None,
    /// `unsafe` blocks whose soundness rests on what the derive knows of the type (its complete
    /// field list) and on checks the compiler evaluates (layout proofs, `needs_drop`).
    Checked,
}

/// Puts generated items in an anonymous const, so that their helper items do not leak into the
/// user's namespace, with the lints that generated code cannot satisfy allowed.
pub fn wrap_in_const(items: TokenStream, generated_unsafe: GeneratedUnsafe) -> TokenStream {
    let allow_unsafe = match generated_unsafe {
        GeneratedUnsafe::None => quote!(),
        GeneratedUnsafe::Checked => quote!(unsafe_code, clippy::undocumented_unsafe_blocks,),
    };
    quote! {
        #[doc(hidden)]
        #[allow(
            non_upper_case_globals,
            non_camel_case_types,
            unused_variables,
            unused_mut,
            unused_braces,
            unused_qualifications,
            unreachable_code,
            unreachable_patterns,
            private_bounds,
            private_interfaces,
            clippy::all,
            clippy::pedantic,
            #allow_unsafe
        )]
        const _: () = {
            #items
        };
    }
}
