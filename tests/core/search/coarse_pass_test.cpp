// Tests for the coarse pass (core/search/coarse_pass.h) on the bundled
// model: its best-through costs are the exhaustive minimum over the
// complete paths of small lattices (scored independently from unpacked
// steps), the cheapest path always survives, the tag-pair costs never exceed
// what a context of the tag model gives, and the analyzer with pruning off
// is the exact search.
#include "core/search/coarse_pass.h"

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/model/model.h"
#include "core/search/analyzer.h"
#include "core/text/normalizer.h"
#include "core/text/pretokenizer.h"
#include "core/text/utf.h"

namespace kma::search {
namespace {

class CoarsePassTest : public ::testing::Test {
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

  void Build(const std::string& utf8, Lattice* lattice) {
    std::u32string cps;
    ASSERT_TRUE(Utf8ToU32(utf8, &cps));
    Normalize(cps, &nt_);
    const std::vector<PreToken> pretokens = Pretokenize(nt_.text);
    BuildLattice(impl(), nt_.text, 0, static_cast<uint32_t>(nt_.text.size()), pretokens, LatticeParams(), lattice);
  }

  // The cheap cost of a node from its unpacked steps.
  float NodeCost(const CoarseTables& t, const StepParams& sp, const Lattice& lat, const Node& n) const {
    const MorphStep* st = lat.steps.data() + n.first_step;
    if (n.kind != NodeKind::kEntry && st[0].morph == 0) return n.penalty;
    float c = n.penalty;
    for (uint32_t k = 0; k < n.step_count; ++k) {
      c += sp.morph_penalty - st[k].tag_logp;
      if (k > 0) c += Join(t, sp, static_cast<int>(st[k - 1].tag), static_cast<int>(st[k].tag), false);
    }
    return c;
  }
  static float Join(const CoarseTables& t, const StepParams& sp, int l, int f, bool space) {
    float b = impl().BoundaryLogp(l, f, space);
    if (!space && b < sp.nospace_floor) b = sp.nospace_floor;
    return t.trans(l, f) - sp.boundary_weight * b;
  }
  static int FirstTag(const Lattice& lat, const Node& n) {
    return n.kind != NodeKind::kEntry && lat.steps[n.first_step].morph == 0 ? static_cast<int>(n.tag)
                                                                           : static_cast<int>(lat.steps[n.first_step].tag);
  }
  static int LastTag(const Lattice& lat, const Node& n) {
    return n.kind != NodeKind::kEntry && lat.steps[n.first_step].morph == 0
               ? static_cast<int>(n.tag)
               : static_cast<int>(lat.steps[n.first_step + n.step_count - 1].tag);
  }

  // Every complete path of the lattice by depth-first search (the pairing
  // rules spelled out again), calling `visit` with its node indices and cost.
  void AllPaths(const CoarseTables& t, const StepParams& sp, const Lattice& lat,
                const std::function<void(const std::vector<size_t>&, float)>& visit) const {
    const std::u32string& text = nt_.text;
    const uint32_t len = static_cast<uint32_t>(text.size());
    std::vector<size_t> path;
    size_t paths = 0;
    std::function<void(uint32_t, int, const Node*, float)> go = [&](uint32_t p, int last, const Node* prev,
                                                                    float cost) {
      while (p < len && IsSpaceChar(text[p])) ++p;
      const bool space = p == 0 || IsSpaceChar(text[p - 1]);
      const bool open = prev == nullptr || (prev->entry_kind != EntryKind::kHead && !prev->link_head);
      if (paths > kMaxPaths) return;
      if (p == len) {
        if (open) {
          visit(path, cost);
          ++paths;
        }
        return;
      }
      for (size_t i = 0; i < lat.nodes.size(); ++i) {
        const Node& n = lat.nodes[i];
        if (n.begin != p) continue;
        if ((prev != nullptr && prev->link_head) != n.link_tail) continue;
        if (n.entry_kind == EntryKind::kSocket) {
          if (prev == nullptr || prev->entry_kind != EntryKind::kHead || prev->socket != n.socket ||
              prev->end != n.begin)
            continue;
        } else if (!open && !n.link_tail) {
          continue;
        }
        if (n.kind == NodeKind::kEntry && n.no_space_before && space) continue;
        path.push_back(i);
        go(n.end, LastTag(lat, n), &n, cost + Join(t, sp, last, FirstTag(lat, n), space) + NodeCost(t, sp, lat, n));
        path.pop_back();
      }
    };
    go(0, kNumTags, nullptr, 0.0f);
    ASSERT_GT(paths, 0u);
    ASSERT_LE(paths, kMaxPaths) << "too many paths to enumerate: a shorter text";
  }

  // Checks the pass's best-through costs against the exhaustive minimum.
  void ExpectExhaustive(const std::string& text) {
    SCOPED_TRACE(text);
    Lattice packed, unpacked;
    Build(text, &packed);
    Build(text, &unpacked);
    for (size_t i = 0; i < unpacked.nodes.size(); ++i) UnpackNode(impl(), i, &unpacked);
    StepParams sp;
    CoarseTables tables;
    tables.Build(impl());
    std::vector<float> through(unpacked.nodes.size(), 1e30f);
    float best = 1e30f;
    AllPaths(tables, sp, unpacked, [&](const std::vector<size_t>& path, float cost) {
      for (size_t i : path) through[i] = std::min(through[i], cost);
      best = std::min(best, cost);
    });
    CoarsePass pass;
    const size_t before = packed.nodes.size();
    pass.Prune(impl(), nt_.text, 0, static_cast<uint32_t>(nt_.text.size()), sp, 1e6f, &packed);
    ASSERT_EQ(pass.through().size(), before);
    EXPECT_NEAR(pass.best(), best, 1e-3f * (1.0f + best));
    for (size_t i = 0; i < before; ++i) {
      if (through[i] >= 1e30f) EXPECT_GE(pass.through()[i], 1e30f) << i;
      else EXPECT_NEAR(pass.through()[i], through[i], 1e-3f * (1.0f + through[i])) << i;
    }
  }

  static constexpr size_t kMaxPaths = 200000;
  NormalizedText nt_;
  inline static std::shared_ptr<const Model>* model_ = nullptr;
};

TEST_F(CoarsePassTest, BestThroughCostsAreTheExhaustiveMinimum) {
  // Spaced and unspaced text, fused stem tails (먹었다, 갔다), a copula drop
  // (학교다), a pattern (3개) and an unknown word.
  for (const char* text : {"갔다", "학교다", "3개를", "먹었고", "뷁쉙이", "밥 먹자"})
    ExpectExhaustive(text);
}

TEST_F(CoarsePassTest, TheCheapestPathSurvivesAMarginOfZero) {
  for (const char* text : {"밥 먹자", "가방에", "학교다", "먹었고"}) {
    SCOPED_TRACE(text);
    Lattice full, pruned;
    Build(text, &full);
    Build(text, &pruned);
    for (size_t i = 0; i < full.nodes.size(); ++i) UnpackNode(impl(), i, &full);
    StepParams sp;
    CoarseTables tables;
    tables.Build(impl());
    std::vector<size_t> best_path;
    float best = 1e30f;
    AllPaths(tables, sp, full, [&](const std::vector<size_t>& path, float cost) {
      if (cost < best) {
        best = cost;
        best_path = path;
      }
    });
    CoarsePass pass;
    pass.Prune(impl(), nt_.text, 0, static_cast<uint32_t>(nt_.text.size()), sp, 0.0f, &pruned);
    EXPECT_LT(pruned.nodes.size(), full.nodes.size());
    for (size_t i : best_path) {
      const Node& n = full.nodes[i];
      bool kept = false;
      for (const Node& m : pruned.nodes)
        kept |= m.begin == n.begin && m.end == n.end && m.kind == n.kind && m.entry == n.entry &&
                (n.kind == NodeKind::kEntry || m.tag == n.tag);  // an entry's tag is set when unpacked
      EXPECT_TRUE(kept) << "node " << i << " [" << n.begin << ", " << n.end << ")";
    }
  }
}

TEST_F(CoarsePassTest, EntrySummariesFollowTheParamsAndKeptNodesAreUnpacked) {
  // One pass reused across chunks keeps each entry's summary under the
  // params it was worked out for: a spaceless chunk's cap (0), another cost
  // per morpheme and the first params again give what a fresh pass gives,
  // bit for bit; and every node it keeps is unpacked for the search.
  StepParams plain, spaceless, per_morph;
  spaceless.nospace_floor = 0.0f;
  per_morph.morph_penalty = 0.75f;
  CoarsePass reused;
  for (const StepParams& sp : {plain, spaceless, per_morph, plain, spaceless}) {
    for (const char* text : {"밥 먹자", "아버지가방에들어가신다", "학교다"}) {
      SCOPED_TRACE(text);
      Lattice a, b;
      Build(text, &a);
      Build(text, &b);
      const uint32_t len = static_cast<uint32_t>(nt_.text.size());
      CoarsePass fresh;
      reused.Prune(impl(), nt_.text, 0, len, sp, 4.0f, &a);
      fresh.Prune(impl(), nt_.text, 0, len, sp, 4.0f, &b);
      ASSERT_EQ(reused.through().size(), fresh.through().size());
      for (size_t i = 0; i < fresh.through().size(); ++i) EXPECT_EQ(reused.through()[i], fresh.through()[i]) << i;
      ASSERT_EQ(a.nodes.size(), b.nodes.size());
      for (const Node& n : a.nodes) EXPECT_TRUE(n.unpacked) << n.begin << " " << n.end;
    }
  }
}

TEST_F(CoarsePassTest, TagPairCostsAreNoMoreThanAnyContextGives) {
  CoarseTables tables;
  tables.Build(impl());
  const TagLmTable& tags = impl().tag_lm_table();
  // Contexts reached by a few tag sequences: after their last tag, the
  // table's cost of each next tag is at most the context's.
  const std::vector<std::vector<PosTag>> seqs = {
      {PosTag::kNNG}, {PosTag::kNNG, PosTag::kJKS}, {PosTag::kVV, PosTag::kEP}, {PosTag::kSF, PosTag::kMAG}};
  for (const auto& seq : seqs) {
    uint32_t s = tags.bos_state();
    for (PosTag t : seq) s = tags.Next(s, LmClassToken(t));
    for (int f = 0; f < kNumTags; ++f)
      EXPECT_LE(tables.trans(static_cast<int>(seq.back()), f), -tags.Peek(s, LmClassToken(static_cast<PosTag>(f))) + 1e-6f);
  }
  for (int f = 0; f < kNumTags; ++f)
    EXPECT_FLOAT_EQ(tables.trans(kNumTags, f), -tags.Peek(tags.bos_state(), LmClassToken(static_cast<PosTag>(f))));
}

// Analyses as one string: their tokens (forms, tags, spans, flags) and,
// with `scores`, their scores.
std::string Spell(const std::vector<Analysis>& out, bool scores = true) {
  std::ostringstream s;
  for (const Analysis& a : out) {
    if (scores) s << a.score << ' ' << a.lm_score << ':';
    for (const Token& t : a.tokens)
      s << t.form << '/' << TagName(t.tag) << '@' << t.begin << '+' << t.length << '#' << t.flags << ' ';
    s << '\n';
  }
  return s.str();
}

TEST_F(CoarsePassTest, PruningOffIsTheExactSearchAndPruningKeepsNBestInvariants) {
  std::ifstream dev(KMA_SHARED_DATA_DIR "/corpus/dev.tsv");
  if (!dev) GTEST_SKIP() << "no " KMA_SHARED_DATA_DIR "/corpus/dev.tsv (shared data not available)";
  Analyzer off(*model_), zero(*model_), pruned(*model_);
  AnalyzeOptions o_off, o_zero, o_pruned;
  o_off.prune_margin = -1.0f;
  o_zero.prune_margin = 0.0f;
  o_pruned.prune_margin = 6.0f;
  std::string line;
  int checked = 0, differ = 0;
  while (checked < 200 && std::getline(dev, line)) {
    const std::string text = line.substr(0, line.find('\t'));
    std::vector<Analysis> a, b, c;
    ASSERT_TRUE(off.AnalyzeUtf8(text, o_off, &a).ok());
    ASSERT_TRUE(zero.AnalyzeUtf8(text, o_zero, &b).ok());
    EXPECT_EQ(Spell(a), Spell(b)) << text;
    ASSERT_TRUE(pruned.AnalyzeUtf8(text, o_pruned, &c).ok());
    ASSERT_EQ(c.size(), 1u);
    differ += Spell(a) != Spell(c);
    ++checked;
  }
  EXPECT_EQ(checked, 200);
  EXPECT_LT(differ, 20);  // a sentence in ten at most
  uint64_t seen = 0, kept = 0;
  pruned.PruneCounts(&seen, &kept);
  EXPECT_GT(seen, 0u);
  EXPECT_LT(kept, seen / 2);
  off.PruneCounts(&seen, &kept);
  EXPECT_EQ(seen, 0u);
}

TEST_F(CoarsePassTest, PrunedNBestIsSortedAndDistinct) {
  Analyzer a(*model_);
  AnalyzeOptions o;
  o.prune_margin = 6.0f;
  o.top_n = 16;
  std::vector<Analysis> out;
  ASSERT_TRUE(a.AnalyzeUtf8("아버지가방에들어가신다 나는 밥을 먹었다", o, &out).ok());
  ASSERT_GT(out.size(), 1u);
  for (size_t i = 1; i < out.size(); ++i) {
    EXPECT_LE(out[i].score, out[i - 1].score);
    for (size_t j = 0; j < i; ++j) EXPECT_NE(Spell({out[i]}, false), Spell({out[j]}, false)) << i << " " << j;
  }
}

}  // namespace
}  // namespace kma::search
