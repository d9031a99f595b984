//! Reading a [`Value`] without recursion.
//!
//! One loop over the reader's structural calls (`next_key`, `next_element`: the typed reads'
//! fast paths), dispatching on each value's first byte. Finished values wait on two flat stacks
//! (array elements, object members) until their container closes; then the container's
//! elements are moved out in one exact-size allocation. The reader bounds the nesting
//! ([`ReadOptions::max_depth`]), and the only per-level state here is a small frame on a heap
//! stack, so no input can exhaust the call stack.
//!
//! [`ReadOptions::max_depth`]: crate::ReadOptions::max_depth

use super::{Array, Map, Number, Str, Value};
use crate::error::Result;
use crate::read::{Reader, TokenKind};
use crate::typed::FromJson;
use crate::typed::scalars::owned_string;

/// An open container: where its elements (or members) start on their stack.
#[derive(Clone, Copy)]
struct Frame {
    start: usize,
    object: bool,
}

/// Reads the next value in full.
pub(super) fn read_value(reader: &mut Reader<'_>) -> Result<Value> {
    match reader.peek()? {
        TokenKind::BeginArray | TokenKind::BeginObject => read_container(reader),
        TokenKind::PropertyName | TokenKind::EndArray | TokenKind::EndObject => {
            Err(reader.type_error("a value"))
        }
        _ => {
            let byte = reader.value_start()?;
            read_scalar(reader, byte)
        }
    }
}

/// Reads the scalar value that starts with `byte` (from [`Reader::value_start`]).
#[inline(always)]
fn read_scalar(reader: &mut Reader<'_>, byte: u8) -> Result<Value> {
    Ok(match byte {
        b'"' => Value::String(owned_string(reader.read_started_str()?)),
        b'-' | b'0'..=b'9' => {
            let (number, text) = reader.read_started_number()?;
            Value::Number(Number::from_scanned(&number, text))
        }
        b't' | b'f' => Value::Bool(reader.read_bool()?),
        b'n' => {
            reader.read_null()?;
            Value::Null
        }
        _ => return Err(reader.not_a_value()),
    })
}

/// The containers being read and the values that wait for theirs to close.
#[derive(Default)]
struct Stacks {
    frames: Vec<Frame>,
    /// Elements of the open arrays, innermost last.
    elements: Vec<Value>,
    /// Members of the open objects, innermost last.
    members: Vec<(Str, Value)>,
    /// Keys whose value is a container still open.
    keys: Vec<Str>,
    /// The key just read, whose value comes next.
    key: Option<Str>,
}

impl Stacks {
    /// Opens a container (the value of the key just read, when its parent is an object).
    #[inline(always)]
    fn open(&mut self, object: bool) {
        let start = if object { self.members.len() } else { self.elements.len() };
        self.frames.push(Frame { start, object });
        if let Some(key) = self.key.take() {
            self.keys.push(key);
        }
    }

    /// Closes the innermost container and hands it to its parent; returns it when it is the
    /// whole value being read.
    #[inline(always)]
    fn close(&mut self) -> Option<Value> {
        let frame = self.frames.pop().expect("a container is open");
        // One bulk move into an exact-size allocation.
        let value = if frame.object {
            Value::Object(Map::from_entries(self.members.split_off(frame.start)))
        } else {
            Value::Array(Array::from(self.elements.split_off(frame.start)))
        };
        match self.frames.last() {
            None => Some(value),
            Some(parent) if parent.object => {
                let key = self.keys.pop().expect("an object's value follows its key");
                self.members.push((key, value));
                None
            }
            Some(_) => {
                self.elements.push(value);
                None
            }
        }
    }
}

/// Reads the array or object that comes next.
///
/// The loop stands inside the innermost open container: it takes the container's next key or
/// element through the reader's structural calls (the typed reads' fast paths), then the
/// value's first byte decides how to read it.
fn read_container(reader: &mut Reader<'_>) -> Result<Value> {
    let mut stacks = Stacks { frames: Vec::with_capacity(16), ..Stacks::default() };
    let mut object = reader.value_start()? == b'{';
    reader.open_container(object)?;
    stacks.open(object);
    loop {
        let has_next = if object {
            match reader.next_key()? {
                Some(key) => {
                    stacks.key = Some(Str::from(key.decoded()));
                    true
                }
                None => false,
            }
        } else {
            reader.next_element()?
        };
        if !has_next {
            if let Some(value) = stacks.close() {
                return Ok(value);
            }
            object = stacks.frames.last().is_some_and(|frame| frame.object);
            continue;
        }
        let value = match reader.value_start()? {
            byte @ (b'{' | b'[') => {
                object = byte == b'{';
                reader.open_container(object)?;
                stacks.open(object);
                continue;
            }
            byte => read_scalar(reader, byte)?,
        };
        match stacks.key.take() {
            Some(key) => stacks.members.push((key, value)),
            None => stacks.elements.push(value),
        }
    }
}

impl<'de> FromJson<'de> for Value {
    /// Reads any JSON value, without recursion; nesting is bounded by the reader's
    /// [`max_depth`](crate::ReadOptions::max_depth).
    ///
    /// ```
    /// use jetwire_json::{Category, ReadOptions, Value};
    /// let deep = "[".repeat(100_000) + &"]".repeat(100_000);
    /// let err = jetwire_json::from_str::<Value>(&deep).unwrap_err();
    /// assert_eq!(err.category(), Category::Limit);
    /// ```
    #[inline]
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        read_value(reader)
    }
}

impl<'de> FromJson<'de> for Number {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        let (number, text) = reader.read_scanned_number()?;
        Ok(Number::from_scanned(&number, text))
    }
}

impl<'de> FromJson<'de> for Map {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        if reader.peek()? != TokenKind::BeginObject {
            return Err(reader.type_error("an object"));
        }
        match read_container(reader)? {
            Value::Object(map) => Ok(map),
            _ => unreachable!("an object was read"),
        }
    }
}

impl<'de> FromJson<'de> for Array {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        if reader.peek()? != TokenKind::BeginArray {
            return Err(reader.type_error("an array"));
        }
        match read_container(reader)? {
            Value::Array(array) => Ok(array),
            _ => unreachable!("an array was read"),
        }
    }
}
