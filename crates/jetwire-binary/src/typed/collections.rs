//! Sequences, arrays, sets and maps.
//!
//! Sequences, sets and maps are a varint count, then the elements (a map's entries as key,
//! value). Arrays have no count: their length is in the type. Plain elements move as one memory
//! block on little-endian hosts. Every count is checked against the bytes that remain before
//! anything is allocated, and a set or map with a key twice is an error. Errors inside an
//! element get the element's index (a map entry's, for maps) in their path. `Vec`s, slices and
//! `VecDeque`s of `#[jetwire(columnar)]` structs lay their elements out in columns
//! ([`columns`]); arrays, sets and maps of them keep one element after the other.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::hash::{BuildHasher, Hash};
use std::mem::MaybeUninit;
use std::rc::Rc;
use std::sync::Arc;

use super::{FromBinary, ToBinary, columns};
use crate::decode::Decoder;
use crate::encode::Encoder;
use crate::error::Result;
use crate::plain::{Plain, Raw, RawWrite};

/// Writes a count and then the items, of a collection not trusted to yield `len` of them.
#[cfg(feature = "indexmap")]
#[inline]
pub(crate) fn encode_iter<'a, T: ToBinary + 'a>(
    encoder: &mut Encoder<'_>,
    len: usize,
    items: impl IntoIterator<Item = &'a T>,
) -> Result<()> {
    // SAFETY: with `AT_MOST_LEN` false, nothing is asked of `items`.
    unsafe { encode_iter_of::<T, false>(encoder, len, items) }
}

/// Writes a count and then the items, told by `AT_MOST_LEN` whether `items` yields at most
/// `len` values (see [`Encoder::write_sequence_of`]).
///
/// # Safety
///
/// When `AT_MOST_LEN`, `items` yields at most `len` values.
#[inline]
unsafe fn encode_iter_of<'a, T: ToBinary + 'a, const AT_MOST_LEN: bool>(
    encoder: &mut Encoder<'_>,
    len: usize,
    items: impl IntoIterator<Item = &'a T>,
) -> Result<()> {
    encoder.write_len(len);
    // SAFETY: forwarded from the caller.
    unsafe { encoder.write_sequence_of::<_, AT_MOST_LEN>(items, len, |encoder, item| item.encode(encoder)) }
}

/// Appends `count` elements to `items`, each decoded by `decode_one(index, slot)` (`index` its
/// position in `items`) straight into the `Vec`'s spare capacity (no temporary to copy, no
/// capacity check per element). The length is stored once at the end, and also when an error
/// or a panic stops the run, so that exactly what was decoded is dropped.
///
/// # Panics
///
/// If `items` has room for fewer than `count` more elements, or if `decode_one` returns a
/// reference to anything but the slot it was given.
#[inline(always)]
fn fill_reserved<T>(
    items: &mut Vec<T>,
    count: usize,
    mut decode_one: impl for<'s> FnMut(usize, &'s mut MaybeUninit<T>) -> Result<&'s mut T>,
) -> Result<()> {
    assert!(items.capacity() - items.len() >= count, "fill_reserved without reserved capacity");
    fill_reserved_from(items, 0..count, |index, _, slot| decode_one(index, slot))
}

/// [`fill_reserved`] with one input per element: appends an element for each of `inputs`, as
/// many as there is room for, each decoded by `decode_one(index, input, slot)`. Over inputs
/// whose count the compiler knows (exact chunks of a region), the loop has one exit, where
/// taking the next input inside a loop over the count adds a second.
///
/// # Panics
///
/// If `decode_one` returns a reference to anything but the slot it was given.
#[inline(always)]
fn fill_reserved_from<T, I>(
    items: &mut Vec<T>,
    inputs: impl Iterator<Item = I>,
    mut decode_one: impl for<'s> FnMut(usize, I, &'s mut MaybeUninit<T>) -> Result<&'s mut T>,
) -> Result<()> {
    let room = items.capacity() - items.len();
    let base = items.as_mut_ptr();
    // The length is kept in the guard (a register) and stored once, when the guard drops: at the
    // end, on an error, or in a panic's unwinding.
    let mut filled = SetLenOnDrop { len: items.len(), items };
    for (_, input) in (0..room).zip(inputs) {
        // The element's index in `items`: every caller fills a `Vec` that started empty.
        let index = filled.len;
        // SAFETY: `filled.len` is the starting length plus the elements written before this
        // one, fewer than `room` (the loop runs at most `room` times), so
        // `filled.len < capacity`: the slot is inside the allocation, which nothing reallocates
        // during the loop; the slot is past the initialized elements, so nothing else refers
        // to it.
        let slot = unsafe { &mut *base.add(filled.len).cast::<MaybeUninit<T>>() };
        let slot_address = slot.as_ptr();
        let written = decode_one(index, input, slot)?;
        assert!(core::ptr::eq(written, slot_address), "decode_uninit returned another value than its slot");
        // `written` is the slot at `filled.len` (checked just above), and a `&mut T` to it exists
        // only once it holds a value (`MaybeUninit::write`, or every field written in place).
        filled.len += 1;
    }
    Ok(())
}

/// Appends `count` elements of a raw type (see [`Raw`]) to `items` by copying each one's
/// `MIN_SIZE` bytes into its slot and checking them all at once: the loop's only branch is its
/// own end, the checks are folded into one flag tested after it. Returns `false`, with `items`
/// and `decoder` as they were, when `T` is not raw on this host, when the bytes are not all there
/// or when one of them is invalid; the caller then reads the elements one by one, which finds
/// and reports the error.
///
/// A loop with a branch per check ran at two speeds, 1.6x apart, depending on where the linker
/// placed it (docs/perf-log.md, "raw elements checked after the loop"); this one has no such
/// branch to place.
///
/// # Panics
///
/// If `items` has room for fewer than `count` more elements.
#[inline(always)]
fn extend_raw<'de, T: FromBinary<'de>>(decoder: &mut Decoder<'de>, items: &mut Vec<T>, count: usize) -> bool {
    let size = T::MIN_SIZE;
    if !T::RAW.as_copy(size) {
        return false;
    }
    let Some(len) = count.checked_mul(size) else {
        return false;
    };
    let slots = &mut items.spare_capacity_mut()[..count];
    let copied = decoder.take_if(len, |bytes| {
        let mut valid = true;
        for (slot, chunk) in slots.iter_mut().zip(bytes.chunks_exact(size)) {
            valid &= T::raw_bytes_valid(chunk);
            // SAFETY: `as_copy` checked `size <= size_of::<T>()`, so the copy stays inside the
            // slot, a `MaybeUninit<T>` of the `Vec`'s spare capacity, which any bytes may fill
            // and which the input, borrowed shared, cannot overlap.
            unsafe { std::ptr::copy_nonoverlapping(chunk.as_ptr(), slot.as_mut_ptr().cast::<u8>(), size) };
        }
        valid
    });
    if copied.is_none() {
        return false;
    }
    // SAFETY: `items.len() + count <= capacity` (`spare_capacity_mut()[..count]` would have
    // panicked otherwise), and those `count` slots hold a copy of bytes that `raw_bytes_valid` accepted
    // (the input had `count * size` bytes, one chunk per slot); `T` is raw for reading, so each
    // is a valid `T` (a `Raw<T>` that says so comes from `Raw::assume`, `Raw::plain` or the
    // derive's proof).
    unsafe { items.set_len(items.len() + count) };
    true
}

/// Appends `len` elements (not plain, not in columns) to `items`, which has room for them:
/// raw ones copied and checked once ([`extend_raw`]); fixed-size ones each from its own exact
/// chunk of one checked region, where its fields' checks fold away; others one after the other,
/// one level deeper.
#[inline(always)]
fn append_elements<'de, T: FromBinary<'de>>(
    decoder: &mut Decoder<'de>,
    items: &mut Vec<T>,
    len: usize,
) -> Result<()> {
    // The fixed-size path fills only the room there is: too little would drop elements quietly.
    assert!(items.capacity() - items.len() >= len, "append_elements without reserved capacity");
    if extend_raw(decoder, items, len) {
        return Ok(());
    }
    if super::in_fixed_chunks::<T>() {
        let region = decoder.take_fixed(len * T::MIN_SIZE)?;
        return fill_reserved_from(items, region.fixed_chunks(T::MIN_SIZE), |index, mut element, slot| {
            T::decode_uninit(&mut element, slot).map_err(|err| err.prepend_index(index))
        });
    }
    decoder.enter()?;
    fill_reserved(items, len, |index, slot| {
        T::decode_uninit(decoder, slot).map_err(|err| err.prepend_index(index))
    })?;
    decoder.leave();
    Ok(())
}

/// Fills `items` up to `end` elements with [`append_elements`], in the room it has: all of them
/// in one pass when the room reserved ahead covers them (the usual case), else in rounds, the
/// `Vec` doubling between them ([`grow_toward`]). The rounds run the same loop again, so that
/// the element type's decode has a single call site and stays inlined into it.
#[inline(always)]
fn append_all<'de, T: FromBinary<'de>>(
    decoder: &mut Decoder<'de>,
    items: &mut Vec<T>,
    end: usize,
) -> Result<()> {
    loop {
        let room = (items.capacity() - items.len()).min(end - items.len());
        append_elements(decoder, items, room)?;
        if items.len() == end {
            return Ok(());
        }
        grow_toward(items, end);
    }
}

/// Doubles `items`' room (never past `end` elements) where the room reserved ahead ran short
/// (hostile counts nested in each other, see [`Decoder::reserve_ahead`]): the room not yet
/// filled is never more than the elements before it, which the input backs, and the growth
/// costs linear time. Off the common path.
#[cold]
#[inline(never)]
fn grow_toward<T>(items: &mut Vec<T>, end: usize) {
    items.reserve_exact(items.len().max(1).min(end - items.len()));
}

/// Sets `items`' length to `len` when dropped. Whoever increments `len` promises that the
/// first `len` slots are initialized.
struct SetLenOnDrop<'a, T> {
    items: &'a mut Vec<T>,
    len: usize,
}

impl<T> Drop for SetLenOnDrop<'_, T> {
    #[inline(always)]
    fn drop(&mut self) {
        // SAFETY: `fill_reserved_from` counts only slots it has seen initialized, each within
        // the room the `Vec` had (its loop stops at the spare capacity).
        unsafe { self.items.set_len(self.len) };
    }
}

/// Writes a count and then each entry's key and value, of a map not trusted to yield `len`
/// entries.
#[cfg(feature = "indexmap")]
#[inline]
pub(crate) fn encode_entries<'a, K: ToBinary + 'a, V: ToBinary + 'a>(
    encoder: &mut Encoder<'_>,
    len: usize,
    entries: impl IntoIterator<Item = (&'a K, &'a V)>,
) -> Result<()> {
    // SAFETY: with `AT_MOST_LEN` false, nothing is asked of `entries`.
    unsafe { encode_entries_of::<K, V, false>(encoder, len, entries) }
}

/// Writes a count and then each entry's key and value, told by `AT_MOST_LEN` whether `entries`
/// yields at most `len` entries (see [`Encoder::write_sequence_of`]).
///
/// # Safety
///
/// When `AT_MOST_LEN`, `entries` yields at most `len` entries.
#[inline]
unsafe fn encode_entries_of<'a, K: ToBinary + 'a, V: ToBinary + 'a, const AT_MOST_LEN: bool>(
    encoder: &mut Encoder<'_>,
    len: usize,
    entries: impl IntoIterator<Item = (&'a K, &'a V)>,
) -> Result<()> {
    encoder.write_len(len);
    // Entries whose key and value write blocks go as one block each.
    // SAFETY: forwarded from the caller.
    unsafe {
        encoder.write_sequence_of::<_, AT_MOST_LEN>(entries, len, |encoder, (key, value)| {
            key.encode(encoder)?;
            value.encode(encoder)
        })
    }
}

/// Reads a checked count, makes the collection with `make(count)`, and hands it each element
/// with `add`, which returns false for a duplicate.
#[inline]
pub(crate) fn decode_seq<'de, T: FromBinary<'de>, C>(
    decoder: &mut Decoder<'de>,
    make: impl FnOnce(usize) -> C,
    mut add: impl FnMut(&mut C, T) -> bool,
) -> Result<C> {
    let len = decoder.read_seq_len::<T>()?;
    let ahead = decoder.reserve_ahead(len, size_of::<T>());
    let mut items = make(ahead.granted);
    let mut add_one = |element: &mut Decoder<'de>, index: usize| {
        let at = element.offset();
        let item = T::decode(element).map_err(|err| err.prepend_index(index))?;
        if add(&mut items, item) {
            Ok(())
        } else {
            Err(element.error_at(at, "duplicate element in a set").prepend_index(index))
        }
    };
    for_each_element(decoder, len, T::FIXED_SIZE, T::MIN_SIZE, &mut add_one)?;
    decoder.filled_ahead(ahead);
    Ok(items)
}

/// Reads a checked count, makes the map with `make(count)`, and hands it each entry with
/// `insert`, which returns false for a duplicate key.
#[inline]
pub(crate) fn decode_entries<'de, K: FromBinary<'de>, V: FromBinary<'de>, M>(
    decoder: &mut Decoder<'de>,
    make: impl FnOnce(usize) -> M,
    mut insert: impl FnMut(&mut M, K, V) -> bool,
) -> Result<M> {
    let entry_size = K::MIN_SIZE.saturating_add(V::MIN_SIZE);
    let len = decoder.read_len_for(entry_size, size_of::<(K, V)>())?;
    let ahead = decoder.reserve_ahead(len, size_of::<(K, V)>());
    let mut map = make(ahead.granted);
    let mut insert_one = |entry: &mut Decoder<'de>, index: usize| {
        let at = entry.offset();
        let key = K::decode(entry).map_err(|e| e.prepend_index(index))?;
        let value = V::decode(entry).map_err(|e| e.prepend_index(index))?;
        if insert(&mut map, key, value) {
            Ok(())
        } else {
            Err(entry.error_at(at, "duplicate key in a map").prepend_index(index))
        }
    };
    for_each_element(decoder, len, K::FIXED_SIZE && V::FIXED_SIZE, entry_size, &mut insert_one)?;
    decoder.filled_ahead(ahead);
    Ok(map)
}

/// Runs `read_one(decoder, index)` for each of `len` elements (or entries) of a collection, whose
/// count has been checked. Elements that all take exactly `size` bytes (`fixed`) are read from
/// one region checked once, each from its own exact chunk, where their reads' checks fold away
/// (they cannot nest, so they need no depth); others are read in turn from `decoder`, one level
/// deeper.
#[inline(always)]
fn for_each_element<'de>(
    decoder: &mut Decoder<'de>,
    len: usize,
    fixed: bool,
    size: usize,
    read_one: &mut impl FnMut(&mut Decoder<'de>, usize) -> Result<()>,
) -> Result<()> {
    if fixed && size > 0 {
        let region = decoder.take_fixed(len * size)?;
        for (index, mut element) in region.fixed_chunks(size).enumerate() {
            read_one(&mut element, index)?;
        }
        return Ok(());
    }
    decoder.enter()?;
    for index in 0..len {
        read_one(decoder, index)?;
    }
    decoder.leave();
    Ok(())
}

impl<T: ToBinary> ToBinary for [T] {
    #[inline]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_len(self.len());
        if T::COLUMNAR {
            return columns::encode_blocks(self, encoder);
        }
        encoder.write_elements(self)
    }
}

impl<T: ToBinary> ToBinary for Vec<T> {
    #[inline]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        self.as_slice().encode(encoder)
    }
}

impl<'de, T: FromBinary<'de>> FromBinary<'de> for Vec<T> {
    #[inline(always)]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        let len = decoder.read_seq_len::<T>()?;
        if len == 0 {
            // Empty lists are common in records (no tags, no children): nothing to allocate,
            // copy or enter.
            return Ok(Vec::new());
        }
        if T::COLUMNAR {
            let mut items = Vec::new();
            columns::decode_blocks(decoder, &mut items, len)?;
            return Ok(items);
        }
        if T::IS_PLAIN.as_block() {
            let mut items = Vec::with_capacity(len);
            decoder.extend_plain(&mut items, len, T::IS_PLAIN)?;
            return Ok(items);
        }
        // Allocated at its final size up front (unless hostile counts have used up the room
        // that may be reserved ahead): `with_capacity` calls the allocator straight away, where
        // growing an empty `Vec` goes through the out-of-line growth path.
        let ahead = decoder.reserve_ahead(len, size_of::<T>());
        let mut items = Vec::with_capacity(ahead.granted);
        append_all(decoder, &mut items, len)?;
        decoder.filled_ahead(ahead);
        Ok(items)
    }

    /// Keeps the `Vec`'s capacity and decodes into the elements it already has (for elements
    /// in the column layout, which are read a field at a time, into new elements).
    fn decode_into(&mut self, decoder: &mut Decoder<'de>) -> Result<()> {
        let len = decoder.read_seq_len::<T>()?;
        if len == 0 {
            // As `decode`: nothing to read, and no level entered.
            self.clear();
            return Ok(());
        }
        if T::COLUMNAR {
            self.clear();
            return columns::decode_blocks(decoder, self, len);
        }
        if T::IS_PLAIN.as_block() {
            self.clear();
            return decoder.extend_plain(self, len, T::IS_PLAIN);
        }
        if T::RAW.as_copy(T::MIN_SIZE) {
            // A raw value holds no allocation to reuse: read them as new ones, as `decode` does.
            self.clear();
            let ahead = decoder.reserve_ahead(len, size_of::<T>());
            self.reserve(ahead.granted);
            append_all(decoder, self, len)?;
            decoder.filled_ahead(ahead);
            return Ok(());
        }
        // Elements of one fixed size cannot nest, so, as in `decode`, they enter no level.
        let nests = !super::in_fixed_chunks::<T>();
        if nests {
            decoder.enter()?;
        }
        self.truncate(len);
        for (index, item) in self.iter_mut().enumerate() {
            item.decode_into(decoder).map_err(|e| e.prepend_index(index))?;
        }
        let kept = self.len();
        // The rest grows as elements arrive where the room reserved ahead runs short.
        let ahead = decoder.reserve_ahead(len - kept, size_of::<T>());
        self.reserve(ahead.granted);
        for index in kept..len {
            match T::decode(decoder) {
                Ok(item) => self.push(item),
                Err(err) => return Err(err.prepend_index(index)),
            }
        }
        decoder.filled_ahead(ahead);
        if nests {
            decoder.leave();
        }
        Ok(())
    }
}

/// The boxed and shared slices: the `Vec` read, made into one.
macro_rules! owned_slice_impls {
    ($($slice:ident),*) => {$(
        impl<'de, T: FromBinary<'de>> FromBinary<'de> for $slice<[T]> {
            #[inline]
            fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
                Vec::decode(decoder).map(Self::from)
            }
        }
    )*};
}

owned_slice_impls!(Box, Rc, Arc);

impl<T: ToBinary> ToBinary for VecDeque<T> {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        encoder.write_len(self.len());
        if T::COLUMNAR {
            return columns::encode_blocks_of(self.iter(), encoder);
        }
        let (front, back) = self.as_slices();
        encoder.write_elements(front)?;
        encoder.write_elements(back)
    }
}

impl<'de, T: FromBinary<'de>> FromBinary<'de> for VecDeque<T> {
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        Vec::decode(decoder).map(VecDeque::from)
    }
}

impl<T: ToBinary, const N: usize> ToBinary for [T; N] {
    const IS_PLAIN: Plain<Self> = Plain::array(T::IS_PLAIN);
    const ENCODED_SIZE: Option<usize> = super::layout::sum_of_sizes(&[T::ENCODED_SIZE], N);
    const WRITES_BLOCK: bool = T::WRITES_BLOCK && Self::ENCODED_SIZE.is_some();
    const RAW: RawWrite<Self> = RawWrite::plain();

    #[inline]
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        if !T::IS_PLAIN.as_block() && super::layout::encode_block(self, encoder) {
            return Ok(());
        }
        encoder.write_elements(self)
    }

    #[inline]
    fn encode_block(&self, block: &mut [u8]) {
        if T::IS_PLAIN.as_block() {
            let bytes = crate::plain::slice_as_bytes(self, T::IS_PLAIN);
            block[..bytes.len()].copy_from_slice(bytes);
            return;
        }
        let mut rest = block;
        for item in self {
            rest = super::layout::encode_field_block(item, rest);
        }
    }
}

impl<'de, T: FromBinary<'de>, const N: usize> FromBinary<'de> for [T; N] {
    const IS_PLAIN: Plain<Self> = Plain::array(T::IS_PLAIN);
    const MIN_SIZE: usize = T::MIN_SIZE.saturating_mul(N);
    const FIXED_SIZE: bool = T::FIXED_SIZE;
    const RAW: Raw<Self> = Raw::plain();

    #[inline]
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        if let Some(value) = decoder.read_plain(Self::IS_PLAIN) {
            return value;
        }
        decode_array(decoder)
    }

    fn decode_into(&mut self, decoder: &mut Decoder<'de>) -> Result<()> {
        if T::IS_PLAIN.as_block() {
            return decoder.fill_plain(self, T::IS_PLAIN);
        }
        for (index, item) in self.iter_mut().enumerate() {
            item.decode_into(decoder).map_err(|e| e.prepend_index(index))?;
        }
        Ok(())
    }
}

/// Decodes `N` elements into an array, dropping those already decoded if one fails.
fn decode_array<'de, T: FromBinary<'de>, const N: usize>(decoder: &mut Decoder<'de>) -> Result<[T; N]> {
    let mut partial = jetwire_core::array::PartialArray::<T, N>::new();
    while !partial.is_full() {
        let index = partial.len();
        partial.push(T::decode(decoder).map_err(|e| e.prepend_index(index))?);
    }
    Ok(partial.into_array().expect("the loop filled every element"))
}

impl<T: ToBinary, S> ToBinary for HashSet<T, S> {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        // SAFETY: a std set's iterator counts down the set's length and stops at zero (std's own
        // unsafe iteration relies on that count), so it yields at most `len()` values whatever
        // `T` and `S` do; nothing can change the set while it is borrowed here.
        unsafe { encode_iter_of::<T, true>(encoder, self.len(), self) }
    }
}

impl<'de, T, S> FromBinary<'de> for HashSet<T, S>
where
    T: FromBinary<'de> + Eq + Hash,
    S: BuildHasher + Default,
{
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decode_seq(
            decoder,
            |len| HashSet::with_capacity_and_hasher(len, S::default()),
            |set, item| set.insert(item),
        )
    }
}

impl<T: ToBinary> ToBinary for BTreeSet<T> {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        // SAFETY: as for `HashSet`: the iterator counts down the set's length, whatever `T`
        // does.
        unsafe { encode_iter_of::<T, true>(encoder, self.len(), self) }
    }
}

impl<'de, T: FromBinary<'de> + Ord> FromBinary<'de> for BTreeSet<T> {
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decode_seq(decoder, |_| BTreeSet::new(), |set, item| set.insert(item))
    }
}

impl<K: ToBinary, V: ToBinary, S> ToBinary for HashMap<K, V, S> {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        // SAFETY: a std map's iterator counts down the map's length and stops at zero (std's own
        // unsafe iteration relies on that count), so it yields at most `len()` entries whatever
        // `K`, `V` and `S` do; nothing can change the map while it is borrowed here.
        unsafe { encode_entries_of::<K, V, true>(encoder, self.len(), self) }
    }
}

impl<'de, K, V, S> FromBinary<'de> for HashMap<K, V, S>
where
    K: FromBinary<'de> + Eq + Hash,
    V: FromBinary<'de>,
    S: BuildHasher + Default,
{
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decode_entries(
            decoder,
            |len| HashMap::with_capacity_and_hasher(len, S::default()),
            |map, key, value| map.insert(key, value).is_none(),
        )
    }

    /// Keeps the map's capacity.
    fn decode_into(&mut self, decoder: &mut Decoder<'de>) -> Result<()> {
        self.clear();
        let map = std::mem::take(self);
        *self = decode_entries(
            decoder,
            |len| {
                let mut map = map;
                map.reserve(len);
                map
            },
            |map, key, value| map.insert(key, value).is_none(),
        )?;
        Ok(())
    }
}

impl<K: ToBinary, V: ToBinary> ToBinary for BTreeMap<K, V> {
    fn encode(&self, encoder: &mut Encoder<'_>) -> Result<()> {
        // SAFETY: as for `HashMap`: the iterator counts down the map's length, whatever `K` and
        // `V` do.
        unsafe { encode_entries_of::<K, V, true>(encoder, self.len(), self) }
    }
}

impl<'de, K: FromBinary<'de> + Ord, V: FromBinary<'de>> FromBinary<'de> for BTreeMap<K, V> {
    fn decode(decoder: &mut Decoder<'de>) -> Result<Self> {
        decode_entries(decoder, |_| BTreeMap::new(), |map, key, value| map.insert(key, value).is_none())
    }
}
