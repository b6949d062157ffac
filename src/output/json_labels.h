#ifndef PROFDIFF_OUTPUT_JSON_LABELS_H_
#define PROFDIFF_OUTPUT_JSON_LABELS_H_

// Pieces of JSON records that several records share (docs/output-formats.md "Labels").

#include <cstdint>

#include "output/json_out.h"
#include "profdiff/output_records.h"

namespace profdiff {

// "bci": the bci, or null for -1.
void WriteBci(JsonOut& json, int32_t bci);

// The members of a label, inside an object the caller opened.
void WriteLabelMembers(JsonOut& json, const TreeRecord& tree, const NodeLabel& label);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_JSON_LABELS_H_
