//! From a [`Node`] to an editable [`Value`], and comparing the two.

use super::build::next_sibling;
use super::node::Node;
use super::tape::Tag;
use crate::value::{Array, Map, Str, Value};

/// A container being built: where its children start on their stack, and the slot after it.
struct Frame {
    start: usize,
    end: usize,
    object: bool,
}

impl Node<'_> {
    /// The value as an editable [`Value`], without recursion: what reading the same text as a
    /// `Value` gives (a repeated key keeps its first position and its last value).
    ///
    /// ```
    /// use jetwire_json::{document::Parser, json};
    /// let mut parser = Parser::new();
    /// let doc = parser.parse(br#"{"a": [1, "x"], "b": 2, "a": {"c": null}}"#)?;
    /// assert_eq!(doc.to_value(), json!({"a": {"c": null}, "b": 2}));
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn to_value(self) -> Value {
        let slots = &self.tape.slots;
        let mut frames: Vec<Frame> = Vec::new();
        // Children of the open containers, innermost last.
        let mut elements: Vec<Value> = Vec::new();
        let mut members: Vec<(Str, Value)> = Vec::new();
        // The keys of open containers whose parent is an object.
        let mut keys: Vec<Str> = Vec::new();
        let mut at = self.at;
        loop {
            let in_object = frames.last().is_some_and(|frame| frame.object);
            let key = in_object.then(|| {
                let key = Str::from(self.to(at).as_str().expect("an object's members start with their key"));
                at += 1;
                key
            });
            let node = self.to(at);
            let value = match slots[at].tag() {
                tag @ (Tag::Array | Tag::Object) => {
                    let object = tag == Tag::Object;
                    let start = if object { members.len() } else { elements.len() };
                    frames.push(Frame { start, end: next_sibling(slots, at), object });
                    keys.extend(key.clone());
                    None
                }
                Tag::Null => Some(Value::Null),
                Tag::True => Some(Value::Bool(true)),
                Tag::False => Some(Value::Bool(false)),
                Tag::Unsigned | Tag::Negative | Tag::Float => {
                    Some(Value::Number(node.as_number().expect("a number slot")))
                }
                Tag::InputStr | Tag::DecodedStr => {
                    Some(Value::String(node.as_str().expect("a string slot").to_owned()))
                }
            };
            at += 1;
            // Hand the value to its parent, then close every container that ends here, handing
            // each to its own parent.
            let mut pending = value.map(|value| (key, value));
            loop {
                if let Some((key, value)) = pending.take() {
                    match frames.last() {
                        None => return value,
                        Some(frame) if frame.object => {
                            members.push((key.expect("a member has a key"), value));
                        }
                        Some(_) => elements.push(value),
                    }
                }
                match frames.last() {
                    Some(frame) if frame.end == at => {
                        let frame = frames.pop().expect("just seen");
                        let value = if frame.object {
                            Value::Object(Map::from_entries(members.split_off(frame.start)))
                        } else {
                            Value::Array(Array::from(elements.split_off(frame.start)))
                        };
                        let key =
                            if frames.last().is_some_and(|parent| parent.object) { keys.pop() } else { None };
                        pending = Some((key, value));
                    }
                    _ => break,
                }
            }
        }
    }
}

impl PartialEq<Value> for Node<'_> {
    /// Whether the node, as a [`Value`] ([`to_value`](Node::to_value)), equals `other`.
    fn eq(&self, other: &Value) -> bool {
        self.to_value() == *other
    }
}

impl PartialEq<Node<'_>> for Value {
    fn eq(&self, other: &Node<'_>) -> bool {
        other == self
    }
}

impl From<Node<'_>> for Value {
    fn from(node: Node<'_>) -> Value {
        node.to_value()
    }
}
