#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "load/content_copy.h"
#include "load/content_range.h"
#include "load/file_closer.h"
#include "load/graal/graal_log.h"
#include "load/graal/log_line_reader.h"
#include "load/input_stream.h"
#include "load/json/json_support.h"
#include "load/log_format.h"
#include "load/paths.h"
#include "profdiff/load/input_paths.h"

namespace profdiff {

namespace {

// The largest read buffer a thread keeps between files or records.
constexpr size_t kKeptBufferBytes = size_t{64} << 20;

// Gives a thread's read buffer back when a huge line or record has grown it.
template <class Buffer>
struct ShrinkHugeBuffer {
  Buffer& buffer;
  ~ShrinkHugeBuffer() {
    if (buffer.capacity() > kKeptBufferBytes) Buffer().swap(buffer);
  }
};

// The commands check the directory before loading (input_paths.h); this is for one that
// vanished or changed in between. The same wording as that check.
absl::Status NotADirectory(const std::string& directory, int experiment_id, int error) {
  return LogPathError(directory, experiment_id, error);
}

// The entry names of `directory` ('.' and '..' excluded), sorted bytewise so that the order
// does not depend on the file system (README "Decisions").
absl::StatusOr<std::vector<std::string>> ListDirectory(const std::string& directory,
                                                       int experiment_id) {
  DIR* dir = opendir(directory.c_str());
  if (dir == nullptr) return NotADirectory(directory, experiment_id, errno);
  std::vector<std::string> names;
  while (true) {
    errno = 0;
    struct dirent* entry = readdir(dir);
    if (entry == nullptr) {
      int error = errno;
      closedir(dir);
      if (error != 0) return NotADirectory(directory, experiment_id, error);
      break;
    }
    std::string_view name = entry->d_name;
    if (name == "." || name == "..") continue;
    names.emplace_back(name);
  }
  // std::string compares with char_traits<char>::compare, i.e. memcmp: unsigned bytes.
  std::sort(names.begin(), names.end());
  return names;
}

// What reading one file produced, apart from its warnings.
struct FileUnits {
  std::vector<UnitRecord> units;
  int64_t invalid = 0;
  // With counting: the counts of each unit, names numbered by `counter`'s tables.
  std::unique_ptr<UnitCounter> counter;
  std::vector<UnitCounts> counts;
  LogFileContent content;  // how its records are read again
};

// Reads the records of one open file and appends its valid units (and their counts, when
// `out->counter` is set).
absl::Status ReadLogFile(InputStream& stream, const std::string& display_file,
                         const std::string& read_error_path, int experiment_id,
                         const WarningSink& warn, FileUnits* out, ProgressSink* progress) {
  // Progress is reported about every megabyte, not per line: lines are many and short.
  constexpr uint64_t kReportBytes = uint64_t{1} << 20;
  uint64_t reported_bytes = 0;
  size_t reported_units = 0;
  auto report = [&](uint64_t read_up_to, int64_t files) {
    if (progress == nullptr) return;
    progress->Advance(files, static_cast<int64_t>(read_up_to - reported_bytes),
                      static_cast<int64_t>(out->units.size() - reported_units));
    reported_bytes = read_up_to;
    reported_units = out->units.size();
  };
  // One read buffer per thread for all its files; one grown by a huge line is given back.
  thread_local std::vector<char> buffer;
  ShrinkHugeBuffer<std::vector<char>> shrink{buffer};
  LogLineReader reader(stream, size_t{1} << 20, size_t{16} << 20, &buffer);
  std::string repaired;
  std::string_view line;
  uint64_t offset = 0;
  uint64_t line_number = 0;
  UnitHeader header;
  RecordError error;
  while (true) {
    LogLineReader::Result result = reader.Next(&line, &offset);
    if (result == LogLineReader::Result::kEnd) {
      if (!stream.damage().empty()) {
        warn(absl::StrCat("Warning: ", stream.damage(), " (what came before it was read)"));
      }
      report(std::max(reported_bytes, stream.file_bytes_read()), 1);
      return absl::OkStatus();
    }
    // Progress counts bytes of the file, as MeasureLog does (compressed ones for a compressed
    // file).
    const uint64_t file_offset =
        stream.compression() == Compression::kNone ? offset : stream.file_bytes_read();
    if (file_offset - reported_bytes >= kReportBytes) report(file_offset, 0);
    if (result == LogLineReader::Result::kError) {
      return absl::Status(
          absl::ErrnoToStatusCode(reader.error()),
          absl::StrCat("Could not read the files of the experiment ", experiment_id, ": ",
                       read_error_path, " (", ErrnoText(reader.error()), ")"));
    }
    ++line_number;
    const bool was_repaired = RepairUtf8(line, &repaired);
    std::string_view record = was_repaired ? std::string_view(repaired) : line;
    if (!ValidateRecord(record, &header, &error, out->counter.get())) {
      // The file ends inside the record: the VM exited before Graal's buffered log writer was
      // flushed (issue 22).
      const bool cut_off = !reader.line_terminated() && error.column == record.size() + 1;
      // Columns count the bytes of the line as it is in the file.
      if (was_repaired) error.column = OriginalUtf8Offset(line, error.column - 1) + 1;
      warn(absl::StrCat("Warning: Invalid compilation unit: ", display_file, ":", line_number, ":",
                        error.column, ": ",
                        cut_off ? "the file ends inside this record, which has no line terminator "
                                  "(the log was probably cut off when the VM exited): "
                                : "",
                        error.message));
      ++out->invalid;
      continue;
    }
    out->units.push_back(UnitRecord{std::move(header.method_name), std::move(header.compilation_id),
                                    0, offset, line.size()});
    if (out->counter != nullptr) out->counts.push_back(out->counter->Take());
  }
}

// What reading one directory entry produced; merged into the log in name order.
struct EntryResult {
  std::vector<std::string> warnings;  // in the order they arose
  FileUnits file;                     // units' `file` is set when merging
  absl::Status status;                // a fatal error ends the load at this entry
  bool is_file = false;               // a regular file that was read
};

// `copy` is the thread's copy of decompressed content, made when it first reads a compressed
// file.
EntryResult ReadEntry(const std::string& directory, const std::string& normalized_directory,
                      const std::string& name, int experiment_id, LogCounting counting,
                      ProgressSink* progress, std::shared_ptr<ContentCopy>* copy) {
  EntryResult result;
  if (counting == LogCounting::kCount) result.file.counter = std::make_unique<UnitCounter>();
  std::string path = absl::StrCat(directory, "/", name);
  std::string read_error_path = absl::StrCat(normalized_directory, "/", name);
  auto read_error = [&](int error) {
    return absl::Status(absl::ErrnoToStatusCode(error),
                        absl::StrCat("Could not read the files of the experiment ", experiment_id,
                                     ": ", read_error_path, " (", ErrnoText(error), ")"));
  };
  auto skip = [&] {
    result.warnings.push_back(absl::StrCat("Warning: Skipping ", path, ": not a regular file"));
    return std::move(result);
  };
  // stat follows symbolic links: a link to a regular file is read like the file. Opening
  // anything else could block (a FIFO) or fail (a directory).
  struct stat status;
  if (stat(path.c_str(), &status) != 0) {
    result.status = read_error(errno);
    return result;
  }
  if (!S_ISREG(status.st_mode)) return skip();
  // O_NONBLOCK and the second check cover an entry replaced between stat and open.
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    result.status = read_error(errno);
    return result;
  }
  FileCloser closer(fd);
  if (fstat(fd, &status) != 0) {
    result.status = read_error(errno);
    return result;
  }
  if (!S_ISREG(status.st_mode)) return skip();
  if (IsHotSpotLogFile(fd)) {
    // Its lines would each be an invalid record: one warning says what it is instead.
    result.warnings.push_back(absl::StrCat(
        "Warning: Skipping ", path,
        ": a HotSpot compilation log, not a Graal optimization log (give its path instead of "
        "the directory's)"));
    return result;
  }
  posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  result.is_file = true;
  InputStream stream(fd, path);
  LogFileContent& content = result.file.content;
  content.compressed = stream.Detect() != Compression::kNone;
  if (content.compressed) {
    if (*copy == nullptr) *copy = ContentCopy::Create();
    if (*copy != nullptr && (*copy)->ok()) {
      content.copy_offset = (*copy)->size();
      stream.set_copy(copy->get());
    }
  }
  result.status = ReadLogFile(
      stream, path, read_error_path, experiment_id,
      [&result](std::string_view line) { result.warnings.emplace_back(line); }, &result.file,
      progress);
  if (content.compressed && *copy != nullptr && (*copy)->ok()) content.copy = *copy;
  return result;
}

// Reads the entries on a few threads (validation is CPU-bound) and hands the results over in
// name order, so output and file numbering do not depend on scheduling.
class ParallelEntryReader {
 public:
  ParallelEntryReader(const std::vector<std::string>& names, const std::string& directory,
                      int experiment_id, LogCounting counting, ProgressSink* progress)
      : progress_(progress),
        names_(names),
        directory_(directory),
        normalized_directory_(NormalizePath(directory)),
        experiment_id_(experiment_id),
        counting_(counting),
        results_(names.size()),
        done_(names.size(), false) {
    unsigned threads = std::max(1u, std::min(std::thread::hardware_concurrency(), 4u));
    threads = std::min<unsigned>(threads, static_cast<unsigned>(names.size()));
    copies_.resize(threads);
    for (unsigned t = 0; t < threads; ++t) workers_.emplace_back([this, t] { Work(t); });
  }
  ~ParallelEntryReader() {
    stop_.store(true);
    for (std::thread& worker : workers_) worker.join();
  }

  // The result of entry `i`, waiting for it; each is taken once, in order.
  EntryResult Take(size_t i) {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait(lock, [&] { return done_[i]; });
    return std::move(results_[i]);
  }

 private:
  void Work(unsigned thread) {
    while (!stop_.load()) {
      size_t i = next_.fetch_add(1);
      if (i >= names_.size()) return;
      EntryResult result = ReadEntry(directory_, normalized_directory_, names_[i], experiment_id_,
                                     counting_, progress_, &copies_[thread]);
      {
        std::lock_guard<std::mutex> lock(mutex_);
        results_[i] = std::move(result);
        done_[i] = true;
      }
      ready_.notify_all();
    }
  }

  ProgressSink* progress_;
  const std::vector<std::string>& names_;
  const std::string& directory_;
  const std::string normalized_directory_;
  const int experiment_id_;
  const LogCounting counting_;
  std::vector<EntryResult> results_;
  std::vector<bool> done_;
  // Each thread's copy of the compressed files it decompressed (content_copy.h): a few
  // temporary files per log, however many files it has.
  std::vector<std::shared_ptr<ContentCopy>> copies_;
  std::atomic<size_t> next_{0};
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::condition_variable ready_;
  std::vector<std::thread> workers_;
};

// Appends the counts of a file's units to the log's, renumbering their names into the log's
// tables.
void MergeCounts(FileUnits& file, OptimizationLog* log) {
  std::vector<uint32_t> keys(file.counter->optimization_keys().size());
  for (uint32_t id = 0; id < keys.size(); ++id) {
    keys[id] = log->optimization_keys.Intern(file.counter->optimization_keys().name(id));
  }
  std::vector<uint32_t> phases(file.counter->phase_names().size());
  for (uint32_t id = 0; id < phases.size(); ++id) {
    phases[id] = log->phase_names.Intern(file.counter->phase_names().name(id));
  }
  for (UnitCounts& counts : file.counts) {
    for (NameCount& entry : counts.optimizations) entry.name = keys[entry.name];
    for (NameCount& entry : counts.phases) entry.name = phases[entry.name];
    log->counts.push_back(std::move(counts));
  }
}

LogExtent MeasureFiles(const std::string& directory, const std::vector<std::string>& names) {
  LogExtent extent;
  for (const std::string& name : names) {
    struct stat status;
    if (stat(absl::StrCat(directory, "/", name).c_str(), &status) != 0) continue;
    if (!S_ISREG(status.st_mode)) continue;
    ++extent.files;
    extent.bytes += status.st_size;
  }
  return extent;
}

}  // namespace

LogExtent MeasureGraalLog(const std::string& directory) {
  absl::StatusOr<std::vector<std::string>> names = ListDirectory(directory, 1);
  if (!names.ok()) return LogExtent();
  return MeasureFiles(directory, *names);
}

absl::StatusOr<OptimizationLog> LoadGraalLog(const std::string& directory, int experiment_id,
                                             const WarningSink& warn, LogCounting counting,
                                             ProgressSink* progress) {
  absl::StatusOr<std::vector<std::string>> names = ListDirectory(directory, experiment_id);
  if (!names.ok()) return names.status();
  if (progress != nullptr) {
    const LogExtent extent = MeasureFiles(directory, *names);
    progress->Begin(absl::StrCat("Loading experiment ", experiment_id), extent.files, "files",
                    extent.bytes);
  }
  OptimizationLog log;
  ParallelEntryReader reader(*names, directory, experiment_id, counting, progress);
  for (size_t i = 0; i < names->size(); ++i) {
    EntryResult result = reader.Take(i);
    for (const std::string& warning : result.warnings) warn(warning);
    if (!result.status.ok()) return result.status;
    if (!result.is_file) continue;
    if (log.files.size() >= std::numeric_limits<uint32_t>::max()) {
      return absl::ResourceExhaustedError(
          absl::StrCat("Could not read the files of the experiment ", experiment_id,
                       ": too many files in ", directory));
    }
    auto file_index = static_cast<uint32_t>(log.files.size());
    log.files.push_back(absl::StrCat(directory, "/", (*names)[i]));
    log.contents.push_back(std::move(result.file.content));
    for (UnitRecord& unit : result.file.units) {
      unit.file = file_index;
      log.units.push_back(std::move(unit));
    }
    log.invalid_records += result.file.invalid;
    if (result.file.counter != nullptr) MergeCounts(result.file, &log);
  }
  return log;
}

absl::StatusOr<RecordTrees> LoadGraalUnitTrees(const OptimizationLog& log, const UnitRecord& unit,
                                               int experiment_id, TreeParts parts) {
  std::string path = unit.file < log.files.size() ? log.files[unit.file] : std::string();
  auto failure = [&](const std::string& reason) {
    return absl::DataLossError(
        absl::StrCat("Failed to parse experiment ", experiment_id, " in ", path, ": ", reason));
  };
  // Records of hot AOT units are several MB and comparisons load hundreds of them: a buffer per
  // thread that only grows saves zero-filling and page-faulting a new one each time. A huge
  // record's buffer is given back after use.
  thread_local std::string buffer;
  ShrinkHugeBuffer<std::string> shrink{buffer};
  if (buffer.size() < unit.length) buffer.resize(unit.length);
  const std::span<char> line(buffer.data(), unit.length);
  const LogFileContent* content =
      unit.file < log.contents.size() ? &log.contents[unit.file] : nullptr;
  const std::string reason = ReadContentRange(path, content, unit.offset, line, "record");
  if (!reason.empty()) return failure(reason);
  std::string repaired;
  const std::string_view read(line.data(), line.size());
  std::string_view record = RepairUtf8(read, &repaired) ? std::string_view(repaired) : read;
  RecordTrees trees;
  RecordError error;
  if (!ParseRecordTrees(record, &trees, &error, parts)) {
    return failure(absl::StrCat("the file changed since it was read: the record at byte offset ",
                                unit.offset, " is invalid at column ", error.column, ": ",
                                error.message));
  }
  return trees;
}

}  // namespace profdiff
