#include "profdiff/compilation_trees.h"

#include <list>
#include <memory>
#include <mutex>
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
    if (!IsPathPrefixOfPosition(inlining_path, node.position)) continue;
    OptimizationTreeNode kept = node;
    if (!inlining_path.empty()) {
      kept.position.resize(node.position.size() - inlining_path.size() + 1);
    }
    new_index[n] = fragment.optimization_tree.AddNode(std::move(kept), new_parent);
  }
  return fragment;
}

namespace {

// The parents of fragments, parsed once and kept while they are in use: a hot unit is the parent
// of many fragments (one per inlined hot call), and its record can be several MB. Shared by the
// threads that render sections; least recently used parents go first beyond the budget.
class ParentTreeCache {
 public:
  absl::StatusOr<std::shared_ptr<const RecordTrees>> Get(const Experiment& experiment,
                                                         CompilationIndex unit) {
    const Key key{&experiment.log(), experiment.compilation(unit).unit_record};
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (auto it = entries_.begin(); it != entries_.end(); ++it) {
        if (it->key != key) continue;
        entries_.splice(entries_.begin(), entries_, it);  // most recently used first
        return it->trees;
      }
    }
    const OptimizationLog& log = experiment.log();
    absl::StatusOr<RecordTrees> parsed = LoadUnitTrees(log, log.units[key.second], experiment.id());
    if (!parsed.ok()) return parsed.status();
    size_t nodes = parsed->inlining_tree.nodes.size() + parsed->optimization_tree.nodes.size();
    auto trees = std::make_shared<const RecordTrees>(std::move(*parsed));
    std::lock_guard<std::mutex> lock(mutex_);
    entries_.push_front(Entry{key, trees, nodes});
    nodes_ += nodes;
    while (nodes_ > kBudgetNodes && entries_.size() > 1) {
      nodes_ -= entries_.back().nodes;
      entries_.pop_back();
    }
    return trees;
  }

 private:
  using Key = std::pair<const OptimizationLog*, uint32_t>;
  struct Entry {
    Key key;
    std::shared_ptr<const RecordTrees> trees;
    size_t nodes;
  };
  static constexpr size_t kBudgetNodes = 1000000;
  std::mutex mutex_;
  std::list<Entry> entries_;
  size_t nodes_ = 0;
};

ParentTreeCache& FragmentParents() {
  static ParentTreeCache cache;
  return cache;
}

}  // namespace

absl::StatusOr<RecordTrees> LoadRawTrees(const Experiment& experiment,
                                         CompilationIndex compilation) {
  const Compilation& c = experiment.compilation(compilation);
  if (!c.is_fragment) {
    const OptimizationLog& log = experiment.log();
    return LoadUnitTrees(log, log.units[c.unit_record], experiment.id());
  }
  absl::StatusOr<std::shared_ptr<const RecordTrees>> parent =
      FragmentParents().Get(experiment, c.parent);
  if (!parent.ok()) return parent.status();
  return ExtractFragmentTrees(**parent, c.child_path, c.inlining_path);
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
