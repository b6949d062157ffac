#ifndef PROFDIFF_ANALYSIS_FRAGMENTS_H_
#define PROFDIFF_ANALYSIS_FRAGMENTS_H_

#include "absl/status/status.h"
#include "profdiff/model/experiment.h"

namespace profdiff {

// Creates compilation fragments (algorithms.md §8.1): for every hot unit of every hot method
// pair, each inlined call (root excluded) of a method that is hot in either experiment becomes
// a fragment of that method, numbered globally from 1 across both experiments. Fails if a
// unit's trees cannot be read again.
absl::Status CreateFragments(Experiment& first, Experiment& second);

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_FRAGMENTS_H_
