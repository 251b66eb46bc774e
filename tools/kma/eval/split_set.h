// Builds a sentence-split evaluation set from a morpheme-annotated corpus
// (`kma split-set`): consecutive sentences of one source are joined into
// documents the way people write them — with and without final punctuation,
// with quoted speech, with emoticons and laughter, with nominal endings
// (~했음, ~함) — and every gold sentence is labelled with its construction.
// Deterministic: the same corpus and seed give the same set on every
// platform (own PRNG, no std:: distributions).
#ifndef KMA_TOOLS_KMA_SPLIT_SET_H_
#define KMA_TOOLS_KMA_SPLIT_SET_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tools/kma/eval/split_gold.h"

namespace kma::cli {

// One corpus sentence: its raw text, the morphemes of its last word (form and
// tag; empty when the gold line has no per-word columns) and its source.
struct CorpusSentence {
  std::string raw;
  std::vector<std::pair<std::string, std::string>> last_word;  // (form, tag)
  std::string source;
};

// Parses a corpus line "raw TAB word1 TAB word2 ..." (per-word columns of
// "form/TAG" morphemes). A line whose column count differs from the number of
// words of the raw text keeps no morphemes. Returns false for a line without
// TAB.
bool ParseCorpusSentence(std::string_view line, CorpusSentence* out);

struct SplitSetOptions {
  uint64_t seed = 1;
  int max_sentences = 6;  // per document (documents hold 1..max sentences)
};

// Builds the documents. Sentences are taken in corpus order; a document never
// spans two sources. Every corpus sentence is used once.
std::vector<SplitGoldDoc> MakeSplitSet(const std::vector<CorpusSentence>& corpus,
                                       const SplitSetOptions& options);

// Exposed for tests: the nominal form of a sentence-final word given the
// morphemes of that word ("했다" with 하/XSV 었/EP 다/EF -> "했음", 한다 -> 함,
// 합니다 -> 함, 학생이다 -> 학생임); false when there is no safe conversion
// (irregular stems, endings other than 다/ㄴ다/는다/습니다/ㅂ니다).
bool NominalizeWord(std::string_view word,
                    const std::vector<std::pair<std::string, std::string>>& morphs,
                    std::string* out);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_SPLIT_SET_H_
