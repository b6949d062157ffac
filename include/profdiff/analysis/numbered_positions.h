#ifndef PROFDIFF_ANALYSIS_NUMBERED_POSITIONS_H_
#define PROFDIFF_ANALYSIS_NUMBERED_POSITIONS_H_

// The positions of one optimization tree with their method names numbered, for the many
// path-prefix tests made against the same tree: every fragment of a parent unit tests each of
// the parent's optimizations (algorithms.md §8.2), and comparing long method names dominated.

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "profdiff/model/optimization_tree.h"
#include "profdiff/model/position.h"

namespace profdiff {

class NumberedPositions {
 public:
  // A path with its names numbered (kNoName: null, or a name no position of the tree has).
  struct NumberedPath {
    std::vector<uint32_t> names;
    std::vector<int32_t> bcis;
  };
  static constexpr uint32_t kNoName = UINT32_MAX;

  // Numbers the positions of `tree` as they are now.
  explicit NumberedPositions(const OptimizationTree& tree);

  NumberedPath Number(const Path& path) const;
  // IsPathPrefixOfPosition(path, tree.node(node).position) for the tree given to the
  // constructor, for `path` numbered by Number.
  bool IsPathPrefix(const NumberedPath& path, NodeIndex node) const;

 private:
  absl::flat_hash_map<InternedName, uint32_t> numbers_;
  // Per node: the index of its position's first entry in names_ and bcis_ (and one more index,
  // the end of the last node's entries).
  std::vector<uint32_t> first_;
  std::vector<uint32_t> names_;  // the numbered method of every position entry, in order
  std::vector<int32_t> bcis_;    // the bci of every position entry
};

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_NUMBERED_POSITIONS_H_
