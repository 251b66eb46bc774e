// Readers for the training data formats described in docs/DATA.md.
#ifndef KMA_TOOLS_BUILDER_CORPUS_CORPUS_READER_H_
#define KMA_TOOLS_BUILDER_CORPUS_CORPUS_READER_H_

#include <string>
#include <vector>

#include "core/base/pos_tag.h"
#include "core/base/status.h"

namespace kma::build {

struct CorpusMorph {
  std::string form;     // NFC UTF-8 as in the data
  PosTag tag;
  bool word_initial;    // first morpheme of a whitespace-separated word
};
using CorpusSentence = std::vector<CorpusMorph>;

// Where a sentence of the corpus came from.
struct CorpusLine {
  size_t line;      // 0-based line number in the file
  std::string raw;  // the raw text column
};

// corpus/train.tsv: raw TAB word TAB word...; each word "form/TAG form/TAG".
// Lines with unknown tags are kept with the bad morpheme dropped and counted.
// With `lines`, appends each kept sentence's line and raw text to it; with
// `line_count`, sets it to the number of lines in the file.
Status ReadCorpus(const std::string& path, std::vector<CorpusSentence>* out, size_t* skipped_morphs,
                  std::vector<CorpusLine>* lines = nullptr, size_t* line_count = nullptr);

// The gold sentences' sources, read from `sources_path` (one label per
// line of the corpus file `corpus_path` of `corpus_lines` lines, as
// corpus/train.sources) for the sentences of `gold_lines`. Errors: kIo
// naming the sources file if it cannot be read; kInvalidArgument when its
// line count differs from the corpus's (a sources file of another corpus)
// or a sentence's label is blank.
Status ReadGoldSources(const std::string& sources_path, const std::string& corpus_path, size_t corpus_lines,
                       const std::vector<CorpusLine>& gold_lines, std::vector<std::string>* sources);

struct LexiconEntry {
  std::string form;
  PosTag tag;
  uint32_t count;
  uint32_t source_count;
  std::string irregular;  // "" or ㅂ ㄷ ㅅ 르 ㅎ 러 우 으
};
// lexicon/lexicon.tsv: form TAB tag TAB count TAB sources TAB irregular.
Status ReadLexicon(const std::string& path, std::vector<LexiconEntry>* out);
// lexicon/irregular.tsv: stem TAB tag TAB class. Appended to `out` with count 0.
Status ReadIrregular(const std::string& path, std::vector<LexiconEntry>* out);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_CORPUS_CORPUS_READER_H_
