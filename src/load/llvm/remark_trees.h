#ifndef PROFDIFF_LOAD_LLVM_REMARK_TREES_H_
#define PROFDIFF_LOAD_LLVM_REMARK_TREES_H_

// How one function's LLVM remarks become a compilation unit's trees (docs/llvm.md "The model"):
// its name demangled, the `inline` pass's remarks an inlining tree rebuilt from their inlining
// contexts, every other remark an optimization under the phase of its pass. Positions are line
// offsets from the start of the function they are in, with the column: LlvmPosition packs them
// into the bci that the rest of profdiff compares and prints.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "load/llvm/remark_parser.h"
#include "profdiff/load/graal/record_reader.h"
#include "profdiff/model/interned_name.h"

namespace profdiff::llvm_remarks {

// `text` with each control character (below 0x20, and 0x7f) written as a C escape (`\n`, `\t`,
// `\r`, `\x01`): what the model keeps of a remark's names, files and values, so that a symbol
// holding one can neither break the lines of the text output nor reach a terminal
// (docs/llvm.md "Names").
std::string PrintableText(std::string_view text);

// The name a unit is known by: an Itanium C++ (or legacy Rust) mangled name demangled, a Rust
// one without its `::h<16 hex digits>` hash, anything else (C) as written; printable
// (PrintableText).
std::string DemangledFunctionName(std::string_view mangled);

// Columns are kept below this, so that line * kLineScale + column is one number (docs/llvm.md).
inline constexpr int32_t kLineScale = 1000;
int32_t LlvmPosition(int64_t line_offset, int64_t column);

// One step of an inlining context `at callsite f:3:14 @ g:10:2;`: the call site at line offset
// 3, column 14, of function f (mangled, as written).
struct CallsiteStep {
  std::string function;
  int64_t line = 0;
  int64_t column = 0;
};
// The context of an inline remark, innermost first (the function the call was written in) to
// outermost (the function being compiled); empty when the remark has none.
std::vector<CallsiteStep> InliningContext(const Remark& remark);

// The remark's message: its arguments' values in order, as LLVM prints it.
std::string RemarkMessage(const Remark& remark);

// What an inline remark decided, for the decisions view (docs/decisions-view.md "LLVM
// remarks"): its name, with its cost and threshold when it has them, "TooCostly (cost=52,
// threshold=45)", "Inlined (cost=always)", "NoDefinition". A call site's reasons are its remark's
// message and then this, the last reason, which the view groups by and reads the figures of.
std::string DecisionText(const Remark& remark);

// What a function's tree needs of the functions it inlined: the inlining tree that `callee`
// (mangled) had before the remark at `before` (a position in the file's remark order) inlined it.
// nullopt when the file has no remarks of that function.
using CalleeTreeSource =
    std::function<std::optional<InliningTree>(std::string_view callee, uint64_t before)>;

// A function's definition, when a remark's Caller or Callee argument says where it starts. The
// file is interned: a build tree's index holds a start for each of its functions, in a few
// hundred files.
struct FunctionStart {
  InternedName file;
  int64_t line = 0;
};

// A function of a file and where it starts; the name is kept by the holder of the starts (the
// log's NamePool).
struct NamedStart {
  FunctionStart start;
  std::string_view mangled;
};

// The remarks of one function, in file order, each with its order in the file.
struct FunctionRemarks {
  std::string mangled;
  std::optional<FunctionStart> start;
  // The starts of the file's functions that the remarks name, sorted by (file, line): an
  // optimization's position is relative to the nearest before it (null: none known).
  const std::vector<NamedStart>* file_starts = nullptr;
  std::vector<const Remark*> remarks;
  std::vector<uint64_t> order;  // parallel to `remarks`
};

// Builds the function's trees; `callees` grafts what inlined functions had inlined
// (docs/llvm.md "The inlining tree"); with parts == kInliningTreeOnly the optimization tree
// stays empty.
RecordTrees BuildFunctionTrees(const FunctionRemarks& function, const CalleeTreeSource& callees,
                               TreeParts parts = TreeParts::kAll);

}  // namespace profdiff::llvm_remarks

#endif  // PROFDIFF_LOAD_LLVM_REMARK_TREES_H_
