//! Errors: the C status code plus the thread-local message and offset that
//! kma stores on failure (git2-rs's `Error::last_error` pattern).
use std::ffi::CStr;
use std::fmt;

use kma_sys as sys;

/// What went wrong, one variant per `kma_status` code of the C ABI.
///
/// The C library may add codes in later versions; those map to
/// [`ErrorKind::Other`], which keeps the raw code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// `KMA_E_INVALID_ARGUMENT`: an out-of-range option, an unknown LM name,
    /// or a string with an interior NUL.
    InvalidArgument,
    /// `KMA_E_OUT_OF_MEMORY`.
    OutOfMemory,
    /// `KMA_E_IO`: the model file could not be opened or read.
    Io,
    /// `KMA_E_RESOURCE`: the analysis would hold more memory than its
    /// budget (the `memory_budget_mib` option); the analyzer stays usable.
    Resource,
    /// `KMA_E_MODEL_FORMAT`: not a kma model, truncated or corrupt.
    ModelFormat,
    /// `KMA_E_MODEL_VERSION`: the model's format version is not supported.
    ModelVersion,
    /// `KMA_E_INVALID_UTF8`: see [`Error::offset`] for the first bad byte.
    InvalidUtf8,
    /// `KMA_E_INVALID_UTF16`.
    InvalidUtf16,
    /// `KMA_E_INPUT_TOO_LONG`: 4 GiB of text or more.
    InputTooLong,
    /// `KMA_E_BUFFER_TOO_SMALL`.
    BufferTooSmall,
    /// `KMA_E_UNSUPPORTED`: e.g. an option slot this library lacks.
    Unsupported,
    /// `KMA_E_UNSATISFIABLE`: no analysis satisfies the constraints
    /// ([`Constraints`](crate::Constraints)).
    Unsatisfiable,
    /// `KMA_E_INTERNAL`: a bug in kma.
    Internal,
    /// `KMA_E_UNKNOWN` or a code newer than this binding.
    Other,
}

impl ErrorKind {
    /// The kind of a raw `kma_status` code (`Other` for `KMA_E_UNKNOWN`,
    /// for codes newer than this binding and for `KMA_OK`).
    pub fn from_code(code: i32) -> ErrorKind {
        match code {
            sys::KMA_E_INVALID_ARGUMENT => ErrorKind::InvalidArgument,
            sys::KMA_E_OUT_OF_MEMORY => ErrorKind::OutOfMemory,
            sys::KMA_E_IO => ErrorKind::Io,
            sys::KMA_E_RESOURCE => ErrorKind::Resource,
            sys::KMA_E_MODEL_FORMAT => ErrorKind::ModelFormat,
            sys::KMA_E_MODEL_VERSION => ErrorKind::ModelVersion,
            sys::KMA_E_INVALID_UTF8 => ErrorKind::InvalidUtf8,
            sys::KMA_E_INVALID_UTF16 => ErrorKind::InvalidUtf16,
            sys::KMA_E_INPUT_TOO_LONG => ErrorKind::InputTooLong,
            sys::KMA_E_BUFFER_TOO_SMALL => ErrorKind::BufferTooSmall,
            sys::KMA_E_UNSUPPORTED => ErrorKind::Unsupported,
            sys::KMA_E_UNSATISFIABLE => ErrorKind::Unsatisfiable,
            sys::KMA_E_INTERNAL => ErrorKind::Internal,
            _ => ErrorKind::Other,
        }
    }
}

/// A failed kma call: the status code, the library's message (with context
/// such as the path or the byte offset) and, for invalid text, the offset of
/// the first bad byte.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    code: i32,
    message: String,
    offset: Option<usize>,
}

/// `Result` with [`Error`] as the error type.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// Builds the error for `code` from the calling thread's last-error
    /// state. Must run on the thread of the failing call, before any other
    /// kma call that could fail.
    pub(crate) fn last(code: i32) -> Error {
        // SAFETY: both getters are infallible and thread-local; the message
        // is never NULL and stays valid until the next failing call, and we
        // copy it right away.
        let (message, offset) = unsafe {
            let msg = CStr::from_ptr(sys::kma_last_error_message());
            (
                msg.to_string_lossy().into_owned(),
                sys::kma_last_error_offset(),
            )
        };
        Error {
            code,
            message,
            offset: usize::try_from(offset).ok(),
        }
    }

    /// An error detected by the binding itself, before calling into C
    /// (e.g. a path with an interior NUL byte).
    pub(crate) fn new(code: i32, message: impl Into<String>) -> Error {
        Error {
            code,
            message: message.into(),
            offset: None,
        }
    }

    /// An error recorded by the library for one text of a batch.
    pub(crate) fn with_offset(code: i32, message: String, offset: i64) -> Error {
        Error {
            code,
            message,
            offset: usize::try_from(offset).ok(),
        }
    }

    /// Turns a `kma_status` into `Ok(())` or the last error.
    pub(crate) fn check(status: sys::kma_status) -> Result<()> {
        if status == sys::KMA_OK {
            Ok(())
        } else {
            Err(Error::last(status))
        }
    }

    /// The raw `kma_status` code (negative), e.g. `kma_sys::KMA_E_IO`.
    pub fn code(&self) -> i32 {
        self.code
    }

    /// The kind of failure.
    pub fn kind(&self) -> ErrorKind {
        ErrorKind::from_code(self.code)
    }

    /// The library's message, e.g. `cannot open model file '/x': ...`.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// For [`ErrorKind::InvalidUtf8`], the byte offset of the first invalid
    /// byte in the input; `None` for every other kind.
    pub fn offset(&self) -> Option<usize> {
        self.offset
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // SAFETY: kma_status_string returns static text for any value.
        let what = unsafe { CStr::from_ptr(sys::kma_status_string(self.code)) };
        write!(f, "kma: {} ({})", what.to_string_lossy(), self.code)?;
        if !self.message.is_empty() {
            write!(f, ": {}", self.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}
