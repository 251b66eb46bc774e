// Tests for the convention prior's section view (core/model/convention_prior.h):
// the guess follows the stored feature table, and damaged sections are
// rejected with kModelFormat instead of read out of bounds.
#include "core/model/convention_prior.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "core/dict/dictionary.h"

namespace kma {
namespace {

constexpr uint32_t kBits = 8;
constexpr uint32_t kVocab = kLmFirstWord + 2;

template <typename T>
void Put(std::string* out, T v) {
  out->append(reinterpret_cast<const char*>(&v), sizeof v);
}

// Two sources, unigrams only: source 1 likes the characters of `marked`
// (every other bucket is equally likely under both).
std::string Section(std::u32string_view marked, float penalty = -2.0f) {
  std::string s;
  for (uint32_t v : {kConventionVersion, 2u, kBits, 1u, kVocab, 0u, 0u, 0u}) Put(&s, v);
  for (uint32_t i = 0; i < kConventionMaxSources; ++i) Put(&s, int32_t{0});
  std::vector<bool> liked(1u << kBits, false);
  std::vector<uint32_t> units;
  ForEachConventionFeature(marked, 1, kBits, &units, [&](uint32_t b) { liked[b] = true; });
  // Not the padding around every text.
  ForEachConventionFeature(U"", 1, kBits, &units, [&](uint32_t b) { liked[b] = false; });
  for (uint32_t b = 0; b < (1u << kBits); ++b) {
    Put(&s, int16_t{-5000});
    Put(&s, static_cast<int16_t>(liked[b] ? -1000 : -5000));
  }
  for (uint32_t src = 0; src < 2; ++src)
    for (uint32_t t = 0; t < kVocab; ++t) Put(&s, src == 1 && t == kLmFirstWord ? penalty : 0.0f);
  return s;
}

// The section's bytes at an 8-byte aligned address, as a model file holds them.
struct Aligned {
  explicit Aligned(const std::string& s) : words((s.size() + 7) / 8) { std::memcpy(words.data(), s.data(), s.size()); }
  const uint8_t* data() const { return reinterpret_cast<const uint8_t*>(words.data()); }
  std::vector<uint64_t> words;
};

TEST(ConventionPrior, GuessesTheSourceWhoseFeaturesTheTextHas) {
  const std::string s = Section(U"요");
  Aligned a(s);
  auto p = ConventionPrior::Open(a.data(), s.size(), kVocab);
  ASSERT_TRUE(p.ok()) << p.status().message();
  std::vector<uint32_t> units;
  EXPECT_EQ(p.value().source_count(), 2u);
  EXPECT_EQ(p.value().Guess(U"좋아요", &units), 1u);
  EXPECT_EQ(p.value().Guess(U"좋다", &units), 0u);
  // A tie (no feature either source prefers) goes to the first source.
  EXPECT_EQ(p.value().Guess(U"", &units), 0u);
  EXPECT_EQ(p.value().Penalties(1)[kLmFirstWord], -2.0f);
  EXPECT_EQ(p.value().Penalties(0)[kLmFirstWord], 0.0f);
}

TEST(ConventionPrior, FeaturesAreThoseOfTheTextAsWritten) {
  // The normalized text splits codas (간 -> 가 + ᆫ); the features join them
  // back, so both spellings give the same buckets.
  std::vector<uint32_t> units, a, b;
  ForEachConventionFeature(U"간다", 3, 18, &units, [&](uint32_t x) { a.push_back(x); });
  ForEachConventionFeature(U"가\u11AB다", 3, 18, &units, [&](uint32_t x) { b.push_back(x); });
  EXPECT_EQ(a, b);
  // 4 characters with the padding: 4 unigrams, 3 bigrams, 2 trigrams.
  EXPECT_EQ(a.size(), 9u);
}

TEST(ConventionPrior, DamagedSectionsAreRejected) {
  const std::string good = Section(U"요");
  auto open = [](std::string s, uint32_t vocab = kVocab) {
    Aligned a(s);
    return ConventionPrior::Open(a.data(), s.size(), vocab).status();
  };
  EXPECT_TRUE(open(good).ok());
  EXPECT_EQ(open(good.substr(0, good.size() - 4)).code(), StatusCode::kModelFormat);
  EXPECT_EQ(open(good.substr(0, 16)).code(), StatusCode::kModelFormat);
  EXPECT_EQ(open(good, kVocab + 1).code(), StatusCode::kModelFormat);
  EXPECT_EQ(open(Section(U"요", 0.5f)).code(), StatusCode::kModelFormat);  // penalties are never positive
  EXPECT_EQ(open(Section(U"요", -1e9f)).code(), StatusCode::kModelFormat);
  for (size_t field : {0, 1, 2, 3}) {  // version, sources, bucket bits, n
    std::string bad = good;
    const uint32_t v = field == 1 ? 9u : 99u;
    std::memcpy(&bad[4 * field], &v, 4);
    const Status st = open(bad);
    EXPECT_EQ(st.code(), StatusCode::kModelFormat) << field;
    EXPECT_NE(st.message().find("convention"), std::string::npos) << st.message();
  }
}

}  // namespace
}  // namespace kma
