//! A read-only JSON document on a tape: the fastest way to read JSON without a schema.
//!
//! A [`Parser`] parses a document into one array of 16-byte slots in document order (a
//! *tape*; see `tape.rs` for the layout) and hands back its root as a [`Node`]: a position on
//! that tape, as cheap to copy as a reference. Strings without escapes are not copied (their
//! slots point into the input, which the document borrows); escaped strings are decoded into
//! one buffer; numbers are converted once and keep their source text. Reusing the parser keeps
//! its buffers, so parsing the next document allocates nothing unless it is larger: where a
//! [`Value`](crate::Value) read allocates every string, key and container, a document parse
//! allocates a small constant.
//!
//! What a `Node` gives and what it does not:
//!
//! - reading: [`kind`](Node::kind), the `as_*` methods, [`get`](Node::get) (a linear search of
//!   the object's members), [`at`](Node::at), [`pointer`](Node::pointer), the
//!   [`elements`](Node::elements) and [`members`](Node::members) iterators;
//! - writing: `to_string()`, `{:#}`, and every writer of the crate (it is
//!   [`ToJson`](crate::ToJson)), as the document has it: members in order, a repeated key as
//!   often as it appears, numbers in their source spelling;
//! - editing: none. [`Node::to_value`] builds the editable [`Value`](crate::Value) that
//!   reading the text as a `Value` gives, without recursion.
//!
//! The same limits hold as for every read: nesting is bounded by
//! [`ReadOptions::max_depth`](crate::ReadOptions::max_depth), and nothing here recurses (the
//! parse, the write and the conversion keep their own stacks), so no document can overflow
//! the call stack. Only whole documents in memory are parsed; input in pieces reads into a
//! `Value` or a typed value.
//!
//! ```
//! use jetwire_json::document::{Kind, Parser};
//!
//! let mut parser = Parser::new();
//! for text in [&br#"{"user": {"name": "Ada", "langs": ["en", "fr"]}}"#[..], br#"{"user": null}"#] {
//!     let doc = parser.parse(text)?;
//!     match doc.pointer("/user").map(|user| user.kind()) {
//!         Some(Kind::Object) => assert_eq!(doc.pointer("/user/langs/1").unwrap().as_str(), Some("fr")),
//!         other => assert_eq!(other, Some(Kind::Null)),
//!     }
//! }
//! # Ok::<(), jetwire_json::Error>(())
//! ```

mod build;
mod convert;
mod node;
mod tape;
mod write;

pub use node::{Elements, Kind, Members, Node};

use crate::error::Result;
use crate::read::{ReadOptions, Reader};
use build::Tape;

/// A parsed document that owns its text: for keeping a document (in a struct, across calls)
/// where a [`Parser`]'s borrowed one will not do. Each parse allocates its own tape.
///
/// ```
/// use jetwire_json::document::Document;
///
/// struct Config {
///     doc: Document,
/// }
///
/// let config = Config { doc: Document::parse(br#"{"port": 8080}"#.to_vec())? };
/// assert_eq!(config.doc.root().get("port").and_then(|p| p.as_u64()), Some(8080));
/// # Ok::<(), jetwire_json::Error>(())
/// ```
pub struct Document {
    input: Box<[u8]>,
    tape: Tape,
}

impl Document {
    /// Parses `input`, one JSON document with only whitespace around it.
    pub fn parse(input: impl Into<Box<[u8]>>) -> Result<Document> {
        Document::parse_with(input, ReadOptions::default())
    }

    /// Parses `input` with `options`.
    pub fn parse_with(input: impl Into<Box<[u8]>>, options: ReadOptions) -> Result<Document> {
        let input = input.into();
        let mut tape = Tape::default();
        tape.parse(&mut Reader::with_options(&input, options), &input)?;
        Ok(Document { input, tape })
    }

    /// The document's root value.
    pub fn root(&self) -> Node<'_> {
        Node { input: &self.input, tape: &self.tape, at: 0 }
    }

    /// The document's text, as given.
    pub fn text(&self) -> &[u8] {
        &self.input
    }
}

impl std::str::FromStr for Document {
    type Err = crate::Error;

    /// Parses a copy of `text`.
    fn from_str(text: &str) -> Result<Document> {
        Document::parse(text.as_bytes())
    }
}

impl std::fmt::Debug for Document {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Document({})", self.root())
    }
}

/// Parses JSON documents into a tape it keeps, reused from one document to the next.
///
/// ```
/// let mut parser = jetwire_json::document::Parser::new();
/// let doc = parser.parse(br#"[1, "two", {"three": 3.0}]"#)?;
/// assert_eq!(doc.len(), Some(3));
/// assert_eq!(doc.to_string(), r#"[1,"two",{"three":3.0}]"#);
/// let err = parser.parse(b"[1, 2").unwrap_err();
/// assert_eq!(err.to_string(), "expected `,` or `]`, found end of input at line 1, column 6 (byte 5)");
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Default)]
pub struct Parser {
    tape: Tape,
    options: ReadOptions,
}

impl Parser {
    /// A parser with the default [`ReadOptions`]; it allocates its buffers on the first parse.
    pub fn new() -> Parser {
        Parser::default()
    }

    /// A parser that reads with `options` (its depth limit, for one).
    pub fn with_options(options: ReadOptions) -> Parser {
        Parser { tape: Tape::default(), options }
    }

    /// Parses `input`, one JSON document with only whitespace around it, and returns its root.
    /// The document lives until the next parse; it borrows `input`.
    pub fn parse<'a>(&'a mut self, input: &'a [u8]) -> Result<Node<'a>> {
        let mut reader = Reader::with_options(input, self.options);
        self.tape.parse(&mut reader, input)?;
        Ok(Node { input, tape: &self.tape, at: 0 })
    }

    /// Parses `input` as [`parse`](Self::parse) does.
    pub fn parse_str<'a>(&'a mut self, input: &'a str) -> Result<Node<'a>> {
        self.parse(input.as_bytes())
    }

    /// The heap memory the parser holds: its tape and its decoded text, at their capacity.
    ///
    /// ```
    /// let mut parser = jetwire_json::document::Parser::new();
    /// assert_eq!(parser.heap_bytes(), 0);
    /// parser.parse(br#"{"a": [1, 2, 3]}"#)?;
    /// assert!(parser.heap_bytes() >= 6 * 16);
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.tape.heap_bytes()
    }
}
