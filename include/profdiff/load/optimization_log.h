#ifndef PROFDIFF_LOAD_OPTIMIZATION_LOG_H_
#define PROFDIFF_LOAD_OPTIMIZATION_LOG_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "profdiff/load/graal/record_reader.h"
#include "profdiff/model/optimization_log.h"
#include "profdiff/support/progress.h"

namespace profdiff {

// Whether loading also counts what the units' trees hold (OptimizationLog::counts).
enum class LogCounting { kNone, kCount };

// Receives a line of normal output (without '\n') during loading: warnings are printed in the
// order the records are read.
using WarningSink = std::function<void(std::string_view line)>;

// Reads every regular file of `directory` (README "Decisions"), decompressing gzip and zstd
// files (told by their first bytes; docs/robustness.md): lines end at '\n', one '\r'
// before it is dropped; malformed UTF-8 is replaced by U+FFFD; every record is validated in
// full. An invalid record produces
//   Warning: Invalid compilation unit: <file>:<line>:<column>: <what was expected>
// and is skipped; a directory entry that is not a regular file produces
//   Warning: Skipping <path>: not a regular file
// and compressed data that is corrupt or cut short (what was decoded before is read)
//   Warning: <path>: <what> at byte offset <offset of the compressed file>...
// Fails (with the complete user-facing message) when the directory cannot be listed or a file
// cannot be read. `progress`, when given, hears of the files and bytes read.
absl::StatusOr<OptimizationLog> LoadOptimizationLog(const std::string& directory, int experiment_id,
                                                    const WarningSink& warn,
                                                    LogCounting counting = LogCounting::kNone,
                                                    ProgressSink* progress = nullptr);

// What reading the log in `directory` amounts to, for a progress line: its regular files and
// their bytes. A directory that cannot be listed counts nothing (loading it reports why).
struct LogExtent {
  int64_t files = 0;
  int64_t bytes = 0;
};
LogExtent MeasureLog(const std::string& directory);

// Re-reads the record of `unit` and builds its trees. Fails only if the file changed or
// vanished since it was loaded (or its temporary copy could not be read).
absl::StatusOr<RecordTrees> LoadUnitTrees(const OptimizationLog& log, const UnitRecord& unit,
                                          int experiment_id, TreeParts parts = TreeParts::kAll);

// While one of these lives (on any thread), the plain log files that LoadUnitTrees reads stay
// open after the first read, to be read again at other offsets: a comparison reads the records
// of hundreds of thousands of units from the same two files, and opening and closing the file
// for each was a tenth of rebuilding their trees. They are closed when the last one ends. (A
// file replaced or deleted meanwhile is then read as it was opened; one cut short is still
// found out.) It must outlive the reads that it keeps files open for.
class KeepLogFilesOpen {
 public:
  KeepLogFilesOpen();
  ~KeepLogFilesOpen();
  KeepLogFilesOpen(const KeepLogFilesOpen&) = delete;
  KeepLogFilesOpen& operator=(const KeepLogFilesOpen&) = delete;
};

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_OPTIMIZATION_LOG_H_
