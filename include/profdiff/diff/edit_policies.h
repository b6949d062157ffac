#ifndef PROFDIFF_DIFF_EDIT_POLICIES_H_
#define PROFDIFF_DIFF_EDIT_POLICIES_H_

// Node equality and relabel costs of algorithms.md §9 for the three kinds of trees, as adapters
// for the tree matcher (profdiff/diff/tree_matcher.h). Each policy refers to its two trees, which
// must outlive it: left = experiment 1, right = experiment 2.

#include <cstdint>
#include <vector>

#include "profdiff/analysis/optimization_context_tree.h"
#include "profdiff/diff/tree_matcher.h"
#include "profdiff/model/inlining_tree.h"
#include "profdiff/model/optimization_tree.h"

namespace profdiff {

// §9.1: same bci, callsite kind and name (null = null).
bool InliningNodesEqual(const InliningTree& left_tree, NodeIndex left,
                        const InliningTree& right_tree, NodeIndex right);
// §9.1: kUnitCost when only the callsite kind differs, else kInfiniteCost.
int64_t InliningRelabelCost(const InliningTree& left_tree, NodeIndex left,
                            const InliningTree& right_tree, NodeIndex right);
// Hash of what InliningNodesEqual compares.
uint64_t InliningNodeHash(const InliningTree& tree, NodeIndex node);

// §9.2: phases by name; optimizations by name, event, position and properties (key order
// irrelevant); a phase never equals an optimization. The relabel cost is always kInfiniteCost.
bool OptimizationNodesEqual(const OptimizationTree& left_tree, NodeIndex left,
                            const OptimizationTree& right_tree, NodeIndex right);
// Hash of what OptimizationNodesEqual compares.
uint64_t OptimizationNodeHash(const OptimizationTree& tree, NodeIndex node);

class InliningTreeEditPolicy {
 public:
  InliningTreeEditPolicy(const InliningTree& left, const InliningTree& right)
      : left_(left), right_(right) {}

  const InliningTree& tree(Side side) const { return side == Side::kLeft ? left_ : right_; }

  NodeIndex Root(Side side) const { return tree(side).root; }
  const ChildList& Children(Side side, NodeIndex node) const {
    return tree(side).node(node).children;
  }
  bool Equal(NodeIndex left, NodeIndex right) const {
    return InliningNodesEqual(left_, left, right_, right);
  }
  bool SameLabel(Side a_side, NodeIndex a, Side b_side, NodeIndex b) const {
    return InliningNodesEqual(tree(a_side), a, tree(b_side), b);
  }
  int64_t RelabelCost(NodeIndex left, NodeIndex right) const {
    return InliningRelabelCost(left_, left, right_, right);
  }
  uint64_t LabelHash(Side side, NodeIndex node) const { return InliningNodeHash(tree(side), node); }

 private:
  const InliningTree& left_;
  const InliningTree& right_;
};

class OptimizationTreeEditPolicy {
 public:
  OptimizationTreeEditPolicy(const OptimizationTree& left, const OptimizationTree& right)
      : left_(left), right_(right) {}

  const OptimizationTree& tree(Side side) const { return side == Side::kLeft ? left_ : right_; }

  NodeIndex Root(Side side) const { return tree(side).root; }
  const ChildList& Children(Side side, NodeIndex node) const {
    return tree(side).node(node).children;
  }
  bool Equal(NodeIndex left, NodeIndex right) const {
    return OptimizationNodesEqual(left_, left, right_, right);
  }
  bool SameLabel(Side a_side, NodeIndex a, Side b_side, NodeIndex b) const {
    return OptimizationNodesEqual(tree(a_side), a, tree(b_side), b);
  }
  static constexpr int64_t kConstantRelabelCost = kInfiniteCost;
  int64_t RelabelCost(NodeIndex, NodeIndex) const { return kConstantRelabelCost; }
  uint64_t LabelHash(Side side, NodeIndex node) const {
    return OptimizationNodeHash(tree(side), node);
  }

 private:
  const OptimizationTree& left_;
  const OptimizationTree& right_;
};

// §9.3. Each optimization-context tree is read together with the inlining and optimization trees
// it refers to.
class OptimizationContextTreeEditPolicy {
 public:
  OptimizationContextTreeEditPolicy(const OptimizationContextTree& left,
                                    const OptimizationContextTree& right)
      : left_(left), right_(right) {}

  const OptimizationContextTree& tree(Side side) const {
    return side == Side::kLeft ? left_ : right_;
  }

  NodeIndex Root(Side side) const { return tree(side).root; }
  const ChildList& Children(Side side, NodeIndex node) const {
    return tree(side).node(node).children;
  }
  bool Equal(NodeIndex left, NodeIndex right) const {
    return SameLabel(Side::kLeft, left, Side::kRight, right);
  }
  bool SameLabel(Side a_side, NodeIndex a, Side b_side, NodeIndex b) const;
  int64_t RelabelCost(NodeIndex left, NodeIndex right) const;
  uint64_t LabelHash(Side side, NodeIndex node) const;

  // Whether a delta node of these trees is an info node (§11.3): its left or right original
  // node is one. This is the predicate PruneIdentities needs.
  bool IsInfoNode(const DeltaNode& node) const;

 private:
  const OptimizationContextTree& left_;
  const OptimizationContextTree& right_;
};

}  // namespace profdiff

#endif  // PROFDIFF_DIFF_EDIT_POLICIES_H_
