//! Writing JSON Lines.

use std::io;

use crate::error::{Error, Result};
use crate::typed::ToJson;
use crate::write::Writer;

/// Writes JSON Lines (NDJSON): one compact JSON value per line, each followed by `\n`, into any
/// `io::Write` (each line is formatted in a reused buffer, then written whole).
///
/// ```
/// use jetwire_json::stream::LinesWriter;
/// let mut out = Vec::new();
/// let mut lines = LinesWriter::new(&mut out);
/// lines.write(&[1, 2])?;
/// lines.write("three")?;
/// lines.flush()?;
/// assert_eq!(out, b"[1,2]\n\"three\"\n");
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Debug)]
pub struct LinesWriter<W> {
    out: W,
    line: Vec<u8>,
}

impl<W: io::Write> LinesWriter<W> {
    /// A writer of lines into `out`.
    pub fn new(out: W) -> Self {
        LinesWriter { out, line: Vec::new() }
    }

    /// Writes `value` as one line.
    pub fn write<T: ToJson + ?Sized>(&mut self, value: &T) -> Result<()> {
        format_line(&mut self.line, value)?;
        self.out.write_all(&self.line).map_err(Error::io)
    }

    /// Flushes the underlying writer.
    pub fn flush(&mut self) -> Result<()> {
        self.out.flush().map_err(Error::io)
    }

    /// The underlying writer.
    pub fn into_inner(self) -> W {
        self.out
    }
}

/// Formats `value` as one line (compact JSON and `\n`) into `line`, replacing its contents.
pub(crate) fn format_line<T: ToJson + ?Sized>(line: &mut Vec<u8>, value: &T) -> Result<()> {
    line.clear();
    let mut writer = Writer::appending_to(line);
    value.to_json(&mut writer)?;
    writer.finish()?;
    line.push(b'\n');
    Ok(())
}
