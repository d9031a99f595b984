//! Format-independent front end: the derive input parsed into a model
//! ([`ast`]) with its attributes ([`attr`], [`case`]), checked ([`check`]),
//! every error collected in a context ([`ctxt`]).

pub mod ast;
pub mod attr;
pub mod case;
pub mod check;
pub mod ctxt;

/// Which trait is being derived: some checks matter to one direction only.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Derive {
    /// Writing: `ToJson` or `ToBinary`.
    To,
    /// Reading: `FromJson` or `FromBinary`.
    From,
}

/// Parses and checks `input`: the model, or every error found, combined.
pub fn parse(input: &syn::DeriveInput, derive: Derive) -> syn::Result<ast::Container<'_>> {
    let cx = ctxt::Ctxt::new();
    let cont = ast::Container::from_ast(&cx, input);
    if let Some(cont) = &cont {
        check::check(&cx, cont, derive);
    }
    cx.check()?;
    Ok(cont.expect("a container without errors"))
}
