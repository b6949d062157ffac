#include "profdiff/compilation_trees.h"

#include <utility>

#include "profdiff/inlining_path.h"
#include "profdiff/tree_preprocessing.h"

namespace profdiff {

RecordTrees ExtractFragmentTrees(const RecordTrees& parent, const std::vector<uint32_t>& child_path,
                                 const Path& inlining_path) {
  RecordTrees fragment;
  const InliningTree& source = parent.inlining_tree;
  NodeIndex start = source.root;
  for (uint32_t child : child_path) start = source.node(start).children[child];

  // Copy the subtree; its root becomes a root: bci -1, no reasons.
  std::vector<std::pair<NodeIndex, NodeIndex>> stack{{start, kNoNode}};  // (source, new parent)
  while (!stack.empty()) {
    auto [n, new_parent] = stack.back();
    stack.pop_back();
    InliningTreeNode copy = source.node(n);
    copy.children.clear();
    if (n == start) {
      copy.bci = -1;
      copy.reasons.clear();
    }
    NodeIndex added = fragment.inlining_tree.AddNode(std::move(copy), new_parent);
    const auto& children = source.node(n).children;
    for (auto it = children.rbegin(); it != children.rend(); ++it) stack.emplace_back(*it, added);
  }
  // AddNode appends children in visiting order, which is the original order.

  // Every phase, and the optimizations inside the fragment with positions made relative to it.
  const OptimizationTree& optimizations = parent.optimization_tree;
  std::vector<NodeIndex> new_index(optimizations.nodes.size(), kNoNode);
  for (NodeIndex n : optimizations.Preorder()) {
    const OptimizationTreeNode& node = optimizations.node(n);
    NodeIndex new_parent = node.parent == kNoNode ? kNoNode : new_index[node.parent];
    if (node.is_phase) {
      OptimizationTreeNode phase;
      phase.is_phase = true;
      phase.name = node.name;
      new_index[n] = fragment.optimization_tree.AddNode(std::move(phase), new_parent);
      continue;
    }
    if (node.position.empty()) continue;
    if (!IsPathPrefix(inlining_path, EnclosingMethodPath(node.position))) continue;
    OptimizationTreeNode kept = node;
    if (!inlining_path.empty()) {
      kept.position.resize(node.position.size() - inlining_path.size() + 1);
    }
    new_index[n] = fragment.optimization_tree.AddNode(std::move(kept), new_parent);
  }
  return fragment;
}

absl::StatusOr<RecordTrees> LoadRawTrees(const Experiment& experiment,
                                         CompilationIndex compilation) {
  const Compilation& c = experiment.compilation(compilation);
  if (!c.is_fragment) {
    const OptimizationLog& log = experiment.log();
    return LoadUnitTrees(log, log.units[c.unit_record], experiment.id());
  }
  if (c.fragment_trees != nullptr) return *c.fragment_trees;  // a copy: callers mutate it
  absl::StatusOr<RecordTrees> parent = LoadRawTrees(experiment, c.parent);
  if (!parent.ok()) return parent.status();
  return ExtractFragmentTrees(*parent, c.child_path, c.inlining_path);
}

absl::StatusOr<RecordTrees> LoadPreprocessedTrees(const Experiment& experiment,
                                                  CompilationIndex compilation,
                                                  const Options& options) {
  absl::StatusOr<RecordTrees> trees = LoadRawTrees(experiment, compilation);
  if (!trees.ok()) return trees;
  PreprocessInliningTree(trees->inlining_tree, options);
  PreprocessOptimizationTree(trees->optimization_tree, options);
  return trees;
}

}  // namespace profdiff
