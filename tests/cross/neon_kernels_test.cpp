// NEON kernel test, cross-compiled for AArch64 and run under qemu-aarch64
// (see neon_qemu.cmake): every kernel table the (emulated) CPU supports
// against a naive reference, and the registry's choice. Plain C++ with no
// test framework, so only the cross compiler is needed.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/kernels/cong_kernels.h"

using namespace kma::kernels;

static int failures = 0;
#define CHECK(cond, ...)                     \
  do {                                       \
    if (!(cond)) {                           \
      std::printf("FAIL: " __VA_ARGS__);     \
      std::printf("\n");                     \
      ++failures;                            \
    }                                        \
  } while (0)

static uint32_t Next(uint64_t* s) {
  *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
  return static_cast<uint32_t>(*s >> 16);
}

int main(int argc, char** argv) {
  // argv[1]: "dotprod" if the emulated CPU has it, "nodot" if not.
  const bool expect_dot = argc > 1 && std::strcmp(argv[1], "dotprod") == 0;
  CHECK(IsaSupported(Isa::kNeon), "NEON must be supported on AArch64");
  CHECK(IsaSupported(Isa::kNeonDot) == expect_dot, "dotprod detection (expected %d)", expect_dot ? 1 : 0);
  CHECK(ActiveIsa() == (expect_dot ? Isa::kNeonDot : Isa::kNeon), "active ISA %s", IsaName(ActiveIsa()));
  std::vector<const KernelTable*> tables;
  for (Isa isa : {Isa::kScalar, Isa::kNeon, Isa::kNeonDot})
    if (KernelsFor(isa) != nullptr && IsaSupported(isa)) tables.push_back(KernelsFor(isa));
  uint64_t s = 7;
  for (uint32_t dim : {16u, 48u, 64u, 208u}) {
    for (int extreme = 0; extreme < 3; ++extreme) {
      const uint32_t rows = 11;
      std::vector<uint8_t> ctx(rows * dim + 3);
      std::vector<int8_t> out(rows * dim + 3);
      uint8_t* c = ctx.data() + 3;  // unaligned rows
      int8_t* o = out.data() + 1;
      for (uint32_t i = 0; i < rows * dim; ++i) {
        c[i] = extreme == 1 ? 255 : extreme == 2 ? (i % 2 ? 255 : 1) : static_cast<uint8_t>(1 + Next(&s) % 255);
        o[i] = extreme == 1 ? 127 : extreme == 2 ? (i % 2 ? -127 : 127) : static_cast<int8_t>(int(Next(&s) % 255) - 127);
      }
      std::vector<float> cs(rows, 0.01f), cb(rows, -2.0f), os(rows, 0.03f), ob(rows, -1.0f);
      std::vector<int32_t> comp(rows);
      for (uint32_t r = 0; r < rows; ++r) {
        int32_t sum = 0;
        for (uint32_t k = 0; k < dim; ++k) sum += o[r * dim + k];
        comp[r] = 128 * sum;
      }
      for (size_t m : {1u, 3u, 16u}) {
        for (size_t n : {1u, 2u, 3u, 4u, 7u}) {
          std::vector<uint32_t> ci(m), oi(n);
          for (auto& x : ci) x = Next(&s) % rows;
          for (auto& x : oi) x = Next(&s) % rows;
          ci[0] = ci[m - 1];
          for (const KernelTable* t : tables) {
            std::vector<float> got(m * n);
            ScoreArgs a;
            a.ctx = c, a.ctx_idx = ci.data(), a.m = m, a.out = o, a.out_idx = oi.data(), a.n = n, a.dim = dim;
            a.ctx_scale = cs.data(), a.ctx_bias = cb.data(), a.out_scale = os.data(), a.out_comp = comp.data();
            a.out_bias = ob.data(), a.result = got.data(), a.ld = n;
            t->score(a);
            for (size_t i = 0; i < m; ++i)
              for (size_t j = 0; j < n; ++j) {
                int64_t dot = 0;
                for (uint32_t k = 0; k < dim; ++k)
                  dot += (int64_t{c[ci[i] * dim + k]} - 128) * o[oi[j] * dim + k];
                const float want = static_cast<float>(dot) * cs[ci[i]] * os[oi[j]] + ob[oi[j]] + cb[ci[i]];
                CHECK(got[i * n + j] == want, "%s dim %u m %zu n %zu: %g != %g", IsaName(t->isa), dim, m, n,
                      double(got[i * n + j]), double(want));
                CHECK(t->signed_dot(c + ci[i] * dim, o + oi[j] * dim, dim, comp[oi[j]]) == dot, "%s signed_dot",
                      IsaName(t->isa));
              }
          }
        }
      }
    }
  }
  // The 1-byte tag matcher of the search's state map.
  {
    std::vector<uint8_t> buf(64 + 64);
    uint64_t s = 11;
    for (int round = 0; round < 40; ++round) {
      for (auto& b : buf) b = static_cast<uint8_t>(Next(&s) % (1 + round % 5 + (round < 5 ? 250 : 0)));
      for (size_t off : {size_t{0}, size_t{3}, size_t{64}})
        for (int tag : {0, 1, 2, 0x80, 0xFF})
          for (const KernelTable* t : tables) {
            uint64_t want = 0;
            for (int i = 0; i < 64; ++i) want |= uint64_t{buf[off + i] == tag} << i;
            CHECK(t->match_bytes64(&buf[off], static_cast<uint8_t>(tag)) == want, "%s match_bytes64",
                  IsaName(t->isa));
          }
    }
  }
  std::printf("%s: %zu kernel tables checked, active %s\n", failures ? "FAILED" : "OK", tables.size(),
              IsaName(ActiveIsa()));
  return failures ? 1 : 0;
}
