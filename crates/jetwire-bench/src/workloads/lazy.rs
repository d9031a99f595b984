//! Lazy lookup cases: a few pointers into twitter and citm_catalog (or a user's document, with
//! the pointers of `--pointer`), found without parsing the document, by jetwire's `get` and `get_many` against sonic-rs's `get` and `get_many` (the only
//! peer with lazy lookups).
//!
//! `get:<corpus>` looks each pointer up with its own call; `get_many:<corpus>` finds them all
//! in one pass, each library with its pointer tree built once, outside the timing. Checks before
//! timing: both libraries return, for every pointer, bytes that hold exactly the value the
//! document holds there.

use std::hint::black_box;
use std::rc::Rc;

use sonic_rs::{PointerNode, PointerTree};

use super::CaseSpec;
use crate::check;
use crate::harness::{Case, Entry, Group, Op};

/// The pointers of the twitter cases (the first is the example).
pub const TWITTER: &[&str] = &[
    "/statuses/3/user/name",
    "/statuses/50/entities/hashtags",
    "/statuses/99/retweet_count",
    "/search_metadata/count",
];

/// The pointers of the citm_catalog cases.
pub const CITM_CATALOG: &[&str] = &[
    "/events/138586341/name",
    "/performances/100/prices/0/amount",
    "/performances/242/venueCode",
    "/venueNames/PLEYEL_PLEYEL",
];

/// sonic-rs's form of `pointer` in `document`: each token a key where the document has an
/// object, a position where it has an array (a JSON Pointer alone cannot tell `/0` apart).
fn sonic_path(document: &check::Tree, pointer: &str) -> Result<Vec<PointerNode>, String> {
    let mut at = document;
    let mut path = Vec::new();
    let mut walked = String::new();
    for token in pointer.split('/').skip(1) {
        walked.push('/');
        walked.push_str(token);
        let key = token.replace("~1", "/").replace("~0", "~");
        path.push(match at {
            check::Tree::Array(_) => {
                PointerNode::Index(key.parse().map_err(|_| format!("no value at {walked}"))?)
            }
            _ => PointerNode::Key(key.into()),
        });
        at = document.pointer(&walked).ok_or_else(|| format!("no value at {walked}"))?;
    }
    Ok(path)
}

/// The `get:<corpus>` and `get_many:<corpus>` specs.
pub fn specs(
    get_name: &'static str,
    get_many_name: &'static str,
    bytes: &'static [u8],
    pointers: &'static [&'static str],
) -> [CaseSpec; 2] {
    let owned = || pointers.iter().map(|p| (*p).to_owned()).collect::<Vec<_>>();
    [
        CaseSpec::new(get_name, Op::Read, move |_| get_case(get_name, bytes, &owned())),
        CaseSpec::new(get_many_name, Op::Read, move |_| get_many_case(get_many_name, bytes, &owned())),
    ]
}

/// The value the document holds at each pointer (read by the checks' own parser), and each
/// pointer in sonic-rs's form.
type Expected = (Vec<check::Tree>, Vec<Vec<PointerNode>>);

fn expected(name: &str, bytes: &[u8], pointers: &[String]) -> Result<Expected, String> {
    let document = check::parse(bytes).map_err(|e| format!("{name}: {e}"))?;
    let values = pointers
        .iter()
        .map(|p| document.pointer(p).cloned().ok_or_else(|| format!("{name}: no value at {p}")))
        .collect::<Result<_, _>>()?;
    let paths = pointers
        .iter()
        .map(|p| sonic_path(&document, p).map_err(|e| format!("{name}: {e}")))
        .collect::<Result<_, _>>()?;
    Ok((values, paths))
}

/// Checks that `found` (one library's answers) are `expected`.
fn check(name: &str, implementation: &str, expected: &[check::Tree], found: &[&[u8]]) -> Result<(), String> {
    if expected.len() != found.len() {
        return Err(format!("{name}: {implementation} finds {} of {} values", found.len(), expected.len()));
    }
    for (value, bytes) in expected.iter().zip(found) {
        let read = check::parse(bytes).map_err(|e| format!("{name}: {implementation}: {e}"))?;
        let deviations = check::compare(value, &read);
        if !deviations.is_empty() {
            return Err(format!("{name}: {implementation} finds a different value: {deviations}"));
        }
    }
    Ok(())
}

/// `get:<document>`: each of `pointers` looked up in `bytes` with its own call.
pub fn get_case(name: &str, bytes: &[u8], pointers: &[String]) -> Result<Case, String> {
    let (expected, sonic_paths) = expected(name, bytes, pointers)?;
    let pointers = pointers.to_vec();

    let ours: Vec<&[u8]> = pointers
        .iter()
        .map(|p| {
            jetwire::json::get(bytes, p)
                .map_err(|e| e.to_string())?
                .map(|v| v.as_bytes())
                .ok_or("not found".to_owned())
        })
        .collect::<Result<_, String>>()
        .map_err(|e| format!("{name}: jetwire: {e}"))?;
    check(name, "jetwire", &expected, &ours)?;
    let theirs: Vec<sonic_rs::LazyValue<'_>> = sonic_paths
        .iter()
        .map(|p| sonic_rs::get(bytes, p))
        .collect::<Result<_, _>>()
        .map_err(|e| format!("{name}: sonic-rs: {e}"))?;
    let theirs: Vec<&[u8]> = theirs.iter().map(|v| v.as_raw_str().as_bytes()).collect();
    check(name, "sonic-rs", &expected, &theirs)?;
    if ours != theirs {
        return Err(format!("{name}: jetwire and sonic-rs return different bytes"));
    }

    let (ours, theirs) = (Rc::new(bytes.to_vec()), Rc::new(bytes.to_vec()));
    let entries = vec![
        Entry::new("jetwire", move || {
            let mut total = 0;
            for pointer in &pointers {
                let value = jetwire::json::get(ours.as_slice(), pointer).expect("checked").expect("checked");
                total += black_box(value.as_bytes()).len();
            }
            total
        }),
        Entry::new("sonic-rs", move || {
            let mut total = 0;
            for path in &sonic_paths {
                let value = sonic_rs::get(theirs.as_slice(), path).expect("checked");
                total += black_box(value.as_raw_str()).len();
            }
            total
        }),
    ];
    Ok(Case::new(name, Group::Lazy, Op::Read, bytes.len(), entries))
}

/// `get_many:<document>`: all of `pointers` found in one pass.
fn get_many_case(name: &str, bytes: &'static [u8], pointers: &[String]) -> Result<Case, String> {
    let (expected, sonic_paths) = expected(name, bytes, pointers)?;
    let ours_tree = jetwire::json::PointerTree::new(pointers).map_err(|e| e.to_string())?;
    let mut sonic_tree = PointerTree::new();
    for path in sonic_paths {
        sonic_tree.add_path(path);
    }

    let ours = ours_tree.get_many(bytes).map_err(|e| format!("{name}: jetwire: {e}"))?;
    let ours: Vec<&[u8]> = ours.iter().map(|v| v.map_or(&b""[..], |v| v.as_bytes())).collect();
    check(name, "jetwire", &expected, &ours)?;
    let theirs = sonic_rs::get_many(bytes, &sonic_tree).map_err(|e| format!("{name}: sonic-rs: {e}"))?;
    let theirs: Vec<&[u8]> =
        theirs.iter().map(|v| v.as_ref().map_or(&b""[..], |v| v.as_raw_str().as_bytes())).collect();
    check(name, "sonic-rs", &expected, &theirs)?;
    if ours != theirs {
        return Err(format!("{name}: jetwire and sonic-rs return different bytes"));
    }

    let entries = vec![
        Entry::new("jetwire", move || {
            let found = ours_tree.get_many(bytes).expect("checked");
            black_box(&found);
            found.len()
        }),
        Entry::new("sonic-rs", move || {
            let found = sonic_rs::get_many(bytes, &sonic_tree).expect("checked");
            black_box(&found);
            found.len()
        }),
    ];
    Ok(Case::new(name, Group::Lazy, Op::Read, bytes.len(), entries))
}
