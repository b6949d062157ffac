#include "load/unit_tree_counts.h"

#include <cstdint>

#include "profdiff/model/tree_counts.h"
#include "profdiff/support/ordered_parallel.h"

namespace profdiff {

absl::Status CountUnitTrees(OptimizationLog& log, const UnitTreesLoader& load_trees) {
  UnitCounter counter;
  log.counts.reserve(log.units.size());
  absl::Status status;
  ProduceInOrder<absl::StatusOr<RecordTrees>>(
      log.units.size(), WorkerThreads(), [&](size_t i) { return load_trees(log.units[i]); },
      [&](size_t, absl::StatusOr<RecordTrees>& trees) {
        if (!trees.ok()) {
          status = trees.status();
          return false;
        }
        counter.Begin();
        const InliningTree& inlining = trees->inlining_tree;
        for (NodeIndex n : inlining.Preorder()) {
          if (n != inlining.root) counter.Callsite(inlining.Kind(n));
        }
        const OptimizationTree& optimizations = trees->optimization_tree;
        for (NodeIndex n : optimizations.Preorder()) {
          const OptimizationTreeNode& node = optimizations.node(n);
          if (node.is_phase) continue;
          counter.Optimization(node.name, node.event_name, optimizations.node(node.parent).name);
        }
        log.counts.push_back(counter.Take());
        return true;
      });
  if (!status.ok()) return status;
  // The counter numbered the names in the order it first saw them: so do the log's tables.
  for (uint32_t id = 0; id < counter.optimization_keys().size(); ++id) {
    log.optimization_keys.Intern(counter.optimization_keys().name(id));
  }
  for (uint32_t id = 0; id < counter.phase_names().size(); ++id) {
    log.phase_names.Intern(counter.phase_names().name(id));
  }
  return absl::OkStatus();
}

}  // namespace profdiff
