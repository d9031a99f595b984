//! jetwire-arrow's writers: batches of every supported type written as JSON Lines and as an
//! array, read back to the same batches, and the same JSON values as arrow-json's writer where
//! the two spell types alike.

mod common;

use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_schema::{DataType, Field, Fields, Schema, SchemaRef, TimeUnit};
use common::run_end;
use jetwire_arrow::{ArrayWriter, LineDelimitedWriter, ReaderBuilder, WriterBuilder};

fn decode(schema: &SchemaRef, input: &[u8]) -> RecordBatch {
    let mut decoder = ReaderBuilder::new(schema.clone()).build_decoder().unwrap();
    assert_eq!(decoder.decode(input).unwrap(), input.len());
    decoder.flush().unwrap().unwrap()
}

fn lines(batch: &RecordBatch, explicit_nulls: bool) -> Vec<u8> {
    let mut writer = WriterBuilder::new().with_explicit_nulls(explicit_nulls).build_lines(Vec::new());
    writer.write(batch).unwrap();
    writer.finish().unwrap();
    writer.into_inner()
}

/// A schema with every type the writer writes, and records of it with nulls at every level.
fn every_type() -> (SchemaRef, &'static str) {
    let inner =
        Fields::from(vec![Field::new("a", DataType::Int16, true), Field::new("b", DataType::Utf8, true)]);
    let schema = Arc::new(Schema::new(vec![
        Field::new("i8", DataType::Int8, true),
        Field::new("u64", DataType::UInt64, true),
        Field::new("f32", DataType::Float32, true),
        Field::new("f64", DataType::Float64, true),
        Field::new("b", DataType::Boolean, true),
        Field::new("d", DataType::Decimal128(12, 3), true),
        Field::new("s", DataType::Utf8, true),
        Field::new("ls", DataType::LargeUtf8, true),
        Field::new("bin", DataType::Binary, true),
        Field::new("ts", DataType::Timestamp(TimeUnit::Microsecond, None), true),
        Field::new("tz", DataType::Timestamp(TimeUnit::Millisecond, Some("-03:30".into())), true),
        Field::new("day", DataType::Date32, true),
        Field::new("ms", DataType::Date64, true),
        Field::new_list("list", Field::new("item", DataType::Int32, true), true),
        Field::new("st", DataType::Struct(inner), true),
        Field::new_map(
            "map",
            "entries",
            Field::new("keys", DataType::Utf8, false),
            Field::new("values", DataType::Float64, true),
            false,
            true,
        ),
        Field::new("tag", DataType::Dictionary(Box::new(DataType::UInt16), Box::new(DataType::Utf8)), true),
        Field::new("nothing", DataType::Null, true),
        Field::new("d32", DataType::Decimal32(9, 2), true),
        Field::new("d64", DataType::Decimal64(18, 4), true),
        Field::new("sv", DataType::Utf8View, true),
        Field::new("bv", DataType::BinaryView, true),
        Field::new("dur", DataType::Duration(TimeUnit::Nanosecond), true),
        Field::new("t32", DataType::Time32(TimeUnit::Millisecond), true),
        Field::new("t64", DataType::Time64(TimeUnit::Nanosecond), true),
        Field::new("fsb", DataType::FixedSizeBinary(3), true),
        Field::new("d256", DataType::Decimal256(70, 5), true),
        Field::new("view", DataType::ListView(Arc::new(Field::new("item", DataType::Utf8, true))), true),
        Field::new(
            "pair",
            DataType::FixedSizeList(Arc::new(Field::new("item", DataType::Int8, false)), 2),
            true,
        ),
        Field::new("runs", run_end(DataType::Utf8, DataType::Int16), true),
        Field::new_map(
            "ids",
            "entries",
            Field::new("keys", DataType::Int64, false),
            Field::new("values", DataType::Utf8, true),
            false,
            true,
        ),
        Field::new_map(
            "when",
            "entries",
            Field::new("keys", DataType::Timestamp(TimeUnit::Second, Some("+00:00".into())), false),
            Field::new("values", DataType::Boolean, true),
            false,
            true,
        ),
    ]));
    let records = r#"{"view": ["x", null], "d256": -123456789012345678901234567890123456789012345678901234567890.12345, "fsb": "AQID", "pair": [1, -2], "t32": "23:59:59.999", "t64": 1, "d32": -1234567.89, "d64": "12345678901234.5678", "sv": "a view longer than twelve bytes", "bv": "3q2+7w==", "dur": -86400000000000, "i8": -5, "u64": 18446744073709551615, "f32": 1.25, "f64": -2.5e-300, "b": true, "d": "-12.345", "s": "tab\t\"q\" é", "ls": "", "bin": "AAH/", "ts": "1969-12-31T23:59:59.999999", "tz": "2026-12-07T09:00:00.123-03:30", "day": "2024-02-29", "ms": "1970-01-01T00:00:00.007", "list": [1, null, 3], "st": {"a": 7, "b": null}, "map": {"x": 1.5, "y": null}, "tag": "red", "nothing": null, "runs": "r", "ids": {"7": "seven", "-1": null}, "when": {"2026-12-07T10:00:00Z": true}}
{}
{"list": [], "st": null, "map": {}, "tag": "blue", "f64": 0.1, "d32": 0.5, "sv": "short", "dur": 7, "runs": "r", "ids": {}}
{"runs": "s", "ids": null}
"#;
    (schema, records)
}

#[test]
fn every_type_reads_back_from_json_lines_and_arrays() {
    let (schema, records) = every_type();
    let batch = decode(&schema, records.as_bytes());
    for explicit_nulls in [false, true] {
        let written = lines(&batch, explicit_nulls);
        assert_eq!(decode(&schema, &written), batch, "{}", String::from_utf8_lossy(&written));
    }
    let mut array = ArrayWriter::new(Vec::new());
    array.write_batches(&[&batch, &batch]).unwrap();
    array.finish().unwrap();
    let written = array.into_inner();
    let rows = batch.num_rows();
    let mut decoder = ReaderBuilder::new(schema.clone()).with_batch_size(rows).build_decoder().unwrap();
    let back = decoder.decode_array(&written).unwrap();
    assert_eq!(back, [batch.clone(), batch]);
}

#[test]
fn values_are_spelled_as_documented() {
    let (schema, records) = every_type();
    let batch = decode(&schema, records.as_bytes());
    let written = String::from_utf8(lines(&batch, false)).unwrap();
    let first = written.lines().next().unwrap();
    for expected in [
        r#""u64":18446744073709551615"#,
        r#""d":-12.345"#,
        r#""s":"tab\t\"q\" é""#,
        r#""bin":"AAH/""#,
        r#""ts":"1969-12-31T23:59:59.999999""#,
        r#""tz":"2026-12-07T09:00:00.123-03:30""#,
        r#""day":"2024-02-29""#,
        r#""ms":"1970-01-01T00:00:00.007""#,
        r#""list":[1,null,3]"#,
        r#""st":{"a":7}"#,
        r#""map":{"x":1.5,"y":null}"#,
        r#""tag":"red""#,
        r#""d32":-1234567.89"#,
        r#""d64":12345678901234.5678"#,
        r#""sv":"a view longer than twelve bytes""#,
        r#""bv":"3q2+7w==""#,
        r#""dur":-86400000000000"#,
        r#""t32":"23:59:59.999""#,
        r#""fsb":"AQID""#,
        r#""view":["x",null]"#,
        r#""d256":-123456789012345678901234567890123456789012345678901234567890.12345"#,
        r#""pair":[1,-2]"#,
        r#""t64":"00:00:00.000000001""#,
        r#""runs":"r""#,
        r#""ids":{"7":"seven","-1":null}"#,
        r#""when":{"2026-12-07T10:00:00Z":true}"#,
    ] {
        assert!(first.contains(expected), "{expected} not in {first}");
    }
    assert!(!first.contains("nothing"), "{first}");
    assert_eq!(written.lines().nth(1), Some("{}"));
    let explicit = String::from_utf8(lines(&batch, true)).unwrap();
    assert!(explicit.lines().nth(1).unwrap().starts_with(r#"{"i8":null,"u64":null,"#), "{explicit}");
}

#[test]
fn an_empty_array_writer_writes_brackets() {
    let mut writer = ArrayWriter::new(Vec::new());
    writer.finish().unwrap();
    assert_eq!(writer.into_inner(), b"[]");
    let mut writer = LineDelimitedWriter::new(Vec::new());
    writer.finish().unwrap();
    assert_eq!(writer.into_inner(), b"");
}

#[test]
fn non_finite_floats_are_null_as_in_arrow_json() {
    let schema = Arc::new(Schema::new(vec![Field::new("x", DataType::Float64, false)]));
    let column = arrow_array::Float64Array::from(vec![f64::NAN, f64::INFINITY, 1.0]);
    let batch = RecordBatch::try_new(schema, vec![Arc::new(column)]).unwrap();
    assert_eq!(lines(&batch, false), b"{\"x\":null}\n{\"x\":null}\n{\"x\":1.0}\n");
}

#[test]
fn a_dictionary_value_that_is_null_is_a_null_value() {
    let keys = arrow_array::Int8Array::from(vec![Some(0), Some(1), None, Some(0)]);
    let values = arrow_array::StringArray::from(vec![Some("a\"b"), None]);
    let column = arrow_array::DictionaryArray::<arrow_array::types::Int8Type>::new(keys, Arc::new(values));
    let schema =
        Arc::new(Schema::new(vec![Field::new("d", arrow_array::Array::data_type(&column).clone(), true)]));
    let batch = RecordBatch::try_new(schema, vec![Arc::new(column)]).unwrap();
    assert_eq!(lines(&batch, false), b"{\"d\":\"a\\\"b\"}\n{}\n{}\n{\"d\":\"a\\\"b\"}\n");
    assert_eq!(lines(&batch, true), b"{\"d\":\"a\\\"b\"}\n{\"d\":null}\n{\"d\":null}\n{\"d\":\"a\\\"b\"}\n");
}

#[test]
fn unsupported_columns_are_refused_before_anything_is_written() {
    let schema = Arc::new(Schema::new(vec![Field::new(
        "d",
        DataType::Interval(arrow_schema::IntervalUnit::YearMonth),
        false,
    )]));
    let column = arrow_array::IntervalYearMonthArray::from(vec![1]);
    let batch = RecordBatch::try_new(schema, vec![Arc::new(column)]).unwrap();
    let mut writer = LineDelimitedWriter::new(Vec::new());
    let err = writer.write(&batch).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Not yet implemented: jetwire-arrow does not write Interval(YearMonth) as JSON (field `d`)"
    );
    writer.finish().unwrap();
    assert_eq!(writer.into_inner(), b"");
}

/// Where both libraries spell a type alike (numbers, strings, booleans, lists, structs, maps),
/// jetwire's lines hold the same JSON values as arrow-json's.
#[test]
fn the_same_values_as_arrow_json_writes() {
    let inner =
        Fields::from(vec![Field::new("a", DataType::Int64, true), Field::new("b", DataType::Utf8, true)]);
    let schema = Arc::new(Schema::new(vec![
        Field::new("i", DataType::Int64, true),
        Field::new("f", DataType::Float64, true),
        Field::new("s", DataType::Utf8, true),
        Field::new("b", DataType::Boolean, true),
        Field::new_list("l", Field::new("item", DataType::Int32, true), true),
        Field::new("o", DataType::Struct(inner), true),
        Field::new("r", run_end(DataType::Int32, DataType::Int64), true),
    ]));
    let records = r#"{"i": 1, "f": 0.30000000000000004, "s": "a\u0001b", "b": false, "l": [1, null], "o": {"a": 2, "b": "x"}, "r": 5}
{"f": 1e300, "l": [], "o": {"a": null}, "r": 5}
{"i": -9223372036854775808, "s": "\ud83d\ude00", "o": null}
{"r": 6}
"#;
    let batch = decode(&schema, records.as_bytes());
    // Whole, and sliced (a run-end encoding's rows then start inside a run).
    for batch in [batch.clone(), batch.slice(1, 3), batch.slice(3, 1)] {
        let ours = lines(&batch, false);
        let mut theirs = arrow_json::LineDelimitedWriter::new(Vec::new());
        theirs.write(&batch).unwrap();
        theirs.finish().unwrap();
        let theirs = theirs.into_inner();
        assert_eq!(
            json_values(&ours),
            json_values(&theirs),
            "{}\n{}",
            String::from_utf8_lossy(&ours),
            String::from_utf8_lossy(&theirs)
        );
    }
}

/// Values of JSON Lines output, to compare two writers' output value by value.
fn json_values(bytes: &[u8]) -> Vec<serde_json::Value> {
    serde_json::Deserializer::from_slice(bytes).into_iter().collect::<Result<_, _>>().unwrap()
}

#[test]
fn a_slice_is_escaped_by_its_own_strings() {
    use arrow_array::StringArray;
    let schema = Arc::new(Schema::new(vec![Field::new("s", DataType::Utf8, true)]));
    let strings = StringArray::from(vec![Some("a\"b"), Some("plain"), None, Some("x"), Some("tab\t")]);
    let batch = RecordBatch::try_new(schema, vec![Arc::new(strings)]).unwrap();
    assert_eq!(
        lines(&batch, false),
        b"{\"s\":\"a\\\"b\"}\n{\"s\":\"plain\"}\n{}\n{\"s\":\"x\"}\n{\"s\":\"tab\\t\"}\n"
    );
    // The middle rows alone need no escape, though the bytes beside them do.
    assert_eq!(lines(&batch.slice(1, 3), false), b"{\"s\":\"plain\"}\n{}\n{\"s\":\"x\"}\n");
    assert_eq!(lines(&batch.slice(3, 2), true), b"{\"s\":\"x\"}\n{\"s\":\"tab\\t\"}\n");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 128,
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Generated rows (strings with and without escapes, long and short, nulls anywhere) are
    /// written as the same JSON values as arrow-json writes, whole and sliced.
    #[test]
    fn generated_rows_are_the_values_arrow_json_writes(
        rows in proptest::collection::vec(
            (
                proptest::option::of(proptest::num::i64::ANY),
                proptest::option::of(-1e300f64..1e300),
                proptest::option::of("[a-z\"\\\\\t\u{1}é😀 ]{0,40}"),
                proptest::option::of("[a-z]{0,40}"),
                proptest::option::of(proptest::bool::ANY),
            ),
            1..40,
        ),
        cut in 0usize..40,
    ) {
        use arrow_array::{BooleanArray, Float64Array, Int64Array, StringArray};
        let schema = Arc::new(Schema::new(vec![
            Field::new("i", DataType::Int64, true),
            Field::new("f", DataType::Float64, true),
            Field::new("escaped", DataType::Utf8, true),
            Field::new("plain", DataType::Utf8, true),
            Field::new("b", DataType::Boolean, true),
        ]));
        let batch = RecordBatch::try_new(schema, vec![
            Arc::new(rows.iter().map(|row| row.0).collect::<Int64Array>()),
            Arc::new(rows.iter().map(|row| row.1).collect::<Float64Array>()),
            Arc::new(rows.iter().map(|row| row.2.clone()).collect::<StringArray>()),
            Arc::new(rows.iter().map(|row| row.3.clone()).collect::<StringArray>()),
            Arc::new(rows.iter().map(|row| row.4).collect::<BooleanArray>()),
        ]).unwrap();
        let cut = cut.min(batch.num_rows());
        for batch in [batch.clone(), batch.slice(cut, batch.num_rows() - cut)] {
            let mut theirs = arrow_json::LineDelimitedWriter::new(Vec::new());
            theirs.write(&batch).unwrap();
            theirs.finish().unwrap();
            let ours = lines(&batch, false);
            proptest::prop_assert_eq!(json_values(&ours), json_values(&theirs.into_inner()));
        }
    }
}

#[test]
fn a_named_zone_is_written_at_its_offset_then() {
    let paris = DataType::Timestamp(TimeUnit::Millisecond, Some("Europe/Paris".into()));
    let schema = Arc::new(Schema::new(vec![Field::new("t", paris, true)]));
    let batch = decode(&schema, b"{\"t\": \"2024-01-15T12:00:00.25\"}\n{\"t\": \"2024-07-15T12:00:00Z\"}\n");
    let written = lines(&batch, false);
    assert_eq!(
        String::from_utf8_lossy(&written),
        "{\"t\":\"2024-01-15T12:00:00.250+01:00\"}\n{\"t\":\"2024-07-15T14:00:00.000+02:00\"}\n"
    );
    assert_eq!(decode(&schema, &written), batch);
}
