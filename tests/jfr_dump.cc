// Test helper: prints what profdiff's JFR reader reads from a recording, one JSON object a line,
// in the field names of `jfr print --json` (tests/jfr_oracle.py compares the two).
// Usage: jfr_dump RECORDING.jfr           the events
//        jfr_dump --profile RECORDING.jfr the attributed profile, one entry a line
//        jfr_dump --count RECORDING.jfr   how many samples and compilations (reading alone, for
//                                         docs/performance.md)
// --profile and --count read the stacks as profdiff does, down to the first frame not inlined.

#include <cstdio>
#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "profdiff/load/jfr/jfr_profile.h"
#include "profdiff/load/jfr/jfr_recording.h"
#include "profdiff/model/json_text.h"

namespace {

using profdiff::AppendJsonString;
using profdiff::JfrRecording;

void AppendMethod(const JfrRecording& r, uint32_t index, std::string* out) {
  if (index == JfrRecording::kNoMethod) {
    *out += "null";
    return;
  }
  const profdiff::JfrMethod& m = r.methods[index];
  *out += "{\"type\":";
  AppendJsonString(m.class_name, out);
  *out += ",\"name\":";
  AppendJsonString(m.name, out);
  *out += ",\"descriptor\":";
  AppendJsonString(m.descriptor, out);
  *out += "}";
}

}  // namespace

int PrintProfile(const JfrRecording& recording, const char* path) {
  profdiff::JfrAttributionInput input;
  input.display_path = path;
  absl::StatusOr<profdiff::Profile> profile =
      profdiff::AttributeJfrSamples(recording, input, [](std::string_view line) {
        std::fprintf(stderr, "%.*s\n", static_cast<int>(line.size()), line.data());
      });
  if (!profile.ok()) {
    std::fprintf(stderr, "%s\n", std::string(profile.status().message()).c_str());
    return 1;
  }
  std::string out;
  for (const profdiff::ProfileEntry& e : profile->code) {
    out += "{\"name\":";
    AppendJsonString(e.name, &out);
    out += ",\"compile_id\":";
    if (e.compile_id) {
      AppendJsonString(*e.compile_id, &out);
    } else {
      out += "null";
    }
    absl::StrAppend(&out, ",\"level\":", e.level ? absl::StrCat(*e.level) : "null",
                    ",\"period\":", e.period, "}\n");
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}

int main(int argc, char** argv) {
  const bool profile = argc == 3 && std::string_view(argv[1]) == "--profile";
  const bool count = argc == 3 && std::string_view(argv[1]) == "--count";
  if (argc != 2 && !profile && !count) {
    std::fprintf(stderr, "usage: jfr_dump [--profile|--count] RECORDING.jfr\n");
    return 2;
  }
  const char* path = argv[argc - 1];
  // The profile needs only the top of each stack, and is read as profdiff reads it.
  profdiff::JfrReadOptions options;
  options.full_stacks = !profile && !count;
  absl::StatusOr<JfrRecording> r = profdiff::ReadJfrRecording(path, path, options);
  if (!r.ok()) {
    std::fprintf(stderr, "%s\n", std::string(r.status().message()).c_str());
    return 1;
  }
  if (profile) return PrintProfile(*r, path);
  if (count) {
    std::printf(
        "%zu samples, %zu compilations, %lld chunks, %zu stack traces, %zu frames, %zu methods\n",
        r->samples.size(), r->compilations.size(), static_cast<long long>(r->chunks),
        r->stack_traces.size(), r->frames.size(), r->methods.size());
    return 0;
  }
  std::string out;
  for (const profdiff::JfrSample& s : r->samples) {
    absl::StrAppend(&out, "{\"type\":\"jdk.ExecutionSample\",\"startTime\":", s.time,
                    ",\"stackTrace\":");
    if (s.stack_trace == JfrRecording::kNoStackTrace) {
      out += "null";
    } else {
      const profdiff::JfrStackTrace& t = r->stack_traces[s.stack_trace];
      absl::StrAppend(&out, "{\"truncated\":", t.truncated ? "true" : "false", ",\"frames\":[");
      for (uint32_t i = 0; i < t.frame_count; ++i) {
        const profdiff::JfrFrame& f = r->frames[t.first_frame + i];
        if (i > 0) out += ",";
        out += "{\"method\":";
        AppendMethod(*r, f.method, &out);
        absl::StrAppend(&out, ",\"lineNumber\":", f.line, ",\"bytecodeIndex\":", f.bytecode_index,
                        ",\"type\":");
        AppendJsonString(r->frame_type_names[f.type_name], &out);
        out += "}";
      }
      out += "]}";
    }
    out += "}\n";
  }
  for (const profdiff::JfrCompilation& c : r->compilations) {
    absl::StrAppend(&out, "{\"type\":\"jdk.Compilation\",\"startTime\":", c.start,
                    ",\"duration\":", c.duration, ",\"compileId\":", c.compile_id, ",\"method\":");
    AppendMethod(*r, c.method, &out);
    absl::StrAppend(&out, ",\"compileLevel\":", c.level,
                    ",\"succeded\":", c.succeeded ? "true" : "false",
                    ",\"isOsr\":", c.osr ? "true" : "false", "}\n");
  }
  for (const profdiff::JfrActiveSetting& s : r->settings) {
    absl::StrAppend(&out, "{\"type\":\"jdk.ActiveSetting\",\"startTime\":", s.time,
                    ",\"id\":", s.event_id, ",\"name\":");
    AppendJsonString(s.name, &out);
    out += ",\"value\":";
    AppendJsonString(s.value, &out);
    out += "}\n";
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}
