#include "tools/kma/output_format.h"

#include "tools/kma/cli_args.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace kma::cli {

void AppendJsonString(std::string_view s, std::string* out) {
  out->push_back('"');
  for (char c : s) {
    switch (c) {
      case '"': out->append("\\\""); break;
      case '\\': out->append("\\\\"); break;
      case '\n': out->append("\\n"); break;
      case '\r': out->append("\\r"); break;
      case '\t': out->append("\\t"); break;
      case '\b': out->append("\\b"); break;
      case '\f': out->append("\\f"); break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(c));
          out->append(buf);
        } else {
          out->push_back(c);
        }
    }
  }
  out->push_back('"');
}

void AppendJsonNumber(double v, std::string* out) {
  if (!std::isfinite(v)) {
    out->append("null");
    return;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  out->append(buf);
}

namespace {

// Scores are printed with a fixed precision so that the text outputs are
// stable and easy to diff.
void AppendScore(double v, std::string* out) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  out->append(buf);
}

}  // namespace

void AppendMorphs(const Analysis& a, std::string* out) {
  bool first = true;
  for (const Token& t : a.tokens) {
    if (!first) out->push_back(' ');
    first = false;
    out->append(t.form);
    out->push_back('/');
    out->append(TagName(t.tag));
  }
}

void AppendJsonLine(std::string_view text, const std::vector<Analysis>& analyses,
                    std::string* out) {
  out->append("{\"text\":");
  AppendJsonString(text, out);
  out->append(",\"analyses\":[");
  for (size_t i = 0; i < analyses.size(); ++i) {
    if (i > 0) out->push_back(',');
    out->append("{\"score\":");
    AppendJsonNumber(analyses[i].score, out);
    out->append(",\"tokens\":[");
    const auto& tokens = analyses[i].tokens;
    for (size_t k = 0; k < tokens.size(); ++k) {
      const Token& t = tokens[k];
      if (k > 0) out->push_back(',');
      out->append("{\"form\":");
      AppendJsonString(t.form, out);
      out->append(",\"tag\":");
      AppendJsonString(TagName(t.tag), out);
      out->append(",\"begin\":" + std::to_string(t.begin));
      out->append(",\"length\":" + std::to_string(t.length));
      out->append(",\"cp_begin\":" + std::to_string(t.cp_begin));
      out->append(",\"cp_length\":" + std::to_string(t.cp_length));
      out->append(",\"sentence\":" + std::to_string(t.sentence));
      out->append(",\"word\":" + std::to_string(t.word));
      out->append(",\"score\":");
      AppendJsonNumber(t.score, out);
      out->append((t.flags & kTokenUnknown) ? ",\"unknown\":true" : ",\"unknown\":false");
      // Only tokens fixed by a span constraint carry the key, so output
      // without constraints is what it always was.
      if ((t.flags & kTokenConstrained) != 0) out->append(",\"constrained\":true");
      // Only typo mode sets it: without it the output stays as it always was.
      if (t.flags & kTokenCorrected) out->append(",\"corrected\":true");
      out->push_back('}');
    }
    out->append("]}");
  }
  out->append("]}");
}

void AppendTsv(const Analysis& a, std::string* out) {
  for (const Token& t : a.tokens) {
    out->append(t.form);
    out->push_back('\t');
    out->append(TagName(t.tag));
    out->append("\t" + std::to_string(t.begin) + "\t" + std::to_string(t.length) + "\t");
    AppendScore(t.score, out);
    out->push_back('\n');
  }
  out->append("EOS\n");
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
