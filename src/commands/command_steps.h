#ifndef PROFDIFF_COMMANDS_COMMAND_STEPS_H_
#define PROFDIFF_COMMANDS_COMMAND_STEPS_H_

// Steps shared by the command pipelines (algorithms.md §0).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "profdiff/compilation_trees.h"
#include "profdiff/experiment.h"
#include "profdiff/experiment_loader.h"
#include "profdiff/options.h"
#include "profdiff/output_records.h"

namespace profdiff {

// Loads an experiment (its warnings as warning records), applies the hot policy when
// `select_hot`, and emits its summary.
absl::StatusOr<Experiment> LoadAndSummarize(const ExperimentInput& input, const Options& options,
                                            RecordSink& out, bool select_hot = true);

// Loads an experiment (its warnings as warning records) without its summary.
absl::StatusOr<Experiment> LoadQuietly(const ExperimentInput& input, RecordSink& out);

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
