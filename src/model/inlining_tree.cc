#include "profdiff/inlining_tree.h"

#include <utility>

namespace profdiff {

std::string_view CallsiteKindName(CallsiteKind kind) {
  switch (kind) {
    case CallsiteKind::kRoot:
      return "root";
    case CallsiteKind::kInlined:
      return "inlined";
    case CallsiteKind::kDirect:
      return "direct";
    case CallsiteKind::kIndirect:
      return "indirect";
    case CallsiteKind::kDeleted:
      return "deleted";
    case CallsiteKind::kDevirtualized:
      return "devirtualized";
  }
  return "unknown";
}

CallsiteKind InliningTree::Kind(NodeIndex i) const {
  const InliningTreeNode& n = nodes[i];
  if (i == root) return CallsiteKind::kRoot;
  if (n.inlined) return CallsiteKind::kInlined;
  if (n.alive) return n.indirect ? CallsiteKind::kIndirect : CallsiteKind::kDirect;
  if (n.indirect && !n.children.empty()) return CallsiteKind::kDevirtualized;
  return CallsiteKind::kDeleted;
}

std::vector<NodeIndex> InliningTree::Preorder() const {
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

NodeIndex InliningTree::AddNode(InliningTreeNode node, NodeIndex parent) {
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
