#ifndef PROFDIFF_LOAD_LLVM_CANONICAL_REMARK_H_
#define PROFDIFF_LOAD_LLVM_CANONICAL_REMARK_H_

// The fast path of indexing remarks: a document in the exact layout LLVM's YAML writer gives
// every remark (llvm/lib/Remarks/YAMLRemarkSerializer.cpp, as in remark_parser.h's example) is
// checked and indexed in one pass over its bytes, without making a Remark of it. Anything else
// (a blank or comment line, a block scalar, a DebugLoc over several lines, a repeated key, a
// '\r', a document without its `...` line, an error) is not this layout: the caller parses that
// document with the full parser, which reads or reports it. So the fast path accepts only
// documents the full parser reads, and gives the same fields it would (fuzz/llvm_remarks_fuzzer
// and llvm_remark_index_test compare the two on every document).

#include <cstdint>
#include <string_view>
#include <vector>

namespace profdiff::llvm_remarks {

// A Caller or Callee argument with a DebugLoc whose line is not 0: where the function it names
// starts.
struct FunctionStartArg {
  std::string_view name;
  std::string_view file;
  uint32_t line = 0;
  friend bool operator==(const FunctionStartArg&, const FunctionStartArg&) = default;
};

// What the index of a remarks file keeps of a remark (llvm_log.cc). The views point into the
// content (or into the Remark the full parser made), valid during the visit only.
struct RemarkIndexFields {
  std::string_view function;
  int64_t hotness = -1;  // no Hotness
  std::vector<FunctionStartArg> starts;
};

// Scans the document starting at `doc` (its `---` line) in content that ends at `stop`. In
// LLVM's layout: fills `fields` and returns where what follows the document starts (after its
// `...` line). Otherwise returns nullptr (`fields` then holds anything).
const char* ScanCanonicalRemark(const char* doc, const char* stop, RemarkIndexFields& fields);

}  // namespace profdiff::llvm_remarks

#endif  // PROFDIFF_LOAD_LLVM_CANONICAL_REMARK_H_
