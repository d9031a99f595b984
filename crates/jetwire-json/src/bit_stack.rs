//! A stack of bits: which open containers are objects, for the reader and the writer alike.

/// A stack of booleans stored one bit each; the nesting state of a document costs one bit per
/// level, so even a configured depth limit of millions stays small.
#[derive(Clone, Debug, Default)]
pub(crate) struct BitStack {
    /// Bits beyond the first 64 levels.
    spill: Vec<u64>,
    /// The first 64 levels, inline.
    low: u64,
    len: usize,
}

impl BitStack {
    pub(crate) const fn new() -> Self {
        BitStack { spill: Vec::new(), low: 0, len: 0 }
    }

    /// Empties the stack, keeping its memory.
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, bit: bool) {
        let index = self.len;
        if index < 64 {
            self.low = (self.low & !(1 << index)) | (u64::from(bit) << index);
        } else {
            self.push_spilled(index - 64, bit);
        }
        self.len += 1;
    }

    #[cold]
    fn push_spilled(&mut self, index: usize, bit: bool) {
        let word = index / 64;
        if word == self.spill.len() {
            self.spill.push(0);
        }
        let mask = 1 << (index % 64);
        self.spill[word] = (self.spill[word] & !mask) | (u64::from(bit) << (index % 64));
    }

    #[inline(always)]
    pub(crate) fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    /// The top bit, or `None` when empty.
    #[inline(always)]
    pub(crate) fn top(&self) -> Option<bool> {
        match self.len {
            0 => None,
            1..=64 => Some(self.low & (1 << (self.len - 1)) != 0),
            _ => {
                let index = self.len - 65;
                Some(self.spill[index / 64] & (1 << (index % 64)) != 0)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::BitStack;

    #[test]
    fn behaves_like_a_vec_of_bools() {
        let mut stack = BitStack::new();
        let mut model = Vec::new();
        for i in 0..1000usize {
            let bit = (i * 7 + i / 3) % 5 < 2;
            stack.push(bit);
            model.push(bit);
            if i % 3 == 0 {
                stack.pop();
                model.pop();
            }
            assert_eq!(stack.top(), model.last().copied());
            assert_eq!(stack.len(), model.len());
        }
        while !model.is_empty() {
            assert_eq!(stack.top(), model.last().copied());
            stack.pop();
            model.pop();
        }
        assert_eq!(stack.top(), None);
    }
}
