#ifndef PROFDIFF_ANALYSIS_SHARE_STATISTICS_H_
#define PROFDIFF_ANALYSIS_SHARE_STATISTICS_H_

// Statistics of a method's execution share over several runs (docs/runs.md): mean, spread, and
// whether two experiments' shares differ by more than their run-to-run noise.

#include <vector>

namespace profdiff {

// The significance level of the share-change test.
inline constexpr double kShareChangeAlpha = 0.05;

struct SampleSummary {
  double mean = 0;
  double stddev = 0;  // sample standard deviation (n - 1); NaN when n < 2
  double min = 0;
  double max = 0;
};

// Of a non-empty sample.
SampleSummary Summarize(const std::vector<double>& values);

struct WelchResult {
  double t = 0;   // (mean(b) - mean(a)) / standard error
  double df = 0;  // Welch-Satterthwaite degrees of freedom
  double p = 1;   // two-sided
};

// Welch's unequal-variances t-test of b against a; both need at least two values. When both
// variances are 0 the means are either equal (t = 0, p = 1) or differ without any noise
// (t = +-infinity, p = 0), with df = n_a + n_b - 2.
WelchResult WelchTTest(const std::vector<double>& a, const std::vector<double>& b);

// P(|T| >= |t|) for Student's t distribution with `df` > 0 degrees of freedom.
double StudentTwoSidedP(double t, double df);

// The regularized incomplete beta function I_x(a, b), a, b > 0, 0 <= x <= 1.
double RegularizedIncompleteBeta(double a, double b, double x);

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_SHARE_STATISTICS_H_
