#ifndef PROFDIFF_LOAD_EXPERIMENT_LOADER_H_
#define PROFDIFF_LOAD_EXPERIMENT_LOADER_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "profdiff/load/optimization_log.h"
#include "profdiff/model/experiment.h"
#include "profdiff/model/tier_selection.h"
#include "profdiff/support/progress.h"

namespace profdiff {

struct ExperimentInput {
  int id = 1;
  std::string log_directory;
  std::optional<std::string> profile_path;
  // The kind the command requires; nullopt (report) = taken from the profile, unknown without.
  std::optional<ExperimentKind> expected_kind;
  // kCount: also count what the units' trees hold while they are checked (`stats`).
  LogCounting counting = LogCounting::kNone;
  // Hears how far loading got (--progress); may be null.
  ProgressSink* progress = nullptr;
  // Whether the experiment is compared with one that has a profile; nullopt when it is not
  // compared (report, stats). What a HotSpot experiment without a profile shows depends on it
  // (docs/hotspot.md "Hotness").
  std::optional<bool> other_profiled = std::nullopt;
  // --tiers: which compilations of a HotSpot log are kept (a Graal log keeps every unit).
  TierSelection tiers = TierSelection();
};

// formats.md §1: reads the log (warnings through `warn`), then the profile, checks its kind,
// links periods to units (§5.3, more warnings) and registers the units in read order. The log's
// unit records then keep only where each record is (their names and IDs are emptied).
// Fails with a complete user-facing message.
absl::StatusOr<Experiment> LoadExperiment(const ExperimentInput& input, const WarningSink& warn);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_EXPERIMENT_LOADER_H_
