//! Sequences, sets and maps.
//!
//! Sequences and sets are JSON arrays; maps are JSON objects whose keys are strings or integers
//! written as strings ([`ToJsonKey`], [`FromJsonKey`]). Errors inside an element get the element's
//! index or key in their path.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::hash::{BuildHasher, Hash};
use std::rc::Rc;
use std::sync::Arc;

use super::{FromJson, ToJson};
use crate::error::Result;
use crate::read::{Key, Reader};
use crate::write::Writer;
use jetwire_core::Output;

/// Writes `items` as a JSON array.
#[inline]
pub(crate) fn write_seq<'a, T: ToJson + 'a, O: Output>(
    writer: &mut Writer<O>,
    items: impl IntoIterator<Item = &'a T>,
) -> Result<()> {
    writer.begin_array()?;
    for item in items {
        item.to_json(writer)?;
    }
    writer.end_array()
}

/// Writes the contiguous `items` as a JSON array: a run of compact scalars
/// ([`ToJson::COMPACT_WRITE`]) in compact output without per-element state, anything else element
/// by element.
#[inline]
pub(crate) fn write_slice<T: ToJson, O: Output>(writer: &mut Writer<O>, items: &[T]) -> Result<()> {
    match T::COMPACT_WRITE {
        // SAFETY: the slot holds `max_len` writable bytes, and the compact form writes at most
        // that many and returns their count (what `CompactWrite::new`'s caller vouched for).
        Some(form) if writer.is_compact() => unsafe {
            writer.compact_elements(
                items,
                form.max_len(),
                |item, slot| form.write(item, slot.as_mut_ptr().cast()),
                |item, writer| item.to_json(writer),
            )
        },
        _ => write_seq(writer, items),
    }
}

/// Reads a JSON array, handing each element to `push`.
#[inline]
pub(crate) fn read_seq<'de, T: FromJson<'de>>(
    reader: &mut Reader<'de>,
    mut push: impl FnMut(T),
) -> Result<()> {
    reader.begin_array()?;
    let mut index = 0;
    loop {
        // Runs of compact elements straight from the input; the token path for the rest, such
        // as an element that a piece's end cuts, after which a run may start again.
        if let Some(form) = T::COMPACT_READ {
            index += reader.compact_elements(form.depth(), |input, at| form.read(input, at), &mut push);
        }
        if !reader.next_element()? {
            return Ok(());
        }
        push(T::from_json(reader).map_err(|e| e.prepend_index(index))?);
        index += 1;
    }
}

impl<T: ToJson> ToJson for [T] {
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        write_slice(writer, self)
    }
}

impl<T: ToJson, const N: usize> ToJson for [T; N] {
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        write_slice(writer, self)
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        write_slice(writer, self)
    }
}

impl<T: ToJson> ToJson for VecDeque<T> {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        write_seq(writer, self)
    }
}

impl<'de, T: FromJson<'de>> FromJson<'de> for Vec<T> {
    #[inline]
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        let mut items = Vec::new();
        read_seq(reader, |item| items.push(item))?;
        Ok(items)
    }
}

/// The boxed and shared slices: the `Vec` read, made into one.
macro_rules! owned_slice_impls {
    ($($slice:ident),*) => {$(
        impl<'de, T: FromJson<'de>> FromJson<'de> for $slice<[T]> {
            fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
                Vec::from_json(reader).map(Self::from)
            }
        }
    )*};
}

owned_slice_impls!(Box, Rc, Arc);

impl<'de, T: FromJson<'de>> FromJson<'de> for VecDeque<T> {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        let mut items = VecDeque::new();
        read_seq(reader, |item| items.push_back(item))?;
        Ok(items)
    }
}

impl<'de, T: FromJson<'de>, const N: usize> FromJson<'de> for [T; N] {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        // Filled in place: reading an array allocates nothing.
        let mut items = jetwire_core::array::PartialArray::<T, N>::new();
        reader.begin_array()?;
        while reader.next_element()? {
            if items.is_full() {
                return Err(reader.data_error(format_args!("expected an array of {N} elements, found more")));
            }
            let index = items.len();
            items.push(T::from_json(reader).map_err(|e| e.prepend_index(index))?);
        }
        let found = items.len();
        items.into_array().ok_or_else(|| {
            reader.data_error(format_args!("expected an array of {N} elements, found {found}"))
        })
    }
}

impl<T: ToJson, S> ToJson for HashSet<T, S> {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        write_seq(writer, self)
    }
}

impl<'de, T: FromJson<'de> + Eq + Hash, S: BuildHasher + Default> FromJson<'de> for HashSet<T, S> {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        let mut items = HashSet::default();
        read_seq(reader, |item| {
            items.insert(item);
        })?;
        Ok(items)
    }
}

impl<T: ToJson> ToJson for BTreeSet<T> {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        write_seq(writer, self)
    }
}

impl<'de, T: FromJson<'de> + Ord> FromJson<'de> for BTreeSet<T> {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        let mut items = BTreeSet::new();
        read_seq(reader, |item| {
            items.insert(item);
        })?;
        Ok(items)
    }
}

/// A type that can be a JSON object key: strings as they are, integers as their decimal text.
pub trait ToJsonKey {
    /// Writes `self` as a property name.
    fn write_key<O: Output>(&self, writer: &mut Writer<O>) -> Result<()>;
}

/// A type that can be read from a JSON object key.
pub trait FromJsonKey<'de>: Sized {
    /// Converts the property name `key`; `reader` positions any error.
    fn from_key(key: Key<'de>, reader: &Reader<'de>) -> Result<Self>;
}

impl ToJsonKey for str {
    #[inline]
    fn write_key<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.property_name(self)
    }
}

impl<T: ToJsonKey + ?Sized> ToJsonKey for &T {
    #[inline]
    fn write_key<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        (**self).write_key(writer)
    }
}

impl ToJsonKey for String {
    #[inline]
    fn write_key<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.property_name(self)
    }
}

impl ToJsonKey for Cow<'_, str> {
    fn write_key<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.property_name(self)
    }
}

/// The owned and shared strings: their text.
macro_rules! str_keys {
    ($($string:ty),*) => {$(
        impl ToJsonKey for $string {
            fn write_key<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
                writer.property_name(self)
            }
        }

        impl<'de> FromJsonKey<'de> for $string {
            fn from_key(key: Key<'de>, _: &Reader<'de>) -> Result<Self> {
                Ok(super::scalars::string_from(key.decoded()))
            }
        }
    )*};
}

str_keys!(Box<str>, Rc<str>, Arc<str>);

impl ToJsonKey for char {
    fn write_key<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.property_name(self.encode_utf8(&mut [0; 4]))
    }
}

impl<'de> FromJsonKey<'de> for String {
    #[inline]
    fn from_key(key: Key<'de>, _: &Reader<'de>) -> Result<Self> {
        Ok(super::scalars::owned_string(key.decoded()))
    }
}

impl<'de: 'a, 'a> FromJsonKey<'de> for Cow<'a, str> {
    fn from_key(key: Key<'de>, _: &Reader<'de>) -> Result<Self> {
        Ok(key.decoded())
    }
}

impl<'de: 'a, 'a> FromJsonKey<'de> for &'a str {
    fn from_key(key: Key<'de>, reader: &Reader<'de>) -> Result<Self> {
        match key.decoded() {
            Cow::Borrowed(text) => Ok(text),
            Cow::Owned(_) => {
                Err(reader
                    .data_error("expected a property name that can be borrowed, found one with escapes"))
            }
        }
    }
}

impl<'de> FromJsonKey<'de> for char {
    fn from_key(key: Key<'de>, reader: &Reader<'de>) -> Result<Self> {
        let text = key.decoded();
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => {
                Err(reader
                    .data_error(format_args!("expected a single-character property name, found {text:?}")))
            }
        }
    }
}

macro_rules! integer_keys {
    ($($ty:ty),*) => {$(
        impl ToJsonKey for $ty {
            #[inline]
            fn write_key<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
                writer.property_name_escaped(itoa::Buffer::new().format(*self).as_bytes())
            }
        }

        impl<'de> FromJsonKey<'de> for $ty {
            #[inline]
            fn from_key(key: Key<'de>, reader: &Reader<'de>) -> Result<Self> {
                let text = key.decoded();
                // Spelled as a JSON integer, so that `1`, `+1` and `01` are not one key.
                let value = if is_json_integer(&text) { text.parse().ok() } else { None };
                value.ok_or_else(|| {
                    reader.data_error(format_args!("expected a property name holding {}, found {:?}", stringify!($ty), text))
                })
            }
        }
    )*};
}

integer_keys!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

/// Whether `text` is an integer as JSON spells one: an optional `-`, then `0` or digits that do
/// not start with `0`. Rust's `parse` also takes a `+` and leading zeros.
fn is_json_integer(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    match digits.as_bytes() {
        [b'0'] => true,
        [b'1'..=b'9', rest @ ..] => rest.iter().all(u8::is_ascii_digit),
        _ => false,
    }
}

/// Writes `entries` as a JSON object.
pub(crate) fn write_map<'a, K, V, O>(
    writer: &mut Writer<O>,
    entries: impl IntoIterator<Item = (&'a K, &'a V)>,
) -> Result<()>
where
    K: ToJsonKey + 'a,
    V: ToJson + 'a,
    O: Output,
{
    writer.begin_object()?;
    for (key, value) in entries {
        key.write_key(writer)?;
        value.to_json(writer)?;
    }
    writer.end_object()
}

/// Reads a JSON object, handing each entry to `insert`.
pub(crate) fn read_map<'de, K, V>(reader: &mut Reader<'de>, mut insert: impl FnMut(K, V)) -> Result<()>
where
    K: FromJsonKey<'de>,
    V: FromJson<'de>,
{
    reader.begin_object()?;
    while let Some(raw_key) = reader.next_key()? {
        let key = K::from_key(raw_key, reader).map_err(|e| e.prepend_key(&raw_key.decoded()))?;
        let value = V::from_json(reader).map_err(|e| e.prepend_key(&raw_key.decoded()))?;
        insert(key, value);
    }
    Ok(())
}

impl<K: ToJsonKey, V: ToJson, S> ToJson for HashMap<K, V, S> {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        write_map(writer, self)
    }
}

impl<'de, K, V, S> FromJson<'de> for HashMap<K, V, S>
where
    K: FromJsonKey<'de> + Eq + Hash,
    V: FromJson<'de>,
    S: BuildHasher + Default,
{
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        let mut map = HashMap::default();
        read_map(reader, |k, v| {
            map.insert(k, v);
        })?;
        Ok(map)
    }
}

impl<K: ToJsonKey, V: ToJson> ToJson for BTreeMap<K, V> {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        write_map(writer, self)
    }
}

impl<'de, K: FromJsonKey<'de> + Ord, V: FromJson<'de>> FromJson<'de> for BTreeMap<K, V> {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        let mut map = BTreeMap::new();
        read_map(reader, |k, v| {
            map.insert(k, v);
        })?;
        Ok(map)
    }
}
