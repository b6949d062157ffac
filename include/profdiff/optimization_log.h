#ifndef PROFDIFF_OPTIMIZATION_LOG_H_
#define PROFDIFF_OPTIMIZATION_LOG_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "profdiff/hotspot_installs.h"
#include "profdiff/progress.h"
#include "profdiff/record_reader.h"
#include "profdiff/tree_counts.h"

namespace profdiff {

// A valid record of an optimization log and where to find it again.
// LoadExperiment empties the name and ID once the experiment's methods and compilations hold them.
struct UnitRecord {
  std::string method_name;  // raw, may carry a multi-method key
  std::string compilation_id;
  uint32_t file = 0;    // index into OptimizationLog::files
  uint64_t offset = 0;  // byte offset of the line in the file's (decompressed) content
  uint64_t length = 0;  // byte length of the line (without its terminator)
  // HotSpot logs only (docs/hotspot.md): the task's tier (1-3 C1, 4 C2) and whether it failed.
  int8_t level = -1;
  bool failed = false;
};

class ContentCopy;  // src/load/content_copy.h

// How a log file's records are read again (docs/robustness.md, "Compressed logs"): a plain file
// at the records' offsets; a compressed one (gzip or zstd) from the copy of its decompressed
// content made while it was scanned, at `copy_offset` + the record's offset, or, when no copy
// could be made (no temporary space), by decompressing it again up to the record.
struct LogFileContent {
  bool compressed = false;
  std::shared_ptr<const ContentCopy> copy;
  uint64_t copy_offset = 0;
};

// What kind of optimization log was read: a Graal directory of JSON lines, or one HotSpot
// -XX:+LogCompilation file whose units are its <task> elements (offset and length are the
// element's byte range).
enum class LogFormat { kGraal, kHotSpot };

// The valid records of an optimization-log directory, in read order: files sorted by name
// (bytewise), lines in file order.
struct OptimizationLog {
  LogFormat format = LogFormat::kGraal;
  std::string vm_version;                // HotSpot: the <vm_version><release> of the header
  std::vector<std::string> files;        // paths as opened: directory as given + '/' + file name
  std::vector<LogFileContent> contents;  // parallel to `files` (missing: plain files)
  std::vector<UnitRecord> units;
  int64_t invalid_records = 0;  // records left out with a warning
  HotSpotInstalls installs;     // HotSpot: install and make_not_entrant times of the tty section
  // Only when the log was loaded with LogCounting::kCount: the counts of each unit (parallel to
  // `units`), their names being ids of these tables.
  std::vector<UnitCounts> counts;
  NameTable optimization_keys;
  NameTable phase_names;
};

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

#endif  // PROFDIFF_OPTIMIZATION_LOG_H_
