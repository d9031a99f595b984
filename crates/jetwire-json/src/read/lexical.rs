//! Lexical pieces of the grammar: strings and their escapes, numbers, literals.

use jetwire_core::scan;

use super::{Reader, ScannedNumber, numbers, strings};
use crate::error::{Category, Error, Result};

impl<'de> Reader<'de> {
    /// Scans the string whose opening quote is at `pos`, validating escapes and rejecting
    /// control bytes. Returns the content's range and whether it has escapes.
    #[inline(always)]
    pub(super) fn scan_string(&mut self) -> Result<(usize, usize, bool)> {
        let start = self.pos + 1;
        let mut i = start;
        let mut has_escapes = false;
        loop {
            match scan::find_string_special(&self.input[i..]) {
                Some(offset) => i += offset,
                None => return self.resume_string(start - 1, self.unterminated_string(start - 1)),
            }
            match self.input[i] {
                b'"' => break,
                b'\\' => {
                    has_escapes = true;
                    i = match self.validate_escape(i) {
                        Ok(next) => next,
                        Err(err) => return self.resume_string(start - 1, err),
                    };
                }
                _ => return Err(self.control_in_string(i)),
            }
        }
        self.pos = i + 1;
        Ok((start, i, has_escapes))
    }

    /// The string whose quote is at `quote` ran into the end of the window (`err` is the error
    /// should that be the end of the input): read it again from a window that holds more.
    #[cold]
    #[inline(never)]
    fn resume_string(&mut self, quote: usize, err: Error) -> Result<(usize, usize, bool)> {
        match err.is_eof().then(|| self.read_again(quote, Self::scan_string)).flatten() {
            Some(found) => found,
            None => Err(err),
        }
    }

    /// Validates the escape at `input[i]` (a backslash) and returns the index after it. The
    /// valid escapes are checked here, small enough to be inlined where escapes are decoded;
    /// the errors are found out of line.
    #[inline(always)]
    pub(super) fn validate_escape(&self, i: usize) -> Result<usize> {
        match self.input.get(i + 1) {
            Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => Ok(i + 2),
            Some(b'u') => match self.input.get(i + 2..i + 6) {
                Some(&[a, b, c, d]) if strings::are_hex_digits([a, b, c, d]) => Ok(i + 6),
                _ => Err(self.bad_unicode_escape(i)),
            },
            Some(_) => Err(self.invalid_escape(i)),
            None => Err(self.unterminated_string(self.input.len())),
        }
    }

    /// The error for the `\u` escape at `input[i]` that lacks four hex digits: the first byte
    /// that is not one, or the end of the input.
    #[cold]
    #[inline(never)]
    fn bad_unicode_escape(&self, i: usize) -> Error {
        for k in i + 2..i + 6 {
            match self.input.get(k) {
                Some(&h) if strings::hex_value(h).is_some() => {}
                Some(&other) => return self.bad_hex_digit(other, k),
                None => return self.unterminated_string(self.input.len()),
            }
        }
        unreachable!("the four bytes after `\\u` are not all hex digits")
    }

    #[cold]
    #[inline(never)]
    pub(super) fn bad_hex_digit(&self, byte: u8, at: usize) -> Error {
        let found = match byte {
            0x21..=0x7E => format!("`{}`", byte as char),
            _ => format!("byte 0x{byte:02X}"),
        };
        self.error_at(Category::Syntax, format!("expected a hex digit in a `\\u` escape, found {found}"), at)
    }

    #[cold]
    #[inline(never)]
    pub(super) fn unterminated_string(&self, quote: usize) -> Error {
        if self.may_extend() {
            // Only a placeholder: the string is read again from a window that holds more.
            return Error::placeholder();
        }
        self.error_at(
            Category::Eof,
            "expected `\"` to end the string, found end of input".into(),
            self.input.len().max(quote),
        )
    }

    /// Under [`strict_unicode`](super::ReadOptions::strict_unicode), refuses the string whose
    /// source content is `input[start..end]` if it is not well-formed Unicode.
    #[inline(always)]
    pub(super) fn check_text(&self, start: usize, end: usize, has_escapes: bool) -> Result<()> {
        if !self.options.strict_unicode {
            return Ok(());
        }
        self.check_text_strictly(start, end, has_escapes)
    }

    #[inline(never)]
    fn check_text_strictly(&self, start: usize, end: usize, has_escapes: bool) -> Result<()> {
        let raw = &self.input[start..end];
        if strings::as_str(raw).is_none() {
            // Where it goes wrong: the fast check says only whether.
            let valid = std::str::from_utf8(raw).map_or_else(|err| err.valid_up_to(), str::len);
            let at = start + valid;
            let byte = self.input[at];
            return Err(self.error_at(
                Category::Syntax,
                format!(
                    "expected UTF-8 text in a string, found byte 0x{byte:02X}, which is not well-formed \
                     UTF-8 there (`strict_unicode` refuses it; without it, it reads as U+FFFD)"
                ),
                at,
            ));
        }
        if !has_escapes {
            return Ok(());
        }
        match strings::unpaired_surrogate(raw) {
            Some(at) => Err(self.error_at(
                Category::Syntax,
                format!(
                    "expected a character, found the unpaired surrogate escape `{}` (`strict_unicode` \
                     refuses it; without it, it reads as U+FFFD)",
                    String::from_utf8_lossy(&raw[at..at + 6])
                ),
                start + at,
            )),
            None => Ok(()),
        }
    }

    #[cold]
    #[inline(never)]
    pub(super) fn control_in_string(&self, i: usize) -> Error {
        let byte = self.input[i];
        self.error_at(
            Category::Syntax,
            format!(
                "expected a string character, found control byte 0x{byte:02X} (escape it as \\u{byte:04X})"
            ),
            i,
        )
    }

    #[cold]
    #[inline(never)]
    pub(super) fn invalid_escape(&self, i: usize) -> Error {
        let (found, _) = self.describe(i + 1);
        self.error_at(
            Category::Syntax,
            format!("expected an escape (one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u), found \\ followed by {found}"),
            i,
        )
    }

    /// Scans the number at `pos` and moves past it. (A window never ends inside a number
    /// unless the input does: see `read/pieces/window.rs`.)
    #[inline(always)]
    pub(super) fn scan_number(&mut self) -> Result<ScannedNumber> {
        match numbers::scan(self.input, self.pos) {
            Ok(number) => {
                self.pos = number.end;
                Ok(number)
            }
            Err(err) => Err(self.number_error(err)),
        }
    }

    /// Moves past the number at `pos` without decoding it, and returns where it starts.
    #[inline(always)]
    pub(super) fn skip_number(&mut self) -> Result<usize> {
        let start = self.pos;
        self.pos = numbers::skip(self.input, start).map_err(|err| self.number_error(err))?;
        Ok(start)
    }

    #[cold]
    #[inline(never)]
    pub(super) fn number_error(&self, err: numbers::NumberError) -> Error {
        use numbers::NumberError::*;
        match err {
            DigitAfterMinus(at) => self.unexpected_at("a digit after `-`", at),
            LeadingZero(at) => self.error_at(
                Category::Syntax,
                "expected a number, found one with a leading zero (`0` may not be followed by digits)".into(),
                at,
            ),
            DigitAfterPoint(at) => self.unexpected_at("a digit after the decimal point", at),
            DigitInExponent(at) => self.unexpected_at("a digit in the exponent", at),
        }
    }

    /// The text of `input[start..end]`, a validated number (plain ASCII). Checked as ASCII a
    /// word at a time: `core::str::from_utf8` cost about 120 instructions per number.
    #[inline]
    pub(super) fn ascii_text(&self, start: usize, end: usize) -> &'de str {
        strings::as_str(&self.input[start..end]).expect("a scanned number is ASCII")
    }

    /// Consumes `literal` at `pos`.
    #[inline(always)]
    pub(super) fn expect_literal(&mut self, literal: &'static [u8]) -> Result<()> {
        if self.input[self.pos..].starts_with(literal) {
            self.pos += literal.len();
            Ok(())
        } else {
            self.literal_mismatch(literal)
        }
    }

    /// A literal that does not match: cut short by the end of the window (read it again from
    /// one that holds more), or wrong.
    #[cold]
    #[inline(never)]
    fn literal_mismatch(&mut self, literal: &'static [u8]) -> Result<()> {
        let rest = &self.input[self.pos..];
        let cut_short = rest.len() < literal.len() && literal.starts_with(rest);
        match cut_short.then(|| self.read_again(self.pos, |reader| reader.expect_literal(literal))).flatten()
        {
            Some(done) => done,
            None => Err(self.literal_error(literal)),
        }
    }

    #[cold]
    #[inline(never)]
    pub(super) fn literal_error(&self, literal: &[u8]) -> Error {
        if let Some(placeholder) = self.starved_error() {
            return placeholder;
        }
        let expected = format!("`{}`", String::from_utf8_lossy(literal));
        let rest = &self.input[self.pos..];
        if literal.starts_with(rest) {
            // A literal cut short by the end of the input: truncation, not bad input.
            let found = String::from_utf8_lossy(rest);
            return self.error_here(
                Category::Eof,
                format!("expected {expected}, found `{found}` and the end of input"),
            );
        }
        self.unexpected(&expected)
    }
}
