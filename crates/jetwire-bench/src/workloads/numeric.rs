//! Number-dense generic documents, as 3D-model and GeoJSON exports write them, read into each
//! library's DOM (`dom:mesh`, `dom:geojson`) and through the serde bridge into
//! `serde_json::Value` (`serde:mesh`, `serde:geojson`).
//!
//! - `mesh`: `{"name", "matrix": 4x4, "vertices": [[x, y, z], ...], "normals": [[x, y, z], ...],
//!   "faces": [[i, j, k], ...]}`, about 1 MB: coordinates are full-precision `f64`s written
//!   shortest (as a JavaScript or Rust exporter writes them), faces are integers.
//! - `geojson`: a `FeatureCollection` of `LineString` features, about 1 MB: longitudes and
//!   latitudes rounded to 6 decimals (as GIS exports write them), a few properties each.
//!
//! Both are generated from a fixed seed ([`Rng`]): the same bytes on every run.

use std::fmt::Write as _;
use std::rc::Rc;

use super::rng::Rng;
use super::{CaseSpec, Size, Source, bridge};

/// `[a, b, ...]` of `items`.
fn list(items: impl Iterator<Item = String>) -> String {
    format!("[{}]", items.collect::<Vec<_>>().join(","))
}

/// A triangle mesh of about 1 MB (a 16th of that at smoke size).
pub fn mesh(size: Size) -> Vec<u8> {
    let mut rng = Rng::new(0x3E5A);
    let vertices = size.count(6_000);
    let point = |rng: &mut Rng, scale: f64| list((0..3).map(|_| format!("{}", rng.float(-scale, scale))));
    let normal = |rng: &mut Rng| {
        let (x, y, z) = (rng.float(-1.0, 1.0), rng.float(-1.0, 1.0), rng.float(-1.0, 1.0));
        let length = (x * x + y * y + z * z).sqrt().max(1e-9);
        list([x, y, z].into_iter().map(|c| format!("{}", c / length)))
    };
    let matrix = list((0..4).map(|row| {
        list((0..4).map(|column| match (row, column) {
            (3, 3) => "1".to_owned(),
            (3, _) => "0".to_owned(),
            (_, 3) => format!("{}", translation(row)),
            (r, c) if r == c => "1".to_owned(),
            _ => "0".to_owned(),
        }))
    }));
    let vertex_list = list((0..vertices).map(|_| point(&mut rng, 100.0)));
    let normal_list = list((0..vertices).map(|_| normal(&mut rng)));
    let faces = list((0..vertices * 2).map(|_| list((0..3).map(|_| rng.below(vertices as u64).to_string()))));
    format!(
        r#"{{"name":"mesh","matrix":{matrix},"vertices":{vertex_list},"normals":{normal_list},"faces":{faces}}}"#
    )
    .into_bytes()
}

/// The translation the mesh's matrix holds in `row`.
fn translation(row: usize) -> f64 {
    [12.5, -3.25, 0.75][row % 3]
}

/// A GeoJSON feature collection of about 1 MB (a 16th of that at smoke size).
pub fn geojson(size: Size) -> Vec<u8> {
    let mut rng = Rng::new(0x6E0);
    let mut features = Vec::new();
    for id in 0..size.count(750) {
        let points = 20 + rng.below(80) as usize;
        let (mut lon, mut lat) = (rng.float(-10.0, 30.0), rng.float(35.0, 60.0));
        let mut coordinates = String::from("[");
        for i in 0..points {
            lon += rng.float(-0.01, 0.01);
            lat += rng.float(-0.01, 0.01);
            let round = |v: f64| (v * 1e6).round() / 1e6;
            let _ = write!(coordinates, "{}[{},{}]", if i > 0 { "," } else { "" }, round(lon), round(lat));
        }
        coordinates.push(']');
        features.push(format!(
            r#"{{"type":"Feature","properties":{{"id":{id},"name":"road {id}","lanes":{},"elevation":{}}},"geometry":{{"type":"LineString","coordinates":{coordinates}}}}}"#,
            1 + rng.below(4),
            (rng.float(0.0, 800.0) * 10.0).round() / 10.0,
        ));
    }
    format!(r#"{{"type":"FeatureCollection","features":[{}]}}"#, features.join(",")).into_bytes()
}

/// The generated documents, by name.
fn documents() -> [(&'static str, &'static str, Source); 2] {
    [("dom:mesh", "serde:mesh", Rc::new(mesh)), ("dom:geojson", "serde:geojson", Rc::new(geojson))]
}

/// `dom:mesh` and `dom:geojson`, read and write, and their `doc:` cases.
pub fn dom_specs() -> Vec<CaseSpec> {
    documents()
        .into_iter()
        .flat_map(|(name, _, source)| super::dom_and_document_specs(name, source))
        .collect()
}

/// `serde:mesh` and `serde:geojson`, read and write, into and from `serde_json::Value`.
pub fn bridge_specs() -> Vec<CaseSpec> {
    documents().into_iter().flat_map(|(_, name, source)| bridge::value_specs(name, source)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{self, Tree};

    /// How many numbers `tree` holds.
    fn numbers(tree: &Tree) -> usize {
        match tree {
            Tree::Number(_) => 1,
            Tree::Array(items) => items.iter().map(numbers).sum(),
            Tree::Object(members) => members.iter().map(|(_, v)| numbers(v)).sum(),
            _ => 0,
        }
    }

    #[test]
    fn the_documents_are_number_dense_json_of_about_a_megabyte() {
        for make in [mesh, geojson] {
            let bytes = make(Size::Standard);
            assert!((800_000..1_400_000).contains(&bytes.len()), "{} bytes", bytes.len());
            let tree = check::parse(&bytes).unwrap();
            // At least one number per 25 bytes.
            assert!(numbers(&tree) * 25 > bytes.len(), "{} numbers", numbers(&tree));
            assert_eq!(make(Size::Standard), bytes, "the same bytes on every run");
            assert!(make(Size::Smoke).len() < bytes.len() / 8);
        }
    }
}
