#ifndef PROFDIFF_LOAD_INPUT_PATHS_H_
#define PROFDIFF_LOAD_INPUT_PATHS_H_

// The path arguments of a command are checked before anything is written to stdout (README
// "Decisions"), so that a typo prints one line on stderr that names the path and the problem,
// instead of output followed by an error. Loading still reports what goes wrong later (a file
// that vanishes in between).

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "profdiff/load/experiment_loader.h"

namespace profdiff {

// The optimization log of experiment `experiment_id` is a directory that can be listed, or a
// HotSpot compilation log file.
absl::Status CheckLogDirectory(const std::string& path, int experiment_id);

// Why the optimization log `path` cannot be read: the reference's sentence ("does not denote a
// directory") with the path and the C library's reason for `error`. When the path does not
// exist (ENOENT, or ENOTDIR: a part of it is a file), a second line says so and what a log is,
// since the sentence speaks only of directories and a HotSpot log is a file (docs/decisions.md,
// "Paths are checked before any output").
absl::Status LogPathError(const std::string& path, int experiment_id, int error);

// The profile of experiment `experiment_id` exists, is not a directory and is readable. The file
// is not opened: a pipe given as a profile (`<(zcat prof.json.gz)`) stays unread.
absl::Status CheckProfileFile(const std::string& path, int experiment_id);

// Every path of `inputs`, in order: each log directory, then its profile. The first problem.
absl::Status CheckExperimentPaths(const std::vector<ExperimentInput>& inputs);

// A file that a command reads whole (`render FILE`).
absl::Status CheckReadableFile(const std::string& path);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_INPUT_PATHS_H_
