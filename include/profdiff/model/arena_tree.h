#ifndef PROFDIFF_MODEL_ARENA_TREE_H_
#define PROFDIFF_MODEL_ARENA_TREE_H_

// Operations shared by the arena trees (inlining, optimization, optimization-context, delta):
// nodes live in a vector and name their parent and children by index.

#include <utility>
#include <vector>

#include "profdiff/model/inlining_tree.h"  // NodeIndex, kNoNode

namespace profdiff {

// Node indices in preorder from `root`, with an explicit stack (trees may be arbitrarily deep).
template <class Node>
std::vector<NodeIndex> ArenaPreorder(const std::vector<Node>& nodes, NodeIndex root) {
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

// Appends `node` as the last child of `parent` (or as the root when `parent` is kNoNode and
// there is no root yet) and returns its index. Taken by reference: the callers hand over a node
// they built, and a parameter by value moved every node of every tree once more.
template <class Node>
NodeIndex ArenaAddNode(std::vector<Node>& nodes, NodeIndex& root, Node&& node, NodeIndex parent) {
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

#endif  // PROFDIFF_MODEL_ARENA_TREE_H_
