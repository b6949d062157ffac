#include "profdiff/optimization_tree.h"

#include <utility>

namespace profdiff {

std::vector<NodeIndex> OptimizationTree::Preorder() const {
  std::vector<NodeIndex> order;
  if (root == kNoNode) return order;
  order.reserve(nodes.size());
  std::vector<NodeIndex> stack{root};
  while (!stack.empty()) {
    NodeIndex n = stack.back();
    stack.pop_back();
    order.push_back(n);
    const auto& children = nodes[n].children;
    for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(*it);
  }
  return order;
}

NodeIndex OptimizationTree::AddNode(OptimizationTreeNode node, NodeIndex parent) {
  NodeIndex index = static_cast<NodeIndex>(nodes.size());
  node.parent = parent;
  nodes.push_back(std::move(node));
  if (parent == kNoNode) {
    if (root == kNoNode) root = index;
  } else {
    nodes[parent].children.push_back(index);
  }
  return index;
}

}  // namespace profdiff
