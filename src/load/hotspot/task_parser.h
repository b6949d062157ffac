#ifndef PROFDIFF_LOAD_HOTSPOT_TASK_PARSER_H_
#define PROFDIFF_LOAD_HOTSPOT_TASK_PARSER_H_

// Builds the trees of one <task> element from its text (docs/hotspot.md "Reading"): pugixml
// parses it in place and its elements are handed to a TaskTreeBuilder in document order. The
// log's reading has already checked the same bytes (as expat would: task_batches.h); pugixml
// builds a task's trees several times faster than a fresh expat parser per task
// (docs/decisions.md).

#include <cstddef>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "load/hotspot/element_handler.h"
#include "profdiff/load/graal/record_reader.h"

namespace profdiff {

// Parses the `size` bytes at `text` (overwritten). Fails with "<line>:<column>: malformed XML
// (<pugixml's description>)", relative to the text.
absl::StatusOr<RecordTrees> ParseTaskInPlace(char* text, size_t size, TreeParts parts);

// The elements of the text as pugixml's parse_default reads them (in place), handed to
// `handler` in document order (names and values are views into the text); the error as above.
absl::Status ReadTaskWithPugixml(char* text, size_t size, ElementHandler& handler);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_TASK_PARSER_H_
