// Tests for the CoNg row storage variants (tools/builder/lm/cong_storage.h,
// core/lm/cong.h "Row storage"): parsing of the names, the quantiser, the
// round trip of every variant through TrainCong and CongView /
// CongGlobalView (scores close to int8, sparsity really present, packed
// rows widened exactly as a naive decoder says) and rejection of malformed
// version-2 blobs.
#include <gtest/gtest.h>

#include "core/kernels/cong_kernels.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

#include "core/lm/cong.h"
#include "core/lm/cong_global.h"
#include "tests/support/cong_test_util.h"
#include "tools/builder/lm/cong_storage.h"
#include "tools/builder/lm/cong_trainer.h"

namespace kma {
namespace {

// The kernels the views score with.
const kernels::KernelTable& Kt() { return kernels::ActiveKernels(); }

using cong_internal::CongHeader;
using cong_internal::CongStorageHeader;

using test::Aligned;
using test::Corpus;
using test::kBos;
using test::kEos;
using test::kFirst;
using test::kVocab;

build::CongTrainOptions SmallOptions(const std::string& storage) {
  build::CongTrainOptions o;
  o.dim = 32;  // four packed groups per row
  o.max_context_len = 3;
  o.min_count = 2;
  o.epochs = 60;
  o.batch_contexts = 32;
  o.learning_rate = 0.03f;
  o.global_valid.assign(kVocab, 0);
  for (uint32_t t = kFirst; t < kVocab; t += 2) o.global_valid[t] = 1;
  o.global_epochs = 4;
  auto s = build::ParseCongStorage(storage);
  EXPECT_TRUE(s.ok()) << storage;
  if (s.ok()) o.storage = s.value();
  return o;
}

const char* const kVariants[] = {"int8",    "int7",    "int6",    "int5",          "packed4",
                                 "sparse50", "block4", "block8",  "block4u",       "block8u",
                                 "int6+sparse50", "packed4+sparse50", "packed4+block8", "packed4+block4u"};

// Every variant trained once (training is deterministic: the float model is
// the same, only the stored rows differ).
class CongStorageTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    results_ = new std::vector<build::CongTrainResult>;
    for (const char* v : kVariants) {
      build::CongTrainResult r;
      Status st = build::TrainCong(Corpus(1500, 7), kVocab, kBos, kEos, SmallOptions(v), &r);
      ASSERT_TRUE(st.ok()) << v << ": " << st.message();
      results_->push_back(std::move(r));
    }
  }
  static void TearDownTestSuite() { delete results_; }
  static const build::CongTrainResult& Result(const std::string& name) {
    for (size_t i = 0; i < std::size(kVariants); ++i)
      if (name == kVariants[i]) return (*results_)[i];
    ADD_FAILURE() << "no variant " << name;
    return (*results_)[0];
  }
  static std::vector<build::CongTrainResult>* results_;
};
std::vector<build::CongTrainResult>* CongStorageTest::results_ = nullptr;

double Perplexity(const CongView& lm) {
  double logp = 0;
  size_t n = 0;
  for (const auto& s : Corpus(300, 99)) {
    uint32_t st = lm.bos_state();
    for (uint32_t t : s) logp += lm.Score(Kt(), st, t, &st), ++n;
    logp += lm.Score(Kt(), st, kEos, &st), ++n;
  }
  return std::exp(-logp / double(n));
}

TEST(CongStorageName, ParsesAndCanonicalises) {
  struct Case {
    const char* in;
    const char* name;
    int bits;
    bool packed;
    int pct, block;
    bool unaligned;
  };
  const Case cases[] = {
      {"int8", "int8", 8, false, 0, 0, false},
      {"int5", "int5", 5, false, 0, 0, false},
      {"packed4", "packed4", 4, true, 0, 0, false},
      {"sparse50", "sparse50", 8, false, 50, 0, false},
      {"int8+sparse50", "sparse50", 8, false, 50, 0, false},
      {"block8u", "block8u", 8, false, 50, 8, true},
      {"block4+packed4", "packed4+block4", 4, true, 50, 4, false},
      {"packed4+block8", "packed4+block8", 4, true, 50, 8, false},
      {"int6+sparse50", "int6+sparse50", 6, false, 50, 0, false},
  };
  for (const Case& c : cases) {
    auto s = build::ParseCongStorage(c.in);
    ASSERT_TRUE(s.ok()) << c.in << ": " << s.status().message();
    EXPECT_EQ(s.value().Name(), c.name);
    EXPECT_EQ(s.value().value_bits, c.bits);
    EXPECT_EQ(s.value().packed4, c.packed);
    EXPECT_EQ(s.value().sparsity_pct, c.pct);
    EXPECT_EQ(s.value().block, c.block);
    EXPECT_EQ(s.value().unaligned, c.unaligned);
    EXPECT_EQ(s.value().plain(), std::string(c.name) == "int8");
    // The canonical name parses to the same storage.
    EXPECT_EQ(build::ParseCongStorage(c.name).value().Name(), c.name);
  }
  for (const char* bad : {"", "int4", "int9", "packed8", "sparse", "sparse60", "block16", "int8+int6", "sparse50+block4",
                          "packed4+", "+int8", "INT8", "packed4 +sparse50"}) {
    auto s = build::ParseCongStorage(bad);
    EXPECT_EQ(s.status().code(), StatusCode::kInvalidArgument) << "'" << bad << "'";
  }
  EXPECT_NE(build::ParseCongStorage("int3").status().message().find("'int3'"), std::string::npos);
}

// PackGroup against an exhaustive search: the squared error is separable
// per weight, so the best (Z, S) is the one whose per-weight minima sum
// lowest.
TEST(CongStoragePack, GroupChoiceIsOptimal) {
  uint64_t seed = 12345;
  auto uni = [&seed] {
    seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
    return float((seed >> 11) % 1000001) / 1000000.0f;
  };
  for (int trial = 0; trial < 300; ++trial) {
    float t[8];
    uint8_t mask[8] = {};
    const float range = trial % 3 == 0 ? 72.0f : trial % 3 == 1 ? 20.0f : 4.0f;
    for (int k = 0; k < 8; ++k) t[k] = (2 * uni() - 1) * range;
    if (trial % 5 == 0)
      for (int k = 0; k < 8; k += 2) mask[k] = 1, t[k] = 0;
    uint8_t nib[4], par;
    build::PackGroup(t, mask, nib, &par);
    double got = 0;
    for (int k = 0; k < 8; ++k) {
      const int w = (nib[k / 2] >> (4 * (k & 1))) & 15;
      const int v = cong_internal::DecodePacked4(w, par);
      if (mask[k]) EXPECT_EQ(v, 0);
      got += (double(t[k]) - v) * (double(t[k]) - v);
    }
    double best = 1e30;
    for (int p = 0; p < 256; ++p) {
      double err = 0;
      for (int k = 0; k < 8; ++k) {
        if (mask[k]) continue;
        double m = 1e30;
        for (int w = 0; w < 16; ++w) {
          const double d = double(t[k]) - cong_internal::DecodePacked4(w, static_cast<uint8_t>(p));
          m = std::min(m, d * d);
        }
        err += m;
      }
      best = std::min(best, err);
    }
    EXPECT_LE(got, best * (1 + 1e-4) + 1e-5) << "trial " << trial;
  }
}

TEST(CongStoragePack, DecodeFormula) {
  // v = round((W - Z) * S / 9), Z = z + 6, S = s + 9, rounded half away.
  for (int p = 0; p < 256; ++p)
    for (int w = 0; w < 16; ++w) {
      const double r = double(w - (6 + (p >> 6))) * double(9 + (p & 63)) / 9.0;
      EXPECT_EQ(cong_internal::DecodePacked4(w, static_cast<uint8_t>(p)), static_cast<int>(std::round(r)));
    }
  EXPECT_EQ(cong_internal::DecodePacked4(15, 63), 72);        // Z 6, S 72
  EXPECT_EQ(cong_internal::DecodePacked4(0, 0xC0 | 63), -72);  // Z 9, S 72
}

TEST(CongStorageMask, BlocksAndHalves) {
  const int dim = 32;
  std::vector<float> row(dim);
  for (int k = 0; k < dim; ++k) row[k] = std::sin(1.7f * k + 0.3f) * (1 + k % 5);
  for (const char* v : {"sparse50", "block4", "block8", "block4u", "block8u"}) {
    auto s = build::ParseCongStorage(v).value();
    uint8_t mask[dim];
    build::SparsityMask(s, row.data(), dim, mask);
    int zeros = 0;
    for (int k = 0; k < dim; ++k) zeros += mask[k];
    EXPECT_EQ(zeros, dim / 2) << v;
    if (s.block == 0) {
      // Every zeroed weight is no larger than every kept one.
      for (int a = 0; a < dim; ++a)
        for (int b = 0; b < dim; ++b)
          if (mask[a] && !mask[b]) EXPECT_LE(std::fabs(row[a]), std::fabs(row[b])) << v;
      continue;
    }
    // Runs of zeros are whole blocks; aligned blocks start at multiples.
    for (int k = 0; k < dim;) {
      if (!mask[k]) {
        ++k;
        continue;
      }
      int e = k;
      while (e < dim && mask[e]) ++e;
      EXPECT_EQ((e - k) % s.block, 0) << v << " run at " << k;
      if (!s.unaligned) EXPECT_EQ(k % s.block, 0) << v;
      k = e;
    }
  }
}

TEST_F(CongStorageTest, FloatModelIsTheSameForEveryVariant) {
  for (size_t i = 1; i < std::size(kVariants); ++i) {
    EXPECT_TRUE((*results_)[i].fp32_blob == (*results_)[0].fp32_blob) << kVariants[i];
    EXPECT_TRUE((*results_)[i].global_fp32_blob == (*results_)[0].global_fp32_blob) << kVariants[i];
  }
}

TEST_F(CongStorageTest, PlainInt8IsFormatVersion1) {
  const std::string& b = Result("int8").int8_blob;
  CongHeader h;
  std::memcpy(&h, b.data(), sizeof h);
  EXPECT_EQ(h.version, 1u);
  EXPECT_EQ(h.header_size, sizeof(CongHeader));
  Aligned a(b);
  auto v = CongView::Open(a.data(), a.size);
  ASSERT_TRUE(v.ok()) << v.status().message();
  EXPECT_EQ(v.value().storage().value_bits, 8u);
  EXPECT_EQ(v.value().storage().packing, cong_internal::kPackInt8);
  uint32_t gv;
  std::memcpy(&gv, Result("int8").global_int8_blob.data() + 4, 4);
  EXPECT_EQ(gv, 1u);
}

TEST_F(CongStorageTest, EveryVariantRoundTrips) {
  Aligned ref_a(Result("int8").int8_blob);
  auto ref = CongView::Open(ref_a.data(), ref_a.size);
  ASSERT_TRUE(ref.ok());
  Aligned fa(Result("int8").fp32_blob);
  auto flt = CongView::Open(fa.data(), fa.size);
  ASSERT_TRUE(flt.ok());
  const double ref_ppl = Perplexity(ref.value()), fp_ppl = Perplexity(flt.value());
  Aligned ref_ga(Result("int8").global_int8_blob);
  auto ref_g = CongGlobalView::Open(ref_ga.data(), ref_ga.size, ref.value());
  ASSERT_TRUE(ref_g.ok()) << ref_g.status().message();
  for (const char* name : kVariants) {
    SCOPED_TRACE(name);
    const build::CongStorage st = build::ParseCongStorage(name).value();
    const build::CongTrainResult& r = Result(name);
    Aligned a(r.int8_blob);
    auto v = CongView::Open(a.data(), a.size);
    ASSERT_TRUE(v.ok()) << v.status().message();
    const CongView& lm = v.value();
    EXPECT_EQ(lm.quant_bits(), 8);
    const CongStorageHeader sh = lm.storage();
    EXPECT_EQ(sh.value_bits, uint32_t(st.value_bits));
    EXPECT_EQ(sh.packing, st.packed4 ? cong_internal::kPackNibbleG8 : cong_internal::kPackInt8);
    EXPECT_EQ(sh.sparsity_pct, uint32_t(st.sparsity_pct));
    EXPECT_EQ(sh.sparsity_block, uint32_t(st.block));
    // Packed rows take 5/8 of the int8 rows (and no compensation section).
    const size_t rows_int8 = size_t(lm.context_count() + lm.vocab_size()) * lm.dim();
    if (st.packed4) EXPECT_LT(r.int8_blob.size(), Result("int8").int8_blob.size() - rows_int8 * 3 / 8 + 4096);
    else EXPECT_NEAR(double(r.int8_blob.size()), double(Result("int8").int8_blob.size()), 64.0);
    // Still normalised: Z was computed from the stored values.
    for (uint32_t c = 0; c < lm.context_count(); c += 5) {
      double sum = 0;
      for (uint32_t t = 0; t < kVocab; ++t) sum += std::exp(lm.LogProb(Kt(), c, t));
      EXPECT_NEAR(sum, 1.0, 1e-3) << "context " << c;
    }
    // Scores close to int8; perplexity too.
    double max_diff = 0, mean_diff = 0;
    size_t n = 0;
    for (uint32_t c = 0; c < lm.context_count(); ++c)
      for (uint32_t t = 0; t < kVocab; ++t, ++n) {
        const double d = std::fabs(lm.LogProb(Kt(), c, t) - ref.value().LogProb(Kt(), c, t));
        max_diff = std::max(max_diff, d), mean_diff += d;
      }
    mean_diff /= double(n);
    const double ppl = Perplexity(lm);
    const bool sparse = st.sparsity_pct > 0;
    // (Measured here: int7/6/5 0.014/0.027/0.054, packed4 0.105, perplexity
    // within 0.5% of int8's 5.26. Pruning half of each row after training,
    // without retraining, costs far more on this dim-32 toy model: mean
    // differences 0.46 (sparse50) to 1.1 (packed4+block8), perplexity
    // 5.56 to 7.37; the checks below only hold them well above unigrams.)
    if (sparse) {
      EXPECT_LT(mean_diff, 1.5);
      EXPECT_LT(ppl, 10.0) << "int8 " << ref_ppl << ", float " << fp_ppl;
    } else {
      EXPECT_LT(mean_diff, st.packed4 ? 0.15 : 0.02 * (1 << (8 - st.value_bits)));
      EXPECT_LT(ppl, ref_ppl * 1.02) << "int8 " << ref_ppl << ", float " << fp_ppl;
    }
    RecordProperty(std::string(name) + "_perplexity", std::to_string(ppl));
    RecordProperty(std::string(name) + "_mean_abs_logprob_diff", std::to_string(mean_diff));
    // Sparse rows hold at least half zeros, in the int8 values computed with.
    std::vector<float> row(lm.dim());
    if (sparse) {
      for (uint32_t c = 0; c < lm.context_count(); ++c) {
        lm.ContextRow(c, row.data());
        int zeros = 0;
        for (float x : row) zeros += x == 0.0f;
        ASSERT_GE(zeros, int(lm.dim()) / 2) << "context row " << c;
      }
      for (uint32_t t = 0; t < lm.vocab_size(); ++t) {
        lm.OutputRow(t, row.data());
        int zeros = 0;
        for (float x : row) zeros += x == 0.0f;
        ASSERT_GE(zeros, int(lm.dim()) / 2) << "output row " << t;
      }
    }
    // Sub-8-bit values stay in their range.
    if (!st.packed4 && st.value_bits < 8) {
      const int qmax = (1 << (st.value_bits - 1)) - 1;
      CongHeader h;
      std::memcpy(&h, r.int8_blob.data(), sizeof h);
      const uint8_t* rows = reinterpret_cast<const uint8_t*>(r.int8_blob.data()) + h.sections[cong_internal::kCtxRows].offset;
      int lo = 0, hi = 0;
      for (uint64_t i = 0; i < h.sections[cong_internal::kCtxRows].size; ++i)
        lo = std::min(lo, rows[i] - 128), hi = std::max(hi, rows[i] - 128);
      EXPECT_GE(lo, -qmax);
      EXPECT_LE(hi, qmax);
      EXPECT_GE(hi, qmax - 1);  // the range is used
    }
    // CoNg-Global on top of the variant.
    Aligned ga(r.global_int8_blob);
    auto g = CongGlobalView::Open(ga.data(), ga.size, lm);
    ASSERT_TRUE(g.ok()) << g.status().message();
    EXPECT_EQ(g.value().storage().packing, sh.packing);
    double gdiff = 0;
    size_t gn = 0;
    for (uint32_t h = kFirst; h < kVocab; h += 2)
      for (uint32_t x = kFirst; x < kVocab; x += 2, ++gn)
        gdiff += std::fabs(g.value().DistLogProb(Kt(), h, x) - ref_g.value().DistLogProb(Kt(), h, x));
    EXPECT_LT(gdiff / double(gn), sparse ? 1.5 : 0.15);
  }
}

// Naive decoder of the packed 4-bit rows, straight from the format notes.
std::vector<int> NaiveDecode(const uint8_t* rows, size_t count, uint32_t dim) {
  std::vector<int> out;
  const size_t stride = dim / 2 + dim / 8;
  for (size_t r = 0; r < count; ++r)
    for (uint32_t k = 0; k < dim; ++k) {
      const uint8_t* row = rows + r * stride;
      const int w = k % 2 == 0 ? row[k / 2] & 0x0F : row[k / 2] >> 4;
      const uint8_t p = row[dim / 2 + k / 8];
      const int z = 6 + (p >> 6), s = 9 + (p & 0x3F);
      out.push_back(static_cast<int>(std::round((w - z) * s / 9.0)));
    }
  return out;
}

TEST_F(CongStorageTest, PackedRowsWidenLikeANaiveDecoder) {
  for (const char* name : {"packed4", "packed4+sparse50", "packed4+block8"}) {
    SCOPED_TRACE(name);
    const std::string& b = Result(name).int8_blob;
    CongHeader h;
    std::memcpy(&h, b.data(), sizeof h);
    EXPECT_EQ(h.version, 2u);
    const uint8_t* base = reinterpret_cast<const uint8_t*>(b.data());
    const float* cs = reinterpret_cast<const float*>(base + h.sections[cong_internal::kCtxScale].offset);
    const float* os = reinterpret_cast<const float*>(base + h.sections[cong_internal::kOutScale].offset);
    const float* ob = reinterpret_cast<const float*>(base + h.sections[cong_internal::kOutBias].offset);
    const float* cb = reinterpret_cast<const float*>(base + h.sections[cong_internal::kCtxBias].offset);
    const std::vector<int> ctx = NaiveDecode(base + h.sections[cong_internal::kCtxRows].offset, h.num_nodes, h.dim);
    const std::vector<int> out = NaiveDecode(base + h.sections[cong_internal::kOutRows].offset, h.vocab_size, h.dim);
    Aligned a(b);
    auto v = CongView::Open(a.data(), a.size);
    ASSERT_TRUE(v.ok()) << v.status().message();
    const CongView& lm = v.value();
    std::vector<float> row(h.dim);
    for (uint32_t c = 0; c < h.num_nodes; ++c) {
      lm.ContextRow(c, row.data());
      for (uint32_t k = 0; k < h.dim; ++k) ASSERT_EQ(row[k], ctx[size_t(c) * h.dim + k] * cs[c]) << c << "," << k;
    }
    for (uint32_t t = 0; t < h.vocab_size; ++t) {
      lm.OutputRow(t, row.data());
      for (uint32_t k = 0; k < h.dim; ++k) ASSERT_EQ(row[k], out[size_t(t) * h.dim + k] * os[t]) << t << "," << k;
    }
    // Scores through the kernels (which use the computed compensation).
    for (uint32_t c = 0; c < h.num_nodes; c += 3)
      for (uint32_t t = 0; t < kVocab; ++t) {
        int64_t dot = 0;
        for (uint32_t k = 0; k < h.dim; ++k) dot += int64_t{ctx[size_t(c) * h.dim + k]} * out[size_t(t) * h.dim + k];
        const float want = float(dot) * cs[c] * os[t] + ob[t] + cb[c];
        ASSERT_NEAR(lm.LogProb(Kt(), c, t), want, 1e-4) << c << "," << t;
      }
    // ScoreMatrix agrees with LogProb on widened rows.
    const uint32_t ci[3] = {0, 3, 7}, ti[4] = {kFirst, 5, 9, 20};
    float m[12];
    lm.ScoreMatrix(Kt(), ci, 3, ti, 4, m);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 4; ++j) EXPECT_EQ(m[i * 4 + j], lm.LogProb(Kt(), ci[i], ti[j]));
    // The distant rows of CoNg-Global too.
    const std::string& gb = Result(name).global_int8_blob;
    cong_global_internal::CongGlobalHeader gh;
    std::memcpy(&gh, gb.data(), sizeof gh);
    EXPECT_EQ(gh.version, 2u);
    const uint8_t* gbase = reinterpret_cast<const uint8_t*>(gb.data());
    const std::vector<int> dist =
        NaiveDecode(gbase + gh.sections[cong_global_internal::kDistRows].offset, gh.vocab_size, gh.dim);
    const float* ds = reinterpret_cast<const float*>(gbase + gh.sections[cong_global_internal::kDistScale].offset);
    const float* dbias = reinterpret_cast<const float*>(gbase + gh.sections[cong_global_internal::kDistBias].offset);
    Aligned ga(gb);
    auto g = CongGlobalView::Open(ga.data(), ga.size, lm);
    ASSERT_TRUE(g.ok()) << g.status().message();
    for (uint32_t hh = kFirst; hh < kVocab; hh += 2)
      for (uint32_t x = 0; x < kVocab; ++x) {
        int64_t dot = 0;
        for (uint32_t k = 0; k < h.dim; ++k) dot += int64_t{dist[size_t(hh) * h.dim + k]} * out[size_t(x) * h.dim + k];
        const float want = float(dot) * ds[hh] * os[x] + ob[x] + dbias[hh];
        ASSERT_NEAR(g.value().DistLogProb(Kt(), hh, x), want, 1e-4) << hh << "," << x;
      }
  }
}

// Copies of a blob with one field changed must be rejected as format errors.
template <typename Edit>
StatusCode OpenEdited(const std::string& blob, Edit edit) {
  std::string b = blob;
  edit(&b);
  Aligned a(b);
  return CongView::Open(a.data(), a.size).status().code();
}

void EditStorage(std::string* b, size_t field, uint32_t value) {
  std::memcpy(&(*b)[sizeof(CongHeader) + 4 * field], &value, 4);
}

TEST_F(CongStorageTest, RejectsMalformedStorage) {
  const std::string& packed = Result("packed4").int8_blob;
  const std::string& int5 = Result("int5").int8_blob;
  const std::string& sparse = Result("packed4+sparse50").int8_blob;
  ASSERT_EQ(OpenEdited(packed, [](std::string*) {}), StatusCode::kOk);
  const StatusCode bad = StatusCode::kModelFormat;
  // Storage header fields: value_bits, packing, sparsity_pct, sparsity_block,
  // block_unaligned, reserved.
  EXPECT_EQ(OpenEdited(packed, [](std::string* b) { EditStorage(b, 0, 8); }), bad);  // packed needs 4 bits
  EXPECT_EQ(OpenEdited(packed, [](std::string* b) { EditStorage(b, 1, 2); }), bad);  // unknown packing
  EXPECT_EQ(OpenEdited(packed, [](std::string* b) { EditStorage(b, 1, 0); }), bad);  // sizes then wrong
  EXPECT_EQ(OpenEdited(int5, [](std::string* b) { EditStorage(b, 0, 4); }), bad);    // int4 unsupported
  EXPECT_EQ(OpenEdited(int5, [](std::string* b) { EditStorage(b, 0, 9); }), bad);
  EXPECT_EQ(OpenEdited(int5, [](std::string* b) { EditStorage(b, 1, 1); }), bad);    // int layout read as packed
  EXPECT_EQ(OpenEdited(packed, [](std::string* b) { EditStorage(b, 2, 30); }), bad);
  EXPECT_EQ(OpenEdited(packed, [](std::string* b) { EditStorage(b, 3, 8); }), bad);  // block without sparsity
  EXPECT_EQ(OpenEdited(sparse, [](std::string* b) { EditStorage(b, 3, 5); }), bad);
  EXPECT_EQ(OpenEdited(sparse, [](std::string* b) { EditStorage(b, 4, 1); }), bad);  // unaligned without blocks
  EXPECT_EQ(OpenEdited(packed, [](std::string* b) { EditStorage(b, 5, 1); }), bad);
  // A header claiming sparsity the rows do not have.
  EXPECT_EQ(OpenEdited(packed, [](std::string* b) { EditStorage(b, 2, 50); }), bad);
  // An int5 row holding a value outside +-15.
  EXPECT_EQ(OpenEdited(int5,
                       [](std::string* b) {
                         CongHeader h;
                         std::memcpy(&h, b->data(), sizeof h);
                         (*b)[h.sections[cong_internal::kCtxRows].offset + 40] = static_cast<char>(128 + 16);
                       }),
            bad);
  EXPECT_EQ(OpenEdited(int5,
                       [](std::string* b) {
                         CongHeader h;
                         std::memcpy(&h, b->data(), sizeof h);
                         (*b)[h.sections[cong_internal::kOutRows].offset + 7] = static_cast<char>(-16);
                       }),
            bad);
  // Section sizes and header sizes.
  auto edit_header = [&](const std::string& blob, auto fn) {
    return OpenEdited(blob, [&](std::string* b) {
      CongHeader h;
      std::memcpy(&h, b->data(), sizeof h);
      fn(&h);
      std::memcpy(b->data(), &h, sizeof h);
    });
  };
  EXPECT_EQ(edit_header(packed, [](CongHeader* h) { h->sections[cong_internal::kCtxRows].size -= 10; }), bad);
  EXPECT_EQ(edit_header(packed, [](CongHeader* h) { h->sections[cong_internal::kOutRows].size += 10; }), bad);
  EXPECT_EQ(edit_header(packed, [](CongHeader* h) { h->sections[cong_internal::kOutComp].size = 4 * h->vocab_size; }),
            bad);
  EXPECT_EQ(edit_header(packed, [](CongHeader* h) { h->header_size = sizeof(CongHeader); }), bad);
  EXPECT_EQ(edit_header(packed, [](CongHeader* h) { h->quant_bits = 0; }), bad);
  EXPECT_EQ(edit_header(packed, [](CongHeader* h) { h->version = 1; }), bad);  // v1 has no storage header
  EXPECT_EQ(edit_header(packed, [](CongHeader* h) { h->version = 3; }), StatusCode::kModelVersion);
  EXPECT_EQ(edit_header(packed, [](CongHeader* h) { h->sections[cong_internal::kCtxRows].offset = 64; }), bad);
  // Truncated blobs of every length up to and through the storage header.
  for (size_t n : {size_t{0}, size_t{8}, sizeof(CongHeader) - 1, sizeof(CongHeader), sizeof(CongHeader) + 12,
                   packed.size() - 1}) {
    Aligned a(packed.substr(0, n));
    EXPECT_FALSE(CongView::Open(a.data(), a.size).ok()) << n;
  }
  // The global blob: same checks on its own storage header.
  const std::string& gblob = Result("packed4").global_int8_blob;
  Aligned la(packed);
  auto local = CongView::Open(la.data(), la.size);
  ASSERT_TRUE(local.ok());
  auto open_global = [&](auto fn) {
    std::string b = gblob;
    fn(&b);
    Aligned a(b);
    return CongGlobalView::Open(a.data(), a.size, local.value()).status().code();
  };
  const size_t gh = sizeof(cong_global_internal::CongGlobalHeader);
  EXPECT_EQ(open_global([](std::string*) {}), StatusCode::kOk);
  EXPECT_EQ(open_global([&](std::string* b) { uint32_t v = 5; std::memcpy(&(*b)[gh], &v, 4); }), bad);
  EXPECT_EQ(open_global([&](std::string* b) { uint32_t v = 0; std::memcpy(&(*b)[gh + 4], &v, 4); }), bad);
  EXPECT_EQ(open_global([&](std::string* b) { uint32_t v = 50; std::memcpy(&(*b)[gh + 8], &v, 4); }), bad);
  EXPECT_EQ(open_global([&](std::string* b) { uint32_t v = 1; std::memcpy(&(*b)[4], &v, 4); }), bad);
  {
    Aligned a(gblob.substr(0, gh + 4));
    EXPECT_FALSE(CongGlobalView::Open(a.data(), a.size, local.value()).ok());
  }
}

TEST_F(CongStorageTest, ViewCopiesKeepTheWidenedRows) {
  Aligned a(Result("packed4").int8_blob);
  float want = 0;
  CongView copy;
  {
    auto v = CongView::Open(a.data(), a.size);
    ASSERT_TRUE(v.ok());
    want = v.value().LogProb(Kt(), 5, kFirst + 3);
    copy = v.value();
  }
  EXPECT_EQ(copy.LogProb(Kt(), 5, kFirst + 3), want);
}

TEST(CongStorageTrain, IsDeterministic) {
  build::CongTrainResult a, b;
  build::CongTrainOptions o = SmallOptions("packed4+block8u");
  o.epochs = 5;
  ASSERT_TRUE(build::TrainCong(Corpus(300, 3), kVocab, kBos, kEos, o, &a).ok());
  ASSERT_TRUE(build::TrainCong(Corpus(300, 3), kVocab, kBos, kEos, o, &b).ok());
  EXPECT_TRUE(a.int8_blob == b.int8_blob);
  EXPECT_TRUE(a.global_int8_blob == b.global_int8_blob);
}

}  // namespace
}  // namespace kma
