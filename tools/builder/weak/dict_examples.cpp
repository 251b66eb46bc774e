#include "tools/builder/weak/dict_examples.h"

#include <array>

namespace kma::weak {

std::string_view KindName(ExampleKind k) {
  switch (k) {
    case ExampleKind::kSentence: return "sentence";
    case ExampleKind::kDialogue: return "dialogue";
    case ExampleKind::kPhrase: return "phrase";
  }
  return "?";
}

bool ParseKind(std::string_view name, ExampleKind* out) {
  for (int k = 0; k < kNumExampleKinds; ++k) {
    if (KindName(static_cast<ExampleKind>(k)) == name) {
      *out = static_cast<ExampleKind>(k);
      return true;
    }
  }
  return false;
}

bool ParseDictExample(std::string_view line, DictExample* out, std::string* error) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::array<std::string_view, 5> f;
  size_t n = 0;
  while (n < f.size()) {
    const size_t tab = line.find('\t');
    f[n++] = line.substr(0, tab);
    if (tab == std::string_view::npos) break;
    line.remove_prefix(tab + 1);
    if (n == f.size()) {
      *error = "more than 5 tab-separated fields (text, headword, tags, kind, sense)";
      return false;
    }
  }
  if (n != f.size()) {
    *error = std::to_string(n) + " tab-separated field(s), expected 5 (text, headword, tags, kind, sense)";
    return false;
  }
  if (f[0].empty() || f[1].empty()) {
    *error = f[0].empty() ? "empty text" : "empty headword";
    return false;
  }
  std::string bad;
  if (!ParseTagList(f[2], &out->tags, &bad)) {
    *error = bad.empty() ? "bad tag list '" + std::string(f[2]) + "'" : "unknown tag '" + bad + "'";
    return false;
  }
  if (!ParseKind(f[3], &out->kind)) {
    *error = "unknown kind '" + std::string(f[3]) + "' (sentence, dialogue or phrase)";
    return false;
  }
  uint64_t sense = 0;
  for (char c : f[4]) {
    if (c < '0' || c > '9' || sense > 100000000) {
      sense = 0;
      break;
    }
    sense = sense * 10 + static_cast<uint64_t>(c - '0');
  }
  if (sense == 0) {
    *error = "sense '" + std::string(f[4]) + "' is not a positive integer";
    return false;
  }
  out->text = f[0];
  out->headword = f[1];
  out->sense = static_cast<uint32_t>(sense);
  return true;
}

}  // namespace kma::weak
