//! Spacing correction: [`Analyzer::space`] over `kma_space_utf8`.
use kma_sys as sys;

use crate::analyzer::Analyzer;
use crate::error::{Error, Result};

impl Analyzer {
    /// `text` with standard spacing: particles, endings and suffixes attach
    /// to the word before them, other morphemes start a word where the
    /// model's boundary statistics say so; only spaces change. `weight` says
    /// how much the writer's spaces count, from 0 (ignored) to 1 (trusted:
    /// every one stays); `None` is the default (0.8). A weight outside
    /// [0, 1] gives [`ErrorKind::InvalidArgument`](crate::ErrorKind::InvalidArgument).
    pub fn space(&mut self, text: &str, weight: Option<f64>) -> Result<String> {
        let w = match weight {
            None => sys::KMA_SPACE_WEIGHT_DEFAULT,
            Some(w) if (0.0..=1.0).contains(&w) => w,
            Some(w) => {
                return Err(Error::new(
                    sys::KMA_E_INVALID_ARGUMENT,
                    format!("space: weight {w} is outside [0, 1]"),
                ))
            }
        };
        let mut out = std::ptr::null_mut();
        // SAFETY: exclusive access to a live analyzer; the text is valid for
        // its length and not retained.
        Error::check(unsafe {
            sys::kma_space_utf8(self.raw_ptr(), text.as_ptr().cast(), text.len(), w, &mut out)
        })?;
        let mut len = 0usize;
        // SAFETY: `out` is a live text handle; its bytes stay valid until it
        // is freed below, after they are copied.
        let spaced = unsafe {
            let data = sys::kma_text_data(out, &mut len);
            let bytes = std::slice::from_raw_parts(data.cast::<u8>(), len).to_vec();
            sys::kma_text_free(out);
            bytes
        };
        String::from_utf8(spaced)
            .map_err(|e| Error::new(sys::KMA_E_INTERNAL, format!("kma_space_utf8 gave invalid UTF-8: {e}")))
    }
}
