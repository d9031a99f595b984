//! `arrow:*`: JSON Lines decoded into Apache Arrow record batches of a given schema, by
//! jetwire-arrow and by arrow-json (the decoder DataFusion uses), batches of 1024 rows.
//!
//! - `arrow:logs`: log records with an RFC 3339 timestamp, strings, a float, an integer, a nested
//!   request object, a list of tags and an optional user (5.2 MB at standard size);
//! - `arrow:wide`: a flat table of 48 columns, integers, floats, strings and booleans in turn,
//!   with nulls (6.8 MB);
//! - `arrow:numbers`: a number-dense table, 12 floats and 4 integers a row (7.0 MB).
//!
//! Reads: both decoders' batches are compared, column by column, before timing. Writes (the
//! same batches as JSON Lines, by jetwire-arrow's `LineDelimitedWriter` and arrow-json's): each
//! output must read back, with its own library's decoder, to the batches written. The byte count
//! is the input's.

use std::hint::black_box;
use std::rc::Rc;
use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_schema::{DataType, Field, Fields, Schema, SchemaRef, TimeUnit};

use super::rng::Rng;
use super::{CaseSpec, Size};
use crate::harness::{Case, Entry, Group, Op};

/// The specs.
pub fn specs() -> Vec<CaseSpec> {
    let workloads: [(&'static str, MakeWorkload); 3] =
        [("arrow:logs", logs), ("arrow:wide", wide), ("arrow:numbers", numbers)];
    workloads
        .into_iter()
        .flat_map(|(name, make)| {
            [
                CaseSpec::new(name, Op::Read, move |size| case(name, make(size))),
                CaseSpec::new(name, Op::Write, move |size| write_case(name, make(size))),
            ]
        })
        .collect()
}

fn jetwire_write(batches: &[RecordBatch]) -> Result<Vec<u8>, String> {
    let mut writer = jetwire::arrow::LineDelimitedWriter::new(Vec::new());
    for batch in batches {
        writer.write(batch).map_err(|e| e.to_string())?;
    }
    writer.finish().map_err(|e| e.to_string())?;
    Ok(writer.into_inner())
}

fn arrow_json_write(batches: &[RecordBatch]) -> Result<Vec<u8>, String> {
    let mut writer = arrow_json::LineDelimitedWriter::new(Vec::new());
    for batch in batches {
        writer.write(batch).map_err(|e| e.to_string())?;
    }
    writer.finish().map_err(|e| e.to_string())?;
    Ok(writer.into_inner())
}

fn write_case(name: &'static str, workload: Workload) -> Result<Case, String> {
    let Workload { schema, lines } = workload;
    let batches = Rc::new(jetwire_decode(&schema, &lines).map_err(|e| format!("{name}: {e}"))?);
    let ours = jetwire_write(&batches)?;
    if jetwire_decode(&schema, &ours)? != *batches {
        return Err(format!("{name}: jetwire-arrow's JSON does not read back to the batches written"));
    }
    let theirs = arrow_json_write(&batches)?;
    if arrow_json_decode(&schema, &theirs)? != *batches {
        return Err(format!("{name}: arrow-json's JSON does not read back to the batches written"));
    }
    let (ours_batches, theirs_batches) = (batches.clone(), batches);
    let entries = vec![
        Entry::new("jetwire", move || black_box(jetwire_write(&ours_batches).expect("checked")).len()),
        Entry::new("arrow-json", move || {
            black_box(arrow_json_write(&theirs_batches).expect("checked")).len()
        }),
    ];
    Ok(Case::new(name, Group::Arrow, Op::Write, lines.len(), entries))
}

/// Generates a workload at a size.
type MakeWorkload = fn(Size) -> Workload;

/// A workload: JSON Lines and the schema of their records.
struct Workload {
    schema: SchemaRef,
    lines: Vec<u8>,
}

fn jetwire_decode(schema: &SchemaRef, bytes: &[u8]) -> Result<Vec<RecordBatch>, String> {
    jetwire::arrow::ReaderBuilder::new(schema.clone())
        .build(bytes)
        .and_then(|reader| reader.collect::<Result<Vec<_>, _>>())
        .map_err(|e| e.to_string())
}

fn arrow_json_decode(schema: &SchemaRef, bytes: &[u8]) -> Result<Vec<RecordBatch>, String> {
    arrow_json::ReaderBuilder::new(schema.clone())
        .build(bytes)
        .and_then(|reader| reader.collect::<Result<Vec<_>, _>>())
        .map_err(|e| e.to_string())
}

fn rows(batches: &[RecordBatch]) -> usize {
    batches.iter().map(RecordBatch::num_rows).sum()
}

fn case(name: &'static str, workload: Workload) -> Result<Case, String> {
    let Workload { schema, lines } = workload;
    let ours = jetwire_decode(&schema, &lines).map_err(|e| format!("{name}: jetwire: {e}"))?;
    let theirs = arrow_json_decode(&schema, &lines).map_err(|e| format!("{name}: arrow-json: {e}"))?;
    if ours != theirs {
        return Err(format!("{name}: jetwire-arrow's batches differ from arrow-json's"));
    }
    let expected_rows = lines.iter().filter(|&&byte| byte == b'\n').count();
    if rows(&ours) != expected_rows {
        return Err(format!("{name}: {} rows decoded of {expected_rows}", rows(&ours)));
    }
    let bytes = Rc::new(lines);
    let (ours_bytes, theirs_bytes) = (bytes.clone(), bytes.clone());
    let (ours_schema, theirs_schema) = (schema.clone(), schema);
    let entries = vec![
        Entry::new("jetwire", move || {
            rows(&black_box(jetwire_decode(&ours_schema, &ours_bytes).expect("checked")))
        }),
        Entry::new("arrow-json", move || {
            rows(&black_box(arrow_json_decode(&theirs_schema, &theirs_bytes).expect("checked")))
        }),
    ];
    Ok(Case::new(name, Group::Arrow, Op::Read, bytes.len(), entries))
}

const LEVELS: [&str; 4] = ["debug", "info", "warn", "error"];
const METHODS: [&str; 4] = ["GET", "POST", "PUT", "DELETE"];

/// Log records: `{"ts": "...Z", "level", "service", "latency_ms", "status", "request": {...},
/// "tags": [...], "user": null | "..."}`.
fn logs(size: Size) -> Workload {
    let request = Fields::from(vec![
        Field::new("method", DataType::Utf8, false),
        Field::new("path", DataType::Utf8, false),
        Field::new("bytes", DataType::Int64, false),
    ]);
    let schema = Arc::new(Schema::new(vec![
        Field::new("ts", DataType::Timestamp(TimeUnit::Millisecond, Some("+00:00".into())), false),
        Field::new("level", DataType::Utf8, false),
        Field::new("service", DataType::Utf8, false),
        Field::new("latency_ms", DataType::Float64, false),
        Field::new("status", DataType::Int32, false),
        Field::new("request", DataType::Struct(request), false),
        Field::new_list("tags", Field::new("item", DataType::Utf8, true), false),
        Field::new("user", DataType::Utf8, true),
    ]));
    let mut rng = Rng::new(0xA770);
    let mut lines = String::new();
    for i in 0..size.count(25_000) {
        let second = 1_796_600_000 + i as u64;
        let (day_second, millis) = (second % 86_400, rng.below(1000));
        let tags: Vec<String> = (0..rng.below(4)).map(|_| format!("\"{}\"", rng.word(6))).collect();
        let user = if rng.chance(0.3) { "null".to_owned() } else { format!("\"{}\"", rng.word(8)) };
        lines.push_str(&format!(
            "{{\"ts\":\"2026-12-06T{:02}:{:02}:{:02}.{millis:03}Z\",\"level\":\"{}\",\"service\":\"api-{}\",\
             \"latency_ms\":{:.3},\"status\":{},\"request\":{{\"method\":\"{}\",\"path\":\"/v1/{}/{}\",\"bytes\":{}}},\
             \"tags\":[{}],\"user\":{user}}}\n",
            day_second / 3600,
            day_second / 60 % 60,
            day_second % 60,
            rng.pick(&LEVELS),
            rng.below(12),
            rng.float(0.1, 900.0),
            [200, 201, 204, 301, 404, 500][rng.below(6) as usize],
            rng.pick(&METHODS),
            rng.word(5),
            rng.below(100_000),
            rng.below(1 << 20),
            tags.join(","),
        ));
    }
    Workload { schema, lines: lines.into_bytes() }
}

/// A flat table of 48 columns: `i0`, `f1`, `s2`, `b3`, `i4`, ... with a null in one value of 16.
fn wide(size: Size) -> Workload {
    let kinds = [DataType::Int64, DataType::Float64, DataType::Utf8, DataType::Boolean];
    let fields: Vec<Field> = (0..48)
        .map(|c| Field::new(format!("{}{c}", ["i", "f", "s", "b"][c % 4]), kinds[c % 4].clone(), true))
        .collect();
    let schema = Arc::new(Schema::new(fields));
    let mut rng = Rng::new(0x31DE);
    let mut lines = String::new();
    for _ in 0..size.count(8_000) {
        lines.push('{');
        for c in 0..48 {
            if c > 0 {
                lines.push(',');
            }
            let value = if rng.below(16) == 0 {
                "null".to_owned()
            } else {
                match c % 4 {
                    0 => (rng.below(1 << 40) as i64 - (1 << 39)).to_string(),
                    1 => format!("{}", rng.float(-1e6, 1e6)),
                    2 => {
                        let len = 1 + rng.below(16) as usize;
                        format!("\"{}\"", rng.word(len))
                    }
                    _ => rng.chance(0.5).to_string(),
                }
            };
            lines.push_str(&format!("\"{}{c}\":{value}", ["i", "f", "s", "b"][c % 4]));
        }
        lines.push_str("}\n");
    }
    Workload { schema, lines: lines.into_bytes() }
}

/// A number-dense table: `x0`..`x11` floats and `n0`..`n3` integers a row.
fn numbers(size: Size) -> Workload {
    let mut fields: Vec<Field> =
        (0..12).map(|c| Field::new(format!("x{c}"), DataType::Float64, false)).collect();
    fields.extend((0..4).map(|c| Field::new(format!("n{c}"), DataType::Int64, false)));
    let schema = Arc::new(Schema::new(fields));
    let mut rng = Rng::new(0x0B0B);
    let mut lines = String::new();
    for _ in 0..size.count(20_000) {
        lines.push('{');
        for c in 0..12 {
            lines.push_str(&format!("\"x{c}\":{},", rng.float(-1000.0, 1000.0)));
        }
        for c in 0..4 {
            lines.push_str(&format!("\"n{c}\":{}{}", rng.below(1 << 31), if c < 3 { "," } else { "" }));
        }
        lines.push_str("}\n");
    }
    Workload { schema, lines: lines.into_bytes() }
}
