//! `jetwire fmt`: the input written again, pretty or minified, its keys sorted on request.

use std::io::{self, IsTerminal as _};
use std::process::ExitCode;

use jetwire_json::{Indent, Output as _, WriteOptions};

use crate::args::FmtArgs;
use crate::{run_on, transcode};

/// Runs `jetwire fmt`.
pub(crate) fn run(args: &FmtArgs) -> ExitCode {
    // A bar on the terminal that shows the output would tear through it.
    let progress = !io::stdout().is_terminal();
    let read = args.read.options();
    run_on(&args.file, progress, |source| {
        let write = WriteOptions { indent: indent(args), ascii_only: args.ascii, ..WriteOptions::default() };
        let pretty = write.indent.is_some();
        let stdout = io::stdout().lock();
        let mut out = if args.ndjson {
            transcode::transcode_lines(source, read, write, args.sort_keys, stdout)?
        } else {
            transcode::transcode(source, read, write, args.sort_keys, stdout)?
        };
        if pretty {
            out.buffer().push(b'\n');
        }
        Ok(out.flush_all()?)
    })
}

/// The indentation asked for: none when minified and for JSON Lines, which put each value on
/// one line.
fn indent(args: &FmtArgs) -> Option<Indent> {
    if args.minify || args.ndjson {
        None
    } else if args.tab {
        Some(Indent::Tab)
    } else {
        Some(Indent::Spaces(args.indent))
    }
}
