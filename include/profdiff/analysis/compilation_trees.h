#ifndef PROFDIFF_ANALYSIS_COMPILATION_TREES_H_
#define PROFDIFF_ANALYSIS_COMPILATION_TREES_H_

#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "absl/status/statusor.h"
#include "profdiff/analysis/numbered_positions.h"
#include "profdiff/load/graal/record_reader.h"
#include "profdiff/model/experiment.h"
#include "profdiff/options.h"

namespace profdiff {

// The parsed trees of fragment parents, shared by the threads that render. A fragment's trees are
// cut from its parent unit's trees, and a hot unit can be the parent of hundreds of fragments
// (one per inlined hot call) with a record of several MB. So a parent that many planned loads
// will read is parsed once and kept until the last of them (within a budget of nodes); a parent
// of only a few loads is parsed each time, which keeps memory flat where reparsing is cheap.
struct FragmentParent {
  explicit FragmentParent(RecordTrees parsed);
  FragmentParent(const FragmentParent&) = delete;  // big: shared, never copied
  FragmentParent& operator=(const FragmentParent&) = delete;

  RecordTrees trees;
  // Computed once for all its fragments:
  std::vector<NodeIndex> optimization_preorder;
  std::unique_ptr<NumberedPositions> positions;  // of trees.optimization_tree
};

class FragmentParentCache {
 public:
  // Declares a future load of `fragment` (before any load).
  void PlanLoad(const Experiment& experiment, CompilationIndex fragment);
  // The raw trees of unit `parent`.
  absl::StatusOr<std::shared_ptr<const FragmentParent>> Get(const Experiment& experiment,
                                                            CompilationIndex parent);

 private:
  using Key = std::pair<const Experiment*, CompilationIndex>;
  struct Entry {
    int planned = 0;    // loads declared
    int remaining = 0;  // loads still to come
    std::once_flag once;
    absl::StatusOr<std::shared_ptr<const FragmentParent>> parent = absl::UnknownError("not loaded");
    size_t nodes = 0;  // counted in nodes_ while kept
  };
  static constexpr int kMinLoadsToKeep = 8;
  static constexpr size_t kBudgetNodes = 1'000'000;
  std::mutex mutex_;
  std::map<Key, std::shared_ptr<Entry>> entries_;
  size_t nodes_ = 0;
};

// The raw trees of a compilation, read anew from the log: a unit's own trees, or for a
// fragment the part of its parent's trees it covers (algorithms.md §8.2), the parent taken from
// `parents` when given.
absl::StatusOr<RecordTrees> LoadRawTrees(const Experiment& experiment, CompilationIndex compilation,
                                         FragmentParentCache* parents = nullptr);

// The raw inlining tree of unit `unit` (the optimization tree is left empty), for the passes
// that look only at inlining decisions (JIT-profile marking, fragment creation).
absl::StatusOr<RecordTrees> LoadUnitInliningTree(const Experiment& experiment,
                                                 CompilationIndex unit);

// LoadRawTrees followed by the preprocessing the options ask for (§7).
absl::StatusOr<RecordTrees> LoadPreprocessedTrees(const Experiment& experiment,
                                                  CompilationIndex compilation,
                                                  const Options& options,
                                                  FragmentParentCache* parents = nullptr);

// The fragment trees of §8.2, from the parent's raw trees.
// With `remove_detailed_phases`, the phases RemoveDetailedPhases would remove are left out.
RecordTrees ExtractFragmentTrees(const RecordTrees& parent, const std::vector<uint32_t>& child_path,
                                 const Path& inlining_path, bool remove_detailed_phases = false);
// The same from a parent prepared for many fragments (faster, same trees).
RecordTrees ExtractFragmentTrees(const FragmentParent& parent,
                                 const std::vector<uint32_t>& child_path, const Path& inlining_path,
                                 bool remove_detailed_phases = false);

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_COMPILATION_TREES_H_
