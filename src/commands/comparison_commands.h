#ifndef PROFDIFF_COMMANDS_COMPARISON_COMMANDS_H_
#define PROFDIFF_COMMANDS_COMPARISON_COMMANDS_H_

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "profdiff/experiment.h"
#include "profdiff/line_writer.h"
#include "profdiff/options.h"
#include "profdiff/record_reader.h"

namespace profdiff {

enum class ComparisonKind { kJitVsJit, kJitVsAot, kAotVsAot, kAotVsAotJitProfile };

// The comparison pipelines of algorithms.md §0 (positionals in cli.md §3 order).
absl::Status RunComparison(ComparisonKind kind, const std::vector<std::string>& positionals,
                           const Options& options, LineWriter& out);

// Fragments, hot method pairs and one section per pair (algorithms.md §6, §8; output.md §5.1).
absl::Status MatchExperiments(LineWriter& out, Experiment& first, Experiment& second,
                              const Options& options);

// The matching output of one compilation pair (output.md §7) below its header lines, at
// level + 1, from both compilations' preprocessed trees.
void WriteTreesDiff(LineWriter& out, const RecordTrees& left, const RecordTrees& right,
                    const Options& options);

// The preprocessed trees of the compilations of one method section. A compilation takes part in
// a pair with every hot compilation of the other side, so its trees are loaded once and kept
// (within a memory budget; beyond it they are loaded anew each time).
class SectionTreeCache {
 public:
  explicit SectionTreeCache(const Options& options) : options_(options) {}
  absl::StatusOr<std::shared_ptr<const RecordTrees>> Get(const Experiment& experiment,
                                                         CompilationIndex compilation);

 private:
  static constexpr size_t kApproximateNodeBytes = 160;
  static constexpr size_t kBudgetBytes = size_t{32} << 20;
  const Options& options_;
  std::map<std::pair<const Experiment*, CompilationIndex>, std::shared_ptr<const RecordTrees>>
      cache_;
  size_t cached_bytes_ = 0;
};

}  // namespace profdiff

#endif  // PROFDIFF_COMMANDS_COMPARISON_COMMANDS_H_
