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

// The optimization-log directory of experiment `experiment_id` exists, is a directory and can
// be listed.
absl::Status CheckLogDirectory(const std::string& path, int experiment_id);

// The profile of experiment `experiment_id` exists, is not a directory and is readable. The file
// is not opened: a pipe given as a profile (`<(zcat prof.json.gz)`) stays unread.
absl::Status CheckProfileFile(const std::string& path, int experiment_id);

// Every path of `inputs`, in order: each log directory, then its profile. The first problem.
absl::Status CheckExperimentPaths(const std::vector<ExperimentInput>& inputs);

// A file that a command reads whole (`render FILE`).
absl::Status CheckReadableFile(const std::string& path);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_INPUT_PATHS_H_
