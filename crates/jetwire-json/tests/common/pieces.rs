//! Input in pieces against input in one slice: the checks of the `json_pieces` fuzz target, which
//! `tests/segmented.rs` also runs on the suite, the corpora and the target's own corpus.

use std::io::{self, Read};
use std::pin::Pin;
use std::task::{Context, Poll, Waker};

use jetwire_json::Value;
use jetwire_json::stream::{ChunkedInput, Pull, PushReader, from_async_reader, from_reader};
use tokio::io::{AsyncRead, ReadBuf};

use super::outcome;

/// `document` cut into pieces of 1 to 16 bytes, cycling through a pattern `seed` picks.
pub fn cut(seed: u8, document: &[u8]) -> Vec<&[u8]> {
    let mut pieces = Vec::new();
    let mut at = 0;
    let mut step = usize::from(seed);
    while at < document.len() {
        let len = 1 + step % 16;
        step = step.wrapping_mul(31).wrapping_add(7);
        let end = (at + len).min(document.len());
        pieces.push(&document[at..end]);
        at = end;
    }
    pieces
}

/// An `io::Read` that hands out one piece a call, and `Interrupted` before every third.
struct PieceReader<'a> {
    pieces: std::slice::Iter<'a, &'a [u8]>,
    /// The rest of a piece larger than the caller's buffer.
    rest: &'a [u8],
    calls: usize,
}

impl Read for PieceReader<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.calls += 1;
        if self.calls == 3 {
            self.calls = 0;
            return Err(io::ErrorKind::Interrupted.into());
        }
        if self.rest.is_empty() {
            self.rest = self.pieces.next().copied().unwrap_or_default();
        }
        let n = self.rest.len().min(out.len());
        out[..n].copy_from_slice(&self.rest[..n]);
        self.rest = &self.rest[n..];
        Ok(n)
    }
}

/// An `AsyncRead` that hands out one piece a poll, pending (and waking itself) every other poll.
struct PieceAsync<'a> {
    reader: PieceReader<'a>,
    pending: bool,
}

impl AsyncRead for PieceAsync<'_> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        out: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        self.pending = !self.pending;
        if self.pending {
            cx.waker().wake_by_ref();
            return Poll::Pending;
        }
        let piece = loop {
            let mut buffer = vec![0; out.remaining().min(16)];
            match self.reader.read(&mut buffer) {
                Ok(n) => break buffer[..n].to_vec(),
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => return Poll::Ready(Err(err)),
            }
        };
        out.put_slice(&piece);
        Poll::Ready(Ok(()))
    }
}

/// Polls `future` to completion on this thread; the sources here wake themselves by being polled
/// again, so the waker does nothing.
pub fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(output) = future.as_mut().poll(&mut cx) {
            return output;
        }
    }
}

/// The document after the input's first byte (which picks the cuts) read in one slice, and cut
/// into pieces through every reader of input in pieces: a `ChunkedInput`, a `PushReader` fed a
/// piece at a time, `from_reader` over an `io::Read` that hands out a piece a call (and
/// `Interrupted` between), and `from_async_reader` over an `AsyncRead` that is pending every
/// other poll. Each must give exactly what the slice gives: the same value, or the same error
/// (message, offset, line, column and path). The error names the first reader that differs.
pub fn check_pieces(input: &[u8]) -> Result<(), String> {
    let Some((&seed, document)) = input.split_first() else { return Ok(()) };
    let pieces = cut(seed, document);
    let whole = outcome(&jetwire_json::from_slice::<Value>(document));
    let differs = |reader: &str, got: String| {
        if got == whole {
            Ok(())
        } else {
            Err(format!("{reader}: {got}\nin one slice: {whole}\ninput {:?}", String::from_utf8_lossy(input)))
        }
    };

    differs("ChunkedInput", outcome(&ChunkedInput::new(pieces.iter().copied()).deserialize::<Value>()))?;

    let mut reader = PushReader::new();
    let mut next = pieces.iter();
    let pushed = loop {
        match reader.read_document::<Value>() {
            Ok(Pull::Ready(value)) => break outcome(&Ok(value)),
            Ok(Pull::NeedMoreData) => match next.next() {
                Some(piece) => reader.push(piece),
                None if !reader.is_input_ended() => reader.end_input(),
                None => return Err("PushReader: needs more data after the end of the input".to_owned()),
            },
            Err(err) => break outcome::<Value>(&Err(err)),
        }
    };
    differs("PushReader", pushed)?;

    let source = || PieceReader { pieces: pieces.iter(), rest: &[], calls: 0 };
    differs("from_reader", outcome(&from_reader::<_, Value>(source())))?;
    let read = block_on(from_async_reader::<_, Value>(PieceAsync { reader: source(), pending: false }));
    differs("from_async_reader", outcome(&read))
}
