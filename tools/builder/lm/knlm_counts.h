// Fractional counts for the Kneser–Ney builder (knlm_builder.cpp).
//
// A weighted training sentence (silver data counted below gold) makes each
// of its n-gram occurrences an event that happened with probability w, in
// the manner of Zhang & Chiang's Kneser–Ney on expected counts: a count is a
// distribution, not a number. Modified KN needs, per n-gram, the expected
// count, the probabilities of the count being 1, 2 and 3 or more (for the
// expected discount), and per order the expected count-of-counts n1..n4
// (for the discounts themselves). Continuation counts are counts too: each
// distinct left extension exists with the probability that its own count is
// above zero.
//
// With every weight 1 each distribution is a point mass, every probability
// is exactly 0 or 1, and the arithmetic reduces to the integer counts'
// (same values, same order of additions): a corpus without fractional
// weights gives the same model byte for byte.
#ifndef KMA_TOOLS_BUILDER_LM_KNLM_COUNTS_H_
#define KMA_TOOLS_BUILDER_LM_KNLM_COUNTS_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace kma::knlm_counts {

// The distribution of one count: its mean and P(count = r) for r = 0..4
// (P(count >= 5) is the rest). Starts as a certain 0.
struct Count {
  double mean = 0;
  std::array<double, 5> p = {1, 0, 0, 0, 0};

  // One more event that happened with probability w (0 < w <= 1).
  void Add(double w) {
    mean += w;
    if (w == 1) {  // exact shift: keeps point masses exact
      for (int r = 4; r > 0; --r) p[r] = p[r - 1];
      p[0] = 0;
      return;
    }
    for (int r = 4; r > 0; --r) p[r] = p[r] * (1 - w) + p[r - 1] * w;
    p[0] *= 1 - w;
  }
  // P(count >= 3).
  double AtLeast3() const { return std::max(0.0, 1 - p[0] - p[1] - p[2]); }
};

// Modified KN discounts D1, D2, D3+ from the expected count-of-counts of
// one order. Small or degenerate corpora can make the closed form leave
// (0, j); those entries fall back to a typical value instead of breaking
// normalisation.
inline std::array<double, 3> Discounts(const std::vector<Count>& counts) {
  double n[5] = {0, 0, 0, 0, 0};
  for (const Count& c : counts)
    for (int r = 1; r <= 4; ++r) n[r] += c.p[r];
  const std::array<double, 3> fallback = {0.5, 1.0, 1.5};
  std::array<double, 3> d = fallback;
  if (n[1] > 0 && n[2] > 0) {
    const double y = n[1] / (n[1] + 2 * n[2]);
    for (int j = 1; j <= 3; ++j) {
      if (n[j] <= 0) continue;
      const double v = j - (j + 1) * y * n[j + 1] / n[j];
      if (std::isfinite(v) && v > 0 && v < j) d[j - 1] = v;
    }
  }
  return d;
}

// The expected discount of a count: D(c) averaged over its distribution.
// Never above the mean, since D(r) < r for every r >= 1.
inline double Discount(const std::array<double, 3>& d, const Count& c) {
  if (c.p[0] == 1) return 0;
  if (c.p[1] == 1) return d[0];
  if (c.p[2] == 1) return d[1];
  if (c.p[0] == 0 && c.p[1] == 0 && c.p[2] == 0) return d[2];
  return c.p[1] * d[0] + c.p[2] * d[1] + c.AtLeast3() * d[2];
}

}  // namespace kma::knlm_counts

#endif  // KMA_TOOLS_BUILDER_LM_KNLM_COUNTS_H_
