//! "Strings and bytes": borrowed and owned strings and byte strings.

use super::*;

/// "`String`, `&str`, `Box<str>`, `Cow<str>` and `PathBuf` ... are strings"; "`Vec<u8>` and
/// `[u8]` are sequences of `u8`, which gives the same bytes" as a byte string; pointers
/// ("`Box<T>`, `Rc<T>`, `Arc<T>`") are `T`'s encoding.
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
pub(crate) struct Texts {
    pub(crate) text: String,
    pub(crate) boundary: String,
    /// Up to 70 000 bytes: lengths on both sides of the 3-byte/4-byte boundary (65 535/65 536).
    pub(crate) long: String,
    pub(crate) boxed: Box<str>,
    pub(crate) path: PathBuf,
    pub(crate) shared: Rc<String>,
    pub(crate) arc: Arc<String>,
    pub(crate) bytes: Vec<u8>,
    pub(crate) boxed_bytes: Box<[u8]>,
}

impl Reference for Texts {
    fn reference(&self, s: &mut Spec) {
        s.str(&self.text);
        s.str(&self.boundary);
        s.str(&self.long);
        s.str(&self.boxed);
        s.str(self.path.to_str().unwrap());
        s.str(&self.shared);
        s.str(&self.arc);
        s.byte_string(&self.bytes);
        s.seq(self.boxed_bytes.iter(), |s, b| s.u8(*b));
    }
}

pub(crate) fn texts() -> impl Strategy<Value = Texts> {
    let long = (prop::sample::select(&[0usize, 65_535, 65_536, 70_000][..]), any::<bool>())
        .prop_map(|(len, wide)| string_of_len(len, wide));
    (
        text(),
        boundary_string(),
        long,
        text(),
        text(),
        text(),
        text(),
        prop_oneof![vec(any::<u8>(), 0..8), (0usize..300).prop_map(|n| vec![0xA5; n])],
        vec(any::<u8>(), 0..8),
    )
        .prop_map(|(text, boundary, long, boxed, path, shared, arc, bytes, boxed_bytes)| Texts {
            text,
            boundary,
            long,
            boxed: boxed.into(),
            path: path.into(),
            shared: Rc::new(shared),
            arc: Arc::new(arc),
            bytes,
            boxed_bytes: boxed_bytes.into(),
        })
}
