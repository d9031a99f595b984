//! The object workloads of `shared/reference/workloads.md`: generated models, each deriving
//! jetwire's and serde's traits.

use chrono::{DateTime, TimeZone, Utc};
use jetwire::{FromJson, ToJson};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::Size;
use super::rng::Rng;

/// One object, five flat scalar properties with short ASCII values.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct Small {
    pub id: u32,
    pub name: String,
    pub active: bool,
    pub score: f64,
    pub kind: String,
}

/// One object, sixteen flat scalar properties.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
#[jetwire(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Wide {
    pub account_id: u64,
    pub user_name: String,
    pub display_name: String,
    pub email_address: String,
    pub country_code: String,
    pub login_count: u32,
    pub failed_logins: u16,
    pub balance: f64,
    pub credit_limit: f64,
    pub interest_rate: f32,
    pub is_verified: bool,
    pub created_epoch: i64,
    pub last_seen_epoch: i64,
    pub preferred_language: String,
    pub referral_code: String,
    pub score: i32,
}

/// An order: nested customer and address, line items, optional decimals, a UUID, a timestamp.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
#[jetwire(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub id: Uuid,
    pub created_at: DateTime<Utc>,
    pub customer: Customer,
    pub lines: Vec<OrderLine>,
    #[serde(with = "decimal_number")]
    #[jetwire(ignore_serde)]
    pub total: Decimal,
    #[serde(with = "optional_decimal_number")]
    #[jetwire(ignore_serde)]
    pub discount: Option<Decimal>,
    pub note: Option<String>,
}

/// The customer of an [`Order`].
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
#[jetwire(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Customer {
    pub id: u64,
    pub name: String,
    pub email: String,
    pub address: Address,
}

/// A postal address.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
#[jetwire(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Address {
    pub street: String,
    pub city: String,
    pub postal_code: String,
    pub country: String,
}

/// A line of an [`Order`].
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
#[jetwire(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    pub sku: String,
    pub quantity: u32,
    #[serde(with = "decimal_number")]
    #[jetwire(ignore_serde)]
    pub unit_price: Decimal,
    #[serde(with = "optional_decimal_number")]
    #[jetwire(ignore_serde)]
    pub discount: Option<Decimal>,
}

/// A batch of sensor readings.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct SensorBatch {
    pub readings: Vec<Reading>,
}

/// One sensor reading.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct Reading {
    pub sensor: u32,
    pub temperature: f64,
    pub humidity: f32,
    pub pressure: f64,
    pub ok: bool,
    pub at: DateTime<Utc>,
}

/// A batch of log entries.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct LogBatch {
    pub entries: Vec<LogEntry>,
}

/// One log entry.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct LogEntry {
    pub at: DateTime<Utc>,
    pub level: String,
    pub duration_us: u64,
    pub status: u16,
    pub message: String,
}

/// A text document with tags.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct Document {
    pub title: String,
    pub body: String,
    pub tags: Vec<String>,
}

/// One link of a chain of nested objects.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct ChainLink {
    pub depth: u32,
    pub label: String,
    pub next: Option<Box<ChainLink>>,
}

fn timestamp(rng: &mut Rng) -> DateTime<Utc> {
    let seconds = 1_700_000_000 + rng.below(50_000_000) as i64;
    let millis = rng.below(1000) as u32;
    Utc.timestamp_opt(seconds, millis * 1_000_000).single().expect("in range")
}

/// A price with two decimals.
fn price(rng: &mut Rng) -> Decimal {
    Decimal::new(100 + rng.below(100_000) as i64, 2)
}

pub fn small(rng: &mut Rng) -> Small {
    Small {
        id: rng.below(100_000) as u32,
        name: rng.word(8),
        active: rng.chance(0.5),
        score: rng.float(0.0, 100.0),
        kind: rng.word(5),
    }
}

pub fn wide(rng: &mut Rng) -> Wide {
    Wide {
        account_id: rng.next_u64() >> 12,
        user_name: rng.word(10),
        display_name: format!("{} {}", rng.word(6), rng.word(9)),
        email_address: format!("{}@{}.com", rng.word(8), rng.word(6)),
        country_code: rng.pick(&["US", "FR", "DE", "JP", "BR"]).to_string(),
        login_count: rng.below(10_000) as u32,
        failed_logins: rng.below(20) as u16,
        balance: rng.float(-1000.0, 100_000.0),
        credit_limit: 5000.0,
        interest_rate: rng.float(0.0, 0.25) as f32,
        is_verified: rng.chance(0.8),
        created_epoch: 1_500_000_000 + rng.below(200_000_000) as i64,
        last_seen_epoch: 1_700_000_000 + rng.below(50_000_000) as i64,
        preferred_language: rng.pick(&["en", "fr", "de", "ja"]).to_string(),
        referral_code: rng.word(12).to_uppercase(),
        score: rng.below(2000) as i32 - 1000,
    }
}

pub fn order(rng: &mut Rng) -> Order {
    let lines: Vec<OrderLine> = (0..12)
        .map(|_| OrderLine {
            sku: format!("SKU-{:06}", rng.below(1_000_000)),
            quantity: 1 + rng.below(9) as u32,
            unit_price: price(rng),
            discount: rng.chance(0.3).then(|| Decimal::new(rng.below(500) as i64, 2)),
        })
        .collect();
    let total = lines.iter().map(|l| l.unit_price * Decimal::from(l.quantity)).sum();
    Order {
        id: Uuid::from_u128(u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())),
        created_at: timestamp(rng),
        customer: Customer {
            id: rng.next_u64() >> 20,
            name: format!("{} {}", rng.word(6), rng.word(8)),
            email: format!("{}@example.com", rng.word(9)),
            address: Address {
                street: format!("{} {} Street", rng.below(999), rng.word(7)),
                city: rng.word(9),
                postal_code: format!("{:05}", rng.below(100_000)),
                country: "US".to_owned(),
            },
        },
        lines,
        total,
        discount: rng.chance(0.5).then(|| Decimal::new(1000, 2)),
        note: rng.chance(0.5).then(|| "leave at the door".to_owned()),
    }
}

pub fn sensor_batch(rng: &mut Rng, size: Size) -> SensorBatch {
    SensorBatch {
        readings: (0..size.count(128))
            .map(|_| Reading {
                sensor: rng.below(5000) as u32,
                temperature: (rng.float(-20.0, 45.0) * 100.0).round() / 100.0,
                humidity: rng.float(0.0, 100.0) as f32,
                pressure: rng.float(950.0, 1050.0),
                ok: rng.chance(0.95),
                at: timestamp(rng),
            })
            .collect(),
    }
}

pub fn log_batch(rng: &mut Rng, size: Size) -> LogBatch {
    LogBatch {
        entries: (0..size.count(128))
            .map(|_| LogEntry {
                at: timestamp(rng),
                level: rng.pick(&["INFO", "WARN", "ERROR", "DEBUG"]).to_string(),
                duration_us: rng.next_u64() >> (rng.below(50) + 14),
                status: *rng.pick(&[200, 200, 200, 201, 204, 301, 404, 500]),
                message: format!("{} {} {}", rng.word(5), rng.word(7), rng.word(4)),
            })
            .collect(),
    }
}

/// Several KB of ASCII full of quotes, backslashes and control characters.
pub fn text_document(rng: &mut Rng, size: Size) -> Document {
    let pieces = [
        "plain words ",
        "\"quoted\" ",
        "C:\\path\\to\\file ",
        "line\n",
        "tab\there ",
        "\u{1} bell\u{7} ",
        "ok. ",
    ];
    let body: String = (0..size.count(600)).map(|_| *rng.pick(&pieces)).collect();
    Document {
        title: "Escaping \"everything\"".to_owned(),
        body,
        tags: (0..8).map(|_| rng.word(6)).collect(),
    }
}

/// The same amount of non-ASCII text: accented Latin, CJK, and characters outside the BMP.
pub fn unicode_document(rng: &mut Rng, size: Size) -> Document {
    let pieces = [
        "café crème ",
        "naïve façade ",
        "日本語のテキスト ",
        "中文字符 ",
        "emoji 😀🚀 ",
        "𝄞 music ",
        "Ünïcödé ",
    ];
    let body: String = (0..size.count(500)).map(|_| *rng.pick(&pieces)).collect();
    Document {
        title: "Ünïcödé — 日本".to_owned(),
        body,
        tags: vec!["été".to_owned(), "東京".to_owned(), "🚀".to_owned()],
    }
}

pub fn deep_chain(rng: &mut Rng) -> ChainLink {
    let mut link = None;
    for depth in (0..12).rev() {
        link = Some(Box::new(ChainLink { depth, label: rng.word(6), next: link }));
    }
    *link.expect("twelve links")
}

/// serde support for a `Decimal` as a JSON number (through `f64`, the peers' only way), written so
/// that every peer's deserializer handles it.
mod decimal_number {
    use rust_decimal::Decimal;
    use rust_decimal::prelude::{FromPrimitive, ToPrimitive};
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &Decimal, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(value.to_f64().unwrap_or(f64::NAN))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Decimal, D::Error> {
        let number = f64::deserialize(deserializer)?;
        Decimal::from_f64(number).ok_or_else(|| serde::de::Error::custom("number out of range for a Decimal"))
    }
}

/// [`decimal_number`] for `Option<Decimal>`.
mod optional_decimal_number {
    use rust_decimal::Decimal;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &Option<Decimal>, serializer: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(value) => super::decimal_number::serialize(value, serializer),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Decimal>, D::Error> {
        #[derive(Deserialize)]
        struct Number(#[serde(with = "super::decimal_number")] Decimal);
        Ok(Option::<Number>::deserialize(deserializer)?.map(|n| n.0))
    }
}
