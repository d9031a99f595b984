//! Reading a [`Value`] without recursion.
//!
//! One loop over the reader's tokens. Finished values wait on two flat stacks (array elements,
//! object members) until their container closes; then the container's elements are moved out in
//! one exact-size allocation. The reader bounds the nesting ([`ReadOptions::max_depth`]), and
//! the only per-level state here is a small frame on a heap stack, so no input can exhaust the
//! call stack.
//!
//! [`ReadOptions::max_depth`]: crate::ReadOptions::max_depth

use super::{Array, Map, Number, Value};
use crate::error::Result;
use crate::read::{Reader, Token, TokenKind};
use crate::typed::FromJson;

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
        _ => match reader.next_token()? {
            Some(token) => Ok(scalar(token)),
            None => Err(reader.type_error("a value")),
        },
    }
}

/// A scalar token's value.
#[inline(always)]
fn scalar(token: Token<'_>) -> Value {
    match token {
        Token::String(text) => Value::String(text.decoded().into_owned()),
        Token::Number(number) => Value::Number(Number::from_validated(number.as_str())),
        Token::Bool(value) => Value::Bool(value),
        _ => Value::Null,
    }
}

/// The containers being read and the values that wait for theirs to close.
#[derive(Default)]
struct Stacks {
    frames: Vec<Frame>,
    /// Elements of the open arrays, innermost last.
    elements: Vec<Value>,
    /// Members of the open objects, innermost last.
    members: Vec<(String, Value)>,
    /// Keys whose value is a container still open.
    keys: Vec<String>,
    /// The key just read, whose value comes next.
    key: Option<String>,
}

impl Stacks {
    /// Hands a complete value to the container it belongs in; returns it when it is the whole
    /// document.
    #[inline(always)]
    fn deliver(&mut self, value: Value) -> Option<Value> {
        match self.frames.last() {
            None => Some(value),
            Some(parent) if parent.object => {
                let name = match self.key.take() {
                    Some(name) => name,
                    None => self.keys.pop().expect("an object's value follows its key"),
                };
                self.members.push((name, value));
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
fn read_container(reader: &mut Reader<'_>) -> Result<Value> {
    let mut stacks = Stacks { frames: Vec::with_capacity(16), ..Stacks::default() };
    loop {
        let Some(token) = reader.next_token()? else {
            return Err(reader.type_error("a value"));
        };
        let done = match token {
            Token::PropertyName(name) => {
                stacks.key = Some(name.decoded().into_owned());
                None
            }
            Token::BeginArray | Token::BeginObject => {
                let object = matches!(token, Token::BeginObject);
                let start = if object { stacks.members.len() } else { stacks.elements.len() };
                stacks.frames.push(Frame { start, object });
                if let Some(key) = stacks.key.take() {
                    stacks.keys.push(key);
                }
                None
            }
            Token::EndArray => {
                let frame = stacks.frames.pop().expect("the reader balances brackets");
                // One bulk copy into an exact-size allocation.
                let items = stacks.elements.split_off(frame.start);
                stacks.deliver(Value::Array(Array::from(items)))
            }
            Token::EndObject => {
                let frame = stacks.frames.pop().expect("the reader balances brackets");
                let members = stacks.members.split_off(frame.start);
                stacks.deliver(Value::Object(Map::from_entries(members)))
            }
            Token::String(text) => stacks.deliver(Value::String(text.decoded().into_owned())),
            Token::Number(number) => stacks.deliver(Value::Number(Number::from_validated(number.as_str()))),
            Token::Bool(value) => stacks.deliver(Value::Bool(value)),
            Token::Null => stacks.deliver(Value::Null),
        };
        if let Some(value) = done {
            return Ok(value);
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
        reader.read_number().map(|number| Number::from_validated(number.as_str()))
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
