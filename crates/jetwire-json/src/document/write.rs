//! Writing a [`Node`]: one pass over its slots in order, without recursion. The only state is
//! the ends of the containers being written; the first [`INLINE_LEVELS`] live in place, so a
//! write into a reused buffer allocates nothing unless the value nests deeper.

use std::fmt;

use jetwire_core::Output;

use super::node::Node;
use super::tape::Tag;
use crate::error::Result;
use crate::typed::ToJson;
use crate::write::Writer;

/// Levels of nesting kept in place before the write takes heap memory.
const INLINE_LEVELS: usize = 32;

/// The open containers: each one's end (the slot after its last descendant) and whether it is
/// an object, innermost last.
struct Open {
    inline: [(usize, bool); INLINE_LEVELS],
    deeper: Vec<(usize, bool)>,
    len: usize,
}

impl Open {
    #[inline(always)]
    fn push(&mut self, end: usize, object: bool) {
        match self.inline.get_mut(self.len) {
            Some(slot) => *slot = (end, object),
            None => self.deeper.push((end, object)),
        }
        self.len += 1;
    }

    #[inline(always)]
    fn last(&self) -> Option<(usize, bool)> {
        let top = self.len.checked_sub(1)?;
        Some(match self.inline.get(top) {
            Some(&entry) => entry,
            None => *self.deeper.last().expect("the deeper levels hold the rest"),
        })
    }

    #[inline(always)]
    fn pop(&mut self) {
        self.len -= 1;
        if self.len >= INLINE_LEVELS {
            self.deeper.pop();
        }
    }
}

impl ToJson for Node<'_> {
    /// Writes the value as the document has it: members in order (a repeated key as often as
    /// it appears), numbers in their source spelling, strings decoded and escaped again.
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        let slots = &self.tape.slots;
        let mut open = Open { inline: [(0, false); INLINE_LEVELS], deeper: Vec::new(), len: 0 };
        let mut at = self.at;
        // Whether the next slot is an object's key.
        let mut key_next = false;
        loop {
            let node = self.to(at);
            let slot = slots[at];
            if key_next {
                writer.property_name(node.as_str().expect("an object's members start with their key"))?;
                key_next = false;
                at += 1;
                continue;
            }
            match slot.tag() {
                Tag::Null => writer.null()?,
                Tag::True => writer.bool(true)?,
                Tag::False => writer.bool(false)?,
                Tag::Unsigned | Tag::Negative | Tag::Float => {
                    writer.value_bytes(node.number_text().expect("a number slot").as_bytes())?
                }
                Tag::InputStr | Tag::DecodedStr => writer.string(node.as_str().expect("a string slot"))?,
                Tag::Array => {
                    writer.begin_array()?;
                    open.push(slot.position(), false);
                }
                Tag::Object => {
                    writer.begin_object()?;
                    open.push(slot.position(), true);
                }
            }
            at += 1;
            // Close the containers that end here.
            loop {
                match open.last() {
                    None => return Ok(()),
                    Some((end, object)) if end == at => {
                        if object {
                            writer.end_object()?
                        } else {
                            writer.end_array()?
                        }
                        open.pop();
                    }
                    Some((_, object)) => {
                        // Inside an object, a key comes next: the object has just opened, or
                        // one of its values has just been written whole (a value's own slot
                        // follows its key at once, above).
                        key_next = object;
                        break;
                    }
                }
            }
        }
    }
}

impl fmt::Display for Node<'_> {
    /// Compact JSON, or with `{:#}` JSON indented by two spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = if f.alternate() { crate::to_string_pretty(self) } else { crate::to_string(self) };
        f.write_str(&text.map_err(|_| fmt::Error)?)
    }
}
