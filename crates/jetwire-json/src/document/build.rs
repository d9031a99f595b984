//! Parsing into a tape, without recursion.
//!
//! One loop over the reader's structural calls (the typed reads' fast paths), as the `Value`
//! read does, but where that one allocates every string and container, this one appends a slot
//! per value to one reused array and decodes escaped strings into one reused buffer: a parse
//! into a warm [`Parser`](super::Parser) allocates nothing. Open containers wait on a stack of
//! their slots' indices, whose last entry is patched when they close.

use super::tape::{MAX_INPUT, Slot, Tag};
use crate::error::{Category, Result};
use crate::read::numbers::{self, ScannedNumber};
use crate::read::strings;
use crate::read::{JsonStr, Reader};

/// The buffers a parse fills, kept across parses.
#[derive(Default)]
pub(crate) struct Tape {
    pub(crate) slots: Vec<Slot>,
    /// The text of strings that had escapes or ill-formed UTF-8, decoded: always UTF-8
    /// (`strings::decode_text_into` keeps it so), each string's bytes whole.
    pub(crate) text: Vec<u8>,
    /// The open containers' slot indices, innermost last, each beside its parent's count of
    /// children so far.
    open: Vec<(usize, u64)>,
}

impl Tape {
    /// The heap memory held, at capacity.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Slot>()
            + self.text.capacity()
            + self.open.capacity() * std::mem::size_of::<(usize, u64)>()
    }

    /// Parses `input` as one JSON document (whitespace around it allowed) into the tape.
    pub(crate) fn parse(&mut self, reader: &mut Reader<'_>, input: &[u8]) -> Result<()> {
        self.slots.clear();
        self.text.clear();
        self.open.clear();
        if input.len() >= MAX_INPUT {
            return Err(reader.error_at_offset(
                Category::Limit,
                format!(
                    "a document of {} bytes is too large to parse into a Document (at most 1 TiB)",
                    input.len()
                ),
                0,
            ));
        }
        // Real documents take a slot per 10 to 30 bytes of input (a number matrix the most):
        // reserving one per 8 bytes makes a first parse's growth rare and costs at most 2 bytes
        // of memory per input byte.
        self.slots.reserve(input.len() / 8 + 1);
        self.value(reader, input)?;
        reader.finish()
    }

    /// Reads the next value and everything in it.
    fn value(&mut self, reader: &mut Reader<'_>, input: &[u8]) -> Result<()> {
        let byte = reader.value_start()?;
        if byte != b'{' && byte != b'[' {
            return self.scalar(reader, input, byte);
        }
        let mut object = byte == b'{';
        // The innermost open container's elements (or members) so far; its parent's wait on
        // the stack beside the parent's slot index.
        let mut count = 0u64;
        self.open_container(reader, object, count)?;
        loop {
            let has_next = if object {
                match reader.next_key()? {
                    Some(key) => {
                        self.key(key, input);
                        true
                    }
                    None => false,
                }
            } else {
                reader.next_element()?
            };
            if !has_next {
                let (start, parent_count) = self.open.pop().expect("a container is open");
                let end = self.slots.len();
                self.slots[start].close(end, count);
                count = parent_count;
                match self.open.last() {
                    None => return Ok(()),
                    Some(&(parent, _)) => object = self.slots[parent].tag() == Tag::Object,
                }
                continue;
            }
            count += 1;
            match reader.value_start()? {
                byte @ (b'{' | b'[') => {
                    object = byte == b'{';
                    self.open_container(reader, object, count)?;
                    count = 0;
                }
                byte => self.scalar(reader, input, byte)?,
            }
        }
    }

    /// Opens a container whose parent has `parent_count` children so far.
    #[inline(always)]
    fn open_container(&mut self, reader: &mut Reader<'_>, object: bool, parent_count: u64) -> Result<()> {
        reader.open_container(object)?;
        self.open.push((self.slots.len(), parent_count));
        let tag = if object { Tag::Object } else { Tag::Array };
        self.slots.push(Slot::new(tag, 0, 0));
        Ok(())
    }

    /// Reads the scalar value that starts with `byte`.
    #[inline(always)]
    fn scalar(&mut self, reader: &mut Reader<'_>, input: &[u8], byte: u8) -> Result<()> {
        let slot = match byte {
            b'"' => {
                let mark = self.text.len();
                match reader.read_started_str_or_decode(&mut self.text)? {
                    Some(raw) => self.plain_string_slot(raw, input),
                    None => Slot::new(Tag::DecodedStr, mark, (self.text.len() - mark) as u64),
                }
            }
            b'-' | b'0'..=b'9' => {
                let (number, text) = reader.read_started_number()?;
                number_slot(&number, text, input)
            }
            b't' | b'f' => {
                let tag = if reader.read_bool()? { Tag::True } else { Tag::False };
                Slot::new(tag, 0, 0)
            }
            b'n' => {
                reader.read_null()?;
                Slot::new(Tag::Null, 0, 0)
            }
            _ => return Err(reader.not_a_value()),
        };
        self.slots.push(slot);
        Ok(())
    }

    #[inline(always)]
    fn key(&mut self, key: JsonStr<'_>, input: &[u8]) {
        let slot = self.string_slot(key, input);
        self.slots.push(slot);
    }

    /// A key's slot: its place in the input when it can be used as it is, or else its text
    /// decoded into the tape's buffer (ill-formed UTF-8 and unpaired surrogate escapes as
    /// U+FFFD, as every string read). String values are read by `scalar`, escapes decoded as
    /// they are validated.
    #[inline(always)]
    fn string_slot(&mut self, text: JsonStr<'_>, input: &[u8]) -> Slot {
        if !text.has_escapes() {
            return self.plain_string_slot(text.raw(), input);
        }
        let start = self.text.len();
        strings::decode_text_into(text.raw(), true, &mut self.text);
        Slot::new(Tag::DecodedStr, start, (self.text.len() - start) as u64)
    }

    /// The slot of a string without escapes, `raw` its bytes between the quotes.
    #[inline(always)]
    fn plain_string_slot(&mut self, raw: &[u8], input: &[u8]) -> Slot {
        if strings::as_str(raw).is_some() {
            // `raw` is a subslice of `input`: its offset is the distance between their starts.
            let offset = raw.as_ptr() as usize - input.as_ptr() as usize;
            return Slot::new(Tag::InputStr, offset, raw.len() as u64);
        }
        let start = self.text.len();
        strings::decode_text_into(raw, false, &mut self.text);
        Slot::new(Tag::DecodedStr, start, (self.text.len() - start) as u64)
    }
}

/// The index of the slot after the value at `at` and its descendants.
#[inline(always)]
pub(crate) fn next_sibling(slots: &[Slot], at: usize) -> usize {
    let slot = slots[at];
    match slot.tag() {
        Tag::Array | Tag::Object => slot.position(),
        _ => at + 1,
    }
}

/// A number's slot: its kind and value as `Number` classifies them, and its text's place.
#[inline(always)]
fn number_slot(number: &ScannedNumber, text: &str, input: &[u8]) -> Slot {
    let offset = text.as_ptr() as usize - input.as_ptr() as usize;
    let bytes = text.as_bytes();
    if number.is_integer && !number.negative {
        if let Some(value) = numbers::to_u64(number, bytes) {
            return Slot::number(Tag::Unsigned, offset, bytes.len(), value);
        }
    } else if number.is_integer && number.mantissa != 0 {
        // `-0` is not an integer to `Number`: it keeps its sign as a float.
        if let Some(value) = numbers::to_i64(number) {
            return Slot::number(Tag::Negative, offset, bytes.len(), value as u64);
        }
    }
    let value = numbers::to_f64(number, bytes).unwrap_or(f64::NAN);
    Slot::number(Tag::Float, offset, bytes.len(), value.to_bits())
}
