// kma::Analyzer: per-thread analysis state over a shared kma::Model.
// One Analyzer must be used by one thread at a time; create one per thread.
#ifndef KMA_CORE_SEARCH_ANALYZER_H_
#define KMA_CORE_SEARCH_ANALYZER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/model.h"
#include "core/base/pos_tag.h"
#include "core/base/status.h"

namespace kma {

// Token flags (bit set), mirrored by KMA_TOKEN_* in the C ABI.
enum TokenFlags : uint16_t {
  kTokenUnknown = 1,   // out-of-vocabulary word guessed by the analyzer
  kTokenPattern = 2,   // pretokenized pattern (number, URL, emoji, ...)
};

struct Token {
  std::string form;        // UTF-8, NFC; bare consonant endings in compatibility jamo (ㄴ, ㅂ니다)
  PosTag tag = PosTag::kUN;
  uint32_t morph_id = 0;   // dictionary id; 0 for unknown words and patterns
  uint16_t flags = 0;
  float score = 0;         // this token's share of the path score (natural log)
  // Span in the input, in the caller's code units (bytes for UTF-8 input,
  // UTF-16 units for UTF-16 input) and in code points. Several tokens may
  // share a span when one surface syllable holds several morphemes (했 = 하+었).
  uint32_t begin = 0, length = 0;
  uint32_t cp_begin = 0, cp_length = 0;
  uint32_t sentence = 0;   // index of the sentence the token belongs to
  uint32_t word = 0;       // index of the whitespace-separated word
};

struct Analysis {
  std::vector<Token> tokens;
  float score = 0;         // total path score (natural log, higher is better)
};

// A sentence span, in the same units as Token.
struct SentenceSpan {
  uint32_t begin = 0, length = 0;
  uint32_t cp_begin = 0, cp_length = 0;
};

struct AnalyzeOptions {
  int top_n = 1;              // number of analyses to return (1..64)
  std::string lm;             // language model name; empty = model default
  float beam = 7.0f;          // score-relative beam: drop paths this far below the best
  int max_unknown_length = 8; // longest unknown-word candidate, in syllables
  // CoNg: score each position's (state x first morpheme) pairs in one fused
  // product instead of pair by pair. Off by default: it also scores pairs
  // the beam would skip, and measured slower (docs/PERFORMANCE.md).
  bool batch_scoring = false;
  // Weight of the morpheme LM against the tag-class model, in (0, 1); a
  // negative value takes the model's tuned value for the chosen LM.
  float class_lambda = -1.0f;
  // Ensembles ("cong+knlm"): weight of the Kneser-Ney model, in (0, 1); a
  // negative value takes the built-in ModelImpl::kKnlmMixWeight. Ignored
  // for other LMs.
  float knlm_mix = -1.0f;
  // Cost per morpheme in nats (negative: the built-in default).
  float morph_penalty = -1.0f;
  // Ablation switches for measuring what each search optimisation is worth
  // (`kma bench --no-...`); results are identical either way.
  bool lm_cache = true;        // (state, token) -> (log-prob, next state) cache
  bool cong_root_table = true; // CoNg: dense table for the root's children
  // Merge states through 1-byte hash tags scanned with SIMD instead of an
  // open-addressing index: never faster than the index in the runs of
  // docs/PERFORMANCE.md (up to 4% slower; buckets are small), so off by default.
  bool simd_state_map = false;
};

class Analyzer {
 public:
  explicit Analyzer(std::shared_ptr<const Model> model);
  ~Analyzer();
  Analyzer(const Analyzer&) = delete;
  Analyzer& operator=(const Analyzer&) = delete;

  // Analyses text. Invalid UTF-8 → kInvalidUtf8 with Status::offset() the byte
  // offset of the first bad unit. Empty input gives one empty Analysis.
  // `out` receives top_n analyses (fewer if fewer paths exist), best first.
  Status AnalyzeUtf8(std::string_view text, const AnalyzeOptions& opt,
                     std::vector<Analysis>* out);
  // Same for UTF-16 (offsets in UTF-16 units). Unpaired surrogates →
  // kInvalidUtf16 with the offset of the bad unit.
  Status AnalyzeUtf16(const char16_t* text, size_t units, const AnalyzeOptions& opt,
                      std::vector<Analysis>* out);

  // Splits text into sentences: analyses it (best analysis only; `opt.top_n`
  // is ignored) and finds the boundaries from the analysis, the punctuation,
  // quotes, emoticons and line breaks (core/search/sentence_splitter.h). Costs
  // one analysis plus a linear pass. Errors as AnalyzeUtf8/AnalyzeUtf16.
  Status SplitUtf8(std::string_view text, std::vector<SentenceSpan>* out);
  Status SplitUtf8(std::string_view text, const AnalyzeOptions& opt, std::vector<SentenceSpan>* out);
  Status SplitUtf16(const char16_t* text, size_t units, std::vector<SentenceSpan>* out);
  Status SplitUtf16(const char16_t* text, size_t units, const AnalyzeOptions& opt,
                    std::vector<SentenceSpan>* out);

  const std::shared_ptr<const Model>& model() const { return model_; }

 private:
  Status AnalyzeDecoded(const AnalyzeOptions& opt, std::vector<Analysis>* out);

  std::shared_ptr<const Model> model_;
  struct Scratch;
  std::unique_ptr<Scratch> scratch_;
};

}  // namespace kma

#endif  // KMA_CORE_SEARCH_ANALYZER_H_
