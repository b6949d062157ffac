#ifndef PROFDIFF_MODEL_OPTIMIZATION_LOG_H_
#define PROFDIFF_MODEL_OPTIMIZATION_LOG_H_

// What an experiment's optimization log holds once read: where each unit's record is, to be read
// again (profdiff/load/optimization_log.h reads logs and records).

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "profdiff/model/hotspot_installs.h"
#include "profdiff/model/tree_counts.h"

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

class ContentCopy;       // src/load/content_copy.h
struct LlvmRemarkIndex;  // src/load/llvm/llvm_log.h

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
// element's byte range); or LLVM optimization remarks (docs/llvm.md), a unit per function of each
// remarks file.
enum class LogFormat { kGraal, kHotSpot, kLlvm };

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
  // LLVM remarks: where each unit's remarks are, to be read again (LoadLlvmUnitTrees).
  std::shared_ptr<const LlvmRemarkIndex> llvm;
};

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_OPTIMIZATION_LOG_H_
