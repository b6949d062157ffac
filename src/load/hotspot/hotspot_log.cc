#include "load/hotspot/hotspot_log.h"

#include <expat.h>
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "load/content_copy.h"
#include "load/content_range.h"
#include "load/file_closer.h"
#include "load/hotspot/java_names.h"
#include "load/hotspot/log_scan.h"
#include "load/hotspot/task_parser.h"
#include "load/hotspot/task_split.h"
#include "load/hotspot/task_trees.h"
#include "load/input_stream.h"
#include "load/paths.h"
#include "load/unit_tree_counts.h"
#include "profdiff/model/tree_counts.h"
#include "profdiff/support/absl_compat.h"
#include "profdiff/support/ordered_parallel.h"

namespace profdiff {

namespace {

std::atomic<int64_t> split_fallbacks{0};

std::string ReadFailure(int experiment_id, const std::string& path, const std::string& what) {
  return absl::StrCat("Could not read the files of the experiment ", experiment_id, ": ",
                      NormalizePath(path), " (", what, ")");
}

// Reads the log once, split at its tasks or as a whole (task_split.h); nullopt when split
// reading cannot vouch for the result. Warnings are collected in `warnings`.
absl::StatusOr<std::optional<OptimizationLog>> ReadLog(const std::string& path, int experiment_id,
                                                       HotSpotReading reading,
                                                       std::vector<std::string>* warnings,
                                                       ProgressSink* progress) {
  OptimizationLog log;
  log.format = LogFormat::kHotSpot;
  log.files.push_back(path);
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;
    return absl::Status(absl::ErrnoToStatusCode(error),
                        ReadFailure(experiment_id, path, ErrnoText(error)));
  }
  posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  FileCloser closer(fd);
  InputStream stream(fd, path);
  // A compressed log cannot be read again at an offset: its content is kept in a temporary copy
  // (or, when none can be made, decompressed again for each task).
  LogFileContent content;
  content.compressed = stream.Detect() != Compression::kNone;
  std::shared_ptr<ContentCopy> copy;
  if (content.compressed) {
    copy = ContentCopy::Create();
    if (copy != nullptr) stream.set_copy(copy.get());
  }
  const WarningSink warn = [&](std::string_view line) { warnings->emplace_back(line); };
  Parser parser = NewParser();
  LogScan scan(parser.get(), &path, &warn, &log);
  StartLogScan(&scan);
  const ScanOutcome outcome = reading == HotSpotReading::kSplit
                                  ? ReadSplitLog(stream, scan, progress)
                                  : ReadWholeLog(stream, scan, progress);
  switch (outcome) {
    case ScanOutcome::kFallBack:
      return std::optional<OptimizationLog>();
    case ScanOutcome::kReadError:
      return absl::Status(absl::ErrnoToStatusCode(stream.error()),
                          ReadFailure(experiment_id, path, ErrnoText(stream.error())));
    case ScanOutcome::kMalformed:
      // Where expat finds an error (and which one) can depend on how the input was divided
      // into calls, and split reading divides it differently: the error is the whole file's.
      if (reading == HotSpotReading::kSplit) return std::optional<OptimizationLog>();
      return absl::InvalidArgumentError(absl::StrCat("Could not read the files of the experiment ",
                                                     experiment_id, ": ", path, ":",
                                                     ExpatError(parser.get(), scan.line_shift)));
    case ScanOutcome::kCut:
      // The input ended inside an element: a log whose JVM stopped writing mid-way, or a
      // compressed log cut short (one warning says both).
      warn(absl::StrCat("Warning: ", path, " ends at line ", ScanLine(scan),
                        " in the middle of the log (cut off?): read the ", log.units.size(),
                        " complete compilation tasks before it",
                        stream.damage().empty() ? "" : " (", stream.damage(),
                        stream.damage().empty() ? "" : ")"));
      break;
    case ScanOutcome::kComplete:
      // Damaged compressed data after the end of the log's content.
      if (!stream.damage().empty()) warn(absl::StrCat("Warning: ", stream.damage()));
      break;
  }
  if (copy != nullptr && copy->ok()) content.copy = std::move(copy);
  log.contents.push_back(std::move(content));
  log.vm_version = Trimmed(scan.release);
  return std::optional<OptimizationLog>(std::move(log));
}

}  // namespace

absl::StatusOr<OptimizationLog> LoadHotSpotLog(const std::string& path, int experiment_id,
                                               const WarningSink& warn, LogCounting counting,
                                               ProgressSink* progress, HotSpotReading reading) {
  if (progress != nullptr) {
    const LogExtent extent = MeasureLog(path);
    progress->Begin(absl::StrCat("Loading experiment ", experiment_id), extent.files, "files",
                    extent.bytes);
  }
  std::vector<std::string> warnings;
  absl::StatusOr<std::optional<OptimizationLog>> read =
      ReadLog(path, experiment_id, reading, &warnings, progress);
  if (read.ok() && !read->has_value()) {
    // What split reading could not vouch for is read again as one document.
    ++split_fallbacks;
    warnings.clear();
    read = ReadLog(path, experiment_id, HotSpotReading::kWhole, &warnings, nullptr);
  }
  for (const std::string& line : warnings) warn(line);
  if (!read.ok()) return read.status();
  OptimizationLog log = std::move(**read);
  if (log.units.empty()) {
    warn(absl::StrCat("Warning: ", path,
                      " holds no compilation tasks: expected <task> elements in "
                      "<compilation_log> sections (written with -XX:+LogCompilation)"));
  }
  if (counting == LogCounting::kCount) {
    absl::Status counted = CountUnitTrees(log, [&](const UnitRecord& unit) {
      return LoadHotSpotUnitTrees(log, unit, experiment_id, TreeParts::kAll);
    });
    if (!counted.ok()) return counted;
  }
  return log;
}

int64_t HotSpotSplitFallbacks() { return split_fallbacks.load(); }

absl::StatusOr<RecordTrees> ParseHotSpotTask(std::string_view text, TreeParts parts) {
  std::string copy(text);
  return ParseTaskInPlace(copy.data(), copy.size(), parts);
}

absl::StatusOr<RecordTrees> LoadHotSpotUnitTrees(const OptimizationLog& log, const UnitRecord& unit,
                                                 int experiment_id, TreeParts parts) {
  const std::string path = unit.file < log.files.size() ? log.files[unit.file] : std::string();
  auto failure = [&](std::string_view reason) {
    return absl::DataLossError(absl::StrCat("Failed to parse experiment ", experiment_id, " in ",
                                            path, ": ", AbslView(reason)));
  };
  // The task's text, read into room the thread's next task reuses. Not a string: growing one
  // filled the new room with zeros that the read then overwrote. A zero byte follows the text,
  // as in a string.
  thread_local std::unique_ptr<char[]> room;
  thread_local size_t room_size = 0;
  if (room_size < unit.length + 1) {
    room = std::make_unique_for_overwrite<char[]>(unit.length + 1);
    room_size = unit.length + 1;
  }
  char* const text = room.get();
  text[unit.length] = '\0';
  const LogFileContent* content =
      unit.file < log.contents.size() ? &log.contents[unit.file] : nullptr;
  const std::string reason =
      ReadContentRange(path, content, unit.offset, std::span<char>(text, unit.length), "task");
  if (!reason.empty()) return failure(reason);
  absl::StatusOr<RecordTrees> trees = ParseTaskInPlace(text, unit.length, parts);
  if (room_size > (size_t{64} << 20)) {
    room.reset();
    room_size = 0;
  }
  if (!trees.ok()) {
    return failure(absl::StrCat("the file changed since it was read: the task at byte offset ",
                                unit.offset, " is invalid at ", trees.status().message()));
  }
  return trees;
}

}  // namespace profdiff
