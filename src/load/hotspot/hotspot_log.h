#ifndef PROFDIFF_LOAD_HOTSPOT_HOTSPOT_LOG_H_
#define PROFDIFF_LOAD_HOTSPOT_HOTSPOT_LOG_H_

// HotSpot's -XX:+LogCompilation logs (docs/hotspot.md): one XML file, read with expat. Loading
// reads the whole file once (split at its tasks, which worker threads parse) and keeps, per
// <task> of the <compilation_log> sections, its header and byte range; a unit's trees are built
// when asked for, from that range alone (a <task> is self-contained).

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "profdiff/load/optimization_log.h"

namespace profdiff {

// How the log is read (task_split.h): split at its tasks, parsed on worker threads (falling
// back to kWhole when the split cannot vouch for the result), or as one document on this thread
// (tests compare the two).
enum class HotSpotReading { kSplit, kWhole };

// Reads the log at `path`: every complete <task> becomes a unit. A log cut short yields the
// tasks before the cut and one warning; malformed XML before the end fails with
// file:line:column.
absl::StatusOr<OptimizationLog> LoadHotSpotLog(const std::string& path, int experiment_id,
                                               const WarningSink& warn, LogCounting counting,
                                               ProgressSink* progress,
                                               HotSpotReading reading = HotSpotReading::kSplit);

// How many loads split reading handed back to whole reading since the process started (tests).
int64_t HotSpotSplitFallbacks();

// Builds the trees of one <task> element (its whole text). Fails with
// "<line>:<column>: <what is wrong>" (relative to the text) on malformed XML.
absl::StatusOr<RecordTrees> ParseHotSpotTask(std::string_view text,
                                             TreeParts parts = TreeParts::kAll);

// The trees of a unit of a log loaded by LoadHotSpotLog.
absl::StatusOr<RecordTrees> LoadHotSpotUnitTrees(const OptimizationLog& log, const UnitRecord& unit,
                                                 int experiment_id, TreeParts parts);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_HOTSPOT_LOG_H_
