#ifndef PROFDIFF_ANALYSIS_OPTIMIZATION_CONTEXT_TREE_H_
#define PROFDIFF_ANALYSIS_OPTIMIZATION_CONTEXT_TREE_H_

#include <string>
#include <vector>

#include "profdiff/model/inlining_tree.h"
#include "profdiff/model/optimization_tree.h"

namespace profdiff {

inline constexpr char kOctRootText[] = "Optimization-context tree";
inline constexpr char kDuplicatePathWarning[] =
    "Warning: Optimizations cannot be unambiguously attributed (duplicate path)";

// A node of an optimization-context tree (algorithms.md §10): an info node (root or warning,
// carrying a text), or a reference to a node of the inlining or optimization tree it was built
// from.
struct OctNode {
  enum class Kind { kInfo, kInlining, kOptimization };
  Kind kind = Kind::kInfo;
  NodeIndex ref = kNoNode;  // index in the inlining / optimization tree
  std::string text;         // info nodes only
  NodeIndex parent = kNoNode;
  ChildList children;
};

// The tree does not own the trees it refers to: they must outlive it.
class OptimizationContextTree {
 public:
  const InliningTree* inlining_tree = nullptr;
  const OptimizationTree* optimization_tree = nullptr;
  std::vector<OctNode> nodes;
  NodeIndex root = kNoNode;

  const OctNode& node(NodeIndex i) const { return nodes[i]; }
  std::vector<NodeIndex> Preorder() const;
};

// Builds the OCT of two preprocessed trees (algorithms.md §10.3), children sorted.
OptimizationContextTree BuildOptimizationContextTree(const InliningTree& inlining_tree,
                                                     const OptimizationTree& optimization_tree);

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_OPTIMIZATION_CONTEXT_TREE_H_
