#include "tools/builder/lm/cong_context_trie.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <unordered_map>

namespace kma::build {
namespace {

std::string GramKey(const uint32_t* t, int n) { return std::string(reinterpret_cast<const char*>(t), n * 4); }

}  // namespace

uint32_t ContextTrie::Next(uint32_t state, uint32_t token) const {
  for (;;) {
    auto b = key.begin() + child_begin[state], e = key.begin() + child_begin[state + 1];
    auto it = std::lower_bound(b, e, token);
    if (it != e && *it == token) return static_cast<uint32_t>(it - key.begin());
    if (state == 0) return 0;
    state = suffix[state];
  }
}

void BuildContextTrie(const std::vector<std::vector<uint32_t>>& seqs, int max_len, int min_count,
                      ContextTrie* trie) {
  // Count every history suffix of length 1..max_len.
  std::vector<std::unordered_map<std::string, uint32_t>> counts(max_len + 1);
  for (const auto& s : seqs)
    for (size_t i = 1; i < s.size(); ++i)
      for (int k = 1; k <= max_len && size_t(k) <= i; ++k) ++counts[k][GramKey(&s[i - k], k)];
  std::unordered_map<std::string, uint32_t> id_of;
  trie->key = {0};
  trie->parent = {0};
  trie->suffix = {0};
  trie->depth = {0};
  for (int k = 1; k <= max_len; ++k) {
    std::vector<std::vector<uint32_t>> level;
    for (const auto& [g, c] : counts[k]) {
      if (c < static_cast<uint32_t>(min_count)) continue;
      std::vector<uint32_t> t(k);
      std::memcpy(t.data(), g.data(), k * 4);
      level.push_back(std::move(t));
    }
    // Lexicographic order = (parent id, key) order, since parents were
    // numbered in lexicographic order: children of a node stay contiguous.
    std::sort(level.begin(), level.end());
    for (const auto& t : level) {
      uint32_t id = static_cast<uint32_t>(trie->key.size());
      id_of[GramKey(t.data(), k)] = id;
      trie->key.push_back(t[k - 1]);
      trie->depth.push_back(static_cast<uint8_t>(k));
      trie->parent.push_back(k == 1 ? 0 : id_of.at(GramKey(t.data(), k - 1)));
      trie->suffix.push_back(k == 1 ? 0 : id_of.at(GramKey(t.data() + 1, k - 1)));
    }
  }
  size_t n = trie->key.size();
  std::vector<uint32_t> nchild(n, 0);
  for (size_t i = 1; i < n; ++i) ++nchild[trie->parent[i]];
  trie->child_begin.assign(n + 1, 0);
  trie->child_begin[0] = 1;
  for (size_t i = 0; i < n; ++i) trie->child_begin[i + 1] = trie->child_begin[i] + nchild[i];
}

void GroupPairs(const std::vector<uint64_t>& sorted, std::vector<uint32_t>* value,
                std::vector<uint32_t>* count, std::vector<uint32_t>* begin) {
  for (size_t i = 0; i < sorted.size();) {
    size_t j = i;
    while (j < sorted.size() && sorted[j] == sorted[i]) ++j;
    value->push_back(static_cast<uint32_t>(sorted[i]));
    count->push_back(static_cast<uint32_t>(j - i));
    ++(*begin)[(sorted[i] >> 32) + 1];
    i = j;
  }
  for (size_t k = 0; k + 1 < begin->size(); ++k) (*begin)[k + 1] += (*begin)[k];
}

void CollectExamples(const std::vector<std::vector<uint32_t>>& seqs, const ContextTrie& trie,
                     CongExamples* ex) {
  const uint32_t n = trie.size();
  for (const auto& s : seqs) {
    uint32_t state = 0;
    for (size_t i = 0; i + 1 < s.size(); ++i) {
      state = trie.Next(state, s[i]);
      ex->pairs.push_back((uint64_t{state} << 32) | s[i + 1]);
    }
  }
  std::sort(ex->pairs.begin(), ex->pairs.end());
  ex->begin.assign(n + 1, 0);
  GroupPairs(ex->pairs, &ex->tok, &ex->cnt, &ex->begin);
  ex->total.assign(n, 0.0);
  for (uint32_t c = 0; c < n; ++c)
    for (uint32_t e = ex->begin[c]; e < ex->begin[c + 1]; ++e) ex->total[c] += double(ex->cnt[e]);
  for (uint32_t c = 0; c < n; ++c)
    if (ex->total[c] > 0) ex->active.push_back(c);
}

}  // namespace kma::build
