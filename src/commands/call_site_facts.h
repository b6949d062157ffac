#ifndef PROFDIFF_COMMANDS_CALL_SITE_FACTS_H_
#define PROFDIFF_COMMANDS_CALL_SITE_FACTS_H_

// The call-sites record that --require checks (docs/ci.md), from an experiment's log.

#include "absl/status/status.h"
#include "profdiff/model/experiment.h"
#include "profdiff/output/output_records.h"

namespace profdiff {

// Writes the call-sites record of `experiment`: the methods it compiled and the call sites of
// its hot compilation units, or of all units when `all_units` (report without a profile).
absl::Status WriteCallSiteFacts(RecordSink& out, const Experiment& experiment, bool all_units);

}  // namespace profdiff

#endif  // PROFDIFF_COMMANDS_CALL_SITE_FACTS_H_
