// The N-best invariant check on real text: every line of a gold file
// (the raw text before the first tab) is analysed with top_n N through the
// C ABI and checked like a fuzz input (result_check.h). Run by ctest as
// shared_nbest_invariants on every 10th line of ../shared/data/corpus/dev.tsv
// with N = 64 (the whole file takes minutes; docs/RELIABILITY.md records the
// full run).
//
//   nbest_dev_check FILE N [STRIDE [LM [PRUNE]]]   (every STRIDE-th line, default 1;
//                                                 LM "" the default; PRUNE: KMA_OPT_PRUNE_MARGIN)
//
// Exits 77 with "SKIP: ..." when FILE is missing (the shared data is optional).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include <kma/kma.h>

#include "tests/fuzz/fuzz_util.h"
#include "tests/fuzz/result_check.h"
#include "tests/fuzz/text_view.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: nbest_dev_check FILE N [STRIDE [LM [PRUNE]]]\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::printf("SKIP: %s not found\n", argv[1]);
    return 77;
  }
  const int top_n = std::atoi(argv[2]);
  const long stride = argc > 3 ? std::max(1L, std::atol(argv[3])) : 1;
  kma_options* opt = nullptr;
  kma_options_new(&opt);
  FUZZ_CHECK(kma_options_set_int(opt, KMA_OPT_TOP_N, top_n) == KMA_OK, kma_last_error_message());
  if (argc > 4) FUZZ_CHECK(kma_options_set_string(opt, KMA_OPT_LM, argv[4]) == KMA_OK, kma_last_error_message());
  if (argc > 5)
    FUZZ_CHECK(kma_options_set_float(opt, KMA_OPT_PRUNE_MARGIN, std::strtof(argv[5], nullptr)) == KMA_OK,
               kma_last_error_message());
  kma_analyzer* a = nullptr;
  FUZZ_CHECK(kma_analyzer_new(&a, kma::fuzz::SharedModel(), opt) == KMA_OK, kma_last_error_message());
  kma_options_free(opt);
  const auto t0 = std::chrono::steady_clock::now();
  size_t lines = 0, analyses = 0;
  long index = -1;
  std::string line;
  while (std::getline(in, line)) {
    if (++index % stride != 0) continue;
    const std::string text = line.substr(0, line.find('\t'));
    kma_result* r = nullptr;
    const kma_status st = kma_analyzer_analyze_utf8(a, text.data(), text.size(), &r);
    const kma::fuzz::TextView view = kma::fuzz::ViewUtf8(text);
    kma::fuzz::CheckStatus(st, r, view);
    if (r != nullptr) {
      kma::fuzz::CheckAnalysis(r, view, top_n);
      analyses += kma_result_analysis_count(r);
    }
    kma_result_free(r);
    ++lines;
  }
  kma_analyzer_free(a);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%zu lines, %zu analyses with top_n %d: every invariant holds (%.1f s)\n", lines, analyses, top_n, s);
  return 0;
}
