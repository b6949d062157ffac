#include "profdiff/load/experiment_loader.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "load/llvm/llvm_log.h"
#include "load/paths.h"
#include "profdiff/load/jfr/jfr_profile.h"
#include "profdiff/load/jfr/jfr_recording.h"
#include "profdiff/model/multi_method.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

// JIT profiles link by compile ID; a later unit with the same ID hides the earlier one. Graal
// logs link the level-4 entries; HotSpot logs (docs/hotspot.md "Profiles") entries of any level,
// an OSR unit's '%' ignored, as proftool's IDs carry none once read.
void LinkJitProfile(const Profile& profile, const OptimizationLog& log,
                    std::vector<int64_t>& periods, const WarningSink& warn) {
  const bool hotspot = log.format == LogFormat::kHotSpot;
  absl::flat_hash_map<absl::string_view, size_t> by_id;
  by_id.reserve(log.units.size());
  for (size_t i = 0; i < log.units.size(); ++i) {
    std::string_view id = log.units[i].compilation_id;
    if (hotspot && id.ends_with('%')) id.remove_suffix(1);
    by_id[AbslView(id)] = i;
  }
  for (const ProfileEntry& entry : profile.code) {
    if (!entry.compile_id.has_value()) continue;
    if (!hotspot && (!entry.level.has_value() || *entry.level != 4)) continue;
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
// A profile needs of each stack only the code that was running (JfrReadOptions).
constexpr JfrReadOptions kProfileReading{.full_stacks = false};

absl::StatusOr<Profile> LoadAnyProfile(const std::string& path, int experiment_id,
                                       const OptimizationLog& log, const WarningSink& warn) {
  const std::string display_path = AbsolutePath(path);
  absl::StatusOr<JfrRecording> recording;
  if (IsJfrFile(path)) {
    recording = ReadJfrRecording(path, display_path, kProfileReading);
  } else {
    absl::StatusOr<std::string> bytes = ReadProfileFile(path, experiment_id);
    if (!bytes.ok()) return bytes.status();
    if (!HasJfrMagic(*bytes)) return ParseProfile(*bytes, display_path, experiment_id);
    recording = ParseJfrRecording(*bytes, display_path, kProfileReading);
  }
  if (!recording.ok()) {
    return absl::Status(recording.status().code(),
                        absl::StrCat("Failed to parse experiment ", experiment_id, " in ",
                                     recording.status().message()));
  }
  JfrAttributionInput input;
  input.experiment_id = experiment_id;
  input.display_path = display_path;
  if (log.format == LogFormat::kHotSpot) {
    input.install_intervals = HotSpotInstallIntervals(log.installs);
    // Both name the process that wrote them: a recording of another run attributes its samples
    // by times and compile ids that mean nothing in this log (docs/jfr.md "Execution ID").
    if (recording->pid.has_value() && log.installs.process.has_value() &&
        *recording->pid != *log.installs.process) {
      warn(absl::StrCat("Warning: ", display_path, " was recorded by process ", *recording->pid,
                        ", but the HotSpot log of experiment ", experiment_id,
                        " was written by process ", *log.installs.process,
                        ": they are not of the same run, so its samples do not link to this "
                        "log's compilations"));
    }
  }
  return AttributeJfrSamples(*recording, input, warn);
}

// LLVM remarks (docs/llvm.md "Hotness"): a unit's period is the largest Hotness of its remarks,
// and the experiment's profile is made of those periods; without Hotness there is no profile,
// and the functions are listed or compared as a HotSpot log's without one.
LlvmInfo LlvmRemarksHotness(const OptimizationLog& log, const ExperimentInput& input,
                            std::vector<int64_t>& periods, Experiment& experiment) {
  const LlvmRemarkIndex& index = *log.llvm;
  LlvmInfo info;
  info.files = static_cast<int64_t>(log.files.size());
  info.remarks = index.remarks;
  info.hotness = index.hotness;
  if (!index.hotness) {
    if (!input.other_profiled.has_value()) {
      info.without_profile = "every function with remarks is listed";
    } else if (*input.other_profiled) {
      info.without_profile = "the functions hot in the other experiment are compared";
    } else {
      info.without_profile = "every function with remarks in both experiments is compared";
    }
    return info;
  }
  Profile profile;
  profile.kind = ExperimentKind::kAot;
  profile.source = ProfileSource::kLlvmHotness;
  // Every unit is an entry; only the first kTopProfileEntries by period (ties in log order) are
  // kept, in log order: the rest is counted (Profile::code_not_kept).
  std::vector<size_t> top;  // by period, largest first; ties in log order
  for (size_t i = 0; i < log.units.size(); ++i) {
    periods[i] = std::max<int64_t>(0, index.units[i].hotness);
    profile.total_period += periods[i];
    if (top.size() == kTopProfileEntries && periods[top.back()] >= periods[i]) continue;
    auto after = std::upper_bound(top.begin(), top.end(), periods[i],
                                  [&](int64_t period, size_t t) { return period > periods[t]; });
    top.insert(after, i);
    if (top.size() > kTopProfileEntries) top.pop_back();
  }
  std::sort(top.begin(), top.end());
  for (size_t i : top) {
    ProfileEntry entry;
    entry.compile_id = log.units[i].compilation_id;
    entry.name = log.units[i].method_name;
    entry.period = periods[i];
    profile.code.push_back(std::move(entry));
  }
  profile.code_not_kept = static_cast<int64_t>(log.units.size() - top.size());
  experiment.set_kind(ExperimentKind::kAot);
  experiment.set_profile(std::move(profile));
  return info;
}

}  // namespace

// Nanoseconds since the epoch: the log's time_ms is the VM's start, its stamps seconds since then
// (docs/jfr.md).
std::vector<CodeInstallInterval> HotSpotInstallIntervals(const HotSpotInstalls& installs) {
  std::vector<CodeInstallInterval> intervals;
  if (!installs.vm_start_ms.has_value()) return intervals;
  const int64_t start = *installs.vm_start_ms * 1'000'000;
  intervals.reserve(installs.code.size());
  for (const HotSpotInstall& code : installs.code) {
    CodeInstallInterval interval;
    interval.compile_id = code.compile_id;
    interval.method = JfrJavaMethodName(JfrMethod{code.holder, code.name, code.descriptor});
    interval.level = code.level;
    interval.osr = code.osr;
    interval.descriptor = code.descriptor;
    interval.installed = start + code.installed;
    interval.invocations = code.invocations;
    if (code.not_entrant.has_value()) interval.not_entrant = start + *code.not_entrant;
    intervals.push_back(std::move(interval));
  }
  return intervals;
}

absl::StatusOr<Experiment> LoadExperiment(const ExperimentInput& input, const WarningSink& warn) {
  Experiment experiment(input.id, input.expected_kind.value_or(ExperimentKind::kUnknown));
  absl::StatusOr<OptimizationLog> log =
      LoadOptimizationLog(input.log_directory, input.id, warn, input.counting, input.progress);
  if (!log.ok()) return log.status();
  experiment.log() = std::move(*log);
  // The table of units at its size (it grew by halves while the log was read: up to half of it
  // unused), before anything else is allocated for the experiment.
  experiment.log().units.shrink_to_fit();
  const OptimizationLog& units = experiment.log();

  std::vector<int64_t> periods(units.units.size(), 0);
  if (units.format == LogFormat::kLlvm) {
    if (input.profile_path.has_value()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "Could not read the files of the experiment ", input.id, ": ",
          NormalizePath(input.log_directory),
          " holds LLVM optimization remarks, which carry their own hotness (Hotness, from the "
          "build's profile): give no profile with them"));
    }
    LlvmInfo info = LlvmRemarksHotness(units, input, periods, experiment);
    experiment.set_llvm(std::move(info));
  } else if (input.profile_path.has_value()) {
    absl::StatusOr<Profile> profile = LoadAnyProfile(*input.profile_path, input.id, units, warn);
    if (!profile.ok()) return profile.status();
    if (input.expected_kind.has_value()) {
      absl::Status kind_ok =
          CheckProfileKind(*profile, *input.expected_kind, *input.profile_path, input.id);
      if (!kind_ok.ok()) return kind_ok;
    }
    experiment.set_kind(profile->kind);
    if (profile->kind == ExperimentKind::kAot && units.format == LogFormat::kGraal) {
      LinkAotProfile(*profile, units, periods);
    } else {
      LinkJitProfile(*profile, units, periods, warn);
    }
    experiment.set_profile(std::move(*profile));
  }

  std::vector<bool> keep;
  if (units.format == LogFormat::kHotSpot) {
    keep = input.tiers.Select(units.units);
    HotSpotInfo info;
    info.tiers = input.tiers.Name();
    info.kept = input.tiers.Description();
    info.vm_version = units.vm_version;
    info.tasks = static_cast<int64_t>(units.units.size());
    for (size_t i = 0; i < units.units.size(); ++i) {
      if (units.units[i].failed) ++info.failed_tasks;
      if (keep[i]) ++info.units;
    }
    if (!input.profile_path.has_value()) {
      if (!input.other_profiled.has_value()) {
        info.without_profile = input.tiers.top()
                                   ? std::string("every method's top-tier compilations are listed")
                                   : absl::StrCat(info.kept, " are listed");
      } else if (*input.other_profiled) {
        info.without_profile = "the methods hot in the other experiment are compared";
      } else {
        info.without_profile = "every method compiled in both experiments is compared";
      }
    }
    experiment.set_hotspot(std::move(info));
  }
  experiment.ReserveCompilations(
      keep.empty() ? units.units.size()
                   : static_cast<size_t>(std::count(keep.begin(), keep.end(), true)));
  for (uint32_t i = 0; i < units.units.size(); ++i) {
    if (!keep.empty() && !keep[i]) continue;
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
  // A profile's time in the compilations --tiers left out still counts: for the method, when it
  // has kept units, and for the experiment (docs/jfr.md "Compilations --tiers leaves out").
  for (uint32_t i = 0; i < units.units.size(); ++i) {
    if (keep.empty() || keep[i] || periods[i] == 0) continue;
    const std::string& name = units.units[i].method_name;
    std::optional<MultiMethodName> split = SplitMultiMethodName(name);
    experiment.AddLeftOutPeriod(experiment.FindMethod(split ? split->name : name), periods[i]);
  }
  // The methods and compilations hold the units' names and IDs now: the log keeps where each
  // unit's record is (a 1 GB HotSpot log has 290k units, their names 17 MB).
  for (UnitRecord& unit : experiment.log().units) {
    std::string().swap(unit.method_name);
    std::string().swap(unit.compilation_id);
  }
  return experiment;
}

}  // namespace profdiff
