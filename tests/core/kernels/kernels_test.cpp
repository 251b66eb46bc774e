// Tests of the CoNg scoring kernels: every kernel table this CPU can run,
// plus the AVX-512 VNNI logic through SIMDe (this machine class cannot
// execute AVX-512), against a naive reference written here independently of
// the kernels: odd and prime shapes, repeated indices, unaligned rows and
// the extreme byte values.
#include "core/kernels/cong_kernels.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#if defined(__x86_64__) && __has_include(<simde/x86/avx512.h>)
#define KMA_TEST_SIMDE 1
#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>
namespace kma::kernels::avx512_simde {
namespace {
#include "core/kernels/kernels_avx512vnni.inc"
#include "core/kernels/score_driver.inc"
}  // namespace
const KernelTable kTable = MakeTable(Isa::kAvx512Vnni);
}  // namespace kma::kernels::avx512_simde
#endif

namespace kma::kernels {
namespace {

struct Tables {
  std::vector<const KernelTable*> runnable;
  std::vector<std::string> names;
};

Tables RunnableTables() {
  Tables t;
  for (Isa isa : {Isa::kScalar, Isa::kSse41, Isa::kAvx2, Isa::kAvx512Vnni, Isa::kNeon, Isa::kNeonDot}) {
    const KernelTable* k = KernelsFor(isa);
    if (k != nullptr && IsaSupported(isa)) {
      t.runnable.push_back(k);
      t.names.push_back(IsaName(isa));
    }
  }
#ifdef KMA_TEST_SIMDE
  t.runnable.push_back(&avx512_simde::kTable);
  t.names.push_back("avx512vnni(simde)");
#endif
  return t;
}

// Random rows in one buffer that starts `misalign` bytes past an aligned
// address, so rows are deliberately unaligned.
struct Rows {
  std::vector<uint8_t> storage;
  size_t offset;
  uint8_t* data() { return storage.data() + offset; }
  const uint8_t* data() const { return storage.data() + offset; }
};

uint32_t Next(uint64_t* s) {
  *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
  return static_cast<uint32_t>(*s >> 16);
}

struct Problem {
  uint32_t dim, rows_c, rows_o;
  Rows ctx, out;
  std::vector<float> cs, cb, os, ob;
  std::vector<int32_t> comp;
  Problem(uint32_t d, uint32_t rc, uint32_t ro, uint64_t seed, int extreme, size_t misalign) : dim(d), rows_c(rc), rows_o(ro) {
    uint64_t s = seed;
    ctx.storage.resize(size_t{rc} * d + 64);
    out.storage.resize(size_t{ro} * d + 64);
    ctx.offset = out.offset = misalign;
    for (size_t i = 0; i < size_t{rc} * d; ++i)
      ctx.data()[i] = extreme == 1 ? 255 : extreme == 2 ? (i % 2 ? 255 : 1) : static_cast<uint8_t>(1 + Next(&s) % 255);
    for (size_t i = 0; i < size_t{ro} * d; ++i) {
      int8_t v = extreme == 1 ? 127 : extreme == 2 ? (i % 2 ? -127 : 127) : static_cast<int8_t>(int(Next(&s) % 255) - 127);
      out.data()[i] = static_cast<uint8_t>(v);
    }
    for (uint32_t i = 0; i < rc; ++i) cs.push_back(1e-3f * (1 + Next(&s) % 97)), cb.push_back(-float(Next(&s) % 1000) / 100);
    for (uint32_t i = 0; i < ro; ++i) {
      os.push_back(1e-3f * (1 + Next(&s) % 89));
      ob.push_back(-float(Next(&s) % 500) / 100);
      int32_t sum = 0;
      for (uint32_t k = 0; k < d; ++k) sum += static_cast<int8_t>(out.data()[size_t{i} * d + k]);
      comp.push_back(128 * sum);
    }
  }
  // The fused kernel's arguments scoring contexts ci[0, m) against outputs
  // oi[0, n) into `result` (rows of `ld` floats).
  ScoreArgs Args(const uint32_t* ci, size_t m, const uint32_t* oi, size_t n, float* result, size_t ld) const {
    ScoreArgs a;
    a.ctx = ctx.data();
    a.ctx_idx = ci;
    a.m = m;
    a.out = reinterpret_cast<const int8_t*>(out.data());
    a.out_idx = oi;
    a.n = n;
    a.dim = dim;
    a.ctx_scale = cs.data();
    a.ctx_bias = cb.data();
    a.out_scale = os.data();
    a.out_comp = comp.data();
    a.out_bias = ob.data();
    a.result = result;
    a.ld = ld;
    return a;
  }
  // Naive reference: signed context byte times signed output byte.
  float Reference(uint32_t c, uint32_t o, float add) const {
    int64_t dot = 0;
    for (uint32_t k = 0; k < dim; ++k)
      dot += (int64_t{ctx.storage[ctx.offset + size_t{c} * dim + k]} - 128) *
             int64_t{static_cast<int8_t>(out.storage[out.offset + size_t{o} * dim + k])};
    return static_cast<float>(dot) * cs[c] * os[o] + ob[o] + cb[c] + add;
  }
};

TEST(Kernels, RegistryAndNames) {
  EXPECT_NE(KernelsFor(Isa::kScalar), nullptr);
  EXPECT_TRUE(IsaSupported(Isa::kScalar));
  Isa isa;
  EXPECT_TRUE(ParseIsa("avx2", &isa));
  EXPECT_EQ(isa, Isa::kAvx2);
  EXPECT_FALSE(ParseIsa("avx3", &isa));
  EXPECT_TRUE(IsaSupported(ActiveIsa()));
  // Capping lowers the active level, never raises it past the CPU.
  const Isa best = BestIsa();
  SetMaxIsa(Isa::kScalar);
  EXPECT_EQ(ActiveIsa(), Isa::kScalar);
  SetMaxIsa(Isa::kNeonDot);
  EXPECT_EQ(ActiveIsa(), best);
}

TEST(Kernels, FusedScoreMatchesReferenceOnOddShapes) {
  const Tables t = RunnableTables();
  ASSERT_GE(t.runnable.size(), 1u);
  uint64_t s = 12345;
  for (uint32_t dim : {16u, 32u, 48u, 64u, 80u, 96u, 112u, 208u, 400u}) {
    for (size_t misalign : {0u, 1u, 7u}) {
      Problem p(dim, 37, 29, dim * 31 + misalign, 0, misalign);
      for (size_t m : {1u, 2u, 3u, 5u, 13u, 16u, 17u}) {
        for (size_t n : {1u, 2u, 3u, 4u, 5u, 7u, 11u}) {
          std::vector<uint32_t> ci(m), oi(n);
          for (auto& c : ci) c = Next(&s) % p.rows_c;
          for (auto& o : oi) o = Next(&s) % p.rows_o;
          ci[m / 2] = ci[0];  // repeated indices
          oi[n / 2] = oi[0];
          std::vector<float> add(m);
          for (auto& a : add) a = -float(Next(&s) % 100) / 10;
          for (size_t k = 0; k < t.runnable.size(); ++k) {
            for (bool with_add : {false, true}) {
              std::vector<float> got(m * (n + 3), 999.0f);
              ScoreArgs a = p.Args(ci.data(), m, oi.data(), n, got.data(), n + 3);  // padded rows stay untouched
              a.row_add = with_add ? add.data() : nullptr;
              t.runnable[k]->score(a);
              for (size_t i = 0; i < m; ++i) {
                for (size_t j = 0; j < n; ++j) {
                  const float want = p.Reference(ci[i], oi[j], with_add ? add[i] : 0.0f);
                  ASSERT_NEAR(got[i * (n + 3) + j], want, 1e-4f * (1 + std::abs(want)))
                      << t.names[k] << " dim " << dim << " m " << m << " n " << n << " at " << i << "," << j;
                }
                for (size_t j = n; j < n + 3; ++j) ASSERT_EQ(got[i * (n + 3) + j], 999.0f) << t.names[k];
              }
            }
          }
        }
      }
    }
  }
}

TEST(Kernels, AllTablesAreBitIdenticalIncludingExtremes) {
  const Tables t = RunnableTables();
  for (int extreme : {0, 1, 2}) {
    for (uint32_t dim : {16u, 64u, 144u, 512u}) {
      Problem p(dim, 9, 9, 99 + dim, extreme, 3);
      for (uint32_t c = 0; c < 9; ++c) {
        for (uint32_t o = 0; o < 9; ++o) {
          const uint8_t* a = p.ctx.data() + size_t{c} * dim;
          const int8_t* b = reinterpret_cast<const int8_t*>(p.out.data()) + size_t{o} * dim;
          int64_t want = 0;
          for (uint32_t k = 0; k < dim; ++k) want += (int64_t{a[k]} - 128) * b[k];
          for (size_t k = 0; k < t.runnable.size(); ++k)
            ASSERT_EQ(t.runnable[k]->signed_dot(a, b, dim, p.comp[o]), want)
                << t.names[k] << " extreme " << extreme << " dim " << dim;
        }
      }
      // The fused path must give the same bits in every table.
      std::vector<uint32_t> ci = {0, 3, 8, 3}, oi = {1, 1, 7};
      std::vector<float> ref;
      for (size_t k = 0; k < t.runnable.size(); ++k) {
        std::vector<float> got(ci.size() * oi.size());
        const ScoreArgs a = p.Args(ci.data(), ci.size(), oi.data(), oi.size(), got.data(), oi.size());
        t.runnable[k]->score(a);
        if (k == 0) ref = got;
        else EXPECT_EQ(got, ref) << t.names[k];
      }
    }
  }
}

TEST(Kernels, MatchBytes64AgreesWithAByteLoop) {
  // Random bytes over a small alphabet (many matches), all-equal and
  // none-equal blocks, at every alignment of a 64-byte window.
  const Tables t = RunnableTables();
  ASSERT_GE(t.runnable.size(), 1u);
  std::vector<uint8_t> buf(64 * 4 + 64);
  uint32_t s = 7;
  for (int round = 0; round < 50; ++round) {
    const int alphabet = round < 10 ? 256 : 1 + round % 7;
    for (auto& b : buf) b = static_cast<uint8_t>((s = s * 1103515245u + 12345u) >> 16) % alphabet;
    if (round == 0) std::fill(buf.begin(), buf.end(), uint8_t{0xAB});
    for (size_t off : {size_t{0}, size_t{1}, size_t{13}, size_t{63}, size_t{64}, size_t{200}}) {
      for (int tag : {0, 1, 2, 0x7F, 0x80, 0xAB, 0xFF}) {
        uint64_t want = 0;
        for (int i = 0; i < 64; ++i) want |= uint64_t{buf[off + i] == tag} << i;
        for (size_t k = 0; k < t.runnable.size(); ++k)
          ASSERT_EQ(t.runnable[k]->match_bytes64(&buf[off], static_cast<uint8_t>(tag)), want)
              << t.names[k] << " round " << round << " offset " << off << " tag " << tag;
      }
    }
  }
}

}  // namespace
}  // namespace kma::kernels
