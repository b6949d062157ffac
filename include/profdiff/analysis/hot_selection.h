#ifndef PROFDIFF_ANALYSIS_HOT_SELECTION_H_
#define PROFDIFF_ANALYSIS_HOT_SELECTION_H_

#include <cstdint>

#include "profdiff/model/experiment.h"

namespace profdiff {

struct HotPolicy {
  int32_t min_limit = 1;
  int32_t max_limit = 10;
  double percentile = 0.9;
};

// Marks the hot units of an experiment (algorithms.md §2): units by period descending (ties in
// table order; a HotSpot unit's period here is Experiment::HotnessPeriod, its method's time in
// compilations --tiers left out included); a unit is hot if it is among the first `min_limit`, or
// among the first `max_limit` while the units so far fit into `percentile` of the Graal period.
void SelectHotUnits(Experiment& experiment, const HotPolicy& policy);

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_HOT_SELECTION_H_
