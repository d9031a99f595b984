//! Token writing: the low-level writer against the closest thing a peer offers, a hand-written
//! `Serialize` impl driving serde_json's serializer with `RawValue` for the raw records.

use std::hint::black_box;

use base64::Engine as _;
use base64::display::Base64Display;
use base64::engine::general_purpose::STANDARD;
use jetwire::json::Writer;
use serde::ser::{SerializeMap, SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

use super::rng::Rng;
use crate::check;
use crate::harness::{Case, Entry, Group, Op};

/// What one operation writes: `{"Catalog":[...]}` with 200 tokens.
struct Catalog {
    /// Pre-serialized records of about 1 KB (every third token).
    records: Vec<String>,
    /// Labels of the other tokens, `item_<i>`.
    labels: Vec<String>,
    blob: [u8; 100],
}

const TOKENS: usize = 200;

impl Catalog {
    fn new() -> Self {
        let mut rng = Rng::new(0x70CE);
        let records = (0..TOKENS).filter(|i| i % 3 == 0).map(|i| record(&mut rng, i)).collect();
        let labels = (0..TOKENS).map(|i| format!("item_{i}")).collect();
        Catalog { records, labels, blob: [0; 100] }
    }
}

/// A record of a dozen scalar properties and a `Fields` array of descriptors, about 1 KB.
fn record(rng: &mut Rng, index: usize) -> String {
    let mut fields = Vec::new();
    let mut text = String::new();
    while text.len() < 1000 {
        fields.push(format!(
            r#"{{"name":"{}","type":"{}","nullable":{},"length":{},"scale":{},"index":{},"comment":"{}","default":null,"unique":{},"indexed":{},"precision":{},"order":{}}}"#,
            rng.word(8),
            rng.pick(&["int", "text", "bool", "float"]),
            rng.chance(0.5),
            rng.below(256),
            rng.below(8),
            fields.len(),
            rng.word(10),
            rng.chance(0.1),
            rng.chance(0.3),
            rng.below(20),
            fields.len()
        ));
        text = format!(
            r#"{{"id":{index},"name":"{}","owner":"{}","rows":{},"bytes":{},"ratio":{},"active":true,"archived":false,"created":"2024-01-0{}","schema":"public","version":{},"checksum":"{:016x}","Fields":[{}]}}"#,
            rng.word(12),
            rng.word(7),
            rng.below(1_000_000),
            rng.below(1 << 40),
            rng.float(0.0, 1.0),
            1 + index % 9,
            rng.below(100),
            rng.next_u64(),
            fields.join(",")
        );
    }
    text
}

fn write_jetwire(writer: &mut Writer, catalog: &Catalog) -> jetwire::json::Result<()> {
    writer.reset();
    writer.begin_object()?;
    writer.property_name_escaped(b"Catalog")?;
    writer.begin_array()?;
    let mut records = catalog.records.iter();
    for (i, label) in catalog.labels.iter().enumerate() {
        if i % 3 == 0 {
            writer.raw_value(records.next().expect("one record per third token").as_bytes())?;
        } else {
            writer.begin_object()?;
            writer.property_name_escaped(b"seq")?;
            writer.usize(i)?;
            writer.property_name_escaped(b"label")?;
            writer.string(label)?;
            writer.property_name_escaped(b"blob")?;
            writer.bytes_base64(&catalog.blob)?;
            writer.end_object()?;
        }
    }
    writer.end_array()?;
    writer.end_object()?;
    writer.finish()
}

/// serde's side: the same document through `Serialize`, validating each raw record as jetwire's
/// writer does.
struct SerdeCatalog<'a>(&'a Catalog);

struct Item<'a> {
    seq: usize,
    label: &'a str,
    blob: &'a [u8],
}

impl Serialize for Item<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut item = serializer.serialize_struct("Item", 3)?;
        item.serialize_field("seq", &self.seq)?;
        item.serialize_field("label", self.label)?;
        item.serialize_field("blob", &Base64Field(self.blob))?;
        item.end()
    }
}

struct Base64Field<'a>(&'a [u8]);

impl Serialize for Base64Field<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&Base64Display::new(self.0, &STANDARD))
    }
}

struct Tokens<'a>(&'a Catalog);

impl Serialize for Tokens<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let catalog = self.0;
        let mut seq = serializer.serialize_seq(Some(TOKENS))?;
        let mut records = catalog.records.iter();
        for (i, label) in catalog.labels.iter().enumerate() {
            if i % 3 == 0 {
                let record = records.next().expect("one record per third token");
                let raw: &RawValue = serde_json::from_str(record).map_err(serde::ser::Error::custom)?;
                seq.serialize_element(raw)?;
            } else {
                seq.serialize_element(&Item { seq: i, label, blob: &catalog.blob })?;
            }
        }
        seq.end()
    }
}

impl Serialize for SerdeCatalog<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("Catalog", &Tokens(self.0))?;
        map.end()
    }
}

/// The token-writing case (jetwire and serde_json; the other peers have no raw-value
/// serializer).
pub fn case() -> Result<Case, String> {
    let catalog = std::rc::Rc::new(Catalog::new());
    let mut writer = Writer::new();
    write_jetwire(&mut writer, &catalog).map_err(|e| format!("TokenWriting: jetwire: {e}"))?;
    let ours = writer.as_bytes().to_vec();
    let theirs =
        serde_json::to_vec(&SerdeCatalog(&catalog)).map_err(|e| format!("TokenWriting: serde_json: {e}"))?;
    let parse = |bytes: &[u8]| check::parse(bytes).map_err(|e| format!("TokenWriting: {e}"));
    let deviations = check::compare(&parse(&theirs)?, &parse(&ours)?);
    if !deviations.is_empty() || ours.len() != theirs.len() {
        return Err(format!("TokenWriting: jetwire and serde_json write different documents: {deviations}"));
    }
    if STANDARD.encode(catalog.blob).len() != 136 {
        return Err("TokenWriting: unexpected base64 length".into());
    }

    let ours_catalog = catalog.clone();
    let jetwire = Entry::new("jetwire", move || {
        write_jetwire(&mut writer, &ours_catalog).expect("checked before timing");
        writer.as_bytes().len()
    });
    let mut out = Vec::new();
    let serde = Entry::new("serde_json", move || {
        out.clear();
        serde_json::to_writer(&mut out, &SerdeCatalog(&catalog)).expect("checked before timing");
        black_box(&out);
        out.len()
    });
    Ok(Case::new("TokenWriting", Group::Typed, Op::Write, ours.len(), vec![jetwire, serde]))
}
