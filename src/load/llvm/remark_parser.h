#ifndef PROFDIFF_LOAD_LLVM_REMARK_PARSER_H_
#define PROFDIFF_LOAD_LLVM_REMARK_PARSER_H_

// LLVM optimization remarks as clang (-fsave-optimization-record) and rustc (-Zremark-dir) write
// them: a YAML stream of documents, one remark each (llvm/docs/Remarks.rst):
//
//   --- !Missed
//   Pass:            inline
//   Name:            NoDefinition
//   DebugLoc:        { File: 'a.c', Line: 21, Column: 40 }
//   Function:        opaque_calls
//   Hotness:         1500
//   Args:
//     - Callee:          rand
//       DebugLoc:        { File: '/usr/include/stdlib.h', Line: 0, Column: 0 }
//     - String:          ' because its definition is unavailable'
//   ...
//
// A hand-written reader of that schema (docs/llvm-parser-choice.md says why not libyaml, libfyaml
// or LLVM's own parser): block mappings at any indentation, DebugLoc as a flow mapping (over
// several lines, as LLVM wraps it past column 70) or a block one, Args as a block sequence of
// mappings (or `[]`), and every scalar style (plain, '' and "" quoted with their escapes and line
// folding, | and > block scalars). What is not of that schema is an error with the file, line and
// column and what was expected there. No recursion: the schema's depth is fixed.
//
// Documents are independent: SplitDocuments cuts a buffer into pieces of whole documents cheaply
// (it looks only near the cut points) and each piece parses on its own, on any thread. This file
// reads the stream of documents and the file; the parser of one document is remark_document.h,
// the index's fast path for LLVM's own layout canonical_remark.h.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "load/llvm/canonical_remark.h"

namespace profdiff::llvm_remarks {

enum class RemarkKind {
  kPassed,
  kMissed,
  kAnalysis,
  kAnalysisFPCommute,
  kAnalysisAliasing,
  kFailure,
};

// "Passed", "Missed", ...: the tag without its '!'.
std::string_view RemarkKindName(RemarkKind kind);

struct DebugLoc {
  std::string file;
  uint32_t line = 0;
  uint32_t column = 0;
  friend bool operator==(const DebugLoc&, const DebugLoc&) = default;
};

struct RemarkArg {
  std::string key;
  std::string value;
  std::optional<DebugLoc> loc;
  friend bool operator==(const RemarkArg&, const RemarkArg&) = default;
};

struct Remark {
  RemarkKind kind = RemarkKind::kPassed;
  std::string pass;
  std::string name;
  std::string function;  // as written: mangled for C++
  std::optional<DebugLoc> loc;
  std::optional<int64_t> hotness;
  std::vector<RemarkArg> args;
  friend bool operator==(const Remark&, const Remark&) = default;
};

struct ParsedRemarks {
  std::vector<Remark> remarks;
  // Parallel to `remarks`: the [begin, end) byte range of each remark's document in the content
  // (from its `---` to the start of what follows it), to be parsed again alone (the model reads
  // a unit's remarks again when its trees are wanted).
  std::vector<std::pair<size_t, size_t>> documents;
  // Set when the input ends inside a document (a file cut short): the 1-based line of that
  // document's `---`. The remarks before it are in `remarks`; the cut one is dropped.
  std::optional<size_t> cut_document_line;
};

// Parses the documents of content[begin, end): `begin` must be the start of a document (or of
// the file) and `end` the start of one or the end of the content. Errors and the cut line count
// lines and columns in the whole content, so that a piece of a file reports the file's positions:
// "FILE:LINE:COLUMN: expected ...". A document is complete when its `...` line is there; one
// without it at the end of the content is cut (cut_document_line), not an error.
absl::StatusOr<ParsedRemarks> ParseDocuments(std::string_view content, size_t begin, size_t end,
                                             std::string_view file_name);

// Where a piece of a file's content lies in the file: the line its first byte is on, and whether
// it ends where the file ends. In a piece that does not, a last document without its `...` line
// is whole (the next piece starts with the next document); in one that does, it is cut short.
struct PiecePlace {
  size_t first_line = 1;
  bool ends_file = true;
};

// Called for each remark in file order with the [begin, end) byte range of its document. The
// Remark is reused for the next document: copy what is kept.
using RemarkVisitor = std::function<void(const Remark& remark, size_t begin, size_t end)>;

// ParseDocuments without keeping the remarks: parses content[begin, end) of a piece placed in
// its file at `place` (errors name the file's lines) and hands each remark to `visit`. Returns
// the line of the document cut short (ParsedRemarks::cut_document_line), if any.
absl::StatusOr<std::optional<size_t>> VisitDocuments(std::string_view content, size_t begin,
                                                     size_t end, std::string_view file_name,
                                                     const PiecePlace& place,
                                                     const RemarkVisitor& visit);

// Called for each remark in file order with what the index of a file keeps of it and the
// [begin, end) byte range of its document.
using IndexVisitor = std::function<void(const RemarkIndexFields& fields, size_t begin, size_t end)>;

// VisitDocuments for the index: a document in the layout LLVM writes is checked and indexed by
// ScanCanonicalRemark, without being parsed into a Remark (the figures are in
// docs/performance.md); any other is parsed as VisitDocuments parses it, so that what is read,
// every error and every cut are the same. With `fast` false every document is parsed (the tests
// compare the two).
absl::StatusOr<std::optional<size_t>> IndexDocuments(std::string_view content, size_t begin,
                                                     size_t end, std::string_view file_name,
                                                     const PiecePlace& place,
                                                     const IndexVisitor& visit, bool fast = true);

// Cuts content into at most `pieces` consecutive [begin, end) ranges of whole documents, of about
// equal size, for ParseDocuments on several threads. Looks only near the cut points.
std::vector<std::pair<size_t, size_t>> SplitDocuments(std::string_view content, size_t pieces);

// The offset of the last line of content that starts a document (`---`), if it is not the first
// line; npos when there is none. Content is cut there into a piece of whole documents and the
// start of the next piece.
size_t LastDocumentStart(std::string_view content);

enum class RemarkFileFormat {
  kYaml,        // starts with `---` (after blank and comment lines)
  kYamlStrTab,  // "REMARKS\0": YAML with a string table (-fsave-optimization-record=yaml-strtab)
  kBitstream,   // "RMRK": LLVM's bitstream remarks (-fsave-optimization-record=bitstream)
  kEmpty,       // nothing but blanks and comments
  kUnknown,
};

// Tells the format from the first bytes of a file.
RemarkFileFormat DetectRemarkFileFormat(std::string_view content);

// Refuses content that is not YAML remarks (the start of a file, up to at least its first
// document) with a message that says what was expected: an empty file, bitstream remarks, YAML
// with a string table, anything else.
absl::Status CheckRemarkFileFormat(std::string_view content, std::string_view file_name);

// A whole file: refuses what is not YAML remarks with a message that says what was expected (an
// empty file, bitstream, a string table, anything else), parses the documents on `threads`
// threads and turns a cut into one warning: "FILE:LINE: the remarks file ends inside a remark
// (cut short?); the N complete remarks before it were read".
struct RemarkFile {
  std::vector<Remark> remarks;
  std::vector<std::pair<size_t, size_t>> documents;  // as ParsedRemarks::documents
  std::vector<std::string> warnings;
};
absl::StatusOr<RemarkFile> ParseRemarkFile(std::string_view content, std::string_view file_name,
                                           size_t threads = 1);

}  // namespace profdiff::llvm_remarks

#endif  // PROFDIFF_LOAD_LLVM_REMARK_PARSER_H_
