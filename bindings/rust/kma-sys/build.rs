//! Finds the kma C library and links it statically.
//!
//! kma is linked from `libkma.a`, which holds the C ABI, the engine and its
//! utf8proc and xxHash: programs then depend on nothing beyond the C and
//! C++ runtimes and run without `LD_LIBRARY_PATH`. Discovery order (as -sys
//! crates usually do):
//!   1. `KMA_LIB_DIR`: a directory holding libkma.a (the CMake build sets it
//!      to its own output directory);
//!   2. pkg-config: the `libdir` of `kma.pc` (PKG_CONFIG_PATH is honoured, so
//!      an install in any prefix works);
//!   3. the usual prefixes /usr/local/lib and /usr/lib.
//!
//! The installed default model comes with it: `modeldir` of `kma.pc` (or
//! `KMA_MODEL_DIR`, or `<prefix>/share/kma` for 3.) is compiled into the
//! crate as `PACKAGE_MODEL_DIR`, which `kma::Model::open_default` hands to
//! the C library's lookup rule as the package's own copy.
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

/// The directory holding libkma.a and, when known, the model directory.
fn locate() -> (PathBuf, Option<String>) {
    let model_dir = env::var("KMA_MODEL_DIR").ok().filter(|d| !d.is_empty());
    if let Ok(dir) = env::var("KMA_LIB_DIR") {
        return (PathBuf::from(dir), model_dir);
    }
    if let Some(libdir) = pkg_config_variable("libdir") {
        return (
            PathBuf::from(libdir),
            model_dir.or_else(|| pkg_config_variable("modeldir")),
        );
    }
    for prefix in ["/usr/local", "/usr"] {
        let lib = Path::new(prefix).join("lib");
        if lib.join("libkma.a").is_file() {
            let share = format!("{prefix}/share/kma");
            return (lib, model_dir.or(Some(share)));
        }
    }
    panic!(
        "kma-sys: libkma.a not found. Install kma (cmake --install <build> --prefix P) and \
         let pkg-config find it (PKG_CONFIG_PATH=P/lib/pkgconfig), or set KMA_LIB_DIR to the \
         directory holding libkma.a"
    );
}

fn main() {
    for var in ["KMA_LIB_DIR", "KMA_MODEL_DIR", "PKG_CONFIG_PATH", "PKG_CONFIG"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    println!("cargo:rerun-if-changed=build.rs");

    let (lib_dir, model_dir) = locate();
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
