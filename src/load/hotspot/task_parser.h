#ifndef PROFDIFF_LOAD_HOTSPOT_TASK_PARSER_H_
#define PROFDIFF_LOAD_HOTSPOT_TASK_PARSER_H_

// Builds the trees of one <task> element from its text (docs/hotspot.md "Reading"): its elements
// are read in place and handed to a TaskTreeBuilder in document order, by the quick scanner of
// task_scanner.h, or by pugixml where the scanner does not read the text. The log's reading has
// already checked the same bytes (as expat would: task_batches.h); pugixml builds a task's trees
// several times faster than a fresh expat parser per task (docs/decisions.md), the scanner
// about three times faster again.

#include <cstddef>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "load/hotspot/element_handler.h"
#include "profdiff/record_reader.h"

namespace profdiff {

// Parses the `size` bytes at `text` (overwritten; `text[size]` is read: a std::string's data()).
// Fails with "<line>:<column>: malformed XML (<pugixml's description>)", relative to the text.
absl::StatusOr<RecordTrees> ParseTaskInPlace(char* text, size_t size, TreeParts parts);

// The elements of the text as pugixml's parse_default reads them (in place), handed to
// `handler` in document order; the error as above. The reference for the scanner.
absl::Status ReadTaskWithPugixml(char* text, size_t size, ElementHandler& handler);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_TASK_PARSER_H_
