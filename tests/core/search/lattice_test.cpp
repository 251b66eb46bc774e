// Tests for lattice construction (core/search/lattice.h) on a model built
// from tests/data/mini: the lattice always admits a complete path, nodes stay
// inside their run, unknown-word candidates respect syllable+coda units, and
// pretokens become exactly one pattern node each.
#include "core/search/lattice.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/text/hangul.h"
#include "core/model/model.h"
#include "core/text/normalizer.h"
#include "core/text/pretokenizer.h"
#include "core/text/utf.h"
#include "tests/support/mini_model.h"
#include "tools/builder/model_builder.h"

namespace kma::search {
namespace {

class LatticeTest : public test::MiniModelTest {
 protected:

  // Normalizes and pretokenizes `utf8` and builds the lattice over
  // [begin, end) of the normalized text (end == -1: to the end), the way
  // the analyzer prepares a chunk.
  void Build(const std::string& utf8, int64_t begin = 0, int64_t end = -1,
             LatticeParams params = LatticeParams()) {
    std::u32string cps;
    ASSERT_TRUE(Utf8ToU32(utf8, &cps));
    Normalize(cps, &nt_);
    all_pretokens_ = Pretokenize(nt_.text);
    begin_ = static_cast<uint32_t>(begin);
    end_ = end < 0 ? static_cast<uint32_t>(nt_.text.size()) : static_cast<uint32_t>(end);
    pretokens_.clear();
    for (const PreToken& p : all_pretokens_)
      if (p.end > begin_ && p.begin < end_) pretokens_.push_back(p);
    params_ = params;
    BuildLattice((*model_)->impl(), nt_.text, begin_, end_, pretokens_, params_, &lattice_);
  }

  // True if nodes (plus skipping whitespace) form a path from begin_ to end_.
  bool Connected() const {
    std::vector<std::vector<uint32_t>> ends(end_ + 1);
    for (const Node& n : nodes_)
      if (n.begin >= begin_ && n.begin <= end_) ends[n.begin].push_back(n.end);
    std::vector<bool> reach(end_ + 1, false);
    reach[begin_] = true;
    for (uint32_t p = begin_; p < end_; ++p) {
      if (!reach[p]) continue;
      if (IsSpaceChar(nt_.text[p])) reach[p + 1] = true;
      for (uint32_t e : ends[p])
        if (e <= end_) reach[e] = true;
    }
    return reach[end_];
  }

  bool IsUnitStart(uint32_t q) const {
    if (q >= nt_.text.size()) return true;
    return !(hangul::IsCodaJamo(nt_.text[q]) && q > 0 && hangul::IsSyllable(nt_.text[q - 1]));
  }

  void CheckInvariants() {
    ASSERT_FALSE(nodes_.empty());
    EXPECT_TRUE(Connected()) << "no complete path through the lattice";
    for (size_t i = 0; i < nodes_.size(); ++i) {
      const Node& n = nodes_[i];
      SCOPED_TRACE("node " + std::to_string(i) + " [" + std::to_string(n.begin) + "," + std::to_string(n.end) + ")");
      ASSERT_LT(n.begin, n.end);
      ASSERT_GE(n.begin, begin_);
      ASSERT_LE(n.end, end_);
      if (i > 0) EXPECT_LE(nodes_[i - 1].begin, n.begin) << "nodes must be sorted by begin";
      EXPECT_GE(n.penalty, 0.0f);
      if (n.kind == NodeKind::kPattern) continue;
      // Dictionary and unknown nodes never contain whitespace...
      for (uint32_t q = n.begin; q < n.end; ++q) EXPECT_FALSE(IsSpaceChar(nt_.text[q]));
      // ... and never overlap a pretoken.
      for (const PreToken& p : pretokens_) EXPECT_TRUE(n.end <= p.begin || n.begin >= p.end);
      if (n.kind == NodeKind::kUnknown) {
        EXPECT_TRUE(n.tag == PosTag::kNNG || n.tag == PosTag::kNNP);
        EXPECT_TRUE(IsUnitStart(n.begin)) << "unknown word starts at a coda";
        EXPECT_TRUE(IsUnitStart(n.end)) << "unknown word ends between a syllable and its coda";
        EXPECT_GT(n.penalty, 0.0f);
      }
    }
    // One pattern node per pretoken, with its span (clipped to the chunk) and tag.
    size_t patterns = 0;
    for (const Node& n : nodes_) patterns += n.kind == NodeKind::kPattern;
    EXPECT_EQ(patterns, pretokens_.size());
    for (const PreToken& p : pretokens_) {
      int found = 0;
      for (const Node& n : nodes_)
        if (n.kind == NodeKind::kPattern && n.begin == std::max(p.begin, begin_) && n.end == std::min(p.end, end_) &&
            n.tag == p.tag)
          ++found;
      EXPECT_EQ(found, 1) << "pretoken [" << p.begin << "," << p.end << ") " << TagName(p.tag);
    }
  }

  size_t Count(NodeKind kind) const {
    size_t c = 0;
    for (const Node& n : nodes_) c += n.kind == kind;
    return c;
  }

  NormalizedText nt_;
  std::vector<PreToken> all_pretokens_, pretokens_;
  uint32_t begin_ = 0, end_ = 0;
  LatticeParams params_;
  Lattice lattice_;
  std::vector<Node>& nodes_ = lattice_.nodes;
};

TEST_F(LatticeTest, KnownSentenceHasDictionaryNodesAndAPath) {
  Build("나는 학교에 간다.");
  CheckInvariants();
  EXPECT_GT(Count(NodeKind::kEntry), 5u);
  // 학교 is a dictionary word: an entry node spans exactly it. In the
  // normalized text codas are split off (나 느 ᆫ _ 하 ᆨ 교 ...), so 학교 is
  // [4, 7).
  const uint32_t at = static_cast<uint32_t>(nt_.text.find(hangul::SplitCodas(U"학교", false)));
  ASSERT_EQ(at, 4u);
  bool hakgyo = false;
  for (const Node& n : nodes_) hakgyo |= n.kind == NodeKind::kEntry && n.begin == at && n.end == at + 3;
  EXPECT_TRUE(hakgyo);
  // The final period is a pattern node carrying its dictionary morpheme.
  const Node& last = nodes_.back();
  EXPECT_EQ(last.kind, NodeKind::kPattern);
  EXPECT_EQ(last.tag, PosTag::kSF);
  EXPECT_NE(last.entry, 0u) << "'.'/SF is in the mini lexicon";
}

TEST_F(LatticeTest, EveryTextIsCovered) {
  const char* kTexts[] = {
      "나는학교에간다",              // no spaces
      "퓨퓨퓨퓨 꿹뷁 힣",            // nothing in the dictionary
      "갔 간 값 앉",                 // syllables with (double) codas
      "ㅋㅋㅋ ㅠㅠ 안녕ㅎ",          // bare compatibility jamo
      "漢字와 English가 3.14 😀!",   // pretokens glued to Hangul
      "a",
      "퓨퓨퓨퓨퓨퓨퓨퓨퓨퓨퓨퓨퓨퓨퓨퓨퓨퓨퓨퓨",  // longer than any unknown candidate
      "\xE1\x84\x92\xE1\x85\xA1\xE1\x86\xAB\xE1\x84\x80\xE1\x85\xAE\xE1\x86\xA8",  // NFD 한국
  };
  for (const char* t : kTexts) {
    SCOPED_TRACE(t);
    Build(t);
    CheckInvariants();
  }
}

TEST_F(LatticeTest, UnknownCandidatesAreLimitedInLength) {
  LatticeParams p;
  p.max_unknown_units = 3;
  p.max_inner_unknown_units = 2;
  Build("퓨퓨퓨퓨퓨퓨퓨", 0, -1, p);
  CheckInvariants();
  for (const Node& n : nodes_) {
    if (n.kind != NodeKind::kUnknown) continue;
    EXPECT_LE(n.end - n.begin, n.begin == 0 ? 3u : 2u);
  }
  // Longer candidates cost more.
  float c1 = -1, c3 = -1;
  for (const Node& n : nodes_) {
    if (n.kind != NodeKind::kUnknown || n.begin != 0 || n.tag != PosTag::kNNG) continue;
    if (n.end == 1) c1 = n.penalty;
    if (n.end == 3) c3 = n.penalty;
  }
  ASSERT_GE(c1, 0);
  ASSERT_GE(c3, 0);
  EXPECT_GT(c3, c1);
}

TEST_F(LatticeTest, UnknownWordsKeepCodasWithTheirSyllables) {
  // 꿹뷁 normalizes to 4 code points (2 syllables + 2 codas); unknown
  // candidates may end after 꿹 (position 2) or at the end, never at 1 or 3.
  Build("꿹뷁");
  ASSERT_EQ(nt_.text.size(), 4u);
  CheckInvariants();
  std::vector<uint32_t> ends;
  for (const Node& n : nodes_)
    if (n.kind == NodeKind::kUnknown && n.begin == 0) ends.push_back(n.end);
  EXPECT_NE(std::find(ends.begin(), ends.end(), 2u), ends.end());
  EXPECT_NE(std::find(ends.begin(), ends.end(), 4u), ends.end());
  EXPECT_EQ(std::find(ends.begin(), ends.end(), 1u), ends.end());
  EXPECT_EQ(std::find(ends.begin(), ends.end(), 3u), ends.end());
}

TEST_F(LatticeTest, NoUnknownGuessRepeatsADictionaryWord) {
  // 학교/NNG is in the mini lexicon: a guessed 학교/NNG over its span would
  // be the same word to the user (an N-best list showed both: the finding
  // nbest-duplicate-unknown). The NNP guess, which the lexicon lacks, stays.
  Build("나는 학교에 간다.");
  CheckInvariants();
  const uint32_t at = static_cast<uint32_t>(nt_.text.find(hangul::SplitCodas(U"학교", false)));
  ASSERT_EQ(at, 4u);
  bool entry = false, guessed_nng = false, guessed_nnp = false;
  for (const Node& n : nodes_) {
    if (n.begin != at || n.end != at + 3) continue;
    entry |= n.kind == NodeKind::kEntry;
    guessed_nng |= n.kind == NodeKind::kUnknown && n.tag == PosTag::kNNG;
    guessed_nnp |= n.kind == NodeKind::kUnknown && n.tag == PosTag::kNNP;
  }
  EXPECT_TRUE(entry);
  EXPECT_FALSE(guessed_nng);
  EXPECT_TRUE(guessed_nnp);
}

TEST_F(LatticeTest, PretokensBecomePatternNodes) {
  Build("http://example.com 에서 #해시태그 😀 3.14 漢字 user@example.com");
  CheckInvariants();
  ASSERT_GE(pretokens_.size(), 6u);
  bool url = false, tag = false, emoji = false;
  for (const Node& n : nodes_) {
    url |= n.kind == NodeKind::kPattern && n.tag == PosTag::kW_URL;
    tag |= n.kind == NodeKind::kPattern && n.tag == PosTag::kW_HASHTAG;
    emoji |= n.kind == NodeKind::kPattern && n.tag == PosTag::kW_EMOJI;
  }
  EXPECT_TRUE(url);
  EXPECT_TRUE(tag);
  EXPECT_TRUE(emoji);
}

TEST_F(LatticeTest, SubrangeStaysInsideTheChunk) {
  // The second sentence only, as the analyzer's chunking would pass it.
  const std::string text = "나는 학교에 간다. 철수가 밥을 먹었다.";
  Build(text);
  const uint32_t full_end = end_;
  const size_t found = nt_.text.find(hangul::SplitCodas(U"철수", false));
  ASSERT_NE(found, std::u32string::npos);
  const uint32_t second = static_cast<uint32_t>(found);
  Build(text, second, full_end);
  CheckInvariants();
  for (const Node& n : nodes_) EXPECT_GE(n.begin, second);
  // A chunk ending in the middle of a word still gets a complete lattice.
  Build(text, 0, 4);
  CheckInvariants();
}

TEST_F(LatticeTest, ChunkStartingInsideAPretokenIsCovered) {
  // A chunk boundary that falls inside a pretoken (here inside an emoji ZWJ
  // sequence) must still leave every position covered: the pretoken's part
  // inside the chunk becomes a pattern node.
  const std::string text = "나 \xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9 간다";  // 나 👨‍👩 간다
  Build(text);
  // A copy: Build() below replaces the pretoken list.
  PreToken emoji{};
  bool found = false;
  for (const PreToken& p : all_pretokens_)
    if (p.tag == PosTag::kW_EMOJI) emoji = p, found = true;
  ASSERT_TRUE(found);
  ASSERT_GT(emoji.end - emoji.begin, 2u);
  const uint32_t full_end = end_;
  for (uint32_t cut = emoji.begin + 1; cut < emoji.end; ++cut) {
    Build(text, cut, full_end);
    SCOPED_TRACE("chunk from " + std::to_string(cut));
    CheckInvariants();
  }
}

TEST_F(LatticeTest, OutputIsReplacedAndDeterministic) {
  Build("나는 학교에 간다.");
  std::vector<Node> first = nodes_;
  Node stale{};
  stale.end = 1;
  stale.kind = NodeKind::kUnknown;
  nodes_.push_back(stale);
  lattice_.steps.push_back(MorphStep{});
  BuildLattice((*model_)->impl(), nt_.text, begin_, end_, pretokens_, params_, &lattice_);
  ASSERT_EQ(nodes_.size(), first.size());
  for (size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(nodes_[i].begin, first[i].begin);
    EXPECT_EQ(nodes_[i].end, first[i].end);
    EXPECT_EQ(nodes_[i].kind, first[i].kind);
    EXPECT_EQ(nodes_[i].entry, first[i].entry);
  }
}

TEST(IsSpaceCharTest, UnicodeWhitespace) {
  for (char32_t c : {U' ', U'\t', U'\n', U'\r', U'\v', U'\f', char32_t{0x85}, char32_t{0xA0}, char32_t{0x1680},
                     char32_t{0x2000}, char32_t{0x200A}, char32_t{0x2028}, char32_t{0x2029}, char32_t{0x202F},
                     char32_t{0x205F}, char32_t{0x3000}})
    EXPECT_TRUE(IsSpaceChar(c)) << std::hex << uint32_t{c};
  // Controls and format characters separate words too (they carry no text).
  for (char32_t c : {char32_t{0}, char32_t{1}, char32_t{0x7F}, char32_t{0x200B}, char32_t{0xFEFF}})
    EXPECT_TRUE(IsSpaceChar(c)) << std::hex << uint32_t{c};
  for (char32_t c : {U'a', U'가', U'.', char32_t{0x11AB}, char32_t{0x1F600}})
    EXPECT_FALSE(IsSpaceChar(c)) << std::hex << uint32_t{c};
}

}  // namespace
}  // namespace kma::search
