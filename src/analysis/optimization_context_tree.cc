#include "profdiff/analysis/optimization_context_tree.h"

#include <algorithm>
#include <utility>

#include "profdiff/analysis/inlining_path.h"
#include "profdiff/analysis/tree_preprocessing.h"
#include "profdiff/model/arena_tree.h"

namespace profdiff {

namespace {

NodeIndex AddOctNode(OptimizationContextTree& oct, OctNode node, NodeIndex parent) {
  return ArenaAddNode(oct.nodes, oct.root, std::move(node), parent);
}

// Info nodes first, then optimizations (§7.3 order), then inlining nodes (§7.1 order).
int KindRank(OctNode::Kind kind) {
  switch (kind) {
    case OctNode::Kind::kInfo:
      return 0;
    case OctNode::Kind::kOptimization:
      return 1;
    case OctNode::Kind::kInlining:
      return 2;
  }
  return 3;
}

// The inlined nodes n for which FindNodesByPath(path(n)) finds more than one node, in preorder.
// Rather than following each node's path from the root (quadratic in the depth), the set of
// nodes matching path(n) is derived from the set matching the path of n's nearest non-indirect
// ancestor: they are the non-indirect nodes reachable from that set through indirect nodes whose
// (name, bci) matches n's.
std::vector<NodeIndex> NodesWithDuplicatePaths(const InliningTree& tree,
                                               const std::vector<NodeIndex>& preorder) {
  std::vector<NodeIndex> result;
  if (tree.empty()) return result;
  auto matches = [&](NodeIndex a, NodeIndex b) {
    const InliningTreeNode& x = tree.node(a);
    const InliningTreeNode& y = tree.node(b);
    return x.method_name == y.method_name && (x.bci == -1 || y.bci == -1 || x.bci == y.bci);
  };
  // Non-indirect nodes reachable from `from`'s children (or from the root itself when `from` is
  // kNoNode) through indirect nodes only.
  std::vector<NodeIndex> stack;
  auto effective_children = [&](NodeIndex from, std::vector<NodeIndex>& out) {
    out.clear();
    stack.clear();
    if (from == kNoNode) {
      stack.push_back(tree.root);
    } else {
      const auto& children = tree.node(from).children;
      for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(*it);
    }
    while (!stack.empty()) {
      NodeIndex c = stack.back();
      stack.pop_back();
      if (!tree.node(c).indirect) {
        out.push_back(c);
        continue;
      }
      const auto& children = tree.node(c).children;
      for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(*it);
    }
  };
  // For each non-indirect node: the nearest non-indirect ancestor, and the nodes matching its path.
  std::vector<NodeIndex> anchor(tree.nodes.size(), kNoNode);
  std::vector<std::vector<NodeIndex>> same_path(tree.nodes.size());
  std::vector<NodeIndex> candidates, children;
  for (NodeIndex n : preorder) {
    const InliningTreeNode& node = tree.node(n);
    NodeIndex parent = node.parent;
    NodeIndex up = parent == kNoNode            ? kNoNode
                   : tree.node(parent).indirect ? anchor[parent]
                                                : parent;
    anchor[n] = up;
    if (node.indirect) continue;
    candidates.clear();
    if (up == kNoNode) {
      effective_children(kNoNode, candidates);
    } else {
      for (NodeIndex s : same_path[up]) {
        effective_children(s, children);
        candidates.insert(candidates.end(), children.begin(), children.end());
      }
    }
    for (NodeIndex c : candidates) {
      if (matches(c, n)) same_path[n].push_back(c);
    }
    if (node.inlined && same_path[n].size() > 1) result.push_back(n);
  }
  return result;
}

}  // namespace

std::vector<NodeIndex> OptimizationContextTree::Preorder() const {
  return ArenaPreorder(nodes, root);
}

OptimizationContextTree BuildOptimizationContextTree(const InliningTree& inlining_tree,
                                                     const OptimizationTree& optimization_tree) {
  OptimizationContextTree oct;
  oct.inlining_tree = &inlining_tree;
  oct.optimization_tree = &optimization_tree;
  oct.root =
      AddOctNode(oct, OctNode{OctNode::Kind::kInfo, kNoNode, kOctRootText, kNoNode, {}}, kNoNode);

  // The inlining tree, copied under the root with the same shape.
  std::vector<NodeIndex> oct_of(inlining_tree.nodes.size(), kNoNode);
  const std::vector<NodeIndex> preorder = inlining_tree.Preorder();
  for (NodeIndex n : preorder) {
    NodeIndex parent = inlining_tree.node(n).parent;
    NodeIndex oct_parent = parent == kNoNode ? oct.root : oct_of[parent];
    oct_of[n] = AddOctNode(oct, OctNode{OctNode::Kind::kInlining, n, {}, kNoNode, {}}, oct_parent);
  }

  // Inlined methods whose path is ambiguous get a warning.
  for (NodeIndex n : NodesWithDuplicatePaths(inlining_tree, preorder)) {
    AddOctNode(oct, OctNode{OctNode::Kind::kInfo, kNoNode, kDuplicatePathWarning, kNoNode, {}},
               oct_of[n]);
  }

  // Each optimization hangs under every method its longest followable path leads to.
  for (NodeIndex o : optimization_tree.Preorder()) {
    const OptimizationTreeNode& optimization = optimization_tree.node(o);
    if (optimization.is_phase) continue;
    Path path = EnclosingMethodPath(optimization.position);
    size_t k = LongestFollowablePrefix(inlining_tree, path);
    OctNode node{OctNode::Kind::kOptimization, o, {}, kNoNode, {}};
    if (k == 0) {
      AddOctNode(oct, std::move(node), oct.root);
      continue;
    }
    for (NodeIndex target : FindNodesByPath(inlining_tree, path, k)) {
      AddOctNode(oct, node, oct_of[target]);
    }
  }

  for (OctNode& node : oct.nodes) {
    std::stable_sort(node.children.begin(), node.children.end(), [&](NodeIndex x, NodeIndex y) {
      const OctNode& a = oct.nodes[x];
      const OctNode& b = oct.nodes[y];
      int ra = KindRank(a.kind), rb = KindRank(b.kind);
      if (ra != rb) return ra < rb;
      if (a.kind == OctNode::Kind::kOptimization) {
        return CompareOptimizationNodes(optimization_tree.node(a.ref),
                                        optimization_tree.node(b.ref)) < 0;
      }
      if (a.kind == OctNode::Kind::kInlining) {
        return CompareInliningNodes(inlining_tree.node(a.ref), inlining_tree.node(b.ref)) < 0;
      }
      return false;
    });
  }
  return oct;
}

}  // namespace profdiff
