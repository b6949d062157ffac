#include "profdiff/analysis/share_statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace profdiff {

namespace {

// The continued fraction of I_x(a, b) (modified Lentz's method), converging for
// x < (a + 1) / (a + b + 2).
double BetaContinuedFraction(double a, double b, double x) {
  constexpr int kMaxIterations = 500;
  constexpr double kEpsilon = 1e-15;
  constexpr double kTiny = 1e-300;
  double c = 1;
  double d = 1 - (a + b) * x / (a + 1);
  if (std::fabs(d) < kTiny) d = kTiny;
  d = 1 / d;
  double fraction = d;
  for (int m = 1; m <= kMaxIterations; ++m) {
    const double m2 = 2.0 * m;
    // The even step.
    double numerator = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
    d = 1 + numerator * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1 + numerator / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    fraction *= d * c;
    // The odd step.
    numerator = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
    d = 1 + numerator * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1 + numerator / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    const double step = d * c;
    fraction *= step;
    if (std::fabs(step - 1) < kEpsilon) break;
  }
  return fraction;
}

}  // namespace

SampleSummary Summarize(const std::vector<double>& values) {
  SampleSummary summary;
  if (values.empty()) return summary;
  double sum = 0;
  summary.min = summary.max = values.front();
  for (double v : values) {
    sum += v;
    summary.min = std::min(summary.min, v);
    summary.max = std::max(summary.max, v);
  }
  const double n = static_cast<double>(values.size());
  summary.mean = sum / n;
  if (values.size() < 2) {
    summary.stddev = std::numeric_limits<double>::quiet_NaN();
    return summary;
  }
  double squares = 0;
  for (double v : values) squares += (v - summary.mean) * (v - summary.mean);
  summary.stddev = std::sqrt(squares / (n - 1));
  return summary;
}

double RegularizedIncompleteBeta(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  // ln(x^a (1-x)^b / (a B(a, b)))
  const double log_front =
      std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
  if (x < (a + 1) / (a + b + 2)) {
    return std::exp(log_front) * BetaContinuedFraction(a, b, x) / a;
  }
  // The symmetry I_x(a, b) = 1 - I_{1-x}(b, a) keeps the fraction in its fast region.
  return 1 - std::exp(log_front) * BetaContinuedFraction(b, a, 1 - x) / b;
}

double StudentTwoSidedP(double t, double df) {
  if (std::isnan(t) || !(df > 0)) return std::numeric_limits<double>::quiet_NaN();
  if (std::isinf(t)) return 0;
  return RegularizedIncompleteBeta(df / 2, 0.5, df / (df + t * t));
}

WelchResult WelchTTest(const std::vector<double>& a, const std::vector<double>& b) {
  WelchResult result;
  const SampleSummary sa = Summarize(a);
  const SampleSummary sb = Summarize(b);
  const double na = static_cast<double>(a.size());
  const double nb = static_cast<double>(b.size());
  const double va = sa.stddev * sa.stddev / na;  // squared standard errors
  const double vb = sb.stddev * sb.stddev / nb;
  const double difference = sb.mean - sa.mean;
  if (va + vb == 0) {
    result.df = na + nb - 2;
    if (difference == 0) {
      result.t = 0;
      result.p = 1;
    } else {
      result.t = difference > 0 ? std::numeric_limits<double>::infinity()
                                : -std::numeric_limits<double>::infinity();
      result.p = 0;
    }
    return result;
  }
  result.t = difference / std::sqrt(va + vb);
  result.df = (va + vb) * (va + vb) / (va * va / (na - 1) + vb * vb / (nb - 1));
  result.p = StudentTwoSidedP(result.t, result.df);
  return result;
}

}  // namespace profdiff
