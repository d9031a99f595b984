//! `#[derive(ToBinary, FromBinary)]`: every shape, generics, the attributes that apply to the
//! binary format, the plain-data proof, and the exact bytes written.

use std::borrow::Cow;
use std::fmt::Debug;
use std::marker::PhantomData;

use jetwire::binary::{self, Error, FromBinaryOwned, Plain, PlainData};
use jetwire::{FromBinary, FromJson, ToBinary, ToJson};

/// Encodes `value`, checks the bytes, decodes them back and checks it equals `value`.
fn round_trip<T>(value: &T, expected: &[u8])
where
    T: ToBinary + FromBinaryOwned + PartialEq + Debug,
{
    let bytes = binary::to_vec(value).unwrap();
    assert_eq!(bytes, expected, "{value:?}");
    let back: T = binary::from_slice(&bytes).unwrap_or_else(|e| panic!("{value:?}: {e}"));
    assert_eq!(&back, value);
}

fn error<T: FromBinaryOwned + Debug>(bytes: &[u8]) -> Error {
    binary::from_slice::<T>(bytes).unwrap_err()
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Copy, Default)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Default)]
struct Line {
    name: String,
    from: Point,
    to: Point,
    tags: Vec<String>,
    note: Option<String>,
}

#[test]
fn named_struct_is_its_fields_in_order() {
    round_trip(&Point { x: 1, y: -2 }, &[1, 0, 0, 0, 0xFE, 0xFF, 0xFF, 0xFF]);
    let line = Line {
        name: "l".into(),
        from: Point { x: 0, y: 0 },
        to: Point { x: 3, y: 4 },
        tags: vec!["a".into(), "bc".into()],
        note: None,
    };
    let mut expected = vec![1, b'l'];
    expected.extend([0; 8]);
    expected.extend([3, 0, 0, 0, 4, 0, 0, 0]);
    expected.extend([2, 1, b'a', 2, b'b', b'c', 0]);
    round_trip(&line, &expected);
}

#[derive(ToBinary, FromBinary, Debug, PartialEq)]
struct Pair(u8, String);

#[derive(ToBinary, FromBinary, Debug, PartialEq)]
struct Meters(f64);

#[derive(ToBinary, FromBinary, Debug, PartialEq)]
struct Unit;

#[test]
fn tuple_newtype_and_unit_structs() {
    round_trip(&Pair(7, "x".into()), &[7, 1, b'x']);
    round_trip(&Meters(1.0), &1.0f64.to_le_bytes());
    round_trip(&Unit, &[]);
    assert_eq!(<Unit as FromBinary>::MIN_SIZE, 0);
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone)]
enum Shape {
    Empty,
    Circle(f32),
    Rect { w: u16, h: u16 },
    Many(Vec<Shape>),
}

#[test]
fn enums_are_a_variant_index_and_the_fields() {
    round_trip(&Shape::Empty, &[0]);
    round_trip(&Shape::Circle(1.0), &[1, 0, 0, 0x80, 0x3F]);
    round_trip(&Shape::Rect { w: 2, h: 3 }, &[2, 2, 0, 3, 0]);
    round_trip(&Shape::Many(vec![Shape::Empty, Shape::Rect { w: 1, h: 1 }]), &[3, 2, 0, 2, 1, 0, 1, 0]);
    let err = error::<Shape>(&[4]);
    assert_eq!(err.to_string(), "invalid variant index of enum Shape: expected 0 to 3, found 4 at byte 0");
    let err = error::<Shape>(&[3, 1, 9]);
    assert_eq!(err.path(), "/Many/0/0");
    assert_eq!(
        err.to_string(),
        "invalid variant index of enum Shape: expected 0 to 3, found 9 at /Many/0/0 (byte 2)"
    );
    assert_eq!(<Shape as FromBinary>::MIN_SIZE, 1);
    // A fixed-size payload is taken with one bounds check: cut short anywhere, it is an
    // end-of-input error, also when nested.
    for cut in 1..5 {
        let err = error::<Shape>(&[2, 2, 0, 3, 0][..cut]);
        assert!(err.is_eof(), "{cut}: {err}");
    }
    let err = error::<Shape>(&[3, 1, 2, 2, 0, 3]);
    assert!(err.is_eof(), "{err}");
    assert_eq!(err.path(), "/Many/0/0/Rect", "the path names the variant whose payload is cut");
}

/// Variants whose index is written in one block with their first fixed-size fields, or alone
/// before a first field that does not write a block.
#[derive(ToBinary, FromBinary, Debug, PartialEq)]
enum Payloads {
    Numbers(u8, u32),
    TextFirst(String, u16),
    NumbersFirst(u16, String, u8),
    Module(#[jetwire(with = "hex_u16")] u16, u8),
    SkippedFirst(#[jetwire(skip)] u64, i16),
    Nested((u8, [u16; 2]), Option<u8>),
}

#[test]
fn variant_indices_go_with_the_first_fields() {
    round_trip(&Payloads::Numbers(7, 1), &[0, 7, 1, 0, 0, 0]);
    round_trip(&Payloads::TextFirst("a".into(), 2), &[1, 1, b'a', 2, 0]);
    round_trip(&Payloads::NumbersFirst(3, "b".into(), 4), &[2, 3, 0, 1, b'b', 4]);
    round_trip(&Payloads::Module(0x0102, 5), &[3, 1, 2, 5]);
    round_trip(&Payloads::SkippedFirst(0, -1), &[4, 0xFF, 0xFF]);
    round_trip(&Payloads::Nested((1, [2, 3]), Some(4)), &[5, 1, 2, 0, 3, 0, 1, 4]);
    // Appended to what the output holds, as any value.
    let mut out = vec![9];
    binary::to_writer(&mut out, &[Payloads::Numbers(1, 2), Payloads::Module(3, 4)]).unwrap();
    assert_eq!(out, [9, 0, 1, 2, 0, 0, 0, 3, 0, 3, 4]);
}

#[derive(ToBinary, FromBinary, Debug, PartialEq)]
enum Never {}

#[test]
fn empty_enum_reads_nothing() {
    assert!(binary::from_slice::<Never>(&[0]).is_err());
    assert!(binary::from_slice::<Never>(&[]).unwrap_err().is_eof());
}

#[test]
fn errors_name_the_field_path() {
    let mut bytes =
        binary::to_vec(&Line { tags: vec!["ok".into(), "bad".into()], ..Line::default() }).unwrap();
    let at = bytes.len() - 3;
    bytes[at] = 0xFF;
    let err = error::<Line>(&bytes);
    assert_eq!(err.path(), "/tags/1");
    assert!(err.to_string().starts_with("invalid UTF-8 in a string: found bytes FF 64"), "{err}");
    let err = error::<Line>(&bytes[..5]);
    assert!(err.is_eof());
    // `from` and `to` are fixed-size and consecutive: one run of 16 bytes, taken at `from`.
    assert_eq!(err.path(), "/from");
    assert_eq!(err.to_string(), "unexpected end of input: expected 16 more bytes, found 4 at /from (byte 1)");
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Default)]
struct RunsAndGaps {
    id: u32,
    name: String,
    level: u16,
    scale: f32,
    on: bool,
    tags: Vec<u8>,
    #[jetwire(skip)]
    cache: u64,
    total: u64,
}

/// Consecutive fixed-size fields are read as one run with one bounds check: the encoding is
/// unchanged, and an input cut short inside a run is an end-of-input error at the run's first
/// field; elsewhere the error names the field that is cut.
#[test]
fn fixed_size_runs_read_the_same_bytes() {
    let value = RunsAndGaps {
        id: 9,
        name: "ab".into(),
        level: 3,
        scale: 0.5,
        on: true,
        tags: vec![4, 5],
        cache: 0,
        total: 6,
    };
    let mut expected = vec![9, 0, 0, 0, 2, b'a', b'b', 3, 0];
    expected.extend(0.5f32.to_le_bytes());
    expected.extend([1, 2, 4, 5]);
    expected.extend(6u64.to_le_bytes());
    round_trip(&value, &expected);
    round_trip(&vec![value.clone(), RunsAndGaps::default(), value], &{
        let mut many = vec![3];
        many.extend(&expected);
        many.extend([0; 21]); // 4 + 1 + 2 + 4 + 1 + 1 + 8 bytes, all zero
        many.extend(&expected);
        many
    });
    let field_at = |cut: usize| match cut {
        0..=3 => "/id",
        4..=6 => "/name",
        7..=13 => "/level",
        14..=16 => "/tags",
        _ => "/total",
    };
    for cut in 0..expected.len() {
        let err = error::<RunsAndGaps>(&expected[..cut]);
        assert!(err.is_eof(), "{cut}: {err}");
        assert_eq!(err.path(), field_at(cut), "cut at {cut}: {err}");
    }
    let err = error::<RunsAndGaps>(&expected[..10]);
    assert_eq!(err.to_string(), "unexpected end of input: expected 7 more bytes, found 3 at /level (byte 7)");
    let mut bad_bool = expected.clone();
    bad_bool[13] = 2;
    let err = error::<RunsAndGaps>(&bad_bool);
    assert_eq!(err.path(), "/on", "a bad value inside a run names its own field: {err}");
    assert_eq!(err.offset(), 13, "{err}");
}

// ---- attributes ----------------------------------------------------------------------------

fn seven() -> u32 {
    7
}

#[derive(ToBinary, FromBinary, ToJson, FromJson, Debug, PartialEq)]
#[jetwire(rename_all = "camelCase")]
struct Attributes<'a> {
    #[jetwire(rename = "ID", alias = "id")]
    id: u8,
    #[jetwire(skip)]
    cache: Vec<u8>,
    #[jetwire(skip, default = "seven")]
    seven: u32,
    #[jetwire(skip_serializing_if = "Option::is_none")]
    maybe: Option<u8>,
    #[jetwire(borrow)]
    text: &'a str,
    #[jetwire(with = "hex_u16")]
    code: u16,
}

/// `with` modules provide the functions of each format they are used with.
mod hex_u16 {
    use jetwire::binary::{Decoder, Encoder, Result};
    use jetwire::json::{self, Reader, Writer};

    pub fn to_binary(value: &u16, e: &mut Encoder<'_>) -> Result<()> {
        e.write_array(value.to_be_bytes());
        Ok(())
    }

    pub fn from_binary(d: &mut Decoder<'_>) -> Result<u16> {
        d.read_array().map(u16::from_be_bytes)
    }

    pub fn to_json<O: json::Output>(value: &u16, w: &mut Writer<O>) -> json::Result<()> {
        w.string(&format!("{value:04x}"))
    }

    pub fn from_json(r: &mut Reader<'_>) -> json::Result<u16> {
        let text = r.read_str()?;
        u16::from_str_radix(&text, 16).map_err(|e| r.data_error(e))
    }
}

#[test]
fn binary_ignores_names_and_skips_fields_both_ways() {
    let value = Attributes { id: 1, cache: vec![9, 9], seven: 0, maybe: None, text: "hi", code: 0x0102 };
    let bytes = binary::to_vec(&value).unwrap();
    assert_eq!(bytes, [1, 0, 2, b'h', b'i', 1, 2]);
    let back: Attributes = binary::from_slice(&bytes).unwrap();
    assert_eq!(back, Attributes { cache: vec![], seven: 7, ..value });
    assert_eq!(back.text.as_ptr(), bytes[3..].as_ptr(), "borrowed from the input");
    // The JSON side of the same type keeps working.
    let json = jetwire::json::to_string(&back).unwrap();
    assert_eq!(json, r#"{"ID":1,"text":"hi","code":"0102"}"#);
}

#[derive(ToBinary, FromBinary, Debug, PartialEq)]
struct Borrowing<'a, 'b> {
    bytes: Cow<'a, [u8]>,
    raw: &'b [u8],
    text: Cow<'a, str>,
}

#[test]
fn borrowed_fields() {
    let value = Borrowing { bytes: Cow::Borrowed(&[5, 6]), raw: &[7], text: Cow::Owned("t".into()) };
    let bytes = binary::to_vec(&value).unwrap();
    assert_eq!(bytes, [2, 5, 6, 1, 7, 1, b't']);
    let back: Borrowing = binary::from_slice(&bytes).unwrap();
    assert_eq!(back, value);
    assert!(matches!(back.bytes, Cow::Borrowed(_)) && matches!(back.text, Cow::Borrowed(_)));
}

/// `base64` changes the JSON only: in the binary format the field is a byte string that
/// borrows from the input, so the binary impl needs `'de: 'a` even though the JSON impl does not.
#[derive(ToBinary, FromBinary, ToJson, FromJson, Debug, PartialEq)]
struct Base64Bytes<'a> {
    #[jetwire(base64)]
    data: Cow<'a, [u8]>,
}

#[test]
fn base64_fields_borrow_in_binary() {
    let value = Base64Bytes { data: Cow::Borrowed(&[1, 2, 3]) };
    let bytes = binary::to_vec(&value).unwrap();
    assert_eq!(bytes, [3, 1, 2, 3]);
    let back: Base64Bytes = binary::from_slice(&bytes).unwrap();
    assert_eq!(back, value);
    assert!(matches!(back.data, Cow::Borrowed(data) if data.as_ptr() == bytes[1..].as_ptr()));
    // The JSON impl reads base64 into owned bytes: a short-lived input still gives a `'static`.
    let json: Base64Bytes<'static> = {
        let text = String::from(r#"{"data":"AQID"}"#);
        jetwire::json::from_str(&text).unwrap()
    };
    assert_eq!(json, value);
    assert_eq!(jetwire::json::to_string(&json).unwrap(), r#"{"data":"AQID"}"#);
}

#[derive(ToBinary, FromBinary, Debug, PartialEq)]
enum WithSkipped {
    A(u8),
    #[jetwire(skip)]
    Hidden(String),
    B {
        x: u8,
        #[jetwire(skip)]
        y: u8,
    },
}

#[test]
fn skipped_variants_keep_the_indices_stable() {
    round_trip(&WithSkipped::B { x: 3, y: 0 }, &[2, 3]);
    let err = binary::to_vec(&WithSkipped::Hidden("h".into())).unwrap_err();
    assert_eq!(err.to_string(), "the enum variant WithSkipped::Hidden cannot be serialized");
    let err = error::<WithSkipped>(&[1, 1, b'h']);
    assert_eq!(err.to_string(), "the enum variant WithSkipped::Hidden cannot be deserialized at byte 0");
    let back: WithSkipped = binary::from_slice(&[2, 3]).unwrap();
    assert_eq!(back, WithSkipped::B { x: 3, y: 0 });
}

// ---- generics ------------------------------------------------------------------------------

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Copy)]
struct Vec3<T> {
    x: T,
    y: T,
    z: T,
}

#[derive(ToBinary, FromBinary, Debug, PartialEq)]
struct Tagged<'a, K, V, M> {
    key: K,
    values: Vec<V>,
    #[jetwire(skip)]
    marker: PhantomData<M>,
    label: Cow<'a, str>,
    pairs: Vec<(K, V)>,
}

#[derive(ToBinary, FromBinary, Debug, PartialEq)]
enum Either<L, R> {
    Left(L),
    Right(R),
}

/// An expression tree that holds itself through `Box`es, alone, in tuples and in arrays: the
/// fields that hold the type itself count as no bytes in its `MIN_SIZE`.
#[derive(ToBinary, FromBinary, ToJson, FromJson, Debug, PartialEq, Clone)]
enum Expr {
    Num(f64),
    Add(Box<Expr>, Box<Expr>),
    Neg { inner: Box<Self> },
    Tagged((u8, Box<Expr>)),
    Pair([Box<Expr>; 2]),
}

/// A generic tree through `Box` and `Arc`.
#[derive(ToBinary, FromBinary, Debug, PartialEq)]
enum Tree<T> {
    Leaf(T),
    Node(Box<Tree<T>>, std::sync::Arc<Tree<T>>),
}

/// Two types that hold each other: one of the two fields that close the cycle says so.
#[derive(ToBinary, FromBinary, ToJson, FromJson, Debug, PartialEq)]
enum Statement {
    Eval(#[jetwire(recursive)] Box<Condition>),
    Block(Vec<Statement>),
}

#[derive(ToBinary, FromBinary, ToJson, FromJson, Debug, PartialEq)]
enum Condition {
    Const(bool),
    If(Box<Condition>, Box<Statement>),
}

#[test]
fn recursive_types() {
    use binary::FromBinary as _;
    let num = |n: f64| Box::new(Expr::Num(n));
    let expr = Expr::Add(
        Box::new(Expr::Neg { inner: num(1.0) }),
        Box::new(Expr::Pair([num(2.0), Box::new(Expr::Tagged((7, num(3.0))))])),
    );
    let mut expected = vec![1, 2, 0];
    expected.extend(1f64.to_le_bytes());
    expected.extend([4, 0]);
    expected.extend(2f64.to_le_bytes());
    expected.extend([3, 7, 0]);
    expected.extend(3f64.to_le_bytes());
    round_trip(&expr, &expected);
    assert_eq!(jetwire::json::from_str::<Expr>(&jetwire::json::to_string(&expr).unwrap()).unwrap(), expr);
    // The variant index is all that every value takes.
    assert_eq!(Expr::MIN_SIZE, 1);
    assert_eq!(error::<Expr>(&expected[..expected.len() - 1]).path(), "/Add/1/Pair/0/1/Tagged/0/1/Num");

    let leaf = |n: u16| Tree::Leaf(n);
    let tree = Tree::Node(Box::new(leaf(1)), std::sync::Arc::new(Tree::Node(leaf(2).into(), leaf(3).into())));
    round_trip(&tree, &[1, 0, 1, 0, 1, 0, 2, 0, 0, 3, 0]);

    let statement = Statement::Block(vec![
        Statement::Eval(Box::new(Condition::Const(true))),
        Statement::Eval(Box::new(Condition::If(
            Box::new(Condition::Const(false)),
            Box::new(Statement::Block(vec![])),
        ))),
    ]);
    round_trip(&statement, &[1, 2, 0, 0, 1, 0, 1, 0, 0, 1, 0]);
    assert_eq!((Statement::MIN_SIZE, Condition::MIN_SIZE), (1, 2));
    let json = jetwire::json::to_string(&statement).unwrap();
    assert_eq!(jetwire::json::from_str::<Statement>(&json).unwrap(), statement);

    // However deep the input nests, the decoder stops at its depth limit.
    let deep: Vec<u8> = [1, 1].repeat(10_000).into_iter().chain([1, 0]).collect();
    let err = error::<Statement>(&deep);
    assert_eq!(err.category(), binary::Category::Limit, "{err}");
    let deep: Vec<u8> = [2].repeat(100_000).into_iter().chain([0; 8]).collect();
    assert_eq!(error::<Expr>(&deep).category(), binary::Category::Limit);
}

#[test]
fn generic_types() {
    round_trip(&Vec3 { x: 1u8, y: 2, z: 3 }, &[1, 2, 3]);
    round_trip(&vec![Vec3 { x: 1.0f32, y: 2.0, z: 3.0 }], &{
        let mut b = vec![1];
        for v in [1.0f32, 2.0, 3.0] {
            b.extend(v.to_le_bytes());
        }
        b
    });
    /// Not `Default`, not encodable: only used in the skipped `PhantomData`.
    #[derive(Debug, PartialEq)]
    struct Opaque;
    let value: Tagged<'_, u8, i16, Opaque> = Tagged {
        key: 1,
        values: vec![-1],
        marker: PhantomData,
        label: Cow::Borrowed("L"),
        pairs: vec![(2, 3)],
    };
    let bytes = binary::to_vec(&value).unwrap();
    assert_eq!(bytes, [1, 1, 0xFF, 0xFF, 1, b'L', 1, 2, 3, 0]);
    let back: Tagged<'_, u8, i16, Opaque> = binary::from_slice(&bytes).unwrap();
    assert_eq!(back, value);
    round_trip(&Either::<u8, String>::Right("r".into()), &[1, 1, b'r']);
}

#[test]
fn default_bounds_for_skipped_fields() {
    /// `C` is only in a skipped field: reading needs `C: Default`, writing nothing.
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    struct Cached<T, C> {
        value: T,
        #[jetwire(skip)]
        cache: C,
    }
    let bytes = binary::to_vec(&Cached { value: 1u8, cache: vec![9u8] }).unwrap();
    assert_eq!(bytes, [1]);
    let back: Cached<u8, Vec<u8>> = binary::from_slice(&bytes).unwrap();
    assert_eq!(back, Cached { value: 1, cache: vec![] });

    /// The container's `Default` fills the skipped field: `Self: Default` is required.
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    #[jetwire(default)]
    struct Labelled<T> {
        value: T,
        #[jetwire(skip)]
        label: String,
    }
    impl<T: From<u8>> Default for Labelled<T> {
        fn default() -> Self {
            Labelled { value: T::from(7), label: "default".into() }
        }
    }
    let bytes = binary::to_vec(&Labelled { value: 1u32, label: "x".into() }).unwrap();
    assert_eq!(bytes, [1, 0, 0, 0]);
    let back: Labelled<u32> = binary::from_slice(&bytes).unwrap();
    assert_eq!(back, Labelled { value: 1, label: "default".into() });
}

// ---- plain data ----------------------------------------------------------------------------

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Copy)]
struct Padded {
    a: u8,
    b: u32,
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Copy)]
#[repr(C)]
struct Reordered {
    a: u32,
    b: u16,
    c: u8,
    d: u8,
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Copy)]
struct Nested {
    position: Vec3<f32>,
    ids: [u16; 2],
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Copy)]
struct HasBool {
    x: u8,
    flag: bool,
}

/// Its field types are not plain by themselves, but the type says it is.
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Copy)]
#[repr(C)]
#[jetwire(plain)]
struct Asserted {
    rgba: [u8; 4],
    weight: f32,
}

// SAFETY: repr(C), a `[u8; 4]` then an `f32` at offset 4: no padding, any bytes valid.
unsafe impl PlainData for Asserted {}

fn is_plain<T: ToBinary + for<'de> FromBinary<'de>>() -> bool {
    let to: Plain<T> = <T as ToBinary>::IS_PLAIN;
    let from: Plain<T> = <T as FromBinary>::IS_PLAIN;
    assert_eq!(to.get(), from.get());
    to.get()
}

#[test]
fn plain_proof() {
    assert!(is_plain::<Point>());
    assert!(is_plain::<Vec3<f64>>());
    assert!(is_plain::<Nested>());
    assert!(is_plain::<Reordered>());
    assert!(is_plain::<Asserted>());
    assert!(is_plain::<[Vec3<u16>; 4]>());
    assert!(!is_plain::<Padded>(), "padding");
    assert!(!is_plain::<HasBool>(), "bool is not plain");
    assert!(!is_plain::<Vec3<bool>>());
    assert!(!is_plain::<Line>());
    assert!(!is_plain::<Shape>());
    assert!(!is_plain::<Unit>(), "no fields");
    // Tuples: plain when their elements are and lie in order with no padding (tuple layout is
    // the compiler's choice, so the expectation is computed from the layout itself).
    let in_order = std::mem::offset_of!((f32, f32), 1) == 4;
    assert_eq!(is_plain::<(f32, f32)>(), in_order);
    assert!(in_order, "this compiler keeps equal-alignment tuple elements in order");
    assert_eq!(is_plain::<(u32, i32, f32)>(), std::mem::offset_of!((u32, i32, f32), 2) == 8);
    assert!(!is_plain::<(u8, u32)>(), "padding");
    assert!(!is_plain::<(u32, bool)>(), "bool is not plain");
    assert!(!is_plain::<(u32, String)>());
    // Fixed-size (one bounds check per value) is wider than plain: bools and padding allowed.
    const { assert!(<HasBool as FromBinary>::FIXED_SIZE && <Padded as FromBinary>::FIXED_SIZE) };
    const { assert!(!<Line as FromBinary>::FIXED_SIZE && !<v1::Profile as FromBinary>::FIXED_SIZE) };
    assert_eq!(<Padded as FromBinary>::MIN_SIZE, 5);
}

// ---- raw structs ---------------------------------------------------------------------------

/// The Waypoints workload's element: 24 bytes in memory, 23 on the wire, with a `bool`.
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Copy)]
struct Waypoint {
    latitude: f64,
    longitude: f64,
    elevation: f32,
    id: u16,
    visited: bool,
}

/// The same encoding as [`Waypoint`], read field by field: a `PhantomData` field takes no
/// bytes but is not raw, so the struct is not either.
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Copy)]
struct WaypointFieldByField {
    latitude: f64,
    longitude: f64,
    elevation: f32,
    id: u16,
    visited: bool,
    marker: PhantomData<()>,
}

impl From<WaypointFieldByField> for Waypoint {
    fn from(w: WaypointFieldByField) -> Self {
        Waypoint {
            latitude: w.latitude,
            longitude: w.longitude,
            elevation: w.elevation,
            id: w.id,
            visited: w.visited,
        }
    }
}

/// A raw struct (with padding at its end) followed by another field: the field would lie in
/// that padding's place on the wire but after it in memory.
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Copy)]
#[repr(C)]
struct AfterPadding {
    point: Waypoint,
    tail: u8,
}

/// A raw struct as the last field: its padding is the outer struct's padding.
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Copy)]
#[repr(C)]
struct EndsWithPadding {
    id: u64,
    point: Waypoint,
}

/// Whether `T` is raw, which its reading and its writing side must agree on.
fn is_raw<T: ToBinary + for<'de> FromBinary<'de>>() -> bool {
    let read = <T as FromBinary>::RAW.get();
    assert_eq!(<T as ToBinary>::RAW.get(), read, "{}: the two sides disagree", std::any::type_name::<T>());
    read
}

#[test]
fn raw_proof() {
    use std::mem::offset_of;
    // Where the compiler chooses the layout, the expectation is computed from the layout.
    let waypoint_in_order = offset_of!(Waypoint, longitude) == 8
        && offset_of!(Waypoint, elevation) == 16
        && offset_of!(Waypoint, id) == 20
        && offset_of!(Waypoint, visited) == 22;
    assert_eq!(is_raw::<Waypoint>(), waypoint_in_order);
    assert!(waypoint_in_order, "this compiler keeps fields sorted by alignment in order");
    assert!(!is_plain::<Waypoint>(), "a bool and a padding byte");
    assert_eq!(is_raw::<HasBool>(), offset_of!(HasBool, flag) == 1);
    assert!(is_raw::<Vec3<bool>>());
    assert!(is_raw::<EndsWithPadding>());
    assert!(!is_raw::<AfterPadding>(), "a field after a raw struct's padding");
    assert!(!is_raw::<WaypointFieldByField>(), "PhantomData is not raw");
    assert!(!is_raw::<Padded>(), "the u32 lies before the u8 in memory");
    assert!(!is_raw::<Line>());
    assert!(!is_raw::<Shape>(), "enums are not raw");
    // Plain data is raw: its memory is its encoding, and any bytes are valid.
    assert!(is_raw::<Point>() && is_raw::<Reordered>() && is_raw::<Asserted>() && is_raw::<Nested>());
    assert!(is_raw::<u64>() && is_raw::<f32>() && is_raw::<bool>() && is_raw::<[u16; 3]>());
    assert!(!is_raw::<char>() && !is_raw::<Option<u8>>() && !is_raw::<String>());
    // The checks answer for exactly `MIN_SIZE` bytes, and say no (never panic) to other lengths.
    assert!(<Waypoint as FromBinary>::raw_bytes_valid(&[0; 23]));
    assert!(!<Waypoint as FromBinary>::raw_bytes_valid(&[2; 23]), "the bool byte");
    assert!(!<Waypoint as FromBinary>::raw_bytes_valid(&[0; 5]));
    assert!(!<Waypoint as FromBinary>::raw_bytes_valid(&[0; 24]));
    assert!(!<bool as FromBinary>::raw_bytes_valid(&[]) && !<bool as FromBinary>::raw_bytes_valid(&[1, 0]));
}

/// A raw struct reads what the same fields read one by one: the values, alone and in `Vec`s
/// (new ones, and ones read into, which copy every element and check them all at once), and
/// for bytes that are not a value (a `bool` byte above 1, input cut short) the same error, at
/// the same place.
#[test]
fn raw_structs_read_what_field_by_field_reads() {
    let points: Vec<Waypoint> = (0..5u16)
        .map(|i| Waypoint {
            latitude: f64::from(i) * 1.5 - 3.0,
            longitude: -f64::from(i),
            elevation: f32::from(i) * 100.0,
            id: i * 1000,
            visited: i % 2 == 1,
        })
        .collect();
    let bytes = binary::to_vec(&points).unwrap();
    assert_eq!(bytes.len(), 1 + 5 * 23);
    let back: Vec<Waypoint> = binary::from_slice(&bytes).unwrap();
    assert_eq!(back, points);
    let single = binary::to_vec(&(7u8, points[3], EndsWithPadding { id: 9, point: points[1] })).unwrap();
    let (seven, point, ends): (u8, Waypoint, EndsWithPadding) = binary::from_slice(&single).unwrap();
    assert_eq!((seven, point, ends), (7, points[3], EndsWithPadding { id: 9, point: points[1] }));

    // Every byte of the `Vec`'s encoding, in turn, set to each of a few values, and the input
    // cut at every length: both reads agree on every outcome.
    let cases = damaged_and_cut(&bytes, &[0, 1, 2, 0x80, 0xFF]);
    // Compared bit for bit: damaged floats may be NaNs.
    let bits =
        |w: Waypoint| (w.latitude.to_bits(), w.longitude.to_bits(), w.elevation.to_bits(), w.id, w.visited);
    for case in &cases {
        let raw = binary::from_slice::<Vec<Waypoint>>(case)
            .map(|v| v.into_iter().map(bits).collect::<Vec<_>>())
            .map_err(|e| e.to_string());
        let by_field = binary::from_slice::<Vec<WaypointFieldByField>>(case)
            .map(|v| v.into_iter().map(|w| bits(w.into())).collect::<Vec<_>>())
            .map_err(|e| e.to_string());
        assert_eq!(raw, by_field, "{case:?}");
        // Into a `Vec` that holds other values, longer and shorter: what a new one reads.
        for held in [&points[..1], &points[..], &[points[4]; 9][..]] {
            let mut into = held.to_vec();
            let outcome = binary::from_slice_into(case, &mut into).map_err(|e| e.to_string());
            assert_eq!(
                outcome.map(|()| into.into_iter().map(bits).collect::<Vec<_>>()),
                by_field,
                "into {} values: {case:?}",
                held.len()
            );
        }
    }
    let mut bad = bytes.clone();
    bad[1 + 3 * 23 + 22] = 2;
    assert_eq!(
        error::<Vec<Waypoint>>(&bad).to_string(),
        "invalid bool: expected 0 or 1, found 0x02 at /3/visited (byte 92)"
    );
}

/// A raw struct writes (as one copy of the start of its memory) what the same fields write one
/// by one: alone, inside other structs, and in `Vec`s.
#[test]
fn raw_structs_write_what_field_by_field_writes() {
    let by_field: Vec<WaypointFieldByField> = (0..40u16)
        .map(|i| WaypointFieldByField {
            latitude: f64::from_bits(0x0123_4567_89AB_CDEF_u64.rotate_left(u32::from(i))),
            longitude: if i % 3 == 0 { f64::NAN } else { -f64::from(i) },
            elevation: f32::from_bits(0x89AB_CDEF_u32.rotate_right(u32::from(i))),
            id: i.wrapping_mul(40_503),
            visited: i % 2 == 1,
            marker: PhantomData,
        })
        .collect();
    let raw: Vec<Waypoint> = by_field.iter().copied().map(Waypoint::from).collect();
    assert!(<Waypoint as ToBinary>::RAW.get() && !<WaypointFieldByField as ToBinary>::RAW.get());
    assert_eq!(binary::to_vec(&raw).unwrap(), binary::to_vec(&by_field).unwrap());
    // Nested raw structs, in a `Vec`: each element one copy of 31 bytes.
    assert!(<EndsWithPadding as ToBinary>::RAW.get());
    let nested: Vec<EndsWithPadding> = raw
        .iter()
        .enumerate()
        .map(|(i, &point)| EndsWithPadding { id: i as u64 * 0x0101_0101, point })
        .collect();
    let nested_by_field: Vec<(u64, WaypointFieldByField)> =
        by_field.iter().enumerate().map(|(i, &fields)| (i as u64 * 0x0101_0101, fields)).collect();
    assert_eq!(binary::to_vec(&nested).unwrap(), binary::to_vec(&nested_by_field).unwrap());
    for (point, fields) in raw.iter().zip(&by_field) {
        assert_eq!(binary::to_vec(point).unwrap(), binary::to_vec(fields).unwrap());
        let outer = binary::to_vec(&(EndsWithPadding { id: 7, point: *point }, 9u8)).unwrap();
        assert_eq!(outer, binary::to_vec(&(7u64, fields, 9u8)).unwrap());
        let after = binary::to_vec(&AfterPadding { point: *point, tail: 3 }).unwrap();
        assert_eq!(after, binary::to_vec(&(fields, 3u8)).unwrap());
    }
}

/// `bytes` cut at every length, and with each byte in turn set to each of `values`.
fn damaged_and_cut(bytes: &[u8], values: &[u8]) -> Vec<Vec<u8>> {
    let mut cases: Vec<Vec<u8>> = (0..=bytes.len()).map(|at| bytes[..at].to_vec()).collect();
    for at in 0..bytes.len() {
        for &value in values {
            let mut damaged = bytes.to_vec();
            damaged[at] = value;
            cases.push(damaged);
        }
    }
    cases
}

/// With a `&str` name, a struct without drop glue: `decode_uninit` writes its fields into the
/// slot one by one. With a `String`, it has drop glue and is built whole, then written.
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone)]
struct Entry<S> {
    name: S,
    code: u16,
    size: u64,
    #[jetwire(skip, default = "seven")]
    seven: u32,
    flag: bool,
    mark: char,
}

/// A tuple struct with a `with` field and a skipped one: no drop glue with a `u32` in the middle,
/// drop glue with a [`Wrapped`].
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone)]
struct Coded<M>(#[jetwire(with = "hex_u16")] u16, M, #[jetwire(skip)] u8, bool);

/// Reading a struct field by field into its slot gives what building it whole gives: the same
/// values, or for damaged or cut input the same error at the same place.
#[test]
fn structs_read_in_place_read_what_whole_values_read() {
    assert!(!std::mem::needs_drop::<Entry<&str>>() && std::mem::needs_drop::<Entry<String>>());
    let entries: Vec<Entry<&str>> = ["", "a", "caf\u{e9}", "long enough to be a longer name"]
        .iter()
        .enumerate()
        .map(|(i, &name)| Entry {
            name,
            code: i as u16 * 300,
            size: 1 << (i * 20),
            seven: 7,
            flag: i % 2 == 0,
            mark: 'x',
        })
        .collect();
    let bytes = binary::to_vec(&entries).unwrap();
    let back: Vec<Entry<&str>> = binary::from_slice(&bytes).unwrap();
    assert_eq!(back, entries);
    let owned = |e: Entry<&str>| Entry {
        name: e.name.to_owned(),
        code: e.code,
        size: e.size,
        seven: e.seven,
        flag: e.flag,
        mark: e.mark,
    };
    for case in damaged_and_cut(&bytes, &[0, 1, 2, 0x7F, 0xC3, 0xFF]) {
        let in_place = binary::from_slice::<Vec<Entry<&str>>>(&case)
            .map(|v| v.into_iter().map(owned).collect::<Vec<_>>())
            .map_err(|e| e.to_string());
        let whole = binary::from_slice::<Vec<Entry<String>>>(&case).map_err(|e| e.to_string());
        assert_eq!(in_place, whole, "{case:?}");
    }

    assert!(!std::mem::needs_drop::<Coded<u32>>() && std::mem::needs_drop::<Coded<Wrapped>>());
    let coded: Vec<Coded<u32>> =
        (0..3).map(|i| Coded(0x1234 + i, 70_000 * u32::from(i), 0, i == 1)).collect();
    let bytes = binary::to_vec(&coded).unwrap();
    let back: Vec<Coded<u32>> = binary::from_slice(&bytes).unwrap();
    assert_eq!(back, coded);
    for case in damaged_and_cut(&bytes, &[0, 1, 2, 0xFF]) {
        let in_place = binary::from_slice::<Vec<Coded<u32>>>(&case)
            .map(|v| v.into_iter().map(|c| (c.0, Some(c.1), c.2, c.3)).collect::<Vec<_>>())
            .map_err(|e| e.to_string());
        let whole = binary::from_slice::<Vec<Coded<Wrapped>>>(&case)
            .map(|v| v.into_iter().map(|c| (c.0, c.1.0, c.2, c.3)).collect::<Vec<_>>())
            .map_err(|e| e.to_string());
        assert_eq!(in_place, whole, "{case:?}");
    }
}

/// A `u32` read through a type with drop glue (the `Coded<Wrapped>` twin is built whole).
#[derive(Debug, PartialEq, Default, Clone)]
struct Wrapped(Option<u32>, Vec<u8>);

impl<'de> FromBinary<'de> for Wrapped {
    // Fixed-size like `u32`, so that the twins read their fields in the same runs.
    const MIN_SIZE: usize = 4;
    const FIXED_SIZE: bool = true;
    fn decode(d: &mut binary::Decoder<'de>) -> binary::Result<Self> {
        Ok(Wrapped(Some(u32::decode(d)?), Vec::new()))
    }
}

/// `ENCODED_SIZE` is the exact length every value writes, for structs of fixed-width fields
/// (bools and padding included), and `None` wherever a value's length can vary.
#[test]
fn encoded_size_is_exact_where_it_is_known() {
    fn encoded_len<T: ToBinary>(value: &T) -> usize {
        binary::to_vec(value).unwrap().len()
    }
    let padded = Padded { a: 1, b: 2 };
    assert_eq!(<Padded as ToBinary>::ENCODED_SIZE, Some(encoded_len(&padded)));
    let nested = Nested { position: Vec3 { x: 1.5, y: -2.0, z: 0.25 }, ids: [7, 0x0102] };
    assert_eq!(<Nested as ToBinary>::ENCODED_SIZE, Some(encoded_len(&nested)));
    assert_eq!(<[Padded; 3] as ToBinary>::ENCODED_SIZE, Some(3 * encoded_len(&padded)));
    assert!(<HasBool as ToBinary>::ENCODED_SIZE.is_some());
    assert_eq!(<Line as ToBinary>::ENCODED_SIZE, None);
    assert_eq!(<Shape as ToBinary>::ENCODED_SIZE, None, "enums vary by variant");
    assert_eq!(<v1::Profile as ToBinary>::ENCODED_SIZE, None, "versioned structs carry a length");
    assert_eq!(<Vec<u8> as ToBinary>::ENCODED_SIZE, None);
}

/// A fixed-size element that owns memory and counts its drops: a `Vec` of them that fails
/// halfway must drop exactly the elements it had decoded.
#[derive(Debug)]
struct Counted(#[allow(dead_code)] Box<u32>);

static COUNTED_DROPS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl Drop for Counted {
    fn drop(&mut self) {
        COUNTED_DROPS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

impl<'de> FromBinary<'de> for Counted {
    const MIN_SIZE: usize = 4;
    const FIXED_SIZE: bool = true;

    fn decode(decoder: &mut binary::Decoder<'de>) -> binary::Result<Self> {
        match decoder.read_u32()? {
            7 => Err(decoder.error(format_args!("seven is refused"))),
            n => Ok(Counted(Box::new(n))),
        }
    }
}

#[test]
fn a_fixed_size_vec_that_fails_halfway_drops_what_it_decoded() {
    let mut bytes = vec![4];
    for n in [1u32, 2, 7, 3] {
        bytes.extend(n.to_le_bytes());
    }
    let err = binary::from_slice::<Vec<Counted>>(&bytes).unwrap_err();
    assert!(err.to_string().contains("seven is refused"), "{err}");
    assert_eq!(err.path().to_string(), "/2");
    assert_eq!(COUNTED_DROPS.load(std::sync::atomic::Ordering::Relaxed), 2);
    bytes[9] = 5;
    let all = binary::from_slice::<Vec<Counted>>(&bytes).unwrap();
    assert_eq!(all.len(), 4);
    drop(all);
    assert_eq!(COUNTED_DROPS.load(std::sync::atomic::Ordering::Relaxed), 6);
}

/// A `Vec` of plain tuples moves as one memory copy and writes exactly what element-by-element
/// encoding writes; tuples with padding still go element by element.
#[test]
fn plain_tuples_write_the_same_bytes_as_element_by_element() {
    let pairs: Vec<(f32, f32)> = (0..50).map(|i| (i as f32 * 0.5, -(i as f32))).collect();
    let mut expected = vec![50];
    for (x, y) in &pairs {
        expected.extend(x.to_le_bytes());
        expected.extend(y.to_le_bytes());
    }
    round_trip(&pairs, &expected);
    let mut target: Vec<(f32, f32)> = Vec::with_capacity(100);
    binary::from_slice_into(&expected, &mut target).unwrap();
    assert_eq!(target, pairs);
    let padded: Vec<(u8, u32)> = vec![(1, 2), (3, 4)];
    round_trip(&padded, &[2, 1, 2, 0, 0, 0, 3, 4, 0, 0, 0]);
    let err = error::<Vec<(f32, f32)>>(&expected[..expected.len() - 1]);
    assert!(err.is_eof(), "{err}");
}

#[test]
fn plain_values_write_the_same_bytes_as_field_by_field() {
    let nested = Nested { position: Vec3 { x: 1.5, y: -2.0, z: 0.25 }, ids: [7, 0x0102] };
    let mut expected = Vec::new();
    for v in [1.5f32, -2.0, 0.25] {
        expected.extend(v.to_le_bytes());
    }
    expected.extend([7, 0, 2, 1]);
    round_trip(&nested, &expected);
    let many = vec![nested; 3];
    let bytes = binary::to_vec(&many).unwrap();
    assert_eq!(bytes.len(), 1 + 3 * 16);
    assert_eq!(&bytes[1..17], expected);
    let back: Vec<Nested> = binary::from_slice(&bytes).unwrap();
    assert_eq!(back, many);
    round_trip(&Padded { a: 1, b: 2 }, &[1, 2, 0, 0, 0]);
    round_trip(&Reordered { a: 1, b: 2, c: 3, d: 4 }, &[1, 0, 0, 0, 2, 0, 3, 4]);
    round_trip(&Asserted { rgba: [1, 2, 3, 4], weight: 1.0 }, &[1, 2, 3, 4, 0, 0, 0x80, 0x3F]);
    let arrays = [[Point { x: 1, y: 2 }; 2]; 2];
    let bytes = binary::to_vec(&arrays).unwrap();
    assert_eq!(bytes.len(), 32);
    assert_eq!(binary::from_slice::<[[Point; 2]; 2]>(&bytes).unwrap(), arrays);
    let err = error::<Vec<Point>>(&[3, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert!(err.is_eof(), "{err}");
}

/// Fixed-width fields of every kind that write blocks, nested in each other.
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone)]
struct Mixed {
    flag: bool,
    letter: char,
    pair: (u16, i64),
    corner: Padded,
    unit: (),
    grid: [[u8; 3]; 2],
    size: usize,
    ratio: f64,
}

/// A struct whose encoding (321 bytes) exceeds the stack block.
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone)]
struct Big {
    head: u8,
    table: [u64; 40],
}

/// Values written in one block (`WRITES_BLOCK`) come out byte for byte as the field-by-field
/// writes of the format: alone, in `Vec`s, as map entries, and past the stack block's size.
#[test]
fn block_writes_match_field_by_field() {
    const { assert!(<Mixed as ToBinary>::WRITES_BLOCK && <Big as ToBinary>::WRITES_BLOCK) };
    const { assert!(<(u8, Padded) as ToBinary>::WRITES_BLOCK && <Box<Mixed> as ToBinary>::WRITES_BLOCK) };
    const { assert!(!<Line as ToBinary>::WRITES_BLOCK && !<Shape as ToBinary>::WRITES_BLOCK) };
    const { assert!(!<v1::Profile as ToBinary>::WRITES_BLOCK && !<(u8, String) as ToBinary>::WRITES_BLOCK) };

    let mixed = Mixed {
        flag: true,
        letter: 'é',
        pair: (0x0102, -2),
        corner: Padded { a: 9, b: 0x0A0B0C0D },
        unit: (),
        grid: [[1, 2, 3], [4, 5, 6]],
        size: 300,
        ratio: 0.5,
    };
    let mut expected = Vec::new();
    let mut e = binary::Encoder::new(&mut expected);
    e.write_bool(true);
    e.write_u32('é' as u32);
    e.write_u16(0x0102);
    e.write_u64(-2i64 as u64);
    e.write_u8(9);
    e.write_u32(0x0A0B0C0D);
    e.write_bytes(&[1, 2, 3, 4, 5, 6]);
    e.write_u64(300);
    e.write_u64(0.5f64.to_bits());
    assert_eq!(<Mixed as ToBinary>::ENCODED_SIZE, Some(expected.len()));
    round_trip(&mixed, &expected);

    let many = vec![mixed.clone(); 3];
    let mut bytes = vec![0xAA, 0xBB];
    binary::to_writer(&mut bytes, &many).unwrap();
    assert_eq!(bytes[..3], [0xAA, 0xBB, 3], "appends after what the buffer held");
    assert_eq!(bytes.len(), 3 + 3 * expected.len());
    for chunk in bytes[3..].chunks(expected.len()) {
        assert_eq!(chunk, expected);
    }
    assert_eq!(binary::from_slice::<Vec<Mixed>>(&bytes[2..]).unwrap(), many);

    let map: std::collections::BTreeMap<u16, (u8, bool)> = [(1, (2, true)), (0x0304, (5, false))].into();
    let bytes = binary::to_vec(&map).unwrap();
    assert_eq!(bytes, [2, 1, 0, 2, 1, 4, 3, 5, 0]);
    assert_eq!(binary::from_slice::<std::collections::BTreeMap<u16, (u8, bool)>>(&bytes).unwrap(), map);
    let set: std::collections::BTreeSet<u32> = [7, 0x0102_0304].into();
    assert_eq!(binary::to_vec(&set).unwrap(), [2, 7, 0, 0, 0, 4, 3, 2, 1]);
    let many: std::collections::HashMap<i32, Padded> =
        (0..300).map(|i| (i - 150, Padded { a: i as u8, b: i as u32 * 3 })).collect();
    let bytes = binary::to_vec(&many).unwrap();
    assert_eq!(bytes.len(), 3 + 300 * 9, "a three-byte length, then 300 entries of 4 + 5 bytes");
    let mut expected = Vec::new();
    for (key, value) in &many {
        expected.extend(key.to_le_bytes());
        expected.push(value.a);
        expected.extend(value.b.to_le_bytes());
    }
    assert_eq!(&bytes[3..], expected, "the map's iteration order, each entry as its fields");
    assert_eq!(binary::from_slice::<std::collections::HashMap<i32, Padded>>(&bytes).unwrap(), many);

    let big = Big { head: 7, table: std::array::from_fn(|i| i as u64 * 0x0101_0101) };
    let mut expected = vec![7];
    for n in big.table {
        expected.extend(n.to_le_bytes());
    }
    round_trip(&big, &expected);
    let mut out = vec![0xAA];
    binary::to_writer(&mut out, &big).unwrap();
    assert_eq!(out[0], 0xAA, "appends after what the buffer held");
    assert_eq!(&out[1..], expected);
    let bigs = vec![big.clone(); 2];
    let bytes = binary::to_vec(&bigs).unwrap();
    assert_eq!((bytes[0], &bytes[1..322], &bytes[322..]), (2, &expected[..], &expected[..]));
}

/// Block writes of element types that are not plain (so the per-element path runs, not one
/// memory copy): arrays, tuples, boxes and a generic struct, alone, as fields and in `Vec`s.
#[test]
fn block_writes_of_non_plain_elements_match_field_by_field() {
    #[derive(ToBinary, FromBinary, Debug, PartialEq, Clone)]
    struct Arrays {
        flags: [bool; 3],
        letters: [char; 2],
        pairs: [(u8, u16); 2],
        padded: [Padded; 2],
    }
    #[derive(ToBinary, FromBinary, Debug, PartialEq, Clone)]
    struct Triple<T> {
        x: T,
        y: T,
        z: T,
    }
    const { assert!(<Arrays as ToBinary>::WRITES_BLOCK && <Triple<bool> as ToBinary>::WRITES_BLOCK) };
    const { assert!(!<Arrays as ToBinary>::IS_PLAIN.as_block()) };

    let value = Arrays {
        flags: [true, false, true],
        letters: ['a', '€'],
        pairs: [(1, 0x0203), (4, 0x0506)],
        padded: [Padded { a: 7, b: 8 }, Padded { a: 9, b: 10 }],
    };
    let mut expected = Vec::new();
    let mut e = binary::Encoder::new(&mut expected);
    [true, false, true].iter().for_each(|&b| e.write_bool(b));
    ['a', '€'].iter().for_each(|&c| e.write_u32(c as u32));
    for (a, b) in [(1u8, 0x0203u16), (4, 0x0506)] {
        e.write_u8(a);
        e.write_u16(b);
    }
    for (a, b) in [(7u8, 8u32), (9, 10)] {
        e.write_u8(a);
        e.write_u32(b);
    }
    assert_eq!(<Arrays as ToBinary>::ENCODED_SIZE, Some(expected.len()));
    round_trip(&value, &expected);
    round_trip(&value.padded, &expected[expected.len() - 10..]);
    let many = vec![value.clone(); 3];
    let bytes = binary::to_vec(&many).unwrap();
    assert_eq!(bytes[0], 3);
    assert!(bytes[1..].chunks(expected.len()).all(|chunk| chunk == expected));

    let pairs = vec![(1u8, true), (2, false)];
    assert_eq!(binary::to_vec(&pairs).unwrap(), [2, 1, 1, 2, 0]);
    let boxes = vec![Box::new(Padded { a: 1, b: 2 }), Box::new(Padded { a: 3, b: 4 })];
    assert_eq!(binary::to_vec(&boxes).unwrap(), [2, 1, 2, 0, 0, 0, 3, 4, 0, 0, 0]);
    round_trip(&Triple { x: true, y: false, z: true }, &[1, 0, 1]);
    round_trip(&vec![Triple { x: 1u16, y: 2, z: 3 }; 2], &[2, 1, 0, 2, 0, 3, 0, 1, 0, 2, 0, 3, 0]);
}

/// A value whose `encode_block` panics halfway through a slice, or through a block too large
/// for the stack: the output keeps what was written before it, and nothing after.
#[test]
fn a_panicking_block_write_leaves_the_output_as_it_was() {
    /// A block of `N` copies of its byte; zero is refused with a panic once the block is filled.
    struct Refusing<const N: usize>(u8);
    impl<const N: usize> ToBinary for Refusing<N> {
        const ENCODED_SIZE: Option<usize> = Some(N);
        const WRITES_BLOCK: bool = true;
        fn encode(&self, encoder: &mut binary::Encoder<'_>) -> binary::Result<()> {
            encoder.write_block(self);
            Ok(())
        }
        fn encode_block(&self, block: &mut [u8]) {
            block[..N].fill(self.0);
            assert!(self.0 != 0, "zero is refused");
        }
    }
    let mut out = vec![0xAA];
    let slice: [Refusing<2>; 4] = [Refusing(1), Refusing(2), Refusing(0), Refusing(3)];
    let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        binary::to_writer(&mut out, &slice[..]).unwrap();
    }));
    assert!(panicked.is_err());
    assert_eq!(out, [0xAA, 4], "the length prefix stays; no element bytes are exposed");
    out.truncate(1);
    binary::to_writer(&mut out, &slice[..2]).unwrap();
    assert_eq!(out, [0xAA, 2, 1, 1, 2, 2], "the buffer is reusable");

    let mut out = vec![0xBB];
    let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        binary::to_writer(&mut out, &Refusing::<300>(0)).unwrap();
    }));
    assert!(panicked.is_err());
    assert_eq!(out, [0xBB], "a large block is taken back");
    binary::to_writer(&mut out, &Refusing::<300>(5)).unwrap();
    assert_eq!(out.len(), 301);
    assert!(out[1..].iter().all(|&b| b == 5));
}

/// Invalid data inside a fixed-size variant payload keeps the variant's and the field's path,
/// and the offset of the bad byte in the whole input.
#[test]
fn errors_inside_fixed_variant_payloads_name_variant_and_field() {
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    enum Kind {
        Empty,
        Pair(u8, char),
    }
    round_trip(&Kind::Pair(3, 'x'), &[1, 3, b'x', 0, 0, 0]);
    let err = error::<Vec<Kind>>(&[2, 0, 1, 3, 0, 0xD8, 0, 0]);
    assert_eq!(err.path(), "/1/Pair/1");
    assert_eq!(err.offset(), 4, "{err}");
    let err = error::<Vec<Kind>>(&[2, 0, 1, 3, 0]);
    assert!(err.is_eof(), "{err}");
    assert_eq!(err.path(), "/1/Pair");
}

/// A hand-written `WRITES_BLOCK` type without `ENCODED_SIZE` breaks the trait's contract: the
/// encoder refuses it with a panic that says so, never writes garbage.
#[test]
#[should_panic(expected = "write_block needs ENCODED_SIZE")]
fn writes_block_without_a_size_panics() {
    struct Broken;
    impl ToBinary for Broken {
        const WRITES_BLOCK: bool = true;
        fn encode(&self, encoder: &mut binary::Encoder<'_>) -> binary::Result<()> {
            encoder.write_block(self);
            Ok(())
        }
    }
    let _ = binary::to_vec(&Broken);
}

// ---- decode_uninit -------------------------------------------------------------------------

/// Decodes `bytes` through `decode_uninit`, as collections do.
fn decode_uninit<T: FromBinaryOwned + Debug>(bytes: &[u8]) -> Result<T, Error> {
    let mut slot = std::mem::MaybeUninit::uninit();
    let mut decoder = binary::Decoder::new(bytes);
    T::decode_uninit(&mut decoder, &mut slot)?;
    // SAFETY: `decode_uninit` succeeded, so the slot holds a value.
    let value = unsafe { slot.assume_init() };
    decoder.finish()?;
    Ok(value)
}

/// The derived `decode_uninit` of structs and enums builds the value in its slot: the same
/// value as `decode`, and at every cut of the input the same error.
#[test]
fn derived_decode_uninit_agrees_with_decode() {
    let line = Line {
        name: "line".into(),
        from: Point { x: 1, y: -1 },
        to: Point { x: 7, y: 9 },
        tags: vec!["a".into(), "bc".into()],
        note: Some("n".into()),
    };
    let shape = Shape::Many(vec![Shape::Empty, Shape::Circle(1.5), Shape::Rect { w: 2, h: 3 }]);
    fn check<T: ToBinary + FromBinaryOwned + Debug + PartialEq>(value: &T) {
        let bytes = binary::to_vec(value).unwrap();
        assert_eq!(&decode_uninit::<T>(&bytes).unwrap(), value);
        for cut in 0..bytes.len() {
            let by_decode = binary::from_slice::<T>(&bytes[..cut]).unwrap_err();
            let by_uninit = decode_uninit::<T>(&bytes[..cut]).unwrap_err();
            assert_eq!(by_uninit.to_string(), by_decode.to_string(), "cut at {cut}");
        }
    }
    check(&line);
    check(&shape);
    check(&Point { x: -5, y: 5 });
    check(&vec![line]);
    check(&vec![shape.clone(), shape]);
}

/// A hand-written `decode_uninit` that hands back some other value than its slot breaks the
/// trait's contract: a `Vec` refuses it with a panic, never counts an unwritten element.
#[test]
#[should_panic(expected = "decode_uninit returned another value than its slot")]
fn decode_uninit_returning_another_value_panics() {
    // Not zero-sized: every reference to a zero-sized value may share one address.
    struct Elsewhere(#[allow(dead_code)] u8);
    impl<'de> FromBinary<'de> for Elsewhere {
        fn decode(decoder: &mut binary::Decoder<'de>) -> binary::Result<Self> {
            u8::decode(decoder).map(Elsewhere)
        }
        fn decode_uninit<'s>(
            decoder: &mut binary::Decoder<'de>,
            _slot: &'s mut std::mem::MaybeUninit<Self>,
        ) -> binary::Result<&'s mut Self> {
            Self::decode(decoder).map(|value| &mut *Box::leak(Box::new(value)))
        }
    }
    let _ = binary::from_slice::<Vec<Elsewhere>>(&[2, 0, 0]);
}

// ---- decode_into ---------------------------------------------------------------------------

#[test]
fn decode_into_reuses_allocations() {
    let source =
        Line { name: "new".into(), tags: vec!["t1".into()], note: Some("n".into()), ..Line::default() };
    let bytes = binary::to_vec(&source).unwrap();
    let mut target = Line {
        name: String::with_capacity(100),
        tags: vec![String::with_capacity(50), "drop".into()],
        note: Some(String::with_capacity(30)),
        ..Line::default()
    };
    let (name_ptr, tag_ptr, note_ptr) =
        (target.name.as_ptr(), target.tags[0].as_ptr(), target.note.as_ref().unwrap().as_ptr());
    binary::from_slice_into(&bytes, &mut target).unwrap();
    assert_eq!(target, source);
    assert_eq!(target.name.as_ptr(), name_ptr);
    assert_eq!(target.tags[0].as_ptr(), tag_ptr);
    assert_eq!(target.note.as_ref().unwrap().as_ptr(), note_ptr);

    let mut shape = Shape::Many(vec![Shape::Empty; 10]);
    let Shape::Many(items) = &shape else { unreachable!() };
    let items_ptr = items.as_ptr();
    let bytes = binary::to_vec(&Shape::Many(vec![Shape::Circle(2.0)])).unwrap();
    binary::from_slice_into(&bytes, &mut shape).unwrap();
    assert_eq!(shape, Shape::Many(vec![Shape::Circle(2.0)]));
    let Shape::Many(items) = &shape else { unreachable!() };
    assert_eq!(items.as_ptr(), items_ptr, "same variant: the Vec is reused");
    binary::from_slice_into(&[0], &mut shape).unwrap();
    assert_eq!(shape, Shape::Empty);

    let mut skipped = Attributes { id: 0, cache: vec![1], seven: 1, maybe: Some(1), text: "", code: 0 };
    let bytes = [1, 0, 2, b'h', b'i', 1, 2];
    binary::from_slice_into(&bytes, &mut skipped).unwrap();
    assert_eq!(skipped, binary::from_slice(&bytes).unwrap(), "the same value as from_slice");
}

// ---- versioned -----------------------------------------------------------------------------

mod v1 {
    use super::*;

    #[derive(ToBinary, FromBinary, Debug, PartialEq, Clone)]
    #[jetwire(versioned)]
    pub struct Profile {
        pub id: u32,
        pub name: String,
    }

    #[derive(ToBinary, FromBinary, Debug, PartialEq, Clone)]
    pub struct Envelope {
        pub profiles: Vec<Profile>,
        pub trailer: u8,
    }
}

mod v2 {
    use super::*;

    fn unknown() -> String {
        "unknown".into()
    }

    #[derive(ToBinary, FromBinary, Debug, PartialEq, Clone)]
    #[jetwire(versioned)]
    pub struct Profile {
        pub id: u32,
        pub name: String,
        pub email: Option<String>,
        #[jetwire(default)]
        pub logins: u64,
        #[jetwire(default = "unknown")]
        pub country: String,
    }

    #[derive(ToBinary, FromBinary, Debug, PartialEq, Clone)]
    pub struct Envelope {
        pub profiles: Vec<Profile>,
        pub trailer: u8,
    }

    #[derive(ToBinary, FromBinary, Debug, PartialEq, Clone)]
    #[jetwire(versioned)]
    pub struct Strict {
        pub id: u32,
        pub required: u8,
    }
}

#[test]
fn versioned_frames_the_body_with_its_length() {
    round_trip(&v1::Profile { id: 1, name: "a".into() }, &[6, 1, 0, 0, 0, 1, b'a']);
    let long = v1::Profile { id: 1, name: "x".repeat(300) };
    let bytes = binary::to_vec(&long).unwrap();
    assert_eq!(&bytes[..3], [0xF9, 0x33, 0x01], "307 bytes of body");
    assert_eq!(binary::from_slice::<v1::Profile>(&bytes).unwrap(), long);
    assert!(!is_plain::<v1::Profile>());
}

#[test]
fn old_reader_skips_appended_fields() {
    let new = v2::Envelope {
        profiles: vec![
            v2::Profile {
                id: 1,
                name: "a".into(),
                email: Some("a@x".into()),
                logins: 9,
                country: "fr".into(),
            },
            v2::Profile { id: 2, name: "b".into(), email: None, logins: 0, country: "".into() },
        ],
        trailer: 0xAB,
    };
    let bytes = binary::to_vec(&new).unwrap();
    let old: v1::Envelope = binary::from_slice(&bytes).unwrap();
    assert_eq!(
        old,
        v1::Envelope {
            profiles: vec![v1::Profile { id: 1, name: "a".into() }, v1::Profile { id: 2, name: "b".into() }],
            trailer: 0xAB,
        }
    );
}

#[test]
fn new_reader_defaults_missing_trailing_fields() {
    let old = v1::Envelope { profiles: vec![v1::Profile { id: 1, name: "a".into() }], trailer: 7 };
    let bytes = binary::to_vec(&old).unwrap();
    let new: v2::Envelope = binary::from_slice(&bytes).unwrap();
    assert_eq!(
        new,
        v2::Envelope {
            profiles: vec![v2::Profile {
                id: 1,
                name: "a".into(),
                email: None,
                logins: 0,
                country: "unknown".into()
            }],
            trailer: 7,
        }
    );
    // A field without a default that the writer did not have is an error.
    let err = error::<v2::Strict>(&[4, 1, 0, 0, 0]);
    assert_eq!(err.path(), "");
    assert_eq!(
        err.to_string(),
        "missing field `required`: the data was written by a version of Strict without it, and it has no \
         default at byte 5"
    );
    // A field cut in the middle is an error too.
    let err = error::<v2::Profile>(&[7, 1, 0, 0, 0, 1, b'a', 1]);
    assert_eq!(err.path(), "/email");
    assert!(err.is_eof(), "{err}");
    // The body's length is checked against the input.
    assert!(error::<v1::Profile>(&[9, 1, 0, 0, 0, 1, b'a']).is_eof());
}

// ---- bounds ----------------------------------------------------------------------------------

#[derive(ToBinary, FromBinary, Debug, PartialEq)]
#[jetwire(bound(to_binary = "T: ToBinary", from_binary = "T: FromBinary<'de>"))]
struct Explicit<T> {
    inner: Box<T>,
}

#[test]
fn explicit_bounds() {
    round_trip(&Explicit { inner: Box::new(5u8) }, &[5]);
}

// Hygiene (shadowed std names, no prelude): `derive_hygiene.rs`, for both formats.

/// Runs of consecutive fixed-size fields (one block written, one bounds check read) are broken
/// by a field written `with` a module and bridged over skipped fields: the bytes stay the fields'
/// bytes in declaration order, both ways.
#[derive(ToBinary, FromBinary, Debug, PartialEq)]
struct RunsAroundWith {
    a: u32,
    b: u8,
    #[jetwire(with = "hex_u16")]
    code: u16,
    c: u16,
    #[jetwire(skip)]
    skipped: u64,
    d: i8,
    name: String,
    e: (u8, bool),
    #[jetwire(with = "hex_u16")]
    last: u16,
}

#[test]
fn runs_of_fixed_fields_keep_declaration_order_around_with_fields() {
    let value = RunsAroundWith {
        a: 0x0403_0201,
        b: 5,
        code: 0x0607,
        c: 0x0908,
        skipped: 0,
        d: -1,
        name: "x".to_owned(),
        e: (10, true),
        last: 0x0B0C,
    };
    let bytes = binary::to_vec(&value).unwrap();
    assert_eq!(bytes, [1, 2, 3, 4, 5, 6, 7, 8, 9, 0xFF, 1, b'x', 10, 1, 0x0B, 0x0C]);
    assert_eq!(binary::from_slice::<RunsAroundWith>(&bytes).unwrap(), value);
    // Cut short inside the run after the `with` field: an error, never a misread.
    assert!(binary::from_slice::<RunsAroundWith>(&bytes[..8]).is_err());
}
