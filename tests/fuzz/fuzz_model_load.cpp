// Fuzz target: loading models from memory, structure-aware. A checksum is
// not validation (core/model/format.h): the input is a program of edits to
// a valid model image, after which the header's size and checksum are
// recomputed, so the edits reach the section parsers instead of stopping at
// the checksum. A model that loads is then used: every language model
// analyses a few texts (result invariants checked) and answers kma_lm_*.
// (One language model per input, chosen by the input.)
//
// The base images are built once per process from tests/data/mini (a few
// milliseconds): 0 int8 CoNg rows, 1 int8 rows plus the float32 models,
// another default LM and the lexical spacing table.
//
// Input layout (ByteReader; missing bytes read as 0):
//   [0] bit 0: base image; bit 1: keep the stale checksum and size (the
//       checksum path); bit 2: open through a file (kma_model_open_file);
//       bit 3: also call kma_lm_* on a model that loads
//   [1] which language model of a model that loads analyses (bit 7: top_n 4)
//   then edits, 1 opcode byte + operands each (model_edits.h), until the
//   input ends (at most 64 edits)
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <kma/kma.h>

#include "core/model/format.h"
#include "tests/fuzz/fuzz_util.h"
#include "tests/fuzz/model_edits.h"
#include "tests/fuzz/result_check.h"
#include "tests/fuzz/text_view.h"
#include "tools/builder/model_builder.h"

namespace {

using kma::fuzz::ByteReader;

std::string ReadAll(const std::string& path) {
  std::string s;
  if (FILE* f = std::fopen(path.c_str(), "rb")) {
    char buf[1 << 16];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
    std::fclose(f);
  }
  return s;
}

std::string BuildBase(int variant) {
  const std::string path = "/tmp/kma_fuzz_model_load_" + std::to_string(::getpid()) + "_" + std::to_string(variant);
  kma::build::BuildConfig c;
  c.train_path = KMA_FUZZ_MINI_DATA_DIR "/train.tsv";
  c.lexicon_dir = KMA_FUZZ_MINI_DATA_DIR "/lexicon";
  c.rules_path = KMA_FUZZ_RULES_PATH;
  c.output_path = path;
  c.cong.dim = 16;
  c.cong.epochs = 2;
  c.cong_global.epochs = 2;
  c.cong.batch_contexts = 16;
  c.cong.min_count = 1;
  c.cong.threads = 1;
  if (variant == 0) {
    c.lms = {"knlm", "cong", "cong-global"};
  } else {
    c.lms = {"knlm", "cong", "cong-global", "cong-fp32", "cong-global-fp32"};
    c.default_lm = "cong-global+knlm";
    c.spacing_table = true;  // the optional "spacing.lex" section, for the edits to reach
  }
  const kma::Status st = kma::build::BuildModel(c);
  FUZZ_CHECK(st.ok(), "cannot build the base model: " + st.message());
  std::string image = ReadAll(path);
  std::remove(path.c_str());
  FUZZ_CHECK(!image.empty(), "cannot read the base model back");
  return image;
}

const std::string& Base(int variant) {
  static const std::string bases[2] = {BuildBase(0), BuildBase(1)};
  return bases[variant];
}

// Uses a model that loaded: one language model (chosen by `pick`) analyses
// the fixed texts with the result invariants checked; with `lm_calls` the
// kma_lm_* functions run on it too. One LM per input keeps executions cheap;
// the fuzzer varies the choice.
void Exercise(kma_model* m, uint8_t pick, bool lm_calls) {
  static const char* const kTexts[] = {"아버지가방에들어가신다", "나는 밥을 먹었다. 너는?", "2024년 3월 test@x.kr 😀",
                                       "ㄱㄴ 가나다라마바사아자차카타파하 漢字"};
  const size_t lms = kma_model_lm_count(m);
  FUZZ_CHECK(lms >= 1 && kma_model_default_lm(m) != nullptr, "a loaded model has no language model");
  const char* name = kma_model_lm_name(m, pick % lms);
  FUZZ_CHECK(name != nullptr, "lm name missing");
  const int top_n = (pick & 0x80) ? 4 : 1;
  kma_options* o = nullptr;
  kma_options_new(&o);
  kma_options_set_string(o, KMA_OPT_LM, name);
  kma_options_set_int(o, KMA_OPT_TOP_N, top_n);
  kma_analyzer* a = nullptr;
  FUZZ_CHECK(kma_analyzer_new(&a, m, o) == KMA_OK, kma_last_error_message());
  kma_options_free(o);
  for (const char* t : kTexts) {
    kma_result* r = nullptr;
    const kma_status st = kma_analyzer_analyze_utf8(a, t, std::strlen(t), &r);
    FUZZ_CHECK(st == KMA_OK, std::string("analysis with a loaded model failed: ") + kma_last_error_message());
    kma::fuzz::CheckAnalysis(r, kma::fuzz::ViewUtf8(t), top_n);
    kma_result_free(r);
  }
  // Spacing correction reads the lexical spacing table where there is one.
  const std::string unspaced = "나는학교에간다 철수가 밥을먹었다";
  kma_text* spaced = nullptr;
  FUZZ_CHECK(kma_space_utf8(a, unspaced.data(), unspaced.size(), 0.5, &spaced) == KMA_OK, kma_last_error_message());
  kma_text_free(spaced);
  kma_analyzer_free(a);
  if (!lm_calls) return;
  kma_lm_item items[8];
  size_t count = 0;
  uint32_t id = 0;
  const std::string h = "나/NP 는/JX";
  kma_status st = kma_lm_context_id(m, name, h.data(), h.size(), &id, nullptr);
  FUZZ_CHECK(st == KMA_OK || st == KMA_E_INVALID_ARGUMENT, kma_last_error_message());
  st = kma_lm_predict_next(m, name, h.data(), h.size(), items, 8, &count);
  FUZZ_CHECK(st == KMA_OK || st == KMA_E_INVALID_ARGUMENT, kma_last_error_message());
  st = kma_lm_most_similar(m, name, "나/NP", 6, items, 8, &count);
  FUZZ_CHECK(st == KMA_OK || st == KMA_E_INVALID_ARGUMENT || st == KMA_E_UNSUPPORTED, kma_last_error_message());
  (void)kma_model_metadata(m, "license");
}

}  // namespace

// The base models are built before fuzzing starts, so that their build
// (seconds on a busy machine) is not taken for a slow input.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  Base(0);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  const uint8_t flags = in.U8();
  const uint8_t lm_pick = in.U8();
  std::string image = Base(flags & 1);
  for (int k = 0; k < 64 && in.remaining() > 0; ++k) kma::fuzz::ApplyEdit(&in, &image);
  if (!(flags & 2)) kma::fuzz::Reseal(&image);
  kma_model* m = reinterpret_cast<kma_model*>(uintptr_t{1});
  kma_status st;
  if (flags & 4) {
    static const std::string path = "/tmp/kma_fuzz_model_load_" + std::to_string(::getpid()) + ".kmam";
    FILE* f = std::fopen(path.c_str(), "wb");
    FUZZ_CHECK(f != nullptr && std::fwrite(image.data(), 1, image.size(), f) == image.size(), "cannot write " + path);
    std::fclose(f);
    st = kma_model_open_file(&m, path.c_str(), nullptr);
    // The model keeps no handle on its path once open (it is read or mapped),
    // and a fuzz run must not leave a file per process behind in /tmp.
    std::remove(path.c_str());
  } else {
    st = kma_model_open_memory(&m, image.data(), image.size(), nullptr);
  }
  if (std::getenv("KMA_FUZZ_VERBOSE") != nullptr)
    std::fprintf(stderr, "open: %d %s\n", st, st == KMA_OK ? "" : kma_last_error_message());
  if (st != KMA_OK) {
    FUZZ_CHECK(m == nullptr, "a failed open left *out set");
    FUZZ_CHECK(st == KMA_E_MODEL_FORMAT || st == KMA_E_MODEL_VERSION || st == KMA_E_OUT_OF_MEMORY,
               "open failed with " + std::to_string(st) + ": " + kma_last_error_message());
    return 0;
  }
  Exercise(m, lm_pick, flags & 8);
  kma_model_free(m);
  return 0;
}
