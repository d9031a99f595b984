//! Checking and rewriting the input as it is read, a block at a time, with memory bounded by the
//! nesting and the longest token (or line, for JSON Lines) rather than by the input's size; a
//! rewrite with sorted keys also holds the outermost object being read.
//!
//! Rewriting changes no data. Strings are copied from their source, escapes and all (only the
//! writer's extra escaping is applied to literal characters), and numbers keep their spelling,
//! so no value changes, not even an ill-formed one.

use std::io;

use jetwire_json::stream::{Pull, PushReader};
use jetwire_json::{IoOutput, Output, OwnedRawValue, ReadOptions, Reader, Token, WriteOptions, Writer};

use crate::Failure;
use crate::input::Source;
use crate::lines::Lines;
use crate::sort::SortKeys;

/// The writer's options for transcoding: the reader has validated every token, so the writer
/// need not check them again.
fn unchecked(write: WriteOptions) -> WriteOptions {
    WriteOptions { skip_validation: true, ..write }
}

/// Reads the one document of `source` and writes it again to `out` with `write` options, a
/// block at a time: memory holds the nesting, the token being read and the output of about one
/// block (and, with `sort_keys`, the outermost object being read).
///
/// The output is handed to `out` in blocks too, and only while the input is valid: on an error,
/// what is still buffered is dropped, so a small input that fails writes nothing, while a large
/// one may leave the blocks written before the error.
pub(crate) fn transcode<W: io::Write>(
    source: &mut Source,
    read: ReadOptions,
    write: WriteOptions,
    sort_keys: bool,
    out: W,
) -> std::result::Result<IoOutput<W>, Failure> {
    let mut writer = Writer::to_io(out, unchecked(write));
    let mut sort = sort_keys.then(SortKeys::default);
    each_token(source, read, |token| write_token(&mut sort, token, &mut writer))?;
    Ok(writer.into_output())
}

/// Writes `token`, or hands it to `sort` when keys are sorted.
fn write_token<O: Output>(
    sort: &mut Option<SortKeys>,
    token: Token<'_>,
    writer: &mut Writer<O>,
) -> jetwire_json::Result<()> {
    match sort {
        Some(sort) => sort.token(token, writer),
        None => writer.token(token),
    }
}

/// Reads JSON Lines from `source` and writes each value again to `out`, one per line, with
/// `write` options (which should be compact), keys sorted with `sort_keys`. Memory holds about
/// one line. The output is handed on as [`transcode`]'s is.
pub(crate) fn transcode_lines<W: io::Write>(
    source: &mut Source,
    read: ReadOptions,
    write: WriteOptions,
    sort_keys: bool,
    out: W,
) -> std::result::Result<IoOutput<W>, Failure> {
    let mut reader = PushReader::with_options(read);
    let mut out = IoOutput::new(out);
    let mut sort = sort_keys.then(SortKeys::default);
    while let Some(value) = next_line(source, &mut reader)? {
        // The value's bytes were captured as written, so its tokens come out as they went in.
        let mut tokens = Reader::with_options(value.as_bytes(), read);
        let mut writer = Writer::from_output(out.buffer(), unchecked(write));
        while let Some(token) = tokens.next_token()? {
            write_token(&mut sort, token, &mut writer)?;
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

/// Checks JSON Lines from `source` as [`check_lines`] does, but goes on past each error, from
/// the line after it: every error is reported on stderr as `NAME:LINE:COLUMN: message`. The
/// number of errors.
pub(crate) fn check_every_line(
    source: &mut Source,
    read: ReadOptions,
) -> std::result::Result<usize, Failure> {
    let mut lines = Lines::new(source, read);
    let mut errors = 0;
    loop {
        match lines.next(|| Ok(())) {
            Ok(Some(_)) => {}
            Ok(None) => return Ok(errors),
            Err(Failure::Json(bad)) => {
                errors += 1;
                lines.warn(&bad.report(lines.name()));
                if !lines.resume_after_error()? {
                    return Ok(errors);
                }
            }
            Err(failure) => return Err(failure),
        }
    }
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
