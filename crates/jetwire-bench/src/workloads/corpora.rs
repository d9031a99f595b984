//! Typed models of the three public corpora (canada, citm_catalog, twitter), written for this
//! project from the files' structure. Every field of the files is modelled, so a read
//! materializes the whole document.

use std::collections::BTreeMap;

use jetwire::{FromJson, ToJson};
use serde::{Deserialize, Serialize};

/// canada.json: a GeoJSON feature collection, almost all numbers.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct Canada {
    #[jetwire(rename = "type")]
    #[serde(rename = "type")]
    pub kind: String,
    pub features: Vec<Feature>,
}

/// A GeoJSON feature.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct Feature {
    #[jetwire(rename = "type")]
    #[serde(rename = "type")]
    pub kind: String,
    pub properties: BTreeMap<String, String>,
    pub geometry: Geometry,
}

/// A polygon: rings of (longitude, latitude) points.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct Geometry {
    #[jetwire(rename = "type")]
    #[serde(rename = "type")]
    pub kind: String,
    pub coordinates: Vec<Vec<(f64, f64)>>,
}

/// citm_catalog.json: an event catalogue; maps keyed by ids written as strings.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
#[jetwire(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CitmCatalog {
    pub area_names: BTreeMap<String, String>,
    pub audience_sub_category_names: BTreeMap<String, String>,
    pub block_names: BTreeMap<String, String>,
    pub events: BTreeMap<String, Event>,
    pub performances: Vec<Performance>,
    pub seat_category_names: BTreeMap<String, String>,
    pub sub_topic_names: BTreeMap<String, String>,
    pub subject_names: BTreeMap<String, String>,
    pub topic_names: BTreeMap<String, String>,
    pub topic_sub_topics: BTreeMap<String, Vec<u64>>,
    pub venue_names: BTreeMap<String, String>,
}

/// An event of the catalogue.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
#[jetwire(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Event {
    pub description: Option<String>,
    pub id: u64,
    pub logo: Option<String>,
    pub name: String,
    pub sub_topic_ids: Vec<u64>,
    pub subject_code: Option<String>,
    pub subtitle: Option<String>,
    pub topic_ids: Vec<u64>,
}

/// A performance of an event.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
#[jetwire(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Performance {
    pub event_id: u64,
    pub id: u64,
    pub logo: Option<String>,
    pub name: Option<String>,
    pub prices: Vec<Price>,
    pub seat_categories: Vec<SeatCategory>,
    pub seat_map_image: Option<String>,
    pub start: u64,
    pub venue_code: String,
}

/// A price of a performance.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
#[jetwire(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Price {
    pub amount: u64,
    pub audience_sub_category_id: u64,
    pub seat_category_id: u64,
}

/// A seat category and its areas.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
#[jetwire(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct SeatCategory {
    pub areas: Vec<Area>,
    pub seat_category_id: u64,
}

/// An area of a seat category.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
#[jetwire(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Area {
    pub area_id: u64,
    pub block_ids: Vec<u64>,
}

/// twitter.json: search results with Unicode text, escapes and nested users.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct Twitter {
    pub statuses: Vec<Status>,
    pub search_metadata: SearchMetadata,
}

/// A tweet.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct Status {
    pub metadata: Metadata,
    pub created_at: String,
    pub id: u64,
    pub id_str: String,
    pub text: String,
    pub source: String,
    pub truncated: bool,
    pub in_reply_to_status_id: Option<u64>,
    pub in_reply_to_status_id_str: Option<String>,
    pub in_reply_to_user_id: Option<u64>,
    pub in_reply_to_user_id_str: Option<String>,
    pub in_reply_to_screen_name: Option<String>,
    pub user: User,
    pub geo: Option<String>,
    pub coordinates: Option<String>,
    pub place: Option<String>,
    pub contributors: Option<String>,
    pub retweeted_status: Option<Box<Status>>,
    pub retweet_count: u64,
    pub favorite_count: u64,
    pub entities: StatusEntities,
    pub favorited: bool,
    pub retweeted: bool,
    pub possibly_sensitive: Option<bool>,
    pub lang: String,
}

/// Search metadata of a status.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct Metadata {
    pub result_type: String,
    pub iso_language_code: String,
}

/// The author of a status.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct User {
    pub id: u64,
    pub id_str: String,
    pub name: String,
    pub screen_name: String,
    pub location: String,
    pub description: String,
    pub url: Option<String>,
    pub entities: UserEntities,
    pub protected: bool,
    pub followers_count: u64,
    pub friends_count: u64,
    pub listed_count: u64,
    pub created_at: String,
    pub favourites_count: u64,
    pub utc_offset: Option<i64>,
    pub time_zone: Option<String>,
    pub geo_enabled: bool,
    pub verified: bool,
    pub statuses_count: u64,
    pub lang: String,
    pub contributors_enabled: bool,
    pub is_translator: bool,
    pub is_translation_enabled: bool,
    pub profile_background_color: String,
    pub profile_background_image_url: String,
    pub profile_background_image_url_https: String,
    pub profile_background_tile: bool,
    pub profile_image_url: String,
    pub profile_image_url_https: String,
    pub profile_banner_url: Option<String>,
    pub profile_link_color: String,
    pub profile_sidebar_border_color: String,
    pub profile_sidebar_fill_color: String,
    pub profile_text_color: String,
    pub profile_use_background_image: bool,
    pub default_profile: bool,
    pub default_profile_image: bool,
    pub following: bool,
    pub follow_request_sent: bool,
    pub notifications: bool,
}

/// Links in a user's profile.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct UserEntities {
    pub url: Option<UserUrls>,
    pub description: UserUrls,
}

/// A list of links.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct UserUrls {
    pub urls: Vec<Url>,
}

/// Entities mentioned in a status.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct StatusEntities {
    pub hashtags: Vec<Hashtag>,
    pub symbols: Vec<String>,
    pub urls: Vec<Url>,
    pub user_mentions: Vec<UserMention>,
    pub media: Option<Vec<Media>>,
}

/// A hashtag.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct Hashtag {
    pub text: String,
    pub indices: (u32, u32),
}

/// A link.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct Url {
    pub url: String,
    pub expanded_url: String,
    pub display_url: String,
    pub indices: (u32, u32),
}

/// A mention of a user.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct UserMention {
    pub screen_name: String,
    pub name: String,
    pub id: u64,
    pub id_str: String,
    pub indices: (u32, u32),
}

/// An attached photo.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct Media {
    pub id: u64,
    pub id_str: String,
    pub indices: (u32, u32),
    pub media_url: String,
    pub media_url_https: String,
    pub url: String,
    pub display_url: String,
    pub expanded_url: String,
    #[jetwire(rename = "type")]
    #[serde(rename = "type")]
    pub kind: String,
    pub sizes: Sizes,
    pub source_status_id: Option<u64>,
    pub source_status_id_str: Option<String>,
}

/// The sizes a photo comes in.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct Sizes {
    pub medium: Size,
    pub small: Size,
    pub thumb: Size,
    pub large: Size,
}

/// One size of a photo.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct Size {
    pub w: u32,
    pub h: u32,
    pub resize: String,
}

/// Search metadata of the results.
#[derive(Clone, Debug, PartialEq, ToJson, FromJson, Serialize, Deserialize)]
pub struct SearchMetadata {
    pub completed_in: f64,
    pub max_id: u64,
    pub max_id_str: String,
    pub next_results: String,
    pub query: String,
    pub refresh_url: String,
    pub count: u32,
    pub since_id: u64,
    pub since_id_str: String,
}

/// canada.json's bytes, embedded.
pub const CANADA: &[u8] = include_bytes!("../../../../testdata/json-benchmark/canada.json");
/// citm_catalog.json's bytes, embedded.
pub const CITM_CATALOG: &[u8] = include_bytes!("../../../../testdata/json-benchmark/citm_catalog.json");
/// twitter.json's bytes, embedded.
pub const TWITTER: &[u8] = include_bytes!("../../../../testdata/json-benchmark/twitter.json");
