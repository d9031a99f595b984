//! The command's input: a file or standard input, read whole.

use std::io::{self, Read as _};
use std::path::Path;

/// Input bytes and the name that messages use for them.
pub(crate) struct Input {
    name: String,
    bytes: Vec<u8>,
}

impl Input {
    /// Reads `path`, or standard input when it is `-`.
    pub(crate) fn read(path: &Path) -> io::Result<Input> {
        if path.as_os_str() == "-" {
            let mut bytes = Vec::new();
            io::stdin().lock().read_to_end(&mut bytes)?;
            Ok(Input { name: "-".to_owned(), bytes })
        } else {
            Ok(Input { name: path.display().to_string(), bytes: std::fs::read(path)? })
        }
    }

    /// The name for messages: the path as given, or `-`.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    pub(crate) fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}
