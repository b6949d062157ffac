#ifndef PROFDIFF_OUTPUT_LOOPS_JSON_H_
#define PROFDIFF_OUTPUT_LOOPS_JSON_H_

// The JSON form of the loops record (docs/output-formats.md "loops").

#include "output/json_out.h"
#include "profdiff/output/output_records.h"

namespace profdiff {

// The record as one JSON object (without the line end).
void WriteLoopsJson(JsonOut& json, const LoopsRecord& record);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_LOOPS_JSON_H_
