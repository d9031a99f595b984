//! The command's input: a file or standard input, read in blocks as it is parsed (or whole, for
//! `get` on one document, which it may read in any order).

use std::fs::File;
use std::io::{self, IsTerminal as _, Read};
use std::path::Path;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use jetwire_json::stream::PushReader;

/// The size of one block read: large enough that reads are few, small enough that memory stays
/// flat however large the input.
pub(crate) const BLOCK_SIZE: usize = 64 * 1024;

/// The name that messages use for a path: as given, or `-` for standard input.
fn name_of(path: &Path) -> String {
    if is_stdin(path) { "-".to_owned() } else { path.display().to_string() }
}

fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Input bytes read whole, and the name that messages use for them.
pub(crate) struct Input {
    name: String,
    bytes: Vec<u8>,
}

impl Input {
    /// Reads `path`, or standard input when it is `-`, whole.
    pub(crate) fn read(path: &Path) -> io::Result<Input> {
        let bytes = if is_stdin(path) {
            let mut bytes = Vec::new();
            io::stdin().lock().read_to_end(&mut bytes)?;
            bytes
        } else {
            std::fs::read(path)?
        };
        Ok(Input { name: name_of(path), bytes })
    }

    /// The name for messages: the path as given, or `-`.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// All of the input.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}

/// An input read a block at a time into a [`PushReader`], with a progress bar on a terminal.
pub(crate) struct Source {
    name: String,
    stream: Box<dyn Read>,
    progress: Option<ProgressBar>,
}

impl Source {
    /// Opens `path`, or standard input when it is `-`. With `progress`, and only when stderr is
    /// a terminal, a bar (a file of known size) or a spinner (a pipe) follows the bytes read.
    pub(crate) fn open(path: &Path, progress: bool) -> io::Result<Source> {
        let progress = progress && io::stderr().is_terminal();
        let (stream, bar): (Box<dyn Read>, _) = if is_stdin(path) {
            // Someone typing the input needs no spinner.
            let bar = (progress && !io::stdin().is_terminal()).then(spinner);
            (Box::new(io::stdin().lock()), bar)
        } else {
            let file = File::open(path)?;
            let metadata = file.metadata()?;
            let bar = match (progress, metadata.is_file()) {
                // An input read in one block is done before a bar could tell anything.
                (true, true) if metadata.len() > BLOCK_SIZE as u64 => Some(bar(metadata.len())),
                (true, false) => Some(spinner()),
                _ => None,
            };
            (Box::new(file), bar)
        };
        Ok(Source { name: name_of(path), stream, progress: bar })
    }

    /// The name for messages: the path as given, or `-`.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// Reads the next block into `reader`, or marks the end of its input when there is no more.
    pub(crate) fn feed(&mut self, reader: &mut PushReader) -> io::Result<()> {
        // The reader asks for more only until the end is marked: asking after it would loop.
        assert!(!reader.is_input_ended(), "the reader asked for input after its end");
        let length = reader.read_from(&mut self.stream)?;
        if let Some(bar) = &self.progress {
            bar.inc(length as u64);
        }
        Ok(())
    }

    /// Reads the next bytes of the input into `buffer` (at most a block's worth are asked for):
    /// how many, 0 at the end.
    pub(crate) fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let length = loop {
            match self.stream.read(buffer) {
                Ok(length) => break length,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(err),
            }
        };
        if let Some(bar) = &self.progress {
            bar.inc(length as u64);
        }
        Ok(length)
    }

    /// Prints `message` on a line of stderr, with the progress bar, if any, out of its way.
    pub(crate) fn warn(&self, message: &str) {
        match &self.progress {
            Some(bar) => bar.suspend(|| eprintln!("{message}")),
            None => eprintln!("{message}"),
        }
    }

    /// Removes the progress bar, before anything else is printed to stderr.
    pub(crate) fn clear_progress(&mut self) {
        if let Some(bar) = self.progress.take() {
            bar.finish_and_clear();
        }
    }
}

/// A bar for a file of `length` bytes.
fn bar(length: u64) -> ProgressBar {
    let style = ProgressStyle::with_template("{wide_bar} {bytes}/{total_bytes} ({eta} left)")
        .expect("a valid progress template");
    ProgressBar::with_draw_target(Some(length), ProgressDrawTarget::stderr()).with_style(style)
}

/// A spinner for input of unknown length.
fn spinner() -> ProgressBar {
    let style = ProgressStyle::with_template("{spinner} {bytes} read ({bytes_per_sec})")
        .expect("a valid progress template");
    ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(style)
}
