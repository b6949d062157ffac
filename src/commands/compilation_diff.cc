#include "commands/comparison_commands.h"
#include "profdiff/compilation_trees.h"
#include "profdiff/delta_tree_writer.h"
#include "profdiff/edit_policies.h"
#include "profdiff/optimization_context_tree.h"
#include "profdiff/tree_matcher.h"

namespace profdiff {

namespace {

// Matches two trees through `policy` and prints the delta tree at level + 2 under `heading`
// (or just at level + 1 without one), or the "too big" message at level + 1.
template <class Policy, class Write>
void WriteMatching(LineWriter& out, const Policy& policy, const char* heading, const char* too_big,
                   bool prune, const Write& write_delta) {
  const int level = out.level();
  if (TreesTooBigToMatch(policy)) {
    out.Line(too_big, 1);
    return;
  }
  DeltaTree delta = MatchTrees(policy);
  if (prune) {
    if constexpr (requires { policy.IsInfoNode(DeltaNode{}); }) {
      delta = PruneIdentities(delta, [&](const DeltaNode& n) { return policy.IsInfoNode(n); });
    } else {
      delta = PruneIdentities(delta);
    }
  }
  ExpandDeltaTree(policy, delta);
  if (heading != nullptr) out.Line(heading, 1);
  out.set_level(level + (heading != nullptr ? 2 : 1));
  write_delta(delta);
  out.set_level(level);
}

}  // namespace

void WriteTreesDiff(LineWriter& out, const RecordTrees& left_trees, const RecordTrees& right_trees,
                    const Options& options) {
  const RecordTrees* left = &left_trees;
  const RecordTrees* right = &right_trees;
  const bool prune = options.prune_identities;

  if (options.optimization_context_tree) {
    OptimizationContextTree left_oct =
        BuildOptimizationContextTree(left->inlining_tree, left->optimization_tree);
    OptimizationContextTree right_oct =
        BuildOptimizationContextTree(right->inlining_tree, right->optimization_tree);
    OptimizationContextTreeEditPolicy policy(left_oct, right_oct);
    WriteMatching(out, policy, nullptr, "The optimization-context trees are too big to compare",
                  prune, [&](const DeltaTree& delta) {
                    WriteOctDeltaTree(out, delta, left_oct, right_oct, options);
                  });
    return;
  }
  InliningTreeEditPolicy inlining(left->inlining_tree, right->inlining_tree);
  WriteMatching(out, inlining, "Inlining tree matching",
                "The inlining trees are too big to compare", prune, [&](const DeltaTree& delta) {
                  WriteInliningDeltaTree(out, delta, left->inlining_tree, right->inlining_tree,
                                         options);
                });
  OptimizationTreeEditPolicy optimization(left->optimization_tree, right->optimization_tree);
  WriteMatching(out, optimization, "Optimization tree matching",
                "The optimization trees are too big to compare", prune,
                [&](const DeltaTree& delta) {
                  WriteOptimizationDeltaTree(out, delta, left->optimization_tree,
                                             right->optimization_tree, options);
                });
}

absl::StatusOr<std::shared_ptr<const RecordTrees>> SectionTreeCache::Get(
    const Experiment& experiment, CompilationIndex compilation) {
  auto key = std::make_pair(&experiment, compilation);
  auto it = cache_.find(key);
  if (it != cache_.end()) return it->second;
  absl::StatusOr<RecordTrees> loaded = LoadPreprocessedTrees(experiment, compilation, options_);
  if (!loaded.ok()) return loaded.status();
  size_t bytes = (loaded->inlining_tree.nodes.size() + loaded->optimization_tree.nodes.size()) *
                 kApproximateNodeBytes;
  auto trees = std::make_shared<const RecordTrees>(std::move(*loaded));
  if (cached_bytes_ + bytes <= kBudgetBytes) {
    cached_bytes_ += bytes;
    cache_.emplace(key, trees);
  }
  return trees;
}

}  // namespace profdiff
