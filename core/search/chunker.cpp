#include "core/search/chunker.h"

#include <algorithm>

#include "core/search/lattice.h"
#include "core/text/hangul.h"

namespace kma::search {

void MakeChunks(const std::u32string& t, const std::vector<PreToken>& pts, std::vector<Chunk>* out) {
  out->clear();
  const uint32_t n = static_cast<uint32_t>(t.size());
  std::vector<uint8_t> in_pt(n + 1, 0), sf_end(n + 1, 0);
  for (const PreToken& pt : pts) {
    for (uint32_t i = pt.begin + 1; i < pt.end && i < n; ++i) in_pt[i] = 1;
    if (pt.tag == PosTag::kSF && pt.end <= n) sf_end[pt.end] = 1;
  }
  uint32_t start = 0;
  while (start < n && IsSpaceChar(t[start])) ++start;
  for (uint32_t p = start; p < n; ++p) {
    uint32_t len = p - start;
    bool cut = false;
    if (IsSpaceChar(t[p]) && p > start && !in_pt[p]) {  // a ZWJ inside an emoji is no cut
      cut = (sf_end[p] && len >= 4) || len >= kSoftChunk;
    } else if (len >= kHardChunk && !in_pt[p] && !hangul::IsCodaJamo(t[p])) {
      cut = true;
    }
    if (!cut) continue;
    out->push_back({start, p});
    while (p < n && IsSpaceChar(t[p])) ++p;
    start = p;
    if (p < n) --p;  // loop increment
  }
  uint32_t end = n;
  while (end > start && IsSpaceChar(t[end - 1])) --end;
  if (end > start) out->push_back({start, end});
}

bool IsSpaceless(const std::u32string& t, const Chunk& c) {
  constexpr uint32_t kSpacelessMinChars = 8;  // shorter chunks are often one word
  return c.end - c.begin >= kSpacelessMinChars && std::none_of(t.begin() + c.begin, t.begin() + c.end, IsSpaceChar);
}

}  // namespace kma::search
