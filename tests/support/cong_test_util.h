// Shared by the CoNg test suites (cong_test.cpp, cong_rounding_test.cpp): a
// toy token source with a known second-order structure, and an 8-byte
// aligned copy of a blob (the views need aligned data).
#ifndef KMA_TESTS_SUPPORT_CONG_TEST_UTIL_H_
#define KMA_TESTS_SUPPORT_CONG_TEST_UTIL_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/kernels/cong_kernels.h"

namespace kma::test {

// The kernels the views score with.
inline const kernels::KernelTable& Kt() { return kernels::ActiveKernels(); }

constexpr uint32_t kVocab = 24;
constexpr uint32_t kBos = 0, kEos = 1, kFirst = 2;

// A second-order source: the next token is (3a + b) mod 20 + 2 three times in
// four, else uniform; sentences of 4..11 tokens.
inline std::vector<std::vector<uint32_t>> Corpus(size_t n, uint64_t seed) {
  std::vector<std::vector<uint32_t>> out;
  uint64_t s = seed;
  auto next = [&s] {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    return static_cast<uint32_t>(s >> 11);
  };
  for (size_t i = 0; i < n; ++i) {
    std::vector<uint32_t> sent;
    uint32_t a = 3, b = 5, len = 4 + next() % 8;
    for (uint32_t k = 0; k < len; ++k) {
      uint32_t w = next() % 4 != 0 ? kFirst + (3 * a + b) % 20 : kFirst + next() % 20;
      sent.push_back(w);
      a = b, b = w;
    }
    out.push_back(sent);
  }
  return out;
}

struct Aligned {
  std::vector<uint64_t> words;
  size_t size;
  explicit Aligned(const std::string& b) : words(b.size() / 8 + 1), size(b.size()) {
    std::memcpy(words.data(), b.data(), b.size());
  }
  uint8_t* data() { return reinterpret_cast<uint8_t*>(words.data()); }
};

}  // namespace kma::test

#endif  // KMA_TESTS_SUPPORT_CONG_TEST_UTIL_H_
