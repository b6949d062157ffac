#ifndef PROFDIFF_LOAD_HOTSPOT_TASK_PARSER_H_
#define PROFDIFF_LOAD_HOTSPOT_TASK_PARSER_H_

// Builds the trees of one <task> element from its text (docs/hotspot.md "Reading"): the text is
// parsed with pugixml, in place, and its elements handed to a TaskTreeBuilder in document order.
// The scan has already parsed the same bytes with expat (which checks them fully and gives the
// positions of errors); pugixml builds a task's trees several times faster than a fresh expat
// parser per task (docs/decisions.md).

#include <cstddef>

#include "absl/status/statusor.h"
#include "profdiff/record_reader.h"

namespace profdiff {

// Parses the `size` bytes at `text` (overwritten). Fails with "<line>:<column>: malformed XML
// (<pugixml's description>)", relative to the text.
absl::StatusOr<RecordTrees> ParseTaskInPlace(char* text, size_t size, TreeParts parts);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_TASK_PARSER_H_
