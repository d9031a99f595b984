//! [`Map`]: a JSON object's members in document order.
//!
//! The members live in one `Vec` of pairs and lookups scan it: JSON objects are mostly small,
//! where a scan that compares lengths first beats hashing, and the order costs nothing to keep.
//! Keys are unique: reading an object whose key repeats keeps the key's first position with its
//! last value (as `serde_json` does): small objects compare key fingerprints pairwise, large
//! ones use a hash set, so no object costs more than linear time beyond a small constant.

use std::collections::HashMap;
use std::fmt;

use super::{Str, Value};

/// A JSON object: string keys and their values, in document (or insertion) order, keys unique.
///
/// Lookups scan the members; for a large object that is looked up many times, collect it into
/// a `HashMap` first.
///
/// ```
/// use jetwire_json::{Value, json};
/// use jetwire_json::value::Map;
///
/// let mut map = Map::new();
/// map.insert("b".to_owned(), json!(1));
/// map.insert("a".to_owned(), json!(2));
/// assert_eq!(map.insert("b".to_owned(), json!(3)), Some(json!(1))); // replaced in place
/// assert_eq!(map.keys().collect::<Vec<_>>(), ["b", "a"]);
/// assert_eq!(map["b"], 3);
/// assert_eq!(Value::Object(map).to_string(), r#"{"b":3,"a":2}"#);
/// ```
#[derive(Clone, Default)]
pub struct Map {
    pub(super) entries: Vec<(Str, Value)>,
}

/// Objects up to this size are checked for repeated keys by comparing every pair of key
/// fingerprints; larger ones go through a hash set (which also keeps hostile input linear).
const PAIRWISE_LIMIT: usize = 64;

impl Map {
    /// An empty map.
    #[inline]
    pub fn new() -> Map {
        Map { entries: Vec::new() }
    }

    /// An empty map with room for `capacity` members.
    pub fn with_capacity(capacity: usize) -> Map {
        Map { entries: Vec::with_capacity(capacity) }
    }

    /// A map of `entries`, which may repeat keys: a repeated key keeps its first position and
    /// its last value, as when reading JSON.
    pub(crate) fn from_entries(mut entries: Vec<(Str, Value)>) -> Map {
        if entries.len() > 1 && has_repeated_keys(&entries) {
            entries = merge_repeated_keys(entries);
        }
        Map { entries }
    }

    /// Gives back the room beyond twice the members (and a few): for a map built with room
    /// guessed too large.
    pub(crate) fn trim_room(&mut self) {
        if self.entries.capacity() > 2 * self.entries.len() + 8 {
            self.entries.shrink_to_fit();
        }
    }

    /// The number of members.
    #[inline]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the map has no members.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Removes every member.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// The position of `key`.
    #[inline]
    fn position(&self, key: &str) -> Option<usize> {
        let key = key.as_bytes();
        self.entries.iter().position(|(k, _)| k.len() == key.len() && k.as_bytes() == key)
    }

    /// The position of `key`, for the partial reader's index of an open object.
    pub(crate) fn index_of(&self, key: &str) -> Option<usize> {
        self.position(key)
    }

    /// The value at `index` in order, mutably.
    pub(crate) fn value_at_mut(&mut self, index: usize) -> &mut Value {
        &mut self.entries[index].1
    }

    /// Appends a member whose key the map does not have.
    pub(crate) fn push_new(&mut self, key: Str, value: Value) {
        // Room for the first few members at once: an object read a member at a time would
        // otherwise be moved at 4 members too.
        if self.entries.capacity() == 0 {
            self.entries.reserve_exact(8);
        }
        self.entries.push((key, value));
    }

    /// The value of `key`.
    #[inline]
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.position(key).map(|i| &self.entries[i].1)
    }

    /// The value of `key`, mutably.
    #[inline]
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.position(key).map(|i| &mut self.entries[i].1)
    }

    /// The stored key and the value of `key`.
    pub fn get_key_value(&self, key: &str) -> Option<(&Str, &Value)> {
        self.position(key).map(|i| (&self.entries[i].0, &self.entries[i].1))
    }

    /// The member at `index` in order.
    ///
    /// ```
    /// let value = jetwire_json::json!({"x": 1, "y": 2});
    /// let map = value.as_object().unwrap();
    /// assert_eq!(map.get_index(1).map(|(k, _)| k.as_str()), Some("y"));
    /// ```
    pub fn get_index(&self, index: usize) -> Option<(&Str, &Value)> {
        self.entries.get(index).map(|(k, v)| (k, v))
    }

    /// Whether the map has `key`.
    pub fn contains_key(&self, key: &str) -> bool {
        self.position(key).is_some()
    }

    /// Sets `key` to `value`. An existing key keeps its position and its old value is returned;
    /// a new key goes last.
    ///
    /// The key is taken as a `String`, as `serde_json`'s `Map` takes it (so `"key".into()`
    /// and `"key".to_owned()` both work), and kept as a [`Str`].
    pub fn insert(&mut self, key: String, value: Value) -> Option<Value> {
        match self.position(&key) {
            Some(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            None => {
                self.entries.push((Str::from(key), value));
                None
            }
        }
    }

    /// Removes `key`, keeping the order of the others (the members after it move up).
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.remove_entry(key).map(|(_, v)| v)
    }

    /// Removes `key` and returns it with its value, keeping the order of the others.
    pub fn remove_entry(&mut self, key: &str) -> Option<(Str, Value)> {
        self.position(key).map(|i| self.entries.remove(i))
    }

    /// Removes `key` in constant time after the lookup, moving the last member into its place.
    pub fn swap_remove(&mut self, key: &str) -> Option<Value> {
        self.position(key).map(|i| self.entries.swap_remove(i).1)
    }

    /// Keeps only the members for which `keep` returns `true`, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Str, &mut Value) -> bool) {
        self.entries.retain_mut(|(k, v)| keep(k, v));
    }

    /// Sorts the members by key.
    pub fn sort_keys(&mut self) {
        self.entries.sort_by(|a, b| a.0.cmp(&b.0));
    }

    /// Moves every member of `other` into `self` (replacing the values of keys `self` has).
    pub fn append(&mut self, other: &mut Map) {
        self.extend(std::mem::take(&mut other.entries));
    }

    /// The entry of `key`, to read, insert or change in place.
    ///
    /// ```
    /// let mut value = jetwire_json::json!({"hits": 1});
    /// let map = value.as_object_mut().unwrap();
    /// *map.entry("hits").or_insert(0.into()) = 2.into();
    /// map.entry("misses").or_insert(0.into());
    /// assert_eq!(value.to_string(), r#"{"hits":2,"misses":0}"#);
    /// ```
    pub fn entry(&mut self, key: impl Into<Str>) -> Entry<'_> {
        let key = key.into();
        match self.position(&key) {
            Some(index) => Entry::Occupied(OccupiedEntry { map: self, index }),
            None => Entry::Vacant(VacantEntry { map: self, key }),
        }
    }

    /// The members in order.
    pub fn iter(&self) -> Iter<'_> {
        Iter { inner: self.entries.iter() }
    }

    /// The members in order, values mutable.
    pub fn iter_mut(&mut self) -> IterMut<'_> {
        IterMut { inner: self.entries.iter_mut() }
    }

    /// The keys in order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &Str> + ExactSizeIterator {
        self.entries.iter().map(|(k, _)| k)
    }

    /// The values in order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator {
        self.entries.iter().map(|(_, v)| v)
    }

    /// The values in order, mutable.
    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut Value> + ExactSizeIterator {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    /// The values in order, taken out of the map.
    pub fn into_values(mut self) -> impl DoubleEndedIterator<Item = Value> + ExactSizeIterator {
        std::mem::take(&mut self.entries).into_iter().map(|(_, v)| v)
    }
}

/// Whether `entries` repeat a key.
#[inline]
fn has_repeated_keys(entries: &[(Str, Value)]) -> bool {
    if entries.len() > PAIRWISE_LIMIT {
        let mut seen = std::collections::HashSet::with_capacity(entries.len());
        return !entries.iter().all(|(key, _)| seen.insert(key.as_str()));
    }
    // Compare every pair of fingerprints (a tight loop over one small array), and the keys
    // themselves only where fingerprints match.
    let mut prints = [0u64; PAIRWISE_LIMIT];
    for (print, (key, _)) in prints.iter_mut().zip(entries) {
        *print = fingerprint(key.as_bytes());
    }
    let prints = &prints[..entries.len()];
    for i in 1..prints.len() {
        let print = prints[i];
        if prints[..i].contains(&print) {
            let key = entries[i].0.as_bytes();
            if entries[..i].iter().any(|(k, _)| k.as_bytes() == key) {
                return true;
            }
        }
    }
    false
}

/// A cheap summary of a key: equal keys have equal fingerprints.
#[inline(always)]
pub(crate) fn fingerprint(key: &[u8]) -> u64 {
    match key {
        [] => 0,
        [first, .., last] => {
            let middle = key[key.len() / 2];
            key.len() as u64 | u64::from(*first) << 32 | u64::from(middle) << 40 | u64::from(*last) << 48
        }
        [only] => key.len() as u64 | u64::from(*only) << 32,
    }
}

/// `entries` with each repeated key merged into its first position, with its last value.
#[cold]
#[inline(never)]
fn merge_repeated_keys(entries: Vec<(Str, Value)>) -> Vec<(Str, Value)> {
    let mut positions: HashMap<Str, usize> = HashMap::with_capacity(entries.len());
    let mut merged: Vec<(Str, Value)> = Vec::with_capacity(entries.len());
    for (key, value) in entries {
        match positions.get(&key) {
            Some(&i) => merged[i].1 = value,
            None => {
                positions.insert(key.clone(), merged.len());
                merged.push((key, value));
            }
        }
    }
    merged
}

impl Drop for Map {
    /// Drops nested arrays and objects without recursion, however deep they go.
    fn drop(&mut self) {
        super::drop::drop_nested(self.entries.iter_mut().map(|(_, value)| value));
    }
}

impl fmt::Debug for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.entries.iter().map(|(k, v)| (k, v))).finish()
    }
}

impl std::ops::Index<&str> for Map {
    type Output = Value;

    /// The value of `key`.
    ///
    /// # Panics
    ///
    /// If the map does not have `key`.
    fn index(&self, key: &str) -> &Value {
        self.get(key).unwrap_or_else(|| panic!("no key {key:?} in the map"))
    }
}

impl std::ops::IndexMut<&str> for Map {
    /// The value of `key`, mutably.
    ///
    /// # Panics
    ///
    /// If the map does not have `key`.
    fn index_mut(&mut self, key: &str) -> &mut Value {
        self.get_mut(key).unwrap_or_else(|| panic!("no key {key:?} in the map"))
    }
}

impl<K: Into<Str>, V: Into<Value>> FromIterator<(K, V)> for Map {
    /// A map of the pairs; a repeated key keeps its first position and its last value.
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Map {
        Map::from_entries(iter.into_iter().map(|(k, v)| (k.into(), v.into())).collect())
    }
}

impl<K: Into<Str>, V: Into<Value>> Extend<(K, V)> for Map {
    /// Inserts each pair, as [`Map::insert`] does.
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        let mut entries = std::mem::take(&mut self.entries);
        entries.extend(iter.into_iter().map(|(k, v)| (k.into(), v.into())));
        *self = Map::from_entries(entries);
    }
}

impl IntoIterator for Map {
    type Item = (Str, Value);
    type IntoIter = std::vec::IntoIter<(Str, Value)>;

    fn into_iter(mut self) -> Self::IntoIter {
        std::mem::take(&mut self.entries).into_iter()
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a Str, &'a Value);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Map {
    type Item = (&'a Str, &'a mut Value);
    type IntoIter = IterMut<'a>;

    fn into_iter(self) -> IterMut<'a> {
        self.iter_mut()
    }
}

/// The members of a [`Map`], in order.
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    inner: std::slice::Iter<'a, (Str, Value)>,
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a Str, &'a Value);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|(k, v)| (k, v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back().map(|(k, v)| (k, v))
    }
}

impl ExactSizeIterator for Iter<'_> {}

/// The members of a [`Map`], in order, values mutable.
#[derive(Debug)]
pub struct IterMut<'a> {
    inner: std::slice::IterMut<'a, (Str, Value)>,
}

impl<'a> Iterator for IterMut<'a> {
    type Item = (&'a Str, &'a mut Value);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|(k, v)| (&*k, v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl DoubleEndedIterator for IterMut<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back().map(|(k, v)| (&*k, v))
    }
}

impl ExactSizeIterator for IterMut<'_> {}

/// A key's place in a [`Map`], from [`Map::entry`].
#[derive(Debug)]
pub enum Entry<'a> {
    /// The key is not in the map.
    Vacant(VacantEntry<'a>),
    /// The key is in the map.
    Occupied(OccupiedEntry<'a>),
}

/// A key that is not in the map.
#[derive(Debug)]
pub struct VacantEntry<'a> {
    map: &'a mut Map,
    key: Str,
}

/// A key that is in the map.
#[derive(Debug)]
pub struct OccupiedEntry<'a> {
    map: &'a mut Map,
    index: usize,
}

impl<'a> Entry<'a> {
    /// The key.
    pub fn key(&self) -> &str {
        match self {
            Entry::Vacant(entry) => &entry.key,
            Entry::Occupied(entry) => &entry.map.entries[entry.index].0,
        }
    }

    /// The value, inserting `default` first if the key is vacant.
    pub fn or_insert(self, default: Value) -> &'a mut Value {
        self.or_insert_with(|| default)
    }

    /// The value, inserting `default()` first if the key is vacant.
    pub fn or_insert_with(self, default: impl FnOnce() -> Value) -> &'a mut Value {
        match self {
            Entry::Vacant(entry) => entry.insert(default()),
            Entry::Occupied(entry) => entry.into_mut(),
        }
    }

    /// Calls `f` on the value if the key is occupied.
    pub fn and_modify(mut self, f: impl FnOnce(&mut Value)) -> Self {
        if let Entry::Occupied(entry) = &mut self {
            f(entry.get_mut());
        }
        self
    }
}

impl<'a> VacantEntry<'a> {
    /// The key.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// Inserts `value` last and returns it.
    pub fn insert(self, value: Value) -> &'a mut Value {
        self.map.entries.push((self.key, value));
        &mut self.map.entries.last_mut().expect("just pushed").1
    }
}

impl<'a> OccupiedEntry<'a> {
    /// The key.
    pub fn key(&self) -> &str {
        &self.map.entries[self.index].0
    }

    /// The value.
    pub fn get(&self) -> &Value {
        &self.map.entries[self.index].1
    }

    /// The value, mutably.
    pub fn get_mut(&mut self) -> &mut Value {
        &mut self.map.entries[self.index].1
    }

    /// The value, mutably, for the map's lifetime.
    pub fn into_mut(self) -> &'a mut Value {
        &mut self.map.entries[self.index].1
    }

    /// Replaces the value and returns the old one.
    pub fn insert(&mut self, value: Value) -> Value {
        std::mem::replace(self.get_mut(), value)
    }

    /// Removes the member, keeping the order of the others, and returns its value.
    pub fn remove(self) -> Value {
        self.map.entries.remove(self.index).1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` keys that are all different; with `same_print`, all of one fingerprint (one length,
    /// first, middle and last byte), so that only their bytes tell them apart.
    fn keys(n: usize, same_print: bool) -> Vec<(Str, Value)> {
        (0..n)
            .map(|i| {
                let key =
                    if same_print { format!("a{:02}m{:02}z", i / 10, i % 10) } else { format!("key{i}") };
                (Str::from(key), Value::Null)
            })
            .collect()
    }

    #[test]
    fn a_repeated_key_is_found_wherever_it_stands() {
        for same_print in [false, true] {
            for n in (1..=PAIRWISE_LIMIT + 2).chain([200]) {
                let distinct = keys(n, same_print);
                if same_print {
                    assert!(distinct.windows(2).all(|pair| {
                        fingerprint(pair[0].0.as_bytes()) == fingerprint(pair[1].0.as_bytes())
                    }));
                }
                assert!(!has_repeated_keys(&distinct), "n = {n}");
                for first in 0..n {
                    for second in (first + 1..n).step_by(7) {
                        let mut repeated = distinct.clone();
                        repeated[second].0 = repeated[first].0.clone();
                        assert!(has_repeated_keys(&repeated), "n = {n}, keys {first} and {second}");
                    }
                }
            }
        }
    }

    #[test]
    fn repeated_keys_keep_the_first_place_and_the_last_value() {
        let entries = vec![
            (Str::from("a"), Value::from(1)),
            (Str::from("b"), Value::from(2)),
            (Str::from("a"), Value::from(3)),
        ];
        let map = Map::from_entries(entries);
        assert_eq!(
            map.iter().map(|(k, v)| (k.as_str(), v.as_i64())).collect::<Vec<_>>(),
            [("a", Some(3)), ("b", Some(2))]
        );
    }
}
