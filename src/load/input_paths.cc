#include "profdiff/load/input_paths.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "absl/strings/str_cat.h"
#include "load/log_format.h"
#include "load/paths.h"

namespace profdiff {

namespace {

// errno of the first reason `path` cannot be read as a file: missing, a directory, unreadable.
// 0 when it can.
int FileProblem(const std::string& path) {
  struct stat info;
  if (stat(path.c_str(), &info) != 0) return errno;
  if (S_ISDIR(info.st_mode)) return EISDIR;
  if (access(path.c_str(), R_OK) != 0) return errno;
  return 0;
}

// What a path that exists is, when it is neither a directory nor a regular file.
std::string SpecialFileKind(mode_t mode) {
  if (S_ISFIFO(mode)) return "a named pipe";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "neither a directory nor a regular file";
}

}  // namespace

absl::Status LogPathError(const std::string& path, int experiment_id, int error) {
  const std::string shown = NormalizePath(path);
  std::string message = absl::StrCat("Could not read the files of the experiment ", experiment_id,
                                     ": The provided optimization log path does not denote a "
                                     "directory: ",
                                     shown, " (", ErrnoText(error), ")");
  if (error == ENOENT || error == ENOTDIR) {
    absl::StrAppend(&message, "\n", shown,
                    " does not exist: an optimization log is a directory (a Graal log) or a "
                    "file (a HotSpot compilation log, written by -XX:+LogCompilation)");
  }
  return absl::Status(absl::ErrnoToStatusCode(error), message);
}

absl::Status CheckLogDirectory(const std::string& path, int experiment_id) {
  struct stat info;
  if (stat(path.c_str(), &info) != 0) return LogPathError(path, experiment_id, errno);
  if (S_ISREG(info.st_mode)) {
    // A file is a HotSpot compilation log, or a mistake (docs/hotspot.md "Detection").
    std::string why;
    const LogPathKind kind = ClassifyLogPath(path, &why);
    if (kind == LogPathKind::kHotSpotFile || kind == LogPathKind::kLlvmRemarks) {
      return absl::OkStatus();
    }
    return NotAnOptimizationLog(path, experiment_id, why);
  }
  if (!S_ISDIR(info.st_mode)) {
    return NotAnOptimizationLog(path, experiment_id, SpecialFileKind(info.st_mode));
  }
  if (access(path.c_str(), R_OK | X_OK) != 0) return LogPathError(path, experiment_id, errno);
  return absl::OkStatus();
}

absl::Status CheckProfileFile(const std::string& path, int experiment_id) {
  const int problem = FileProblem(path);
  if (problem == 0) return absl::OkStatus();
  // The wording of the loader's own read errors (formats.md §5.4).
  return absl::Status(absl::ErrnoToStatusCode(problem),
                      absl::StrCat("Could not read the files of the experiment ", experiment_id,
                                   ": ", NormalizePath(path), " (", ErrnoText(problem), ")"));
}

absl::Status CheckExperimentPaths(const std::vector<ExperimentInput>& inputs) {
  for (const ExperimentInput& input : inputs) {
    absl::Status directory = CheckLogDirectory(input.log_directory, input.id);
    if (!directory.ok()) return directory;
    if (input.profile_path.has_value()) {
      absl::Status profile = CheckProfileFile(*input.profile_path, input.id);
      if (!profile.ok()) return profile;
    }
  }
  return absl::OkStatus();
}

absl::Status CheckReadableFile(const std::string& path) {
  const int problem = FileProblem(path);
  if (problem == 0) return absl::OkStatus();
  return absl::Status(
      absl::ErrnoToStatusCode(problem),
      absl::StrCat(NormalizePath(path), ": cannot read the file (", ErrnoText(problem), ")"));
}

}  // namespace profdiff
