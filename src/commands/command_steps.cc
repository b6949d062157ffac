#include "commands/command_steps.h"

#include <string_view>
#include <utility>

#include "profdiff/analysis/compilation_trees.h"
#include "profdiff/analysis/generated_identities.h"
#include "profdiff/analysis/hot_selection.h"
#include "profdiff/analysis/optimization_context_tree.h"
#include "profdiff/output/record_builders.h"

namespace profdiff {

namespace {

void WriteWarning(std::string_view line, RecordSink& out) {
  constexpr std::string_view kPrefix = "Warning: ";
  if (line.starts_with(kPrefix)) line.remove_prefix(kPrefix.size());
  out.Warning(WarningRecord{line});
}

absl::StatusOr<Experiment> Summarize(absl::StatusOr<Experiment> experiment, const Options& options,
                                     RecordSink& out, bool select_hot) {
  if (!experiment.ok()) return experiment;
  if (select_hot) {
    SelectHotUnits(*experiment,
                   HotPolicy{options.hot_min_limit, options.hot_max_limit, options.hot_percentile});
  }
  out.Experiment(MakeExperimentRecord(*experiment));
  return experiment;
}

}  // namespace

absl::StatusOr<Experiment> LoadQuietly(const ExperimentInput& input, RecordSink& out) {
  return LoadExperiment(input, [&out](std::string_view line) { WriteWarning(line, out); });
}

absl::StatusOr<Experiment> LoadAndSummarize(const ExperimentInput& input, const Options& options,
                                            RecordSink& out, bool select_hot) {
  return Summarize(LoadQuietly(input, out), options, out, select_hot);
}

LoadAside::LoadAside(const ExperimentInput& input, bool aside) : input_(input) {
  if (!aside) return;
  thread_ = std::thread([this] {
    loaded_ =
        LoadExperiment(input_, [this](std::string_view line) { warnings_.emplace_back(line); });
  });
}

LoadAside::~LoadAside() {
  if (thread_.joinable()) thread_.join();
}

absl::StatusOr<Experiment> LoadAside::Finish(RecordSink& out) {
  if (!thread_.joinable()) return LoadQuietly(input_, out);  // not aside
  thread_.join();
  for (const std::string& line : warnings_) WriteWarning(line, out);
  return *std::move(loaded_);
}

absl::StatusOr<Experiment> FinishAndSummarize(LoadAside& load, const Options& options,
                                              RecordSink& out, bool select_hot) {
  return Summarize(load.Finish(out), options, out, select_hot);
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

absl::Status NameGeneratedClassesStably(Experiment& experiment) {
  if (!experiment.hotspot().has_value()) return absl::OkStatus();
  return AssignGeneratedIdentities(experiment);
}

}  // namespace profdiff
