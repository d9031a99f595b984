//! Map columns: each value a JSON object, its property names the map's keys and its values the
//! map's values, in document order.
//!
//! JSON spells every key as a string, so a key type other than `Utf8` is read from the
//! property name as the key type's own column reads a JSON value: the name between quotes for
//! a type JSON spells as a string (text, base64 bytes, dates, times), bare for one it spells
//! bare (numbers, booleans). `{"7": "a"}` gives the `Int32` key 7, and the writer spells keys
//! the same way, so a map written and read again is the map it was (but for float keys that
//! JSON cannot spell, NaN and the infinities, written `"null"` as float values are).

use std::cmp::Ordering;
use std::sync::Arc;

use arrow_array::{MapArray, StructArray};
use arrow_buffer::{OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, FieldRef, Fields};
use jetwire_json::write::append;
use jetwire_json::{Category, Reader, Result};

use super::nested::Spans;
use super::text::{Content, StringColumn};
use super::{ColumnDecoder, Finished, Options, decoder_for, unsupported};

/// How JSON spells the values of a map's key type, which decides how a property name is read
/// as one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum KeySpelling {
    /// As a string: text, base64 bytes, dates, times and timestamps.
    Quoted,
    /// As bare JSON text: numbers, decimals, durations and booleans.
    Bare,
}

/// How a key type's values are spelled in JSON, or `None` for a type that cannot be a map's
/// key here (nested types, dictionaries, nulls).
pub(crate) fn key_spelling(data_type: &DataType) -> Option<KeySpelling> {
    use DataType::*;
    match data_type {
        Utf8 | LargeUtf8 | Utf8View | Binary | LargeBinary | BinaryView | FixedSizeBinary(_) | Date32
        | Date64 | Timestamp(..) | Time32(_) | Time64(_) => Some(KeySpelling::Quoted),
        Boolean | Int8 | Int16 | Int32 | Int64 | UInt8 | UInt16 | UInt32 | UInt64 | Float16 | Float32
        | Float64 | Decimal32(..) | Decimal64(..) | Decimal128(..) | Decimal256(..) | Duration(_) => {
            Some(KeySpelling::Bare)
        }
        _ => None,
    }
}

/// Whether `name` could be a bare JSON value of its own: not empty, not a string, without
/// whitespace around it (which the sub-reader would skip).
fn is_bare_value(name: &str) -> bool {
    let bare = |byte: &u8| !matches!(byte, b'"' | b' ' | b'\t' | b'\n' | b'\r');
    name.as_bytes().first().is_some_and(bare) && name.as_bytes().last().is_some_and(bare)
}

/// How the keys of a map declared sorted are compared.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum KeyOrder {
    /// By their bytes (text keys).
    Bytes,
    /// As integers (integer keys, whose text orders otherwise: `10` before `9`).
    Integer,
}

/// A map's keys as they are read.
enum Keys {
    /// `Utf8` keys, the common case: each name copied as it is.
    Utf8(StringColumn<i32>),
    /// Keys of any other type, each name read as JSON by the key type's column.
    Parsed {
        column: Box<dyn ColumnDecoder>,
        data_type: DataType,
        spelling: KeySpelling,
        /// The name as JSON text for the key's column (quoted and escaped, or bare).
        json: Vec<u8>,
    },
}

impl Keys {
    /// Appends `name` as a key; `reader` positions the error when the name is not a value of
    /// the key type.
    fn push(&mut self, reader: &Reader<'_>, name: &str) -> Result<()> {
        match self {
            Keys::Utf8(keys) => keys.push_str(reader, name),
            Keys::Parsed { column, data_type, spelling, json } => {
                json.clear();
                match spelling {
                    KeySpelling::Quoted => append::string(json, name),
                    // Whitespace around a bare value is JSON, but not part of the name's value;
                    // nor is a quoted string, which some bare types (decimals) also read.
                    KeySpelling::Bare if !is_bare_value(name) => {
                        return Err(reader
                            .data_error(format_args!("the map key `{name}` does not read as {data_type}")));
                    }
                    KeySpelling::Bare => json.extend_from_slice(name.as_bytes()),
                }
                let mut key = Reader::new(json);
                // On an error the record is cut back, this key with it.
                column.append(&mut key).and_then(|()| key.finish()).map_err(|err| {
                    // A name that is not even JSON bare (`x` for a number) says no more than
                    // that; one that is (`1.5` for an integer) says why it does not fit.
                    match err.category() {
                        Category::Data => reader.data_error(format_args!(
                            "the map key `{name}` does not read as {data_type}: {}",
                            err.message()
                        )),
                        _ => reader
                            .data_error(format_args!("the map key `{name}` does not read as {data_type}")),
                    }
                })
            }
        }
    }

    fn len(&self) -> usize {
        match self {
            Keys::Utf8(keys) => keys.len(),
            Keys::Parsed { column, .. } => column.len(),
        }
    }

    fn truncate(&mut self, len: usize) {
        match self {
            Keys::Utf8(keys) => keys.truncate(len),
            Keys::Parsed { column, .. } => column.truncate(len),
        }
    }

    fn finish(&mut self) -> Finished {
        match self {
            Keys::Utf8(keys) => keys.finish(),
            Keys::Parsed { column, .. } => column.finish(),
        }
    }
}

/// A map column.
pub(crate) struct MapColumn {
    entries: FieldRef,
    entry_fields: Fields,
    keys: Keys,
    values: Box<dyn ColumnDecoder>,
    /// How keys are compared when the map is declared sorted (`None` when it is not).
    order: Option<KeyOrder>,
    /// The previous key of the map being read, for the order check.
    previous: String,
    spans: Spans<i32>,
}

impl MapColumn {
    pub(crate) fn new(
        nullable: bool,
        entries: FieldRef,
        sorted: bool,
        options: Options,
    ) -> std::result::Result<Self, ArrowError> {
        let DataType::Struct(entry_fields) = entries.data_type() else {
            return Err(unsupported(&entries));
        };
        let [key, value] = entry_fields.iter().collect::<Vec<_>>()[..] else {
            return Err(ArrowError::InvalidArgumentError(format!(
                "a map's entries have two fields, a key and a value; `{}` has {}",
                entries.name(),
                entry_fields.len()
            )));
        };
        let key_type = key.data_type().clone();
        let Some(spelling) = key_spelling(&key_type) else {
            return Err(unsupported(key));
        };
        let keys = match key_type {
            DataType::Utf8 => Keys::Utf8(StringColumn::new(false, Content::Text)),
            // Keys are never null: a `null` name (bare) is refused by the typed read.
            _ => Keys::Parsed {
                column: decoder_for(&Field::new(key.name(), key_type.clone(), false), options)?,
                data_type: key_type.clone(),
                spelling,
                json: Vec::new(),
            },
        };
        // A sorted map's order is checked as its keys are read, for the key types whose order
        // follows from their text; any other is refused rather than taken on trust.
        let order = match (sorted, &key_type) {
            (false, _) => None,
            (true, DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View) => Some(KeyOrder::Bytes),
            (true, key_type) if key_type.is_integer() => Some(KeyOrder::Integer),
            (true, key_type) => {
                return Err(ArrowError::NotYetImplemented(format!(
                    "jetwire-arrow reads sorted maps with string or integer keys, not {key_type} \
                     (field `{}`): declare the map unsorted",
                    entries.name()
                )));
            }
        };
        Ok(MapColumn {
            values: decoder_for(value, options)?,
            entry_fields: entry_fields.clone(),
            entries,
            keys,
            order,
            previous: String::new(),
            spans: Spans::new(nullable),
        })
    }

    /// Checks that `key`, which follows `self.previous` in a map declared sorted, is not
    /// before it, and keeps it as the previous key.
    fn check_order(&mut self, reader: &Reader<'_>, order: KeyOrder, key: &str, first: bool) -> Result<()> {
        if !first {
            let ordering = match order {
                KeyOrder::Bytes => self.previous.as_bytes().cmp(key.as_bytes()),
                // A key that is not an integer is refused by its push, which follows.
                KeyOrder::Integer => match (self.previous.parse::<i128>(), key.parse::<i128>()) {
                    (Ok(previous), Ok(key)) => previous.cmp(&key),
                    _ => Ordering::Equal,
                },
            };
            if ordering == Ordering::Greater {
                return Err(reader.data_error(format_args!(
                    "the map's keys are declared sorted, and `{key}` comes after `{}`",
                    self.previous
                )));
            }
        }
        self.previous.clear();
        self.previous.push_str(key);
        Ok(())
    }
}

impl ColumnDecoder for MapColumn {
    fn append(&mut self, reader: &mut Reader<'_>) -> Result<()> {
        if self.spans.read_null(reader)? {
            return Ok(());
        }
        reader.begin_object()?;
        let first = self.keys.len();
        while let Some(key) = reader.next_key()? {
            let key = key.decoded();
            if let Some(order) = self.order {
                self.check_order(reader, order, &key, self.keys.len() == first)?;
            }
            self.keys.push(reader, &key)?;
            self.values.append(reader).map_err(|err| err.prepend_key(&key))?;
        }
        self.spans.push(reader, self.values.len())
    }

    fn append_null(&mut self) {
        self.spans.push_null();
    }

    fn len(&self) -> usize {
        self.spans.len()
    }

    fn truncate(&mut self, len: usize) {
        let entries = self.spans.truncate(len);
        self.keys.truncate(entries);
        self.values.truncate(entries);
    }

    fn finish(&mut self) -> Finished {
        let (offsets, nulls) = self.spans.finish();
        let (keys, values) = (self.keys.finish(), self.values.finish());
        let entries = StructArray::new(self.entry_fields.clone(), vec![keys?, values?], None);
        Ok(Arc::new(MapArray::new(
            self.entries.clone(),
            OffsetBuffer::new(ScalarBuffer::from(offsets)),
            entries,
            nulls,
            self.order.is_some(),
        )))
    }
}
