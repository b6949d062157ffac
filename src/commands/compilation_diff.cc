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
  const std::optional<TreeMatch> match = MatchPruneAndExpandUnlessTooBig(policy, prune);
  if (!match.has_value()) {
    out.Line(too_big, 1);
    return;
  }
  const DeltaTree& delta = match->delta;
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
