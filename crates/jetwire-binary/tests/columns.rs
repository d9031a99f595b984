//! `#[jetwire(columnar)]`: sequences of a struct laid out in blocks of columns. The exact bytes,
//! block boundaries, every sequence type, the string types' shared column, error paths, drops
//! after errors and panics, and random values against the row layout (hostile counts, with
//! every allocation counted: allocations.rs).

use std::borrow::Cow;
use std::cell::Cell;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};

use jetwire::binary::{self, COLUMN_BLOCK, Decoder, Encoder};
use jetwire::{FromBinary, ToBinary};
use proptest::prelude::*;

/// A record in columns: a byte, a string, a number, a nested struct.
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Default)]
#[jetwire(columnar)]
struct Line {
    code: u8,
    text: String,
    size: u64,
    at: Point,
}

/// The same fields in rows: every single value encodes alike, only sequences differ.
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Default)]
struct LineRows {
    code: u8,
    text: String,
    size: u64,
    at: Point,
}

#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Copy, Default)]
struct Point {
    x: i16,
    y: i16,
}

/// [`Line`] borrowing its string.
#[derive(ToBinary, FromBinary, Debug, PartialEq)]
#[jetwire(columnar)]
struct LineRef<'a> {
    code: u8,
    text: &'a str,
    size: u64,
    at: Point,
}

fn line(i: usize) -> Line {
    Line {
        code: i as u8,
        text: "x".repeat(i % 7),
        size: (i as u64) << (i % 40),
        at: Point { x: i as i16, y: -(i as i16) },
    }
}

fn rows(line: &Line) -> LineRows {
    LineRows { code: line.code, text: line.text.clone(), size: line.size, at: line.at }
}

#[test]
fn the_bytes_are_blocks_of_columns() {
    let lines = vec![
        Line { code: 1, text: "ab".into(), size: 7, at: Point { x: 1, y: 2 } },
        Line { code: 2, text: "c".into(), size: 300, at: Point { x: 3, y: 4 } },
    ];
    let bytes = binary::to_vec(&lines).unwrap();
    #[rustfmt::skip]
    let expected = [
        2,                     // the count
        1, 2,                  // code, code
        2, 1, b'a', b'b', b'c', // the lengths, then the bytes
        7, 0, 0, 0, 0, 0, 0, 0, // size 7
        44, 1, 0, 0, 0, 0, 0, 0, // size 300
        1, 0, 2, 0, 3, 0, 4, 0, // at, at (each in rows: it is not columnar itself)
    ];
    assert_eq!(bytes, expected);
    assert_eq!(binary::from_slice::<Vec<Line>>(&bytes).unwrap(), lines);
    // A single value is not a sequence: it encodes as in rows.
    assert_eq!(binary::to_vec(&lines[0]).unwrap(), binary::to_vec(&rows(&lines[0])).unwrap());
}

#[test]
fn blocks_hold_column_block_elements() {
    let lines: Vec<Line> = (0..COLUMN_BLOCK + 2).map(line).collect();
    let bytes = binary::to_vec(&lines).unwrap();
    // The first block is the first COLUMN_BLOCK lines alone, the second the other two.
    let mut expected = Vec::new();
    binary::to_writer(&mut expected, &(lines.len() as u8)).unwrap();
    let mut tail = binary::to_vec(&lines[..COLUMN_BLOCK]).unwrap();
    tail.remove(0); // its count, 128, is one byte
    expected.extend_from_slice(&tail);
    let mut tail = binary::to_vec(&lines[COLUMN_BLOCK..]).unwrap();
    tail.remove(0);
    expected.extend_from_slice(&tail);
    assert_eq!(bytes, expected);
}

#[test]
fn every_sequence_type_reads_and_writes_columns() {
    for count in [0, 1, 2, COLUMN_BLOCK - 1, COLUMN_BLOCK, COLUMN_BLOCK + 1, 3 * COLUMN_BLOCK + 5] {
        let lines: Vec<Line> = (0..count).map(line).collect();
        let bytes = binary::to_vec(&lines).unwrap();
        assert_eq!(binary::from_slice::<Vec<Line>>(&bytes).unwrap(), lines, "{count}");
        assert_eq!(binary::to_vec(lines.as_slice()).unwrap(), bytes);
        assert_eq!(binary::to_vec(&lines.clone().into_boxed_slice()).unwrap(), bytes);
        assert_eq!(&*binary::from_slice::<Box<[Line]>>(&bytes).unwrap(), lines.as_slice());

        // A deque whose halves meet inside a block.
        let mut deque: VecDeque<Line> = lines.iter().skip(count / 3).cloned().collect();
        for line in lines.iter().take(count / 3).rev() {
            deque.push_front(line.clone());
        }
        assert_eq!(binary::to_vec(&deque).unwrap(), bytes, "{count}");
        assert_eq!(binary::from_slice::<VecDeque<Line>>(&bytes).unwrap(), deque);

        let borrowed: Vec<LineRef> = binary::from_slice(&bytes).unwrap();
        assert!(borrowed.iter().zip(&lines).all(|(b, l)| b.text == l.text && b.size == l.size));
        assert_eq!(binary::to_vec(&borrowed).unwrap(), bytes);

        // The same values in rows differ as bytes once there are two, but not as values.
        let in_rows: Vec<LineRows> = lines.iter().map(rows).collect();
        let row_bytes = binary::to_vec(&in_rows).unwrap();
        assert_eq!(row_bytes.len(), bytes.len());
        assert_eq!(row_bytes == bytes, count < 2, "{count}");
    }
}

#[test]
fn long_strings_take_long_lengths() {
    for long in [64, 65, 247, 248, 300, 70_000] {
        let mut lines: Vec<Line> = (0..COLUMN_BLOCK + 3).map(line).collect();
        lines[5].text = "é".repeat(long / 2) + "z".repeat(long % 2).as_str();
        lines[COLUMN_BLOCK + 1].text = "y".repeat(long);
        let bytes = binary::to_vec(&lines).unwrap();
        assert_eq!(binary::from_slice::<Vec<Line>>(&bytes).unwrap(), lines, "{long}");
        let borrowed: Vec<LineRef> = binary::from_slice(&bytes).unwrap();
        assert_eq!(borrowed[5].text, lines[5].text);
        let row_bytes = binary::to_vec(&lines.iter().map(rows).collect::<Vec<_>>()).unwrap();
        assert_eq!(bytes.len(), row_bytes.len(), "{long}");
    }
}

/// A string column against its layout written out one piece at a time: every length, then
/// every string's bytes. A long string at each place of the column (where the one-byte lengths
/// give way to full ones), appended after other bytes, into outputs with and without room.
#[test]
fn a_string_column_is_its_lengths_then_its_bytes() {
    let short: Vec<String> = (0..COLUMN_BLOCK).map(|i| "s".repeat(i % 70)).collect();
    for long_at in [None, Some(0), Some(1), Some(64), Some(COLUMN_BLOCK - 1)] {
        for long in [248, 300, 70_000] {
            let mut texts = short.clone();
            if let Some(at) = long_at {
                texts[at] = "l".repeat(long);
            }
            for room in [0, 1 << 20] {
                let mut expected = b"head".to_vec();
                for text in &texts {
                    Encoder::new(&mut expected).write_len(text.len());
                }
                for text in &texts {
                    expected.extend_from_slice(text.as_bytes());
                }
                let mut out = Vec::with_capacity(room);
                out.extend_from_slice(b"head");
                Encoder::new(&mut out).write_str_column(texts.iter().map(String::as_str));
                assert!(out == expected, "long string at {long_at:?}, {long} bytes, room {room}");
            }
        }
    }
}

#[test]
fn decoding_into_a_vec_replaces_its_elements_and_keeps_its_capacity() {
    let lines: Vec<Line> = (0..300).map(line).collect();
    let bytes = binary::to_vec(&lines).unwrap();
    let mut target: Vec<Line> = Vec::with_capacity(1000);
    target.push(line(9));
    binary::from_slice_into(&bytes, &mut target).unwrap();
    assert_eq!(target, lines);
    assert!(target.capacity() >= 1000);
    let short = binary::to_vec(&lines[..3]).unwrap();
    binary::from_slice_into(&short, &mut target).unwrap();
    assert_eq!(target, lines[..3]);
}

/// Every string type writes and reads the same column.
#[derive(ToBinary, FromBinary, Debug, PartialEq)]
#[jetwire(columnar)]
struct Texts<'a> {
    owned: String,
    borrowed: &'a str,
    boxed: Box<str>,
    cow: Cow<'a, str>,
    path: PathBuf,
    optional: Option<String>,
    shared: std::rc::Rc<str>,
    atomic: std::sync::Arc<str>,
    #[allow(clippy::box_collection, reason = "a pointer to a `String` is a string column too")]
    pointer: Box<String>,
}

/// The borrowed string types in columns, read back.
#[derive(ToBinary, FromBinary, Debug, PartialEq)]
#[jetwire(columnar)]
struct BorrowedTexts<'a> {
    borrowed: &'a str,
    path: &'a Path,
    cow: Cow<'a, str>,
}

#[derive(ToBinary)]
#[jetwire(columnar)]
struct TextRefs<'a> {
    owned: &'a String,
    borrowed: &'a &'a str,
    // A pointer to a pointer, to show that every pointer forwards the column.
    #[allow(clippy::redundant_allocation)]
    boxed: Box<&'a str>,
    cow: Cow<'a, str>,
    path: &'a Path,
    optional: Option<&'a str>,
    shared: &'a str,
    atomic: &'a str,
    pointer: std::rc::Rc<String>,
}

#[test]
fn the_string_types_share_one_column() {
    let words = ["", "a", "héllo", "日本", "x"];
    let texts: Vec<Texts> = (0..200)
        .map(|i| {
            let word = words[i % words.len()];
            Texts {
                owned: word.to_owned(),
                borrowed: word,
                boxed: word.into(),
                cow: Cow::Owned(word.to_owned()),
                path: PathBuf::from(word),
                optional: (i % 3 == 0).then(|| word.to_owned()),
                shared: word.into(),
                atomic: word.into(),
                pointer: Box::new(word.to_owned()),
            }
        })
        .collect();
    let bytes = binary::to_vec(&texts).unwrap();
    let borrowed_words: Vec<&str> = (0..200).map(|i| words[i % words.len()]).collect();
    let refs: Vec<TextRefs> = borrowed_words
        .iter()
        .zip(&texts)
        .map(|(word, t)| TextRefs {
            owned: &t.owned,
            borrowed: word,
            boxed: Box::new(word),
            cow: Cow::Borrowed(word),
            path: Path::new(word),
            optional: t.optional.as_deref(),
            shared: word,
            atomic: word,
            pointer: std::rc::Rc::new(word.to_string()),
        })
        .collect();
    assert_eq!(binary::to_vec(&refs).unwrap(), bytes);
    let back: Vec<Texts> = binary::from_slice(&bytes).unwrap();
    assert_eq!(back, texts);
    assert!(back.iter().all(|t| matches!(t.cow, Cow::Borrowed(_))));
    let borrowed: Vec<BorrowedTexts> = borrowed_words
        .iter()
        .map(|word| BorrowedTexts { borrowed: word, path: Path::new(word), cow: Cow::Borrowed(word) })
        .collect();
    let borrowed_bytes = binary::to_vec(&borrowed).unwrap();
    assert_eq!(binary::from_slice::<Vec<BorrowedTexts>>(&borrowed_bytes).unwrap(), borrowed);
    // One text column is every length, then every string's bytes.
    let column: Vec<&str> = borrowed_words[..COLUMN_BLOCK].to_vec();
    let mut out = Vec::new();
    Encoder::new(&mut out).write_str_column(column.iter().copied());
    let total: usize = column.iter().map(|w| w.len()).sum();
    assert_eq!(out.len(), COLUMN_BLOCK + total);
    assert_eq!(bytes[1..1 + out.len()], out[..], "the first column is `owned`'s");
}

#[test]
fn a_path_that_is_not_utf8_fails_its_column() {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        #[derive(ToBinary)]
        #[jetwire(columnar)]
        struct Files<'a> {
            path: &'a Path,
        }
        let bad = Path::new(std::ffi::OsStr::from_bytes(b"a\xFF"));
        let files = [Files { path: Path::new("ok") }, Files { path: bad }];
        let err = binary::to_vec(&files[..]).unwrap_err();
        assert!(err.to_string().contains("is not valid UTF-8"), "{err}");
        assert_eq!(err.path(), "/path");
    }
}

#[test]
fn errors_name_the_element_and_the_field() {
    let lines: Vec<Line> = (0..COLUMN_BLOCK + 10).map(line).collect();
    let bytes = binary::to_vec(&lines).unwrap();

    // Cut short in the second block.
    let err = binary::from_slice::<Vec<Line>>(&bytes[..bytes.len() - 3]).unwrap_err();
    assert!(err.is_eof(), "{err}");
    // The last column, `at`, is cut inside its last value.
    assert_eq!(err.path(), format!("/{}/at", COLUMN_BLOCK + 9), "{err}");

    // A string column whose lengths claim more than remains names the first that does not fit.
    let one = vec![Line { code: 1, text: "abc".into(), size: 1, at: Point::default() }];
    let mut bytes = binary::to_vec(&one).unwrap();
    bytes[2] = 200;
    let err = binary::from_slice::<Vec<Line>>(&bytes).unwrap_err();
    assert_eq!(err.path(), "/0/text");
    assert!(err.to_string().starts_with("invalid length: 200 bytes claimed"), "{err}");

    // The same where a length takes three bytes: the second string claims one byte more than
    // remains, and the error is at its first byte.
    let texts = ["a".repeat(300), "bc".into(), "d".into()];
    let lines: Vec<Line> = texts.iter().map(|text| Line { text: text.clone(), ..Line::default() }).collect();
    let mut bytes = binary::to_vec(&lines).unwrap();
    let lengths = 1 + 3; // the count, the codes
    assert_eq!(bytes[lengths..lengths + 5], [0xF9, 0x2C, 0x01, 2, 1]);
    let remain_after_first = bytes.len() - (lengths + 5 + 300);
    bytes[lengths + 3] = remain_after_first as u8 + 1;
    let err = binary::from_slice::<Vec<Line>>(&bytes).unwrap_err();
    assert_eq!(err.path(), "/1/text");
    assert_eq!(err.offset(), lengths + 5 + 300, "{err}");
    let claim =
        format!("{} bytes claimed, but only {remain_after_first} bytes remain", remain_after_first + 1);
    assert!(err.to_string().contains(&claim), "{err}");
    // And with invalid UTF-8 in the third string, after the long one, both ways of reading.
    let mut bytes = binary::to_vec(&lines).unwrap();
    let third = lengths + 5 + 300 + 2;
    bytes[third] = 0xFF;
    for err in [
        binary::from_slice::<Vec<Line>>(&bytes).unwrap_err(),
        binary::from_slice::<Vec<LineRef>>(&bytes).unwrap_err(),
    ] {
        assert_eq!((err.path(), err.offset()), ("/2/text", third), "{err}");
    }

    // Invalid UTF-8 in the 131st string.
    let mut lines: Vec<Line> = (0..COLUMN_BLOCK + 5).map(line).collect();
    lines[COLUMN_BLOCK + 2].text = "éé".into();
    let mut bytes = binary::to_vec(&lines).unwrap();
    let at = bytes.windows(4).rposition(|w| w == "éé".as_bytes()).unwrap();
    bytes[at + 1] = 0xFF;
    let err = binary::from_slice::<Vec<Line>>(&bytes).unwrap_err();
    assert_eq!(err.path(), format!("/{}/text", COLUMN_BLOCK + 2));
    assert!(err.to_string().contains("invalid UTF-8 in a string"), "{err}");
    assert_eq!(err.offset(), at, "the first byte that is not UTF-8: the character's start");
    let err = binary::from_slice::<Vec<LineRef>>(&bytes).unwrap_err();
    assert_eq!(err.path(), format!("/{}/text", COLUMN_BLOCK + 2));

    // A length that is not a varint in its shortest form, the second of its column.
    let lines = vec![line(1), line(2)];
    let mut bytes = binary::to_vec(&lines).unwrap();
    let second_length = 1 + 2 + 1; // the count, the codes, the first length
    bytes[second_length] = 0xF8; // a long varint's length byte, for a value below 248
    bytes.insert(second_length + 1, 2);
    let err = binary::from_slice::<Vec<Line>>(&bytes).unwrap_err();
    assert_eq!(err.path(), "/1/text", "{err}");
}

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

/// A value that counts how many of it are alive, and fails to decode from 0xEE and panics
/// on 0xDD.
#[derive(Debug, PartialEq)]
struct Counted(u8);

impl Counted {
    fn new(byte: u8) -> Self {
        LIVE.with(|live| live.set(live.get() + 1));
        Counted(byte)
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        LIVE.with(|live| live.set(live.get() - 1));
    }
}

impl ToBinary for Counted {
    fn encode(&self, encoder: &mut Encoder<'_>) -> binary::Result<()> {
        encoder.write_u8(self.0);
        Ok(())
    }
}

impl<'de> FromBinary<'de> for Counted {
    fn decode(decoder: &mut Decoder<'de>) -> binary::Result<Self> {
        match decoder.read_u8()? {
            0xEE => Err(decoder.error("a counted byte that fails")),
            0xDD => panic!("a counted byte that panics"),
            byte => Ok(Counted::new(byte)),
        }
    }
}

#[derive(ToBinary, FromBinary, Debug, PartialEq)]
#[jetwire(columnar)]
struct Pair {
    first: Counted,
    name: String,
    #[jetwire(skip)]
    skipped: Option<Box<Counted>>,
    second: Counted,
}

fn pairs(count: usize) -> Vec<Pair> {
    (0..count)
        .map(|i| Pair { first: Counted(1), name: i.to_string(), skipped: None, second: Counted(2) })
        .collect()
}

#[test]
fn a_failed_block_drops_what_it_decoded_and_nothing_else() {
    let live = || LIVE.with(Cell::get);
    let count = COLUMN_BLOCK + 20;
    let values = pairs(count);
    let bytes = binary::to_vec(&values).unwrap();
    LIVE.with(|l| l.set(0));
    let decoded: Vec<Pair> = binary::from_slice(&bytes).unwrap();
    assert_eq!(live(), 2 * count as isize);
    drop(decoded);
    assert_eq!(live(), 0);

    // The `second` column of the second block: its `first` column and part of `second` are
    // decoded when it fails, and the whole first block.
    let second_column = bytes.len() - 20;
    for (byte, index) in [(0xEE, 5), (0xDD, 5), (0xEE, 0), (0xDD, 19)] {
        let mut bad = bytes.clone();
        bad[second_column + index] = byte;
        let result = std::panic::catch_unwind(|| binary::from_slice::<Vec<Pair>>(&bad));
        match result {
            Ok(Err(err)) => assert_eq!(err.path(), format!("/{}/second", COLUMN_BLOCK + index)),
            Ok(Ok(_)) => panic!("decoded damaged input"),
            Err(_) => assert_eq!(byte, 0xDD),
        }
        assert_eq!(live(), 0, "{byte:#x} at {index}");
    }
    // A failure in the first column of the first block.
    let mut bad = bytes.clone();
    bad[1 + 3] = 0xEE;
    let err = binary::from_slice::<Vec<Pair>>(&bad).unwrap_err();
    assert_eq!(err.path(), "/3/first");
    assert_eq!(live(), 0);
    drop(values);
}

thread_local! {
    /// The bytes of the [`InRows`] values made, in the order they were made.
    static MADE: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A value whose column is read in element order (as the owned strings' are): counted like
/// [`Counted`], logged in [`MADE`] as it is made, failing on 0xEE and panicking on 0xDD.
#[derive(Debug, PartialEq)]
struct InRows(u8);

impl ToBinary for InRows {
    fn encode(&self, encoder: &mut Encoder<'_>) -> binary::Result<()> {
        encoder.write_u8(self.0);
        Ok(())
    }
}

/// An [`InRows`] column: its bytes, one per value, made into values as they are taken.
struct InRowsColumn<'de> {
    bytes: &'de [u8],
    first_index: usize,
}

impl<'de> binary::ColumnReader<'de, InRows> for InRowsColumn<'de> {
    fn value(&mut self, k: usize) -> binary::Result<InRows> {
        match self.bytes[k] {
            0xEE => {
                Err(binary::Error::custom("an in-rows byte that fails").prepend_index(self.first_index + k))
            }
            0xDD => panic!("an in-rows byte that panics"),
            byte => {
                LIVE.with(|live| live.set(live.get() + 1));
                MADE.with(|made| made.borrow_mut().push(byte));
                Ok(InRows(byte))
            }
        }
    }
}

impl Drop for InRows {
    fn drop(&mut self) {
        LIVE.with(|live| live.set(live.get() - 1));
    }
}

impl<'de> FromBinary<'de> for InRows {
    const COLUMN_IN_ROWS: bool = true;

    fn decode(decoder: &mut Decoder<'de>) -> binary::Result<Self> {
        let mut column = Self::open_column(decoder, 0..1)?;
        binary::ColumnReader::value(&mut column, 0)
    }

    fn open_column(
        decoder: &mut Decoder<'de>,
        indices: std::ops::Range<usize>,
    ) -> binary::Result<impl binary::ColumnReader<'de, Self> + use<'de>> {
        let bytes = decoder.read_bytes(indices.len())?;
        Ok(InRowsColumn { bytes, first_index: indices.start })
    }
}

#[derive(ToBinary, FromBinary, Debug, PartialEq)]
#[jetwire(columnar)]
struct Mixed {
    left: InRows,
    middle: Counted,
    right: InRows,
}

fn mixed(count: usize) -> Vec<Mixed> {
    (0..count).map(|_| Mixed { left: InRows(1), middle: Counted(2), right: InRows(3) }).collect()
}

#[test]
fn columns_in_rows_are_made_element_by_element() {
    let count = COLUMN_BLOCK + 20;
    let bytes = binary::to_vec(&mixed(count)).unwrap();
    LIVE.with(|l| l.set(0));
    MADE.with(|made| made.borrow_mut().clear());
    let decoded: Vec<Mixed> = binary::from_slice(&bytes).unwrap();
    assert_eq!(decoded.len(), count);
    assert!(decoded.iter().all(|m| (m.left.0, m.middle.0, m.right.0) == (1, 2, 3)));
    // Each element's `left`, then its `right`, element after element; `middle` is a column of
    // its own, written before them.
    assert_eq!(MADE.with(|made| made.borrow().clone()), [1, 3].repeat(count));
    assert_eq!(LIVE.with(Cell::get), 3 * count as isize);
    drop(decoded);
    assert_eq!(LIVE.with(Cell::get), 0);
}

#[test]
fn a_failed_block_in_rows_drops_what_it_made_and_nothing_else() {
    let live = || LIVE.with(Cell::get);
    let count = COLUMN_BLOCK + 20;
    let bytes = binary::to_vec(&mixed(count)).unwrap();
    LIVE.with(|l| l.set(0));
    // The second block's columns: `left`, `middle` and `right`, 20 bytes each.
    let (left, right) = (bytes.len() - 60, bytes.len() - 20);
    for (at, byte, path) in [
        (left, 0xEE, format!("/{COLUMN_BLOCK}/left")),
        (left + 7, 0xEE, format!("/{}/left", COLUMN_BLOCK + 7)),
        (right + 7, 0xEE, format!("/{}/right", COLUMN_BLOCK + 7)),
        (right + 19, 0xDD, String::new()),
        (left + 3, 0xDD, String::new()),
    ] {
        let mut bad = bytes.clone();
        bad[at] = byte;
        // 0xEE fails with the path given, 0xDD panics.
        match std::panic::catch_unwind(|| binary::from_slice::<Vec<Mixed>>(&bad)) {
            Ok(Err(err)) => assert!(byte == 0xEE && err.path() == path, "{byte:#x} at {at}: {err}"),
            Ok(Ok(_)) => panic!("decoded damaged input"),
            Err(_) => assert_eq!(byte, 0xDD),
        }
        assert_eq!(live(), 0, "{byte:#x} at {at}");
    }
    // Cut short: every element's bytes are all its columns' (3 bytes), so the count's check
    // refuses the input before any block is read.
    let err = binary::from_slice::<Vec<Mixed>>(&bytes[..bytes.len() - 1]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid length: 148 elements of at least 3 bytes claimed, but only 443 bytes remain at byte 1"
    );
    assert_eq!(live(), 0);
}

/// More columns than a fill can defer (64): the strings past them are read a column at a time.
/// (A string, 66 bytes and a string: 68 columns.)
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone, Default)]
#[jetwire(columnar)]
#[rustfmt::skip]
struct Wide(
    String,
    u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8,
    u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8,
    u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8,
    String,
);

#[test]
fn strings_past_the_64th_column_are_read_as_columns() {
    let rows: Vec<Wide> = (0..COLUMN_BLOCK + 5)
        .map(|i| Wide { 0: format!("first {i}"), 67: format!("last {i}"), ..Wide::default() })
        .collect();
    let bytes = binary::to_vec(&rows).unwrap();
    assert_eq!(binary::from_slice::<Vec<Wide>>(&bytes).unwrap(), rows);
    // A damaged last column fails with its path, after the first was deferred.
    let mut bad = bytes.clone();
    let last = bytes.len() - 5 * "last 13x".len() + 1;
    bad[last] = 0xFF;
    let err = binary::from_slice::<Vec<Wide>>(&bad).unwrap_err();
    assert_eq!(err.path(), format!("/{COLUMN_BLOCK}/67"), "{err}");
}

/// Columns inside columns: a columnar struct holding a `Vec` of another.
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone)]
#[jetwire(columnar)]
struct Group {
    id: u32,
    lines: Vec<Line>,
    label: Option<String>,
}

#[test]
fn nested_columns_round_trip() {
    let groups: Vec<Group> = (0..150)
        .map(|i| Group { id: i, lines: (0..i as usize % 5).map(line).collect(), label: Some(i.to_string()) })
        .collect();
    let bytes = binary::to_vec(&groups).unwrap();
    assert_eq!(binary::from_slice::<Vec<Group>>(&bytes).unwrap(), groups);
    let mut bad = bytes.clone();
    let last = bad.len() - 1;
    bad[last] = 0xFF;
    let err = binary::from_slice::<Vec<Group>>(&bad).unwrap_err();
    assert_eq!(err.path(), "/149/label", "{err}");
}

/// A generic tuple struct in columns, with a field written `with` a module (big-endian) and a
/// skipped field, which takes its default and has no column.
#[derive(ToBinary, FromBinary, Debug, PartialEq, Clone)]
#[jetwire(columnar)]
struct Tagged<T>(#[jetwire(with = "big_endian")] u16, T, #[jetwire(skip, default = "seven")] u8);

fn seven() -> u8 {
    7
}

mod big_endian {
    use jetwire::binary::{Decoder, Encoder, Result};

    pub fn to_binary(value: &u16, e: &mut Encoder<'_>) -> Result<()> {
        e.write_array(value.to_be_bytes());
        Ok(())
    }

    pub fn from_binary(d: &mut Decoder<'_>) -> Result<u16> {
        d.read_array().map(u16::from_be_bytes)
    }
}

#[test]
fn generic_tuple_structs_with_modules_and_skipped_fields() {
    let values = vec![Tagged(0x0102, "a".to_owned(), 7), Tagged(0x0304, "bc".to_owned(), 7)];
    let bytes = binary::to_vec(&values).unwrap();
    assert_eq!(bytes, [2, 1, 2, 3, 4, 1, 2, b'a', b'b', b'c']);
    assert_eq!(binary::from_slice::<Vec<Tagged<String>>>(&bytes).unwrap(), values);
    let err = binary::from_slice::<Vec<Tagged<String>>>(&bytes[..4]).unwrap_err();
    assert_eq!(err.path(), "/1/0");
    let numbers: Vec<Tagged<u64>> = (0..300).map(|i| Tagged(i as u16, i * 3, 7)).collect();
    let bytes = binary::to_vec(&numbers).unwrap();
    assert_eq!(binary::from_slice::<Vec<Tagged<u64>>>(&bytes).unwrap(), numbers);
}

fn arb_line() -> impl Strategy<Value = Line> {
    (any::<u8>(), ".{0,12}", any::<u64>(), any::<(i16, i16)>()).prop_map(|(code, text, size, (x, y))| Line {
        code,
        text,
        size,
        at: Point { x, y },
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn random_lines_round_trip_as_their_rows_do(lines in prop::collection::vec(arb_line(), 0..400)) {
        let bytes = binary::to_vec(&lines).unwrap();
        prop_assert_eq!(&binary::from_slice::<Vec<Line>>(&bytes).unwrap(), &lines);
        let row_bytes = binary::to_vec(&lines.iter().map(rows).collect::<Vec<_>>()).unwrap();
        prop_assert_eq!(bytes.len(), row_bytes.len());
        let borrowed: Vec<LineRef> = binary::from_slice(&bytes).unwrap();
        prop_assert_eq!(binary::to_vec(&borrowed).unwrap(), bytes);
    }

    #[test]
    fn damaged_columns_never_panic(
        lines in prop::collection::vec(arb_line(), 1..300),
        damage in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
        cut in any::<prop::sample::Index>(),
    ) {
        let bytes = binary::to_vec(&lines).unwrap();
        // Every strict prefix of a valid encoding fails (the encoding is prefix-free).
        let cut = cut.index(bytes.len());
        prop_assert!(binary::from_slice::<Vec<Line>>(&bytes[..cut]).is_err());
        let mut damaged = bytes;
        for (at, byte) in damage {
            let at = at.index(damaged.len());
            damaged[at] = byte;
        }
        // Damaged input decodes or fails, and never panics.
        let _ = binary::from_slice::<Vec<Line>>(&damaged);
        let _ = binary::from_slice::<Vec<LineRef>>(&damaged);
    }
}
