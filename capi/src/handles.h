// Definitions of the opaque C handle types. Only the capi sources see these;
// the public headers declare them as incomplete structs, so no layout here is
// part of the ABI.
#ifndef KMA_CAPI_SRC_HANDLES_H_
#define KMA_CAPI_SRC_HANDLES_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/join/joiner.h"
#include "core/model/lm_introspection.h"
#include "core/model/model.h"
#include "core/search/analyzer.h"
#include "core/search/constraints.h"
#include "core/search/glue.h"
#include "core/search/word_discovery.h"
#include "core/userdict/user_dictionary.h"
#include "kma/kma.h"

// Option slots map onto kma::AnalyzeOptions; the defaults come from it so
// the C and C++ APIs cannot drift apart.
struct kma_options {
  kma::AnalyzeOptions analyze;
  std::string package_model;  // KMA_OPT_PACKAGE_MODEL (model lookup only)
  std::string output_tags;    // KMA_OPT_OUTPUT_TAGS as given (analyze.output_tags is its mask)
  std::string stop_word_list;  // KMA_OPT_STOP_WORD_LIST as given (analyze.stop_word_list parsed)
  std::string no_special;      // KMA_OPT_NO_SPECIAL as given (analyze.plain_specials its bits)
};

struct kma_model {
  // The analyzers hold their own copies of this pointer, which is what makes
  // kma_model_free() safe while analyzers are alive.
  std::shared_ptr<const kma::Model> model;
  // A derived model's user dictionary (kma_model_with_user_dict()), or null.
  std::shared_ptr<const kma::UserDictionary> user;
  // Cached at open so that borrowed `const char*` getters need no locking.
  uint32_t format_version = 0;
  uint32_t morpheme_count = 0;
  std::vector<std::string> lm_names;
  std::string default_lm;
  // Metadata values are cached on first lookup: Model::metadata() returns by
  // value, but the C getter hands out pointers that must stay valid while the
  // model lives. std::map nodes never move, so those pointers are stable.
  mutable std::mutex metadata_mutex;
  mutable std::map<std::string, std::string, std::less<>> metadata_cache;
  // Language-model introspection helpers, built on first use per LM name
  // (each indexes the whole vocabulary once).
  mutable std::mutex lm_mutex;
  mutable std::map<std::string, std::unique_ptr<kma::LmIntrospector>, std::less<>> introspectors;
};

struct kma_analyzer {
  std::unique_ptr<kma::Analyzer> analyzer;
  kma::AnalyzeOptions options;
  std::vector<std::string> lm_names;  // to validate KMA_OPT_LM
  // Reused between calls so repeated analyses do not reallocate the outer
  // vectors.
  std::vector<kma::Analysis> analyses;
  std::vector<kma::SentenceSpan> spans;
};

struct kma_user_dict {
  explicit kma_user_dict(std::shared_ptr<const kma::Model> m) : builder(std::move(m)) {}
  kma::UserDictionaryBuilder builder;
};

struct kma_joiner {
  std::shared_ptr<const kma::Model> model;          // kept alive for the joiner
  std::shared_ptr<const kma::UserDictionary> user;  // its stems' classes
  std::unique_ptr<kma::Joiner> joiner;
  std::string text;  // what kma_joiner_text() lends
};

struct kma_constraints {
  kma::Constraints constraints;
};

struct kma_result {
  // All tokens of all analyses, analysis after analysis; analysis i owns
  // tokens[starts[i] .. starts[i + 1]).
  std::vector<kma_token> tokens;
  std::vector<size_t> starts;  // analysis_count + 1 entries (or empty)
  std::vector<float> scores;
  std::vector<kma_span> sentences;
  // NUL-terminated forms, referenced by kma_token.form_offset. The form of
  // a token whose tag kma::HasLemmaEnding() is followed by its lemma (also
  // NUL-terminated), which kma_result_token_lemma() finds from the token
  // alone: bindings pass copies of the records, not pointers into `tokens`.
  std::string pool;
  // KMA_OPT_LEMMA of the analyzer: the records show the lemmas.
  bool lemma_records = false;
};

// Text kma made (kma_space_utf8, kma_glue_utf8, kma_word_list_user_dict).
struct kma_text {
  std::string bytes;
  std::vector<kma::GlueBreak> breaks;  // kma_glue_utf8 only
};

struct kma_word_finder {
  kma::WordDiscovery discovery;
};

struct kma_word_list {
  std::vector<kma::WordCandidate> words;
  size_t distinct_words = 0;  // of the finder, for the user dictionary's header
};

#endif  // KMA_CAPI_SRC_HANDLES_H_
