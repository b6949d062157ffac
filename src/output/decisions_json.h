#ifndef PROFDIFF_OUTPUT_DECISIONS_JSON_H_
#define PROFDIFF_OUTPUT_DECISIONS_JSON_H_

// The JSON form of the decisions record (docs/output-formats.md "decisions").

#include "output/json_out.h"
#include "profdiff/output/output_records.h"

namespace profdiff {

// The record as one JSON object (without the line end).
void WriteDecisionsJson(JsonOut& json, const DecisionsRecord& record);
// The call-sites record of --require (docs/ci.md).
void WriteCallSitesJson(JsonOut& json, const CallSitesRecord& record);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_DECISIONS_JSON_H_
