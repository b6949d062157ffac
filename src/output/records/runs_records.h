#ifndef PROFDIFF_LOAD_RUNS_RECORDS_H_
#define PROFDIFF_LOAD_RUNS_RECORDS_H_

// Reading the records of a jit-vs-jit-runs stream back (docs/output-formats.md).

#include <cstdint>

#include "output/records/line_decoder.h"
#include "profdiff/output/output_records.h"
#include "profdiff/runs_options.h"

namespace profdiff::record_internal {

// The header's runs and, from its options object (kNoToken: none), the command's thresholds.
RunsOptions DecodeRunsOptions(LineDecoder& d, uint32_t options);

// A share change object (a method's "share_change", a rate change of the decisions record).
ShareChangeRecord DecodeShareChange(LineDecoder& d, uint32_t object);

// A method record of the runs form into *out (cleared first, capacity kept). Problems are kept
// in d.error().
void DecodeRunsMethod(LineDecoder& d, RunsMethodRecord* out);

}  // namespace profdiff::record_internal

#endif  // PROFDIFF_LOAD_RUNS_RECORDS_H_
