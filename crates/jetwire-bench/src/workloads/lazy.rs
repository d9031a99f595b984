//! Lazy lookup cases: a few pointers into twitter and citm_catalog, found without parsing the
//! document, by jetwire's `get` and `get_many` against sonic-rs's `get` and `get_many` (the only
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

/// One step of a lookup path: a key into an object or a position in an array.
#[derive(Clone, Copy)]
pub enum Step {
    /// A property name.
    Key(&'static str),
    /// An array position.
    Index(usize),
}

/// The pointers of the twitter cases (the first is the example).
pub const TWITTER: &[&[Step]] = {
    use Step::*;
    &[
        &[Key("statuses"), Index(3), Key("user"), Key("name")],
        &[Key("statuses"), Index(50), Key("entities"), Key("hashtags")],
        &[Key("statuses"), Index(99), Key("retweet_count")],
        &[Key("search_metadata"), Key("count")],
    ]
};

/// The pointers of the citm_catalog cases.
pub const CITM_CATALOG: &[&[Step]] = {
    use Step::*;
    &[
        &[Key("events"), Key("138586341"), Key("name")],
        &[Key("performances"), Index(100), Key("prices"), Index(0), Key("amount")],
        &[Key("performances"), Index(242), Key("venueCode")],
        &[Key("venueNames"), Key("PLEYEL_PLEYEL")],
    ]
};

/// The JSON Pointer of `path`.
fn pointer(path: &[Step]) -> String {
    path.iter()
        .map(|step| match step {
            Step::Key(key) => format!("/{}", key.replace('~', "~0").replace('/', "~1")),
            Step::Index(index) => format!("/{index}"),
        })
        .collect()
}

/// sonic-rs's form of `path`.
fn sonic_path(path: &[Step]) -> Vec<PointerNode> {
    path.iter()
        .map(|step| match step {
            Step::Key(key) => PointerNode::Key((*key).into()),
            Step::Index(index) => PointerNode::Index(*index),
        })
        .collect()
}

/// The `get:<corpus>` and `get_many:<corpus>` specs.
pub fn specs(
    get_name: &'static str,
    get_many_name: &'static str,
    bytes: &'static [u8],
    paths: &'static [&'static [Step]],
) -> [CaseSpec; 2] {
    [
        CaseSpec::new(get_name, Op::Read, move |_| get_case(get_name, bytes, paths)),
        CaseSpec::new(get_many_name, Op::Read, move |_| get_many_case(get_many_name, bytes, paths)),
    ]
}

/// The value the document holds at each path (read by the checks' own parser).
fn expected(name: &str, bytes: &[u8], paths: &[&[Step]]) -> Result<Vec<check::Tree>, String> {
    let document = check::parse(bytes).map_err(|e| format!("{name}: {e}"))?;
    paths
        .iter()
        .map(|path| {
            document
                .pointer(&pointer(path))
                .cloned()
                .ok_or_else(|| format!("{name}: no value at {}", pointer(path)))
        })
        .collect()
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

fn get_case(name: &str, bytes: &'static [u8], paths: &'static [&'static [Step]]) -> Result<Case, String> {
    let expected = expected(name, bytes, paths)?;
    let pointers: Rc<Vec<String>> = Rc::new(paths.iter().map(|p| pointer(p)).collect());
    let sonic_paths: Rc<Vec<Vec<PointerNode>>> = Rc::new(paths.iter().map(|p| sonic_path(p)).collect());

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

    let entries = vec![
        Entry::new("jetwire", move || {
            let mut total = 0;
            for pointer in pointers.iter() {
                let value = jetwire::json::get(bytes, pointer).expect("checked").expect("checked");
                total += black_box(value.as_bytes()).len();
            }
            total
        }),
        Entry::new("sonic-rs", move || {
            let mut total = 0;
            for path in sonic_paths.iter() {
                let value = sonic_rs::get(bytes, path).expect("checked");
                total += black_box(value.as_raw_str()).len();
            }
            total
        }),
    ];
    Ok(Case::new(name, Group::Lazy, Op::Read, bytes.len(), entries))
}

fn get_many_case(
    name: &str,
    bytes: &'static [u8],
    paths: &'static [&'static [Step]],
) -> Result<Case, String> {
    let expected = expected(name, bytes, paths)?;
    let pointers: Vec<String> = paths.iter().map(|p| pointer(p)).collect();
    let ours_tree = jetwire::json::PointerTree::new(&pointers).map_err(|e| e.to_string())?;
    let mut sonic_tree = PointerTree::new();
    for path in paths {
        sonic_tree.add_path(sonic_path(path));
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
