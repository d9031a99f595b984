use jetwire::{FromJson, ToJson};

mod as_text {}

// serde attributes jetwire cannot honor are errors that say what to write instead.
#[derive(ToJson, FromJson)]
#[serde(from = "u8", remote = "Other", bound = "T: Clone", crate = "serde")]
struct Converted {
    #[serde(with = "as_text")]
    count: u64,
    #[serde(serialize_with = "as_text::serialize", getter = "Self::get")]
    other: u64,
}

#[derive(ToJson, FromJson)]
enum Variants {
    #[serde(with = "as_text")]
    One(u64),
    #[serde(untagged)]
    Two(u8),
}

// A jetwire attribute that takes the place of serde's, or `ignore_serde`, silences them.
mod jetwire_text {
    use jetwire::json::{Output, Reader, Result, Writer};

    pub fn to_json<O: Output>(value: &u64, w: &mut Writer<O>) -> Result<()> {
        w.string(&value.to_string())
    }

    pub fn from_json(r: &mut Reader<'_>) -> Result<u64> {
        let text = r.read_str()?;
        text.parse().map_err(|_| r.data_error("expected digits"))
    }
}

#[derive(ToJson, FromJson)]
struct Replaced {
    #[serde(with = "as_text")]
    #[jetwire(with = "jetwire_text")]
    count: u64,
    #[serde(with = "as_text")]
    #[jetwire(ignore_serde)]
    plain: u64,
    #[serde(with = "as_text")]
    #[jetwire(skip)]
    skipped: u64,
}

fn main() {}
