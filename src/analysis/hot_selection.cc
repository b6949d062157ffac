#include "profdiff/analysis/hot_selection.h"

#include <algorithm>

namespace profdiff {

void SelectHotUnits(Experiment& experiment, const HotPolicy& policy) {
  std::vector<CompilationIndex> units = experiment.UnitsInTableOrder();
  // A unit ranks by its own period, the most executed unit of a method by its method's period in
  // compilations --tiers left out too (0 but for HotSpot logs: Graal's selection is the
  // reference's).
  std::vector<int64_t> period(experiment.compilations().size(), 0);
  for (CompilationIndex c : units) period[c] = experiment.HotnessPeriod(c);
  std::stable_sort(units.begin(), units.end(),
                   [&](CompilationIndex a, CompilationIndex b) { return period[a] > period[b]; });
  // The reference accumulates in double; keep the same arithmetic so ties at the boundary
  // fall the same way.
  double limit = static_cast<double>(experiment.GraalPeriod()) * policy.percentile;
  for (size_t index = 0; index < units.size(); ++index) {
    Compilation& unit = experiment.compilation(units[index]);
    limit -= static_cast<double>(period[units[index]]);
    int64_t i = static_cast<int64_t>(index);
    unit.hot = i < policy.min_limit || (limit >= 0 && i < policy.max_limit);
  }
}

}  // namespace profdiff
