#include "core/userdict/user_dict_basis.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/model/model_view.h"

namespace kma {

namespace {

void ClassScores(const ModelImpl& mi, UserDictBasis* b) {
  b->emit_logp.assign(kNumTags, -std::numeric_limits<float>::infinity());
  b->tag_logp.assign(kNumTags, -10.0f);
  for (uint32_t m = 1; m < mi.morph_count(); ++m) {
    const MorphRecord& r = mi.morph(m);
    if (r.lm_id() >= kLmFirstWord) continue;
    const MorphScores& sc = mi.morph_scores(r);
    if (sc.emit_logp > b->emit_logp[r.tag()]) {
      b->emit_logp[r.tag()] = sc.emit_logp;
      b->tag_logp[r.tag()] = sc.tag_logp;
    }
  }
  for (float& e : b->emit_logp)
    if (!std::isfinite(e)) e = -10.0f;
}

void SocketTailFirsts(const ModelImpl& mi, UserDictBasis* b) {
  // Nodes are numbered breadth-first: a node's children come after it, so
  // each node's first edge is known before its children are seen.
  const TrieView& t = mi.trie();
  std::vector<char32_t> first(t.node_count(), 0);
  std::vector<uint64_t>& out = b->socket_tail_firsts;
  for (uint32_t n = 0; n < t.node_count(); ++n) {
    for (uint32_t c = t.child_begin(n); c < t.child_end(n); ++c) first[c] = n == 0 ? t.edge_char(c) : first[n];
    for (uint32_t v = t.value_begin(n); v < t.value_end(n); ++v) {
      const EntryRecord& e = mi.entry(v);
      if (e.kind() == EntryKind::kSocket) out.push_back((uint64_t{e.socket} << 32) | first[n]);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  out.shrink_to_fit();
}

}  // namespace

const UserDictBasis& UserDictBasisOf(const ModelImpl& model) {
  return model.user_dict_memo().Get<UserDictBasis>([&] {
    UserDictBasis basis;
    ClassScores(model, &basis);
    SocketTailFirsts(model, &basis);
    return basis;
  });
}

}  // namespace kma
