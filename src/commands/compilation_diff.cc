#include <optional>

#include "absl/functional/function_ref.h"
#include "commands/comparison_commands.h"
#include "profdiff/analysis/call_site_alignment.h"
#include "profdiff/analysis/compilation_trees.h"
#include "profdiff/analysis/loop_vectorization.h"
#include "profdiff/analysis/optimization_alignment.h"
#include "profdiff/analysis/optimization_context_tree.h"
#include "profdiff/diff/edit_policies.h"
#include "profdiff/diff/tree_matcher.h"
#include "profdiff/output/record_builders.h"

namespace profdiff {

namespace {

// Prunes and expands `match` (of a pair whose code moved when `aligned`), marking its moves
// (identities whose nodes `moved` says are at different positions): before pruning when they are
// shown (--show-moved), so that pruning keeps them; else after, on the way to differences only.
template <class Policy>
void PruneAndExpandMarkingMoves(const Policy& policy, bool prune, bool aligned, bool shown,
                                absl::FunctionRef<bool(NodeIndex, NodeIndex)> moved,
                                TreeMatch& match) {
  if (shown) MarkMovedIdentities(match.delta, moved);
  tree_matcher_internal::PruneAndExpand(policy, prune, match);
  if (aligned && !shown) MarkMovedIdentities(match.delta, moved);
}

}  // namespace

void MatchTrees(const RecordTrees& left, const RecordTrees& right, const Options& options,
                PairTrees* storage, PairRecord* pair, EndRecord* tally,
                const CompilationClasses* left_classes, const CompilationClasses* right_classes) {
  const bool classes = left_classes != nullptr && right_classes != nullptr;
  const bool prune = options.prune_identities;
  ++tally->pairs;
  if (options.decisions) {
    // The loop view (LLVM remarks' loop-vectorize phase; nothing for other logs).
    storage->loops = FindLoopVectorizationChanges(left.optimization_tree, right.optimization_tree);
    pair->loops = &storage->loops;
  }
  if (options.optimization_context_tree) {
    OptimizationContextTree& left_oct = storage->left_context;
    OptimizationContextTree& right_oct = storage->right_context;
    left_oct = BuildOptimizationContextTree(left.inlining_tree, left.optimization_tree);
    right_oct = BuildOptimizationContextTree(right.inlining_tree, right.optimization_tree);
    if (options.decisions) {
      // The context tree's matching is not the inlining trees': match those for the decisions.
      InliningTreeEditPolicy inlining(left.inlining_tree, right.inlining_tree);
      CollectDecisionChanges(
          tree_matcher_internal::MatchTreesUnlessTooBig(
              tree_matcher_internal::AdapterOracle<InliningTreeEditPolicy>(inlining),
              /*identical_interiors=*/false, kMaxMatchedNodePairs),
          left.inlining_tree, right.inlining_tree, &storage->decisions);
      if (storage->decisions.too_big) storage->decisions.too_big = !TreesIdentical(inlining);
      pair->decisions = &storage->decisions;
    }
    OptimizationContextTreeEditPolicy policy(left_oct, right_oct);
    BuildContextDeltaRecord(MatchPruneAndExpandUnlessTooBig(policy, prune), left_oct, right_oct,
                            options, &storage->inlining);
    if (storage->inlining.too_big) storage->inlining.identical = TreesIdentical(policy);
    pair->context = &storage->inlining;
    tally->context += storage->inlining.counts;
    tally->too_big += storage->inlining.too_big ? 1 : 0;
    return;
  }
  // Call sites that only moved because the method's code changed (issue 36) are matched at
  // experiment 1's bci; on the same code the alignment is empty and the trees are used as
  // they are.
  const CallSiteAlignment alignment = AlignCallSites(left.inlining_tree, right.inlining_tree);
  // Only the matching reads this copy: the records and decisions are made of the logged trees,
  // so they outlive it (jit-vs-jit-runs keeps them past the pair).
  std::optional<InliningTree> moved_right;
  if (!alignment.empty()) {
    moved_right = ApplyCallSiteMoves(right.inlining_tree, alignment, options.sort_inlining_tree);
  }
  const InliningTree& right_inlining = moved_right ? *moved_right : right.inlining_tree;
  // The shared classes were made of the trees as loaded: not those of a moved tree.
  const bool inlining_classes = classes && !moved_right;
  // --show-moved keeps the moves, which may lie inside identical subtrees: build those too.
  const bool show_moved = options.show_moved && moved_right.has_value();
  InliningTreeEditPolicy inlining(left.inlining_tree, right_inlining);
  std::optional<TreeMatch> inlining_match = tree_matcher_internal::MatchTreesUnlessTooBig(
      tree_matcher_internal::AdapterOracle<InliningTreeEditPolicy>(inlining),
      /*identical_interiors=*/!prune || show_moved, kMaxMatchedNodePairs,
      inlining_classes ? &left_classes->inlining : nullptr,
      inlining_classes ? &right_classes->inlining : nullptr);
  if (options.decisions) {
    // From the matching as the matcher made it, before pruning leaves out the identities.
    CollectDecisionChanges(inlining_match, left.inlining_tree, right_inlining, &storage->decisions,
                           moved_right ? &right.inlining_tree : nullptr, show_moved);
    pair->decisions = &storage->decisions;
  }
  if (inlining_match.has_value()) {
    // A call site at another bci in experiment 2's log moved (right_inlining has it at
    // experiment 1's).
    PruneAndExpandMarkingMoves(
        inlining, prune, moved_right.has_value(), show_moved,
        [&](NodeIndex l, NodeIndex r) {
          return left.inlining_tree.node(l).bci != right.inlining_tree.node(r).bci;
        },
        *inlining_match);
  }
  BuildInliningDeltaRecord(inlining_match, left.inlining_tree, right_inlining, options,
                           &storage->inlining, moved_right ? &right.inlining_tree : nullptr);
  storage->inlining.moved_call_sites = static_cast<int64_t>(alignment.moves.size());
  tally->moved_call_sites += storage->inlining.moved_call_sites;
  const InliningTree* sides[2] = {&left.inlining_tree, &right.inlining_tree};
  for (int s = 0; s < 2; ++s) {
    if (!sides[s]->empty()) {
      storage->inlining.root_bytecode_size[s] = sides[s]->node(sides[s]->root).bytecode_size;
    }
  }
  // The optimizations in code that moved are matched at experiment 1's positions too; their
  // labels show the positions as logged (the copy's nodes have the same indices).
  const std::optional<OptimizationTree> moved_optimizations =
      alignment.empty()
          ? std::nullopt
          : AlignOptimizationPositions(left.inlining_tree, right.inlining_tree, alignment,
                                       right.optimization_tree, options.sort_unordered_phases);
  const bool optimization_classes = classes && !moved_optimizations;
  OptimizationTreeEditPolicy optimization(
      left.optimization_tree, moved_optimizations ? *moved_optimizations : right.optimization_tree);
  const bool show_moved_optimizations = options.show_moved && moved_optimizations.has_value();
  std::optional<TreeMatch> optimization_match = tree_matcher_internal::MatchTreesUnlessTooBig(
      tree_matcher_internal::AdapterOracle<OptimizationTreeEditPolicy>(optimization),
      /*identical_interiors=*/!prune || show_moved_optimizations, kMaxMatchedNodePairs,
      optimization_classes ? &left_classes->optimization : nullptr,
      optimization_classes ? &right_classes->optimization : nullptr);
  if (optimization_match.has_value()) {
    // An optimization whose logged position differs was matched at its mapped position.
    PruneAndExpandMarkingMoves(
        optimization, prune, moved_optimizations.has_value(), show_moved_optimizations,
        [&](NodeIndex l, NodeIndex r) {
          return left.optimization_tree.node(l).position !=
                 right.optimization_tree.node(r).position;
        },
        *optimization_match);
  }
  BuildOptimizationDeltaRecord(optimization_match, left.optimization_tree, right.optimization_tree,
                               &storage->optimization);
  if (storage->inlining.too_big) storage->inlining.identical = TreesIdentical(inlining);
  // Too big to match but identical: no decision changed.
  if (options.decisions && storage->decisions.too_big && storage->inlining.identical) {
    storage->decisions.too_big = false;
  }
  if (storage->optimization.too_big) {
    storage->optimization.identical = TreesIdentical(optimization);
  }
  pair->inlining = &storage->inlining;
  pair->optimization = &storage->optimization;
  tally->inlining += storage->inlining.counts;
  tally->optimization += storage->optimization.counts;
  tally->too_big += (storage->inlining.too_big ? 1 : 0) + (storage->optimization.too_big ? 1 : 0);
}

void SectionTreeCache::CountUse(const Experiment& experiment, CompilationIndex compilation) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++uses_[Key(&experiment, compilation)];
}

absl::StatusOr<std::shared_ptr<const RecordTrees>> SectionTreeCache::Get(
    const Experiment& experiment, CompilationIndex compilation) {
  const Key key(&experiment, compilation);
  std::shared_ptr<Slot> slot;
  bool load_directly = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto use = uses_.find(key);
    if (use == uses_.end() || use->second <= 1) {
      // Needed once (more): nothing to share.
      if (use != uses_.end()) use->second = 0;
      auto kept = slots_.find(key);
      if (kept == slots_.end()) {
        load_directly = true;
      } else {
        slot = kept->second;
        cached_bytes_ -= slot->bytes;
        slot->bytes = 0;
        slots_.erase(kept);  // its last use: the caller's copy keeps the trees alive
      }
    } else {
      --use->second;
      std::shared_ptr<Slot>& entry = slots_[key];
      if (entry == nullptr) entry = std::make_shared<Slot>();
      slot = entry;
    }
  }
  if (load_directly) {
    absl::StatusOr<RecordTrees> loaded =
        LoadPreprocessedTrees(experiment, compilation, options_, parents_);
    if (!loaded.ok()) return loaded.status();
    return std::make_shared<const RecordTrees>(std::move(*loaded));
  }
  // Loaded outside the lock, once, by whichever thread comes first; the others wait for it.
  bool loaded_here = false;
  std::call_once(slot->once, [&] {
    absl::StatusOr<RecordTrees> loaded =
        LoadPreprocessedTrees(experiment, compilation, options_, parents_);
    if (loaded.ok()) {
      slot->trees = std::make_shared<const RecordTrees>(std::move(*loaded));
    } else {
      slot->trees = loaded.status();
    }
    loaded_here = true;
  });
  if (loaded_here && slot->trees.ok()) {
    const RecordTrees& trees = **slot->trees;
    size_t bytes = (trees.inlining_tree.nodes.size() + trees.optimization_tree.nodes.size()) *
                   kApproximateNodeBytes;
    std::lock_guard<std::mutex> lock(mutex_);
    auto kept = slots_.find(key);
    const bool still_kept = kept != slots_.end() && kept->second == slot;
    if (!still_kept) {
      // Its last use came first.
    } else if (cached_bytes_ + bytes <= kBudgetBytes) {
      cached_bytes_ += bytes;
      slot->bytes = bytes;
    } else {
      slots_.erase(kept);  // over budget: later uses load it anew
    }
  }
  return slot->trees;
}

}  // namespace profdiff
