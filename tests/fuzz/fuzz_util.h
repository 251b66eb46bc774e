// Helpers shared by the fuzz targets (tests/fuzz/fuzz_*.cpp): a byte reader
// that turns the fuzzer's input into choices, the check macro every
// invariant goes through, and the model the targets analyse with.
//
// The targets are built twice: with libFuzzer (-DKMA_FUZZ=ON, clang) for
// fuzzing, and as plain programs with replay_main.cpp, which feed the
// committed corpus and reproducers through the same LLVMFuzzerTestOneInput
// in the normal ctest run.
#ifndef KMA_TESTS_FUZZ_FUZZ_UTIL_H_
#define KMA_TESTS_FUZZ_FUZZ_UTIL_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <kma/kma.h>

namespace kma::fuzz {

// Prints what broke and aborts: libFuzzer then saves the input as a crash
// reproducer, and the replay driver's ctest fails.
[[noreturn]] inline void FailCheck(const char* file, int line, const char* what, const std::string& detail) {
  std::fprintf(stderr, "%s:%d: fuzz invariant violated: %s\n  %s\n", file, line, what, detail.c_str());
  std::fflush(stderr);
  std::abort();
}

#define FUZZ_CHECK(cond, detail)                                         \
  do {                                                                   \
    if (!(cond)) ::kma::fuzz::FailCheck(__FILE__, __LINE__, #cond, (detail)); \
  } while (0)

// Consumes the fuzzer's bytes from the front: choices first, then the rest
// as payload. Reading past the end gives zeros, so every input is usable.
class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  uint8_t U8() { return pos_ < size_ ? data_[pos_++] : 0; }
  uint16_t U16() { return static_cast<uint16_t>(U8() | (U8() << 8)); }
  uint32_t U32() { return static_cast<uint32_t>(U16()) | (static_cast<uint32_t>(U16()) << 16); }
  uint64_t U64() { return static_cast<uint64_t>(U32()) | (static_cast<uint64_t>(U32()) << 32); }
  bool Bit() { return (U8() & 1) != 0; }
  // Up to `n` bytes (fewer at the end of the input).
  std::string Bytes(size_t n) {
    const size_t k = n < size_ - pos_ ? n : size_ - pos_;
    std::string s(reinterpret_cast<const char*>(data_ + pos_), k);
    pos_ += k;
    return s;
  }
  std::string Rest() { return Bytes(size_ - pos_); }
  size_t remaining() const { return size_ - pos_; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// The model the analysis, split and LM targets use: $KMA_FUZZ_MODEL, else
// the bundled model of the build tree. Opened once per process; a failure
// aborts (the harness cannot run without it).
inline kma_model* SharedModel() {
  static kma_model* model = [] {
    const char* env = std::getenv("KMA_FUZZ_MODEL");
    const char* path = env != nullptr && *env != '\0' ? env : KMA_FUZZ_DEFAULT_MODEL;
    kma_model* m = nullptr;
    if (kma_model_open_file(&m, path, nullptr) != KMA_OK) {
      std::fprintf(stderr, "fuzz: cannot open model %s: %s\n", path, kma_last_error_message());
      std::abort();
    }
    return m;
  }();
  return model;
}

// One analyzer with the library's default options over SharedModel(), for
// the targets that need no options of their own. Made once per process; a
// failure aborts, as SharedModel's does.
inline kma_analyzer* SharedAnalyzer() {
  static kma_analyzer* analyzer = [] {
    kma_analyzer* a = nullptr;
    if (kma_analyzer_new(&a, SharedModel(), nullptr) != KMA_OK) {
      std::fprintf(stderr, "fuzz: cannot make an analyzer: %s\n", kma_last_error_message());
      std::abort();
    }
    return a;
  }();
  return analyzer;
}

// Language model names to choose from: "" (the default) and every name of
// the model (kma_model_lm_name).
inline std::string LmChoice(const kma_model* model, uint8_t pick) {
  const size_t n = kma_model_lm_count(model);
  const size_t k = pick % (n + 1);
  return k == 0 ? std::string() : std::string(kma_model_lm_name(model, k - 1));
}

}  // namespace kma::fuzz

#endif  // KMA_TESTS_FUZZ_FUZZ_UTIL_H_
