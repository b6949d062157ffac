#ifndef PROFDIFF_LOAD_GRAAL_GRAAL_LOG_H_
#define PROFDIFF_LOAD_GRAAL_GRAAL_LOG_H_

// Graal's optimization logs: a directory of JSON-lines files (formats.md). The public entry
// points (optimization_log.h) dispatch here for directories.

#include <string>

#include "profdiff/load/optimization_log.h"

namespace profdiff {

absl::StatusOr<OptimizationLog> LoadGraalLog(const std::string& directory, int experiment_id,
                                             const WarningSink& warn, LogCounting counting,
                                             ProgressSink* progress);

LogExtent MeasureGraalLog(const std::string& directory);

absl::StatusOr<RecordTrees> LoadGraalUnitTrees(const OptimizationLog& log, const UnitRecord& unit,
                                               int experiment_id, TreeParts parts);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_GRAAL_GRAAL_LOG_H_
