//! Columns of strings and of bytes (base64 in JSON), with 32- or 64-bit offsets or as views.

use std::sync::Arc;

use arrow_array::{
    BinaryViewArray, FixedSizeBinaryArray, GenericBinaryArray, GenericStringArray, OffsetSizeTrait,
    StringViewArray,
};
use arrow_buffer::{NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use jetwire_json::{Reader, Result};

use super::{ColumnDecoder, Finished, read_null};

/// What a column's strings hold.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Content {
    /// The text itself (`Utf8`, `LargeUtf8`).
    Text,
    /// Bytes, written in JSON as standard base64 with padding (`Binary`, `LargeBinary`).
    Base64,
    /// Text, handed out as a `Utf8View` array.
    TextView,
    /// Base64 bytes, handed out as a `BinaryView` array.
    Base64View,
}

/// A column of strings or byte strings: every value's bytes one after the other, and their
/// offsets.
pub(crate) struct StringColumn<O: OffsetSizeTrait> {
    offsets: Vec<O>,
    bytes: Vec<u8>,
    nulls: NullBufferBuilder,
    nullable: bool,
    content: Content,
}

impl<O: OffsetSizeTrait> StringColumn<O> {
    pub(crate) fn new(nullable: bool, content: Content) -> Self {
        StringColumn {
            offsets: vec![O::zero()],
            bytes: Vec::new(),
            nulls: NullBufferBuilder::new(0),
            nullable,
            content,
        }
    }

    /// Appends `text` as a value (for map keys, which are never null).
    pub(crate) fn push_str(&mut self, reader: &Reader<'_>, text: &str) -> Result<()> {
        let start = self.bytes.len();
        self.bytes.extend_from_slice(text.as_bytes());
        self.end_value(reader, start)?;
        self.nulls.append_non_null();
        Ok(())
    }

    /// Ends the current value: its offset, or an error when the column's bytes no longer fit
    /// its offset type (then the value is dropped again).
    fn end_value(&mut self, reader: &Reader<'_>, start: usize) -> Result<()> {
        match O::from_usize(self.bytes.len()) {
            Some(end) => {
                self.offsets.push(end);
                Ok(())
            }
            None => {
                self.bytes.truncate(start);
                Err(reader.data_error(
                    "the column's values in this batch take more bytes than its 32-bit offsets reach; \
                     use a Large type or a smaller batch",
                ))
            }
        }
    }
}

impl<O: OffsetSizeTrait> ColumnDecoder for StringColumn<O> {
    #[inline]
    fn append(&mut self, reader: &mut Reader<'_>) -> Result<()> {
        if read_null(reader, self.nullable, &mut self.nulls)? {
            self.offsets.push(*self.offsets.last().expect("offsets start with 0"));
            return Ok(());
        }
        let start = self.bytes.len();
        match self.content {
            Content::Text | Content::TextView => reader.read_str_into(&mut self.bytes)?,
            Content::Base64 | Content::Base64View => self.bytes.extend_from_slice(&reader.read_base64()?),
        }
        self.end_value(reader, start)?;
        self.nulls.append_non_null();
        Ok(())
    }

    fn append_null(&mut self) {
        self.offsets.push(*self.offsets.last().expect("offsets start with 0"));
        self.nulls.append_null();
    }

    fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    fn truncate(&mut self, len: usize) {
        if len < self.len() {
            self.offsets.truncate(len + 1);
            self.bytes.truncate(self.offsets[len].as_usize());
            self.nulls.truncate(len);
        }
    }

    fn finish(&mut self) -> Finished {
        let offsets = std::mem::replace(&mut self.offsets, vec![O::zero()]);
        let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
        let bytes = std::mem::take(&mut self.bytes).into();
        let nulls = self.nulls.finish();
        Ok(match self.content {
            // `new` checks the offsets and the text again; every value came from `read_str`,
            // so the check cannot fail.
            Content::Text => Arc::new(GenericStringArray::<O>::new(offsets, bytes, nulls)),
            Content::Base64 => Arc::new(GenericBinaryArray::<O>::new(offsets, bytes, nulls)),
            // Views point into buffers of their own: the values are copied once more.
            Content::TextView => Arc::new(
                GenericStringArray::<O>::new(offsets, bytes, nulls).iter().collect::<StringViewArray>(),
            ),
            Content::Base64View => Arc::new(
                GenericBinaryArray::<O>::new(offsets, bytes, nulls).iter().collect::<BinaryViewArray>(),
            ),
        })
    }
}

/// A column of `FixedSizeBinary(size)`: each value a string of standard base64 holding exactly
/// `size` bytes (a null takes `size` zero bytes, as Arrow lays it out).
pub(crate) struct FixedSizeBinaryColumn {
    size: usize,
    bytes: Vec<u8>,
    nulls: NullBufferBuilder,
    nullable: bool,
    len: usize,
}

impl FixedSizeBinaryColumn {
    pub(crate) fn new(nullable: bool, size: usize) -> Self {
        FixedSizeBinaryColumn { size, bytes: Vec::new(), nulls: NullBufferBuilder::new(0), nullable, len: 0 }
    }
}

impl ColumnDecoder for FixedSizeBinaryColumn {
    fn append(&mut self, reader: &mut Reader<'_>) -> Result<()> {
        if read_null(reader, self.nullable, &mut self.nulls)? {
            self.bytes.resize(self.bytes.len() + self.size, 0);
            self.len += 1;
            return Ok(());
        }
        let value = reader.read_base64()?;
        if value.len() != self.size {
            return Err(reader.data_error(format_args!(
                "expected {} bytes in base64, found {}",
                self.size,
                value.len()
            )));
        }
        self.bytes.extend_from_slice(&value);
        self.nulls.append_non_null();
        self.len += 1;
        Ok(())
    }

    fn append_null(&mut self) {
        self.bytes.resize(self.bytes.len() + self.size, 0);
        self.nulls.append_null();
        self.len += 1;
    }

    fn len(&self) -> usize {
        self.len
    }

    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
        self.bytes.truncate(self.len * self.size);
        self.nulls.truncate(self.len);
    }

    fn finish(&mut self) -> Finished {
        self.len = 0;
        let size = i32::try_from(self.size).expect("made from an i32");
        let bytes = std::mem::take(&mut self.bytes).into();
        Ok(Arc::new(FixedSizeBinaryArray::new(size, bytes, self.nulls.finish())))
    }
}
