//! Schema inference: arrow-json's rules on chosen records, agreement with arrow-json on
//! generated ones, every form of input, and the errors of records no schema holds.

use std::io::{BufReader, Cursor, Read, Seek};
use std::sync::Arc;

use arrow_schema::{ArrowError, DataType, Field, Fields, Schema};
use jetwire_arrow::{
    ReaderBuilder, SchemaInferrer, infer_json_schema, infer_json_schema_from_array,
    infer_json_schema_from_seekable,
};
use proptest::prelude::*;

fn infer(input: &str) -> Schema {
    infer_json_schema(input.as_bytes(), None).unwrap().0
}

fn error(input: &str) -> String {
    match infer_json_schema(input.as_bytes(), None) {
        Ok(schema) => panic!("{input:?} was accepted: {schema:?}"),
        Err(err) => err.to_string(),
    }
}

fn list(item: DataType) -> DataType {
    DataType::List(Arc::new(Field::new_list_field(item, true)))
}

fn strukt(fields: Vec<(&str, DataType)>) -> DataType {
    DataType::Struct(fields.into_iter().map(|(name, ty)| Field::new(name, ty, true)).collect())
}

fn fields(fields: Vec<(&str, DataType)>) -> Schema {
    Schema::new(fields.into_iter().map(|(name, ty)| Field::new(name, ty, true)).collect::<Fields>())
}

#[test]
fn scalars_merge_by_arrow_json_rules() {
    let schema = infer(
        r#"{"int": 1, "float": 1.5, "both": 1, "text": "x", "flag": true, "mixed": 1, "nothing": null}
        {"int": -9223372036854775808, "float": 2e3, "both": 2.5, "text": null, "flag": false, "mixed": "y"}
        {"big": 9223372036854775808, "zero": -0, "exp": 1e2, "fraction": 1.0}"#,
    );
    assert_eq!(
        schema,
        fields(vec![
            ("int", DataType::Int64),
            ("float", DataType::Float64),
            ("both", DataType::Float64),
            ("text", DataType::Utf8),
            ("flag", DataType::Boolean),
            ("mixed", DataType::Utf8),
            ("nothing", DataType::Null),
            ("big", DataType::Float64),
            ("zero", DataType::Int64),
            ("exp", DataType::Float64),
            ("fraction", DataType::Float64),
        ])
    );
}

#[test]
fn arrays_objects_and_their_merges() {
    let schema = infer(
        r#"{"tags": ["a"], "grow": 1, "empty": [], "nulls": [null], "nested": [[1], []], "items": [{"a": 1}]}
        {"tags": "b", "grow": [2.5], "nested": [[2.5]], "items": [{"b": "x"}, {"a": null}], "meta": {"x": {"y": true}}}
        {"meta": {"z": [1, null], "x": {"w": 1}}, "items": null}"#,
    );
    assert_eq!(
        schema,
        fields(vec![
            ("tags", list(DataType::Utf8)),
            ("grow", list(DataType::Float64)),
            ("empty", list(DataType::Null)),
            ("nulls", list(DataType::Utf8)),
            ("nested", list(list(DataType::Float64))),
            ("items", list(strukt(vec![("a", DataType::Int64), ("b", DataType::Utf8)]))),
            (
                "meta",
                strukt(vec![
                    ("x", strukt(vec![("y", DataType::Boolean), ("w", DataType::Int64)])),
                    ("z", list(DataType::Int64)),
                ])
            ),
        ])
    );
}

#[test]
fn records_no_schema_holds_are_errors_naming_where() {
    let clash = "no one Arrow type holds this value and the ones before it here";
    assert_eq!(
        error("{\"a\": {\"b\": 1}}\n\n{\"a\": {\"b\": [{}]}}"),
        format!(
            "Json error: line 3, column 14, at /a/b/0 (column \"a\"): {clash}: found an object, where earlier values are scalars"
        )
    );
    assert_eq!(
        error("{\"a\": [{}]}\n{\"a\": 1}"),
        format!(
            "Json error: line 2, column 7, at /a (column \"a\"): {clash}: found a number, where earlier values are arrays of objects"
        )
    );
    assert_eq!(
        error("{\"a\": [1]}\n{\"a\": {}}"),
        format!(
            "Json error: line 2, column 7, at /a (column \"a\"): {clash}: found an object, where earlier values are arrays"
        )
    );
    assert_eq!(
        error("{\"a\": [1, [2]]}"),
        "Json error: line 1, column 11, at /a/1 (column \"a\"): found an array in an array whose first element is a \
         number: an array's elements are all scalars (or null), all arrays or all objects"
    );
    assert_eq!(
        error("{\"a\": 1}\n[1]"),
        "Json error: line 2, column 1: expected an object (a record), found an array"
    );
    assert_eq!(
        error("{\"a\": 1}\n{\"a\": tru}"),
        "Json error: line 2, column 7, at /a (column \"a\"): expected `true`, found `tru`"
    );
    assert!(error("{\"a\": 1}\n{\"a\": [1, 2").starts_with("Json error: line 2, column "));
    let deep = format!("{{\"a\": {}{}}}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(error(&deep).contains("nesting"), "{}", error(&deep));
}

#[test]
fn the_sample_stops_at_max_records_and_seekable_readers_rewind() {
    let input = "{\"a\": 1}\n{\"b\": 2}\n{\"c\": [}\n";
    let (schema, records) = infer_json_schema(input.as_bytes(), Some(2)).unwrap();
    assert_eq!((schema, records), (fields(vec![("a", DataType::Int64), ("b", DataType::Int64)]), 2));
    assert_eq!(infer_json_schema(input.as_bytes(), Some(0)).unwrap(), (Schema::empty(), 0));

    let mut file = BufReader::new(Cursor::new(input.as_bytes()));
    let (_, records) = infer_json_schema_from_seekable(&mut file, Some(1)).unwrap();
    assert_eq!((records, file.stream_position().unwrap()), (1, 0));
    let mut text = String::new();
    file.read_to_string(&mut text).unwrap();
    assert_eq!(text, input);

    let array = r#"[{"a": 1}, {"b": [true]}, {"a": "x"}]"#;
    assert_eq!(
        infer_json_schema_from_array(array.as_bytes(), None).unwrap(),
        (fields(vec![("a", DataType::Utf8), ("b", list(DataType::Boolean))]), 3)
    );
    assert_eq!(infer_json_schema_from_array(array.as_bytes(), Some(1)).unwrap().1, 1);
    assert_eq!(
        infer_json_schema_from_array(b"[{\"a\": 1}, 2]", None).unwrap_err().to_string(),
        "Json error: line 1, column 12, at /1: expected an object (a record), found a number"
    );
}

#[test]
fn records_over_many_lines_and_pieces() {
    let input = "{\n  \"a\": 1,\n  \"b\": [\n    \"x\"\n  ]\n}\n{\"a\": 2.5} {\"c\": {}}\n";
    let expected = fields(vec![
        ("a", DataType::Float64),
        ("b", list(DataType::Utf8)),
        ("c", DataType::Struct(Fields::empty())),
    ]);
    assert_eq!(infer(input), expected);
    // A reader whose buffer is smaller than a record.
    let reader = BufReader::with_capacity(3, input.as_bytes());
    assert_eq!(infer_json_schema(reader, None).unwrap(), (expected.clone(), 3));
    // Bytes one at a time.
    let mut inferrer = SchemaInferrer::new(None);
    for byte in input.as_bytes() {
        assert_eq!(inferrer.infer(std::slice::from_ref(byte)).unwrap(), 1);
    }
    assert_eq!(inferrer.finish().unwrap(), (expected, 3));
    let err = SchemaInferrer::new(None);
    let mut err = err;
    err.infer(b"{\"a\": 1}\n{\"a\"").unwrap();
    assert!(
        matches!(err.finish(), Err(ArrowError::JsonError(message)) if message.starts_with("line 2, column "))
    );
}

/// Generated JSON values: scalars of each kind, arrays of them, and objects over a few names, so
/// that records share fields and clash in every way.
fn value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::Value;
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (-100i32..100).prop_map(|n| Value::from(f64::from(n) + 0.5)),
        Just(Value::from(u64::MAX)),
        "[a-z]{0,3}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(vec!["a", "b", "c"]), inner), 0..3).prop_map(
                |members| Value::Object(members.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
            ),
        ]
    })
}

fn record() -> impl Strategy<Value = String> {
    prop::collection::vec((prop::sample::select(vec!["a", "b", "c", "d"]), value()), 0..4).prop_map(
        |members| {
            let map: serde_json::Map<String, serde_json::Value> =
                members.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
            serde_json::Value::Object(map).to_string()
        },
    )
}

/// `data_type` with every struct's fields sorted by name: arrow-json orders fields as
/// serde_json's maps iterate, jetwire-arrow by first appearance.
fn sorted(data_type: &DataType) -> DataType {
    match data_type {
        DataType::Struct(fields) => DataType::Struct(sorted_fields(fields)),
        DataType::List(item) => {
            DataType::List(Arc::new(Field::new(item.name(), sorted(item.data_type()), item.is_nullable())))
        }
        other => other.clone(),
    }
}

fn sorted_fields(fields: &Fields) -> Fields {
    let mut fields: Vec<Field> =
        fields.iter().map(|f| Field::new(f.name(), sorted(f.data_type()), f.is_nullable())).collect();
    fields.sort_by(|a, b| a.name().cmp(b.name()));
    fields.into()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// The same records give arrow-json's schema, or an error where arrow-json gives one.
    #[test]
    fn generated_records_infer_as_arrow_json_infers_them(
        records in prop::collection::vec(record(), 1..8),
        max in prop::option::of(0usize..8),
    ) {
        let input = records.join("\n");
        let ours = infer_json_schema(input.as_bytes(), max);
        let theirs = arrow_json::reader::infer_json_schema(input.as_bytes(), max);
        match (ours, theirs) {
            (Ok((ours, ours_count)), Ok((theirs, theirs_count))) => {
                prop_assert_eq!(sorted_fields(ours.fields()), sorted_fields(theirs.fields()), "{}", input);
                prop_assert_eq!(ours_count, theirs_count);
            }
            (Err(_), Err(_)) => {}
            (ours, theirs) => prop_assert!(false, "{input}\nours: {ours:?}\narrow-json: {theirs:?}"),
        }
    }

    /// Records whose fields keep one type decode with the schema inferred from them.
    #[test]
    fn an_inferred_schema_decodes_its_records(
        shape in prop::collection::vec((prop::sample::select(vec!["a", "b", "c", "d"]), 0usize..5), 1..4),
        rows in prop::collection::vec(prop::collection::vec(any::<(bool, i32)>(), 4), 1..10),
    ) {
        let records: Vec<String> = rows.iter().map(|row| {
            let members: Vec<String> = shape.iter().zip(row).map(|((name, kind), &(present, n))| {
                let value = match (present, kind) {
                    (false, _) => "null".to_owned(),
                    (true, 0) => n.to_string(),
                    (true, 1) => format!("{n}.25"),
                    (true, 2) => format!("\"{n}\""),
                    (true, 3) => format!("[{n}, null]"),
                    (true, _) => format!("{{\"x\": {n}, \"y\": [\"{n}\"]}}"),
                };
                format!("\"{name}\": {value}")
            }).collect();
            let mut seen = std::collections::HashSet::new();
            let unique: Vec<&String> = members.iter().zip(&shape).filter(|(_, (name, _))| seen.insert(*name)).map(|(m, _)| m).collect();
            format!("{{{}}}", unique.iter().map(|m| m.as_str()).collect::<Vec<_>>().join(", "))
        }).collect();
        let input = records.join("\n");
        let (schema, count) = infer_json_schema(input.as_bytes(), None).unwrap();
        prop_assert_eq!(count, rows.len());
        let mut decoder = ReaderBuilder::new(Arc::new(schema)).build_decoder().unwrap();
        decoder.decode(input.as_bytes()).unwrap();
        prop_assert_eq!(decoder.flush().unwrap().unwrap().num_rows(), rows.len());
    }
}
