// profdiff stats LOG [PROF] [LOG2 [PROF2]] (docs/statistics.md).

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "commands/command_steps.h"
#include "profdiff/analysis/hot_selection.h"
#include "profdiff/analysis/method_filter.h"
#include "profdiff/analysis/statistics.h"
#include "profdiff/commands/commands.h"
#include "profdiff/output/record_builders.h"

namespace profdiff {

absl::Status RunStats(const std::vector<std::string>& positionals, const Options& options,
                      Renderer& out) {
  out.Header(HeaderRecord{"stats", positionals, options});
  absl::StatusOr<std::vector<StatsExperimentArguments>> arguments =
      ClassifyStatsArguments(positionals);
  if (!arguments.ok()) return arguments.status();
  std::vector<Experiment> experiments;
  experiments.reserve(arguments->size());
  for (size_t i = 0; i < arguments->size(); ++i) {
    const StatsExperimentArguments& argument = (*arguments)[i];
    const int id = static_cast<int>(i) + 1;
    ExperimentInput input{id, argument.log, argument.profile, std::nullopt, LogCounting::kCount};
    input.tiers = options.tiers;
    absl::StatusOr<Experiment> experiment = LoadQuietly(input, out);
    if (!experiment.ok()) return experiment.status();
    // Two experiments are compared method by method: a lambda's method has its stable identity
    // in both, as in the comparisons (issue 36), so that its scopes pair.
    if (arguments->size() == 2) {
      absl::Status named = NameGeneratedClassesStably(*experiment);
      if (!named.ok()) return named;
    }
    if (experiment->has_profile()) {
      SelectHotUnits(*experiment, HotPolicy{options.hot_min_limit, options.hot_max_limit,
                                            options.hot_percentile});
    }
    if (const int64_t invalid = experiment->log().invalid_records; invalid > 0) {
      const std::string message = absl::StrCat(invalid, " invalid compilation units of experiment ",
                                               id, " are left out of every count");
      out.Warning(WarningRecord{message});
    }
    out.Experiment(MakeExperimentRecord(*experiment));
    experiments.push_back(std::move(*experiment));
  }
  // --method selects among the hot methods' scopes; all units and hot units count as without it.
  MethodFilter filter(options.method);
  for (const Experiment& experiment : experiments) filter.LearnSpellings(experiment);
  auto selected = [&](const StatisticsScope& scope) {
    return scope.kind != StatisticsScopeKind::kMethod || filter.Matches(scope.method);
  };
  std::vector<std::vector<ScopeStatistics>> statistics;
  for (const Experiment& experiment : experiments) {
    statistics.push_back(ComputeStatistics(experiment));
    for (const ScopeStatistics& scope : statistics.back()) {
      if (!selected(scope.scope)) continue;
      out.Statistics(StatisticsRecord{experiment.id(), scope.scope, scope.figures});
    }
  }
  if (statistics.size() == 2) {
    for (const ScopeChange& change : CompareStatistics(statistics[0], statistics[1])) {
      if (!selected(change.scope)) continue;
      out.StatisticsChange(StatisticsChangeRecord{change.scope, change.hot_only_in, change.rows});
    }
  }
  out.End(EndRecord{});
  return absl::OkStatus();
}

}  // namespace profdiff
