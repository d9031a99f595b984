//! Schema inference: the Arrow schema of a sample of JSON records, by arrow-json's rules.
//!
//! Each record is walked once on jetwire's reader and merged, value by value, into what the
//! records before it built up ([`Inferred`]); no record is held as a tree. The rules are
//! arrow-json's (`infer_json_schema`), so the two agree on the same input:
//!
//! - integers that fit an `i64` are `Int64`, other numbers `Float64`; strings `Utf8`, booleans
//!   `Boolean`; a field only ever `null` (or an empty array's elements) is `Null`;
//! - a field that holds several scalar types is `Float64` when they are `Int64` and `Float64`,
//!   `Utf8` otherwise (`null` does not count);
//! - arrays are `List`s of their elements' type; a field that holds both a scalar and an array
//!   is a list of the two merged; objects are `Struct`s of every property seen, in order of first
//!   appearance;
//! - an object where another record had a scalar or an array, and arrays that mix scalars,
//!   arrays and objects, are errors.

use std::collections::HashMap;
use std::io::{BufRead, Seek};
use std::sync::Arc;

use arrow_schema::{ArrowError, DataType, Field, Fields, Schema};
use jetwire_json::{Reader as JsonReader, Result, TokenKind};

use crate::records::{RecordFeed, RecordSink, describe};

/// What the values seen at one place of the records have in common.
#[derive(Debug)]
enum Inferred {
    /// Nothing but `null` (or nothing at all) so far.
    Any,
    /// Scalars of these types.
    Scalar(Scalars),
    /// Arrays, with what their elements have in common.
    Array(Box<Inferred>),
    /// Objects, with what each property has in common.
    Object(Properties),
}

/// The scalar types seen at one place: a set of flags, since the type they merge to does not
/// depend on the order they came in.
#[derive(Debug, Default, Clone, Copy)]
struct Scalars(u8);

impl Scalars {
    const BOOLEAN: u8 = 1;
    const INT64: u8 = 2;
    const FLOAT64: u8 = 4;
    const UTF8: u8 = 8;

    /// The one type the scalars are read as: `Int64` and `Float64` merge to `Float64`, any
    /// other mix to `Utf8`, and no scalar at all (an array of nulls) is `Utf8` too.
    fn data_type(self) -> DataType {
        match self.0 {
            Self::BOOLEAN => DataType::Boolean,
            Self::INT64 => DataType::Int64,
            Self::FLOAT64 => DataType::Float64,
            flags if flags == Self::INT64 | Self::FLOAT64 => DataType::Float64,
            _ => DataType::Utf8,
        }
    }
}

/// The properties of objects, in order of first appearance.
#[derive(Debug, Default)]
struct Properties {
    entries: Vec<(String, Inferred)>,
    index: HashMap<String, usize>,
}

impl Properties {
    /// What the property `name` has in common so far, added as [`Inferred::Any`] when new.
    fn slot(&mut self, name: &str) -> &mut Inferred {
        let at = match self.index.get(name) {
            Some(&at) => at,
            None => {
                self.index.insert(name.to_owned(), self.entries.len());
                self.entries.push((name.to_owned(), Inferred::Any));
                self.entries.len() - 1
            }
        };
        &mut self.entries[at].1
    }

    fn fields(&self) -> Fields {
        self.entries.iter().map(|(name, inferred)| Field::new(name, inferred.data_type(), true)).collect()
    }
}

impl Inferred {
    fn data_type(&self) -> DataType {
        match self {
            Inferred::Any => DataType::Null,
            Inferred::Scalar(scalars) => scalars.data_type(),
            Inferred::Array(elements) => {
                DataType::List(Arc::new(Field::new_list_field(elements.data_type(), true)))
            }
            Inferred::Object(properties) => DataType::Struct(properties.fields()),
        }
    }

    /// How the values so far read in an error message.
    fn describe(&self) -> &'static str {
        match self {
            Inferred::Any => "null",
            Inferred::Scalar(_) => "scalars",
            Inferred::Array(_) => "arrays",
            Inferred::Object(_) => "objects",
        }
    }

    /// What the values so far are, when a scalar cannot join them: objects, or arrays of
    /// objects (a scalar beside arrays joins their elements).
    fn refuses_scalars(&self) -> Option<&'static str> {
        match self {
            Inferred::Object(_) => Some("objects"),
            Inferred::Array(elements) => elements.refuses_scalars().map(|_| "arrays of objects"),
            Inferred::Any | Inferred::Scalar(_) => None,
        }
    }

    /// Merges a scalar of type `flag` (or, with 0, only the fact that scalars are here), once
    /// [`refuses_scalars`](Self::refuses_scalars) has said it may: a list takes it into its
    /// elements, as arrow-json reads a scalar beside arrays as a list of one.
    fn merge_scalar(&mut self, flag: u8) {
        match self {
            Inferred::Any => *self = Inferred::Scalar(Scalars(flag)),
            Inferred::Scalar(scalars) => scalars.0 |= flag,
            Inferred::Array(elements) => elements.merge_scalar(flag),
            Inferred::Object(_) => debug_assert!(false, "refuses_scalars is checked first"),
        }
    }
}

/// Reads the value at `reader` and merges it into `slot`.
fn merge_value(reader: &mut JsonReader<'_>, slot: &mut Inferred) -> Result<()> {
    let kind = reader.peek()?;
    if kind != TokenKind::BeginArray && kind != TokenKind::BeginObject && kind != TokenKind::Null {
        if let Some(before) = slot.refuses_scalars() {
            return Err(clash_with(reader, kind, before));
        }
    }
    let flag = match kind {
        TokenKind::Null => return reader.read_null(),
        TokenKind::BeginArray => return merge_array(reader, slot),
        TokenKind::BeginObject => {
            if matches!(slot, Inferred::Any) {
                *slot = Inferred::Object(Properties::default());
            }
            let Inferred::Object(properties) = slot else {
                return Err(clash(reader, kind, slot));
            };
            return merge_object(reader, properties);
        }
        TokenKind::Bool => {
            reader.read_bool()?;
            Scalars::BOOLEAN
        }
        TokenKind::String => {
            reader.skip_value()?;
            Scalars::UTF8
        }
        _ => {
            let number = reader.read_number()?;
            if number.is_integer() && number.as_i64().is_some() { Scalars::INT64 } else { Scalars::FLOAT64 }
        }
    };
    slot.merge_scalar(flag);
    Ok(())
}

/// Reads an object's properties and merges each into `properties`.
fn merge_object(reader: &mut JsonReader<'_>, properties: &mut Properties) -> Result<()> {
    reader.begin_object()?;
    while let Some(key) = reader.next_key()? {
        let name = key.decoded();
        merge_value(reader, properties.slot(&name)).map_err(|err| err.prepend_key(&name))?;
    }
    Ok(())
}

/// Reads an array and merges it into `slot`: its elements into what elements have in common.
/// The first element says what all of them are, as in arrow-json: scalars (and nulls), arrays,
/// or objects.
fn merge_array(reader: &mut JsonReader<'_>, slot: &mut Inferred) -> Result<()> {
    let elements = match slot {
        Inferred::Any => {
            *slot = Inferred::Array(Box::new(Inferred::Any));
            let Inferred::Array(elements) = slot else { unreachable!("just set") };
            elements
        }
        Inferred::Array(elements) => elements,
        Inferred::Scalar(scalars) => {
            // Scalars before, an array now: a list of them.
            *slot = Inferred::Array(Box::new(Inferred::Scalar(*scalars)));
            let Inferred::Array(elements) = slot else { unreachable!("just set") };
            elements
        }
        Inferred::Object(_) => return Err(clash(reader, TokenKind::BeginArray, slot)),
    };
    reader.begin_array()?;
    if !reader.next_element()? {
        return Ok(());
    }
    let first = reader.peek()?;
    let first_is_scalar = !matches!(first, TokenKind::BeginArray | TokenKind::BeginObject);
    if first_is_scalar {
        // An array of scalars makes its elements scalars even when all of them are null.
        if let Some(before) = elements.refuses_scalars() {
            return Err(clash_with(reader, first, before).prepend_index(0));
        }
        elements.merge_scalar(0);
    }
    let mut index = 0;
    loop {
        let kind = reader.peek()?;
        let same = match first {
            TokenKind::BeginArray | TokenKind::BeginObject => kind == first,
            _ => !matches!(kind, TokenKind::BeginArray | TokenKind::BeginObject),
        };
        if !same {
            let message = format!(
                "found {} in an array whose first element is {}: an array's elements are all \
                 scalars (or null), all arrays or all objects",
                kind.describe(),
                first.describe()
            );
            return Err(reader.data_error(message).prepend_index(index));
        }
        merge_value(reader, elements).map_err(|err| err.prepend_index(index))?;
        index += 1;
        if !reader.next_element()? {
            return Ok(());
        }
    }
}

#[cold]
fn clash(reader: &JsonReader<'_>, found: TokenKind, slot: &Inferred) -> jetwire_json::Error {
    clash_with(reader, found, slot.describe())
}

#[cold]
fn clash_with(reader: &JsonReader<'_>, found: TokenKind, before: &str) -> jetwire_json::Error {
    reader.data_error(format_args!(
        "no one Arrow type holds this value and the ones before it here: found {}, where earlier \
         values are {before}",
        found.describe()
    ))
}

/// Infers the schema of JSON records fed in pieces: the push-driven form of
/// [`infer_json_schema`], for input that arrives in chunks or from an async source.
///
/// ```
/// use arrow_schema::DataType;
/// use jetwire_arrow::SchemaInferrer;
///
/// let mut inferrer = SchemaInferrer::new(None);
/// inferrer.infer(b"{\"id\": 1, \"tags\": [\"a\"]}\n{\"id\": 2.5, \"ta")?;
/// inferrer.infer(b"gs\": null, \"ok\": true}\n")?;
/// let (schema, records) = inferrer.finish()?;
/// assert_eq!(records, 2);
/// assert_eq!(schema.field(0).data_type(), &DataType::Float64);
/// assert_eq!(schema.field(2).name(), "ok");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
#[derive(Debug)]
pub struct SchemaInferrer {
    sample: Sample,
    feed: RecordFeed,
}

/// The records read so far, merged.
#[derive(Debug)]
struct Sample {
    properties: Properties,
    records: usize,
    max_records: usize,
}

impl Sample {
    /// No record yet, of at most `max_records` (no limit with `None`).
    fn new(max_records: Option<usize>) -> Self {
        Sample {
            properties: Properties::default(),
            records: 0,
            max_records: max_records.unwrap_or(usize::MAX),
        }
    }
}

impl RecordSink for Sample {
    fn is_full(&self) -> bool {
        self.records == self.max_records
    }

    fn append(&mut self, reader: &mut JsonReader<'_>) -> Result<()> {
        // The record is first read through whole, so that one cut by the end of a piece
        // merges nothing. Other errors are left to the walk, which names their place.
        if let Err(err) = reader.clone().skip_value() {
            if err.is_eof() {
                return Err(err);
            }
        }
        let kind = reader.peek()?;
        if kind != TokenKind::BeginObject {
            return Err(
                reader.data_error(format_args!("expected an object (a record), found {}", kind.describe()))
            );
        }
        merge_object(reader, &mut self.properties)?;
        self.records += 1;
        Ok(())
    }
}

impl SchemaInferrer {
    /// An inferrer over the first `max_records` records (all of them with `None`).
    pub fn new(max_records: Option<usize>) -> Self {
        SchemaInferrer { sample: Sample::new(max_records), feed: RecordFeed::default() }
    }

    /// Reads the records in `buf` (JSON objects separated by whitespace, as the
    /// [`Decoder`](crate::Decoder) takes them) and returns how many bytes it consumed: all of
    /// them, unless the sample is complete. A record that `buf` ends inside of is completed by
    /// the next call.
    ///
    /// # Errors
    ///
    /// On bad JSON, a record that is not an object, or values no one type holds, naming the
    /// line, the JSON Pointer and the column.
    pub fn infer(&mut self, buf: &[u8]) -> std::result::Result<usize, ArrowError> {
        self.feed.feed(&mut self.sample, buf)
    }

    /// Whether the sample is complete: `max_records` records have been read.
    pub fn is_done(&self) -> bool {
        self.sample.is_full()
    }

    /// The schema of the records read, and how many they were.
    ///
    /// # Errors
    ///
    /// When the input ended inside a record.
    pub fn finish(mut self) -> std::result::Result<(Schema, usize), ArrowError> {
        if !self.is_done() {
            self.feed.finish(&mut self.sample)?;
        }
        Ok((Schema::new(self.sample.properties.fields()), self.sample.records))
    }
}

/// Infers the schema of the JSON records in `reader` from its first `max_read_records` records
/// (all of them with `None`), and returns it with the number of records read: arrow-json's
/// function of the same name, on jetwire's reader.
///
/// The records are JSON objects separated by whitespace, as the [`Decoder`](crate::Decoder)
/// reads them (one to a line, or spread over lines). All fields are nullable.
///
/// ```
/// use std::sync::Arc;
/// use arrow_schema::{DataType, Field, Schema};
/// use jetwire_arrow::{ReaderBuilder, infer_json_schema};
///
/// let input = br#"{"id": 1, "name": "ada", "tags": ["x"]}
/// {"id": 2, "name": null, "tags": "y", "score": 0.5}
/// "#;
/// let (schema, records) = infer_json_schema(&input[..], None)?;
/// assert_eq!(records, 2);
/// assert_eq!(
///     schema,
///     Schema::new(vec![
///         Field::new("id", DataType::Int64, true),
///         Field::new("name", DataType::Utf8, true),
///         Field::new_list("tags", Field::new_list_field(DataType::Utf8, true), true),
///         Field::new("score", DataType::Float64, true),
///     ])
/// );
/// // The schema decodes the records it was inferred from.
/// let mut decoder = ReaderBuilder::new(Arc::new(schema)).build_decoder()?;
/// # let input = br#"{"id": 1, "name": "ada", "tags": ["x"]}
/// # {"id": 2, "name": null, "tags": ["y"], "score": 0.5}
/// # "#;
/// decoder.decode(input)?;
/// assert_eq!(decoder.flush()?.unwrap().num_rows(), 2);
///
/// let err = infer_json_schema(&b"{\"a\": {}}\n{\"a\": 1}"[..], None).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "Json error: line 2, column 7, at /a (column \"a\"): no one Arrow type holds this value \
///      and the ones before it here: found a number, where earlier values are objects"
/// );
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
///
/// # Where it differs from arrow-json
///
/// - Fields are in order of first appearance in the input. arrow-json's follow serde_json's
///   maps: sorted by name within each record, unless some crate in the build turns on
///   serde_json's `preserve_order` feature.
/// - A property that appears twice in one record merges both values (arrow-json keeps the
///   last; jetwire-arrow's decoder refuses such a record).
/// - A record may span lines, and errors name the line, the JSON Pointer and the column.
/// - A number too large for an `f64` (`1e400`) is inferred as `Float64`; arrow-json refuses it.
///
/// # Errors
///
/// On bad JSON, a record that is not an object, values no one Arrow type holds (an object in
/// one record and a number in another, at the same place), arrays that mix scalars, arrays and
/// objects, and errors of `reader`.
pub fn infer_json_schema<R: BufRead>(
    mut reader: R,
    max_read_records: Option<usize>,
) -> std::result::Result<(Schema, usize), ArrowError> {
    let mut inferrer = SchemaInferrer::new(max_read_records);
    while !inferrer.is_done() {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        let consumed = inferrer.infer(buf)?;
        reader.consume(consumed);
    }
    inferrer.finish()
}

/// [`infer_json_schema`], then back to the start of `reader`, ready to decode the records.
///
/// # Errors
///
/// As [`infer_json_schema`], and when the reader cannot seek back.
pub fn infer_json_schema_from_seekable<R: BufRead + Seek>(
    mut reader: R,
    max_read_records: Option<usize>,
) -> std::result::Result<(Schema, usize), ArrowError> {
    let inferred = infer_json_schema(&mut reader, max_read_records);
    reader.rewind()?;
    inferred
}

/// Infers the schema of a JSON array of records (`[{...}, {...}]`, the whole document, as
/// [`Decoder::decode_array`](crate::Decoder::decode_array) reads it) from its first
/// `max_read_records` records.
///
/// ```
/// use arrow_schema::DataType;
/// let (schema, records) = jetwire_arrow::infer_json_schema_from_array(br#"[{"n": 1}, {"n": 1e3}]"#, None)?;
/// assert_eq!((schema.field(0).data_type(), records), (&DataType::Float64, 2));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
///
/// # Errors
///
/// As [`infer_json_schema`]; the pointer starts with the record's index in the array.
pub fn infer_json_schema_from_array(
    input: &[u8],
    max_read_records: Option<usize>,
) -> std::result::Result<(Schema, usize), ArrowError> {
    let mut sample = Sample::new(max_read_records);
    let mut reader = JsonReader::new(input);
    let result = (|| {
        reader.begin_array()?;
        while !sample.is_full() && reader.next_element()? {
            let index = sample.records;
            sample.append(&mut reader).map_err(|err| err.prepend_index(index))?;
        }
        if sample.is_full() { Ok(()) } else { reader.finish() }
    })();
    result.map_err(|err| ArrowError::JsonError(describe(&err, 0, true)))?;
    Ok((Schema::new(sample.properties.fields()), sample.records))
}
