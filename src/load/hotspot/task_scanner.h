#ifndef PROFDIFF_LOAD_HOTSPOT_TASK_SCANNER_H_
#define PROFDIFF_LOAD_HOTSPOT_TASK_SCANNER_H_

// A quick reader of a task's elements, for rebuilding its trees (docs/hotspot.md "Reading").
// The log was checked when it was loaded, so what is read again is what HotSpot writes: start
// and end tags, attributes in quotes with the five predefined entities, character references and
// white space in their values, text between the tags. The scanner reads that and nothing else,
// without building a document: a task's elements are handed over about three times faster than
// by pugixml's parse and a walk of its DOM.
//
// For anything else (comments, processing instructions, CDATA sections, DOCTYPEs, other
// references, names outside ASCII, NUL bytes, `<` in a value, malformed XML: a file changed
// since it was loaded) it hands nothing over and leaves the text as it was, and the caller
// reads the text with pugixml (task_parser.h), whose reading and error messages are the
// reference. What the scanner reads, it hands over exactly as pugixml's parse_default does
// (tests/task_scanner_test.cc and the hotspot fuzz target compare the two).

#include <cstddef>

#include "load/hotspot/element_handler.h"

namespace profdiff {

// Hands the elements of the `size` bytes at `text` to `handler` in document order (values
// decoded in place) and returns true; or returns false having handed over nothing and changed
// nothing. `text[size]` is read, and must be a NUL (as after a std::string's characters).
bool ScanTaskElements(char* text, size_t size, ElementHandler& handler);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_TASK_SCANNER_H_
