//! The `jetwire` command: check, format and look into JSON.
//!
//! Exit status: 0 success, 1 invalid JSON (reported as `NAME:LINE:COLUMN: message` on stderr)
//! or, for `get`, a pointer with no value, 2 usage or I/O errors.
//!
//! How the crates fit together: docs/architecture.md in the repository.

mod args;
mod fmt;
mod get;
mod input;
mod lines;
mod select;
mod sort;
mod transcode;

use std::io;
use std::path::Path;
use std::process::ExitCode;

use clap::Parser as _;
use jetwire_json::Category;

use args::{CheckArgs, Cli, Command};
use input::Source;

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Check(args) => check(&args),
        Command::Fmt(args) => fmt::run(&args),
        Command::Get(args) => get::run(&args),
    }
}

/// `jetwire check`.
fn check(args: &CheckArgs) -> ExitCode {
    let options = args.read.options();
    run_on(&args.file, true, |source| match (args.ndjson, args.keep_going) {
        (true, true) => match transcode::check_every_line(source, options)? {
            0 => Ok(()),
            _ => Err(Failure::Reported),
        },
        (true, false) => transcode::check_lines(source, options),
        (false, _) => transcode::check(source, options),
    })
}

/// Why a command failed.
pub(crate) enum Failure {
    /// Reading the input failed: exit status 2.
    Input(io::Error),
    /// Writing the output failed (its message): exit status 2.
    Output(String),
    /// The input is not valid JSON, or the output cannot express it: exit status 1.
    Json(BadJson),
    /// Problems in the input were reported on stderr as they were found: exit status 1.
    Reported,
}

impl From<jetwire_json::Error> for Failure {
    fn from(err: jetwire_json::Error) -> Failure {
        // The readers do no I/O of their own: an I/O error is the writer's, into stdout.
        if err.category() == Category::Io {
            Failure::Output(err.message().to_owned())
        } else {
            Failure::Json(BadJson::from(&err))
        }
    }
}

impl From<io::Error> for Failure {
    /// An error writing to stdout.
    fn from(err: io::Error) -> Failure {
        Failure::Output(err.to_string())
    }
}

/// Where the input is not valid JSON (line and column from 1; line 0 when the error has no
/// place, as for output that cannot express the input), and why.
pub(crate) struct BadJson {
    pub(crate) line: usize,
    pub(crate) column: usize,
    pub(crate) message: String,
}

impl From<&jetwire_json::Error> for BadJson {
    fn from(err: &jetwire_json::Error) -> BadJson {
        // The library's hints name its options; here the flags that set them.
        let message = err
            .message()
            .replace("`ReadOptions::allow_comments`", "`--allow-comments`")
            .replace("`ReadOptions::allow_trailing_commas`", "`--allow-trailing-commas`");
        BadJson { line: err.line(), column: err.column(), message }
    }
}

impl BadJson {
    /// The report for the input `name`: `NAME:LINE:COLUMN: message`.
    pub(crate) fn report(&self, name: &str) -> String {
        if self.line == 0 {
            format!("{name}: {}", self.message)
        } else {
            format!("{name}:{}:{}: {}", self.line, self.column, self.message)
        }
    }
}

/// Opens `file` (with a progress bar if `progress` and stderr is a terminal), runs `process` on
/// it, and maps its failure to the exit status and message format of the command.
pub(crate) fn run_on(
    file: &Path,
    progress: bool,
    process: impl FnOnce(&mut Source) -> Result<(), Failure>,
) -> ExitCode {
    let mut source = match Source::open(file, progress) {
        Ok(source) => source,
        Err(err) => {
            eprintln!("jetwire: {}: {err}", file.display());
            return ExitCode::from(2);
        }
    };
    let result = process(&mut source);
    source.clear_progress();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => report(source.name(), file, failure),
    }
}

/// Reports `failure` on the input `name` (from `file`) and returns its exit status.
pub(crate) fn report(name: &str, file: &Path, failure: Failure) -> ExitCode {
    match failure {
        Failure::Input(err) => {
            eprintln!("jetwire: {}: {err}", file.display());
            ExitCode::from(2)
        }
        Failure::Output(message) => {
            eprintln!("jetwire: writing the output: {message}");
            ExitCode::from(2)
        }
        Failure::Json(bad) => {
            eprintln!("{}", bad.report(name));
            ExitCode::from(1)
        }
        Failure::Reported => ExitCode::from(1),
    }
}
