//! `#[derive(ToJson, FromJson)]` with generics (inferred and explicit bounds) and lifetimes
//! (fields that borrow from the input).

#![cfg(feature = "derive")]

mod common;

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::Debug;
use std::marker::PhantomData;

use common::round_trip;
use jetwire::json;
use jetwire::{FromJson, ToJson};

/// Whether `inner` lies inside `outer`'s bytes: proof that a `&str` borrows from the input.
fn points_into(outer: &str, inner: &str) -> bool {
    let range = outer.as_bytes().as_ptr_range();
    range.contains(&inner.as_ptr()) && inner.len() < outer.len()
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(rename_all = "camelCase")]
struct Order<'a> {
    order_id: u64,
    #[jetwire(borrow)]
    note: &'a str,
    title: Cow<'a, str>,
    maybe: Option<&'a str>,
    words: Vec<&'a str>,
    total: Option<f64>,
}

#[test]
fn borrowed_fields_point_into_the_input() {
    let text = String::from(
        r#"{"orderId": 7, "note": "fragile", "title": "plain", "maybe": "m", "words": ["a", "b"], "total": 1.5}"#,
    );
    let order: Order = json::from_str(&text).unwrap();
    assert_eq!(order.order_id, 7);
    assert!(points_into(&text, order.note));
    assert!(matches!(order.title, Cow::Borrowed(t) if points_into(&text, t)));
    assert!(points_into(&text, order.maybe.unwrap()));
    assert!(order.words.iter().all(|w| points_into(&text, w)));
    assert_eq!(
        json::to_string(&order).unwrap(),
        r#"{"orderId":7,"note":"fragile","title":"plain","maybe":"m","words":["a","b"],"total":1.5}"#
    );

    // An escaped string cannot be borrowed as &str, but Cow takes it owned.
    let text = r#"{"orderId": 1, "note": "n", "title": "t\u00e9", "words": []}"#;
    let order: Order = json::from_str(text).unwrap();
    assert!(matches!(order.title, Cow::Owned(ref t) if t == "té"));
    let err =
        json::from_str::<Order>(r#"{"orderId": 1, "note": "\n", "title": "", "words": []}"#).unwrap_err();
    assert_eq!(err.path(), "/note");
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
enum Token<'a> {
    Word(&'a str),
    Pair { left: &'a str, right: Cow<'a, str> },
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(tag = "t")]
enum TaggedToken<'a> {
    Word { text: &'a str },
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(untagged)]
enum AnyToken<'a> {
    Word(&'a str),
    Number(u32),
}

#[test]
fn borrowing_enums() {
    let text = String::from(r#"[{"Word": "w"}, {"Pair": {"left": "l", "right": "r"}}]"#);
    let tokens: Vec<Token> = json::from_str(&text).unwrap();
    let Token::Word(w) = tokens[0] else { panic!() };
    assert!(points_into(&text, w));
    let Token::Pair { left, .. } = tokens[1] else { panic!() };
    assert!(points_into(&text, left));

    // Through the sub-readers of internally tagged and untagged enums too.
    let text = String::from(r#"{"text": "inner", "t": "Word"}"#);
    let TaggedToken::Word { text: inner } = json::from_str(&text).unwrap();
    assert!(points_into(&text, inner));
    let text = String::from(r#""untagged""#);
    let AnyToken::Word(inner) = json::from_str(&text).unwrap() else { panic!() };
    assert!(points_into(&text, inner));
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
struct Wrapper<T> {
    value: T,
    list: Vec<T>,
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
struct Tagged<V, Unused> {
    map: HashMap<String, V>,
    #[jetwire(skip)]
    marker: PhantomData<Unused>,
}

/// Neither ToJson nor FromJson: only usable where the derive adds no bound for it.
#[derive(Debug, PartialEq, Default)]
struct NotJson;

#[test]
fn inferred_bounds() {
    round_trip(&Wrapper { value: 1u8, list: vec![2, 3] }, r#"{"value":1,"list":[2,3]}"#);
    round_trip(&Wrapper { value: Some("s".to_owned()), list: vec![None] }, r#"{"value":"s","list":[null]}"#);
    let mut map = HashMap::new();
    map.insert("k".to_owned(), 1u8);
    // `NotJson` is only in a skipped field: no bound is required for it.
    round_trip(&Tagged::<u8, NotJson> { map, marker: PhantomData }, r#"{"map":{"k":1}}"#);
}

#[test]
fn generic_enums() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    enum Either<L, R> {
        Left(L),
        Right(R),
    }
    round_trip(&Either::<u8, String>::Left(1), r#"{"Left":1}"#);
    round_trip(&Either::<u8, String>::Right("r".into()), r#"{"Right":"r"}"#);
}

/// A trait with an associated type, to check `T::Assoc` bounds.
trait Family {
    type Member;
}

struct Numbers;

impl Family for Numbers {
    type Member = u32;
}

#[derive(ToJson, FromJson)]
struct Members<F: Family> {
    members: Vec<F::Member>,
}

#[test]
fn associated_type_bounds() {
    let m = Members::<Numbers> { members: vec![1, 2] };
    let text = json::to_string(&m).unwrap();
    assert_eq!(text, r#"{"members":[1,2]}"#);
    let back: Members<Numbers> = json::from_str(&text).unwrap();
    assert_eq!(back.members, [1, 2]);
}

/// A value that is written and read through a helper trait rather than ToJson/FromJson.
trait Codec: Sized {
    fn encode(&self) -> u32;
    fn decode(n: u32) -> Self;
}

impl Codec for bool {
    fn encode(&self) -> u32 {
        u32::from(*self)
    }
    fn decode(n: u32) -> Self {
        n != 0
    }
}

mod codec {
    use super::Codec;
    use jetwire::json::{FromJson, Output, Reader, Result, ToJson, Writer};

    pub fn to_json<T: Codec, O: Output>(value: &T, w: &mut Writer<O>) -> Result<()> {
        value.encode().to_json(w)
    }

    pub fn from_json<T: Codec>(r: &mut Reader<'_>) -> Result<T> {
        u32::from_json(r).map(T::decode)
    }
}

#[test]
fn explicit_bounds() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(bound = "T: Codec")]
    struct Container<T> {
        #[jetwire(with = "codec")]
        value: T,
    }
    round_trip(&Container { value: true }, r#"{"value":1}"#);

    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct FieldBound<T, U> {
        #[jetwire(with = "codec", bound = "T: Codec")]
        value: T,
        other: U,
    }
    round_trip(&FieldBound { value: false, other: 3u8 }, r#"{"value":0,"other":3}"#);

    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(bound(to_json = "T: ToJson", from_json = "T: FromJson<'de> + Default"))]
    struct SplitBound<T> {
        value: T,
    }
    round_trip(&SplitBound { value: 1u8 }, r#"{"value":1}"#);
}

#[test]
fn default_bound_for_skipped_generic_fields() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct S<T, C> {
        value: T,
        #[jetwire(skip)]
        cache: C,
    }
    let s: S<u8, Vec<u8>> = json::from_str(r#"{"value": 1}"#).unwrap();
    assert_eq!(s, S { value: 1, cache: vec![] });
}

#[test]
fn generic_container_default() {
    #[derive(FromJson, Debug, PartialEq)]
    #[jetwire(default)]
    struct G<T> {
        a: T,
        b: u8,
    }
    impl<T: From<u8>> Default for G<T> {
        fn default() -> Self {
            G { a: T::from(7), b: 9 }
        }
    }
    let g: G<u32> = json::from_str(r#"{"b": 1}"#).unwrap();
    assert_eq!(g, G { a: 7, b: 1 });
}

#[test]
fn const_generics_and_where_clauses() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Fixed<T, const N: usize>
    where
        T: Copy,
    {
        items: [T; N],
    }
    round_trip(&Fixed { items: [1u8, 2, 3] }, r#"{"items":[1,2,3]}"#);
}

#[test]
fn static_and_unbound_lifetimes() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Skipped<'a> {
        n: u8,
        #[jetwire(skip)]
        context: Option<&'a str>,
    }
    // `'a` is not borrowed: a short-lived input gives a `Skipped<'static>`.
    let value: Skipped<'static> = {
        let text = String::from(r#"{"n": 1}"#);
        json::from_str(&text).unwrap()
    };
    assert_eq!(value, Skipped { n: 1, context: None });

    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Static {
        name: Cow<'static, str>,
    }
    let value: Static = json::from_str(r#"{"name": "static input"}"#).unwrap();
    assert_eq!(value.name, "static input");
}

#[test]
fn crate_path_override() {
    mod renamed {
        pub use jetwire as jw;
    }
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(crate = "renamed::jw")]
    struct S {
        a: u8,
    }
    round_trip(&S { a: 1 }, r#"{"a":1}"#);
}
