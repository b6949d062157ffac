// Fuzz target for the JFR reader (src/load/jfr/) and the attribution of its samples: any bytes.
// It must never crash or hang; a rejected recording is reported as "<path> at byte N: expected
// ..." or "<path>: the recording is cut off ..."; an accepted one has indexes that stay inside
// its tables, and its profile never weighs more than its samples. Read with only the top of each
// stack (as profdiff reads a profile), it fails, warns and attributes alike.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "profdiff/load/jfr/jfr_profile.h"
#include "profdiff/load/jfr/jfr_recording.h"

namespace {

[[noreturn]] void Die(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "jfr_fuzzer: %s %.*s\n", what, static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

void CheckIndexes(const profdiff::JfrRecording& r) {
  using profdiff::JfrRecording;
  for (const profdiff::JfrFrame& f : r.frames) {
    if (f.method != JfrRecording::kNoMethod && f.method >= r.methods.size()) Die("frame method");
    if (f.type_name >= r.frame_type_names.size()) Die("frame type name");
  }
  for (const profdiff::JfrStackTrace& t : r.stack_traces) {
    if (t.first_frame > r.frames.size() || t.frame_count > r.frames.size() - t.first_frame) {
      Die("stack trace frames");
    }
  }
  for (const profdiff::JfrSample& s : r.samples) {
    if (s.stack_trace != JfrRecording::kNoStackTrace && s.stack_trace >= r.stack_traces.size()) {
      Die("sample stack trace");
    }
  }
  for (const profdiff::JfrCompilation& c : r.compilations) {
    if (c.method != JfrRecording::kNoMethod && c.method >= r.methods.size()) {
      Die("compilation method");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const std::string path = "/fuzz/rec.jfr";
  absl::StatusOr<profdiff::JfrRecording> recording = profdiff::ParseJfrRecording(bytes, path);
  if (!recording.ok()) {
    const std::string message(recording.status().message());
    if (message.rfind(path + " at byte ", 0) != 0 &&
        message.rfind(path + ": the recording is cut off", 0) != 0) {
      Die("unexpected error message:", message);
    }
    absl::StatusOr<profdiff::JfrRecording> top =
        profdiff::ParseJfrRecording(bytes, path, profdiff::JfrReadOptions{.full_stacks = false});
    if (top.ok() || top.status().message() != recording.status().message()) {
      Die("the top of the stacks fails otherwise:", std::string(top.status().message()));
    }
    return 0;
  }
  CheckIndexes(*recording);
  profdiff::JfrAttributionInput input;
  input.display_path = path;
  std::string warnings;
  auto warn = [&](std::string_view line) { warnings.append(line).push_back('\n'); };
  absl::StatusOr<profdiff::Profile> profile =
      profdiff::AttributeJfrSamples(*recording, input, warn);
  // Read as profdiff reads a profile (only the top of each stack), the recording must give the
  // same profile and the same warnings.
  absl::StatusOr<profdiff::JfrRecording> top =
      profdiff::ParseJfrRecording(bytes, path, profdiff::JfrReadOptions{.full_stacks = false});
  if (!top.ok())
    Die("the top of the stacks fails where all of them do not:",
        std::string(top.status().message()));
  CheckIndexes(*top);
  std::string top_warnings;
  auto top_warn = [&](std::string_view line) { top_warnings.append(line).push_back('\n'); };
  absl::StatusOr<profdiff::Profile> top_profile =
      profdiff::AttributeJfrSamples(*top, input, top_warn);
  if (top_warnings != warnings) Die("the top of the stacks warns otherwise:", top_warnings);
  if (top_profile.ok() != profile.ok()) Die("the top of the stacks attributes otherwise");
  if (profile.ok()) {
    if (top_profile->code.size() != profile->code.size()) Die("top of the stacks: entries");
    for (size_t i = 0; i < profile->code.size(); ++i) {
      const profdiff::ProfileEntry& a = profile->code[i];
      const profdiff::ProfileEntry& b = top_profile->code[i];
      if (a.compile_id != b.compile_id || a.name != b.name || a.level != b.level ||
          a.period != b.period) {
        Die("the top of the stacks gives another entry:", b.name);
      }
    }
  }
  if (!profile.ok()) {
    const std::string message(profile.status().message());
    if (message.rfind("Failed to parse experiment 1 in " + path + ": ", 0) != 0) {
      Die("unexpected attribution error:", message);
    }
    return 0;
  }
  int64_t sum = 0;
  for (const profdiff::ProfileEntry& e : profile->code) sum += e.period;
  if (sum != profile->total_period) Die("the entries do not add up to the total period");
  if (profile->samples != static_cast<int64_t>(recording->samples.size())) Die("sample count");
  return 0;
}
