//! The `jetwire` command: check, format and look into JSON.
//!
//! Exit status: 0 success, 1 invalid JSON (reported as `NAME:LINE:COLUMN: message` on stderr)
//! or, for `get`, a pointer with no value, 2 usage or I/O errors.

mod input;
mod transcode;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use jetwire_json::{Indent, PointerTree, ReadOptions, Reader, WriteOptions};

use input::Input;

#[derive(Parser)]
#[command(name = "jetwire", version, about = "Check, format and look into JSON, strictly and fast.")]
#[command(after_help = "The whole input is read into memory before it is parsed.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Exit 0 if the input is exactly one valid JSON document; otherwise print
    /// `NAME:LINE:COLUMN: message` to stderr and exit 1.
    Check {
        /// The file to read, or `-` (the default) for standard input.
        #[arg(default_value = "-")]
        file: PathBuf,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// Rewrite the input to stdout, pretty (the default) or minified. No data changes: numbers
    /// keep their spelling and strings their exact content, escapes included. Comments, when
    /// allowed, are dropped.
    Fmt {
        /// The file to read, or `-` (the default) for standard input.
        #[arg(default_value = "-")]
        file: PathBuf,
        /// Spaces per level of indentation.
        #[arg(long, default_value_t = 2, conflicts_with = "minify")]
        indent: u8,
        /// No whitespace at all.
        #[arg(long)]
        minify: bool,
        /// Escape every non-ASCII character as \uXXXX.
        #[arg(long)]
        ascii: bool,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// Print the value at each JSON Pointer (such as `/statuses/0/user/name`; `""` is the whole
    /// document), one per line, exactly as the input spells it. Only the input up to the last
    /// value found is read. A pointer with no value is reported on stderr and makes the exit
    /// status 1; the values found are still printed.
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
        Command::Check { file, read } => run(&file, |input| {
            let mut reader = Reader::with_options(input, read.options());
            reader.skip_value()?;
            reader.finish()?;
            Ok(Vec::new())
        }),
        Command::Fmt { file, indent, minify, ascii, read } => run(&file, |input| {
            let write = WriteOptions {
                indent: if minify { None } else { Some(Indent::Spaces(indent)) },
                ascii_only: ascii,
                ..WriteOptions::default()
            };
            let mut output = transcode::transcode(input, read.options(), write)?;
            if !minify {
                output.push(b'\n');
            }
            Ok(output)
        }),
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

/// Reads `file`, runs `process` on its bytes and prints what it returns, mapping errors to the
/// exit status and message format of the command.
fn run(file: &Path, process: impl FnOnce(&[u8]) -> jetwire_json::Result<Vec<u8>>) -> ExitCode {
    let input = match Input::read(file) {
        Ok(input) => input,
        Err(err) => {
            eprintln!("jetwire: {}: {err}", file.display());
            return ExitCode::from(2);
        }
    };
    match process(input.bytes()) {
        Ok(output) => match std::io::stdout().lock().write_all(&output) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("jetwire: writing the output: {err}");
                ExitCode::from(2)
            }
        },
        Err(err) => json_error(input.name(), &err),
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
