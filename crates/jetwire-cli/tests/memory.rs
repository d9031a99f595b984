//! The command's peak memory, measured in a test binary of its own.
//!
//! A child's peak resident memory as the kernel reports it (`wait4`) includes the memory of the
//! process it was spawned from, up to the moment it starts the command: the spawn shares (or
//! copies) the parent's pages until then. The parent is this test binary, so it must stay small:
//! no other test runs in it, holding large inputs and outputs.

use std::io::Write as _;
use std::process::{Command, Stdio};

#[path = "../../jetwire-json/tests/common/generated.rs"]
#[allow(dead_code)]
mod generated;

use generated::{Generated, Layout};

const BENCH_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/json-benchmark");

/// Runs `jetwire args...` with no input and returns its exit code and its peak resident memory
/// in bytes, read from the kernel's own accounting of that one child (`wait4`).
#[cfg(target_os = "linux")]
fn jetwire_peak_memory(args: &[&str]) -> (i32, u64) {
    let child = Command::new(env!("CARGO_BIN_EXE_jetwire"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("running jetwire");
    exit_and_peak_memory(child)
}

/// Runs `jetwire args...` with `source` piped to its standard input (from this process, a block
/// at a time); returns its exit code and peak resident memory as [`jetwire_peak_memory`] does.
#[cfg(target_os = "linux")]
fn jetwire_peak_memory_fed(args: &[&str], mut source: impl std::io::Read) -> (i32, u64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jetwire"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("running jetwire");
    let mut stdin = child.stdin.take().expect("a pipe");
    std::io::copy(&mut source, &mut stdin).expect("feeding jetwire");
    drop(stdin);
    exit_and_peak_memory(child)
}

/// Waits for `child`; its exit code and its peak resident memory in bytes (`wait4`).
#[cfg(target_os = "linux")]
fn exit_and_peak_memory(child: std::process::Child) -> (i32, u64) {
    let pid = libc::pid_t::try_from(child.id()).expect("a pid");
    let mut status = 0;
    // SAFETY: `rusage` is plain data, valid when zeroed; wait4 writes into the two out-params,
    // which live for the call, and reaps the child, which nothing else waits for (the `Child` is
    // forgotten, not dropped, so that it is not waited for twice).
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::wait4(pid, &mut status, 0, &mut usage), pid, "wait4");
        usage
    };
    std::mem::forget(child);
    assert!(libc::WIFEXITED(status), "jetwire did not exit normally: {status}");
    // ru_maxrss is in KiB on Linux.
    (libc::WEXITSTATUS(status), u64::try_from(usage.ru_maxrss).expect("a size") * 1024)
}

/// The README's claim: a 316 MB file (twitter.json 500 times over, in one array) is checked in
/// about 3 MB, since `check` holds the nesting and the token at hand, not the input. (The
/// release binary peaks at 3.1 MiB on it, as on twitter.json alone; this test's debug binary,
/// larger, at about 4.8 MiB.) `get`, which reads its input whole, is the positive control: the
/// same measurement sees it hold the whole file.
#[test]
#[cfg(target_os = "linux")]
fn check_holds_a_few_megabytes_whatever_the_file_size() {
    let twitter = std::fs::read(format!("{BENCH_DIR}/twitter.json")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("large.json");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    file.write_all(b"[").unwrap();
    for i in 0..500 {
        if i > 0 {
            file.write_all(b",\n").unwrap();
        }
        file.write_all(&twitter).unwrap();
    }
    file.write_all(b"]").unwrap();
    file.into_inner().unwrap().sync_all().unwrap();
    let size = std::fs::metadata(&path).unwrap().len();
    assert!(size > 315_000_000, "{size}");
    let path = path.to_str().unwrap();

    let (code, small) = jetwire_peak_memory(&["check", &format!("{BENCH_DIR}/twitter.json")]);
    assert_eq!(code, 0);
    let (code, large) = jetwire_peak_memory(&["check", path]);
    assert_eq!(code, 0);
    eprintln!("peak memory: check {large} bytes for {size} bytes, {small} for twitter.json");
    assert!(large < 6 << 20, "checking {size} bytes held {large} bytes at its peak");
    assert!(large < small + (2 << 20), "{large} bytes for {size} bytes, {small} for twitter.json alone");

    let (code, whole) = jetwire_peak_memory(&["get", path, "/499/search_metadata/count"]);
    assert_eq!(code, 0);
    assert!(whole > size, "get holds the whole file: {whole} bytes at its peak for {size}");
}

/// Writes 300,000 JSON Lines (about 18 MB) to `path`, one in 50,000 of them bad if `bad`.
#[cfg(target_os = "linux")]
fn write_lines(path: &std::path::Path, bad: bool) -> u64 {
    let mut file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    for i in 0..300_000 {
        if bad && i % 50_000 == 7 {
            writeln!(file, "{{\"n\": {i}, \"s\": [\"bad line\" 1]}}").unwrap();
        } else {
            writeln!(file, "{{\"n\": {i}, \"s\": [\"line {i}\", {{\"k\": true}}], \"t\": null}}").unwrap();
        }
    }
    file.into_inner().unwrap().sync_all().unwrap();
    std::fs::metadata(path).unwrap().len()
}

/// JSON Lines are read a line at a time: `check --ndjson --keep-going` and `get --ndjson` on 18
/// MB of lines hold about what `check` holds on twitter.json.
#[test]
#[cfg(target_os = "linux")]
fn json_lines_are_read_in_a_few_megabytes() {
    let dir = tempfile::tempdir().unwrap();
    let (bad, good) = (dir.path().join("bad.ndjson"), dir.path().join("good.ndjson"));
    let size = write_lines(&bad, true);
    assert!(size > 15_000_000, "{size}");
    write_lines(&good, false);
    let (bad, good) = (bad.to_str().unwrap(), good.to_str().unwrap());

    let (code, small) = jetwire_peak_memory(&["check", &format!("{BENCH_DIR}/twitter.json")]);
    assert_eq!(code, 0);
    for (args, status) in [
        (&["check", "--ndjson", "--keep-going", bad][..], 1),
        (&["get", "--ndjson", "-r", good, "/s/0", "/s/*/k"], 0),
    ] {
        let (code, peak) = jetwire_peak_memory(args);
        assert_eq!(code, status, "{args:?}");
        eprintln!("peak memory: {args:?} {peak} bytes for {size} bytes, check {small} for twitter.json");
        assert!(
            peak < small + (2 << 20),
            "{args:?}: {peak} bytes for {size} bytes, {small} for twitter.json"
        );
    }
}

/// The soak of `check --ndjson -`: 64 MiB of generated JSON Lines (of several shapes) piped in,
/// never stored, checked in about what `check` holds for twitter.json. The long form below
/// pipes 10 GB.
#[test]
#[cfg(target_os = "linux")]
fn checking_generated_lines_from_a_pipe_holds_a_few_megabytes() {
    soak_check(64 << 20);
}

#[test]
#[cfg(target_os = "linux")]
#[ignore = "the long form: 10 GB through `check --ndjson -` (`JETWIRE_SOAK_GB` changes it)"]
fn soak_check_long() {
    let gb: f64 = std::env::var("JETWIRE_SOAK_GB").ok().and_then(|v| v.parse().ok()).unwrap_or(10.0);
    soak_check((gb * 1e9) as u64);
}

#[cfg(target_os = "linux")]
fn soak_check(total: u64) {
    let (code, small) = jetwire_peak_memory(&["check", &format!("{BENCH_DIR}/twitter.json")]);
    assert_eq!(code, 0);
    let source = Generated::new(Layout::Lines, total, 3);
    let progress = source.progress();
    let started = std::time::Instant::now();
    let (code, peak) = jetwire_peak_memory_fed(&["check", "--ndjson", "-"], source);
    assert_eq!(code, 0, "the generated lines are valid");
    assert!(progress.bytes() >= total, "{} of {total} bytes fed", progress.bytes());
    eprintln!(
        "soak: check --ndjson - on {} bytes ({} lines) in {:.1} s: peak memory {peak} bytes, {small} for twitter.json",
        progress.bytes(),
        progress.values(),
        started.elapsed().as_secs_f64()
    );
    assert!(peak < small + (2 << 20), "{peak} bytes at the peak for {total} bytes, {small} for twitter.json");
}
