//! Async sources: tokio's `AsyncBufRead` and `Stream`s of byte chunks give the batches that the
//! same bytes give read at once, whatever the pieces; errors end the stream.

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use futures_util::StreamExt;
use jetwire_arrow::{ChunkStream, ReaderBuilder};
use proptest::prelude::*;

fn schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        Field::new("n", DataType::Int64, false),
        Field::new_list("tags", Field::new_list_field(DataType::Utf8, true), true),
    ]))
}

fn input(rows: usize) -> String {
    (0..rows).map(|n| format!("{{\"n\": {n},\n \"tags\": [\"t{n}\", null]}}\n")).collect()
}

fn at_once(input: &str, batch_size: usize) -> Vec<RecordBatch> {
    ReaderBuilder::new(schema())
        .with_batch_size(batch_size)
        .build(input.as_bytes())
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn a_tokio_buf_reader_gives_the_batches_of_the_whole() {
    let input = input(50);
    let expected = at_once(&input, 7);
    futures_executor::block_on(async {
        let source = tokio::io::BufReader::with_capacity(5, input.as_bytes());
        let mut reader = ReaderBuilder::new(schema()).with_batch_size(7).build_async(source).unwrap();
        assert_eq!(reader.schema(), schema());
        let mut batches = Vec::new();
        while let Some(batch) = reader.next_batch().await {
            batches.push(batch.unwrap());
        }
        assert_eq!(batches, expected);
        assert!(reader.next_batch().await.is_none());
    });
}

/// A stream of chunks that panics when polled again after its end, as a stream may.
struct Unfused {
    chunks: Vec<Result<Vec<u8>, std::io::Error>>,
    ended: bool,
}

impl futures_core::Stream for Unfused {
    type Item = Result<Vec<u8>, std::io::Error>;

    fn poll_next(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        assert!(!self.ended, "polled after its end");
        if self.chunks.is_empty() {
            self.ended = true;
            return Poll::Ready(None);
        }
        Poll::Ready(Some(self.chunks.remove(0)))
    }
}

#[test]
fn errors_end_the_stream_and_the_end_is_not_polled_twice() {
    let run = |chunks: Vec<Result<Vec<u8>, std::io::Error>>| -> Vec<Result<usize, String>> {
        futures_executor::block_on(async {
            let source = ChunkStream::new(Unfused { chunks, ended: false });
            let reader = ReaderBuilder::new(schema()).with_batch_size(2).build_async(source).unwrap();
            reader.map(|batch| batch.map(|b| b.num_rows()).map_err(|e| e.to_string())).collect().await
        })
    };
    assert_eq!(run(vec![Ok(input(3).into_bytes())]), [Ok(2), Ok(1)]);
    assert_eq!(run(vec![Ok(input(2).into_bytes())]), [Ok(2)]);
    assert_eq!(run(Vec::new()), []);
    let failed = std::io::Error::other("connection reset");
    assert_eq!(
        run(vec![Ok(b"{\"n\": 1}\n".to_vec()), Err(failed)]),
        [Err("External error: connection reset".to_owned())]
    );
    assert_eq!(
        run(vec![Ok(b"{\"n\": 1}\n{\"n\": 2}\n{\"n\": \"x\"}\n".to_vec())]),
        [
            Ok(2),
            Err("Json error: line 3, column 7, at /n (column \"n\"): expected i64, found the string \"x\""
                .to_owned())
        ]
    );
    let cut = run(vec![Ok(b"{\"n\": 1}\n{\"n\"".to_vec())]);
    assert!(matches!(&cut[..], [Err(message)] if message.starts_with("Json error: line 2")), "{cut:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// Chunks cut anywhere give the batches of the whole input.
    #[test]
    fn chunks_cut_anywhere_give_the_batches_of_the_whole(
        rows in 0usize..40,
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
        batch_size in 1usize..9,
    ) {
        let input = input(rows);
        let mut cuts: Vec<usize> = cuts.iter().map(|i| i.index(input.len() + 1)).collect();
        cuts.push(input.len());
        cuts.sort_unstable();
        let mut start = 0;
        let mut chunks = Vec::new();
        for cut in cuts {
            chunks.push(Ok::<_, ArrowError>(input.as_bytes()[start..cut].to_vec()));
            start = cut;
        }
        let batches: Vec<RecordBatch> = futures_executor::block_on(async {
            let source = ChunkStream::new(futures_util::stream::iter(chunks));
            let reader = ReaderBuilder::new(schema()).with_batch_size(batch_size).build_async(source).unwrap();
            reader.map(Result::unwrap).collect().await
        });
        prop_assert_eq!(batches, at_once(&input, batch_size));
    }
}
