//! A small strict JSON parser for the checks, independent of every library under test. It keeps
//! each number's spelling (so nothing is rounded before the comparison) and never recurses.

use super::Tree;

/// The deepest nesting the checks take. Trees are compared and dropped recursively, so the
/// parser refuses deeper documents (every peer refuses them long before: serde_json at 128).
pub const MAX_DEPTH: usize = 4096;

/// Reads `bytes` as one JSON document (RFC 8259, UTF-8, whitespace around it allowed).
pub fn parse(bytes: &[u8]) -> Result<Tree, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8: {e}"))?;
    let mut parser = Parser { text, at: 0 };
    let value = parser.document()?;
    parser.skip_whitespace();
    if parser.at != text.len() {
        return Err(parser.error("the end of the document"));
    }
    Ok(value)
}

/// An open container and what it has so far.
enum Open {
    Array(Vec<Tree>),
    /// The members so far, and the key whose value is being read.
    Object(Vec<(String, Tree)>, String),
}

struct Parser<'a> {
    text: &'a str,
    at: usize,
}

impl Parser<'_> {
    fn error(&self, expected: &str) -> String {
        let found: String = self.text[self.at..].chars().take(12).collect();
        format!("expected {expected} at byte {}, found {found:?}", self.at)
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn eat(&mut self, byte: u8) -> bool {
        self.skip_whitespace();
        let found = self.peek() == Some(byte);
        self.at += usize::from(found);
        found
    }

    /// The document's one value, containers held on a heap stack.
    fn document(&mut self) -> Result<Tree, String> {
        let mut stack: Vec<Open> = Vec::new();
        'value: loop {
            // Start a value: a scalar completes at once, a container is opened.
            self.skip_whitespace();
            let mut done = match self.peek() {
                Some(b'[') => {
                    self.at += 1;
                    if self.eat(b']') {
                        Tree::Array(Vec::new())
                    } else {
                        self.deeper(&stack)?;
                        stack.push(Open::Array(Vec::new()));
                        continue 'value;
                    }
                }
                Some(b'{') => {
                    self.at += 1;
                    if self.eat(b'}') {
                        Tree::Object(Vec::new())
                    } else {
                        self.deeper(&stack)?;
                        let key = self.key()?;
                        stack.push(Open::Object(Vec::new(), key));
                        continue 'value;
                    }
                }
                _ => self.scalar()?,
            };
            // Hand the finished value to its container; close every container it finishes.
            loop {
                match stack.last_mut() {
                    None => return Ok(done),
                    Some(Open::Array(elements)) => {
                        elements.push(done);
                        if self.eat(b',') {
                            continue 'value;
                        }
                        if !self.eat(b']') {
                            return Err(self.error("`,` or `]`"));
                        }
                    }
                    Some(Open::Object(members, key)) => {
                        members.push((std::mem::take(key), done));
                        if self.eat(b',') {
                            *key = self.key()?;
                            continue 'value;
                        }
                        if !self.eat(b'}') {
                            return Err(self.error("`,` or `}`"));
                        }
                    }
                }
                done = match stack.pop() {
                    Some(Open::Array(elements)) => Tree::Array(elements),
                    Some(Open::Object(members, _)) => Tree::Object(members),
                    None => unreachable!("the loop returns on an empty stack"),
                };
            }
        }
    }

    /// Refuses to open a container past [`MAX_DEPTH`].
    fn deeper(&self, stack: &[Open]) -> Result<(), String> {
        if stack.len() >= MAX_DEPTH {
            return Err(format!("nesting deeper than {MAX_DEPTH} levels at byte {}", self.at));
        }
        Ok(())
    }

    /// A property name and its colon.
    fn key(&mut self) -> Result<String, String> {
        self.skip_whitespace();
        if self.peek() != Some(b'"') {
            return Err(self.error("a property name"));
        }
        let key = self.string()?;
        if !self.eat(b':') {
            return Err(self.error("`:`"));
        }
        Ok(key)
    }

    fn scalar(&mut self) -> Result<Tree, String> {
        for (word, value) in [("null", Tree::Null), ("true", Tree::Bool(true)), ("false", Tree::Bool(false))]
        {
            if self.text[self.at..].starts_with(word) {
                self.at += word.len();
                return Ok(value);
            }
        }
        match self.peek() {
            Some(b'"') => self.string().map(Tree::Str),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(self.error("a value")),
        }
    }

    /// A number, checked against JSON's grammar and kept as spelled.
    fn number(&mut self) -> Result<Tree, String> {
        let start = self.at;
        let bytes = self.text.as_bytes();
        let digits = |at: &mut usize| {
            let from = *at;
            while bytes.get(*at).is_some_and(u8::is_ascii_digit) {
                *at += 1;
            }
            *at - from
        };
        let mut at = self.at;
        if bytes[at] == b'-' {
            at += 1;
        }
        let leading_zero = bytes.get(at) == Some(&b'0');
        let integer_digits = digits(&mut at);
        let mut valid = integer_digits > 0 && (!leading_zero || integer_digits == 1);
        if bytes.get(at) == Some(&b'.') {
            at += 1;
            valid &= digits(&mut at) > 0;
        }
        if matches!(bytes.get(at), Some(b'e' | b'E')) {
            at += 1;
            if matches!(bytes.get(at), Some(b'+' | b'-')) {
                at += 1;
            }
            valid &= digits(&mut at) > 0;
        }
        if !valid {
            return Err(self.error("a number"));
        }
        self.at = at;
        Ok(Tree::Number(self.text[start..at].to_owned()))
    }

    /// A string, its escapes decoded; an unpaired surrogate escape is an error.
    fn string(&mut self) -> Result<String, String> {
        self.at += 1; // the opening quote
        let mut out = String::new();
        loop {
            let rest = &self.text[self.at..];
            let stop = rest
                .bytes()
                .position(|b| b == b'"' || b == b'\\' || b < 0x20)
                .ok_or_else(|| self.error("the end of the string"))?;
            out.push_str(&rest[..stop]);
            self.at += stop;
            match self.text.as_bytes()[self.at] {
                b'"' => {
                    self.at += 1;
                    return Ok(out);
                }
                b'\\' => {
                    self.at += 1;
                    let escaped = self.peek().ok_or_else(|| self.error("an escape"))?;
                    self.at += 1;
                    out.push(match escaped {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode_escape()?,
                        _ => return Err(self.error("an escape")),
                    });
                }
                _ => return Err(self.error("a character that needs no escape")),
            }
        }
    }

    /// The character of a `\u` escape (the `\u` read), a surrogate pair taken whole.
    fn unicode_escape(&mut self) -> Result<char, String> {
        let first = self.hex4()?;
        let code = if (0xD800..0xDC00).contains(&first) {
            if !self.text[self.at..].starts_with("\\u") {
                return Err(self.error("the second half of a surrogate pair"));
            }
            self.at += 2;
            let second = self.hex4()?;
            if !(0xDC00..0xE000).contains(&second) {
                return Err(self.error("a low surrogate"));
            }
            0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else {
            first
        };
        char::from_u32(code).ok_or_else(|| self.error("a Unicode scalar value"))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self.text.get(self.at..self.at + 4).ok_or_else(|| self.error("four hex digits"))?;
        let value = u32::from_str_radix(digits, 16).map_err(|_| self.error("four hex digits"))?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(self.error("four hex digits"));
        }
        self.at += 4;
        Ok(value)
    }
}
