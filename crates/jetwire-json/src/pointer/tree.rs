//! [`PointerTree`]: several JSON Pointers merged by common prefix, answered in one pass.

use super::key_is;
use crate::error::Result;
use crate::pointer_syntax::not_a_pointer;
use crate::pointer_syntax::{array_index, tokens};
use crate::raw::RawValue;
use crate::read::{ReadOptions, Reader, TokenKind};

/// A set of JSON Pointers merged into a tree by common prefix, to find all their values in one
/// pass over a document: [`get_many`](Self::get_many). Build it once for pointers used on many
/// documents.
///
/// ```
/// use jetwire_json::PointerTree;
///
/// let tree = PointerTree::new(&["/user/name", "/user/id", "/tags/1"])?;
/// for json in [&br#"{"user": {"id": 1, "name": "ada"}, "tags": ["a", "b"]}"#[..], br#"{"user": {"id": 2}}"#] {
///     let found = tree.get_many(json)?;
///     assert_eq!(found.len(), 3);
///     assert!(found[1].is_some());
/// }
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct PointerTree {
    /// `nodes[0]` is the root (the whole document).
    nodes: Vec<Node>,
    /// How many pointers were given.
    len: usize,
}

#[derive(Clone, Debug)]
struct Node {
    /// The reference token that leads here from the parent (unescaped).
    token: Box<str>,
    /// The token as an array index, when it is one.
    index: Option<usize>,
    children: Vec<usize>,
    /// The positions of the pointers that end here.
    targets: Vec<usize>,
}

impl Node {
    fn new(token: &str) -> Node {
        Node { token: token.into(), index: array_index(token), children: Vec::new(), targets: Vec::new() }
    }
}

/// An open container on the walk.
struct Frame {
    node: usize,
    object: bool,
    /// The position of the next array element.
    next_index: usize,
    /// Children of `node` not yet visited.
    remaining: usize,
    /// Where the container starts in the input, when its own bytes are wanted too.
    start: Option<usize>,
}

impl PointerTree {
    /// The tree of `pointers`; an error names the first that is not a JSON Pointer. A pointer
    /// may be given more than once.
    pub fn new<P: AsRef<str>>(pointers: &[P]) -> Result<PointerTree> {
        let mut nodes = vec![Node::new("")];
        for (position, pointer) in pointers.iter().enumerate() {
            let pointer = pointer.as_ref();
            let mut current = 0;
            for token in tokens(pointer).ok_or_else(|| not_a_pointer(pointer))? {
                current = match nodes[current].children.iter().copied().find(|&c| *nodes[c].token == *token) {
                    Some(child) => child,
                    None => {
                        nodes.push(Node::new(&token));
                        let child = nodes.len() - 1;
                        nodes[current].children.push(child);
                        child
                    }
                };
            }
            nodes[current].targets.push(position);
        }
        Ok(PointerTree { nodes, len: pointers.len() })
    }

    /// How many pointers the tree answers.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the tree has no pointers.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The value at each pointer in `json` (in the order the pointers were given), or `None`
    /// where there is none. Reading stops once every pointer is answered.
    pub fn get_many<'de, J: AsRef<[u8]> + ?Sized>(&self, json: &'de J) -> Result<Vec<Option<RawValue<'de>>>> {
        self.get_many_with(json, ReadOptions::default())
    }

    /// [`get_many`](Self::get_many) with reader options.
    pub fn get_many_with<'de, J: AsRef<[u8]> + ?Sized>(
        &self,
        json: &'de J,
        options: ReadOptions,
    ) -> Result<Vec<Option<RawValue<'de>>>> {
        let input = json.as_ref();
        let mut walk = Walk {
            tree: self,
            input,
            reader: Reader::with_options(input, options),
            found: vec![None; self.len],
            answered: 0,
            visited: vec![false; self.nodes.len()],
            frames: Vec::new(),
        };
        walk.run()?;
        Ok(walk.found)
    }
}

/// One pass of a [`PointerTree`] over a document.
struct Walk<'t, 'de> {
    tree: &'t PointerTree,
    input: &'de [u8],
    reader: Reader<'de>,
    found: Vec<Option<RawValue<'de>>>,
    answered: usize,
    visited: Vec<bool>,
    frames: Vec<Frame>,
}

impl<'de> Walk<'_, 'de> {
    fn run(&mut self) -> Result<()> {
        if self.tree.len == 0 {
            return Ok(());
        }
        self.visit(0)?;
        while self.answered < self.tree.len {
            let Some(frame) = self.frames.last_mut() else { break };
            if frame.remaining == 0 && frame.start.is_none() {
                // Nothing more to find inside: pass over the rest of the container.
                let object = frame.object;
                self.frames.pop();
                self.skip_rest(object)?;
                continue;
            }
            let node = frame.node;
            let child = if frame.object {
                match self.reader.next_key()? {
                    None => {
                        self.close();
                        continue;
                    }
                    Some(key) => self.tree.nodes[node]
                        .children
                        .iter()
                        .copied()
                        .find(|&c| !self.visited[c] && key_is(&key, &self.tree.nodes[c].token)),
                }
            } else {
                if !self.reader.next_element()? {
                    self.close();
                    continue;
                }
                let index = frame.next_index;
                frame.next_index += 1;
                self.tree.nodes[node]
                    .children
                    .iter()
                    .copied()
                    .find(|&c| !self.visited[c] && self.tree.nodes[c].index == Some(index))
            };
            match child {
                Some(child) => {
                    if let Some(frame) = self.frames.last_mut() {
                        frame.remaining -= 1;
                    }
                    self.visit(child)?;
                }
                None => self.reader.skip_value()?,
            }
        }
        Ok(())
    }

    /// The reader is at the value of `node`: answer its pointers, or step into it.
    fn visit(&mut self, node: usize) -> Result<()> {
        self.visited[node] = true;
        let tree = self.tree;
        let spec = &tree.nodes[node];
        let kind = self.reader.peek()?;
        let container = matches!(kind, TokenKind::BeginObject | TokenKind::BeginArray);
        if spec.children.is_empty() || !container {
            if spec.targets.is_empty() {
                return self.reader.skip_value();
            }
            let raw = RawValue::from_validated(self.reader.raw_value()?);
            self.answer(node, raw);
            return Ok(());
        }
        let start = (!spec.targets.is_empty()).then(|| self.reader.offset());
        let object = kind == TokenKind::BeginObject;
        if object {
            self.reader.begin_object()?;
        } else {
            self.reader.begin_array()?;
        }
        let remaining = spec.children.iter().filter(|&&c| object || tree.nodes[c].index.is_some()).count();
        self.frames.push(Frame { node, object, next_index: 0, remaining, start });
        Ok(())
    }

    /// The open container has ended: answer its own pointers, if it has any.
    fn close(&mut self) {
        let frame = self.frames.pop().expect("a container is open");
        if let Some(start) = frame.start {
            let raw = RawValue::from_validated(&self.input[start..self.reader.offset()]);
            self.answer(frame.node, raw);
        }
    }

    fn answer(&mut self, node: usize, raw: RawValue<'de>) {
        let tree = self.tree;
        for &target in &tree.nodes[node].targets {
            self.found[target] = Some(raw);
            self.answered += 1;
        }
    }

    /// Skips what remains of the open container (its first bracket already consumed).
    fn skip_rest(&mut self, object: bool) -> Result<()> {
        if object {
            while self.reader.next_key()?.is_some() {
                self.reader.skip_value()?;
            }
        } else {
            while self.reader.next_element()? {
                self.reader.skip_value()?;
            }
        }
        Ok(())
    }
}
