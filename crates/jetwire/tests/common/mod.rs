//! Helpers shared by the JSON test files: write a value, read text that must (or must not)
//! read, and round trips that check the exact text.

// Each test file is its own crate and uses some of the helpers only.
#![allow(dead_code)]

#[path = "../../../jetwire-json/tests/common/corpora.rs"]
pub mod corpora;
#[cfg(feature = "serde")]
pub mod typed;

use std::fmt::Debug;

use jetwire::json::{self, Error};
use jetwire::{FromJson, ToJson};

/// `value` written as compact JSON text.
#[track_caller]
pub fn to_string<T: ToJson + Debug>(value: &T) -> String {
    json::to_string(value).unwrap_or_else(|err| panic!("writing {value:?}: {err}"))
}

/// `text` read as `T`, which must succeed.
#[track_caller]
pub fn from_str<'de, T: FromJson<'de>>(text: &'de str) -> T {
    json::from_str(text).unwrap_or_else(|err| panic!("reading {text}: {err}"))
}

/// Reads `text` as `T`, which must fail; returns the error.
#[track_caller]
pub fn error<'de, T: FromJson<'de> + Debug>(text: &'de str) -> Error {
    match json::from_str::<T>(text) {
        Ok(value) => panic!("{text} was read as {value:?}"),
        Err(err) => err,
    }
}

/// Writes `value`, checks the exact text, reads it back and checks it equals `value`.
#[track_caller]
pub fn round_trip<T>(value: &T, expected: &str)
where
    T: ToJson + for<'de> FromJson<'de> + PartialEq + Debug,
{
    let text = to_string(value);
    assert_eq!(text, expected, "written text of {value:?}");
    let back: T = from_str(&text);
    assert_eq!(&back, value, "read back from {text}");
}
