#include "capi/src/result_format.h"

#include <cmath>
#include <cstdio>

#include "kma/kma_result.h"

namespace kma::capi {
namespace {

void AppendNumber(const char* format, double v, std::string* out) {
  char buf[48];
  std::snprintf(buf, sizeof buf, format, v);
  out->append(buf);
}

// A JSON number with six significant digits; JSON has no NaN or infinity.
void AppendJsonNumber(double v, std::string* out) {
  if (std::isfinite(v)) {
    AppendNumber("%.6g", v, out);
  } else {
    out->append("null");
  }
}

void AppendField(const char* key, uint32_t v, std::string* out) {
  out->append(key);
  out->append(std::to_string(v));
}

void AppendMorphs(const RecordAnalysis& a, std::string* out) {
  for (size_t i = 0; i < a.token_count; ++i) {
    if (i > 0) out->push_back(' ');
    out->append(a.lemma ? a.tokens[i].lemma : a.tokens[i].form);
    out->push_back('/');
    out->append(a.tokens[i].tag);
  }
}

void AppendJsonToken(const RecordToken& t, bool lemma, std::string* out) {
  out->append("{\"form\":");
  AppendJsonString(t.form, out);
  out->append(",\"tag\":");
  AppendJsonString(t.tag, out);
  if (lemma) {
    out->append(",\"lemma\":");
    AppendJsonString(t.lemma, out);
  }
  AppendField(",\"begin\":", t.begin, out);
  AppendField(",\"length\":", t.length, out);
  AppendField(",\"cp_begin\":", t.cp_begin, out);
  AppendField(",\"cp_length\":", t.cp_length, out);
  AppendField(",\"sentence\":", t.sentence, out);
  AppendField(",\"word\":", t.word, out);
  out->append(",\"score\":");
  AppendJsonNumber(t.score, out);
  out->append((t.flags & KMA_TOKEN_UNKNOWN) ? ",\"unknown\":true" : ",\"unknown\":false");
  // Keys that only constraints or typo mode set appear only when true, so
  // plain output has the same keys whatever the version.
  if (t.flags & KMA_TOKEN_CONSTRAINED) out->append(",\"constrained\":true");
  if (t.flags & KMA_TOKEN_CORRECTED) out->append(",\"corrected\":true");
  out->push_back('}');
}

void AppendJson(std::string_view text, const RecordAnalysis* analyses, size_t count,
                std::string* out) {
  out->append("{\"text\":");
  AppendJsonString(text, out);
  out->append(",\"analyses\":[");
  for (size_t a = 0; a < count; ++a) {
    if (a > 0) out->push_back(',');
    out->append("{\"score\":");
    AppendJsonNumber(analyses[a].score, out);
    out->append(",\"tokens\":[");
    for (size_t i = 0; i < analyses[a].token_count; ++i) {
      if (i > 0) out->push_back(',');
      AppendJsonToken(analyses[a].tokens[i], analyses[a].lemma, out);
    }
    out->append("]}");
  }
  out->append("]}\n");
}

void AppendTsv(const RecordAnalysis* best, std::string* out) {
  for (size_t i = 0; best != nullptr && i < best->token_count; ++i) {
    const RecordToken& t = best->tokens[i];
    out->append(t.form);
    out->push_back('\t');
    out->append(t.tag);
    out->append("\t" + std::to_string(t.begin) + "\t" + std::to_string(t.length) + "\t");
    AppendNumber("%.4f", t.score, out);  // fixed precision: stable, easy to diff
    if (best->lemma) {
      out->push_back('\t');
      out->append(t.lemma);
    }
    out->push_back('\n');
  }
  out->append("EOS\n");
}

}  // namespace

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

bool IsRecordFormat(int32_t format) {
  return format == KMA_FORMAT_MORPHS || format == KMA_FORMAT_MORPHS_NBEST ||
         format == KMA_FORMAT_JSON || format == KMA_FORMAT_TSV;
}

void AppendRecord(int32_t format, std::string_view text, const RecordAnalysis* analyses,
                  size_t count, std::string* out) {
  switch (format) {
    case KMA_FORMAT_MORPHS:
      if (count > 0) AppendMorphs(analyses[0], out);
      out->push_back('\n');
      return;
    case KMA_FORMAT_MORPHS_NBEST:
      // An empty text has nothing to rank: only the block's closing line.
      for (size_t a = 0; !text.empty() && a < count; ++a) {
        AppendNumber("%.4f\t", analyses[a].score, out);
        AppendMorphs(analyses[a], out);
        out->push_back('\n');
      }
      out->push_back('\n');
      return;
    case KMA_FORMAT_JSON:
      AppendJson(text, analyses, count, out);
      return;
    case KMA_FORMAT_TSV:
      AppendTsv(count > 0 ? analyses : nullptr, out);
      return;
    default:
      return;
  }
}

}  // namespace kma::capi
