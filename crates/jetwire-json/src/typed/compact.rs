//! The compact forms of short scalars: how numbers, booleans and tuples of them are written and
//! read in runs of array elements without the writer's and reader's per-value state.
//!
//! A type opts in through one hidden associated constant on each trait,
//! [`ToJson::COMPACT_WRITE`](super::ToJson::COMPACT_WRITE) and
//! [`FromJson::COMPACT_READ`](super::FromJson::COMPACT_READ); `Vec`s, slices and arrays of it
//! then take the fast path (`collections.rs`), everything else the token path. The numbers,
//! `bool` and tuples of them opt in (`scalars.rs`, `std_types.rs`); nothing else needs to.

/// How a type's values are written as compact text in a run of array elements: the most bytes
/// one value's text takes, and the function that writes it.
///
/// The writer stores a run's texts in memory reserved for `max_len` bytes per element, without
/// checking each one, so a `CompactWrite` is made only through the `unsafe` [`new`](Self::new),
/// whose caller vouches for the bound; a safe implementation of `ToJson` cannot make one:
///
/// ```compile_fail,E0133
/// use jetwire_json::{CompactWrite, Output, Result, ToJson, Writer};
///
/// struct Digit(u8);
///
/// unsafe fn write_digit(digit: &Digit, dst: *mut u8) -> Option<usize> {
///     unsafe { dst.write(b'0' + digit.0) };
///     Some(1)
/// }
///
/// impl ToJson for Digit {
///     fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
///         writer.u8(self.0)
///     }
///     const COMPACT_WRITE: Option<CompactWrite<Self>> = Some(CompactWrite::new(1, write_digit));
/// }
/// ```
#[doc(hidden)]
pub struct CompactWrite<T: ?Sized> {
    max_len: usize,
    write: unsafe fn(&T, *mut u8) -> Option<usize>,
}

impl<T: ?Sized> Clone for CompactWrite<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: ?Sized> Copy for CompactWrite<T> {}

impl<T: ?Sized> CompactWrite<T> {
    /// The compact form whose values take at most `max_len` bytes, written by `write`.
    ///
    /// # Safety
    ///
    /// `write(value, dst)`, given `dst` valid for writing `max_len` bytes, writes `value`'s text
    /// exactly as [`ToJson::to_json`](super::ToJson::to_json) writes it in compact output and
    /// returns `Some(len)` with `len <= max_len` and the first `len` bytes at `dst` written; or it
    /// returns `None` (what it wrote does not count) for a value that has no compact text, such
    /// as a non-finite float, which `to_json` then reports.
    pub const unsafe fn new(max_len: usize, write: unsafe fn(&T, *mut u8) -> Option<usize>) -> Self {
        CompactWrite { max_len, write }
    }

    /// The most bytes one value's text takes.
    pub const fn max_len(self) -> usize {
        self.max_len
    }

    /// Writes `value`'s text at `dst` and returns its length; `None` if it has none.
    ///
    /// # Safety
    ///
    /// `dst` is valid for writing [`max_len`](Self::max_len) bytes.
    #[inline(always)]
    pub unsafe fn write(self, value: &T, dst: *mut u8) -> Option<usize> {
        // SAFETY: forwarded from the caller; `new`'s caller vouched for `write` within it.
        unsafe { (self.write)(value, dst) }
    }
}

/// How a type's values are read from compact text (no whitespace) in a run of array elements:
/// how many levels of nesting one value's text opens (0 for a scalar, 1 for a tuple of
/// scalars), and the function that reads it.
#[doc(hidden)]
pub struct CompactRead<'de, T> {
    depth: usize,
    read: ReadAt<'de, T>,
}

/// A compact reader: given the input and an offset, the value spelled there and the offset just
/// past it, or `None`.
type ReadAt<'de, T> = fn(&'de [u8], usize) -> Option<(T, usize)>;

impl<T> Clone for CompactRead<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for CompactRead<'_, T> {}

impl<'de, T> CompactRead<'de, T> {
    /// The compact form whose values open `depth` levels of nesting, read by `read`: given the
    /// input and an offset, the value spelled compactly there and the offset just past it,
    /// exactly as [`FromJson::from_json`](super::FromJson::from_json) reads that text; `None` for
    /// anything else (whitespace, another token, an error, a value that runs to the end of the
    /// input), which `from_json` then reads or reports.
    pub const fn new(depth: usize, read: ReadAt<'de, T>) -> Self {
        CompactRead { depth, read }
    }

    /// How many levels of nesting one value's text opens.
    pub const fn depth(self) -> usize {
        self.depth
    }

    /// The value spelled compactly at `input[at..]` and the offset just past it.
    #[inline(always)]
    pub fn read(self, input: &'de [u8], at: usize) -> Option<(T, usize)> {
        (self.read)(input, at)
    }
}

/// The most bytes a tuple's compact text takes, given its elements' compact forms: the elements,
/// the commas between them and the brackets. `None` if any element has none.
pub(crate) const fn tuple_max_len<const N: usize>(elements: [Option<usize>; N]) -> Option<usize> {
    let mut total = N + 1;
    let mut i = 0;
    while i < N {
        match elements[i] {
            Some(len) => total += len,
            None => return None,
        }
        i += 1;
    }
    Some(total)
}

/// The nesting of a tuple's compact text, given its elements' depths: one level more than its
/// deepest element. `None` if any element has none.
pub(crate) const fn tuple_depth<const N: usize>(elements: [Option<usize>; N]) -> Option<usize> {
    let mut deepest = 0;
    let mut i = 0;
    while i < N {
        match elements[i] {
            Some(depth) if depth > deepest => deepest = depth,
            Some(_) => {}
            None => return None,
        }
        i += 1;
    }
    Some(deepest + 1)
}

/// `form`'s [`max_len`](CompactWrite::max_len), if there is a form (for the tuples' sums, in a
/// constant).
pub(crate) const fn max_len_of<T: ?Sized>(form: Option<CompactWrite<T>>) -> Option<usize> {
    match form {
        Some(form) => Some(form.max_len),
        None => None,
    }
}

/// `form`'s [`depth`](CompactRead::depth), if there is a form.
pub(crate) const fn depth_of<T>(form: Option<CompactRead<'_, T>>) -> Option<usize> {
    match form {
        Some(form) => Some(form.depth),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FromJson, Output, Reader, Result, ToJson, Writer};

    /// A decimal digit whose text is one byte, with compact forms made by hand.
    #[derive(Debug, PartialEq)]
    struct Digit(u8);

    /// # Safety
    ///
    /// `dst` is valid for writing one byte.
    unsafe fn write_digit(digit: &Digit, dst: *mut u8) -> Option<usize> {
        if digit.0 > 9 {
            return None;
        }
        // SAFETY: the caller's promise.
        unsafe { dst.write(b'0' + digit.0) };
        Some(1)
    }

    fn read_digit(input: &[u8], at: usize) -> Option<(Digit, usize)> {
        match input.get(at) {
            Some(&byte @ b'0'..=b'9') => Some((Digit(byte - b'0'), at + 1)),
            _ => None,
        }
    }

    impl ToJson for Digit {
        fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
            if self.0 > 9 {
                return Err(crate::Error::custom(format_args!("{} is not a digit", self.0)));
            }
            writer.u8(self.0)
        }

        const COMPACT_WRITE: Option<CompactWrite<Self>> =
            // SAFETY: `write_digit` writes one byte, the digit's text as `to_json` writes it.
            Some(unsafe { CompactWrite::new(1, write_digit) });
    }

    impl<'de> FromJson<'de> for Digit {
        fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
            match reader.read_u8()? {
                digit @ 0..=9 => Ok(Digit(digit)),
                other => Err(reader.data_error(format_args!("expected a digit, found {other}"))),
            }
        }

        const COMPACT_READ: Option<CompactRead<'de, Self>> = Some(CompactRead::new(0, read_digit));
    }

    #[test]
    fn a_type_with_compact_forms_writes_and_reads_runs_like_its_tokens() {
        let digits: Vec<Digit> = (0..600).map(|i| Digit((i % 10) as u8)).collect();
        let text = crate::to_string(&digits).unwrap();
        let expected: Vec<String> = (0..600).map(|i| (i % 10).to_string()).collect();
        assert_eq!(text, format!("[{}]", expected.join(",")));
        assert_eq!(crate::from_str::<Vec<Digit>>(&text).unwrap(), digits);
        // Whitespace and a value the compact reader refuses go through `from_json`.
        assert_eq!(crate::from_str::<Vec<Digit>>("[1, 2,3 ]").unwrap(), [Digit(1), Digit(2), Digit(3)]);
        let err = crate::from_str::<Vec<Digit>>("[1,2,12]").unwrap_err();
        assert_eq!(err.to_string(), "expected a digit, found 12 at /2, line 1, column 8 (byte 7)");
    }

    #[test]
    fn a_value_without_compact_text_is_reported_by_to_json() {
        let err = crate::to_string(&[Digit(3), Digit(12), Digit(4)]).unwrap_err();
        assert!(err.to_string().starts_with("12 is not a digit"), "{err}");
    }

    #[test]
    fn tuples_of_compact_elements_sum_their_bounds_and_nest_one_level() {
        let form = <(u8, bool)>::COMPACT_WRITE.unwrap();
        assert_eq!(form.max_len(), 3 + 5 + 3);
        assert_eq!(<(u8, (bool, i8))>::COMPACT_READ.unwrap().depth(), 2);
        assert!(<(u8, String)>::COMPACT_WRITE.is_none());
        assert!(<(u8, String)>::COMPACT_READ.is_none());
    }
}
