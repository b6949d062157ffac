#ifndef PROFDIFF_COMMANDS_COMMAND_STEPS_H_
#define PROFDIFF_COMMANDS_COMMAND_STEPS_H_

// Steps shared by the command pipelines (algorithms.md §0).

#include <cstdint>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "profdiff/analysis/compilation_trees.h"
#include "profdiff/load/experiment_loader.h"
#include "profdiff/model/experiment.h"
#include "profdiff/options.h"
#include "profdiff/output/output_records.h"

namespace profdiff {

// Loads an experiment (its warnings as warning records), applies the hot policy when
// `select_hot`, and emits its summary.
absl::StatusOr<Experiment> LoadAndSummarize(const ExperimentInput& input, const Options& options,
                                            RecordSink& out, bool select_hot = true);

// Loads an experiment (its warnings as warning records) without its summary.
absl::StatusOr<Experiment> LoadQuietly(const ExperimentInput& input, RecordSink& out);

// Loads an experiment on a thread of its own (`aside`) while the caller loads another: a
// comparison's second log is read while the first is, which fills the cores the reading of one
// leaves idle. Its warnings are kept until Finish(), so that the output is that of loading it
// after whatever the caller wrote meanwhile. Without `aside` (progress is shown: its lines are
// one experiment's at a time) Finish() loads it then.
class LoadAside {
 public:
  LoadAside(const ExperimentInput& input, bool aside);
  ~LoadAside();
  LoadAside(const LoadAside&) = delete;
  LoadAside& operator=(const LoadAside&) = delete;

  // The experiment, as LoadQuietly would give it: waits for the load, then writes its warnings.
  // Called once.
  absl::StatusOr<Experiment> Finish(RecordSink& out);

 private:
  const ExperimentInput& input_;
  std::vector<std::string> warnings_;
  std::optional<absl::StatusOr<Experiment>> loaded_;
  std::thread thread_;
};

// LoadAndSummarize of an experiment loaded with LoadAside.
absl::StatusOr<Experiment> FinishAndSummarize(LoadAside& load, const Options& options,
                                              RecordSink& out, bool select_hot = true);

// Before two experiments (or runs) are compared: the methods of generated classes (lambdas,
// LambdaForms, proxies) of a HotSpot log named by their stable identity, so that they pair
// across runs (docs/decisions.md, "Generated classes keep their identity"). Graal logs keep
// their names: the reference's output on them does not pair such methods either.
absl::Status NameGeneratedClassesStably(Experiment& experiment);

// The compilation with its trees (output.md §6), counted in `tally`. A fragment's parent is taken
// from `parents` when given.
absl::Status WriteCompilation(RecordSink& out, const Experiment& experiment,
                              CompilationIndex compilation, const Options& options,
                              FragmentParentCache* parents, EndRecord* tally);

// What writing `compilation`'s trees costs, about: the bytes of the record read again for them
// (a fragment's parent's record), for grouping pieces of output into batches (ItemBatches).
uint64_t ReloadBytes(const Experiment& experiment, CompilationIndex compilation);

// stats (docs/statistics.md): the experiments' summaries, statistics and, with two, changes.
absl::Status RunStats(const std::vector<std::string>& positionals, const Options& options,
                      Renderer& out);

absl::Status RunReport(const std::string& log_directory, const std::optional<std::string>& profile,
                       const Options& options, Renderer& out, ProgressSink* progress = nullptr);

}  // namespace profdiff

#endif  // PROFDIFF_COMMANDS_COMMAND_STEPS_H_
