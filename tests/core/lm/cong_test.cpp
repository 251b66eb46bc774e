// Tests for the CoNg LM: the trainer (TrainCong) on a tiny synthetic corpus
// and the runtime view (CongView): normalisation, context walks, int8 vs
// float rows, determinism and rejection of malformed and old-format blobs.
#include "core/lm/cong.h"

#include <gtest/gtest.h>

#include "core/kernels/cong_kernels.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/lm/cong_global.h"
#include "core/lm/knlm.h"
#include "tools/builder/lm/knlm_builder.h"
#include "tests/support/cong_test_util.h"
#include "tools/builder/lm/cong_trainer.h"

namespace kma {
namespace {

using namespace test;  // NOLINT: the shared toy corpus and its constants

build::CongTrainOptions SmallOptions() {
  build::CongTrainOptions o;
  o.dim = 16;
  o.max_context_len = 3;
  o.min_count = 2;
  o.epochs = 60;
  o.batch_contexts = 32;
  o.learning_rate = 0.03f;
  return o;
}

class CongTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    result_ = new build::CongTrainResult;
    Status st = build::TrainCong(Corpus(1500, 7), kVocab, kBos, kEos, SmallOptions(), result_);
    ASSERT_TRUE(st.ok()) << st.message();
  }
  static void TearDownTestSuite() { delete result_; }
  static build::CongTrainResult* result_;
};
build::CongTrainResult* CongTest::result_ = nullptr;

TEST_F(CongTest, DistributionsAreNormalised) {
  for (const std::string* blob : {&result_->int8_blob, &result_->fp32_blob}) {
    Aligned a(*blob);
    auto v = CongView::Open(a.data(), a.size);
    ASSERT_TRUE(v.ok()) << v.status().message();
    for (uint32_t c = 0; c < v.value().context_count(); c += 7) {
      double sum = 0;
      for (uint32_t t = 0; t < kVocab; ++t) sum += std::exp(v.value().LogProb(Kt(), c, t));
      EXPECT_NEAR(sum, 1.0, 1e-3) << "context " << c;
    }
  }
}

TEST_F(CongTest, LearnsTheSourceBetterThanUnigrams) {
  Aligned a(result_->int8_blob);
  auto v = CongView::Open(a.data(), a.size);
  ASSERT_TRUE(v.ok());
  const CongView& lm = v.value();
  EXPECT_EQ(lm.quant_bits(), 8);
  // The Kneser-Ney model of the same order on the same data is the yardstick.
  std::string kn_blob;
  KnlmBuildOptions ko;
  ko.order = 4;
  ASSERT_TRUE(BuildKnlm(Corpus(1500, 7), kVocab, kBos, kEos, ko, &kn_blob).ok());
  Aligned kb(kn_blob);
  auto kn = KnlmView::Open(kb.data(), kb.size);
  ASSERT_TRUE(kn.ok());
  double logp = 0, kn_logp = 0;
  size_t n = 0;
  for (const auto& s : Corpus(300, 99)) {
    uint32_t st = lm.bos_state(), ks = kn.value().bos_state();
    for (uint32_t t : s) logp += lm.Score(Kt(), st, t, &st), kn_logp += kn.value().Score(ks, t, &ks), ++n;
    logp += lm.Score(Kt(), st, kEos, &st), kn_logp += kn.value().Score(ks, kEos, &ks), ++n;
  }
  const double ppl = std::exp(-logp / double(n)), kn_ppl = std::exp(-kn_logp / double(n));
  // A unigram model would score about 20 (the words are near uniform).
  EXPECT_LT(ppl, 8.0);
  EXPECT_LT(ppl, 1.15 * kn_ppl) << "Kneser-Ney: " << kn_ppl;
  RecordProperty("cong_perplexity", std::to_string(ppl));
  RecordProperty("knlm_perplexity", std::to_string(kn_ppl));
}

TEST_F(CongTest, WalksToTheLongestSuffixContext) {
  Aligned a(result_->fp32_blob);
  auto v = CongView::Open(a.data(), a.size);
  ASSERT_TRUE(v.ok());
  const CongView& lm = v.value();
  EXPECT_EQ(lm.Depth(lm.bos_state()), 1);
  uint32_t s = lm.bos_state();
  // The corpus always opens with 3*3+5 = 14 -> token 16 three times in four.
  s = lm.Next(s, kFirst + 14);
  EXPECT_EQ(lm.Depth(s), 2);
  EXPECT_EQ(lm.ContextKey(s), kFirst + 14);
  s = lm.Next(s, kFirst + (3 * 5 + 16) % 20);
  EXPECT_EQ(lm.Depth(s), 3);
  s = lm.Next(s, kFirst + (3 * 16 + 13) % 20);
  EXPECT_EQ(lm.Depth(s), 3);  // never longer than max_context_len
  // A token never seen after anything: back to its own unigram context or root.
  EXPECT_LE(lm.Depth(lm.Next(s, 23)), 1);
  // Out-of-range inputs never crash.
  uint32_t next = 5;
  EXPECT_EQ(lm.Score(Kt(), s, kVocab + 3, &next), CongView::kInvalidTokenLogProb);
  EXPECT_EQ(next, 0u);
  EXPECT_EQ(lm.Next(0xFFFFFFF0u, kFirst), lm.Next(0, kFirst));
}

TEST_F(CongTest, Int8AgreesWithFloatRows) {
  Aligned a(result_->int8_blob), b(result_->fp32_blob);
  auto q = CongView::Open(a.data(), a.size);
  auto f = CongView::Open(b.data(), b.size);
  ASSERT_TRUE(q.ok() && f.ok());
  double max_diff = 0;
  for (uint32_t c = 0; c < q.value().context_count(); ++c)
    for (uint32_t t = 0; t < kVocab; ++t)
      max_diff = std::max(max_diff, double(std::fabs(q.value().LogProb(Kt(), c, t) - f.value().LogProb(Kt(), c, t))));
  EXPECT_LT(max_diff, 0.15);
  // ScoreMatrix is the batched form of LogProb.
  const uint32_t ctx[3] = {0, 2, 5}, tok[2] = {kFirst, 9};
  float out[6];
  q.value().ScoreMatrix(Kt(), ctx, 3, tok, 2, out);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 2; ++j) EXPECT_EQ(out[i * 2 + j], q.value().LogProb(Kt(), ctx[i], tok[j]));
}

TEST_F(CongTest, EveryKernelTableScoresTheSame) {
  // The search passes the table it read when the analysis started; every
  // runnable table gives the scores of the active one, bit for bit.
  Aligned a(result_->int8_blob);
  auto q = CongView::Open(a.data(), a.size);
  ASSERT_TRUE(q.ok());
  const CongView& v = q.value();
  const uint32_t ctx[3] = {0, 2, 5}, tok[2] = {kFirst, 9};
  for (kernels::Isa isa : {kernels::Isa::kScalar, kernels::Isa::kSse41, kernels::Isa::kAvx2,
                           kernels::Isa::kAvx512Vnni, kernels::Isa::kNeon, kernels::Isa::kNeonDot}) {
    const kernels::KernelTable* k = kernels::KernelsFor(isa);
    if (k == nullptr || !kernels::IsaSupported(isa)) continue;
    float out[6];
    v.ScoreMatrix(*k, ctx, 3, tok, 2, out);
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 2; ++j) {
        EXPECT_EQ(out[i * 2 + j], v.LogProb(Kt(), ctx[i], tok[j])) << kernels::IsaName(isa);
        EXPECT_EQ(v.LogProb(*k, ctx[i], tok[j]), v.LogProb(Kt(), ctx[i], tok[j])) << kernels::IsaName(isa);
      }
    }
    uint32_t n1 = 0, n2 = 0;
    EXPECT_EQ(v.Score(*k, v.bos_state(), kFirst, &n1), v.Score(Kt(), v.bos_state(), kFirst, &n2));
    EXPECT_EQ(n1, n2);
  }
}

TEST_F(CongTest, RotationKeepsTheFloatModel) {
  // The Hadamard rotation (on by default) changes the rows but no dot product.
  build::CongTrainOptions o = SmallOptions();
  o.rotate = !o.rotate;
  build::CongTrainResult rotated;
  ASSERT_TRUE(build::TrainCong(Corpus(1500, 7), kVocab, kBos, kEos, o, &rotated).ok());
  EXPECT_NE(rotated.fp32_blob, result_->fp32_blob);
  Aligned a(rotated.fp32_blob), b(result_->fp32_blob);
  auto r = CongView::Open(a.data(), a.size);
  auto f = CongView::Open(b.data(), b.size);
  ASSERT_TRUE(r.ok() && f.ok());
  for (uint32_t c = 0; c < f.value().context_count(); c += 3)
    for (uint32_t t = 0; t < kVocab; ++t) ASSERT_NEAR(r.value().LogProb(Kt(), c, t), f.value().LogProb(Kt(), c, t), 1e-4);
}

TEST_F(CongTest, TrainingIsDeterministic) {
  build::CongTrainResult again;
  ASSERT_TRUE(build::TrainCong(Corpus(1500, 7), kVocab, kBos, kEos, SmallOptions(), &again).ok());
  EXPECT_TRUE(again.int8_blob == result_->int8_blob);
  EXPECT_TRUE(again.fp32_blob == result_->fp32_blob);
}

TEST_F(CongTest, RejectsMalformedBlobs) {
  const std::string& good = result_->int8_blob;
  {
    std::string b = good;
    b[0] = 'X';
    Aligned a(b);
    EXPECT_EQ(CongView::Open(a.data(), a.size).status().code(), StatusCode::kModelFormat);
  }
  {
    Aligned a(good.substr(0, good.size() - 8));
    EXPECT_FALSE(CongView::Open(a.data(), a.size).ok());
  }
  {
    std::string b = good;
    uint32_t version = 99;
    std::memcpy(&b[4], &version, 4);
    Aligned a(b);
    EXPECT_EQ(CongView::Open(a.data(), a.size).status().code(), StatusCode::kModelVersion);
  }
  {
    // Swap two sibling keys of the root: children must be sorted.
    std::string b = good;
    cong_internal::CongHeader h;
    std::memcpy(&h, b.data(), sizeof h);
    char* keys = &b[h.sections[cong_internal::kKeys].offset];
    std::swap_ranges(keys + 4, keys + 8, keys + 8);
    Aligned a(b);
    EXPECT_EQ(CongView::Open(a.data(), a.size).status().code(), StatusCode::kModelFormat);
  }
  {
    // A suffix link that does not go one level up would loop or skip levels.
    std::string b = good;
    cong_internal::CongHeader h;
    std::memcpy(&h, b.data(), sizeof h);
    uint32_t self = 30;
    std::memcpy(&b[h.sections[cong_internal::kSuffix].offset + 30 * 4], &self, 4);
    Aligned a(b);
    EXPECT_EQ(CongView::Open(a.data(), a.size).status().code(), StatusCode::kModelFormat);
  }
  {
    // An output row's compensation must be 128 times the sum of
    // its bytes (the unsigned-context kernels subtract it, the others do not
    // use it). INT32_MIN overflowed the subtraction; off by one, the ISAs
    // would disagree.
    for (const int32_t bad : {INT32_MIN, 1}) {
      std::string b = good;
      cong_internal::CongHeader h;
      std::memcpy(&h, b.data(), sizeof h);
      int32_t comp;
      char* at = &b[h.sections[cong_internal::kOutComp].offset + 5 * 4];
      std::memcpy(&comp, at, 4);
      comp = bad == 1 ? comp + 1 : bad;
      std::memcpy(at, &comp, 4);
      Aligned a(b);
      const Status st = CongView::Open(a.data(), a.size).status();
      EXPECT_EQ(st.code(), StatusCode::kModelFormat);
      EXPECT_NE(st.message().find("compensation"), std::string::npos) << st.message();
    }
  }
  EXPECT_EQ(CongView::Open(nullptr, 100).status().code(), StatusCode::kInvalidArgument);
}

// Version 2 blobs (rows in fewer than 8 bits, packed or sparse) were
// written by older builders; they get an error that says to rebuild.
TEST_F(CongTest, OldStorageVariantBlobsAreRefusedWithAClearError) {
  std::string b = result_->int8_blob;
  const uint32_t version = cong_internal::kFormatVersionStorageVariants;
  std::memcpy(&b[4], &version, 4);
  Aligned a(b);
  const Status st = CongView::Open(a.data(), a.size).status();
  EXPECT_EQ(st.code(), StatusCode::kModelVersion);
  EXPECT_NE(st.message().find("CoNg model: rows stored in fewer than 8 bits or sparse"), std::string::npos)
      << st.message();
  EXPECT_NE(st.message().find("kma build-model"), std::string::npos) << st.message();

  Aligned local_blob(result_->int8_blob);
  auto local = CongView::Open(local_blob.data(), local_blob.size);
  ASSERT_TRUE(local.ok());
  cong_global_internal::CongGlobalHeader h{};
  std::memcpy(h.magic, cong_global_internal::kMagic, 4);
  h.version = cong_global_internal::kFormatVersionStorageVariants;
  h.header_size = h.total_size = sizeof h;
  std::string g(reinterpret_cast<const char*>(&h), sizeof h);
  Aligned ga(g);
  const Status gst = CongGlobalView::Open(ga.data(), ga.size, local.value()).status();
  EXPECT_EQ(gst.code(), StatusCode::kModelVersion);
  EXPECT_NE(gst.message().find("CoNg-Global model: rows stored in fewer"), std::string::npos) << gst.message();
}

TEST(CongTrainer, RejectsBadOptions) {
  build::CongTrainResult r;
  build::CongTrainOptions o = SmallOptions();
  o.dim = 20;
  EXPECT_EQ(build::TrainCong(Corpus(10, 1), kVocab, kBos, kEos, o, &r).code(), StatusCode::kInvalidArgument);
  o = SmallOptions();
  EXPECT_EQ(build::TrainCong({{kVocab + 1}}, kVocab, kBos, kEos, o, &r).code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace kma
