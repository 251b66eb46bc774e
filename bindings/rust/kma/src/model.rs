//! Models: immutable, reference-counted, shared by any number of threads.
use std::ffi::{CStr, CString};
use std::path::Path;
use std::ptr::NonNull;
use std::sync::Arc;

use kma_sys as sys;

use crate::analyzer::Analyzer;
use crate::error::{Error, Result};
use crate::options::{Options, RawOptions};
use crate::pool::Pool;

/// A loaded model (dictionary, tries, language models).
///
/// Cloning is cheap: clones share one C handle through an [`Arc`], which is
/// freed when the last clone and the last [`Analyzer`] made from it are
/// gone. The C ABI documents models as immutable and thread-safe, so `Model`
/// is `Send + Sync`; give each thread its own analyzer.
#[derive(Clone)]
pub struct Model {
    inner: Arc<ModelHandle>,
}

struct ModelHandle(NonNull<sys::kma_model>);

// SAFETY: kma_model is immutable after opening and every kma_model_* getter
// and kma_analyzer_new may be called from any thread concurrently
// (kma.h thread-safety table). It is freed only from Drop, i.e. once no
// other reference to the handle exists.
unsafe impl Send for ModelHandle {}
unsafe impl Sync for ModelHandle {}

impl Drop for ModelHandle {
    fn drop(&mut self) {
        // SAFETY: last owner of the handle; borrowed strings died with the
        // `&Model` borrows that produced them.
        unsafe { sys::kma_model_free(self.0.as_ptr()) }
    }
}

impl Model {
    /// Opens a model file (memory-mapped where possible).
    ///
    /// Errors: [`ErrorKind::Io`](crate::ErrorKind::Io) if the file cannot be
    /// read (the message names the path), `ModelFormat`, `ModelVersion`, and
    /// `InvalidArgument` for a path that is not UTF-8 or contains NUL.
    pub fn open(path: impl AsRef<Path>) -> Result<Model> {
        let path = path.as_ref();
        let utf8 = path.to_str().ok_or_else(|| {
            Error::new(
                sys::KMA_E_INVALID_ARGUMENT,
                format!("model path is not UTF-8: {}", path.display()),
            )
        })?;
        let c = CString::new(utf8).map_err(|_| {
            Error::new(
                sys::KMA_E_INVALID_ARGUMENT,
                "model path contains a NUL byte",
            )
        })?;
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid out-pointer and NUL-terminated path; options may be NULL.
        Error::check(unsafe { sys::kma_model_open_file(&mut raw, c.as_ptr(), std::ptr::null()) })?;
        Ok(Model::wrap(raw))
    }

    /// Opens a model from the bytes of a model file (copied by the library).
    pub fn from_bytes(bytes: &[u8]) -> Result<Model> {
        let mut raw = std::ptr::null_mut();
        // SAFETY: the slice is valid for its length during the call.
        Error::check(unsafe {
            sys::kma_model_open_memory(
                &mut raw,
                bytes.as_ptr().cast(),
                bytes.len(),
                std::ptr::null(),
            )
        })?;
        Ok(Model::wrap(raw))
    }

    /// Opens the default model, found by the rule every kma surface shares
    /// (the C library's `kma_model_open_default`):
    /// 1. `$KMA_MODEL` when set and not empty, used as given (a typo is an
    ///    error, not a silent fallback);
    /// 2. the model installed with the libkma this crate was built against
    ///    ([`kma_sys::PACKAGE_MODEL_DIR`], from pkg-config's `modeldir`);
    /// 3. `share/kma/kma-default.kmam` of the prefix libkma was configured
    ///    for.
    ///
    /// Errors: `Io` when nothing is found (the message lists the places
    /// tried), else as [`Model::open`].
    pub fn open_default() -> Result<Model> {
        let opts = RawOptions::new()?;
        if let Some(dir) = sys::PACKAGE_MODEL_DIR {
            opts.set_string(
                sys::KMA_OPT_PACKAGE_MODEL as i32,
                &format!("{dir}/kma-default.kmam"),
            )?;
        }
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid out-pointer and a live option set (only read).
        Error::check(unsafe { sys::kma_model_open_default(&mut raw, opts.as_ptr()) })?;
        Ok(Model::wrap(raw))
    }

    fn wrap(raw: *mut sys::kma_model) -> Model {
        // A KMA_OK return guarantees a non-NULL model.
        let raw = NonNull::new(raw).expect("kma_model_open_* returned KMA_OK and NULL");
        Model {
            inner: Arc::new(ModelHandle(raw)),
        }
    }

    pub(crate) fn as_ptr(&self) -> *const sys::kma_model {
        self.inner.0.as_ptr()
    }

    /// Creates a pool of `threads` analysing threads with default options
    /// (0: one per online CPU); see [`Pool`].
    pub fn pool(&self, threads: u32) -> Result<Pool> {
        Pool::new(self, &Options::default(), threads)
    }

    /// Creates an analyzer with default options.
    pub fn analyzer(&self) -> Result<Analyzer> {
        Analyzer::new(self, &Options::default())
    }

    /// Creates an analyzer with the given options.
    pub fn analyzer_with(&self, options: &Options) -> Result<Analyzer> {
        Analyzer::new(self, options)
    }

    /// A model that analyses with this one and a snapshot of `dict` (see
    /// [`UserDict`](crate::UserDict)); it shares this model's memory.
    /// Deriving from a derived model replaces its dictionary.
    pub fn with_user_dict(&self, dict: &crate::UserDict) -> Result<Model> {
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid out-pointer, live model and dictionary.
        Error::check(unsafe { sys::kma_model_with_user_dict(&mut raw, self.as_ptr(), dict.as_ptr()) })?;
        Ok(Model::wrap(raw))
    }

    /// Format version stamped in the file.
    pub fn format_version(&self) -> u32 {
        // SAFETY: live handle.
        unsafe { sys::kma_model_format_version(self.as_ptr()) }
    }

    /// Number of morphemes in the dictionary.
    pub fn morpheme_count(&self) -> u32 {
        // SAFETY: live handle.
        unsafe { sys::kma_model_morpheme_count(self.as_ptr()) }
    }

    /// A metadata value such as `"license"`; `None` if the key is absent
    /// (or its value is empty, which the C ABI does not distinguish).
    pub fn metadata(&self, key: &str) -> Option<&str> {
        let key = CString::new(key).ok()?;
        // SAFETY: live handle; the value lives as long as the handle, which
        // outlives the `&self` borrow.
        let v = unsafe { borrowed_str(sys::kma_model_metadata(self.as_ptr(), key.as_ptr())) }?;
        (!v.is_empty()).then_some(v)
    }

    /// Names of the language models the file carries (usable with
    /// [`Options::lm`]).
    pub fn lm_names(&self) -> Vec<&str> {
        // SAFETY: live handle; indices are in range; names live as long as
        // the handle.
        unsafe {
            (0..sys::kma_model_lm_count(self.as_ptr()))
                .filter_map(|i| borrowed_str(sys::kma_model_lm_name(self.as_ptr(), i)))
                .collect()
        }
    }

    /// Name of the language model used when [`Options::lm`] is not set.
    pub fn default_lm(&self) -> &str {
        // SAFETY: live handle.
        unsafe { borrowed_str(sys::kma_model_default_lm(self.as_ptr())) }.unwrap_or("")
    }
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("format_version", &self.format_version())
            .field("morphemes", &self.morpheme_count())
            .field("default_lm", &self.default_lm())
            .finish()
    }
}

/// Reads a C string borrowed from a kma object. The caller picks a lifetime
/// no longer than the owning object's.
pub(crate) unsafe fn borrowed_str<'a>(p: *const std::ffi::c_char) -> Option<&'a str> {
    if p.is_null() {
        return None;
    }
    // kma hands out UTF-8 only; a failure here would be a library bug, and
    // dropping the value beats panicking.
    CStr::from_ptr(p).to_str().ok()
}
