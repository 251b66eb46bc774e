#include "tools/builder/corpus/corpus_reader.h"

#include <fstream>
#include <sstream>

namespace kma::build {
namespace {

std::vector<std::string_view> Split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == sep) {
      parts.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  return parts;
}

Status OpenLines(const std::string& path, std::ifstream* in) {
  in->open(path, std::ios::binary);
  if (!*in) return Status(StatusCode::kIo, "cannot open '" + path + "'");
  return Status::Ok();
}

void StripCr(std::string* line) {
  if (!line->empty() && line->back() == '\r') line->pop_back();
}

// Calls fn with the tab-separated columns of each line of a list file (the
// lexicon, the irregular list), skipping empty lines and # comments.
template <typename Fn>
Status ForEachListLine(const std::string& path, Fn fn) {
  std::ifstream in;
  KMA_RETURN_IF_ERROR(OpenLines(path, &in));
  std::string line;
  while (std::getline(in, line)) {
    StripCr(&line);
    if (line.empty() || line[0] == '#') continue;
    fn(Split(line, '\t'));
  }
  return Status::Ok();
}

}  // namespace

Status ReadCorpus(const std::string& path, std::vector<CorpusSentence>* out, size_t* skipped,
                  std::vector<CorpusLine>* lines, size_t* line_count) {
  std::ifstream in;
  KMA_RETURN_IF_ERROR(OpenLines(path, &in));
  std::string line;
  *skipped = 0;
  size_t line_no = 0;
  for (; std::getline(in, line); ++line_no) {
    StripCr(&line);
    auto cols = Split(line, '\t');
    if (cols.size() < 2) continue;
    CorpusSentence sent;
    for (size_t c = 1; c < cols.size(); ++c) {
      bool first = true;
      for (std::string_view m : Split(cols[c], ' ')) {
        if (m.empty()) continue;
        size_t slash = m.rfind('/');
        PosTag tag;
        if (slash == std::string_view::npos || slash == 0 || !ParseTag(m.substr(slash + 1), &tag)) {
          ++*skipped;
          continue;
        }
        sent.push_back({std::string(m.substr(0, slash)), tag, first});
        first = false;
      }
    }
    if (sent.empty()) continue;
    out->push_back(std::move(sent));
    if (lines != nullptr) lines->push_back({line_no, std::string(cols[0])});
  }
  if (line_count != nullptr) *line_count = line_no;
  return Status::Ok();
}

Status ReadGoldSources(const std::string& sources_path, const std::string& corpus_path, size_t corpus_lines,
                       const std::vector<CorpusLine>& gold_lines, std::vector<std::string>* sources) {
  std::ifstream in;
  KMA_RETURN_IF_ERROR(OpenLines(sources_path, &in));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    StripCr(&line);
    lines.push_back(std::move(line));
  }
  if (lines.size() != corpus_lines)
    return Status(StatusCode::kInvalidArgument, sources_path + ": " + std::to_string(lines.size()) +
                                                    " lines, but " + corpus_path + " has " +
                                                    std::to_string(corpus_lines) + " (one source per corpus line)");
  sources->clear();
  for (const CorpusLine& g : gold_lines) {
    if (g.line >= lines.size() || lines[g.line].empty())
      return Status(StatusCode::kInvalidArgument, sources_path + ":" + std::to_string(g.line + 1) + ": no source");
    sources->push_back(lines[g.line]);
  }
  return Status::Ok();
}

Status ReadLexicon(const std::string& path, std::vector<LexiconEntry>* out) {
  return ForEachListLine(path, [out](const std::vector<std::string_view>& cols) {
    if (cols.size() < 2 || cols[0].empty()) return;
    if (cols[0].find(' ') != std::string_view::npos) return;  // multi-word entries: not supported yet
    LexiconEntry e;
    if (!ParseTag(cols[1], &e.tag)) return;
    e.form = std::string(cols[0]);
    e.count = cols.size() > 2 ? static_cast<uint32_t>(std::strtoul(std::string(cols[2]).c_str(), nullptr, 10)) : 0;
    e.source_count = 0;
    if (cols.size() > 3 && !cols[3].empty()) e.source_count = static_cast<uint32_t>(Split(cols[3], ',').size());
    if (cols.size() > 4) e.irregular = std::string(cols[4]);
    out->push_back(std::move(e));
  });
}

Status ReadIrregular(const std::string& path, std::vector<LexiconEntry>* out) {
  return ForEachListLine(path, [out](const std::vector<std::string_view>& cols) {
    if (cols.size() < 3) return;
    LexiconEntry e;
    if (!ParseTag(cols[1], &e.tag)) return;
    e.form = std::string(cols[0]);
    e.count = 0;
    e.source_count = 1;
    e.irregular = std::string(cols[2]);
    out->push_back(std::move(e));
  });
}

}  // namespace kma::build
