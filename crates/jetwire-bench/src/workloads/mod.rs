//! The workloads of `shared/reference/workloads.md`, as named case specifications that are built
//! (generated, then checked) only when selected.

#[cfg(c_peers)]
pub mod anchors;
pub mod arrow;
pub mod bridge;
pub mod checkfile;
// Model fields are named after the JSON they hold; documenting each would repeat its name.
#[allow(missing_docs)]
pub mod corpora;
pub mod document;
pub mod dom;
mod dom_entries;
pub mod escaped;
pub mod files;
pub mod lazy;
pub mod lines;
pub mod numeric;
#[allow(missing_docs)]
pub mod objects;
pub mod partial;
pub mod pieces;
pub mod rng;
pub mod tokens;

use std::rc::Rc;

use crate::harness::{Case, Group, Op};
use crate::peers::{self, Model, read_case, write_case};
use rng::Rng;

/// A generic document's bytes at a run's size: embedded (whatever the size), generated, or a
/// user's file.
pub type Source = Rc<dyn Fn(Size) -> Vec<u8>>;

/// The [`Source`] of embedded bytes.
pub fn embedded(bytes: &'static [u8]) -> Source {
    Rc::new(move |_| bytes.to_vec())
}

/// The DOM cases of a document named `name` (such as `dom:canada`), then its document cases
/// (`doc:canada`); every peer must hold it exactly.
pub fn dom_and_document_specs(name: &'static str, source: Source) -> Vec<CaseSpec> {
    let mut specs = Vec::from(dom::specs(name, source.clone()));
    specs.extend(document::specs(name, source, peers::Mismatch::Fails));
    specs
}

/// How large the generated workloads are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// The sizes of workloads.md.
    Standard,
    /// Much smaller collections, for CI's smoke run.
    Smoke,
}

impl Size {
    /// `standard` elements at standard size.
    pub fn count(self, standard: usize) -> usize {
        match self {
            Size::Standard => standard,
            Size::Smoke => (standard / 16).max(1),
        }
    }
}

/// A named case that can be built on demand.
pub struct CaseSpec {
    /// The case's name.
    pub name: &'static str,
    /// Read or write.
    pub op: Op,
    /// Whether the case runs only when asked for (`--large`): it takes too long for the
    /// default run.
    pub large: bool,
    build: Box<dyn Fn(Size) -> Result<Case, String>>,
}

impl CaseSpec {
    /// A spec named `name` whose case `build` generates and checks.
    pub fn new(name: &'static str, op: Op, build: impl Fn(Size) -> Result<Case, String> + 'static) -> Self {
        CaseSpec { name, op, large: false, build: Box::new(build) }
    }

    /// The spec, run only when asked for.
    pub fn large(mut self) -> Self {
        self.large = true;
        self
    }

    /// `name/op`, as `--filter` matches it.
    pub fn id(&self) -> String {
        format!("{}/{}", self.name, self.op.as_str())
    }

    /// Generates the workload and checks every implementation on it.
    pub fn build(&self, size: Size) -> Result<Case, String> {
        (self.build)(size)
    }
}

/// A read and a write spec for a generated model.
fn typed<T: Model + Clone>(name: &'static str, make: fn(&mut Rng, Size) -> T) -> [CaseSpec; 2] {
    let seed = name.bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    [
        CaseSpec::new(name, Op::Read, move |size| {
            let value = make(&mut Rng::new(seed), size);
            read_case::<T>(name, Group::Typed, serde_json::to_vec(&value).map_err(|e| e.to_string())?)
        }),
        CaseSpec::new(name, Op::Write, move |size| write_case(name, make(&mut Rng::new(seed), size))),
    ]
}

/// A read and a write spec for a corpus and its model.
fn corpus<T: Model + Clone>(name: &'static str, bytes: &'static [u8]) -> [CaseSpec; 2] {
    [
        CaseSpec::new(name, Op::Read, move |_| read_case::<T>(name, Group::Typed, bytes.to_vec())),
        CaseSpec::new(name, Op::Write, move |_| {
            let value: T = jetwire::json::from_slice(bytes).map_err(|e| format!("{name}: {e}"))?;
            write_case(name, value)
        }),
    ]
}

/// canada's specs: those of [`corpus`], with simdjson's On-Demand filling the same model as a
/// typed read where the C++ anchors are built.
fn canada() -> [CaseSpec; 2] {
    let [read, write] = corpus::<corpora::Canada>("canada", corpora::CANADA);
    #[cfg(c_peers)]
    let read = CaseSpec::new("canada", Op::Read, move |size| {
        let mut case = (read.build)(size)?;
        let expected = crate::check::parse(corpora::CANADA).map_err(|e| format!("canada: {e}"))?;
        let anchors = anchors::canada_read(corpora::CANADA, &expected);
        case.entries.extend(crate::peers::Mismatch::Fails.admit_all(anchors)?);
        Ok(case)
    });
    [read, write]
}

/// Every JSON case, in report order (the binary format's follow them: [`crate::all_cases`]).
pub fn json_cases() -> Vec<CaseSpec> {
    use objects::*;
    let mut specs = Vec::new();
    specs.extend(typed("Small", |rng, _| small(rng)));
    specs.extend(typed("Wide", |rng, _| wide(rng)));
    specs.extend(typed("Order", |rng, _| order(rng)));
    specs.extend(typed("SensorBatch", sensor_batch));
    specs.extend(typed("LogBatch", log_batch));
    specs.extend(typed("TextDocument", text_document));
    specs.extend(typed("UnicodeDocument", unicode_document));
    specs.extend(typed("DeepChain", |rng, _| deep_chain(rng)));
    specs.extend(canada());
    specs.extend(corpus::<corpora::CitmCatalog>("citm_catalog", corpora::CITM_CATALOG));
    specs.extend(corpus::<corpora::Twitter>("twitter", corpora::TWITTER));
    specs.extend(escaped::typed_specs());
    specs.extend(dom_and_document_specs("dom:canada", embedded(corpora::CANADA)));
    specs.extend(dom_and_document_specs("dom:citm_catalog", embedded(corpora::CITM_CATALOG)));
    specs.extend(dom_and_document_specs("dom:twitter", embedded(corpora::TWITTER)));
    specs.extend(escaped::dom_specs());
    specs.extend(numeric::dom_specs());
    specs.extend(lazy::specs("get:twitter", "get_many:twitter", corpora::TWITTER, lazy::TWITTER));
    specs.extend(lazy::specs(
        "get:citm_catalog",
        "get_many:citm_catalog",
        corpora::CITM_CATALOG,
        lazy::CITM_CATALOG,
    ));
    specs.extend(bridge::specs::<corpora::Canada>("serde:canada", corpora::CANADA));
    specs.extend(bridge::specs::<corpora::CitmCatalog>("serde:citm_catalog", corpora::CITM_CATALOG));
    specs.extend(bridge::specs::<corpora::Twitter>("serde:twitter", corpora::TWITTER));
    specs.extend(escaped::bridge_specs());
    specs.extend(numeric::bridge_specs());
    specs.push(CaseSpec::new("TokenWriting", Op::Write, |_| tokens::case()));
    specs.push(CaseSpec::new("ScalarI32", Op::Read, |_| {
        read_case::<i32>("ScalarI32", Group::Typed, b"-1234567".to_vec())
    }));
    specs.push(CaseSpec::new("ScalarF32", Op::Read, |_| {
        read_case::<f32>("ScalarF32", Group::Typed, b"12345.625".to_vec())
    }));
    specs.push(CaseSpec::new("ScalarF32", Op::Write, |_| write_case("ScalarF32", 12345.625f32)));
    // Input in pieces: chunked reads and files through io::Read (`pieces:*`, `file:*`), and
    // validation (`check:*`).
    specs.extend(pieces::specs());
    // Partial JSON: the value so far after every 100-byte piece (`partial:*`).
    specs.extend(partial::specs());
    // JSON Lines in memory, one typed value at a time (`lines:*`).
    specs.push(lines::spec());
    specs.extend(arrow::specs());
    specs.push(pieces::check_spec("check:twitter_escaped", escaped::source()));
    // Streaming validation of a large file, only when asked for (`checkfile:large`).
    specs.push(checkfile::spec());
    specs
}
