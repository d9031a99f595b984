//! Checking and rewriting the input as it is read, a block at a time, with memory bounded by the
//! nesting and the longest token (or line, for JSON Lines) rather than by the input's size.
//!
//! Rewriting changes no data. Strings are copied from their source, escapes and all (only the
//! writer's extra escaping is applied to literal characters), and numbers keep their spelling,
//! so no value changes, not even an ill-formed one.

use std::io;

use jetwire_json::stream::{Pull, PushReader};
use jetwire_json::{IoOutput, Output, OwnedRawValue, ReadOptions, Reader, Token, WriteOptions, Writer};

use crate::Failure;
use crate::input::Source;

/// The writer's options for transcoding: the reader has validated every token, so the writer
/// need not check them again.
fn unchecked(write: WriteOptions) -> WriteOptions {
    WriteOptions { skip_validation: true, ..write }
}

/// Reads the one document of `source` and writes it again to `out` with `write` options, a
/// block at a time: memory holds the nesting, the token being read and the output of about one
/// block.
///
/// The output is handed to `out` in blocks too, and only while the input is valid: on an error,
/// what is still buffered is dropped, so a small input that fails writes nothing, while a large
/// one may leave the blocks written before the error.
pub(crate) fn transcode<W: io::Write>(
    source: &mut Source,
    read: ReadOptions,
    write: WriteOptions,
    out: W,
) -> std::result::Result<IoOutput<W>, Failure> {
    let mut writer = Writer::to_io(out, unchecked(write));
    each_token(source, read, |token| writer.token(token))?;
    Ok(writer.into_output())
}

/// Reads JSON Lines from `source` and writes each value again to `out`, one per line, with
/// `write` options (which should be compact). Memory holds about one line. The output is handed
/// on as [`transcode`]'s is.
pub(crate) fn transcode_lines<W: io::Write>(
    source: &mut Source,
    read: ReadOptions,
    write: WriteOptions,
    out: W,
) -> std::result::Result<IoOutput<W>, Failure> {
    let mut reader = PushReader::with_options(read);
    let mut out = IoOutput::new(out);
    while let Some(value) = next_line(source, &mut reader)? {
        // The value's bytes were captured as written, so its tokens come out as they went in.
        let mut tokens = Reader::with_options(value.as_bytes(), read);
        let mut writer = Writer::from_output(out.buffer(), unchecked(write));
        while let Some(token) = tokens.next_token()? {
            writer.token(token)?;
        }
        out.buffer().push(b'\n');
        out.maybe_flush().map_err(|err| Failure::Output(err.to_string()))?;
    }
    Ok(out)
}

/// Checks JSON Lines from `source`: every line one valid value (blank lines are skipped). Stops
/// at the first error.
pub(crate) fn check_lines(source: &mut Source, read: ReadOptions) -> std::result::Result<(), Failure> {
    let mut reader = PushReader::with_options(read);
    while next_line(source, &mut reader)?.is_some() {}
    Ok(())
}

/// Checks the one document of `source` as its blocks arrive (containers that fit the input held
/// by their structure, the rest a token at a time), holding the nesting and the token being
/// checked.
pub(crate) fn check(source: &mut Source, read: ReadOptions) -> std::result::Result<(), Failure> {
    let mut reader = PushReader::with_options(read);
    while let Pull::NeedMoreData = reader.check_document()? {
        source.feed(&mut reader).map_err(Failure::Input)?;
    }
    Ok(())
}

/// Hands each token of the one document of `source` to `use_token`, feeding the reader a block
/// at a time.
fn each_token(
    source: &mut Source,
    read: ReadOptions,
    mut use_token: impl FnMut(Token<'_>) -> jetwire_json::Result<()>,
) -> std::result::Result<(), Failure> {
    let mut reader = PushReader::with_options(read);
    loop {
        match reader.next_token()? {
            Pull::Ready(Some(token)) => use_token(token)?,
            Pull::Ready(None) => return Ok(()),
            Pull::NeedMoreData => source.feed(&mut reader).map_err(Failure::Input)?,
        }
    }
}

/// The next JSON Lines value of `source`, its exact bytes, or `None` at the end.
fn next_line(
    source: &mut Source,
    reader: &mut PushReader,
) -> std::result::Result<Option<OwnedRawValue>, Failure> {
    loop {
        match reader.next_line::<OwnedRawValue>()? {
            Pull::Ready(value) => return Ok(value),
            Pull::NeedMoreData => source.feed(reader).map_err(Failure::Input)?,
        }
    }
}
