// Delta-tree traversal, pruning (algorithms.md §11.4) and expansion (§11.5). Everything is
// iterative: delta trees are as deep as the trees they compare.

#include <utility>
#include <vector>

#include "profdiff/diff/tree_matcher.h"
#include "profdiff/model/arena_tree.h"

namespace profdiff {

std::vector<NodeIndex> DeltaTree::Preorder() const { return ArenaPreorder(nodes, root); }

NodeIndex DeltaTree::Add(DeltaKind kind, NodeIndex left, NodeIndex right, uint32_t depth,
                         NodeIndex parent) {
  const NodeIndex index = static_cast<NodeIndex>(nodes.size());
  // Built in place: no temporary node to move (delta trees have millions of nodes).
  DeltaNode& node = nodes.emplace_back();
  node.kind = kind;
  node.left = left;
  node.right = right;
  node.depth = depth;
  node.parent = parent;
  if (parent != kNoNode) nodes[parent].children.push_back(index);
  return index;
}

DeltaTree PruneIdentities(const DeltaTree& tree,
                          absl::FunctionRef<bool(const DeltaNode&)> is_info) {
  DeltaTree pruned;
  std::vector<NodeIndex> order = tree.Preorder();
  if (order.empty()) return pruned;

  // Reverse preorder reaches every child before its parent.
  std::vector<bool> alive(tree.nodes.size(), false);
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const DeltaNode& node = tree.nodes[*it];
    bool node_alive = node.kind != DeltaKind::kIdentity;
    for (NodeIndex child : node.children) node_alive = node_alive || alive[child];
    alive[*it] = node_alive;
  }
  if (!alive[tree.root]) return pruned;

  // Copy the kept nodes in preorder. A kept node is alive or an info node under an alive
  // parent; the children of the latter are never kept (their parent is not alive).
  std::vector<NodeIndex> new_index(tree.nodes.size(), kNoNode);
  pruned.nodes.reserve(order.size());
  for (NodeIndex old : order) {
    const DeltaNode& node = tree.nodes[old];
    NodeIndex parent = old == tree.root ? kNoNode : new_index[node.parent];
    if (old != tree.root) {
      if (parent == kNoNode) continue;  // an ancestor was removed
      if (!alive[old] && !(alive[node.parent] && is_info(node))) continue;
    }
    new_index[old] = pruned.Add(node.kind, node.left, node.right, node.depth, parent);
  }
  pruned.root = 0;
  return pruned;
}

DeltaTree PruneIdentities(const DeltaTree& tree) {
  return PruneIdentities(tree, [](const DeltaNode&) { return false; });
}

void MarkMovedIdentities(DeltaTree& tree,
                         absl::FunctionRef<bool(NodeIndex left, NodeIndex right)> moved) {
  for (DeltaNode& node : tree.nodes) {
    if (node.kind == DeltaKind::kIdentity && moved(node.left, node.right)) {
      node.kind = DeltaKind::kMoved;
    }
  }
}

namespace tree_matcher_internal {

void ExpandDeltaTree(const TreeMatchOracle& oracle, DeltaTree& tree) {
  std::vector<NodeIndex> stack;
  for (NodeIndex node : tree.Preorder()) {
    const DeltaNode& delta = tree.nodes[node];
    bool deletion = delta.kind == DeltaKind::kDeletion;
    if ((deletion || delta.kind == DeltaKind::kInsertion) && delta.children.empty()) {
      stack.push_back(node);
    }
  }
  while (!stack.empty()) {
    NodeIndex node = stack.back();
    stack.pop_back();
    DeltaKind kind = tree.nodes[node].kind;
    bool deletion = kind == DeltaKind::kDeletion;
    NodeIndex original = deletion ? tree.nodes[node].left : tree.nodes[node].right;
    uint32_t depth = tree.nodes[node].depth + 1;
    for (NodeIndex child : oracle.Children(deletion ? Side::kLeft : Side::kRight, original)) {
      stack.push_back(deletion ? tree.Add(kind, child, kNoNode, depth, node)
                               : tree.Add(kind, kNoNode, child, depth, node));
    }
  }
}

}  // namespace tree_matcher_internal
}  // namespace profdiff
