#ifndef PROFDIFF_LOAD_DECISIONS_RECORDS_H_
#define PROFDIFF_LOAD_DECISIONS_RECORDS_H_

// Reading the decisions record of --decisions back (docs/output-formats.md).

#include "output/records/line_decoder.h"
#include "profdiff/output/output_records.h"

namespace profdiff::record_internal {

// The decisions record of the decoder's line into *out (cleared first); its views refer to the
// line. Problems are kept in d.error().
void DecodeDecisions(LineDecoder& d, DecisionsRecord* out);
// The call-sites record of --require likewise.
void DecodeCallSites(LineDecoder& d, CallSitesRecord* out);

}  // namespace profdiff::record_internal

#endif  // PROFDIFF_LOAD_DECISIONS_RECORDS_H_
