//! The values that JSON Pointers name, found in one pass over a document. A reference token that
//! is exactly `*` (unless wildcards are off) is a wildcard: it matches every element of an array
//! and every member of an object.
//!
//! The pointers are merged into a tree by common prefix. Walking the document, each value stands
//! for the set of tree nodes whose paths match its own (with wildcards, a value can match several:
//! `/a/x` and `/*/x`); a container is entered only when a node of its set has children, and the
//! rest is skipped, checked but not decoded. Where an object repeats a key, a key names the first
//! member, as in `jetwire_json::get`; a wildcard matches every member.

use jetwire_json::{JsonStr, ReadOptions, Reader, Result, TokenKind};

/// What a reference token matches.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    /// The first member with this name, or the element at this index.
    Name { name: String, index: Option<usize> },
    /// Every member or element.
    Any,
}

#[derive(Debug)]
struct Node {
    step: Step,
    children: Vec<usize>,
    /// The positions of the pointers that end here.
    targets: Vec<usize>,
}

/// A set of pointers, to look up together.
#[derive(Debug)]
pub(crate) struct Selector {
    /// `nodes[0]` is the root: the whole document.
    nodes: Vec<Node>,
    /// For each pointer, whether it has a wildcard (and so may match many values).
    wildcards: Vec<bool>,
}

/// For each pointer of a [`Selector`], in order, the exact bytes of the values it matches, in
/// document order.
pub(crate) type Found<'de> = Vec<Vec<&'de [u8]>>;

impl Selector {
    /// The selector of `pointers`, with `*` a wildcard if `wildcards`; an error message names the
    /// first that is not a JSON Pointer.
    pub(crate) fn new(pointers: &[&str], wildcards: bool) -> std::result::Result<Selector, String> {
        let mut selector = Selector {
            nodes: vec![Node { step: Step::Any, children: Vec::new(), targets: Vec::new() }],
            wildcards: Vec::new(),
        };
        for (position, pointer) in pointers.iter().enumerate() {
            let steps = steps(pointer, wildcards).ok_or_else(|| {
                format!("`{pointer}` is not a JSON Pointer: it must be empty or start with `/`")
            })?;
            selector.wildcards.push(steps.contains(&Step::Any));
            let mut current = 0;
            for step in steps {
                let existing = selector.nodes[current].children.iter().copied();
                current = match existing.clone().find(|&child| selector.nodes[child].step == step) {
                    Some(child) => child,
                    None => {
                        selector.nodes.push(Node { step, children: Vec::new(), targets: Vec::new() });
                        let child = selector.nodes.len() - 1;
                        selector.nodes[current].children.push(child);
                        child
                    }
                };
            }
            selector.nodes[current].targets.push(position);
        }
        Ok(selector)
    }

    /// Whether the pointer at `position` has a wildcard.
    pub(crate) fn has_wildcard(&self, position: usize) -> bool {
        self.wildcards[position]
    }

    /// The values in `json` of each pointer. Unless `lazy`, the whole of `json` is checked: any
    /// error in it is returned. With `lazy`, reading stops as soon as no more values can match.
    pub(crate) fn select<'de>(
        &self,
        json: &'de [u8],
        options: ReadOptions,
        lazy: bool,
    ) -> Result<Found<'de>> {
        let mut walk = Walk {
            nodes: &self.nodes,
            input: json,
            reader: Reader::with_options(json, options),
            found: vec![Vec::new(); self.wildcards.len()],
            frames: Vec::new(),
            active: Vec::new(),
            matched: Vec::new(),
            next: vec![0],
        };
        walk.visit()?;
        walk.run(lazy)?;
        if !lazy {
            walk.reader.finish()?;
        }
        Ok(walk.found)
    }
}

/// The steps of `pointer`, or `None` when it is not a JSON Pointer. `~1` and `~0` are unescaped
/// as `jetwire_json::get` does.
fn steps(pointer: &str, wildcards: bool) -> Option<Vec<Step>> {
    if pointer.is_empty() {
        return Some(Vec::new());
    }
    let tokens = pointer.strip_prefix('/')?.split('/');
    Some(
        tokens
            .map(|token| {
                if wildcards && token == "*" {
                    return Step::Any;
                }
                let name = token.replace("~1", "/").replace("~0", "~");
                Step::Name { index: array_index(&name), name }
            })
            .collect(),
    )
}

/// A reference token as an array index: decimal digits without a leading zero.
fn array_index(token: &str) -> Option<usize> {
    let digits = token.as_bytes();
    let canonical = !digits.is_empty() && (digits.len() == 1 || digits[0] != b'0');
    if canonical && digits.iter().all(u8::is_ascii_digit) { token.parse().ok() } else { None }
}

/// Whether the property name `key` is `name`.
fn key_is(key: &JsonStr<'_>, name: &str) -> bool {
    if key.has_escapes() { key.decoded() == name } else { key.raw() == name.as_bytes() }
}

/// An open container on the walk, whose tree nodes are `Walk::active[active..]`.
struct Frame {
    object: bool,
    active: usize,
    /// The named children already matched in this object are `Walk::matched[matched..]`.
    matched: usize,
    /// The position of the next array element.
    next_index: usize,
    /// Named children not matched yet.
    remaining: usize,
    /// Whether a child is a wildcard.
    any: bool,
    /// Where the container starts in the input, when a pointer ends at it.
    start: Option<usize>,
}

impl Frame {
    /// Whether a member or element still to come can match.
    fn may_match(&self) -> bool {
        self.any || self.remaining > 0
    }
}

/// One pass of a [`Selector`] over a document.
struct Walk<'s, 'de> {
    nodes: &'s [Node],
    input: &'de [u8],
    reader: Reader<'de>,
    found: Found<'de>,
    frames: Vec<Frame>,
    /// The nodes of the open containers, frame after frame.
    active: Vec<usize>,
    /// The named children matched in the open objects, frame after frame.
    matched: Vec<usize>,
    /// The nodes of the value the reader is at.
    next: Vec<usize>,
}

impl<'de> Walk<'_, 'de> {
    /// Reads the open containers to their ends (or, if `lazy`, until nothing more can match),
    /// visiting the members and elements that match.
    fn run(&mut self, lazy: bool) -> Result<()> {
        let done = |frame: &Frame| frame.start.is_none() && !frame.may_match();
        while let Some(frame) = self.frames.last() {
            let object = frame.object;
            if !frame.may_match() {
                if lazy && self.frames.iter().all(done) {
                    return Ok(());
                }
                self.skip_rest(object)?;
                self.close();
                continue;
            }
            self.next.clear();
            if object {
                match self.reader.next_key()? {
                    Some(key) => self.match_key(&key),
                    None => {
                        self.close();
                        continue;
                    }
                }
            } else if self.reader.next_element()? {
                self.match_index();
            } else {
                self.close();
                continue;
            }
            self.visit()?;
        }
        Ok(())
    }

    /// Sets `next` to the children of the open object's nodes that match the member `key`.
    fn match_key(&mut self, key: &JsonStr<'_>) {
        let frame = self.frames.last_mut().expect("an open object");
        for &node in &self.active[frame.active..] {
            for &child in &self.nodes[node].children {
                match &self.nodes[child].step {
                    Step::Any => self.next.push(child),
                    Step::Name { name, .. } => {
                        if !self.matched[frame.matched..].contains(&child) && key_is(key, name) {
                            self.matched.push(child);
                            frame.remaining -= 1;
                            self.next.push(child);
                        }
                    }
                }
            }
        }
    }

    /// Sets `next` to the children of the open array's nodes that match its next element.
    fn match_index(&mut self) {
        let frame = self.frames.last_mut().expect("an open array");
        let index = frame.next_index;
        frame.next_index += 1;
        for &node in &self.active[frame.active..] {
            for &child in &self.nodes[node].children {
                match self.nodes[child].step {
                    Step::Any => self.next.push(child),
                    Step::Name { index: Some(wanted), .. } if wanted == index => {
                        frame.remaining -= 1;
                        self.next.push(child);
                    }
                    Step::Name { .. } => {}
                }
            }
        }
    }

    /// The reader is at a value whose nodes are `next`: skips it, takes its bytes, or enters it.
    fn visit(&mut self) -> Result<()> {
        if self.next.is_empty() {
            return self.reader.skip_value();
        }
        let kind = self.reader.peek()?;
        let object = kind == TokenKind::BeginObject;
        let container = object || kind == TokenKind::BeginArray;
        let nodes = self.nodes;
        let steps_in = |node: &usize| {
            nodes[*node].children.iter().any(|&child| match nodes[child].step {
                Step::Any => true,
                Step::Name { index, .. } => object || index.is_some(),
            })
        };
        let targeted = self.next.iter().any(|&node| !nodes[node].targets.is_empty());
        if !container || !self.next.iter().any(steps_in) {
            if targeted {
                let raw = self.reader.raw_value()?;
                for position in 0..self.next.len() {
                    self.answer(self.next[position], raw);
                }
            } else {
                self.reader.skip_value()?;
            }
            return Ok(());
        }
        let start = targeted.then(|| self.reader.offset());
        if object {
            self.reader.begin_object()?;
        } else {
            self.reader.begin_array()?;
        }
        let frame = Frame {
            object,
            active: self.active.len(),
            matched: self.matched.len(),
            next_index: 0,
            remaining: 0,
            any: false,
            start,
        };
        let frame =
            self.next.iter().flat_map(|&node| &nodes[node].children).fold(frame, |mut frame, &child| {
                match nodes[child].step {
                    Step::Any => frame.any = true,
                    Step::Name { index, .. } if object || index.is_some() => frame.remaining += 1,
                    Step::Name { .. } => {}
                }
                frame
            });
        self.active.extend_from_slice(&self.next);
        self.frames.push(frame);
        Ok(())
    }

    /// The open container has ended (its closing bracket read): answers its own pointers.
    fn close(&mut self) {
        let frame = self.frames.pop().expect("an open container");
        if let Some(start) = frame.start {
            let raw = &self.input[start..self.reader.offset()];
            for position in frame.active..self.active.len() {
                self.answer(self.active[position], raw);
            }
        }
        self.active.truncate(frame.active);
        self.matched.truncate(frame.matched);
    }

    fn answer(&mut self, node: usize, raw: &'de [u8]) {
        for &target in &self.nodes[node].targets {
            self.found[target].push(raw);
        }
    }

    /// Skips what remains of the open container, its closing bracket included.
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

#[cfg(test)]
mod tests {
    use jetwire_json::{PointerTree, Value};

    use super::*;

    const TWITTER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/json-benchmark/twitter.json");

    /// The values of `pointers` in `json`, as text.
    fn select(json: &str, pointers: &[&str], lazy: bool) -> Vec<Vec<String>> {
        let selector = Selector::new(pointers, true).unwrap();
        let found = selector.select(json.as_bytes(), ReadOptions::default(), lazy).unwrap();
        found
            .iter()
            .map(|values| values.iter().map(|v| String::from_utf8(v.to_vec()).unwrap()).collect())
            .collect()
    }

    /// Every path in `value`, as a JSON Pointer.
    fn all_pointers(value: &Value, prefix: String, out: &mut Vec<String>) {
        let mut pending = vec![(value, prefix)];
        while let Some((value, pointer)) = pending.pop() {
            match value {
                Value::Object(map) => {
                    for (key, member) in map.iter() {
                        pending.push((
                            member,
                            format!("{pointer}/{}", key.replace('~', "~0").replace('/', "~1")),
                        ));
                    }
                }
                Value::Array(array) => {
                    pending.extend(
                        array.iter().enumerate().map(|(i, element)| (element, format!("{pointer}/{i}"))),
                    );
                }
                _ => {}
            }
            out.push(pointer);
        }
    }

    #[test]
    fn answers_as_the_library_does_for_every_path_of_a_corpus() {
        let json = std::fs::read(TWITTER).unwrap();
        let value: Value = jetwire_json::from_slice(&json).unwrap();
        let mut pointers = Vec::new();
        all_pointers(&value, String::new(), &mut pointers);
        // And some with no value.
        pointers.extend(
            ["/statuses/100", "/nope", "/statuses/0/user/nope", "/statuses/01", "/statuses/-"]
                .map(String::from),
        );
        assert!(pointers.len() > 10_000, "{}", pointers.len());
        let pointers: Vec<&str> = pointers.iter().map(String::as_str).collect();
        let expected = PointerTree::new(&pointers).unwrap().get_many(&json).unwrap();
        for lazy in [false, true] {
            let found =
                Selector::new(&pointers, true).unwrap().select(&json, ReadOptions::default(), lazy).unwrap();
            for ((pointer, found), expected) in pointers.iter().zip(&found).zip(&expected) {
                let expected: Vec<&[u8]> = expected.iter().map(|value| value.as_bytes()).collect();
                assert_eq!(found, &expected, "{pointer}");
            }
        }
    }

    #[test]
    fn a_wildcard_matches_every_element_and_member_in_order() {
        let json = std::fs::read(TWITTER).unwrap();
        let selector = Selector::new(&["/statuses/*/user/screen_name", "/search_metadata/*"], true).unwrap();
        let found = selector.select(&json, ReadOptions::default(), false).unwrap();
        let names: Vec<&[u8]> = (0..100)
            .map(|i| {
                jetwire_json::get(&json, &format!("/statuses/{i}/user/screen_name"))
                    .unwrap()
                    .unwrap()
                    .as_bytes()
            })
            .collect();
        assert_eq!(found[0], names);
        let value: Value = jetwire_json::from_slice(&json).unwrap();
        let members: Vec<&[u8]> = value["search_metadata"]
            .as_object()
            .unwrap()
            .keys()
            .map(|key| {
                jetwire_json::get(&json, &format!("/search_metadata/{key}")).unwrap().unwrap().as_bytes()
            })
            .collect();
        assert_eq!(found[1], members);
        assert!(selector.has_wildcard(0) && selector.has_wildcard(1));
    }

    #[test]
    fn wildcards_and_names_overlap() {
        let json = r#"{"a": {"x": 1, "y": 2}, "b": {"x": 3}, "c": [{"x": 4}, 5]}"#;
        let found = select(json, &["/a/x", "/*/x", "/*/*", "/c/*/x", "/*/0", "", "/a"], false);
        assert_eq!(found[0], ["1"]);
        assert_eq!(found[1], ["1", "3"]);
        assert_eq!(found[2], ["1", "2", "3", r#"{"x": 4}"#, "5"]);
        assert_eq!(found[3], ["4"]);
        assert_eq!(found[4], [r#"{"x": 4}"#]);
        assert_eq!(found[5], [json]);
        assert_eq!(found[6], [r#"{"x": 1, "y": 2}"#]);
        // A wildcard on a scalar, or in an empty container, matches nothing.
        assert_eq!(select(r#"{"a": 1, "b": [], "c": {}}"#, &["/a/*", "/b/*", "/c/*"], false), [[""; 0]; 3]);
    }

    #[test]
    fn a_name_takes_the_first_of_repeated_keys_and_a_wildcard_all() {
        let json = r#"{"k": 1, "k": 2, "\u006b": 3, "o": {"k": 4}, "o": {"k": 5}}"#;
        let found = select(json, &["/k", "/*", "/o/k", "/*/k"], false);
        assert_eq!(found[0], ["1"]);
        assert_eq!(found[1], ["1", "2", "3", r#"{"k": 4}"#, r#"{"k": 5}"#]);
        assert_eq!(found[2], ["4"]);
        assert_eq!(found[3], ["4", "5"]);
    }

    #[test]
    fn a_star_is_a_key_when_wildcards_are_off_and_escapes_are_unescaped() {
        let json = r#"{"*": 1, "a/b": 2, "~": 3, "x": 4}"#;
        let selector = Selector::new(&["/*", "/a~1b", "/~0"], false).unwrap();
        let found = selector.select(json.as_bytes(), ReadOptions::default(), false).unwrap();
        assert_eq!(found, [vec![&b"1"[..]], vec![b"2"], vec![b"3"]]);
        assert!(!selector.has_wildcard(0));
        // Only a token that is exactly `*` is a wildcard.
        assert_eq!(select(r#"{"*a": 1, "b": 2}"#, &["/*a", "/**"], false), [vec!["1"], vec![]]);
        assert_eq!(
            Selector::new(&["a"], true).unwrap_err(),
            "`a` is not a JSON Pointer: it must be empty or start with `/`"
        );
    }

    #[test]
    fn the_whole_input_is_checked_unless_lazy() {
        let json = br#"{"a": 1, "b": [1,]} x"#;
        let selector = Selector::new(&["/a"], true).unwrap();
        let err = selector.select(json, ReadOptions::default(), false).unwrap_err();
        assert_eq!((err.line(), err.column()), (1, 18));
        assert_eq!(selector.select(json, ReadOptions::default(), true).unwrap(), [vec![&b"1"[..]]]);
        // After the document, only whitespace.
        let err = selector.select(br#"{"a": 1} x"#, ReadOptions::default(), false).unwrap_err();
        assert_eq!(err.message(), "expected end of input after the JSON value, found `x`");
        // A wildcard reads on to the end of its container, even when lazy.
        let selector = Selector::new(&["/*/a"], true).unwrap();
        assert!(
            selector.select(br#"[{"a": 1}, {"a": 2}, {"a": tru}]"#, ReadOptions::default(), true).is_err()
        );
        let found = selector.select(br#"[{"a": 1}, {"a": 2}] tru"#, ReadOptions::default(), true).unwrap();
        assert_eq!(found, [vec![&b"1"[..], b"2"]]);
    }
}
