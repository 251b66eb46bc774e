// Allocation-failure and I/O-fault sweeps through the C ABI (the SQLite
// approach): each call below runs once for every allocation it makes, the
// N-th one failing, until a run completes without reaching N; and once for
// every read(2) it makes, the N-th one failing with EIO or EINTR, and with
// short reads. Every run must
//  - return KMA_OK with the very result of an undisturbed run, or the status
//    the fault stands for (KMA_E_OUT_OF_MEMORY, KMA_E_IO naming the path),
//  - leave its handle as documented (outputs NULL, a dictionary unchanged,
//    an analyzer that analyses again exactly as before),
//  - and leak nothing: the blocks allocated through the hooks return to
//    their count before the run (under ASan, LeakSanitizer checks the rest).
//
// By default a sample of each sweep runs (24 points per call, KMA_FAULT_POINTS
// to change: the first ones, then evenly spaced ones); KMA_FAULT_SWEEP=full
// runs every point, as docs/RELIABILITY.md says. Each sweep prints its
// number of points.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kma/kma.h"
#include "tests/fault/fault_hooks.h"

namespace {

namespace f = kma::fault;

// ---- describing outcomes ---------------------------------------------------

// Everything a result says, as text, to compare runs exactly.
std::string Describe(const kma_result* r) {
  std::string s;
  char buf[160];
  for (size_t a = 0; a < kma_result_analysis_count(r); ++a) {
    std::snprintf(buf, sizeof buf, "%.6f:", kma_result_analysis_score(r, a));
    s += buf;
    const kma_token* t = kma_result_tokens(r, a);
    for (size_t i = 0; i < kma_result_token_count(r, a); ++i) {
      std::snprintf(buf, sizeof buf, " %s/%s@%u+%u,%u,%u,%u,%.5f", kma_result_token_form(r, &t[i]),
                    kma_tag_name(t[i].tag), t[i].begin, t[i].length, t[i].flags, t[i].sentence, t[i].word,
                    t[i].score);
      s += buf;
    }
    s += '\n';
  }
  for (size_t k = 0; k < kma_result_sentence_count(r); ++k) {
    kma_span sp{};
    if (kma_result_sentence(r, k, &sp) == KMA_OK) s += "[" + std::to_string(sp.begin) + "," + std::to_string(sp.length) + "]";
  }
  return s;
}

const char kText[] = "나는 어제 친구와 함께 영화를 봤다. 카카오뱅크에서 돈을 찾았어요! 됬다 할께요 ㅋㅋ";

struct Ptrs {
  kma_model* model = nullptr;
  kma_options* top8 = nullptr;
  kma_options* typos = nullptr;
};

std::string AnalyzeWith(const kma_model* m, const kma_options* opt, const char* text) {
  kma_analyzer* a = nullptr;
  kma_result* r = nullptr;
  std::string s = "error";
  if (kma_analyzer_new(&a, m, opt) == KMA_OK && kma_analyzer_analyze_utf8(a, text, std::strlen(text), &r) == KMA_OK)
    s = Describe(r);
  kma_result_free(r);
  kma_analyzer_free(a);
  return s;
}

// ---- the sweep ----------------------------------------------------------------

bool FullSweep() {
  const char* v = std::getenv("KMA_FAULT_SWEEP");
  return v != nullptr && std::strcmp(v, "full") == 0;
}

// Points a sampled sweep visits per call: KMA_FAULT_POINTS, default 24
// (`fewer` for a call whose sweep repeats another's).
uint64_t SamplePoints(bool fewer) {
  const char* v = std::getenv("KMA_FAULT_POINTS");
  const long n = v != nullptr ? std::atol(v) : 0;
  const uint64_t points = n >= 2 ? static_cast<uint64_t>(n) : 24;
  return fewer ? std::max<uint64_t>(2, points / 3) : points;
}

// The injection points to visit among 1..count: all of them, or the first
// third of the sample and the rest spread evenly (always the last one too).
// The spread points shift with the count, so that runs after a change of
// the library visit other points.
std::vector<uint64_t> Points(uint64_t count, bool fewer) {
  std::vector<uint64_t> out;
  if (count == 0) return out;
  const uint64_t sample = SamplePoints(fewer), head = sample / 3;
  const uint64_t stride = FullSweep() || count <= sample ? 1 : (count - head) / (sample - head) + 1;
  for (uint64_t n = 1; n <= count; n += n < head ? 1 : stride) out.push_back(n);
  if (out.back() != count) out.push_back(count);
  return out;
}

// One call under faults. `setup` and `teardown` run undisturbed around it;
// `check` judges each run (given the call's status and whether the fault
// happened) and the state it left.
struct Case {
  std::function<void()> setup;
  std::function<kma_status()> call;
  std::function<void(kma_status st, bool faulted)> check;
  std::function<void()> teardown;
};

// Warms up (statics, model memos, the thread's error message buffer), then
// runs the case at every chosen allocation point. Returns the number of
// allocations the call makes.
uint64_t SweepAllocations(const char* name, const Case& c, bool fewer = false) {
  for (int warm = 0; warm < 2; ++warm) {
    c.setup();
    c.check(c.call(), false);
    c.teardown();
  }
  c.setup();
  f::CountAllocations();
  const kma_status st = c.call();
  const uint64_t count = f::Allocations();
  c.check(st, false);
  c.teardown();
  size_t runs = 0;
  for (const uint64_t n : Points(count, fewer)) {
    // The trace's own memory is allocated before the blocks are counted.
    SCOPED_TRACE(std::string(name) + ": allocation " + std::to_string(n) + " of " + std::to_string(count));
    const int64_t live = f::LiveBlocks();
    c.setup();
    f::FailAllocation(n);
    const kma_status got = c.call();
    const bool failed = f::AllocationFailed();
    f::FailAllocation(0);
    EXPECT_TRUE(failed) << "the call no longer reaches allocation " << n;
    c.check(got, failed);
    c.teardown();
    EXPECT_EQ(f::LiveBlocks(), live) << "blocks leaked";
    ++runs;
    if (::testing::Test::HasFailure()) break;
    // A full sweep of a large call runs for hours: its progress, so that an
    // interrupted one still tells how far it came cleanly.
    if (FullSweep() && runs % 1000 == 0)
      std::fprintf(stderr, "%s: %zu of %llu points clean\n", name, runs, static_cast<unsigned long long>(count));
  }
  std::printf("%s: %llu allocations, %zu injection points run%s\n", name, static_cast<unsigned long long>(count),
              runs, FullSweep() ? " (full sweep)" : " (sample; KMA_FAULT_SWEEP=full for all)");
  return count;
}

class FaultTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ASSERT_EQ(kma_model_open_file(&p_.model, KMA_TEST_MODEL_PATH, nullptr), KMA_OK);
    ASSERT_EQ(kma_options_new(&p_.top8), KMA_OK);
    ASSERT_EQ(kma_options_set_int(p_.top8, KMA_OPT_TOP_N, 8), KMA_OK);
    ASSERT_EQ(kma_options_new(&p_.typos), KMA_OK);
    ASSERT_EQ(kma_options_set_int(p_.typos, KMA_OPT_TYPOS, 1), KMA_OK);
    // The thread's error message buffer grows to its size once, here, not
    // inside a measured run.
    kma_model* none = nullptr;
    const std::string long_path = "/nonexistent/" + std::string(2000, 'x');
    kma_model_open_file(&none, long_path.c_str(), nullptr);
  }
  static void TearDownTestSuite() {
    kma_options_free(p_.typos);
    kma_options_free(p_.top8);
    kma_model_free(p_.model);
  }
  static Ptrs p_;
};
Ptrs FaultTest::p_;

// A fault became KMA_E_OUT_OF_MEMORY with a message, or was absorbed: then
// the outcome is the undisturbed one.
void ExpectCleanStatus(kma_status st, bool faulted, kma_status fault_status = KMA_E_OUT_OF_MEMORY) {
  if (!faulted) {
    EXPECT_EQ(st, KMA_OK) << kma_last_error_message();
    return;
  }
  if (st != KMA_OK) {
    EXPECT_EQ(st, fault_status) << kma_last_error_message();
    EXPECT_GT(std::strlen(kma_last_error_message()), 0u);
  }
}

// ---- model opening --------------------------------------------------------------

Case ModelOpenCase(const Ptrs& p, kma_model** m, bool read_not_map) {
  static std::string want;
  want = AnalyzeWith(p.model, nullptr, kText);
  return Case{[=] {
                *m = reinterpret_cast<kma_model*>(uintptr_t{1});
                f::SetMmapFails(read_not_map);
              },
              [=] { return kma_model_open_file(m, KMA_TEST_MODEL_PATH, nullptr); },
              [=](kma_status st, bool faulted) {
                f::SetMmapFails(false);
                ExpectCleanStatus(st, faulted);
                if (st != KMA_OK) {
                  EXPECT_EQ(*m, nullptr);
                } else {
                  EXPECT_EQ(AnalyzeWith(*m, nullptr, kText), want);
                }
              },
              [=] {
                kma_model_free(*m == reinterpret_cast<kma_model*>(uintptr_t{1}) ? nullptr : *m);
                *m = nullptr;
              }};
}

TEST_F(FaultTest, ModelOpen) {
  kma_model* m = nullptr;
  EXPECT_GT(SweepAllocations("kma_model_open_file", ModelOpenCase(p_, &m, false)), 0u);
  // Reading instead of mapping adds the buffer's allocation, among the first.
  EXPECT_GT(SweepAllocations("kma_model_open_file (read, not mapped)", ModelOpenCase(p_, &m, true), true), 0u);
}

TEST_F(FaultTest, AnalyzerNew) {
  kma_analyzer* a = nullptr;
  SweepAllocations("kma_analyzer_new",
                   Case{[&] { a = reinterpret_cast<kma_analyzer*>(uintptr_t{1}); },
                        [&] { return kma_analyzer_new(&a, p_.model, p_.top8); },
                        [&](kma_status st, bool faulted) {
                          ExpectCleanStatus(st, faulted);
                          if (st != KMA_OK) {
                            EXPECT_EQ(a, nullptr);
                          }
                        },
                        [&] {
                          kma_analyzer_free(a == reinterpret_cast<kma_analyzer*>(uintptr_t{1}) ? nullptr : a);
                          a = nullptr;
                        }});
}

// ---- analysis -----------------------------------------------------------------------

// An analysis on an analyzer made in setup: a failed one must leave the
// analyzer analysing exactly as before (the C ABI gives its buffers back).
// With `keep_analyzer` one analyzer serves every run (it is back at its
// steady state after the check's undisturbed analysis, so its blocks still
// count exactly): a constrained analyzer indexes the model's forms on its
// first use, 70 ms a time.
void SweepAnalysis(const char* name, const kma_model* model, const kma_options* opt,
                   const kma_constraints* constraints, const char* text = kText, bool keep_analyzer = false) {
  const std::string want = [&] {
    kma_analyzer* a = nullptr;
    kma_result* r = nullptr;
    std::string s;
    EXPECT_EQ(kma_analyzer_new(&a, model, opt), KMA_OK);
    const kma_status st =
        constraints == nullptr
            ? kma_analyzer_analyze_utf8(a, text, std::strlen(text), &r)
            : kma_analyzer_analyze_constrained_utf8(a, text, std::strlen(text), constraints, &r);
    EXPECT_EQ(st, KMA_OK) << kma_last_error_message();
    if (r != nullptr) s = Describe(r);
    kma_result_free(r);
    kma_analyzer_free(a);
    return s;
  }();
  kma_analyzer* a = nullptr;
  kma_result* r = nullptr;
  auto analyze = [&] {
    return constraints == nullptr
               ? kma_analyzer_analyze_utf8(a, text, std::strlen(text), &r)
               : kma_analyzer_analyze_constrained_utf8(a, text, std::strlen(text), constraints, &r);
  };
  if (keep_analyzer) {
    ASSERT_EQ(kma_analyzer_new(&a, model, opt), KMA_OK);
  }
  SweepAllocations(name, Case{[&] {
                                if (!keep_analyzer) {
                                  ASSERT_EQ(kma_analyzer_new(&a, model, opt), KMA_OK);
                                }
                                r = reinterpret_cast<kma_result*>(uintptr_t{1});
                              },
                              analyze,
                              [&](kma_status st, bool faulted) {
                                ExpectCleanStatus(st, faulted);
                                if (st != KMA_OK) {
                                  EXPECT_EQ(r, nullptr);
                                } else {
                                  EXPECT_EQ(Describe(r), want);
                                  kma_result_free(r);
                                }
                                r = nullptr;
                                // The same analyzer, undisturbed, analyses as before.
                                ASSERT_EQ(analyze(), KMA_OK);
                                EXPECT_EQ(Describe(r), want);
                                kma_result_free(r);
                                r = nullptr;
                              },
                              [&] {
                                if (keep_analyzer) return;
                                kma_analyzer_free(a);
                                a = nullptr;
                              }});
  kma_analyzer_free(a);
}

TEST_F(FaultTest, AnalyzeTop1) { SweepAnalysis("analyze, top 1", p_.model, nullptr, nullptr); }
TEST_F(FaultTest, AnalyzeTop8) { SweepAnalysis("analyze, top 8", p_.model, p_.top8, nullptr); }
TEST_F(FaultTest, AnalyzeTypos) { SweepAnalysis("analyze, typos", p_.model, p_.typos, nullptr); }

TEST_F(FaultTest, AnalyzeConstrained) {
  kma_constraints* c = nullptr;
  ASSERT_EQ(kma_constraints_new(&c), KMA_OK);
  // A span and two lemmas, each in a span (a lemma anywhere makes the whole
  // text one search unit), on a shorter text: a constrained search keeps a
  // beam per combination of lemmas held, and allocates far more than a
  // plain one (58,000 times for this text with a lemma anywhere).
  const char text[] = "나는 영화를 봤다. 카카오뱅크에서 찾았어요";
  const char spec[] = "0:2 나/NP+는/JX; lemma@7:9 보/VV; lemma@11:16 카카오뱅크/NNP";
  ASSERT_EQ(kma_constraints_parse(c, spec, std::strlen(spec)), KMA_OK) << kma_last_error_message();
  SweepAnalysis("analyze, constraints", p_.model, p_.top8, c, text, true);
  kma_constraints_free(c);
}

const char kDict[] =
    "카카오뱅크\tNNP\t2\n"
    "힙하\tVA\n"
    "됬다\t되/VV 었/EP 다/EF\n"
    "!pattern\t[A-Z]{2}-\\d+\tSL\n"
    "!block\t함께/MAG\n";

TEST_F(FaultTest, AnalyzeWithUserDict) {
  kma_user_dict* d = nullptr;
  kma_model* derived = nullptr;
  ASSERT_EQ(kma_user_dict_new(&d, p_.model), KMA_OK);
  ASSERT_EQ(kma_user_dict_load_utf8(d, kDict, std::strlen(kDict), "d.tsv"), KMA_OK);
  ASSERT_EQ(kma_model_with_user_dict(&derived, p_.model, d), KMA_OK);
  SweepAnalysis("analyze, user dictionary", derived, p_.top8, nullptr);
  kma_model_free(derived);
  kma_user_dict_free(d);
}

// ---- user dictionaries -----------------------------------------------------------------

std::string WriteTemp(const char* name, const std::string& bytes) {
  const std::string path = ::testing::TempDir() + name;
  std::FILE* fp = std::fopen(path.c_str(), "wb");
  EXPECT_NE(fp, nullptr);
  std::fwrite(bytes.data(), 1, bytes.size(), fp);
  std::fclose(fp);
  return path;
}

// Loading a file: a failure adds nothing, and the dictionary then loads the
// file as if nothing had happened. Compiling it: a failure gives no model.
TEST_F(FaultTest, UserDictLoadAndCompile) {
  static const std::string path = WriteTemp("kma_fault_dict.tsv", kDict);
  kma_user_dict* d = nullptr;
  SweepAllocations("kma_user_dict_load_file",
                   Case{[&] { ASSERT_EQ(kma_user_dict_new(&d, p_.model), KMA_OK); },
                        [&] { return kma_user_dict_load_file(d, path.c_str()); },
                        [&](kma_status st, bool faulted) {
                          ExpectCleanStatus(st, faulted);
                          if (st != KMA_OK) {
                            EXPECT_EQ(kma_user_dict_size(d), 0u);
                            ASSERT_EQ(kma_user_dict_load_file(d, path.c_str()), KMA_OK);
                          }
                          EXPECT_EQ(kma_user_dict_size(d), 5u);
                        },
                        [&] {
                          kma_user_dict_free(d);
                          d = nullptr;
                        }});
  const std::string want = [&] {
    kma_user_dict* dd = nullptr;
    kma_model* m = nullptr;
    EXPECT_EQ(kma_user_dict_new(&dd, p_.model), KMA_OK);
    EXPECT_EQ(kma_user_dict_load_utf8(dd, kDict, std::strlen(kDict), nullptr), KMA_OK);
    EXPECT_EQ(kma_model_with_user_dict(&m, p_.model, dd), KMA_OK);
    std::string s = AnalyzeWith(m, nullptr, kText);
    kma_model_free(m);
    kma_user_dict_free(dd);
    return s;
  }();
  kma_model* m = nullptr;
  SweepAllocations("kma_model_with_user_dict",
                   Case{[&] {
                          ASSERT_EQ(kma_user_dict_new(&d, p_.model), KMA_OK);
                          ASSERT_EQ(kma_user_dict_load_utf8(d, kDict, std::strlen(kDict), nullptr), KMA_OK);
                        },
                        [&] { return kma_model_with_user_dict(&m, p_.model, d); },
                        [&](kma_status st, bool faulted) {
                          ExpectCleanStatus(st, faulted);
                          if (st != KMA_OK) {
                            EXPECT_EQ(m, nullptr);
                            ASSERT_EQ(kma_model_with_user_dict(&m, p_.model, d), KMA_OK);
                          }
                          EXPECT_EQ(AnalyzeWith(m, nullptr, kText), want);
                        },
                        [&] {
                          kma_model_free(m);
                          m = nullptr;
                          kma_user_dict_free(d);
                          d = nullptr;
                        }});
}

// ---- read faults -------------------------------------------------------------------------

// Runs `call` with the n-th read(2) failing (EIO, then EINTR) for every n
// until a run makes fewer reads, and with reads of at most `piece` bytes.
// An EIO must give KMA_E_IO naming `path`; EINTR and short reads must not
// change the outcome.
void SweepReads(const char* name, const std::string& path, size_t piece, const Case& c) {
  f::SetReadFault(f::ReadFault::kNone, 0);
  c.setup();
  c.check(c.call(), false);
  c.teardown();
  const uint64_t reads = f::Reads();
  ASSERT_GT(reads, 0u) << name << " reads nothing";
  for (const f::ReadFault fault : {f::ReadFault::kError, f::ReadFault::kEintr}) {
    for (uint64_t n = 1; n <= reads; ++n) {
      SCOPED_TRACE(std::string(name) + (fault == f::ReadFault::kError ? ": EIO" : ": EINTR") + " at read " +
                   std::to_string(n) + " of " + std::to_string(reads));
      const int64_t live = f::LiveBlocks();  // after the trace's allocation
      c.setup();
      f::SetReadFault(fault, n);
      const kma_status st = c.call();
      const bool failed = f::ReadFailed();
      f::SetReadFault(f::ReadFault::kNone, 0);
      EXPECT_TRUE(failed);
      if (fault == f::ReadFault::kError) {
        EXPECT_EQ(st, KMA_E_IO) << kma_last_error_message();
        EXPECT_NE(std::strstr(kma_last_error_message(), path.c_str()), nullptr) << kma_last_error_message();
        c.check(st, true);
      } else {
        c.check(st, false);
      }
      c.teardown();
      EXPECT_EQ(f::LiveBlocks(), live) << "blocks leaked";
      if (::testing::Test::HasFailure()) return;
    }
  }
  c.setup();
  f::SetReadFault(f::ReadFault::kShort, piece);
  const kma_status st = c.call();
  const uint64_t short_reads = f::Reads();
  f::SetReadFault(f::ReadFault::kNone, 0);
  c.check(st, false);
  c.teardown();
  std::printf("%s: %llu reads, each failed in turn with EIO and EINTR; %llu reads of at most %zu bytes\n", name,
              static_cast<unsigned long long>(reads), static_cast<unsigned long long>(short_reads), piece);
}

TEST_F(FaultTest, ModelReadFaults) {
  kma_model* m = nullptr;
  kma_model** out = &m;
  Case c = ModelOpenCase(p_, out, true);
  auto check = c.check;
  // An EIO leaves no model; anything else must be the undisturbed model.
  c.check = [=](kma_status st, bool faulted) {
    f::SetMmapFails(false);
    if (faulted) {
      EXPECT_EQ(*out, nullptr);
    } else {
      check(st, false);
    }
  };
  SweepReads("kma_model_open_file (read, not mapped)", KMA_TEST_MODEL_PATH, 65521, c);
}

TEST_F(FaultTest, UserDictReadFaults) {
  // Several reads' worth of lines (ReadTextFile reads 64 KiB at a time).
  std::string text = kDict;
  for (int i = 0; i < 12000; ++i) text += "단어" + std::to_string(i) + "\tNNG\n";
  static const std::string path = WriteTemp("kma_fault_read_dict.tsv", text);
  kma_user_dict* d = nullptr;
  SweepReads("kma_user_dict_load_file", path, 3,
             Case{[&] { ASSERT_EQ(kma_user_dict_new(&d, p_.model), KMA_OK); },
                  [&] { return kma_user_dict_load_file(d, path.c_str()); },
                  [&](kma_status st, bool faulted) {
                    if (faulted) {
                      EXPECT_EQ(kma_user_dict_size(d), 0u);  // all or nothing
                    } else {
                      EXPECT_EQ(st, KMA_OK) << kma_last_error_message();
                      EXPECT_EQ(kma_user_dict_size(d), 12005u);
                    }
                  },
                  [&] {
                    kma_user_dict_free(d);
                    d = nullptr;
                  }});
}

}  // namespace
