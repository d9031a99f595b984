//! `IndexMap` and `IndexSet`, which keep their entries in document order.

use std::hash::{BuildHasher, Hash};

use indexmap::{IndexMap, IndexSet};

use crate::typed::collections::{read_map, read_seq, write_map, write_seq};
use crate::typed::{FromJson, FromJsonKey, ToJson, ToJsonKey};
use crate::{Output, Reader, Result, Writer};

impl<K: ToJsonKey, V: ToJson, S> ToJson for IndexMap<K, V, S> {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        write_map(writer, self)
    }
}

impl<'de, K, V, S> FromJson<'de> for IndexMap<K, V, S>
where
    K: FromJsonKey<'de> + Eq + Hash,
    V: FromJson<'de>,
    S: BuildHasher + Default,
{
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        let mut map = IndexMap::default();
        read_map(reader, |k, v| {
            map.insert(k, v);
        })?;
        Ok(map)
    }
}

impl<T: ToJson, S> ToJson for IndexSet<T, S> {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        write_seq(writer, self)
    }
}

impl<'de, T: FromJson<'de> + Eq + Hash, S: BuildHasher + Default> FromJson<'de> for IndexSet<T, S> {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        let mut set = IndexSet::default();
        read_seq(reader, |item| {
            set.insert(item);
        })?;
        Ok(set)
    }
}
