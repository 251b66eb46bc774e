//! `Model::open_default` follows the shared rule. One test in its own
//! binary, because it changes the process environment.
use kma::{ErrorKind, Model};

#[test]
fn kma_model_first_then_the_installed_copy() {
    let path = std::env::var_os("KMA_TEST_MODEL").expect("KMA_TEST_MODEL (ctest sets it)");
    std::env::set_var("KMA_MODEL", &path);
    let m = Model::open_default().expect("open $KMA_MODEL");
    assert!(m.morpheme_count() > 0);
    // Used as given: a typo is an error naming it, never another model.
    std::env::set_var("KMA_MODEL", "/nonexistent/typo.kmam");
    let e = Model::open_default().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Io);
    assert!(e.message().contains("/nonexistent/typo.kmam"), "{}", e.message());
    std::env::remove_var("KMA_MODEL");
    // Without KMA_MODEL: the package's copy (the model directory kma-sys
    // was built with), when there is one.
    match kma::sys::PACKAGE_MODEL_DIR {
        Some(dir) if std::path::Path::new(dir).join("kma-default.kmam").is_file() => {
            Model::open_default().expect("open the package's model");
        }
        _ => {
            if let Err(e) = Model::open_default() {
                assert_eq!(e.kind(), ErrorKind::Io);
                assert!(e.message().contains("KMA_MODEL is not set"), "{}", e.message());
            }
        }
    }
}
