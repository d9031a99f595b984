//! `IndexMap` and `IndexSet`, as maps and sets: a count, then the entries in their order.

use std::hash::{BuildHasher, Hash};

use indexmap::{IndexMap, IndexSet};

use crate::typed::collections::{decode_entries, decode_seq, encode_entries, encode_iter};
use crate::{Decoder, Encoder, FromBinary, Result, ToBinary};

impl<K: ToBinary, V: ToBinary, S> ToBinary for IndexMap<K, V, S> {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encode_entries(encoder, self.len(), self)
    }
}

impl<'de, K, V, S> FromBinary<'de> for IndexMap<K, V, S>
where
    K: FromBinary<'de> + Eq + Hash,
    V: FromBinary<'de>,
    S: BuildHasher + Default,
{
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decode_entries(
            decoder,
            |len| IndexMap::with_capacity_and_hasher(len, S::default()),
            |map, key, value| map.insert(key, value).is_none(),
        )
    }
}

impl<T: ToBinary, S> ToBinary for IndexSet<T, S> {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encode_iter(encoder, self.len(), self)
    }
}

impl<'de, T: FromBinary<'de> + Eq + Hash, S: BuildHasher + Default> FromBinary<'de> for IndexSet<T, S> {
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decode_seq(
            decoder,
            |len| IndexSet::with_capacity_and_hasher(len, S::default()),
            |set, item| set.insert(item),
        )
    }
}
