//! Analyzers: per-thread state over a shared model.
use std::ptr::NonNull;

use kma_sys as sys;

use crate::constraints::Constraints;
use crate::error::{Error, Result};
use crate::model::Model;
use crate::options::Options;
use crate::result::{Analysis, Sentence};

/// Turns text into [`Analysis`] results. Cheap to create: make one per
/// thread from a shared [`Model`].
///
/// `Analyzer` is `Send` but not `Sync`: the C ABI allows one thread per
/// analyzer at a time, and every analysing method takes `&mut self`. It
/// keeps a clone of its [`Model`], so the model can never be released while
/// an analyzer still works with it — in Rust, "closing the model while
/// another thread analyses" cannot be written.
///
/// Sharing one analyzer between threads does not compile:
///
/// ```compile_fail
/// fn shared<T: Sync>(_: &T) {}
/// fn check(a: &kma::Analyzer) { shared(a) }
/// ```
pub struct Analyzer {
    raw: NonNull<sys::kma_analyzer>,
    model: Model,
}

// SAFETY: an analyzer may move between threads; it is only used through
// `&mut self` (or dropped), so it is never used by two threads at once.
// NonNull keeps it !Sync.
unsafe impl Send for Analyzer {}

impl Analyzer {
    /// Creates an analyzer over `model` (same as [`Model::analyzer_with`]).
    /// Fails with `InvalidArgument` for out-of-range options or an LM name
    /// the model does not carry.
    pub fn new(model: &Model, options: &Options) -> Result<Analyzer> {
        let opts = options.to_raw()?;
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid out-pointer, live model and option set; the
        // options are copied, so `opts` may drop afterwards.
        Error::check(unsafe { sys::kma_analyzer_new(&mut raw, model.as_ptr(), opts.as_ptr()) })?;
        let raw = NonNull::new(raw).expect("kma_analyzer_new returned KMA_OK and NULL");
        Ok(Analyzer {
            raw,
            model: model.clone(),
        })
    }

    /// The model this analyzer works with.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Replaces the options; on error the old ones stay in effect.
    pub fn set_options(&mut self, options: &Options) -> Result<()> {
        let opts = options.to_raw()?;
        // SAFETY: exclusive access to a live analyzer; options are copied.
        Error::check(unsafe { sys::kma_analyzer_set_options(self.raw.as_ptr(), opts.as_ptr()) })
    }

    /// Analyzes `text`: up to `top_n` candidate analyses, best first. Token
    /// offsets are byte offsets into `text`, so [`Token::surface`](crate::Token::surface)
    /// is a slice of it.
    pub fn analyze<'t>(&mut self, text: &'t str) -> Result<Analysis<'t>> {
        let raw = self.call(text.as_bytes(), sys::kma_analyzer_analyze_utf8)?;
        Ok(Analysis::new(raw, text))
    }

    /// Analyzes `text` under `constraints`: the best analyses that satisfy
    /// every constraint (see [`Constraints`]). Fails with `InvalidArgument`
    /// for a constraint that does not fit the text (offset: its code point)
    /// and `Unsatisfiable` when no analysis holds a lemma constraint.
    pub fn analyze_constrained<'t>(
        &mut self,
        text: &'t str,
        constraints: &Constraints,
    ) -> Result<Analysis<'t>> {
        let mut out = std::ptr::null_mut();
        // SAFETY: exclusive access to a live analyzer; the text and the
        // constraint list are valid for the call and not retained.
        Error::check(unsafe {
            sys::kma_analyzer_analyze_constrained_utf8(
                self.raw.as_ptr(),
                text.as_ptr().cast(),
                text.len(),
                constraints.as_ptr(),
                &mut out,
            )
        })?;
        let raw = NonNull::new(out)
            .ok_or_else(|| Error::new(sys::KMA_E_INTERNAL, "KMA_OK with a NULL result"))?;
        Ok(Analysis::new(raw, text))
    }

    /// Analyzes raw bytes that should be UTF-8, letting the library validate
    /// them: invalid input gives [`ErrorKind::InvalidUtf8`](crate::ErrorKind::InvalidUtf8)
    /// with [`Error::offset`] at the first bad byte (a `&str` cannot be
    /// invalid, so this is the only way to get that error).
    pub fn analyze_bytes<'t>(&mut self, bytes: &'t [u8]) -> Result<Analysis<'t>> {
        let raw = self.call(bytes, sys::kma_analyzer_analyze_utf8)?;
        // The library accepted the bytes, so they are valid UTF-8; checking
        // again costs one pass and keeps this function free of `unsafe`.
        match std::str::from_utf8(bytes) {
            Ok(text) => Ok(Analysis::new(raw, text)),
            Err(e) => {
                // SAFETY: we own `raw` and nothing borrowed from it.
                unsafe { sys::kma_result_free(raw.as_ptr()) };
                Err(Error::new(
                    sys::KMA_E_INTERNAL,
                    format!("kma accepted invalid UTF-8: {e}"),
                ))
            }
        }
    }

    /// Splits `text` into sentences. The text is analysed (best analysis, this
    /// analyzer's options) and sentences end after final punctuation, final
    /// endings written without punctuation (맛있었어요 다음에), nominal endings
    /// (했음), emoticons and laughter (ㅋㅋ, ^^), at line breaks after a
    /// complete clause and at blank lines; quotations are never split. It costs
    /// about as much as [`Analyzer::analyze`], whose `sentences()` are the same.
    /// Sentences borrow `text`; their byte ranges slice it.
    pub fn split<'t>(&mut self, text: &'t str) -> Result<Vec<Sentence<'t>>> {
        let raw = self.call(text.as_bytes(), sys::kma_analyzer_split_utf8)?;
        // Reading the spans needs the result only briefly; Analysis frees it.
        Ok(Analysis::new(raw, text).sentences())
    }

    /// The handle, for the entry points other files of the crate wrap.
    pub(crate) fn raw_ptr(&mut self) -> *mut sys::kma_analyzer {
        self.raw.as_ptr()
    }

    /// Runs one of the `(analyzer, text, bytes, out)` entry points.
    fn call(
        &mut self,
        bytes: &[u8],
        f: unsafe extern "C" fn(
            *mut sys::kma_analyzer,
            *const std::ffi::c_char,
            usize,
            *mut *mut sys::kma_result,
        ) -> sys::kma_status,
    ) -> Result<NonNull<sys::kma_result>> {
        let mut out = std::ptr::null_mut();
        // SAFETY: exclusive access to a live analyzer; the text is valid for
        // its length and not retained. An empty slice's dangling pointer is
        // fine because the length is 0.
        Error::check(unsafe {
            f(
                self.raw.as_ptr(),
                bytes.as_ptr().cast(),
                bytes.len(),
                &mut out,
            )
        })?;
        NonNull::new(out)
            .ok_or_else(|| Error::new(sys::KMA_E_INTERNAL, "KMA_OK with a NULL result"))
    }
}

impl Drop for Analyzer {
    fn drop(&mut self) {
        // SAFETY: we own the analyzer; results it produced stay valid.
        unsafe { sys::kma_analyzer_free(self.raw.as_ptr()) }
    }
}

impl std::fmt::Debug for Analyzer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Analyzer")
            .field("model", &self.model)
            .finish()
    }
}
