//! Safe Rust API of kma, a Korean morphological analyzer.
//!
//! ```no_run
//! let model = kma::Model::open("kma-default.kmam")?;
//! let mut analyzer = model.analyzer()?;
//! let text = "정부는 예산안을 제출했다.";
//! for token in analyzer.analyze(text)?.tokens() {
//!     // Byte offsets slice the input directly.
//!     println!("{}/{} {:?} {:?}", token.form(), token.tag(), token.byte_range(), token.surface());
//! }
//! # Ok::<(), kma::Error>(())
//! ```
//!
//! * [`Model`] is immutable, `Send + Sync` and cheap to clone (shared).
//! * [`Analyzer`] is per thread (`Send`, not `Sync`) and keeps its model
//!   alive.
//! * [`Pool`] analyses batches on several threads
//!   ([`Pool::analyze_many`]), results in input order, one `Result` per text.
//! * [`Model::open_default`] finds the installed model by the rule every
//!   kma surface shares: `$KMA_MODEL`, the model installed with the libkma
//!   this crate links, the configured prefix.
//! * Every failure is an [`Error`] carrying the C `kma_status` code, the
//!   library's message and, for invalid UTF-8, the byte offset.
//!
//! The crate calls only the C ABI (through `kma-sys`), never the C++ engine.
mod analyzer;
mod constraints;
mod error;
mod model;
mod options;
mod pool;
mod result;
mod space;
mod user_dict;

pub use analyzer::Analyzer;
pub use constraints::Constraints;
pub use error::{Error, ErrorKind, Result};
pub use model::Model;
pub use options::{OptionValue, Options};
pub use pool::Pool;
pub use result::{tag_name, Analysis, Candidate, RecordFormat, Sentence, Token};
pub use user_dict::{Joiner, UserDict};

/// Re-export of the raw declarations, for what the safe API lacks.
pub use kma_sys as sys;

use std::ffi::CStr;

/// Version of the loaded C library, e.g. `"0.1.0"`.
pub fn version() -> &'static str {
    // SAFETY: static NUL-terminated ASCII.
    unsafe { CStr::from_ptr(sys::kma_version_string()) }
        .to_str()
        .unwrap_or("")
}

/// Instruction set the scoring kernels use (`"avx2"`, `"scalar"`, …).
pub fn active_isa() -> &'static str {
    // SAFETY: static NUL-terminated ASCII.
    unsafe { CStr::from_ptr(sys::kma_active_isa_name()) }
        .to_str()
        .unwrap_or("")
}
