//! `FromBinary` generation: structs from their fields in order (a plain struct as one block of
//! memory; a versioned struct from a length-framed body whose missing trailing fields take
//! their defaults and whose unknown trailing bytes are skipped), enums from a validated
//! variant index. `decode_into` reuses the fields, and the current variant's fields, in place.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use super::{
    binding, fields_in_order, path_name, plain, runtime, sized_by_fields, travels, variant_name,
    variant_pattern, with_plain_bound,
};
use crate::bound;
use crate::internals::ast::{Container, Data, Field, Variant};
use crate::internals::attr::Default;

/// The `FromBinary` impl of `cont`.
pub fn generate(cont: &Container) -> TokenStream {
    let (krate, binary, private) = runtime(cont);
    let ident = &cont.ident;
    let generics = generics(cont, &krate);
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let from_binary = quote!(#binary::FromBinary<'de>);
    let is_plain = plain::is_plain(cont, &binary, &private, &from_binary);
    let is_raw = plain::is_raw(cont, &binary, &private);
    let raw_bytes_valid = plain::raw_bytes_valid(cont, &binary);
    let g = Gen { cont, binary: &binary, private: &private };

    let no_uninit = |(min_size, decode, decode_into)| (min_size, decode, decode_into, TokenStream::new());
    let (min_size, decode, decode_into, decode_uninit) = match &cont.data {
        Data::Struct(_, fields) if cont.attrs.versioned.is_some() => no_uninit(g.versioned_struct(fields)),
        Data::Struct(_, fields) => g.unversioned_struct(fields),
        Data::Enum(variants) => g.enumeration(variants),
    };
    let columns = match &cont.data {
        Data::Struct(_, fields) if cont.attrs.columnar.is_some() => g.column_items(fields),
        _ => TokenStream::new(),
    };
    let fixed_size = match sized_by_fields(cont) {
        Some(fields) => all_fixed_size(&fields, &from_binary),
        None => quote!(false),
    };

    quote! {
        #[automatically_derived]
        impl #impl_generics #from_binary for #ident #ty_generics #where_clause {
            const IS_PLAIN: #binary::Plain<Self> = #is_plain;
            const MIN_SIZE: ::core::primitive::usize = #min_size;
            const FIXED_SIZE: ::core::primitive::bool = #fixed_size;
            const RAW: #binary::Raw<Self> = #is_raw;

            #raw_bytes_valid

            #[inline]
            fn decode(__d: &mut #binary::Decoder<'de>) -> #binary::Result<Self> {
                #decode
            }

            #[inline]
            fn decode_into(&mut self, __d: &mut #binary::Decoder<'de>) -> #binary::Result<()> {
                #decode_into
            }

            #decode_uninit
            #columns
        }
    }
}

/// The impl's generics: `'de` outliving the borrowed lifetimes, then the type's generics with
/// `bound` predicates or inferred `FromBinary<'de>` and `Default` bounds, and `Self: PlainData`
/// under `#[jetwire(plain)]`.
fn generics(cont: &Container, krate: &syn::Path) -> syn::Generics {
    let generics = match &cont.attrs.bound.from_binary {
        Some(predicates) => bound::with_where_predicates(cont.generics, predicates),
        None => {
            let read = |f: &Field, v: Option<&Variant>| {
                travels(f) && v.is_none_or(|v| v.attrs.skip_deserializing.is_none())
            };
            let decoded = |f: &Field, v: Option<&Variant>| {
                read(f, v) && f.attrs.bound.from_binary.is_none() && f.attrs.with.is_none()
            };
            let generics =
                bound::with_field_predicates(cont, cont.generics, read, |b| b.from_binary.as_ref());
            let from_binary: syn::Path = syn::parse_quote!(#krate::binary::FromBinary<'de>);
            let generics = bound::with_bound(cont, &generics, decoded, &from_binary);
            bound::with_default_bounds(cont, &generics, travels, |f| f.attrs.bound.from_binary.is_some())
        }
    };
    let generics = with_plain_bound(cont, generics, krate);
    bound::with_de_lifetime(&generics, &bound::borrowed_lifetimes(cont, travels))
}

struct Gen<'a> {
    cont: &'a Container<'a>,
    binary: &'a TokenStream,
    private: &'a TokenStream,
}

impl Gen<'_> {
    /// An expression of type `Result<T>` reading `field`'s value from `__d`.
    fn read(&self, field: &Field) -> TokenStream {
        let binary = self.binary;
        match &field.attrs.with {
            Some((with, _)) => quote!(#with::from_binary(__d)),
            None => {
                let ty = field.ty;
                quote!(<#ty as #binary::FromBinary<'de>>::decode(__d))
            }
        }
    }

    /// The error for `field`, inside `variant` if there is one, given `__err`.
    fn field_error(&self, field: &Field, variant: Option<&Variant>) -> TokenStream {
        let private = self.private;
        let name = path_name(field);
        match variant {
            Some(v) => {
                let variant = variant_name(v);
                quote!(#private::variant_field_error(__err, #variant, #name))
            }
            None => quote!(#private::field_error(__err, #name)),
        }
    }

    /// An expression of type `T`: `field`'s value read from `__d`, or a return with the error.
    fn read_or_return(&self, field: &Field, variant: Option<&Variant>) -> TokenStream {
        let read = self.read(field);
        let error = self.field_error(field, variant);
        quote! {
            match #read {
                ::core::result::Result::Ok(__v) => __v,
                ::core::result::Result::Err(__err) => return ::core::result::Result::Err(#error),
            }
        }
    }

    /// The container's default value (`default` on the struct), as an expression.
    fn container_default(&self) -> Option<TokenStream> {
        match &self.cont.attrs.default.0 {
            Default::None => None,
            Default::Trait => Some(quote!(<Self as ::core::default::Default>::default())),
            Default::Path(path) => Some(quote!(#path())),
        }
    }

    /// The value of a field that does not travel: its default, the container's, or
    /// `Default::default()`.
    fn skipped_value(&self, field: &Field, in_struct: bool) -> TokenStream {
        let member = &field.member;
        match (&field.attrs.default.0, self.container_default().filter(|_| in_struct)) {
            (Default::Trait, _) | (Default::None, None) => quote!(::core::default::Default::default()),
            (Default::Path(path), _) => quote!(#path()),
            (Default::None, Some(default)) => quote!((#default).#member),
        }
    }

    /// The value of a field that a versioned body ended before: its default, the container's,
    /// its type's absent value, or a return with the "missing field" error.
    fn missing_value(&self, field: &Field) -> TokenStream {
        let private = self.private;
        let member = &field.member;
        let type_name = &self.cont.attrs.name;
        let name = path_name(field);
        match (&field.attrs.default.0, self.container_default()) {
            (Default::Trait, _) => quote!(::core::default::Default::default()),
            (Default::Path(path), _) => quote!(#path()),
            (Default::None, Some(default)) => quote!((#default).#member),
            (Default::None, None) if field.attrs.with.is_some() => {
                quote!(return ::core::result::Result::Err(#private::missing_field(__d, #type_name, #name)))
            }
            (Default::None, None) => {
                let ty = field.ty;
                quote!(#private::absent::<#ty>(__d, #type_name, #name)?)
            }
        }
    }

    /// `MIN_SIZE` of fields read in order. A field that holds this type again counts as no
    /// bytes: its `MIN_SIZE` would be computed from this one, a cycle the compiler refuses.
    /// That is a lower bound still, as `MIN_SIZE` must be, and a recursive field is never
    /// fixed-size, so no fixed-size run counts on it.
    fn min_size(&self, fields: &[Field]) -> TokenStream {
        let binary = self.binary;
        let counted = |f: &&Field| {
            travels(f)
                && f.attrs.with.is_none()
                && f.attrs.recursive.is_none()
                && !holds(f.ty, &self.cont.ident)
        };
        let sizes = fields.iter().filter(counted).map(|f| {
            let ty = f.ty;
            quote!(.saturating_add(<#ty as #binary::FromBinary<'de>>::MIN_SIZE))
        });
        quote!(0usize #(#sizes)*)
    }

    /// Statements that, for a fixed-size struct, take its bytes with one bounds check and
    /// rebind `__d` to a decoder over exactly them, so that the fields' own checks fold away.
    fn fixed_rebinding(&self) -> TokenStream {
        let binary = self.binary;
        let from_binary = quote!(<Self as #binary::FromBinary<'de>>);
        self.rebinding_if_fixed(quote!(#from_binary::FIXED_SIZE), quote!(#from_binary::MIN_SIZE), None)
    }

    /// [`fixed_rebinding`](Self::fixed_rebinding) for the payload of an enum variant: its
    /// fields when every one that travels is fixed-size (and none is read `with` a module).
    fn variant_fixed_rebinding(&self, variant: &Variant) -> TokenStream {
        let Some(fields) = fields_in_order(&variant.fields) else {
            return TokenStream::new();
        };
        let binary = self.binary;
        let fixed = all_fixed_size(&fields, &quote!(#binary::FromBinary<'de>));
        self.rebinding_if_fixed(fixed, self.min_size(&variant.fields), Some(variant_name(variant)))
    }

    /// Statements rebinding `__d` to a decoder over the next `min_size` bytes when `fixed`. A
    /// payload cut short is an error whose path names `variant`, if given.
    fn rebinding_if_fixed(
        &self,
        fixed: TokenStream,
        min_size: TokenStream,
        variant: Option<String>,
    ) -> TokenStream {
        let binary = self.binary;
        let private = self.private;
        let take = match variant {
            Some(name) => {
                quote!(__d.take_fixed(#min_size).map_err(|__err| #private::field_error(__err, #name))?)
            }
            None => quote!(__d.take_fixed(#min_size)?),
        };
        quote! {
            let mut __fixed;
            let __d: &mut #binary::Decoder<'de> =
                if (#fixed) && (#min_size) > 0 {
                    __fixed = #take;
                    &mut __fixed
                } else {
                    __d
                };
        }
    }

    /// `(MIN_SIZE, decode, decode_into, decode_uninit)` of a struct that is not versioned.
    fn unversioned_struct(&self, fields: &[Field]) -> (TokenStream, TokenStream, TokenStream, TokenStream) {
        let private = self.private;
        let binary = self.binary;
        let may_be_plain = plain::may_be_plain(fields);
        // `decode` and `decode_uninit` differ only in what they do with the value: `finish`, and
        // `decode_uninit` may write the fields into the slot one by one (`in_place`).
        let decode_finishing =
            |finish: &dyn Fn(TokenStream) -> TokenStream, raw: TokenStream, in_place: bool| {
                let block = if may_be_plain {
                    let value = finish(quote!(__v?));
                    quote! {
                        if let ::core::option::Option::Some(__v) = #private::decode_plain::<Self>(__d) {
                            return ::core::result::Result::Ok(#value);
                        }
                        #raw
                    }
                } else {
                    TokenStream::new()
                };
                let (runs, in_runs) = self.fixed_runs(fields);
                let field_value = |f: &Field| {
                    if travels(f) {
                        in_runs(f, self.read_or_return(f, None))
                    } else {
                        self.skipped_value(f, true)
                    }
                };
                let inits = fields.iter().map(|f| {
                    let member = &f.member;
                    let value = field_value(f);
                    quote!(#member: #value)
                });
                let fixed = self.fixed_rebinding();
                let value = finish(quote!(Self { #(#inits,)* }));
                let field_by_field =
                    if in_place { fields_in_place(fields, &field_value) } else { TokenStream::new() };
                quote! {
                    #block
                    #fixed
                    #runs
                    #field_by_field
                    ::core::result::Result::Ok(#value)
                }
            };
        // A raw struct is a check and a copy; one whose bytes fail the check is read field by
        // field below, which reports the error.
        let decode = decode_finishing(
            &|value| value,
            quote! {
                if let ::core::option::Option::Some(__v) = #private::decode_raw_value::<Self>(__d) {
                    return ::core::result::Result::Ok(__v);
                }
            },
            false,
        );
        let decode_uninit = decode_finishing(
            &|value| quote!(__slot.write(#value)),
            quote! {
                let __slot = match #private::decode_raw::<Self>(__d, __slot) {
                    ::core::result::Result::Ok(__v) => return ::core::result::Result::Ok(__v),
                    ::core::result::Result::Err(__slot) => __slot,
                };
            },
            true,
        );

        let block_into = if may_be_plain {
            quote! {
                if let ::core::option::Option::Some(__v) = #private::decode_plain::<Self>(__d) {
                    *self = __v?;
                    return ::core::result::Result::Ok(());
                }
            }
        } else {
            TokenStream::new()
        };
        // The same runs of fixed-size fields as `decode`, so that a cut input fails alike.
        let (runs, in_runs) = self.fixed_runs(fields);
        let intos = fields.iter().map(|f| {
            let member = &f.member;
            let error = self.field_error(f, None);
            if !travels(f) {
                let value = self.skipped_value(f, true);
                quote!(self.#member = #value;)
            } else if f.attrs.with.is_some() {
                let value = self.read_or_return(f, None);
                quote!(self.#member = #value;)
            } else {
                let ty = f.ty;
                in_runs(
                    f,
                    quote! {
                        if let ::core::result::Result::Err(__err) =
                            <#ty as #binary::FromBinary<'de>>::decode_into(&mut self.#member, __d)
                        {
                            return ::core::result::Result::Err(#error);
                        }
                    },
                )
            }
        });
        let fixed = self.fixed_rebinding();
        let decode_into = quote! {
            #block_into
            #fixed
            #runs
            #(#intos)*
            ::core::result::Result::Ok(())
        };
        (self.min_size(fields), decode, decode_into, self.decode_uninit_fn(decode_uninit))
    }

    /// Reading consecutive fixed-size fields as runs: statements that size every run (constants
    /// that fold away), and a function that puts a travelling field's `read` (an expression or
    /// a statement reading from `__d`) in its run. The
    /// first field of a run takes the whole run's bytes with one bounds check (an input cut
    /// short inside the run is an error at its first field), and every field of the run reads
    /// from those bytes, so that its own checks fold away. Which fields are fixed-size is known
    /// only to the compiler (`FIXED_SIZE`), so every field gets the code and constants decide.
    /// A field read `with` a module breaks a run (it reads from the decoder, between the runs).
    fn fixed_runs<'f>(
        &'f self,
        fields: &'f [Field],
    ) -> (TokenStream, impl Fn(&Field, TokenStream) -> TokenStream + 'f) {
        let binary = self.binary;
        let private = self.private;
        // Every travelling field has a place in the order; fields read by their type (not `with`
        // a module) may join a run.
        let members: Vec<&Field> = fields.iter().filter(|f| travels(f)).collect();
        let fixed_name = |i: usize| quote::format_ident!("__fixed_run_{}", i);
        let size_name = |i: usize| quote::format_ident!("__run_size_{}", i);
        let fixed = members.iter().enumerate().map(|(i, f)| {
            let (ty, name) = (f.ty, fixed_name(i));
            match f.attrs.with {
                Some(_) => quote!(let #name: ::core::primitive::bool = false;),
                None => quote!(let #name: ::core::primitive::bool = <#ty as #binary::FromBinary<'de>>::FIXED_SIZE;),
            }
        });
        let sizes = members.iter().enumerate().rev().map(|(i, f)| {
            let (ty, fixed, name) = (f.ty, fixed_name(i), size_name(i));
            let rest = if i + 1 < members.len() { size_name(i + 1).into_token_stream() } else { quote!(0usize) };
            match f.attrs.with {
                Some(_) => quote!(let #name: ::core::primitive::usize = 0;),
                None => quote! {
                    let #name: ::core::primitive::usize =
                        if #fixed { <#ty as #binary::FromBinary<'de>>::MIN_SIZE.saturating_add(#rest) } else { 0 };
                },
            }
        });
        let statements = quote! {
            #(#fixed)*
            #(#sizes)*
            let mut __run = #binary::Decoder::new(&[]);
        };
        let in_run = move |field: &Field, read: TokenStream| {
            let Some(i) = members.iter().position(|m| ::core::ptr::eq(*m, field)) else {
                return read;
            };
            if field.attrs.with.is_some() {
                return read;
            }
            let (fixed, size) = (fixed_name(i), size_name(i));
            let starts_run = match i {
                0 => fixed.to_token_stream(),
                _ => {
                    let before = fixed_name(i - 1);
                    quote!(#fixed && !#before)
                }
            };
            let name = path_name(field);
            quote!({
                if #starts_run {
                    __run = __d.take_fixed(#size).map_err(|__err| #private::field_error(__err, #name))?;
                }
                let __d: &mut #binary::Decoder<'de> = if #fixed { &mut __run } else { __d };
                #read
            })
        };
        (statements, in_run)
    }

    /// `COLUMNAR` and `decode_columns` for a `#[jetwire(columnar)]` struct: every field's
    /// column in declaration order, written straight into the block's slots (through its
    /// type's `decode_column`, its `with` module, or its default for one that does not
    /// travel), except the columns of types read in element order (`COLUMN_IN_ROWS`), which
    /// are opened in their turn and written element by element once every column is read.
    fn column_items(&self, fields: &[Field]) -> TokenStream {
        let binary = self.binary;
        let private = self.private;
        let column = |index: usize| quote::format_ident!("__column{}", index);
        // Fields read through their type, which may be read in element order.
        let by_type = |f: &&Field| travels(f) && f.attrs.with.is_none();
        let columns = fields.iter().enumerate().map(|(index, f)| {
            let member = &f.member;
            let name = path_name(f);
            let place = quote!(|__p| ::core::ptr::addr_of_mut!((*__p).#member));
            if !travels(f) {
                let value = self.skipped_value(f, true);
                return quote! {
                    // SAFETY: the place is this field's, taken without a reference; this field
                    // has this column alone (the columns follow the fields in order).
                    unsafe { __fill.column_with(#name, #place, |_| ::core::result::Result::Ok(#value)) }?;
                };
            }
            if let Some((with, _)) = &f.attrs.with {
                return quote! {
                    // SAFETY: as above.
                    unsafe { __fill.column_with(#name, #place, |_| #with::from_binary(__d)) }?;
                };
            }
            let ty = f.ty;
            let column = column(index);
            quote! {
                let mut #column = if <#ty as #binary::FromBinary<'de>>::COLUMN_IN_ROWS && __fill.defer() {
                    match <#ty as #binary::FromBinary<'de>>::open_column(__d, __fill.indices()) {
                        ::core::result::Result::Ok(__column) => ::core::option::Option::Some(__column),
                        ::core::result::Result::Err(__err) => {
                            return ::core::result::Result::Err(__err.insert_field_after_index(#name));
                        }
                    }
                } else {
                    // SAFETY: as above.
                    unsafe { __fill.column::<#ty>(__d, #name, #place) }?;
                    ::core::option::Option::None
                };
            }
        });
        let deferred = fields.iter().enumerate().filter(|(_, f)| by_type(f)).map(|(index, f)| {
            let member = &f.member;
            let name = path_name(f);
            let column = column(index);
            quote! {
                if let ::core::option::Option::Some(__column) = &mut #column {
                    let __value = match #binary::ColumnReader::value(__column, __k) {
                        ::core::result::Result::Ok(__value) => __value,
                        ::core::result::Result::Err(__err) => {
                            return ::core::result::Result::Err(__err.insert_field_after_index(#name));
                        }
                    };
                    // SAFETY: every column has been read; this one was deferred (it was opened)
                    // and is written once per element, in order, each closed by `end_row`; the
                    // place is this field's.
                    unsafe {
                        __fill.put_deferred(#index, |__p| ::core::ptr::addr_of_mut!((*__p).#member), __value)
                    };
                }
            }
        });
        let rows = if fields.iter().any(|f| by_type(&f)) {
            quote! {
                if __fill.has_deferred() {
                    for __k in 0..__fill.len() {
                        #(#deferred)*
                        __fill.end_row();
                    }
                }
            }
        } else {
            TokenStream::new()
        };
        let drops = fields.iter().enumerate().map(|(index, f)| {
            let member = &f.member;
            quote! {
                // SAFETY: the caller promises that `__p` points to a value whose column
                // `#index`, this field, has been written.
                #index => unsafe { ::core::ptr::drop_in_place(::core::ptr::addr_of_mut!((*__p).#member)) },
            }
        });
        let count = fields.len();
        quote! {
            const COLUMNAR: ::core::primitive::bool = true;

            #[inline]
            fn decode_columns<'__s>(
                __d: &mut #binary::Decoder<'de>,
                __block: &'__s mut [::core::mem::MaybeUninit<Self>],
                __first: ::core::primitive::usize,
            ) -> #binary::Result<&'__s mut [Self]> {
                let __drop_field: unsafe fn(*mut Self, ::core::primitive::usize) = |__p, __column| {
                    match __column {
                        #(#drops)*
                        _ => {}
                    }
                };
                // SAFETY: column `i` below writes field `i` in declaration order and no other,
                // every field has its column, and `__drop_field` drops field `i` for column `i`.
                let mut __fill = unsafe { #private::ColumnFill::new(__block, __first, #count, __drop_field) };
                #(#columns)*
                #rows
                ::core::result::Result::Ok(__fill.finish())
            }
        }
    }

    /// The `decode_uninit` method with `body`, which writes the value into `__slot`.
    fn decode_uninit_fn(&self, body: TokenStream) -> TokenStream {
        let binary = self.binary;
        quote! {
            #[inline]
            fn decode_uninit<'__s>(
                __d: &mut #binary::Decoder<'de>,
                __slot: &'__s mut ::core::mem::MaybeUninit<Self>,
            ) -> #binary::Result<&'__s mut Self> {
                #body
            }
        }
    }

    /// `(MIN_SIZE, decode, decode_into)` of a `#[jetwire(versioned)]` struct: a byte length,
    /// then the fields the writer knew.
    fn versioned_struct(&self, fields: &[Field]) -> (TokenStream, TokenStream, TokenStream) {
        let lets = fields.iter().map(|f| {
            let binding = binding(f);
            if travels(f) {
                let missing = self.missing_value(f);
                let read = self.read_or_return(f, None);
                quote!(let #binding = if __d.is_empty() { #missing } else { #read };)
            } else {
                let value = self.skipped_value(f, true);
                quote!(let #binding = #value;)
            }
        });
        let inits = fields.iter().map(|f| {
            let member = &f.member;
            let binding = binding(f);
            quote!(#member: #binding)
        });
        let decode = quote! {
            let __body = __d.begin_versioned()?;
            #(#lets)*
            __d.end_versioned(__body);
            ::core::result::Result::Ok(Self { #(#inits,)* })
        };
        let binary = self.binary;
        let decode_into = quote! {
            *self = <Self as #binary::FromBinary<'de>>::decode(__d)?;
            ::core::result::Result::Ok(())
        };
        (quote!(1usize), decode, decode_into)
    }

    /// The `match` arms that read each variant (by index; the last one is `_`) and hand its
    /// value to `finish`: returned for `decode`, written into the slot for `decode_uninit`.
    fn variant_arms(
        &self,
        variants: &[Variant],
        finish: &dyn Fn(TokenStream) -> TokenStream,
    ) -> Vec<TokenStream> {
        let private = self.private;
        let enum_name = &self.cont.attrs.name;
        let last = variants.len() - 1;
        variants
            .iter()
            .enumerate()
            .map(|(index, v)| {
                let ident = &v.ident;
                let pattern = if index == last { quote!(_) } else { quote!(#index) };
                let value = if v.attrs.skip_deserializing.is_some() {
                    let name = variant_name(v);
                    quote!(::core::result::Result::Err(#private::unreadable_variant(__d, __at, #enum_name, #name)))
                } else {
                    let inits = v.fields.iter().map(|f| {
                        let member = &f.member;
                        let value =
                            if travels(f) { self.read_or_return(f, Some(v)) } else { self.skipped_value(f, false) };
                        quote!(#member: #value)
                    });
                    let fixed = self.variant_fixed_rebinding(v);
                    let value = finish(quote!(Self::#ident { #(#inits,)* }));
                    quote!({
                        #fixed
                        #value
                    })
                };
                quote!(#pattern => #value,)
            })
            .collect()
    }

    /// `(MIN_SIZE, decode, decode_into, decode_uninit)` of an enum: the variant index, then its
    /// fields.
    fn enumeration(&self, variants: &[Variant]) -> (TokenStream, TokenStream, TokenStream, TokenStream) {
        let private = self.private;
        let binary = self.binary;
        let enum_name = &self.cont.attrs.name;
        let count = variants.len() as u32;
        if variants.is_empty() {
            let fail = quote! {
                let __at = __d.offset();
                let __index = __d.read_variant(0u32, #enum_name)?;
                ::core::result::Result::Err(__d.unknown_variant(__at, __index as ::core::primitive::u64, 0u32, #enum_name))
            };
            return (quote!(1usize), fail, quote!(match *self {}), TokenStream::new());
        }

        let body = |arms: &[TokenStream]| {
            quote! {
                let __at = __d.offset();
                match __d.read_variant(#count, #enum_name)? as ::core::primitive::usize {
                    #(#arms)*
                }
            }
        };
        let arms = self.variant_arms(variants, &|value| quote!(::core::result::Result::Ok(#value)));
        let decode = body(&arms);
        let decode_uninit = body(
            &self.variant_arms(variants, &|value| quote!(::core::result::Result::Ok(__slot.write(#value)))),
        );

        let reuse = variants.iter().enumerate().filter(|(_, v)| v.attrs.skip_deserializing.is_none()).map(
            |(index, v)| {
                let pattern = variant_pattern(v);
                let intos = v.fields.iter().map(|f| {
                    let b = binding(f);
                    let error = self.field_error(f, Some(v));
                    if !travels(f) {
                        let value = self.skipped_value(f, false);
                        quote!(*#b = #value;)
                    } else if f.attrs.with.is_some() {
                        let value = self.read_or_return(f, Some(v));
                        quote!(*#b = #value;)
                    } else {
                        let ty = f.ty;
                        quote! {
                            if let ::core::result::Result::Err(__err) =
                                <#ty as #binary::FromBinary<'de>>::decode_into(#b, __d)
                            {
                                return ::core::result::Result::Err(#error);
                            }
                        }
                    }
                });
                // The payload taken as `decode` takes it, so that a cut input fails alike.
                let fixed = self.variant_fixed_rebinding(v);
                quote! {
                    #pattern if __index == #index => {
                        #fixed
                        #(#intos)*
                        return ::core::result::Result::Ok(());
                    }
                }
            },
        );
        let decode_into = quote! {
            let __at = __d.offset();
            let __index = __d.read_variant(#count, #enum_name)? as ::core::primitive::usize;
            match self {
                #(#reuse)*
                _ => {}
            }
            let __value: #binary::Result<Self> = match __index {
                #(#arms)*
            };
            *self = __value?;
            ::core::result::Result::Ok(())
        };

        let sizes = variants
            .iter()
            .filter(|v| v.attrs.skip_deserializing.is_none())
            .map(|v| self.min_size(&v.fields));
        let min_size = quote!(1usize.saturating_add(#private::min_of(&[#(#sizes),*])));
        (min_size, decode, decode_into, self.decode_uninit_fn(decode_uninit))
    }
}

/// Whether every one of `fields` is fixed-size (`FIXED_SIZE` through `from_binary`, the
/// `FromBinary<'de>` path): a constant expression.
fn all_fixed_size(fields: &[&Field], from_binary: &TokenStream) -> TokenStream {
    let types = fields.iter().map(|f| f.ty);
    quote!(true #(&& <#types as #from_binary>::FIXED_SIZE)*)
}

/// For `decode_uninit` of a type without drop glue: each field written into the slot as soon as
/// it is read (`value_of` gives the expression that reads it), then the slot handed back, so that
/// the decoded fields need not all be held (in registers, or spilled) until the value is complete. Without drop glue, an error after
/// some fields are written leaves nothing to drop; a type with it builds the whole value and
/// writes it at once (the code after this block), so an error drops what was read.
fn fields_in_place(fields: &[Field], value_of: &dyn Fn(&Field) -> TokenStream) -> TokenStream {
    let writes = fields.iter().map(|f| {
        let member = &f.member;
        let value = value_of(f);
        quote! {
            let __v = #value;
            // SAFETY: `__p` points to the slot, valid for writes of `Self`; the field's place
            // is taken without a reference to the uninitialized value. (Written unaligned for
            // form's sake: a packed struct cannot derive, its fields are borrowed.)
            unsafe { ::core::ptr::addr_of_mut!((*__p).#member).write_unaligned(__v) };
        }
    });
    quote! {
        if !::core::mem::needs_drop::<Self>() {
            let __p = __slot.as_mut_ptr();
            #(#writes)*
            // SAFETY: every field of `Self` was written just above.
            return ::core::result::Result::Ok(unsafe { __slot.assume_init_mut() });
        }
    }
}

/// Whether `ty` is the type `name` (or `Self`), or holds it through the pointers, tuples and
/// arrays whose `MIN_SIZE` is their contents': the fields whose `MIN_SIZE` would be computed
/// from their own container's. `Vec`, `Option` and the maps have a `MIN_SIZE` of their own (a
/// count, a tag), so a type may hold itself through them without a cycle. A type that holds
/// itself through another type needs `#[jetwire(recursive)]` on the field.
fn holds(ty: &syn::Type, name: &syn::Ident) -> bool {
    match ty {
        syn::Type::Paren(inner) => holds(&inner.elem, name),
        syn::Type::Group(inner) => holds(&inner.elem, name),
        syn::Type::Array(array) => holds(&array.elem, name),
        syn::Type::Tuple(tuple) => tuple.elems.iter().any(|elem| holds(elem, name)),
        syn::Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else { return false };
            if last.ident == *name || path.path.is_ident("Self") {
                return true;
            }
            let pointer = ["Box", "Rc", "Arc"].iter().any(|pointer| last.ident == pointer);
            let syn::PathArguments::AngleBracketed(arguments) = &last.arguments else { return false };
            pointer
                && arguments
                    .args
                    .iter()
                    .any(|argument| matches!(argument, syn::GenericArgument::Type(ty) if holds(ty, name)))
        }
        _ => false,
    }
}
