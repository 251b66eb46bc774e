#include "core/base/pos_tag.h"

namespace kma {
namespace {
constexpr std::string_view kNames[kNumTags] = {
    "UN",  "NNG", "NNP", "NNB", "NR",  "NP",  "VV",     "VA",      "VX",
    "VCP", "VCN", "MM",  "MAG", "MAJ", "IC",  "JKS",    "JKC",     "JKG",
    "JKO", "JKB", "JKV", "JKQ", "JX",  "JC",  "EP",     "EF",      "EC",
    "ETN", "ETM", "XPN", "XSN", "XSV", "XSA", "XR",     "SF",      "SP",
    "SS",  "SSO", "SSC", "SE",  "SO",  "SW",  "SL",     "SH",      "SN",
    "W_URL", "W_EMAIL", "W_HASHTAG", "W_MENTION", "W_SERIAL", "W_EMOJI"};
}  // namespace

std::string_view TagName(PosTag t) {
  auto i = static_cast<int>(t);
  return (i >= 0 && i < kNumTags) ? kNames[i] : kNames[0];
}

bool ParseTag(std::string_view name, PosTag* out) {
  if (name.size() > 2 && name[name.size() - 2] == '-' &&
      (name.back() == 'I' || name.back() == 'R')) {
    name.remove_suffix(2);
  }
  for (int i = 0; i < kNumTags; ++i) {
    if (kNames[i] == name) {
      *out = static_cast<PosTag>(i);
      return true;
    }
  }
  return false;
}

}  // namespace kma
