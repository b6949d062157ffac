#ifndef PROFDIFF_OUTPUT_DIFFERENCE_GATE_H_
#define PROFDIFF_OUTPUT_DIFFERENCE_GATE_H_

// The CI gate of --fail-on and --fail-min-share (docs/ci.md): does a comparison count as
// "differences found" (exit status 2)?

#include <string>
#include <vector>

#include "profdiff/options.h"
#include "profdiff/output/method_differences.h"

namespace profdiff {

struct GateVerdict {
  bool failed = false;
  // When failed: one line (no '\n') for stderr that says how many hot methods differ and why.
  std::string message;
};

// A compared method (at least one compilation pair) counts when its larger share is at least
// `min_share`, or unknown (no profile on either side: it cannot be shown to be below); it
// fails the gate when it differs in the trees `fail_on` names. FailOn::kNone never fails.
// `across_runs`: the methods are jit-vs-jit-runs', whose differences are the stable ones and
// shares the means over the runs; only the stderr line says so. `hot`: the methods are hot ones
// (a profile on some side), else compiled ones (compared_methods.h); only the line says so.
GateVerdict DecideGate(const std::vector<MethodDifferences>& methods, FailOn fail_on,
                       double min_share, bool across_runs = false, bool hot = true);

// Why --fail-on cannot gate jit-vs-jit-runs given `fewest_runs` runs for an experiment, or ""
// when it can: with one run, no difference can be stable, so the gate could never close.
std::string RunsGateProblem(size_t fewest_runs);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_DIFFERENCE_GATE_H_
