//! Analysis options, kept as plain Rust values and turned into a C
//! `kma_options` set only when an analyzer or pool is created or
//! reconfigured. The options are the library's table of option slots
//! (`kma_option_next`, `kma_option_name`, ...): [`Options::set`] takes any
//! of them by name, and the typed methods are shorthands for the common
//! ones. Nothing here names a slot number.
use std::ffi::{CStr, CString};
use std::ptr::NonNull;

use kma_sys as sys;

use crate::error::{Error, Result};

/// A value for [`Options::set`]: a `bool`, an integer, a float or a
/// string, converted with `From` (`true`, `3`, `7.5`, `"knlm"`).
#[derive(Debug, Clone, PartialEq)]
pub enum OptionValue {
    /// For a boolean slot (`KMA_OPT_FLAG_BOOLEAN`).
    Bool(bool),
    /// For an int slot.
    Int(i64),
    /// For a float slot.
    Float(f64),
    /// For a string slot.
    Str(String),
}

impl From<bool> for OptionValue {
    fn from(v: bool) -> Self {
        OptionValue::Bool(v)
    }
}
impl From<i32> for OptionValue {
    fn from(v: i32) -> Self {
        OptionValue::Int(v.into())
    }
}
impl From<u32> for OptionValue {
    fn from(v: u32) -> Self {
        OptionValue::Int(v.into())
    }
}
impl From<i64> for OptionValue {
    fn from(v: i64) -> Self {
        OptionValue::Int(v)
    }
}
impl From<f32> for OptionValue {
    fn from(v: f32) -> Self {
        OptionValue::Float(v.into())
    }
}
impl From<f64> for OptionValue {
    fn from(v: f64) -> Self {
        OptionValue::Float(v)
    }
}
impl From<&str> for OptionValue {
    fn from(v: &str) -> Self {
        OptionValue::Str(v.to_owned())
    }
}
impl From<String> for OptionValue {
    fn from(v: String) -> Self {
        OptionValue::Str(v)
    }
}

/// Options of an [`Analyzer`](crate::Analyzer) or [`Pool`](crate::Pool).
/// What is not set keeps the library's default; names and values are
/// checked by the library when applied (an unknown name gives
/// [`ErrorKind::Unsupported`](crate::ErrorKind), an out-of-range value or a
/// value of the wrong type [`ErrorKind::InvalidArgument`](crate::ErrorKind)).
///
/// ```no_run
/// let opts = kma::Options::new().top_n(3).beam(10.0).set("typos", true);
/// # let _ = opts;
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Options {
    // By name, in the order first set.
    values: Vec<(String, OptionValue)>,
}

impl Options {
    /// All defaults: top-1, beam 5, unknown words up to 8 syllables, the
    /// model's default language model.
    pub fn new() -> Options {
        Options::default()
    }

    /// The names [`Options::set`] takes: the library's analysis options, in
    /// slot order (`"top_n"`, `"beam"`, ...; what each does is documented in
    /// `kma/kma_options.h` under `KMA_OPT_` and the name in capitals).
    pub fn names() -> Vec<String> {
        let mut names = Vec::new();
        // SAFETY: the table functions take any value and return static data.
        let mut o = unsafe { sys::kma_option_next(0) };
        while o != 0 {
            let flags = unsafe { sys::kma_option_flags(o) };
            if flags & sys::KMA_OPT_FLAG_MODEL_LOOKUP as i32 == 0 {
                let name = unsafe { CStr::from_ptr(sys::kma_option_name(o)) };
                names.push(name.to_string_lossy().into_owned());
            }
            o = unsafe { sys::kma_option_next(o) };
        }
        names
    }

    /// Sets an option by its name in the library's table ([`Options::names`]),
    /// replacing an earlier value.
    pub fn set(mut self, name: &str, value: impl Into<OptionValue>) -> Options {
        let value = value.into();
        match self.values.iter_mut().find(|(n, _)| n == name) {
            Some(entry) => entry.1 = value,
            None => self.values.push((name.to_owned(), value)),
        }
        self
    }

    /// Removes an option set earlier: the library's default applies again.
    pub fn unset(mut self, name: &str) -> Options {
        self.values.retain(|(n, _)| n != name);
        self
    }

    /// The value set for `name`, if any.
    pub fn get(&self, name: &str) -> Option<&OptionValue> {
        self.values.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// Number of analyses returned, best first (1..=64).
    pub fn top_n(self, n: u32) -> Options {
        self.set("top_n", n)
    }

    /// Score-relative beam in natural log (0..=1000): paths further than
    /// this below the best one are dropped.
    pub fn beam(self, beam: f32) -> Options {
        self.set("beam", beam)
    }

    /// Longest unknown-word candidate, in syllables (1..=64).
    pub fn max_unknown_length(self, syllables: u32) -> Options {
        self.set("max_unknown_length", syllables)
    }

    /// Language model to score with, one of [`Model::lm_names`](crate::Model::lm_names);
    /// `""` means the model's default.
    pub fn lm(self, name: impl Into<String>) -> Options {
        self.set("lm", name.into())
    }

    /// Tags the analyses keep (`"NNG,NNP,VV"`); other tokens are left out.
    pub fn output_tags(self, tags: impl Into<String>) -> Options {
        self.set("output_tags", tags.into())
    }

    /// Typo-tolerant analysis (default off): misspellings such as 됬다,
    /// 할께요 or 안녕하세여 are read as meant, at a cost, so correct text
    /// keeps its analysis; tokens so read report
    /// [`Token::is_corrected`](crate::Token::is_corrected). Bare jamo (ㅋㅋ,
    /// ㅠㅠ) become tokens of their own.
    pub fn typos(self, on: bool) -> Options {
        self.set("typos", on)
    }

    /// Builds the C option set. Name, type and range errors surface here,
    /// with the library's message naming the slot.
    pub(crate) fn to_raw(&self) -> Result<RawOptions> {
        let raw = RawOptions::new()?;
        for (name, value) in &self.values {
            raw.set(name, value)?;
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

    /// Sets the slot named `name`, by its type in the library's table.
    fn set(&self, name: &str, value: &OptionValue) -> Result<()> {
        let cname = CString::new(name).map_err(|_| {
            Error::new(
                sys::KMA_E_INVALID_ARGUMENT,
                "option name contains a NUL byte",
            )
        })?;
        let mut slot = 0;
        // SAFETY: valid C string and out-pointer; nothing is retained.
        Error::check(unsafe { sys::kma_option_find(cname.as_ptr(), &mut slot) })?;
        // SAFETY: plain table lookups.
        let (kind, flags) = unsafe { (sys::kma_option_type(slot), sys::kma_option_flags(slot)) };
        let boolean = flags & sys::KMA_OPT_FLAG_BOOLEAN as i32 != 0;
        let ptr = self.0.as_ptr();
        // SAFETY (every arm): self.0 is live; the library validates the value.
        match (value, kind as u32) {
            (OptionValue::Bool(b), sys::KMA_OPT_TYPE_INT) if boolean => {
                Error::check(unsafe { sys::kma_options_set_int(ptr, slot, i32::from(*b)) })
            }
            (OptionValue::Int(i), sys::KMA_OPT_TYPE_INT) if !boolean => {
                // Beyond i32 is out of range anyway: saturate so that the
                // library reports it instead of wrapping to a valid number.
                let v = i32::try_from(*i).unwrap_or(if *i < 0 { i32::MIN } else { i32::MAX });
                Error::check(unsafe { sys::kma_options_set_int(ptr, slot, v) })
            }
            (OptionValue::Float(f), sys::KMA_OPT_TYPE_FLOAT) => {
                Error::check(unsafe { sys::kma_options_set_float(ptr, slot, *f as f32) })
            }
            (OptionValue::Int(i), sys::KMA_OPT_TYPE_FLOAT) => {
                Error::check(unsafe { sys::kma_options_set_float(ptr, slot, *i as f32) })
            }
            (OptionValue::Str(s), sys::KMA_OPT_TYPE_STRING) => self.set_string(slot, s),
            _ => Err(Error::new(
                sys::KMA_E_INVALID_ARGUMENT,
                format!("option {name} does not take {value:?}"),
            )),
        }
    }

    pub(crate) fn set_string(&self, slot: i32, value: &str) -> Result<()> {
        let c = CString::new(value).map_err(|_| {
            Error::new(
                sys::KMA_E_INVALID_ARGUMENT,
                "option string contains a NUL byte",
            )
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
