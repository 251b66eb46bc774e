// Fuzz target: the typo edit-set parser (core/search/typo_edits.h) and the
// compiler of parsed edits into lattice candidates (typo_candidates.h).
//
// Input: the whole input is an edit-set text. The parser must accept it or
// reject it with kInvalidArgument, "typo edits line N: ..." and the byte
// offset of a line start inside the input; a rejected parse leaves the
// output empty. An accepted set is compiled against the bundled model and
// its candidates are built for the written side of every edit (alone and
// after a syllable) and for a fixed text: every node must lie inside its run
// and be marked corrected or be a jamo token.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/model.h"
#include "core/search/lattice.h"
#include "core/search/typo_candidates.h"
#include "core/search/typo_edits.h"
#include "core/text/hangul.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

using kma::search::Node;
using kma::search::TypoCandidates;
using kma::search::TypoEdit;
using kma::search::TypoEditSet;

const kma::Model& CoreModel() {
  static const std::shared_ptr<const kma::Model> model = [] {
    auto m = kma::Model::OpenFile(KMA_FUZZ_DEFAULT_MODEL);
    FUZZ_CHECK(m.ok(), "cannot open " KMA_FUZZ_DEFAULT_MODEL);
    return std::move(m).value();
  }();
  return *model;
}

// Builds the candidates of every position of `text` (one Hangul run) and
// checks each node.
void CheckRun(TypoCandidates* tc, const kma::ModelImpl& model, const std::u32string& text) {
  if (text.empty()) return;
  std::vector<kma::TrieLabel> labels;
  for (char32_t c : text) labels.push_back(model.trie().Label(c));
  const uint32_t end = static_cast<uint32_t>(text.size());
  tc->BeginRun(text, 0, end, labels.data());
  std::vector<Node> nodes;
  for (uint32_t p = 0; p < end; ++p) {
    nodes.clear();
    tc->AddNodes(p, &nodes);
    for (const Node& n : nodes) {
      FUZZ_CHECK(n.begin == p && n.end > n.begin && n.end <= end, "a candidate node leaves its run");
      FUZZ_CHECK(n.corrected || n.transparent, "a candidate is neither corrected nor a jamo token");
    }
  }
}

std::u32string Written(const TypoEdit& e) {
  if (!e.written_text.empty()) return e.written_text;
  return std::u32string(1, e.written != 0 ? e.written : U'가');
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  TypoEditSet set;
  set.edits.resize(1);  // a rejected parse must clear it
  const kma::Status st = kma::search::ParseTypoEdits(text, &set);
  if (!st.ok()) {
    FUZZ_CHECK(st.code() == kma::StatusCode::kInvalidArgument, "parse error of the wrong kind: " + st.message());
    FUZZ_CHECK(st.message().rfind("typo edits line ", 0) == 0, "parse error without its line: " + st.message());
    FUZZ_CHECK(st.offset() >= 0 && static_cast<size_t>(st.offset()) <= size, "parse error offset outside the input");
    FUZZ_CHECK(st.offset() == 0 || text[static_cast<size_t>(st.offset()) - 1] == '\n',
               "parse error offset is not a line start");
    FUZZ_CHECK(set.edits.empty(), "a rejected parse left edits behind");
    return 0;
  }
  const kma::ModelImpl& model = CoreModel().impl();
  TypoCandidates tc(model, set);
  CheckRun(&tc, model, U"안녕하세여 됬다 몇일 할께요 이써요 했어욬ㅋㅋ");
  for (const TypoEdit& e : set.edits) {
    const std::u32string w = Written(e);
    CheckRun(&tc, model, w);
    CheckRun(&tc, model, U"가" + w + U"요");
  }
  return 0;
}
