//! `#[serde(...)]` attributes read by jetwire's derive: on a type that derives both libraries'
//! traits, serde's attributes alone give both the same JSON; a `#[jetwire(...)]` attribute
//! takes precedence; serde's `bound` and `crate` are passed over; `ignore_serde` reads none.
//! (Attributes jetwire cannot honor are compile errors: tests/ui/serde_unsupported.rs.)

#![cfg(feature = "derive")]

use std::collections::BTreeMap;

use jetwire::{FromJson, ToJson};
use serde::{Deserialize, Serialize};

/// Both libraries write `value` alike, and each reads the other's text back to it.
#[track_caller]
fn same_json<T>(value: &T, expected: &str)
where
    T: ToJson
        + Serialize
        + for<'de> FromJson<'de>
        + serde::de::DeserializeOwned
        + PartialEq
        + std::fmt::Debug,
{
    let ours = jetwire::json::to_string(value).unwrap();
    let theirs = serde_json::to_string(value).unwrap();
    assert_eq!(ours, expected);
    assert_eq!(theirs, expected);
    assert_eq!(&jetwire::json::from_str::<T>(&theirs).unwrap(), value);
    assert_eq!(&serde_json::from_str::<T>(&ours).unwrap(), value);
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct PoolConfig {
    pool_size: u32,
    #[serde(rename = "host")]
    host_name: String,
    #[serde(alias = "timeout", alias = "wait", default)]
    timeout_ms: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<String>,
    #[serde(default = "three")]
    retries: u8,
    #[serde(skip)]
    cache: Vec<u8>,
    #[serde(flatten)]
    extra: BTreeMap<String, u32>,
}

fn three() -> u8 {
    3
}

#[test]
fn serde_attributes_alone_give_both_libraries_the_same_json() {
    let config = PoolConfig {
        pool_size: 4,
        host_name: "db".into(),
        timeout_ms: 10,
        label: None,
        retries: 1,
        cache: Vec::new(),
        extra: BTreeMap::from([("z".into(), 9)]),
    };
    same_json(&config, r#"{"poolSize":4,"host":"db","timeoutMs":10,"retries":1,"z":9}"#);
    let read: PoolConfig = jetwire::json::from_str(r#"{"poolSize": 2, "host": "h", "wait": 7}"#).unwrap();
    assert_eq!((read.pool_size, read.timeout_ms, read.retries), (2, 7, 3));
    // The error that started it: with rename_all read, `pool_size` is not looked for.
    let err = jetwire::json::from_str::<PoolConfig>(r#"{"pool_size": 2, "host": "h"}"#).unwrap_err();
    assert_eq!(err.message(), "missing field `poolSize`");
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq)]
#[serde(tag = "kind", content = "data", rename_all = "snake_case")]
enum Event {
    Started {
        at: u64,
    },
    Stopped(String),
    #[serde(rename = "paused_for")]
    Paused(u32),
    #[serde(other)]
    Unknown,
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Strict {
    a: u8,
}

#[test]
fn deny_unknown_fields_comes_from_serde() {
    assert_eq!(jetwire::json::from_str::<Strict>(r#"{"a": 1}"#).unwrap(), Strict { a: 1 });
    let err = jetwire::json::from_str::<Strict>(r#"{"a": 1, "b": 2}"#).unwrap_err();
    assert!(err.message().starts_with("unknown field `b`"), "{err}");
}

#[test]
fn enum_representations_and_variant_attributes_come_from_serde() {
    same_json(&Event::Started { at: 5 }, r#"{"kind":"started","data":{"at":5}}"#);
    same_json(&Event::Stopped("x".into()), r#"{"kind":"stopped","data":"x"}"#);
    same_json(&Event::Paused(2), r#"{"kind":"paused_for","data":2}"#);
    assert_eq!(jetwire::json::from_str::<Event>(r#"{"kind":"new"}"#).unwrap(), Event::Unknown);
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq)]
#[serde(untagged)]
enum Id {
    Number(u64),
    Text(String),
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq)]
#[serde(transparent)]
struct Meters(f64);

#[test]
fn untagged_and_transparent_come_from_serde() {
    same_json(&vec![Id::Number(1), Id::Text("a".into())], r#"[1,"a"]"#);
    same_json(&Meters(2.5), "2.5");
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
#[jetwire(rename_all = "SCREAMING_SNAKE_CASE")]
struct Overridden {
    #[serde(rename = "serdeName", alias = "serdeAlias")]
    #[jetwire(rename = "jetwireName")]
    first_field: u8,
    #[serde(alias = "serdeSecond")]
    #[jetwire(alias = "jetwireAlias")]
    second_field: u8,
}

#[test]
fn jetwire_attributes_take_precedence() {
    let value = Overridden { first_field: 1, second_field: 2 };
    assert_eq!(jetwire::json::to_string(&value).unwrap(), r#"{"jetwireName":1,"SECOND_FIELD":2}"#);
    assert_eq!(serde_json::to_string(&value).unwrap(), r#"{"serdeName":1,"secondField":2}"#);
    // jetwire's aliases replace serde's; where jetwire gives none (the first field renames
    // only), serde's are read.
    let read: Overridden = jetwire::json::from_str(r#"{"jetwireName": 1, "jetwireAlias": 2}"#).unwrap();
    assert_eq!(read, value);
    let read: Overridden = jetwire::json::from_str(r#"{"serdeAlias": 1, "SECOND_FIELD": 2}"#).unwrap();
    assert_eq!(read, value);
    assert!(jetwire::json::from_str::<Overridden>(r#"{"jetwireName": 1, "serdeSecond": 2}"#).is_err());
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
#[jetwire(ignore_serde)]
struct Ignored {
    some_field: u8,
    #[serde(rename = "x")]
    other_field: u8,
}

#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq)]
struct FieldIgnored {
    #[serde(with = "as_text")]
    #[jetwire(ignore_serde)]
    count: u64,
    #[serde(rename = "n")]
    name: String,
}

mod as_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

#[test]
fn ignore_serde_reads_no_serde_attribute_where_it_stands() {
    let value = Ignored { some_field: 1, other_field: 2 };
    assert_eq!(jetwire::json::to_string(&value).unwrap(), r#"{"some_field":1,"other_field":2}"#);
    // On one field: that field's serde attributes alone are left out.
    let value = FieldIgnored { count: 3, name: "a".into() };
    assert_eq!(jetwire::json::to_string(&value).unwrap(), r#"{"count":3,"n":"a"}"#);
    assert_eq!(serde_json::to_string(&value).unwrap(), r#"{"count":"3","n":"a"}"#);
}

/// serde's bounds name serde's traits: jetwire infers its own.
#[derive(Serialize, Deserialize, ToJson, FromJson, Debug, PartialEq)]
#[serde(bound(serialize = "T: Serialize", deserialize = "T: Deserialize<'de>"))]
struct Wrapper<T> {
    inner: T,
}

/// Only jetwire's derives: serde's attributes are still read (the derive declares them).
#[derive(ToJson, FromJson, Debug, PartialEq)]
#[serde(rename_all = "kebab-case")]
struct JetwireOnly {
    max_items: u8,
}

#[test]
fn serde_bounds_are_passed_over_and_serde_attributes_need_no_serde_derive() {
    same_json(&Wrapper { inner: 5u8 }, r#"{"inner":5}"#);
    assert_eq!(jetwire::json::to_string(&JetwireOnly { max_items: 2 }).unwrap(), r#"{"max-items":2}"#);
}
