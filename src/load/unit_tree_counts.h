#ifndef PROFDIFF_LOAD_UNIT_TREE_COUNTS_H_
#define PROFDIFF_LOAD_UNIT_TREE_COUNTS_H_

// The counts that `stats` reads (log.counts) for the readers whose units' trees are built from
// byte ranges after loading (HotSpot logs, LLVM remarks), where the Graal reader counts while it
// reads.

#include <functional>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "profdiff/load/optimization_log.h"

namespace profdiff {

using UnitTreesLoader = std::function<absl::StatusOr<RecordTrees>(const UnitRecord& unit)>;

// Counts what the trees of every unit of `log` hold into log.counts (one per unit, in order) and
// fills its name tables, building the trees with `load_trees` on worker threads and counting them
// in order on this one. Fails with the first unit whose trees fail to build.
absl::Status CountUnitTrees(OptimizationLog& log, const UnitTreesLoader& load_trees);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_UNIT_TREE_COUNTS_H_
