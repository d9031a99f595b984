//! The fuzz targets' minimized corpora (fuzz/corpora/, packed by `scripts/fuzz_corpus.py`), read
//! back for the tests that replay them. Standalone, so that the other crates' tests include it
//! by path.

/// Where the packed corpora are: a `<target>.pack` file each.
pub const FUZZ_CORPORA_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fuzz/corpora");

/// The inputs of `target`'s packed corpus: each a four-byte little-endian length, then its bytes.
pub fn fuzz_corpus(target: &str) -> Vec<Vec<u8>> {
    let path = format!("{FUZZ_CORPORA_DIR}/{target}.pack");
    let packed = std::fs::read(&path).unwrap_or_else(|err| panic!("reading {path}: {err}"));
    let mut inputs = Vec::new();
    let mut rest = &packed[..];
    while let Some((length, after)) = rest.split_first_chunk::<4>() {
        let length = u32::from_le_bytes(*length) as usize;
        assert!(length <= after.len(), "{path} is cut short");
        inputs.push(after[..length].to_vec());
        rest = &after[length..];
    }
    assert!(rest.is_empty(), "{path} ends inside a length");
    inputs
}
