#include "commands/command_steps.h"

#include <utility>

#include "profdiff/compilation_trees.h"
#include "profdiff/experiment_writer.h"
#include "profdiff/hot_selection.h"
#include "profdiff/optimization_context_tree.h"
#include "profdiff/tree_writer.h"

namespace profdiff {

absl::StatusOr<Experiment> LoadQuietly(const ExperimentInput& input, LineWriter& out) {
  out.set_level(0);
  return LoadExperiment(input, [&out](std::string_view line) { out.Line(line); });
}

absl::StatusOr<Experiment> LoadAndSummarize(const ExperimentInput& input, const Options& options,
                                            LineWriter& out, bool select_hot) {
  absl::StatusOr<Experiment> experiment = LoadQuietly(input, out);
  if (!experiment.ok()) return experiment;
  if (select_hot) {
    SelectHotUnits(*experiment,
                   HotPolicy{options.hot_min_limit, options.hot_max_limit, options.hot_percentile});
  }
  WriteExperimentSummary(out, *experiment);
  return experiment;
}

absl::Status WriteCompilation(LineWriter& out, const Experiment& experiment,
                              CompilationIndex compilation, const Options& options,
                              FragmentParentCache* parents) {
  out.Line(CompilationHeader(experiment, compilation));
  absl::StatusOr<RecordTrees> trees =
      LoadPreprocessedTrees(experiment, compilation, options, parents);
  if (!trees.ok()) return trees.status();
  const int level = out.level();
  if (options.optimization_context_tree) {
    OptimizationContextTree oct =
        BuildOptimizationContextTree(trees->inlining_tree, trees->optimization_tree);
    out.set_level(level + 1);
    WriteOptimizationContextTree(out, oct, options);
  } else {
    out.Line("Inlining tree", 1);
    out.set_level(level + 2);
    WriteInliningTree(out, trees->inlining_tree, options);
    out.set_level(level);
    out.Line("Optimization tree", 1);
    out.set_level(level + 2);
    WriteOptimizationTree(out, trees->optimization_tree, options);
  }
  out.set_level(level);
  return absl::OkStatus();
}

}  // namespace profdiff
