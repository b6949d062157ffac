#ifndef PROFDIFF_LOAD_LLVM_REMARK_DOCUMENT_H_
#define PROFDIFF_LOAD_LLVM_REMARK_DOCUMENT_H_

// The parser of one remark's YAML document (remark_parser.h describes the schema it reads), and
// the few rules of YAML's lines that the reader of a stream of documents (remark_parser.cc)
// shares with it.

#include <cstddef>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "load/llvm/remark_parser.h"

namespace profdiff::llvm_remarks {

inline bool IsSpace(char c) { return c == ' ' || c == '\t'; }
inline bool IsBreak(char c) { return c == '\n' || c == '\r'; }

// Whether the line starting at `line` is a document marker (`---` or `...` followed by a blank
// or the end).
inline bool IsMarker(const char* line, const char* end, char c) {
  if (end - line < 3 || line[0] != c || line[1] != c || line[2] != c) return false;
  return end - line == 3 || IsSpace(line[3]) || IsBreak(line[3]);
}

// Parses the document content[begin, end) into `remark` (reused: its strings and Args keep their
// storage), `begin` at its `---` line and `end` at the start of its `...` line (or of what
// follows it). Errors are "FILE:LINE:COLUMN: expected ...", the lines counted from `first_line`,
// the line of content's first byte. Arguments a remark with fewer of them leaves over go to
// `spare_args` (if not null), for the next remark with more.
absl::Status ParseDocument(std::string_view content, const char* begin, const char* end,
                           std::string_view file_name, size_t first_line, Remark& remark,
                           std::vector<RemarkArg>* spare_args);

}  // namespace profdiff::llvm_remarks

#endif  // PROFDIFF_LOAD_LLVM_REMARK_DOCUMENT_H_
