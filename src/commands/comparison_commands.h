#ifndef PROFDIFF_COMMANDS_COMPARISON_COMMANDS_H_
#define PROFDIFF_COMMANDS_COMPARISON_COMMANDS_H_

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "profdiff/analysis/compilation_trees.h"
#include "profdiff/analysis/loop_vectorization.h"
#include "profdiff/analysis/optimization_context_tree.h"
#include "profdiff/diff/decision_changes.h"
#include "profdiff/diff/tree_classes.h"
#include "profdiff/load/graal/record_reader.h"
#include "profdiff/model/experiment.h"
#include "profdiff/options.h"
#include "profdiff/output/output_records.h"
#include "profdiff/support/progress.h"

namespace profdiff {

enum class ComparisonKind { kJitVsJit, kJitVsAot, kAotVsAot, kAotVsAotJitProfile };

// The comparison pipelines of algorithms.md §0 (positionals in cli.md §3 order).
absl::Status RunComparison(ComparisonKind kind, const std::vector<std::string>& positionals,
                           const Options& options, Renderer& out, ProgressSink* progress = nullptr);

// Fragments, hot method pairs and one section per pair (algorithms.md §6, §8; output.md §5.1),
// then the end record.
absl::Status MatchExperiments(Renderer& out, Experiment& first, Experiment& second,
                              const Options& options, ProgressSink* progress = nullptr);

// The delta trees of one compilation pair (output.md §7) from both compilations' preprocessed
// trees, into `pair` (its trees point into `storage`), counted in `tally`.
struct PairTrees {
  TreeRecord inlining;  // or the optimization-context delta tree
  TreeRecord optimization;
  OptimizationContextTree left_context;  // the records refer to their info nodes
  OptimizationContextTree right_context;
  PairDecisions decisions;        // --decisions
  std::vector<LoopChange> loops;  // --decisions: the loops whose vectorization differs
};
// The classes of a compilation's trees in numberings shared with other compilations' trees
// (TreeClassifier with the edit policies' SameLabel).
struct CompilationClasses {
  TreeClasses inlining;
  TreeClasses optimization;
};
// With `left_classes` and `right_classes` (both or neither; ignored for optimization-context
// trees), the matcher takes the trees' classes from them instead of classifying the two trees.
void MatchTrees(const RecordTrees& left, const RecordTrees& right, const Options& options,
                PairTrees* storage, PairRecord* pair, EndRecord* tally,
                const CompilationClasses* left_classes = nullptr,
                const CompilationClasses* right_classes = nullptr);

// The preprocessed trees of the compilations of one method section, shared by the threads that
// render its compilation pairs. A compilation that takes part in several pairs is loaded once and
// kept (within a memory budget; beyond it, it is loaded anew each time); one that takes part in
// a single pair is not kept.
class SectionTreeCache {
 public:
  SectionTreeCache(const Options& options, FragmentParentCache* parents)
      : options_(options), parents_(parents) {}
  // Declares one more pair that uses `compilation` (before any Get).
  void CountUse(const Experiment& experiment, CompilationIndex compilation);
  absl::StatusOr<std::shared_ptr<const RecordTrees>> Get(const Experiment& experiment,
                                                         CompilationIndex compilation);

 private:
  using Key = std::pair<const Experiment*, CompilationIndex>;
  using Loaded = absl::StatusOr<std::shared_ptr<const RecordTrees>>;
  struct Slot {
    std::once_flag once;
    Loaded trees = absl::UnknownError("not loaded");
    size_t bytes = 0;  // counted in cached_bytes_ while the slot is kept
  };
  static constexpr size_t kApproximateNodeBytes = 160;
  static constexpr size_t kBudgetBytes = size_t{32} << 20;
  const Options& options_;
  FragmentParentCache* parents_;
  std::mutex mutex_;
  std::map<Key, int> uses_;
  std::map<Key, std::shared_ptr<Slot>> slots_;
  size_t cached_bytes_ = 0;
};

}  // namespace profdiff

#endif  // PROFDIFF_COMMANDS_COMPARISON_COMMANDS_H_
