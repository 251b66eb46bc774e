//! Finds the kma C library, or builds it, and links it statically.
//!
//! kma is linked from `libkma.a`, which holds the C ABI, the engine and its
//! utf8proc and xxHash: programs then depend on nothing beyond the C and
//! C++ runtimes and run without `LD_LIBRARY_PATH`. Discovery order (as -sys
//! crates usually do):
//!   1. `KMA_LIB_DIR`: a directory holding libkma.a (the CMake build sets it
//!      to its own output directory);
//!   2. pkg-config: the `libdir` of `kma.pc` (PKG_CONFIG_PATH is honoured, so
//!      an install in any prefix works);
//!   3. the usual prefixes /usr/local/lib and /usr/lib;
//!   4. a vendored build: CMake builds libkma.a and decompresses the bundled
//!      model from the C++ sources that come with the crate (`vendor/` of a
//!      packaged crate, or the kma checkout this crate sits in), inside
//!      OUT_DIR. The `vendored` feature (or KMA_SYS_VENDORED=1) skips 1-3.
//!
//! The default model comes with it: `modeldir` of `kma.pc` (or
//! `KMA_MODEL_DIR`, or `<prefix>/share/kma` for 3., or the vendored build's
//! own decompressed copy in OUT_DIR for 4.) is compiled into the crate as
//! `PACKAGE_MODEL_DIR`, which `kma::Model::open_default` hands to the C
//! library's lookup rule as the package's own copy.
use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

fn pkg_config_variable(name: &str) -> Option<String> {
    let out = Command::new(env::var("PKG_CONFIG").unwrap_or_else(|_| "pkg-config".into()))
        .args(["--variable", name, "kma"])
        .output()
        .ok()?;
    let value = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !value.is_empty()).then_some(value)
}

/// An installed (or CMake-built) libkma.a: its directory and, when known,
/// the model directory.
fn locate_installed() -> Option<(PathBuf, Option<String>)> {
    let model_dir = env::var("KMA_MODEL_DIR").ok().filter(|d| !d.is_empty());
    if let Ok(dir) = env::var("KMA_LIB_DIR") {
        return Some((PathBuf::from(dir), model_dir));
    }
    if let Some(libdir) = pkg_config_variable("libdir") {
        let model_dir = model_dir.or_else(|| pkg_config_variable("modeldir"));
        return Some((PathBuf::from(libdir), model_dir));
    }
    for prefix in ["/usr/local", "/usr"] {
        let lib = Path::new(prefix).join("lib");
        if lib.join("libkma.a").is_file() {
            let share = format!("{prefix}/share/kma");
            return Some((lib, model_dir.or(Some(share))));
        }
    }
    None
}

/// The kma sources to build: `vendor/` inside the packaged crate
/// (tools/package.sh stages it), else the checkout this crate is part of
/// (bindings/rust/kma-sys, three levels below the root).
fn vendored_sources(manifest_dir: &Path) -> PathBuf {
    let is_root = |dir: &Path| {
        dir.join("CMakeLists.txt").is_file() && dir.join("capi/include/kma/kma.h").is_file()
    };
    let vendor = manifest_dir.join("vendor");
    if is_root(&vendor) {
        return vendor;
    }
    let checkout = manifest_dir.join("../../..");
    if is_root(&checkout) {
        return checkout.canonicalize().unwrap_or(checkout);
    }
    panic!(
        "kma-sys: libkma.a not found and no kma sources to build it from (neither {} nor {}). \
         Install kma (cmake --install <build> --prefix P) and let pkg-config find it \
         (PKG_CONFIG_PATH=P/lib/pkgconfig), or set KMA_LIB_DIR to the directory holding libkma.a",
        vendor.display(),
        checkout.display()
    );
}

/// Runs a CMake step; its output goes to the build log (never to stdout,
/// where cargo reads instructions) and is shown in full when it fails.
fn cmake(args: &[&std::ffi::OsStr], what: &str) {
    let cmake = env::var_os("CMAKE").unwrap_or_else(|| "cmake".into());
    let out = Command::new(&cmake).args(args).output().unwrap_or_else(|e| {
        panic!("kma-sys: the vendored build needs CMake 3.21 or newer on PATH ({e})")
    });
    eprintln!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    if !out.status.success() {
        panic!(
            "kma-sys: {what} of the vendored kma failed ({}):\n{}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Builds libkma.a and the default model with the project's own CMake
/// build, configured for the static library only (no shared library, CLI,
/// tests, examples, benchmarks or bindings). Returns (lib dir, model dir).
fn build_vendored(manifest_dir: &Path) -> (PathBuf, Option<String>) {
    if env::var("HOST").ok() != env::var("TARGET").ok() {
        panic!(
            "kma-sys: the vendored build makes libkma.a for the host only; for {} build kma \
             with its CMake toolchain files and set KMA_LIB_DIR",
            env::var("TARGET").unwrap_or_default()
        );
    }
    let src = vendored_sources(manifest_dir);
    for part in ["CMakeLists.txt", "capi", "core", "cmake", "models", "tools/builder"] {
        println!("cargo:rerun-if-changed={}", src.join(part).display());
    }
    let build = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR")).join("kma-build");
    let mut configure: Vec<std::ffi::OsString> = vec![
        "-S".into(),
        src.clone().into(),
        "-B".into(),
        build.clone().into(),
        "-DCMAKE_BUILD_TYPE=Release".into(),
        // One compiler run per few sources instead of per source: the core's
        // headers are parsed once per batch (see the README's figures).
        "-DCMAKE_UNITY_BUILD=ON".into(),
    ];
    for option in [
        "SHARED", "TESTS", "BENCH", "EXAMPLES", "TOOLS", "JAVA", "CSHARP", "RUST", "PYTHON",
    ] {
        configure.push(format!("-DKMA_BUILD_{option}=OFF").into());
    }
    let configure: Vec<&std::ffi::OsStr> = configure.iter().map(|a| a.as_os_str()).collect();
    cmake(&configure, "configuring");
    let jobs = env::var("NUM_JOBS").unwrap_or_else(|_| "1".into());
    let build_args: Vec<std::ffi::OsString> = vec![
        "--build".into(),
        build.clone().into(),
        "--target".into(),
        "kma_bundle".into(),
        "kma_default_model".into(),
        "--parallel".into(),
        jobs.into(),
    ];
    let build_args: Vec<&std::ffi::OsStr> = build_args.iter().map(|a| a.as_os_str()).collect();
    cmake(&build_args, "building");
    println!("cargo:vendored=1");
    let models = build.join("models");
    (build.join("capi"), Some(models.display().to_string()))
}

fn main() {
    for var in ["KMA_LIB_DIR", "KMA_MODEL_DIR", "KMA_SYS_VENDORED", "PKG_CONFIG_PATH", "PKG_CONFIG"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    println!("cargo:rerun-if-changed=build.rs");
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));

    let force_vendored = env::var_os("CARGO_FEATURE_VENDORED").is_some()
        || env::var("KMA_SYS_VENDORED").map_or(false, |v| v == "1");
    let installed = if force_vendored { None } else { locate_installed() };
    let (lib_dir, model_dir) = match installed {
        Some(found) => found,
        None => build_vendored(&manifest_dir),
    };
    let archive = lib_dir.join("libkma.a");
    if !archive.is_file() {
        panic!("kma-sys: {} does not exist", archive.display());
    }
    println!("cargo:rerun-if-changed={}", archive.display());
    println!("cargo:rustc-link-search=native={}", lib_dir.display());
    println!("cargo:rustc-link-lib=static=kma");
    // The engine is C++: its runtime comes from the system.
    let target = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let cxx = if target == "macos" || target == "ios" { "c++" } else { "stdc++" };
    println!("cargo:rustc-link-lib=dylib={cxx}");
    println!("cargo:lib_dir={}", lib_dir.display());
    if let Some(dir) = model_dir {
        println!("cargo:rustc-env=KMA_SYS_MODEL_DIR={dir}");
        println!("cargo:model_dir={dir}");
    }
}
