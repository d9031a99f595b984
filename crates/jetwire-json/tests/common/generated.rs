//! Endless JSON generated as it is read, never stored: JSON Lines, or the elements of one array,
//! of several shapes (log entries, API records with nested objects and escapes, number rows,
//! long strings, tiny values), for the soak tests of the library and the command line.

use std::io::{self, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// How far a [`Generated`] source has got, readable while a reader owns the source.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    bytes: Arc<AtomicU64>,
    values: Arc<AtomicU64>,
}

impl Progress {
    /// The bytes handed out so far.
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    /// The values generated so far (some may not be handed out yet).
    pub fn values(&self) -> u64 {
        self.values.load(Ordering::Relaxed)
    }
}

/// What a [`Generated`] source writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One value per line.
    Lines,
    /// One array, its elements separated by `,\n`.
    Array,
}

/// An `io::Read` of `total` bytes (and the few needed to close the last value) of generated JSON.
pub struct Generated {
    layout: Layout,
    total: u64,
    produced: u64,
    values: u64,
    progress: Progress,
    rng: u64,
    /// Bytes generated and not yet handed out, from `at`.
    pending: Vec<u8>,
    at: usize,
    done: bool,
}

impl Generated {
    pub fn new(layout: Layout, total: u64, seed: u64) -> Self {
        let mut pending = Vec::with_capacity(1 << 16);
        if layout == Layout::Array {
            pending.push(b'[');
        }
        let progress = Progress::default();
        Generated {
            layout,
            total,
            produced: 0,
            values: 0,
            progress,
            rng: seed | 1,
            pending,
            at: 0,
            done: false,
        }
    }

    /// A handle on how far the source has got.
    pub fn progress(&self) -> Progress {
        self.progress.clone()
    }

    fn next_random(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    /// Appends one value of a shape the generator picks.
    fn value(&mut self) {
        use std::io::Write as _;
        let n = self.values;
        let r = self.next_random();
        let out = &mut self.pending;
        // Writes into a `Vec` cannot fail.
        let _ = match r % 5 {
            0 => write!(
                out,
                r#"{{"ts":"2026-12-06T12:{:02}:{:02}.{:03}Z","level":"info","msg":"request {n} served","latency_ms":{}.{:03},"ok":true}}"#,
                n % 60,
                (n / 60) % 60,
                n % 1000,
                r % 900,
                r % 1000
            ),
            1 => write!(
                out,
                r#"{{"id":{n},"user":{{"name":"Ann \"{}\" Lee","email":"ann{}@example.com","tags":["a","é","\u00e9\ud83d\ude00"]}},"address":{{"city":"Zürich","zip":"80{:02}"}},"score":{}e-3,"deleted":null}}"#,
                r % 97,
                r % 1013,
                r % 100,
                r % 100_000
            ),
            2 => write!(
                out,
                "[{},{},{},{}.5,-{}.25e2,{}]",
                r % 1000,
                r >> 40,
                n,
                r % 77,
                r % 333,
                u64::MAX - r % 9
            ),
            3 => write!(
                out,
                r#"{{"blob":"{}","note":"line\nbreak\ttab"}}"#,
                "xyz0123456789".repeat(1 + (r % 40) as usize)
            ),
            _ => write!(out, "{}", ["0", "true", "null", r#""""#, "[]", "{}", "-1.5"][(r % 7) as usize]),
        };
        self.values += 1;
        match self.layout {
            Layout::Lines => self.pending.push(b'\n'),
            Layout::Array => self.pending.extend_from_slice(b",\n"),
        }
    }

    /// Generates the next values, or the end, once the bytes pending are all handed out.
    fn refill(&mut self) {
        self.produced += self.pending.len() as u64;
        self.pending.clear();
        self.at = 0;
        if self.produced >= self.total {
            if self.layout == Layout::Array && !self.done {
                self.pending.extend_from_slice(b"0]");
                self.values += 1;
            }
            self.done = true;
            return;
        }
        while self.pending.len() < 1 << 15 {
            self.value();
        }
    }
}

impl Read for Generated {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.at == self.pending.len() {
            if self.done {
                return Ok(0);
            }
            self.refill();
        }
        let n = out.len().min(self.pending.len() - self.at);
        out[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        self.progress.bytes.fetch_add(n as u64, Ordering::Relaxed);
        self.progress.values.store(self.values, Ordering::Relaxed);
        Ok(n)
    }
}
