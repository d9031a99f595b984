//! Whole records out of bytes fed in pieces: the part of decoding (and of schema inference) that
//! finds where records start and end, keeps the start of a record that a piece ends inside of,
//! and counts lines for the errors.

use arrow_schema::ArrowError;
use jetwire_json::Reader as JsonReader;

/// Where the records go: a batch being decoded, or a schema being inferred.
pub(crate) trait RecordSink {
    /// Whether no more record is taken now (a batch is full).
    fn is_full(&self) -> bool;

    /// Reads one record, the value the reader is at. On an error (an end of input included:
    /// the record is cut) nothing of the record may stay behind.
    fn append(&mut self, reader: &mut JsonReader<'_>) -> jetwire_json::Result<()>;
}

/// The records of input fed in slices of any size: whitespace-separated JSON values, each of
/// them one record.
#[derive(Debug, Default)]
pub(crate) struct RecordFeed {
    /// The start of a record that an earlier slice ended inside of.
    pending: Vec<u8>,
    /// The length `pending` grows to before it is read again. A record cut over many pieces is
    /// read again each time its bytes have doubled, not at every piece (or line), so that a
    /// long record costs linear time however finely it is cut.
    retry_len: usize,
    /// Line feeds before the bytes being read, for the lines errors name.
    lines_before: usize,
}

/// How far a slice of bytes was read.
struct Progress {
    /// The bytes read: whole records and the whitespace after them.
    used: usize,
    /// Whether the bytes after `used` are a record that the slice ends inside of.
    cut: bool,
}

impl RecordFeed {
    /// How many bytes a cut record has waiting for the rest of it.
    pub(crate) fn pending_len(&self) -> usize {
        self.pending.len()
    }

    /// Line feeds in the input read so far.
    pub(crate) fn lines_before(&self) -> usize {
        self.lines_before
    }

    /// Reads the records in `buf` into `sink` and returns how many bytes it consumed: all of
    /// them, unless the sink filled up first. A record that `buf` ends inside of is kept and
    /// completed by the next call.
    ///
    /// # Errors
    ///
    /// On bad JSON or a record the sink refuses, naming the line, the JSON Pointer and the
    /// column. The records before it stay in the sink.
    pub(crate) fn feed(&mut self, sink: &mut impl RecordSink, buf: &[u8]) -> Result<usize, ArrowError> {
        let mut consumed = 0;
        while !self.pending.is_empty() {
            if sink.is_full() || consumed == buf.len() {
                return Ok(consumed);
            }
            // The cut record ends at a line feed, usually the next one: add up to it.
            let rest = &buf[consumed..];
            let take = rest.iter().position(|&byte| byte == b'\n').map_or(rest.len(), |at| at + 1);
            self.pending.extend_from_slice(&rest[..take]);
            consumed += take;
            if self.pending.len() >= self.retry_len {
                self.read_pending(sink)?;
            }
        }
        let rest = &buf[consumed..];
        let progress = self.read_slice(sink, rest)?;
        if progress.cut {
            self.keep_cut(&rest[progress.used..]);
            return Ok(buf.len());
        }
        Ok(consumed + progress.used)
    }

    /// Reads the records that the pending bytes hold, keeping what is still cut.
    fn read_pending(&mut self, sink: &mut impl RecordSink) -> Result<(), ArrowError> {
        let pending = std::mem::take(&mut self.pending);
        let progress = self.read_slice(sink, &pending)?;
        if progress.cut || progress.used < pending.len() {
            self.keep_cut(&pending[progress.used..]);
        }
        if !progress.cut {
            // The sink filled up before the bytes ended: read the rest as soon as it has room.
            self.retry_len = 0;
        }
        Ok(())
    }

    fn keep_cut(&mut self, bytes: &[u8]) {
        self.pending.clear();
        self.pending.extend_from_slice(bytes);
        self.retry_len = bytes.len().saturating_mul(2);
    }

    /// The end of the input: reads what is pending.
    ///
    /// # Errors
    ///
    /// When the input ended inside a record, or on what [`feed`](Self::feed) refuses.
    pub(crate) fn finish(&mut self, sink: &mut impl RecordSink) -> Result<(), ArrowError> {
        if self.pending.iter().all(u8::is_ascii_whitespace) {
            self.pending.clear();
            return Ok(());
        }
        let pending = std::mem::take(&mut self.pending);
        let progress = self.read_slice(sink, &pending)?;
        if progress.cut {
            let mut reader = JsonReader::new(&pending[progress.used..]);
            // Read again to have the reader's own end-of-input error, at its position.
            let err = match reader.next_in_sequence().and_then(|_| reader.skip_value()) {
                Err(err) => err,
                Ok(()) => reader.data_error("the record is cut short"),
            };
            return Err(ArrowError::JsonError(describe(&err, self.lines_before, false)));
        }
        if progress.used < pending.len() {
            // The sink filled up: the rest waits for the next call.
            self.keep_cut(&pending[progress.used..]);
            self.retry_len = 0;
        }
        Ok(())
    }

    /// Reads whole records from the start of `bytes` until the sink is full or the bytes end.
    fn read_slice(&mut self, sink: &mut impl RecordSink, bytes: &[u8]) -> Result<Progress, ArrowError> {
        let mut reader = JsonReader::new(bytes);
        let mut used = 0;
        let mut cut = false;
        while !sink.is_full() {
            let more = match reader.next_in_sequence() {
                Ok(more) => more,
                Err(err) => return Err(self.fail(&err, bytes, used)),
            };
            if !more {
                used = bytes.len();
                break;
            }
            match sink.append(&mut reader) {
                Ok(()) => used = reader.offset(),
                Err(err) if err.is_eof() => {
                    cut = true;
                    break;
                }
                Err(err) => return Err(self.fail(&err, bytes, used)),
            }
        }
        self.lines_before += count_line_feeds(&bytes[..used]);
        Ok(Progress { used, cut })
    }

    /// `err`, from a reader over `source` whose first `used` bytes were read, as an Arrow error.
    #[cold]
    fn fail(&mut self, err: &jetwire_json::Error, source: &[u8], used: usize) -> ArrowError {
        let message = describe(err, self.lines_before, false);
        self.lines_before += count_line_feeds(&source[..used]);
        ArrowError::JsonError(message)
    }
}

/// How many line feeds `bytes` holds. Every byte read is counted once, for the lines that
/// errors name, so the count runs 64 bytes at a time into a byte-wide sum that the compiler
/// turns into vector compares.
fn count_line_feeds(bytes: &[u8]) -> usize {
    let mut chunks = bytes.chunks_exact(64);
    let mut count = 0;
    for chunk in &mut chunks {
        let in_chunk: u8 = chunk.iter().map(|&byte| u8::from(byte == b'\n')).sum();
        count += usize::from(in_chunk);
    }
    count + chunks.remainder().iter().filter(|&&byte| byte == b'\n').count()
}

/// `err`'s message with its line (counted after `lines_before` line feeds), column, JSON Pointer
/// and the Arrow column it concerns: the pointer's first name, or its second when it starts with
/// the record's index in an array (`in_array`).
pub(crate) fn describe(err: &jetwire_json::Error, lines_before: usize, in_array: bool) -> String {
    let mut text = format!("line {}, column {}", lines_before + err.line(), err.column());
    let path = err.path();
    if !path.is_empty() {
        text.push_str(&format!(", at {path}"));
        let column = path
            .split('/')
            .nth(if in_array { 2 } else { 1 })
            .map(|segment| segment.replace("~1", "/").replace("~0", "~"));
        if let Some(column) = column {
            text.push_str(&format!(" (column {column:?})"));
        }
    }
    text.push_str(": ");
    text.push_str(err.message());
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sink that counts whole records, holds up to `capacity` of them, and counts its reads.
    struct Counter {
        records: usize,
        capacity: usize,
        reads: usize,
    }

    impl RecordSink for Counter {
        fn is_full(&self) -> bool {
            self.records == self.capacity
        }

        fn append(&mut self, reader: &mut JsonReader<'_>) -> jetwire_json::Result<()> {
            self.reads += 1;
            reader.skip_value()?;
            self.records += 1;
            Ok(())
        }
    }

    #[test]
    fn line_feeds_are_counted_in_every_chunk_and_the_rest() {
        let mut bytes = vec![b'x'; 1000];
        for at in [0, 63, 64, 127, 500, 998, 999] {
            bytes[at] = b'\n';
        }
        assert_eq!(count_line_feeds(&bytes), 7);
        assert_eq!(count_line_feeds(&[b'\n'; 64 * 4]), 256);
        assert_eq!(count_line_feeds(b""), 0);
    }

    #[test]
    fn a_record_cut_into_many_pieces_is_read_a_logarithmic_number_of_times() {
        // One record over 4,000 lines, fed a line at a time.
        let mut input = String::from("{\"values\": [\n");
        for i in 0..4000 {
            input.push_str(&format!("{i},\n"));
        }
        input.push_str("0]}\n{\"next\": 1}\n");
        let mut sink = Counter { records: 0, capacity: usize::MAX, reads: 0 };
        let mut feed = RecordFeed::default();
        for line in input.split_inclusive('\n') {
            assert_eq!(feed.feed(&mut sink, line.as_bytes()).unwrap(), line.len());
        }
        feed.finish(&mut sink).unwrap();
        assert_eq!(sink.records, 2);
        // Each attempt on the cut record is one read; doubling bounds them by about log2 of
        // its length in bytes (19,000 here), where reading at every line would make 4,000.
        assert!(sink.reads < 40, "{} reads", sink.reads);
    }

    #[test]
    fn a_full_sink_leaves_the_rest_pending_and_takes_it_when_it_has_room() {
        let mut sink = Counter { records: 0, capacity: 1, reads: 0 };
        let mut feed = RecordFeed::default();
        // The first piece cuts the first record; the second completes it and holds two more.
        assert_eq!(feed.feed(&mut sink, b"[1,").unwrap(), 3);
        assert_eq!(feed.feed(&mut sink, b" 2]\n[3]\n[4]\n").unwrap(), 4);
        assert_eq!(sink.records, 1);
        sink.capacity = 3;
        // Full again after `[4]`: its line feed is left for the next call.
        assert_eq!(feed.feed(&mut sink, b"[3]\n[4]\n").unwrap(), 7);
        assert_eq!(sink.records, 3);
        feed.finish(&mut sink).unwrap();
        assert_eq!(feed.pending_len(), 0);
    }
}
