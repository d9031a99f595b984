//! `cargo run --release -p jetwire-bench -- [--filter REGEX] [--full] [--rounds N] [--list]
//! [--json PATH] [--smoke] [--large] [--file PATH... [--pointer POINTER...]]`: every workload,
//! every implementation, side by side.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use jetwire_bench::alloc::CountingAllocator;
use jetwire_bench::harness::{self, RunConfig};
use jetwire_bench::report;
use jetwire_bench::workloads::{self, Size};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// jetwire side by side with serde_json, simd-json and sonic-rs, and with the C and C++
/// anchors simdjson and yyjson in the DOM and validation cases and in canada's typed read.
#[derive(Parser)]
#[command(name = "jetwire-bench")]
struct Args {
    /// Run only cases whose `name/op` matches this regular expression.
    #[arg(long)]
    filter: Option<String>,
    /// More rounds and longer samples, for figures to quote.
    #[arg(long)]
    full: bool,
    /// Interleaved rounds (default 9, or 25 with --full, 1 with --smoke).
    #[arg(long)]
    rounds: Option<usize>,
    /// List the cases and exit.
    #[arg(long)]
    list: bool,
    /// Also write the JSON report to this path.
    #[arg(long)]
    json: Option<PathBuf>,
    /// One short round on small workloads, with every output check: proves the harness works,
    /// measures nothing worth quoting. Includes `checkfile:large` at 4 MB.
    #[arg(long)]
    smoke: bool,
    /// Also run the cases too long for the default run: `checkfile:large`, `jetwire check`'s
    /// streaming validation of a generated file of 200 MB against validating it in memory, and
    /// `partial:1mb:100`, a partial read of 1 MB against jiter's.
    #[arg(long)]
    large: bool,
    /// Run the generic cases on these JSON files instead of the suite's workloads: validation
    /// (`check:`), DOM read and write (`dom:`), the read-only document's parse and write
    /// (`doc:`), the serde bridge into `serde_json::Value` (`serde:`), and with --pointer a lazy
    /// lookup (`get:`), against every peer. A file that is not JSON is an error naming its line
    /// and column.
    #[arg(long, num_args = 1.., value_name = "PATH")]
    file: Vec<PathBuf>,
    /// With --file: a JSON Pointer (such as `/items/0/name`) to look up in each file with
    /// jetwire's `get` and sonic-rs's (repeat for several).
    #[arg(long, value_name = "POINTER", requires = "file")]
    pointer: Vec<String>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let filter = match args.filter.as_deref().map(regex::Regex::new).transpose() {
        Ok(filter) => filter,
        Err(err) => {
            eprintln!("jetwire-bench: --filter: {err}");
            return ExitCode::from(2);
        }
    };
    let all = if args.file.is_empty() {
        jetwire_bench::all_cases()
    } else {
        match workloads::files::specs(&args.file, &args.pointer) {
            Ok(specs) => specs,
            Err(err) => {
                eprintln!("jetwire-bench: --file: {err}");
                return ExitCode::from(2);
            }
        }
    };
    let specs: Vec<_> = all
        .into_iter()
        .filter(|spec| filter.as_ref().is_none_or(|f| f.is_match(&spec.id())))
        .filter(|spec| !spec.large || args.large || args.smoke || args.list)
        .collect();
    if args.list {
        for spec in &specs {
            println!("{}{}", spec.id(), if spec.large { " (--large)" } else { "" });
        }
        return ExitCode::SUCCESS;
    }
    let (size, config) = if args.smoke {
        (Size::Smoke, RunConfig { rounds: args.rounds.unwrap_or(1), sample_time: Duration::from_micros(200) })
    } else if args.full {
        (
            Size::Standard,
            RunConfig { rounds: args.rounds.unwrap_or(25), sample_time: Duration::from_millis(20) },
        )
    } else {
        (
            Size::Standard,
            RunConfig { rounds: args.rounds.unwrap_or(9), sample_time: Duration::from_millis(5) },
        )
    };

    let started = Instant::now();
    eprintln!("checking {} cases before timing ...", specs.len());
    let mut cases = Vec::new();
    for spec in &specs {
        match spec.build(size) {
            Ok(case) => cases.push(case),
            Err(err) => {
                eprintln!("jetwire-bench: output check failed, nothing timed: {err}");
                return ExitCode::FAILURE;
            }
        }
    }
    let measurements = harness::run(&mut cases, config, |id| eprintln!("  {id}"));

    let context = vec![
        format!(
            "command: `cargo run{} -p jetwire-bench --{}`",
            if cfg!(debug_assertions) { "" } else { " --release" },
            std::env::args().skip(1).map(|a| format!(" {a}")).collect::<String>()
        ),
        format!("RUSTFLAGS: `{}`", option_env!("JETWIRE_BENCH_RUSTFLAGS").unwrap_or("(default)")),
        format!("machine: {}", machine()),
        jetwire_bench::cpeers::summary(),
        format!(
            "rounds: {}, sample time: {:?}, total run time: {:.0?}",
            config.rounds,
            config.sample_time,
            started.elapsed()
        ),
    ];
    println!(
        "{}",
        report::to_markdown(&measurements, &context).split("\n## All results").next().unwrap_or_default()
    );
    // The binary workloads' sizes (raw and after zstd), for the workloads selected.
    let sizes = match jetwire_bench::binary::size_table(size, |name| {
        specs.iter().any(|s| s.name.starts_with(name))
    }) {
        Ok(table) if !table.is_empty() => format!("\n## Binary sizes\n\n{table}"),
        Ok(_) => String::new(),
        Err(err) => {
            eprintln!("jetwire-bench: binary sizes: {err}");
            return ExitCode::FAILURE;
        }
    };
    print!("{sizes}");

    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/jetwire-bench");
    let written = std::fs::create_dir_all(&dir)
        .and_then(|()| {
            std::fs::write(dir.join("report.md"), report::to_markdown(&measurements, &context) + &sizes)
        })
        .and_then(|()| std::fs::write(dir.join("report.json"), report::to_json(&measurements)))
        .and_then(|()| {
            std::fs::write(
                dir.join("report.svg"),
                report::to_svg(
                    &measurements,
                    "jetwire vs the fastest like-for-like Rust peer (serde_json, simd-json, sonic-rs)",
                ),
            )
        })
        .and_then(|()| match &args.json {
            Some(path) => std::fs::write(path, report::to_json(&measurements)),
            None => Ok(()),
        });
    match written {
        Ok(()) => {
            eprintln!("reports: {}", dir.canonicalize().unwrap_or(dir).display());
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("jetwire-bench: writing the reports: {err}");
            ExitCode::FAILURE
        }
    }
}

/// The CPU model and core count, from /proc/cpuinfo where there is one.
fn machine() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_owned())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_owned());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!("{model}, {cores} cores")
}
