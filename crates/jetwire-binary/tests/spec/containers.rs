//! "Sequences", "Sets", "Maps", "Option", tuples and pointers: the types and their
//! reference bytes, and map entries read in any order.

use super::*;

#[derive(ToBinary, FromBinary, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub(crate) struct Point {
    pub(crate) x: i32,
    pub(crate) y: i32,
}

impl Reference for Point {
    fn reference(&self, s: &mut Spec) {
        s.i32(self.x);
        s.i32(self.y);
    }
}

pub(crate) fn point() -> impl Strategy<Value = Point> {
    (any::<i32>(), any::<i32>()).prop_map(|(x, y)| Point { x, y })
}

pub(crate) type Twelve = (u8, u16, u32, u64, i8, i16, i32, i64, bool, char, String, Unit);

#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
pub(crate) struct Containers {
    pub(crate) maybe: Option<u16>,
    pub(crate) maybe_text: Option<Option<String>>,
    pub(crate) single: (u64,),
    pub(crate) triple: (u8, String, bool),
    pub(crate) twelve: Twelve,
    pub(crate) array: [u16; 3],
    pub(crate) byte_array: [u8; 5],
    pub(crate) strings: [String; 2],
    pub(crate) empty: [u32; 0],
    pub(crate) points: Vec<Point>,
    pub(crate) nested: Vec<Vec<u8>>,
    pub(crate) deque: VecDeque<i8>,
    pub(crate) boxed_slice: Box<[u32]>,
    pub(crate) set: BTreeSet<i32>,
    pub(crate) map: BTreeMap<String, Vec<u8>>,
    /// "The order of a `HashMap` or `HashSet` is whatever the writer's iteration gave": the
    /// reference iterates the same value that jetwire writes.
    pub(crate) hash_map: HashMap<u16, String>,
    pub(crate) hash_set: HashSet<char>,
    pub(crate) boxed: Box<Point>,
    pub(crate) result: Result<u8, String>,
    pub(crate) results: Vec<Result<(), Option<bool>>>,
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

pub(crate) fn twelve() -> impl Strategy<Value = Twelve> {
    (
        (any::<u8>(), any::<u16>(), any::<u32>(), any::<u64>(), any::<i8>(), any::<i16>()),
        (any::<i32>(), any::<i64>(), any::<bool>(), any::<char>(), text()),
    )
        .prop_map(|((a, b, c, d, e, f), (g, h, i, j, k))| (a, b, c, d, e, f, g, h, i, j, k, Unit))
}

pub(crate) fn containers() -> impl Strategy<Value = Containers> {
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
