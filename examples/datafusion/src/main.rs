//! SQL over JSON Lines files with DataFusion, the files decoded by jetwire-arrow.
//!
//! The example writes a few files of log records, infers their schema with
//! `jetwire_arrow::infer_json_schema_from_seekable`, and registers them as the table `logs`: a
//! `StreamingTable` with one partition per file, each partition an `AsyncReader` that decodes
//! its file batch by batch as tokio reads it. The same files are registered through
//! DataFusion's own JSON reader as `logs_arrow_json`, and every query must give the same rows
//! from both tables; the example fails otherwise.
//!
//! ```text
//! cargo run --release --manifest-path examples/datafusion/Cargo.toml
//! ```

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use datafusion::arrow::datatypes::{DataType, Field, Schema, SchemaRef, TimeUnit};
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::catalog::streaming::StreamingTable;
use datafusion::error::{DataFusionError, Result};
use datafusion::execution::TaskContext;
use datafusion::physical_plan::SendableRecordBatchStream;
use datafusion::physical_plan::stream::RecordBatchStreamAdapter;
use datafusion::physical_plan::streaming::PartitionStream;
use datafusion::prelude::{JsonReadOptions, SessionContext};
use futures::TryStreamExt;
use jetwire_arrow::ReaderBuilder;

/// Records in each file, and files.
const RECORDS: usize = 50_000;
const FILES: usize = 4;

/// The queries run over both tables.
const QUERIES: &[&str] = &[
    "SELECT level, count(*) AS records, round(avg(latency_ms), 3) AS avg_ms, max(status) AS max_status \
     FROM {table} GROUP BY level ORDER BY level",
    "SELECT \"user\"['region'] AS region, count(*) AS records, sum(bytes) AS bytes \
     FROM {table} WHERE status >= 500 GROUP BY 1 ORDER BY 1",
    "SELECT service, count(*) AS records FROM {table} \
     WHERE ts >= TIMESTAMP '2026-12-07T06:00:00Z' AND array_length(tags) > 1 \
     GROUP BY service ORDER BY records DESC, service LIMIT 3",
];

/// One file of JSON Lines, decoded by jetwire-arrow as a partition of the table.
#[derive(Debug)]
struct JsonLinesFile {
    path: PathBuf,
    schema: SchemaRef,
}

impl PartitionStream for JsonLinesFile {
    fn schema(&self) -> &SchemaRef {
        &self.schema
    }

    fn execute(&self, _: Arc<TaskContext>) -> SendableRecordBatchStream {
        let (path, schema) = (self.path.clone(), self.schema.clone());
        let batches = futures::stream::once(async move {
            let file = tokio::fs::File::open(&path).await?;
            let source = tokio::io::BufReader::with_capacity(1 << 16, file);
            let reader = ReaderBuilder::new(schema).with_batch_size(8192).build_async(source)?;
            Ok::<_, DataFusionError>(reader.map_err(DataFusionError::from))
        })
        .try_flatten();
        Box::pin(RecordBatchStreamAdapter::new(self.schema.clone(), batches))
    }
}

#[tokio::main]
async fn main() -> Result<()> {
    let dir = std::env::temp_dir().join(format!("jetwire-datafusion-example-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let result = run(&dir).await;
    std::fs::remove_dir_all(&dir)?;
    result
}

async fn run(dir: &Path) -> Result<()> {
    let paths: Vec<PathBuf> = (0..FILES).map(|n| dir.join(format!("part-{n}.json"))).collect();
    for (n, path) in paths.iter().enumerate() {
        write_logs(path, n)?;
    }

    // Inferred from a sample of the first file: numbers, strings, the `tags` list and the
    // `user` struct. The timestamps are strings in JSON; the table reads them as timestamps.
    let (inferred, sampled) =
        jetwire_arrow::infer_json_schema_from_seekable(BufReader::new(File::open(&paths[0])?), Some(1000))?;
    println!("Schema inferred by jetwire-arrow from {sampled} records:");
    for field in inferred.fields() {
        println!("  {}: {}", field.name(), field.data_type());
    }
    println!("(`ts` is then read as a timestamp)\n");
    let schema: SchemaRef = Arc::new(Schema::new(
        inferred
            .fields()
            .iter()
            .map(|field| match field.name().as_str() {
                "ts" => Arc::new(Field::new(
                    "ts",
                    DataType::Timestamp(TimeUnit::Millisecond, Some("UTC".into())),
                    true,
                )),
                _ => field.clone(),
            })
            .collect::<Vec<_>>(),
    ));

    let ctx = SessionContext::new();
    let partitions = paths
        .iter()
        .map(|path| {
            Arc::new(JsonLinesFile { path: path.clone(), schema: schema.clone() }) as Arc<dyn PartitionStream>
        })
        .collect();
    ctx.register_table("logs", Arc::new(StreamingTable::try_new(schema.clone(), partitions)?))?;
    let dir_url = format!("{}/", dir.display());
    ctx.register_json("logs_arrow_json", &dir_url, JsonReadOptions::default().schema(&schema)).await?;

    for query in QUERIES {
        let ours = collect(&ctx, &query.replace("{table}", "logs")).await?;
        let theirs = collect(&ctx, &query.replace("{table}", "logs_arrow_json")).await?;
        println!("{}\n{}\n", query.replace("{table}", "logs"), ours);
        if ours != theirs {
            return Err(DataFusionError::Execution(format!(
                "the tables disagree on\n{query}\nDataFusion's JSON reader gives\n{}",
                theirs
            )));
        }
    }
    println!("Every query gave the same rows from jetwire-arrow and from DataFusion's JSON reader.");
    Ok(())
}

/// The rows of `sql`, as a table of text.
async fn collect(ctx: &SessionContext, sql: &str) -> Result<String> {
    let batches = ctx.sql(sql).await?.collect().await?;
    let rows: usize = batches.iter().map(|batch| batch.num_rows()).sum();
    if rows == 0 {
        return Err(DataFusionError::Execution(format!("no rows from\n{sql}")));
    }
    Ok(pretty_format_batches(&batches)?.to_string())
}

/// Writes `RECORDS` log records to `path`, from a generator seeded with `seed`.
fn write_logs(path: &Path, seed: usize) -> std::io::Result<()> {
    const LEVELS: [&str; 4] = ["debug", "info", "warn", "error"];
    const SERVICES: [&str; 5] = ["api", "auth", "billing", "search", "storage"];
    const REGIONS: [&str; 3] = ["eu-west", "us-east", "ap-south"];
    let mut out = BufWriter::new(File::create(path)?);
    let mut state = 0x9e37_79b9_7f4a_7c15_u64 ^ seed as u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for n in 0..RECORDS {
        let r = next();
        let seconds = (seed * RECORDS + n) as u64 % 86_400;
        let tags: Vec<String> = (0..r % 4).map(|t| format!("\"t{}\"", (r >> (8 * t)) % 10)).collect();
        writeln!(
            out,
            r#"{{"ts": "2026-12-07T{:02}:{:02}:{:02}.{:03}Z", "level": "{}", "service": "{}", "status": {}, "latency_ms": {}.{:03}, "bytes": {}, "tags": [{}], "user": {{"id": {}, "region": "{}"}}}}"#,
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60,
            r % 1000,
            LEVELS[(r >> 10) as usize % 4],
            SERVICES[(r >> 12) as usize % 5],
            [200, 201, 304, 404, 500, 503][(r >> 16) as usize % 6],
            (r >> 20) % 2000,
            (r >> 32) % 1000,
            (r >> 24) % 100_000,
            tags.join(", "),
            (r >> 40) % 10_000,
            REGIONS[(r >> 50) as usize % 3],
        )?;
    }
    out.flush()
}
