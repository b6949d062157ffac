#include "profdiff/optimization_context_tree.h"

#include <algorithm>
#include <utility>

#include "profdiff/arena_tree.h"
#include "profdiff/inlining_path.h"
#include "profdiff/tree_preprocessing.h"

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
  for (NodeIndex n : preorder) {
    if (!inlining_tree.node(n).inlined) continue;
    Path path = InliningPathOf(inlining_tree, n);
    if (FindNodesByPath(inlining_tree, path, path.size()).size() > 1) {
      AddOctNode(oct, OctNode{OctNode::Kind::kInfo, kNoNode, kDuplicatePathWarning, kNoNode, {}},
                 oct_of[n]);
    }
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
