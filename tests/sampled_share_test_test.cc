#include "profdiff/analysis/sampled_share_test.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "profdiff/analysis/share_statistics.h"

namespace profdiff {
namespace {

// The binomial distribution by exact summation, independent of the incomplete beta function:
// P(X = i) for every i by the recurrence P(i + 1) = P(i) (n - i) / (i + 1) p / (1 - p), in long
// double, from the mode outwards so that nothing underflows before it matters.
std::vector<long double> Probabilities(int64_t n, long double p) {
  std::vector<long double> pmf(static_cast<size_t>(n) + 1, 0);
  if (p <= 0 || p >= 1) {
    pmf[p <= 0 ? 0 : static_cast<size_t>(n)] = 1;
    return pmf;
  }
  const int64_t mode = static_cast<int64_t>(std::floor((n + 1) * p));
  const int64_t m = std::min(mode, n);
  std::vector<long double> log(static_cast<size_t>(n) + 1);
  for (int64_t i = 0; i <= n; ++i) {
    log[i] = std::lgamma(static_cast<long double>(n) + 1) - std::lgamma((long double)i + 1) -
             std::lgamma((long double)(n - i) + 1) + i * std::log(p) + (n - i) * std::log1p(-p);
  }
  long double sum = 0;
  for (int64_t i = 0; i <= n; ++i) sum += pmf[i] = std::exp(log[i] - log[m]);
  for (long double& v : pmf) v /= sum;
  return pmf;
}

// The two-sided p-value of scipy.stats.binomtest (and R's binom.test) by definition: the total
// probability of the outcomes no more likely than k (with its relative tolerance of 1e-7).
double SummedP(int64_t k, int64_t n, long double p) {
  const std::vector<long double> pmf = Probabilities(n, p);
  long double total = 0;
  for (long double v : pmf) {
    if (v <= pmf[k] * (1 + 1e-7L)) total += v;
  }
  return static_cast<double>(std::min<long double>(1, total));
}

double P(int64_t k1, int64_t n1, int64_t k2, int64_t n2) {
  const std::optional<SampledShareTest> test = TestSampledShares(k1, n1, k2, n2);
  EXPECT_TRUE(test.has_value()) << k1 << "/" << n1 << " " << k2 << "/" << n2;
  return test ? test->p : -1;
}

TEST(BinomialTest, ProbabilityAndCdfAgreeWithSummation) {
  for (const auto& [n, p] : std::vector<std::pair<int64_t, double>>{
           {1, 0.44}, {10, 0.5}, {10, 0.1}, {37, 0.83}, {200, 0.013}, {5000, 0.3}}) {
    const std::vector<long double> pmf = Probabilities(n, p);
    long double cdf = 0;
    for (int64_t k = 0; k <= n; ++k) {
      cdf += pmf[k];
      EXPECT_NEAR(BinomialProbability(k, n, p), static_cast<double>(pmf[k]), 1e-12)
          << k << " of " << n << " at " << p;
      EXPECT_NEAR(BinomialCdf(k, n, p), static_cast<double>(cdf), 1e-11)
          << k << " of " << n << " at " << p;
    }
    EXPECT_EQ(BinomialCdf(-1, n, p), 0);
    EXPECT_EQ(BinomialCdf(n, n, p), 1);
  }
}

TEST(SampledShareTestTest, KnownValuesOfRsBinomTest) {
  // Equal totals: H0's chance is 1/2, and the test is binom.test(k1, k1 + k2, 0.5).
  // binom.test(7, 10) = 2 * 176 / 1024; binom.test(9, 10) = 2 * 11 / 1024.
  EXPECT_NEAR(P(7, 1000, 3, 1000), 0.34375, 1e-12);
  EXPECT_NEAR(P(9, 500, 1, 500), 0.021484375, 1e-12);
  // Unequal totals: binom.test(2, 10, 0.1) = 1 - 0.9^10 - 10 * 0.1 * 0.9^9 (the outcomes 2 to 10
  // are each less likely than 2; 0 and 1 more).
  EXPECT_NEAR(P(2, 100, 8, 900), 1 - std::pow(0.9, 10) - std::pow(0.9, 9), 1e-12);
}

TEST(SampledShareTestTest, OneSampleAgainstNoneIsWithinNoise) {
  // The example: a method at 1.41% of 71 samples is one sample; none of 90 in the other
  // run. Under H0 that sample fell in experiment 1 with chance 71 / 161, and falling in
  // experiment 2 was more likely: p is that chance.
  const std::optional<SampledShareTest> test = TestSampledShares(1, 71, 0, 90);
  ASSERT_TRUE(test.has_value());
  EXPECT_NEAR(test->p, 71.0 / 161, 1e-12);
  EXPECT_TRUE(test->within_noise);
}

TEST(SampledShareTestTest, ABigDifferenceIsBeyondNoise) {
  const std::optional<SampledShareTest> test = TestSampledShares(500, 1000, 100, 1000);
  ASSERT_TRUE(test.has_value());
  EXPECT_LT(test->p, 1e-50);
  EXPECT_FALSE(test->within_noise);
}

TEST(SampledShareTestTest, WithinNoiseIsPAtLeastAlpha) {
  // 9 of 10 at 1/2: p = 0.0215 < 0.05; 8 of 10: p = 0.109.
  EXPECT_FALSE(TestSampledShares(9, 500, 1, 500)->within_noise);
  EXPECT_TRUE(TestSampledShares(8, 500, 2, 500)->within_noise);
  for (int64_t k1 = 0; k1 <= 30; ++k1) {
    const std::optional<SampledShareTest> test = TestSampledShares(k1, 300, 30 - k1, 700);
    ASSERT_TRUE(test.has_value());
    EXPECT_EQ(test->within_noise, test->p >= kShareChangeAlpha) << k1;
  }
}

TEST(SampledShareTestTest, EqualSharesAndNoSamplesHaveP1) {
  EXPECT_NEAR(P(50, 1000, 50, 1000), 1, 1e-12);
  EXPECT_NEAR(P(10, 100, 20, 200), 1, 1e-12);  // k1 is the expected 30 * 1/3
  EXPECT_EQ(P(0, 100, 0, 200), 1);
}

TEST(SampledShareTestTest, AgreesWithTheDefinitionBySummation) {
  struct Case {
    int64_t k1, n1, k2, n2;
  };
  for (const Case& c : std::vector<Case>{{1, 71, 0, 90},
                                         {0, 117, 3, 71},
                                         {4, 80, 12, 95},
                                         {13, 13, 0, 1},
                                         {25, 400, 25, 4000},
                                         {300, 1000, 250, 1200},
                                         {3, 1000000, 9, 1000000},
                                         {30000, 1000000, 30500, 1000000},
                                         {0, 5, 40, 50},
                                         // Hours of samples: the incomplete beta function's
                                         // continued fraction still converges.
                                         {400000, 1000000, 401500, 1000000},
                                         {119450, 300000, 79500, 200000}}) {
    const long double p0 = static_cast<long double>(c.n1) / (c.n1 + c.n2);
    EXPECT_NEAR(P(c.k1, c.n1, c.k2, c.n2), SummedP(c.k1, c.k1 + c.k2, p0), 1e-9)
        << c.k1 << "/" << c.n1 << " " << c.k2 << "/" << c.n2;
    // Which experiment is called 1 does not matter.
    EXPECT_NEAR(P(c.k1, c.n1, c.k2, c.n2), P(c.k2, c.n2, c.k1, c.n1), 1e-12);
  }
}

TEST(SampledShareTestTest, UntestableCounts) {
  EXPECT_FALSE(TestSampledShares(0, 0, 3, 10).has_value());  // experiment 1 has no samples
  EXPECT_FALSE(TestSampledShares(3, 10, 0, 0).has_value());
  EXPECT_FALSE(TestSampledShares(11, 10, 0, 10).has_value());  // more than all samples
  EXPECT_FALSE(TestSampledShares(-1, 10, 0, 10).has_value());
}

}  // namespace
}  // namespace profdiff
