//! `#[jetwire(flatten)]`: structs, maps, `Option` and `Box` flattened into an object, nested
//! flattening, borrowing through flattened fields, and internally tagged newtype variants.

#![cfg(feature = "derive")]

mod common;

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use common::round_trip;
use jetwire::json;
use jetwire::{FromJson, ToJson};

#[derive(ToJson, FromJson, Debug, PartialEq, Default)]
struct Pagination {
    limit: u32,
    offset: u32,
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
struct Query {
    q: String,
    #[jetwire(flatten)]
    page: Pagination,
}

#[test]
fn flattened_struct() {
    let query = Query { q: "x".into(), page: Pagination { limit: 10, offset: 20 } };
    round_trip(&query, r#"{"q":"x","limit":10,"offset":20}"#);
    let back: Query = json::from_str(r#"{"offset": 20, "q": "x", "other": true, "limit": 10}"#).unwrap();
    assert_eq!(back, query);

    let err = json::from_str::<Query>(r#"{"q": "x", "limit": 1}"#).unwrap_err();
    assert_eq!(err.message(), "missing field `offset`");
    let err = json::from_str::<Query>(r#"{"q": "x", "limit": 1, "offset": "no"}"#).unwrap_err();
    assert_eq!(err.path(), "/offset");
    let err = json::from_str::<Query>(r#"{"q": "x", "limit": 1, "limit": 2, "offset": 0}"#).unwrap_err();
    assert_eq!(err.message(), "duplicate field `limit`");
}

#[test]
fn flattened_struct_then_map_takes_the_rest() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Rest {
        id: u32,
        #[jetwire(flatten)]
        page: Pagination,
        #[jetwire(flatten)]
        extra: BTreeMap<String, u32>,
    }
    let mut extra = BTreeMap::new();
    extra.insert("a".to_owned(), 1);
    extra.insert("b".to_owned(), 2);
    let rest = Rest { id: 1, page: Pagination { limit: 3, offset: 4 }, extra };
    round_trip(&rest, r#"{"id":1,"limit":3,"offset":4,"a":1,"b":2}"#);
    let back: Rest = json::from_str(r#"{"b": 2, "limit": 3, "a": 1, "id": 1, "offset": 4}"#).unwrap();
    assert_eq!(back, rest);
    let err = json::from_str::<Rest>(r#"{"id": 1, "limit": 3, "offset": 4, "c": "x"}"#).unwrap_err();
    assert_eq!(err.path(), "/c");
}

#[test]
fn flattened_hash_map_and_options() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct S {
        #[jetwire(flatten)]
        page: Option<Pagination>,
        #[jetwire(flatten)]
        boxed: Box<Named>,
        #[jetwire(flatten)]
        rest: HashMap<String, bool>,
    }
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Named {
        name: String,
    }
    let s: S = json::from_str(r#"{"name": "n", "flag": true}"#).unwrap();
    assert_eq!(s.page, None);
    assert_eq!(s.boxed.name, "n");
    assert_eq!(s.rest.get("flag"), Some(&true));
    let s: S = json::from_str(r#"{"name": "n", "limit": 1, "offset": 2}"#).unwrap();
    assert_eq!(s.page, Some(Pagination { limit: 1, offset: 2 }));
    assert!(s.rest.is_empty());
    assert_eq!(json::to_string(&s).unwrap(), r#"{"limit":1,"offset":2,"name":"n"}"#);
    let none = S { page: None, boxed: Box::new(Named { name: "m".into() }), rest: HashMap::new() };
    assert_eq!(json::to_string(&none).unwrap(), r#"{"name":"m"}"#);
}

#[test]
fn nested_flatten_and_deny_unknown_fields() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Middle {
        m: u8,
        #[jetwire(flatten)]
        page: Pagination,
    }
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(deny_unknown_fields)]
    struct Outer {
        o: u8,
        #[jetwire(flatten)]
        middle: Middle,
    }
    let outer = Outer { o: 1, middle: Middle { m: 2, page: Pagination { limit: 3, offset: 4 } } };
    round_trip(&outer, r#"{"o":1,"m":2,"limit":3,"offset":4}"#);
    let err = json::from_str::<Outer>(r#"{"o": 1, "m": 2, "limit": 3, "offset": 4, "x": 0}"#).unwrap_err();
    assert_eq!(err.message(), "unknown field `x`, expected `o`");
}

#[test]
fn flattened_fields_borrow() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Names<'a> {
        first: &'a str,
    }
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    struct Person<'a> {
        age: u8,
        #[jetwire(flatten)]
        names: Names<'a>,
        #[jetwire(flatten)]
        rest: BTreeMap<&'a str, &'a str>,
    }
    let text = String::from(r#"{"first": "Ada", "age": 36, "city": "London"}"#);
    let person: Person = json::from_str(&text).unwrap();
    let range = text.as_bytes().as_ptr_range();
    assert!(range.contains(&person.names.first.as_ptr()));
    let (key, value) = person.rest.iter().next().unwrap();
    assert!(range.contains(&key.as_ptr()) && range.contains(&value.as_ptr()));
    assert_eq!(json::to_string(&person).unwrap(), r#"{"age":36,"first":"Ada","city":"London"}"#);
}

#[test]
fn flatten_in_struct_variants_and_generics() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    enum E<P> {
        Search {
            q: String,
            #[jetwire(flatten)]
            page: P,
        },
    }
    let e = E::Search { q: "q".into(), page: Pagination { limit: 1, offset: 2 } };
    round_trip(&e, r#"{"Search":{"q":"q","limit":1,"offset":2}}"#);
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(tag = "type")]
enum Message {
    Query(Query),
    Page(Pagination),
    Map(BTreeMap<String, u8>),
    Ping,
}

#[test]
fn internally_tagged_newtype_variants() {
    round_trip(
        &Message::Query(Query { q: "x".into(), page: Pagination { limit: 1, offset: 2 } }),
        r#"{"type":"Query","q":"x","limit":1,"offset":2}"#,
    );
    round_trip(&Message::Page(Pagination { limit: 3, offset: 4 }), r#"{"type":"Page","limit":3,"offset":4}"#);
    let mut map = BTreeMap::new();
    map.insert("k".to_owned(), 5);
    // The tag is not part of the map.
    round_trip(&Message::Map(map), r#"{"type":"Map","k":5}"#);
    round_trip(&Message::Ping, r#"{"type":"Ping"}"#);
    let back: Message = json::from_str(r#"{"limit": 3, "type": "Page", "offset": 4}"#).unwrap();
    assert_eq!(back, Message::Page(Pagination { limit: 3, offset: 4 }));
}

#[test]
fn tagged_struct_flattened() {
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(tag = "kind")]
    struct Meta {
        version: u8,
    }
    #[derive(ToJson, FromJson, Debug, PartialEq)]
    #[jetwire(deny_unknown_fields)]
    struct Doc {
        #[jetwire(flatten)]
        meta: Meta,
        body: String,
    }
    let doc = Doc { meta: Meta { version: 1 }, body: "b".into() };
    round_trip(&doc, r#"{"kind":"Meta","version":1,"body":"b"}"#);
}
