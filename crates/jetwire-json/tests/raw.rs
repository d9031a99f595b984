//! Raw values: exact bytes captured, borrowed or owned, validated, written back unchanged, as
//! fields of derived structs (also inside tagged and untagged enums, whose content is read again
//! from the same input) and through the serde bridge.

use jetwire_derive::{FromJson, ToJson};
use jetwire_json::{Category, OwnedRawValue, RawValue, Value, json};

/// The runtime paths the derive expects, for `#[jetwire(crate = "crate::jw")]` (this crate's
/// tests cannot depend on the facade, which depends on this crate).
mod jw {
    pub use jetwire_json as json;
    pub mod __private {
        pub use jetwire_json::private::*;
    }
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(crate = "crate::jw")]
struct Envelope<'a> {
    id: u32,
    payload: RawValue<'a>,
    extra: Option<RawValue<'a>>,
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(crate = "crate::jw")]
struct OwnedEnvelope {
    id: u32,
    payload: OwnedRawValue,
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(crate = "crate::jw", tag = "kind")]
enum Internal<'a> {
    Event { at: u64, data: RawValue<'a> },
    Other,
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(crate = "crate::jw", tag = "t", content = "c")]
enum Adjacent<'a> {
    Raw(RawValue<'a>),
    Owned(OwnedRawValue),
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(crate = "crate::jw", untagged)]
enum Untagged<'a> {
    Numbered { n: u32, raw: RawValue<'a> },
    Anything(RawValue<'a>),
}

#[test]
fn captures_exact_bytes_borrowed() {
    let input = br#"{"id": 7, "payload": {"b" : [1, 2.50, "\u00e9"]}, "extra": null}"#;
    let envelope: Envelope = jetwire_json::from_slice(input).unwrap();
    assert_eq!(envelope.payload.as_bytes(), br#"{"b" : [1, 2.50, "\u00e9"]}"#);
    assert_eq!(envelope.extra, None);
    // Borrowed from the input, not copied.
    let range = input.as_ptr_range();
    assert!(range.contains(&envelope.payload.as_bytes().as_ptr()));
    // Written back unchanged.
    assert_eq!(
        jetwire_json::to_string(&envelope).unwrap(),
        r#"{"id":7,"payload":{"b" : [1, 2.50, "\u00e9"]},"extra":null}"#
    );
    let input = br#"{"id": 1, "payload": 0, "extra": [ ]}"#;
    let envelope: Envelope = jetwire_json::from_slice(input).unwrap();
    assert_eq!(envelope.extra.map(|r| r.as_bytes()), Some(&b"[ ]"[..]));
}

#[test]
fn owned_raw_values_outlive_the_input() {
    let envelope: OwnedEnvelope = {
        let input = String::from(r#"{"id": 3, "payload": [true, {"x": null}]}"#);
        jetwire_json::from_str(&input).unwrap()
    };
    assert_eq!(envelope.payload.as_str(), Some(r#"[true, {"x": null}]"#));
    assert_eq!(jetwire_json::to_string(&envelope).unwrap(), r#"{"id":3,"payload":[true, {"x": null}]}"#);
}

#[test]
fn raw_values_inside_tagged_and_untagged_enums() {
    let input = br#"[{"data": {"deep": [1]}, "kind": "Event", "at": 5}, {"kind": "Other"}]"#;
    let events: Vec<Internal> = jetwire_json::from_slice(input).unwrap();
    match &events[0] {
        Internal::Event { at, data } => {
            assert_eq!(*at, 5);
            assert_eq!(data.as_bytes(), br#"{"deep": [1]}"#);
            assert!(input.as_ptr_range().contains(&data.as_bytes().as_ptr()));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        jetwire_json::to_string(&events).unwrap(),
        r#"[{"kind":"Event","at":5,"data":{"deep": [1]}},{"kind":"Other"}]"#
    );

    let input = br#"[{"c": [1,  2], "t": "Raw"}, {"t": "Owned", "c": "s"}]"#;
    let adjacent: Vec<Adjacent> = jetwire_json::from_slice(input).unwrap();
    assert!(matches!(&adjacent[0], Adjacent::Raw(raw) if raw.as_bytes() == b"[1,  2]"));
    assert!(matches!(&adjacent[1], Adjacent::Owned(raw) if raw.as_bytes() == b"\"s\""));

    let input = br#"[{"n": 1, "raw": {"a" :1}}, [3, 4]]"#;
    let untagged: Vec<Untagged> = jetwire_json::from_slice(input).unwrap();
    assert!(matches!(&untagged[0], Untagged::Numbered { n: 1, raw } if raw.as_bytes() == br#"{"a" :1}"#));
    assert!(matches!(&untagged[1], Untagged::Anything(raw) if raw.as_bytes() == b"[3, 4]"));
}

#[test]
fn capturing_validates() {
    let err = jetwire_json::from_slice::<Envelope>(br#"{"id": 1, "payload": [1, }"#).unwrap_err();
    assert_eq!(err.category(), Category::Syntax);
    assert_eq!(err.offset(), 25);
    let deep = format!(r#"{{"id": 1, "payload": {}{}}}"#, "[".repeat(200), "]".repeat(200));
    let err = jetwire_json::from_str::<Envelope>(&deep).unwrap_err();
    assert_eq!(err.category(), Category::Limit);
}

#[test]
fn constructors_validate_and_trim() {
    let raw = RawValue::from_slice(b" \n{\"a\": 1}\t").unwrap();
    assert_eq!(raw.as_bytes(), b"{\"a\": 1}");
    assert!(RawValue::from_slice(b"{\"a\": 1} x").is_err());
    assert!(RawValue::from_str("").is_err());
    let owned = OwnedRawValue::from_string("  [1] ".into()).unwrap();
    assert_eq!(owned.as_bytes(), b"[1]");
    assert_eq!(owned.as_raw(), RawValue::from_slice(b"[1]").unwrap());
    assert!(OwnedRawValue::from_vec(b"nul".to_vec()).is_err());
    let from_value = OwnedRawValue::to_raw_value(&json!({"k": [null]})).unwrap();
    assert_eq!(from_value.to_string(), r#"{"k":[null]}"#);
}

#[test]
fn parse_again_as_typed_values_or_a_dom() {
    let raw = RawValue::from_str(r#"{"name": "ada", "n": [1, 2]}"#).unwrap();
    let value: Value = raw.to_value().unwrap();
    assert_eq!(value["n"][1], 2);
    let pair: (u8, &str) = RawValue::from_str(r#"[1, "borrowed"]"#).unwrap().parse().unwrap();
    assert_eq!(pair, (1, "borrowed"));
    let owned = raw.into_owned();
    let value: Value = owned.parse().unwrap();
    assert_eq!(value["name"], "ada");
}

#[test]
fn ill_formed_utf8_is_kept_byte_for_byte() {
    let input = b"{\"id\": 1, \"payload\": \"caf\xE9\"}";
    let envelope: Envelope = jetwire_json::from_slice(input).unwrap();
    assert_eq!(envelope.payload.as_bytes(), b"\"caf\xE9\"");
    assert_eq!(envelope.payload.as_str(), None);
    let written = jetwire_json::to_vec(&envelope).unwrap();
    assert_eq!(written, b"{\"id\":1,\"payload\":\"caf\xE9\",\"extra\":null}");
}

#[test]
fn raw_values_through_the_serde_bridge() {
    #[derive(serde::Deserialize, serde::Serialize, Debug)]
    struct Message<'a> {
        id: u32,
        #[serde(borrow)]
        body: RawValue<'a>,
        owned: OwnedRawValue,
    }
    let input = br#"{"id": 2, "body": {"x" : 1}, "owned": [ 1 ]}"#;
    let message: Message = jetwire_json::serde::from_slice(input).unwrap();
    assert_eq!(message.body.as_bytes(), br#"{"x" : 1}"#);
    assert_eq!(message.owned.as_bytes(), b"[ 1 ]");
    assert_eq!(
        jetwire_json::serde::to_string(&message).unwrap(),
        r#"{"id":2,"body":{"x" : 1},"owned":[ 1 ]}"#
    );
    // Another deserializer can still give an owned raw value, written back as JSON.
    let owned: OwnedRawValue = serde_json::from_str(r#"{"a": [1, 2]}"#).unwrap();
    assert_eq!(owned.as_bytes(), br#"{"a":[1,2]}"#);
}
