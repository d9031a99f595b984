//! [`Str`]: a `Map` key, held in place when it is short.
//!
//! Nearly every key of real documents is short (twitter: 11,442 of 13,345 keys fit in 22
//! bytes; citm_catalog: all but one of 25,869), and a heap allocation per key was most of a
//! DOM read's allocations. A `Str` keeps up to 22 bytes inside itself and longer text in a
//! `Box<str>` of exact size, in the 24 bytes a `String` takes. Keys are not grown in place,
//! so a `Str` needs no spare capacity.

use std::borrow::{Borrow, Cow};
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

use jetwire_core::Output;

use crate::error::Result;
use crate::read::{Key, Reader};
use crate::typed::{FromJson, FromJsonKey, ToJson, ToJsonKey};
use crate::write::Writer;

/// The longest text a [`Str`] holds without a heap allocation, in bytes.
pub const INLINE_CAPACITY: usize = 22;

/// A [`Map`](super::Map) key: an immutable string that keeps up to [`INLINE_CAPACITY`] bytes
/// in place and longer text on the heap. It dereferences to `str`, compares with `str`,
/// `&str` and `String`, and converts from and into `String`.
///
/// ```
/// use jetwire_json::json;
/// use jetwire_json::value::Str;
///
/// let value = json!({"name": "Ada"});
/// let (key, _) = value.as_object().unwrap().iter().next().unwrap();
/// assert_eq!(key, "name");
/// assert!(key.starts_with('n')); // every `str` method
/// assert_eq!(*key, Str::from("name"));
/// let owned: String = key.clone().into();
/// assert_eq!(owned, "name");
/// ```
#[derive(Clone)]
pub struct Str {
    repr: Repr,
}

#[derive(Clone)]
enum Repr {
    /// `bytes[..len]`, the bytes of a `str`.
    Inline {
        len: u8,
        bytes: [u8; INLINE_CAPACITY],
    },
    Heap(Box<str>),
}

impl Str {
    /// The empty string.
    #[inline]
    pub const fn new() -> Str {
        Str { repr: Repr::Inline { len: 0, bytes: [0; INLINE_CAPACITY] } }
    }

    /// The text.
    #[inline]
    pub fn as_str(&self) -> &str {
        match &self.repr {
            Repr::Inline { len, bytes } => {
                let bytes = &bytes[..usize::from(*len)];
                // SAFETY: an inline `Str` is only made by `Str::new` (empty) and by
                // `Str::from(&str)`, which copies the whole of a `str` (so `bytes[..len]` is
                // UTF-8 and ends on a character's end); nothing changes it after.
                unsafe { std::str::from_utf8_unchecked(bytes) }
            }
            Repr::Heap(text) => text,
        }
    }

    /// The text as a `String` (allocating for short text).
    pub fn into_string(self) -> String {
        match self.repr {
            Repr::Heap(text) => text.into_string(),
            Repr::Inline { .. } => self.as_str().to_owned(),
        }
    }

    /// Whether the text is held on the heap (it is longer than [`INLINE_CAPACITY`]).
    #[inline]
    pub fn is_heap_allocated(&self) -> bool {
        matches!(self.repr, Repr::Heap(_))
    }
}

impl Default for Str {
    #[inline]
    fn default() -> Str {
        Str::new()
    }
}

impl Deref for Str {
    type Target = str;

    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Str {
    #[inline]
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<[u8]> for Str {
    #[inline]
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl Borrow<str> for Str {
    #[inline]
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for Str {
    /// Copies `text`: in place when it fits, else into a heap allocation of its size.
    #[inline]
    fn from(text: &str) -> Str {
        if text.len() <= INLINE_CAPACITY {
            let mut bytes = [0; INLINE_CAPACITY];
            bytes[..text.len()].copy_from_slice(text.as_bytes());
            Str { repr: Repr::Inline { len: text.len() as u8, bytes } }
        } else {
            Str { repr: Repr::Heap(text.into()) }
        }
    }
}

impl From<&String> for Str {
    #[inline]
    fn from(text: &String) -> Str {
        Str::from(text.as_str())
    }
}

impl From<String> for Str {
    /// Takes `text`'s allocation when it is too long to hold in place (shrunk to its length).
    #[inline]
    fn from(text: String) -> Str {
        if text.len() <= INLINE_CAPACITY {
            Str::from(text.as_str())
        } else {
            Str { repr: Repr::Heap(text.into_boxed_str()) }
        }
    }
}

impl From<Box<str>> for Str {
    #[inline]
    fn from(text: Box<str>) -> Str {
        if text.len() <= INLINE_CAPACITY { Str::from(&*text) } else { Str { repr: Repr::Heap(text) } }
    }
}

impl From<Cow<'_, str>> for Str {
    #[inline]
    fn from(text: Cow<'_, str>) -> Str {
        match text {
            Cow::Borrowed(text) => Str::from(text),
            Cow::Owned(text) => Str::from(text),
        }
    }
}

impl From<char> for Str {
    fn from(c: char) -> Str {
        Str::from(c.encode_utf8(&mut [0; 4]) as &str)
    }
}

impl From<Str> for String {
    #[inline]
    fn from(text: Str) -> String {
        text.into_string()
    }
}

impl From<Str> for Box<str> {
    fn from(text: Str) -> Box<str> {
        match text.repr {
            Repr::Heap(text) => text,
            Repr::Inline { .. } => text.as_str().into(),
        }
    }
}

impl std::str::FromStr for Str {
    type Err = std::convert::Infallible;

    fn from_str(text: &str) -> Result<Str, Self::Err> {
        Ok(Str::from(text))
    }
}

impl fmt::Display for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for Str {
    #[inline]
    fn eq(&self, other: &Str) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Str {}

impl PartialOrd for Str {
    fn partial_cmp(&self, other: &Str) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Str {
    fn cmp(&self, other: &Str) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for Str {
    /// Hashes as the `str` does, so that a `HashMap<Str, _>` is looked up by `&str`.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

/// `Str == text` and `text == Str` for the other string types.
macro_rules! compare_with {
    ($($other:ty),*) => {$(
        impl PartialEq<$other> for Str {
            #[inline]
            fn eq(&self, other: &$other) -> bool {
                self.as_str() == &other[..]
            }
        }

        impl PartialEq<Str> for $other {
            #[inline]
            fn eq(&self, other: &Str) -> bool {
                &self[..] == other.as_str()
            }
        }
    )*};
}

compare_with!(str, &str, String, Cow<'_, str>);

impl ToJson for Str {
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.string(self)
    }
}

impl<'de> FromJson<'de> for Str {
    #[inline]
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        reader.read_str().map(Str::from)
    }
}

impl ToJsonKey for Str {
    #[inline]
    fn write_key<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.property_name(self)
    }
}

impl<'de> FromJsonKey<'de> for Str {
    #[inline]
    fn from_key(key: Key<'de>, _: &Reader<'de>) -> Result<Self> {
        Ok(Str::from(key.decoded()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_str_is_as_large_as_a_string() {
        assert_eq!(std::mem::size_of::<Str>(), std::mem::size_of::<String>());
    }

    #[test]
    fn text_is_kept_whole_at_every_length() {
        // Multi-byte characters put character ends on every side of the inline limit.
        let text = "aé€😀".repeat(12);
        for end in (0..=text.len()).filter(|&end| text.is_char_boundary(end)) {
            let part = &text[..end];
            for made in [Str::from(part), Str::from(part.to_owned()), Str::from(Box::<str>::from(part))] {
                assert_eq!(made.as_str(), part);
                assert_eq!(made.is_heap_allocated(), part.len() > INLINE_CAPACITY, "{part:?}");
                assert_eq!(made.clone().into_string(), part);
                assert_eq!(Box::<str>::from(made), part.into());
            }
        }
    }

    #[test]
    fn comparisons_and_hashes_are_the_text_s() {
        use std::collections::hash_map::DefaultHasher;
        let hash = |value: &dyn Fn(&mut DefaultHasher)| {
            let mut hasher = DefaultHasher::new();
            value(&mut hasher);
            hasher.finish()
        };
        for (a, b) in [("a", "b"), ("short", "a text longer than twenty-two bytes"), ("", "x")] {
            let (sa, sb) = (Str::from(a), Str::from(b));
            assert_eq!(sa.cmp(&sb), a.cmp(b));
            let owned = a.to_owned();
            assert!(sa == a, "Str == &str");
            assert!(a == sa, "&str == Str");
            assert!(sa == *a, "Str == str");
            assert!(sa == owned, "Str == String");
            assert!(owned == sa, "String == Str");
            assert!(sa != sb);
            assert_eq!(hash(&|h| sa.hash(h)), hash(&|h| a.hash(h)));
        }
    }

    #[test]
    fn reads_and_writes_as_a_string_and_as_a_key() {
        use std::collections::BTreeMap;
        let text =
            r#"{"short":"a","a key longer than twenty-two bytes":"a value longer than twenty-two bytes"}"#;
        let map: BTreeMap<Str, Str> = crate::from_str(text).unwrap();
        assert_eq!(map[&Str::from("short")], "a");
        assert!(map.keys().any(Str::is_heap_allocated));
        let back = crate::to_string(&map).unwrap();
        let expected: BTreeMap<String, String> = crate::from_str(text).unwrap();
        assert_eq!(back, crate::to_string(&expected).unwrap());
        assert_eq!(crate::from_str::<Str>(r#""tab\there""#).unwrap(), "tab\there");
    }
}
