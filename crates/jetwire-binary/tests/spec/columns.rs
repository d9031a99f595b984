//! "Column layout": columnar structs in blocks of 128, field by field, and their reference
//! bytes.

use super::*;

/// A small columnar struct, used inside [`Hit`] and in every kind of container.
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
#[jetwire(columnar)]
pub(crate) struct Part {
    pub(crate) id: u16,
    pub(crate) name: String,
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
    pub(crate) fn columns<'a>(s: &mut Spec, parts: impl IntoIterator<Item = &'a Part>) {
        s.columns(parts, &[Column::Values(|s, p| s.u16(p.id)), Column::Str(|p| &p.name)]);
    }
}

pub(crate) fn part() -> impl Strategy<Value = Part> {
    (any::<u16>(), text()).prop_map(|(id, name)| Part { id, name })
}

/// A string type under another name: the column kind follows the type, not its spelling.
pub(crate) type Name = String;

/// A columnar struct with a column of every kind the spec names.
#[derive(ToBinary, FromBinary, Debug, Clone)]
#[jetwire(columnar)]
pub(crate) struct Hit {
    pub(crate) code: u8,
    pub(crate) path: String,
    pub(crate) size: u64,
    pub(crate) weight: f64,
    /// "Skipped fields have no column."
    #[jetwire(skip)]
    pub(crate) cache: u32,
    pub(crate) label: Box<str>,
    pub(crate) file: PathBuf,
    pub(crate) alias: Name,
    /// Not a string column: "Every other column is its values ...: numbers, `Option`s".
    pub(crate) note: Option<String>,
    /// "nested structs (as rows ...)"; a versioned one keeps its frame; "a field that is itself
    /// a columnar struct is one value per element, not columns within columns".
    pub(crate) at: Point,
    pub(crate) address: Address,
    pub(crate) first: Part,
    /// "`Vec`s of anything (which apply the column layout again if their element is columnar)".
    pub(crate) parts: Vec<Part>,
    pub(crate) groups: Option<Vec<Part>>,
    /// "enums".
    pub(crate) event: Event,
    /// "and fields written `with` a module".
    #[jetwire(with = "be_u16")]
    pub(crate) code16: u16,
    pub(crate) flag: bool,
    pub(crate) letter: char,
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
    pub(crate) fn columns<'a>(s: &mut Spec, hits: impl IntoIterator<Item = &'a Hit>) {
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

pub(crate) fn hit() -> impl Strategy<Value = Hit> {
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
pub(crate) struct Hits(pub(crate) Vec<Hit>);

impl Reference for Hits {
    fn reference(&self, s: &mut Spec) {
        Hit::columns(s, &self.0);
    }
}

/// Every container of a columnar struct: columns for `Vec`, `VecDeque` and `Box<[T]>` (also
/// inside an `Option` or a map's values), rows for arrays, sets, maps and `Vec<Box<T>>`.
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
pub(crate) struct PartHolders {
    pub(crate) deque: VecDeque<Part>,
    pub(crate) boxed: Box<[Part]>,
    pub(crate) maybe: Option<Vec<Part>>,
    pub(crate) by_key: BTreeMap<u8, Vec<Part>>,
    pub(crate) array: [Part; 2],
    #[allow(clippy::vec_box, reason = "the spec's `Vec<Box<T>>` case: rows, not columns")]
    pub(crate) boxes: Vec<Box<Part>>,
    pub(crate) set: BTreeSet<Part>,
    pub(crate) keyed: BTreeMap<u8, Part>,
    pub(crate) single: Part,
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

pub(crate) fn part_holders() -> impl Strategy<Value = PartHolders> {
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
pub(crate) struct PointerStrings {
    pub(crate) arc: Arc<String>,
    pub(crate) rc: Rc<String>,
    #[allow(clippy::box_collection, reason = "a pointer to a `String` is what is tested")]
    pub(crate) boxed: Box<String>,
    pub(crate) n: u8,
}

#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
pub(crate) struct PointerStringsVec(pub(crate) Vec<PointerStrings>);

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

pub(crate) fn pointer_strings() -> impl Strategy<Value = PointerStrings> {
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
pub(crate) struct Borrowed<'a> {
    pub(crate) text: &'a str,
    pub(crate) cow: std::borrow::Cow<'a, str>,
    pub(crate) bytes: &'a [u8],
}
