//! User dictionaries (words, pre-analysed words, stems, pattern rules,
//! blocked morphemes) and the joiner (morphemes back into text).
use std::ffi::CString;
use std::path::Path;
use std::ptr::NonNull;

use kma_sys as sys;

use crate::error::{Error, Result};
use crate::model::Model;

fn c_string(s: &str, what: &str) -> Result<CString> {
    CString::new(s).map_err(|_| Error::new(sys::KMA_E_INVALID_ARGUMENT, format!("{what} contains a NUL byte")))
}

/// Entries collected for a model; [`Model::with_user_dict`] derives a model
/// that analyses with a snapshot of them.
///
/// ```no_run
/// let model = kma::Model::open_default()?;
/// let mut dict = kma::UserDict::new(&model)?;
/// dict.add_word("뉴진스", "NNP", 0.0)?;
/// dict.add_stem("힙하", "VA", "", 0.0)?;
/// let with_dict = model.with_user_dict(&dict)?;
/// # let _ = with_dict;
/// # Ok::<(), kma::Error>(())
/// ```
pub struct UserDict {
    raw: NonNull<sys::kma_user_dict>,
}

// SAFETY: the dictionary is only changed through `&mut self`, so Rust's
// borrow rules give the one-thread-at-a-time use the C ABI asks for; it
// holds no thread-bound state.
unsafe impl Send for UserDict {}
unsafe impl Sync for UserDict {}

impl Drop for UserDict {
    fn drop(&mut self) {
        // SAFETY: we own the handle; derived models hold their own snapshot.
        unsafe { sys::kma_user_dict_free(self.raw.as_ptr()) }
    }
}

impl UserDict {
    /// An empty dictionary for `model`.
    pub fn new(model: &Model) -> Result<UserDict> {
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid out-pointer and a live model.
        Error::check(unsafe { sys::kma_user_dict_new(&mut raw, model.as_ptr()) })?;
        let raw = NonNull::new(raw).expect("kma_user_dict_new returned KMA_OK and NULL");
        Ok(UserDict { raw })
    }

    /// A word of one morpheme (`"뉴진스"`, `"NNP"`); VV VA VX XSV XSA tags make
    /// a regular stem that inflects. `score` in -100..=100 favours it.
    pub fn add_word(&mut self, form: &str, tag: &str, score: f32) -> Result<()> {
        let (f, t) = (c_string(form, "form")?, c_string(tag, "tag")?);
        // SAFETY: live handle, NUL-terminated strings copied by the call.
        Error::check(unsafe { sys::kma_user_dict_add_word(self.raw.as_ptr(), f.as_ptr(), t.as_ptr(), score) })
    }

    /// A stem with its irregular class (`""` or `"-"`: regular; ㅂ ㄷ ㅅ 르 ㅎ 러 우 으).
    pub fn add_stem(&mut self, form: &str, tag: &str, irregular: &str, score: f32) -> Result<()> {
        let (f, t, i) = (c_string(form, "form")?, c_string(tag, "tag")?, c_string(irregular, "class")?);
        // SAFETY: as above.
        Error::check(unsafe {
            sys::kma_user_dict_add_stem(self.raw.as_ptr(), f.as_ptr(), t.as_ptr(), i.as_ptr(), score)
        })
    }

    /// A pre-analysed surface: `("사겼다", "사귀/VV 었/EP 다/EF")`.
    pub fn add_analysis(&mut self, surface: &str, morphs: &str, score: f32) -> Result<()> {
        let (s, m) = (c_string(surface, "surface")?, c_string(morphs, "morphs")?);
        // SAFETY: as above.
        Error::check(unsafe { sys::kma_user_dict_add_analysis(self.raw.as_ptr(), s.as_ptr(), m.as_ptr(), score) })
    }

    /// A pattern rule: each longest match of `regex` inside a word is one
    /// token of `tag`.
    pub fn add_pattern(&mut self, regex: &str, tag: &str, score: f32) -> Result<()> {
        let (r, t) = (c_string(regex, "regex")?, c_string(tag, "tag")?);
        // SAFETY: as above.
        Error::check(unsafe { sys::kma_user_dict_add_pattern(self.raw.as_ptr(), r.as_ptr(), t.as_ptr(), score) })
    }

    /// Blocks a morpheme (`Some(form)`) or a whole tag (`None`).
    pub fn block(&mut self, form: Option<&str>, tag: &str) -> Result<()> {
        let f = form.map(|f| c_string(f, "form")).transpose()?;
        let t = c_string(tag, "tag")?;
        let fp = f.as_ref().map_or(std::ptr::null(), |f| f.as_ptr());
        // SAFETY: as above; a NULL form blocks the tag.
        Error::check(unsafe { sys::kma_user_dict_block(self.raw.as_ptr(), fp, t.as_ptr()) })
    }

    /// Adds the entries of a user dictionary file (all or nothing; a bad
    /// line is an error "PATH:LINE:COLUMN: reason" with its byte offset).
    pub fn load_file(&mut self, path: impl AsRef<Path>) -> Result<()> {
        let path = path.as_ref();
        let utf8 = path.to_str().ok_or_else(|| {
            Error::new(sys::KMA_E_INVALID_ARGUMENT, format!("path is not UTF-8: {}", path.display()))
        })?;
        let c = c_string(utf8, "path")?;
        // SAFETY: live handle and NUL-terminated path.
        Error::check(unsafe { sys::kma_user_dict_load_file(self.raw.as_ptr(), c.as_ptr()) })
    }

    /// Adds the entries of user dictionary text, named `name` in errors.
    pub fn load_str(&mut self, text: &str, name: &str) -> Result<()> {
        let n = c_string(name, "name")?;
        // SAFETY: the text is valid for its length during the call.
        Error::check(unsafe {
            sys::kma_user_dict_load_utf8(self.raw.as_ptr(), text.as_ptr().cast(), text.len(), n.as_ptr())
        })
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        // SAFETY: live handle.
        unsafe { sys::kma_user_dict_size(self.raw.as_ptr()) }
    }

    /// True without entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub(crate) fn as_ptr(&self) -> *const sys::kma_user_dict {
        self.raw.as_ptr()
    }
}

/// Joins morphemes into text with the model's morphophonological rules in
/// reverse (`"돕/VV 아/EC 주/VX 었/EP 어요/EF"` → `"도와줬어요"`).
pub struct Joiner {
    raw: NonNull<sys::kma_joiner>,
}

// SAFETY: used through `&mut self` only, as the C ABI asks (one thread at a
// time); it holds no thread-bound state.
unsafe impl Send for Joiner {}

impl Drop for Joiner {
    fn drop(&mut self) {
        // SAFETY: we own the handle.
        unsafe { sys::kma_joiner_free(self.raw.as_ptr()) }
    }
}

impl Joiner {
    /// A joiner over `model` (a derived model's user stems join with their
    /// classes). `Unsupported` for a model without conjugation data.
    pub fn new(model: &Model) -> Result<Joiner> {
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid out-pointer and a live model.
        Error::check(unsafe { sys::kma_joiner_new(&mut raw, model.as_ptr()) })?;
        let raw = NonNull::new(raw).expect("kma_joiner_new returned KMA_OK and NULL");
        Ok(Joiner { raw })
    }

    /// The text of `"form/TAG form/TAG ..."` (a tab starts a new word).
    pub fn join(&mut self, morphs: &str) -> Result<String> {
        // SAFETY: live handle; the text is valid for its length; the
        // returned string is copied before the next call.
        unsafe {
            sys::kma_joiner_clear(self.raw.as_ptr());
            Error::check(sys::kma_joiner_add_morphs(self.raw.as_ptr(), morphs.as_ptr().cast(), morphs.len()))?;
            Ok(crate::model::borrowed_str(sys::kma_joiner_text(self.raw.as_ptr())).unwrap_or("").to_owned())
        }
    }
}
