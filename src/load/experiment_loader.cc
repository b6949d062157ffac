#include "profdiff/experiment_loader.h"

#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "load/paths.h"
#include "profdiff/absl_compat.h"
#include "profdiff/jfr_profile.h"
#include "profdiff/jfr_recording.h"
#include "profdiff/multi_method.h"

namespace profdiff {

namespace {

// JIT profiles link by compile ID; a later unit with the same ID hides the earlier one.
void LinkJitProfile(const Profile& profile, const OptimizationLog& log,
                    std::vector<int64_t>& periods, const WarningSink& warn) {
  absl::flat_hash_map<absl::string_view, size_t> by_id;
  by_id.reserve(log.units.size());
  for (size_t i = 0; i < log.units.size(); ++i) by_id[AbslView(log.units[i].compilation_id)] = i;
  for (const ProfileEntry& entry : profile.code) {
    if (!entry.level.has_value() || *entry.level != 4 || !entry.compile_id.has_value()) continue;
    auto it = by_id.find(AbslView(*entry.compile_id));
    if (it == by_id.end()) {
      warn(absl::StrCat("Warning: Compilation ID ", *entry.compile_id,
                        " not found in the optimization log"));
      continue;
    }
    periods[it->second] = entry.period;
  }
}

// AOT profiles link by raw method name (multi-method key included); every unit of that name
// receives the full period.
void LinkAotProfile(const Profile& profile, const OptimizationLog& log,
                    std::vector<int64_t>& periods) {
  absl::flat_hash_map<absl::string_view, std::vector<size_t>> by_name;
  for (size_t i = 0; i < log.units.size(); ++i)
    by_name[AbslView(log.units[i].method_name)].push_back(i);
  for (const ProfileEntry& entry : profile.code) {
    auto it = by_name.find(AbslView(entry.name));
    if (it == by_name.end()) continue;
    for (size_t unit : it->second) periods[unit] = entry.period;
  }
}

// A proftool profile, or a profile made of a JFR recording's samples (told apart by its magic
// bytes, docs/jfr.md).
// A regular file is told apart by its first bytes and a recording mapped; anything else (a FIFO)
// is read once and told apart by what was read.
absl::StatusOr<Profile> LoadAnyProfile(const std::string& path, int experiment_id,
                                       const WarningSink& warn) {
  const std::string display_path = AbsolutePath(path);
  absl::StatusOr<JfrRecording> recording;
  if (IsJfrFile(path)) {
    recording = ReadJfrRecording(path, display_path);
  } else {
    absl::StatusOr<std::string> bytes = ReadProfileFile(path, experiment_id);
    if (!bytes.ok()) return bytes.status();
    if (!HasJfrMagic(*bytes)) return ParseProfile(*bytes, display_path, experiment_id);
    recording = ParseJfrRecording(*bytes, display_path);
  }
  if (!recording.ok()) {
    return absl::Status(recording.status().code(),
                        absl::StrCat("Failed to parse experiment ", experiment_id, " in ",
                                     recording.status().message()));
  }
  JfrAttributionInput input;
  input.experiment_id = experiment_id;
  input.display_path = display_path;
  return AttributeJfrSamples(*recording, input, warn);
}

}  // namespace

absl::StatusOr<Experiment> LoadExperiment(const ExperimentInput& input, const WarningSink& warn) {
  Experiment experiment(input.id, input.expected_kind.value_or(ExperimentKind::kUnknown));
  absl::StatusOr<OptimizationLog> log =
      LoadOptimizationLog(input.log_directory, input.id, warn, input.counting, input.progress);
  if (!log.ok()) return log.status();
  experiment.log() = std::move(*log);
  const OptimizationLog& units = experiment.log();

  std::vector<int64_t> periods(units.units.size(), 0);
  if (input.profile_path.has_value()) {
    absl::StatusOr<Profile> profile = LoadAnyProfile(*input.profile_path, input.id, warn);
    if (!profile.ok()) return profile.status();
    if (input.expected_kind.has_value()) {
      absl::Status kind_ok =
          CheckProfileKind(*profile, *input.expected_kind, *input.profile_path, input.id);
      if (!kind_ok.ok()) return kind_ok;
    }
    experiment.set_kind(profile->kind);
    if (profile->kind == ExperimentKind::kAot) {
      LinkAotProfile(*profile, units, periods);
    } else {
      LinkJitProfile(*profile, units, periods, warn);
    }
    experiment.set_profile(std::move(*profile));
  }

  for (uint32_t i = 0; i < units.units.size(); ++i) {
    const UnitRecord& record = units.units[i];
    // Records were validated when read, so the name is well formed.
    std::optional<MultiMethodName> split = SplitMultiMethodName(record.method_name);
    Compilation unit;
    unit.method = experiment.GetOrCreateMethod(split ? split->name : record.method_name);
    unit.id = record.compilation_id;
    unit.period = periods[i];
    if (split) unit.multi_method_key = split->key;
    unit.unit_record = i;
    experiment.AddCompilation(std::move(unit));
  }
  return experiment;
}

}  // namespace profdiff
