//! Exact comparison of two [`Tree`]s, with every difference named by its JSON Pointer.

use std::collections::HashMap;
use std::fmt;

use super::{Tree, canonical_integer, is_integer_spelling};

/// The most a float may be off, in units in the last place, and still count as rounded
/// differently rather than wrong.
pub const ROUNDING_ULPS: u64 = 2;

/// One place where two trees differ.
#[derive(Clone, Debug, PartialEq)]
pub struct Deviation {
    /// The JSON Pointer of the value.
    pub path: String,
    /// What was expected and what was found.
    pub what: String,
    /// Whether both are floats of the same width that differ only in rounding (by `ulps` units
    /// in the last place), rather than different values.
    pub rounding_ulps: Option<u64>,
}

/// Every difference between two trees, in document order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Deviations(pub Vec<Deviation>);

impl Deviations {
    /// Whether the trees agree.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether every difference is a float rounded differently, by at most
    /// [`ROUNDING_ULPS`] units in the last place (what a parser that is not correctly rounded
    /// does, such as serde_json without `float_roundtrip`).
    pub fn only_rounding(&self) -> bool {
        self.0.iter().all(|d| d.rounding_ulps.is_some_and(|ulps| ulps <= ROUNDING_ULPS))
    }
}

impl fmt::Display for Deviations {
    /// The count, the largest rounding difference, and the first few places.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.0.len();
        write!(f, "{count} value{}", if count == 1 { "" } else { "s" })?;
        if let Some(ulps) = self.0.iter().filter_map(|d| d.rounding_ulps).max() {
            write!(f, " (at most {ulps} ulp{})", if ulps == 1 { "" } else { "s" })?;
        }
        for (i, deviation) in self.0.iter().take(3).enumerate() {
            let path = if deviation.path.is_empty() { "the root" } else { &deviation.path };
            write!(f, "{} {path}: {}", if i == 0 { ":" } else { ";" }, deviation.what)?;
        }
        if count > 3 {
            write!(f, "; ...")?;
        }
        Ok(())
    }
}

/// Every difference between `expected` and `found`.
pub fn compare(expected: &Tree, found: &Tree) -> Deviations {
    compare_with(expected, found, false)
}

/// [`compare`], where with `absent_is_null` a member that one side lacks and the other holds as
/// `null` is no difference: how a typed read treats an `Option` field the input leaves out.
pub fn compare_with(expected: &Tree, found: &Tree, absent_is_null: bool) -> Deviations {
    let mut walker = Walker { absent_is_null, path: String::new(), out: Deviations::default() };
    walker.walk(expected, found);
    walker.out
}

/// A JSON Pointer step for `key`.
fn push_key(path: &mut String, key: &str) {
    path.push('/');
    for c in key.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

fn describe(tree: &Tree) -> String {
    match tree {
        Tree::Null => "null".into(),
        Tree::Bool(b) => b.to_string(),
        Tree::Int(text) | Tree::Number(text) => text.clone(),
        Tree::F64(x) => format!("{x:?} (f64)"),
        Tree::F32(x) => format!("{x:?} (f32)"),
        Tree::Str(s) if s.len() > 40 => format!("a string of {} bytes", s.len()),
        Tree::Str(s) => format!("{s:?}"),
        Tree::Array(a) => format!("an array of {}", a.len()),
        Tree::Object(o) => format!("an object of {}", o.len()),
    }
}

/// The number a tree holds, as one comparable form.
#[derive(Clone, Copy)]
enum Num<'a> {
    /// An integer from a model (any width), canonical.
    Int(&'a str),
    /// An integer spelled in JSON text, as spelled (`-0` read into a float is `-0.0`).
    IntegerText(&'a str),
    /// A float spelled in JSON text, of no known width.
    FloatText(&'a str),
    /// An `f64` from a model.
    F64(f64),
    /// An `f32` from a model.
    F32(f32),
}

fn number(tree: &Tree) -> Option<Num<'_>> {
    Some(match tree {
        Tree::Int(text) => Num::Int(canonical_integer(text)),
        Tree::Number(text) if is_integer_spelling(text) => Num::IntegerText(text),
        Tree::Number(text) => Num::FloatText(text),
        Tree::F64(x) => Num::F64(*x),
        Tree::F32(x) => Num::F32(*x),
        _ => return None,
    })
}

impl Num<'_> {
    fn as_f64(self) -> Option<f64> {
        match self {
            Num::Int(t) | Num::IntegerText(t) | Num::FloatText(t) => t.parse().ok(),
            Num::F64(x) => Some(x),
            Num::F32(x) => Some(f64::from(x)),
        }
    }

    fn as_f32(self) -> Option<f32> {
        match self {
            Num::Int(t) | Num::IntegerText(t) | Num::FloatText(t) => t.parse().ok(),
            Num::F32(x) => Some(x),
            Num::F64(_) => None,
        }
    }
}

/// Units in the last place between two floats of one width, given as sign and magnitude bits.
fn ulps(a: (bool, u64), b: (bool, u64)) -> u64 {
    // IEEE floats are sign-magnitude: on this line, neighbouring floats differ by one.
    let line = |(negative, magnitude): (bool, u64)| {
        if negative { -i128::from(magnitude) } else { i128::from(magnitude) }
    };
    u64::try_from(line(a).abs_diff(line(b))).unwrap_or(u64::MAX)
}

fn f64_parts(x: f64) -> (bool, u64) {
    (x.is_sign_negative(), x.to_bits() & !(1 << 63))
}

fn f32_parts(x: f32) -> (bool, u64) {
    (x.is_sign_negative(), u64::from(x.to_bits() & !(1 << 31)))
}

/// Compares two numbers: `None` when equal, else the difference (with its ulps when both are
/// floats that differ only in rounding).
///
/// Integers compare as integers of any size. An integer and a float agree only where one side
/// is a model's float and the other an integer spelled in text (`1` read into an `f64` field);
/// otherwise an integer written as a float, or a float as an integer, is a different value.
/// Floats compare bit for bit, at `f32` width when the model says `f32`.
fn compare_numbers(expected: Num<'_>, found: Num<'_>) -> Option<Option<u64>> {
    use Num::*;
    match (expected, found) {
        (Int(a) | IntegerText(a), Int(b) | IntegerText(b)) => {
            (canonical_integer(a) != canonical_integer(b)).then_some(None)
        }
        (IntegerText(_), F64(_) | F32(_)) | (F64(_) | F32(_), IntegerText(_)) => {
            float_difference(expected, found)
        }
        (Int(_) | IntegerText(_), _) | (_, Int(_) | IntegerText(_)) => Some(None),
        _ => float_difference(expected, found),
    }
}

fn float_difference(expected: Num<'_>, found: Num<'_>) -> Option<Option<u64>> {
    if matches!(expected, Num::F32(_)) || matches!(found, Num::F32(_)) {
        let (Some(a), Some(b)) = (expected.as_f32(), found.as_f32()) else { return Some(None) };
        return (a.to_bits() != b.to_bits()).then(|| Some(ulps(f32_parts(a), f32_parts(b))));
    }
    let (Some(a), Some(b)) = (expected.as_f64(), found.as_f64()) else { return Some(None) };
    (a.to_bits() != b.to_bits()).then(|| Some(ulps(f64_parts(a), f64_parts(b))))
}

struct Walker {
    absent_is_null: bool,
    /// The JSON Pointer of the values being compared.
    path: String,
    out: Deviations,
}

impl Walker {
    fn differ(&mut self, what: String, rounding_ulps: Option<u64>) {
        self.out.0.push(Deviation { path: self.path.clone(), what, rounding_ulps });
    }

    /// Compares the values at `step` below the current path.
    fn below(&mut self, step: &str, expected: &Tree, found: &Tree) {
        let len = self.path.len();
        push_key(&mut self.path, step);
        self.walk(expected, found);
        self.path.truncate(len);
    }

    fn walk(&mut self, expected: &Tree, found: &Tree) {
        let mismatch = || format!("expected {}, found {}", describe(expected), describe(found));
        match (expected, found) {
            (Tree::Array(a), Tree::Array(b)) if a.len() == b.len() => {
                for (index, (x, y)) in a.iter().zip(b).enumerate() {
                    self.below(&index.to_string(), x, y);
                }
            }
            (Tree::Object(a), Tree::Object(b)) => self.members(a, b),
            (Tree::Null, Tree::Null) => {}
            (Tree::Bool(a), Tree::Bool(b)) if a == b => {}
            (Tree::Str(a), Tree::Str(b)) if a == b => {}
            _ => match (number(expected), number(found)) {
                (Some(a), Some(b)) => {
                    if let Some(rounding) = compare_numbers(a, b) {
                        self.differ(mismatch(), rounding);
                    }
                }
                _ => self.differ(mismatch(), None),
            },
        }
    }

    /// Two objects' members, matched by key whatever their order; a key twice on either side
    /// is a difference.
    fn members(&mut self, expected: &[(String, Tree)], found: &[(String, Tree)]) {
        fn index(members: &[(String, Tree)]) -> HashMap<&str, &Tree> {
            members.iter().map(|(key, value)| (key.as_str(), value)).collect()
        }
        let (by_key_expected, by_key_found) = (index(expected), index(found));
        if by_key_expected.len() != expected.len() || by_key_found.len() != found.len() {
            self.differ("a key given twice".into(), None);
            return;
        }
        let absent_is_null = self.absent_is_null;
        let optional = |value: &Tree| absent_is_null && *value == Tree::Null;
        let mut lone = Vec::new();
        for (key, x) in expected {
            match by_key_found.get(key.as_str()) {
                Some(y) => self.below(key, x, y),
                None if optional(x) => {}
                None => lone.push((key, "missing")),
            }
        }
        for (key, y) in found {
            if !by_key_expected.contains_key(key.as_str()) && !optional(y) {
                lone.push((key, "not expected"));
            }
        }
        for (key, what) in lone {
            let len = self.path.len();
            push_key(&mut self.path, key);
            self.differ(what.into(), None);
            self.path.truncate(len);
        }
    }
}
