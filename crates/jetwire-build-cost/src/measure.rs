//! Running cargo on the generated workspace: timed builds, rebuilds of one package, and
//! the programs' outputs.

use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

/// A cargo profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// `cargo build`, with incremental compilation off.
    Debug,
    /// `cargo build --release`.
    Release,
}

impl Profile {
    /// Both profiles, debug first.
    pub const BOTH: [Profile; 2] = [Profile::Debug, Profile::Release];

    /// The profile's directory under a target directory.
    pub fn dir(self) -> &'static str {
        match self {
            Profile::Debug => "debug",
            Profile::Release => "release",
        }
    }
}

/// Cargo, run on one workspace.
pub struct Cargo {
    program: PathBuf,
    manifest: PathBuf,
}

impl Cargo {
    /// Cargo on the workspace whose root manifest is `manifest`: the cargo that runs this tool
    /// when there is one, else `cargo` from the path.
    pub fn new(manifest: PathBuf) -> Cargo {
        let program = std::env::var_os("CARGO").map_or_else(|| PathBuf::from("cargo"), PathBuf::from);
        Cargo { program, manifest }
    }

    /// Builds `packages` (all of the workspace when empty) in `profile` into `target`, and
    /// returns the wall time it took. Incremental compilation is off in both profiles, so that
    /// every rebuild compiles the whole crate as a fresh build would.
    pub fn build(&self, profile: Profile, packages: &[&str], target: &Path) -> io::Result<Duration> {
        let mut command = Command::new(&self.program);
        command.arg("build").arg("--quiet").arg("--manifest-path").arg(&self.manifest);
        command.arg("--target-dir").arg(target).env("CARGO_INCREMENTAL", "0");
        if profile == Profile::Release {
            command.arg("--release");
        }
        if packages.is_empty() {
            command.arg("--workspace");
        }
        for package in packages {
            command.arg("-p").arg(package);
        }
        let start = Instant::now();
        let status = command.status()?;
        let elapsed = start.elapsed();
        if !status.success() {
            return Err(io::Error::other(format!(
                "`cargo build` of {packages:?} ({profile:?}) failed: {status}"
            )));
        }
        Ok(elapsed)
    }
}

/// Marks `source` as modified now, so that the next build recompiles its crate (and only it).
pub fn touch(source: &Path) -> io::Result<()> {
    fs::File::options().append(true).open(source)?.set_modified(SystemTime::now())
}

/// Runs the program at `binary` with `args`, `input` on its standard input, and returns its
/// standard output; a failure or anything on standard error is an error.
pub fn run(binary: &Path, args: &[&str], input: &str) -> io::Result<String> {
    let mut child = Command::new(binary)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    child.stdin.take().expect("stdin is piped").write_all(input.as_bytes())?;
    let output = child.wait_with_output()?;
    if !output.status.success() || !output.stderr.is_empty() {
        return Err(io::Error::other(format!(
            "{} {args:?} failed ({}): {}",
            binary.display(),
            output.status,
            String::from_utf8_lossy(&output.stderr)
        )));
    }
    String::from_utf8(output.stdout).map_err(io::Error::other)
}

/// The median of `samples` (which must not be empty), and their least and greatest.
pub fn summary(samples: &[Duration]) -> (Duration, Duration, Duration) {
    let mut sorted = samples.to_vec();
    sorted.sort();
    (sorted[sorted.len() / 2], sorted[0], sorted[sorted.len() - 1])
}
