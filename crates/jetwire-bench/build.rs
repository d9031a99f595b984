//! Compiles the C and C++ peers (cpp/: simdjson, yyjson and the shim over them) with one flag
//! policy: the `cc` crate's defaults, `-O3` and `NDEBUG` in every profile (simdjson's
//! development checks stay off in the debug build of CI's smoke run), and `-march=native` only
//! when the Rust code is built with `-C target-cpu=native`.
//!
//! A build without a working C or C++ compiler still succeeds: it warns, leaves the `c_peers`
//! cfg unset and passes the reason on (`JETWIRE_BENCH_C_PEERS`), and the suite runs without
//! the C peers and says so in its report.

use std::env;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(c_peers)");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=cpp");
    let native = targets_native_cpu(&env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default());
    match compile(native) {
        Ok(()) => {
            println!("cargo::rustc-cfg=c_peers");
            let flags = if native { "-O3 -march=native" } else { "-O3" };
            println!("cargo::rustc-env=JETWIRE_BENCH_C_PEERS={flags}");
        }
        Err(err) => {
            // One short line: the reason goes into the report (the compiler's own messages
            // are among cargo's warnings above).
            let line = err.to_string().lines().next().unwrap_or("unknown error").trim().to_owned();
            let reason = match line.char_indices().nth(160) {
                Some((cut, _)) => format!("{}...", &line[..cut]),
                None => line,
            };
            println!("cargo::warning=the C/C++ peers (simdjson, yyjson) are left out: {reason}");
            println!("cargo::rustc-env=JETWIRE_BENCH_C_PEERS_MISSING={reason}");
        }
    }
}

/// Whether the last `target-cpu` among `CARGO_ENCODED_RUSTFLAGS` (flags separated by 0x1f; the
/// codegen option spelled `-Ctarget-cpu=…`, `-C target-cpu=…` or `--codegen target-cpu=…`)
/// is `native`.
fn targets_native_cpu(encoded_rustflags: &str) -> bool {
    let mut cpu = None;
    for flag in encoded_rustflags.split('\x1f') {
        let option = ["-C", "--codegen=", "--codegen"]
            .iter()
            .find_map(|prefix| flag.strip_prefix(prefix))
            .unwrap_or(flag);
        if let Some(value) = option.strip_prefix("target-cpu=") {
            cpu = Some(value);
        }
    }
    cpu == Some("native")
}

/// One build, C or C++, with the shared flags.
fn build(cpp: bool, native: bool) -> cc::Build {
    let mut build = cc::Build::new();
    build
        .cpp(cpp)
        .opt_level(3)
        .define("NDEBUG", None)
        .warnings(false)
        .include("cpp/simdjson")
        .include("cpp/yyjson");
    if cpp {
        build.std("c++17");
    }
    if native {
        build.flag("-march=native");
    }
    build
}

/// Compiles the C++ library (simdjson and the shim, which calls yyjson) and then the C one
/// (yyjson), in that order so that the linker meets the shim before yyjson.
fn compile(native: bool) -> Result<(), cc::Error> {
    build(true, native)
        .file("cpp/simdjson/simdjson.cpp")
        .file("cpp/peers_shim.cpp")
        .try_compile("jetwire_bench_cpp_peers")?;
    build(false, native).file("cpp/yyjson/yyjson.c").try_compile("jetwire_bench_yyjson")
}
