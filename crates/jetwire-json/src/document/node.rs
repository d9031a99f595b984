//! [`Node`]: a value of a parsed document, and the iterators over its children.

use std::fmt;
use std::iter::FusedIterator;

use super::build::{Tape, next_sibling};
use super::tape::{LONG_NUMBER, Slot, Tag};
use crate::read::numbers;
use crate::value::Number;

/// What kind of value a [`Node`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool,
    /// A number.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

/// A value of a document that a [`Parser`](super::Parser) parsed: a position on the parser's
/// tape, as cheap to copy as a reference.
///
/// Read it with the `as_*` methods, [`get`](Node::get), [`at`](Node::at),
/// [`pointer`](Node::pointer) and the iterators; `match` on [`kind`](Node::kind); write it with
/// `to_string()` or any of the crate's writers (it is [`ToJson`](crate::ToJson)); turn it into
/// an editable [`Value`](crate::Value) with [`to_value`](Node::to_value).
///
/// ```
/// use jetwire_json::document::{Kind, Parser};
///
/// let mut parser = Parser::new();
/// let doc = parser.parse(br#"{"id": 7, "tags": ["a", "b"], "score": 2.5}"#)?;
/// assert_eq!(doc.get("id").and_then(|id| id.as_u64()), Some(7));
/// assert_eq!(doc.pointer("/tags/1").and_then(|tag| tag.as_str()), Some("b"));
/// assert_eq!(doc.get("score").unwrap().kind(), Kind::Number);
/// let tags: Vec<&str> = doc.get("tags").unwrap().elements().unwrap().filter_map(|t| t.as_str()).collect();
/// assert_eq!(tags, ["a", "b"]);
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct Node<'a> {
    pub(super) input: &'a [u8],
    pub(super) tape: &'a Tape,
    pub(super) at: usize,
}

impl<'a> Node<'a> {
    #[inline(always)]
    pub(super) fn slot(self) -> Slot {
        self.tape.slots[self.at]
    }

    /// The node at slot `at` of the same document.
    #[inline(always)]
    pub(super) fn to(self, at: usize) -> Node<'a> {
        Node { at, ..self }
    }

    /// What kind of value this is.
    #[inline]
    pub fn kind(self) -> Kind {
        match self.slot().tag() {
            Tag::Null => Kind::Null,
            Tag::True | Tag::False => Kind::Bool,
            Tag::Unsigned | Tag::Negative | Tag::Float => Kind::Number,
            Tag::InputStr | Tag::DecodedStr => Kind::String,
            Tag::Array => Kind::Array,
            Tag::Object => Kind::Object,
        }
    }

    /// Whether this is `null`.
    #[inline]
    pub fn is_null(self) -> bool {
        self.kind() == Kind::Null
    }

    /// Whether this is `true` or `false`.
    #[inline]
    pub fn is_boolean(self) -> bool {
        self.kind() == Kind::Bool
    }

    /// Whether this is a number.
    #[inline]
    pub fn is_number(self) -> bool {
        self.kind() == Kind::Number
    }

    /// Whether this is a string.
    #[inline]
    pub fn is_string(self) -> bool {
        self.kind() == Kind::String
    }

    /// Whether this is an array.
    #[inline]
    pub fn is_array(self) -> bool {
        self.kind() == Kind::Array
    }

    /// Whether this is an object.
    #[inline]
    pub fn is_object(self) -> bool {
        self.kind() == Kind::Object
    }

    /// The boolean, if this is one.
    #[inline]
    pub fn as_bool(self) -> Option<bool> {
        match self.slot().tag() {
            Tag::True => Some(true),
            Tag::False => Some(false),
            _ => None,
        }
    }

    /// The integer, if this is one that fits a `u64` (as [`Number::as_u64`] decides).
    #[inline]
    pub fn as_u64(self) -> Option<u64> {
        let slot = self.slot();
        match slot.tag() {
            Tag::Unsigned => Some(slot.payload()),
            Tag::Negative => None,
            Tag::Float => self.as_number_cold()?.as_u64(),
            _ => None,
        }
    }

    /// The integer, if this is one that fits an `i64` (as [`Number::as_i64`] decides).
    #[inline]
    pub fn as_i64(self) -> Option<i64> {
        let slot = self.slot();
        match slot.tag() {
            Tag::Unsigned => i64::try_from(slot.payload()).ok(),
            Tag::Negative => Some(slot.payload() as i64),
            Tag::Float => self.as_number_cold()?.as_i64(),
            _ => None,
        }
    }

    /// The nearest `f64`, if this is a number within the `f64` range (as [`Number::as_f64`]
    /// decides).
    #[inline]
    pub fn as_f64(self) -> Option<f64> {
        let slot = self.slot();
        match slot.tag() {
            Tag::Unsigned => Some(slot.payload() as f64),
            Tag::Negative => Some(slot.payload() as i64 as f64),
            Tag::Float => Some(f64::from_bits(slot.payload())).filter(|value| !value.is_nan()),
            _ => None,
        }
    }

    /// The number, kept exactly, if this is one.
    pub fn as_number(self) -> Option<Number> {
        let slot = self.slot();
        match slot.tag() {
            Tag::Unsigned => Some(Number::from(slot.payload())),
            Tag::Negative => Some(Number::from(slot.payload() as i64)),
            Tag::Float => self.as_number_cold(),
            _ => None,
        }
    }

    #[cold]
    fn as_number_cold(self) -> Option<Number> {
        self.number_text().map(Number::from_validated)
    }

    /// The number's text as the document spells it, if this is a number.
    ///
    /// ```
    /// let mut parser = jetwire_json::document::Parser::new();
    /// let doc = parser.parse(b"[1.50, -0, 1e400]")?;
    /// let texts: Vec<&str> = doc.elements().unwrap().filter_map(|n| n.number_text()).collect();
    /// assert_eq!(texts, ["1.50", "-0", "1e400"]);
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn number_text(self) -> Option<&'a str> {
        // The parse validated the number: ASCII digits, signs, a point and an exponent.
        self.number_bytes().map(|text| std::str::from_utf8(text).expect("a number's text is ASCII"))
    }

    /// The number's text as bytes, if this is a number: what the writer copies, without
    /// [`number_text`](Self::number_text)'s UTF-8 check.
    #[inline]
    pub(super) fn number_bytes(self) -> Option<&'a [u8]> {
        let slot = self.slot();
        if !matches!(slot.tag(), Tag::Unsigned | Tag::Negative | Tag::Float) {
            return None;
        }
        let (offset, stored) = slot.number_span();
        let len = if stored == LONG_NUMBER {
            numbers::skip(self.input, offset).expect("the parse validated the number") - offset
        } else {
            stored
        };
        Some(&self.input[offset..offset + len])
    }

    /// The string, if this is one (ill-formed UTF-8 and unpaired surrogate escapes read as
    /// U+FFFD, as every string read).
    #[inline]
    pub fn as_str(self) -> Option<&'a str> {
        let slot = self.slot();
        match slot.tag() {
            Tag::InputStr => Some(input_str(self.input, slot)),
            Tag::DecodedStr => {
                let start = slot.position();
                let bytes = &self.tape.text[start..start + slot.payload() as usize];
                // SAFETY: the tape's text is UTF-8 after every append (`decode_text_into`), and
                // this slot spans exactly the bytes one append added, so they are whole
                // characters.
                Some(unsafe { std::str::from_utf8_unchecked(bytes) })
            }
            _ => None,
        }
    }

    /// How many elements (array) or members (object, repeated keys included) this has, or
    /// `None` for a scalar.
    #[inline]
    pub fn len(self) -> Option<usize> {
        let slot = self.slot();
        matches!(slot.tag(), Tag::Array | Tag::Object).then_some(slot.payload() as usize)
    }

    /// Whether this is an empty array or object (`false` for a scalar).
    #[inline]
    pub fn is_empty(self) -> bool {
        self.len() == Some(0)
    }

    /// The elements, if this is an array.
    #[inline]
    pub fn elements(self) -> Option<Elements<'a>> {
        let slot = self.slot();
        (slot.tag() == Tag::Array)
            .then(|| Elements { node: self.to(self.at + 1), remaining: slot.payload() as usize })
    }

    /// The members, key and value, in document order (a repeated key as often as it
    /// appears), if this is an object.
    #[inline]
    pub fn members(self) -> Option<Members<'a>> {
        let slot = self.slot();
        (slot.tag() == Tag::Object)
            .then(|| Members { node: self.to(self.at + 1), remaining: slot.payload() as usize })
    }

    /// The value of member `key`, if this is an object that has one (the last, if the key
    /// repeats: the value an object read keeps). A linear search, fast for the small objects
    /// real documents have; build a [`Value`](crate::Value) to look up many keys in a large one.
    pub fn get(self, key: &str) -> Option<Node<'a>> {
        let mut found = None;
        for (name, value) in self.members()? {
            if name == key {
                found = Some(value);
            }
        }
        found
    }

    /// Element `index`, if this is an array that long: a jump per element before it.
    pub fn at(self, index: usize) -> Option<Node<'a>> {
        self.elements()?.nth(index)
    }

    /// The value at a JSON Pointer (RFC 6901) such as `/items/0/name`; `""` is this value.
    ///
    /// ```
    /// let mut parser = jetwire_json::document::Parser::new();
    /// let doc = parser.parse(br#"{"a/b": [10, {"~c": true}]}"#)?;
    /// assert_eq!(doc.pointer("/a~1b/1/~0c").and_then(|n| n.as_bool()), Some(true));
    /// assert!(doc.pointer("/a~1b/2").is_none());
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn pointer(self, pointer: &str) -> Option<Node<'a>> {
        use crate::pointer_syntax::{array_index, tokens};
        let mut node = self;
        for token in tokens(pointer)? {
            node = match node.kind() {
                Kind::Object => node.get(&token)?,
                Kind::Array => node.at(array_index(&token)?)?,
                _ => return None,
            };
        }
        Some(node)
    }

    /// The slot after this value and everything in it.
    #[inline(always)]
    pub(super) fn next(self) -> Node<'a> {
        self.to(next_sibling(&self.tape.slots, self.at))
    }
}

/// The text of a string slot that refers to the input.
#[inline(always)]
fn input_str(input: &[u8], slot: Slot) -> &str {
    let start = slot.position();
    let bytes = &input[start..start + slot.payload() as usize];
    // SAFETY: the parse stored this slot only after `strings::as_str` validated these exact
    // bytes of the same input as UTF-8.
    unsafe { std::str::from_utf8_unchecked(bytes) }
}

/// The elements of an array [`Node`], in order.
#[derive(Clone)]
pub struct Elements<'a> {
    node: Node<'a>,
    remaining: usize,
}

impl<'a> Iterator for Elements<'a> {
    type Item = Node<'a>;

    #[inline]
    fn next(&mut self) -> Option<Node<'a>> {
        self.remaining = self.remaining.checked_sub(1)?;
        let node = self.node;
        if self.remaining > 0 {
            self.node = node.next();
        }
        Some(node)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for Elements<'_> {}
impl FusedIterator for Elements<'_> {}

/// The members of an object [`Node`], key and value, in document order.
#[derive(Clone)]
pub struct Members<'a> {
    /// The next member's key.
    node: Node<'a>,
    remaining: usize,
}

impl<'a> Iterator for Members<'a> {
    type Item = (&'a str, Node<'a>);

    #[inline]
    fn next(&mut self) -> Option<(&'a str, Node<'a>)> {
        self.remaining = self.remaining.checked_sub(1)?;
        let key = self.node.as_str().expect("an object's members start with their key");
        let value = self.node.to(self.node.at + 1);
        if self.remaining > 0 {
            self.node = value.next();
        }
        Some((key, value))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for Members<'_> {}
impl FusedIterator for Members<'_> {}

impl fmt::Debug for Node<'_> {
    /// The node as compact JSON.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Node({self})")
    }
}
