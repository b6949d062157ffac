#ifndef PROFDIFF_ANALYSIS_METHOD_PAIRING_H_
#define PROFDIFF_ANALYSIS_METHOD_PAIRING_H_

#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "profdiff/model/experiment.h"

namespace profdiff {

struct MethodPair {
  MethodIndex first;   // in experiment 1
  MethodIndex second;  // in experiment 2
};

// Methods hot in either experiment, experiment 1's in table order then experiment 2's new ones
// (algorithms.md §6.1). Creates the missing side in each experiment (get-or-create).
std::vector<MethodPair> HotMethodPairs(Experiment& first, Experiment& second);

// The pairs in output order: stable-sorted by the sum of both methods' unit periods, descending.
std::vector<MethodPair> SortedHotMethodPairs(Experiment& first, Experiment& second);

// Hot compilations of a method, stable-sorted by period descending (§6.2).
std::vector<CompilationIndex> HotCompilationsByPeriod(const Experiment& experiment,
                                                      MethodIndex method);

// Marks compilations of `targets` hot from a JIT experiment (algorithms.md §4): every method
// inlined (or compiled as an inlined root) in a hot JIT unit becomes hot in each target.
absl::Status MarkHotFromJitProfile(const Experiment& jit, const std::vector<Experiment*>& targets);

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_METHOD_PAIRING_H_
