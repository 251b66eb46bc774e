#include "tools/kma/io/output_format.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "capi/src/result_format.h"
#include "core/search/lemma.h"
#include "kma/kma_result.h"
#include "tools/kma/options/cli_args.h"

namespace kma::cli {
namespace {

// The records' view of the analyses. Core tokens carry UTF-8 byte offsets
// already (the CLI analyses UTF-8), so no mapping is needed.
struct RecordScratch {
  std::vector<capi::RecordToken> tokens;
  std::vector<capi::RecordAnalysis> analyses;
  // With lemmas: all of them, NUL-separated, which the tokens view once
  // every one is written (the string may move while it grows).
  std::string lemmas;
  std::vector<size_t> lemma_begin;

  void Fill(const Analysis* first, size_t count, bool with_lemma) {
    tokens.clear();
    analyses.clear();
    lemmas.clear();
    lemma_begin.clear();
    for (size_t a = 0; a < count; ++a) {
      for (const Token& t : first[a].tokens) {
        capi::RecordToken r;
        r.form = t.form;
        r.tag = TagName(t.tag);
        if (with_lemma) {
          lemma_begin.push_back(lemmas.size());
          AppendLemma(t.form, t.tag, &lemmas);
          lemmas.push_back('\0');
        }
        r.begin = t.begin;
        r.length = t.length;
        r.cp_begin = t.cp_begin;
        r.cp_length = t.cp_length;
        r.sentence = t.sentence;
        r.word = t.word;
        r.score = t.score;
        r.flags = t.flags;
        tokens.push_back(r);
      }
    }
    for (size_t i = 0; i < lemma_begin.size(); ++i) {
      const size_t end = lemmas.find('\0', lemma_begin[i]);
      tokens[i].lemma = std::string_view(lemmas).substr(lemma_begin[i], end - lemma_begin[i]);
    }
    size_t next = 0;
    for (size_t a = 0; a < count; ++a) {
      analyses.push_back({first[a].score, tokens.data() + next, first[a].tokens.size(), with_lemma});
      next += first[a].tokens.size();
    }
  }
};

// Reused per thread: formatting runs on the analysis threads.
thread_local RecordScratch t_scratch;

}  // namespace

void AppendRecord(int32_t format, std::string_view text, const std::vector<Analysis>& analyses,
                  std::string* out, bool with_lemma) {
  t_scratch.Fill(analyses.data(), analyses.size(), with_lemma);
  capi::AppendRecord(format, text, t_scratch.analyses.data(), t_scratch.analyses.size(), out);
}

void AppendMorphs(const Analysis& a, std::string* out) {
  t_scratch.Fill(&a, 1, false);
  capi::AppendRecord(KMA_FORMAT_MORPHS, {}, t_scratch.analyses.data(), 1, out);
  out->pop_back();  // the record's newline
}

namespace {
int g_stdout_errno = 0;  // of the first failed write to stdout
}  // namespace

bool WriteStdout(const std::string& s) {
  if (g_stdout_errno != 0) return false;
  errno = 0;
  if (std::fwrite(s.data(), 1, s.size(), stdout) == s.size() && !std::ferror(stdout)) return true;
  g_stdout_errno = errno != 0 ? errno : EIO;
  return false;
}

bool FlushStdout() {
  if (g_stdout_errno != 0) return false;
  errno = 0;
  if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return true;
  g_stdout_errno = errno != 0 ? errno : EIO;
  return false;
}

std::string StdoutError() {
  return std::string("error writing to stdout: ") + std::strerror(g_stdout_errno != 0 ? g_stdout_errno : EIO);
}

int WriteOutput(const std::string& path, const std::string& s) {
  if (path.empty()) {
    if (!WriteStdout(s) || !FlushStdout()) return Fail(kExitRuntime, StdoutError());
    return kExitOk;
  }
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return Fail(kExitRuntime, path + ": cannot open for writing");
  const bool ok = std::fwrite(s.data(), 1, s.size(), f) == s.size();
  if (std::fclose(f) != 0 || !ok) return Fail(kExitRuntime, path + ": write error");
  return kExitOk;
}

}  // namespace kma::cli
