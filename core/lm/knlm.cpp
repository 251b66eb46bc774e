// KnlmView: blob validation and scoring. Open checks every structural
// invariant that Score relies on (array bounds, child ranges inside the next
// level, links that strictly shorten the context), so a view that opened
// successfully can never read out of bounds or loop, whatever the bytes were.
#include "core/lm/knlm.h"
#include "core/base/sorted_search.h"
#include "core/base/stored_floats.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace kma {

namespace {

using knlm_internal::kContextFlag;
using knlm_internal::KnlmHeader;

Status FormatError(const std::string& what) {
  return Status(StatusCode::kModelFormat, "knlm: " + what);
}

bool HostIsLittleEndian() {
  const uint32_t one = 1;
  unsigned char first;
  std::memcpy(&first, &one, 1);
  return first == 1;
}

// Depth of `node` given the level boundaries (levels are few: <= 7 compares).
int DepthOf(const uint64_t* level_begin, int order, uint64_t node) {
  int d = 0;
  while (d < order && node >= level_begin[d + 1]) ++d;
  return d;
}

}  // namespace

namespace {

using namespace knlm_internal;  // NOLINT: layout constants only

// The header's own fields and its level boundaries: root, dense unigrams,
// then monotone levels.
Status CheckHeader(const KnlmHeader& h, size_t size) {
  if (std::memcmp(h.magic, kMagic, 4) != 0) return FormatError("bad magic");
  if (h.version != kFormatVersion) {
    return Status(StatusCode::kModelVersion,
                  "knlm: format version " + std::to_string(h.version) +
                      " not supported (expected " +
                      std::to_string(kFormatVersion) + ")");
  }
  if (h.header_size != sizeof(KnlmHeader))
    return FormatError("bad header_size");
  if (h.total_size > size) {
    return FormatError("truncated: blob declares " +
                       std::to_string(h.total_size) + " bytes, got " +
                       std::to_string(size));
  }
  if (h.order < static_cast<uint32_t>(kMinOrder) ||
      h.order > static_cast<uint32_t>(kMaxOrder)) {
    return FormatError("order " + std::to_string(h.order) + " out of range");
  }
  if (h.vocab_size == 0 || h.vocab_size >= kMaxNodes - 1) {
    return FormatError("vocab_size out of range");
  }
  if (h.bos >= h.vocab_size || h.eos >= h.vocab_size) {
    return FormatError("bos/eos id not below vocab_size");
  }
  if (h.quant_bits != 0 && h.quant_bits != 8) {
    return FormatError("quant_bits must be 0 or 8");
  }
  const int order = static_cast<int>(h.order);
  const uint64_t* lb = h.level_begin;
  if (lb[0] != 0 || lb[1] != 1 || lb[2] != 1 + uint64_t{h.vocab_size}) {
    return FormatError("bad root/unigram level boundaries");
  }
  for (int d = 2; d <= order; ++d) {
    if (lb[d + 1] < lb[d]) return FormatError("level boundaries not monotone");
  }
  for (int d = order + 2; d < kMaxOrder + 2; ++d) {
    if (lb[d] != 0) return FormatError("unused level boundary not zero");
  }
  if (h.num_nodes != lb[order + 1] || h.num_nodes > kMaxNodes) {
    return FormatError("num_nodes inconsistent with levels");
  }
  if (h.num_inner != lb[order]) {
    return FormatError("num_inner inconsistent with levels");
  }
  return Status::Ok();
}

// Every section must have exactly its expected size and lie in the blob.
Status CheckSections(const KnlmHeader& h) {
  const uint64_t n = h.num_nodes;
  const uint64_t ni = h.num_inner;

  const uint64_t value_bytes = h.quant_bits == 8 ? 1 : 4;
  const uint64_t table_bytes = h.quant_bits == 8 ? 4 * kCodebookSize : 0;
  const uint64_t expected[kNumSections] = {4 * uint64_t{h.vocab_size},
                                           4 * n,
                                           4 * n,
                                           4 * (ni + 1),
                                           value_bytes * n,
                                           value_bytes * ni,
                                           table_bytes,
                                           table_bytes};
  static const char* const kNames[kNumSections] = {
      "unigram", "keys",     "links",      "child_begin",
      "probs",   "backoffs", "prob_table", "backoff_table"};
  for (int s = 0; s < kNumSections; ++s) {
    const SectionRef& r = h.sections[s];
    if (r.size != expected[s]) {
      return FormatError(std::string("section ") + kNames[s] + " has size " +
                         std::to_string(r.size) + ", expected " +
                         std::to_string(expected[s]));
    }
    if (r.offset % 8 != 0 || r.offset < sizeof(KnlmHeader) ||
        r.offset > h.total_size || r.size > h.total_size - r.offset) {
      return FormatError(std::string("section ") + kNames[s] +
                         " out of bounds or misaligned");
    }
  }
  return Status::Ok();
}

}  // namespace

StatusOr<KnlmView> KnlmView::Open(const void* data, size_t size) {
  using namespace knlm_internal;  // NOLINT: layout constants only
  if (data == nullptr) {
    return Status(StatusCode::kInvalidArgument, "knlm: data is null");
  }
  if (reinterpret_cast<uintptr_t>(data) % 8 != 0) {
    return Status(StatusCode::kInvalidArgument,
                  "knlm: data must be 8-byte aligned");
  }
  if (!HostIsLittleEndian()) {
    return Status(
        StatusCode::kUnsupported,
        "knlm: blobs are little-endian; big-endian hosts unsupported");
  }
  if (size < sizeof(KnlmHeader)) {
    return FormatError("truncated: " + std::to_string(size) +
                       " bytes, header needs " +
                       std::to_string(sizeof(KnlmHeader)));
  }
  const auto* base = static_cast<const unsigned char*>(data);
  KnlmHeader h;
  std::memcpy(&h, base, sizeof(h));
  KMA_RETURN_IF_ERROR(CheckHeader(h, size));
  KMA_RETURN_IF_ERROR(CheckSections(h));
  const int order = static_cast<int>(h.order);
  const uint64_t* lb = h.level_begin;
  const uint64_t n = h.num_nodes;
  const uint64_t ni = h.num_inner;
  auto at = [&](int s) { return base + h.sections[s].offset; };

  KnlmView v;
  v.order_ = order;
  v.vocab_size_ = h.vocab_size;
  v.bos_ = h.bos;
  v.eos_ = h.eos;
  v.num_nodes_ = static_cast<size_t>(n);
  v.num_inner_ = static_cast<size_t>(ni);
  std::copy(lb, lb + kMaxOrder + 2, v.level_begin_);
  v.unigram_ = reinterpret_cast<const float*>(at(kUnigram));
  v.keys_ = reinterpret_cast<const uint32_t*>(at(kKeys));
  v.links_ = reinterpret_cast<const uint32_t*>(at(kLinks));
  v.child_begin_ = reinterpret_cast<const uint32_t*>(at(kChildBegin));
  if (h.quant_bits == 8) {
    v.prob_codes_ = at(kProbs);
    v.backoff_codes_ = at(kBackoffs);
    v.prob_table_ = reinterpret_cast<const float*>(at(kProbTable));
    v.backoff_table_ = reinterpret_cast<const float*>(at(kBackoffTable));
    if (!AllStored(v.prob_table_, kCodebookSize) ||
        !AllStored(v.backoff_table_, kCodebookSize)) {
      return FormatError("codebook entry not finite or beyond 10000");
    }
  } else {
    v.prob_floats_ = reinterpret_cast<const float*>(at(kProbs));
    v.backoff_floats_ = reinterpret_cast<const float*>(at(kBackoffs));
    if (!AllStored(v.prob_floats_, n) || !AllStored(v.backoff_floats_, ni)) {
      return FormatError("log-probability or backoff not finite or beyond 10000");
    }
  }
  if (!AllStored(v.unigram_, h.vocab_size)) {
    return FormatError("unigram log-probability not finite or beyond 10000");
  }

  KMA_RETURN_IF_ERROR(v.CheckTrie());
  const uint32_t* links = v.links_;
  const uint32_t bos_node = 1 + h.bos;
  v.bos_state_ = (links[bos_node] & kContextFlag) ? bos_node : links[bos_node];
  return v;
}

// Child ranges and links (the invariants Score's walk relies on).
Status KnlmView::CheckTrie() const {
  using namespace knlm_internal;  // NOLINT: layout constants only
  const int order = order_;
  const uint64_t* lb = level_begin_;
  const uint64_t n = num_nodes_;
  const uint64_t ni = num_inner_;
  // Child ranges: monotone, covering levels 1..order exactly, and each node's
  // children inside the next level. Keys strictly increase within a range.
  const uint32_t* cb = child_begin_;
  if (cb[0] != 1 || cb[ni] != n) return FormatError("child_begin ends wrong");
  for (int d = 0; d < order; ++d) {
    for (uint64_t i = lb[d]; i < lb[d + 1]; ++i) {
      if (cb[i] > cb[i + 1] || cb[i] < lb[d + 1] || cb[i + 1] > lb[d + 2]) {
        return FormatError("child range of node " + std::to_string(i) +
                           " outside the next level");
      }
      for (uint32_t c = cb[i]; c < cb[i + 1]; ++c) {
        if (keys_[c] >= vocab_size_ ||
            (c > cb[i] && keys_[c] <= keys_[c - 1])) {
          return FormatError("child keys of node " + std::to_string(i) +
                             " not sorted or out of vocab");
        }
      }
    }
  }

  // Links: suffix links of contexts go exactly one level up; "next state"
  // links go strictly up and land on a context. Both guarantee Score's walk
  // terminates within `order` steps.
  const uint32_t* links = links_;
  if (links[0] != kContextFlag) return FormatError("root link must be self");
  for (int d = 1; d <= order; ++d) {
    for (uint64_t i = lb[d]; i < lb[d + 1]; ++i) {
      const uint32_t link = links[i];
      const uint32_t target = link & ~kContextFlag;
      if (link & kContextFlag) {
        if (i >= ni || target >= ni || DepthOf(lb, order, target) != d - 1) {
          return FormatError("bad suffix link at node " + std::to_string(i));
        }
      } else if (target >= ni || DepthOf(lb, order, target) >= d ||
                 (links[target] & kContextFlag) == 0) {
        return FormatError("bad next-state link at node " + std::to_string(i));
      }
    }
  }

  return Status::Ok();
}

float KnlmView::Score(uint32_t state, uint32_t token,
                      uint32_t* next_state) const {
  if (token >= vocab_size_) {
    *next_state = 0;
    return kInvalidTokenLogProb;
  }
  if (state >= num_inner_) state = 0;
  float acc = 0.0f;
  // Back off from the longest context until the token is a child. Root
  // children are dense (node = token + 1), so the loop stops before it.
  while (state != 0) {
    const uint32_t lo = child_begin_[state];
    if (const int64_t i = FindSorted(keys_ + lo, child_begin_[state + 1] - lo, token); i >= 0) {
      const uint32_t child = lo + static_cast<uint32_t>(i);
      const uint32_t link = links_[child];
      *next_state = (link & knlm_internal::kContextFlag) ? child : link;
      return acc + NodeProb(child);
    }
    acc += NodeBackoff(state);
    state = links_[state] & ~knlm_internal::kContextFlag;
  }
  const uint32_t child = token + 1;
  const uint32_t link = links_[child];
  *next_state = (link & knlm_internal::kContextFlag) ? child : link;
  return acc + unigram_[token];
}

void KnlmView::LogProbs(uint32_t state, float* out) const {
  if (state >= num_inner_) state = 0;
  uint32_t chain[knlm_internal::kMaxOrder + 1];
  int len = 0;
  for (uint32_t s = state; s != 0 && len <= knlm_internal::kMaxOrder; s = links_[s] & ~knlm_internal::kContextFlag)
    chain[len++] = s;
  std::copy(unigram_, unigram_ + vocab_size_, out);
  // From the shortest context up: back off everything, then put back the
  // n-grams this context stores itself.
  for (int i = len - 1; i >= 0; --i) {
    const uint32_t s = chain[i];
    const float bow = NodeBackoff(s);
    for (uint32_t t = 0; t < vocab_size_; ++t) out[t] += bow;
    for (uint32_t c = child_begin_[s]; c < child_begin_[s + 1]; ++c) out[keys_[c]] = NodeProb(c);
  }
}

int KnlmView::StateLength(uint32_t state) const {
  if (state >= num_inner_) return 0;
  return DepthOf(level_begin_, order_, state);
}

size_t KnlmView::ngram_count(int n) const {
  if (n < 1 || n > order_) return 0;
  return static_cast<size_t>(level_begin_[n + 1] - level_begin_[n]);
}

}  // namespace kma
