//! The reference encoder, [`Spec`]: written only from docs/binary-format.md, each rule citing
//! the section (and usually the sentence) it comes from; and the [`Reference`] trait through
//! which the tests' types encode themselves with it.

/// "Column layout": "the elements are cut into blocks of 128 (`COLUMN_BLOCK`; the last block
/// holds the rest ...)".
pub(crate) const BLOCK: usize = 128;

/// A reference encoder for the jetwire binary format, version 1, written from
/// `docs/binary-format.md` alone. Each method is one rule of the document.
#[derive(Default)]
pub(crate) struct Spec {
    pub(crate) out: Vec<u8>,
}

/// How one field of a `#[jetwire(columnar)]` struct is laid out in a block ("Column layout").
pub(crate) enum Column<T> {
    /// "A string column ... is every string's length as a varint, then every string's bytes,
    /// one string after the other with nothing between."
    Str(fn(&T) -> &str),
    /// "Every other column is its values one after the other", each encoded by its type.
    Values(fn(&mut Spec, &T)),
}

impl Spec {
    /// The bytes that `write` produces.
    pub(crate) fn bytes(write: impl FnOnce(&mut Spec)) -> Vec<u8> {
        let mut spec = Spec::default();
        write(&mut spec);
        spec.out
    }

    pub(crate) fn raw(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
    }

    // ---- "Varint" ----------------------------------------------------------------------

    /// "`00`..`F7` (0..247): the value is `b`"; "`F8` + n − 1 (`F8`..`FF`), n = 1..8: the
    /// value is the next n bytes, little-endian"; "The long form must use the fewest bytes".
    pub(crate) fn varint(&mut self, value: u64) {
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
    pub(crate) fn len(&mut self, len: usize) {
        self.varint(len as u64);
    }

    // ---- "Scalars": "Integers and floats take their natural width, least significant byte
    // first" -------------------------------------------------------------------------------

    pub(crate) fn u8(&mut self, v: u8) {
        self.raw(&[v]);
    }
    pub(crate) fn u16(&mut self, v: u16) {
        self.raw(&v.to_le_bytes());
    }
    pub(crate) fn u32(&mut self, v: u32) {
        self.raw(&v.to_le_bytes());
    }
    pub(crate) fn u64(&mut self, v: u64) {
        self.raw(&v.to_le_bytes());
    }
    pub(crate) fn u128(&mut self, v: u128) {
        self.raw(&v.to_le_bytes());
    }
    /// "1 byte (two's complement)".
    pub(crate) fn i8(&mut self, v: i8) {
        self.raw(&v.to_le_bytes());
    }
    pub(crate) fn i16(&mut self, v: i16) {
        self.raw(&v.to_le_bytes());
    }
    pub(crate) fn i32(&mut self, v: i32) {
        self.raw(&v.to_le_bytes());
    }
    pub(crate) fn i64(&mut self, v: i64) {
        self.raw(&v.to_le_bytes());
    }
    pub(crate) fn i128(&mut self, v: i128) {
        self.raw(&v.to_le_bytes());
    }
    /// "`usize`, `isize`: as `u64`, `i64` (8 bytes, on every host)".
    pub(crate) fn usize(&mut self, v: usize) {
        self.u64(v as u64);
    }
    pub(crate) fn isize(&mut self, v: isize) {
        self.i64(v as i64);
    }
    /// "IEEE 754 binary32/binary64 bits, little-endian; every bit pattern accepted".
    pub(crate) fn f32(&mut self, v: f32) {
        self.u32(v.to_bits());
    }
    pub(crate) fn f64(&mut self, v: f64) {
        self.u64(v.to_bits());
    }
    /// "1 byte: `00` false, `01` true".
    pub(crate) fn bool(&mut self, v: bool) {
        self.u8(if v { 0x01 } else { 0x00 });
    }
    /// "its scalar value as a `u32`".
    pub(crate) fn char(&mut self, v: char) {
        self.u32(u32::from(v));
    }

    // ---- "Strings and bytes" -------------------------------------------------------------

    /// "A string is a varint byte length, then that many bytes of UTF-8."
    pub(crate) fn str(&mut self, v: &str) {
        self.len(v.len());
        self.raw(v.as_bytes());
    }

    /// "A byte string ... is a varint length, then the bytes."
    pub(crate) fn byte_string(&mut self, v: &[u8]) {
        self.len(v.len());
        self.raw(v);
    }

    // ---- "Sequences, sets and maps" ------------------------------------------------------

    /// "varint element count, then each element"; for sets, "each element in the collection's
    /// iteration order".
    pub(crate) fn seq<I>(&mut self, items: I, mut each: impl FnMut(&mut Self, I::Item))
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
    pub(crate) fn array<I: IntoIterator>(&mut self, items: I, mut each: impl FnMut(&mut Self, I::Item)) {
        for item in items {
            each(self, item);
        }
    }

    /// "varint count, then each entry as key then value".
    pub(crate) fn map<K, V>(
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
    pub(crate) fn option<T>(&mut self, v: Option<T>, each: impl FnOnce(&mut Self, T)) {
        match v {
            None => self.u8(0x00),
            Some(v) => {
                self.u8(0x01);
                each(self, v);
            }
        }
    }

    /// "`Result<T, E>`: an enum: variant 0 `Ok(T)`, variant 1 `Err(E)`".
    pub(crate) fn result<T, E>(
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
    pub(crate) fn variant(&mut self, index: u64) {
        self.varint(index);
    }

    // ---- "Versioned structs" -------------------------------------------------------------

    /// "written as a varint byte length followed by its fields (the *body*)".
    pub(crate) fn versioned(&mut self, body: impl FnOnce(&mut Self)) {
        let body = Spec::bytes(body);
        self.len(body.len());
        self.raw(&body);
    }

    // ---- "Column layout" -----------------------------------------------------------------

    /// A sequence of a columnar struct: "after the count, the elements are cut into blocks of
    /// 128 ..., and each block is its columns, one per field that travels, in declaration
    /// order. A field's column is that field of every element of the block, in element order".
    pub(crate) fn columns<'a, T: 'a>(
        &mut self,
        items: impl IntoIterator<Item = &'a T>,
        columns: &[Column<T>],
    ) {
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
pub(crate) trait Reference {
    fn reference(&self, s: &mut Spec);
}

pub(crate) fn reference<T: Reference + ?Sized>(value: &T) -> Vec<u8> {
    Spec::bytes(|s| value.reference(s))
}
