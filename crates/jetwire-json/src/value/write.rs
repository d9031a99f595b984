//! Writing a [`Value`] without recursion: the containers being written wait on a stack as
//! iterators, so any depth of value writes without touching the call stack. The stack's first
//! levels live in place, so that writing into a reused buffer allocates nothing unless the value
//! nests deeper than [`INLINE_LEVELS`].

use jetwire_core::Output;

use super::{Array, Map, Number, Str, Value};
use crate::error::Result;
use crate::typed::ToJson;
use crate::write::Writer;

/// A container being written.
enum Open<'a> {
    Array(std::slice::Iter<'a, Value>),
    Object(std::slice::Iter<'a, (Str, Value)>),
}

/// Levels of nesting the write keeps in place before it takes heap memory.
const INLINE_LEVELS: usize = 16;

/// The containers being written, innermost last: the first [`INLINE_LEVELS`] in place, the
/// rest on the heap.
struct OpenStack<'a> {
    inline: [Option<Open<'a>>; INLINE_LEVELS],
    deeper: Vec<Open<'a>>,
    len: usize,
}

impl<'a> OpenStack<'a> {
    fn new() -> Self {
        OpenStack { inline: [const { None }; INLINE_LEVELS], deeper: Vec::new(), len: 0 }
    }

    #[inline]
    fn push(&mut self, open: Open<'a>) {
        match self.inline.get_mut(self.len) {
            Some(slot) => *slot = Some(open),
            None => self.deeper.push(open),
        }
        self.len += 1;
    }

    #[inline]
    fn last_mut(&mut self) -> Option<&mut Open<'a>> {
        let top = self.len.checked_sub(1)?;
        match self.inline.get_mut(top) {
            Some(slot) => slot.as_mut(),
            None => self.deeper.last_mut(),
        }
    }

    /// Drops the innermost container; the caller has just seen it through `last_mut`.
    #[inline]
    fn pop(&mut self) {
        self.len -= 1;
        match self.inline.get_mut(self.len) {
            Some(slot) => *slot = None,
            None => {
                self.deeper.pop();
            }
        }
    }
}

/// Writes `value`.
fn write_value<O: Output>(value: &Value, writer: &mut Writer<O>) -> Result<()> {
    let mut open = OpenStack::new();
    let mut current = value;
    loop {
        match current {
            Value::Null => writer.null()?,
            Value::Bool(value) => writer.bool(*value)?,
            Value::Number(number) => number.write(writer)?,
            Value::String(text) => writer.string(text)?,
            Value::Array(array) => {
                writer.begin_array()?;
                open.push(Open::Array(array.iter()));
            }
            Value::Object(map) => {
                writer.begin_object()?;
                open.push(Open::Object(map.entries.iter()));
            }
        }
        // The next value to write, closing the containers that are done.
        loop {
            match open.last_mut() {
                None => return Ok(()),
                Some(Open::Array(items)) => match items.next() {
                    Some(item) => {
                        current = item;
                        break;
                    }
                    None => {
                        writer.end_array()?;
                        open.pop();
                    }
                },
                Some(Open::Object(members)) => match members.next() {
                    Some((key, item)) => {
                        writer.property_name(key)?;
                        current = item;
                        break;
                    }
                    None => {
                        writer.end_object()?;
                        open.pop();
                    }
                },
            }
        }
    }
}

impl ToJson for Value {
    /// Writes the value, without recursion.
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        write_value(self, writer)
    }
}

impl ToJson for Number {
    /// Writes the number: integers and parsed numbers as their exact text, numbers made from an
    /// `f64` as its shortest round-trip text.
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        self.write(writer)
    }
}

impl ToJson for Map {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.begin_object()?;
        for (key, value) in &self.entries {
            writer.property_name(key)?;
            write_value(value, writer)?;
        }
        writer.end_object()
    }
}

impl ToJson for Array {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.begin_array()?;
        for value in self.iter() {
            write_value(value, writer)?;
        }
        writer.end_array()
    }
}
