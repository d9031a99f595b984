//! The `jetwire` command: check, format and look into JSON.
//!
//! Exit status: 0 success, 1 invalid JSON (reported as `NAME:LINE:COLUMN: message` on stderr)
//! or, for `get`, a pointer with no value, 2 usage or I/O errors.

mod input;
mod transcode;

use std::io::{self, IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use jetwire_json::{Category, Indent, Output as _, PointerTree, ReadOptions, WriteOptions};

use input::{Input, Source};

#[derive(Parser)]
#[command(name = "jetwire", version, about = "Check, format and look into JSON, strictly and fast.")]
#[command(after_help = "check and fmt read the input in 64 KiB blocks as they parse it: memory follows the \
nesting and the longest token (or line, with --ndjson), not the size of the input. On a terminal, \
stderr shows how far the reading of a large file has gone. get reads the whole input into memory.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Exit 0 if the input is exactly one valid JSON document (with --ndjson: one valid value per
    /// line); otherwise print `NAME:LINE:COLUMN: message` to stderr for the first error and
    /// exit 1.
    Check {
        /// The file to read, or `-` (the default) for standard input.
        #[arg(default_value = "-")]
        file: PathBuf,
        /// Read JSON Lines (NDJSON): one JSON value per line, blank lines skipped; empty input
        /// is valid.
        #[arg(long)]
        ndjson: bool,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// Rewrite the input to stdout, pretty (the default) or minified. No data changes: numbers
    /// keep their spelling and strings their exact content, escapes included. Comments, when
    /// allowed, are dropped. Output is written as the input is read: an error found past the
    /// first 64 KiB of output leaves what was written before it.
    Fmt {
        /// The file to read, or `-` (the default) for standard input.
        #[arg(default_value = "-")]
        file: PathBuf,
        /// Spaces per level of indentation.
        #[arg(long, default_value_t = 2, conflicts_with_all = ["minify", "ndjson"])]
        indent: u8,
        /// No whitespace at all.
        #[arg(long)]
        minify: bool,
        /// Escape every non-ASCII character as \uXXXX.
        #[arg(long)]
        ascii: bool,
        /// Read JSON Lines (NDJSON), one JSON value per line, and write each value compact on a
        /// line of its own.
        #[arg(long)]
        ndjson: bool,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// Print the value at each JSON Pointer (such as `/statuses/0/user/name`; `""` is the whole
    /// document), one per line, exactly as the input spells it. The whole input is read into
    /// memory, and parsed only up to the last value found. A pointer with no value is reported
    /// on stderr and makes the exit status 1; the values found are still printed.
    Get {
        /// The file to read, or `-` for standard input.
        file: PathBuf,
        /// The JSON Pointers to look up.
        #[arg(required = true)]
        pointers: Vec<String>,
        #[command(flatten)]
        read: ReadArgs,
    },
}

/// The reader's options.
#[derive(Args)]
struct ReadArgs {
    /// The deepest nesting of arrays and objects accepted.
    #[arg(long, default_value_t = ReadOptions::default().max_depth)]
    max_depth: usize,
    /// Accept `//` and `/* */` comments.
    #[arg(long)]
    allow_comments: bool,
    /// Accept a comma before `]` or `}`.
    #[arg(long)]
    allow_trailing_commas: bool,
}

impl ReadArgs {
    /// The options as the reader takes them.
    fn options(&self) -> ReadOptions {
        ReadOptions {
            max_depth: self.max_depth,
            allow_comments: self.allow_comments,
            allow_trailing_commas: self.allow_trailing_commas,
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check { file, ndjson, read } => run(&file, true, |source| {
            if ndjson {
                transcode::check_lines(source, read.options())
            } else {
                transcode::check(source, read.options())
            }
        }),
        Command::Fmt { file, indent, minify, ascii, ndjson, read } => {
            // A bar on the terminal that shows the output would tear through it.
            let progress = !io::stdout().is_terminal();
            run(&file, progress, |source| {
                let write = WriteOptions {
                    // JSON Lines put each value on one line: compact.
                    indent: if minify || ndjson { None } else { Some(Indent::Spaces(indent)) },
                    ascii_only: ascii,
                    ..WriteOptions::default()
                };
                let stdout = io::stdout().lock();
                let mut out = if ndjson {
                    transcode::transcode_lines(source, read.options(), write, stdout)?
                } else {
                    transcode::transcode(source, read.options(), write, stdout)?
                };
                if !minify && !ndjson {
                    out.buffer().push(b'\n');
                }
                out.flush_all().map_err(|err| Failure::Output(err.to_string()))
            })
        }
        Command::Get { file, pointers, read } => get(&file, &pointers, read.options()),
    }
}

/// `jetwire get`: the values at `pointers` in `file`.
fn get(file: &Path, pointers: &[String], options: ReadOptions) -> ExitCode {
    let tree = match PointerTree::new(pointers) {
        Ok(tree) => tree,
        Err(err) => {
            eprintln!("jetwire: {}", err.message());
            return ExitCode::from(2);
        }
    };
    let input = match Input::read(file) {
        Ok(input) => input,
        Err(err) => {
            eprintln!("jetwire: {}: {err}", file.display());
            return ExitCode::from(2);
        }
    };
    let found = match tree.get_many_with(input.bytes(), options) {
        Ok(found) => found,
        Err(err) => return json_error(input.name(), &err),
    };
    let mut output = Vec::new();
    let mut status = ExitCode::SUCCESS;
    for (pointer, value) in pointers.iter().zip(found) {
        match value {
            Some(value) => {
                output.extend_from_slice(value.as_bytes());
                output.push(b'\n');
            }
            None => {
                eprintln!("{}: no value at pointer `{pointer}`", input.name());
                status = ExitCode::from(1);
            }
        }
    }
    match std::io::stdout().lock().write_all(&output) {
        Ok(()) => status,
        Err(err) => {
            eprintln!("jetwire: writing the output: {err}");
            ExitCode::from(2)
        }
    }
}

/// Why `check` or `fmt` failed.
enum Failure {
    /// Reading the input failed: exit status 2.
    Input(io::Error),
    /// Writing the output failed (its message): exit status 2.
    Output(String),
    /// The input is not valid JSON, or the output cannot express it: exit status 1.
    Json(jetwire_json::Error),
}

impl From<jetwire_json::Error> for Failure {
    fn from(err: jetwire_json::Error) -> Failure {
        // The readers do no I/O of their own: an I/O error is the writer's, into stdout.
        if err.category() == Category::Io {
            Failure::Output(err.message().to_owned())
        } else {
            Failure::Json(err)
        }
    }
}

/// Opens `file` (with a progress bar if `progress` and stderr is a terminal), runs `process` on
/// it, and maps its failure to the exit status and message format of the command.
fn run(file: &Path, progress: bool, process: impl FnOnce(&mut Source) -> Result<(), Failure>) -> ExitCode {
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
        Err(Failure::Input(err)) => {
            eprintln!("jetwire: {}: {err}", file.display());
            ExitCode::from(2)
        }
        Err(Failure::Output(message)) => {
            eprintln!("jetwire: writing the output: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Json(err)) => json_error(source.name(), &err),
    }
}

/// Reports an error in the input `name` as `NAME:LINE:COLUMN: message`; exit status 1.
fn json_error(name: &str, err: &jetwire_json::Error) -> ExitCode {
    if err.line() == 0 {
        eprintln!("{name}: {}", err.message());
    } else {
        eprintln!("{name}:{}:{}: {}", err.line(), err.column(), err.message());
    }
    ExitCode::from(1)
}
