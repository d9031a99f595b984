//! `cargo run -p jetwire-build-cost -- [--types 50,200] [--rounds N] [--no-clean]
//! [--budget RATIO] [--time-budget RATIO]`: what jetwire costs its users at build time, beside serde + serde_json.
//!
//! It generates a workspace under `target/build-cost/` holding, for each library, a crate of
//! derived types read and written as JSON (50 and 200 types by default), a minimal round-trip
//! program and a broad one (every model type, the DOM, a streamed read). It builds everything
//! once, checks that both libraries' programs print the same output for the same input, then:
//!
//! - rebuilds each model crate alone (its dependencies already built), in debug with
//!   incremental compilation off and in release, interleaving the two libraries, `--rounds`
//!   times (3 by default);
//! - reports the stripped release binaries' sizes;
//! - unless `--no-clean`, builds each minimal program from nothing in a fresh target directory
//!   (the library with its default features and all its dependencies), in debug and release.
//!
//! With `--budget RATIO` it exits with status 1 when jetwire's release rebuild of the first
//! model crate, or its minimal binary, is more than RATIO times serde + serde_json's;
//! `--time-budget RATIO` sets a separate ratio for the rebuild. The goal is 1.1 for both; until
//! the rebuild meets it, CI runs `--types 50 --no-clean --budget 1.15 --time-budget 1.7`, which
//! stops a change that makes the derive's output grow.
//!
//! docs/architecture.md ("How to measure") places it among the project's other measures.

mod generate;
mod measure;
mod workspace;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;
use std::{fs, io};

use generate::Dialect;
use measure::{Cargo, Profile};

/// The command line.
struct Args {
    types: Vec<usize>,
    rounds: usize,
    clean: bool,
    budget: Option<f64>,
    time_budget: Option<f64>,
}

/// A positive ratio given to `option`.
fn parse_ratio(option: &str, text: &str) -> Result<f64, String> {
    text.parse()
        .ok()
        .filter(|&r: &f64| r > 0.0)
        .ok_or_else(|| format!("{option}: expected a ratio such as 1.1, found `{text}`"))
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args { types: vec![50, 200], rounds: 3, clean: true, budget: None, time_budget: None };
    let mut iter = std::env::args().skip(1);
    while let Some(arg) = iter.next() {
        let mut value = |name: &str| iter.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--types" => {
                let list = value("--types")?;
                args.types = list
                    .split(',')
                    .map(|n| n.trim().parse().ok().filter(|&n: &usize| n > 0))
                    .collect::<Option<_>>()
                    .ok_or_else(|| format!("--types: expected counts such as 50,200, found `{list}`"))?;
            }
            "--rounds" => {
                let n = value("--rounds")?;
                args.rounds = n
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--rounds: expected a count, found `{n}`"))?;
            }
            "--no-clean" => args.clean = false,
            "--budget" => args.budget = Some(parse_ratio("--budget", &value("--budget")?)?),
            "--time-budget" => {
                args.time_budget = Some(parse_ratio("--time-budget", &value("--time-budget")?)?);
            }
            "--help" | "-h" => {
                return Err("usage: jetwire-build-cost [--types 50,200] [--rounds N] [--no-clean] \
                            [--budget RATIO] [--time-budget RATIO]"
                    .to_owned());
            }
            other => return Err(format!("unknown argument `{other}` (see --help)")),
        }
    }
    Ok(args)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("jetwire-build-cost: {message}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(err) => {
            eprintln!("jetwire-build-cost: {err}");
            ExitCode::from(2)
        }
    }
}

/// Runs every measurement and prints the table; `Ok(false)` when over the budget.
fn run(args: &Args) -> io::Result<bool> {
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize()?;
    let root = checkout.join("target/build-cost");
    let ws =
        workspace::write(&root, &args.types, &checkout.join("crates/jetwire"), &checkout.join("Cargo.lock"))?;
    let cargo = Cargo::new(root.join("Cargo.toml"));
    let target = root.join("target");

    eprintln!("building the generated workspace once (dependencies and every package)...");
    for profile in Profile::BOTH {
        cargo.build(profile, &[], &target)?;
    }
    check_outputs(&ws, &target)?;

    let mut table = Table::default();
    // jetwire's release rebuild of the first model crate over serde's, for the budget.
    let mut release_ratio = None;
    for &types in &args.types {
        for profile in Profile::BOTH {
            let mut samples = [Vec::new(), Vec::new()];
            for round in 0..args.rounds {
                for (side, dialect) in Dialect::BOTH.into_iter().enumerate() {
                    let package = ws.model(types, dialect);
                    eprintln!("round {}: {} {profile:?}", round + 1, package.name);
                    measure::touch(&package.main_source())?;
                    samples[side].push(cargo.build(profile, &[&package.name], &target)?);
                }
            }
            let what = match profile {
                Profile::Debug => format!("debug rebuild of the {types}-type crate (incremental off)"),
                Profile::Release => format!("release rebuild of the {types}-type crate"),
            };
            let ratio = table.times(what, &samples);
            if profile == Profile::Release {
                release_ratio.get_or_insert(ratio);
            }
        }
    }

    let release = target.join("release");
    let size = |package: &workspace::Package| fs::metadata(release.join(&package.name)).map(|m| m.len());
    let minimal_sizes = [size(ws.minimal(Dialect::Jetwire))?, size(ws.minimal(Dialect::Serde))?];
    table.sizes("minimal round-trip binary, stripped".to_owned(), minimal_sizes);
    let broad = [size(ws.broad(Dialect::Jetwire))?, size(ws.broad(Dialect::Serde))?];
    table.sizes(format!("broad binary ({} types, DOM, streamed read), stripped", args.types[0]), broad);

    if args.clean {
        for profile in Profile::BOTH {
            let mut samples = [Vec::new(), Vec::new()];
            for (side, dialect) in Dialect::BOTH.into_iter().enumerate() {
                let package = ws.minimal(dialect);
                let fresh = root.join(format!("clean-{}", dialect.name()));
                if fresh.exists() {
                    fs::remove_dir_all(&fresh)?;
                }
                eprintln!("clean build: {} {profile:?}", package.name);
                samples[side].push(cargo.build(profile, &[&package.name], &fresh)?);
            }
            let what = format!("clean {} build of the library and a minimal program", profile.dir());
            table.times(what, &samples);
        }
    }

    println!("{}", table.render(args.rounds));
    let Some(budget) = args.budget.or(args.time_budget) else { return Ok(true) };
    let time_budget = args.time_budget.unwrap_or(budget);
    let size_budget = args.budget.unwrap_or(f64::INFINITY);
    let release_ratio = release_ratio.unwrap_or(f64::INFINITY);
    let size_ratio = minimal_sizes[0] as f64 / minimal_sizes[1] as f64;
    let verdict = |ratio: f64, limit: f64| if ratio <= limit { "within" } else { "OVER BUDGET" };
    println!(
        "budget: release rebuild {release_ratio:.2}x (at most {time_budget:.2}x: {}), \
         minimal binary {size_ratio:.2}x (at most {size_budget:.2}x: {})",
        verdict(release_ratio, time_budget),
        verdict(size_ratio, size_budget),
    );
    Ok(release_ratio <= time_budget && size_ratio <= size_budget)
}

/// Builds and runs both libraries' programs on the same inputs and requires the same output,
/// so that the two sides of every figure do the same work.
fn check_outputs(ws: &workspace::Workspace, target: &Path) -> io::Result<()> {
    let binary = |package: &workspace::Package| -> PathBuf { target.join("release").join(&package.name) };
    let config = r#"{"name":"api","port":8080,"debug":false,"tags":["a","b\"c"]}"#;
    let record = r#"{"recordId":7,"displayName":"x","score":1.5,"active":true,"tags":["t"],"counts":{"k":3},"child":"leaf"}"#;
    let document = r#"{"a":[1,2.5,-3e-7,"s",null,true,{"b":{}}],"c":"\u00e9\n"}"#;
    let cases: [(&workspace::Package, &workspace::Package, &[&str], &str); 4] = [
        (ws.minimal(Dialect::Jetwire), ws.minimal(Dialect::Serde), &[], config),
        (ws.broad(Dialect::Jetwire), ws.broad(Dialect::Serde), &["t0"], record),
        (ws.broad(Dialect::Jetwire), ws.broad(Dialect::Serde), &["value"], document),
        (ws.broad(Dialect::Jetwire), ws.broad(Dialect::Serde), &["stream"], document),
    ];
    for (ours, theirs, args, input) in cases {
        let a = measure::run(&binary(ours), args, input)?;
        let b = measure::run(&binary(theirs), args, input)?;
        if a != b || a.trim().is_empty() {
            return Err(io::Error::other(format!(
                "{} and {} {args:?} disagree on {input}:\n  {a}  {b}",
                ours.name, theirs.name
            )));
        }
    }
    Ok(())
}

/// The rows of the printed table.
#[derive(Default)]
struct Table {
    rows: Vec<Row>,
}

struct Row {
    what: String,
    cells: [String; 2],
    ratio: f64,
}

impl Table {
    /// Adds a row of build times and returns its ratio (jetwire's median over serde's).
    fn times(&mut self, what: String, samples: &[Vec<Duration>; 2]) -> f64 {
        let [ours, theirs] = [measure::summary(&samples[0]), measure::summary(&samples[1])];
        let cell = |(median, low, high): (Duration, Duration, Duration)| {
            if low == high {
                format!("{:.2} s", median.as_secs_f64())
            } else {
                format!("{:.2} s ({:.2}–{:.2})", median.as_secs_f64(), low.as_secs_f64(), high.as_secs_f64())
            }
        };
        let ratio = ours.0.as_secs_f64() / theirs.0.as_secs_f64();
        self.rows.push(Row { what, cells: [cell(ours), cell(theirs)], ratio });
        ratio
    }

    fn sizes(&mut self, what: String, bytes: [u64; 2]) {
        let cell = |b: u64| format!("{} KB", b.div_ceil(1024));
        let ratio = bytes[0] as f64 / bytes[1] as f64;
        self.rows.push(Row { what, cells: [cell(bytes[0]), cell(bytes[1])], ratio });
    }

    fn render(&self, rounds: usize) -> String {
        let mut out = format!(
            "\nBuild cost, jetwire against serde + serde_json (times: median of {rounds} interleaved \
             rounds, with least–greatest; clean builds: one each)\n\n\
             | measure | jetwire | serde + serde_json | ratio |\n|---|---:|---:|---:|\n"
        );
        for row in &self.rows {
            out.push_str(&format!(
                "| {} | {} | {} | {:.2}x |\n",
                row.what, row.cells[0], row.cells[1], row.ratio
            ));
        }
        out
    }
}
