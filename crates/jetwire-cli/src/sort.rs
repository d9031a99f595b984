//! `fmt --sort-keys`: tokens passed on as they come, except inside an object, whose tokens are
//! held until the outermost object ends and then written with the members of every object
//! sorted by key.
//!
//! Keys compare by their decoded bytes, so `"\u00e9"` and `"é"` are the same key, in byte order,
//! which for UTF-8 is code point order; the sort is stable, so members with the same key keep
//! their order. Every token keeps its exact spelling, as in unsorted output.

use std::ops::Range;

use jetwire_json::{Output, Result, Token, Writer};

/// Tokens held from the start of an outermost object to its end, and the text they need.
#[derive(Default)]
pub(crate) struct SortKeys {
    /// The source text of the held names, strings and numbers, and the decoded names.
    text: Vec<u8>,
    held: Vec<Held>,
    /// The positions in `held` of the containers still open.
    open: Vec<usize>,
}

/// A held token; ranges are in [`SortKeys::text`].
#[derive(Clone, Debug)]
enum Held {
    /// `{` or `[`, with the position of its closing token once it has been held.
    Begin {
        object: bool,
        end: usize,
    },
    End,
    /// A property name: its source, and its decoded bytes, which order it.
    Name {
        source: Range<usize>,
        key: Range<usize>,
    },
    String(Range<usize>),
    Number(Range<usize>),
    Bool(bool),
    Null,
}

/// A container being written: the positions of its members' names (sorted) or its elements.
struct Open {
    object: bool,
    items: Vec<usize>,
    next: usize,
}

impl SortKeys {
    /// Takes the next token of the input: written to `writer` at once outside objects, held
    /// inside one, whose members are written sorted when it ends.
    pub(crate) fn token<O: Output>(&mut self, token: Token<'_>, writer: &mut Writer<O>) -> Result<()> {
        if self.open.is_empty() && token != Token::BeginObject {
            return writer.token(token);
        }
        self.hold(token);
        if self.open.is_empty() {
            let written = self.write_held(writer);
            self.held.clear();
            self.text.clear();
            written?;
        }
        Ok(())
    }

    fn hold(&mut self, token: Token<'_>) {
        let held = match token {
            Token::BeginObject | Token::BeginArray => {
                self.open.push(self.held.len());
                Held::Begin { object: token == Token::BeginObject, end: 0 }
            }
            Token::EndObject | Token::EndArray => {
                let begin = self.open.pop().expect("the reader closes only what it opened");
                let closing = self.held.len();
                if let Held::Begin { end, .. } = &mut self.held[begin] {
                    *end = closing;
                }
                Held::End
            }
            Token::PropertyName(name) => {
                let source = self.keep(name.raw());
                let key = if name.has_escapes() { self.keep(&name.decoded_bytes()) } else { source.clone() };
                Held::Name { source, key }
            }
            Token::String(text) => Held::String(self.keep(text.raw())),
            Token::Number(number) => Held::Number(self.keep(number.as_str().as_bytes())),
            Token::Bool(value) => Held::Bool(value),
            Token::Null => Held::Null,
        };
        self.held.push(held);
    }

    /// Appends `bytes` to the held text: their place in it.
    fn keep(&mut self, bytes: &[u8]) -> Range<usize> {
        let start = self.text.len();
        self.text.extend_from_slice(bytes);
        start..self.text.len()
    }

    /// Writes the held object, its members (and those of the objects in it) sorted. The
    /// containers open in the output are a stack, so that nesting costs no recursion.
    fn write_held<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        let mut stack: Vec<Open> = Vec::new();
        let mut value = Some(0);
        loop {
            if let Some(at) = value.take() {
                match &self.held[at] {
                    Held::Begin { object: true, end } => {
                        writer.begin_object()?;
                        stack.push(Open { object: true, items: self.sorted_names(at, *end), next: 0 });
                    }
                    Held::Begin { object: false, end } => {
                        writer.begin_array()?;
                        stack.push(Open { object: false, items: self.elements(at, *end), next: 0 });
                    }
                    scalar => self.write_scalar(scalar, writer)?,
                }
            }
            let Some(top) = stack.last_mut() else { return Ok(()) };
            let Some(&item) = top.items.get(top.next) else {
                if top.object {
                    writer.end_object()?
                } else {
                    writer.end_array()?
                }
                stack.pop();
                continue;
            };
            top.next += 1;
            if top.object {
                self.write_scalar(&self.held[item], writer)?;
                value = Some(item + 1);
            } else {
                value = Some(item);
            }
        }
    }

    fn write_scalar<O: Output>(&self, held: &Held, writer: &mut Writer<O>) -> Result<()> {
        match held {
            Held::Name { source, .. } => writer.escaped_property_name(&self.text[source.clone()]),
            Held::String(source) => writer.escaped_string(&self.text[source.clone()]),
            Held::Number(source) => {
                let text = std::str::from_utf8(&self.text[source.clone()]).expect("a number is ASCII");
                writer.number_text(text)
            }
            Held::Bool(value) => writer.bool(*value),
            Held::Null => writer.null(),
            Held::Begin { .. } | Held::End => unreachable!("containers are written by write_held"),
        }
    }

    /// The position just past the value held at `at`.
    fn after(&self, at: usize) -> usize {
        match self.held[at] {
            Held::Begin { end, .. } => end + 1,
            _ => at + 1,
        }
    }

    /// The positions of the elements of the array held from `begin` to `end`.
    fn elements(&self, begin: usize, end: usize) -> Vec<usize> {
        let mut items = Vec::new();
        let mut at = begin + 1;
        while at < end {
            items.push(at);
            at = self.after(at);
        }
        items
    }

    /// The positions of the names of the object held from `begin` to `end`, sorted by key.
    fn sorted_names(&self, begin: usize, end: usize) -> Vec<usize> {
        let mut names = Vec::new();
        let mut at = begin + 1;
        while at < end {
            names.push(at);
            at = self.after(at + 1);
        }
        // A stable sort: members with the same key keep their order.
        names.sort_by(|&a, &b| self.key(a).cmp(self.key(b)));
        names
    }

    /// The decoded key of the name held at `at`.
    fn key(&self, at: usize) -> &[u8] {
        match &self.held[at] {
            Held::Name { key, .. } => &self.text[key.clone()],
            other => unreachable!("an object member starts with its name, not {other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use jetwire_json::{ReadOptions, Reader, WriteOptions};

    use super::*;

    /// `json` minified, its keys sorted.
    fn sorted(json: &str) -> String {
        let mut reader = Reader::with_options(json.as_bytes(), ReadOptions::default());
        let mut writer = Writer::with_options(WriteOptions::default());
        let mut sort = SortKeys::default();
        while let Some(token) = reader.next_token().unwrap() {
            sort.token(token, &mut writer).unwrap();
        }
        assert!(sort.open.is_empty() && sort.held.is_empty());
        String::from_utf8(writer.into_vec()).unwrap()
    }

    #[test]
    fn sorts_every_object_and_keeps_arrays_in_order() {
        assert_eq!(
            sorted(r#"{"b": 1, "a": [3, {"z": 0, "y": {}}, 1]}"#),
            r#"{"a":[3,{"y":{},"z":0},1],"b":1}"#
        );
        assert_eq!(
            sorted(r#"[{"b": 1, "a": 2}, 3, {"d": [], "c": null}]"#),
            r#"[{"a":2,"b":1},3,{"c":null,"d":[]}]"#
        );
        assert_eq!(sorted("[1, [2, [3]]]"), "[1,[2,[3]]]");
        assert_eq!(sorted(r#""x""#), r#""x""#);
        assert_eq!(sorted("{}"), "{}");
    }

    #[test]
    fn orders_keys_by_code_point_after_decoding() {
        // U+00E9 (written escaped) < U+4E2D < U+1F600, and all above ASCII; `B` < `a`.
        let json = r#"{"😀": 1, "中": 2, "\u00e9": 3, "a": 4, "B": 5, "": 6}"#;
        assert_eq!(sorted(json), r#"{"":6,"B":5,"a":4,"\u00e9":3,"中":2,"😀":1}"#);
        // The same key spelled two ways, and a repeated key: their order is kept.
        let json = r#"{"b": 1, "\u00e9": "escaped", "a": 1, "é": "raw", "a": 2}"#;
        assert_eq!(sorted(json), r#"{"a":1,"a":2,"b":1,"\u00e9":"escaped","é":"raw"}"#);
    }

    #[test]
    fn keeps_every_spelling() {
        let json = r#"{"n": [1.50e+02, -0, 1E400], "s": "\ud800 \/ \u00e9 é"}"#;
        assert_eq!(sorted(json), r#"{"n":[1.50e+02,-0,1E400],"s":"\ud800 \/ \u00e9 é"}"#);
    }

    #[test]
    fn deep_nesting_takes_no_recursion() {
        let depth = 100_000;
        let json = format!("{}{}", "{\"k\":[".repeat(depth), "]}".repeat(depth));
        let mut reader = Reader::with_options(
            json.as_bytes(),
            ReadOptions { max_depth: 2 * depth, ..ReadOptions::default() },
        );
        let mut writer = Writer::new();
        let mut sort = SortKeys::default();
        while let Some(token) = reader.next_token().unwrap() {
            sort.token(token, &mut writer).unwrap();
        }
        assert_eq!(writer.into_vec(), json.into_bytes());
    }
}
