//! [`Array`]: a JSON array's elements, a `Vec<Value>` that drops without recursion.

use std::fmt;
use std::ops::{Deref, DerefMut};

use super::Value;

/// A JSON array: a `Vec<Value>` in all but name (it dereferences to one), whose `Drop` does not
/// recurse, so that a value nested a million levels deep drops without overflowing the stack.
///
/// ```
/// use jetwire_json::{Value, json};
/// use jetwire_json::value::Array;
///
/// let mut array = Array::from(vec![json!(1), json!("two")]);
/// array.push(json!(null));
/// assert_eq!(array.len(), 3);
/// assert_eq!(array[1], "two");
/// let items: Vec<Value> = array.into_vec();
/// assert_eq!(items.len(), 3);
/// ```
#[derive(Clone, Default)]
pub struct Array {
    items: Vec<Value>,
}

impl Array {
    /// An empty array.
    #[inline]
    pub fn new() -> Array {
        Array { items: Vec::new() }
    }

    /// An empty array with room for `capacity` elements.
    pub fn with_capacity(capacity: usize) -> Array {
        Array { items: Vec::with_capacity(capacity) }
    }

    /// The elements there is room for.
    #[cfg(test)]
    pub(crate) fn capacity(&self) -> usize {
        self.items.capacity()
    }

    /// Gives back the room beyond twice the elements (and a few): for an array built with
    /// room guessed too large.
    pub(crate) fn trim_room(&mut self) {
        if self.items.capacity() > 2 * self.items.len() + 8 {
            self.items.shrink_to_fit();
        }
    }

    /// The elements, taken out as a `Vec`.
    pub fn into_vec(mut self) -> Vec<Value> {
        std::mem::take(&mut self.items)
    }

    /// The elements as a `Vec`.
    #[inline]
    pub fn as_vec(&self) -> &Vec<Value> {
        &self.items
    }

    /// The elements as a `Vec`, mutably.
    #[inline]
    pub fn as_vec_mut(&mut self) -> &mut Vec<Value> {
        &mut self.items
    }
}

impl Deref for Array {
    type Target = Vec<Value>;

    #[inline]
    fn deref(&self) -> &Vec<Value> {
        &self.items
    }
}

impl DerefMut for Array {
    #[inline]
    fn deref_mut(&mut self) -> &mut Vec<Value> {
        &mut self.items
    }
}

impl Drop for Array {
    /// Drops nested arrays and objects without recursion, however deep they go.
    fn drop(&mut self) {
        super::drop::drop_nested(self.items.iter_mut());
    }
}

impl From<Vec<Value>> for Array {
    #[inline]
    fn from(items: Vec<Value>) -> Array {
        Array { items }
    }
}

impl From<Array> for Vec<Value> {
    fn from(array: Array) -> Vec<Value> {
        array.into_vec()
    }
}

impl fmt::Debug for Array {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.items.iter()).finish()
    }
}

impl<T: Into<Value>> FromIterator<T> for Array {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Array {
        Array { items: iter.into_iter().map(Into::into).collect() }
    }
}

impl<T: Into<Value>> Extend<T> for Array {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.items.extend(iter.into_iter().map(Into::into));
    }
}

impl IntoIterator for Array {
    type Item = Value;
    type IntoIter = std::vec::IntoIter<Value>;

    fn into_iter(self) -> Self::IntoIter {
        self.into_vec().into_iter()
    }
}

impl<'a> IntoIterator for &'a Array {
    type Item = &'a Value;
    type IntoIter = std::slice::Iter<'a, Value>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<'a> IntoIterator for &'a mut Array {
    type Item = &'a mut Value;
    type IntoIter = std::slice::IterMut<'a, Value>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter_mut()
    }
}
