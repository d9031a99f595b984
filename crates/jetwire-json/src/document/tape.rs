//! The tape: a parsed document as one array of 16-byte slots in document order.
//!
//! Every value takes one [`Slot`]: a head word (the kind in its top byte, a position below) and
//! a payload word. An object's members follow it as key, value, key, value; an array's elements
//! follow it in order. A container's head holds the index of the slot after its last
//! descendant, so skipping it is one jump, and its payload holds how many elements (or members)
//! it has.
//!
//! | kind | head's low 56 bits | payload |
//! |---|---|---|
//! | null, true, false | 0 | 0 |
//! | unsigned integer, negative integer | the text's offset and length | the `u64` / `i64` |
//! | other number | the text's offset and length | the nearest `f64`'s bits (NaN beyond its range) |
//! | string in the input | its offset in the input | its length |
//! | string decoded | its offset in the tape's text buffer | its length |
//! | array, object | the index after its last descendant | its element or member count |
//!
//! A number's text is kept as an offset of [`OFFSET_BITS`] bits and a length of the remaining
//! bits; a longer number (which no real document has) stores [`LONG_NUMBER`] and is measured
//! again from its offset when its text is asked for.

/// A slot's kind, in the top byte of its head word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Tag {
    Null = 1,
    True,
    False,
    /// A non-negative integer that fits a `u64`.
    Unsigned,
    /// A negative integer that fits an `i64`.
    Negative,
    /// Any other number: a fraction, an exponent, `-0`, or an integer beyond 64 bits.
    Float,
    /// A string whose text is in the input as it is (no escapes, valid UTF-8).
    InputStr,
    /// A string decoded into the tape's text buffer.
    DecodedStr,
    Array,
    Object,
}

impl Tag {
    const ALL: [Tag; 10] = [
        Tag::Null,
        Tag::True,
        Tag::False,
        Tag::Unsigned,
        Tag::Negative,
        Tag::Float,
        Tag::InputStr,
        Tag::DecodedStr,
        Tag::Array,
        Tag::Object,
    ];
}

/// Bits below the tag in a head word.
const POSITION_BITS: u32 = 56;
const POSITION_MASK: u64 = (1 << POSITION_BITS) - 1;

/// Bits of a number's offset in its head word; the rest hold its length.
pub(crate) const OFFSET_BITS: u32 = 40;
const LENGTH_BITS: u32 = POSITION_BITS - OFFSET_BITS;
/// The length stored for a number whose text is too long for [`LENGTH_BITS`].
pub(crate) const LONG_NUMBER: usize = (1 << LENGTH_BITS) - 1;

/// The largest input a tape can describe: number offsets must fit [`OFFSET_BITS`].
pub(crate) const MAX_INPUT: usize = 1 << OFFSET_BITS;

/// One value on the tape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Slot {
    head: u64,
    payload: u64,
}

impl Slot {
    #[inline(always)]
    pub(crate) fn new(tag: Tag, position: usize, payload: u64) -> Slot {
        debug_assert!(position as u64 <= POSITION_MASK);
        Slot { head: (tag as u64) << POSITION_BITS | position as u64, payload }
    }

    /// A number's slot: its text at `offset` (below [`MAX_INPUT`]), `len` bytes long.
    #[inline(always)]
    pub(crate) fn number(tag: Tag, offset: usize, len: usize, payload: u64) -> Slot {
        let len = len.min(LONG_NUMBER);
        Slot::new(tag, offset << LENGTH_BITS | len, payload)
    }

    #[inline(always)]
    pub(crate) fn tag(self) -> Tag {
        let byte = (self.head >> POSITION_BITS) as u8;
        // Every slot is built by `new` from a `Tag`, so the byte is one of them.
        Tag::ALL[usize::from(byte) - 1]
    }

    /// The head's position: an offset, or for a container the index after its last descendant.
    #[inline(always)]
    pub(crate) fn position(self) -> usize {
        (self.head & POSITION_MASK) as usize
    }

    /// A number's text: its offset and stored length ([`LONG_NUMBER`] when too long to store).
    #[inline(always)]
    pub(crate) fn number_span(self) -> (usize, usize) {
        let position = self.position();
        (position >> LENGTH_BITS, position & LONG_NUMBER)
    }

    #[inline(always)]
    pub(crate) fn payload(self) -> u64 {
        self.payload
    }

    /// Sets a container's end and count, once its last descendant is on the tape.
    #[inline(always)]
    pub(crate) fn close(&mut self, end: usize, count: u64) {
        *self = Slot::new(self.tag(), end, count);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_keep_what_they_are_given() {
        for tag in Tag::ALL {
            let slot = Slot::new(tag, POSITION_MASK as usize, u64::MAX);
            assert_eq!(
                (slot.tag(), slot.position(), slot.payload()),
                (tag, POSITION_MASK as usize, u64::MAX)
            );
        }
        let slot = Slot::number(Tag::Float, MAX_INPUT - 1, 7, 3);
        assert_eq!(slot.number_span(), (MAX_INPUT - 1, 7));
        let long = Slot::number(Tag::Float, 12, 1 << 20, 3);
        assert_eq!(long.number_span(), (12, LONG_NUMBER));
        let mut array = Slot::new(Tag::Array, 0, 0);
        array.close(41, 5);
        assert_eq!((array.tag(), array.position(), array.payload()), (Tag::Array, 41, 5));
    }
}
