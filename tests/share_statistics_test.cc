#include "profdiff/analysis/share_statistics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace profdiff {
namespace {

TEST(SummarizeTest, MeanSampleStandardDeviationAndRange) {
  const SampleSummary s = Summarize({2, 4, 4, 4, 5, 5, 7, 9});
  EXPECT_DOUBLE_EQ(s.mean, 5);
  EXPECT_DOUBLE_EQ(s.stddev, std::sqrt(32.0 / 7));  // n - 1 in the denominator
  EXPECT_EQ(s.min, 2);
  EXPECT_EQ(s.max, 9);
}

TEST(SummarizeTest, OneValueHasNoStandardDeviation) {
  const SampleSummary s = Summarize({0.25});
  EXPECT_EQ(s.mean, 0.25);
  EXPECT_TRUE(std::isnan(s.stddev));
  EXPECT_EQ(s.min, 0.25);
  EXPECT_EQ(s.max, 0.25);
}

TEST(RegularizedIncompleteBetaTest, KnownValues) {
  EXPECT_EQ(RegularizedIncompleteBeta(2, 3, 0), 0);
  EXPECT_EQ(RegularizedIncompleteBeta(2, 3, 1), 1);
  // I_x(1, 1) = x; I_x(a, 1) = x^a; I_x(1, b) = 1 - (1 - x)^b.
  EXPECT_NEAR(RegularizedIncompleteBeta(1, 1, 0.3), 0.3, 1e-14);
  EXPECT_NEAR(RegularizedIncompleteBeta(3, 1, 0.5), 0.125, 1e-14);
  EXPECT_NEAR(RegularizedIncompleteBeta(1, 4, 0.2), 1 - std::pow(0.8, 4), 1e-14);
  // Symmetry: I_x(a, b) = 1 - I_{1-x}(b, a), on both sides of the switch point.
  for (double x : {0.1, 0.4, 0.6, 0.9}) {
    EXPECT_NEAR(RegularizedIncompleteBeta(2.5, 7, x), 1 - RegularizedIncompleteBeta(7, 2.5, 1 - x),
                1e-13)
        << x;
  }
}

TEST(StudentTwoSidedPTest, CriticalValuesOfTables) {
  // Two-sided 5 % and 1 % critical values of Student's t.
  EXPECT_NEAR(StudentTwoSidedP(12.7062047, 1), 0.05, 1e-7);
  EXPECT_NEAR(StudentTwoSidedP(2.7764451, 4), 0.05, 1e-7);
  EXPECT_NEAR(StudentTwoSidedP(2.2281389, 10), 0.05, 1e-7);
  EXPECT_NEAR(StudentTwoSidedP(5.8409093, 3), 0.01, 1e-7);
  EXPECT_NEAR(StudentTwoSidedP(2.0422725, 30), 0.05, 1e-7);
  // With one degree of freedom t is Cauchy: P(|T| >= 1) = 1/2.
  EXPECT_NEAR(StudentTwoSidedP(1, 1), 0.5, 1e-12);
  EXPECT_EQ(StudentTwoSidedP(0, 5), 1);
  EXPECT_NEAR(StudentTwoSidedP(-2.7764451, 4), 0.05, 1e-7);  // symmetric
  EXPECT_EQ(StudentTwoSidedP(std::numeric_limits<double>::infinity(), 5), 0);
  EXPECT_TRUE(std::isnan(StudentTwoSidedP(1, 0)));
}

TEST(WelchTTestTest, StatisticAndDegreesOfFreedom) {
  // Reference values computed with the textbook formulas.
  const WelchResult r = WelchTTest({1, 2, 3}, {4, 5, 6, 7});
  EXPECT_NEAR(r.t, 4.041451884327381, 1e-12);
  EXPECT_NEAR(r.df, 4.959183673469387, 1e-12);
  EXPECT_NEAR(r.p, StudentTwoSidedP(r.t, r.df), 1e-15);
  EXPECT_GT(r.p, 0.005);
  EXPECT_LT(r.p, 0.02);
  // The sign follows b - a.
  EXPECT_NEAR(WelchTTest({4, 5, 6, 7}, {1, 2, 3}).t, -4.041451884327381, 1e-12);
}

TEST(WelchTTestTest, NoiseAloneIsNotSignificant) {
  const WelchResult r = WelchTTest({0.40, 0.42, 0.39, 0.41, 0.40}, {0.41, 0.39, 0.42, 0.40, 0.40});
  EXPECT_GT(r.p, 0.5);
}

TEST(WelchTTestTest, WithoutAnyVariance) {
  const WelchResult same = WelchTTest({0.5, 0.5}, {0.5, 0.5, 0.5});
  EXPECT_EQ(same.t, 0);
  EXPECT_EQ(same.p, 1);
  EXPECT_EQ(same.df, 3);
  const WelchResult moved = WelchTTest({0.5, 0.5}, {0.4, 0.4});
  EXPECT_EQ(moved.t, -std::numeric_limits<double>::infinity());
  EXPECT_EQ(moved.p, 0);
}

}  // namespace
}  // namespace profdiff
