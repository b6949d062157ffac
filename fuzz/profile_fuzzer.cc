// Fuzz target for the proftool profile parser: ParseProfile on arbitrary text. It must never
// crash, and a rejected profile must be reported with the complete user-facing message
// "Failed to parse experiment 1 in <path>: ..." (formats.md §5.4, README "Decisions").

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "profdiff/load/proftool/profile.h"

namespace {

[[noreturn]] void Die(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "profile_fuzzer: %s %.*s\n", what, static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using profdiff::ExperimentKind;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string path = "/fuzz/prof.json";
  absl::StatusOr<profdiff::Profile> profile = profdiff::ParseProfile(text, path, 1);
  if (!profile.ok()) {
    const std::string message(profile.status().message());
    if (message.rfind("Failed to parse experiment 1 in " + path + ":", 0) != 0) {
      Die("unexpected error message:", message);
    }
    return 0;
  }
  if (profile->kind != ExperimentKind::kJit && profile->kind != ExperimentKind::kAot) {
    Die("a profile of unknown kind was accepted");
  }
  // The kind check must accept the profile's own kind and reject the other one.
  const ExperimentKind other =
      profile->kind == ExperimentKind::kJit ? ExperimentKind::kAot : ExperimentKind::kJit;
  if (!profdiff::CheckProfileKind(*profile, profile->kind, path, 1).ok() ||
      profdiff::CheckProfileKind(*profile, other, path, 1).ok()) {
    Die("inconsistent kind check");
  }
  // Each byte of the input decodes to at most 3 bytes (U+FFFD for a malformed byte).
  for (const profdiff::ProfileEntry& entry : profile->code) {
    if (entry.name.size() > 3 * size) Die("an entry name longer than the decoded input");
  }
  return 0;
}
