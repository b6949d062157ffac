#ifndef PROFDIFF_COMMANDS_COMPARISON_COMMANDS_H_
#define PROFDIFF_COMMANDS_COMPARISON_COMMANDS_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "profdiff/experiment.h"
#include "profdiff/line_writer.h"
#include "profdiff/options.h"

namespace profdiff {

enum class ComparisonKind { kJitVsJit, kJitVsAot, kAotVsAot, kAotVsAotJitProfile };

// The comparison pipelines of algorithms.md §0 (positionals in cli.md §3 order).
absl::Status RunComparison(ComparisonKind kind, const std::vector<std::string>& positionals,
                           const Options& options, LineWriter& out);

// Fragments, hot method pairs and one section per pair (algorithms.md §6, §8; output.md §5.1).
absl::Status MatchExperiments(LineWriter& out, Experiment& first, Experiment& second,
                              const Options& options);

// The matching output of one compilation pair (output.md §7), below its header lines: loads
// both compilations' trees (first, then second), matches and prints them at level + 1.
absl::Status WriteCompilationDiff(LineWriter& out, const Experiment& first, CompilationIndex a,
                                  const Experiment& second, CompilationIndex b,
                                  const Options& options);

}  // namespace profdiff

#endif  // PROFDIFF_COMMANDS_COMPARISON_COMMANDS_H_
