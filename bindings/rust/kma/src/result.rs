//! Analysis results: candidates, tokens and sentence spans, borrowing the
//! analysed text so that offsets slice it directly.
use std::ffi::CStr;
use std::fmt;
use std::ops::Range;
use std::ptr::NonNull;

use kma_sys as sys;

use crate::error::Error;
use crate::model::borrowed_str;

/// The records of `kma analyze --format`, for [`Analysis::format`]: the
/// library's `KMA_FORMAT_*` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum RecordFormat {
    /// `form/TAG form/TAG ...` of the best analysis (`-f morphs`).
    Morphs = sys::KMA_FORMAT_MORPHS as i32,
    /// Every analysis as `score<TAB>form/TAG ...`, then a blank line
    /// (`-f morphs` with `--top-n` above 1).
    MorphsNBest = sys::KMA_FORMAT_MORPHS_NBEST as i32,
    /// One JSON Lines record with every analysis (`-f json`).
    Json = sys::KMA_FORMAT_JSON as i32,
    /// `form<TAB>TAG<TAB>begin<TAB>length<TAB>score` per token, then `EOS` (`-f tsv`).
    Tsv = sys::KMA_FORMAT_TSV as i32,
}

/// The result of [`Analyzer::analyze`](crate::Analyzer::analyze): one or
/// more candidate analyses (best first) plus the sentence spans of the text.
/// Owns the C `kma_result`, which is independent of the analyzer.
pub struct Analysis<'t> {
    raw: NonNull<sys::kma_result>,
    text: &'t str,
}

// SAFETY: a kma_result is immutable and its getters may run on any thread.
unsafe impl Send for Analysis<'_> {}
unsafe impl Sync for Analysis<'_> {}

impl<'t> Analysis<'t> {
    pub(crate) fn new(raw: NonNull<sys::kma_result>, text: &'t str) -> Analysis<'t> {
        Analysis { raw, text }
    }

    fn ptr(&self) -> *const sys::kma_result {
        self.raw.as_ptr()
    }

    /// The analysed text.
    pub fn text(&self) -> &'t str {
        self.text
    }

    /// What `kma analyze --format F` prints for this result, its text taken
    /// as one input line, byte for byte (the library's `kma_result_format`,
    /// which the CLI writes its output with). The record ends with its
    /// newline.
    ///
    /// ```no_run
    /// # let model = kma::Model::open_default()?;
    /// let mut analyzer = model.analyzer()?;
    /// let json = analyzer.analyze("아버지가방에들어가신다")?.format(kma::RecordFormat::Json)?;
    /// # let _ = json;
    /// # Ok::<(), kma::Error>(())
    /// ```
    pub fn format(&self, format: RecordFormat) -> crate::Result<String> {
        let mut buffer = vec![0u8; 256 + 32 * self.text.len()];
        let mut written = 0usize;
        for _ in 0..2 {
            // SAFETY: live result; the text and the buffer are valid for
            // their lengths and not retained.
            let status = unsafe {
                sys::kma_result_format(
                    self.ptr(),
                    format as i32,
                    self.text.as_ptr().cast(),
                    self.text.len(),
                    buffer.as_mut_ptr().cast(),
                    buffer.len(),
                    &mut written,
                )
            };
            if status != sys::KMA_E_BUFFER_TOO_SMALL {
                Error::check(status)?;
                buffer.truncate(written);
                return String::from_utf8(buffer).map_err(|e| {
                    Error::new(sys::KMA_E_INTERNAL, format!("record is not UTF-8: {e}"))
                });
            }
            buffer.resize(written + 1, 0);
        }
        Err(Error::new(
            sys::KMA_E_INTERNAL,
            "kma_result_format: the record grew between calls",
        ))
    }

    /// Number of candidate analyses (1..=top_n; fewer if fewer paths exist).
    pub fn len(&self) -> usize {
        // SAFETY: live result.
        unsafe { sys::kma_result_analysis_count(self.ptr()) }
    }

    /// True when there is no candidate (never the case for `analyze`).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Candidate `i` (0 is the best), if it exists.
    pub fn get(&self, i: usize) -> Option<Candidate<'_>> {
        (i < self.len()).then_some(Candidate {
            analysis: self,
            index: i,
        })
    }

    /// The best candidate. For empty input it has no tokens.
    pub fn best(&self) -> Candidate<'_> {
        Candidate {
            analysis: self,
            index: 0,
        }
    }

    /// All candidates, best first.
    pub fn candidates(&self) -> impl ExactSizeIterator<Item = Candidate<'_>> + '_ {
        (0..self.len()).map(move |i| Candidate {
            analysis: self,
            index: i,
        })
    }

    /// Tokens of the best candidate.
    pub fn tokens(&self) -> impl ExactSizeIterator<Item = Token<'_>> + '_ {
        self.best().into_tokens()
    }

    /// Sentence spans of the text.
    pub fn sentences(&self) -> Vec<Sentence<'t>> {
        // SAFETY: live result; indices are in range and `span` is a valid
        // out-parameter.
        let n = unsafe { sys::kma_result_sentence_count(self.ptr()) };
        (0..n)
            .filter_map(|i| {
                let mut span = sys::kma_span {
                    begin: 0,
                    length: 0,
                    cp_begin: 0,
                    cp_length: 0,
                };
                let st = unsafe { sys::kma_result_sentence(self.ptr(), i, &mut span) };
                (st == sys::KMA_OK).then(|| Sentence::new(self.text, &span))
            })
            .collect()
    }
}

impl Drop for Analysis<'_> {
    fn drop(&mut self) {
        // SAFETY: we own the result; every borrow of it ended.
        unsafe { sys::kma_result_free(self.raw.as_ptr()) }
    }
}

impl fmt::Debug for Analysis<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.candidates()).finish()
    }
}

/// One candidate analysis of the whole text.
#[derive(Clone, Copy)]
pub struct Candidate<'a> {
    analysis: &'a Analysis<'a>,
    index: usize,
}

impl<'a> Candidate<'a> {
    /// Rank among the candidates (0 = best).
    pub fn rank(&self) -> usize {
        self.index
    }

    /// Total path score (natural log; higher is better).
    pub fn score(&self) -> f32 {
        // SAFETY: live result; out-of-range gives 0.
        unsafe { sys::kma_result_analysis_score(self.analysis.ptr(), self.index) }
    }

    fn raw_tokens(&self) -> &'a [sys::kma_token] {
        // SAFETY: the array has kma_result_token_count records and lives
        // as long as the result, which `'a` borrows.
        unsafe {
            let r = self.analysis.ptr();
            let n = sys::kma_result_token_count(r, self.index);
            let p = sys::kma_result_tokens(r, self.index);
            if p.is_null() || n == 0 {
                &[]
            } else {
                std::slice::from_raw_parts(p, n)
            }
        }
    }

    /// Its morphemes in input order.
    pub fn tokens(&self) -> impl ExactSizeIterator<Item = Token<'a>> + 'a {
        self.into_tokens()
    }

    fn into_tokens(self) -> impl ExactSizeIterator<Item = Token<'a>> + 'a {
        let analysis = self.analysis;
        self.raw_tokens()
            .iter()
            .map(move |raw| Token { analysis, raw })
    }
}

/// `form/TAG form/TAG …`, the CLI's `--format morphs` line.
impl fmt::Display for Candidate<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.tokens().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}/{}", t.form(), t.tag())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Candidate<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Candidate")
            .field("score", &self.score())
            .field("tokens", &self.tokens().collect::<Vec<_>>())
            .finish()
    }
}

/// One morpheme. Its form may differ from its surface text when one
/// syllable holds several morphemes (했 = 하/XSV + 었/EP share a span).
#[derive(Clone, Copy)]
pub struct Token<'a> {
    analysis: &'a Analysis<'a>,
    raw: &'a sys::kma_token,
}

impl<'a> Token<'a> {
    /// The normalized form, e.g. `"하"` or `"ㄴ다고"`.
    pub fn form(&self) -> &'a str {
        // SAFETY: the token belongs to this result; the form lives as long
        // as the result.
        unsafe { borrowed_str(sys::kma_result_token_form(self.analysis.ptr(), self.raw)) }
            .unwrap_or("")
    }

    /// The dictionary form (`kma_result_token_lemma`): a stem that
    /// conjugates (VV, VA, VX, VCP, VCN, XSV, XSA) with 다 (`"먹다"` for
    /// 먹/VV), any other token its [`form`](Self::form).
    pub fn lemma(&self) -> &'a str {
        // SAFETY: as for form(): borrowed from the result.
        unsafe { borrowed_str(sys::kma_result_token_lemma(self.analysis.ptr(), self.raw)) }
            .unwrap_or("")
    }

    /// Part-of-speech tag name, e.g. `"NNG"`.
    pub fn tag(&self) -> &'static str {
        tag_name(self.raw.tag)
    }

    /// Numeric tag (stable across versions; see [`tag_name`]).
    pub fn tag_id(&self) -> u16 {
        self.raw.tag
    }

    /// Byte range of the token's surface span in the analysed text.
    pub fn byte_range(&self) -> Range<usize> {
        let b = self.raw.begin as usize;
        b..b + self.raw.length as usize
    }

    /// The same span in Unicode scalar values (`chars()`).
    pub fn char_range(&self) -> Range<usize> {
        let b = self.raw.cp_begin as usize;
        b..b + self.raw.cp_length as usize
    }

    /// The surface text: `&text[byte_range()]`.
    pub fn surface(&self) -> &'a str {
        self.analysis.text.get(self.byte_range()).unwrap_or("")
    }

    /// This token's share of the path score (natural log).
    pub fn score(&self) -> f32 {
        self.raw.score
    }

    /// Dictionary id; 0 for unknown words and patterns.
    pub fn morph_id(&self) -> u32 {
        self.raw.morph_id
    }

    /// Out-of-vocabulary word guessed by the analyzer.
    pub fn is_unknown(&self) -> bool {
        u32::from(self.raw.flags) & sys::KMA_TOKEN_UNKNOWN != 0
    }

    /// Pretokenized pattern (number, URL, e-mail, emoji, …).
    pub fn is_pattern(&self) -> bool {
        u32::from(self.raw.flags) & sys::KMA_TOKEN_PATTERN != 0
    }

    /// Fixed by a span constraint ([`Constraints`](crate::Constraints)).
    pub fn is_constrained(&self) -> bool {
        u32::from(self.raw.flags) & sys::KMA_TOKEN_CONSTRAINED != 0
    }

    /// Typo-tolerant analysis ([`Options::typos`](crate::Options::typos))
    /// read this morpheme from a corrected spelling; the span is then that
    /// of the text as written (되요 gives 되/VV and 어요/EF, both over 되요).
    pub fn is_corrected(&self) -> bool {
        u32::from(self.raw.flags) & sys::KMA_TOKEN_CORRECTED != 0
    }

    /// A morpheme the model lacks that a user dictionary added (a word, a
    /// stem, a morpheme of a pre-analysed surface, a pattern rule's match;
    /// see [`UserDict`](crate::UserDict)); [`morph_id`](Self::morph_id) is
    /// then 0. A user entry for a word the model has keeps the model's
    /// morpheme and is not flagged.
    pub fn is_user(&self) -> bool {
        u32::from(self.raw.flags) & sys::KMA_TOKEN_USER != 0
    }

    /// Index of the sentence the token belongs to.
    pub fn sentence(&self) -> usize {
        self.raw.sentence as usize
    }

    /// Index of the whitespace-separated word the token belongs to.
    pub fn word(&self) -> usize {
        self.raw.word as usize
    }
}

impl fmt::Debug for Token<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}@{:?}", self.form(), self.tag(), self.byte_range())
    }
}

/// A sentence span of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sentence<'t> {
    text: &'t str,
    bytes: Range<usize>,
    chars: Range<usize>,
}

impl<'t> Sentence<'t> {
    fn new(input: &'t str, span: &sys::kma_span) -> Sentence<'t> {
        let b = span.begin as usize;
        let bytes = b..b + span.length as usize;
        let c = span.cp_begin as usize;
        Sentence {
            text: input.get(bytes.clone()).unwrap_or(""),
            bytes,
            chars: c..c + span.cp_length as usize,
        }
    }

    /// The sentence text, a slice of the input.
    pub fn text(&self) -> &'t str {
        self.text
    }

    /// Byte range in the input.
    pub fn byte_range(&self) -> Range<usize> {
        self.bytes.clone()
    }

    /// Range in Unicode scalar values.
    pub fn char_range(&self) -> Range<usize> {
        self.chars.clone()
    }
}

/// Name of a numeric tag, e.g. `"NNG"`; `"UN"` for unknown values.
pub fn tag_name(tag: u16) -> &'static str {
    // SAFETY: static ASCII text, never NULL.
    unsafe { CStr::from_ptr(sys::kma_tag_name(tag)) }
        .to_str()
        .unwrap_or("UN")
}
