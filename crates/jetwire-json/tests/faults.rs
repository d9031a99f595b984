//! Faults in the sources and sinks: an `io::Read` that hands out short reads, returns
//! `Interrupted` or fails at a point a seed picks; an `AsyncRead` that is pending at random polls
//! or fails; reads dropped at every await point; an `io::Write` that fails midway.
//!
//! What must hold: nothing panics; a source's error is an I/O error that says how many bytes had
//! arrived, and no value is returned that the source did not deliver whole (the values handed out
//! before the fault are exactly the first values of a fault-free read); a read dropped midway
//! loses nothing; a writer that fails says how much of its output the sink accepted, and that
//! much is a prefix of the output a fault-free write gives.

use std::io::{self, Read, Write};
use std::pin::Pin;
use std::task::{Context, Poll, Waker};

mod common;
#[path = "common/counting.rs"]
mod counting;

use common::outcome;
use common::pieces::block_on;
use counting::spent;
use jetwire_json::stream::{
    ArrayReader, AsyncArrayReader, AsyncLinesReader, AsyncLinesWriter, LinesReader, LinesWriter,
    from_async_reader, from_reader,
};
use jetwire_json::{Category, Error, Value, WriteOptions, Writer, json};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// A small deterministic generator for fault points.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Where a source fails for good, if it does.
#[derive(Clone, Copy, Debug)]
struct Failure {
    /// The source fails once it has handed out this many bytes.
    after: usize,
}

const SOURCE_FAILED: &str = "the source broke";

/// An `io::Read` that hands out 1 to 9 bytes a call, returns `Interrupted` on about one call in
/// four, and fails for good after `failure.after` bytes.
struct FlakyRead<'a> {
    bytes: &'a [u8],
    at: usize,
    rng: Rng,
    failure: Option<Failure>,
}

impl<'a> FlakyRead<'a> {
    fn new(bytes: &'a [u8], seed: u64, failure: Option<Failure>) -> Self {
        FlakyRead { bytes, at: 0, rng: Rng(seed | 1), failure }
    }

    /// How many bytes the next read hands out (0 at the end), or the error it returns.
    fn next_step(&mut self, room: usize) -> io::Result<usize> {
        if self.rng.below(4) == 0 {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let mut end = self.bytes.len();
        if let Some(failure) = self.failure {
            if self.at >= failure.after {
                return Err(io::Error::other(SOURCE_FAILED));
            }
            end = end.min(failure.after);
        }
        Ok((1 + self.rng.below(9)).min(room).min(end - self.at))
    }
}

impl Read for FlakyRead<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.next_step(out.len())?;
        out[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The same faults as an `AsyncRead`, pending on about one poll in three (waking itself).
struct FlakyAsync<'a>(FlakyRead<'a>);

impl AsyncRead for FlakyAsync<'_> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        out: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let source = &mut self.0;
        if source.rng.below(3) == 0 {
            cx.waker().wake_by_ref();
            return Poll::Pending;
        }
        let n = match source.next_step(out.remaining()) {
            // An async source has no `Interrupted` to retry: it is pending instead.
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {
                cx.waker().wake_by_ref();
                return Poll::Pending;
            }
            result => result?,
        };
        out.put_slice(&source.bytes[source.at..source.at + n]);
        source.at += n;
        Poll::Ready(Ok(()))
    }
}

/// Checks that `err` is the source's failure, reported as an I/O error that says how many bytes
/// arrived (never more than the source handed out).
fn assert_source_failure(err: &Error, failure: Failure, context: &str) {
    assert_eq!(err.category(), Category::Io, "{context}: {err}");
    assert!(err.message().starts_with(SOURCE_FAILED), "{context}: {err}");
    let read: usize = err
        .message()
        .split("after reading ")
        .nth(1)
        .and_then(|rest| rest.strip_suffix(" bytes)"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{context}: the error does not say how much was read: {err}"));
    assert_eq!(read, failure.after, "{context}: the source failed after {} bytes", failure.after);
    let source = std::error::Error::source(err).expect("the I/O error is the source");
    assert_eq!(source.to_string(), SOURCE_FAILED, "{context}");
}

/// Documents whole, broken and truncated, of one value each.
fn documents() -> Vec<Vec<u8>> {
    let items: Vec<String> =
        (0..60).map(|i| format!(r#"{{"id": {i}, "name": "item \"{i}\"", "tags": ["a", "ü"]}}"#)).collect();
    let array = format!("[{}]", items.join(", "));
    vec![
        array.clone().into_bytes(),
        array.as_bytes()[..array.len() / 2].to_vec(),
        array.replacen("\"id\": 7,", "\"id\": 7,,", 1).into_bytes(),
        b"[]".to_vec(),
        b"  ".to_vec(),
        br#"{"a": [1, 2.5e3, -0, true, null, "\u00e9\ud83d\ude00"]}"#.to_vec(),
    ]
}

/// JSON Lines inputs: good, with a bad line, truncated.
fn lines_inputs() -> Vec<Vec<u8>> {
    let lines: String = (0..80).map(|i| format!("{{\"n\": {i}, \"s\": \"line\\n{i}\"}}\n")).collect();
    vec![
        lines.clone().into_bytes(),
        lines.replacen("{\"n\": 40,", "{\"n\": 40,,", 1).into_bytes(),
        lines.as_bytes()[..lines.len() - 7].to_vec(),
        b"\n\n1\n".to_vec(),
    ]
}

/// The fault points tried for an input of `len` bytes: every byte for short inputs, a spread
/// of them for long ones, and the end (a source that fails where it would report the end).
fn failure_points(len: usize) -> Vec<Failure> {
    let step = (len / 97).max(1);
    (0..=len).filter(|&at| at % step == 0 || at == len).map(|after| Failure { after }).collect()
}

#[test]
fn from_reader_through_short_reads_and_interruptions_reads_what_memory_reads() {
    for document in documents() {
        let expected = outcome(&jetwire_json::from_slice::<Value>(&document));
        for seed in 0..20 {
            let read = from_reader::<_, Value>(FlakyRead::new(&document, seed, None));
            assert_eq!(outcome(&read), expected, "seed {seed}");
        }
    }
}

#[test]
fn from_reader_reports_a_failing_source_and_returns_no_value() {
    for document in documents() {
        for (seed, failure) in failure_points(document.len()).into_iter().enumerate() {
            let read = from_reader::<_, Value>(FlakyRead::new(&document, seed as u64, Some(failure)));
            let err = read.expect_err("a source that fails gives no value");
            assert_source_failure(&err, failure, &format!("{failure:?}"));
        }
    }
}

/// The values `next` hands out until it ends, each as an outcome.
fn drain<T: std::fmt::Debug>(mut next: impl FnMut() -> Option<Result<T, Error>>) -> Vec<String> {
    let mut out = Vec::new();
    while let Some(item) = next() {
        out.push(outcome(&item));
        assert!(out.len() < 10_000, "the reader does not end");
    }
    out
}

/// Checks the items a reader handed out over a source that failed: the values of a fault-free
/// read, in order, then (unless the fault-free read ended there first) the source's error,
/// then the end.
fn assert_prefix_then_failure(got: &[String], clean: &[String], failure: Failure, context: &str) {
    let values = got.iter().take_while(|item| item.starts_with("ok ")).count();
    assert_eq!(got[..values], clean[..values], "{context}: the values before the fault");
    match &got[values..] {
        [] => panic!("{context}: the reader ended without the source's error"),
        [error] if *error == clean.get(values).cloned().unwrap_or_default() => {}
        [error] => assert!(
            error.starts_with("error Io ")
                && error.contains(SOURCE_FAILED)
                && error.contains(&format!("after reading {} bytes", failure.after)),
            "{context}: {error}"
        ),
        more => panic!("{context}: items after the error: {more:?}"),
    }
}

#[test]
fn array_and_lines_readers_hand_out_only_whole_values_before_a_fault() {
    for document in documents() {
        let clean = drain({
            let mut reader = ArrayReader::<_, Value>::new(&document[..]);
            move || reader.next()
        });
        for seed in 0..10 {
            let mut reader = ArrayReader::<_, Value>::new(FlakyRead::new(&document, seed, None));
            assert_eq!(drain(|| reader.next()), clean, "ArrayReader, seed {seed}");
        }
        for (seed, failure) in failure_points(document.len()).into_iter().enumerate() {
            let mut reader =
                ArrayReader::<_, Value>::new(FlakyRead::new(&document, seed as u64, Some(failure)));
            let got = drain(|| reader.next());
            assert_prefix_then_failure(&got, &clean, failure, &format!("ArrayReader, {failure:?}"));
        }
    }
    for input in lines_inputs() {
        let clean = drain({
            let mut reader = LinesReader::<_, Value>::new(&input[..]);
            move || reader.next()
        });
        for seed in 0..10 {
            let mut reader = LinesReader::<_, Value>::new(FlakyRead::new(&input, seed, None));
            assert_eq!(drain(|| reader.next()), clean, "LinesReader, seed {seed}");
        }
        let clean_going_on = drain({
            let mut reader = LinesReader::<_, Value>::new(&input[..]).keep_going();
            move || reader.next()
        });
        for (seed, failure) in failure_points(input.len()).into_iter().enumerate() {
            let source = FlakyRead::new(&input, seed as u64, Some(failure));
            let mut reader = LinesReader::<_, Value>::new(source).keep_going();
            let got = drain(|| reader.next());
            // Going on past bad lines does not go on past a broken source.
            let oks = got.iter().take_while(|item| !item.starts_with("error Io ")).count();
            assert_eq!(got[..oks], clean_going_on[..oks], "LinesReader::keep_going, {failure:?}");
            if let [last] = &got[oks..] {
                assert!(last.contains(&format!("after reading {} bytes", failure.after)), "{last}");
            } else {
                // The lines' values end at a line the source did not finish only with its error.
                panic!("LinesReader::keep_going, {failure:?}: {:?}", &got[oks..]);
            }
        }
    }
}

#[test]
fn async_reads_through_pending_polls_and_failures() {
    for document in documents() {
        let expected = outcome(&jetwire_json::from_slice::<Value>(&document));
        for seed in 0..10 {
            let read =
                block_on(from_async_reader::<_, Value>(FlakyAsync(FlakyRead::new(&document, seed, None))));
            assert_eq!(outcome(&read), expected, "seed {seed}");
        }
        for (seed, failure) in failure_points(document.len()).into_iter().enumerate() {
            let source = FlakyAsync(FlakyRead::new(&document, seed as u64, Some(failure)));
            let err =
                block_on(from_async_reader::<_, Value>(source)).expect_err("no value from a failed source");
            // Read as it arrives, a document can fail on its own error before the source does.
            if err.category() != Category::Io {
                assert_eq!(outcome::<Value>(&Err(err)), expected, "async, {failure:?}");
                continue;
            }
            assert_source_failure(&err, failure, &format!("async, {failure:?}"));
        }
    }
}

/// Calls `next` for every item, dropping the call's future after `polls` polls each time
/// (`polls` cycling through 0 to 4) before calling again; returns the items.
fn drain_with_cancels<R, T: std::fmt::Debug>(
    reader: &mut R,
    next: impl for<'r> Fn(&'r mut R) -> Pin<Box<dyn Future<Output = Option<Result<T, Error>>> + 'r>>,
) -> Vec<String> {
    let mut cx = Context::from_waker(Waker::noop());
    let mut out = Vec::new();
    let mut polls = 0;
    'items: loop {
        polls = (polls + 1) % 5;
        // A call dropped after `polls` polls, unless it finished.
        {
            let mut call = next(reader);
            for _ in 0..polls {
                if let Poll::Ready(item) = call.as_mut().poll(&mut cx) {
                    match item {
                        Some(item) => {
                            out.push(outcome(&item));
                            continue 'items;
                        }
                        None => return out,
                    }
                }
            }
        }
        match block_on(next(reader)) {
            Some(item) => out.push(outcome(&item)),
            None => return out,
        }
        assert!(out.len() < 10_000, "the reader does not end");
    }
}

#[test]
fn async_readers_lose_nothing_when_a_read_is_dropped_at_any_await_point() {
    for document in documents() {
        let clean = drain({
            let mut reader = ArrayReader::<_, Value>::new(&document[..]);
            move || reader.next()
        });
        for seed in 0..10 {
            let source = FlakyAsync(FlakyRead::new(&document, seed, None));
            let mut reader = AsyncArrayReader::<_, Value>::new(source);
            let got = drain_with_cancels(&mut reader, |reader| Box::pin(reader.next()));
            assert_eq!(got, clean, "AsyncArrayReader, seed {seed}");
        }
        // A whole-document read dropped at any point, then read afresh: nothing is left behind.
        for polls in 0..40 {
            let source = FlakyAsync(FlakyRead::new(&document, polls, None));
            let mut read = Box::pin(from_async_reader::<_, Value>(source));
            let mut cx = Context::from_waker(Waker::noop());
            for _ in 0..polls {
                if read.as_mut().poll(&mut cx).is_ready() {
                    break;
                }
            }
            drop(read);
        }
    }
    for input in lines_inputs() {
        let clean = drain({
            let mut reader = LinesReader::<_, Value>::new(&input[..]).keep_going();
            move || reader.next()
        });
        for seed in 0..10 {
            let source = FlakyAsync(FlakyRead::new(&input, seed, None));
            let mut reader = AsyncLinesReader::<_, Value>::new(source).keep_going();
            let got = drain_with_cancels(&mut reader, |reader| Box::pin(reader.next()));
            assert_eq!(got, clean, "AsyncLinesReader, seed {seed}");
        }
    }
}

/// An `io::Write` that accepts 1 to 9 bytes a call, returns `Interrupted` on about one call in
/// four, and fails for good once it holds `capacity` bytes.
struct FlakyWrite {
    held: Vec<u8>,
    capacity: usize,
    rng: Rng,
}

const SINK_FAILED: &str = "the sink is full";

impl FlakyWrite {
    fn new(capacity: usize, seed: u64) -> Self {
        FlakyWrite { held: Vec::new(), capacity, rng: Rng(seed | 1) }
    }

    fn accept(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.rng.below(4) == 0 {
            return Err(io::ErrorKind::Interrupted.into());
        }
        if self.held.len() >= self.capacity {
            return Err(io::Error::other(SINK_FAILED));
        }
        let n = bytes.len().min(1 + self.rng.below(9)).min(self.capacity - self.held.len());
        self.held.extend_from_slice(&bytes[..n]);
        Ok(n)
    }
}

impl Write for FlakyWrite {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.accept(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl AsyncWrite for FlakyWrite {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, bytes: &[u8]) -> Poll<io::Result<usize>> {
        if self.rng.below(3) == 0 {
            cx.waker().wake_by_ref();
            return Poll::Pending;
        }
        match self.accept(bytes) {
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {
                cx.waker().wake_by_ref();
                Poll::Pending
            }
            result => Poll::Ready(result),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

/// How many bytes a write error says were written.
fn written_in(err: &Error) -> u64 {
    assert_eq!(err.category(), Category::Io, "{err}");
    assert!(err.message().starts_with(SINK_FAILED), "{err}");
    err.message()
        .split("after writing ")
        .nth(1)
        .and_then(|rest| rest.strip_suffix(" bytes)"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the error does not say how much was written: {err}"))
}

/// A value whose compact text is well over one of `IoOutput`'s 64 KiB blocks.
fn large_value() -> Value {
    let rows: Vec<Value> = (0..3000)
        .map(|i| json!({"id": i, "name": format!("row \"{i}\""), "score": i as f64 / 7.0}))
        .collect();
    json!({"rows": rows, "end": true})
}

#[test]
fn a_failing_writer_says_how_much_of_its_output_reached_the_sink() {
    let value = large_value();
    let text = jetwire_json::to_vec(&value).unwrap();
    let step = text.len() / 23;
    for (seed, capacity) in
        (0..text.len() + 10).step_by(step).chain([0, 1, text.len() - 1, text.len()]).enumerate()
    {
        let mut sink = FlakyWrite::new(capacity, seed as u64);
        let result = jetwire_json::to_io_writer(&mut sink, &value);
        assert_eq!(sink.held, text[..sink.held.len()], "capacity {capacity}: a prefix of the output");
        match result {
            Ok(()) => assert_eq!(sink.held, text, "capacity {capacity}"),
            Err(err) => {
                assert!(capacity < text.len(), "capacity {capacity}: {err}");
                assert_eq!(written_in(&err), sink.held.len() as u64, "capacity {capacity}");
            }
        }
        // The same through a writer kept by the caller, which can also be asked.
        let mut writer = Writer::to_io(FlakyWrite::new(capacity, seed as u64), WriteOptions::default());
        let result = jetwire_json::ToJson::to_json(&value, &mut writer).and_then(|()| writer.finish());
        let held = writer.output().get_ref().held.len() as u64;
        assert_eq!(jetwire_json::Output::written(writer.output()), held, "capacity {capacity}");
        if let Err(err) = result {
            assert_eq!(written_in(&err), held, "capacity {capacity}");
        }
    }
}

#[test]
fn a_failing_lines_writer_says_how_much_reached_the_sink() {
    let values: Vec<Value> = (0..200).map(|i| json!({"n": i, "s": "ü\n"})).collect();
    let mut text = Vec::new();
    let mut clean = LinesWriter::new(&mut text);
    values.iter().try_for_each(|value| clean.write(value)).unwrap();
    for capacity in (0..text.len() + 5).step_by(37) {
        let mut lines = LinesWriter::new(FlakyWrite::new(capacity, capacity as u64));
        let result = values.iter().try_for_each(|value| lines.write(value));
        let written = lines.written();
        let held = lines.into_inner().held;
        assert_eq!(held, text[..held.len()], "capacity {capacity}");
        assert_eq!(written, held.len() as u64, "capacity {capacity}");
        match result {
            Ok(()) => assert_eq!(held, text),
            Err(err) => assert_eq!(written_in(&err), written, "capacity {capacity}"),
        }

        let mut lines = AsyncLinesWriter::new(FlakyWrite::new(capacity, capacity as u64));
        let result = block_on(async {
            for value in &values {
                lines.write(value).await?;
            }
            Ok::<(), Error>(())
        });
        let written = lines.written();
        let held = lines.into_inner().held;
        assert_eq!(
            (held.as_slice(), written),
            (&text[..held.len()], held.len() as u64),
            "async, capacity {capacity}"
        );
        if let Err(err) = result {
            assert_eq!(written_in(&err), written, "async, capacity {capacity}");
        }
    }
}

/// An `io::Read` that hands out one byte a call.
struct OneByte<'a>(&'a [u8]);

impl Read for OneByte<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let Some((&first, rest)) = self.0.split_first() else { return Ok(0) };
        out[0] = first;
        self.0 = rest;
        Ok(1)
    }
}

#[test]
fn a_trickling_source_is_held_in_about_its_own_bytes() {
    // One 200 KB string, read one byte per `read` call: the input is held whole (the value
    // needs all of it), and must be held in about its own size, not in a buffer per call.
    let text = "x".repeat(200_000);
    let document = format!("[\"{text}\"]");
    let (value, memory) = spent(|| from_reader::<_, Value>(OneByte(document.as_bytes())).unwrap());
    let peak = memory.peak;
    assert_eq!(value[0], text.as_str());
    assert!(peak < 4 * document.len() + (256 << 10), "{peak} bytes at the peak for {} bytes", document.len());

    // Elements of 2 KB each, read one byte per call: memory is bounded by one element.
    let element = "y".repeat(2000);
    let document = format!("[{}]", vec![format!("\"{element}\""); 500].join(","));
    let (count, memory) = spent(|| {
        ArrayReader::<_, String>::new(OneByte(document.as_bytes()))
            .map(|item| assert_eq!(item.unwrap(), element))
            .count()
    });
    assert_eq!(count, 500);
    let peak = memory.peak;
    assert!(peak < 256 << 10, "{peak} bytes at the peak for elements of {} bytes", element.len());
}
