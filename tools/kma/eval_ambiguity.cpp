#include "tools/kma/eval_ambiguity.h"

#include "tools/kma/line_reader.h"

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

bool AmbiguityIndex::Load(const std::string& path, std::string* error) {
  LineReader in;
  if (!in.Open(path, error)) return false;
  std::string_view line;
  std::vector<std::string> words;
  std::vector<std::vector<Morph>> analyses;
  while (in.Next(&line)) {
    if (!SplitGoldWords(line, &words, &analyses)) continue;
    for (size_t i = 0; i < words.size(); ++i) {
      std::string key = AnalysisKey(analyses[i]);
      auto [it, inserted] = words_.try_emplace(words[i]);
      if (inserted) {
        it->second.first = std::move(key);
      } else if (!it->second.ambiguous && it->second.first != key) {
        it->second.ambiguous = true;
        ++ambiguous_;
      }
    }
  }
  if (!in.error().empty()) {
    *error = in.error();
    return false;
  }
  return true;
}

bool AmbiguityIndex::IsAmbiguous(const std::string& word) const {
  auto it = words_.find(word);
  return it != words_.end() && it->second.ambiguous;
}

}  // namespace kma::cli
