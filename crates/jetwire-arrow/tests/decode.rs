//! jetwire-arrow's decoder: every supported type with its nulls, the errors of bad input (with
//! their line, pointer and column), input cut at any point, and agreement with arrow-json on
//! generated records.

mod common;

use std::sync::Arc;

use arrow_array::builder::{
    Float64Builder, Int64Builder, ListBuilder, MapBuilder, StringBuilder, StringDictionaryBuilder,
};
use arrow_array::types::{Int8Type, Int32Type, Int64Type};
use arrow_array::*;
use arrow_schema::{ArrowError, DataType, Field, Fields, Schema, SchemaRef, TimeUnit};
use common::run_end;
use jetwire_arrow::ReaderBuilder;
use proptest::prelude::*;

fn decode(schema: &SchemaRef, input: &str) -> Result<RecordBatch, ArrowError> {
    let mut decoder = ReaderBuilder::new(schema.clone()).build_decoder()?;
    assert_eq!(decoder.decode(input.as_bytes())?, input.len());
    Ok(decoder.flush()?.expect("rows"))
}

fn error(schema: &SchemaRef, input: &str) -> String {
    let mut decoder = ReaderBuilder::new(schema.clone()).build_decoder().unwrap();
    match decoder.decode(input.as_bytes()).and_then(|_| decoder.flush()) {
        Ok(batch) => panic!("{input:?} was accepted: {batch:?}"),
        Err(err) => err.to_string(),
    }
}

fn schema(fields: Vec<Field>) -> SchemaRef {
    Arc::new(Schema::new(fields))
}

#[test]
fn scalars_of_every_width() {
    let schema = schema(vec![
        Field::new("i8", DataType::Int8, true),
        Field::new("i16", DataType::Int16, true),
        Field::new("i32", DataType::Int32, true),
        Field::new("i64", DataType::Int64, true),
        Field::new("u8", DataType::UInt8, true),
        Field::new("u16", DataType::UInt16, true),
        Field::new("u32", DataType::UInt32, true),
        Field::new("u64", DataType::UInt64, true),
        Field::new("f16", DataType::Float16, true),
        Field::new("f32", DataType::Float32, true),
        Field::new("f64", DataType::Float64, true),
        Field::new("b", DataType::Boolean, true),
        Field::new("n", DataType::Null, true),
    ]);
    let input = r#"{"i8": -128, "i16": 32767, "i32": -2147483648, "i64": 9223372036854775807, "u8": 255, "u16": 65535, "u32": 4294967295, "u64": 18446744073709551615, "f16": 0.5, "f32": 1.1, "f64": 1e-300, "b": true, "n": null}
{}
{"i8": null, "f64": -0.0, "b": false}
"#;
    let batch = decode(&schema, input).unwrap();
    assert_eq!(batch.num_rows(), 3);
    let expected: Vec<ArrayRef> = vec![
        Arc::new(Int8Array::from(vec![Some(-128), None, None])),
        Arc::new(Int16Array::from(vec![Some(32767), None, None])),
        Arc::new(Int32Array::from(vec![Some(i32::MIN), None, None])),
        Arc::new(Int64Array::from(vec![Some(i64::MAX), None, None])),
        Arc::new(UInt8Array::from(vec![Some(255), None, None])),
        Arc::new(UInt16Array::from(vec![Some(65535), None, None])),
        Arc::new(UInt32Array::from(vec![Some(u32::MAX), None, None])),
        Arc::new(UInt64Array::from(vec![Some(u64::MAX), None, None])),
        Arc::new(Float16Array::from(vec![Some(half::f16::from_f32(0.5)), None, None])),
        Arc::new(Float32Array::from(vec![Some(1.1f32), None, None])),
        Arc::new(Float64Array::from(vec![Some(1e-300), None, Some(-0.0)])),
        Arc::new(BooleanArray::from(vec![Some(true), None, Some(false)])),
        Arc::new(NullArray::new(3)),
    ];
    for (index, expected) in expected.iter().enumerate() {
        assert_eq!(batch.column(index), expected, "column {}", schema.field(index).name());
    }
    let f64s = batch.column(10).as_any().downcast_ref::<Float64Array>().unwrap();
    assert!(f64s.value(2).is_sign_negative());
}

#[test]
fn strings_binary_decimals_and_dictionaries() {
    let schema = schema(vec![
        Field::new("s", DataType::Utf8, true),
        Field::new("ls", DataType::LargeUtf8, false),
        Field::new("bin", DataType::Binary, true),
        Field::new("d", DataType::Decimal128(10, 2), true),
        Field::new("tag", DataType::Dictionary(Box::new(DataType::Int8), Box::new(DataType::Utf8)), true),
    ]);
    let input = r#"{"s": "caf\u00e9 \"q\"", "ls": "", "bin": "AAEC/w==", "d": 12.5, "tag": "red"}
{"ls": "x", "d": "-0.07", "tag": "blue"}
{"s": null, "ls": "y", "bin": "", "d": null, "tag": "red"}
"#;
    let batch = decode(&schema, input).unwrap();
    assert_eq!(
        batch.column(0).as_ref(),
        &StringArray::from(vec![Some("café \"q\""), None, None]) as &dyn Array
    );
    assert_eq!(batch.column(1).as_ref(), &LargeStringArray::from(vec!["", "x", "y"]) as &dyn Array);
    let binary = BinaryArray::from(vec![Some(&[0u8, 1, 2, 255][..]), None, Some(&[][..])]);
    assert_eq!(batch.column(2).as_ref(), &binary as &dyn Array);
    let decimals =
        Decimal128Array::from(vec![Some(1250), Some(-7), None]).with_precision_and_scale(10, 2).unwrap();
    assert_eq!(batch.column(3).as_ref(), &decimals as &dyn Array);
    let mut tags = StringDictionaryBuilder::<Int8Type>::new();
    for tag in ["red", "blue", "red"] {
        tags.append_value(tag);
    }
    let tags = tags.finish();
    let ours = batch.column(4).as_any().downcast_ref::<DictionaryArray<Int8Type>>().unwrap();
    assert_eq!(ours.keys(), tags.keys());
    assert_eq!(ours.values().as_ref(), tags.values().as_ref());
}

/// Views, the narrower decimals, durations, times of day and fixed-size lists decode as
/// arrow-json decodes them (binary aside: base64 here, hex there).
#[test]
fn newer_and_fixed_size_types_as_arrow_json() {
    let views = schema(vec![
        Field::new("sv", DataType::Utf8View, true),
        Field::new("d32", DataType::Decimal32(9, 2), true),
        Field::new("d64", DataType::Decimal64(18, 3), true),
        Field::new("secs", DataType::Duration(TimeUnit::Second), true),
        Field::new("nanos", DataType::Duration(TimeUnit::Nanosecond), false),
        Field::new("t32", DataType::Time32(TimeUnit::Second), true),
        Field::new("t64", DataType::Time64(TimeUnit::Microsecond), true),
        Field::new("d256", DataType::Decimal256(76, 10), true),
    ]);
    let input = r#"{"d256": "-999999999999999999999999999999999999999999999999999999999999999999.9999999999", "sv": "short", "d32": 1234567.89, "d64": "-123456789012345.678", "secs": 60, "nanos": -1, "t32": "23:59:59", "t64": "12:00:00.123456"}
{"sv": "a string longer than the twelve bytes a view holds inline", "d32": null, "nanos": 9223372036854775807, "t32": 3600, "t64": 0}
{"sv": null, "d32": "0.5", "d64": 1e3, "secs": null, "nanos": 0, "t64": "00:00:01.5", "d256": 1.5e20}
"#;
    let ours = decode(&views, input).unwrap();
    assert_eq!(ours, arrow_json_batches(&views, input.as_bytes(), 1024)[0]);
    let strings = ours.column(0).as_any().downcast_ref::<StringViewArray>().unwrap();
    assert_eq!(strings.value(1), "a string longer than the twelve bytes a view holds inline");

    let binary = schema(vec![Field::new("bv", DataType::BinaryView, true)]);
    let batch = decode(&binary, "{\"bv\": \"AAEC/w==\"}\n{\"bv\": null}\n").unwrap();
    let expected = BinaryViewArray::from(vec![Some(&[0u8, 1, 2, 255][..]), None]);
    assert_eq!(batch.column(0).as_ref(), &expected as &dyn Array);

    let narrow = schema(vec![Field::new("d", DataType::Decimal32(4, 2), false)]);
    assert_eq!(
        error(&narrow, "{\"d\": 123.45}"),
        "Json error: line 1, column 13, at /d (column \"d\"): expected a decimal of precision 4 and scale 2, found `123.45`"
    );
    let time = schema(vec![Field::new("t", DataType::Time32(TimeUnit::Second), false)]);
    assert_eq!(
        error(&time, "{\"t\": \"12:00:00.5\"}"),
        "Json error: line 1, column 19, at /t (column \"t\"): expected a time of day (HH:MM:SS and a \
         fraction) exact in seconds, found `12:00:00.5`"
    );
    assert_eq!(
        error(&time, "{\"t\": 86400}"),
        "Json error: line 1, column 12, at /t (column \"t\"): the time of day 86400 is not within one day"
    );
    let pairs = schema(vec![
        Field::new(
            "p",
            DataType::FixedSizeList(Arc::new(Field::new("item", DataType::Int8, false)), 2),
            true,
        ),
        Field::new("b", DataType::FixedSizeBinary(2), true),
    ]);
    let input = "{\"p\": [1, 2], \"b\": \"AQI=\"}\n{\"p\": null, \"b\": null}\n{}\n";
    let batch = decode(&pairs, input).unwrap();
    let lists = batch.column(0).as_any().downcast_ref::<FixedSizeListArray>().unwrap();
    assert_eq!(
        (lists.value(0).as_ref(), lists.is_null(1), lists.is_null(2)),
        (&Int8Array::from(vec![1, 2]) as &dyn Array, true, true)
    );
    let bytes = batch.column(1).as_any().downcast_ref::<FixedSizeBinaryArray>().unwrap();
    assert_eq!((bytes.value(0), bytes.is_null(1)), (&[1u8, 2][..], true));
    let only_lists = schema(vec![
        pairs.field(0).clone(),
        Field::new("v", DataType::ListView(Arc::new(Field::new("item", DataType::Utf8, true))), true),
        Field::new("lv", DataType::LargeListView(Arc::new(Field::new("item", DataType::Int64, true))), true),
    ]);
    let lines =
        "{\"p\": [1, 2], \"v\": [\"a\", null], \"lv\": []}\n{\"p\": null, \"v\": null, \"lv\": [7, 8, 9]}\n";
    assert_eq!(
        decode(&only_lists, lines).unwrap(),
        arrow_json_batches(&only_lists, lines.as_bytes(), 1024)[0]
    );
    assert_eq!(
        error(&pairs, "{\"p\": [1, 2]}\n{\"p\": [1, 2, 3]}"),
        "Json error: line 2, column 14, at /p/2 (column \"p\"): expected an array of 2 elements, found more"
    );
    assert_eq!(
        error(&pairs, "{\"p\": [1]}"),
        "Json error: line 1, column 10, at /p (column \"p\"): expected an array of 2 elements, found 1"
    );
    assert_eq!(
        error(&pairs, "{\"b\": \"AQID\"}"),
        "Json error: line 1, column 13, at /b (column \"b\"): expected 2 bytes in base64, found 3"
    );
    let invalid = schema(vec![Field::new("d", DataType::Decimal32(10, 2), false)]);
    let err = ReaderBuilder::new(invalid).build_decoder().unwrap_err();
    assert_eq!(err.to_string(), "Invalid argument error: Decimal32(10, 2) is not a valid decimal type");
}

#[test]
fn timestamps_and_dates_from_text_and_numbers() {
    let schema = schema(vec![
        Field::new("utc", DataType::Timestamp(TimeUnit::Microsecond, None), false),
        Field::new("paris", DataType::Timestamp(TimeUnit::Second, Some("+01:00".into())), false),
        Field::new("day", DataType::Date32, false),
        Field::new("ms", DataType::Date64, false),
    ]);
    let input = r#"{"utc": "1970-01-01T00:00:01.000002Z", "paris": "1970-01-01T01:00:00", "day": "1970-01-02", "ms": "1970-01-01T00:00:00.500"}
{"utc": 42, "paris": "1969-12-31 23:59:59-00:00", "day": -1, "ms": 7}
{"utc": "2000-02-29T12:00:00+02:00", "paris": "2024-02-29", "day": "2024-02-29", "ms": "2024-02-29"}
"#;
    let batch = decode(&schema, input).unwrap();
    let utc = batch.column(0).as_any().downcast_ref::<TimestampMicrosecondArray>().unwrap();
    assert_eq!(utc.values(), &[1_000_002, 42, 951_818_400_000_000]);
    let paris = batch.column(1).as_any().downcast_ref::<TimestampSecondArray>().unwrap();
    assert_eq!(paris.values(), &[0, -1, 1_709_161_200]);
    assert_eq!(paris.timezone(), Some("+01:00"));
    let day = batch.column(2).as_any().downcast_ref::<Date32Array>().unwrap();
    assert_eq!(day.values(), &[1, -1, 19_782]);
    let ms = batch.column(3).as_any().downcast_ref::<Date64Array>().unwrap();
    assert_eq!(ms.values(), &[500, 7, 1_709_164_800_000]);
}

#[test]
fn a_timestamp_spelled_with_escapes_reads_as_without() {
    let schema = schema(vec![Field::new("t", DataType::Timestamp(TimeUnit::Millisecond, None), false)]);
    let batch = decode(
        &schema,
        "{\"t\": \"\\u0032024-02-29T12:00:00.5\\u005a\"}\n{\"t\": \"2024-02-29T12:00:00.5Z\"}\n",
    )
    .unwrap();
    let times = batch.column(0).as_any().downcast_ref::<TimestampMillisecondArray>().unwrap();
    assert_eq!(times.values(), &[1_709_208_000_500, 1_709_208_000_500]);
    assert_eq!(
        error(&schema, "{\"t\": \"2024-02-30\\u0054\"}"),
        "Json error: line 1, column 25, at /t (column \"t\"): expected an RFC 3339 timestamp, found `2024-02-30T`"
    );
}

#[test]
fn a_named_zone_gives_times_without_an_offset_their_offset_then() {
    let paris = DataType::Timestamp(TimeUnit::Second, Some("Europe/Paris".into()));
    let schema = schema(vec![Field::new("t", paris.clone(), true)]);
    // Winter (+01:00), summer (+02:00), an offset written, a date alone (its midnight there).
    let input = "{\"t\": \"2024-01-15T12:00:00\"}\n{\"t\": \"2024-07-15 12:00:00.5\"}\n\
                 {\"t\": \"2024-07-15T12:00:00Z\"}\n{\"t\": \"2024-07-15\"}\n{\"t\": 0}\n";
    let batch = decode(&schema, input).unwrap();
    let times = batch.column(0).as_any().downcast_ref::<TimestampSecondArray>().unwrap();
    assert_eq!(times.values(), &[1_705_316_400, 1_721_037_600, 1_721_044_800, 1_720_994_400, 0]);
    assert_eq!(batch, arrow_json_batches(&schema, input.as_bytes(), 16)[0]);
    // The clock shows 02:30 twice on 2024-10-27 and never on 2024-03-31: refused, as
    // arrow-json refuses them.
    for text in ["2024-10-27T02:30:00", "2024-03-31T02:30:00"] {
        assert_eq!(
            error(&schema, &format!("{{\"t\": \"{text}\"}}")),
            format!(
                "Json error: line 1, column 28, at /t (column \"t\"): the local time `{text}` is \
                 ambiguous or skipped in the column's time zone (a daylight saving change): write its offset"
            )
        );
    }
    let unknown = Arc::new(Schema::new(vec![Field::new(
        "t",
        DataType::Timestamp(TimeUnit::Second, Some("Mars/Olympus".into())),
        true,
    )]));
    // A name the database does not know: as without the database, times need their offset.
    let batch = decode(&unknown, "{\"t\": \"2024-07-15T12:00:00+02:00\"}\n").unwrap();
    let times = batch.column(0).as_any().downcast_ref::<TimestampSecondArray>().unwrap();
    assert_eq!(times.values(), &[1_721_037_600]);
    assert!(error(&unknown, "{\"t\": \"2024-07-15T12:00:00\"}").contains("does not know"));
}

#[test]
fn a_map_declared_sorted_takes_its_keys_in_order_only() {
    let entries = Field::new_struct(
        "entries",
        vec![Field::new("keys", DataType::Utf8, false), Field::new("values", DataType::Int32, true)],
        false,
    );
    let schema = schema(vec![Field::new("m", DataType::Map(Arc::new(entries), true), true)]);
    let batch = decode(&schema, "{\"m\": {\"a\": 1, \"b\": 2, \"b\": null}}\n{\"m\": {\"z\": 0}}\n").unwrap();
    let maps = batch.column(0).as_any().downcast_ref::<MapArray>().unwrap();
    assert_eq!(maps.value_offsets(), &[0, 3, 4]);
    assert_eq!(
        error(&schema, "{\"m\": {\"a\": 1}}\n{\"m\": {\"b\": 1, \"a\": 2}}"),
        "Json error: line 2, column 20, at /m (column \"m\"): the map's keys are declared sorted, and `a` comes after `b`"
    );
}

/// `Map` of `keys` to `values`.
fn map_of(keys: DataType, values: DataType, sorted: bool) -> DataType {
    let entries = Field::new_struct(
        "entries",
        vec![Field::new("keys", keys, false), Field::new("values", values, true)],
        false,
    );
    DataType::Map(Arc::new(entries), sorted)
}

#[test]
fn run_end_encoded_columns_as_arrow_json() {
    let schema = schema(vec![
        Field::new("s", run_end(DataType::Utf8, DataType::Int32), true),
        Field::new("i", run_end(DataType::Int64, DataType::Int16), true),
        Field::new("f", run_end(DataType::Float64, DataType::Int64), true),
        Field::new("b", run_end(DataType::Boolean, DataType::Int32), true),
        Field::new("t", run_end(DataType::Timestamp(TimeUnit::Millisecond, None), DataType::Int32), true),
        Field::new("l", run_end(DataType::LargeUtf8, DataType::Int32), true),
    ]);
    // Equal values spelled differently (`1.0` and `1e0`, two spellings of one instant) make
    // one run; `0.0` and `-0.0` two.
    let input = r#"{"s": "a", "i": 1, "f": 1.0, "b": true, "t": "2024-01-01T00:00:00Z", "l": "x"}
{"s": "a", "i": 1, "f": 1e0, "b": true, "t": "2024-01-01T00:00:00.000+00:00", "l": "x"}
{"s": "b", "i": 1, "f": 0.0, "b": false, "t": 0, "l": null}
{"s": null, "i": null, "f": -0.0, "b": false, "l": null}
{}
{"s": "b", "i": 2, "f": -0.0, "t": null, "l": "y"}
"#;
    for batch_size in [1, 2, 4, 1024] {
        let batches: Vec<RecordBatch> = ReaderBuilder::new(schema.clone())
            .with_batch_size(batch_size)
            .build(input.as_bytes())
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(
            batches,
            arrow_json_batches(&schema, input.as_bytes(), batch_size),
            "batches of {batch_size}"
        );
    }
    let ours = decode(&schema, input).unwrap();
    let strings = ours.column(0).as_any().downcast_ref::<RunArray<Int32Type>>().unwrap();
    assert_eq!(strings.run_ends().values(), &[2, 3, 5, 6]);
    let values = strings.values().as_any().downcast_ref::<StringArray>().unwrap();
    assert_eq!(values.iter().collect::<Vec<_>>(), [Some("a"), Some("b"), None, Some("b")]);
    let floats = ours.column(2).as_any().downcast_ref::<RunArray<Int64Type>>().unwrap();
    assert_eq!(floats.run_ends().values(), &[2, 3, 4, 5, 6]);

    // Nested values are compared whole.
    let lists = Arc::new(Schema::new(vec![Field::new(
        "l",
        run_end(DataType::List(Arc::new(Field::new("item", DataType::Int8, true))), DataType::Int32),
        true,
    )]));
    let input = "{\"l\": [1, null]}\n{\"l\": [1, null]}\n{\"l\": [1]}\n{\"l\": null}\n{}\n{\"l\": []}\n";
    let batch = decode(&lists, input).unwrap();
    let runs = batch.column(0).as_any().downcast_ref::<RunArray<Int32Type>>().unwrap();
    assert_eq!(runs.run_ends().values(), &[2, 3, 5, 6]);
    assert_eq!(runs.values().len(), 4);
}

#[test]
fn run_ends_too_narrow_for_the_batch_are_an_error() {
    let schema = schema(vec![Field::new("s", run_end(DataType::Utf8, DataType::Int16), true)]);
    let rows = i16::MAX as usize + 1;
    let mut decoder = ReaderBuilder::new(schema.clone()).with_batch_size(rows).build_decoder().unwrap();
    let err = decoder.decode("{\"s\": \"a\"}\n".repeat(rows).as_bytes()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Json error: line 32768, column 6, at /s (column \"s\"): a run-end-encoded column with Int16 run \
         ends holds at most 32767 rows a batch; use a smaller batch"
    );
    // Absent values are nulls, which are counted when the batch is made.
    let mut decoder = ReaderBuilder::new(schema).with_batch_size(rows).build_decoder().unwrap();
    decoder.decode("{}\n".repeat(rows).as_bytes()).unwrap();
    let err = decoder.flush().unwrap_err();
    assert_eq!(
        err.to_string(),
        "Json error: a run-end-encoded column with Int16 run ends holds at most 32767 rows a batch; use a \
         smaller batch"
    );
    // The batch is gone with its error; the decoder goes on.
    decoder.decode(b"{\"s\": \"b\"}\n").unwrap();
    assert_eq!(decoder.flush().unwrap().unwrap().num_rows(), 1);
}

#[test]
fn map_keys_of_other_types_are_read_from_their_names() {
    let schema = schema(vec![
        Field::new("ints", map_of(DataType::Int32, DataType::Utf8, false), true),
        Field::new("days", map_of(DataType::Date32, DataType::Int64, false), true),
        Field::new("large", map_of(DataType::LargeUtf8, DataType::Int64, false), true),
        Field::new("flags", map_of(DataType::Boolean, DataType::Int64, false), true),
        Field::new("cents", map_of(DataType::Decimal128(10, 2), DataType::Int64, false), true),
    ]);
    let input = r#"{"ints": {"1": "a", "-20": "b"}, "days": {"2024-02-29": 1}, "large": {"\u00e9\"": 2}, "flags": {"true": 1, "false": 0}, "cents": {"1.5": 3}}
{"ints": {}, "days": null}
"#;
    let batch = decode(&schema, input).unwrap();
    let ints = batch.column(0).as_any().downcast_ref::<MapArray>().unwrap();
    assert_eq!(ints.keys().as_ref(), &Int32Array::from(vec![1, -20]) as &dyn Array);
    assert_eq!(ints.value_offsets(), &[0, 2, 2]);
    let days = batch.column(1).as_any().downcast_ref::<MapArray>().unwrap();
    assert_eq!(days.keys().as_ref(), &Date32Array::from(vec![19_782]) as &dyn Array);
    let large = batch.column(2).as_any().downcast_ref::<MapArray>().unwrap();
    assert_eq!(large.keys().as_ref(), &LargeStringArray::from(vec!["é\""]) as &dyn Array);
    let flags = batch.column(3).as_any().downcast_ref::<MapArray>().unwrap();
    assert_eq!(flags.keys().as_ref(), &BooleanArray::from(vec![true, false]) as &dyn Array);
    let cents = batch.column(4).as_any().downcast_ref::<MapArray>().unwrap();
    let expected = Decimal128Array::from(vec![150]).with_precision_and_scale(10, 2).unwrap();
    assert_eq!(cents.keys().as_ref(), &expected as &dyn Array);
    // Integer keys read as arrow-json reads them.
    let only_ints = Arc::new(Schema::new(vec![schema.field(0).clone()]));
    let lines = "{\"ints\": {\"1\": \"a\", \"-20\": null}}\n{\"ints\": null}\n";
    assert_eq!(decode(&only_ints, lines).unwrap(), arrow_json_batches(&only_ints, lines.as_bytes(), 16)[0]);

    assert_eq!(
        error(&schema, "{\"ints\": {\"1\": \"a\", \"x\": \"b\"}}"),
        "Json error: line 1, column 25, at /ints (column \"ints\"): the map key `x` does not read as Int32"
    );
    assert_eq!(
        error(&schema, "{\"ints\": {\"99999999999\": \"a\"}}"),
        "Json error: line 1, column 25, at /ints (column \"ints\"): the map key `99999999999` does not \
         read as Int32: number `99999999999` is out of range for i32"
    );
    assert_eq!(
        error(&schema, "{\"ints\": {\"null\": \"a\"}}"),
        "Json error: line 1, column 18, at /ints (column \"ints\"): the map key `null` does not read as Int32: \
         expected i32, found null"
    );
    assert_eq!(
        error(&schema, "{\"ints\": {\" 7\": \"a\"}}"),
        "Json error: line 1, column 16, at /ints (column \"ints\"): the map key ` 7` does not read as Int32"
    );
    assert_eq!(
        error(&schema, "{\"days\": {\"someday\": 1}}"),
        "Json error: line 1, column 21, at /days (column \"days\"): the map key `someday` does not read as Date32: \
         expected a date (YYYY-MM-DD), found `someday`"
    );
}

#[test]
fn sorted_integer_keys_are_ordered_as_integers() {
    let schema = schema(vec![Field::new("m", map_of(DataType::UInt16, DataType::Int8, true), true)]);
    let batch = decode(&schema, "{\"m\": {\"9\": 1, \"10\": 2, \"10\": 3}}\n").unwrap();
    let map = batch.column(0).as_any().downcast_ref::<MapArray>().unwrap();
    assert_eq!(map.keys().as_ref(), &UInt16Array::from(vec![9, 10, 10]) as &dyn Array);
    assert_eq!(
        error(&schema, "{\"m\": {\"10\": 1, \"9\": 2}}"),
        "Json error: line 1, column 21, at /m (column \"m\"): the map's keys are declared sorted, and `9` \
         comes after `10`"
    );
}

#[test]
fn nested_values_with_nulls_at_every_level() {
    let point = Fields::from(vec![
        Field::new("x", DataType::Int64, false),
        Field::new("label", DataType::Utf8, true),
    ]);
    let schema = schema(vec![
        Field::new_list("scores", Field::new("item", DataType::Float64, true), true),
        Field::new("point", DataType::Struct(point.clone()), true),
        Field::new_map(
            "attrs",
            "entries",
            Field::new("keys", DataType::Utf8, false),
            Field::new("values", DataType::Int64, true),
            false,
            true,
        ),
        Field::new_large_list("points", Field::new("item", DataType::Struct(point.clone()), true), true),
    ]);
    let input = r#"{"scores": [1.5, null, 3], "point": {"x": 1, "label": "a"}, "attrs": {"k": 1, "j": null}, "points": [{"x": 2}, null]}
{"scores": null, "point": null, "attrs": null, "points": []}
{"scores": [], "point": {"label": null, "x": 3, "ignored": [1, {"deep": true}]}, "attrs": {}}
"#;
    let batch = decode(&schema, input).unwrap();

    let mut scores = ListBuilder::new(Float64Builder::new());
    scores.values().append_value(1.5);
    scores.values().append_null();
    scores.values().append_value(3.0);
    scores.append(true);
    scores.append(false);
    scores.append(true);
    assert_eq!(batch.column(0).as_ref(), &scores.finish() as &dyn Array);

    let points = batch.column(1).as_any().downcast_ref::<StructArray>().unwrap();
    assert_eq!(points.nulls().map(|n| n.iter().collect::<Vec<_>>()), Some(vec![true, false, true]));
    let xs = points.column(0).as_any().downcast_ref::<Int64Array>().unwrap();
    assert_eq!((xs.value(0), xs.value(2)), (1, 3));
    let labels = points.column(1).as_any().downcast_ref::<StringArray>().unwrap();
    assert_eq!((labels.value(0), labels.is_null(2)), ("a", true));

    let mut attrs = MapBuilder::new(None, StringBuilder::new(), Int64Builder::new());
    attrs.keys().append_value("k");
    attrs.values().append_value(1);
    attrs.keys().append_value("j");
    attrs.values().append_null();
    attrs.append(true).unwrap();
    attrs.append(false).unwrap();
    attrs.append(true).unwrap();
    let attrs = attrs.finish();
    let ours = batch.column(2).as_any().downcast_ref::<MapArray>().unwrap();
    assert_eq!(ours.value_offsets(), attrs.value_offsets());
    assert_eq!(ours.keys().as_ref(), attrs.keys().as_ref());
    assert_eq!(ours.values().as_ref(), attrs.values().as_ref());
    assert_eq!(ours.nulls(), attrs.nulls());

    let lists = batch.column(3).as_any().downcast_ref::<LargeListArray>().unwrap();
    assert_eq!(lists.value_offsets(), &[0, 2, 2, 2]);
    assert!(lists.is_null(2) && !lists.is_null(1));
    let inner = lists.values().as_any().downcast_ref::<StructArray>().unwrap();
    assert_eq!((inner.is_valid(0), inner.is_null(1)), (true, true));
}

#[test]
fn bad_records_are_reported_with_line_pointer_and_column() {
    let schema = schema(vec![
        Field::new("id", DataType::UInt8, false),
        Field::new_list("tags", Field::new("item", DataType::Utf8, false), true),
        Field::new("at", DataType::Timestamp(TimeUnit::Millisecond, None), true),
    ]);
    let cases = [
        (
            "{\"id\": 1}\n{\"id\": 2, \"tags\": [\"a\", 7]}\n",
            "line 2, column 25, at /tags/1 (column \"tags\"): expected a string, found the number 7",
        ),
        ("{\"id\": 256}", "line 1, column 8, at /id (column \"id\"): number `256` is out of range for u8"),
        ("{\"id\": 1.5}", "line 1, column 8, at /id (column \"id\"): expected an integer (u8), found `1.5`"),
        ("{\"id\": null}", "line 1, column 8, at /id (column \"id\"): expected u8, found null"),
        ("{\"tags\": []}", "line 1, column 13: the field `id` is missing, and it is not nullable"),
        (
            "{\"id\": 1, \"at\": \"yesterday\"}",
            "line 1, column 28, at /at (column \"at\"): expected an RFC 3339 timestamp, found `yesterday`",
        ),
        ("{\"id\": 1, \"id\": 2}", "line 1, column 16: the property `id` appears twice"),
        ("\n\n[1]", "line 3, column 1: expected an object, found an array"),
        ("{\"id\": 1}\n{\"id\": 2", "line 2, column 9: expected `,` or `}`, found end of input"),
        (
            "{\"id\": 1, \"tags\": [\"a\"}",
            "line 1, column 23, at /tags (column \"tags\"): expected `,` or `]`, found `}`",
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(error(&schema, input), format!("Json error: {expected}"), "{input:?}");
    }
}

#[test]
fn strict_mode_refuses_unknown_properties_at_any_depth() {
    let inner = Fields::from(vec![Field::new("a", DataType::Int32, true)]);
    let schema = schema(vec![Field::new("s", DataType::Struct(inner), true)]);
    let strict = |input: &str| {
        let mut decoder = ReaderBuilder::new(schema.clone()).with_strict_mode(true).build_decoder().unwrap();
        decoder.decode(input.as_bytes()).map(|_| ()).unwrap_err().to_string()
    };
    assert_eq!(
        strict(r#"{"s": {"a": 1, "b": 2}}"#),
        "Json error: line 1, column 20, at /s (column \"s\"): the property `b` names no field of the schema (strict mode)"
    );
    assert!(strict(r#"{"t": 1}"#).contains("the property `t` names no field"));
    assert_eq!(decode(&schema, r#"{"s": {"a": 1, "b": 2}, "t": [3]}"#).unwrap().num_rows(), 1);
}

#[test]
fn unsupported_types_are_refused_when_the_decoder_is_built() {
    let refused = |data_type: DataType| {
        ReaderBuilder::new(schema(vec![Field::new("v", data_type, true)])).build_decoder().unwrap_err()
    };
    for data_type in [
        DataType::Interval(arrow_schema::IntervalUnit::DayTime),
        DataType::Dictionary(Box::new(DataType::Int8), Box::new(DataType::Int64)),
        map_of(DataType::Float64, DataType::Int8, true),
    ] {
        let err = refused(data_type.clone());
        assert!(matches!(err, ArrowError::NotYetImplemented(_)), "{data_type}: {err}");
        assert!(err.to_string().contains("field `"), "{err}");
    }
    // Types that are not valid Arrow: run ends that are not signed, or declared nullable.
    let nullable_ends = DataType::RunEndEncoded(
        Arc::new(Field::new("run_ends", DataType::Int32, true)),
        Arc::new(Field::new("values", DataType::Utf8, true)),
    );
    for data_type in [run_end(DataType::Utf8, DataType::UInt32), nullable_ends] {
        let err = refused(data_type.clone());
        assert!(matches!(err, ArrowError::InvalidArgumentError(_)), "{data_type}: {err}");
        assert!(err.to_string().contains("field `v`"), "{err}");
    }
    let err =
        ReaderBuilder::new(schema(vec![Field::new("d", DataType::Decimal128(39, 0), true)])).build_decoder();
    assert!(err.is_err());
}

#[test]
fn batches_are_cut_at_the_batch_size_and_the_rest_is_passed_again() {
    let schema = schema(vec![Field::new("n", DataType::Int32, false)]);
    let input: String = (0..10).map(|n| format!("{{\"n\": {n}}}\n")).collect();
    let mut decoder = ReaderBuilder::new(schema.clone()).with_batch_size(4).build_decoder().unwrap();
    let mut rest = input.as_bytes();
    let mut sizes = Vec::new();
    let mut values = Vec::new();
    loop {
        let consumed = decoder.decode(rest).unwrap();
        rest = &rest[consumed..];
        if let Some(batch) = decoder.flush().unwrap() {
            sizes.push(batch.num_rows());
            values.extend(
                batch.column(0).as_any().downcast_ref::<Int32Array>().unwrap().values().iter().copied(),
            );
        } else if rest.is_empty() {
            break;
        }
    }
    assert_eq!(sizes, [4, 4, 2]);
    assert_eq!(values, (0..10).collect::<Vec<_>>());

    let reader = ReaderBuilder::new(schema).with_batch_size(3).build(input.as_bytes()).unwrap();
    let sizes: Vec<usize> = reader.map(|batch| batch.unwrap().num_rows()).collect();
    assert_eq!(sizes, [3, 3, 3, 1]);
}

#[test]
fn a_json_array_of_records() {
    let schema = schema(vec![Field::new("n", DataType::Int32, false)]);
    let mut decoder = ReaderBuilder::new(schema).with_batch_size(2).build_decoder().unwrap();
    let batches = decoder.decode_array(b" [ {\"n\": 1}, {\"n\": 2}, {\"n\": 3} ] ").unwrap();
    let rows: Vec<i32> = batches
        .iter()
        .flat_map(|b| b.column(0).as_any().downcast_ref::<Int32Array>().unwrap().values().to_vec())
        .collect();
    assert_eq!(rows, [1, 2, 3]);
    let err = decoder.decode_array(b"[{\"n\": 1}] x").unwrap_err().to_string();
    assert_eq!(err, "Json error: line 1, column 12: expected end of input after the JSON value, found `x`");
}

#[test]
fn hostile_nesting_is_an_error_not_a_crash() {
    let schema = schema(vec![Field::new("n", DataType::Int32, true)]);
    let deep = format!("{{\"skip\": {}{}}}\n", "[".repeat(100_000), "]".repeat(100_000));
    assert!(error(&schema, &deep).contains("nesting"), "{}", error(&schema, &deep));
    let deep_value = format!("{{\"n\": {}}}\n", "[".repeat(100_000));
    assert!(error(&schema, &deep_value).contains("/n"));
}

/// Generated records: each a JSON line, and the values it should decode to, as arrow-json would
/// read them.
fn record() -> impl Strategy<Value = String> {
    let int = prop_oneof![Just("null".to_owned()), any::<i64>().prop_map(|n| n.to_string())];
    let float = prop_oneof![
        Just("null".to_owned()),
        any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(|f| format!("{f:e}")),
        (-1000i32..1000).prop_map(|n| format!("{n}.5")),
    ];
    let text = prop_oneof![
        Just("null".to_owned()),
        any::<String>().prop_map(|s| serde_json::to_string(&s).unwrap()),
    ];
    let flag = prop_oneof![Just("null"), Just("true"), Just("false")].prop_map(str::to_owned);
    let list = prop::option::of(prop::collection::vec(any::<i32>(), 0..4)).prop_map(|v| match v {
        None => "null".to_owned(),
        Some(v) => serde_json::to_string(&v).unwrap(),
    });
    let stamp = prop_oneof![
        Just("null".to_owned()),
        (-10_000_000_000_000i64..10_000_000_000_000).prop_map(|n| n.to_string()),
        (0u32..86_400, 1i32..9999, 1u32..13, 1u32..29, 0u32..1000).prop_map(|(s, y, m, d, ms)| format!(
            "\"{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{ms:03}Z\"",
            s / 3600,
            s / 60 % 60,
            s % 60
        )),
    ];
    let inner = (int.clone(), text.clone()).prop_map(|(a, b)| format!("{{\"a\": {a}, \"b\": {b}}}"));
    let inner = prop_oneof![Just("null".to_owned()), inner];
    (int, float, text, flag, list, stamp, inner, any::<bool>()).prop_map(|(i, f, t, b, l, s, o, extra)| {
        let extra = if extra { ", \"unknown\": {\"x\": [1, 2]}" } else { "" };
        format!(
            "{{\"i\": {i}, \"f\": {f}, \"t\": {t}, \"b\": {b}{extra}, \"l\": {l}, \"s\": {s}, \"o\": {o}}}"
        )
    })
}

fn generated_schema() -> SchemaRef {
    let inner =
        Fields::from(vec![Field::new("a", DataType::Int64, true), Field::new("b", DataType::Utf8, true)]);
    schema(vec![
        Field::new("i", DataType::Int64, true),
        Field::new("f", DataType::Float64, true),
        Field::new("t", DataType::Utf8, true),
        Field::new("b", DataType::Boolean, true),
        Field::new_list("l", Field::new("item", DataType::Int32, true), true),
        Field::new("s", DataType::Timestamp(TimeUnit::Millisecond, None), true),
        Field::new("o", DataType::Struct(inner), true),
        Field::new("absent", DataType::Int8, true),
    ])
}

fn arrow_json_batches(schema: &SchemaRef, input: &[u8], batch_size: usize) -> Vec<RecordBatch> {
    arrow_json::ReaderBuilder::new(schema.clone())
        .with_batch_size(batch_size)
        .build(input)
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// The same records give arrow-json's batches, value for value.
    #[test]
    fn generated_records_decode_as_arrow_json_decodes_them(
        records in prop::collection::vec(record(), 1..40),
        batch_size in 1usize..16,
    ) {
        let schema = generated_schema();
        let input = records.join("\n");
        let expected = arrow_json_batches(&schema, input.as_bytes(), batch_size);
        let ours: Vec<RecordBatch> = ReaderBuilder::new(schema)
            .with_batch_size(batch_size)
            .build(input.as_bytes())
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        prop_assert_eq!(ours, expected);
    }

    /// Input cut into pieces anywhere decodes as the whole does.
    #[test]
    fn pieces_cut_anywhere_decode_as_the_whole(
        records in prop::collection::vec(record(), 1..20),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
    ) {
        let schema = generated_schema();
        let input = records.join("\n") + "\n";
        let whole = decode(&schema, &input).unwrap();
        let mut cuts: Vec<usize> = cuts.iter().map(|i| i.index(input.len() + 1)).collect();
        cuts.push(input.len());
        cuts.sort_unstable();
        let mut decoder = ReaderBuilder::new(schema.clone()).with_batch_size(1 << 20).build_decoder().unwrap();
        let mut start = 0;
        for cut in cuts {
            let piece = &input.as_bytes()[start..cut];
            prop_assert_eq!(decoder.decode(piece).unwrap(), piece.len());
            start = cut;
        }
        prop_assert_eq!(decoder.flush().unwrap().unwrap(), whole);
    }

    /// Records spread over lines (pretty-printed, two to a line at times), read through a
    /// small buffer into small batches, decode as the whole does: a record cut after a full
    /// batch waits for the next one.
    #[test]
    fn records_over_lines_through_a_small_buffer(
        records in prop::collection::vec((record(), any::<bool>()), 1..12),
        capacity in 1usize..64,
        batch_size in 1usize..5,
    ) {
        let schema = generated_schema();
        let input: String = records.iter().map(|(record, same_line)| {
            let value: serde_json::Value = serde_json::from_str(record).unwrap();
            let text = serde_json::to_string_pretty(&value).unwrap();
            text + if *same_line { " " } else { "\n" }
        }).collect();
        let whole = decode(&schema, &input).unwrap();
        let reader = std::io::BufReader::with_capacity(capacity, input.as_bytes());
        let mut offset = 0;
        for batch in ReaderBuilder::new(schema).with_batch_size(batch_size).build(reader).unwrap() {
            let batch = batch.unwrap();
            prop_assert_eq!(&batch, &whole.slice(offset, batch.num_rows()));
            offset += batch.num_rows();
        }
        prop_assert_eq!(offset, whole.num_rows());
    }
}
