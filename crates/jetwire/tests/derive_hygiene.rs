//! Generated code names everything by absolute path: it compiles in a module without the
//! prelude, and next to user items that shadow std names. JSON and, with `binary`, the binary
//! format.

#![cfg(feature = "derive")]
#![allow(dead_code, non_camel_case_types)]

#[test]
fn shadowed_std_names() {
    mod shadows {
        use jetwire::{FromJson, ToJson};

        pub struct Option;
        pub struct Result;
        pub struct Some;
        pub struct Ok;
        pub struct Err;
        pub struct Default;
        pub struct usize;
        pub struct u64;
        pub struct bool;
        pub struct str;
        pub struct u8;
        pub struct u32;
        pub struct core;

        #[derive(ToJson, FromJson, Debug, PartialEq)]
        pub struct Shadowed {
            pub a: i32,
            #[jetwire(default)]
            pub b: i64,
            pub c: ::core::option::Option<i32>,
        }

        #[derive(ToJson, FromJson, Debug, PartialEq)]
        #[jetwire(tag = "t", deny_unknown_fields)]
        pub enum Tagged {
            A { x: i32 },
            B,
        }

        #[derive(ToJson, FromJson, Debug, PartialEq)]
        #[jetwire(tag = "t", content = "c")]
        pub enum Adjacent {
            A(i32),
        }

        #[derive(ToJson, FromJson, Debug, PartialEq)]
        #[jetwire(untagged)]
        pub enum Untagged {
            A(i32),
        }

        #[derive(ToJson, FromJson, Debug, PartialEq)]
        pub struct Tuple(pub i32, pub i32);

        #[cfg(feature = "binary")]
        #[derive(jetwire::ToBinary, jetwire::FromBinary, Debug, PartialEq)]
        pub struct BinaryShadowed {
            pub a: i32,
            #[jetwire(skip)]
            pub b: i64,
        }

        #[cfg(feature = "binary")]
        #[derive(jetwire::ToBinary, jetwire::FromBinary, Debug, PartialEq)]
        pub enum BinaryEnum {
            A { x: i32 },
            B,
        }
    }
    use shadows::*;
    let s: Shadowed = jetwire::json::from_str(r#"{"a": 1, "c": null}"#).unwrap();
    assert_eq!(s, Shadowed { a: 1, b: 0, c: None });
    let t: Tagged = jetwire::json::from_str(r#"{"t": "A", "x": 2}"#).unwrap();
    assert_eq!(t, Tagged::A { x: 2 });
    assert_eq!(jetwire::json::to_string(&Adjacent::A(1)).unwrap(), r#"{"t":"A","c":1}"#);
    assert_eq!(jetwire::json::to_string(&Untagged::A(1)).unwrap(), "1");
    assert_eq!(jetwire::json::to_string(&Tuple(1, 2)).unwrap(), "[1,2]");

    #[cfg(feature = "binary")]
    {
        let bytes = jetwire::binary::to_vec(&BinaryEnum::A { x: 1 }).unwrap();
        assert_eq!(jetwire::binary::from_slice::<BinaryEnum>(&bytes).unwrap(), BinaryEnum::A { x: 1 });
        let bytes = jetwire::binary::to_vec(&BinaryShadowed { a: 1, b: 2 }).unwrap();
        assert_eq!(
            jetwire::binary::from_slice::<BinaryShadowed>(&bytes).unwrap(),
            BinaryShadowed { a: 1, b: 0 }
        );
    }
}

#[no_implicit_prelude]
mod without_prelude {
    #[cfg(feature = "binary")]
    use ::jetwire::{FromBinary, ToBinary};
    use ::jetwire::{FromJson, ToJson};

    #[derive(ToJson, FromJson)]
    #[cfg_attr(feature = "binary", derive(ToBinary, FromBinary))]
    #[jetwire(rename_all = "camelCase", deny_unknown_fields)]
    pub struct Plain<'a, T> {
        pub field_one: T,
        pub borrowed: &'a ::core::primitive::str,
        #[jetwire(skip_serializing_if = "::core::option::Option::is_none")]
        pub maybe: ::core::option::Option<T>,
        #[jetwire(base64)]
        pub bytes: ::std::vec::Vec<::core::primitive::u8>,
    }

    #[derive(ToJson, FromJson)]
    #[cfg_attr(feature = "binary", derive(ToBinary, FromBinary))]
    pub enum External {
        Unit,
        New(::core::primitive::u8),
        Tuple(::core::primitive::u8, ::core::primitive::u8),
        Struct {
            a: ::core::primitive::u8,
        },
        #[jetwire(other)]
        Other,
    }

    #[derive(ToJson, FromJson)]
    #[cfg_attr(feature = "binary", derive(ToBinary, FromBinary))]
    #[jetwire(tag = "t")]
    pub enum Internal {
        Struct { a: ::core::primitive::u8 },
        New(Inner),
    }

    #[derive(ToJson, FromJson)]
    #[cfg_attr(feature = "binary", derive(ToBinary, FromBinary))]
    pub struct Inner {
        #[jetwire(flatten)]
        pub rest: ::std::collections::BTreeMap<::std::string::String, ::core::primitive::u8>,
    }

    #[derive(ToJson, FromJson)]
    #[cfg_attr(feature = "binary", derive(ToBinary, FromBinary))]
    pub struct Newtype(pub ::core::primitive::u8);

    #[derive(ToJson, FromJson)]
    #[cfg_attr(feature = "binary", derive(ToBinary, FromBinary))]
    pub struct Unit;

    /// Binary only: a versioned struct with a default, and a plain one.
    #[cfg(feature = "binary")]
    #[derive(ToBinary, FromBinary)]
    #[jetwire(versioned)]
    pub struct Versioned {
        pub a: ::core::primitive::u8,
        #[jetwire(default)]
        pub b: ::core::option::Option<::core::primitive::u8>,
    }

    #[cfg(feature = "binary")]
    #[derive(ToBinary, FromBinary)]
    pub struct PlainPair(pub ::core::primitive::u16, pub ::core::primitive::u16);
}

#[test]
fn without_prelude_round_trip() {
    let text = r#"{"fieldOne": 1, "borrowed": "b", "bytes": "AQ=="}"#;
    let p: without_prelude::Plain<u8> = jetwire::json::from_str(text).unwrap();
    assert_eq!((p.field_one, p.borrowed, p.maybe, p.bytes.as_slice()), (1, "b", None, &[1u8][..]));
    assert_eq!(jetwire::json::to_string(&p).unwrap(), r#"{"fieldOne":1,"borrowed":"b","bytes":"AQ=="}"#);

    #[cfg(feature = "binary")]
    {
        let bytes = jetwire::binary::to_vec(&p).unwrap();
        assert_eq!(bytes, [1, 1, b'b', 0, 1, 1]);
        let back: without_prelude::Plain<u8> = jetwire::binary::from_slice(&bytes).unwrap();
        assert_eq!(
            (back.field_one, back.borrowed, back.maybe, back.bytes.as_slice()),
            (1, "b", None, &[1u8][..])
        );
    }
}
