//! Gives this crate's tests and examples an rpath to the libkma that kma-sys
//! linked: `rustc-link-arg` in kma-sys only reaches kma-sys's own targets,
//! so the directory travels as `links` metadata (DEP_KMA_LIB_DIR).
fn main() {
    println!("cargo:rerun-if-env-changed=DEP_KMA_LIB_DIR");
    if let Ok(dir) = std::env::var("DEP_KMA_LIB_DIR") {
        println!("cargo:rustc-link-arg-tests=-Wl,-rpath,{dir}");
        println!("cargo:rustc-link-arg-examples=-Wl,-rpath,{dir}");
    }
}
