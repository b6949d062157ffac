#ifndef PROFDIFF_LOAD_PROFTOOL_PROFILE_H_
#define PROFDIFF_LOAD_PROFTOOL_PROFILE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "profdiff/model/profile.h"

namespace profdiff {

// Reads and checks a proftool JSON profile. `experiment_id` (0, 1, 2) only appears in error
// messages, which are complete, user-facing texts (formats.md §5.4 and README "Decisions"),
// e.g. "Could not read the files of the experiment 1: prof.json (No such file or directory)".
absl::StatusOr<Profile> LoadProfile(const std::string& path, int experiment_id);

// The bytes of the file at `path` (a FIFO too), or the error LoadProfile reports.
absl::StatusOr<std::string> ReadProfileFile(const std::string& path, int experiment_id);

// Parses profile JSON text (no file access); `display_path` names the file in messages.
absl::StatusOr<Profile> ParseProfile(std::string_view text, const std::string& display_path,
                                     int experiment_id);

// The kind check of formats.md §5.2 (with the space after "got", README "Decisions"): OK when
// `expected` is kUnknown or equals the profile's kind, otherwise
// "Failed to parse experiment <id> in <absolute profile path>: mismatched experiment kind:
// expected JIT, got AOT". `path` is the profile path as given (as for LoadProfile).
absl::Status CheckProfileKind(const Profile& profile, ExperimentKind expected,
                              const std::string& path, int experiment_id);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_PROFTOOL_PROFILE_H_
