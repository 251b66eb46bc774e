//! Constrained analysis: parts of the analysis fixed by the caller (the C
//! library's `kma_constraints.h`).
use std::ptr::NonNull;

use kma_sys as sys;

use crate::error::{Error, Result};

/// A list of constraints for [`Analyzer::analyze_constrained`](crate::Analyzer::analyze_constrained).
///
/// * [`span`](Constraints::span): code points `begin..end` are analysed as
///   the given morphemes (`"카카오뱅크/NNP"`, `"걷/VV+었/EP+다/EF"`), which
///   need not be in the dictionary; their tokens report
///   [`Token::is_constrained`](crate::Token::is_constrained).
/// * [`lemma`](Constraints::lemma) / [`lemma_in`](Constraints::lemma_in): the
///   analysis must contain one of the readings (`"개종하/VV|개종/NNG+하/XSV"`,
///   several tags as `"사람/NNG,NNP"`), anywhere or inside a span. At most 7.
/// * [`parse`](Constraints::parse): the text syntax of `kma analyze --constrain`.
///
/// Offsets are **code points** (`text.chars()` indices), not byte offsets.
/// Malformed morphemes fail at once with `InvalidArgument` and
/// [`Error::offset`] the byte offset in the string given.
///
/// ```no_run
/// # fn main() -> kma::Result<()> {
/// let model = kma::Model::open_default()?;
/// let mut analyzer = model.analyzer()?;
/// let mut c = kma::Constraints::new()?;
/// c.span(3, 8, "카카오뱅크/NNP")?;
/// let analysis = analyzer.analyze_constrained("나는 카카오뱅크에 간다", &c)?;
/// assert!(analysis.tokens().any(|t| t.is_constrained()));
/// # Ok(())
/// # }
/// ```
pub struct Constraints {
    raw: NonNull<sys::kma_constraints>,
}

// SAFETY: the list is only modified through `&mut self`; `&self` use (an
// analysis call reading it) from several threads is allowed by the C ABI.
unsafe impl Send for Constraints {}
unsafe impl Sync for Constraints {}

impl Constraints {
    /// An empty list (analysing with it is plain analysis).
    pub fn new() -> Result<Constraints> {
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid out-pointer.
        Error::check(unsafe { sys::kma_constraints_new(&mut raw) })?;
        let raw = NonNull::new(raw).expect("kma_constraints_new returned KMA_OK and NULL");
        Ok(Constraints { raw })
    }

    /// Code points `cp_begin..cp_end` are analysed as `morphs`.
    pub fn span(&mut self, cp_begin: u32, cp_end: u32, morphs: &str) -> Result<&mut Self> {
        // SAFETY: exclusive access; the string is copied.
        Error::check(unsafe {
            sys::kma_constraints_add_span(
                self.raw.as_ptr(),
                cp_begin,
                cp_end,
                morphs.as_ptr().cast(),
                morphs.len(),
            )
        })?;
        Ok(self)
    }

    /// The analysis must contain one of `readings`, anywhere.
    pub fn lemma(&mut self, readings: &str) -> Result<&mut Self> {
        self.add_lemma(readings, 0, 0)
    }

    /// The analysis must contain one of `readings` inside code points
    /// `cp_begin..cp_end` (`cp_end > cp_begin`).
    pub fn lemma_in(&mut self, readings: &str, cp_begin: u32, cp_end: u32) -> Result<&mut Self> {
        if cp_end <= cp_begin {
            return Err(Error::new(
                sys::KMA_E_INVALID_ARGUMENT,
                format!("empty lemma span {cp_begin}:{cp_end}"),
            ));
        }
        self.add_lemma(readings, cp_begin, cp_end)
    }

    /// Adds the constraints written in `text` (one per line or `;`-separated).
    pub fn parse(&mut self, text: &str) -> Result<&mut Self> {
        // SAFETY: exclusive access; the text is not retained.
        Error::check(unsafe {
            sys::kma_constraints_parse(self.raw.as_ptr(), text.as_ptr().cast(), text.len())
        })?;
        Ok(self)
    }

    /// Number of constraints.
    pub fn len(&self) -> usize {
        // SAFETY: live list.
        unsafe { sys::kma_constraints_count(self.raw.as_ptr()) }
    }

    /// True when there is no constraint.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Removes every constraint.
    pub fn clear(&mut self) {
        // SAFETY: exclusive access to a live list.
        unsafe { sys::kma_constraints_clear(self.raw.as_ptr()) }
    }

    pub(crate) fn as_ptr(&self) -> *const sys::kma_constraints {
        self.raw.as_ptr()
    }

    fn add_lemma(&mut self, readings: &str, cp_begin: u32, cp_end: u32) -> Result<&mut Self> {
        // SAFETY: exclusive access; the string is copied.
        Error::check(unsafe {
            sys::kma_constraints_add_lemma(
                self.raw.as_ptr(),
                readings.as_ptr().cast(),
                readings.len(),
                cp_begin,
                cp_end,
            )
        })?;
        Ok(self)
    }
}

impl Drop for Constraints {
    fn drop(&mut self) {
        // SAFETY: we own the list.
        unsafe { sys::kma_constraints_free(self.raw.as_ptr()) }
    }
}
