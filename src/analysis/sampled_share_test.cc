#include "profdiff/analysis/sampled_share_test.h"

#include <algorithm>
#include <cmath>

#include "profdiff/analysis/share_statistics.h"

namespace profdiff {

namespace {

// P(X >= k) for X ~ Binomial(n, p), from the incomplete beta function directly rather than as
// 1 - P(X <= k - 1), which would lose a small tail to rounding.
double BinomialUpperTail(int64_t k, int64_t n, double p) {
  if (k <= 0) return 1;
  if (k > n) return 0;
  return RegularizedIncompleteBeta(static_cast<double>(k), static_cast<double>(n - k + 1), p);
}

// scipy.stats.binomtest's relative tolerance: an outcome whose probability equals the observed
// one up to rounding counts as no more likely.
constexpr double kRelativeTolerance = 1 + 1e-7;

}  // namespace

double BinomialProbability(int64_t k, int64_t n, double p) {
  if (k < 0 || k > n) return 0;
  if (p <= 0) return k == 0 ? 1 : 0;
  if (p >= 1) return k == n ? 1 : 0;
  const double dk = static_cast<double>(k);
  const double dn = static_cast<double>(n);
  return std::exp(std::lgamma(dn + 1) - std::lgamma(dk + 1) - std::lgamma(dn - dk + 1) +
                  dk * std::log(p) + (dn - dk) * std::log1p(-p));
}

double BinomialCdf(int64_t k, int64_t n, double p) {
  if (k < 0) return 0;
  if (k >= n) return 1;
  return RegularizedIncompleteBeta(static_cast<double>(n - k), static_cast<double>(k + 1), 1 - p);
}

std::optional<SampledShareTest> TestSampledShares(int64_t k1, int64_t n1, int64_t k2, int64_t n2) {
  if (n1 <= 0 || n2 <= 0 || k1 < 0 || k2 < 0 || k1 > n1 || k2 > n2) return std::nullopt;
  SampledShareTest test;
  const int64_t n = k1 + k2;
  const double p = static_cast<double>(n1) / (static_cast<double>(n1) + static_cast<double>(n2));
  const double expected = static_cast<double>(n) * p;
  const double observed = BinomialProbability(k1, n, p) * kRelativeTolerance;
  if (n == 0 || static_cast<double>(k1) == expected) {
    test.p = 1;
  } else if (static_cast<double>(k1) < expected) {
    // The probabilities fall from the mode to n: the other tail starts at the first outcome
    // above the expected count that is no more likely than k1 (n + 1: none is).
    int64_t low = static_cast<int64_t>(std::ceil(expected));
    int64_t high = n + 1;
    while (low < high) {
      const int64_t mid = low + (high - low) / 2;
      if (BinomialProbability(mid, n, p) <= observed) {
        high = mid;
      } else {
        low = mid + 1;
      }
    }
    test.p = BinomialCdf(k1, n, p) + BinomialUpperTail(low, n, p);
  } else {
    // The probabilities rise from 0 to the mode: the other tail ends at the last outcome below
    // the expected count that is no more likely than k1 (-1: none is).
    int64_t low = -1;
    int64_t high = static_cast<int64_t>(std::floor(expected));
    while (low < high) {
      const int64_t mid = high - (high - low) / 2;
      if (BinomialProbability(mid, n, p) <= observed) {
        low = mid;
      } else {
        high = mid - 1;
      }
    }
    test.p = BinomialCdf(low, n, p) + BinomialUpperTail(k1, n, p);
  }
  test.p = std::min(1.0, test.p);
  test.within_noise = test.p >= kShareChangeAlpha;
  return test;
}

}  // namespace profdiff
