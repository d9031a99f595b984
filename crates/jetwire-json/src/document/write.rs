//! Writing a [`Node`]: one pass over its slots in order, without recursion. The only state is
//! the ends of the containers being written; the first [`INLINE_LEVELS`] live in place, so a
//! write into a reused buffer allocates nothing unless the value nests deeper.
//!
//! Compact output with minimal escaping, the common case, skips the writer's per-token
//! bookkeeping: the tape is valid JSON structure, so the pass appends brackets, commas and
//! scalars straight to the output buffer ([`CompactPass`]). A string the input held without
//! escapes needs none on output either (the parse checked it has no control character, quote
//! or backslash), so it is copied without a scan. Other forms go token by token through the
//! [`Writer`].

use std::fmt;

use jetwire_core::Output;
use jetwire_core::output::extend_short;

use super::node::Node;
use super::tape::Tag;
use crate::error::Result;
use crate::typed::ToJson;
use crate::write::{PART_BYTES, Writer, escape_minimal};

/// Levels of nesting kept in place before the write takes heap memory.
const INLINE_LEVELS: usize = 32;

/// The open containers: each one's end (the slot after its last descendant) and whether it is
/// an object, innermost last.
struct Open {
    inline: [(usize, bool); INLINE_LEVELS],
    deeper: Vec<(usize, bool)>,
    len: usize,
}

impl Default for Open {
    fn default() -> Open {
        Open { inline: [(0, false); INLINE_LEVELS], deeper: Vec::new(), len: 0 }
    }
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
        if writer.is_compact_minimal() {
            let mut pass = CompactPass { node: *self, at: self.at, open: Open::default(), first: true };
            return writer.compact_value_in_parts(|out| pass.write_part(out));
        }
        let slots = &self.tape.slots;
        let mut open = Open::default();
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
                    writer.value_bytes(node.number_bytes().expect("a number slot"))?
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

/// A compact write of a node under way: where it stands on the tape and the containers open.
struct CompactPass<'a> {
    node: Node<'a>,
    /// The next slot to write.
    at: usize,
    open: Open,
    /// Whether the next member or element is its container's first (no comma before it).
    first: bool,
}

impl CompactPass<'_> {
    /// Appends the next part of the value to `out`; returns whether the value is complete.
    fn write_part(&mut self, out: &mut Vec<u8>) -> bool {
        let slots = &self.node.tape.slots;
        let limit = out.len() + PART_BYTES;
        loop {
            let in_object = match self.open.last() {
                Some((end, object)) if end == self.at => {
                    out.push(if object { b'}' } else { b']' });
                    self.open.pop();
                    if self.open.len == 0 {
                        return true;
                    }
                    // The container closed was a member of its parent: a comma comes next.
                    self.first = false;
                    continue;
                }
                Some((_, object)) => {
                    if !self.first {
                        out.push(b',');
                    }
                    object
                }
                None => false,
            };
            self.first = false;
            if in_object {
                self.string(out);
                out.push(b':');
                self.at += 1;
            }
            let slot = slots[self.at];
            match slot.tag() {
                Tag::Null => out.extend_from_slice(b"null"),
                Tag::True => out.extend_from_slice(b"true"),
                Tag::False => out.extend_from_slice(b"false"),
                Tag::Unsigned | Tag::Negative | Tag::Float => {
                    extend_short(out, self.node.to(self.at).number_bytes().expect("a number slot"));
                }
                Tag::InputStr | Tag::DecodedStr => self.string(out),
                tag @ (Tag::Array | Tag::Object) => {
                    let object = tag == Tag::Object;
                    out.push(if object { b'{' } else { b'[' });
                    self.open.push(slot.position(), object);
                    self.first = true;
                    self.at += 1;
                    continue;
                }
            }
            self.at += 1;
            if self.open.len == 0 {
                return true;
            }
            if out.len() >= limit {
                return false;
            }
        }
    }

    /// Appends the string at the current slot, quoted.
    #[inline(always)]
    fn string(&mut self, out: &mut Vec<u8>) {
        let node = self.node.to(self.at);
        let text = node.as_str().expect("a string slot").as_bytes();
        out.reserve(text.len() + 2);
        out.push(b'"');
        if node.slot().tag() == Tag::InputStr {
            // Source text without escapes holds no quote, backslash or control character.
            out.extend_from_slice(text);
        } else {
            escape_minimal(out, text);
        }
        out.push(b'"');
    }
}

impl fmt::Display for Node<'_> {
    /// Compact JSON, or with `{:#}` JSON indented by two spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = if f.alternate() { crate::to_string_pretty(self) } else { crate::to_string(self) };
        f.write_str(&text.map_err(|_| fmt::Error)?)
    }
}
