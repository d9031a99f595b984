//! Streaming reads: io::Read, tokio's AsyncRead, futures streams, array elements at a pointer,
//! JSON Lines, bounded memory, and cancel safety.

use std::io::Read;
use std::pin::Pin;
use std::task::{Context, Poll};

use futures_util::StreamExt;
use jetwire_json::stream::{
    ArrayReader, AsyncArrayReader, AsyncLinesReader, AsyncLinesWriter, LinesReader, LinesWriter, Pull,
    PushReader, SliceLines, from_async_reader, from_reader, from_stream,
};
use jetwire_json::{Category, Value};
use tokio::io::{AsyncRead, ReadBuf};

/// An `io::Read` that hands out at most `step` bytes per call.
struct Trickle<'a> {
    bytes: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(out.len()).min(self.bytes.len());
        out[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// An `AsyncRead` that is pending every other poll and then hands out `step` bytes.
struct SlowAsync {
    bytes: Vec<u8>,
    at: usize,
    step: usize,
    ready: bool,
}

impl AsyncRead for SlowAsync {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        out: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        if !self.ready {
            self.ready = true;
            cx.waker().wake_by_ref();
            return Poll::Pending;
        }
        self.ready = false;
        let n = self.step.min(out.remaining()).min(self.bytes.len() - self.at);
        out.put_slice(&self.bytes[self.at..self.at + n]);
        self.at += n;
        Poll::Ready(Ok(()))
    }
}

fn numbers_document(count: usize) -> String {
    let items: Vec<String> =
        (0..count).map(|i| format!("{{\"id\": {i}, \"name\": \"item \\\"{i}\\\"\"}}")).collect();
    format!(
        "{{\"meta\": {{\"skip\": [1, {{\"deep\": \"x\"}}]}}, \"data\": {{\"items\": [{}]}}, \"after\": null}}",
        items.join(", ")
    )
}

#[test]
fn from_reader_reads_in_blocks_of_any_size() {
    let document = numbers_document(300);
    let expected: Value = jetwire_json::from_str(&document).unwrap();
    for step in [1, 3, 4096, 1 << 20] {
        let value: Value = from_reader(Trickle { bytes: document.as_bytes(), step }).unwrap();
        assert_eq!(value, expected, "{step}-byte reads");
    }
    let err = from_reader::<_, Value>(&b"{\"a\": [1, 2}"[..]).unwrap_err();
    assert_eq!((err.offset(), err.category()), (11, Category::Syntax));
}

#[test]
fn array_elements_at_a_pointer_stream_one_at_a_time() {
    let document = numbers_document(3000);
    for step in [13, 65536] {
        let ids: Vec<u64> =
            ArrayReader::<_, Value>::at_pointer(Trickle { bytes: document.as_bytes(), step }, "/data/items")
                .unwrap()
                .map(|item| item.unwrap()["id"].as_u64().unwrap())
                .collect();
        assert_eq!(ids, (0..3000).collect::<Vec<u64>>(), "{step}-byte reads");
        let small = numbers_document(50);
        let ids =
            ArrayReader::<_, Value>::at_pointer(Trickle { bytes: small.as_bytes(), step: 1 }, "/data/items");
        assert_eq!(ids.unwrap().count(), 50);
    }
    let top: Vec<u32> = ArrayReader::new(&b" [1, 2 ,3] "[..]).collect::<Result<_, _>>().unwrap();
    assert_eq!(top, [1, 2, 3]);
    // An error after the array is still reported.
    let mut after = ArrayReader::<_, Value>::at_pointer(&br#"{"a": [1], "b": tru}"#[..], "/a").unwrap();
    assert_eq!(after.next().unwrap().unwrap(), 1);
    assert!(after.next().unwrap().is_err());
    assert!(after.next().is_none());
    // A pointer to nothing.
    let mut missing = ArrayReader::<_, Value>::at_pointer(&br#"{"a": [1]}"#[..], "/b").unwrap();
    let err = missing.next().unwrap().unwrap_err();
    assert!(err.message().contains("`b`"), "{err}");
    // Into an array by index.
    let nested: Vec<u8> = ArrayReader::at_pointer(&br#"[[9], {"x": [4, 5]}]"#[..], "/1/x")
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(nested, [4, 5]);
}

#[test]
fn array_streaming_memory_is_bounded_by_one_element() {
    // 4 MB of elements pushed in 64 KiB pieces: what stays held is about one piece.
    let element = format!("{{\"text\": \"{}\", \"n\": [1, 2, 3]}}", "x".repeat(1000));
    let mut reader = PushReader::new();
    reader.push(b"[");
    let mut read = 0;
    let mut max_held = 0;
    let mut piece = Vec::new();
    for i in 0..4_000 {
        if i > 0 {
            piece.push(b',');
        }
        piece.extend_from_slice(element.as_bytes());
        if piece.len() >= 65536 {
            reader.push(&piece);
            piece.clear();
            while let Pull::Ready(Some(value)) = reader.next_element::<Value>().unwrap() {
                assert_eq!(value["n"][2], 3);
                read += 1;
            }
            max_held = max_held.max(reader.held_bytes());
        }
    }
    piece.push(b']');
    reader.push(&piece);
    reader.end_input();
    while let Pull::Ready(Some(_)) = reader.next_element::<Value>().unwrap() {
        read += 1;
    }
    assert_eq!(read, 4_000);
    assert!(max_held < 3 * 65536, "held {max_held} bytes");
}

#[test]
fn what_surrounds_a_streamed_array_is_checked_without_being_held() {
    // 4 MB in 64 KiB pieces before the array (a member off the pointer's path) and 4 MB after
    // it: both are checked a token at a time and released as they go.
    let filler: String =
        (0..4_000).map(|i| format!("{{\"i\": {i}, \"s\": \"{}\"}},", "y".repeat(1000))).collect();
    let filler = filler.trim_end_matches(',');
    let document = format!(r#"{{"before": [{filler}], "items": [1, 2, 3], "after": [{filler}]}}"#);
    let mut reader = PushReader::at_pointer("/items").unwrap();
    let mut items = Vec::new();
    let mut max_held = 0;
    for piece in document.as_bytes().chunks(65536) {
        reader.push(piece);
        while let Pull::Ready(Some(item)) = reader.next_element::<u32>().unwrap() {
            items.push(item);
        }
        max_held = max_held.max(reader.held_bytes());
    }
    reader.end_input();
    assert_eq!(reader.next_element::<u32>().unwrap(), Pull::Ready(None));
    assert_eq!(items, [1, 2, 3]);
    assert!(max_held < 3 * 65536, "held {max_held} bytes");

    // The same bound for a document only checked.
    let mut reader = PushReader::new();
    let mut max_held = 0;
    for piece in document.as_bytes().chunks(65536) {
        reader.push(piece);
        assert_eq!(reader.check_document().unwrap(), Pull::NeedMoreData);
        max_held = max_held.max(reader.held_bytes());
    }
    reader.end_input();
    assert_eq!(reader.check_document().unwrap(), Pull::Ready(()));
    assert!(max_held < 3 * 65536, "held {max_held} bytes");
}

#[test]
fn checking_goes_on_from_where_other_reads_stopped() {
    // After a token or elements, `check_document` checks the rest of the document.
    let mut reader = PushReader::new();
    reader.push(br#"{"a": [1, 2], "b": true}"#);
    reader.end_input();
    assert_eq!(reader.next_token().unwrap(), Pull::Ready(Some(jetwire_json::Token::BeginObject)));
    assert_eq!(reader.check_document().unwrap(), Pull::Ready(()));

    let mut reader = PushReader::new();
    reader.push(b"[1, 2] ");
    reader.end_input();
    assert_eq!(reader.next_element::<u8>().unwrap(), Pull::Ready(Some(1)));
    assert_eq!(reader.next_element::<u8>().unwrap(), Pull::Ready(Some(2)));
    assert_eq!(reader.check_document().unwrap(), Pull::Ready(()));

    // Reading on after a check that waits for input reads from where the check stands: the
    // pieces it has released are not needed.
    let mut reader = PushReader::new();
    reader.push(b"[1,");
    assert_eq!(reader.check_document().unwrap(), Pull::NeedMoreData);
    reader.push(b"2, ");
    assert_eq!(reader.check_document().unwrap(), Pull::NeedMoreData);
    reader.push(b"3]");
    reader.end_input();
    match reader.next_token().unwrap() {
        Pull::Ready(Some(jetwire_json::Token::Number(number))) => assert_eq!(number.as_str(), "3"),
        other => panic!("expected the number 3, found {other:?}"),
    }
    assert_eq!(reader.check_document().unwrap(), Pull::Ready(()));
}

#[test]
fn json_lines_read_and_write_with_line_numbers_in_errors() {
    let mut out = Vec::new();
    let mut lines = LinesWriter::new(&mut out);
    for i in 0..100 {
        lines.write(&vec![i, i * 2]).unwrap();
    }
    lines.flush().unwrap();
    assert_eq!(&out[..12], b"[0,0]\n[1,2]\n");
    for step in [1, 5, 65536] {
        let values: Vec<Vec<u32>> =
            LinesReader::new(Trickle { bytes: &out, step }).collect::<Result<_, _>>().unwrap();
        assert_eq!(values.len(), 100);
        assert_eq!(values[99], [99, 198]);
    }
    let input = b"{\"a\": 1}\n\n  {\"a\": 2}\r\n{\"a\": tru}\n{\"a\": 4}\n";
    let results: Vec<_> = LinesReader::<_, Value>::new(&input[..]).collect();
    assert_eq!(results.len(), 3);
    let err = results[2].as_ref().unwrap_err();
    assert_eq!((err.line(), err.column()), (4, 7));
    let two_on_one_line = LinesReader::<_, Value>::new(&b"1 2\n"[..]).nth(1).unwrap().unwrap_err();
    assert_eq!(two_on_one_line.line(), 1);
    assert!(two_on_one_line.message().contains("line feed"), "{two_on_one_line}");
}

#[test]
fn tokio_reads_documents_elements_and_lines() {
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    runtime.block_on(async {
        let document = numbers_document(500);
        let expected: Value = jetwire_json::from_str(&document).unwrap();
        let slow = SlowAsync { bytes: document.clone().into_bytes(), at: 0, step: 333, ready: false };
        let value: Value = from_async_reader(slow).await.unwrap();
        assert_eq!(value, expected);

        let slow = SlowAsync { bytes: document.clone().into_bytes(), at: 0, step: 97, ready: false };
        let mut items = AsyncArrayReader::<_, Value>::at_pointer(slow, "/data/items").unwrap();
        let mut count = 0;
        while let Some(item) = items.next().await {
            assert_eq!(item.unwrap()["id"], count);
            count += 1;
        }
        assert_eq!(count, 500);

        let mut out = Vec::new();
        let mut writer = AsyncLinesWriter::new(&mut out);
        for i in 0..50u32 {
            writer.write(&i).await.unwrap();
        }
        let slow = SlowAsync { bytes: out, at: 0, step: 4, ready: false };
        let mut lines = AsyncLinesReader::<_, u32>::new(slow);
        let mut expected = 0;
        while let Some(n) = lines.next().await {
            assert_eq!(n.unwrap(), expected);
            expected += 1;
        }
        assert_eq!(expected, 50);
    });
}

#[test]
fn dropping_an_async_read_midway_loses_nothing() {
    let document = numbers_document(200);
    let slow = SlowAsync { bytes: document.into_bytes(), at: 0, step: 50, ready: false };
    let mut items = AsyncArrayReader::<_, Value>::at_pointer(slow, "/data/items").unwrap();
    let waker = futures_util::task::noop_waker();
    let mut cx = Context::from_waker(&waker);
    let mut ids = Vec::new();
    // Poll each `next()` a few times and drop it, pending or not; start again with a new one.
    let mut polls = 0;
    while ids.len() < 200 {
        let mut next = Box::pin(items.next());
        for _ in 0..(polls % 3) + 1 {
            polls += 1;
            if let Poll::Ready(item) = next.as_mut().poll(&mut cx) {
                ids.push(item.unwrap().unwrap()["id"].as_u64().unwrap());
                break;
            }
        }
    }
    assert_eq!(ids, (0..200).collect::<Vec<u64>>());
    let end = futures_executor::block_on(items.next());
    assert!(end.is_none());
}

#[test]
fn futures_streams_of_bytes_are_read_without_copying_together() {
    futures_executor::block_on(async {
        let document = numbers_document(300);
        let chunks: Vec<Result<bytes::Bytes, std::io::Error>> =
            document.as_bytes().chunks(1000).map(|chunk| Ok(bytes::Bytes::copy_from_slice(chunk))).collect();
        let value: Value = from_stream(futures_util::stream::iter(chunks)).await.unwrap();
        assert_eq!(value["data"]["items"][299]["id"], 299);

        let lines = futures_util::stream::iter(vec![
            Ok::<_, std::io::Error>(b"1\n2".to_vec()),
            Ok(b"\n3\n".to_vec()),
        ]);
        let values: Vec<u8> =
            AsyncLinesReader::<_, u8>::from_stream(lines).map(Result::unwrap).collect().await;
        assert_eq!(values, [1, 2, 3]);

        let failing = futures_util::stream::iter(vec![
            Ok(bytes::Bytes::from_static(b"[1,")),
            Err(std::io::Error::other("connection reset")),
        ]);
        let err = from_stream::<_, _, _, Value>(failing).await.unwrap_err();
        assert_eq!(err.category(), Category::Io);
        assert!(err.to_string().contains("connection reset"));
    });
}

/// The document of the error-path tests: the bad value is `"x"`, at `/data/items/2/3`.
const BAD_ITEM: &[u8] = br#"{"meta": 1, "data": {"items": [[1, 2, 3, 4], [5], [6, 7, 8, "x"], [9]]}}"#;

/// What each streaming reader must report for [`BAD_ITEM`]: the document's pointer, not the
/// element's, and the byte of the bad value.
fn assert_document_path(results: &[Result<Vec<u32>, jetwire_json::Error>]) {
    assert_eq!(results.len(), 3, "two elements, then the error");
    let err = results[2].as_ref().unwrap_err();
    assert_eq!(err.path(), "/data/items/2/3", "{err}");
    assert_eq!(err.offset(), 60, "{err}");
    assert!(err.to_string().contains("at /data/items/2/3, line 1"), "{err}");
}

#[test]
fn array_readers_name_the_documents_path_in_element_errors() {
    for step in [1, 7, 4096] {
        let items =
            ArrayReader::<_, Vec<u32>>::at_pointer(Trickle { bytes: BAD_ITEM, step }, "/data/items").unwrap();
        assert_document_path(&items.collect::<Vec<_>>());
    }
    // The top-level array: the element's index alone.
    let err = ArrayReader::<_, Vec<u32>>::new(&br#"[[1], [2, "x"]]"#[..]).nth(1).unwrap().unwrap_err();
    assert_eq!(err.path(), "/1/1");
    // Keys that need escaping are escaped back: the element sits at `/a~1b/0`.
    let err = ArrayReader::<_, u8>::at_pointer(&br#"{"a/b": [true]}"#[..], "/a~1b")
        .unwrap()
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(err.path(), "/a~1b/0");
}

#[test]
fn push_reader_elements_name_the_documents_path() {
    let mut reader = PushReader::at_pointer("/data/items").unwrap();
    let mut results = Vec::new();
    for piece in BAD_ITEM.chunks(5) {
        reader.push(piece);
        loop {
            match reader.next_element::<Vec<u32>>() {
                Ok(Pull::Ready(Some(items))) => results.push(Ok(items)),
                Ok(Pull::Ready(None)) => unreachable!("the error comes first"),
                Ok(Pull::NeedMoreData) => break,
                Err(err) => {
                    results.push(Err(err));
                    return assert_document_path(&results);
                }
            }
        }
    }
    panic!("no error");
}

#[test]
fn lines_readers_name_the_line_and_the_pointer_inside_it() {
    let input = b"[1]\n[2, 3]\n\n[4, \"x\"]\n";
    let err = LinesReader::<_, Vec<u32>>::new(&input[..]).nth(2).unwrap().unwrap_err();
    assert_eq!((err.path(), err.line(), err.column()), ("/1", 4, 5), "{err}");
    assert!(err.to_string().contains("at /1, line 4, column 5"), "{err}");
}

#[test]
fn async_readers_name_the_documents_path_and_line() {
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    runtime.block_on(async {
        let slow = SlowAsync { bytes: BAD_ITEM.to_vec(), at: 0, step: 3, ready: false };
        let mut items = AsyncArrayReader::<_, Vec<u32>>::at_pointer(slow, "/data/items").unwrap();
        let mut results = Vec::new();
        while let Some(item) = items.next().await {
            results.push(item);
        }
        assert_document_path(&results);

        let slow = SlowAsync { bytes: b"[1]\n[2, 3]\n\n[4, \"x\"]\n".to_vec(), at: 0, step: 2, ready: false };
        let mut lines = AsyncLinesReader::<_, Vec<u32>>::new(slow);
        let mut last = None;
        while let Some(line) = lines.next().await {
            last = Some(line);
        }
        let err = last.unwrap().unwrap_err();
        assert_eq!((err.path(), err.line(), err.column()), ("/1", 4, 5), "{err}");
    });
    futures_executor::block_on(async {
        let chunks = BAD_ITEM.chunks(4).map(|c| Ok::<_, std::io::Error>(c.to_vec())).collect::<Vec<_>>();
        let mut items = AsyncArrayReader::<_, Vec<u32>>::from_pieces(
            jetwire_json::stream::StreamPieces(futures_util::stream::iter(chunks)),
            PushReader::at_pointer("/data/items").unwrap(),
        );
        let mut results = Vec::new();
        while let Some(item) = items.next().await {
            results.push(item);
        }
        assert_document_path(&results);
    });
}

/// JSON Lines of good values and of bad ones that each fail within their own line: syntax
/// errors early, late and at the line's end, an unterminated string, two values on a line,
/// and values of the wrong type.
const MIXED_LINES: &[&str] = &[
    "[1, 2]",
    "[3, 4,]",
    "",
    "[5]",
    "[6 7]",
    "   [8, 9]   ",
    "\"unterminated",
    "[10] [11]",
    "[\"twelve\"]",
    "nul",
    "[13, -1]",
    "[14, 15]",
    "{\"not\": \"an array\"}",
    "[16]",
];

/// What reading `lines` one at a time gives: each value, or the number of the line that failed.
fn read_each_line(lines: &[&str]) -> Vec<Result<Vec<u32>, usize>> {
    let mut expected = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        if !line.trim().is_empty() {
            expected.push(jetwire_json::from_str::<Vec<u32>>(line).map_err(|_| index + 1));
        }
    }
    expected
}

/// What a lines reader that keeps going gives for [`MIXED_LINES`]: what reading each line on
/// its own gives, but that of two values on one line the first is handed out before the error.
fn mixed_lines_read() -> Vec<Result<Vec<u32>, usize>> {
    let mut expected = read_each_line(MIXED_LINES);
    let two_values = expected.iter().position(|line| *line == Err(8)).unwrap();
    expected.insert(two_values, Ok(vec![10]));
    expected
}

fn with_line_numbers(read: Vec<Result<Vec<u32>, jetwire_json::Error>>) -> Vec<Result<Vec<u32>, usize>> {
    read.into_iter().map(|line| line.map_err(|err| err.line())).collect()
}

#[test]
fn lines_readers_that_keep_going_read_every_good_line() {
    let input = MIXED_LINES.join("\n") + "\n";
    let expected = mixed_lines_read();
    assert_eq!(expected.iter().filter(|line| line.is_err()).count(), 8, "the bad lines fail on their own");
    assert_eq!(expected.iter().filter(|line| line.is_ok()).count(), 6);
    for step in [1, 2, 3, 5, 8, 13, 64, 4096] {
        let read = LinesReader::<_, Vec<u32>>::new(Trickle { bytes: input.as_bytes(), step }).keep_going();
        assert_eq!(with_line_numbers(read.collect()), expected, "in pieces of {step} bytes");
    }
    // Without a line feed after the last line, and with CR LF line ends.
    let unterminated = MIXED_LINES.join("\n");
    let read = LinesReader::<_, Vec<u32>>::new(unterminated.as_bytes()).keep_going();
    assert_eq!(with_line_numbers(read.collect()), expected);
    let crlf = MIXED_LINES.join("\r\n") + "\r\n";
    let read = LinesReader::<_, Vec<u32>>::new(crlf.as_bytes()).keep_going();
    assert_eq!(with_line_numbers(read.collect()), expected);
    // By default the first error ends the values.
    let read: Vec<_> = LinesReader::<_, Vec<u32>>::new(input.as_bytes()).collect();
    assert_eq!(with_line_numbers(read), expected[..2]);
    assert_eq!(expected[..2], [Ok(vec![1, 2]), Err(2)]);
}

#[test]
fn async_lines_readers_that_keep_going_read_every_good_line() {
    let input = (MIXED_LINES.join("\n") + "\n").into_bytes();
    let expected = mixed_lines_read();
    futures_executor::block_on(async {
        for step in [1, 3, 64] {
            let slow = SlowAsync { bytes: input.clone(), at: 0, step, ready: false };
            let mut lines = AsyncLinesReader::<SlowAsync, Vec<u32>>::new(slow).keep_going();
            let mut read = Vec::new();
            while let Some(line) = lines.next().await {
                read.push(line);
            }
            assert_eq!(with_line_numbers(read), expected, "in pieces of {step} bytes");
        }
        let chunks = input.chunks(5).map(|c| Ok::<_, std::io::Error>(c.to_vec())).collect::<Vec<_>>();
        let lines =
            AsyncLinesReader::<_, Vec<u32>>::from_stream(futures_util::stream::iter(chunks)).keep_going();
        let read: Vec<_> = lines.collect().await;
        assert_eq!(with_line_numbers(read), expected);
    });
}

#[test]
fn a_line_cut_short_is_reported_and_the_next_line_is_read() {
    // The first value's line ends before its `}`: the error is found at the next line's `{`,
    // which starts a value of its own and is read.
    let input = b"{\"n\": 1\n{\"n\": 2}\n{\"n\": 3,\n}\n{\"n\": 4}\n";
    for step in [1, 2, 7, 4096] {
        let read: Vec<Result<Value, jetwire_json::Error>> =
            LinesReader::new(Trickle { bytes: input, step }).keep_going().collect();
        let read: Vec<Result<u64, (usize, usize)>> = read
            .into_iter()
            .map(|line| {
                line.map(|value| value["n"].as_u64().unwrap()).map_err(|err| (err.line(), err.column()))
            })
            .collect();
        // The `}` on line 4 begins no value: that line is skipped with the error.
        assert_eq!(read, [Err((2, 1)), Ok(2), Err((4, 1)), Ok(4)], "in pieces of {step} bytes");
    }
}

#[test]
fn a_long_bad_line_is_skipped_across_blocks() {
    // A bad line of about 600 KB (the error near its start), then a good one: the reader skips
    // the rest of the bad line through many block reads, holding little of it.
    let mut input = b"[1, x".to_vec();
    input.extend(std::iter::repeat_n(b"1, ".as_slice(), 200_000).flatten());
    input.extend_from_slice(b"1]\n[2]\n");
    for step in [7, 1000, 1 << 20] {
        let read = LinesReader::<_, Vec<u32>>::new(Trickle { bytes: &input, step }).keep_going();
        assert_eq!(with_line_numbers(read.collect()), [Err(1), Ok(vec![2])], "in pieces of {step} bytes");
    }
    let mut reader = PushReader::new();
    reader.push(&input[..100]);
    assert!(reader.next_line::<Vec<u32>>().is_err());
    assert!(reader.resume_after_error());
    assert!(!reader.resume_after_error(), "one error, one resumption");
    let mut good_line = None;
    for piece in input[100..].chunks(64 * 1024) {
        reader.push(piece);
        if let Pull::Ready(value) = reader.next_line::<Vec<u32>>().unwrap() {
            good_line = value;
            break;
        }
        assert!(reader.held_bytes() <= 2 * 64 * 1024, "a skipped line is not held: {}", reader.held_bytes());
    }
    assert_eq!(good_line, Some(vec![2]), "the line after the bad one is read");
    assert!(!reader.resume_after_error(), "no error is pending after a value");
}

/// An `io::Read` that hands out its bytes, then fails.
struct FailsAfter<'a>(&'a [u8]);

impl Read for FailsAfter<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        if self.0.is_empty() {
            return Err(std::io::Error::other("the disk is gone"));
        }
        let n = out.len().min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn a_failing_source_ends_lines_that_keep_going() {
    // Lines enough after the bad one that reading them needs no more input than the first read
    // brought; the source fails on the read after it, inside the last line.
    let input = "[1]\n[2,]\n".to_owned() + &"[3]\n".repeat(100) + "[4";
    let read: Vec<_> = LinesReader::<_, Vec<u32>>::new(FailsAfter(input.as_bytes())).keep_going().collect();
    assert_eq!(read.len(), 103, "{read:?}");
    assert_eq!(read[0].as_ref().unwrap(), &[1]);
    assert_eq!(read[1].as_ref().unwrap_err().line(), 2);
    assert!(read[2..102].iter().all(|line| line.as_ref().unwrap() == &[3]));
    assert_eq!(read[102].as_ref().unwrap_err().category(), Category::Io);
}

#[test]
fn json_lines_in_memory_read_as_the_streaming_reader_does() {
    let input = MIXED_LINES.join("\n") + "\n";
    let expected = mixed_lines_read();
    let read: Vec<_> = SliceLines::<Vec<u32>>::new(input.as_bytes()).keep_going().collect();
    assert_eq!(with_line_numbers(read), expected);
    let crlf = MIXED_LINES.join("\r\n");
    let read: Vec<_> = SliceLines::<Vec<u32>>::new(crlf.as_bytes()).keep_going().collect();
    assert_eq!(with_line_numbers(read), expected);
    let read: Vec<_> = SliceLines::<Vec<u32>>::new(input.as_bytes()).collect();
    assert_eq!(with_line_numbers(read), expected[..2], "the first error ends the values by default");

    // The same errors, line and column, as the streaming reader, a line cut short included.
    let cut = b"{\"n\": 1\n{\"n\": 2}\n{\"n\": 3,\n}\n{\"n\": [x]}\n{\"n\": 4}";
    let places =
        |read: Vec<Result<Value, jetwire_json::Error>>| -> Vec<Result<Value, (usize, usize, String)>> {
            read.into_iter()
                .map(|line| line.map_err(|err| (err.line(), err.column(), err.path().to_owned())))
                .collect()
        };
    let in_memory = places(SliceLines::new(cut).keep_going().collect());
    let streamed = places(LinesReader::new(&cut[..]).keep_going().collect());
    assert_eq!(in_memory, streamed);
    assert_eq!(in_memory.len(), 5, "{in_memory:?}");

    // Values borrow from the input.
    let text = b"{\"user\": \"ada\"}\n{\"user\": \"bob\"}";
    let users: Vec<std::collections::BTreeMap<&str, &str>> =
        SliceLines::new(text).collect::<Result<_, _>>().unwrap();
    let bob = text.windows(3).position(|w| w == b"bob").unwrap();
    assert!(std::ptr::eq(users[1]["user"].as_ptr(), text[bob..].as_ptr()));
}

/// A syntax error in a value that arrives in pieces is reported as reading the whole value
/// reports it, with the JSON Pointer inside the line, when the input held lets the read reach
/// the error (the token-by-token check that finds it first knows no path).
#[test]
fn errors_in_values_read_in_pieces_name_their_path() {
    let input = b"[1, 2,]\n[3, [4]]\n[[5], [6,]]\n";
    for step in [1, 2, 3] {
        let read: Vec<_> =
            LinesReader::<_, Vec<Vec<u32>>>::new(Trickle { bytes: input, step }).keep_going().collect();
        let errors: Vec<_> = read
            .iter()
            .filter_map(|line| line.as_ref().err())
            .map(|err| (err.line(), err.path().to_owned()))
            .collect();
        assert_eq!(
            errors,
            [(1, "/0".to_owned()), (2, "/0".to_owned()), (3, "/1/1".to_owned())],
            "pieces of {step}"
        );
    }
}

/// Compares two readings line by line, naming the first difference (the whole list is too long
/// to print).
#[track_caller]
fn same_places<T: PartialEq + std::fmt::Debug>(read: Vec<T>, expected: &[T], how: &str) {
    if let Some(at) = read.iter().zip(expected).position(|(a, b)| a != b) {
        panic!("{how}: value {at}: {:?}, expected {:?}", read[at], expected[at]);
    }
    assert_eq!(read.len(), expected.len(), "{how}");
}

/// Long JSON Lines, read ahead many values at a time from each block: the same values and the
/// same errors (line and column) as reading the lines in memory, good and bad lines falling on
/// every place in the reading ahead and across block boundaries, whatever the pieces. (An error
/// in a value that spans two pieces may lack the JSON Pointer inside the line, which a value
/// read whole has.)
#[test]
fn lines_read_ahead_give_what_reading_in_memory_gives() {
    let lines: Vec<&str> = MIXED_LINES.iter().copied().cycle().take(MIXED_LINES.len() * 1200).collect();
    let input = lines.join("\n") + "\n";
    assert!(input.len() > 2 * 64 * 1024, "crosses blocks: {} bytes", input.len());
    type Places = Vec<Result<Vec<u32>, (usize, usize)>>;
    let places = |read: Vec<Result<Vec<u32>, jetwire_json::Error>>| -> Places {
        read.into_iter().map(|line| line.map_err(|err| (err.line(), err.column()))).collect()
    };
    let in_memory = places(SliceLines::<Vec<u32>>::new(input.as_bytes()).keep_going().collect());
    assert_eq!(in_memory.len(), mixed_lines_read().len() * 1200);
    for step in [7, 4096, 1 << 20] {
        let read = LinesReader::<_, Vec<u32>>::new(Trickle { bytes: input.as_bytes(), step }).keep_going();
        same_places(places(read.collect()), &in_memory, &format!("in pieces of {step} bytes"));
    }
    let read = LinesReader::<_, Vec<u32>>::new(input.as_bytes()).keep_going();
    same_places(places(read.collect()), &in_memory, "whole");
    futures_executor::block_on(async {
        let slow = SlowAsync { bytes: input.clone().into_bytes(), at: 0, step: 5000, ready: false };
        let mut lines = AsyncLinesReader::<SlowAsync, Vec<u32>>::new(slow).keep_going();
        let mut read = Vec::new();
        while let Some(line) = lines.next().await {
            read.push(line);
        }
        same_places(places(read), &in_memory, "async");
    });
    // Good lines only: every value, and by default an error after them ends the values.
    let good: String = (0..5000).map(|n| format!("[{n}]\n")).collect::<String>() + "[x]\n[1]\n";
    let read: Vec<_> = LinesReader::<_, Vec<u32>>::new(good.as_bytes()).collect();
    assert_eq!(read.len(), 5001);
    assert!(read[..5000].iter().enumerate().all(|(n, line)| line.as_ref().unwrap() == &[n as u32]));
    assert_eq!(read[5000].as_ref().unwrap_err().line(), 5001);
}
