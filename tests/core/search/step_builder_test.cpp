// The step builder's terms, one by one, on small inputs with the bundled
// model (core/search/step_builder.h, gold_scorer.h):
//  - a reference written out term by term from the model's tables (entry
//    penalties of one-morpheme, several-morpheme and fused-stem readings,
//    unknown-word cost, boundary with its cap, cost per morpheme, LM,
//    emission and tag-class interpolation, virtual full stop, end of
//    sentence) gives the search's and the gold scorer's score of every
//    N-best path of plain text;
//  - the terms of other nodes show as differences: the cost per morpheme
//    (changing it), a typo edit's cost (scaling it), a colloquial jamo
//    token's cost, the user dictionary's scores;
//  - on every path of those inputs the gold scorer's score is the search's.
// Dropping any one term from the builder or the gold scorer fails a test.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "core/model/model.h"
#include "core/model/model_view.h"
#include "core/search/analyzer.h"
#include "core/search/chunker.h"
#include "core/search/gold_scorer.h"
#include "core/search/lattice.h"
#include "core/search/step_builder.h"
#include "core/text/hangul.h"
#include "core/text/normalizer.h"
#include "core/text/pretokenizer.h"
#include "core/text/utf.h"
#include "core/userdict/user_dictionary.h"

namespace kma {
namespace {

// The LogAdd table is within 1e-4 nats of the exact sum per morpheme.
constexpr double kTolerance = 2e-3;

struct Coverage {
  size_t paths = 0, unknown = 0, pattern = 0, capped = 0, period = 0, full_stop = 0, multi = 0, fused = 0;
};

// Scores an analysis of plain text (no typo reading, user or forced token)
// the long way, from the model's tables; false if the model's entries do
// not spell it. Tokens whose spans overlap are one word's morphemes: the
// cheapest way entries of one or more morphemes, or a stem head and its
// fused tail, spell them gives their node cost (the other terms do not
// depend on how they are split into nodes).
class ReferenceScorer {
 public:
  ReferenceScorer(const ModelImpl& m, const AnalyzeOptions& opt) : m_(m), opt_(opt) {
    const std::string lm = opt.lm.empty() ? m.default_lm() : opt.lm;
    scorer_ = m.lms().Find(lm)->NewScorer();
    lambda_ = opt.class_lambda > 0 ? opt.class_lambda : m.class_lambda(lm) > 0 ? m.class_lambda(lm) : 0.7f;
    mp_ = opt.morph_penalty >= 0 ? opt.morph_penalty : search::StepParams().morph_penalty;
  }

  bool Score(const std::string& text, const Analysis& an, double* score, Coverage* cov) {
    std::u32string cps;
    if (!Utf8ToU32(text, &cps)) return false;
    Normalize(cps, &nt_);
    for (const Token& t : an.tokens)
      if ((t.flags & (kTokenCorrected | kTokenUser | kTokenConstrained)) != 0) return false;
    Begin(text);
    Coverage seen;
    double s = 0;
    lm::LmState lm = scorer_->Start();
    uint32_t tag_state = m_.tag_lm_table().bos_state();
    int last_tag = kNumTags;
    uint32_t prev_end = 0;
    const std::vector<Token>& t = an.tokens;
    for (size_t i = 0, j; i < t.size(); i = j) {
      uint32_t cp_end = t[i].cp_begin + t[i].cp_length;  // the group [i, j) of overlapping spans
      for (j = i + 1; j < t.size() && t[j].cp_begin < cp_end; ++j) cp_end = std::max(cp_end, t[j].cp_begin + t[j].cp_length);
      const uint32_t b = Pos(t[i].cp_begin), e = Pos(cp_end);
      bool space = prev_end == 0;
      for (uint32_t p = prev_end; p < b; ++p) space |= search::IsSpaceChar(nt_.text[p]);
      prev_end = e;
      double cost = 0;
      if (!GroupCost(t, i, j, b, e, &cost, &seen)) return false;
      s -= cost;
      for (size_t k = i; k < j; ++k) {
        s += Boundary(last_tag, t[k].tag, space && k == i, &seen);
        last_tag = static_cast<int>(t[k].tag);
        s += MorphScore(t[k], &lm, &tag_state, &seen);
      }
    }
    if (last_tag != static_cast<int>(PosTag::kSF)) {
      s += search::StepParams().period_weight * scorer_->Step(&lm, m_.period_lm_id());
      ++seen.period;
    } else {
      ++seen.full_stop;
    }
    s += scorer_->Step(&lm, kLmEos);
    *score = s;
    seen.paths = 1;
    Add(seen, cov);
    return true;
  }

 private:
  static constexpr double kNone = 1e30;

  // The chunk's boundary cap (the inputs are one chunk each).
  void Begin(const std::string& text) {
    std::vector<search::Chunk> chunks;
    search::MakeChunks(nt_.text, Pretokenize(nt_.text), &chunks);
    EXPECT_EQ(chunks.size(), 1u) << text;
    const search::Chunk& c = chunks[0];
    floor_ = search::IsSpaceless(nt_.text, c) ? 0.0f : search::StepParams().nospace_floor;
  }

  static void Add(const Coverage& a, Coverage* b) {
    b->paths += a.paths;
    b->unknown += a.unknown;
    b->pattern += a.pattern;
    b->capped += a.capped;
    b->period += a.period;
    b->full_stop += a.full_stop;
    b->multi += a.multi;
    b->fused += a.fused;
  }

  // The normalized position of input code point `cp` (a word's first).
  uint32_t Pos(uint32_t cp) const {
    return static_cast<uint32_t>(std::lower_bound(nt_.to_input.begin(), nt_.to_input.end(), cp) -
                                 nt_.to_input.begin());
  }
  // Whether token `t` spans normalized [b, e), as a path reports it.
  bool Spans(const Token& t, uint32_t b, uint32_t e) const {
    const auto& in = nt_.to_input;
    const uint32_t ce = in[e] > in[e - 1] ? in[e] : in[e - 1] + 1;
    return t.cp_begin == in[b] && t.cp_begin + t.cp_length == ce;
  }

  // Calls fn(q, entry) for the model's entries that spell text[p, q), q <= end.
  template <typename Fn>
  void ForEachEntry(uint32_t p, uint32_t end, Fn&& fn) const {
    const TrieView& trie = m_.trie();
    uint32_t node = TrieView::kRoot;
    for (uint32_t q = p; q < end; ++q) {
      node = trie.Child(node, trie.Label(nt_.text[q]));
      if (node == TrieView::kNone) return;
      for (uint32_t v = trie.value_begin(node); v < trie.value_end(node); ++v) {
        const EntryRecord& er = m_.entry(v);
        // Copula-drop spellings need a syllable without space right before them.
        if (er.after_vowel_only() && (p == 0 || !hangul::IsSyllable(nt_.text[p - 1]))) continue;
        fn(q + 1, er);
      }
    }
  }
  bool Spells(const std::vector<Token>& t, size_t k, const EntryRecord& er, size_t from, uint32_t b,
              uint32_t e) const {
    const uint32_t* ms = m_.entry_morphs(er);
    if (k + er.morph_count() - from > t.size()) return false;
    for (size_t x = from; x < er.morph_count(); ++x, ++k)
      if (t[k].morph_id != ms[x] || !Spans(t[k], b, e)) return false;
    return true;
  }

  // The node cost of tokens [i, j) over normalized [b, e): an unknown word,
  // a pattern, or the cheapest cover by dictionary entries.
  bool GroupCost(const std::vector<Token>& t, size_t i, size_t j, uint32_t b, uint32_t e, double* cost,
                 Coverage* seen) const {
    const search::LatticeParams lp;
    if (j == i + 1 && (t[i].flags & kTokenPattern) != 0) {
      ++seen->pattern;
      return true;
    }
    if (j == i + 1 && (t[i].flags & kTokenUnknown) != 0) {
      int units = 0;
      for (uint32_t p = b; p < e; ++p)
        units += !(hangul::IsCodaJamo(nt_.text[p]) && p > b && hangul::IsSyllable(nt_.text[p - 1]));
      *cost = lp.unk_base + lp.unk_per_unit * units + (t[i].tag == PosTag::kNNP ? lp.unk_nnp_extra : 0.0f);
      ++seen->unknown;
      return true;
    }
    // best[(p - b) * (n + 1) + k]: the cheapest cover of [b, p) by tokens [i, i + k).
    const size_t n = j - i;
    std::vector<double> best((e - b + 1) * (n + 1), kNone);
    std::vector<char> fused(best.size(), 0);
    best[0] = 0;
    auto relax = [&](size_t from, uint32_t q, size_t k, double c, bool head) {
      const size_t to = (q - b) * (n + 1) + k;
      if (best[from] + c < best[to]) {
        best[to] = best[from] + c;
        fused[to] = fused[from] || head;
      }
    };
    for (uint32_t p = b; p < e; ++p) {
      for (size_t k = 0; k < n; ++k) {
        const size_t from = (p - b) * (n + 1) + k;
        if (best[from] == kNone) continue;
        ForEachEntry(p, e, [&](uint32_t q, const EntryRecord& er) {
          if (er.kind() == EntryKind::kPlain && Spells(t, i + k, er, 0, p, q))
            relax(from, q, k + er.morph_count(), m_.entry_penalty(er), false);
          if (er.kind() != EntryKind::kHead || t[i + k].morph_id != m_.entry_morphs(er)[0]) return;
          ForEachEntry(q, e, [&](uint32_t r, const EntryRecord& tail) {
            if (tail.kind() == EntryKind::kSocket && tail.socket == er.socket && Spans(t[i + k], p, r) &&
                Spells(t, i + k + 1, tail, 0, q, r))
              relax(from, r, k + 1 + tail.morph_count(), m_.entry_penalty(er) + m_.entry_penalty(tail), true);
          });
        });
      }
    }
    const size_t all = (e - b) * (n + 1) + n;
    if (best[all] == kNone) return false;
    *cost = best[all];
    seen->fused += fused[all];
    seen->multi += n > 1 && !fused[all];
    return true;
  }

  double Boundary(int last_tag, PosTag tag, bool space, Coverage* seen) const {
    double b = m_.BoundaryLogp(last_tag, static_cast<int>(tag), space);
    if (!space && b < floor_) {
      b = floor_;
      ++seen->capped;
    }
    return search::StepParams().boundary_weight * b;
  }

  double MorphScore(const Token& t, lm::LmState* lm, uint32_t* tag_state, Coverage* seen) const {
    const TagLmTable& tags = m_.tag_lm_table();
    const uint32_t class_token = LmClassToken(t.tag);
    if (t.morph_id == 0) {  // an unknown word or a pattern the dictionary lacks: the class token alone
      *tag_state = tags.Next(*tag_state, class_token);
      return scorer_->Step(lm, class_token);
    }
    const MorphRecord& r = m_.morph(t.morph_id);
    const MorphScores& sc = m_.morph_scores(r);
    const double l = scorer_->Step(lm, r.lm_id());
    const double tag = tags.Peek(*tag_state, class_token) + sc.tag_logp;
    *tag_state = tags.Next(*tag_state, class_token);
    const double mix = lambda_ >= 1.0f ? l + sc.emit_logp
                                       : std::log(lambda_ * std::exp(l + sc.emit_logp) +
                                                  (1 - lambda_) * std::exp(tag));
    return mix - mp_;
  }

  const ModelImpl& m_;
  AnalyzeOptions opt_;
  std::unique_ptr<lm::LmScorer> scorer_;
  float lambda_ = 0.7f, mp_ = 0;
  NormalizedText nt_;
  float floor_ = 0;
};

class StepBuilderTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto m = Model::OpenFile(KMA_TEST_DEFAULT_MODEL);
    if (m.ok()) model_ = new std::shared_ptr<const Model>(m.value());
  }
  static void TearDownTestSuite() {
    delete model_;
    model_ = nullptr;
  }
  void SetUp() override { ASSERT_NE(model_, nullptr) << "cannot open " KMA_TEST_DEFAULT_MODEL; }
  static const ModelImpl& impl() { return (*model_)->impl(); }

  static std::vector<Analysis> Analyze(const std::string& text, const AnalyzeOptions& opt,
                                       const std::shared_ptr<const UserDictionary>& user = nullptr,
                                       const Constraints& c = Constraints()) {
    Analyzer a(*model_, user);
    std::vector<Analysis> out;
    const Status st = a.AnalyzeUtf8(text, opt, c, &out);
    EXPECT_TRUE(st.ok()) << st.message();
    return out;
  }
  // The gold scorer's score of `an`.
  static float Gold(GoldScorer* gold, const std::string& text, const Analysis& an,
                    const Constraints* c = nullptr) {
    GoldScore g;
    const Status st = gold->ScoreUtf8(text, c, an, &g);
    EXPECT_TRUE(st.ok()) << st.message() << ": " << text;
    return g.score;
  }
  static std::shared_ptr<const UserDictionary> Dict(const std::string& tsv) {
    UserDictionaryBuilder b(*model_);
    EXPECT_TRUE(b.LoadTsv(tsv, "test").ok());
    auto d = b.Compile();
    EXPECT_TRUE(d.ok());
    return d.ok() ? d.value() : nullptr;
  }
  // Every path's gold score is the search's, exactly.
  static void ExpectGoldIsSearch(const std::string& text, const AnalyzeOptions& opt,
                                 const std::shared_ptr<const UserDictionary>& user = nullptr,
                                 const Constraints& c = Constraints()) {
    const std::vector<Analysis> out = Analyze(text, opt, user, c);
    GoldScorer gold(*model_, opt, user);
    std::vector<GoldScore> g;
    ASSERT_TRUE(gold.ScoreUtf8(text, &c, out, &g).ok()) << text;
    for (size_t i = 0; i < out.size(); ++i) {
      EXPECT_EQ(g[i].score, out[i].score) << i << ": " << text;
      EXPECT_EQ(g[i].lm, out[i].lm_score) << i << ": " << text;
    }
  }
  // The first analysis holding a token with these flags (or any, for 0).
  static const Analysis* With(const std::vector<Analysis>& out, uint16_t flags) {
    for (const Analysis& an : out)
      for (const Token& t : an.tokens)
        if ((t.flags & flags) == flags) return &an;
    return nullptr;
  }

  static std::shared_ptr<const Model>* model_;
};

std::shared_ptr<const Model>* StepBuilderTest::model_ = nullptr;

AnalyzeOptions Options(int top_n, float morph_penalty = 0.25f) {
  AnalyzeOptions o;
  o.top_n = top_n;
  o.morph_penalty = morph_penalty;  // non-zero, so that the term shows
  return o;
}

TEST_F(StepBuilderTest, ReferenceScoreOfPlainText) {
  const std::vector<std::string> texts = {
      "학교 도서관 사과", "철수 가방 책상.", "퀼럼브스 도시 풍경", "2024 서울 ABC", "학교가방책상",
      "노래를 불러 주었다", "집이 가까워서 좋았다.", "친구를 도와 일을 했다", "어제 학교에 갔다", "간다",
      "책상 앞에서"};
  for (const char* lm : {"", "knlm"}) {
    AnalyzeOptions opt = Options(16);
    opt.lm = lm;
    ReferenceScorer ref(impl(), opt);
    GoldScorer gold(*model_, opt);
    Coverage cov;
    for (const std::string& text : texts) {
      const std::vector<Analysis> out = Analyze(text, opt);
      for (const Analysis& an : out) {
        double want = 0;
        if (!ref.Score(text, an, &want, &cov)) continue;
        EXPECT_NEAR(an.score, want, kTolerance) << lm << ": " << text;
        EXPECT_NEAR(Gold(&gold, text, an), want, kTolerance) << lm << ": " << text;
      }
    }
    // The paths checked met every term and kind of node.
    EXPECT_GE(cov.paths, 100u) << lm;
    EXPECT_GT(cov.unknown, 0u) << lm;
    EXPECT_GT(cov.pattern, 0u) << lm;
    EXPECT_GT(cov.multi, 0u) << lm;
    EXPECT_GT(cov.fused, 0u) << lm;
    EXPECT_GT(cov.capped, 0u) << lm;
    EXPECT_GT(cov.period, 0u) << lm;
    EXPECT_GT(cov.full_stop, 0u) << lm;
  }
}

TEST_F(StepBuilderTest, FusedStemsAndEntriesOfSeveralMorphemes) {
  // Stems fused with their endings (불러, 가까워, 도와), entries of several
  // morphemes (했다, 갔다): the gold scorer scores them as the search does.
  const std::vector<std::string> texts = {"노래를 불러 주었다", "집이 가까워서 좋았다", "친구를 도와 일을 했다",
                                          "어제 학교에 갔다"};
  const AnalyzeOptions opt = Options(4);
  size_t fused = 0;
  for (const std::string& text : texts) {
    for (const Analysis& an : Analyze(text, opt)) {
      for (size_t i = 0; i + 1 < an.tokens.size(); ++i) {
        const Token &a = an.tokens[i], &b = an.tokens[i + 1];
        fused += b.cp_begin > a.cp_begin && b.cp_begin + b.cp_length == a.cp_begin + a.cp_length;
      }
    }
    ExpectGoldIsSearch(text, opt);
  }
  EXPECT_GT(fused, 0u);  // fused stems were among the paths
}

TEST_F(StepBuilderTest, ForcedMorphemes) {
  // Span constraints on 노래를 and 불러 (the dictionary's morphemes) and on
  // 퀼럼 (a morpheme it lacks, scored through its tag's class token).
  const std::string text = "노래를 불러 퀼럼 앞에서";
  Constraints c;
  ASSERT_TRUE(ParseConstraints("0:3 노래/NNG+를/JKO; 4:6 부르/VV+어/EC; 7:9 퀼럼/NNP", &c).ok());
  const AnalyzeOptions opt = Options(4);
  const std::vector<Analysis> out = Analyze(text, opt, nullptr, c);
  ASSERT_FALSE(out.empty());
  for (const Analysis& an : out) {
    size_t forced = 0;
    for (const Token& t : an.tokens) forced += (t.flags & kTokenConstrained) != 0 && t.morph_id != 0;
    EXPECT_EQ(forced, 4u);
  }
  ExpectGoldIsSearch(text, opt, nullptr, c);
}

TEST_F(StepBuilderTest, CostPerMorphemeOfEveryNode) {
  // A fused stem is one morpheme; unknown words and patterns (class tokens) pay none.
  for (const std::string text : {"노래를 불러 주었다", "퀼럼브스 2024 사과"}) {
    const AnalyzeOptions a = Options(4, 0.0f), b = Options(4, 0.5f);
    GoldScorer gold_a(*model_, a), gold_b(*model_, b);
    for (const Analysis& an : Analyze(text, a)) {
      size_t morphemes = 0;
      for (const Token& t : an.tokens) morphemes += t.morph_id != 0;
      EXPECT_NEAR(Gold(&gold_b, text, an) - Gold(&gold_a, text, an), -0.5 * morphemes, kTolerance) << text;
    }
    ExpectGoldIsSearch(text, b);
  }
}

TEST_F(StepBuilderTest, TypoEditCost) {
  const std::string text = "안녕하세여 반가워여";
  AnalyzeOptions one = Options(8), two = one, three = one;
  one.typos = two.typos = three.typos = true;
  two.typo_cost_scale = 2;
  three.typo_cost_scale = 3;
  const std::vector<Analysis> out = Analyze(text, one);
  const Analysis* corrected = With(out, kTokenCorrected);
  ASSERT_NE(corrected, nullptr);
  GoldScorer g1(*model_, one), g2(*model_, two), g3(*model_, three);
  const float s1 = Gold(&g1, text, *corrected), s2 = Gold(&g2, text, *corrected), s3 = Gold(&g3, text, *corrected);
  EXPECT_LT(s2, s1 - 0.1f);  // the edit costs something, in proportion to the scale
  EXPECT_NEAR(s1 - s3, 2 * (s1 - s2), kTolerance);
  ExpectGoldIsSearch(text, one);
  ExpectGoldIsSearch(text, three);
  // A phonetic spelling split over two nodes (이써요 = 있 + 어요).
  ExpectGoldIsSearch("여기 사람이 이써요", one);
}

TEST_F(StepBuilderTest, JamoTokenCost) {
  // ㅋㅋ glued to a word: a token of its own that only costs its price and
  // leaves the path as after a space.
  AnalyzeOptions opt = Options(4);
  opt.typos = true;
  const std::vector<Analysis> with = Analyze("좋아ㅋㅋ", opt);
  const Analysis* jamo = nullptr;
  for (const Analysis& an : with)
    if (!an.tokens.empty() && an.tokens.back().form == "ㅋㅋ") jamo = &an;
  ASSERT_NE(jamo, nullptr);
  Analysis without = *jamo;
  without.tokens.pop_back();
  GoldScorer gold(*model_, opt);
  const float base = Gold(&gold, "좋아", without);
  EXPECT_NEAR(Gold(&gold, "좋아ㅋㅋ", *jamo) - base, -1.0, kTolerance);  // the typo set's jamo cost
  ExpectGoldIsSearch("좋아ㅋㅋ", opt);
  ExpectGoldIsSearch("진짜 웃겨ㅋㅋㅋ 대박ㅠㅠ", opt);
}

TEST_F(StepBuilderTest, UserDictionaryScores) {
  const AnalyzeOptions opt = Options(4);
  // A model morpheme re-scored: every reading holding it gains the score
  // (the fused 불러 and 불렀다 too); a new word and a new stem: their score.
  const auto low = Dict("부르\tVV\t0.5\n학교\tNNG\t1\n뉴진스\tNNP\t1\n힙하\tVA\t1\n");
  const auto high = Dict("부르\tVV\t2\n학교\tNNG\t3\n뉴진스\tNNP\t4\n힙하\tVA\t3\n");
  const std::vector<std::pair<std::string, double>> texts = {
      {"학교에서 노래를 불렀다", 2.0 + 1.5}, {"뉴진스 노래", 3.0}, {"분위기가 힙해서 좋다", 2.0}};
  GoldScorer gold_low(*model_, opt, low), gold_high(*model_, opt, high);
  for (const auto& [text, gain] : texts) {
    const std::vector<Analysis> out = Analyze(text, opt, high);
    ASSERT_FALSE(out.empty());
    EXPECT_NEAR(Gold(&gold_high, text, out[0]) - Gold(&gold_low, text, out[0]), gain, kTolerance) << text;
    ExpectGoldIsSearch(text, opt, high);
    ExpectGoldIsSearch(text, opt, low);
  }
}

TEST_F(StepBuilderTest, GoldIsTheSearchOnEveryPath) {
  // Several chunks (their scores add up), typo readings, a span constraint.
  const std::string text = "학교에 갔다. 집에 와서 밥을 먹었다! 안녕하세여 반가워여";
  AnalyzeOptions typos = Options(8);
  typos.typos = true;
  ExpectGoldIsSearch(text, Options(8));
  ExpectGoldIsSearch(text, typos);
  Constraints c;
  ASSERT_TRUE(ParseConstraints("8:10 집/NNG+에/JKB", &c).ok());
  ExpectGoldIsSearch(text, typos, nullptr, c);
  // A user's reading spelled with the model's morphemes: the same tokens as
  // the model's reading of the word (of one node, which the alignment meets
  // first), at the user's cost, which is the lower.
  const auto user = Dict("했\t하/VV 었/EP\t3\n");
  const std::vector<Analysis> out = Analyze("공부를 열심히 했습니다.", Options(1), user);
  const std::vector<Analysis> plain = Analyze("공부를 열심히 했습니다.", Options(1));
  ASSERT_EQ(out[0].tokens.size(), plain[0].tokens.size());
  for (size_t i = 0; i < out[0].tokens.size(); ++i) {
    EXPECT_EQ(out[0].tokens[i].form, plain[0].tokens[i].form);
    EXPECT_EQ(out[0].tokens[i].flags, plain[0].tokens[i].flags);
  }
  EXPECT_GT(out[0].score, plain[0].score + 1.0f);
  ExpectGoldIsSearch("공부를 열심히 했습니다.", Options(8), user);
}

TEST_F(StepBuilderTest, GoldScorerNeedsAPathOfTheLattice) {
  const AnalyzeOptions opt = Options(1);
  std::vector<Analysis> out = Analyze("학교에 갔다", opt);
  GoldScorer gold(*model_, opt);
  GoldScore g;
  Analysis changed = out[0];
  changed.tokens[0].form = "학교교";
  EXPECT_EQ(gold.ScoreUtf8("학교에 갔다", nullptr, changed, &g).code(), StatusCode::kInvalidArgument);
  Analysis shorter = out[0];
  shorter.tokens.pop_back();
  EXPECT_EQ(gold.ScoreUtf8("학교에 갔다", nullptr, shorter, &g).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(gold.ScoreUtf8("학교에 갔다 왔다", nullptr, out[0], &g).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(gold.ScoreUtf8("\xff", nullptr, out[0], &g).code(), StatusCode::kInvalidUtf8);
  ASSERT_TRUE(gold.ScoreUtf8("학교에 갔다", nullptr, out[0], &g).ok());
  EXPECT_EQ(g.score, out[0].score);
  // The empty text has one empty analysis, of score 0.
  ASSERT_TRUE(gold.ScoreUtf8("", nullptr, Analysis(), &g).ok());
  EXPECT_EQ(g.score, 0.0f);
  AnalyzeOptions filtered = opt;
  filtered.output_tags = TagSetOf(PosTag::kNNG);
  GoldScorer picky(*model_, filtered);
  EXPECT_EQ(picky.ScoreUtf8("학교에 갔다", nullptr, out[0], &g).code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace kma
