//! Typed scalar reads: each checks that a value may stand here, reads it whole, and names the
//! type it wanted when the JSON does not fit.

use std::borrow::Cow;

use base64::Engine as _;

use jetwire_core::copy::is_ascii_short;
use jetwire_core::output::extend_short;
use jetwire_core::scan;

use super::{JsonStr, Number, Reader, ScannedNumber, State, numbers, strings};
use crate::error::{Category, Error, Result};

macro_rules! read_narrow_integers {
    ($($(#[$doc:meta])* $name:ident -> $ty:ty, $wide:ident;)*) => {$(
        $(#[$doc])*
        #[inline(always)]
        pub fn $name(&mut self) -> Result<$ty> {
            let start = self.number_start(stringify!($ty))?;
            let wide = self.$wide(start, stringify!($ty))?;
            match <$ty>::try_from(wide) {
                Ok(value) => Ok(value),
                Err(_) => Err(self.out_of_range(start, stringify!($ty))),
            }
        }
    )*};
}

impl<'de> Reader<'de> {
    /// Positions the reader at a number value and returns where it starts, or a type error
    /// naming `ty`.
    #[inline(always)]
    fn number_start(&mut self, ty: &str) -> Result<usize> {
        match self.begin_value()? {
            b'-' | b'0'..=b'9' => Ok(self.pos),
            _ => Err(self.type_error(ty)),
        }
    }

    /// Scans the number at `pos` (known to start one) and completes the value.
    #[inline(always)]
    fn number_value(&mut self) -> Result<ScannedNumber> {
        let number = self.scan_number()?;
        self.end_value();
        Ok(number)
    }

    #[inline(always)]
    fn u64_at(&mut self, start: usize, ty: &str) -> Result<u64> {
        let number = self.number_value()?;
        numbers::to_u64(&number, &self.input[start..self.pos]).ok_or_else(|| self.out_of_range(start, ty))
    }

    #[inline(always)]
    fn i64_at(&mut self, start: usize, ty: &str) -> Result<i64> {
        let number = self.number_value()?;
        numbers::to_i64(&number).ok_or_else(|| self.out_of_range(start, ty))
    }

    /// The error for a number that is not an integer, or is out of range, for `ty`.
    #[cold]
    #[inline(never)]
    fn out_of_range(&self, start: usize, ty: &str) -> Error {
        let text = String::from_utf8_lossy(&self.input[start..self.pos]);
        let integer = !text.contains(['.', 'e', 'E']);
        let message = if integer || ty.starts_with('f') {
            format!("number `{text}` is out of range for {ty}")
        } else {
            format!("expected an integer ({ty}), found `{text}`")
        };
        self.error_at(Category::Data, message, start)
    }

    /// Reads an integer that fits a `u64`.
    ///
    /// ```
    /// use jetwire_json::Reader;
    /// assert_eq!(Reader::new(b"18446744073709551615").read_u64().unwrap(), u64::MAX);
    /// let err = Reader::new(b"-1").read_u64().unwrap_err();
    /// assert_eq!(err.message(), "number `-1` is out of range for u64");
    /// let err = Reader::new(b"1.5").read_u64().unwrap_err();
    /// assert_eq!(err.message(), "expected an integer (u64), found `1.5`");
    /// ```
    #[inline(always)]
    pub fn read_u64(&mut self) -> Result<u64> {
        let start = self.number_start("u64")?;
        self.u64_at(start, "u64")
    }

    /// Reads an integer that fits an `i64`.
    #[inline(always)]
    pub fn read_i64(&mut self) -> Result<i64> {
        let start = self.number_start("i64")?;
        self.i64_at(start, "i64")
    }

    read_narrow_integers! {
        /// Reads an integer that fits a `u8`.
        read_u8 -> u8, u64_at;
        /// Reads an integer that fits a `u16`.
        read_u16 -> u16, u64_at;
        /// Reads an integer that fits a `u32`.
        read_u32 -> u32, u64_at;
        /// Reads an integer that fits a `usize`.
        read_usize -> usize, u64_at;
        /// Reads an integer that fits an `i8`.
        read_i8 -> i8, i64_at;
        /// Reads an integer that fits an `i16`.
        read_i16 -> i16, i64_at;
        /// Reads an integer that fits an `i32`.
        read_i32 -> i32, i64_at;
        /// Reads an integer that fits an `isize`.
        read_isize -> isize, i64_at;
    }

    /// Reads an integer that fits a `u128`.
    ///
    /// ```
    /// use jetwire_json::Reader;
    /// let max = u128::MAX.to_string();
    /// assert_eq!(Reader::new(max.as_bytes()).read_u128().unwrap(), u128::MAX);
    /// ```
    pub fn read_u128(&mut self) -> Result<u128> {
        let start = self.number_start("u128")?;
        let number = self.number_value()?;
        numbers::to_u128(&number, &self.input[start..self.pos])
            .ok_or_else(|| self.out_of_range(start, "u128"))
    }

    /// Reads an integer that fits an `i128`.
    pub fn read_i128(&mut self) -> Result<i128> {
        let start = self.number_start("i128")?;
        let number = self.number_value()?;
        numbers::to_i128(&number, &self.input[start..self.pos])
            .ok_or_else(|| self.out_of_range(start, "i128"))
    }

    /// Reads a number as the nearest `f64` (correctly rounded). A magnitude beyond `f64::MAX`
    /// is an error rather than infinity.
    ///
    /// ```
    /// use jetwire_json::Reader;
    /// assert_eq!(Reader::new(b"2.5e-3").read_f64().unwrap(), 0.0025);
    /// assert!(Reader::new(b"1e400").read_f64().is_err());
    /// ```
    #[inline]
    pub fn read_f64(&mut self) -> Result<f64> {
        let start = self.number_start("f64")?;
        let number = self.number_value()?;
        numbers::to_f64(&number, &self.input[start..self.pos]).ok_or_else(|| self.out_of_range(start, "f64"))
    }

    /// Reads a number as the nearest `f32`, rounded once from the decimal text.
    // Always inlined: a lone `f32` read out of line kept the whole reader in memory around the
    // call, a third of its time (`read_f64` inlined everywhere made field-heavy reads slower).
    #[inline(always)]
    pub fn read_f32(&mut self) -> Result<f32> {
        let start = self.number_start("f32")?;
        let number = self.number_value()?;
        numbers::to_f32(&number, &self.input[start..self.pos]).ok_or_else(|| self.out_of_range(start, "f32"))
    }

    /// Reads a number and returns it undecoded, its source text kept exactly.
    pub fn read_number(&mut self) -> Result<Number<'de>> {
        let start = self.number_start("a number")?;
        self.number_value()?;
        Ok(Number::new(self.ascii_text(start, self.pos)))
    }

    /// Reads a number: the scan's digits and exponent, and its source text.
    #[inline(always)]
    pub(crate) fn read_scanned_number(&mut self) -> Result<(ScannedNumber, &'de str)> {
        self.number_start("a number")?;
        self.read_started_number()
    }

    /// [`read_scanned_number`](Self::read_scanned_number) for a reader that
    /// [`value_start`](Self::value_start) has just positioned at the number's first byte: the
    /// position and the grammar are already checked, so only the scan is left.
    #[inline(always)]
    pub(crate) fn read_started_number(&mut self) -> Result<(ScannedNumber, &'de str)> {
        let start = self.pos;
        debug_assert!(matches!(self.input[start], b'-' | b'0'..=b'9') && self.state == State::Value);
        let number = self.number_value()?;
        Ok((number, self.ascii_text(start, self.pos)))
    }

    /// Reads the string that [`value_start`](Self::value_start) has just positioned the reader
    /// at, for a reader that keeps decoded text in one buffer: `Some(raw)` when the string has
    /// no escapes (its bytes between the quotes, which may be ill-formed UTF-8 unless
    /// `strict_unicode`), or `None` once its text, escapes decoded and ill-formed UTF-8 as
    /// U+FFFD, has been appended to `out`, validated and decoded in one pass. For input whole
    /// in memory (a string cut by the end of a window is not read again).
    #[inline(always)]
    pub(crate) fn read_started_str_or_decode(&mut self, out: &mut Vec<u8>) -> Result<Option<&'de [u8]>> {
        debug_assert!(self.input[self.pos] == b'"' && self.state == State::Value);
        debug_assert!(self.segmented.is_none(), "input in pieces");
        let start = self.pos + 1;
        let found = scan::find_string_special(&self.input[start..]).map(|offset| start + offset);
        match found.map(|at| (at, self.input[at])) {
            Some((end, b'"')) => {
                self.check_text(start, end, false)?;
                self.pos = end + 1;
                self.end_value();
                Ok(Some(&self.input[start..end]))
            }
            Some((backslash, b'\\')) => {
                self.decode_started_escapes(out, start, backslash)?;
                Ok(None)
            }
            // A control byte or the end of the input: the general path reports it.
            _ => {
                let text = self.read_json_str()?;
                strings::decode_text_into(text.raw(), text.has_escapes(), out);
                Ok(None)
            }
        }
    }

    /// [`read_started_str_or_decode`](Self::read_started_str_or_decode)'s escaped strings,
    /// out of line: decodes into `out` from the string's content at `start`, whose first
    /// escape is at `backslash`.
    #[inline(never)]
    fn decode_started_escapes(&mut self, out: &mut Vec<u8>, start: usize, backslash: usize) -> Result<()> {
        let mark = out.len();
        if let Err(err) = self.decode_escaped_into(out, start, backslash) {
            out.truncate(mark);
            return Err(err);
        }
        let end = self.pos - 1;
        self.check_text(start, end, true)?;
        // Escapes decode to whole characters, so only non-ASCII source text can be ill-formed.
        if !self.input[start..end].is_ascii() {
            strings::make_text_from(out, mark);
        }
        self.end_value();
        Ok(())
    }

    /// Reads `true` or `false`.
    #[inline(always)]
    pub fn read_bool(&mut self) -> Result<bool> {
        let value = match self.begin_value()? {
            b't' => {
                self.expect_literal(b"true")?;
                true
            }
            b'f' => {
                self.expect_literal(b"false")?;
                false
            }
            _ => return Err(self.type_error("a boolean")),
        };
        self.end_value();
        Ok(value)
    }

    /// Reads `null`.
    #[inline]
    pub fn read_null(&mut self) -> Result<()> {
        match self.begin_value()? {
            b'n' => self.expect_literal(b"null")?,
            _ => return Err(self.type_error("null")),
        }
        self.end_value();
        Ok(())
    }

    /// Consumes `null` if it is next and returns whether it was: the test for `Option`.
    #[inline]
    pub fn read_null_or_not(&mut self) -> Result<bool> {
        if self.begin_value()? == b'n' {
            self.expect_literal(b"null")?;
            self.end_value();
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// Reads a string value undecoded (checked as text under
    /// [`strict_unicode`](crate::ReadOptions::strict_unicode)).
    #[inline]
    pub fn read_json_str(&mut self) -> Result<JsonStr<'de>> {
        self.read_json_str_as(true)
    }

    /// Reads a string value undecoded, checking it as text under `strict_unicode` when `text`
    /// (a string read as bytes keeps its exact bytes whatever they are).
    #[inline]
    fn read_json_str_as(&mut self, text: bool) -> Result<JsonStr<'de>> {
        match self.begin_value()? {
            b'"' => {
                let (start, end, has_escapes) = self.scan_string()?;
                if text {
                    self.check_text(start, end, has_escapes)?;
                }
                self.end_value();
                Ok(JsonStr::new(&self.input[start..end], has_escapes))
            }
            _ => Err(self.type_error("a string")),
        }
    }

    /// Reads a string's text, borrowed from the input when it has no escapes (and is valid
    /// UTF-8). Ill-formed UTF-8 and unpaired surrogate escapes become U+FFFD.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use jetwire_json::Reader;
    /// assert!(matches!(Reader::new(br#""plain""#).read_str().unwrap(), Cow::Borrowed("plain")));
    /// assert_eq!(Reader::new(br#""tab\there""#).read_str().unwrap(), "tab\there");
    /// ```
    #[inline]
    pub fn read_str(&mut self) -> Result<Cow<'de, str>> {
        if self.begin_value()? != b'"' {
            return Err(self.type_error("a string"));
        }
        self.read_started_str()
    }

    /// [`read_str`](Self::read_str) for a reader that [`value_start`](Self::value_start) has
    /// just positioned at the string's opening quote.
    #[inline(always)]
    pub(crate) fn read_started_str(&mut self) -> Result<Cow<'de, str>> {
        debug_assert!(self.input[self.pos] == b'"' && self.state == State::Value);
        let start = self.pos + 1;
        let end = match scan::find_string_special(&self.input[start..]) {
            Some(offset) => start + offset,
            None => return self.read_json_str().map(|s| s.decoded()),
        };
        match self.input[end] {
            b'"' => {
                self.check_text(start, end, false)?;
                self.pos = end + 1;
                self.end_value();
                Ok(strings::decode_str(&self.input[start..end], false))
            }
            b'\\' => {
                let text = match self.decode_escaped_string(start, end) {
                    Ok(text) => text,
                    Err(err) => return self.resume_str(start - 1, err),
                };
                self.check_text(start, self.pos - 1, true)?;
                self.end_value();
                Ok(Cow::Owned(text))
            }
            // A control byte: the general path reports it.
            _ => self.read_json_str().map(|s| s.decoded()),
        }
    }

    /// Reads a string and appends its text to `out` in UTF-8, as [`read_str`](Self::read_str)
    /// gives it, with neither a `Cow` nor an allocation of its own: for strings gathered into
    /// one buffer, such as a column's.
    ///
    /// ```
    /// use jetwire_json::Reader;
    /// let mut out = b"text: ".to_vec();
    /// Reader::new(br#""tab\there""#).read_str_into(&mut out)?;
    /// assert_eq!(out, b"text: tab\there");
    /// # Ok::<(), jetwire_json::Error>(())
    /// ```
    // Always inlined: a column of strings calls it once a value, and as a call its frame cost
    // about a sixth of a short string's read (callgrind, arrow:logs/read).
    #[inline(always)]
    pub fn read_str_into(&mut self, out: &mut Vec<u8>) -> Result<()> {
        if self.begin_value()? != b'"' {
            return Err(self.type_error("a string"));
        }
        let start = self.pos + 1;
        // The common case: no escape, and the closing quote in this slice.
        if let Some(offset) = scan::find_string_special(&self.input[start..]) {
            let end = start + offset;
            if self.input[end] == b'"' {
                self.check_text(start, end, false)?;
                let text = &self.input[start..end];
                if is_ascii_short(text) {
                    extend_short(out, text);
                } else {
                    strings::decode_text_into(text, false, out);
                }
                self.pos = end + 1;
                self.end_value();
                return Ok(());
            }
        }
        out.extend_from_slice(self.read_str()?.as_bytes());
        Ok(())
    }

    /// The escaped string whose quote is at `quote` ran into the end of the window (`err` is
    /// the error should that be the end of the input): read it again from a window that holds
    /// more.
    #[cold]
    #[inline(never)]
    fn resume_str(&mut self, quote: usize, err: Error) -> Result<Cow<'de, str>> {
        match err.is_eof().then(|| self.read_again(quote, Self::read_str)).flatten() {
            Some(text) => text,
            None => Err(err),
        }
    }

    /// Validates and decodes, in one pass, the rest of a string whose content starts at
    /// `start` and whose first escape is at `backslash`: escape-heavy text is not scanned twice.
    ///
    /// A short text is decoded into the reader's scratch buffer, then copied out at its exact
    /// size (one allocation, where growing a fresh buffer would reallocate); a long one keeps the
    /// buffer it was decoded into, as the copy would then cost more than the spare capacity.
    #[inline(never)]
    fn decode_escaped_string(&mut self, start: usize, backslash: usize) -> Result<String> {
        const SCRATCH_START: usize = 256;
        const COPY_OUT_BELOW: usize = 1024;
        let mut out = core::mem::take(&mut self.scratch);
        out.clear();
        // Room for the text before the escape and as much again; a new reader's buffer starts
        // with room for a typical string whole, so that it does not grow while decoding one.
        out.reserve(((backslash - start) * 2 + 16).max(SCRATCH_START));
        if let Err(err) = self.decode_escaped_into(&mut out, start, backslash) {
            // Kept for the retry: input in pieces reads a string that ran into the end of its
            // window again from a longer one.
            self.scratch = out;
            return Err(err);
        }
        // Escapes decode to whole characters (U+FFFD for a lone surrogate), so when the
        // source between the quotes is ASCII (as text written with every non-ASCII character
        // escaped is), the decoded text is UTF-8 without a check.
        let source_is_ascii = self.input[start..self.pos - 1].is_ascii();
        if out.len() >= COPY_OUT_BELOW {
            return Ok(if source_is_ascii {
                // SAFETY: ASCII source bytes and the UTF-8 of whole characters (see above).
                unsafe { String::from_utf8_unchecked(out) }
            } else {
                strings::into_string(out)
            });
        }
        let text = if source_is_ascii {
            // SAFETY: ASCII source bytes and the UTF-8 of whole characters (see above).
            unsafe { std::str::from_utf8_unchecked(&out) }.to_owned()
        } else {
            strings::to_string(&out)
        };
        self.scratch = out;
        Ok(text)
    }

    /// [`decode_escaped_string`](Self::decode_escaped_string)'s loop, appending to `out` and
    /// leaving the reader after the closing quote.
    #[inline(always)]
    fn decode_escaped_into(&mut self, out: &mut Vec<u8>, start: usize, backslash: usize) -> Result<()> {
        let input = self.input;
        out.extend_from_slice(&input[start..backslash]);
        let mut i = match strings::decode_registers(input, out, backslash) {
            strings::Registers::Closed(after) => {
                self.pos = after;
                return Ok(());
            }
            strings::Registers::Stopped(at) => at,
        };
        // The general loop: from where the register steps stopped (an escape they leave to it,
        // a control byte, or the input's last bytes) to the closing quote.
        loop {
            if input.get(i).is_some_and(|&b| !scan::is_string_special(b)) {
                i += scan::copy_plain_run(out, &input[i..]);
            }
            match input.get(i) {
                Some(b'"') => break,
                Some(b'\\') => {}
                Some(_) => return Err(self.control_in_string(i)),
                None => return Err(self.unterminated_string(start - 1)),
            }
            // `input[i]` is a backslash. The two-character escapes, most of any text's, take one
            // table lookup; `\u` escapes, bad escapes and the end of input take the general path.
            let letter = input.get(i + 1).copied().unwrap_or(b'u');
            match strings::UNESCAPED[usize::from(letter)] {
                // `\u00XX` for an ASCII character (the control characters writers escape): one
                // byte, without the surrogate handling of the general path.
                0 if let Some(byte) = strings::ascii_unicode_escape(input, i) => {
                    out.push(byte);
                    i += 6;
                }
                0 => {
                    let next = self.validate_escape(i)?;
                    // A high surrogate may pair with the escape after it: validate that one first.
                    if input.get(next..next + 2) == Some(b"\\u") {
                        self.validate_escape(next)?;
                    }
                    i = strings::decode_non_ascii_unicode_escape(input, i, out, strings::Surrogates::Replace);
                }
                byte => {
                    out.push(byte);
                    i += 2;
                }
            }
        }
        self.pos = i + 1;
        Ok(())
    }

    /// Reads a string that can be borrowed from the input: one without escapes, in valid UTF-8.
    pub fn read_borrowed_str(&mut self) -> Result<&'de str> {
        self.begin_value()?;
        let start = self.offset();
        match self.read_json_str()?.decoded() {
            Cow::Borrowed(text) => Ok(text),
            Cow::Owned(_) => Err(self.error_at_offset(
                Category::Data,
                "expected a string that can be borrowed, found one with escapes or ill-formed UTF-8 (use String or Cow<str>)".into(),
                start,
            )),
        }
    }

    /// Reads a string's bytes exactly (see [`JsonStr::decoded_bytes`]).
    pub fn read_string_bytes(&mut self) -> Result<Cow<'de, [u8]>> {
        self.read_json_str_as(false).map(|s| s.decoded_bytes())
    }

    /// Reads a string of standard base64 (with padding) and returns the bytes it encodes.
    ///
    /// ```
    /// use jetwire_json::Reader;
    /// assert_eq!(Reader::new(br#""AAEC""#).read_base64().unwrap(), [0, 1, 2]);
    /// ```
    pub fn read_base64(&mut self) -> Result<Vec<u8>> {
        self.begin_value()?;
        let start = self.offset();
        let text = self.read_json_str_as(false)?.decoded_bytes();
        base64::engine::general_purpose::STANDARD.decode(text.as_ref()).map_err(|err| {
            self.error_at_offset(
                Category::Data,
                format!("expected base64, found a string that is not: {err}"),
                start,
            )
        })
    }
}
