//! [`PartialArray`]: an array filled element by element, for decoders that read `[T; N]`
//! without allocating.

use core::mem::{ManuallyDrop, MaybeUninit};

/// An array of `N` elements being filled in place, in order. Dropping it before it is full
/// drops the elements pushed so far, so a decoder that fails halfway leaks nothing.
///
/// ```
/// use jetwire_core::array::PartialArray;
/// let mut partial = PartialArray::<String, 2>::new();
/// partial.push("a".to_owned());
/// assert_eq!(partial.len(), 1);
/// partial.push("b".to_owned());
/// assert_eq!(partial.into_array().unwrap(), ["a", "b"]);
/// ```
pub struct PartialArray<T, const N: usize> {
    slots: [MaybeUninit<T>; N],
    len: usize,
}

impl<T, const N: usize> PartialArray<T, N> {
    /// An empty array.
    #[inline]
    pub fn new() -> Self {
        PartialArray { slots: [const { MaybeUninit::uninit() }; N], len: 0 }
    }

    /// How many elements have been pushed.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no element has been pushed.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether all `N` elements have been pushed.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.len == N
    }

    /// Appends `item`.
    ///
    /// # Panics
    ///
    /// If the array is already full.
    #[inline]
    pub fn push(&mut self, item: T) {
        self.slots[self.len].write(item);
        self.len += 1;
    }

    /// The array, if all `N` elements have been pushed; `None` (dropping them) otherwise.
    #[inline]
    pub fn into_array(self) -> Option<[T; N]> {
        if !self.is_full() {
            return None;
        }
        let this = ManuallyDrop::new(self);
        // SAFETY: all `N` slots are initialized (`len == N`), and `[MaybeUninit<T>; N]` has the
        // layout of `[T; N]`. `ManuallyDrop` keeps `Drop` from dropping the moved elements again.
        Some(unsafe { core::ptr::read((&raw const this.slots).cast::<[T; N]>()) })
    }
}

impl<T, const N: usize> Default for PartialArray<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T, const N: usize> Drop for PartialArray<T, N> {
    fn drop(&mut self) {
        for slot in &mut self.slots[..self.len] {
            // SAFETY: the first `len` slots were written by `push` and not moved out; each is
            // dropped once, here.
            unsafe { slot.assume_init_drop() };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;

    #[test]
    fn drops_exactly_the_pushed_elements() {
        let counter = Rc::new(());
        let mut partial = PartialArray::<Rc<()>, 3>::new();
        partial.push(counter.clone());
        partial.push(counter.clone());
        assert_eq!(Rc::strong_count(&counter), 3);
        drop(partial);
        assert_eq!(Rc::strong_count(&counter), 1);

        let mut partial = PartialArray::<Rc<()>, 2>::new();
        partial.push(counter.clone());
        assert!(partial.into_array().is_none());
        assert_eq!(Rc::strong_count(&counter), 1, "an unfinished array drops what it held");

        let mut partial = PartialArray::<Rc<()>, 2>::new();
        partial.push(counter.clone());
        partial.push(counter.clone());
        let array = partial.into_array().unwrap();
        assert_eq!(Rc::strong_count(&counter), 3, "moved out, not dropped");
        drop(array);
        assert_eq!(Rc::strong_count(&counter), 1);
    }

    #[test]
    #[should_panic]
    fn pushing_past_the_end_panics() {
        let mut partial = PartialArray::<u8, 1>::new();
        partial.push(1);
        partial.push(2);
    }
}
