//! The binary workloads (`bin:*` cases): jetwire's binary format side by side with bitcode,
//! postcard, rkyv and wincode, on the same models ([`models`], [`community`]).
//!
//! Per workload, three cases:
//!
//! - `bin:W/write`: serialize into a reused buffer (every implementation's reuse API: jetwire's
//!   `to_writer`, a reused `bitcode::Buffer`, postcard's `to_extend` and wincode's
//!   `serialize_into` into a reused `Vec`, rkyv's `to_bytes_in` into a reused `AlignedVec`);
//! - `bin:W/read`: deserialize into an owned value (rkyv: its validated `from_bytes`);
//! - `bin:W:borrowed/read`: deserialize borrowing strings from the input where the model has
//!   strings, next to rkyv's validated `access` (which builds no value at all).
//!
//! Before anything is timed, every implementation's bytes are decoded by that implementation
//! and compared with the original value (borrowed decodes with jetwire's borrowed decode).
//! [`size_table`] reports every implementation's size, raw and after zstd.

/// Derives every format's encoder and decoder on each item.
macro_rules! every_format {
    ($($item:item)*) => {$(
        #[derive(
            Clone, Debug, PartialEq,
            jetwire::ToBinary, jetwire::FromBinary,
            serde::Serialize, serde::Deserialize,
            bitcode::Encode, bitcode::Decode,
            rkyv::Archive, rkyv::Serialize, rkyv::Deserialize,
            wincode::SchemaWrite, wincode::SchemaRead,
        )]
        $item
    )*};
}

/// Derives every format's decoder (and jetwire's encoder, to check the borrowed model against
/// the owned one) on each item.
macro_rules! every_decoder {
    ($($item:item)*) => {$(
        #[derive(
            Debug, PartialEq,
            jetwire::ToBinary, jetwire::FromBinary,
            serde::Deserialize,
            bitcode::Decode,
            wincode::SchemaRead,
        )]
        $item
    )*};
}

// Model fields are named after what they hold; documenting each would repeat its name.
#[allow(missing_docs)]
pub mod community;
#[allow(missing_docs)]
pub mod models;

use std::fmt::{Debug, Write as _};
use std::hint::black_box;
use std::rc::Rc;

use rkyv::rancor;
use rkyv::util::AlignedVec;

use crate::harness::{Case, Entry, Group, Op};
use crate::workloads::rng::Rng;
use crate::workloads::{CaseSpec, Size};

/// The implementations, in report order.
pub const IMPLEMENTATIONS: [&str; 5] = ["jetwire", "bitcode", "postcard", "rkyv", "wincode"];

/// wincode's configuration: its defaults, with the preallocation limit (4 MiB) lifted, which
/// the large workloads exceed.
fn wincode_config() -> impl wincode::config::Config {
    wincode::config::Configuration::default().disable_preallocation_size_limit()
}

/// A binary workload model: every implementation's encoder and decoder for it.
pub trait Model: Clone + PartialEq + Debug + 'static {
    /// Appends jetwire's encoding.
    fn jetwire_write(&self, out: &mut Vec<u8>) -> Result<(), String>;
    /// Decodes jetwire's encoding.
    fn jetwire_read(bytes: &[u8]) -> Result<Self, String>;
    /// Encodes with a reused bitcode buffer; the byte count.
    fn bitcode_write(&self, buffer: &mut bitcode::Buffer) -> usize;
    /// bitcode's encoding.
    fn bitcode_bytes(&self) -> Vec<u8>;
    /// Decodes bitcode's encoding with a reused buffer.
    fn bitcode_read(buffer: &mut bitcode::Buffer, bytes: &[u8]) -> Result<Self, String>;
    /// Appends postcard's encoding.
    fn postcard_write(&self, out: &mut Vec<u8>) -> Result<(), String>;
    /// Decodes postcard's encoding.
    fn postcard_read(bytes: &[u8]) -> Result<Self, String>;
    /// Writes rkyv's archive into `out` (reused).
    fn rkyv_write(&self, out: &mut AlignedVec) -> Result<(), String>;
    /// rkyv's validated deserialize.
    fn rkyv_read(bytes: &[u8]) -> Result<Self, String>;
    /// rkyv's validated access; whether it succeeded.
    fn rkyv_access(bytes: &[u8]) -> bool;
    /// rkyv's validated access, then a deserialize of the archive, for the check.
    fn rkyv_access_checked(bytes: &[u8]) -> Result<Self, String>;
    /// Appends wincode's encoding.
    fn wincode_write(&self, out: &mut Vec<u8>) -> Result<(), String>;
    /// Decodes wincode's encoding.
    fn wincode_read(bytes: &[u8]) -> Result<Self, String>;
}

macro_rules! model {
    ($($ty:ty),* $(,)?) => {$(
        impl Model for $ty {
            fn jetwire_write(&self, out: &mut Vec<u8>) -> Result<(), String> {
                jetwire::binary::to_writer(out, self).map_err(|e| e.to_string())
            }
            fn jetwire_read(bytes: &[u8]) -> Result<Self, String> {
                jetwire::binary::from_slice(bytes).map_err(|e| e.to_string())
            }
            fn bitcode_write(&self, buffer: &mut bitcode::Buffer) -> usize {
                buffer.encode(self).len()
            }
            fn bitcode_bytes(&self) -> Vec<u8> {
                bitcode::encode(self)
            }
            fn bitcode_read(buffer: &mut bitcode::Buffer, bytes: &[u8]) -> Result<Self, String> {
                buffer.decode(bytes).map_err(|e| e.to_string())
            }
            fn postcard_write(&self, out: &mut Vec<u8>) -> Result<(), String> {
                *out = postcard::to_extend(self, std::mem::take(out)).map_err(|e| e.to_string())?;
                Ok(())
            }
            fn postcard_read(bytes: &[u8]) -> Result<Self, String> {
                postcard::from_bytes(bytes).map_err(|e| e.to_string())
            }
            fn rkyv_write(&self, out: &mut AlignedVec) -> Result<(), String> {
                let mut buffer = std::mem::take(out);
                buffer.clear();
                *out = rkyv::api::high::to_bytes_in::<_, rancor::Error>(self, buffer).map_err(|e| e.to_string())?;
                Ok(())
            }
            fn rkyv_read(bytes: &[u8]) -> Result<Self, String> {
                rkyv::from_bytes::<Self, rancor::Error>(bytes).map_err(|e| e.to_string())
            }
            fn rkyv_access(bytes: &[u8]) -> bool {
                black_box(rkyv::access::<rkyv::Archived<Self>, rancor::Error>(bytes)).is_ok()
            }
            fn rkyv_access_checked(bytes: &[u8]) -> Result<Self, String> {
                let archived = rkyv::access::<rkyv::Archived<Self>, rancor::Error>(bytes).map_err(|e| e.to_string())?;
                rkyv::deserialize::<Self, rancor::Error>(archived).map_err(|e| e.to_string())
            }
            fn wincode_write(&self, out: &mut Vec<u8>) -> Result<(), String> {
                wincode::config::serialize_into(out, self, wincode_config()).map_err(|e| e.to_string())
            }
            fn wincode_read(bytes: &[u8]) -> Result<Self, String> {
                wincode::config::deserialize(bytes, wincode_config()).map_err(|e| e.to_string())
            }
        }
    )*};
}

model!(
    models::SimpleRecord,
    models::Waypoints,
    models::Vectors,
    models::Maps,
    models::Polymorphic,
    models::Scattered,
    community::Logs,
    community::Mesh,
    community::SaveData,
    community::GameUpdates,
);

/// A model with a twin that borrows its strings from the input.
pub trait Borrowed: Model {
    /// The borrowing twin.
    type Ref<'a>: PartialEq + Debug + jetwire::ToBinary;
    /// jetwire's borrowed decode.
    fn jetwire_ref(bytes: &[u8]) -> Result<Self::Ref<'_>, String>;
    /// bitcode's borrowed decode.
    fn bitcode_ref<'a>(buffer: &mut bitcode::Buffer, bytes: &'a [u8]) -> Result<Self::Ref<'a>, String>;
    /// postcard's borrowed decode.
    fn postcard_ref(bytes: &[u8]) -> Result<Self::Ref<'_>, String>;
    /// wincode's borrowed decode.
    fn wincode_ref(bytes: &[u8]) -> Result<Self::Ref<'_>, String>;
}

macro_rules! borrowed {
    ($($ty:ty => $twin:ident),* $(,)?) => {$(
        impl Borrowed for $ty {
            type Ref<'a> = $twin<'a>;
            fn jetwire_ref(bytes: &[u8]) -> Result<Self::Ref<'_>, String> {
                jetwire::binary::from_slice(bytes).map_err(|e| e.to_string())
            }
            fn bitcode_ref<'a>(buffer: &mut bitcode::Buffer, bytes: &'a [u8]) -> Result<Self::Ref<'a>, String> {
                buffer.decode(bytes).map_err(|e| e.to_string())
            }
            fn postcard_ref(bytes: &[u8]) -> Result<Self::Ref<'_>, String> {
                postcard::from_bytes(bytes).map_err(|e| e.to_string())
            }
            fn wincode_ref(bytes: &[u8]) -> Result<Self::Ref<'_>, String> {
                wincode::config::deserialize(bytes, wincode_config()).map_err(|e| e.to_string())
            }
        }
    )*};
}

use community::LogsRef;
use models::{ScatteredRef, SimpleRecordRef};

borrowed!(
    models::SimpleRecord => SimpleRecordRef,
    models::Scattered => ScatteredRef,
    community::Logs => LogsRef,
);

/// Every implementation's encoding of `value`: `(implementation, bytes)`, checked to decode
/// back to `value` with that implementation.
fn encodings<T: Model>(name: &str, value: &T) -> Result<Vec<(&'static str, Vec<u8>)>, String> {
    let fail = |who: &str, e: String| format!("{name}: {who}: {e}");
    let mut jetwire = Vec::new();
    value.jetwire_write(&mut jetwire).map_err(|e| fail("jetwire", e))?;
    let mut postcard = Vec::new();
    value.postcard_write(&mut postcard).map_err(|e| fail("postcard", e))?;
    let mut rkyv = AlignedVec::new();
    value.rkyv_write(&mut rkyv).map_err(|e| fail("rkyv", e))?;
    let mut wincode = Vec::new();
    value.wincode_write(&mut wincode).map_err(|e| fail("wincode", e))?;
    let out = vec![
        ("jetwire", jetwire),
        ("bitcode", value.bitcode_bytes()),
        ("postcard", postcard),
        ("rkyv", rkyv.to_vec()),
        ("wincode", wincode),
    ];
    for (who, bytes) in &out {
        let back = read_with::<T>(who, bytes).map_err(|e| fail(who, e))?;
        if &back != value {
            return Err(format!("{name}: {who} reads back a different value than it wrote"));
        }
    }
    Ok(out)
}

/// Decodes `bytes` with `implementation`.
fn read_with<T: Model>(implementation: &str, bytes: &[u8]) -> Result<T, String> {
    match implementation {
        "jetwire" => T::jetwire_read(bytes),
        "bitcode" => T::bitcode_read(&mut bitcode::Buffer::new(), bytes),
        "postcard" => T::postcard_read(bytes),
        "rkyv" => T::rkyv_read(&aligned(bytes)),
        "wincode" => T::wincode_read(bytes),
        other => Err(format!("unknown implementation {other}")),
    }
}

fn aligned(bytes: &[u8]) -> AlignedVec {
    let mut out = AlignedVec::with_capacity(bytes.len());
    out.extend_from_slice(bytes);
    out
}

/// Runs `write` into a reused buffer; the byte count.
fn writer<T: 'static, B: 'static>(
    implementation: &'static str,
    value: Rc<T>,
    mut buffer: B,
    write: impl Fn(&T, &mut B) -> usize + 'static,
) -> Entry {
    Entry::new(implementation, move || {
        let n = write(&value, &mut buffer);
        black_box(&buffer);
        n
    })
}

/// The serialize case.
fn write_case<T: Model>(name: &str, value: T) -> Result<Case, String> {
    let encoded = encodings(name, &value)?;
    let value = Rc::new(value);
    let entries = vec![
        writer("jetwire", value.clone(), Vec::new(), |v: &T, out| {
            out.clear();
            v.jetwire_write(out).expect("checked");
            out.len()
        }),
        writer("bitcode", value.clone(), bitcode::Buffer::new(), |v: &T, buffer| v.bitcode_write(buffer)),
        writer("postcard", value.clone(), Vec::new(), |v: &T, out| {
            out.clear();
            v.postcard_write(out).expect("checked");
            out.len()
        }),
        writer("rkyv", value.clone(), AlignedVec::new(), |v: &T, out| {
            v.rkyv_write(out).expect("checked");
            out.len()
        }),
        writer("wincode", value, Vec::new(), |v: &T, out| {
            out.clear();
            v.wincode_write(out).expect("checked");
            out.len()
        }),
    ];
    Ok(Case::new(name, Group::BinaryOwned, Op::Write, encoded[0].1.len(), entries))
}

/// The owned deserialize case.
fn read_case<T: Model>(name: &str, value: T) -> Result<Case, String> {
    let encoded = encodings(name, &value)?;
    let bytes =
        |who: &str| Rc::new(encoded.iter().find(|(w, _)| *w == who).expect("every implementation").1.clone());
    let (j, b, p, w) = (bytes("jetwire"), bytes("bitcode"), bytes("postcard"), bytes("wincode"));
    let r = Rc::new(aligned(&bytes("rkyv")));
    let mut buffer = bitcode::Buffer::new();
    let entries = vec![
        Entry::new("jetwire", move || consume(T::jetwire_read(&j))),
        Entry::new("bitcode", move || consume(T::bitcode_read(&mut buffer, &b))),
        Entry::new("postcard", move || consume(T::postcard_read(&p))),
        Entry::new("rkyv", move || consume(T::rkyv_read(&r))),
        Entry::new("wincode", move || consume(T::wincode_read(&w))),
    ];
    Ok(Case::new(name, Group::BinaryOwned, Op::Read, encoded[0].1.len(), entries))
}

/// Keeps a decoded value from being optimized away, then drops it (dropping is part of the
/// cost of every implementation alike).
fn consume<T>(value: Result<T, String>) -> usize {
    black_box(value.expect("checked before timing"));
    1
}

const ACCESS_CAVEAT: &str = "validates the archive and returns a reference into it: builds no value";

/// The borrowed deserialize case of a model with strings.
fn borrowed_case<T: Borrowed>(name: &str, value: T) -> Result<Case, String> {
    let encoded = encodings(name, &value)?;
    let bytes =
        |who: &str| Rc::new(encoded.iter().find(|(w, _)| *w == who).expect("every implementation").1.clone());
    let (j, b, p, w) = (bytes("jetwire"), bytes("bitcode"), bytes("postcard"), bytes("wincode"));
    let r = Rc::new(aligned(&bytes("rkyv")));
    let fail = |who: &str, e: String| format!("{name}: {who}: {e}");
    let mut buffer = bitcode::Buffer::new();
    {
        let reference = T::jetwire_ref(&j).map_err(|e| fail("jetwire", e))?;
        let reencoded = jetwire::binary::to_vec(&reference).map_err(|e| fail("jetwire", e.to_string()))?;
        if T::jetwire_read(&reencoded)? != value {
            return Err(format!("{name}: the borrowed model does not match the owned one"));
        }
        let peers = [
            ("bitcode", T::bitcode_ref(&mut buffer, &b)),
            ("postcard", T::postcard_ref(&p)),
            ("wincode", T::wincode_ref(&w)),
        ];
        for (who, decoded) in peers {
            if decoded.map_err(|e| fail(who, e))? != reference {
                return Err(format!("{name}: {who} reads a different borrowed value than jetwire"));
            }
        }
        if T::rkyv_access_checked(&r).map_err(|e| fail("rkyv", e))? != value {
            return Err(format!("{name}: rkyv accesses a different value"));
        }
    }
    let mut entries = vec![
        Entry::new("jetwire", move || consume(T::jetwire_ref(&j))),
        Entry::new("bitcode", move || consume(T::bitcode_ref(&mut buffer, &b))),
        Entry::new("postcard", move || consume(T::postcard_ref(&p))),
        Entry::new("wincode", move || consume(T::wincode_ref(&w))),
    ];
    entries.push(access_entry::<T>(r));
    Ok(Case::new(name, Group::BinaryBorrowed, Op::Read, encoded[0].1.len(), entries))
}

fn access_entry<T: Model>(bytes: Rc<AlignedVec>) -> Entry {
    Entry::new("rkyv", move || usize::from(T::rkyv_access(&bytes))).not_like_for_like(ACCESS_CAVEAT)
}

/// The "borrowed" case of a model without strings: nothing to borrow, so jetwire's owned
/// decode next to rkyv's access.
fn access_case<T: Model>(name: &str, value: T) -> Result<Case, String> {
    let encoded = encodings(name, &value)?;
    let j = Rc::new(encoded[0].1.clone());
    let r = Rc::new(aligned(&encoded[3].1));
    if T::rkyv_access_checked(&r).map_err(|e| format!("{name}: rkyv: {e}"))? != value {
        return Err(format!("{name}: rkyv accesses a different value"));
    }
    let entries = vec![Entry::new("jetwire", move || consume(T::jetwire_read(&j))), access_entry::<T>(r)];
    Ok(Case::new(name, Group::BinaryBorrowed, Op::Read, encoded[0].1.len(), entries))
}

/// The seed of a workload: from its name, so that each is the same on every run.
fn seed(name: &str) -> u64 {
    name.bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)))
}

/// A workload: its name (`bin:Name`) and generator.
struct Workload<T> {
    name: &'static str,
    make: fn(&mut Rng, Size) -> T,
}

impl<T: Model> Workload<T> {
    fn value(&self, size: Size) -> T {
        (self.make)(&mut Rng::new(seed(self.name)), size)
    }

    /// The serialize and owned deserialize specs.
    fn specs(self) -> [CaseSpec; 2] {
        let (name, make) = (self.name, self.make);
        [
            CaseSpec::new(name, Op::Write, move |size| write_case(name, Workload { name, make }.value(size))),
            CaseSpec::new(name, Op::Read, move |size| read_case(name, Workload { name, make }.value(size))),
        ]
    }
}

/// The borrowed-deserialize spec of a model with strings.
fn borrowed_spec<T: Borrowed>(
    name: &'static str,
    borrowed_name: &'static str,
    make: fn(&mut Rng, Size) -> T,
) -> CaseSpec {
    CaseSpec::new(borrowed_name, Op::Read, move |size| {
        borrowed_case(borrowed_name, Workload { name, make }.value(size))
    })
}

/// The access spec of a model without strings.
fn access_spec<T: Model>(
    name: &'static str,
    borrowed_name: &'static str,
    make: fn(&mut Rng, Size) -> T,
) -> CaseSpec {
    CaseSpec::new(borrowed_name, Op::Read, move |size| {
        access_case(borrowed_name, Workload { name, make }.value(size))
    })
}

/// Every binary case, in report order.
pub fn specs() -> Vec<CaseSpec> {
    let mut specs = Vec::new();
    macro_rules! workload {
        ($name:literal, $make:path, borrowed) => {
            specs.extend(Workload { name: concat!("bin:", $name), make: $make }.specs());
            specs.push(borrowed_spec(concat!("bin:", $name), concat!("bin:", $name, ":borrowed"), $make));
        };
        ($name:literal, $make:path) => {
            specs.extend(Workload { name: concat!("bin:", $name), make: $make }.specs());
            specs.push(access_spec(concat!("bin:", $name), concat!("bin:", $name, ":borrowed"), $make));
        };
    }
    workload!("SimpleRecord", models::simple_record, borrowed);
    workload!("Waypoints", models::waypoints);
    workload!("Vectors", models::vectors);
    workload!("Maps", models::maps);
    workload!("Polymorphic", models::polymorphic);
    workload!("Scattered", models::scattered, borrowed);
    workload!("Log", community::logs, borrowed);
    workload!("Mesh", community::mesh);
    workload!("SaveData", community::save_data);
    workload!("GameUpdates", community::game_updates);
    specs
}

/// One workload's sizes: `(implementation, bytes, bytes after zstd)`.
fn sizes<T: Model>(name: &str, value: T) -> Result<Vec<(&'static str, usize, usize)>, String> {
    encodings(name, &value)?
        .into_iter()
        .map(|(who, bytes)| {
            let compressed = zstd::bulk::compress(&bytes, 3).map_err(|e| format!("{name}: zstd: {e}"))?;
            Ok((who, bytes.len(), compressed.len()))
        })
        .collect()
}

/// The size table of the workloads whose name `selected` accepts (`bin:Log`, ...), in Markdown:
/// every implementation's bytes, and bytes after zstd (level 3), with jetwire's ratio to
/// bitcode's.
pub fn size_table(size: Size, selected: impl Fn(&str) -> bool) -> Result<String, String> {
    let mut rows = Vec::new();
    macro_rules! row {
        ($name:literal, $make:path) => {
            let name = concat!("bin:", $name);
            if selected(name) {
                let value = $make(&mut Rng::new(seed(name)), size);
                rows.push((name, sizes(name, value)?));
            }
        };
    }
    row!("SimpleRecord", models::simple_record);
    row!("Waypoints", models::waypoints);
    row!("Vectors", models::vectors);
    row!("Maps", models::maps);
    row!("Polymorphic", models::polymorphic);
    row!("Scattered", models::scattered);
    row!("Log", community::logs);
    row!("Mesh", community::mesh);
    row!("SaveData", community::save_data);
    row!("GameUpdates", community::game_updates);
    if rows.is_empty() {
        return Ok(String::new());
    }
    let mut out = String::from("| workload |");
    for who in IMPLEMENTATIONS {
        let _ = write!(out, " {who} |");
    }
    out.push_str(" jetwire / bitcode |\n|---|");
    out.push_str(&"---:|".repeat(IMPLEMENTATIONS.len() + 1));
    out.push('\n');
    for (name, sizes) in rows {
        let _ = write!(out, "| {name} |");
        for (_, raw, zstd) in &sizes {
            let _ = write!(out, " {raw} ({zstd}) |");
        }
        let ratio = sizes[0].1 as f64 / sizes[1].1 as f64;
        let zstd_ratio = sizes[0].2 as f64 / sizes[1].2 as f64;
        let _ = writeln!(out, " {ratio:.2} ({zstd_ratio:.2}) |");
    }
    out.push_str("\nBytes per value, and in parentheses after zstd (level 3).\n");
    Ok(out)
}
