#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "profdiff/load/jfr/jfr_profile.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

// JFR's stock `profile` settings sample every 20 ms (`default`: 20 ms too).
constexpr int64_t kAssumedPeriod = 20'000'000;
constexpr const char* kSettingsAdvice =
    "record with -XX:StartFlightRecording:settings=/usr/share/profdiff/profdiff.jfc (or "
    "jdk.ExecutionSample#enabled=true,jdk.Compilation#enabled=true,jdk.Compilation#threshold=0ms)";

// "10 ms" -> 10'000'000; nullopt for anything else ("everyChunk", "off").
std::optional<int64_t> ParsePeriod(std::string_view value) {
  std::vector<absl::string_view> parts = absl::StrSplit(AbslView(value), ' ', absl::SkipEmpty());
  if (parts.size() != 2) return std::nullopt;
  int64_t amount = 0;
  if (!absl::SimpleAtoi(parts[0], &amount) || amount <= 0) return std::nullopt;
  int64_t unit = 0;
  if (parts[1] == "ns") unit = 1;
  if (parts[1] == "us") unit = 1'000;
  if (parts[1] == "ms") unit = 1'000'000;
  if (parts[1] == "s") unit = 1'000'000'000;
  if (parts[1] == "m") unit = 60'000'000'000;
  if (unit == 0 || amount > INT64_MAX / unit) return std::nullopt;
  return amount * unit;
}

// A compilation that may have run a method's samples: from `installed` until `retired`.
struct Installed {
  int64_t installed = 0;
  int64_t retired = INT64_MAX;
  // The compile id: the log's text, or else the recording's number (made text only for the
  // compilations samples fall in: a recording may hold millions).
  const std::string* log_id = nullptr;
  int64_t recorded_id = 0;
  std::optional<int32_t> level;
  bool osr = false;
  // A normal compilation made while the method had been invoked once (the log's count): made
  // because the loop of that one activation ran long, which keeps running in OSR code.
  bool entered_once = false;

  std::string CompileId() const { return log_id != nullptr ? *log_id : absl::StrCat(recorded_id); }
};

class Attribution {
 public:
  Attribution(const JfrRecording& recording, const JfrAttributionInput& input)
      : recording_(recording), input_(input) {
    names_.reserve(recording.methods.size());
    for (const JfrMethod& method : recording.methods) names_.push_back(JfrJavaMethodName(method));
    absl::flat_hash_map<std::string_view, std::vector<uint32_t>> by_name;
    if (!input.install_intervals.empty()) {
      for (uint32_t i = 0; i < names_.size(); ++i) by_name[names_[i]].push_back(i);
    }
    installs_.resize(names_.size());
    std::vector<bool> refined(names_.size(), false);
    for (const CodeInstallInterval& interval : input.install_intervals) {
      auto it = by_name.find(interval.method);
      if (it == by_name.end()) continue;
      const bool by_descriptor = !interval.descriptor.empty() &&
                                 std::any_of(it->second.begin(), it->second.end(), [&](uint32_t m) {
                                   return recording.methods[m].descriptor == interval.descriptor;
                                 });
      for (uint32_t m : it->second) {
        if (by_descriptor && recording.methods[m].descriptor != interval.descriptor) continue;
        refined[m] = true;
        installs_[m].push_back(
            {interval.installed, interval.not_entrant.value_or(INT64_MAX), &interval.compile_id, 0,
             interval.level, interval.osr,
             !interval.osr && interval.invocations.has_value() && *interval.invocations <= 1});
      }
    }
    for (const JfrCompilation& c : recording.compilations) {
      if (!c.succeeded || c.method == JfrRecording::kNoMethod || refined[c.method]) continue;
      installs_[c.method].push_back(
          {c.start + c.duration, INT64_MAX, nullptr, c.compile_id, c.level, c.osr, false});
    }
    for (std::vector<Installed>& list : installs_) {
      std::stable_sort(list.begin(), list.end(), [](const Installed& a, const Installed& b) {
        return a.installed < b.installed;
      });
    }
  }

  Profile Build(int64_t period, const WarningSink& warn) {
    Profile profile;
    profile.kind = ExperimentKind::kJit;
    profile.source = ProfileSource::kJfr;
    int64_t unmatched = 0;
    for (const JfrSample& sample : recording_.samples) {
      ++profile.samples;
      profile.total_period += period;
      const JfrFrame* frame = TopFrame(sample);
      if (frame == nullptr) {
        Add(nullptr, kNoStackTrace, period);
        continue;
      }
      const std::string& name =
          frame->method == JfrRecording::kNoMethod ? kUnknownMethod : names_[frame->method];
      switch (frame->type) {
        case JfrFrameType::kInterpreted:
          Add(nullptr, kInterpreter, period);
          break;
        case JfrFrameType::kNative:
          Add(nullptr, Prefixed(frame->method, "native ", &native_names_), period);
          break;
        case JfrFrameType::kJitCompiled: {
          const Installed* code = frame->method == JfrRecording::kNoMethod
                                      ? nullptr
                                      : Running(frame->method, sample.time);
          if (code == nullptr) {
            ++unmatched;
            Add(nullptr, name, period);
          } else {
            Add(code, name, period);
          }
          break;
        }
        default:
          Add(nullptr, Prefixed(frame->method, "unknown frame type ", &other_names_), period);
          break;
      }
    }
    if (unmatched > 0) {
      warn(absl::StrCat(
          "Warning: ", input_.display_path, ": ", unmatched, " of ", profile.samples,
          " execution samples are in compiled code whose compilation the recording does not "
          "hold (jdk.Compilation events are missing: compiled before the recording started, or "
          "faster than the event's threshold); they count for their method without a "
          "compilation. To record every compilation, ",
          kSettingsAdvice));
    }
    profile.code = std::move(entries_);
    return profile;
  }

 private:
  static inline const std::string kUnknownMethod = "unknown method";
  static inline const std::string kNoStackTrace = "unknown (no stack trace)";
  static inline const std::string kInterpreter = "Interpreter";

  // `prefix` and the method's name, made once per method (the entries key on its address).
  const std::string& Prefixed(uint32_t method, std::string_view prefix,
                              std::vector<std::string>* names) {
    const size_t slot = method == JfrRecording::kNoMethod ? names_.size() : method;
    if (names->empty()) names->resize(names_.size() + 1);
    std::string& name = (*names)[slot];
    if (name.empty()) {
      name = absl::StrCat(AbslView(prefix), slot == names_.size() ? kUnknownMethod : names_[slot]);
    }
    return name;
  }

  const JfrFrame* TopFrame(const JfrSample& sample) const {
    if (sample.stack_trace == JfrRecording::kNoStackTrace) return nullptr;
    const JfrStackTrace& trace = recording_.stack_traces[sample.stack_trace];
    for (uint32_t i = 0; i < trace.frame_count; ++i) {
      const JfrFrame& frame = recording_.frames[trace.first_frame + i];
      if (frame.type != JfrFrameType::kInlined) return &frame;
    }
    return nullptr;
  }

  // The compilation of the method that a JIT-compiled frame at `time` ran in (docs/jfr.md "Which
  // compilation ran"): the latest installed that is not retired (made not entrant) by then, OSR
  // compilations included: a loop that runs long runs in its latest OSR compilation (C1's code
  // hands its activation over to a higher tier's OSR code once one is installed), and new calls
  // run the latest normal one. But a normal compilation made while the method had been invoked
  // only once yields to a running OSR compilation installed before it at no lower level: that one
  // activation's loop is what got the method compiled, and it keeps running in the OSR code (a
  // program's main, entered once, never runs its normal compilation). When every compilation
  // installed by then is retired (and its successor not installed yet), the compiled frame is an
  // activation still running in retired code: the latest installed.
  const Installed* Running(uint32_t method, int64_t time) const {
    const std::vector<Installed>& list = installs_[method];
    auto end = std::upper_bound(list.begin(), list.end(), time,
                                [](int64_t t, const Installed& i) { return t < i.installed; });
    if (end != list.begin() && list.front().log_id == nullptr)
      return RunningByRecording(list, end, time);
    const Installed* latest = nullptr;
    for (auto it = end; it != list.begin();) {
      --it;
      if (it->retired <= time) continue;
      if (latest == nullptr) {
        latest = &*it;
        if (!latest->entered_once) return latest;
        continue;
      }
      if (it->osr && it->level.value_or(0) >= latest->level.value_or(0)) return &*it;
    }
    if (latest == nullptr && end != list.begin()) return &*(end - 1);
    return latest;
  }

  // The recording's jdk.Compilation events alone say nothing of make_not_entrant, so every OSR
  // compilation would stay running: there, the latest normal compilation wins, an OSR one only
  // when no normal one was installed (on the real Graal runs, held against proftool's profiles,
  // the latest installed OSR included charged hot methods' time to stale OSR code).
  static const Installed* RunningByRecording(const std::vector<Installed>& list,
                                             std::vector<Installed>::const_iterator end,
                                             int64_t time) {
    const Installed* osr = nullptr;
    for (auto it = end; it != list.begin();) {
      --it;
      if (it->retired <= time) continue;
      if (!it->osr) return &*it;
      if (osr == nullptr) osr = &*it;
    }
    if (osr == nullptr) return &*(end - 1);
    return osr;
  }

  // Adds to the entry of `code` (a compilation, or nullptr) and `name`; entries are found by
  // (code, name) first, so that most samples build no key text.
  void Add(const Installed* code, const std::string& name, int64_t period) {
    auto found = by_code_.find(std::make_pair(code, &name));
    if (found != by_code_.end()) {
      entries_[found->second].period += period;
      return;
    }
    std::string key =
        code != nullptr ? absl::StrCat("#", code->CompileId()) : absl::StrCat("=", name);
    auto [it, added] = entry_index_.try_emplace(std::move(key), entries_.size());
    if (added) {
      if (code != nullptr) {
        entries_.push_back({code->CompileId(), name, code->level, 0});
      } else {
        entries_.push_back({std::nullopt, name, std::nullopt, 0});
      }
    }
    entries_[it->second].period += period;
    by_code_.emplace(std::make_pair(code, &name), it->second);
  }

  const JfrRecording& recording_;
  const JfrAttributionInput& input_;
  std::vector<std::string> names_;
  std::vector<std::string> native_names_, other_names_;  // Prefixed's
  std::vector<std::vector<Installed>> installs_;
  absl::flat_hash_map<std::string, size_t> entry_index_;
  absl::flat_hash_map<std::pair<const Installed*, const std::string*>, size_t> by_code_;
  std::vector<ProfileEntry> entries_;
};

}  // namespace

std::optional<int64_t> JfrSamplingPeriod(const JfrRecording& recording) {
  std::optional<int64_t> period;
  for (const JfrActiveSetting& setting : recording.settings) {
    if (setting.event != "jdk.ExecutionSample" || setting.name != "period") continue;
    std::optional<int64_t> value = ParsePeriod(setting.value);
    if (value && (!period || *value < *period)) period = value;
  }
  return period;
}

absl::StatusOr<Profile> AttributeJfrSamples(const JfrRecording& recording,
                                            const JfrAttributionInput& input,
                                            const WarningSink& warn) {
  std::vector<std::string> missing;
  if (recording.samples.empty()) missing.push_back("jdk.ExecutionSample");
  if (recording.compilations.empty() && input.install_intervals.empty()) {
    missing.push_back("jdk.Compilation");
  }
  if (!missing.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("Failed to parse experiment ", input.experiment_id, " in ", input.display_path,
                     ": the recording holds no ", absl::StrJoin(missing, " and no "),
                     " events, which a profile is made of; ", kSettingsAdvice));
  }
  if (recording.lost_bytes > 0) {
    warn(absl::StrCat("Warning: ", input.display_path, " is cut off: ", recording.lost_bytes,
                      " bytes of its last chunk are missing and ", recording.lost_events,
                      " events could not be read; the profile is made of the rest"));
  }
  std::optional<int64_t> period = JfrSamplingPeriod(recording);
  if (!period) {
    warn(absl::StrCat("Warning: ", input.display_path,
                      ": the recording does not say how often it sampled (no jdk.ActiveSetting "
                      "period of jdk.ExecutionSample); assuming 20 ms"));
    period = kAssumedPeriod;
  }
  Profile profile = Attribution(recording, input).Build(*period, warn);
  // The recorded JVM's process id identifies the run, as proftool's execution ID does.
  if (recording.pid.has_value()) profile.execution_id = absl::StrCat(*recording.pid);
  return profile;
}

}  // namespace profdiff
