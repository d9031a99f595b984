//! The `jetwire` command: check and format JSON.
//!
//! Exit status: 0 success, 1 invalid JSON (reported as `NAME:LINE:COLUMN: message` on stderr),
//! 2 usage or I/O errors.

mod input;
mod transcode;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use jetwire_json::{Indent, ReadOptions, Reader, WriteOptions};

use input::Input;

#[derive(Parser)]
#[command(name = "jetwire", version, about = "Check and format JSON, strictly and fast.")]
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
        Err(err) if err.line() == 0 => {
            eprintln!("{}: {}", input.name(), err.message());
            ExitCode::from(1)
        }
        Err(err) => {
            eprintln!("{}:{}:{}: {}", input.name(), err.line(), err.column(), err.message());
            ExitCode::from(1)
        }
    }
}
