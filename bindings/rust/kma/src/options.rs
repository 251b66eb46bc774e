//! Analysis options, kept as plain Rust values and turned into a C
//! `kma_options` set only when an analyzer is created or reconfigured.
use std::ffi::CString;
use std::ptr::NonNull;

use kma_sys as sys;

use crate::error::{Error, Result};

/// Options of an [`Analyzer`](crate::Analyzer). Unset fields keep the
/// library's defaults; values are validated by the library when applied,
/// and an out-of-range value gives [`ErrorKind::InvalidArgument`](crate::ErrorKind).
///
/// ```no_run
/// let opts = kma::Options::new().top_n(3).beam(10.0).lm("knlm");
/// # let _ = opts;
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Options {
    top_n: Option<i32>,
    beam: Option<f32>,
    max_unknown_length: Option<i32>,
    lm: Option<String>,
    output_tags: Option<String>,
    typos: Option<bool>,
    convention: Option<bool>,
}

impl Options {
    /// All defaults: top-1, beam 5, unknown words up to 8 syllables, the
    /// model's default language model.
    pub fn new() -> Options {
        Options::default()
    }

    /// Number of analyses returned, best first (1..=64).
    pub fn top_n(mut self, n: u32) -> Options {
        // Values beyond i32 are out of range anyway; saturate so that the
        // library reports them instead of wrapping to a valid number.
        self.top_n = Some(i32::try_from(n).unwrap_or(i32::MAX));
        self
    }

    /// Score-relative beam in natural log (0..=1000): paths further than
    /// this below the best one are dropped.
    pub fn beam(mut self, beam: f32) -> Options {
        self.beam = Some(beam);
        self
    }

    /// Longest unknown-word candidate, in syllables (1..=64).
    pub fn max_unknown_length(mut self, syllables: u32) -> Options {
        self.max_unknown_length = Some(i32::try_from(syllables).unwrap_or(i32::MAX));
        self
    }

    /// Language model to score with, one of [`Model::lm_names`](crate::Model::lm_names);
    /// `""` means the model's default.
    pub fn lm(mut self, name: impl Into<String>) -> Options {
        self.lm = Some(name.into());
        self
    }

    /// Tags the analyses keep (`"NNG,NNP,VV"`); other tokens are left out.
    pub fn output_tags(mut self, tags: impl Into<String>) -> Options {
        self.output_tags = Some(tags.into());
        self
    }

    /// Typo-tolerant analysis (default off): misspellings such as 됬다,
    /// 할께요 or 안녕하세여 are read as meant, at a cost, so correct text
    /// keeps its analysis; tokens so read report
    /// [`Token::is_corrected`](crate::Token::is_corrected). Bare jamo (ㅋㅋ,
    /// ㅠㅠ) become tokens of their own.
    pub fn typos(mut self, on: bool) -> Options {
        self.typos = Some(on);
        self
    }

    /// The model's convention prior (default on): each sentence is
    /// analysed in the annotation convention of the training source its
    /// characters read like (existence 있 as VA or VV, 같은 as 같/VA ㄴ/ETM
    /// or 같/VA 은/ETM). Off, every sentence in the corpus's mixture.
    pub fn convention(mut self, on: bool) -> Options {
        self.convention = Some(on);
        self
    }

    /// Builds the C option set. Range errors surface here, with the
    /// library's message naming the slot.
    pub(crate) fn to_raw(&self) -> Result<RawOptions> {
        let raw = RawOptions::new()?;
        if let Some(n) = self.top_n {
            raw.set_int(sys::KMA_OPT_TOP_N as i32, n)?;
        }
        if let Some(b) = self.beam {
            // SAFETY: raw.0 is a live option set owned by `raw`.
            Error::check(unsafe {
                sys::kma_options_set_float(raw.0.as_ptr(), sys::KMA_OPT_BEAM as i32, b)
            })?;
        }
        if let Some(n) = self.max_unknown_length {
            raw.set_int(sys::KMA_OPT_MAX_UNKNOWN_LENGTH as i32, n)?;
        }
        if let Some(lm) = &self.lm {
            raw.set_string(sys::KMA_OPT_LM as i32, lm)?;
        }
        if let Some(tags) = &self.output_tags {
            raw.set_string(sys::KMA_OPT_OUTPUT_TAGS as i32, tags)?;
        }
        if let Some(on) = self.typos {
            raw.set_int(sys::KMA_OPT_TYPOS as i32, i32::from(on))?;
        }
        if let Some(on) = self.convention {
            raw.set_int(sys::KMA_OPT_CONVENTION as i32, i32::from(on))?;
        }
        Ok(raw)
    }
}

/// Owner of a C `kma_options`; freed on drop. Never escapes the crate.
pub(crate) struct RawOptions(NonNull<sys::kma_options>);

impl RawOptions {
    pub(crate) fn new() -> Result<RawOptions> {
        let mut p = std::ptr::null_mut();
        // SAFETY: out-parameter is a valid pointer to a pointer.
        Error::check(unsafe { sys::kma_options_new(&mut p) })?;
        NonNull::new(p)
            .map(RawOptions)
            .ok_or_else(|| Error::new(sys::KMA_E_INTERNAL, "kma_options_new returned NULL"))
    }

    fn set_int(&self, slot: i32, value: i32) -> Result<()> {
        // SAFETY: self.0 is live; the call validates slot and value.
        Error::check(unsafe { sys::kma_options_set_int(self.0.as_ptr(), slot, value) })
    }

    pub(crate) fn set_string(&self, slot: i32, value: &str) -> Result<()> {
        let c = CString::new(value).map_err(|_| {
            Error::new(sys::KMA_E_INVALID_ARGUMENT, "option string contains a NUL byte")
        })?;
        // SAFETY: self.0 is live; the string is copied by the library.
        Error::check(unsafe { sys::kma_options_set_string(self.0.as_ptr(), slot, c.as_ptr()) })
    }

    pub(crate) fn as_ptr(&self) -> *const sys::kma_options {
        self.0.as_ptr()
    }
}

impl Drop for RawOptions {
    fn drop(&mut self) {
        // SAFETY: we own the set; nothing borrowed from it outlives us.
        unsafe { sys::kma_options_free(self.0.as_ptr()) }
    }
}
