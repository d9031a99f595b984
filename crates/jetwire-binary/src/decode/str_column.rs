//! [`StrColumn`]: a block's column of strings, read by [`Decoder::open_str_column`], whose
//! strings come out borrowed from the input.

#[cfg(doc)]
use super::Decoder;
use crate::COLUMN_BLOCK;
use crate::error::Result;

/// A column of strings, opened by [`Decoder::open_str_column`]: the strings come out borrowed
/// from the input.
pub struct StrColumn<'de> {
    /// A 0, then each string's end in `bytes`: string `k` is `ends[k]..ends[k + 1]`.
    ends: [usize; COLUMN_BLOCK + 1],
    count: usize,
    /// Every string's bytes, one after the other.
    bytes: &'de [u8],
    first_index: usize,
    /// Whether every byte is ASCII, so that no string needs UTF-8 validation.
    ascii: bool,
    /// The offset in the input just after `bytes`, for errors.
    end_offset: usize,
}

impl<'de> StrColumn<'de> {
    /// A column of no strings, to be filled by `Decoder::fill_str_column`.
    #[inline(always)]
    pub(crate) fn empty() -> Self {
        StrColumn {
            ends: [0; COLUMN_BLOCK + 1],
            count: 0,
            bytes: &[],
            first_index: 0,
            ascii: true,
            end_offset: 0,
        }
    }

    /// The ends, for `Decoder::fill_str_column` to write before [`set`](Self::set).
    #[inline(always)]
    pub(crate) fn ends_mut(&mut self) -> &mut [usize; COLUMN_BLOCK + 1] {
        &mut self.ends
    }

    /// Makes this the column of the `count` strings that end at `ends[1..=count]`, in the
    /// input just before `end_offset`; its first string is element `first_index`'s.
    ///
    /// # Safety
    ///
    /// `count <= COLUMN_BLOCK`, and `ends[..=count]` rises from 0 to `bytes.len()` (a 0, then
    /// running sums of the strings' lengths): what [`value`](crate::ColumnReader::value) relies on.
    #[inline(always)]
    pub(crate) unsafe fn set(
        &mut self,
        count: usize,
        bytes: &'de [u8],
        first_index: usize,
        end_offset: usize,
    ) {
        debug_assert!(count <= COLUMN_BLOCK && self.ends[0] == 0 && self.ends[count] == bytes.len());
        debug_assert!(self.ends[..=count].is_sorted());
        self.count = count;
        self.bytes = bytes;
        self.first_index = first_index;
        self.ascii = bytes.is_ascii();
        self.end_offset = end_offset;
    }

    /// Hands every string to `put`, in order: [`value`](crate::ColumnReader::value) for each, in one
    /// loop over the ends.
    #[inline(always)]
    pub(crate) fn for_each(&self, mut put: impl FnMut(&'de str)) -> Result<()> {
        let mut start = 0;
        for (k, &end) in self.ends[1..=self.count].iter().enumerate() {
            // SAFETY: `ends[..=count]` rises from 0 to `bytes.len()` (the promise of `set`),
            // so `start..end` lies within `bytes`.
            let text = unsafe { self.bytes.get_unchecked(start..end) };
            start = end;
            put(self.as_str(text, k)?);
        }
        Ok(())
    }

    /// String `k`, `text`, as a `str`: as it is when the column is all ASCII, else validated.
    #[inline(always)]
    fn as_str(&self, text: &'de [u8], k: usize) -> Result<&'de str> {
        if self.ascii {
            // SAFETY: every byte of the column is ASCII, so each of its strings is valid UTF-8.
            return Ok(unsafe { core::str::from_utf8_unchecked(text) });
        }
        self.validate(text, k)
    }

    /// String `k`, `text`, validated as UTF-8.
    #[inline]
    fn validate(&self, text: &'de [u8], k: usize) -> Result<&'de str> {
        let end = self.ends[k + 1];
        let end_offset = self.end_offset - (self.bytes.len() - end);
        super::validate_utf8(text, end_offset).map_err(|err| err.prepend_index(self.first_index + k))
    }

    /// String `k`, in any order: [`ColumnReader::value`](crate::ColumnReader::value) of the
    /// column.
    ///
    /// # Panics
    ///
    /// If the column has no string `k`.
    #[inline(always)]
    pub(crate) fn str_at(&self, k: usize) -> Result<&'de str> {
        assert!(k < self.count, "a string column has no string {k}");
        // SAFETY: `k < count <= COLUMN_BLOCK`, so `k + 1` is within `ends`; `ends[..=count]`
        // rises from 0 to `bytes.len()` (the promise of `set`), so `start..end` lies within
        // `bytes`.
        let text = unsafe {
            let (start, end) = (*self.ends.get_unchecked(k), *self.ends.get_unchecked(k + 1));
            self.bytes.get_unchecked(start..end)
        };
        self.as_str(text, k)
    }
}
