//! `#[derive(ToJson, FromJson, ToBinary, FromBinary)]` for jetwire.
//!
//! Use it through the `jetwire` facade, which re-exports the derives next to the traits of the
//! same names:
//!
//! ```ignore
//! use jetwire::{FromJson, ToJson};
//!
//! #[derive(ToJson, FromJson)]
//! #[jetwire(rename_all = "camelCase")]
//! struct Order<'a> {
//!     order_id: u64,
//!     note: &'a str,            // borrowed from the input
//!     lines: Vec<Line>,
//!     total: Option<f64>,       // may be absent
//! }
//! ```
//!
//! The derive parses the type and its `#[jetwire(...)]` attributes into one internal model
//! (`internals`), checks them, reporting every mistake at once at its span, and then generates
//! code for each format (`json`, `binary`). Generated code lives in `const _: () = { ... };`
//! and reaches the runtime only through `::jetwire` (or the path given by `crate = "..."`):
//! `jetwire::json` and `jetwire::binary` for the traits, readers and writers, and the hidden
//! `jetwire::__private` for helpers.
//! See docs/architecture.md in the repository for how the crates fit together.
//!
//! # Shapes
//!
//! | Rust | JSON |
//! | --- | --- |
//! | `struct S { a: A, b: B }` | `{"a": .., "b": ..}` |
//! | `struct S(A, B)` | `[.., ..]`, exactly that many elements |
//! | `struct S(A)` (newtype) | the field itself, as serde does |
//! | `struct S;` | `null` |
//! | enum, unit variant | `"Variant"` (also read from `{"Variant": null}`) |
//! | enum, other variants | `{"Variant": payload}`, the payload as for structs |
//!
//! Structs with named fields (and struct variants) are read from objects only; serde also
//! accepts an array of the fields in order.
//!
//! Reading an object matches each key's raw bytes against the field names and aliases as byte
//! strings, without allocating (a key with escapes is decoded first). A field that appears twice
//! is an error, unknown fields are skipped (or an error under `deny_unknown_fields`), and a
//! missing field takes its `default`, else its type's absent value (`None` for `Option`), else is
//! a "missing field" error. Errors carry the JSON Pointer path of the value that failed.
//! Writing emits each property name as a byte string escaped at compile time.
//!
//! # Enum representations
//!
//! As serde's, chosen with container attributes:
//!
//! - externally tagged (default): `"Unit"`, `{"Variant": payload}`;
//! - internally tagged, `tag = "t"`: `{"t": "Variant", ...fields}`. Struct and unit variants,
//!   and newtype variants whose field is a struct with named fields or a map (its properties
//!   are written next to the tag); tuple variants are a compile error;
//! - adjacently tagged, `tag = "t", content = "c"`: `{"t": "Variant", "c": payload}` (the content
//!   may come first; a unit variant has no content);
//! - untagged, `untagged`: the payload alone; reading tries each variant in order and the first
//!   that reads the value wins, else the error "data did not match any variant of untagged enum
//!   E".
//!
//! # Container attributes
//!
//! - `#[jetwire(rename_all = "...")]`: renames every field of a struct, or every variant of an
//!   enum, by one of serde's rules: `"lowercase"`, `"UPPERCASE"`, `"PascalCase"`,
//!   `"camelCase"`, `"snake_case"`, `"SCREAMING_SNAKE_CASE"`, `"kebab-case"`,
//!   `"SCREAMING-KEBAB-CASE"`. Fields are taken to be snake_case and variants PascalCase. A
//!   field or variant with its own `rename` keeps it.
//! - `#[jetwire(deny_unknown_fields)]`: an unknown property is an error ("unknown field `x`,
//!   expected one of ...") instead of being skipped. On an enum it applies to its struct
//!   variants and to the tag object of internally and adjacently tagged enums.
//! - `#[jetwire(tag = "t")]`: on an enum, the internally tagged representation; on a struct with
//!   named fields, writes `"t": "StructName"` first and accepts (and skips) that property when
//!   reading.
//! - `#[jetwire(tag = "t", content = "c")]`: the adjacently tagged representation (enums only).
//! - `#[jetwire(untagged)]`: the untagged representation (enums only).
//! - `#[jetwire(transparent)]`: a struct with exactly one field that is not skipped is written
//!   and read as that field (newtype structs already are).
//! - `#[jetwire(default)]` or `#[jetwire(default = "path")]`: on a struct with named fields,
//!   missing fields take their value from `Default::default()` (or `path()`) of the struct.
//! - `#[jetwire(bound = "T: Trait, ...")]`: the where-predicates of both impls, replacing the
//!   inferred ones; `#[jetwire(bound(to_json = "...", from_json = "..."))]` sets them per impl.
//!   Predicates for `FromJson` may name the input lifetime `'de`.
//! - `#[jetwire(crate = "path")]`: where the runtime is, for code that renames or re-exports
//!   the `jetwire` crate (default `::jetwire`).
//!
//! # Variant attributes
//!
//! - `#[jetwire(rename = "name")]`: the variant's name on the wire.
//! - `#[jetwire(alias = "name")]`: a further name accepted when reading; repeatable.
//! - `#[jetwire(rename_all = "...")]`: renames the fields of this struct variant.
//! - `#[jetwire(other)]`: on a unit variant, the variant read for any unknown tag (not in
//!   untagged enums), whatever payload comes with it. This differs from serde on purpose:
//!   serde reads an externally or adjacently tagged `other` only with a unit payload (`null`,
//!   or no content), so a newer writer's variant that carries data, the usual case, fails to
//!   read and `other` misses its purpose. jetwire skips the payload (checked as JSON, never
//!   kept), so old readers go on reading data from newer writers.
//! - `#[jetwire(skip)]`: never read; writing it is an error. `skip_serializing` and
//!   `skip_deserializing` do one half.
//!
//! # Field attributes
//!
//! - `#[jetwire(rename = "name")]`: the field's name on the wire.
//! - `#[jetwire(alias = "name")]`: a further name accepted when reading; repeatable.
//! - `#[jetwire(skip)]`: neither written nor read; reading fills it with its `default`, the
//!   container's default, or `Default::default()`. `skip_serializing` and `skip_deserializing`
//!   do one half.
//! - `#[jetwire(skip_serializing_if = "path")]`: not written when `path(&field)` is true (named
//!   fields only).
//! - `#[jetwire(default)]` or `#[jetwire(default = "path")]`: the value of a missing field,
//!   `Default::default()` or `path()`.
//! - `#[jetwire(flatten)]`: the field's own properties (a struct with named fields, a map, or an
//!   `Option` or `Box` of one) are written into, and read from, this object. Reading streams:
//!   each property the struct does not know goes to the first flattened field that takes it (a
//!   map takes everything), nothing is buffered and borrowing from the input still works;
//!   unknown properties are then skipped or denied by this struct's `deny_unknown_fields`.
//!   Unlike serde, a property goes to one flattened field only, never to two, and a flattened
//!   `Option<T>` whose `T` takes a property of the wrong type is that property's error (serde
//!   gives `None`, losing the value). Enums cannot be flattened (a struct with named fields that
//!   holds the enum can).
//! - `#[jetwire(with = "module")]`: written with `module::to_json(&T, &mut Writer<O>) ->
//!   Result<()>` and read with `module::from_json(&mut Reader<'de>) -> Result<T>`. Such a field
//!   has no absent value: it is required unless it has a `default`.
//! - `#[jetwire(borrow)]` or `#[jetwire(borrow = "'a + 'b")]`: documents (and checks) that the
//!   field borrows from the input. The derive borrows without it: every lifetime parameter
//!   used by a field that is read is outlived by the input lifetime, as in
//!   `impl<'de: 'a, 'a> FromJson<'de> for Order<'a>`, so `&'a str`, `Cow<'a, str>` and
//!   containers of them borrow. It is an error on a field whose type has no lifetime.
//! - `#[jetwire(base64)]`: a byte field (`Vec<u8>`, `[u8; N]`, `Box<[u8]>`, `Cow<[u8]>`,
//!   `bytes::Bytes` with jetwire's `bytes` feature, or an `Option` of one) written as a string
//!   of standard base64 with padding; reading it always allocates.
//! - `#[jetwire(bound = "...")]`: where-predicates for this field, replacing the bounds inferred
//!   from its type; `bound(to_json = "...", from_json = "...")` sets them per impl.
//! - `#[jetwire(complete)]`: in a typed read of a document still arriving
//!   (`jetwire::json::partial::PartialReader::value_as`), the field reads as absent (`None`,
//!   or its `default`) until its whole value has arrived, instead of showing the value so far
//!   (a string's prefix, an array's first elements). For a field whose partial value would
//!   mislead, such as a URL, a number's digits or a command's arguments. Named fields only;
//!   every other read ignores it.
//!
//! # serde's attributes
//!
//! On a type that also derives serde's traits, `#[serde(...)]` attributes are read too, with
//! the same meanings, for whatever no `#[jetwire(...)]` attribute sets: adding `ToJson,
//! FromJson` to a serde type gives the same JSON with nothing written twice.
//!
//! - Read as jetwire's: on containers `rename_all`, `deny_unknown_fields`, `tag`, `content`,
//!   `untagged`, `transparent`, `default`; on variants `rename`, `alias`, `rename_all`,
//!   `other`, `skip`, `skip_serializing`, `skip_deserializing`; on fields `rename`, `alias`,
//!   `skip`, `skip_serializing`, `skip_deserializing`, `skip_serializing_if`, `default`,
//!   `flatten`, `borrow`. A jetwire attribute of the same name wins; a field's jetwire
//!   `alias`es replace serde's.
//! - Passed over, since they concern serde's traits alone: `bound`, `crate`, a container's
//!   `rename` and `expecting`.
//! - Compile errors that say what to write instead, since jetwire cannot call serde's functions
//!   or conversions: `with`, `serialize_with`, `deserialize_with` and `getter` (unless the
//!   field has a jetwire `with` or `skip`), `from`, `try_from`, `into`, `remote`,
//!   `rename_all_fields`, `variant_identifier`, `field_identifier`, and a variant's
//!   `untagged` or `borrow`.
//! - `#[jetwire(ignore_serde)]` on a container, variant or field reads no serde attribute there
//!   (nor, on a container or variant, inside it).
//!
//! The derives declare `serde` as one of their attributes, so the attributes keep working after
//! serde's derives are removed.
//!
//! # Generic bounds
//!
//! A type parameter `T` used by a field that is written gets `T: ToJson` in the `ToJson` impl,
//! and one used by a field that is read gets `T: FromJson<'de>` (flattened fields:
//! `FlattenToJson` / `FlattenFromJson<'de>`; fields filled by `Default::default()`: `Default`).
//! Parameters used only in skipped fields, `PhantomData`, `with` or `base64` fields get none;
//! `T::Assoc` field types are bounded themselves. `bound` replaces the inference.
//!
//! # Binary format
//!
//! `#[derive(ToBinary, FromBinary)]` writes a struct as its fields in declaration order and an
//! enum as a varint variant index (the declaration index, skipped variants counted) followed by
//! its fields; `docs/binary-format.md` specifies the bytes. Attributes about names and JSON
//! shapes (`rename`, `rename_all`, `alias`, `tag`, `content`, `untagged`, `transparent`,
//! `flatten`, `deny_unknown_fields`, `skip_serializing_if`, `base64`) leave the binary encoding
//! as it is. The others mean:
//!
//! - `#[jetwire(skip)]` on a field: neither written nor read; reading gives its `default`, the
//!   container's, or `Default::default()`. In this positional format `skip_serializing` and
//!   `skip_deserializing` each skip both directions. On a variant: writing it is an error,
//!   reading its index is an error, and the other variants keep their indices.
//! - `#[jetwire(default)]` / `default = "path"`: the value of a skipped field, and in a
//!   versioned struct the value of a field that older data does not have.
//! - `#[jetwire(with = "module")]`: written with `module::to_binary(&T, &mut Encoder<'_>) ->
//!   Result<()>` and read with `module::from_binary(&mut Decoder<'de>) -> Result<T>` (a module
//!   used by both formats provides the four functions).
//! - `#[jetwire(borrow)]`: as for JSON; `&'a str`, `&'a [u8]` and `Cow<'a, str>` borrow from the
//!   input.
//! - `#[jetwire(bound = "...")]`: as for JSON; `bound(to_binary = "...", from_binary = "...")`
//!   sets the predicates of one binary impl.
//! - `#[jetwire(recursive)]` on a field of a type that holds itself through another type
//!   (`enum Statement { Eval(#[jetwire(recursive)] Box<Condition>), .. }` where `Condition` holds a
//!   `Box<Statement>`). `FromBinary::MIN_SIZE`, the fewest bytes a value takes, is computed from
//!   the fields' at compile time, and through `Box`, `Rc`, `Arc`, tuples and arrays such a cycle
//!   would compute itself ("cycle detected when ... `MIN_SIZE`"); the marked field counts as no
//!   bytes instead, which keeps it a lower bound. Fields that hold their own type
//!   (`Box<Self>`, `Box<Expr>` in `Expr`, `(u8, Rc<Tree<T>>)` in `Tree<T>`) are found without the
//!   attribute, and `Vec`, `Option` and the maps break the cycle by themselves. JSON ignores it.
//! - `#[jetwire(versioned)]` on a struct: the fields are framed by their byte length, so that a
//!   reader that knows fewer trailing fields skips the rest, and a reader that knows more gives
//!   the missing trailing ones their `default`, the container's, or their type's absent value
//!   (`None` for an `Option`), else fails with "missing field". Only appending fields keeps data
//!   compatible.
//! - `#[jetwire(plain)]` on a struct with an `unsafe impl PlainData`: its values, and `Vec`s
//!   and arrays of them, move as memory blocks on the type's word. Without it, the derive proves
//!   plainness by itself when every field is plain and the fields lie in declaration order with
//!   no padding (checked at compile time). A struct of numbers and `bool`s whose fields lie in
//!   declaration order with padding only after the last is *raw* (also proved at compile time):
//!   written as one copy of the start of its memory, read as one copy and a check of its
//!   `bool`s (for a `Vec` of them, one check after all the copies). A struct with enums, padding
//!   between fields, `skip` or `with` fields is written and read field by field. `plain` with a
//!   layout that has gaps is a compile error.
//! - `#[jetwire(columnar)]` on a struct: `Vec`s, slices, boxed slices and `VecDeque`s of it are
//!   laid out in columns, blocks of 128 elements written field by field, with a string field's
//!   column as every length and then every string's bytes (the format spec, "Column layout").
//!   A single value is unchanged. Borrowed reads of string-heavy records get faster (the
//!   benchmark's log lines: about 1.9 times), writes a little faster, owned reads a few percent
//!   slower (owned strings are still made element by element). It cannot be combined with
//!   `versioned` or `plain`.
//!
//! # Mistakes
//!
//! Unknown attributes, values of the wrong kind, duplicated attributes and combinations that
//! make no sense (`content` without `tag`, `tag` on a tuple struct, `transparent` with more than
//! one field, `flatten` with `skip`, `other` on a variant with fields, `borrow` on a field
//! without a lifetime, two fields with one name, ...) are compile errors at the attribute or
//! item at fault, all reported together.

mod binary;
mod bound;
mod internals;
mod json;
mod wrap;

use proc_macro::TokenStream;

/// Derives `jetwire::json::ToJson`; see the crate documentation for the attributes.
#[proc_macro_derive(ToJson, attributes(jetwire, serde))]
pub fn derive_to_json(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    json::expand_to_json(&input).unwrap_or_else(syn::Error::into_compile_error).into()
}

/// Derives `jetwire::json::FromJson`; see the crate documentation for the attributes.
#[proc_macro_derive(FromJson, attributes(jetwire, serde))]
pub fn derive_from_json(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    json::expand_from_json(&input).unwrap_or_else(syn::Error::into_compile_error).into()
}

/// Derives `jetwire::binary::ToBinary`; see the crate documentation, "Binary format".
#[proc_macro_derive(ToBinary, attributes(jetwire, serde))]
pub fn derive_to_binary(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    binary::expand_to_binary(&input).unwrap_or_else(syn::Error::into_compile_error).into()
}

/// Derives `jetwire::binary::FromBinary`; see the crate documentation, "Binary format".
#[proc_macro_derive(FromBinary, attributes(jetwire, serde))]
pub fn derive_from_binary(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    binary::expand_from_binary(&input).unwrap_or_else(syn::Error::into_compile_error).into()
}
