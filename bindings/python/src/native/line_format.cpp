// The three output formats of `kma analyze` (morphs, json, tsv), written from
// kma_result records so that kma.dask's output is byte-identical to the CLI's
// (tests/test_dask.py compares them). The JSON escaping and number formats
// follow tools/kma/output_format.cpp: `%.6g` for JSON numbers, `%.4f` for
// the scores of the text formats, control bytes as \uXXXX.
#include <cmath>
#include <cstdio>

#include "kma_py.h"

namespace kmapy {
namespace {

// The two-character escapes of JSON, as the CLI writes them: the letter after
// the backslash, or 0 for a byte without one.
char ShortEscape(unsigned char c) {
  switch (c) {
    case '"': return '"';
    case '\\': return '\\';
    case '\n': return 'n';
    case '\r': return 'r';
    case '\t': return 't';
    case '\b': return 'b';
    case '\f': return 'f';
    default: return 0;
  }
}

void AppendJsonString(const char* s, size_t n, std::string* out) {
  out->push_back('"');
  for (size_t i = 0; i < n; ++i) {
    const auto u = static_cast<unsigned char>(s[i]);
    if (const char e = ShortEscape(u)) {
      out->push_back('\\');
      out->push_back(e);
    } else if (u < 0x20 || u == 0x7F) {  // other control bytes and DEL
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", u);
      out->append(buf);
    } else {
      out->push_back(s[i]);  // UTF-8 passes through unchanged
    }
  }
  out->push_back('"');
}

void AppendFormat(const char* fmt, double v, std::string* out) {
  char buf[48];
  std::snprintf(buf, sizeof buf, fmt, v);
  out->append(buf);
}

void AppendJsonNumber(double v, std::string* out) {
  if (std::isfinite(v)) {
    AppendFormat("%.6g", v, out);
  } else {
    out->append("null");  // JSON has no NaN or infinity
  }
}

void AppendUint(const char* key, uint32_t v, std::string* out) {
  out->append(key);
  out->append(std::to_string(v));
}

void AppendMorphs(const kma_result* r, size_t a, std::string* out) {
  const kma_token* t = kma_result_tokens(r, a);
  const size_t n = kma_result_token_count(r, a);
  for (size_t i = 0; i < n; ++i) {
    if (i > 0) out->push_back(' ');
    out->append(kma_result_token_form(r, &t[i]), t[i].form_length);
    out->push_back('/');
    out->append(kma_tag_name(t[i].tag));
  }
}

void AppendJsonToken(const kma_result* r, const kma_token& t, std::string* out) {
  out->append("{\"form\":");
  AppendJsonString(kma_result_token_form(r, &t), t.form_length, out);
  out->append(",\"tag\":");
  const char* tag = kma_tag_name(t.tag);
  AppendJsonString(tag, std::char_traits<char>::length(tag), out);
  AppendUint(",\"begin\":", t.begin, out);
  AppendUint(",\"length\":", t.length, out);
  AppendUint(",\"cp_begin\":", t.cp_begin, out);
  AppendUint(",\"cp_length\":", t.cp_length, out);
  AppendUint(",\"sentence\":", t.sentence, out);
  AppendUint(",\"word\":", t.word, out);
  out->append(",\"score\":");
  AppendJsonNumber(t.score, out);
  out->append((t.flags & KMA_TOKEN_UNKNOWN) ? ",\"unknown\":true" : ",\"unknown\":false");
  // As `kma analyze -f json`: present only in typo mode, when true.
  if (t.flags & KMA_TOKEN_CORRECTED) out->append(",\"corrected\":true");
  out->push_back('}');
}

void AppendJson(const char* text, size_t size, const kma_result* r, std::string* out) {
  out->append("{\"text\":");
  AppendJsonString(text, size, out);
  out->append(",\"analyses\":[");
  const size_t count = kma_result_analysis_count(r);
  for (size_t a = 0; a < count; ++a) {
    if (a > 0) out->push_back(',');
    out->append("{\"score\":");
    AppendJsonNumber(kma_result_analysis_score(r, a), out);
    out->append(",\"tokens\":[");
    const kma_token* t = kma_result_tokens(r, a);
    const size_t n = kma_result_token_count(r, a);
    for (size_t i = 0; i < n; ++i) {
      if (i > 0) out->push_back(',');
      AppendJsonToken(r, t[i], out);
    }
    out->append("]}");
  }
  out->append("]}\n");
}

void AppendTsv(const kma_result* r, std::string* out) {
  const size_t n = kma_result_analysis_count(r) > 0 ? kma_result_token_count(r, 0) : 0;
  const kma_token* t = kma_result_tokens(r, 0);
  for (size_t i = 0; i < n; ++i) {
    out->append(kma_result_token_form(r, &t[i]), t[i].form_length);
    out->push_back('\t');
    out->append(kma_tag_name(t[i].tag));
    out->append("\t" + std::to_string(t[i].begin) + "\t" + std::to_string(t[i].length) + "\t");
    AppendFormat("%.4f", t[i].score, out);
    out->push_back('\n');
  }
  out->append("EOS\n");
}

}  // namespace

void AppendLine(LineFormat format, int top_n, const char* text, size_t size,
                const kma_result* result, std::string* out) {
  switch (format) {
    case LineFormat::kMorphs:
      if (top_n == 1) {
        if (kma_result_analysis_count(result) > 0) AppendMorphs(result, 0, out);
      } else if (size > 0) {  // an empty line has nothing to rank
        for (size_t a = 0; a < kma_result_analysis_count(result); ++a) {
          AppendFormat("%.4f\t", kma_result_analysis_score(result, a), out);
          AppendMorphs(result, a, out);
          out->push_back('\n');
        }
      }
      out->push_back('\n');
      return;
    case LineFormat::kJson:
      AppendJson(text, size, result, out);
      return;
    case LineFormat::kTsv:
      AppendTsv(result, out);
      return;
  }
}

}  // namespace kmapy
