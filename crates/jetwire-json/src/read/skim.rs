//! Validating containers from their structure, 64 bytes at a time: the fast path of
//! [`Reader::skip_value`](super::Reader::skip_value), on one slice and in the windows of input in
//! pieces.
//!
//! [`jetwire_core::structure`] finds where every token starts; this module walks those starts
//! through the grammar, checking each scalar with the reader's own number rules and each
//! string's escapes and control bytes, but never visiting string contents or whitespace byte by
//! byte. (Like the token path, it accepts ill-formed UTF-8 in strings: the reader replaces it
//! when a string is decoded as text.)
//!
//! A walk answers "valid, and ends here", or "valid up to this comma directly inside the
//! container" (when it meets an invalid token, the end of its slice or nesting deeper than it
//! tracks). On the second answer the reader takes what is before the comma as read and goes on
//! token by token, which finds the error (or reads across the window's edge, or the deep
//! nesting) and reports it exactly as before: a walk never builds an error and never moves the
//! reader past an invalid token, so it cannot report a different one.

use jetwire_core::structure::{BLOCK, BlockTokens, Structure, index_blocks};

use super::{numbers, strings};

/// The deepest nesting the walk tracks (one bit per level); deeper values take the token path.
const MAX_DEPTH: usize = 256;

/// The most blocks indexed at once. Batches start at one block and double up to this, so that a
/// small value is not indexed far past its end and a large one pays for few calls.
const MAX_BATCH: usize = 16;

/// Where a walk starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Start {
    /// At the `[` or `{` of the container to walk.
    Open,
    /// Inside a container the caller has opened (an object when `in_object`), after one of its
    /// values: a `,` or the container's end comes next.
    AfterValue { in_object: bool },
}

/// What a walk found out about its container: the one opened at the start, or the one it
/// started inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Walked {
    /// Valid; it ends just before this index.
    End(usize),
    /// Not known to be valid as a whole (invalid, cut by the end of the input, or nested deeper
    /// than the walk tracks), but valid up to `last_comma`, the last `,` directly inside it, if
    /// any: a reader may take everything before it as read. The walk looked no further than
    /// `reached`; another walk starting before it would stop in the same place.
    Upto { last_comma: Option<usize>, reached: usize },
}

/// Walks the container at (or around) `input[start]` by its structure, nested at most
/// `depth_limit` deep below it (not counting the container itself when the walk starts inside).
///
/// The walk's place in the code is the grammar's state: one loop for "a value starts here"
/// ([`value`]), one for "after a value", so that each kind of token is checked where it can
/// occur.
pub(crate) fn walk(input: &[u8], start: usize, from: Start, depth_limit: usize) -> Walked {
    let mut blocks = Blocks::new(input, start);
    let mut last_comma = None;
    match walk_to_end(input, &mut Tokens::new(&mut blocks), start, from, depth_limit, &mut last_comma) {
        Some(end) => Walked::End(end),
        None => Walked::Upto { last_comma, reached: blocks.unindexed.min(input.len()) },
    }
}

/// [`walk`]'s loops: the end, or `None` with `last_comma` holding the last comma directly
/// inside the container.
#[inline(always)]
fn walk_to_end(
    input: &[u8],
    tokens: &mut Tokens<'_, '_>,
    start: usize,
    from: Start,
    depth_limit: usize,
    last_comma: &mut Option<usize>,
) -> Option<usize> {
    let mut nesting;
    match from {
        Start::Open => {
            if !matches!(input.get(start), Some(b'[' | b'{')) {
                return None;
            }
            nesting = Nesting::new(depth_limit);
            let at = tokens.next()?;
            if let Value::Ended(end) = value(input, tokens, &mut nesting, at)? {
                return Some(end);
            }
        }
        Start::AfterValue { in_object } => {
            // The container the walk starts inside counts as a level of its own.
            nesting = Nesting::new(depth_limit.saturating_add(1));
            nesting.open(in_object)?;
        }
    }
    // After a value: a comma and the next value, or the end of a container.
    loop {
        let mut at = tokens.next()?;
        match input[at] {
            b',' => {
                if nesting.depth == 1 {
                    *last_comma = Some(at);
                }
                at = tokens.next()?;
                if nesting.in_object() {
                    if input[at] != b'"' {
                        return None;
                    }
                    at = tokens.after_name()?;
                }
                match value(input, tokens, &mut nesting, at)? {
                    Value::Ended(end) => return Some(end),
                    Value::Done => continue,
                }
            }
            b']' if !nesting.in_object() => {}
            b'}' if nesting.in_object() => {}
            _ => return None,
        }
        if nesting.close() {
            return Some(at + 1);
        }
    }
}

/// How [`value`] left the walk.
enum Value {
    /// A value is complete: what may follow a value comes next.
    Done,
    /// The value was an empty container that closed the outermost one, which ends before this
    /// index.
    Ended(usize),
}

/// Walks the value that starts at `at`, down through the first tokens of the containers it
/// opens, until a value is complete (a scalar, a string, an empty container).
#[inline(always)]
fn value(input: &[u8], tokens: &mut Tokens<'_, '_>, nesting: &mut Nesting, mut at: usize) -> Option<Value> {
    loop {
        let closed_empty = match input[at] {
            b'[' => {
                nesting.open(false)?;
                at = tokens.next()?;
                if input[at] != b']' {
                    continue;
                }
                true
            }
            b'{' => {
                nesting.open(true)?;
                at = tokens.next()?;
                match input[at] {
                    b'}' => true,
                    b'"' => {
                        at = tokens.after_name()?;
                        continue;
                    }
                    _ => return None,
                }
            }
            b'"' => false,
            b'-' | b'0'..=b'9' => {
                ends_scalar(input, numbers::skip_windowed(input, at).ok()?)?;
                false
            }
            b't' => literal(input, at, b"true").map(|()| false)?,
            b'f' => literal(input, at, b"false").map(|()| false)?,
            b'n' => literal(input, at, b"null").map(|()| false)?,
            _ => return None,
        };
        return Some(if closed_empty && nesting.close() { Value::Ended(at + 1) } else { Value::Done });
    }
}

/// Whether `input[start..]` begins with a complete, valid JSON array or object nested at most
/// `depth_limit` deep, and if so the index one past its end: [`walk`] from [`Start::Open`].
#[cfg(test)]
fn container_end(input: &[u8], start: usize, depth_limit: usize) -> Option<usize> {
    match walk(input, start, Start::Open, depth_limit) {
        Walked::End(end) => Some(end),
        Walked::Upto { .. } => None,
    }
}

/// Checks that the literal `word` is at `input[at..]` and ends there.
#[inline(always)]
fn literal(input: &[u8], at: usize, word: &[u8]) -> Option<()> {
    if !input[at..].starts_with(word) {
        return None;
    }
    ends_scalar(input, at + word.len())
}

/// The token starts of the input, one at a time: the current block's starts, and where to get
/// the next blocks' ([`Blocks`]).
///
/// The cursor (`base`, `starts`) is a value of its own, apart from the batch, which the
/// out-of-line [`Blocks::next_block`] takes by reference: so that the cursor's address never
/// leaves the walk and it stays in registers, instead of being stored and loaded back around
/// every token.
struct Tokens<'b, 'a> {
    blocks: &'b mut Blocks<'a>,
    /// The input offset of the current block.
    base: usize,
    /// The current block's token starts not yet handed out.
    starts: u64,
}

impl<'b, 'a> Tokens<'b, 'a> {
    fn new(blocks: &'b mut Blocks<'a>) -> Self {
        Tokens { base: blocks.base, blocks, starts: 0 }
    }

    /// The input offset of the next token's first byte; `None` at the end of the input, or
    /// where a string holds a control byte or an invalid escape.
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.starts == 0 {
            (self.base, self.starts) = self.blocks.next_block()?;
        }
        let at = self.base + self.starts.trailing_zeros() as usize;
        self.starts &= self.starts - 1;
        Some(at)
    }

    /// After a property name: the colon, and the start of the value after it.
    #[inline(always)]
    fn after_name(&mut self) -> Option<usize> {
        let colon = self.next()?;
        if self.blocks.input[colon] != b':' {
            return None;
        }
        self.next()
    }
}

/// The blocks of the input, in batches of blocks indexed at once.
struct Blocks<'a> {
    input: &'a [u8],
    structure: Structure,
    batch: [BlockTokens; MAX_BATCH],
    /// Blocks indexed in `batch`.
    filled: usize,
    /// The index in `batch` of the block after the current one.
    next: usize,
    /// How many blocks the next batch indexes.
    batch_len: usize,
    /// The input offset of the current block.
    base: usize,
    /// The input offset of the first block not yet indexed.
    unindexed: usize,
}

impl<'a> Blocks<'a> {
    fn new(input: &'a [u8], start: usize) -> Self {
        Blocks {
            input,
            structure: Structure::new(),
            batch: [BlockTokens::default(); MAX_BATCH],
            filled: 0,
            next: 0,
            batch_len: 1,
            base: start,
            unindexed: start,
        }
    }

    /// Moves to the next block, indexing a new batch when this one is used up, and checks the
    /// strings in it: the block's input offset and its token starts.
    #[inline(never)]
    fn next_block(&mut self) -> Option<(usize, u64)> {
        if self.next == self.filled {
            if self.unindexed >= self.input.len() {
                return None;
            }
            let batch = &mut self.batch[..self.batch_len];
            self.filled = index_blocks(&mut self.structure, self.input, self.unindexed, batch);
            #[cfg(test)]
            tests::INDEXED_BYTES.set(tests::INDEXED_BYTES.get() + self.filled * BLOCK);
            self.base = self.unindexed;
            self.unindexed += self.filled * BLOCK;
            self.batch_len = (self.batch_len * 2).min(MAX_BATCH);
            self.next = 0;
        } else {
            self.base += BLOCK;
        }
        let block = self.batch[self.next];
        self.next += 1;
        if block.string_controls != 0
            || (block.escaped != 0 && !escapes_are_valid(self.input, self.base, block.escaped))
        {
            return None;
        }
        Some((self.base, block.starts))
    }
}

/// Whether every escape whose escaped byte is marked in `escaped` (relative to `base`) is one of
/// JSON's: `\"`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t` or `\u` and four hex digits.
fn escapes_are_valid(input: &[u8], base: usize, mut escaped: u64) -> bool {
    while escaped != 0 {
        let at = base + escaped.trailing_zeros() as usize;
        escaped &= escaped - 1;
        let valid = match input.get(at) {
            Some(b'"' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => true,
            Some(b'u') => match input.get(at + 1..at + 5) {
                Some(&[a, b, c, d]) => strings::are_hex_digits([a, b, c, d]),
                _ => false,
            },
            _ => false,
        };
        if !valid {
            return false;
        }
    }
    true
}

/// The open containers: one bit per level, set for objects, and the innermost one's kind at
/// hand (asked after every value).
struct Nesting {
    objects: [u64; MAX_DEPTH / 64],
    depth: usize,
    limit: usize,
    in_object: bool,
}

impl Nesting {
    fn new(depth_limit: usize) -> Self {
        Nesting {
            objects: [0; MAX_DEPTH / 64],
            depth: 0,
            limit: depth_limit.min(MAX_DEPTH),
            in_object: false,
        }
    }

    #[inline(always)]
    fn open(&mut self, object: bool) -> Option<()> {
        if self.depth >= self.limit {
            return None;
        }
        let (word, bit) = (self.depth / 64, self.depth % 64);
        self.objects[word] = self.objects[word] & !(1 << bit) | (u64::from(object) << bit);
        self.depth += 1;
        self.in_object = object;
        Some(())
    }

    #[inline(always)]
    fn in_object(&self) -> bool {
        self.in_object
    }

    /// Closes the innermost container; true when it was the outermost.
    #[inline(always)]
    fn close(&mut self) -> bool {
        self.depth -= 1;
        if self.depth == 0 {
            return true;
        }
        let top = self.depth - 1;
        self.in_object = self.objects[top / 64] >> (top % 64) & 1 == 1;
        false
    }
}

/// Whether a scalar that ends at `end` really ends there: the next byte, if any, must be one
/// that ends a token (whitespace, a structural byte or a quote), not more of the same run.
/// Bytes that end a token but may not follow a value here (`:`, `[`, `{`, `"`) are rejected by
/// the walk's next step.
#[inline(always)]
fn ends_scalar(input: &[u8], end: usize) -> Option<()> {
    match input.get(end) {
        None | Some(b' ' | b'\t' | b'\n' | b'\r' | b',' | b':' | b']' | b'}' | b'[' | b'{' | b'"') => {
            Some(())
        }
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        /// How many bytes the walks on this thread have indexed.
        pub(super) static INDEXED_BYTES: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
    }

    /// Skipping a value the walk gives up on deep inside (invalid at its innermost level, or
    /// nested deeper than the walk tracks) indexes each byte a bounded number of times, not
    /// once per level of nesting around the failure.
    #[test]
    fn values_the_walk_gives_up_on_are_not_walked_again_level_by_level() {
        let filler = format!("\"{}\"", "x".repeat(1000));
        for (depth, last, max_depth) in [(100, "nope", 128), (600, "1", 1000)] {
            let text = format!("{}{}{}", format!("[{filler},").repeat(depth), last, "]".repeat(depth));
            let options = super::super::ReadOptions { max_depth, ..Default::default() };
            INDEXED_BYTES.set(0);
            let mut reader = super::super::Reader::with_options(text.as_bytes(), options);
            let skipped = reader.skip_value();
            assert_eq!(skipped.is_ok(), last == "1");
            let indexed = INDEXED_BYTES.get();
            assert!(indexed <= 3 * text.len(), "{indexed} bytes indexed for {} of input", text.len());
        }
    }

    fn token_path(text: &[u8]) -> Option<usize> {
        let mut reader = super::super::Reader::new(text);
        reader.skip_value_token_by_token().ok().map(|()| reader.offset())
    }

    #[test]
    fn agrees_with_the_token_path_on_valid_containers() {
        for text in [
            &br#"[]"#[..],
            br#"{}"#,
            br#"[1, -2.5e3, true, false, null, "s", {"a": [{}]}]"#,
            br#"{"a\"b\\": "\u00e9\n", "c": {"d": [0]}}  trailing"#,
            "[\"caf\u{e9} \u{1F600}\"]".as_bytes(),
            b"[\"\xC3\"]",
        ] {
            let end = token_path(text).unwrap();
            assert_eq!(container_end(text, 0, 128), Some(end), "{}", String::from_utf8_lossy(text));
        }
    }

    #[test]
    fn rejects_what_the_token_path_rejects() {
        for text in [
            &br#"[1,]"#[..],
            br#"[1 2]"#,
            br#"{"a" 1}"#,
            br#"{"a": 1,}"#,
            br#"{1: 2}"#,
            br#"[01]"#,
            br#"[1.]"#,
            br#"[tru]"#,
            br#"[truex]"#,
            br#"[1x]"#,
            br#"["\x"]"#,
            br#"["\u12G4"]"#,
            b"[\"\x01\"]",
            br#"[}"#,
            br#"[-]"#,
            br#"[1.5e]"#,
            br#"{,}"#,
            br#"["a"1]"#,
            br#"{"a":1"b":2}"#,
            br#"["\"#,
            br#"["\u12"#,
            // Control bytes that the AVX2 lookup folds into `:` and `,`.
            b"{\"a\"\x1a1}",
            b"[1\x0c,2]",
            b"[1\x0c]",
            b"[\"a\"\x1a]",
            br#"{]"#,
            br#"[1"#,
            br#"["abc"#,
            br#"[\"a"]"#,
        ] {
            assert!(token_path(text).is_none(), "{}", String::from_utf8_lossy(text));
            assert_eq!(container_end(text, 0, 128), None, "{}", String::from_utf8_lossy(text));
        }
    }

    /// Every JSONTestSuite file and corpus that starts with a container, at several offsets
    /// within a block: where the walk answers, the token path agrees on the end; on every
    /// accepted file (nested within the limit) the walk answers.
    #[test]
    fn agrees_with_the_token_path_on_the_test_data() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata");
        let mut files = Vec::new();
        for dir in ["JSONTestSuite/test_parsing", "json-benchmark"] {
            for entry in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|ext| ext == "json") {
                    files.push(path);
                }
            }
        }
        assert!(files.len() > 300, "test data missing: {}", files.len());
        let mut answered = 0;
        for path in files {
            let bytes = std::fs::read(&path).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            for pad in [0, 1, 31, 63] {
                let mut text = vec![b' '; pad];
                text.extend_from_slice(&bytes);
                let Some(start) = text.iter().position(|b| !b" \t\n\r".contains(b)) else { continue };
                if !matches!(text[start], b'[' | b'{') {
                    continue;
                }
                let walked = container_end(&text, start, 128);
                let tokens = token_path(&text);
                if let Some(end) = walked {
                    assert_eq!(tokens, Some(end), "{name} at {pad}");
                    answered += 1;
                } else if tokens.is_some() {
                    // Only nesting beyond the walk's limit is left to the token path.
                    assert!(name.contains("nesting") || name.contains("open_array"), "{name} at {pad}");
                }
            }
        }
        assert!(answered > 500, "{answered}");
    }

    #[test]
    fn a_walk_that_cannot_finish_reports_its_last_comma_directly_inside() {
        // Cut short, or invalid further on: valid up to the last comma at depth 1.
        let text = br#"[1, {"a": [2, 3]}, "x", [4, 5"#;
        assert!(matches!(walk(text, 0, Start::Open, 128), Walked::Upto { last_comma: Some(22), .. }));
        let text = br#"{"a": 1, "b": [1, 2], "c": tru}"#;
        assert!(matches!(walk(text, 0, Start::Open, 128), Walked::Upto { last_comma: Some(20), .. }));
        assert!(matches!(walk(br#"[[1, 2"#, 0, Start::Open, 128), Walked::Upto { last_comma: None, .. }));
        // Inside a container the caller opened, after a value.
        let text = br#"1, 2, [3]] tail"#;
        assert_eq!(walk(text, 1, Start::AfterValue { in_object: false }, 128), Walked::End(10));
        let text = br#"1 , "b": {"c": null}} tail"#;
        assert_eq!(walk(text, 1, Start::AfterValue { in_object: true }, 128), Walked::End(21));
        assert!(matches!(
            walk(br#"1, 2, [3"#, 1, Start::AfterValue { in_object: false }, 128),
            Walked::Upto { last_comma: Some(4), .. }
        ));
        // The wrong closing bracket for the container the walk started in.
        assert!(matches!(
            walk(br#"1, 2}"#, 1, Start::AfterValue { in_object: false }, 128),
            Walked::Upto { last_comma: Some(1), .. }
        ));
        // The container the walk starts in counts against the depth limit as one level.
        assert_eq!(walk(br#"1, [[]]]"#, 1, Start::AfterValue { in_object: false }, 2), Walked::End(8));
        assert!(matches!(
            walk(br#"1, [[]]]"#, 1, Start::AfterValue { in_object: false }, 1),
            Walked::Upto { last_comma: Some(1), .. }
        ));
    }

    #[test]
    fn leaves_deep_nesting_to_the_token_path() {
        let text = format!("{}{}", "[".repeat(300), "]".repeat(300));
        assert_eq!(container_end(text.as_bytes(), 0, 1000), None);
        assert_eq!(container_end(text.as_bytes(), 0, 100), None);
        let text = format!("{}{}", "[".repeat(100), "]".repeat(100));
        assert_eq!(container_end(text.as_bytes(), 0, 100), Some(200));
        assert_eq!(container_end(text.as_bytes(), 0, 99), None);
        assert_eq!(container_end(b"[]", 0, 0), None);
        assert_eq!(container_end(b"[]", 0, 1), Some(2));
    }
}
