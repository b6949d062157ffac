#ifndef PROFDIFF_ANALYSIS_SAMPLED_SHARE_TEST_H_
#define PROFDIFF_ANALYSIS_SAMPLED_SHARE_TEST_H_

// Whether a method's share differs between two sampled profiles (JFR recordings) by more than
// sampling noise (docs/jfr.md "How sure is a share"): the exact conditional binomial test of its
// sample counts. With k1 of n1 samples in experiment 1 and k2 of n2 in experiment 2, and the same
// share in both (H0), k1 given k1 + k2 is Binomial(k1 + k2, n1 / (n1 + n2)): each of the method's
// samples fell in experiment 1 with the chance that experiment 1's share of all samples gives.

#include <cstdint>
#include <optional>

namespace profdiff {

struct SampledShareTest {
  // Two-sided, as scipy.stats.binomtest and R's binom.test compute it: the probability under H0
  // of every split of the k1 + k2 samples that is no more likely than the one observed.
  double p = 1;
  bool within_noise = true;  // p >= kShareChangeAlpha (share_statistics.h)
};

// nullopt when either experiment has no samples (n1 or n2 is 0: nothing to compare with) or a
// count is negative or larger than its total.
std::optional<SampledShareTest> TestSampledShares(int64_t k1, int64_t n1, int64_t k2, int64_t n2);

// P(X = k) for X ~ Binomial(n, p), 0 <= k <= n, 0 <= p <= 1.
double BinomialProbability(int64_t k, int64_t n, double p);

// P(X <= k) for X ~ Binomial(n, p): 0 when k < 0, 1 when k >= n.
double BinomialCdf(int64_t k, int64_t n, double p);

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_SAMPLED_SHARE_TEST_H_
