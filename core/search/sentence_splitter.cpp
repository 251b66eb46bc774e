#include "core/search/sentence_splitter.h"

namespace kma::search {
namespace {

bool IsCloser(PosTag t) {
  return t == PosTag::kSF || t == PosTag::kSSC || t == PosTag::kSS || t == PosTag::kSE ||
         t == PosTag::kSO || t == PosTag::kSW;
}

// Morphemes that continue a clause after a final ending (quoted speech,
// 요-politeness, copula ...), so no break there.
bool ContinuesAfterEf(PosTag t) {
  return IsParticle(t) || IsEnding(t) || t == PosTag::kVCP || t == PosTag::kVX ||
         t == PosTag::kXSN || t == PosTag::kXSV || t == PosTag::kXSA;
}

}  // namespace

void AssignSentences(std::vector<Token>* tokens) {
  std::vector<Token>& t = *tokens;
  uint32_t sent = 0;
  size_t i = 0;
  while (i < t.size()) {
    t[i].sentence = sent;
    bool brk = false;
    if (i + 1 < t.size()) {
      const Token& next = t[i + 1];
      bool glued = next.word == t[i].word;
      if (t[i].tag == PosTag::kSF) {
        brk = !(glued && (next.tag == PosTag::kSN || next.tag == PosTag::kSL));
      } else if (t[i].tag == PosTag::kEF) {
        brk = !(glued && ContinuesAfterEf(next.tag)) && !(glued && next.tag == PosTag::kNNB);
        // A final ending directly followed by a glued non-symbol word piece
        // (e.g. 다/EF + 고/EC mis-segmentations) is not a boundary.
        if (glued && !IsSymbol(next.tag)) brk = false;
      }
    }
    if (brk) {
      // Absorb closing punctuation glued to the end of the sentence.
      size_t j = i + 1;
      while (j < t.size() && t[j].word == t[i].word && IsCloser(t[j].tag)) {
        t[j].sentence = sent;
        ++j;
      }
      if (j < t.size()) ++sent;
      i = j;
      continue;
    }
    ++i;
  }
}

void SentenceSpans(const std::vector<Token>& tokens, std::vector<SentenceSpan>* out) {
  out->clear();
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& tk = tokens[i];
    if (out->empty() || (i > 0 && tk.sentence != tokens[i - 1].sentence)) {
      out->push_back({tk.begin, tk.length, tk.cp_begin, tk.cp_length});
      continue;
    }
    SentenceSpan& s = out->back();
    uint32_t end = std::max(s.begin + s.length, tk.begin + tk.length);
    uint32_t cend = std::max(s.cp_begin + s.cp_length, tk.cp_begin + tk.cp_length);
    s.length = end - s.begin;
    s.cp_length = cend - s.cp_begin;
  }
}

void NumberBySpans(const std::vector<SentenceSpan>& spans, std::vector<Token>* tokens) {
  uint32_t s = 0;
  for (Token& t : *tokens) {  // tokens are in input order, so s only grows
    while (s + 1 < spans.size() && spans[s + 1].begin <= t.begin) ++s;
    t.sentence = s;
  }
}

}  // namespace kma::search
