//! The reader's errors: positioned in the original input, with messages that name what was
//! expected and what was found. Everything here is built on cold paths.

use super::{JsonStr, Reader, Token};
use crate::error::{Category, Error};

impl<'de> Reader<'de> {
    /// An error of `category` at the reader's position.
    #[cold]
    #[inline(never)]
    pub(super) fn error_here(&self, category: Category, message: String) -> Error {
        self.error_at(category, message, self.pos)
    }

    #[cold]
    #[inline(never)]
    pub(super) fn error_at(&self, category: Category, message: String, pos: usize) -> Error {
        self.error_at_offset(category, message, self.base + pos)
    }

    /// "expected {expected}, found {what is at pos}", as a syntax error (an eof error at the end).
    #[cold]
    #[inline(never)]
    pub(super) fn unexpected(&self, expected: &str) -> Error {
        self.unexpected_at(expected, self.pos)
    }

    #[cold]
    #[inline(never)]
    pub(super) fn unexpected_at(&self, expected: &str, pos: usize) -> Error {
        if let Some(placeholder) = self.starved_error() {
            return placeholder;
        }
        let (found, at_end) = self.describe(pos);
        let category = if at_end { Category::Eof } else { Category::Syntax };
        let hint = self.hint_at(pos);
        self.error_at(category, format!("expected {expected}, found {found}{hint}"), pos)
    }

    /// What to say of the common near-JSON found at `pos`, which a generic message leaves
    /// baffling: a comment, a trailing comma (both of which an option accepts), a byte-order
    /// mark. Empty for anything else.
    #[cold]
    fn hint_at(&self, pos: usize) -> &'static str {
        let (rest, before) = match self.hint_context(pos) {
            Some((rest, before)) => (std::borrow::Cow::Owned(rest), before),
            None => {
                let rest = self.input.get(pos..).unwrap_or_default();
                let before =
                    self.input[..pos.min(self.input.len())].iter().rev().find(|b| !b.is_ascii_whitespace());
                (std::borrow::Cow::Borrowed(rest), before.copied())
            }
        };
        if (rest.starts_with(b"//") || rest.starts_with(b"/*")) && !self.options.allow_comments {
            return ": comments are not JSON (`ReadOptions::allow_comments` accepts them)";
        }
        if rest.starts_with(crate::error::BYTE_ORDER_MARK) {
            return ": JSON text must not start with one (strip it before reading)";
        }
        if matches!(rest.first(), Some(b']' | b'}'))
            && before == Some(b',')
            && !self.options.allow_trailing_commas
        {
            return ": a trailing comma is not JSON (`ReadOptions::allow_trailing_commas` accepts it)";
        }
        ""
    }

    /// A [`Category::Data`] error at the reader's position, for typed reads whose JSON is well
    /// formed but does not fit.
    #[cold]
    #[inline(never)]
    pub fn data_error(&self, message: impl core::fmt::Display) -> Error {
        self.error_here(Category::Data, message.to_string())
    }

    /// The error for a required field that the object did not have, the field in its path
    /// (`/storage/bucket` when `bucket` is missing from the object at `/storage`), positioned
    /// where the reader stands (the object's end, for derived types).
    #[cold]
    #[inline(never)]
    pub fn missing_field(&self, name: &str) -> Error {
        self.data_error(format_args!("missing field `{name}`")).prepend_key(name)
    }

    /// The error for a field that appears twice in one object.
    #[cold]
    #[inline(never)]
    pub fn duplicate_field(&self, name: &str) -> Error {
        self.data_error(format_args!("duplicate field `{name}`"))
    }

    /// The error for a field the type does not know (under `deny_unknown_fields`), the field
    /// in its path. [`unknown_key`](Self::unknown_key) also points at the key.
    #[cold]
    #[inline(never)]
    pub fn unknown_field(&self, name: &str, expected: &'static [&'static str]) -> Error {
        self.data_error(format_args!("unknown field `{name}`, {}", one_of(expected))).prepend_key(name)
    }

    /// [`unknown_field`](Self::unknown_field) for the property name `key` just read: the
    /// error's line and column are the key's (its opening quote) rather than its value's.
    #[cold]
    #[inline(never)]
    pub fn unknown_key(&self, key: &JsonStr<'_>, expected: &'static [&'static str]) -> Error {
        let name = key.decoded();
        let message = format!("unknown field `{name}`, {}", one_of(expected));
        // The key's bytes lie in the input unless they were copied from across two pieces.
        let input = self.input.as_ptr_range();
        let raw = key.raw().as_ptr();
        let err = if input.contains(&raw) {
            let quote = (raw as usize - input.start as usize).saturating_sub(1);
            self.error_at(Category::Data, message, quote)
        } else {
            self.error_here(Category::Data, message)
        };
        err.prepend_key(&name)
    }

    /// The error for an enum variant name the type does not know.
    #[cold]
    #[inline(never)]
    pub fn unknown_variant(&self, name: &str, expected: &'static [&'static str]) -> Error {
        self.data_error(format_args!("unknown variant `{name}`, {}", one_of(expected)))
    }

    /// The error for a value that starts with a byte no value starts with (after
    /// [`value_start`](Self::value_start)), as the token path reports it.
    #[cold]
    #[inline(never)]
    pub(crate) fn not_a_value(&mut self) -> Error {
        match self.next_token() {
            Err(err) => err,
            Ok(_) => self.type_error("a value"),
        }
    }

    /// The error for a value of the wrong kind: "expected {expected}, found {what the next token is}".
    #[cold]
    #[inline(never)]
    pub fn type_error(&mut self, expected: &str) -> Error {
        let found = match self.peek() {
            Ok(kind) => self.quote_scalar().unwrap_or_else(|| kind.describe().to_owned()),
            Err(err) => return err,
        };
        if !matches!(self.input[self.pos], b'{' | b'[') {
            // A malformed or truncated scalar is a syntax or end-of-input error, not a
            // mismatch of types: `nan` is not `null`, and `[t` is cut short.
            if let Err(err) = self.clone().skip_value() {
                return err;
            }
        }
        let pos = self.skip_whitespace_at(self.pos);
        self.error_at(Category::Data, format!("expected {expected}, found {found}"), pos)
    }
}

impl Reader<'_> {
    /// The scalar at the reader's position with its value, as serde_json quotes it: `the
    /// string "1"`, `the number 1.5`, `the boolean true` (a long string cut to its first
    /// characters); `None` for anything else.
    #[cold]
    fn quote_scalar(&self) -> Option<String> {
        const SHOWN: usize = 40;
        match self.clone().next_token().ok()?? {
            Token::String(text) => {
                let text = text.decoded();
                let mut shown: String = text.chars().take(SHOWN).collect();
                if shown.len() < text.len() {
                    shown.push_str("...");
                }
                Some(format!("the string {shown:?}"))
            }
            Token::Number(number) => Some(format!("the number {}", number.as_str())),
            Token::Bool(value) => Some(format!("the boolean {value}")),
            _ => None,
        }
    }
}

/// "expected one of `a`, `b`" for unknown field and variant messages.
pub(crate) fn one_of(expected: &[&str]) -> String {
    match expected {
        [] => "there are none".to_owned(),
        [only] => format!("expected `{only}`"),
        _ => {
            let names: Vec<String> = expected.iter().map(|name| format!("`{name}`")).collect();
            format!("expected one of {}", names.join(", "))
        }
    }
}
