#include "tools/builder/convention/convention_builder.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

#include "core/base/byte_io.h"
#include "core/dict/dictionary.h"
#include "core/model/convention_prior.h"
#include "core/text/normalizer.h"
#include "core/text/utf.h"

namespace kma::build {
namespace {

// Fixed-point log-probability, as the section stores it.
int32_t Fixed(double logp) { return static_cast<int32_t>(std::lround(logp * kConventionScale)); }

// Per source: sentences, feature counts by bucket and LM token counts.
struct SourceCounts {
  uint64_t sentences = 0;
  std::vector<uint64_t> buckets;
  uint64_t feature_total = 0;
  std::vector<uint64_t> tokens;
  uint64_t token_total = 0;
};

void CountSentence(const ConventionSpec& spec, const std::string& raw, const std::vector<uint32_t>& tokens,
                   std::vector<uint32_t>* units, SourceCounts* c) {
  ++c->sentences;
  std::u32string cps;
  if (Utf8ToU32(raw, &cps)) {
    NormalizedText nt;
    Normalize(cps, &nt);
    ForEachConventionFeature(nt.text, spec.max_n, spec.bucket_bits, units, [&](uint32_t b) {
      ++c->buckets[b];
      ++c->feature_total;
    });
  }
  for (uint32_t t : tokens) {
    ++c->tokens[t];
    ++c->token_total;
  }
}

// log P(feature bucket | source), add-a smoothed, fixed point and clamped
// to int16.
void AppendFeatureTable(const ConventionSpec& spec, const std::vector<SourceCounts>& c, ByteWriter* out) {
  const size_t buckets = size_t{1} << spec.bucket_bits;
  const double a = spec.feature_smoothing;
  for (size_t b = 0; b < buckets; ++b) {
    for (const SourceCounts& s : c) {
      const double logp = std::log((static_cast<double>(s.buckets[b]) + a) /
                                   (static_cast<double>(s.feature_total) + a * static_cast<double>(buckets)));
      out->U16(static_cast<uint16_t>(static_cast<int16_t>(std::max<int32_t>(Fixed(logp), INT16_MIN))));
    }
  }
}

// min(0, weight * log(P(t | source) / P(t))), P(t | source) smoothed
// toward P(t); 0 for class tokens and rare morphemes.
void AppendPenalties(const ConventionSpec& spec, const std::vector<SourceCounts>& c, uint32_t lm_vocab,
                     ByteWriter* out) {
  std::vector<uint64_t> all(lm_vocab, 0);
  uint64_t total = 0;
  for (const SourceCounts& s : c) {
    for (uint32_t t = 0; t < lm_vocab; ++t) all[t] += s.tokens[t];
    total += s.token_total;
  }
  for (const SourceCounts& s : c) {
    for (uint32_t t = 0; t < lm_vocab; ++t) {
      float pen = 0.0f;
      if (t >= kLmFirstWord && all[t] >= spec.min_count) {
        const double p = static_cast<double>(all[t]) / static_cast<double>(total);
        const double ps = (static_cast<double>(s.tokens[t]) + spec.prior_strength * p) /
                          (static_cast<double>(s.token_total) + spec.prior_strength);
        pen = static_cast<float>(std::min(0.0, spec.weight * std::log(ps / p)));
        pen = std::max(pen, kConventionMinPenalty);
      }
      out->F32(pen);
    }
  }
}

Status ReadLines(const std::string& path, std::vector<std::string>* lines) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(StatusCode::kIo, "cannot open '" + path + "'");
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines->push_back(std::move(line));
  }
  return Status::Ok();
}

}  // namespace

Status ReadGoldSources(const std::string& sources_path, const std::string& corpus_path, size_t corpus_lines,
                       const std::vector<CorpusLine>& gold_lines, std::vector<std::string>* sources) {
  std::vector<std::string> lines;
  KMA_RETURN_IF_ERROR(ReadLines(sources_path, &lines));
  if (lines.size() != corpus_lines)
    return Status(StatusCode::kInvalidArgument, sources_path + ": " + std::to_string(lines.size()) +
                                                    " lines, but " + corpus_path + " has " +
                                                    std::to_string(corpus_lines) + " (one source per corpus line)");
  sources->clear();
  for (const CorpusLine& g : gold_lines) {
    if (g.line >= lines.size() || lines[g.line].empty())
      return Status(StatusCode::kInvalidArgument, sources_path + ":" + std::to_string(g.line + 1) + ": no source");
    sources->push_back(lines[g.line]);
  }
  return Status::Ok();
}

Status BuildConventionSection(const ConventionSpec& spec, const std::vector<CorpusLine>& gold_lines,
                              const std::vector<std::vector<uint32_t>>& tokens,
                              const std::vector<std::string>& sources, uint32_t lm_vocab, const LogFn& log,
                              std::string* section) {
  section->clear();
  if (sources.size() != gold_lines.size() || tokens.size() < gold_lines.size())
    return Status(StatusCode::kInvalidArgument, "convention: the sources, texts and analyses do not line up");
  if (spec.bucket_bits < 8 || spec.bucket_bits > 24 || spec.max_n < 1 || spec.max_n > 4)
    return Status(StatusCode::kInvalidArgument, "convention: bucket bits must be in 8..24 and n in 1..4");
  std::map<std::string, uint32_t> index;  // sorted names: ids do not depend on the order of lines
  for (const std::string& s : sources) index.emplace(s, 0);
  if (index.size() < 2 || index.size() > kConventionMaxSources) {
    log("convention: " + std::to_string(index.size()) + " sources, no prior (it needs 2.." +
        std::to_string(kConventionMaxSources) + ")");
    return Status::Ok();
  }
  std::string names;
  uint32_t next = 0;
  for (auto& [name, id] : index) {
    id = next++;
    names += (names.empty() ? "" : ", ") + name;
  }
  std::vector<SourceCounts> counts(index.size());
  for (SourceCounts& c : counts) {
    c.buckets.assign(size_t{1} << spec.bucket_bits, 0);
    c.tokens.assign(lm_vocab, 0);
  }
  std::vector<uint32_t> units;
  for (size_t i = 0; i < gold_lines.size(); ++i)
    CountSentence(spec, gold_lines[i].raw, tokens[i], &units, &counts[index[sources[i]]]);

  ByteWriter out;
  for (uint32_t v : {kConventionVersion, static_cast<uint32_t>(counts.size()), spec.bucket_bits, spec.max_n,
                     lm_vocab, 0u, 0u, 0u})
    out.U32(v);
  for (uint32_t s = 0; s < kConventionMaxSources; ++s) {
    const double share = s < counts.size() ? static_cast<double>(counts[s].sentences) /
                                                 static_cast<double>(gold_lines.size())
                                           : 1.0;
    out.U32(static_cast<uint32_t>(Fixed(std::log(share))));
  }
  AppendFeatureTable(spec, counts, &out);
  AppendPenalties(spec, counts, lm_vocab, &out);
  log("convention: sources " + names + ", " + std::to_string(out.size() / 1024) + " KiB");
  *section = std::move(out.buffer());
  return Status::Ok();
}

}  // namespace kma::build
