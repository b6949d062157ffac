#ifndef PROFDIFF_MODEL_PROFILE_H_
#define PROFDIFF_MODEL_PROFILE_H_

// An experiment's profile: how much time each compiled method took (read by
// profdiff/load/proftool/profile.h from proftool's JSON, by profdiff/load/jfr/jfr_profile.h from
// a JFR recording).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace profdiff {

enum class ExperimentKind { kUnknown, kJit, kAot };

// One "code" item of a proftool profile (formats.md §5.1), with derived values applied.
struct ProfileEntry {
  std::optional<std::string> compile_id;  // one trailing '%' (OSR marker) removed
  std::string name;                       // everything up to the first ": " removed
  std::optional<int32_t> level;
  int64_t period = 0;
};

// Where a profile's periods come from: proftool's JSON (cycles), a JFR recording's execution
// samples (nanoseconds of sampled time, docs/jfr.md), or LLVM remarks' Hotness (execution counts
// of the build's profile, docs/llvm.md).
enum class ProfileSource { kProftool, kJfr, kLlvmHotness };

// The entries an experiment summary lists ("Top methods"): those with the largest periods, ties
// in the profile's order.
inline constexpr size_t kTopProfileEntries = 10;

struct Profile {
  ExperimentKind kind = ExperimentKind::kJit;
  std::optional<std::string> execution_id;
  int64_t total_period = 0;
  std::vector<ProfileEntry> code;
  // Entries counted but not kept in `code`. kLlvmHotness: a unit is its own entry (the periods
  // are the units' own), so `code` keeps only the kTopProfileEntries first by period, which is
  // all that is read of it, and not a copy of every unit's name and ID (docs/performance.md,
  // "LLVM remarks (issue 33)").
  int64_t code_not_kept = 0;
  ProfileSource source = ProfileSource::kProftool;
  int64_t samples = 0;  // kJfr: the execution samples the periods were made of
};

// The execution samples a period of a JFR profile (`samples` samples, `total_period` in all)
// holds: every sample weighs the same sampling period (docs/jfr.md "The rule"), so a period is a
// whole number of them. 0 when the profile has no samples.
inline int64_t SamplesInPeriod(int64_t period, int64_t total_period, int64_t samples) {
  if (samples <= 0 || total_period <= 0) return 0;
  const int64_t per_sample = total_period / samples;
  if (per_sample <= 0) return 0;
  return (period + per_sample / 2) / per_sample;
}

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_PROFILE_H_
