//! `jetwire get`: the values at JSON Pointers, in one document or in each value of JSON Lines.

use std::borrow::Cow;
use std::io::{self, IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use jetwire_json::{IoOutput, Output as _, ReadOptions, Reader, Token, WriteOptions, Writer};

use crate::args::GetArgs;
use crate::input::Input;
use crate::lines::Lines;
use crate::select::Selector;
use crate::{Failure, report, run_on};

/// Runs `jetwire get`.
pub(crate) fn run(args: &GetArgs) -> ExitCode {
    let usage = split_arguments(&args.args).and_then(|(file, pointers)| {
        let selector = Selector::new(&pointers, !args.no_wildcards)?;
        Ok((
            file,
            Lookup { selector, pointers, print: Print { raw: args.raw, options: args.read.options() } },
        ))
    });
    match usage {
        Ok((file, lookup)) if args.ndjson => lookup.each_line(&file),
        Ok((file, lookup)) => lookup.document(&file, args.lazy),
        Err(message) => {
            eprintln!("jetwire: {message}");
            ExitCode::from(2)
        }
    }
}

/// The input file and the pointers: a single argument is a pointer into standard input; of
/// several, the first is the file.
fn split_arguments(args: &[String]) -> Result<(PathBuf, Vec<&str>), String> {
    match args {
        [] => Err("no JSON Pointer to look up".to_owned()),
        [single] if !is_pointer(single) => {
            Err(format!("`{single}` is not a JSON Pointer, and a FILE takes pointers after it"))
        }
        [pointer] if io::stdin().is_terminal() => Err(format!(
            "`{pointer}` is the only argument, a JSON Pointer, so the input is standard input, \
             which is a terminal: give a FILE before the pointer, or `-` to type the input"
        )),
        [pointer] => Ok((PathBuf::from("-"), vec![pointer.as_str()])),
        [file, pointers @ ..] => Ok((PathBuf::from(file), pointers.iter().map(String::as_str).collect())),
    }
}

/// Whether `argument` has the form of a JSON Pointer: empty, or starting with `/`.
fn is_pointer(argument: &str) -> bool {
    argument.is_empty() || argument.starts_with('/')
}

/// The pointers to look up, and how to print their values.
struct Lookup<'a> {
    selector: Selector,
    pointers: Vec<&'a str>,
    print: Print,
}

impl Lookup<'_> {
    /// Looks the pointers up in the one document of `file` (read whole) and prints their values,
    /// one per line.
    fn document(&self, file: &Path, lazy: bool) -> ExitCode {
        let input = match Input::read(file) {
            Ok(input) => input,
            Err(err) => {
                // A pointer taken for the file, most likely.
                let missing = err.kind() == io::ErrorKind::NotFound && is_pointer(&file.to_string_lossy());
                const HINT: &str =
                    " (of several arguments, the first is the FILE: give `-` first to read standard input)";
                let hint = if missing { HINT } else { "" };
                eprintln!("jetwire: {}: {err}{hint}", file.display());
                return ExitCode::from(2);
            }
        };
        let found = match self.selector.select(input.bytes(), self.print.options, lazy) {
            Ok(found) => found,
            Err(err) => return report(input.name(), file, err.into()),
        };
        let mut output = Vec::new();
        let mut status = ExitCode::SUCCESS;
        for (pointer, values) in self.pointers.iter().zip(&found) {
            if values.is_empty() {
                eprintln!("{}: no value at pointer `{pointer}`", input.name());
                status = ExitCode::from(1);
            }
            for value in values {
                if let Err(err) = self.print.exact(value, &mut output) {
                    return report(input.name(), file, err.into());
                }
                output.push(b'\n');
            }
        }
        match io::stdout().lock().write_all(&output) {
            Ok(()) => status,
            Err(err) => report(input.name(), file, err.into()),
        }
    }

    /// Looks the pointers up in each value of the JSON Lines of `file`, read a block at a time,
    /// and prints a line for each: the pointers' values separated by tabs.
    fn each_line(&self, file: &Path) -> ExitCode {
        let progress = !io::stdout().is_terminal();
        run_on(file, progress, |source| {
            let mut lines = Lines::new(source, self.print.options);
            let mut out = IoOutput::new(io::stdout().lock());
            let result = self.print_lines(&mut lines, &mut out);
            // What was found before an error is printed.
            out.flush_all()?;
            match result? {
                0 => Ok(()),
                _ => Err(Failure::Reported),
            }
        })
    }

    /// Prints a line into `out` for each value of `lines`: the number of pointers with no value.
    fn print_lines(
        &self,
        lines: &mut Lines<'_>,
        out: &mut IoOutput<impl io::Write>,
    ) -> Result<usize, Failure> {
        let mut missing = 0;
        // The output is handed on before waiting for more input, so that it follows the input.
        while let Some(line) = lines.next(|| Ok(out.flush_all()?))? {
            // The reader has checked the line: nothing after the values need be read again.
            let found = self.selector.select(line.value.as_bytes(), self.print.options, true)?;
            for (position, values) in found.iter().enumerate() {
                if position > 0 {
                    out.buffer().push(b'\t');
                }
                if values.is_empty() {
                    let pointer = self.pointers[position];
                    lines.warn(&format!("{}:{}: no value at pointer `{pointer}`", lines.name(), line.number));
                    missing += 1;
                } else {
                    self.print.field(values, self.selector.has_wildcard(position), out.buffer())?;
                }
            }
            out.buffer().push(b'\n');
            out.maybe_flush()?;
        }
        Ok(missing)
    }
}

/// How values are printed.
struct Print {
    /// Strings decoded, without their quotes.
    raw: bool,
    /// The reader's options, to read the values again.
    options: ReadOptions,
}

impl Print {
    /// `value` exactly as the input spells it, or a string decoded when strings are raw.
    fn exact(&self, value: &[u8], out: &mut Vec<u8>) -> jetwire_json::Result<()> {
        match self.decoded(value)? {
            Some(text) => out.extend_from_slice(&text),
            None => out.extend_from_slice(value),
        }
        Ok(())
    }

    /// A JSON Lines field: the values of a pointer, compact (as a JSON array of them for a
    /// pointer with a wildcard), or a string decoded with the escapes of jq's `@tsv` when strings
    /// are raw.
    fn field(&self, values: &[&[u8]], wildcard: bool, out: &mut Vec<u8>) -> jetwire_json::Result<()> {
        if !wildcard {
            if let Some(text) = self.decoded(values[0])? {
                escape_tsv(&text, out);
                return Ok(());
            }
        }
        let options = WriteOptions { skip_validation: true, ..WriteOptions::default() };
        let mut writer = Writer::from_output(out, options);
        if wildcard {
            writer.begin_array()?;
        }
        for value in values {
            let mut reader = Reader::with_options(value, self.options);
            while let Some(token) = reader.next_token()? {
                writer.token(token)?;
            }
        }
        if wildcard {
            writer.end_array()?;
        }
        Ok(())
    }

    /// The bytes of the string `value` decoded, if it is a string and strings are raw.
    fn decoded<'v>(&self, value: &'v [u8]) -> jetwire_json::Result<Option<Cow<'v, [u8]>>> {
        if !self.raw || value.first() != Some(&b'"') {
            return Ok(None);
        }
        match Reader::new(value).next_token()? {
            Some(Token::String(text)) => Ok(Some(text.decoded_bytes())),
            _ => Ok(None),
        }
    }
}

/// Appends `text` with backslash, tab, line feed and carriage return escaped, as jq's `@tsv`
/// writes them.
fn escape_tsv(text: &[u8], out: &mut Vec<u8>) {
    for &byte in text {
        match byte {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            _ => out.push(byte),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tsv_escapes_what_would_split_a_field_or_a_line() {
        let mut out = Vec::new();
        escape_tsv(b"a\tb\nc\rd\\e\"f\x01", &mut out);
        assert_eq!(out, b"a\\tb\\nc\\rd\\\\e\"f\x01");
    }

    #[test]
    fn one_argument_is_a_pointer_and_more_start_with_the_file() {
        let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let several = args(&["/data.json", "/a", ""]);
        let (file, pointers) = split_arguments(&several).unwrap();
        assert_eq!((file, pointers), (PathBuf::from("/data.json"), vec!["/a", ""]));
        let error = split_arguments(&args(&["data.json"])).unwrap_err();
        assert!(error.contains("a FILE takes pointers after it"), "{error}");
    }
}
