//! JSON and Apache Arrow: JSON Lines (and any whitespace-separated JSON objects) and JSON arrays
//! of objects decoded into [`RecordBatch`](arrow_array::RecordBatch)es of a given schema on
//! jetwire's reader, and batches written back as JSON Lines or an array through jetwire's writer,
//! with an API shaped like arrow-json's ([`ReaderBuilder`], [`Decoder`], [`Reader`];
//! [`LineDelimitedWriter`], [`ArrayWriter`], [`WriterBuilder`]) so that code using arrow-json
//! switches with a changed import.
//!
//! ```
//! use std::sync::Arc;
//! use arrow_array::Array;
//! use arrow_array::cast::AsArray;
//! use arrow_array::types::{Int32Type, TimestampMillisecondType};
//! use arrow_schema::{DataType, Field, Schema, TimeUnit};
//! use jetwire_arrow::ReaderBuilder;
//!
//! let schema = Arc::new(Schema::new(vec![
//!     Field::new("at", DataType::Timestamp(TimeUnit::Millisecond, None), false),
//!     Field::new_list("codes", Field::new("item", DataType::Int32, false), true),
//! ]));
//! let logs = br#"{"at": "2026-12-07T09:00:00.250Z", "codes": [200, 404]}
//! {"at": 1796634000000, "codes": null}
//! "#;
//! let mut decoder = ReaderBuilder::new(schema).build_decoder()?;
//! decoder.decode(logs)?;
//! let batch = decoder.flush()?.unwrap();
//! let at = batch.column(0).as_primitive::<TimestampMillisecondType>();
//! assert_eq!(at.values(), &[1_796_634_000_250, 1_796_634_000_000]);
//! let codes = batch.column(1).as_list::<i32>();
//! assert_eq!(codes.value(0).as_primitive::<Int32Type>().values(), &[200, 404]);
//! assert!(codes.is_null(1));
//! # Ok::<(), arrow_schema::ArrowError>(())
//! ```
//!
//! # What JSON each type takes
//!
//! | Arrow type | JSON |
//! |---|---|
//! | `Null` | `null` |
//! | `Boolean` | `true`, `false` |
//! | `Int8` … `UInt64` | integers in the type's range (no fraction, no exponent beyond the integer) |
//! | `Float16`, `Float32`, `Float64` | numbers, rounded once to the nearest value |
//! | `Decimal32(p, s)` … `Decimal256(p, s)` | numbers, or strings holding them, exact at scale `s` within precision `p` |
//! | `Utf8`, `LargeUtf8`, `Utf8View` | strings |
//! | `Binary`, `LargeBinary`, `BinaryView` | strings of standard base64 (arrow-json reads hex) |
//! | `FixedSizeBinary(n)` | strings of standard base64 holding exactly `n` bytes |
//! | `Duration(unit)` | integers counted in `unit` |
//! | `Time32(unit)`, `Time64(unit)` | `HH:MM:SS` with a fraction the unit holds exactly, or integers counted in `unit` since midnight |
//! | `Timestamp(unit, tz)` | RFC 3339 strings (`T` or space, `Z` or an offset; without one, in the column's zone: an offset, a named zone's offset at that time with the `tz` feature, or UTC without a zone), or integers counted in `unit` |
//! | `Date32`, `Date64` | `YYYY-MM-DD` (`Date64` also a date and time), or integers: days, milliseconds |
//! | `List`, `LargeList`, `ListView`, `LargeListView` | arrays |
//! | `FixedSizeList(_, n)` | arrays of exactly `n` elements |
//! | `Struct` | objects: fields by name, absent ones null, others skipped (or an error in strict mode) |
//! | `Map` | objects, keys in document order (when the type says its keys are sorted: string or integer keys only, in ascending order or an error); a key of another scalar type is its property name read as that type reads JSON: quoted for text, bytes, dates and times (`{"2024-02-29": 1}`), bare for numbers and booleans (`{"7": "a"}` gives the `Int32` key 7) |
//! | `Dictionary(int, Utf8)` | strings, each distinct one stored once a batch |
//! | `RunEndEncoded(Int16 \| Int32 \| Int64, values)` | what the values' type takes; each run of equal neighbours is stored once (two nulls are equal, floats by their bits), as arrow-json encodes them. More rows in a batch than the run ends count is an error (from `decode` with the line, or from `flush` when the rows past the limit are absent nulls) |
//!
//! `null` is accepted wherever the field is nullable, and is an error elsewhere; so is an absent
//! field that is not nullable. Other types are refused when the decoder is built
//! (`NotYetImplemented`, naming the field).
//!
//! # Inferring a schema
//!
//! [`infer_json_schema`] (and [`infer_json_schema_from_seekable`], [`infer_json_schema_from_array`],
//! and [`SchemaInferrer`] for input in pieces) gives the schema of a sample of records by
//! arrow-json's rules: `Int64`, `Float64`, `Utf8`, `Boolean`, `Null`, lists and structs, every
//! field nullable; integers beside floats make `Float64`, other mixed scalars `Utf8`, and a scalar
//! beside arrays a list. Fields come in order of first appearance. Each record is walked on the
//! reader and merged into the schema so far, never held as a tree.
//!
//! # Input
//!
//! Records come from byte slices of any size ([`Decoder::decode`], which keeps a record cut
//! between two slices until the next one completes it), from an [`std::io::BufRead`]
//! ([`ReaderBuilder::build`]), from a JSON array ([`Decoder::decode_array`]), or, with the
//! features `tokio` and `futures`, from a tokio `AsyncBufRead` or a `Stream` of byte chunks
//! (`ReaderBuilder::build_async`, an `AsyncReader` that is a `Stream` of batches). Each holds
//! at most one batch and one cut record.
//!
//! # Writing
//!
//! Each row is an object of its non-null columns (all of them with
//! [`WriterBuilder::with_explicit_nulls`]), each type spelled as the decoder reads it back: numbers
//! as numbers (a NaN or an infinity as `null`, as arrow-json writes them), decimals as exact number
//! text, binary as base64, durations as integers of their unit, times of day as `HH:MM:SS` with the
//! unit's fraction digits, timestamps as RFC 3339 with the unit's fraction digits and the column's
//! offset (`Z` for UTC; none when the column has no zone; a named zone's offset at that time with
//! the `tz` feature, else UTC), dates as `YYYY-MM-DD`, dictionaries and run-end encodings as their
//! values, and a map's keys as property names spelled as their type is (an `Int64` key 7 as `"7"`).
//! A batch read from JSON and written again reads back to the same batch (tested for every type).
//! Dates and times outside the years 0 to 9999, which RFC 3339 cannot spell, are written with a
//! sign and five or more year digits (`-00221-09-04`), which the decoder does not read back.
//!
//! # Where it differs from arrow-json
//!
//! - Errors name the record's line, the JSON Pointer of the value and the column, and come from
//!   [`Decoder::decode`] as the record is read (arrow-json reports types at `flush`, without a
//!   position).
//! - Integers are not truncated from fractions (`2.7` into `Int32` is an error, arrow-json gives
//!   2) and not parsed from strings; booleans and numbers are not turned into strings.
//! - A property that appears twice in a record is an error (arrow-json keeps the last).
//! - Binary is base64, not hex, both ways; dictionary-encoded strings are decoded (arrow-json
//!   refuses them); a JSON array of records has [`Decoder::decode_array`].
//! - Named time zones (`Europe/Paris`) need the `tz` feature, which brings chrono-tz's zone
//!   database through arrow-array (arrow-json needs arrow-array's `chrono-tz` too). Without it,
//!   a timestamp without an offset in such a column is an error, and the writer writes the
//!   column in UTC. With it, a local time that a daylight saving change makes ambiguous or
//!   skips is an error, as in arrow-json; a name the database does not know is treated as
//!   without it (arrow-json refuses the schema), so that turning the feature on breaks no
//!   schema that worked.
//! - Maps with keys that are not strings are written (`{"7": "a"}`); arrow-json's writer
//!   refuses them. A float key that JSON cannot spell (NaN, an infinity) is written `"null"`,
//!   which does not read back. Sorted maps are read with string or integer keys, their order
//!   checked (arrow-json refuses sorted maps); with keys of other types they are refused when
//!   the decoder is built.
//! - `Interval` is neither read nor written (arrow-json does not read it either).
//!
//! See docs/architecture.md in the repository for how the crates fit together.

#[cfg(any(feature = "tokio", feature = "futures"))]
mod async_reader;
mod columns;
mod decoder;
mod infer;
mod records;
mod writer;
mod zones;

#[cfg(feature = "futures")]
pub use async_reader::ChunkStream;
#[cfg(any(feature = "tokio", feature = "futures"))]
pub use async_reader::{AsyncBytes, AsyncReader};
pub use decoder::{Decoder, Reader, ReaderBuilder};
pub use infer::{
    SchemaInferrer, infer_json_schema, infer_json_schema_from_array, infer_json_schema_from_seekable,
};
pub use writer::{ArrayWriter, LineDelimitedWriter, WriterBuilder};

/// The Arrow crates jetwire-arrow is built on, for naming their types at the same versions.
pub use {arrow_array, arrow_schema};
