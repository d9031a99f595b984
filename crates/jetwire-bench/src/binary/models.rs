//! The binary workloads of `shared/reference/workloads.md`: each model derives every format's
//! traits (jetwire, serde for postcard, bitcode, rkyv, wincode), so every implementation runs on
//! the same type, and has a deterministic generator. Borrowed twins (`...Ref<'a>`) of the models
//! with strings derive the decoders only, for the borrowed-deserialize cases.

use std::collections::{HashMap, HashSet};

use crate::workloads::Size;
use crate::workloads::rng::Rng;

// ---- SimpleRecord --------------------------------------------------------------------------

every_format! {
    /// A record with an int map, a map of ints to strings, ten child records and a long string.
    pub struct SimpleRecord {
        pub id: u64,
        pub counters: HashMap<i32, i32>,
        pub names: HashMap<i32, String>,
        pub children: Vec<Child>,
        pub description: String,
    }

    /// A small child record.
    pub struct Child {
        pub id: u32,
        pub weight: f64,
        pub label: String,
        pub active: bool,
    }
}

every_decoder! {
    /// [`SimpleRecord`] with borrowed strings.
    pub struct SimpleRecordRef<'a> {
        pub id: u64,
        pub counters: HashMap<i32, i32>,
        #[serde(borrow)]
        pub names: HashMap<i32, &'a str>,
        #[serde(borrow)]
        pub children: Vec<ChildRef<'a>>,
        pub description: &'a str,
    }

    /// [`Child`] with a borrowed string.
    pub struct ChildRef<'a> {
        pub id: u32,
        pub weight: f64,
        pub label: &'a str,
        pub active: bool,
    }
}

/// One [`SimpleRecord`].
pub fn simple_record(rng: &mut Rng, _: Size) -> SimpleRecord {
    SimpleRecord {
        id: rng.next_u64(),
        counters: (0..10).map(|i| (i * 7 + 1, rng.below(1 << 20) as i32)).collect(),
        names: (0..10).map(|i| (i, rng.word(8))).collect(),
        children: (0..10)
            .map(|i| Child {
                id: i,
                weight: rng.float(0.0, 100.0),
                label: rng.word(6),
                active: rng.chance(0.5),
            })
            .collect(),
        description: (0..60).map(|_| rng.word(5)).collect::<Vec<_>>().join(" "),
    }
}

// ---- Waypoints -----------------------------------------------------------------------------

every_format! {
    /// 1,000 small plain structs of mixed field sizes with a bool: a padded layout.
    pub struct Waypoints {
        pub points: Vec<Waypoint>,
    }

    /// A waypoint (24 bytes in memory, 23 of them data).
    pub struct Waypoint {
        pub latitude: f64,
        pub longitude: f64,
        pub elevation: f32,
        pub id: u16,
        pub visited: bool,
    }
}

/// 1,000 waypoints.
pub fn waypoints(rng: &mut Rng, size: Size) -> Waypoints {
    Waypoints {
        points: (0..size.count(1000))
            .map(|i| Waypoint {
                latitude: rng.float(-90.0, 90.0),
                longitude: rng.float(-180.0, 180.0),
                elevation: rng.float(-50.0, 4000.0) as f32,
                id: i as u16,
                visited: rng.chance(0.3),
            })
            .collect(),
    }
}

// ---- Vectors -------------------------------------------------------------------------------

every_format! {
    /// 10,000 four-float vectors: plain data.
    pub struct Vectors {
        pub items: Vec<Vec4>,
    }

    /// Four floats.
    pub struct Vec4 {
        pub x: f32,
        pub y: f32,
        pub z: f32,
        pub w: f32,
    }
}

/// 10,000 vectors.
pub fn vectors(rng: &mut Rng, size: Size) -> Vectors {
    let mut f = || rng.float(-1000.0, 1000.0) as f32;
    Vectors { items: (0..size.count(10_000)).map(|_| Vec4 { x: f(), y: f(), z: f(), w: f() }).collect() }
}

// ---- Maps ----------------------------------------------------------------------------------

every_format! {
    /// A 1,000-entry map and a 1,000-entry set of integers.
    pub struct Maps {
        pub map: HashMap<i32, i32>,
        pub set: HashSet<i32>,
    }
}

/// The maps.
pub fn maps(rng: &mut Rng, size: Size) -> Maps {
    let n = size.count(1000);
    let mut map = HashMap::new();
    while map.len() < n {
        map.insert(rng.next_u64() as i32, rng.next_u64() as i32);
    }
    let mut set = HashSet::new();
    while set.len() < n {
        set.insert(rng.below(1 << 24) as i32);
    }
    Maps { map, set }
}

// ---- Polymorphic ---------------------------------------------------------------------------

every_format! {
    /// An array of enum values of 20 variants with different payloads.
    pub struct Polymorphic {
        pub shapes: Vec<Shape>,
    }

    /// Twenty variants.
    pub enum Shape {
        Point,
        Circle(f32),
        Square { side: f32 },
        Rect { w: f32, h: f32 },
        Ellipse(f32, f32),
        Triangle([f32; 6]),
        Polygon(Vec<(f32, f32)>),
        Label(String),
        Tagged { id: u32, tag: String },
        Line { from: (f64, f64), to: (f64, f64) },
        Arc { center: (f32, f32), radius: f32, start: f32, end: f32 },
        Group(Vec<u32>),
        Empty,
        Color(u8, u8, u8, u8),
        Weight(u64),
        Flag(bool),
        Id(u16),
        Offset(i64),
        Name { first: String, last: String },
        Scale(f64),
    }
}

/// 1,000 shapes.
pub fn polymorphic(rng: &mut Rng, size: Size) -> Polymorphic {
    let shapes = (0..size.count(1000))
        .map(|_| {
            let f = |rng: &mut Rng| rng.float(-100.0, 100.0) as f32;
            match rng.below(20) {
                0 => Shape::Point,
                1 => Shape::Circle(f(rng)),
                2 => Shape::Square { side: f(rng) },
                3 => Shape::Rect { w: f(rng), h: f(rng) },
                4 => Shape::Ellipse(f(rng), f(rng)),
                5 => Shape::Triangle([f(rng), f(rng), f(rng), f(rng), f(rng), f(rng)]),
                6 => Shape::Polygon((0..rng.below(6)).map(|_| (f(rng), f(rng))).collect()),
                7 => Shape::Label(rng.word(7)),
                8 => Shape::Tagged { id: rng.below(1000) as u32, tag: rng.word(4) },
                9 => Shape::Line {
                    from: (rng.float(0.0, 1.0), rng.float(0.0, 1.0)),
                    to: (rng.float(0.0, 1.0), 0.5),
                },
                10 => Shape::Arc { center: (f(rng), f(rng)), radius: f(rng), start: 0.0, end: f(rng) },
                11 => Shape::Group((0..rng.below(5)).map(|_| rng.below(100) as u32).collect()),
                12 => Shape::Empty,
                13 => Shape::Color(rng.below(256) as u8, rng.below(256) as u8, rng.below(256) as u8, 255),
                14 => Shape::Weight(rng.next_u64() >> 40),
                15 => Shape::Flag(rng.chance(0.5)),
                16 => Shape::Id(rng.below(60_000) as u16),
                17 => Shape::Offset(rng.next_u64() as i64 >> 20),
                18 => Shape::Name { first: rng.word(5), last: rng.word(8) },
                _ => Shape::Scale(rng.float(0.1, 10.0)),
            }
        })
        .collect();
    Polymorphic { shapes }
}

// ---- Scattered -----------------------------------------------------------------------------

every_format! {
    /// 1,000,000 boxed records with string members, shuffled in memory.
    pub struct Scattered {
        pub records: Vec<Box<Record>>,
    }

    /// A record on the heap.
    pub struct Record {
        pub id: u64,
        pub name: String,
        pub email: String,
        pub score: f32,
        pub level: u16,
    }
}

every_decoder! {
    /// [`Scattered`] with borrowed strings.
    pub struct ScatteredRef<'a> {
        #[serde(borrow)]
        pub records: Vec<Box<RecordRef<'a>>>,
    }

    /// [`Record`] with borrowed strings.
    pub struct RecordRef<'a> {
        pub id: u64,
        pub name: &'a str,
        pub email: &'a str,
        pub score: f32,
        pub level: u16,
    }
}

/// 1,000,000 records, allocated in one order and listed in another, so that walking the list
/// jumps around memory.
pub fn scattered(rng: &mut Rng, size: Size) -> Scattered {
    let n = size.count(1_000_000);
    let mut records: Vec<Box<Record>> = (0..n)
        .map(|i| {
            let len = 4 + rng.below(8) as usize;
            let name = rng.word(len);
            Box::new(Record {
                id: i as u64,
                email: format!("{name}@{}.com", rng.word(5)),
                name,
                score: rng.float(0.0, 100.0) as f32,
                level: rng.below(100) as u16,
            })
        })
        .collect();
    for i in (1..records.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        records.swap(i, j);
    }
    Scattered { records }
}
