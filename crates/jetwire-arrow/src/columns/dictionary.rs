//! Dictionary-encoded strings: each distinct string of a batch stored once, every value a key
//! into them.

use std::collections::HashMap;
use std::sync::Arc;

use arrow_array::types::ArrowDictionaryKeyType;
use arrow_array::types::*;
use arrow_array::{DictionaryArray, PrimitiveArray, StringArray};
use arrow_buffer::{ArrowNativeType, NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field};
use jetwire_json::{Reader, Result};

use super::{ColumnDecoder, Finished, read_null, unsupported};

/// The column of `Dictionary(key, Utf8)`.
pub(crate) fn column(
    field: &Field,
    key: &DataType,
    value: &DataType,
) -> std::result::Result<Box<dyn ColumnDecoder>, ArrowError> {
    let nullable = field.is_nullable();
    if value != &DataType::Utf8 {
        return Err(unsupported(field));
    }
    Ok(match key {
        DataType::Int8 => Box::new(DictionaryColumn::<Int8Type>::new(nullable)),
        DataType::Int16 => Box::new(DictionaryColumn::<Int16Type>::new(nullable)),
        DataType::Int32 => Box::new(DictionaryColumn::<Int32Type>::new(nullable)),
        DataType::Int64 => Box::new(DictionaryColumn::<Int64Type>::new(nullable)),
        DataType::UInt8 => Box::new(DictionaryColumn::<UInt8Type>::new(nullable)),
        DataType::UInt16 => Box::new(DictionaryColumn::<UInt16Type>::new(nullable)),
        DataType::UInt32 => Box::new(DictionaryColumn::<UInt32Type>::new(nullable)),
        DataType::UInt64 => Box::new(DictionaryColumn::<UInt64Type>::new(nullable)),
        _ => return Err(unsupported(field)),
    })
}

/// Strings as keys into the batch's distinct strings.
struct DictionaryColumn<K: ArrowDictionaryKeyType> {
    keys: Vec<K::Native>,
    nulls: NullBufferBuilder,
    nullable: bool,
    /// Each distinct string and its key.
    index: HashMap<Box<str>, K::Native>,
    /// The distinct strings in key order.
    values: Vec<Box<str>>,
    /// Their bytes in all, which the dictionary's 32-bit offsets must reach.
    value_bytes: usize,
}

impl<K: ArrowDictionaryKeyType> DictionaryColumn<K> {
    fn new(nullable: bool) -> Self {
        DictionaryColumn {
            keys: Vec::new(),
            nulls: NullBufferBuilder::new(0),
            nullable,
            index: HashMap::new(),
            values: Vec::new(),
            value_bytes: 0,
        }
    }
}

impl<K: ArrowDictionaryKeyType> ColumnDecoder for DictionaryColumn<K> {
    fn append(&mut self, reader: &mut Reader<'_>) -> Result<()> {
        if read_null(reader, self.nullable, &mut self.nulls)? {
            self.keys.push(K::Native::default());
            return Ok(());
        }
        let text = reader.read_str()?;
        let key = match self.index.get(text.as_ref()) {
            Some(&key) => key,
            None => {
                let Some(key) = K::Native::from_usize(self.values.len()) else {
                    return Err(reader.data_error(format_args!(
                        "the column holds more distinct strings in this batch than its {} keys count",
                        K::DATA_TYPE
                    )));
                };
                if self.value_bytes + text.len() > i32::MAX as usize {
                    return Err(reader.data_error(
                        "the column's distinct strings in this batch take more bytes than 32-bit offsets reach",
                    ));
                }
                self.value_bytes += text.len();
                self.values.push(text.as_ref().into());
                self.index.insert(text.as_ref().into(), key);
                key
            }
        };
        self.keys.push(key);
        self.nulls.append_non_null();
        Ok(())
    }

    fn append_null(&mut self) {
        self.keys.push(K::Native::default());
        self.nulls.append_null();
    }

    fn len(&self) -> usize {
        self.keys.len()
    }

    fn truncate(&mut self, len: usize) {
        // Strings a cut value added stay in the dictionary, unused: a dictionary may hold values
        // that no key points to.
        self.keys.truncate(len);
        self.nulls.truncate(len);
    }

    fn finish(&mut self) -> Finished {
        let keys = PrimitiveArray::<K>::new(std::mem::take(&mut self.keys).into(), self.nulls.finish());
        self.index.clear();
        let values = std::mem::take(&mut self.values);
        self.value_bytes = 0;
        let mut offsets = Vec::with_capacity(values.len() + 1);
        let mut bytes = Vec::new();
        offsets.push(0i32);
        for value in &values {
            bytes.extend_from_slice(value.as_bytes());
            // `append` kept the total within `i32::MAX`.
            offsets.push(i32::try_from(bytes.len()).unwrap_or(i32::MAX));
        }
        let values = StringArray::new(OffsetBuffer::new(ScalarBuffer::from(offsets)), bytes.into(), None);
        Ok(Arc::new(DictionaryArray::<K>::new(keys, Arc::new(values))))
    }
}
