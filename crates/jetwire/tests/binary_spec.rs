//! The binary format's specification, `docs/binary-format.md`, checked against jetwire.
//!
//! This file holds a *reference encoder*, [`Spec`], written only from the specification's text
//! (each rule cites the section, and usually the sentence, it comes from), never from the
//! sources of `jetwire-binary` or `jetwire-derive`. Property tests generate values of derived
//! types that between them use every rule of the document, and check for every value that
//!
//! - jetwire's encoder (`binary::to_vec`) writes exactly the reference's bytes, and
//! - jetwire's decoder (`binary::from_slice`) reads the reference's bytes back as the value
//!   (floats compared by their bits, so NaN payloads and signs count).
//!
//! Targeted tests then check the reference against the spec's own worked examples, the reading
//! rules that are not about a single value's bytes (map entries in any order, versioned bodies
//! with fewer or more fields than the reader's type), and the spellings the spec says a decoder
//! rejects (over-long varints, bools other than 0 and 1, `Option` tags other than 0 and 1,
//! surrogate `char`s, the index of a skipped variant, a versioned body that ends mid-field, ...).
//!
//! Why: the spec claims to be "precise enough to write a compatible encoder or decoder in any
//! language". An encoder written from it alone, agreeing with jetwire on random values of every
//! shape, is the evidence: a case where the two disagree is either a bug in jetwire or a gap in
//! the document.

#![cfg(all(feature = "derive", feature = "binary"))]

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::fmt::Debug;
use std::marker::PhantomData;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use jetwire::binary::{self, Category, FromBinaryOwned};
use jetwire::{FromBinary, ToBinary};
use proptest::collection::{btree_map, btree_set, hash_map, hash_set, vec};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError};

// =============================================================================================
// The reference encoder
// =============================================================================================

/// "Column layout": "the elements are cut into blocks of 128 (`COLUMN_BLOCK`; the last block
/// holds the rest ...)".
const BLOCK: usize = 128;

/// A reference encoder for the jetwire binary format, version 1, written from
/// `docs/binary-format.md` alone. Each method is one rule of the document.
#[derive(Default)]
struct Spec {
    out: Vec<u8>,
}

/// How one field of a `#[jetwire(columnar)]` struct is laid out in a block ("Column layout").
enum Column<T> {
    /// "A string column ... is every string's length as a varint, then every string's bytes,
    /// one string after the other with nothing between."
    Str(fn(&T) -> &str),
    /// "Every other column is its values one after the other", each encoded by its type.
    Values(fn(&mut Spec, &T)),
}

impl Spec {
    /// The bytes that `write` produces.
    fn bytes(write: impl FnOnce(&mut Spec)) -> Vec<u8> {
        let mut spec = Spec::default();
        write(&mut spec);
        spec.out
    }

    fn raw(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
    }

    // ---- "Varint" ----------------------------------------------------------------------

    /// "`00`..`F7` (0..247): the value is `b`"; "`F8` + n − 1 (`F8`..`FF`), n = 1..8: the
    /// value is the next n bytes, little-endian"; "The long form must use the fewest bytes".
    fn varint(&mut self, value: u64) {
        if value <= 247 {
            self.out.push(value as u8);
        } else {
            // The fewest bytes that hold the value: the smallest n with value < 256^n.
            let n = (1..8).find(|&n| value >> (8 * n) == 0).unwrap_or(8);
            self.out.push(0xF8 + (n as u8 - 1));
            self.raw(&value.to_le_bytes()[..n]);
        }
    }

    /// "Used for lengths (strings, byte strings, sequences, sets, maps, versioned bodies)".
    fn len(&mut self, len: usize) {
        self.varint(len as u64);
    }

    // ---- "Scalars": "Integers and floats take their natural width, least significant byte
    // first" -------------------------------------------------------------------------------

    fn u8(&mut self, v: u8) {
        self.raw(&[v]);
    }
    fn u16(&mut self, v: u16) {
        self.raw(&v.to_le_bytes());
    }
    fn u32(&mut self, v: u32) {
        self.raw(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.raw(&v.to_le_bytes());
    }
    fn u128(&mut self, v: u128) {
        self.raw(&v.to_le_bytes());
    }
    /// "1 byte (two's complement)".
    fn i8(&mut self, v: i8) {
        self.raw(&v.to_le_bytes());
    }
    fn i16(&mut self, v: i16) {
        self.raw(&v.to_le_bytes());
    }
    fn i32(&mut self, v: i32) {
        self.raw(&v.to_le_bytes());
    }
    fn i64(&mut self, v: i64) {
        self.raw(&v.to_le_bytes());
    }
    fn i128(&mut self, v: i128) {
        self.raw(&v.to_le_bytes());
    }
    /// "`usize`, `isize`: as `u64`, `i64` (8 bytes, on every host)".
    fn usize(&mut self, v: usize) {
        self.u64(v as u64);
    }
    fn isize(&mut self, v: isize) {
        self.i64(v as i64);
    }
    /// "IEEE 754 binary32/binary64 bits, little-endian; every bit pattern accepted".
    fn f32(&mut self, v: f32) {
        self.u32(v.to_bits());
    }
    fn f64(&mut self, v: f64) {
        self.u64(v.to_bits());
    }
    /// "1 byte: `00` false, `01` true".
    fn bool(&mut self, v: bool) {
        self.u8(if v { 0x01 } else { 0x00 });
    }
    /// "its scalar value as a `u32`".
    fn char(&mut self, v: char) {
        self.u32(u32::from(v));
    }

    // ---- "Strings and bytes" -------------------------------------------------------------

    /// "A string is a varint byte length, then that many bytes of UTF-8."
    fn str(&mut self, v: &str) {
        self.len(v.len());
        self.raw(v.as_bytes());
    }

    /// "A byte string ... is a varint length, then the bytes."
    fn byte_string(&mut self, v: &[u8]) {
        self.len(v.len());
        self.raw(v);
    }

    // ---- "Sequences, sets and maps" ------------------------------------------------------

    /// "varint element count, then each element"; for sets, "each element in the collection's
    /// iteration order".
    fn seq<I>(&mut self, items: I, mut each: impl FnMut(&mut Self, I::Item))
    where
        I: IntoIterator,
        I::IntoIter: ExactSizeIterator,
    {
        let items = items.into_iter();
        self.len(items.len());
        for item in items {
            each(self, item);
        }
    }

    /// "`[T; N]`: the N elements, **no count**".
    fn array<I: IntoIterator>(&mut self, items: I, mut each: impl FnMut(&mut Self, I::Item)) {
        for item in items {
            each(self, item);
        }
    }

    /// "varint count, then each entry as key then value".
    fn map<K, V>(
        &mut self,
        entries: impl ExactSizeIterator<Item = (K, V)>,
        mut key: impl FnMut(&mut Self, K),
        mut value: impl FnMut(&mut Self, V),
    ) {
        self.len(entries.len());
        for (k, v) in entries {
            key(self, k);
            value(self, v);
        }
    }

    // ---- "Option, Result, tuples, pointers" ---------------------------------------------

    /// "a tag byte: `00` for `None`; `01` then the value for `Some`".
    fn option<T>(&mut self, v: Option<T>, each: impl FnOnce(&mut Self, T)) {
        match v {
            None => self.u8(0x00),
            Some(v) => {
                self.u8(0x01);
                each(self, v);
            }
        }
    }

    /// "`Result<T, E>`: an enum: variant 0 `Ok(T)`, variant 1 `Err(E)`".
    fn result<T, E>(
        &mut self,
        v: Result<T, E>,
        ok: impl FnOnce(&mut Self, T),
        err: impl FnOnce(&mut Self, E),
    ) {
        match v {
            Ok(v) => {
                self.variant(0);
                ok(self, v);
            }
            Err(e) => {
                self.variant(1);
                err(self, e);
            }
        }
    }

    // ---- "Enums" -------------------------------------------------------------------------

    /// "An enum value is its variant index as a varint, then the variant's fields as for a
    /// struct." The caller counts "every variant, including skipped ones".
    fn variant(&mut self, index: u64) {
        self.varint(index);
    }

    // ---- "Versioned structs" -------------------------------------------------------------

    /// "written as a varint byte length followed by its fields (the *body*)".
    fn versioned(&mut self, body: impl FnOnce(&mut Self)) {
        let body = Spec::bytes(body);
        self.len(body.len());
        self.raw(&body);
    }

    // ---- "Column layout" -----------------------------------------------------------------

    /// A sequence of a columnar struct: "after the count, the elements are cut into blocks of
    /// 128 ..., and each block is its columns, one per field that travels, in declaration
    /// order. A field's column is that field of every element of the block, in element order".
    fn columns<'a, T: 'a>(&mut self, items: impl IntoIterator<Item = &'a T>, columns: &[Column<T>]) {
        let items: Vec<&T> = items.into_iter().collect();
        self.len(items.len());
        for block in items.chunks(BLOCK) {
            for column in columns {
                match column {
                    Column::Str(field) => {
                        for item in block {
                            self.len(field(item).len());
                        }
                        for item in block {
                            self.raw(field(item).as_bytes());
                        }
                    }
                    Column::Values(write) => {
                        for item in block {
                            write(self, item);
                        }
                    }
                }
            }
        }
    }
}

/// A test type's encoding, written by hand from the spec's rules for its shape ("Structs": "its
/// fields in declaration order, each encoded by its type, with no framing"; skipped fields
/// absent).
trait Reference {
    fn reference(&self, s: &mut Spec);
}

fn reference<T: Reference + ?Sized>(value: &T) -> Vec<u8> {
    Spec::bytes(|s| value.reference(s))
}

// =============================================================================================
// Checking jetwire against the reference
// =============================================================================================

fn config(cases: u32) -> Config {
    Config { cases, failure_persistence: None, ..Config::default() }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(" ")
}

/// Fails with the first byte where jetwire's bytes and the reference's differ, and the bytes
/// around it.
fn same_bytes(jetwire: &[u8], reference: &[u8]) -> Result<(), TestCaseError> {
    if jetwire == reference {
        return Ok(());
    }
    let at =
        jetwire.iter().zip(reference).position(|(a, b)| a != b).unwrap_or(jetwire.len().min(reference.len()));
    let around = |bytes: &[u8]| hex(&bytes[at.saturating_sub(8).min(bytes.len())..(at + 8).min(bytes.len())]);
    Err(TestCaseError::fail(format!(
        "jetwire wrote {} bytes, the reference {}; first difference at byte {at}:\n  jetwire   ..{}..\n  \
         reference ..{}..",
        jetwire.len(),
        reference.len(),
        around(jetwire),
        around(reference),
    )))
}

/// The property every generated value must have: jetwire writes the reference's bytes, and reads
/// the reference's bytes back as the value. Returns what was read, for extra checks.
fn check<T>(value: &T) -> Result<T, TestCaseError>
where
    T: Reference + ToBinary + FromBinaryOwned + PartialEq + Debug,
{
    let expected = reference(value);
    let written = binary::to_vec(value).map_err(|e| TestCaseError::fail(format!("to_vec: {e}")))?;
    same_bytes(&written, &expected)?;
    let back: T = binary::from_slice(&expected)
        .map_err(|e| TestCaseError::fail(format!("from_slice of the reference's bytes: {e}")))?;
    prop_assert_eq!(&back, value, "from_slice of the reference's bytes");
    Ok(back)
}

/// jetwire refuses `bytes` as a `T`, with an error of `category`.
#[track_caller]
fn refused<T: FromBinaryOwned + Debug>(bytes: &[u8], category: Category) -> binary::Error {
    match binary::from_slice::<T>(bytes) {
        Ok(value) => panic!("{} was accepted as {value:?}", hex(bytes)),
        Err(err) => {
            assert_eq!(err.category(), category, "{} refused, but: {err}", hex(bytes));
            err
        }
    }
}

// =============================================================================================
// Strategies for the leaves
// =============================================================================================

/// Any `f32`, and often a NaN with a random payload and sign: "every bit pattern, NaNs included,
/// is kept as is".
fn f32_bits() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<f32>(),
        any::<u32>().prop_map(f32::from_bits),
        (any::<bool>(), 1u32..1 << 23)
            .prop_map(|(sign, payload)| { f32::from_bits(u32::from(sign) << 31 | 0x7F80_0000 | payload) }),
    ]
}

fn f64_bits() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        any::<u64>().prop_map(f64::from_bits),
        (any::<bool>(), 1u64..1 << 52).prop_map(|(sign, payload)| {
            f64::from_bits(u64::from(sign) << 63 | 0x7FF0_0000_0000_0000 | payload)
        }),
    ]
}

/// Byte lengths on both sides of the varint's boundaries: 247 is the last one-byte length, 248
/// the first `F8 xx` one, 255 the last of those and 256 the first `F9 xx xx` one.
const BOUNDARY_LENGTHS: [usize; 13] = [0, 1, 127, 128, 129, 246, 247, 248, 249, 254, 255, 256, 257];

/// A string of exactly `len` bytes: ASCII, or two-byte characters (and one ASCII one if `len`
/// is odd), so that byte length and character count differ.
fn string_of_len(len: usize, wide: bool) -> String {
    if wide {
        let mut s = "é".repeat(len / 2);
        if len % 2 == 1 {
            s.push('x');
        }
        s
    } else {
        "x".repeat(len)
    }
}

fn boundary_string() -> impl Strategy<Value = String> {
    (prop::sample::select(&BOUNDARY_LENGTHS[..]), any::<bool>())
        .prop_map(|(len, wide)| string_of_len(len, wide))
}

/// Short strings of any characters (one to four UTF-8 bytes each), sometimes of a length at a
/// varint boundary.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![4 => ".{0,6}", 2 => "\\PC{0,12}", 1 => boundary_string()]
}

// =============================================================================================
// Scalars
// =============================================================================================

#[derive(ToBinary, FromBinary, Debug, Clone, Copy, PartialEq, Default)]
struct Unit;

/// Every scalar of "Scalars", and the types that encode to nothing.
#[derive(ToBinary, FromBinary, Debug, Clone)]
struct Scalars {
    a: u8,
    b: u16,
    c: u32,
    d: u64,
    e: u128,
    f: usize,
    g: i8,
    h: i16,
    i: i32,
    j: i64,
    k: i128,
    l: isize,
    single: f32,
    double: f64,
    flag: bool,
    letter: char,
    nothing: (),
    marker: PhantomData<String>,
    unit: Unit,
}

/// Floats by their bits.
impl PartialEq for Scalars {
    fn eq(&self, o: &Self) -> bool {
        let Scalars {
            a,
            b,
            c,
            d,
            e,
            f,
            g,
            h,
            i,
            j,
            k,
            l,
            single,
            double,
            flag,
            letter,
            nothing: (),
            marker: _,
            unit,
        } = self;
        (a, b, c, d, e, f, g, h, i, j, k, l)
            == (&o.a, &o.b, &o.c, &o.d, &o.e, &o.f, &o.g, &o.h, &o.i, &o.j, &o.k, &o.l)
            && single.to_bits() == o.single.to_bits()
            && double.to_bits() == o.double.to_bits()
            && (flag, letter, unit) == (&o.flag, &o.letter, &o.unit)
    }
}

impl Reference for Scalars {
    fn reference(&self, s: &mut Spec) {
        s.u8(self.a);
        s.u16(self.b);
        s.u32(self.c);
        s.u64(self.d);
        s.u128(self.e);
        s.usize(self.f);
        s.i8(self.g);
        s.i16(self.h);
        s.i32(self.i);
        s.i64(self.j);
        s.i128(self.k);
        s.isize(self.l);
        s.f32(self.single);
        s.f64(self.double);
        s.bool(self.flag);
        s.char(self.letter);
        // "`()`, `PhantomData<T>`, unit structs: nothing (0 bytes)".
    }
}

fn scalars() -> impl Strategy<Value = Scalars> {
    (
        (any::<u8>(), any::<u16>(), any::<u32>(), any::<u64>(), any::<u128>(), any::<usize>()),
        (any::<i8>(), any::<i16>(), any::<i32>(), any::<i64>(), any::<i128>(), any::<isize>()),
        (f32_bits(), f64_bits(), any::<bool>(), any::<char>()),
    )
        .prop_map(|((a, b, c, d, e, f), (g, h, i, j, k, l), (single, double, flag, letter))| Scalars {
            a,
            b,
            c,
            d,
            e,
            f,
            g,
            h,
            i,
            j,
            k,
            l,
            single,
            double,
            flag,
            letter,
            nothing: (),
            marker: PhantomData,
            unit: Unit,
        })
}

// =============================================================================================
// Strings and bytes
// =============================================================================================

/// "`String`, `&str`, `Box<str>`, `Cow<str>` and `PathBuf` ... are strings"; "`Vec<u8>` and
/// `[u8]` are sequences of `u8`, which gives the same bytes" as a byte string; pointers
/// ("`Box<T>`, `Rc<T>`, `Arc<T>`") are `T`'s encoding.
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
struct Texts {
    text: String,
    boundary: String,
    /// Up to 70 000 bytes: lengths on both sides of the 3-byte/4-byte boundary (65 535/65 536).
    long: String,
    boxed: Box<str>,
    path: PathBuf,
    shared: Rc<String>,
    arc: Arc<String>,
    bytes: Vec<u8>,
    boxed_bytes: Box<[u8]>,
}

impl Reference for Texts {
    fn reference(&self, s: &mut Spec) {
        s.str(&self.text);
        s.str(&self.boundary);
        s.str(&self.long);
        s.str(&self.boxed);
        s.str(self.path.to_str().unwrap());
        s.str(&self.shared);
        s.str(&self.arc);
        s.byte_string(&self.bytes);
        s.seq(self.boxed_bytes.iter(), |s, b| s.u8(*b));
    }
}

fn texts() -> impl Strategy<Value = Texts> {
    let long = (prop::sample::select(&[0usize, 65_535, 65_536, 70_000][..]), any::<bool>())
        .prop_map(|(len, wide)| string_of_len(len, wide));
    (
        text(),
        boundary_string(),
        long,
        text(),
        text(),
        text(),
        text(),
        prop_oneof![vec(any::<u8>(), 0..8), (0usize..300).prop_map(|n| vec![0xA5; n])],
        vec(any::<u8>(), 0..8),
    )
        .prop_map(|(text, boundary, long, boxed, path, shared, arc, bytes, boxed_bytes)| Texts {
            text,
            boundary,
            long,
            boxed: boxed.into(),
            path: path.into(),
            shared: Rc::new(shared),
            arc: Arc::new(arc),
            bytes,
            boxed_bytes: boxed_bytes.into(),
        })
}

// =============================================================================================
// Sequences, sets, maps, options, tuples, pointers
// =============================================================================================

#[derive(ToBinary, FromBinary, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
struct Point {
    x: i32,
    y: i32,
}

impl Reference for Point {
    fn reference(&self, s: &mut Spec) {
        s.i32(self.x);
        s.i32(self.y);
    }
}

fn point() -> impl Strategy<Value = Point> {
    (any::<i32>(), any::<i32>()).prop_map(|(x, y)| Point { x, y })
}

type Twelve = (u8, u16, u32, u64, i8, i16, i32, i64, bool, char, String, Unit);

#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
struct Containers {
    maybe: Option<u16>,
    maybe_text: Option<Option<String>>,
    single: (u64,),
    triple: (u8, String, bool),
    twelve: Twelve,
    array: [u16; 3],
    byte_array: [u8; 5],
    strings: [String; 2],
    empty: [u32; 0],
    points: Vec<Point>,
    nested: Vec<Vec<u8>>,
    deque: VecDeque<i8>,
    boxed_slice: Box<[u32]>,
    set: BTreeSet<i32>,
    map: BTreeMap<String, Vec<u8>>,
    /// "The order of a `HashMap` or `HashSet` is whatever the writer's iteration gave": the
    /// reference iterates the same value that jetwire writes.
    hash_map: HashMap<u16, String>,
    hash_set: HashSet<char>,
    boxed: Box<Point>,
    result: Result<u8, String>,
    results: Vec<Result<(), Option<bool>>>,
}

impl Reference for Containers {
    fn reference(&self, s: &mut Spec) {
        s.option(self.maybe, Spec::u16);
        s.option(self.maybe_text.as_ref(), |s, inner| s.option(inner.as_deref(), Spec::str));
        // "tuples `(A, B, ...)` (1 to 12 elements): the elements in order".
        s.u64(self.single.0);
        let (a, b, c) = &self.triple;
        s.u8(*a);
        s.str(b);
        s.bool(*c);
        let (a, b, c, d, e, f, g, h, i, j, k, _unit) = &self.twelve;
        s.u8(*a);
        s.u16(*b);
        s.u32(*c);
        s.u64(*d);
        s.i8(*e);
        s.i16(*f);
        s.i32(*g);
        s.i64(*h);
        s.bool(*i);
        s.char(*j);
        s.str(k);
        s.array(&self.array, |s, v| s.u16(*v));
        s.array(&self.byte_array, |s, v| s.u8(*v));
        s.array(&self.strings, |s, v| s.str(v));
        s.array(&self.empty, |s, v| s.u32(*v));
        s.seq(&self.points, |s, p| p.reference(s));
        s.seq(&self.nested, |s, v| s.seq(v, |s, b| s.u8(*b)));
        s.seq(&self.deque, |s, v| s.i8(*v));
        s.seq(self.boxed_slice.iter(), |s, v| s.u32(*v));
        s.seq(&self.set, |s, v| s.i32(*v));
        s.map(self.map.iter(), |s, k| s.str(k), |s, v| s.seq(v, |s, b| s.u8(*b)));
        s.map(self.hash_map.iter(), |s, k| s.u16(*k), |s, v| s.str(v));
        s.seq(&self.hash_set, |s, v| s.char(*v));
        // "`Box<T>` ...: `T`'s encoding".
        self.boxed.reference(s);
        s.result(self.result.as_ref(), |s, v| s.u8(*v), |s, e| s.str(e));
        s.seq(&self.results, |s, r| {
            s.result(r.as_ref(), |_, ()| {}, |s, e| s.option(e.as_ref(), |s, b| s.bool(*b)))
        });
    }
}

fn twelve() -> impl Strategy<Value = Twelve> {
    (
        (any::<u8>(), any::<u16>(), any::<u32>(), any::<u64>(), any::<i8>(), any::<i16>()),
        (any::<i32>(), any::<i64>(), any::<bool>(), any::<char>(), text()),
    )
        .prop_map(|((a, b, c, d, e, f), (g, h, i, j, k))| (a, b, c, d, e, f, g, h, i, j, k, Unit))
}

fn containers() -> impl Strategy<Value = Containers> {
    (
        (
            any::<Option<u16>>(),
            proptest::option::of(proptest::option::of(text())),
            any::<u64>(),
            (any::<u8>(), text(), any::<bool>()),
            twelve(),
            any::<[u16; 3]>(),
            any::<[u8; 5]>(),
            (text(), text()),
        ),
        (
            vec(point(), 0..4),
            vec(vec(any::<u8>(), 0..4), 0..3),
            vec(any::<i8>(), 0..6),
            vec(any::<u32>(), 0..4),
            btree_set(any::<i32>(), 0..5),
            btree_map(text(), vec(any::<u8>(), 0..3), 0..4),
            hash_map(any::<u16>(), text(), 0..5),
            hash_set(any::<char>(), 0..5),
        ),
        (
            point(),
            prop_oneof![any::<u8>().prop_map(Ok), text().prop_map(Err)],
            vec(prop_oneof![Just(Ok(())), any::<Option<bool>>().prop_map(Err)], 0..4),
        ),
    )
        .prop_map(
            |(
                (maybe, maybe_text, single, triple, twelve, array, byte_array, (s0, s1)),
                (points, nested, deque, boxed_slice, set, map, hash_map, hash_set),
                (boxed, result, results),
            )| Containers {
                maybe,
                maybe_text,
                single: (single,),
                triple,
                twelve,
                array,
                byte_array,
                strings: [s0, s1],
                empty: [],
                points,
                nested,
                deque: deque.into(),
                boxed_slice: boxed_slice.into(),
                set,
                map,
                hash_map,
                hash_set,
                boxed: Box::new(boxed),
                result,
                results,
            },
        )
}

// =============================================================================================
// Enums
// =============================================================================================

#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
enum Event {
    Start,
    /// Never written, never read: index 1 stays taken.
    #[jetwire(skip)]
    #[allow(dead_code)]
    Internal(u32),
    Move(i16, i16),
    Rename {
        from: String,
        #[jetwire(skip)]
        cache: u8,
        to: String,
    },
    /// The enum again, through an `Option` and a `Box`.
    Nested(Option<Box<Event>>),
    Batch(Vec<Event>),
    Stamped {
        at: u64,
        point: Point,
        flag: bool,
    },
}

impl Reference for Event {
    fn reference(&self, s: &mut Spec) {
        // "The index is the variant's position in the declaration, counting from 0 and counting
        // every variant, including skipped ones".
        match self {
            Event::Start => s.variant(0),
            Event::Internal(_) => unreachable!("a skipped variant is not generated"),
            Event::Move(x, y) => {
                s.variant(2);
                s.i16(*x);
                s.i16(*y);
            }
            Event::Rename { from, cache: _, to } => {
                s.variant(3);
                s.str(from);
                s.str(to);
            }
            Event::Nested(inner) => {
                s.variant(4);
                // "`Box<T>` ...: `T`'s encoding".
                s.option(inner.as_deref(), |s, e| e.reference(s));
            }
            Event::Batch(events) => {
                s.variant(5);
                s.seq(events, |s, e| e.reference(s));
            }
            Event::Stamped { at, point, flag } => {
                s.variant(6);
                s.u64(*at);
                point.reference(s);
                s.bool(*flag);
            }
        }
    }
}

fn event() -> impl Strategy<Value = Event> {
    let leaf = prop_oneof![
        Just(Event::Start),
        (any::<i16>(), any::<i16>()).prop_map(|(x, y)| Event::Move(x, y)),
        (text(), text()).prop_map(|(from, to)| Event::Rename { from, cache: 0, to }),
        (any::<u64>(), point(), any::<bool>()).prop_map(|(at, point, flag)| Event::Stamped {
            at,
            point,
            flag
        }),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            proptest::option::of(inner.clone()).prop_map(|e| Event::Nested(e.map(Box::new))),
            vec(inner, 0..4).prop_map(Event::Batch),
        ]
    })
}

/// A few events, as a test type of their own.
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
struct Events(Vec<Event>);

impl Reference for Events {
    fn reference(&self, s: &mut Spec) {
        s.seq(&self.0, |s, e| e.reference(s));
    }
}

/// Declares [`Wide`]: 260 unit variants, then `Last(u16)` at index 260, so that variant indices
/// cross every small varint boundary (247 → `F7`, 248 → `F8 F8`, 255 → `F8 FF`, 256 → `F9 00
/// 01`); and [`WIDE_UNITS`], its unit variants in declaration order.
macro_rules! wide_enum {
    ($($variant:ident)*) => {
        #[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
        enum Wide {
            $($variant,)*
            Last(u16),
        }

        const WIDE_UNITS: &[Wide] = &[$(Wide::$variant),*];
    };
}

wide_enum! {
    A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 B0 B1 B2 B3 B4 B5 B6 B7 B8 B9 C0 C1 C2 C3 C4 C5 C6 C7 C8 C9
    D0 D1 D2 D3 D4 D5 D6 D7 D8 D9 E0 E1 E2 E3 E4 E5 E6 E7 E8 E9 F0 F1 F2 F3 F4 F5 F6 F7 F8 F9
    G0 G1 G2 G3 G4 G5 G6 G7 G8 G9 H0 H1 H2 H3 H4 H5 H6 H7 H8 H9 I0 I1 I2 I3 I4 I5 I6 I7 I8 I9
    J0 J1 J2 J3 J4 J5 J6 J7 J8 J9 K0 K1 K2 K3 K4 K5 K6 K7 K8 K9 L0 L1 L2 L3 L4 L5 L6 L7 L8 L9
    M0 M1 M2 M3 M4 M5 M6 M7 M8 M9 N0 N1 N2 N3 N4 N5 N6 N7 N8 N9 O0 O1 O2 O3 O4 O5 O6 O7 O8 O9
    P0 P1 P2 P3 P4 P5 P6 P7 P8 P9 Q0 Q1 Q2 Q3 Q4 Q5 Q6 Q7 Q8 Q9 R0 R1 R2 R3 R4 R5 R6 R7 R8 R9
    S0 S1 S2 S3 S4 S5 S6 S7 S8 S9 T0 T1 T2 T3 T4 T5 T6 T7 T8 T9 U0 U1 U2 U3 U4 U5 U6 U7 U8 U9
    V0 V1 V2 V3 V4 V5 V6 V7 V8 V9 W0 W1 W2 W3 W4 W5 W6 W7 W8 W9 X0 X1 X2 X3 X4 X5 X6 X7 X8 X9
    Y0 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Z0 Z1 Z2 Z3 Z4 Z5 Z6 Z7 Z8 Z9
}

impl Reference for Wide {
    fn reference(&self, s: &mut Spec) {
        match self {
            Wide::Last(v) => {
                s.variant(WIDE_UNITS.len() as u64);
                s.u16(*v);
            }
            unit => s.variant(WIDE_UNITS.iter().position(|u| u == unit).unwrap() as u64),
        }
    }
}

/// [`Wide`] values: any unit variant, or the last one.
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
struct WideValues(Vec<Wide>);

impl Reference for WideValues {
    fn reference(&self, s: &mut Spec) {
        s.seq(&self.0, |s, w| w.reference(s));
    }
}

fn wide() -> impl Strategy<Value = Wide> {
    prop_oneof![
        (0..WIDE_UNITS.len()).prop_map(|i| WIDE_UNITS[i].clone()),
        prop::sample::select(&[126usize, 127, 128, 246, 247, 248, 249, 254, 255, 256, 259][..])
            .prop_map(|i| WIDE_UNITS[i].clone()),
        any::<u16>().prop_map(Wide::Last),
    ]
}

// =============================================================================================
// Versioned structs
// =============================================================================================

#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
#[jetwire(versioned)]
struct Profile {
    id: u32,
    name: String,
    #[jetwire(skip)]
    cache: u64,
    tags: Vec<String>,
    address: Address,
    score: Option<i64>,
}

/// "Nested versioned structs are framed independently."
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
#[jetwire(versioned)]
struct Address {
    city: String,
    zip: Option<u32>,
}

impl Reference for Profile {
    fn reference(&self, s: &mut Spec) {
        s.versioned(|s| {
            s.u32(self.id);
            s.str(&self.name);
            s.seq(&self.tags, |s, t| s.str(t));
            self.address.reference(s);
            s.option(self.score, Spec::i64);
        });
    }
}

impl Reference for Address {
    fn reference(&self, s: &mut Spec) {
        s.versioned(|s| {
            s.str(&self.city);
            s.option(self.zip, Spec::u32);
        });
    }
}

/// Versioned structs in a sequence, between other fields.
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
struct Profiles {
    head: u8,
    list: Vec<Profile>,
    maybe: Option<Address>,
    trailer: u16,
}

impl Reference for Profiles {
    fn reference(&self, s: &mut Spec) {
        s.u8(self.head);
        s.seq(&self.list, |s, p| p.reference(s));
        s.option(self.maybe.as_ref(), |s, a| a.reference(s));
        s.u16(self.trailer);
    }
}

fn address() -> impl Strategy<Value = Address> {
    (text(), any::<Option<u32>>()).prop_map(|(city, zip)| Address { city, zip })
}

fn profile() -> impl Strategy<Value = Profile> {
    // Long names and tags push the body past 247 and 255 bytes, so its length takes 2 or 3 bytes.
    (any::<u32>(), text(), vec(text(), 0..4), address(), any::<Option<i64>>())
        .prop_map(|(id, name, tags, address, score)| Profile { id, name, cache: 0, tags, address, score })
}

/// The first version of a type that gains fields in [`ProfileV2`] and [`ProfileV3`].
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
#[jetwire(versioned)]
struct ProfileV1 {
    id: u32,
    name: String,
}

fn unknown() -> String {
    "unknown".into()
}

/// [`ProfileV1`] with fields appended, each with one of the spec's kinds of default.
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
#[jetwire(versioned)]
struct ProfileV2 {
    id: u32,
    name: String,
    /// "the type's absent value (`None` for an `Option`, ...)".
    email: Option<String>,
    /// "the field's `#[jetwire(default)]`".
    #[jetwire(default)]
    logins: u64,
    /// "(or `default = "path"`)".
    #[jetwire(default = "unknown")]
    country: String,
    /// "`PhantomData`" (also an absent value; it has no bytes either way).
    marker: PhantomData<u8>,
}

/// A version with no field defaults but "the struct's `#[jetwire(default)]`".
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
#[jetwire(versioned)]
#[jetwire(default)]
struct ProfileV3 {
    id: u32,
    name: String,
    rank: u16,
}

impl Default for ProfileV3 {
    fn default() -> Self {
        ProfileV3 { id: 0, name: "anonymous".into(), rank: 99 }
    }
}

/// The reference's body of a [`ProfileV2`] with only its first `fields` fields, as a writer of
/// an older (or, with `extra` bytes of later fields, newer) version of the type would write it.
fn v2_with_fields(value: &ProfileV2, fields: usize, extra: &[u8]) -> Vec<u8> {
    Spec::bytes(|s| {
        s.versioned(|s| {
            let writes: [&dyn Fn(&mut Spec); 5] = [
                &|s| s.u32(value.id),
                &|s| s.str(&value.name),
                &|s| s.option(value.email.as_deref(), Spec::str),
                &|s| s.u64(value.logins),
                &|s| s.str(&value.country),
            ];
            for write in &writes[..fields] {
                write(s);
            }
            s.raw(extra);
        })
    })
}

fn profile_v2() -> impl Strategy<Value = ProfileV2> {
    (any::<u32>(), text(), proptest::option::of(text()), any::<u64>(), text()).prop_map(
        |(id, name, email, logins, country)| ProfileV2 {
            id,
            name,
            email,
            logins,
            country,
            marker: PhantomData,
        },
    )
}

// =============================================================================================
// Column layout
// =============================================================================================

/// A small columnar struct, used inside [`Hit`] and in every kind of container.
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
#[jetwire(columnar)]
struct Part {
    id: u16,
    name: String,
}

impl Reference for Part {
    /// Alone, "written as above": a row.
    fn reference(&self, s: &mut Spec) {
        s.u16(self.id);
        s.str(&self.name);
    }
}

impl Part {
    /// A sequence of parts, in columns.
    fn columns<'a>(s: &mut Spec, parts: impl IntoIterator<Item = &'a Part>) {
        s.columns(parts, &[Column::Values(|s, p| s.u16(p.id)), Column::Str(|p| &p.name)]);
    }
}

fn part() -> impl Strategy<Value = Part> {
    (any::<u16>(), text()).prop_map(|(id, name)| Part { id, name })
}

/// A string type under another name: the column kind follows the type, not its spelling.
type Name = String;

/// A columnar struct with a column of every kind the spec names.
#[derive(ToBinary, FromBinary, Debug, Clone)]
#[jetwire(columnar)]
struct Hit {
    code: u8,
    path: String,
    size: u64,
    weight: f64,
    /// "Skipped fields have no column."
    #[jetwire(skip)]
    cache: u32,
    label: Box<str>,
    file: PathBuf,
    alias: Name,
    /// Not a string column: "Every other column is its values ...: numbers, `Option`s".
    note: Option<String>,
    /// "nested structs (as rows ...)"; a versioned one keeps its frame; "a field that is itself
    /// a columnar struct is one value per element, not columns within columns".
    at: Point,
    address: Address,
    first: Part,
    /// "`Vec`s of anything (which apply the column layout again if their element is columnar)".
    parts: Vec<Part>,
    groups: Option<Vec<Part>>,
    /// "enums".
    event: Event,
    /// "and fields written `with` a module".
    #[jetwire(with = "be_u16")]
    code16: u16,
    flag: bool,
    letter: char,
}

/// The float by its bits.
impl PartialEq for Hit {
    fn eq(&self, o: &Self) -> bool {
        let Hit {
            code,
            path,
            size,
            weight,
            cache,
            label,
            file,
            alias,
            note,
            at,
            address,
            first,
            parts,
            groups,
            event,
            code16,
            flag,
            letter,
        } = self;
        (code, path, size, cache, label, file, alias, note)
            == (&o.code, &o.path, &o.size, &o.cache, &o.label, &o.file, &o.alias, &o.note)
            && weight.to_bits() == o.weight.to_bits()
            && (at, address, first, parts, groups, event, code16, flag, letter)
                == (&o.at, &o.address, &o.first, &o.parts, &o.groups, &o.event, &o.code16, &o.flag, &o.letter)
    }
}

impl Reference for Hit {
    /// Alone: a row.
    fn reference(&self, s: &mut Spec) {
        s.u8(self.code);
        s.str(&self.path);
        s.u64(self.size);
        s.f64(self.weight);
        s.str(&self.label);
        s.str(self.file.to_str().unwrap());
        s.str(&self.alias);
        s.option(self.note.as_deref(), Spec::str);
        self.at.reference(s);
        self.address.reference(s);
        self.first.reference(s);
        Part::columns(s, &self.parts);
        s.option(self.groups.as_ref(), Part::columns);
        self.event.reference(s);
        s.raw(&self.code16.to_be_bytes());
        s.bool(self.flag);
        s.char(self.letter);
    }
}

impl Hit {
    /// A sequence of hits: one column per field that travels, in declaration order.
    fn columns<'a>(s: &mut Spec, hits: impl IntoIterator<Item = &'a Hit>) {
        s.columns(
            hits,
            &[
                Column::Values(|s, h| s.u8(h.code)),
                Column::Str(|h| &h.path),
                Column::Values(|s, h| s.u64(h.size)),
                Column::Values(|s, h| s.f64(h.weight)),
                Column::Str(|h| &h.label),
                Column::Str(|h| h.file.to_str().unwrap()),
                Column::Str(|h| &h.alias),
                Column::Values(|s, h| s.option(h.note.as_deref(), Spec::str)),
                Column::Values(|s, h| h.at.reference(s)),
                Column::Values(|s, h| h.address.reference(s)),
                Column::Values(|s, h| h.first.reference(s)),
                Column::Values(|s, h| Part::columns(s, &h.parts)),
                Column::Values(|s, h| s.option(h.groups.as_ref(), Part::columns)),
                Column::Values(|s, h| h.event.reference(s)),
                Column::Values(|s, h| s.raw(&h.code16.to_be_bytes())),
                Column::Values(|s, h| s.bool(h.flag)),
                Column::Values(|s, h| s.char(h.letter)),
            ],
        );
    }
}

fn hit() -> impl Strategy<Value = Hit> {
    (
        (any::<u8>(), text(), any::<u64>(), f64_bits(), text(), text(), text()),
        (
            proptest::option::of(text()),
            point(),
            address(),
            part(),
            vec(part(), 0..3),
            proptest::option::of(vec(part(), 0..3)),
        ),
        (event(), any::<u16>(), any::<bool>(), any::<char>()),
    )
        .prop_map(
            |(
                (code, path, size, weight, label, file, alias),
                (note, at, address, first, parts, groups),
                (event, code16, flag, letter),
            )| Hit {
                code,
                path,
                size,
                weight,
                cache: 0,
                label: label.into(),
                file: file.into(),
                alias,
                note,
                at,
                address,
                first,
                parts,
                groups,
                event,
                code16,
                flag,
                letter,
            },
        )
}

/// Hits in a `Vec` whose length crosses the block boundaries (128, 256).
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
struct Hits(Vec<Hit>);

impl Reference for Hits {
    fn reference(&self, s: &mut Spec) {
        Hit::columns(s, &self.0);
    }
}

/// Every container of a columnar struct: columns for `Vec`, `VecDeque` and `Box<[T]>` (also
/// inside an `Option` or a map's values), rows for arrays, sets, maps and `Vec<Box<T>>`.
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
struct PartHolders {
    deque: VecDeque<Part>,
    boxed: Box<[Part]>,
    maybe: Option<Vec<Part>>,
    by_key: BTreeMap<u8, Vec<Part>>,
    array: [Part; 2],
    #[allow(clippy::vec_box, reason = "the spec's `Vec<Box<T>>` case: rows, not columns")]
    boxes: Vec<Box<Part>>,
    set: BTreeSet<Part>,
    keyed: BTreeMap<u8, Part>,
    single: Part,
}

impl Reference for PartHolders {
    fn reference(&self, s: &mut Spec) {
        Part::columns(s, &self.deque);
        Part::columns(s, self.boxed.iter());
        s.option(self.maybe.as_ref(), Part::columns);
        s.map(self.by_key.iter(), |s, k| s.u8(*k), Part::columns);
        // "Arrays `[T; N]`, sets, maps and other collections of a columnar struct keep the row
        // layout ...; so do `Vec`s of pointers to it (`Vec<Box<T>>`)."
        s.array(&self.array, |s, p| p.reference(s));
        s.seq(&self.boxes, |s, p| p.reference(s));
        s.seq(&self.set, |s, p| p.reference(s));
        s.map(self.keyed.iter(), |s, k| s.u8(*k), |s, p| p.reference(s));
        // "written as above when it stands alone".
        self.single.reference(s);
    }
}

fn part_holders() -> impl Strategy<Value = PartHolders> {
    (
        vec(part(), 0..140),
        vec(part(), 0..5),
        proptest::option::of(vec(part(), 0..5)),
        btree_map(any::<u8>(), vec(part(), 0..4), 0..3),
        (part(), part()),
        vec(part(), 0..4),
        btree_set(part(), 0..4),
        btree_map(any::<u8>(), part(), 0..3),
        part(),
    )
        .prop_map(|(deque, boxed, maybe, by_key, (p0, p1), boxes, set, keyed, single)| PartHolders {
            deque: deque.into(),
            boxed: boxed.into(),
            maybe,
            by_key,
            array: [p0, p1],
            boxes: boxes.into_iter().map(Box::new).collect(),
            set,
            keyed,
            single,
        })
}

/// Pointers to strings, which the spec puts in string columns: "A **string column** (`String`,
/// `str`, `Box<str>`, `Cow<str>`, `PathBuf` and `Path`, and pointers to them) is every string's
/// length as a varint, then every string's bytes".
///
/// jetwire *writes* these columns as the spec says but *reads* them as rows (each string's
/// length right before its bytes), so it cannot read back its own bytes once a block holds two
/// elements: see [`pointer_string_columns_read_back`].
/// (`Rc<str>` and `Arc<str>` would belong here too, but jetwire can only write them: they do not
/// implement `FromBinary`.)
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
#[jetwire(columnar)]
struct PointerStrings {
    arc: Arc<String>,
    rc: Rc<String>,
    #[allow(clippy::box_collection, reason = "a pointer to a `String` is what is tested")]
    boxed: Box<String>,
    n: u8,
}

#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
struct PointerStringsVec(Vec<PointerStrings>);

impl Reference for PointerStringsVec {
    fn reference(&self, s: &mut Spec) {
        s.columns(
            &self.0,
            &[
                Column::Str(|p| &p.arc),
                Column::Str(|p| &p.rc),
                Column::Str(|p| &p.boxed),
                Column::Values(|s, p| s.u8(p.n)),
            ],
        );
    }
}

fn pointer_strings() -> impl Strategy<Value = PointerStrings> {
    (text(), text(), text(), any::<u8>()).prop_map(|(arc, rc, boxed, n)| PointerStrings {
        arc: Arc::new(arc),
        rc: Rc::new(rc),
        boxed: Box::new(boxed),
        n,
    })
}

/// Borrowed strings in columns: `&str` and `Cow<str>` (read from the reference's bytes).
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
#[jetwire(columnar)]
struct Borrowed<'a> {
    text: &'a str,
    cow: std::borrow::Cow<'a, str>,
    bytes: &'a [u8],
}

// =============================================================================================
// Plain and raw data
// =============================================================================================

/// Plain: "a `#[repr(C)]` struct without padding qualifies".
#[derive(ToBinary, FromBinary, Debug, Clone, Copy, PartialEq)]
#[repr(C)]
struct Pixel {
    r: u32,
    g: u32,
    b: u32,
    a: u32,
}

impl Reference for Pixel {
    fn reference(&self, s: &mut Spec) {
        s.u32(self.r);
        s.u32(self.g);
        s.u32(self.b);
        s.u32(self.a);
    }
}

/// Raw: "A struct of two `f64`, an `f32`, a `u16` and a `bool` is raw: 23 bytes on the wire,
/// 24 in memory."
#[derive(ToBinary, FromBinary, Debug, Clone, Copy)]
#[repr(C)]
struct Sample {
    x: f64,
    y: f64,
    w: f32,
    id: u16,
    on: bool,
}

/// Floats by their bits.
impl PartialEq for Sample {
    fn eq(&self, o: &Self) -> bool {
        (self.x.to_bits(), self.y.to_bits(), self.w.to_bits(), self.id, self.on)
            == (o.x.to_bits(), o.y.to_bits(), o.w.to_bits(), o.id, o.on)
    }
}

impl Reference for Sample {
    fn reference(&self, s: &mut Spec) {
        s.f64(self.x);
        s.f64(self.y);
        s.f32(self.w);
        s.u16(self.id);
        s.bool(self.on);
    }
}

/// "Plain data changes nothing in the bytes: a plain value, a `Vec` of them or an array of them
/// encodes exactly as described above (element by element)"; raw data neither.
#[derive(ToBinary, FromBinary, Debug, Clone)]
struct PlainData {
    pixels: Vec<Pixel>,
    pair: [Pixel; 2],
    samples: Vec<Sample>,
    sample_array: [Sample; 2],
    pairs: Vec<(u32, u32)>,
    padded: Vec<(u8, u64)>,
    grid: Vec<[u16; 3]>,
    wide: Vec<u128>,
    singles: Vec<f32>,
    doubles: Vec<f64>,
    flags: Vec<bool>,
    letters: Vec<char>,
    options: Vec<Option<u8>>,
}

/// Floats by their bits.
impl PartialEq for PlainData {
    fn eq(&self, o: &Self) -> bool {
        let bits32 = |v: &[f32]| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
        let bits64 = |v: &[f64]| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
        let PlainData {
            pixels,
            pair,
            samples,
            sample_array,
            pairs,
            padded,
            grid,
            wide,
            singles,
            doubles,
            flags,
            letters,
            options,
        } = self;
        (pixels, pair, samples, sample_array, pairs, padded, grid, wide)
            == (&o.pixels, &o.pair, &o.samples, &o.sample_array, &o.pairs, &o.padded, &o.grid, &o.wide)
            && bits32(singles) == bits32(&o.singles)
            && bits64(doubles) == bits64(&o.doubles)
            && (flags, letters, options) == (&o.flags, &o.letters, &o.options)
    }
}

impl Reference for PlainData {
    fn reference(&self, s: &mut Spec) {
        s.seq(&self.pixels, |s, p| p.reference(s));
        s.array(&self.pair, |s, p| p.reference(s));
        s.seq(&self.samples, |s, p| p.reference(s));
        s.array(&self.sample_array, |s, p| p.reference(s));
        s.seq(&self.pairs, |s, (a, b)| {
            s.u32(*a);
            s.u32(*b);
        });
        s.seq(&self.padded, |s, (a, b)| {
            s.u8(*a);
            s.u64(*b);
        });
        s.seq(&self.grid, |s, row| s.array(row, |s, v| s.u16(*v)));
        s.seq(&self.wide, |s, v| s.u128(*v));
        s.seq(&self.singles, |s, v| s.f32(*v));
        s.seq(&self.doubles, |s, v| s.f64(*v));
        s.seq(&self.flags, |s, v| s.bool(*v));
        s.seq(&self.letters, |s, v| s.char(*v));
        s.seq(&self.options, |s, v| s.option(*v, Spec::u8));
    }
}

fn pixel() -> impl Strategy<Value = Pixel> {
    any::<[u32; 4]>().prop_map(|[r, g, b, a]| Pixel { r, g, b, a })
}

fn sample() -> impl Strategy<Value = Sample> {
    (f64_bits(), f64_bits(), f32_bits(), any::<u16>(), any::<bool>()).prop_map(|(x, y, w, id, on)| Sample {
        x,
        y,
        w,
        id,
        on,
    })
}

fn plain_data() -> impl Strategy<Value = PlainData> {
    (
        (vec(pixel(), 0..40), (pixel(), pixel()), vec(sample(), 0..40), (sample(), sample())),
        (vec(any::<(u32, u32)>(), 0..6), vec(any::<(u8, u64)>(), 0..6), vec(any::<[u16; 3]>(), 0..6)),
        (vec(any::<u128>(), 0..4), vec(f32_bits(), 0..8), vec(f64_bits(), 0..8)),
        (vec(any::<bool>(), 0..8), vec(any::<char>(), 0..8), vec(any::<Option<u8>>(), 0..8)),
    )
        .prop_map(
            |(
                (pixels, (p0, p1), samples, (s0, s1)),
                (pairs, padded, grid),
                (wide, singles, doubles),
                (flags, letters, options),
            )| PlainData {
                pixels,
                pair: [p0, p1],
                samples,
                sample_array: [s0, s1],
                pairs,
                padded,
                grid,
                wide,
                singles,
                doubles,
                flags,
                letters,
                options,
            },
        )
}

// =============================================================================================
// Attributes that do not change the bytes, and `with`
// =============================================================================================

/// `with` module: a `u16` written big-endian, "whatever the module writes".
mod be_u16 {
    use jetwire::binary::{Decoder, Encoder, Result};

    pub fn to_binary(value: &u16, e: &mut Encoder<'_>) -> Result<()> {
        e.write_array(value.to_be_bytes());
        Ok(())
    }

    pub fn from_binary(d: &mut Decoder<'_>) -> Result<u16> {
        d.read_array().map(u16::from_be_bytes)
    }
}

/// `with` module: a `u64` as a bare varint, through jetwire's public `Encoder::write_varint`
/// and `Decoder::read_varint`, to check varints of every size against the reference.
mod as_varint {
    use jetwire::binary::{Decoder, Encoder, Result};

    pub fn to_binary(value: &u64, e: &mut Encoder<'_>) -> Result<()> {
        e.write_varint(*value);
        Ok(())
    }

    pub fn from_binary(d: &mut Decoder<'_>) -> Result<u64> {
        d.read_varint()
    }
}

fn seven() -> u32 {
    7
}

#[derive(ToBinary, FromBinary, Debug, Clone, Copy, PartialEq)]
#[jetwire(transparent)]
struct Id(u32);

/// "Field names and `rename`, `rename_all`, `alias`, `transparent` and `flatten` do not affect
/// the bytes"; "`skip_serializing_if` is ignored (the field is always written)"; "skipping one
/// direction skips both".
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
#[jetwire(rename_all = "camelCase")]
struct Attributes {
    #[jetwire(rename = "ID", alias = "ident")]
    user_id: u32,
    #[jetwire(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    #[jetwire(skip)]
    cache: Vec<u8>,
    #[jetwire(skip, default = "seven")]
    seven: u32,
    #[jetwire(skip_serializing)]
    write_skipped: u8,
    #[jetwire(skip_deserializing)]
    read_skipped: u8,
    #[jetwire(flatten)]
    at: Point,
    #[jetwire(with = "be_u16")]
    code: u16,
    #[jetwire(with = "as_varint")]
    varint: u64,
    id: Id,
}

impl Reference for Attributes {
    fn reference(&self, s: &mut Spec) {
        s.u32(self.user_id);
        s.option(self.note.as_deref(), Spec::str);
        self.at.reference(s);
        s.raw(&self.code.to_be_bytes());
        s.varint(self.varint);
        s.u32(self.id.0);
    }
}

/// Values of every varint size: 1 to 9 bytes, and each size's first and last value.
fn varint_value() -> impl Strategy<Value = u64> {
    prop_oneof![
        0u64..600,
        (0u32..64).prop_map(|bit| 1u64 << bit),
        (1u32..64).prop_map(|bit| (1u64 << bit) - 1),
        (0u32..8).prop_flat_map(|n| (1u64 << (8 * n)) - (n > 0) as u64..=(1u64 << (8 * n)) + 1),
        any::<u64>(),
    ]
}

fn attributes() -> impl Strategy<Value = Attributes> {
    (any::<u32>(), proptest::option::of(text()), point(), any::<u16>(), varint_value(), any::<u32>())
        .prop_map(|(user_id, note, at, code, varint, id)| Attributes {
            user_id,
            note,
            cache: Vec::new(),
            seven: 7,
            write_skipped: 0,
            read_skipped: 0,
            at,
            code,
            varint,
            id: Id(id),
        })
}

// =============================================================================================
// Standard and optional types
// =============================================================================================

#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
struct StdTypes {
    duration: Duration,
    v4: Ipv4Addr,
    v6: Ipv6Addr,
    ip: IpAddr,
    socket_v4: SocketAddrV4,
    socket_v6: SocketAddrV6,
    socket: SocketAddr,
}

impl Spec {
    /// "`Ipv4Addr`: 4 bytes, in address order"; "`Ipv6Addr`: 16 bytes, in address order";
    /// "`IpAddr`: enum: 0 `V4`, 1 `V6`".
    fn ip(&mut self, ip: &IpAddr) {
        match ip {
            IpAddr::V4(v4) => {
                self.variant(0);
                self.raw(&v4.octets());
            }
            IpAddr::V6(v6) => {
                self.variant(1);
                self.raw(&v6.octets());
            }
        }
    }

    /// "`SocketAddrV4`: address, then port as `u16`".
    fn socket_v4(&mut self, a: &SocketAddrV4) {
        self.raw(&a.ip().octets());
        self.u16(a.port());
    }

    /// "`SocketAddrV6`: address, port as `u16`, flow info as `u32`, scope id as `u32`".
    fn socket_v6(&mut self, a: &SocketAddrV6) {
        self.raw(&a.ip().octets());
        self.u16(a.port());
        self.u32(a.flowinfo());
        self.u32(a.scope_id());
    }
}

impl Reference for StdTypes {
    fn reference(&self, s: &mut Spec) {
        // "`Duration`: seconds as `u64`, then nanoseconds as `u32`".
        s.u64(self.duration.as_secs());
        s.u32(self.duration.subsec_nanos());
        s.raw(&self.v4.octets());
        s.raw(&self.v6.octets());
        s.ip(&self.ip);
        s.socket_v4(&self.socket_v4);
        s.socket_v6(&self.socket_v6);
        // "`SocketAddr`: enum: 0 `V4`, 1 `V6`".
        match &self.socket {
            SocketAddr::V4(a) => {
                s.variant(0);
                s.socket_v4(a);
            }
            SocketAddr::V6(a) => {
                s.variant(1);
                s.socket_v6(a);
            }
        }
    }
}

fn std_types() -> impl Strategy<Value = StdTypes> {
    let v4 = || any::<u32>().prop_map(Ipv4Addr::from);
    let v6 = || any::<u128>().prop_map(Ipv6Addr::from);
    let socket_v4 = move || (v4(), any::<u16>()).prop_map(|(ip, port)| SocketAddrV4::new(ip, port));
    let socket_v6 = move || {
        (v6(), any::<u16>(), any::<u32>(), any::<u32>())
            .prop_map(|(ip, port, flow, scope)| SocketAddrV6::new(ip, port, flow, scope))
    };
    (
        (any::<u64>(), 0u32..1_000_000_000).prop_map(|(secs, nanos)| Duration::new(secs, nanos)),
        v4(),
        v6(),
        prop_oneof![v4().prop_map(IpAddr::V4), v6().prop_map(IpAddr::V6)],
        socket_v4(),
        socket_v6(),
        prop_oneof![socket_v4().prop_map(SocketAddr::V4), socket_v6().prop_map(SocketAddr::V6)],
    )
        .prop_map(|(duration, v4, v6, ip, socket_v4, socket_v6, socket)| StdTypes {
            duration,
            v4,
            v6,
            ip,
            socket_v4,
            socket_v6,
            socket,
        })
}

#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
struct External {
    uuid: uuid::Uuid,
    decimal: rust_decimal::Decimal,
    bytes: bytes::Bytes,
    bytes_mut: bytes::BytesMut,
    index_map: indexmap::IndexMap<String, u32>,
    index_set: indexmap::IndexSet<u16>,
    date: chrono::NaiveDate,
    time: chrono::NaiveTime,
    naive: chrono::NaiveDateTime,
    utc: chrono::DateTime<chrono::Utc>,
    fixed: chrono::DateTime<chrono::FixedOffset>,
    offset_date_time: time::OffsetDateTime,
    julian: time::Date,
}

impl Reference for External {
    fn reference(&self, s: &mut Spec) {
        use chrono::{Datelike, Timelike};
        // "`uuid::Uuid`: its 16 bytes as `Uuid::as_bytes` gives them".
        s.raw(self.uuid.as_bytes());
        // "`rust_decimal::Decimal`: ... flags as `u32` (bits 16–23 the scale, at most 28; bit 31
        // the sign; all other bits 0 ...), then the 96-bit mantissa as three `u32`s, low first".
        let d = &self.decimal;
        s.u32(d.scale() << 16 | u32::from(d.is_sign_negative()) << 31);
        let mantissa = d.mantissa().unsigned_abs();
        s.u32(mantissa as u32);
        s.u32((mantissa >> 32) as u32);
        s.u32((mantissa >> 64) as u32);
        // "`bytes::Bytes`, `BytesMut`: byte string".
        s.byte_string(&self.bytes);
        s.byte_string(&self.bytes_mut);
        // "`IndexMap`, `IndexSet`: map, set (in their order)".
        s.map(self.index_map.iter(), |s, k| s.str(k), |s, v| s.u32(*v));
        s.seq(&self.index_set, |s, v| s.u16(*v));
        // "`chrono::NaiveDate`: days from the Common Era as `i32` (`0001-01-01` is 1)".
        s.i32(self.date.num_days_from_ce());
        // "`chrono::NaiveTime`: seconds since midnight as `u32`, then nanoseconds as `u32`".
        s.u32(self.time.num_seconds_from_midnight());
        s.u32(self.time.nanosecond());
        // "`chrono::DateTime<Utc>`, `NaiveDateTime`: seconds since the Unix epoch as `i64`, then
        // nanoseconds as `u32` (up to 1 999 999 999 for a leap second)".
        s.i64(self.naive.and_utc().timestamp());
        s.u32(self.naive.and_utc().timestamp_subsec_nanos());
        s.i64(self.utc.timestamp());
        s.u32(self.utc.timestamp_subsec_nanos());
        // "`chrono::DateTime<FixedOffset>`: as `DateTime<Utc>` (the UTC instant), then the
        // offset east of UTC in seconds as `i32`".
        s.i64(self.fixed.timestamp());
        s.u32(self.fixed.timestamp_subsec_nanos());
        s.i32(self.fixed.offset().local_minus_utc());
        // "`time::OffsetDateTime`: Unix seconds as `i64`, nanoseconds as `u32` (below 10^9),
        // offset east of UTC in seconds as `i32`".
        s.i64(self.offset_date_time.unix_timestamp());
        s.u32(self.offset_date_time.nanosecond());
        s.i32(self.offset_date_time.offset().whole_seconds());
        // "`time::Date`: Julian day number as `i32`".
        s.i32(self.julian.to_julian_day());
    }
}

/// Nanoseconds of a second, or of a leap second (1 000 000 000 and up) half the time.
fn nanos_maybe_leap() -> impl Strategy<Value = (bool, u32)> {
    (any::<bool>(), 0u32..1_000_000_000)
        .prop_map(|(leap, n)| (leap, if leap { n + 1_000_000_000 } else { n }))
}

fn external() -> impl Strategy<Value = External> {
    use chrono::{DateTime, FixedOffset, NaiveDate, NaiveTime};
    // Instants from about year -1000 to 9000, where every offset keeps the date in range.
    let chrono_instant = || {
        (-93_000_000_000i64..221_000_000_000, nanos_maybe_leap()).prop_filter_map(
            "a leap second ends a minute",
            |(secs, (leap, nanos))| {
                DateTime::from_timestamp(if leap { secs / 60 * 60 + 59 } else { secs }, nanos)
            },
        )
    };
    (
        (
            any::<u128>().prop_map(uuid::Uuid::from_u128),
            (any::<u32>(), any::<u32>(), any::<u32>(), any::<bool>(), 0u32..=28).prop_map(
                |(lo, mid, hi, neg, scale)| rust_decimal::Decimal::from_parts(lo, mid, hi, neg, scale),
            ),
            vec(any::<u8>(), 0..6).prop_map(bytes::Bytes::from),
            vec(any::<u8>(), 0..6).prop_map(|v| bytes::BytesMut::from(&v[..])),
            vec((text(), any::<u32>()), 0..5).prop_map(|v| v.into_iter().collect()),
            vec(any::<u16>(), 0..5).prop_map(|v| v.into_iter().collect()),
        ),
        (
            (-365_000i32..3_650_000).prop_filter_map("a date", NaiveDate::from_num_days_from_ce_opt),
            (0u32..86_400, nanos_maybe_leap()).prop_filter_map("a time", |(secs, (leap, nanos))| {
                NaiveTime::from_num_seconds_from_midnight_opt(
                    if leap { secs / 60 * 60 + 59 } else { secs },
                    nanos,
                )
            }),
            chrono_instant().prop_map(|t| t.naive_utc()),
            chrono_instant(),
            (chrono_instant(), -86_399i32..86_400)
                .prop_map(|(t, offset)| t.with_timezone(&FixedOffset::east_opt(offset).unwrap())),
        ),
        (
            (-30_000_000_000i64..200_000_000_000, 0u32..1_000_000_000, -93_599i32..=93_599).prop_map(
                |(secs, nanos, offset)| {
                    time::OffsetDateTime::from_unix_timestamp(secs)
                        .unwrap()
                        .replace_nanosecond(nanos)
                        .unwrap()
                        .to_offset(time::UtcOffset::from_whole_seconds(offset).unwrap())
                },
            ),
            (-1_930_999i32..=5_373_484).prop_map(|day| time::Date::from_julian_day(day).unwrap()),
        ),
    )
        .prop_map(
            |(
                (uuid, decimal, bytes, bytes_mut, index_map, index_set),
                (date, time, naive, utc, fixed),
                (offset_date_time, julian),
            )| External {
                uuid,
                decimal,
                bytes,
                bytes_mut,
                index_map,
                index_set,
                date,
                time,
                naive,
                utc,
                fixed,
                offset_date_time,
                julian,
            },
        )
}

// =============================================================================================
// The property tests
// =============================================================================================

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn scalars_match_the_spec(value in scalars()) {
        check(&value)?;
    }

    #[test]
    fn strings_and_bytes_match_the_spec(value in texts()) {
        check(&value)?;
    }

    #[test]
    fn containers_match_the_spec(value in containers()) {
        check(&value)?;
    }

    #[test]
    fn enums_match_the_spec(value in vec(event(), 0..4)) {
        let value = Events(value);
        check(&value)?;
    }

    #[test]
    fn wide_enum_indices_match_the_spec(value in vec(wide(), 0..8)) {
        check(&WideValues(value))?;
    }

    #[test]
    fn versioned_structs_match_the_spec(
        head in any::<u8>(),
        list in vec(profile(), 0..4),
        maybe in proptest::option::of(address()),
        trailer in any::<u16>(),
    ) {
        check(&Profiles { head, list, maybe, trailer })?;
    }

    /// "A reader that knows fewer fields than the writer reads the fields it knows, then skips
    /// the rest of the body. A reader that knows more fields than the writer reads the fields
    /// that are in the body; when the body ends before a field starts, that field and every one
    /// after it take their defaults".
    #[test]
    fn versioned_bodies_with_fewer_or_more_fields(
        value in profile_v2(),
        extra in vec(any::<u8>(), 0..300),
    ) {
        for fields in 0..=5 {
            let bytes = v2_with_fields(&value, fields, &[]);
            let v2 = binary::from_slice::<ProfileV2>(&bytes);
            let v1 = binary::from_slice::<ProfileV1>(&bytes);
            let v3 = binary::from_slice::<ProfileV3>(&bytes);
            if fields < 2 {
                // `id` and `name` have no default of their own: "else the read is an error".
                prop_assert!(v2.is_err(), "{fields} fields: {v2:?}");
                prop_assert!(v1.is_err(), "{fields} fields: {v1:?}");
            } else {
                let expected = ProfileV2 {
                    email: if fields > 2 { value.email.clone() } else { None },
                    logins: if fields > 3 { value.logins } else { 0 },
                    country: if fields > 4 { value.country.clone() } else { unknown() },
                    ..value.clone()
                };
                prop_assert_eq!(v2.unwrap(), expected, "{} fields", fields);
                prop_assert_eq!(v1.unwrap(), ProfileV1 { id: value.id, name: value.name.clone() });
            }
            // The struct's `#[jetwire(default)]` fills every field the body lacks.
            let defaults = ProfileV3::default();
            let v3_expected = match fields {
                0 => Some(defaults),
                1 => Some(ProfileV3 { id: value.id, ..defaults }),
                // Field 2, `name`, is a string in both; field 3 is an `Option` in v2 and a `u16`
                // in v3, which is not an evolution the spec allows: skip those.
                2 => Some(ProfileV3 { id: value.id, name: value.name.clone(), ..defaults }),
                _ => None,
            };
            if let Some(v3_expected) = v3_expected {
                prop_assert_eq!(v3.unwrap(), v3_expected, "{} fields", fields);
            }
        }
        // A writer with fields unknown to both readers: the rest of the body is skipped.
        let bytes = v2_with_fields(&value, 5, &extra);
        prop_assert_eq!(binary::from_slice::<ProfileV2>(&bytes).unwrap(), value.clone());
        // "A value read from a body with fewer or more fields than its type re-encodes with
        // exactly its type's fields".
        let v1 = binary::from_slice::<ProfileV1>(&bytes).unwrap();
        let rewritten = binary::to_vec(&v1).unwrap();
        same_bytes(&rewritten, &Spec::bytes(|s| s.versioned(|s| { s.u32(value.id); s.str(&value.name) })))?;
    }

    #[test]
    fn plain_and_raw_data_match_the_spec(value in plain_data()) {
        check(&value)?;
    }

    #[test]
    fn attributes_and_with_match_the_spec(value in attributes()) {
        check(&value)?;
    }

    #[test]
    fn std_types_match_the_spec(value in std_types()) {
        check(&value)?;
    }

    #[test]
    fn optional_crate_types_match_the_spec(value in external()) {
        let back = check(&value)?;
        // `PartialEq` of these types does not see everything the bytes hold.
        prop_assert_eq!(back.decimal.serialize(), value.decimal.serialize());
        prop_assert!(back.index_map.iter().eq(value.index_map.iter()), "IndexMap order");
        prop_assert!(back.index_set.iter().eq(value.index_set.iter()), "IndexSet order");
    }

    /// "a reader does not require any order (so that a `HashMap` writer's bytes read as a
    /// `BTreeMap`)".
    #[test]
    fn map_and_set_entries_read_in_any_order(
        map in btree_map(any::<u16>(), text(), 0..8),
        order in any::<prop::sample::Index>(),
        reverse in any::<bool>(),
    ) {
        let mut entries: Vec<_> = map.iter().collect();
        let len = entries.len();
        entries.rotate_left(if len == 0 { 0 } else { order.index(len) });
        if reverse {
            entries.reverse();
        }
        let bytes = Spec::bytes(|s| s.map(entries.iter().copied(), |s, k| s.u16(*k), |s, v| s.str(v)));
        prop_assert_eq!(&binary::from_slice::<BTreeMap<u16, String>>(&bytes).unwrap(), &map);
        let hashed: HashMap<u16, String> = map.clone().into_iter().collect();
        prop_assert_eq!(binary::from_slice::<HashMap<u16, String>>(&bytes).unwrap(), hashed);
        let indexed = binary::from_slice::<indexmap::IndexMap<u16, String>>(&bytes).unwrap();
        prop_assert!(indexed.iter().eq(entries.iter().copied()), "an IndexMap keeps the bytes' order");
        let keys = Spec::bytes(|s| s.seq(entries.iter(), |s, (k, _)| s.u16(**k)));
        let set: BTreeSet<u16> = map.keys().copied().collect();
        prop_assert_eq!(binary::from_slice::<BTreeSet<u16>>(&keys).unwrap(), set);
    }

    /// Bare varints of every size (1 to 9 bytes): "Varint".
    #[test]
    fn varints_match_the_spec(value in varint_value()) {
        let expected = Spec::bytes(|s| s.varint(value));
        let mut written = Vec::new();
        binary::Encoder::new(&mut written).write_varint(value);
        same_bytes(&written, &expected)?;
        let mut decoder = binary::Decoder::new(&expected);
        prop_assert_eq!(decoder.read_varint().unwrap(), value);
        prop_assert!(decoder.finish().is_ok());
    }
}

proptest! {
    // Up to 300 hits each: fewer cases.
    #![proptest_config(config(24))]

    /// "`Vec<T>` ...: for a `#[jetwire(columnar)]` struct `T`, blocks of columns". Lengths from
    /// 0 to 300 give one, two and three blocks, and the boundaries themselves.
    #[test]
    fn columns_match_the_spec(
        len in prop_oneof![0usize..300, prop::sample::select(&[127usize, 128, 129, 255, 256, 257][..])],
        seed in vec(hit(), 1..6),
    ) {
        // Cycling through a few generated hits keeps long vectors cheap to generate; each
        // column still varies from element to element.
        let hits: Vec<Hit> = seed.iter().cycle().take(len).cloned().collect();
        check(&Hits(hits))?;
    }

    #[test]
    fn columns_with_fully_random_elements_match_the_spec(hits in vec(hit(), 0..160)) {
        check(&Hits(hits))?;
    }

    #[test]
    fn columns_in_every_container_match_the_spec(value in part_holders()) {
        check(&value)?;
    }

    #[test]
    fn pointer_string_columns_match_the_spec(values in vec(pointer_strings(), 0..140)) {
        check(&PointerStringsVec(values))?;
    }

    /// Borrowed strings (`&str`, `Cow<str>`) in string columns, and a byte string (`&[u8]`) in
    /// a value column.
    #[test]
    fn borrowed_columns_match_the_spec(values in vec((text(), text(), vec(any::<u8>(), 0..4)), 0..140)) {
        let values: Vec<Borrowed> = values
            .iter()
            .map(|(text, cow, bytes)| Borrowed { text, cow: cow.as_str().into(), bytes })
            .collect();
        let expected = Spec::bytes(|s| {
            s.columns(
                &values,
                &[
                    Column::Str(|b| b.text),
                    Column::Str(|b| &b.cow),
                    Column::Values(|s, b| s.byte_string(b.bytes)),
                ],
            )
        });
        same_bytes(&binary::to_vec(&values).unwrap(), &expected)?;
        let back: Vec<Borrowed> = binary::from_slice(&expected).unwrap();
        prop_assert_eq!(back, values);
    }
}

// =============================================================================================
// The spec's own examples
// =============================================================================================

/// The reference, and jetwire, give the bytes of every worked example in the document.
#[test]
fn the_specs_examples() {
    #[track_caller]
    fn example<T: ToBinary + ?Sized>(value: &T, reference: Vec<u8>, doc: &str) {
        let doc: Vec<u8> = doc.split_whitespace().map(|b| u8::from_str_radix(b, 16).unwrap()).collect();
        assert_eq!(hex(&reference), hex(&doc), "the reference disagrees with the spec's example");
        assert_eq!(
            hex(&binary::to_vec(value).unwrap()),
            hex(&doc),
            "jetwire disagrees with the spec's example"
        );
    }

    // "Varint": the table, through `Vec<()>` whose count is the varint and whose elements are
    // empty.
    for (value, doc) in [
        (0u64, "00"),
        (5, "05"),
        (247, "F7"),
        (248, "F8 F8"),
        (255, "F8 FF"),
        (256, "F9 00 01"),
        (1_000, "F9 E8 03"),
        (1_000_000, "FA 40 42 0F"),
    ] {
        example(&vec![(); value as usize], Spec::bytes(|s| s.varint(value)), doc);
    }
    assert_eq!(Spec::bytes(|s| s.varint(u64::MAX)), [0xFF; 9], "2^64 − 1");

    // "Scalars".
    example(&-2i8, Spec::bytes(|s| s.i8(-2)), "FE");
    example(&0x1234u16, Spec::bytes(|s| s.u16(0x1234)), "34 12");
    example(&-1i32, Spec::bytes(|s| s.i32(-1)), "FF FF FF FF");
    example(&1u64, Spec::bytes(|s| s.u64(1)), "01 00 00 00 00 00 00 00");
    example(&7usize, Spec::bytes(|s| s.usize(7)), "07 00 00 00 00 00 00 00");
    example(&1.5f32, Spec::bytes(|s| s.f32(1.5)), "00 00 C0 3F");
    example(&true, Spec::bytes(|s| s.bool(true)), "01");
    example(&'é', Spec::bytes(|s| s.char('é')), "E9 00 00 00");
    example(&(), Vec::new(), "");

    // "Strings and bytes".
    example("héllo", Spec::bytes(|s| s.str("héllo")), "06 68 C3 A9 6C 6C 6F");
    example("", Spec::bytes(|s| s.str("")), "00");

    // "Sequences, sets and maps".
    example(&vec![1u16, 2], Spec::bytes(|s| s.seq(&[1u16, 2], |s, v| s.u16(*v))), "02 01 00 02 00");
    example(&[1u8, 2, 3], Spec::bytes(|s| s.array(&[1u8, 2, 3], |s, v| s.u8(*v))), "01 02 03");
    let map = BTreeMap::from([(1u8, "a"), (2, "b")]);
    example(
        &map,
        Spec::bytes(|s| s.map(map.iter(), |s, k| s.u8(*k), |s, v| s.str(v))),
        "02 01 01 61 02 01 62",
    );

    // "Option, Result, tuples, pointers".
    example(&Some(5u8), Spec::bytes(|s| s.option(Some(5), Spec::u8)), "01 05");
    example(&None::<u8>, Spec::bytes(|s| s.option(None, Spec::u8)), "00");
    example(&Ok::<u8, String>(1), Spec::bytes(|s| s.result(Ok::<u8, &str>(1), Spec::u8, Spec::str)), "00 01");
    let tuple = (1u8, "a", false);
    example(
        &tuple,
        Spec::bytes(|s| {
            s.u8(1);
            s.str("a");
            s.bool(false)
        }),
        "01 01 61 00",
    );

    // "Structs".
    let point = Point { x: 1, y: -2 };
    example(&point, reference(&point), "01 00 00 00 FE FF FF FF");
    #[derive(ToBinary)]
    struct Line {
        name: String,
        from: Point,
        to: Point,
        tags: Vec<String>,
        note: Option<String>,
    }
    let line = Line {
        name: "l".into(),
        from: Point { x: 0, y: 0 },
        to: Point { x: 3, y: 4 },
        tags: vec!["a".into(), "bc".into()],
        note: None,
    };
    let line_reference = Spec::bytes(|s| {
        s.str(&line.name);
        line.from.reference(s);
        line.to.reference(s);
        s.seq(&line.tags, |s, t| s.str(t));
        s.option(line.note.as_deref(), Spec::str);
    });
    example(
        &line,
        line_reference,
        "01 6C  00 00 00 00 00 00 00 00  03 00 00 00 04 00 00 00  02 01 61 02 62 63  00",
    );

    // "Enums".
    #[derive(ToBinary)]
    enum Shape {
        Empty,
        Circle(f32),
        Rect { w: u16, h: u16 },
        Many(Vec<Shape>),
    }
    example(&Shape::Empty, Spec::bytes(|s| s.variant(0)), "00");
    let circle = Spec::bytes(|s| {
        s.variant(1);
        s.f32(1.0)
    });
    example(&Shape::Circle(1.0), circle, "01 00 00 80 3F");
    let rect = Spec::bytes(|s| {
        s.variant(2);
        s.u16(2);
        s.u16(3)
    });
    example(&Shape::Rect { w: 2, h: 3 }, rect, "02 02 00 03 00");
    let many = Spec::bytes(|s| {
        s.variant(3);
        s.seq([()], |s, ()| s.variant(0))
    });
    example(&Shape::Many(vec![Shape::Empty]), many, "03 01 00");

    // "Versioned structs".
    let profile = ProfileV1 { id: 1, name: "a".into() };
    let profile_reference = Spec::bytes(|s| {
        s.versioned(|s| {
            s.u32(1);
            s.str("a")
        })
    });
    example(&profile, profile_reference, "06 01 00 00 00 01 61");

    // "Column layout".
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    #[jetwire(columnar)]
    struct Hit {
        code: u8,
        path: String,
        size: u64,
    }
    let hit_columns: [Column<Hit>; 3] =
        [Column::Values(|s, h| s.u8(h.code)), Column::Str(|h| &h.path), Column::Values(|s, h| s.u64(h.size))];
    let hits =
        vec![Hit { code: 1, path: "ab".into(), size: 7 }, Hit { code: 2, path: "c".into(), size: 300 }];
    example(
        &hits,
        Spec::bytes(|s| s.columns(&hits, &hit_columns)),
        "02  01 02  02 01 61 62 63  07 00 00 00 00 00 00 00  2C 01 00 00 00 00 00 00",
    );
    let alone = Spec::bytes(|s| {
        s.u8(1);
        s.str("ab");
        s.u64(7)
    });
    example(&hits[0], alone, "01 02 61 62 07 00 00 00 00 00 00 00");
    // "With 130 hits the count is `82` ..., the first block holds elements 0 to 127 (the 128
    // codes, the 128 path lengths, the paths' bytes, the 128 sizes) and the second block
    // elements 128 and 129".
    let many: Vec<Hit> =
        (0..130).map(|i| Hit { code: i as u8, path: "p".repeat(i % 3), size: i as u64 }).collect();
    let mut doc = vec![0x82];
    for block in [&many[..128], &many[128..]] {
        doc.extend(block.iter().map(|h| h.code));
        doc.extend(block.iter().map(|h| h.path.len() as u8));
        doc.extend(block.iter().flat_map(|h| h.path.bytes()));
        doc.extend(block.iter().flat_map(|h| h.size.to_le_bytes()));
    }
    assert_eq!(Spec::bytes(|s| s.columns(&many, &hit_columns)), doc);
    assert_eq!(binary::to_vec(&many).unwrap(), doc);
    assert_eq!(binary::from_slice::<Vec<Hit>>(&doc).unwrap(), many);

    // The block size is the spec's: "blocks of 128 (`COLUMN_BLOCK`...)".
    assert_eq!(binary::COLUMN_BLOCK, BLOCK);
}

/// The types whose fast paths the spec describes are the kind it says they are, so that the
/// property tests above exercise those paths: "Encoders and decoders on little-endian hosts
/// simply copy whole blocks of memory"; raw values are copied and then checked.
#[test]
fn the_plain_and_raw_models_take_the_fast_paths() {
    assert!(<Pixel as ToBinary>::IS_PLAIN.get() && <Pixel as FromBinary>::IS_PLAIN.get());
    assert!(<Sample as ToBinary>::RAW.get() && <Sample as FromBinary>::RAW.get());
    assert!(!<Sample as ToBinary>::IS_PLAIN.get(), "`bool` is never plain");
    // "Versioned structs are never plain data."
    assert!(!<ProfileV1 as ToBinary>::IS_PLAIN.get());
}

// =============================================================================================
// What the spec says a decoder rejects
// =============================================================================================

/// "The long form must use the fewest bytes: with `n = 1` the value must be at least 248, with
/// `n ≥ 2` the last of the n bytes must not be 0. A decoder rejects any other long form."
#[test]
fn over_long_varints_are_refused() {
    // "5 as `F8 05`: **invalid**", as a string length, a sequence count and a variant index.
    refused::<String>(&[0xF8, 0x05, b'a', b'b', b'c', b'd', b'e'], Category::Data);
    refused::<Vec<u8>>(&[0xF8, 0x05, 1, 2, 3, 4, 5], Category::Data);
    refused::<Event>(&[0xF8, 0x00], Category::Data);
    refused::<Event>(&[0xF8, 0x02, 0, 0, 0, 0], Category::Data);
    // n = 1 below 248; n ≥ 2 with a last byte of 0 (even when the value is ≥ 248).
    refused::<Vec<()>>(&[0xF8, 0xF7], Category::Data);
    refused::<Vec<()>>(&[0xF9, 0xF8, 0x00], Category::Data);
    refused::<Vec<()>>(&[0xF9, 0x05, 0x00], Category::Data);
    refused::<Vec<()>>(&[0xFA, 0x00, 0x01, 0x00], Category::Data);
    refused::<Vec<()>>(&[0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00], Category::Data);
    for bytes in [&[0xF8, 0x05][..], &[0xF9, 0x00, 0x00], &[0xFF, 1, 0, 0, 0, 0, 0, 0, 0]] {
        let mut decoder = binary::Decoder::new(bytes);
        assert!(decoder.read_varint().is_err(), "{}", hex(bytes));
    }
    // The shortest forms of the same lengths are accepted.
    assert_eq!(binary::from_slice::<Vec<()>>(&[0xF8, 0xF8]).unwrap().len(), 248);
    assert_eq!(binary::from_slice::<Vec<()>>(&[0xF9, 0x00, 0x01]).unwrap().len(), 256);
    // A long form cut short is the end of the input.
    refused::<Vec<()>>(&[0xF9, 0x00], Category::Eof);
}

/// "`bool`: ... anything else is an error", also where the spec says a raw value is checked
/// after a copy ("Decoders read a raw value by checking its bytes").
#[test]
fn bools_other_than_0_and_1_are_refused() {
    refused::<bool>(&[2], Category::Data);
    refused::<bool>(&[0xFF], Category::Data);
    let sample = Sample { x: 1.0, y: 2.0, w: 3.0, id: 4, on: true };
    let mut bytes = reference(&Sample { on: false, ..sample });
    assert_eq!(bytes.len(), 23, "\"23 bytes on the wire\"");
    bytes[22] = 2;
    refused::<Sample>(&bytes, Category::Data);
    let mut many = Spec::bytes(|s| s.seq(&[sample, sample, sample], |s, v| v.reference(s)));
    many[1 + 23 + 22] = 2;
    refused::<Vec<Sample>>(&many, Category::Data);
    refused::<[Sample; 3]>(&many[1..], Category::Data);
}

/// "`Option<T>`: ... other tags are errors"; "`Result<T, E>`: an enum: variant 0 `Ok(T)`,
/// variant 1 `Err(E)`" (and "An index that names no variant is an error").
#[test]
fn option_and_result_tags_other_than_0_and_1_are_refused() {
    refused::<Option<u8>>(&[2, 5], Category::Data);
    refused::<Option<u8>>(&[0xFF, 5], Category::Data);
    refused::<Result<u8, u8>>(&[2, 5], Category::Data);
    // A tag is one byte, not a varint: `F8 01` is no spelling of `Some`.
    refused::<Option<u8>>(&[0xF8, 0x01, 5], Category::Data);
}

/// "`char`: ... surrogates (`D800`..`DFFF`) and values above `10FFFF` are errors".
#[test]
fn chars_that_are_not_scalar_values_are_refused() {
    for code in [0xD800u32, 0xDBFF, 0xDC00, 0xDFFF, 0x11_0000, 0xFFFF_FFFF] {
        refused::<char>(&code.to_le_bytes(), Category::Data);
        refused::<Vec<char>>(&Spec::bytes(|s| s.seq([code], |s, c| s.u32(c))), Category::Data);
    }
    assert_eq!(binary::from_slice::<char>(&0xD7FFu32.to_le_bytes()).unwrap(), '\u{D7FF}');
    assert_eq!(binary::from_slice::<char>(&0xE000u32.to_le_bytes()).unwrap(), '\u{E000}');
    assert_eq!(binary::from_slice::<char>(&0x10_FFFFu32.to_le_bytes()).unwrap(), '\u{10FFFF}');
}

/// "An index that names no variant is an error; so is the index of a variant marked `skip`".
#[test]
fn skipped_and_unknown_variant_indices_are_refused() {
    // `Event::Internal`, index 1, is skipped: its payload (a `u32`) is there, and still refused.
    refused::<Event>(&[1, 7, 0, 0, 0], Category::Data);
    refused::<Event>(&[1], Category::Data);
    refused::<Event>(&[7], Category::Data);
    refused::<Event>(&[0xF8, 0xF8], Category::Data);
    refused::<Wide>(&[0xF9, 0x05, 0x01, 0, 0], Category::Data);
    // The indices around the skipped one are the declaration's.
    assert_eq!(binary::from_slice::<Event>(&[0]).unwrap(), Event::Start);
    assert_eq!(binary::from_slice::<Event>(&[2, 1, 0, 2, 0]).unwrap(), Event::Move(1, 2));
    // "(or `skip_deserializing`)".
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    enum Legacy {
        A,
        #[jetwire(skip_deserializing)]
        #[allow(dead_code)]
        Old(u8),
        B,
    }
    refused::<Legacy>(&[1, 5], Category::Data);
    assert_eq!(binary::from_slice::<Legacy>(&[2]).unwrap(), Legacy::B);
    assert_eq!(binary::from_slice::<Legacy>(&[0]).unwrap(), Legacy::A);
}

/// "The index is the variant's position in the declaration, counting from 0": explicit
/// discriminants do not change it.
#[test]
fn variant_indices_are_positions_not_discriminants() {
    #[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Copy)]
    #[repr(u8)]
    enum Level {
        Low = 10,
        High = 20,
        Top = 250,
    }
    for (index, level) in [Level::Low, Level::High, Level::Top].into_iter().enumerate() {
        let expected = Spec::bytes(|s| s.variant(index as u64));
        assert_eq!(binary::to_vec(&level).unwrap(), expected);
        assert_eq!(binary::from_slice::<Level>(&expected).unwrap(), level);
    }
    refused::<Level>(&[10], Category::Data);
}

/// "A body that ends in the middle of a field is an error (an *end of input* error, as for any
/// value cut short), as is a length that exceeds the bytes that remain."
#[test]
fn versioned_bodies_that_end_mid_field_are_refused() {
    let value = ProfileV2 {
        id: 1,
        name: "ab".into(),
        email: Some("e".into()),
        logins: 5,
        country: "fr".into(),
        marker: PhantomData,
    };
    let whole = v2_with_fields(&value, 5, &[]);
    let body = &whole[1..];
    // Field starts: id at 0, name at 4, email at 7, logins at 10, country at 18, end at 21.
    let starts = [0, 4, 7, 10, 18, 21];
    for cut in 0..=body.len() {
        let bytes = Spec::bytes(|s| s.versioned(|s| s.raw(&body[..cut])));
        let v2 = binary::from_slice::<ProfileV2>(&bytes);
        if starts.contains(&cut) {
            assert_eq!(v2.is_ok(), cut >= 7, "a body of {cut} bytes ends between fields: {v2:?}");
        } else {
            let err = v2.expect_err(&format!("a body of {cut} bytes ends mid-field"));
            assert_eq!(err.category(), Category::Eof, "a body of {cut} bytes: {err}");
        }
        // A reader of fewer fields refuses a body that ends inside one of *its* fields.
        let v1 = binary::from_slice::<ProfileV1>(&bytes);
        assert_eq!(v1.is_ok(), cut >= 7, "ProfileV1 from a body of {cut} bytes: {v1:?}");
    }
    // Inside a nested versioned struct: `Address`'s body ends in its `zip`.
    let bytes = Spec::bytes(|s| {
        s.versioned(|s| {
            s.str("c");
            s.raw(&[0x01, 0x02, 0x03]);
        })
    });
    assert_eq!(binary::from_slice::<Address>(&bytes).unwrap_err().category(), Category::Eof);
    // A length that exceeds the bytes that remain is the end of the input.
    let mut short = whole.clone();
    short[0] += 1;
    refused::<ProfileV2>(&short, Category::Eof);
    refused::<ProfileV2>(&whole[..whole.len() - 1], Category::Eof);
}

/// "Readers validate the UTF-8 (ill-formed UTF-8 is an error ...)"; in columns, "The bytes of
/// the column must be valid UTF-8 string by string."
#[test]
fn ill_formed_utf8_is_refused() {
    refused::<String>(&[2, 0xC3, 0x28], Category::Data);
    refused::<String>(&[1, 0xFF], Category::Data);
    refused::<String>(&[3, 0xED, 0xA0, 0x80], Category::Data); // an encoded surrogate
    refused::<String>(&[2, 0xC0, 0x80], Category::Data); // an over-long NUL
    // Two strings whose bytes are valid UTF-8 together but not each on its own: "é" cut in two.
    let rows = Spec::bytes(|s| {
        s.len(2);
        s.raw(&[1, 0xC3]);
        s.raw(&[1, 0xA9]);
    });
    refused::<Vec<String>>(&rows, Category::Data);
}

/// "The bytes of the column must be valid UTF-8 string by string": two names whose bytes are
/// valid together ("é") but not each on its own.
#[test]
fn ill_formed_utf8_split_across_a_string_column_is_refused() {
    let parts = Spec::bytes(|s| {
        s.len(2);
        s.u16(1);
        s.u16(2);
        s.len(1);
        s.len(1);
        s.raw(&[0xC3, 0xA9]);
    });
    refused::<Vec<Part>>(&parts, Category::Data);
    let good = Spec::bytes(|s| {
        s.len(2);
        s.u16(1);
        s.u16(2);
        s.len(2);
        s.len(0);
        s.raw(&[0xC3, 0xA9]);
    });
    assert_eq!(
        binary::from_slice::<Vec<Part>>(&good).unwrap(),
        [Part { id: 1, name: "é".into() }, Part { id: 2, name: String::new() }]
    );
}

/// "A set or map whose bytes hold the same key twice is an error."
#[test]
fn duplicate_keys_are_refused() {
    let map = Spec::bytes(|s| s.map([(1u8, "a"), (1, "b")].into_iter(), |s, k| s.u8(k), Spec::str));
    refused::<BTreeMap<u8, String>>(&map, Category::Data);
    refused::<HashMap<u8, String>>(&map, Category::Data);
    refused::<indexmap::IndexMap<u8, String>>(&map, Category::Data);
    let set = Spec::bytes(|s| s.seq([3u16, 4, 3], Spec::u16));
    refused::<BTreeSet<u16>>(&set, Category::Data);
    refused::<HashSet<u16>>(&set, Category::Data);
    refused::<indexmap::IndexSet<u16>>(&set, Category::Data);
}

/// "`from_slice` requires the input to end exactly where the value ends; bytes left over are an
/// error."
#[test]
fn bytes_left_over_are_refused() {
    refused::<u8>(&[1, 2], Category::Data);
    refused::<Option<u8>>(&[0, 0], Category::Data);
    refused::<ProfileV1>(&[6, 1, 0, 0, 0, 1, b'a', 0], Category::Data);
    refused::<Vec<()>>(&[0, 0], Category::Data);
}

/// "`Duration`: ... nanoseconds as `u32` (must be below 10^9)", and the ranges of the optional
/// types: "all other bits 0, else an error" for a decimal's flags, a scale "at most 28".
#[test]
fn out_of_range_standard_values_are_refused() {
    let duration = |nanos: u32| {
        Spec::bytes(|s| {
            s.u64(1);
            s.u32(nanos)
        })
    };
    assert_eq!(
        binary::from_slice::<Duration>(&duration(999_999_999)).unwrap(),
        Duration::new(1, 999_999_999)
    );
    refused::<Duration>(&duration(1_000_000_000), Category::Data);
    let decimal = |flags: u32| {
        Spec::bytes(|s| {
            s.u32(flags);
            s.u32(1);
            s.u32(0);
            s.u32(0)
        })
    };
    assert_eq!(binary::from_slice::<rust_decimal::Decimal>(&decimal(28 << 16)).unwrap().scale(), 28);
    refused::<rust_decimal::Decimal>(&decimal(29 << 16), Category::Data);
    refused::<rust_decimal::Decimal>(&decimal(1), Category::Data);
    refused::<rust_decimal::Decimal>(&decimal(1 << 30), Category::Data);
    // `time::OffsetDateTime`: "nanoseconds as `u32` (below 10^9)".
    let odt = |nanos: u32| {
        Spec::bytes(|s| {
            s.i64(0);
            s.u32(nanos);
            s.i32(0)
        })
    };
    assert!(binary::from_slice::<time::OffsetDateTime>(&odt(999_999_999)).is_ok());
    refused::<time::OffsetDateTime>(&odt(1_000_000_000), Category::Data);
}

/// "A count of `n` elements is refused unless at least `n × m` bytes remain": a length that
/// claims more than the input holds is an `Eof` error ("a length claims more than remains").
#[test]
fn lengths_beyond_the_input_are_refused() {
    refused::<String>(&[5, b'a'], Category::Eof);
    refused::<Vec<u64>>(&[2, 0, 0, 0, 0, 0, 0, 0, 0], Category::Eof);
    refused::<Vec<u8>>(&[0xFB, 0xFF, 0xFF, 0xFF, 0xFF], Category::Eof);
    refused::<Vec<Part>>(&[0xFA, 0x00, 0x00, 0x01], Category::Eof);
}

// =============================================================================================
// Columns: string columns by type, and through pointers
// =============================================================================================

/// "A **string column** (`String`, `str`, ...)": the field's type decides, however it is
/// spelled (a path, a generic parameter, a tuple struct's field, `&Path`), and a slice `[T]` of
/// a columnar struct is in columns like a `Vec`.
#[test]
fn string_columns_follow_the_type_not_its_spelling() {
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    #[jetwire(columnar)]
    struct Qualified {
        s: std::string::String,
        n: u8,
    }
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    #[jetwire(columnar)]
    struct Generic<T> {
        s: T,
        n: u8,
    }
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    #[jetwire(columnar)]
    struct Tuple(String, u8);
    /// Write-only: `&Path` does not implement `FromBinary`.
    #[derive(ToBinary)]
    #[jetwire(columnar)]
    struct Paths<'a> {
        s: &'a std::path::Path,
        n: u8,
    }

    let rows: [(&str, u8); 3] = [("ab", 1), ("c", 2), ("", 3)];
    let expected = Spec::bytes(|s| {
        s.columns(&rows, &[Column::Str(|r: &(&str, u8)| r.0), Column::Values(|s, r| s.u8(r.1))])
    });
    assert_eq!(hex(&expected), "03 02 01 00 61 62 63 01 02 03");

    let qualified: Vec<Qualified> = rows.iter().map(|&(s, n)| Qualified { s: s.into(), n }).collect();
    assert_eq!(binary::to_vec(&qualified).unwrap(), expected);
    assert_eq!(binary::from_slice::<Vec<Qualified>>(&expected).unwrap(), qualified);
    let generic: Vec<Generic<String>> = rows.iter().map(|&(s, n)| Generic { s: s.into(), n }).collect();
    assert_eq!(binary::to_vec(&generic).unwrap(), expected);
    assert_eq!(binary::from_slice::<Vec<Generic<String>>>(&expected).unwrap(), generic);
    let tuple: Vec<Tuple> = rows.iter().map(|&(s, n)| Tuple(s.into(), n)).collect();
    assert_eq!(binary::to_vec(&tuple).unwrap(), expected);
    assert_eq!(binary::from_slice::<Vec<Tuple>>(&expected).unwrap(), tuple);
    let paths: Vec<Paths> = rows.iter().map(|&(s, n)| Paths { s: s.as_ref(), n }).collect();
    assert_eq!(binary::to_vec(&paths).unwrap(), expected);

    // "`Vec<T>`, `[T]`, `VecDeque<T>`, `Box<[T]>`".
    let parts: Vec<Part> = rows.iter().map(|&(s, n)| Part { id: n.into(), name: s.into() }).collect();
    let expected = Spec::bytes(|s| Part::columns(s, &parts));
    assert_eq!(binary::to_vec(parts.as_slice()).unwrap(), expected);
}

/// Columnar structs whose string fields are `Box<String>`, `Rc<String>` or `Arc<String>`:
/// "pointers to" a `String`, so string columns ("Column layout": "A **string column** (`String`,
/// `str`, `Box<str>`, `Cow<str>`, `PathBuf` and `Path`, and pointers to them) is every string's
/// length as a varint, then every string's bytes").
///
/// Two elements are the smallest case where the column and the rows differ: read as rows, the
/// bytes `02  02 00  01 00  07 08` would give the strings `"\0\u{1}"` and `""`, with no error.
#[test]
fn pointer_string_columns_read_back() {
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    #[jetwire(columnar)]
    struct InBox {
        #[allow(clippy::box_collection, reason = "a pointer to a `String` is what is tested")]
        s: Box<String>,
        n: u8,
    }
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    #[jetwire(columnar)]
    struct InRc {
        s: Rc<String>,
        n: u8,
    }
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    #[jetwire(columnar)]
    struct InArc {
        s: Arc<String>,
        n: u8,
    }

    let rows: [(&str, u8); 2] = [("\u{1}\u{0}", 7), ("", 8)];
    let expected = Spec::bytes(|s| {
        s.columns(&rows, &[Column::Str(|r: &(&str, u8)| r.0), Column::Values(|s, r| s.u8(r.1))])
    });
    assert_eq!(hex(&expected), "02 02 00 01 00 07 08");

    let boxed: Vec<InBox> = rows.iter().map(|&(s, n)| InBox { s: Box::new(s.into()), n }).collect();
    let rc: Vec<InRc> = rows.iter().map(|&(s, n)| InRc { s: Rc::new(s.into()), n }).collect();
    let arc: Vec<InArc> = rows.iter().map(|&(s, n)| InArc { s: Arc::new(s.into()), n }).collect();
    // Writing agrees with the spec, and so does reading.
    assert_eq!(binary::to_vec(&boxed).unwrap(), expected, "Box<String>");
    assert_eq!(binary::to_vec(&rc).unwrap(), expected, "Rc<String>");
    assert_eq!(binary::to_vec(&arc).unwrap(), expected, "Arc<String>");
    assert_eq!(binary::from_slice::<Vec<InBox>>(&expected).unwrap(), boxed, "Box<String>");
    assert_eq!(binary::from_slice::<Vec<InRc>>(&expected).unwrap(), rc, "Rc<String>");
    assert_eq!(binary::from_slice::<Vec<InArc>>(&expected).unwrap(), arc, "Arc<String>");
}

// =============================================================================================
// "Decoding hostile input": limits and reports
// =============================================================================================

/// "Limits nesting to `DecodeOptions::max_depth` (128 by default) levels of boxes and
/// collections".
#[test]
fn nesting_is_limited_to_128_levels_of_boxes_and_collections() {
    // `Event::Batch(vec![...])`, `depth` times, around `Event::Start`: one `Vec` a level.
    let batches = |depth: usize| {
        Spec::bytes(|s| {
            for _ in 0..depth {
                s.variant(5);
                s.len(1);
            }
            s.variant(0);
        })
    };
    assert!(binary::from_slice::<Event>(&batches(128)).is_ok());
    refused::<Event>(&batches(129), Category::Limit);
    // `Event::Nested(Some(Box::new(...)))`: one `Box` a level (an `Option` is neither).
    let boxes = |depth: usize| {
        Spec::bytes(|s| {
            for _ in 0..depth {
                s.variant(4);
                s.u8(0x01);
            }
            s.variant(0);
        })
    };
    assert!(binary::from_slice::<Event>(&boxes(128)).is_ok());
    refused::<Event>(&boxes(129), Category::Limit);
}

/// "Elements whose encoding can be empty ... their count, weighted by their size in memory (at
/// least 1), is capped per message by `DecodeOptions::empty_element_budget` (1 MiB by default;
/// exceeding it is a *limit* error)."
#[test]
fn empty_elements_are_capped_per_message() {
    const MIB: usize = 1 << 20;
    let units = |n: usize| Spec::bytes(|s| s.len(n));
    assert_eq!(binary::from_slice::<Vec<()>>(&units(MIB)).unwrap().len(), MIB);
    refused::<Vec<()>>(&units(MIB + 1), Category::Limit);
    // Per message: two collections share one budget.
    let two = |a: usize, b: usize| {
        Spec::bytes(|s| {
            s.len(a);
            s.len(b)
        })
    };
    assert!(binary::from_slice::<(Vec<()>, Vec<Unit>)>(&two(MIB / 2, MIB / 2)).is_ok());
    refused::<(Vec<()>, Vec<Unit>)>(&two(MIB / 2, MIB / 2 + 1), Category::Limit);
}

/// "Reports every error with a category ..., the byte offset, and the path of the failing
/// value (`/lines/3/qty`), for example `invalid bool: expected 0 or 1, found 0x07 at /flags/1
/// (byte 9)`."
#[test]
fn errors_report_category_path_and_offset() {
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    struct Flagged {
        x: u32,
        y: u16,
        z: u8,
        flags: Vec<bool>,
    }
    let bytes = Spec::bytes(|s| {
        s.u32(0);
        s.u16(0);
        s.u8(0);
        s.seq([0x01u8, 0x07], Spec::u8);
    });
    let err = refused::<Flagged>(&bytes, Category::Data);
    assert_eq!(err.path(), "/flags/1");
    assert_eq!(err.offset(), 9);
    assert_eq!(err.to_string(), "invalid bool: expected 0 or 1, found 0x07 at /flags/1 (byte 9)");
}
