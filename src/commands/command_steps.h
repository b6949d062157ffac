#ifndef PROFDIFF_COMMANDS_COMMAND_STEPS_H_
#define PROFDIFF_COMMANDS_COMMAND_STEPS_H_

// Steps shared by the command pipelines (algorithms.md §0).

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "profdiff/compilation_trees.h"
#include "profdiff/experiment.h"
#include "profdiff/experiment_loader.h"
#include "profdiff/line_writer.h"
#include "profdiff/options.h"

namespace profdiff {

// Loads an experiment (warnings at level 0), applies the hot policy when `select_hot`, and
// prints its summary.
absl::StatusOr<Experiment> LoadAndSummarize(const ExperimentInput& input, const Options& options,
                                            LineWriter& out, bool select_hot = true);

// Loads an experiment (warnings at level 0) without printing its summary.
absl::StatusOr<Experiment> LoadQuietly(const ExperimentInput& input, LineWriter& out);

// Header, then the compilation's trees (output.md §6), the header at the writer's level.
// A fragment's parent is taken from `parents` when given.
absl::Status WriteCompilation(LineWriter& out, const Experiment& experiment,
                              CompilationIndex compilation, const Options& options,
                              FragmentParentCache* parents = nullptr);

absl::Status RunReport(const std::string& log_directory, const std::optional<std::string>& profile,
                       const Options& options, LineWriter& out);

}  // namespace profdiff

#endif  // PROFDIFF_COMMANDS_COMMAND_STEPS_H_
