#include "profdiff/analysis/compilation_trees.h"

#include <memory>
#include <mutex>
#include <utility>

#include "profdiff/analysis/generated_identities.h"
#include "profdiff/analysis/inlining_path.h"
#include "profdiff/analysis/tree_preprocessing.h"
#include "profdiff/load/optimization_log.h"

namespace profdiff {

namespace {

// A unit's trees as the log has them, but for the generated classes' methods, named by their
// stable identity once the experiment has them (AssignGeneratedIdentities).
absl::StatusOr<RecordTrees> LoadUnit(const Experiment& experiment, CompilationIndex unit,
                                     TreeParts parts = TreeParts::kAll) {
  const OptimizationLog& log = experiment.log();
  absl::StatusOr<RecordTrees> trees = LoadUnitTrees(
      log, log.units[experiment.compilation(unit).unit_record], experiment.id(), parts);
  if (trees.ok() && experiment.generated_identities().has_value()) {
    NameGeneratedMethods(*experiment.generated_identities(), *trees);
  }
  return trees;
}

// `optimization_preorder` and `positions` (prepared once for a parent of many fragments) may be
// null.
RecordTrees Extract(const RecordTrees& parent, const std::vector<uint32_t>& child_path,
                    const Path& inlining_path, bool remove_detailed_phases,
                    const std::vector<NodeIndex>* optimization_preorder,
                    const NumberedPositions* positions) {
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
  fragment.optimization_tree.nodes.reserve(optimizations.nodes.size());
  std::vector<NodeIndex> computed_preorder;
  if (optimization_preorder == nullptr) {
    computed_preorder = optimizations.Preorder();
    optimization_preorder = &computed_preorder;
  }
  // Nodes are built in place (no temporaries), and a phase's child list is sized once for all
  // its children: a fragment copies thousands of phases.
  std::vector<OptimizationTreeNode>& nodes = fragment.optimization_tree.nodes;
  NumberedPositions::NumberedPath numbered_path;
  if (positions != nullptr) numbered_path = positions->Number(inlining_path);
  auto inside = [&](NodeIndex n, const Position& position) {
    return positions != nullptr ? positions->IsPathPrefix(numbered_path, n)
                                : IsPathPrefixOfPosition(inlining_path, position);
  };
  for (NodeIndex n : *optimization_preorder) {
    const OptimizationTreeNode& node = optimizations.node(n);
    NodeIndex new_parent = node.parent == kNoNode ? kNoNode : new_index[node.parent];
    if (node.parent != kNoNode && new_parent == kNoNode) continue;  // inside a removed phase
    if (node.is_phase) {
      if (remove_detailed_phases && node.parent != kNoNode && IsDetailedPhase(node.name)) {
        continue;
      }
    } else if (node.position.empty() || !inside(n, node.position)) {
      continue;
    }
    const NodeIndex added = static_cast<NodeIndex>(nodes.size());
    new_index[n] = added;
    OptimizationTreeNode& copy = nodes.emplace_back();
    copy.is_phase = node.is_phase;
    copy.name = node.name;
    copy.parent = new_parent;
    if (node.is_phase) {
      copy.children.reserve(node.children.size());
    } else {
      copy.event_name = node.event_name;
      const size_t kept = inlining_path.empty() ? node.position.size()
                                                : node.position.size() - inlining_path.size() + 1;
      copy.position.assign(node.position.begin(), node.position.begin() + kept);
      copy.properties = node.properties;
    }
    if (new_parent == kNoNode) {
      fragment.optimization_tree.root = added;
    } else {
      nodes[new_parent].children.push_back(added);
    }
  }
  return fragment;
}

}  // namespace

RecordTrees ExtractFragmentTrees(const RecordTrees& parent, const std::vector<uint32_t>& child_path,
                                 const Path& inlining_path, bool remove_detailed_phases) {
  return Extract(parent, child_path, inlining_path, remove_detailed_phases, nullptr, nullptr);
}

RecordTrees ExtractFragmentTrees(const FragmentParent& parent,
                                 const std::vector<uint32_t>& child_path, const Path& inlining_path,
                                 bool remove_detailed_phases) {
  return Extract(parent.trees, child_path, inlining_path, remove_detailed_phases,
                 &parent.optimization_preorder, parent.positions.get());
}

FragmentParent::FragmentParent(RecordTrees parsed)
    : trees(std::move(parsed)),
      optimization_preorder(trees.optimization_tree.Preorder()),
      positions(std::make_unique<NumberedPositions>(trees.optimization_tree)) {}

void FragmentParentCache::PlanLoad(const Experiment& experiment, CompilationIndex fragment) {
  const Key key(&experiment, experiment.compilation(fragment).parent);
  std::lock_guard<std::mutex> lock(mutex_);
  std::shared_ptr<Entry>& entry = entries_[key];
  if (entry == nullptr) entry = std::make_shared<Entry>();
  ++entry->planned;
  ++entry->remaining;
}

absl::StatusOr<std::shared_ptr<const FragmentParent>> FragmentParentCache::Get(
    const Experiment& experiment, CompilationIndex parent) {
  const Key key(&experiment, parent);
  auto parse = [&]() -> absl::StatusOr<std::shared_ptr<const FragmentParent>> {
    absl::StatusOr<RecordTrees> parsed = LoadUnit(experiment, parent);
    if (!parsed.ok()) return parsed.status();
    return std::make_shared<const FragmentParent>(std::move(*parsed));
  };
  std::shared_ptr<Entry> entry;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = entries_.find(key);
    if (it == entries_.end() || it->second->planned < kMinLoadsToKeep) {
      entry = nullptr;
    } else {
      entry = it->second;
      if (--entry->remaining <= 0) {  // the last planned load: the caller's copy is the last
        nodes_ -= entry->nodes;
        entry->nodes = 0;
        entries_.erase(it);
      }
    }
  }
  if (entry == nullptr) return parse();
  bool parsed_here = false;
  std::call_once(entry->once, [&] {
    entry->parent = parse();
    parsed_here = true;
  });
  if (parsed_here && entry->parent.ok()) {
    const RecordTrees& trees = (*entry->parent)->trees;
    size_t nodes = trees.inlining_tree.nodes.size() + trees.optimization_tree.nodes.size();
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = entries_.find(key);
    if (it != entries_.end() && it->second == entry) {
      if (nodes_ + nodes <= kBudgetNodes) {
        nodes_ += nodes;
        entry->nodes = nodes;
      } else {
        entries_.erase(it);  // over budget: later loads parse it again
      }
    }
  }
  return entry->parent;
}

namespace {

// A fragment's trees with the detailed phases already left out when asked: the same tree as
// removing them afterwards (removal depends only on phase names), without copying them first.
absl::StatusOr<RecordTrees> LoadTrees(const Experiment& experiment, CompilationIndex compilation,
                                      FragmentParentCache* parents, bool remove_detailed_phases) {
  const Compilation& c = experiment.compilation(compilation);
  if (!c.is_fragment) return LoadUnit(experiment, compilation);
  if (parents == nullptr) {
    absl::StatusOr<RecordTrees> parent = LoadUnit(experiment, c.parent);
    if (!parent.ok()) return parent.status();
    return ExtractFragmentTrees(*parent, c.child_path, c.inlining_path, remove_detailed_phases);
  }
  absl::StatusOr<std::shared_ptr<const FragmentParent>> parent = parents->Get(experiment, c.parent);
  if (!parent.ok()) return parent.status();
  return ExtractFragmentTrees(**parent, c.child_path, c.inlining_path, remove_detailed_phases);
}

}  // namespace

absl::StatusOr<RecordTrees> LoadRawTrees(const Experiment& experiment, CompilationIndex compilation,
                                         FragmentParentCache* parents) {
  return LoadTrees(experiment, compilation, parents, /*remove_detailed_phases=*/false);
}

absl::StatusOr<RecordTrees> LoadUnitInliningTree(const Experiment& experiment,
                                                 CompilationIndex unit) {
  return LoadUnit(experiment, unit, TreeParts::kInliningTreeOnly);
}

absl::StatusOr<RecordTrees> LoadPreprocessedTrees(const Experiment& experiment,
                                                  CompilationIndex compilation,
                                                  const Options& options,
                                                  FragmentParentCache* parents) {
  absl::StatusOr<RecordTrees> trees =
      LoadTrees(experiment, compilation, parents, options.remove_detailed_phases);
  if (!trees.ok()) return trees;
  PreprocessInliningTree(trees->inlining_tree, options);
  Options preprocessing = options;
  // A fragment's detailed phases were left out while it was cut (LoadTrees): no need to look
  // for them again in its ~10k phases.
  if (experiment.compilation(compilation).is_fragment) preprocessing.remove_detailed_phases = false;
  PreprocessOptimizationTree(trees->optimization_tree, preprocessing);
  return trees;
}

}  // namespace profdiff
