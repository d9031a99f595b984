//! Dropping deep values without recursion.
//!
//! The drop glue of a tree recurses once per level, which a deep enough value turns into a
//! stack overflow. [`Array`](super::Array) and [`Map`](super::Map) therefore hand their values
//! to [`drop_nested`]: the values whose drop would go more than one level down are moved to a
//! heap stack and taken apart there one container at a time, while everything else (scalars,
//! strings, containers of those) is dropped where it lies, without being moved.

use super::Value;

/// Drops what `values` hold nested more than a level deep, one container at a time, leaving
/// behind only values whose own drop goes one level down at most (and finds nothing to do
/// there), so that no drop recurses further however deep the value.
pub(super) fn drop_nested<'a>(values: impl Iterator<Item = &'a mut Value>) {
    let mut deep = Vec::new();
    defer_deep(values, &mut deep);
    while let Some(mut value) = deep.pop() {
        match &mut value {
            Value::Array(array) => defer_deep(array.as_vec_mut().iter_mut(), &mut deep),
            Value::Object(map) => defer_deep(map.entries.iter_mut().map(|(_, value)| value), &mut deep),
            _ => {}
        }
        // `value` now holds only values that drop flat.
    }
}

/// Moves each of `values` that does not drop flat onto `deep`, leaving `null` in its place.
#[inline]
fn defer_deep<'a>(values: impl Iterator<Item = &'a mut Value>, deep: &mut Vec<Value>) {
    for value in values {
        if !value.drops_flat() {
            deep.push(std::mem::take(value));
        }
    }
}

impl Value {
    /// Whether dropping this value cannot recurse: a scalar or an empty container.
    #[inline]
    fn is_shallow(&self) -> bool {
        match self {
            Value::Array(array) => array.is_empty(),
            Value::Object(map) => map.is_empty(),
            _ => true,
        }
    }

    /// Whether dropping this value goes one level down at most: a scalar, or a container of
    /// scalars and empty containers.
    #[inline]
    fn drops_flat(&self) -> bool {
        match self {
            Value::Array(array) => array.iter().all(Value::is_shallow),
            Value::Object(map) => map.entries.iter().all(|(_, value)| value.is_shallow()),
            _ => true,
        }
    }
}
