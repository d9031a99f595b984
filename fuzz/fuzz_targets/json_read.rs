//! Any bytes through every way of reading a whole JSON document: the DOM, `skip_value`, and the
//! tokens one by one. No panic; the three agree on the verdict, and errors on the message and
//! the place; a document read into a `Value` is written and read back to the same `Value`.

#![no_main]

use jetwire::json::{Reader, Value};
use jetwire_fuzz::describe;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let value = jetwire::json::from_slice::<Value>(input);
    let skipped = {
        let mut reader = Reader::new(input);
        reader.skip_value().and_then(|()| reader.finish())
    };
    let tokens = {
        let mut reader = Reader::new(input);
        let mut result = Ok(());
        loop {
            match reader.next_token() {
                Ok(Some(_)) => {}
                Ok(None) => break,
                Err(err) => {
                    result = Err(err);
                    break;
                }
            }
        }
        result
    };
    match (&value, &skipped, &tokens) {
        (Ok(value), Ok(()), Ok(())) => {
            let written = jetwire::json::to_vec(value).expect("a Value writes");
            let back: Value = jetwire::json::from_slice(&written).expect("written JSON reads back");
            assert_eq!(&back, value);
        }
        (Err(a), Err(b), Err(c)) => {
            assert_eq!((a.offset(), a.message()), (b.offset(), b.message()), "DOM against skip");
            assert_eq!((a.offset(), a.message()), (c.offset(), c.message()), "DOM against tokens");
            // Building the error's position and path must not panic either.
            let _ = describe(a);
        }
        _ => panic!(
            "verdicts differ: DOM {:?}, skip {:?}, tokens {:?}",
            value.as_ref().err(),
            skipped.as_ref().err(),
            tokens.as_ref().err()
        ),
    }
});
