#include "profdiff/analysis/statistics.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <map>
#include <string>
#include <utility>

#include "profdiff/model/tree_counts.h"

namespace profdiff {

namespace {

struct MetricInfo {
  std::string_view name;
  MetricValueKind kind;
  bool keyed;
  bool needs_profile;
};

constexpr std::array<MetricInfo, kStatisticMetrics> kMetrics = {{
    {"units", MetricValueKind::kCount, false, false},
    {"callsites", MetricValueKind::kCount, true, false},
    {"callsite_total", MetricValueKind::kCount, false, false},
    {"inlined_share", MetricValueKind::kShare, false, false},
    {"optimizations", MetricValueKind::kCount, true, false},
    {"optimization_total", MetricValueKind::kCount, false, false},
    {"phases", MetricValueKind::kCount, true, false},
    {"period", MetricValueKind::kCount, false, true},
    {"share", MetricValueKind::kShare, false, true},
    {"weighted_callsites", MetricValueKind::kMean, true, true},
    {"weighted_callsite_total", MetricValueKind::kMean, false, true},
    {"weighted_inlined_share", MetricValueKind::kShare, false, true},
    {"samples", MetricValueKind::kCount, false, true},
}};

const MetricInfo& Info(StatisticMetric metric) { return kMetrics[static_cast<size_t>(metric)]; }

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double Ratio(double part, double whole) { return whole == 0 ? kNaN : part / whole; }

// The sums of one scope, by the ids of the experiment log's name tables.
struct ScopeTally {
  int64_t units = 0;
  std::array<int64_t, kCallsiteKinds> callsites{};
  std::vector<int64_t> optimizations;
  std::vector<int64_t> phases;
  int64_t period = 0;
  // Sums of period × count, and of period × inlined share over the units with call sites.
  std::array<double, kCallsiteKinds> weighted_callsites{};
  double weighted_inlined_share = 0;
  double period_with_callsites = 0;

  explicit ScopeTally(const OptimizationLog& log)
      : optimizations(log.optimization_keys.size(), 0), phases(log.phase_names.size(), 0) {}

  void Add(const UnitCounts& counts, int64_t unit_period) {
    ++units;
    period += unit_period;
    const double p = static_cast<double>(unit_period);
    int64_t total = 0;
    for (size_t k = 0; k < kCallsiteKinds; ++k) {
      callsites[k] += counts.callsites[k];
      weighted_callsites[k] += p * counts.callsites[k];
      total += counts.callsites[k];
    }
    if (total > 0) {
      weighted_inlined_share +=
          p * counts.callsite(CallsiteKind::kInlined) / static_cast<double>(total);
      period_with_callsites += p;
    }
    for (const NameCount& entry : counts.optimizations) optimizations[entry.name] += entry.count;
    for (const NameCount& entry : counts.phases) phases[entry.name] += entry.count;
  }
};

// Appends the figures of `counts` (by the ids of `names`) with a count, the most first, ties by
// name; returns their total.
int64_t AppendNamedCounts(StatisticMetric metric, const std::vector<int64_t>& counts,
                          const NameTable& names, std::vector<StatisticFigure>* figures) {
  std::vector<uint32_t> ids;
  int64_t total = 0;
  for (uint32_t id = 0; id < counts.size(); ++id) {
    if (counts[id] == 0) continue;
    ids.push_back(id);
    total += counts[id];
  }
  std::sort(ids.begin(), ids.end(), [&](uint32_t a, uint32_t b) {
    if (counts[a] != counts[b]) return counts[a] > counts[b];
    return names.name(a) < names.name(b);
  });
  for (uint32_t id : ids) {
    figures->push_back({metric, names.name(id), static_cast<double>(counts[id])});
  }
  return total;
}

ScopeStatistics Figures(const Experiment& experiment, StatisticsScope scope,
                        const ScopeTally& tally) {
  const OptimizationLog& log = experiment.log();
  ScopeStatistics statistics;
  statistics.scope = scope;
  std::vector<StatisticFigure>& f = statistics.figures;
  auto add = [&f](StatisticMetric metric, double value) { f.push_back({metric, {}, value}); };
  add(StatisticMetric::kUnits, static_cast<double>(tally.units));
  int64_t callsite_total = 0;
  for (size_t k = 0; k < kCallsiteKinds; ++k) {
    f.push_back({StatisticMetric::kCallsites, CallsiteKindName(kCountedCallsiteKinds[k]),
                 static_cast<double>(tally.callsites[k])});
    callsite_total += tally.callsites[k];
  }
  add(StatisticMetric::kCallsiteTotal, static_cast<double>(callsite_total));
  add(StatisticMetric::kInlinedShare,
      Ratio(static_cast<double>(tally.callsites[CallsiteIndex(CallsiteKind::kInlined)]),
            static_cast<double>(callsite_total)));
  const int64_t optimization_total = AppendNamedCounts(
      StatisticMetric::kOptimizations, tally.optimizations, log.optimization_keys, &f);
  add(StatisticMetric::kOptimizationTotal, static_cast<double>(optimization_total));
  AppendNamedCounts(StatisticMetric::kPhases, tally.phases, log.phase_names, &f);
  if (!experiment.has_profile()) return statistics;
  const double period = static_cast<double>(tally.period);
  add(StatisticMetric::kPeriod, period);
  add(StatisticMetric::kShare, Ratio(period, static_cast<double>(experiment.total_period())));
  double weighted_total = 0;
  for (size_t k = 0; k < kCallsiteKinds; ++k) {
    const double weighted = Ratio(tally.weighted_callsites[k], period);
    f.push_back({StatisticMetric::kWeightedCallsites, CallsiteKindName(kCountedCallsiteKinds[k]),
                 weighted});
    weighted_total += weighted;
  }
  add(StatisticMetric::kWeightedCallsiteTotal, weighted_total);
  add(StatisticMetric::kWeightedInlinedShare,
      Ratio(tally.weighted_inlined_share, tally.period_with_callsites));
  const std::optional<Profile>& profile = experiment.profile();
  if (profile && profile->source == ProfileSource::kJfr) {
    add(StatisticMetric::kSamples, static_cast<double>(SamplesInPeriod(
                                       tally.period, profile->total_period, profile->samples)));
  }
  return statistics;
}

// The figures of `metric` in `statistics`, by key (unkeyed: under the empty key).
std::map<std::string_view, double> FiguresOf(const ScopeStatistics* statistics,
                                             StatisticMetric metric) {
  std::map<std::string_view, double> values;
  if (statistics == nullptr) return values;
  for (const StatisticFigure& figure : statistics->figures) {
    if (figure.metric == metric) values[figure.key] = figure.value;
  }
  return values;
}

// What a figure is for a scope without units (a method not hot in that experiment), in the
// experiment whose all-units scope is `all`.
double EmptyScopeValue(StatisticMetric metric, const ScopeStatistics* all) {
  switch (metric) {
    case StatisticMetric::kInlinedShare:
    case StatisticMetric::kWeightedCallsites:
    case StatisticMetric::kWeightedCallsiteTotal:
    case StatisticMetric::kWeightedInlinedShare:
      return kNaN;  // ratios over no call sites or no period
    case StatisticMetric::kSamples:
      // 0 of the experiment's samples, unless its profile is not made of them.
      return FiguresOf(all, StatisticMetric::kSamples).empty() ? kNaN : 0;
    case StatisticMetric::kShare: {
      // 0 of the total period, which is not a number when the total is 0 (and so is the share
      // of all units).
      std::map<std::string_view, double> share = FiguresOf(all, StatisticMetric::kShare);
      return share.empty() || std::isnan(share.begin()->second) ? kNaN : 0;
    }
    default:
      return 0;
  }
}

// `all1` and `all2`: the all-units scopes of the two experiments.
ScopeChange Compare(StatisticsScope scope, const ScopeStatistics* first,
                    const ScopeStatistics* second, const ScopeStatistics* all1,
                    const ScopeStatistics* all2, bool profiled) {
  ScopeChange change;
  change.scope = scope;
  if (scope.kind == StatisticsScopeKind::kMethod && (first == nullptr) != (second == nullptr)) {
    change.hot_only_in = first != nullptr ? 1 : 2;
  }
  for (size_t m = 0; m < kStatisticMetrics; ++m) {
    const auto metric = static_cast<StatisticMetric>(m);
    if (Info(metric).needs_profile && !profiled) continue;
    // Samples: only when a profile is JFR's (other profiles' output is what it was).
    if (metric == StatisticMetric::kSamples && FiguresOf(all1, metric).empty() &&
        FiguresOf(all2, metric).empty()) {
      continue;
    }
    const std::map<std::string_view, double> left = FiguresOf(first, metric);
    const std::map<std::string_view, double> right = FiguresOf(second, metric);
    std::vector<std::string_view> keys;
    if (metric == StatisticMetric::kCallsites || metric == StatisticMetric::kWeightedCallsites) {
      for (CallsiteKind kind : kCountedCallsiteKinds) keys.push_back(CallsiteKindName(kind));
    } else if (Info(metric).keyed) {
      for (const auto& [key, value] : left) keys.push_back(key);
      for (const auto& [key, value] : right) {
        if (!left.contains(key)) keys.push_back(key);
      }
    } else {
      keys.push_back({});
    }
    const size_t begin = change.rows.size();
    for (std::string_view key : keys) {
      StatisticsChangeRow row;
      row.metric = metric;
      row.key = key;
      // A keyed count missing on one side is 0 there; a whole scope missing has no units.
      auto value = [&](const ScopeStatistics* side, const std::map<std::string_view, double>& of,
                       const ScopeStatistics* all) {
        auto found = of.find(key);
        if (found != of.end()) return found->second;
        // Samples missing from a scope: its profile is not JFR's (unknown).
        if (side == nullptr || metric == StatisticMetric::kSamples) {
          return EmptyScopeValue(metric, all);
        }
        return 0.0;
      };
      row.value_1 = value(first, left, all1);
      row.value_2 = value(second, right, all2);
      row.change = row.value_2 - row.value_1;
      row.relative_change = row.change / row.value_1;  // inf or NaN when value_1 is 0
      change.rows.push_back(row);
    }
    if (metric == StatisticMetric::kOptimizations || metric == StatisticMetric::kPhases) {
      std::sort(change.rows.begin() + static_cast<std::ptrdiff_t>(begin), change.rows.end(),
                [](const StatisticsChangeRow& a, const StatisticsChangeRow& b) {
                  const double da = std::fabs(a.change), db = std::fabs(b.change);
                  if (da != db) return da > db;
                  return a.key < b.key;
                });
    }
  }
  return change;
}

// How much a scope changed, for ordering the methods: the absolute changes of the call-site and
// optimization counts, summed.
double Magnitude(const ScopeChange& change) {
  double sum = 0;
  for (const StatisticsChangeRow& row : change.rows) {
    if (row.metric == StatisticMetric::kCallsites ||
        row.metric == StatisticMetric::kOptimizations) {
      sum += std::fabs(row.change);
    }
  }
  return sum;
}

const ScopeStatistics* FindScope(const std::vector<ScopeStatistics>& scopes,
                                 StatisticsScopeKind kind, std::string_view method = {}) {
  for (const ScopeStatistics& s : scopes) {
    if (s.scope.kind == kind && (kind != StatisticsScopeKind::kMethod || s.scope.method == method))
      return &s;
  }
  return nullptr;
}

bool HasProfileFigures(const std::vector<ScopeStatistics>& scopes) {
  for (const ScopeStatistics& s : scopes) {
    for (const StatisticFigure& figure : s.figures) {
      if (Info(figure.metric).needs_profile) return true;
    }
  }
  return false;
}

}  // namespace

std::string_view MetricName(StatisticMetric metric) { return Info(metric).name; }

std::optional<StatisticMetric> MetricNamed(std::string_view name) {
  for (size_t m = 0; m < kStatisticMetrics; ++m) {
    if (kMetrics[m].name == name) return static_cast<StatisticMetric>(m);
  }
  return std::nullopt;
}

MetricValueKind MetricKind(StatisticMetric metric) { return Info(metric).kind; }
bool MetricIsKeyed(StatisticMetric metric) { return Info(metric).keyed; }
bool MetricNeedsProfile(StatisticMetric metric) { return Info(metric).needs_profile; }

std::vector<ScopeStatistics> ComputeStatistics(const Experiment& experiment) {
  const OptimizationLog& log = experiment.log();
  std::vector<ScopeStatistics> scopes;
  ScopeTally all(log);
  ScopeTally hot(log);
  // Hot methods, with their tallies, in table order.
  std::vector<std::pair<MethodIndex, ScopeTally>> methods;
  for (MethodIndex m = 0; m < experiment.methods().size(); ++m) {
    ScopeTally* method = nullptr;
    for (CompilationIndex c : experiment.method(m).compilations) {
      const Compilation& unit = experiment.compilation(c);
      if (unit.is_fragment) continue;
      const UnitCounts& counts = log.counts.at(unit.unit_record);
      all.Add(counts, unit.period);
      if (!unit.hot) continue;
      hot.Add(counts, unit.period);
      if (method == nullptr) method = &methods.emplace_back(m, ScopeTally(log)).second;
      method->Add(counts, unit.period);
    }
  }
  if (experiment.has_profile()) {
    scopes.push_back(Figures(experiment, {StatisticsScopeKind::kHot, {}}, hot));
    std::stable_sort(methods.begin(), methods.end(), [](const auto& a, const auto& b) {
      return a.second.period > b.second.period;
    });
    for (const auto& [m, tally] : methods) {
      scopes.push_back(
          Figures(experiment, {StatisticsScopeKind::kMethod, experiment.method(m).name}, tally));
    }
  }
  scopes.push_back(Figures(experiment, {StatisticsScopeKind::kAll, {}}, all));
  return scopes;
}

std::vector<ScopeChange> CompareStatistics(const std::vector<ScopeStatistics>& first,
                                           const std::vector<ScopeStatistics>& second) {
  const bool profiled = HasProfileFigures(first) || HasProfileFigures(second);
  const ScopeStatistics* all1 = FindScope(first, StatisticsScopeKind::kAll);
  const ScopeStatistics* all2 = FindScope(second, StatisticsScopeKind::kAll);
  auto compare = [&](StatisticsScope scope, const ScopeStatistics* a, const ScopeStatistics* b) {
    return Compare(scope, a, b, all1, all2, profiled);
  };
  std::vector<ScopeChange> changes;
  const ScopeStatistics* hot1 = FindScope(first, StatisticsScopeKind::kHot);
  const ScopeStatistics* hot2 = FindScope(second, StatisticsScopeKind::kHot);
  if (hot1 != nullptr || hot2 != nullptr) {
    changes.push_back(compare({StatisticsScopeKind::kHot, {}}, hot1, hot2));
  }
  std::vector<ScopeChange> methods;
  for (const ScopeStatistics& s : first) {
    if (s.scope.kind != StatisticsScopeKind::kMethod) continue;
    methods.push_back(
        compare(s.scope, &s, FindScope(second, StatisticsScopeKind::kMethod, s.scope.method)));
  }
  for (const ScopeStatistics& s : second) {
    if (s.scope.kind != StatisticsScopeKind::kMethod) continue;
    if (FindScope(first, StatisticsScopeKind::kMethod, s.scope.method) != nullptr) continue;
    methods.push_back(compare(s.scope, nullptr, &s));
  }
  std::vector<double> magnitudes;
  std::vector<size_t> order(methods.size());
  for (size_t i = 0; i < methods.size(); ++i) {
    order[i] = i;
    magnitudes.push_back(Magnitude(methods[i]));
  }
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (magnitudes[a] != magnitudes[b]) return magnitudes[a] > magnitudes[b];
    return methods[a].scope.method < methods[b].scope.method;
  });
  for (size_t i : order) changes.push_back(std::move(methods[i]));
  changes.push_back(compare({StatisticsScopeKind::kAll, {}}, all1, all2));
  return changes;
}

}  // namespace profdiff
