#include "profdiff/analysis/hot_selection.h"

#include <algorithm>

namespace profdiff {

void SelectHotUnits(Experiment& experiment, const HotPolicy& policy) {
  std::vector<CompilationIndex> units = experiment.UnitsInTableOrder();
  std::stable_sort(units.begin(), units.end(), [&](CompilationIndex a, CompilationIndex b) {
    return experiment.compilation(a).period > experiment.compilation(b).period;
  });
  // The reference accumulates in double; keep the same arithmetic so ties at the boundary
  // fall the same way.
  double limit = static_cast<double>(experiment.GraalPeriod()) * policy.percentile;
  for (size_t index = 0; index < units.size(); ++index) {
    Compilation& unit = experiment.compilation(units[index]);
    limit -= static_cast<double>(unit.period);
    int64_t i = static_cast<int64_t>(index);
    unit.hot = i < policy.min_limit || (limit >= 0 && i < policy.max_limit);
  }
}

}  // namespace profdiff
