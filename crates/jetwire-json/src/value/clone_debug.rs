//! `Clone` and `Debug` for [`Value`] without recursion: containers still open wait on a heap
//! stack, so that no depth of value can overflow the call stack.

use std::fmt;

use super::{Array, Map, Str, Value};

/// A container being cloned: what is left of its source, and the copy so far.
enum Copying<'a> {
    Array(std::slice::Iter<'a, Value>, Vec<Value>),
    /// The members left, the copied members, and the key whose value is being copied.
    Object(std::slice::Iter<'a, (Str, Value)>, Vec<(Str, Value)>, Str),
}

impl Clone for Value {
    fn clone(&self) -> Value {
        let mut stack: Vec<Copying<'_>> = Vec::new();
        let mut next = self;
        loop {
            // Copy a scalar or an empty container at once; open any other container.
            let mut done = match next {
                Value::Array(array) if !array.is_empty() => {
                    stack.push(Copying::Array(array.iter(), Vec::with_capacity(array.len())));
                    None
                }
                Value::Object(map) if !map.is_empty() => {
                    stack.push(Copying::Object(
                        map.entries.iter(),
                        Vec::with_capacity(map.len()),
                        Str::new(),
                    ));
                    None
                }
                Value::Null => Some(Value::Null),
                Value::Bool(value) => Some(Value::Bool(*value)),
                Value::Number(number) => Some(Value::Number(number.clone())),
                Value::String(text) => Some(Value::String(text.clone())),
                Value::Array(_) => Some(Value::Array(Array::new())),
                Value::Object(_) => Some(Value::Object(Map::new())),
            };
            // Hand the copy to its container and go on to the container's next value; close
            // every container that has none left.
            loop {
                // With the stack empty, `done` holds the whole copy.
                let Some(open) = stack.last_mut() else { return done.unwrap_or_default() };
                let more = match open {
                    Copying::Array(rest, copied) => {
                        copied.extend(done.take());
                        rest.next()
                    }
                    Copying::Object(rest, copied, key) => {
                        if let Some(value) = done.take() {
                            copied.push((std::mem::take(key), value));
                        }
                        rest.next().map(|(member_key, value)| {
                            key.clone_from(member_key);
                            value
                        })
                    }
                };
                if let Some(value) = more {
                    next = value;
                    break;
                }
                done = match stack.pop() {
                    Some(Copying::Array(_, copied)) => Some(Value::Array(Array::from(copied))),
                    // The source's keys are unique, so the copy needs no check for repeats.
                    Some(Copying::Object(_, copied, _)) => Some(Value::Object(Map { entries: copied })),
                    None => None,
                };
            }
        }
    }
}

/// A container being printed: what is left of it, and whether an element came before.
struct Printing<'a> {
    rest: Members<'a>,
    started: bool,
}

enum Members<'a> {
    Array(std::slice::Iter<'a, Value>),
    Object(std::slice::Iter<'a, (Str, Value)>),
}

impl fmt::Debug for Value {
    /// `Null`, `Bool(true)`, `Number(1.5)`, `String("text")`, `Array [..]`, `Object {..}`, as
    /// `serde_json` prints its values; with `{:#?}`, one element or member per line, indented
    /// by four spaces, each followed by a comma.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pretty = f.alternate();
        let mut stack: Vec<Printing<'_>> = Vec::new();
        let mut next = Some(self);
        loop {
            if let Some(value) = next.take() {
                match value {
                    Value::Array(array) if !array.is_empty() => {
                        f.write_str("Array [")?;
                        stack.push(Printing { rest: Members::Array(array.iter()), started: false });
                    }
                    Value::Object(map) if !map.is_empty() => {
                        f.write_str("Object {")?;
                        stack.push(Printing { rest: Members::Object(map.entries.iter()), started: false });
                    }
                    scalar => {
                        write_scalar(f, scalar)?;
                        if pretty && !stack.is_empty() {
                            f.write_str(",")?;
                        }
                    }
                }
            }
            let depth = stack.len();
            let Some(open) = stack.last_mut() else { return Ok(()) };
            let item = match &mut open.rest {
                Members::Array(rest) => rest.next().map(|value| (None, value)),
                Members::Object(rest) => rest.next().map(|(key, value)| (Some(key), value)),
            };
            match item {
                Some((key, value)) => {
                    if pretty {
                        f.write_str("\n")?;
                        indent(f, depth)?;
                    } else if open.started {
                        f.write_str(", ")?;
                    }
                    open.started = true;
                    if let Some(key) = key {
                        write!(f, "{key:?}: ")?;
                    }
                    next = Some(value);
                }
                None => {
                    let close = match stack.pop().map(|open| open.rest) {
                        Some(Members::Array(_)) => "]",
                        _ => "}",
                    };
                    if pretty {
                        f.write_str("\n")?;
                        indent(f, depth - 1)?;
                    }
                    f.write_str(close)?;
                    if pretty && !stack.is_empty() {
                        f.write_str(",")?;
                    }
                }
            }
        }
    }
}

/// A value with nothing nested to print: a scalar or an empty container.
fn write_scalar(f: &mut fmt::Formatter<'_>, value: &Value) -> fmt::Result {
    match value {
        Value::Null => f.write_str("Null"),
        Value::Bool(value) => write!(f, "Bool({value})"),
        Value::Number(number) => write!(f, "Number({number})"),
        Value::String(text) => write!(f, "String({text:?})"),
        Value::Array(_) => f.write_str("Array []"),
        Value::Object(_) => f.write_str("Object {}"),
    }
}

fn indent(f: &mut fmt::Formatter<'_>, depth: usize) -> fmt::Result {
    for _ in 0..depth {
        f.write_str("    ")?;
    }
    Ok(())
}
