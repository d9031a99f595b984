//! "Decoding hostile input": the nesting limit and how failures are reported.

use super::*;

/// "Limits nesting to `DecodeOptions::max_depth` (128 by default) levels of boxes and
/// collections".
#[test]
fn nesting_is_limited_to_128_levels_of_boxes_and_collections() {
    // `Event::Batch(vec![...])`, `depth` times, around `Event::Start`: one `Vec` a level.
    let batches = |depth: usize| {
        Spec::bytes(|s| {
            for _ in 0..depth {
                s.variant(5);
                s.len(1);
            }
            s.variant(0);
        })
    };
    assert!(binary::from_slice::<Event>(&batches(128)).is_ok());
    refused::<Event>(&batches(129), Category::Limit);
    // `Event::Nested(Some(Box::new(...)))`: one `Box` a level (an `Option` is neither).
    let boxes = |depth: usize| {
        Spec::bytes(|s| {
            for _ in 0..depth {
                s.variant(4);
                s.u8(0x01);
            }
            s.variant(0);
        })
    };
    assert!(binary::from_slice::<Event>(&boxes(128)).is_ok());
    refused::<Event>(&boxes(129), Category::Limit);
}

/// "Elements whose encoding can be empty ... their count, weighted by their size in memory (at
/// least 1), is capped per message by `DecodeOptions::empty_element_budget` (1 MiB by default;
/// exceeding it is a *limit* error)."
#[test]
fn empty_elements_are_capped_per_message() {
    const MIB: usize = 1 << 20;
    let units = |n: usize| Spec::bytes(|s| s.len(n));
    assert_eq!(binary::from_slice::<Vec<()>>(&units(MIB)).unwrap().len(), MIB);
    refused::<Vec<()>>(&units(MIB + 1), Category::Limit);
    // Per message: two collections share one budget.
    let two = |a: usize, b: usize| {
        Spec::bytes(|s| {
            s.len(a);
            s.len(b)
        })
    };
    assert!(binary::from_slice::<(Vec<()>, Vec<Unit>)>(&two(MIB / 2, MIB / 2)).is_ok());
    refused::<(Vec<()>, Vec<Unit>)>(&two(MIB / 2, MIB / 2 + 1), Category::Limit);
}

/// "Reports every error with a category ..., the byte offset, and the path of the failing
/// value (`/lines/3/qty`), for example `invalid bool: expected 0 or 1, found 0x07 at /flags/1
/// (byte 9)`."
#[test]
fn errors_report_category_path_and_offset() {
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    struct Flagged {
        x: u32,
        y: u16,
        z: u8,
        flags: Vec<bool>,
    }
    let bytes = Spec::bytes(|s| {
        s.u32(0);
        s.u16(0);
        s.u8(0);
        s.seq([0x01u8, 0x07], Spec::u8);
    });
    let err = refused::<Flagged>(&bytes, Category::Data);
    assert_eq!(err.path(), "/flags/1");
    assert_eq!(err.offset(), 9);
    assert_eq!(err.to_string(), "invalid bool: expected 0 or 1, found 0x07 at /flags/1 (byte 9)");
}
