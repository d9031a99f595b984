//! The command line: subcommands, their flags and their help.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use jetwire_json::ReadOptions;

#[derive(Parser)]
#[command(name = "jetwire", version, about = "Check, format and look into JSON, strictly and fast.")]
#[command(after_help = "check and fmt read the input in 64 KiB blocks as they parse it: memory follows the \
nesting and the longest token (or line, with --ndjson), not the size of the input; fmt --sort-keys \
also holds each outermost object until its end. get reads a document whole (with --ndjson, a line \
at a time). On a terminal, stderr shows how far the reading of a large file has gone.

Exit status: 0 success; 1 invalid JSON (`NAME:LINE:COLUMN: message` on stderr) or, for get, a \
pointer with no value; 2 usage or I/O errors.")]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    Check(CheckArgs),
    Fmt(FmtArgs),
    Get(GetArgs),
}

/// Exit 0 if the input is exactly one valid JSON document (with --ndjson: one valid value per
/// line); otherwise print `NAME:LINE:COLUMN: message` to stderr for the first error and exit 1.
#[derive(Args)]
#[command(after_help = "Examples:
  jetwire check data.json
  curl -s \"$URL\" | jetwire check
  jetwire check --ndjson events.jsonl               # stops at the first bad line
  jetwire check --ndjson --keep-going events.jsonl  # reports every bad line")]
pub(crate) struct CheckArgs {
    /// The file to read, or `-` (the default) for standard input.
    #[arg(default_value = "-")]
    pub(crate) file: PathBuf,
    /// Read JSON Lines (NDJSON): one JSON value per line, blank lines skipped; empty input
    /// is valid.
    #[arg(long)]
    pub(crate) ndjson: bool,
    /// With --ndjson, go on past a bad line: report every bad line as `NAME:LINE:COLUMN:
    /// message`, one per line on stderr, reading again from the line after each error; exit 1
    /// if any line was bad.
    #[arg(long, requires = "ndjson")]
    pub(crate) keep_going: bool,
    #[command(flatten)]
    pub(crate) read: ReadArgs,
}

/// Rewrite the input to stdout, pretty (the default) or minified. No data changes: numbers
/// keep their spelling and strings their exact content, escapes included. Comments, when
/// allowed, are dropped. Output is written as the input is read: an error found past the first
/// 64 KiB of output leaves what was written before it.
#[derive(Args)]
#[command(after_help = "Examples:
  jetwire fmt data.json --indent 4
  jetwire fmt --tab --sort-keys data.json > sorted.json
  jetwire fmt --minify --ascii < data.json
  jetwire fmt --ndjson --sort-keys events.jsonl      # each value compact on its line")]
pub(crate) struct FmtArgs {
    /// The file to read, or `-` (the default) for standard input.
    #[arg(default_value = "-")]
    pub(crate) file: PathBuf,
    /// Spaces per level of indentation.
    #[arg(long, default_value_t = 2, conflicts_with_all = ["minify", "ndjson"])]
    pub(crate) indent: u8,
    /// One tab per level of indentation.
    #[arg(long, conflicts_with_all = ["indent", "minify", "ndjson"])]
    pub(crate) tab: bool,
    /// No whitespace at all.
    #[arg(long)]
    pub(crate) minify: bool,
    /// Escape every non-ASCII character as \uXXXX.
    #[arg(long)]
    pub(crate) ascii: bool,
    /// Sort the members of every object by key, at every depth: in code point order (the byte
    /// order of the keys' UTF-8, as `jq -S`), escapes decoded first; members with the same key
    /// keep their order. Each outermost object is held in memory until its end.
    #[arg(long)]
    pub(crate) sort_keys: bool,
    /// Read JSON Lines (NDJSON), one JSON value per line, and write each value compact on a
    /// line of its own.
    #[arg(long)]
    pub(crate) ndjson: bool,
    #[command(flatten)]
    pub(crate) read: ReadArgs,
}

/// Print the values at JSON Pointers (such as `/statuses/0/user/name`; `""` is the whole
/// document), one per line, exactly as the input spells them. A pointer with no value is
/// reported on stderr and makes the exit status 1; the values found are still printed.
#[derive(Args)]
#[command(override_usage = "jetwire get [OPTIONS] POINTER            (reads standard input)
       jetwire get [OPTIONS] FILE POINTER...    (FILE `-` is standard input)")]
#[command(after_help = "FILE: with a single argument, it is the pointer and standard input is read; \
with more, the first is the file (a JSON Pointer and an absolute path look alike): give `-` to read \
standard input with several pointers.

Output: each pointer's values in the order the pointers are given. With --raw, a string is printed \
decoded, without its quotes, as its bytes (an unpaired \\uD800 escape as its WTF-8 bytes); other \
values as JSON.

Wildcards: a reference token that is exactly `*` matches every element of an array and every member \
of an object, in document order, one value per line: `/items/*/id` is the id of each item that has \
one. A pointer with `*` that matches nothing has no value. RFC 6901 has no escape for `*`: with \
--no-wildcards it is a key like any other. Where an object repeats a key, a key names its first \
member; `*` matches them all.

Validation: the whole input is checked, before and after the values looked up; invalid JSON \
anywhere is reported as NAME:LINE:COLUMN: message, exit 1, and nothing is printed. --lazy stops \
reading once no more values can match (faster on a large document, but an error further on goes \
unnoticed).

JSON Lines (--ndjson): each input line is a document, and gives exactly one output line: the \
pointers' values in order, separated by tabs. Values are written compact (tokens as the input \
spells them, without whitespace); a pointer with `*` gives a JSON array of its matches; a pointer \
with no value an empty field, reported as NAME:LINE: no value at pointer. With --raw, strings are \
decoded with backslash, tab, line feed and carriage return written \\\\, \\t, \\n and \\r (as jq's \
@tsv), so that a line stays a line. Lines are printed as they are read; an invalid line stops the \
command with its error.

Examples:
  jetwire get data.json /statuses/3/user/name /search_metadata/count
  jetwire get -r /user/name < data.json               # ada, not \"ada\"
  jetwire get data.json '/items/*/id'                  # one id per line
  jetwire get --ndjson -r - /type /user/id < events.jsonl   # click<TAB>42, a line per event
  jetwire get --lazy huge.json /version                # stops reading at /version")]
pub(crate) struct GetArgs {
    /// The file to read (optional with a single pointer: see below), then the JSON Pointers.
    #[arg(required = true, value_name = "ARGS")]
    pub(crate) args: Vec<String>,
    /// Print strings decoded, without quotes (as `jq -r`); other values as JSON.
    #[arg(short, long)]
    pub(crate) raw: bool,
    /// Read JSON Lines (NDJSON): one document per line, one output line for each.
    #[arg(long)]
    pub(crate) ndjson: bool,
    /// Stop reading once no more values can match, leaving the rest of the input unchecked.
    #[arg(long, conflicts_with = "ndjson")]
    pub(crate) lazy: bool,
    /// Take a `*` reference token as the key `*`, not as a wildcard.
    #[arg(long)]
    pub(crate) no_wildcards: bool,
    #[command(flatten)]
    pub(crate) read: ReadArgs,
}

/// The reader's options.
#[derive(Args)]
pub(crate) struct ReadArgs {
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
    pub(crate) fn options(&self) -> ReadOptions {
        ReadOptions {
            max_depth: self.max_depth,
            allow_comments: self.allow_comments,
            allow_trailing_commas: self.allow_trailing_commas,
            ..ReadOptions::default()
        }
    }
}
