#include "profdiff/model/optimization_tree.h"

#include <utility>

#include "profdiff/model/arena_tree.h"

namespace profdiff {

std::vector<NodeIndex> OptimizationTree::Preorder() const { return ArenaPreorder(nodes, root); }

NodeIndex OptimizationTree::AddNode(OptimizationTreeNode&& node, NodeIndex parent) {
  return ArenaAddNode(nodes, root, std::move(node), parent);
}

}  // namespace profdiff
