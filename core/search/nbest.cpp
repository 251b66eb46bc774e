#include "core/search/nbest.h"

#include <algorithm>
#include <numeric>

namespace kma::search {

void NBestJoiner::Reset(int top_n) {
  top_n_ = top_n;
  paths_.clear();
  layers_.clear();
  held_bytes_ = 0;
}

void NBestJoiner::AddChunk(std::vector<Path>* paths) {
  const size_t chunk = layers_.size();
  paths_.push_back(std::move(*paths));
  const std::vector<Path>& ps = paths_.back();
  std::vector<Cell> next;
  if (chunk == 0) {
    for (uint32_t j = 0; j < ps.size(); ++j) next.push_back({ps[j].score, 0, j});
  } else {
    const std::vector<Cell>& prev = layers_.back();
    for (uint32_t i = 0; i < prev.size(); ++i)
      for (uint32_t j = 0; j < ps.size(); ++j) next.push_back({prev[i].score + ps[j].score, i, j});
  }
  // Best first; ties keep the order of (earlier combination, better path).
  std::stable_sort(next.begin(), next.end(), [](const Cell& a, const Cell& b) { return a.score > b.score; });
  // Only the kept cells are stored: a layer is built from up to top_n^2
  // candidates, and one per chunk kept at that capacity added megabytes
  // to a long line's N-best.
  if (next.size() > static_cast<size_t>(top_n_)) next.resize(static_cast<size_t>(top_n_));
  layers_.emplace_back(next.begin(), next.end());
  held_bytes_ += HeldBytes(ps) + layers_.back().size() * sizeof(Cell) + sizeof(std::vector<Path>) +
                 sizeof(std::vector<Cell>);
  for (const Path& p : ps) held_bytes_ += HeldBytes(p.morphs);
}

uint64_t NBestJoiner::FinishBytes() const {
  if (layers_.empty()) return sizeof(Path);
  uint64_t morphs = 0;
  for (const Cell& last : layers_.back()) {
    uint32_t cell = static_cast<uint32_t>(&last - layers_.back().data());
    for (size_t c = layers_.size(); c-- > 0;) {
      morphs += paths_[c][layers_[c][cell].path].morphs.size();
      cell = layers_[c][cell].parent;
    }
  }
  return morphs * sizeof(PathMorph) + layers_.back().size() * sizeof(Path);
}

void NBestJoiner::Finish(std::vector<Path>* out) {
  out->clear();
  if (layers_.empty()) {
    out->push_back(Path{{}, 0.0f, 0.0f});
    return;
  }
  std::vector<uint32_t> chosen(layers_.size());
  for (const Cell& last : layers_.back()) {
    // Which path of every chunk this combination takes.
    uint32_t cell = static_cast<uint32_t>(&last - layers_.back().data());
    for (size_t c = layers_.size(); c-- > 0;) {
      chosen[c] = layers_[c][cell].path;
      cell = layers_[c][cell].parent;
    }
    Path p{{}, last.score, 0.0f};
    for (size_t c = 0; c < layers_.size(); ++c) {
      const Path& part = paths_[c][chosen[c]];
      p.morphs.insert(p.morphs.end(), part.morphs.begin(), part.morphs.end());
      p.lm += part.lm;
    }
    out->push_back(std::move(p));
  }
}

}  // namespace kma::search
