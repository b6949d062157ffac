#ifndef PROFDIFF_LOAD_HOTSPOT_HOTSPOT_LOG_H_
#define PROFDIFF_LOAD_HOTSPOT_HOTSPOT_LOG_H_

// HotSpot's -XX:+LogCompilation logs (docs/hotspot.md): one XML file, read with expat. Loading
// scans the whole file once and keeps, per <task> of the <compilation_log> sections, its header
// and byte range; a unit's trees are built when asked for, from that range alone (a <task> is
// self-contained).

#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "profdiff/optimization_log.h"

namespace profdiff {

// Reads the log at `path`: every complete <task> becomes a unit. A log cut short yields the
// tasks before the cut and one warning; malformed XML before the end fails with
// file:line:column.
absl::StatusOr<OptimizationLog> LoadHotSpotLog(const std::string& path, int experiment_id,
                                               const WarningSink& warn, LogCounting counting,
                                               ProgressSink* progress);

// Builds the trees of one <task> element (its whole text). Fails with
// "<line>:<column>: <what is wrong>" (relative to the text) on malformed XML.
absl::StatusOr<RecordTrees> ParseHotSpotTask(std::string_view text,
                                             TreeParts parts = TreeParts::kAll);

// The trees of a unit of a log loaded by LoadHotSpotLog.
absl::StatusOr<RecordTrees> LoadHotSpotUnitTrees(const OptimizationLog& log, const UnitRecord& unit,
                                                 int experiment_id, TreeParts parts);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_HOTSPOT_LOG_H_
