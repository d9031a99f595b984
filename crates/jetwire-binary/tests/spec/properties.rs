//! The property tests: random values of every type above, each through [`check`].

use super::*;

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
