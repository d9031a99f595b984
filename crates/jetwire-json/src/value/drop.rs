//! Dropping deep values without recursion.
//!
//! The drop glue of a tree recurses once per level, which a deep enough value turns into a
//! stack overflow. [`Array`](super::Array) and [`Map`](super::Map) therefore drop their nested
//! containers here, in a loop over a heap stack: each container is emptied into the stack
//! before it is dropped, so its own `Drop` finds nothing nested and returns at once.

use super::Value;

/// Drops `values` and everything nested in them, one container at a time.
#[cold]
pub(super) fn drop_iteratively(mut stack: Vec<Value>) {
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(mut array) => stack.append(array.as_vec_mut()),
            Value::Object(mut map) => {
                stack.extend(std::mem::take(&mut map.entries).into_iter().map(|(_, v)| v))
            }
            _ => {}
        }
    }
}

impl Value {
    /// Whether dropping this value cannot recurse: a scalar or an empty container.
    #[inline]
    pub(super) fn is_shallow(&self) -> bool {
        match self {
            Value::Array(array) => array.is_empty(),
            Value::Object(map) => map.is_empty(),
            _ => true,
        }
    }
}
