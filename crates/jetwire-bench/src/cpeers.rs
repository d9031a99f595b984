//! The C and C++ peers, simdjson (C++) and yyjson (C), vendored in `cpp/` and reached through the
//! C ABI of `cpp/peers_shim.cpp`: the crate's only unsafe code, behind safe types.
//!
//! build.rs compiles them when it can and then sets the `c_peers` cfg; without it, only
//! [`summary`] is here, saying why they are missing. Memory the C code allocates comes from
//! `malloc`, which the suite's allocation counts do not see.

/// The report's line on the C and C++ peers: their versions, simdjson's kernels and the compiler
/// flags, or why this build has none.
pub fn summary() -> String {
    #[cfg(c_peers)]
    {
        let (dom, on_demand) = built::kernels();
        let kernels = if dom == on_demand {
            format!("kernel: {dom}")
        } else {
            format!("DOM kernel: {dom}, On-Demand kernel: {on_demand}")
        };
        format!(
            "C/C++ peers: simdjson {} ({kernels}), yyjson {}; compiled with {}",
            built::simdjson_version(),
            built::yyjson_version(),
            option_env!("JETWIRE_BENCH_C_PEERS").unwrap_or("-O3"),
        )
    }
    #[cfg(not(c_peers))]
    {
        let reason = option_env!("JETWIRE_BENCH_C_PEERS_MISSING").unwrap_or("not compiled");
        format!("C/C++ peers: not built ({reason})")
    }
}

#[cfg(c_peers)]
pub use built::*;

#[cfg(c_peers)]
mod built {
    use std::ffi::{CStr, c_char, c_int};
    use std::fmt;
    use std::ops::Deref;
    use std::ptr::{self, NonNull};

    /// The shim's functions (see `cpp/peers_shim.cpp` for each one's contract).
    mod ffi {
        use std::ffi::{c_char, c_int};

        /// simdjson's `dom::parser`.
        #[repr(C)]
        pub struct SjDom {
            _opaque: [u8; 0],
        }

        /// simdjson's `ondemand::parser`.
        #[repr(C)]
        pub struct SjOd {
            _opaque: [u8; 0],
        }

        /// yyjson's immutable document.
        #[repr(C)]
        pub struct YyDoc {
            _opaque: [u8; 0],
        }

        unsafe extern "C" {
            pub fn jw_free(text: *mut u8);

            pub safe fn jw_sj_padding() -> usize;
            pub safe fn jw_sj_version() -> *const c_char;
            pub fn jw_sj_kernel(on_demand: c_int, out: *mut u8, cap: usize) -> usize;
            pub safe fn jw_sj_error_message(code: c_int) -> *const c_char;
            pub safe fn jw_sj_is_limit(code: c_int) -> c_int;

            pub safe fn jw_sj_dom_new() -> *mut SjDom;
            pub fn jw_sj_dom_free(parser: *mut SjDom);
            pub fn jw_sj_dom_parse(parser: *mut SjDom, buf: *const u8, len: usize, cap: usize) -> c_int;
            pub fn jw_sj_dom_count(
                parser: *mut SjDom,
                buf: *const u8,
                len: usize,
                cap: usize,
                count: *mut u64,
            ) -> c_int;
            pub fn jw_sj_dom_to_json(
                parser: *mut SjDom,
                buf: *const u8,
                len: usize,
                cap: usize,
                out: *mut *mut u8,
                out_len: *mut usize,
            ) -> c_int;

            pub safe fn jw_sj_od_new() -> *mut SjOd;
            pub fn jw_sj_od_free(parser: *mut SjOd);
            pub fn jw_sj_od_walk(
                parser: *mut SjOd,
                buf: *const u8,
                len: usize,
                cap: usize,
                count: *mut u64,
                checksum: *mut u64,
            ) -> c_int;
            pub fn jw_sj_od_canada(
                parser: *mut SjOd,
                buf: *const u8,
                len: usize,
                cap: usize,
                features: *mut u64,
            ) -> c_int;
            pub fn jw_sj_od_canada_to_json(
                parser: *mut SjOd,
                buf: *const u8,
                len: usize,
                cap: usize,
                out: *mut *mut u8,
                out_len: *mut usize,
            ) -> c_int;

            pub safe fn jw_yy_version() -> *const c_char;
            pub fn jw_yy_read(
                buf: *const u8,
                len: usize,
                doc: *mut *mut YyDoc,
                message: *mut *const c_char,
            ) -> c_int;
            pub fn jw_yy_doc_free(doc: *mut YyDoc);
            pub fn jw_yy_value_count(doc: *mut YyDoc) -> u64;
            pub fn jw_yy_write(
                doc: *const YyDoc,
                out: *mut *mut u8,
                out_len: *mut usize,
                message: *mut *const c_char,
            ) -> c_int;
        }
    }

    /// A static NUL-terminated string from the shim (a version, an error message), or a
    /// placeholder for null.
    fn static_text(text: *const c_char) -> String {
        if text.is_null() {
            return "(no message)".to_owned();
        }
        // SAFETY: every string the shim returns is a NUL-terminated literal or static string
        // of simdjson or yyjson, alive for the whole run.
        unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned()
    }

    /// simdjson's version.
    pub(super) fn simdjson_version() -> String {
        static_text(ffi::jw_sj_version())
    }

    /// yyjson's version.
    pub(super) fn yyjson_version() -> String {
        static_text(ffi::jw_yy_version())
    }

    /// simdjson's kernels: the one chosen for this CPU at run time (the DOM parser's), and the
    /// one On-Demand is compiled for (the best the compile-time target allows).
    pub(super) fn kernels() -> (String, String) {
        let kernel = |on_demand| {
            let mut name = [0u8; 64];
            // SAFETY: `name` is `name.len()` writable bytes.
            let len = unsafe { ffi::jw_sj_kernel(on_demand, name.as_mut_ptr(), name.len()) };
            String::from_utf8_lossy(&name[..len.min(name.len())]).into_owned()
        };
        (kernel(0), kernel(1))
    }

    /// Why a C peer failed.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Error {
        /// `simdjson` or `yyjson`.
        pub library: &'static str,
        /// The library's error code.
        pub code: i32,
        /// The library's text for it.
        pub message: String,
        /// Whether the document is beyond the library's limits (for simdjson an integer beyond
        /// 64 bits, or nesting deeper than 1024) rather than invalid.
        pub beyond_limits: bool,
    }

    impl fmt::Display for Error {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}: {} (error {})", self.library, self.message, self.code)
        }
    }

    impl std::error::Error for Error {}

    fn simdjson_result(code: c_int) -> Result<(), Error> {
        if code == 0 {
            return Ok(());
        }
        Err(Error {
            library: "simdjson",
            code,
            message: static_text(ffi::jw_sj_error_message(code)),
            beyond_limits: ffi::jw_sj_is_limit(code) != 0,
        })
    }

    fn yyjson_result(code: c_int, message: *const c_char) -> Result<(), Error> {
        if code == 0 {
            return Ok(());
        }
        Err(Error { library: "yyjson", code, message: static_text(message), beyond_limits: false })
    }

    /// JSON text followed by the zero bytes simdjson may read past its end
    /// (`SIMDJSON_PADDING`): built once, outside any timing, so that simdjson never copies it.
    pub struct Padded {
        buf: Box<[u8]>,
        len: usize,
    }

    impl Padded {
        /// `json` copied into a padded buffer.
        pub fn new(json: &[u8]) -> Self {
            let mut buf = vec![0; json.len() + ffi::jw_sj_padding()];
            buf[..json.len()].copy_from_slice(json);
            Padded { buf: buf.into_boxed_slice(), len: json.len() }
        }

        /// The JSON text, without the padding.
        pub fn json(&self) -> &[u8] {
            &self.buf[..self.len]
        }

        /// The buffer, the JSON text's length, and the bytes readable in all, as the shim's
        /// simdjson functions take them.
        fn raw(&self) -> (*const u8, usize, usize) {
            (self.buf.as_ptr(), self.len, self.buf.len())
        }
    }

    /// Text a C peer wrote, in memory from `malloc`, freed when dropped.
    pub struct CText {
        ptr: NonNull<u8>,
        len: usize,
    }

    impl CText {
        /// Takes `ptr` as returned by a successful shim call.
        fn from_shim(ptr: *mut u8, len: usize) -> Self {
            CText { ptr: NonNull::new(ptr).expect("a successful shim call hands out text"), len }
        }
    }

    impl Deref for CText {
        type Target = [u8];

        fn deref(&self) -> &[u8] {
            // SAFETY: the shim handed out `len` initialized bytes at `ptr`, which stay allocated
            // (and unchanged) until `drop` frees them.
            unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
        }
    }

    impl AsRef<[u8]> for CText {
        fn as_ref(&self) -> &[u8] {
            self
        }
    }

    impl Drop for CText {
        fn drop(&mut self) {
            // SAFETY: `ptr` came from the shim's malloc and is freed once, here.
            unsafe { ffi::jw_free(self.ptr.as_ptr()) }
        }
    }

    /// simdjson's DOM parser, reused across parses (its tape and string buffers are kept).
    pub struct SimdjsonDom(NonNull<ffi::SjDom>);

    impl Default for SimdjsonDom {
        fn default() -> Self {
            SimdjsonDom(NonNull::new(ffi::jw_sj_dom_new()).expect("allocating simdjson's DOM parser"))
        }
    }

    impl SimdjsonDom {
        /// A new parser; it allocates its buffers on the first parse.
        pub fn new() -> Self {
            Self::default()
        }

        /// Parses `input` into the parser's DOM, and nothing else: simdjson's full validation.
        pub fn parse(&mut self, input: &Padded) -> Result<(), Error> {
            let (buf, len, cap) = input.raw();
            // SAFETY: the parser is live and ours alone (`&mut self`); `buf` holds `len` bytes
            // of JSON and `cap` readable bytes in all.
            simdjson_result(unsafe { ffi::jw_sj_dom_parse(self.0.as_ptr(), buf, len, cap) })
        }

        /// Parses `input`, then counts the DOM's values, each object key counting as one.
        pub fn count(&mut self, input: &Padded) -> Result<u64, Error> {
            let ((buf, len, cap), mut count) = (input.raw(), 0);
            // SAFETY: as in `parse`; `count` is a valid place for the shim to write.
            simdjson_result(unsafe { ffi::jw_sj_dom_count(self.0.as_ptr(), buf, len, cap, &mut count) })?;
            Ok(count)
        }

        /// Parses `input`, then writes the DOM as minified JSON text (its floats not always in
        /// their shortest spelling: compare values, not bytes).
        pub fn to_json(&mut self, input: &Padded) -> Result<CText, Error> {
            let ((buf, len, cap), mut out, mut out_len) = (input.raw(), ptr::null_mut(), 0);
            // SAFETY: as in `parse`; `out` and `out_len` are valid places for the shim to write.
            simdjson_result(unsafe {
                ffi::jw_sj_dom_to_json(self.0.as_ptr(), buf, len, cap, &mut out, &mut out_len)
            })?;
            Ok(CText::from_shim(out, out_len))
        }
    }

    impl Drop for SimdjsonDom {
        fn drop(&mut self) {
            // SAFETY: the parser came from `jw_sj_dom_new` and is freed once, here.
            unsafe { ffi::jw_sj_dom_free(self.0.as_ptr()) }
        }
    }

    /// What an On-Demand walk visited.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Walk {
        /// Values visited, each object key counting as one (as [`SimdjsonDom::count`]).
        pub values: u64,
        /// A sum over what was decoded, for the caller to consume.
        pub checksum: u64,
    }

    /// simdjson's On-Demand parser, reused across documents.
    pub struct SimdjsonOnDemand(NonNull<ffi::SjOd>);

    impl Default for SimdjsonOnDemand {
        fn default() -> Self {
            SimdjsonOnDemand(
                NonNull::new(ffi::jw_sj_od_new()).expect("allocating simdjson's On-Demand parser"),
            )
        }
    }

    impl SimdjsonOnDemand {
        /// A new parser; it allocates its buffers on the first document.
        pub fn new() -> Self {
            Self::default()
        }

        /// Iterates `input`, visiting and decoding every value (On-Demand is lazy: what is not
        /// visited is neither decoded nor fully validated); refuses trailing content.
        pub fn walk(&mut self, input: &Padded) -> Result<Walk, Error> {
            let ((buf, len, cap), mut walk) = (input.raw(), Walk { values: 0, checksum: 0 });
            // SAFETY: the parser is live and ours alone (`&mut self`); `buf` holds `len` bytes
            // of JSON and `cap` readable bytes in all; the document does not outlive the call;
            // the counts are valid places to write.
            simdjson_result(unsafe {
                ffi::jw_sj_od_walk(self.0.as_ptr(), buf, len, cap, &mut walk.values, &mut walk.checksum)
            })?;
            Ok(walk)
        }

        /// Reads `input`, canada.json, into a typed model in C++ (the Rust suite's `Canada`:
        /// strings, a map of properties, rings of points), freed before returning; returns how
        /// many features it holds.
        pub fn read_canada(&mut self, input: &Padded) -> Result<u64, Error> {
            let ((buf, len, cap), mut features) = (input.raw(), 0);
            // SAFETY: as in `walk`; `features` is a valid place to write.
            simdjson_result(unsafe { ffi::jw_sj_od_canada(self.0.as_ptr(), buf, len, cap, &mut features) })?;
            Ok(features)
        }

        /// Reads `input` as [`read_canada`](Self::read_canada) does, then writes the model it
        /// filled as JSON text (doubles in 17 significant digits, which read back exactly).
        pub fn canada_to_json(&mut self, input: &Padded) -> Result<CText, Error> {
            let ((buf, len, cap), mut out, mut out_len) = (input.raw(), ptr::null_mut(), 0);
            // SAFETY: as in `walk`; `out` and `out_len` are valid places for the shim to write.
            simdjson_result(unsafe {
                ffi::jw_sj_od_canada_to_json(self.0.as_ptr(), buf, len, cap, &mut out, &mut out_len)
            })?;
            Ok(CText::from_shim(out, out_len))
        }
    }

    impl Drop for SimdjsonOnDemand {
        fn drop(&mut self) {
            // SAFETY: the parser came from `jw_sj_od_new` and is freed once, here.
            unsafe { ffi::jw_sj_od_free(self.0.as_ptr()) }
        }
    }

    /// A document yyjson read, freed when dropped.
    pub struct YyjsonDoc(NonNull<ffi::YyDoc>);

    impl YyjsonDoc {
        /// Reads `json` (yyjson's defaults: strict RFC 8259, the input left untouched).
        pub fn read(json: &[u8]) -> Result<Self, Error> {
            let (mut doc, mut message) = (ptr::null_mut(), ptr::null());
            // SAFETY: `json` is `json.len()` readable bytes that yyjson only reads; `doc` and
            // `message` are valid places for the shim to write.
            let code = unsafe { ffi::jw_yy_read(json.as_ptr(), json.len(), &mut doc, &mut message) };
            yyjson_result(code, message)?;
            Ok(YyjsonDoc(NonNull::new(doc).expect("a successful read hands out a document")))
        }

        /// Values in the document, each object key counting as one.
        pub fn value_count(&self) -> u64 {
            // SAFETY: the document is live until `drop`; counting only reads it.
            unsafe { ffi::jw_yy_value_count(self.0.as_ptr()) }
        }

        /// Writes the document as minified JSON text (yyjson's defaults), into new memory.
        pub fn write(&self) -> Result<CText, Error> {
            let (mut out, mut len, mut message) = (ptr::null_mut(), 0, ptr::null());
            // SAFETY: the document is live until `drop`, and writing only reads it; the out
            // parameters are valid places for the shim to write.
            let code = unsafe { ffi::jw_yy_write(self.0.as_ptr(), &mut out, &mut len, &mut message) };
            yyjson_result(code, message)?;
            Ok(CText::from_shim(out, len))
        }
    }

    impl Drop for YyjsonDoc {
        fn drop(&mut self) {
            // SAFETY: the document came from `jw_yy_read` and is freed once, here.
            unsafe { ffi::jw_yy_doc_free(self.0.as_ptr()) }
        }
    }
}

#[cfg(all(test, c_peers))]
mod tests;
