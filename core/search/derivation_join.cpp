#include "core/search/derivation_join.h"

#include <algorithm>

namespace kma {
namespace {

bool IsBase(PosTag t) { return IsNoun(t) || t == PosTag::kXR; }

// The tag of `left` joined with `right`, or kUN when they do not join.
PosTag JoinedTag(PosTag left, PosTag right) {
  if (left == PosTag::kXPN && IsNoun(right)) return right;
  if (!IsBase(left)) return PosTag::kUN;
  switch (right) {
    case PosTag::kXSN: return left == PosTag::kXR ? PosTag::kNNG : left;
    case PosTag::kXSV: return PosTag::kVV;
    case PosTag::kXSA: return PosTag::kVA;
    default: return PosTag::kUN;
  }
}

// Both in one word, `right` starting no later than `left` ends (syllables a
// contraction shares make the spans overlap).
bool Touch(const Token& left, const Token& right) {
  return left.word == right.word && left.sentence == right.sentence && right.begin >= left.begin &&
         right.begin <= left.begin + left.length && right.cp_begin <= left.cp_begin + left.cp_length;
}

}  // namespace

void JoinDerivations(std::vector<Token>* tokens) {
  std::vector<Token>& t = *tokens;
  size_t out = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    if (out > 0) {
      Token& left = t[out - 1];
      const PosTag tag = JoinedTag(left.tag, t[i].tag);
      if (tag != PosTag::kUN && Touch(left, t[i])) {
        const Token& right = t[i];
        left.form += right.form;
        left.tag = tag;
        left.morph_id = 0;
        left.flags |= right.flags;
        left.score += right.score;
        left.length = std::max(left.begin + left.length, right.begin + right.length) - left.begin;
        left.cp_length =
            std::max(left.cp_begin + left.cp_length, right.cp_begin + right.cp_length) - left.cp_begin;
        continue;
      }
    }
    if (out != i) t[out] = std::move(t[i]);
    ++out;
  }
  t.resize(out);
}

}  // namespace kma
