//! A document cut into pieces (the first byte of the input sets the cuts) reads exactly as in
//! one slice, through a `ChunkedInput` and through a `PushReader` fed one piece at a time: the
//! same value, or the same error at the same place.

#![no_main]

use jetwire::json::Value;
use jetwire::json::stream::{ChunkedInput, Pull, PushReader};
use jetwire_fuzz::outcome;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let Some((&seed, document)) = input.split_first() else { return };
    // Piece lengths from 1 to 16 bytes, cycling through a pattern the seed picks.
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

    let whole = outcome(&jetwire::json::from_slice::<Value>(document));
    let chunked = outcome(&ChunkedInput::new(pieces.iter().copied()).deserialize::<Value>());
    assert_eq!(chunked, whole, "ChunkedInput");

    let mut reader = PushReader::new();
    let mut next = pieces.iter();
    let pushed = loop {
        match reader.read_document::<Value>() {
            Ok(Pull::Ready(value)) => break outcome(&Ok(value)),
            Ok(Pull::NeedMoreData) => match next.next() {
                Some(piece) => reader.push(piece),
                None if !reader.is_input_ended() => reader.end_input(),
                None => panic!("needs more data after the end of the input"),
            },
            Err(err) => break outcome::<Value>(&Err(err)),
        }
    };
    assert_eq!(pushed, whole, "PushReader");
});
