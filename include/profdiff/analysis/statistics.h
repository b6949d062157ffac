#ifndef PROFDIFF_ANALYSIS_STATISTICS_H_
#define PROFDIFF_ANALYSIS_STATISTICS_H_

// `profdiff stats` (docs/statistics.md): how much an experiment inlined and optimized, over all
// of its compilation units, its hot units and the hot units of each hot method; and how these
// figures changed from one experiment to another.
//
// A scope's statistics are a flat list of figures (metric, key, value): what the JSON and CSV
// outputs hold and the text's tables show. Figures refer to the experiment (names of its
// methods, optimizations and phases), which must outlive them.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "profdiff/model/experiment.h"

namespace profdiff {

// What is counted, in the order figures are listed. kUnits to kPhases exist for every scope;
// kPeriod to kWeightedInlinedShare only when the experiment has a profile.
enum class StatisticMetric : uint8_t {
  kUnits,              // compilation units in the scope
  kCallsites,          // call sites of each kind (the roots of the units' trees excluded)
  kCallsiteTotal,      // call sites of any kind
  kInlinedShare,       // inlined call sites / all call sites (NaN without call sites)
  kOptimizations,      // optimization entries by "<optimizationName> <eventName>"
  kOptimizationTotal,  // optimization entries
  kPhases,             // optimization entries by the phase they were logged in (innermost)
  kPeriod,             // execution period of the scope's units
  kShare,              // kPeriod / the experiment's total period
  // Call sites of each kind per unit, each unit weighted by its period: the sum of
  // period × count over the scope's units divided by the scope's period.
  kWeightedCallsites,
  kWeightedCallsiteTotal,
  // Each unit's inlined share weighted by its period (units without call sites left out).
  kWeightedInlinedShare,
  // The JFR execution samples kPeriod is made of (docs/jfr.md "How sure is a share"); only with
  // a profile made of JFR samples (absent for other profiles, in JSON too).
  kSamples,
};
inline constexpr size_t kStatisticMetrics = 13;

enum class MetricValueKind : uint8_t {
  kCount,  // a whole number
  kShare,  // a fraction of 1
  kMean,   // a real number
};

// The metric's name in JSON and CSV ("units", "callsites", "callsite_total", ...).
std::string_view MetricName(StatisticMetric metric);
// The metric called `name`, or nullopt.
std::optional<StatisticMetric> MetricNamed(std::string_view name);
MetricValueKind MetricKind(StatisticMetric metric);
// Keyed metrics have one figure per key (a callsite kind, an optimization, a phase).
bool MetricIsKeyed(StatisticMetric metric);
// Figures of the execution period, present only with a profile.
bool MetricNeedsProfile(StatisticMetric metric);

enum class StatisticsScopeKind : uint8_t { kAll, kHot, kMethod };

struct StatisticsScope {
  StatisticsScopeKind kind = StatisticsScopeKind::kAll;
  std::string_view method;  // kMethod: the method's name (multi-method key removed)
};

struct StatisticFigure {
  StatisticMetric metric = StatisticMetric::kUnits;
  std::string_view key;  // keyed metrics only
  double value = 0;      // counts are whole numbers (exact below 2^53)
};

// One scope of one experiment. Figures are in metric order; within a keyed metric, callsite
// kinds in the order of kCountedCallsiteKinds, optimizations and phases by count (the most
// first), ties by name (bytewise).
struct ScopeStatistics {
  StatisticsScope scope;
  std::vector<StatisticFigure> figures;
};

// The scopes of an experiment whose hot units are marked: with a profile, the hot units, then
// each hot method (by the period of its hot units, the most first; ties in method table order),
// then all units; without a profile only all units. Needs the log's counts (loaded with
// LogCounting::kCount).
std::vector<ScopeStatistics> ComputeStatistics(const Experiment& experiment);

struct StatisticsChangeRow {
  StatisticMetric metric = StatisticMetric::kUnits;
  std::string_view key;
  double value_1 = 0;
  double value_2 = 0;
  double change = 0;           // value_2 - value_1
  double relative_change = 0;  // change / value_1 (infinite or NaN when value_1 is 0)
};

// The same scope in two experiments. A method that is hot in only one of them has no hot units
// in the other: there its counts are 0 (and its shares NaN).
struct ScopeChange {
  StatisticsScope scope;
  int hot_only_in = 0;  // kMethod: the one experiment the method is hot in, else 0
  std::vector<StatisticsChangeRow> rows;
};

// Compares the scopes of two experiments (ComputeStatistics of each; both with a profile or both
// without): the hot units, then the methods hot in either, the largest change first (the sum of
// the absolute changes of call-site and optimization counts; ties by name), then all units.
// Rows are in metric order; within a keyed metric, callsite kinds in kCountedCallsiteKinds order,
// optimizations and phases by absolute change (the largest first), ties by name; a key missing
// on one side counts 0 there.
std::vector<ScopeChange> CompareStatistics(const std::vector<ScopeStatistics>& first,
                                           const std::vector<ScopeStatistics>& second);

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_STATISTICS_H_
