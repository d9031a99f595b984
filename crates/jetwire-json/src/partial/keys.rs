//! Repeated keys in an object still being read: a repeated key keeps its first position with
//! its last value, as [`from_slice`](crate::from_slice) reads it, and the object shown never
//! holds a key twice.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};

use crate::value::{Map, Str, Value, fingerprint};

/// Objects up to this size are searched for a repeated key by the fingerprints of their keys
/// (a tight loop over one small array, the keys compared only where fingerprints match); larger
/// ones keep a hash index, so that no object costs more than constant time per member.
const SCAN_LIMIT: usize = 64;

/// The keys of one open object, for finding a repeated key.
#[derive(Debug, Default)]
pub(super) struct Keys {
    /// The fingerprints of the keys, in order, while the object is small.
    prints: Vec<u64>,
    /// Built once the object has [`SCAN_LIMIT`] members: each key's hash and the position of
    /// the first key with it.
    index: Option<Index>,
}

#[derive(Debug)]
struct Index {
    hasher: RandomState,
    positions: HashMap<u64, usize>,
}

impl Index {
    fn position(&self, map: &Map, key: &str) -> Option<usize> {
        match self.positions.get(&self.hasher.hash_one(key)) {
            None => None,
            Some(&at) if map.get_index(at).is_some_and(|(k, _)| k == key) => Some(at),
            // Two keys with one hash (keyed SipHash: practically never): search the members.
            Some(_) => map.index_of(key),
        }
    }
}

impl Keys {
    /// Forgets the keys, keeping the room they took for another object.
    pub(super) fn clear(&mut self) {
        self.prints.clear();
        self.index = None;
    }

    /// Sets `key` to `value` in `map`: in the place of a key it already has, else last.
    /// Returns the member's position.
    pub(super) fn insert(&mut self, map: &mut Map, key: Str, value: Value) -> usize {
        if self.index.is_none() && map.len() < SCAN_LIMIT {
            let print = fingerprint(key.as_bytes());
            let same = |(at, _): &(usize, &u64)| map.get_index(*at).is_some_and(|(k, _)| *k == key);
            if let Some((at, _)) = self.prints.iter().enumerate().filter(|(_, p)| **p == print).find(same) {
                *map.value_at_mut(at) = value;
                return at;
            }
            self.prints.push(print);
            map.push_new(key, value);
            return map.len() - 1;
        }
        let index = self.index.get_or_insert_with(|| {
            let hasher = RandomState::new();
            let mut positions = HashMap::with_capacity(2 * SCAN_LIMIT);
            for (at, (key, _)) in map.iter().enumerate() {
                positions.entry(hasher.hash_one(key.as_str())).or_insert(at);
            }
            Index { hasher, positions }
        });
        self.prints = Vec::new();
        if let Some(at) = index.position(map, &key) {
            *map.value_at_mut(at) = value;
            return at;
        }
        let at = map.len();
        index.positions.entry(index.hasher.hash_one(key.as_str())).or_insert(at);
        map.push_new(key, value);
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;

    #[test]
    fn a_repeated_key_keeps_its_first_place_in_small_and_large_objects() {
        for size in [3, SCAN_LIMIT + 10] {
            let mut map = Map::new();
            let mut keys = Keys::default();
            for i in 0..size {
                assert_eq!(keys.insert(&mut map, format!("k{i}").into(), json!(i)), i);
            }
            assert_eq!(keys.insert(&mut map, "k1".into(), json!("again")), 1);
            assert_eq!(keys.insert(&mut map, "new".into(), json!(0)), size);
            assert_eq!(map.len(), size + 1);
            assert_eq!(map["k1"], "again");
        }
    }
}
