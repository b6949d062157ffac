#ifndef PROFDIFF_LOAD_LLVM_LLVM_LOG_H_
#define PROFDIFF_LOAD_LLVM_LLVM_LOG_H_

// LLVM optimization remarks as an optimization log (docs/llvm.md): one remarks file, or a
// directory searched recursively for them (a build tree). Loading parses every remark once and
// keeps, per function of each file (a unit), the byte ranges of its remarks' documents, the
// largest Hotness among them and where the function starts; a unit's trees are built when asked
// for, from those documents alone (and those of the functions it inlined).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "load/llvm/name_pool.h"
#include "load/llvm/remark_trees.h"
#include "profdiff/load/optimization_log.h"
#include "profdiff/support/absl_compat.h"
#include "profdiff/support/ordered_parallel.h"

namespace profdiff {

struct LlvmRemarkIndex {
  struct Document {
    uint64_t offset = 0;  // of its `---` in the file's (decompressed) content
    uint32_t length = 0;
    uint32_t order = 0;  // its place among the file's remarks
  };
  struct Unit {
    std::string_view mangled;  // the function as the remarks name it (in `names`)
    std::optional<llvm_remarks::FunctionStart> start;
    std::vector<Document> documents;  // in file order
    int64_t hotness = -1;             // the largest Hotness of its remarks; -1: none has one
  };
  std::vector<Unit> units;  // parallel to OptimizationLog::units
  // Per file: the unit of each function (mangled name).
  std::vector<absl::flat_hash_map<std::string_view, uint32_t, StringViewHash>> by_file;
  // Per file: the starts of the functions its remarks name, sorted by (file, line).
  std::vector<std::vector<llvm_remarks::NamedStart>> starts;
  int64_t remarks = 0;
  bool hotness = false;  // some remark carries a Hotness
  // The names of the functions of the units and the starts, each once.
  llvm_remarks::NamePool names;
};

// Whether the file name is that of a remarks file: *.opt.yaml, also compressed (.gz, .zst).
bool IsRemarksFileName(std::string_view name);

// The remarks files under `directory`, at any depth (symbolic links to directories are not
// followed), sorted by path; empty when there are none (or the directory cannot be listed).
std::vector<std::string> FindRemarkFiles(const std::string& directory);

// How the remarks are read: files are read a piece of whole documents at a time and the pieces
// parsed on `threads` threads; the log does not depend on either.
struct LlvmReadOptions {
  unsigned threads = WorkerThreads();
  size_t piece_bytes = size_t{1} << 20;
};

// Reads the remarks of `path` (a remarks file, or a directory of them). A malformed remark fails
// with file:line:column; a file cut short yields its complete remarks and a warning.
absl::StatusOr<OptimizationLog> LoadLlvmRemarks(const std::string& path, int experiment_id,
                                                const WarningSink& warn, LogCounting counting,
                                                ProgressSink* progress);
absl::StatusOr<OptimizationLog> LoadLlvmRemarks(const std::string& path, int experiment_id,
                                                const WarningSink& warn, LogCounting counting,
                                                ProgressSink* progress,
                                                const LlvmReadOptions& options);

// The trees of a unit of a log loaded by LoadLlvmRemarks (`unit` is one of log.units).
absl::StatusOr<RecordTrees> LoadLlvmUnitTrees(const OptimizationLog& log, const UnitRecord& unit,
                                              int experiment_id, TreeParts parts);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_LLVM_LLVM_LOG_H_
