//! The value under construction, grown token by token in place.
//!
//! The tree is always a valid, closed [`Value`]: an open container is an array or object that
//! holds what has been read of it, a string in progress is a `String` growing in place, and a
//! property name waits aside until its value starts. Showing it costs nothing.
//!
//! While a piece is applied, the open containers are taken out of the tree, outermost first,
//! onto a stack (leaving `null` in their places): a value is appended to the innermost in
//! constant time, and closing one puts it back into its parent in constant time. After the
//! piece they are put back. A piece therefore costs its tokens plus twice the nesting depth,
//! never the size of the document, and nothing here recurses.

use super::keys::Keys;
use crate::read::Token;
use crate::typed::scalars::owned_string;
use crate::value::{Array, Map, Number, Str, Value};

/// Where a value stands in its parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// It is the whole value.
    Root,
    /// At this position of its parent array or object.
    At(usize),
}

/// An open container.
#[derive(Debug)]
struct Open {
    place: Place,
    /// An object's keys.
    keys: Keys,
    /// Where its size is remembered in [`Builder::sizes`].
    size_slot: usize,
}

/// The value of the document read so far.
#[derive(Debug, Default)]
pub(super) struct Builder {
    root: Option<Value>,
    /// The open containers, outermost first.
    open: Vec<Open>,
    /// While a piece is applied: the open containers, out of the tree, outermost first.
    detached: Vec<Value>,
    /// The property name just read, whose value has not started.
    key: Option<Str>,
    /// The value in progress (a string not yet terminated, a number that may grow), replaced
    /// in its place when its token is complete.
    pending: Option<Place>,
    /// The length of the last array and the last object closed in each place of the
    /// document's shape (see [`size_slot`]): the room a new one there starts with. Documents
    /// repeat their shapes (a list of records), so the guess is usually exact, and a container
    /// then grows without being moved.
    sizes: [[u8; 2]; SIZE_SLOTS],
    /// The key lists of closed objects, kept for the next ones.
    spare_keys: Vec<Keys>,
}

/// How many places of a document's shape remember the size of their last containers.
const SIZE_SLOTS: usize = 32;

/// Where the size of a container is remembered: by its depth and, in an object, its position
/// (the fifth member of a record is the same kind of value in every record), so that the
/// records of a list, and their members, each find the size of the one before.
fn size_slot(depth: usize, in_object: bool, at: usize) -> usize {
    let position = if in_object { at + 1 } else { 0 };
    (depth.wrapping_mul(17) ^ position.wrapping_mul(5)) % SIZE_SLOTS
}

impl Builder {
    /// The value so far (`None` before its first token, or while the first is a number or
    /// literal not yet complete).
    pub(super) fn value(&self) -> Option<&Value> {
        debug_assert!(self.detached.is_empty(), "the tree is whole between pieces");
        self.root.as_ref()
    }

    /// Takes the whole value.
    pub(super) fn into_value(mut self) -> Option<Value> {
        self.root.take()
    }

    /// How many containers are open.
    pub(super) fn depth(&self) -> usize {
        self.open.len()
    }

    /// Whether a value is in progress in place (a string's prefix, a growing number).
    pub(super) fn has_pending(&self) -> bool {
        self.pending.is_some()
    }

    /// The positions, from the root down, of the values in progress that lead to the
    /// innermost one (open containers, then the string or number in progress in the
    /// innermost): each an index in its parent array or object. `None` when no value is in
    /// progress; empty when it is the whole value.
    pub(super) fn open_indices(&self) -> Option<Vec<usize>> {
        if self.open.is_empty() && self.pending.is_none() {
            return None;
        }
        let places = self.open.iter().skip(1).map(|open| open.place).chain(self.pending);
        Some(places.map_while(|place| if let Place::At(at) = place { Some(at) } else { None }).collect())
    }

    /// [`open_indices`](Self::open_indices) as steps: an object member's key, an array's
    /// index.
    pub(super) fn open_path(&self) -> Option<Vec<PathStep<'_>>> {
        let indices = self.open_indices()?;
        let mut steps = Vec::with_capacity(indices.len());
        let mut current = self.root.as_ref();
        for at in indices {
            let Some(container) = current else { break };
            let (step, child) = match container {
                Value::Array(items) => (PathStep::Index(at), items.get(at)),
                Value::Object(map) => match map.get_index(at) {
                    Some((key, child)) => (PathStep::Key(key), Some(child)),
                    None => break,
                },
                _ => break,
            };
            steps.push(step);
            current = child;
        }
        Some(steps)
    }

    /// Takes the open containers out of the tree, before a piece is applied.
    pub(super) fn detach(&mut self) {
        debug_assert!(self.detached.is_empty());
        let Some(first) = self.open.first() else { return };
        debug_assert_eq!(first.place, Place::Root);
        self.detached.push(self.root.take().expect("an open container is the root's"));
        for open in &self.open[1..] {
            let Place::At(at) = open.place else { unreachable!("only the outermost is the root") };
            let parent = self.detached.last_mut().expect("the parent was taken out");
            let child = std::mem::take(child_at(parent, at));
            self.detached.push(child);
        }
    }

    /// Puts the open containers back into the tree, after a piece.
    pub(super) fn attach(&mut self) {
        while let Some(container) = self.detached.pop() {
            self.put_back(container, self.open[self.detached.len()].place);
        }
    }

    /// Adds the complete token `token`.
    pub(super) fn apply(&mut self, token: Token<'_>) {
        match token {
            Token::BeginObject => self.open(true),
            Token::BeginArray => self.open(false),
            Token::EndObject | Token::EndArray => self.close(),
            Token::PropertyName(key) => self.key = Some(Str::from(key.decoded())),
            Token::String(text) => match self.pending.and_then(|place| self.slot(place).as_string_mut()) {
                // The string shown in progress takes its whole text in place.
                Some(shown) => {
                    shown.clear();
                    shown.push_str(&text.decoded());
                    self.pending = None;
                }
                None => {
                    self.put(Value::String(owned_string(text.decoded())));
                }
            },
            Token::Number(number) => {
                self.put(Value::Number(Number::from_validated(number.as_str())));
            }
            Token::Bool(value) => {
                self.put(Value::Bool(value));
            }
            Token::Null => {
                self.put(Value::Null);
            }
        }
    }

    /// The string in progress, growing in place: started (empty) if it was not.
    pub(super) fn pending_string(&mut self) -> &mut String {
        let place = match self.pending {
            Some(place) => place,
            None => {
                let place = self.put(Value::String(String::new()));
                self.pending = Some(place);
                place
            }
        };
        match self.slot(place) {
            Value::String(text) => text,
            _ => unreachable!("the value in progress is a string"),
        }
    }

    /// Shows `value` for the number or literal in progress.
    pub(super) fn pending_value(&mut self, value: Value) {
        let place = self.put(value);
        self.pending = Some(place);
    }

    /// Puts `value` where the next value goes (in the place of the value in progress, if one
    /// is), and returns that place.
    fn put(&mut self, value: Value) -> Place {
        if let Some(place) = self.pending.take() {
            *self.slot(place) = value;
            return place;
        }
        match self.detached.last_mut() {
            None => {
                self.root = Some(value);
                Place::Root
            }
            Some(Value::Array(items)) => {
                reserve_first(items);
                items.push(value);
                Place::At(items.len() - 1)
            }
            Some(Value::Object(map)) => {
                let key = self.key.take().expect("a property name comes before its value");
                let open = self.open.last_mut().expect("the object is open");
                Place::At(open.keys.insert(map, key, value))
            }
            Some(_) => unreachable!("only containers are open"),
        }
    }

    /// The value at `place` in the innermost open container (or the root).
    fn slot(&mut self, place: Place) -> &mut Value {
        match place {
            Place::Root => self.root.as_mut().expect("the root was put"),
            Place::At(at) => child_at(self.detached.last_mut().expect("a container is open"), at),
        }
    }

    /// Opens an empty object or array where the next value goes, with room for as many
    /// members or elements as the last one closed in the same place of the shape.
    fn open(&mut self, object: bool) {
        // Whether the parent is an object, and the new container's place in it.
        let (in_object, at) = match self.detached.last() {
            Some(Value::Object(map)) => (true, map.len()),
            Some(Value::Array(items)) => (false, items.len()),
            _ => (false, 0),
        };
        let size_slot = size_slot(self.open.len(), in_object, at);
        let room = usize::from(self.sizes[size_slot][usize::from(object)]);
        let container = if object {
            Value::Object(Map::with_capacity(room))
        } else {
            Value::Array(Array::with_capacity(room))
        };
        let place = self.put(container);
        let container = match place {
            Place::Root => self.root.take().expect("just put"),
            Place::At(at) => std::mem::take(child_at(self.detached.last_mut().expect("a parent"), at)),
        };
        self.detached.push(container);
        let keys = self.spare_keys.pop().unwrap_or_default();
        self.open.push(Open { place, keys, size_slot });
    }

    /// Closes the innermost container: back into its parent's place.
    fn close(&mut self) {
        let mut open = self.open.pop().expect("a container is open");
        let mut container = self.detached.pop().expect("a container is open");
        // A guess too large gives its room back, so that memory stays within twice the value.
        let (object, len) = match &mut container {
            Value::Object(map) => {
                map.trim_room();
                (true, map.len())
            }
            Value::Array(items) => {
                items.trim_room();
                (false, items.len())
            }
            _ => unreachable!("only containers are open"),
        };
        self.sizes[open.size_slot][usize::from(object)] = len.min(255) as u8;
        if object {
            open.keys.clear();
            self.spare_keys.push(open.keys);
        }
        self.put_back(container, open.place);
    }

    /// Puts `container` back at `place` in the innermost container taken out (or the root).
    fn put_back(&mut self, container: Value, place: Place) {
        match place {
            Place::Root => self.root = Some(container),
            Place::At(at) => *child_at(self.detached.last_mut().expect("a parent"), at) = container,
        }
    }
}

/// A step of [`Builder::open_path`]: a member's key or an element's index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PathStep<'a> {
    Key(&'a str),
    Index(usize),
}

impl Value {
    /// The string, mutably, if this is one.
    fn as_string_mut(&mut self) -> Option<&mut String> {
        match self {
            Value::String(text) => Some(text),
            _ => None,
        }
    }
}

/// Room for the first few elements at once: a container that grows one element at a time
/// would otherwise be moved at 4 elements too.
#[inline(always)]
fn reserve_first<T>(items: &mut Vec<T>) {
    const FIRST: usize = 8;
    if items.capacity() == 0 {
        items.reserve_exact(FIRST);
    }
}

/// The child at position `at` of the array or object `container`.
fn child_at(container: &mut Value, at: usize) -> &mut Value {
    match container {
        Value::Array(items) => &mut items[at],
        Value::Object(map) => map.value_at_mut(at),
        _ => unreachable!("only containers have children"),
    }
}

#[cfg(test)]
mod tests {
    use crate::partial::PartialReader;
    use crate::value::Value;

    /// Lists of records take the room of the one before; a guess too large is given back, so
    /// that containers of very different sizes side by side hold at most twice their room.
    #[test]
    fn containers_start_with_the_room_of_the_last_one_in_their_place() {
        let long: Vec<String> = (0..200).map(|i| i.to_string()).collect();
        let text = format!("[[{long}], [1], [{long}], [1, 2], []]", long = long.join(","));
        let mut reader = PartialReader::new();
        for piece in text.as_bytes().chunks(7) {
            reader.push(piece).unwrap();
        }
        let value = reader.finish().unwrap();
        let Value::Array(lists) = &value else { panic!("an array") };
        for list in lists.iter() {
            let Value::Array(items) = list else { panic!("arrays") };
            assert!(items.capacity() <= 2 * items.len() + 8, "{} for {}", items.capacity(), items.len());
        }
        // The records of a list, a piece at a time: each one grows without being moved.
        let text = format!("[{}]", vec![r#"{"a": 1, "b": [1, 2, 3], "c": {"d": 4, "e": 5}}"#; 50].join(","));
        let mut reader = PartialReader::new();
        for piece in text.as_bytes().chunks(10) {
            reader.push(piece).unwrap();
        }
        let value = reader.finish().unwrap();
        for record in value.as_array().unwrap().iter().skip(1) {
            assert_eq!(record["b"].as_array().unwrap().capacity(), 3);
        }
    }
}
