// Fuzz target: new-word discovery (core/search/word_discovery.h).
//
// Input: text, counted line by line (UTF-8 bytes, possibly ill-formed).
// Checks: kInvalidUtf8 exactly for ill-formed lines, which count nothing;
// every candidate is 2 to kMaxNounSyllables Hangul syllables that start a
// word of the input, its count is at least min_count, its shares are in
// [0, 1], and the candidates come best first.
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/model/model.h"
#include "core/search/analyzer.h"
#include "core/search/word_discovery.h"
#include "core/text/utf.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

kma::Analyzer* CoreAnalyzer() {
  static kma::Analyzer* analyzer = [] {
    const char* env = std::getenv("KMA_FUZZ_MODEL");
    auto model = kma::Model::OpenFile(env != nullptr && *env != '\0' ? env : KMA_FUZZ_DEFAULT_MODEL);
    FUZZ_CHECK(model.ok(), "cannot open the model: " + model.status().message());
    return new kma::Analyzer(model.value());
  }();
  return analyzer;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  kma::WordDiscovery d;
  size_t b = 0;
  while (b <= text.size()) {
    size_t e = text.find('\n', b);
    if (e == std::string::npos) e = text.size();
    const std::string line = text.substr(b, e - b);
    const size_t before = d.distinct_words();
    const kma::Status st = d.Add(line);
    if (kma::IsValidUtf8(line)) {
      FUZZ_CHECK(st.ok(), st.message());
    } else {
      FUZZ_CHECK(st.code() == kma::StatusCode::kInvalidUtf8, "ill-formed line not rejected");
      FUZZ_CHECK(d.distinct_words() == before, "an ill-formed line was counted");
    }
    b = e + 1;
  }
  kma::DiscoveryOptions opt;
  opt.min_count = 1 + (size % 3);
  opt.min_particle_kinds = size % 2;
  opt.top = 0;
  std::vector<kma::WordCandidate> out;
  const kma::Status st = d.Extract(CoreAnalyzer(), opt, &out);
  FUZZ_CHECK(st.ok(), st.message());
  for (size_t i = 0; i < out.size(); ++i) {
    const kma::WordCandidate& w = out[i];
    std::u32string cps;
    std::vector<uint32_t> units;
    FUZZ_CHECK(kma::DecodeUtf8(w.form, &cps, &units).ok(), "a candidate is not UTF-8");
    FUZZ_CHECK(cps.size() >= 2 && cps.size() <= static_cast<size_t>(kma::kMaxNounSyllables), "length out of range");
    for (char32_t c : cps) FUZZ_CHECK(c >= 0xAC00 && c <= 0xD7A3, "a candidate holds a non-syllable");
    FUZZ_CHECK(text.find(w.form) != std::string::npos, "a candidate the input does not hold");
    FUZZ_CHECK(w.count >= opt.min_count, "a candidate below min_count");
    FUZZ_CHECK(w.particle_share >= 0 && w.particle_share <= 1, "particle share out of [0, 1]");
    FUZZ_CHECK(w.cohesion > 0 && w.cohesion <= 1, "cohesion out of (0, 1]");
    FUZZ_CHECK(std::isfinite(w.score), "score not finite");
    if (i > 0) FUZZ_CHECK(out[i - 1].score >= w.score, "candidates not best first");
  }
  return 0;
}
