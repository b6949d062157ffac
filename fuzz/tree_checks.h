#ifndef PROFDIFF_FUZZ_TREE_CHECKS_H_
#define PROFDIFF_FUZZ_TREE_CHECKS_H_

// Checks that the fuzz targets of readers which build trees (HotSpot logs, LLVM remarks) make of
// every tree: every child's parent is the node that lists it, a tree is empty or has its root
// first, optimizations have no children. A failed check aborts with `target: what`.

#include <cstdio>
#include <cstdlib>

#include "profdiff/load/optimization_log.h"

namespace profdiff::fuzz {

inline const char* target_name = "fuzzer";

inline void Check(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "%s: %s\n", target_name, what);
  std::abort();
}

template <class Tree>
void CheckArena(const Tree& tree) {
  if (tree.empty()) return;
  Check(tree.root < tree.nodes.size(), "root out of range");
  Check(tree.node(tree.root).parent == kNoNode, "root has a parent");
  for (NodeIndex n = 0; n < tree.nodes.size(); ++n) {
    for (NodeIndex child : tree.node(n).children) {
      Check(child < tree.nodes.size(), "child out of range");
      Check(tree.node(child).parent == n, "child's parent is not its lister");
    }
  }
}

inline void CheckTrees(const RecordTrees& trees) {
  CheckArena(trees.inlining_tree);
  CheckArena(trees.optimization_tree);
  for (const OptimizationTreeNode& node : trees.optimization_tree.nodes) {
    Check(node.is_phase || node.children.empty(), "an optimization with children");
  }
}

}  // namespace profdiff::fuzz

#endif  // PROFDIFF_FUZZ_TREE_CHECKS_H_
