//! What a [`Reader`](super::Reader) hands out: tokens, their kinds, and lazily decoded strings
//! and numbers.

use std::borrow::Cow;

use super::{numbers, strings};

/// The kind of the next token, as [`Reader::peek`](super::Reader::peek) reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// `{`
    BeginObject,
    /// `}`
    EndObject,
    /// `[`
    BeginArray,
    /// `]`
    EndArray,
    /// A string in property-name position, with its `:`.
    PropertyName,
    /// A string value.
    String,
    /// A number.
    Number,
    /// `true` or `false`.
    Bool,
    /// `null`.
    Null,
}

impl TokenKind {
    /// A short description for error messages: "an object", "a string", ...
    pub fn describe(self) -> &'static str {
        match self {
            TokenKind::BeginObject => "an object",
            TokenKind::EndObject => "`}`",
            TokenKind::BeginArray => "an array",
            TokenKind::EndArray => "`]`",
            TokenKind::PropertyName => "a property name",
            TokenKind::String => "a string",
            TokenKind::Number => "a number",
            TokenKind::Bool => "a boolean",
            TokenKind::Null => "null",
        }
    }
}

/// One token of a JSON document, as [`Reader::next_token`](super::Reader::next_token) returns it.
///
/// Strings and numbers are not decoded until asked: a [`JsonStr`] borrows the string's source,
/// a [`Number`] its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token<'de> {
    /// `{`
    BeginObject,
    /// `}`
    EndObject,
    /// `[`
    BeginArray,
    /// `]`
    EndArray,
    /// A property name (its `:` has been consumed).
    PropertyName(JsonStr<'de>),
    /// A string value.
    String(JsonStr<'de>),
    /// A number.
    Number(Number<'de>),
    /// `true` or `false`.
    Bool(bool),
    /// `null`.
    Null,
}

impl Token<'_> {
    /// The kind of this token.
    pub fn kind(&self) -> TokenKind {
        match self {
            Token::BeginObject => TokenKind::BeginObject,
            Token::EndObject => TokenKind::EndObject,
            Token::BeginArray => TokenKind::BeginArray,
            Token::EndArray => TokenKind::EndArray,
            Token::PropertyName(_) => TokenKind::PropertyName,
            Token::String(_) => TokenKind::String,
            Token::Number(_) => TokenKind::Number,
            Token::Bool(_) => TokenKind::Bool,
            Token::Null => TokenKind::Null,
        }
    }
}

/// A string token, validated but not yet decoded: its source bytes between the quotes.
///
/// ```
/// use jetwire_json::{Reader, Token};
/// let mut reader = Reader::new(br#""caf\u00e9""#);
/// let Some(Token::String(s)) = reader.next_token().unwrap() else { panic!() };
/// assert_eq!(s.raw(), br"caf\u00e9");
/// assert!(s.has_escapes());
/// assert_eq!(s.decoded(), "café");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JsonStr<'de> {
    raw: &'de [u8],
    has_escapes: bool,
}

/// A property name as [`Reader::next_key`](super::Reader::next_key) returns it.
pub type Key<'de> = JsonStr<'de>;

/// The property name a reader is told to expect next, for
/// [`Reader::next_key_hinted`](super::Reader::next_key_hinted): a name of at most
/// [`KeyHint::MAX_LEN`] bytes without a quote, backslash or control character, prepared (with
/// its quotes and the `:` after it) for a comparison with the sixteen bytes from a key's opening
/// quote (thirty-two for a name of fourteen bytes or more).
///
/// ```
/// use jetwire_json::KeyHint;
/// assert!(KeyHint::new("id").is_some());
/// assert!(KeyHint::new("profile_background_image_url").is_some());
/// assert!(KeyHint::new("thirty bytes, one over the max").is_none());
/// assert!(KeyHint::new("tab\there").is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyHint {
    /// `"name":` (the name between its quotes, then the colon), little-endian, zeros after:
    /// its first sixteen bytes, then the next sixteen.
    pattern: [u128; 2],
    /// Ones over `"name":`, in the same two halves.
    mask: [u128; 2],
    len: usize,
}

impl KeyHint {
    /// The longest name a hint holds: with its quotes and colon it fills thirty-two bytes.
    pub const MAX_LEN: usize = 29;

    /// A hint for `name`, or `None` if it is longer than [`MAX_LEN`](Self::MAX_LEN) or has a
    /// byte that a JSON string must escape or may spell as an escape (a quote, a backslash or a
    /// control character): a key spelled exactly as a hinted name has no escapes.
    pub const fn new(name: &str) -> Option<KeyHint> {
        let bytes = name.as_bytes();
        if bytes.len() > Self::MAX_LEN {
            return None;
        }
        let mut pattern = [0u128; 2];
        let mut mask = [0u128; 2];
        let mut i = 0;
        // The opening quote at 0, the name's bytes, its closing quote, then the colon.
        while i < bytes.len() + 3 {
            let byte = match i {
                0 => b'"',
                _ if i <= bytes.len() => bytes[i - 1],
                _ if i == bytes.len() + 1 => b'"',
                _ => b':',
            };
            if i >= 1 && i <= bytes.len() && jetwire_core::scan::is_string_special(byte) {
                return None;
            }
            pattern[i / 16] |= (byte as u128) << (8 * (i % 16));
            mask[i / 16] |= 0xFF << (8 * (i % 16));
            i += 1;
        }
        Some(KeyHint { pattern, mask, len: bytes.len() })
    }

    /// Whether `"name":` fits sixteen bytes (names of up to thirteen bytes).
    #[inline(always)]
    pub(crate) fn is_short(&self) -> bool {
        self.len <= 13
    }

    /// Whether `window`, sixteen bytes from a key's opening quote, starts with `"name":` (a
    /// short hint's).
    #[inline(always)]
    pub(crate) fn matches_short(&self, window: [u8; 16]) -> bool {
        (u128::from_le_bytes(window) ^ self.pattern[0]) & self.mask[0] == 0
    }

    /// Whether `window`, thirty-two bytes from a key's opening quote, starts with `"name":`.
    #[inline(always)]
    pub(crate) fn matches(&self, window: [u8; 32]) -> bool {
        let (low, high) = window.split_at(16);
        let half = |bytes: &[u8], k: usize| {
            let bytes: [u8; 16] = bytes.try_into().expect("sixteen bytes");
            (u128::from_le_bytes(bytes) ^ self.pattern[k]) & self.mask[k]
        };
        half(low, 0) | half(high, 1) == 0
    }

    /// The name's length in bytes.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

impl<'de> JsonStr<'de> {
    pub(crate) fn new(raw: &'de [u8], has_escapes: bool) -> Self {
        JsonStr { raw, has_escapes }
    }

    /// The source bytes between the quotes, escapes and all.
    #[inline]
    pub fn raw(&self) -> &'de [u8] {
        self.raw
    }

    /// Whether the source contains a backslash escape (decoding it then allocates).
    #[inline]
    pub fn has_escapes(&self) -> bool {
        self.has_escapes
    }

    /// The string's text: borrowed when the source has no escapes and is valid UTF-8. Ill-formed
    /// UTF-8 and unpaired surrogate escapes become U+FFFD.
    #[inline]
    pub fn decoded(&self) -> Cow<'de, str> {
        strings::decode_str(self.raw, self.has_escapes)
    }

    /// The string's bytes: the source bytes exactly, with escapes decoded; an unpaired surrogate
    /// escape becomes its three-byte generalized UTF-8 (WTF-8) form.
    pub fn decoded_bytes(&self) -> Cow<'de, [u8]> {
        strings::decode_bytes(self.raw, self.has_escapes)
    }
}

/// A number token, validated against the JSON grammar; its text is kept exactly.
///
/// ```
/// use jetwire_json::{Reader, Token};
/// let mut reader = Reader::new(b"1.50e3");
/// let Some(Token::Number(n)) = reader.next_token().unwrap() else { panic!() };
/// assert_eq!(n.as_str(), "1.50e3");
/// assert_eq!(n.as_f64(), Some(1500.0));
/// assert_eq!(n.as_i64(), None); // not written as an integer
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Number<'de> {
    text: &'de str,
}

impl<'de> Number<'de> {
    pub(crate) fn new(text: &'de str) -> Self {
        Number { text }
    }

    /// The number exactly as written in the source.
    pub fn as_str(&self) -> &'de str {
        self.text
    }

    fn scanned(&self) -> numbers::ScannedNumber {
        numbers::scan(self.text.as_bytes(), 0).expect("a Number token holds a validated number")
    }

    /// Whether the number is written without a fraction or an exponent.
    pub fn is_integer(&self) -> bool {
        self.scanned().is_integer
    }

    /// The nearest `f64`, or `None` when the magnitude is too large for one.
    pub fn as_f64(&self) -> Option<f64> {
        numbers::to_f64(&self.scanned(), self.text.as_bytes())
    }

    /// The value as an `i64`, when it is written as an integer and is in range.
    pub fn as_i64(&self) -> Option<i64> {
        numbers::to_i64(&self.scanned())
    }

    /// The value as a `u64`, when it is written as an integer and is in range.
    pub fn as_u64(&self) -> Option<u64> {
        numbers::to_u64(&self.scanned(), self.text.as_bytes())
    }

    /// The value as an `i128`, when it is written as an integer and is in range.
    pub fn as_i128(&self) -> Option<i128> {
        numbers::to_i128(&self.scanned(), self.text.as_bytes())
    }

    /// The value as a `u128`, when it is written as an integer and is in range.
    pub fn as_u128(&self) -> Option<u128> {
        numbers::to_u128(&self.scanned(), self.text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::KeyHint;
    use crate::Reader;

    /// The key `next_key_hinted` reads for `"key"` with the hint `name`, and whether it says the
    /// hint was taken; `after` follows the key's value (the hint needs sixteen bytes from the
    /// quote in one slice, thirty-two for a long name). The key is read first in its object
    /// and after another property in compact input (which must agree), and after whitespace
    /// before its `:` (never taken: the general path reads it, to the same key).
    fn hinted(key: &str, name: &str, after: &str) -> (String, bool) {
        let read = |text: String, before: usize| {
            let mut reader = Reader::new(text.as_bytes());
            reader.begin_object().unwrap();
            for _ in 0..before {
                reader.next_key().unwrap().unwrap();
                reader.skip_value().unwrap();
            }
            let (key, taken) = reader.next_key_hinted(KeyHint::new(name).as_ref()).unwrap().unwrap();
            assert_eq!(reader.read_u32().unwrap(), 1, "{text}");
            (key.decoded().into_owned(), taken)
        };
        let first = read(format!("{{\"{key}\":1{after}}}"), 0);
        let compact = read(format!("{{\"z\":0,\"{key}\":1{after}}}"), 1);
        assert_eq!(first, compact, "{key} hinted {name}");
        let spaced = read(format!("{{\"z\": 0, \"{key}\" : 1{after}}}"), 1);
        assert_eq!(spaced, (first.0.clone(), false), "{key} hinted {name}");
        first
    }

    #[test]
    fn a_hint_is_taken_only_for_the_exact_spelling() {
        let long = ", \"padding\": [0, 0, 0, 0, 0]";
        assert_eq!(hinted("id", "id", long), ("id".into(), true));
        assert_eq!(hinted("fifteen_bytes__", "fifteen_bytes__", long), ("fifteen_bytes__".into(), true));
        // The longest short hint (13 bytes, `"name":` filling sixteen), and a name in UTF-8.
        assert_eq!(hinted("thirteen_byte", "thirteen_byte", long), ("thirteen_byte".into(), true));
        assert_eq!(hinted("café", "café", long), ("café".into(), true));
        assert_eq!(hinted("cafe", "café", long), ("cafe".into(), false));
        // A longer key, a shorter one, another one, and the name spelled with an escape.
        assert_eq!(hinted("ids", "id", long), ("ids".into(), false));
        assert_eq!(hinted("i", "id", long), ("i".into(), false));
        assert_eq!(hinted("xd", "id", long), ("xd".into(), false));
        assert_eq!(hinted("\\u0069d", "id", long), ("id".into(), false));
        // Too little input after the quote for one comparison: scanned instead.
        assert_eq!(hinted("id", "id", ""), ("id".into(), false));
    }

    /// Names of fourteen to twenty-nine bytes are compared in two halves: every length there, a
    /// key that differs from the name in any one byte (the closing quote's place included), and
    /// keys that are a byte shorter or longer.
    #[test]
    fn a_long_hint_is_taken_only_for_the_exact_spelling() {
        let long = ", \"padding\": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]";
        for len in 14..=KeyHint::MAX_LEN {
            let name: String = (0..len).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
            assert_eq!(hinted(&name, &name, long), (name.clone(), true), "{len}");
            for at in 0..len {
                let mut key = name.clone().into_bytes();
                key[at] = b'_';
                let key = String::from_utf8(key).unwrap();
                assert_eq!(hinted(&key, &name, long), (key.clone(), false), "{len} at {at}");
            }
            let shorter = &name[..len - 1];
            assert_eq!(hinted(shorter, &name, long), (shorter.to_owned(), false), "{len}");
            let longer = format!("{name}z");
            assert_eq!(hinted(&longer, &name, long), (longer.clone(), false), "{len}");
        }
        // Too little input from the quote for the thirty-two byte comparison (`"`, the name,
        // `":1}`, 24 bytes): scanned instead.
        let name = "in_reply_to_user_id";
        assert_eq!(hinted(name, name, ""), (name.to_owned(), false));
    }

    #[test]
    fn names_a_key_could_escape_get_no_hint() {
        assert!(KeyHint::new("thirteen_byte").is_some());
        assert!(KeyHint::new("fourteen_bytes").is_some());
        assert!(KeyHint::new("twenty-nine bytes, as long ok").is_some());
        assert!(KeyHint::new("thirty bytes, one over the max").is_none());
        for name in ["a\"b", "a\\b", "a\nb", "\u{1}"] {
            assert!(KeyHint::new(name).is_none(), "{name:?}");
        }
        assert!(KeyHint::new("").is_some());
        assert!(KeyHint::new("café").is_some());
    }
}
