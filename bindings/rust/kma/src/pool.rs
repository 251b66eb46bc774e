//! Pools: batches of texts analysed on several threads (the C `kma_pool`).
use std::ptr::NonNull;

use kma_sys as sys;

use crate::error::{Error, Result};
use crate::model::Model;
use crate::options::Options;
use crate::result::Analysis;

/// A fixed set of worker threads, each with its own analyzer over one
/// shared [`Model`]. [`Pool::analyze_many`] spreads a batch over them and
/// returns the results in input order; a text that fails gets its own
/// [`Error`] and the others are still analysed. Results are identical to
/// those of an [`Analyzer`](crate::Analyzer) with the same options.
///
/// ```no_run
/// let model = kma::Model::open_default()?;
/// let mut pool = model.pool(0)?; // 0: one thread per CPU
/// for (text, result) in ["아버지가방에들어가신다", "밥"].iter().zip(pool.analyze_many(&["아버지가방에들어가신다", "밥"])?) {
///     println!("{text}: {}", result?.best());
/// }
/// # Ok::<(), kma::Error>(())
/// ```
pub struct Pool {
    raw: NonNull<sys::kma_pool>,
    model: Model,
}

// SAFETY: the C pool may be used from any thread, one at a time; analysing
// takes `&mut self`, and `thread_count` (the only `&self` call) is documented
// as callable from any thread.
unsafe impl Send for Pool {}
unsafe impl Sync for Pool {}

impl Pool {
    /// Creates a pool of `threads` workers (1..=256; 0 means one per online
    /// CPU). Fails with `InvalidArgument` for more than 256 threads, an
    /// out-of-range option or an LM name the model does not carry.
    pub fn new(model: &Model, options: &Options, threads: u32) -> Result<Pool> {
        let opts = options.to_raw()?;
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid out-pointer, live model and option set (copied).
        Error::check(unsafe { sys::kma_pool_new(&mut raw, model.as_ptr(), opts.as_ptr(), threads) })?;
        let raw = NonNull::new(raw).expect("kma_pool_new returned KMA_OK and NULL");
        Ok(Pool {
            raw,
            model: model.clone(),
        })
    }

    /// The model the pool analyses with.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Number of workers (the calling thread included).
    pub fn thread_count(&self) -> usize {
        // SAFETY: live pool; the getter is callable from any thread.
        unsafe { sys::kma_pool_thread_count(self.raw.as_ptr()) as usize }
    }

    /// Analyzes every text; result `i` belongs to `texts[i]`. The outer
    /// `Err` means the batch itself failed (out of memory); a text that
    /// cannot be analysed (e.g. `InputTooLong`) gets its own inner `Err`.
    pub fn analyze_many<'t>(&mut self, texts: &[&'t str]) -> Result<Vec<Result<Analysis<'t>>>> {
        let bytes: Vec<&[u8]> = texts.iter().map(|t| t.as_bytes()).collect();
        let raw = self.run(&bytes)?;
        Ok(raw
            .into_iter()
            .zip(texts)
            .map(|(r, text)| r.map(|p| Analysis::new(p, text)))
            .collect())
    }

    /// Like [`Pool::analyze_many`] for raw bytes that should be UTF-8: the
    /// library validates each text, and an invalid one gets
    /// [`ErrorKind::InvalidUtf8`](crate::ErrorKind::InvalidUtf8) with
    /// [`Error::offset`] at its first bad byte.
    pub fn analyze_many_bytes<'t>(&mut self, texts: &[&'t [u8]]) -> Result<Vec<Result<Analysis<'t>>>> {
        let raw = self.run(texts)?;
        Ok(raw
            .into_iter()
            .zip(texts)
            .map(|(r, bytes)| {
                let p = r?;
                match std::str::from_utf8(bytes) {
                    Ok(text) => Ok(Analysis::new(p, text)),
                    Err(e) => {
                        // SAFETY: we own the result and nothing borrows it.
                        unsafe { sys::kma_result_free(p.as_ptr()) };
                        Err(Error::new(sys::KMA_E_INTERNAL, format!("kma accepted invalid UTF-8: {e}")))
                    }
                }
            })
            .collect())
    }

    /// One kma_pool_analyze_utf8 call: owned results or per-text errors.
    fn run(&mut self, texts: &[&[u8]]) -> Result<Vec<Result<NonNull<sys::kma_result>>>> {
        let n = texts.len();
        let ptrs: Vec<*const std::ffi::c_char> = texts.iter().map(|t| t.as_ptr().cast()).collect();
        let lengths: Vec<usize> = texts.iter().map(|t| t.len()).collect();
        let mut results: Vec<*mut sys::kma_result> = vec![std::ptr::null_mut(); n];
        let mut statuses: Vec<sys::kma_status> = vec![sys::KMA_OK; n];
        // SAFETY: all arrays hold `n` elements and outlive the call; each
        // text is valid for its length; `&mut self` gives exclusive use.
        Error::check(unsafe {
            sys::kma_pool_analyze_utf8(
                self.raw.as_ptr(),
                ptrs.as_ptr(),
                lengths.as_ptr(),
                n,
                results.as_mut_ptr(),
                statuses.as_mut_ptr(),
            )
        })?;
        Ok((0..n)
            .map(|i| match NonNull::new(results[i]) {
                Some(p) if statuses[i] == sys::KMA_OK => Ok(p),
                _ => Err(self.text_error(i, statuses[i])),
            })
            .collect())
    }

    /// The recorded failure of text `i` of the last call.
    fn text_error(&self, i: usize, status: sys::kma_status) -> Error {
        // SAFETY: live pool; the message is copied before the next call.
        let (message, offset) = unsafe {
            let msg = std::ffi::CStr::from_ptr(sys::kma_pool_text_error(self.raw.as_ptr(), i));
            (
                msg.to_string_lossy().into_owned(),
                sys::kma_pool_text_error_offset(self.raw.as_ptr(), i),
            )
        };
        let code = if status == sys::KMA_OK { sys::KMA_E_INTERNAL } else { status };
        Error::with_offset(code, message, offset)
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        // SAFETY: we own the pool; results it produced stay valid.
        unsafe { sys::kma_pool_free(self.raw.as_ptr()) }
    }
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("threads", &self.thread_count())
            .field("model", &self.model)
            .finish()
    }
}
