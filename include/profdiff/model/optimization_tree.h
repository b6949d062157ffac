#ifndef PROFDIFF_MODEL_OPTIMIZATION_TREE_H_
#define PROFDIFF_MODEL_OPTIMIZATION_TREE_H_

#include <string>
#include <vector>

#include "profdiff/model/inlining_tree.h"  // NodeIndex
#include "profdiff/model/interned_name.h"
#include "profdiff/model/position.h"
#include "profdiff/model/property_value.h"

namespace profdiff {

// A phase (inner node, named) or an optimization (leaf) of an optimization tree.
struct OptimizationTreeNode {
  bool is_phase = false;
  InternedName name;        // phase name, or optimization name
  InternedName event_name;  // optimizations only
  Position position;        // optimizations only; keys have their multi-method key stripped
  Properties properties;    // optimizations only
  NodeIndex parent = kNoNode;
  ChildList children;  // phases only
};

// Arena-stored optimization tree (see InliningTree). The root is a phase (normally RootPhase).
class OptimizationTree {
 public:
  std::vector<OptimizationTreeNode> nodes;
  NodeIndex root = kNoNode;

  bool empty() const { return root == kNoNode; }
  const OptimizationTreeNode& node(NodeIndex i) const { return nodes[i]; }
  OptimizationTreeNode& node(NodeIndex i) { return nodes[i]; }

  std::vector<NodeIndex> Preorder() const;
  NodeIndex AddNode(OptimizationTreeNode&& node, NodeIndex parent);
};

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_OPTIMIZATION_TREE_H_
