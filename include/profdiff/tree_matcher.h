#ifndef PROFDIFF_TREE_MATCHER_H_
#define PROFDIFF_TREE_MATCHER_H_

// Selkow tree edit distance (algorithms.md §11) over any pair of arena trees, seen through an
// adapter. See src/diff/ for the policies of each tree kind.
//
// An adapter provides:
//   NodeIndex Root(Side side) const;
//   const std::vector<NodeIndex>& Children(Side side, NodeIndex node) const;
//   bool Equal(NodeIndex left, NodeIndex right) const;
//   int64_t RelabelCost(NodeIndex left, NodeIndex right) const;  // only asked when !Equal

#include <cstdint>
#include <vector>

#include "profdiff/inlining_tree.h"  // NodeIndex

namespace profdiff {

inline constexpr int64_t kUnitCost = 1;
inline constexpr int64_t kInfiniteCost = 1'000'000'000;

enum class Side { kLeft, kRight };  // experiment 1, experiment 2

enum class DeltaKind { kIdentity, kRelabel, kDeletion, kInsertion };

// A node of a delta tree: one operation of the edit script. `left` is the node of tree 1
// (identity, relabel, deletion), `right` the node of tree 2 (identity, relabel, insertion).
struct DeltaNode {
  DeltaKind kind = DeltaKind::kIdentity;
  NodeIndex left = kNoNode;
  NodeIndex right = kNoNode;
  uint32_t depth = 0;
  NodeIndex parent = kNoNode;
  std::vector<NodeIndex> children;
};

struct DeltaTree {
  std::vector<DeltaNode> nodes;
  NodeIndex root = kNoNode;  // kNoNode = empty (everything pruned)
  bool empty() const { return root == kNoNode; }
  std::vector<NodeIndex> Preorder() const;
};

}  // namespace profdiff

#endif  // PROFDIFF_TREE_MATCHER_H_
