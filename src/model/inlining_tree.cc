#include "profdiff/model/inlining_tree.h"

#include <utility>

#include "profdiff/model/arena_tree.h"

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
  return NonRootCallsiteKind(n.inlined, n.indirect, n.alive, !n.children.empty());
}

std::vector<NodeIndex> InliningTree::Preorder() const { return ArenaPreorder(nodes, root); }

NodeIndex InliningTree::AddNode(InliningTreeNode&& node, NodeIndex parent) {
  return ArenaAddNode(nodes, root, std::move(node), parent);
}

}  // namespace profdiff
