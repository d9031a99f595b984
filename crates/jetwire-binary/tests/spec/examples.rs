//! The spec's own worked examples: the reference, and jetwire, give their bytes.

use super::*;

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
