// The optimization-log entry points: a directory is read as a Graal log, a file as a HotSpot
// log (load/log_format.h).

#include "profdiff/load/optimization_log.h"

#include <sys/stat.h>

#include "load/graal/graal_log.h"
#include "load/hotspot/hotspot_log.h"
#include "load/llvm/llvm_log.h"
#include "load/log_format.h"

namespace profdiff {

namespace {

bool IsRegularFile(const std::string& path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

}  // namespace

absl::StatusOr<OptimizationLog> LoadOptimizationLog(const std::string& path, int experiment_id,
                                                    const WarningSink& warn, LogCounting counting,
                                                    ProgressSink* progress) {
  std::string why;
  if (IsRegularFile(path)) {
    switch (ClassifyLogPath(path, &why)) {
      case LogPathKind::kHotSpotFile:
        return LoadHotSpotLog(path, experiment_id, warn, counting, progress);
      case LogPathKind::kLlvmRemarks:
        return LoadLlvmRemarks(path, experiment_id, warn, counting, progress);
      default:
        return NotAnOptimizationLog(path, experiment_id, why);
    }
  }
  if (ClassifyLogPath(path, &why) == LogPathKind::kLlvmRemarks) {
    return LoadLlvmRemarks(path, experiment_id, warn, counting, progress);
  }
  return LoadGraalLog(path, experiment_id, warn, counting, progress);
}

LogExtent MeasureLog(const std::string& path) {
  struct stat info;
  if (stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode)) return LogExtent{1, info.st_size};
  return MeasureGraalLog(path);
}

absl::StatusOr<RecordTrees> LoadUnitTrees(const OptimizationLog& log, const UnitRecord& unit,
                                          int experiment_id, TreeParts parts) {
  if (log.format == LogFormat::kHotSpot) {
    return LoadHotSpotUnitTrees(log, unit, experiment_id, parts);
  }
  if (log.format == LogFormat::kLlvm) return LoadLlvmUnitTrees(log, unit, experiment_id, parts);
  return LoadGraalUnitTrees(log, unit, experiment_id, parts);
}

}  // namespace profdiff
