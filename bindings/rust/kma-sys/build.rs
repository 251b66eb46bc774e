//! Finds the kma C library and tells rustc how to link it.
//!
//! Discovery order (as -sys crates usually do):
//!   1. `KMA_LIB_DIR`: a directory holding libkma.so (the CMake build sets it
//!      to the `kma` target's directory);
//!   2. otherwise rely on the system linker paths (an installed libkma).
//!
//! The directory is also published as `links` metadata (`DEP_KMA_LIB_DIR`),
//! because `rustc-link-arg` only reaches this crate: the `kma` crate's build
//! script turns it into an rpath for its tests and examples.
use std::env;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-env-changed=KMA_LIB_DIR");
    println!("cargo:rerun-if-changed=build.rs");

    if let Ok(dir) = env::var("KMA_LIB_DIR") {
        let dir = Path::new(&dir);
        if !dir.is_dir() {
            panic!("KMA_LIB_DIR={} is not a directory", dir.display());
        }
        println!("cargo:rustc-link-search=native={}", dir.display());
        println!("cargo:lib_dir={}", dir.display());
        // This crate's own unit tests load libkma.so from there too.
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    }
    // Headers live beside the crate in the source tree; exported for
    // dependents that compile C shims of their own (DEP_KMA_INCLUDE).
    let manifest = env::var("CARGO_MANIFEST_DIR").unwrap();
    let include = Path::new(&manifest).join("../../../capi/include");
    if include.is_dir() {
        println!("cargo:include={}", include.display());
    }
    println!("cargo:rustc-link-lib=dylib=kma");
}
