//! Every way of reading a whole JSON document in memory against the others: the checks of the
//! `json_read` fuzz target, which `tests/fuzz_corpora.rs` replays on its committed corpus.

use jetwire_json::{Reader, Value};

use super::describe;

/// Any bytes through the DOM, the read-only document, `skip_value` and the tokens one by one: no
/// panic; all four agree on the verdict, and errors on the message and the place; a document read
/// into a `Value` is written and read back to the same `Value`, and the read-only document
/// converts to it and writes text that reads back to it. Panics on a disagreement.
pub fn check_read(input: &[u8]) {
    let value = jetwire_json::from_slice::<Value>(input);
    let mut parser = jetwire_json::document::Parser::new();
    let document = parser.parse(input);
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
    match (&value, &skipped, &tokens, &document) {
        (Ok(value), Ok(()), Ok(()), Ok(document)) => {
            let written = jetwire_json::to_vec(value).expect("a Value writes");
            let back: Value = jetwire_json::from_slice(&written).expect("written JSON reads back");
            assert_eq!(&back, value);
            assert_eq!(&document.to_value(), value, "the document converts to the DOM");
            // The document writes members as the input has them (a repeated key as often as it
            // appears): that text reads back to the same `Value`.
            let document_text = jetwire_json::to_vec(document).expect("a document writes");
            let back: Value = jetwire_json::from_slice(&document_text).expect("written JSON reads back");
            assert_eq!(&back, value, "the document's text reads back to the DOM");
        }
        (Err(a), Err(b), Err(c), Err(d)) => {
            assert_eq!((a.offset(), a.message()), (b.offset(), b.message()), "DOM against skip");
            assert_eq!((a.offset(), a.message()), (c.offset(), c.message()), "DOM against tokens");
            assert_eq!((a.offset(), a.message()), (d.offset(), d.message()), "DOM against document");
            // Building the error's position and path must not panic either.
            let _ = describe(a);
        }
        _ => panic!(
            "verdicts differ: DOM {:?}, skip {:?}, tokens {:?}, document {:?}",
            value.as_ref().err(),
            skipped.as_ref().err(),
            tokens.as_ref().err(),
            document.as_ref().err()
        ),
    }
}
