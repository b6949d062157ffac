// profdiff stats LOG [PROF] [LOG2 [PROF2]] (docs/statistics.md).

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "commands/command_steps.h"
#include "profdiff/commands.h"
#include "profdiff/hot_selection.h"
#include "profdiff/method_filter.h"
#include "profdiff/record_builders.h"
#include "profdiff/statistics.h"

namespace profdiff {

namespace {

std::string Quoted(const std::string& text) { return absl::StrCat("\"", text, "\""); }

}  // namespace

absl::StatusOr<std::vector<StatsExperimentArguments>> ClassifyStatsArguments(
    const std::vector<std::string>& positionals) {
  std::vector<StatsExperimentArguments> experiments;
  for (const std::string& argument : positionals) {
    struct stat status;
    if (stat(argument.c_str(), &status) != 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("stats: cannot use ", Quoted(argument), ": ", std::strerror(errno)));
    }
    if (S_ISDIR(status.st_mode)) {
      if (experiments.size() == 2) {
        return absl::InvalidArgumentError(
            absl::StrCat("stats: ", Quoted(argument),
                         " would be a third optimization log; stats takes one or two"));
      }
      experiments.push_back({argument, std::nullopt});
      continue;
    }
    if (!S_ISREG(status.st_mode)) {
      return absl::InvalidArgumentError(
          absl::StrCat("stats: ", Quoted(argument),
                       " is neither a directory (an optimization log) nor a regular file (a "
                       "profile)"));
    }
    if (experiments.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("stats: ", Quoted(argument),
                       " is a file, but the first argument must be an optimization-log "
                       "directory"));
    }
    if (experiments.back().profile.has_value()) {
      return absl::InvalidArgumentError(
          absl::StrCat("stats: ", Quoted(argument), " is a file after the profile ",
                       Quoted(*experiments.back().profile),
                       "; a profile follows the optimization log it is of"));
    }
    experiments.back().profile = argument;
  }
  if (experiments.empty()) {
    return absl::InvalidArgumentError("stats: missing argument optimization_log");
  }
  if (experiments.size() == 2 &&
      experiments[0].profile.has_value() != experiments[1].profile.has_value()) {
    const int with = experiments[0].profile.has_value() ? 1 : 2;
    return absl::InvalidArgumentError(
        absl::StrCat("stats: experiment ", with, " has a profile and experiment ", 3 - with,
                     " has none; compare two experiments with a profile each, or two without"));
  }
  return experiments;
}

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
    absl::StatusOr<Experiment> experiment = LoadQuietly(input, out);
    if (!experiment.ok()) return experiment.status();
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
  const MethodFilter filter(options.method);
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
