//! What the spec says a decoder rejects: over-long varints, bools other than 0 and 1,
//! `Option` tags other than 0 and 1, surrogate `char`s, skipped variants' indices, versioned
//! bodies that end mid-field, ...

use super::*;

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
