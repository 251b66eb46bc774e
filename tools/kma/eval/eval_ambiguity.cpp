#include "tools/kma/eval/eval_ambiguity.h"

#include <algorithm>

#include "tools/kma/io/line_reader.h"

namespace kma::cli {
namespace {

std::vector<std::string_view> SplitOn(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (pos <= s.size()) {
    size_t end = s.find(sep, pos);
    if (end == std::string_view::npos) end = s.size();
    if (end > pos) out.push_back(s.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

}  // namespace

bool SplitGoldWords(std::string_view line, std::vector<std::string>* words,
                    std::vector<std::vector<Morph>>* analyses) {
  words->clear();
  analyses->clear();
  std::vector<std::string_view> cols = SplitOn(line, '\t');
  if (cols.size() < 2) return false;
  for (std::string_view w : SplitOn(cols[0], ' ')) words->emplace_back(w);
  if (words->size() != cols.size() - 1) return false;
  for (size_t c = 1; c < cols.size(); ++c) {
    std::vector<Morph> ms;
    for (std::string_view piece : SplitOn(cols[c], ' ')) {
      size_t slash = piece.rfind('/');
      if (slash == std::string_view::npos || slash == 0 || slash + 1 == piece.size()) return false;
      ms.push_back(Morph{std::string(piece.substr(0, slash)), std::string(piece.substr(slash + 1))});
    }
    if (ms.empty()) return false;
    analyses->push_back(std::move(ms));
  }
  return true;
}

std::string AnalysisKey(const std::vector<Morph>& morphs) {
  std::string key;
  for (const Morph& m : morphs) {
    Morph n = NormalizeMorph(m);
    if (!key.empty()) key += '+';
    key += n.form;
    key += '/';
    key += n.tag;
  }
  return key;
}

bool AmbiguityIndex::Load(const std::string& path, std::string* error, const MapFn& map) {
  LineReader in, sources;
  if (!in.Open(path, error)) return false;
  const std::string sources_path = SourcesPathFor(path);
  const bool with_sources = path != "-" && IsFile(sources_path);
  if (with_sources && !sources.Open(sources_path, error)) return false;
  bool too_many_sources = false;
  std::string_view line, source;
  std::vector<std::string> words;
  std::vector<std::vector<Morph>> analyses;
  while (in.Next(&line)) {
    uint64_t bit = 0;
    if (with_sources) {
      if (!sources.Next(&source)) {
        *error = sources_path + ": fewer lines than " + path;
        return false;
      }
      // A blank source line is "(none)", as in gold files (kma eval).
      const std::string name = source.empty() ? "(none)" : std::string(source);
      const int index = source_bits_.try_emplace(name, static_cast<int>(source_bits_.size())).first->second;
      if (index < 64) bit = uint64_t{1} << index;
      else too_many_sources = true;
    }
    if (!SplitGoldWords(line, &words, &analyses)) continue;
    if (map) map(&analyses);
    if (analyses.size() != words.size()) continue;
    for (size_t i = 0; i < words.size(); ++i) {
      std::string key = AnalysisKey(analyses[i]);
      std::vector<Reading>& readings = words_[words[i]];
      auto r = std::find_if(readings.begin(), readings.end(), [&](const Reading& x) { return x.key == key; });
      if (r == readings.end()) r = readings.insert(readings.end(), Reading{std::move(key), 0});
      r->sources |= bit;
    }
  }
  if (!in.error().empty()) {
    *error = in.error();
    return false;
  }
  if (with_sources && !sources.error().empty()) {
    *error = sources.error();
    return false;
  }
  // Too many sources for the bit masks: causes are not told apart.
  if (too_many_sources) source_bits_.clear();
  return true;
}

bool AmbiguityIndex::IsAmbiguous(const std::string& word) const {
  auto it = words_.find(word);
  return it != words_.end() && it->second.size() >= 2;
}

AmbiguityCause AmbiguityIndex::Cause(const std::string& word, const std::string& key,
                                     const std::string& source) const {
  auto w = words_.find(word);
  if (w == words_.end()) return AmbiguityCause::kUnattested;
  const auto s = source_bits_.find(source);
  const uint64_t own = s != source_bits_.end() ? uint64_t{1} << s->second : 0;
  for (const Reading& r : w->second)
    if (r.key == key) return (r.sources & own) != 0 ? AmbiguityCause::kSameSource : AmbiguityCause::kOtherSource;
  return AmbiguityCause::kUnattested;
}

}  // namespace kma::cli
