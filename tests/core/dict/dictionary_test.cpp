// Tests for the packed dictionary records (core/dict/dictionary.h) and the builder
// side that writes them (tools/builder/dict/dictionary_writer.h): field packing
// round-trips, the derived first character, the prefix-shared string pool,
// bit-exact score and penalty tables, entries stored in trie order, and the
// limits of the packed fields.
#include "core/dict/dictionary.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/text/hangul.h"
#include "core/model/format.h"
#include "core/dict/trie.h"
#include "core/text/utf.h"
#include "tools/builder/dict/dictionary_writer.h"

namespace kma {
namespace {

TEST(MorphRecordTest, FieldsRoundTrip) {
  MorphRecord r =
      MorphRecord::Make(0xABCDEF, 255, 0xFFFFFF, static_cast<uint8_t>(PosTag::kSF), 0xFFFF, 0x1234);
  EXPECT_EQ(r.form_offset(), 0xABCDEFu);
  EXPECT_EQ(r.form_length(), 255u);
  EXPECT_EQ(r.lm_id(), 0xFFFFFFu);
  EXPECT_EQ(r.tag(), static_cast<uint8_t>(PosTag::kSF));
  EXPECT_EQ(r.scores, 0xFFFF);
  EXPECT_EQ(r.socket_key, 0x1234);
  MorphRecord z = MorphRecord::Make(0, 0, 0, 0, 0, 0);
  EXPECT_EQ(z.form_offset(), 0u);
  EXPECT_EQ(z.form_length(), 0u);
  EXPECT_EQ(z.lm_id(), 0u);
  EXPECT_EQ(z.tag(), 0);
}

TEST(EntryRecordTest, FieldsRoundTrip) {
  for (EntryKind kind : {EntryKind::kPlain, EntryKind::kHead, EntryKind::kSocket}) {
    for (uint32_t count : {1u, 2u, 15u}) {
      for (bool vowel : {false, true}) {
        EntryRecord e = EntryRecord::Make(0xFFFFFFF0u, 0xFFFF, 255, count, kind, vowel);
        EXPECT_EQ(e.morph_begin, 0xFFFFFFF0u);
        EXPECT_EQ(e.socket, 0xFFFF);
        EXPECT_EQ(e.penalty, 255);
        EXPECT_EQ(e.morph_count(), count);
        EXPECT_EQ(e.kind(), kind);
        EXPECT_EQ(e.after_vowel_only(), vowel);
        EXPECT_EQ(e.info & 0x80, 0);
      }
    }
  }
}

TEST(MorphFirstCharTest, MatchesTheNormalizedForm) {
  EXPECT_EQ(MorphFirstChar(""), 0u);
  EXPECT_EQ(MorphFirstChar("a"), U'a');
  EXPECT_EQ(MorphFirstChar("가다"), U'가');
  EXPECT_EQ(MorphFirstChar("간다"), U'가');    // the coda splits off
  EXPECT_EQ(MorphFirstChar("ㄴ다"), 0x11ABu);  // compatibility consonant -> coda jamo
  EXPECT_EQ(MorphFirstChar("ㅂ니다"), 0x11B8u);
  EXPECT_EQ(MorphFirstChar("ㅏ"), U'ㅏ');  // a vowel has no coda form
  EXPECT_EQ(MorphFirstChar("ㄸ"), U'ㄸ');  // neither has ㄸ
  EXPECT_EQ(MorphFirstChar("\xF0\x9F\x98\x80x"), 0x1F600u);
  // Ill-formed starts give 0, as an undecodable form did in the builder.
  EXPECT_EQ(MorphFirstChar("\x80"), 0u);
  EXPECT_EQ(MorphFirstChar("\xEA\xB0"), 0u);      // truncated
  EXPECT_EQ(MorphFirstChar("\xC0\x80"), 0u);      // overlong
  EXPECT_EQ(MorphFirstChar("\xED\xA0\x80"), 0u);  // surrogate
  EXPECT_EQ(MorphFirstChar(std::string_view("\0a", 2)), 0u);
  EXPECT_EQ(MorphFirstChar("\xC2\x80"), 0x80u);
  EXPECT_EQ(MorphFirstChar("\xEF\xBF\xBF"), 0xFFFFu);
  EXPECT_EQ(MorphFirstChar("\xF4\x8F\xBF\xBF"), 0x10FFFFu);
  EXPECT_EQ(MorphFirstChar("\xF4\x90\x80\x80"), 0u);  // above U+10FFFF
  EXPECT_EQ(MorphFirstChar("\xF0\x8F\xBF\xBF"), 0u);  // overlong
  EXPECT_EQ(MorphFirstChar("\xE0\x9F\xBF"), 0u);      // overlong
  EXPECT_EQ(MorphFirstChar("\xF5\x80\x80\x80"), 0u);
  EXPECT_EQ(MorphFirstChar("\xFF"), 0u);
}

// The builder used to take the first character of the whole normalized form;
// on every well-formed first sequence the hand decoder must agree with the
// strict decoder and hangul::SplitCodas.
TEST(MorphFirstCharTest, AgreesWithTheStrictDecoderOnRandomBytes) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> len(1, 5);
  // Bytes near the interesting boundaries, plus Hangul and jamo leads.
  const uint8_t kBytes[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xB0,
                            0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE3, 0xEA, 0xEB,
                            0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF3, 0xF4, 0xF5, 0xFF};
  std::uniform_int_distribution<size_t> pick(0, std::size(kBytes) - 1);
  int valid = 0;
  for (int i = 0; i < 200000; ++i) {
    std::string s;
    for (int k = len(rng); k > 0; --k) s.push_back(static_cast<char>(kBytes[pick(rng)]));
    char32_t want = 0;
    for (size_t n = 1; n <= std::min<size_t>(4, s.size()); ++n) {
      std::u32string cps;
      if (Utf8ToU32(s.substr(0, n), &cps) && cps.size() == 1) {
        want = hangul::SplitCodas(cps, true)[0];
        ++valid;
        break;
      }
    }
    ASSERT_EQ(MorphFirstChar(s), want) << "case " << i;
  }
  EXPECT_GT(valid, 10000);
}

// Sections written by WriteDictionary, read back from a serialized file.
class DictionaryWriterTest : public ::testing::Test {
 protected:
  Status Write(const std::vector<build::MorphDraft>& morphs, const std::vector<build::EntryDraft>& entries) {
    ModelWriter w;
    std::string summary;
    Status s = build::WriteDictionary(morphs, entries, &w, &summary);
    if (!s.ok()) return s;
    file_ = w.Serialize();
    auto mf = ModelFile::Parse(reinterpret_cast<const uint8_t*>(file_.data()), file_.size());
    if (!mf.ok()) return mf.status();
    mf_ = mf.value();
    return Status::Ok();
  }
  template <typename T>
  std::vector<T> Array(const std::string& name) {
    const uint8_t* d = nullptr;
    size_t n = 0;
    EXPECT_TRUE(mf_.FindSection(name, &d, &n)) << name;
    uint32_t count;
    std::memcpy(&count, d, 4);
    EXPECT_EQ(8 + size_t{count} * sizeof(T), n) << name;
    std::vector<T> v(count);
    if (count > 0) std::memcpy(v.data(), d + 8, count * sizeof(T));
    return v;
  }
  std::string Strings() {
    const uint8_t* d = nullptr;
    size_t n = 0;
    EXPECT_TRUE(mf_.FindSection("strings", &d, &n));
    return std::string(reinterpret_cast<const char*>(d), n);
  }

  std::string file_;
  ModelFile mf_;
};

build::MorphDraft Morph(const std::string& form, PosTag tag, uint32_t lm_id, float emit, float tag_logp) {
  build::MorphDraft m;
  m.form = form;
  m.tag = tag;
  m.lm_id = lm_id;
  m.emit_logp = emit;
  m.tag_logp = tag_logp;
  return m;
}

TEST_F(DictionaryWriterTest, FormsAreSharedAndScoresKeptBitExact) {
  std::vector<build::MorphDraft> morphs = {
      Morph("", PosTag::kUN, 2, 0.0f, 0.0f),
      Morph("가", PosTag::kJKS, 100, 0.0f, -1.5f),
      Morph("가", PosTag::kVV, 101, 0.0f, -1.5f),
      Morph("가다", PosTag::kNNG, 102, -0.0f, -1.5f),  // -0.0 is not 0.0
      Morph("가다듬", PosTag::kVV, 103, -2.25f, std::nextafter(-1.5f, 0.0f)),
      Morph("나", PosTag::kNP, 104, 0.0f, -1.5f),
      Morph("다", PosTag::kEF, 105, -2.25f, std::nextafter(-1.5f, 0.0f)),
  };
  morphs[4].socket_key = 7;
  std::vector<build::EntryDraft> entries = {{U"가", EntryKind::kPlain, 0, 0.0f, false, {1}}};
  ASSERT_TRUE(Write(morphs, entries).ok());
  const std::vector<MorphRecord> recs = Array<MorphRecord>("morphs");
  const std::vector<MorphScores> scores = Array<MorphScores>("morph_scores");
  const std::string pool = Strings();
  ASSERT_EQ(recs.size(), morphs.size());
  // 가, 가다 and 가다듬 share 가다듬's bytes; only 가다듬, 나, 다 are stored.
  EXPECT_EQ(pool, "가다듬나다");
  for (size_t i = 0; i < morphs.size(); ++i) {
    const MorphRecord& r = recs[i];
    ASSERT_LE(r.form_offset() + r.form_length(), pool.size());
    EXPECT_EQ(pool.substr(r.form_offset(), r.form_length()), morphs[i].form) << i;
    EXPECT_EQ(r.tag(), static_cast<uint8_t>(morphs[i].tag));
    EXPECT_EQ(r.lm_id(), morphs[i].lm_id);
    EXPECT_EQ(r.socket_key, morphs[i].socket_key);
    ASSERT_LT(r.scores, scores.size());
    EXPECT_EQ(std::memcmp(&scores[r.scores].emit_logp, &morphs[i].emit_logp, 4), 0) << i;
    EXPECT_EQ(std::memcmp(&scores[r.scores].tag_logp, &morphs[i].tag_logp, 4), 0) << i;
  }
  // (0, 0), (0, -1.5), (-0, -1.5), (-2.25, next to -1.5): four distinct pairs.
  EXPECT_EQ(scores.size(), 4u);
}

TEST_F(DictionaryWriterTest, EntriesAreStoredInTrieOrder) {
  std::vector<build::MorphDraft> morphs = {
      Morph("", PosTag::kUN, 2, 0, 0), Morph("가", PosTag::kVV, 60, 0, -1),
      Morph("나", PosTag::kNP, 61, 0, -1), Morph("다", PosTag::kEF, 62, 0, -1)};
  std::vector<build::EntryDraft> entries = {
      {U"나다", EntryKind::kPlain, 0, 1.5f, false, {2, 3}}, {U"가", EntryKind::kHead, 9, 0.0f, false, {1}},
      {U"나", EntryKind::kPlain, 0, 0.0f, false, {2}},      {U"다", EntryKind::kSocket, 9, 0.5f, true, {3}},
      {U"가", EntryKind::kPlain, 0, 0.0f, false, {1}},
  };
  ASSERT_TRUE(Write(morphs, entries).ok());
  const std::vector<EntryRecord> recs = Array<EntryRecord>("entries");
  const std::vector<float> penalties = Array<float>("entry_penalties");
  const std::vector<uint32_t> em = Array<uint32_t>("entry_morphs");
  EXPECT_EQ(penalties, (std::vector<float>{0.0f, 0.5f, 1.5f}));
  // Breadth-first: 가 (both entries, in their order), 나, 다, then 나다.
  const std::vector<size_t> expected_order = {1, 4, 2, 3, 0};
  ASSERT_EQ(recs.size(), entries.size());
  for (size_t k = 0; k < recs.size(); ++k) {
    const build::EntryDraft& want = entries[expected_order[k]];
    const EntryRecord& got = recs[k];
    EXPECT_EQ(got.kind(), want.kind) << k;
    EXPECT_EQ(got.socket, want.socket) << k;
    EXPECT_EQ(got.after_vowel_only(), want.after_vowel_only) << k;
    ASSERT_LT(got.penalty, penalties.size());
    EXPECT_EQ(penalties[got.penalty], want.penalty) << k;
    ASSERT_EQ(got.morph_count(), want.morphs.size());
    EXPECT_EQ(
        std::vector<uint32_t>(em.begin() + got.morph_begin, em.begin() + got.morph_begin + got.morph_count()),
        want.morphs)
        << k;
  }
  // The trie's value ranges are entry ranges.
  const uint8_t* d = nullptr;
  size_t n = 0;
  ASSERT_TRUE(mf_.FindSection("trie", &d, &n));
  auto trie = TrieView::Open(d, n, static_cast<uint32_t>(recs.size()));
  ASSERT_TRUE(trie.ok()) << trie.status().message();
  const uint32_t ga = trie->Find(U"가");
  ASSERT_NE(ga, TrieView::kNone);
  EXPECT_EQ(trie->value_begin(ga), 0u);
  EXPECT_EQ(trie->value_end(ga), 2u);
  const uint32_t nada = trie->Find(U"나다");
  ASSERT_NE(nada, TrieView::kNone);
  EXPECT_EQ(trie->value_begin(nada), 4u);
  EXPECT_EQ(trie->value_end(nada), 5u);
}

TEST_F(DictionaryWriterTest, ValuesBeyondThePackedFieldsAreRefused) {
  const std::vector<build::MorphDraft> ok = {Morph("", PosTag::kUN, 2, 0, 0),
                                             Morph("가", PosTag::kVV, 60, 0, -1)};
  const std::vector<build::EntryDraft> entry = {{U"가", EntryKind::kPlain, 0, 0.0f, false, {1}}};
  ASSERT_TRUE(Write(ok, entry).ok());
  auto refused = [&](const std::vector<build::MorphDraft>& m, const std::vector<build::EntryDraft>& e) {
    Status s = Write(m, e);
    return !s.ok() && s.code() == StatusCode::kInvalidArgument;
  };
  {
    auto m = ok;
    m[1].form = std::string(256, 'a');
    EXPECT_TRUE(refused(m, entry)) << "form of 256 bytes";
    m[1].form = std::string(255, 'a');
    EXPECT_FALSE(refused(m, entry)) << "form of 255 bytes";
  }
  {
    auto m = ok;
    m[1].lm_id = 1u << 24;
    EXPECT_TRUE(refused(m, entry)) << "LM id";
  }
  {
    auto m = ok;
    m[1].socket_key = 0x10000;
    EXPECT_TRUE(refused(m, entry)) << "socket key";
  }
  {
    auto e = entry;
    e[0].socket = 0x10000;
    EXPECT_TRUE(refused(ok, e)) << "entry socket";
    e = entry;
    e[0].morphs.assign(16, 1);
    EXPECT_TRUE(refused(ok, e)) << "16 morphemes";
    e[0].morphs.clear();
    EXPECT_TRUE(refused(ok, e)) << "no morphemes";
  }
  {
    std::vector<build::EntryDraft> e;
    for (int i = 0; i < 257; ++i) e.push_back({U"가", EntryKind::kPlain, 0, 0.25f * i, false, {1}});
    EXPECT_TRUE(refused(ok, e)) << "257 penalties";
    e.pop_back();
    EXPECT_FALSE(refused(ok, e)) << "256 penalties";
  }
}

}  // namespace
}  // namespace kma
