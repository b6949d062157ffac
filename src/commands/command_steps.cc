#include "commands/command_steps.h"

#include <string_view>
#include <utility>

#include "profdiff/compilation_trees.h"
#include "profdiff/hot_selection.h"
#include "profdiff/optimization_context_tree.h"
#include "profdiff/record_builders.h"

namespace profdiff {

absl::StatusOr<Experiment> LoadQuietly(const ExperimentInput& input, RecordSink& out) {
  return LoadExperiment(input, [&out](std::string_view line) {
    constexpr std::string_view kPrefix = "Warning: ";
    if (line.starts_with(kPrefix)) line.remove_prefix(kPrefix.size());
    out.Warning(WarningRecord{line});
  });
}

absl::StatusOr<Experiment> LoadAndSummarize(const ExperimentInput& input, const Options& options,
                                            RecordSink& out, bool select_hot) {
  absl::StatusOr<Experiment> experiment = LoadQuietly(input, out);
  if (!experiment.ok()) return experiment;
  if (select_hot) {
    SelectHotUnits(*experiment,
                   HotPolicy{options.hot_min_limit, options.hot_max_limit, options.hot_percentile});
  }
  out.Experiment(MakeExperimentRecord(*experiment));
  return experiment;
}

absl::Status WriteCompilation(RecordSink& out, const Experiment& experiment,
                              CompilationIndex compilation, const Options& options,
                              FragmentParentCache* parents, EndRecord* tally) {
  CompilationTreesRecord record;
  record.method = experiment.method(experiment.compilation(compilation).method).name;
  record.compilation = MakeCompilationRecord(experiment, compilation);
  absl::StatusOr<RecordTrees> trees =
      LoadPreprocessedTrees(experiment, compilation, options, parents);
  if (!trees.ok()) return trees.status();
  // Reused from compilation to compilation: their nodes keep their capacity.
  thread_local TreeRecord first_tree, second_tree;
  if (options.optimization_context_tree) {
    OptimizationContextTree oct =
        BuildOptimizationContextTree(trees->inlining_tree, trees->optimization_tree);
    BuildContextTreeRecord(oct, options, &first_tree);
    record.context = &first_tree;
    out.Compilation(record);
  } else {
    BuildInliningTreeRecord(trees->inlining_tree, options, &first_tree);
    BuildOptimizationTreeRecord(trees->optimization_tree, &second_tree);
    record.inlining = &first_tree;
    record.optimization = &second_tree;
    out.Compilation(record);
  }
  ++tally->compilations;
  return absl::OkStatus();
}

uint64_t ReloadBytes(const Experiment& experiment, CompilationIndex compilation) {
  const Compilation& c = experiment.compilation(compilation);
  const Compilation& unit = c.is_fragment ? experiment.compilation(c.parent) : c;
  const std::vector<UnitRecord>& units = experiment.log().units;
  return unit.unit_record < units.size() ? units[unit.unit_record].length : 0;
}

}  // namespace profdiff
