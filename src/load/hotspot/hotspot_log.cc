#include "load/hotspot/hotspot_log.h"

#include <expat.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "load/content_copy.h"
#include "load/hotspot/java_names.h"
#include "load/hotspot/log_input.h"
#include "load/hotspot/task_trees.h"
#include "load/input_stream.h"
#include "load/paths.h"
#include "profdiff/absl_compat.h"
#include "profdiff/ordered_parallel.h"
#include "profdiff/tree_counts.h"

namespace profdiff {

namespace {

// Frees an expat parser on every path out of a scope.
struct ParserDeleter {
  void operator()(XML_ParserStruct* parser) const { XML_ParserFree(parser); }
};
using Parser = std::unique_ptr<XML_ParserStruct, ParserDeleter>;

Parser NewParser() { return Parser(XML_ParserCreate("UTF-8")); }

std::string ExpatError(XML_Parser parser) {
  return absl::StrCat(XML_GetCurrentLineNumber(parser), ":", XML_GetCurrentColumnNumber(parser) + 1,
                      ": malformed XML (", XML_ErrorString(XML_GetErrorCode(parser)), ")");
}

// The level of a task: its `level` attribute; C2 tasks of a tiered VM have none (level 4), nor
// have the tasks of a VM with one compiler (C1: 1).
int8_t TaskLevel(const char* level, std::string_view compiler) {
  if (level != nullptr && level[0] >= '0' && level[0] <= '4' && level[1] == '\0') {
    return static_cast<int8_t>(level[0] - '0');
  }
  return compiler == "C1" ? 1 : 4;
}

// Seconds with a fraction ("0.177", a `stamp`) as nanoseconds; nullopt when not a number.
std::optional<int64_t> StampNanos(const char* text) {
  if (text == nullptr) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const double seconds = std::strtod(text, &end);
  if (end == text || *end != '\0' || errno != 0 || !(seconds >= 0) || seconds > 1e9) {
    return std::nullopt;
  }
  return std::llround(seconds * 1e9);
}

// Collects the tty section's <nmethod> (installed) and <make_not_entrant> records of the scan
// (docs/jfr.md "A finer source of install times"), apart from the tasks.
class InstallCollector {
 public:
  explicit InstallCollector(HotSpotInstalls* out) : out_(out) {}

  void Root(const char** attributes) {
    if (const char* process = FindAttribute(attributes, "process"); process != nullptr) {
      char* end = nullptr;
      const long long pid = std::strtoll(process, &end, 10);
      if (end != process && *end == '\0' && pid > 0) out_->process = pid;
    }
    const char* time_ms = FindAttribute(attributes, "time_ms");
    if (time_ms == nullptr) return;
    char* end = nullptr;
    const long long ms = std::strtoll(time_ms, &end, 10);
    if (end != time_ms && *end == '\0' && ms > 0) out_->vm_start_ms = ms;
  }

  void Installed(const char** attributes) {
    const char* id = FindAttribute(attributes, "compile_id");
    const char* kind = FindAttribute(attributes, "compile_kind");
    const char* method = FindAttribute(attributes, "method");
    const std::optional<int64_t> stamp = StampNanos(FindAttribute(attributes, "stamp"));
    // Native wrappers (compile_kind='c2n') have no task; samples in them are native frames.
    const bool osr = kind != nullptr && std::string_view(kind) == "osr";
    if (id == nullptr || method == nullptr || !stamp.has_value() || (kind != nullptr && !osr)) {
      return;
    }
    // "holder name (descriptor)"
    const std::string_view text = method;
    const size_t space = text.find(' ');
    const size_t second = space == std::string_view::npos ? space : text.find(' ', space + 1);
    if (second == std::string_view::npos) return;
    HotSpotInstall code;
    code.compile_id = id;
    code.holder = std::string(text.substr(0, space));
    code.name = std::string(text.substr(space + 1, second - space - 1));
    code.descriptor = std::string(text.substr(second + 1));
    const char* level = FindAttribute(attributes, "level");
    code.level = level != nullptr && level[0] >= '0' && level[0] <= '4' && level[1] == '\0'
                     ? static_cast<int8_t>(level[0] - '0')
                     : 0;
    code.osr = osr;
    code.installed = *stamp;
    auto pending = not_entrant_.find(code.compile_id);
    if (pending != not_entrant_.end()) code.not_entrant = pending->second;
    by_id_[code.compile_id] = out_->code.size();
    out_->code.push_back(std::move(code));
  }

  void NotEntrant(const char** attributes) {
    const char* id = FindAttribute(attributes, "compile_id");
    const std::optional<int64_t> stamp = StampNanos(FindAttribute(attributes, "stamp"));
    if (id == nullptr || !stamp.has_value()) return;
    auto it = by_id_.find(id);
    if (it == by_id_.end()) {
      not_entrant_.try_emplace(id, *stamp);
      return;
    }
    std::optional<int64_t>& time = out_->code[it->second].not_entrant;
    if (!time.has_value()) time = *stamp;
  }

 private:
  HotSpotInstalls* out_;
  absl::flat_hash_map<std::string, size_t> by_id_;
  absl::flat_hash_map<std::string, int64_t> not_entrant_;  // seen before their <nmethod>
};

// The state of the scan of a whole log.
struct Scan {
  InstallCollector* installs = nullptr;
  XML_Parser parser = nullptr;
  const std::string* path = nullptr;
  const WarningSink* warn = nullptr;
  OptimizationLog* log = nullptr;
  int depth = 0;
  bool root_seen = false;
  // <vm_version><release>...</release> of the header.
  bool in_vm_version = false;
  bool in_release = false;
  std::string release;
  // The compiler of the <compilation_log> being read ("C1", "C2"; empty when unknown).
  bool in_compilation_log = false;
  std::string compiler;
  // The <task> being read.
  bool in_task = false;
  int task_depth = 0;
  UnitRecord task;
  std::optional<std::string> task_method;
  uint64_t task_line = 0;
};

void XMLCALL ScanStart(void* data, const char* element, const char** attributes) {
  Scan& scan = *static_cast<Scan*>(data);
  ++scan.depth;
  const std::string_view name = element;
  if (scan.depth == 1) {
    scan.root_seen = true;
    if (name == "hotspot_log") scan.installs->Root(attributes);
    return;
  }
  if (scan.in_task) {
    const char* success = FindAttribute(attributes, "success");
    if (name == "task_done" && success != nullptr && std::string_view(success) == "0") {
      scan.task.failed = true;
    }
    return;
  }
  if (!scan.in_compilation_log && name == "nmethod") {
    scan.installs->Installed(attributes);
  } else if (!scan.in_compilation_log && name == "make_not_entrant") {
    scan.installs->NotEntrant(attributes);
  } else if (name == "vm_version") {
    scan.in_vm_version = true;
  } else if (name == "release" && scan.in_vm_version) {
    scan.in_release = true;
  } else if (name == "compilation_log") {
    scan.in_compilation_log = true;
    scan.compiler.clear();
  } else if (name == "start_compile_thread" && scan.in_compilation_log) {
    const char* thread_name = FindAttribute(attributes, "name");
    std::string_view thread = thread_name == nullptr ? "" : thread_name;
    if (thread.starts_with("C1")) scan.compiler = "C1";
    if (thread.starts_with("C2")) scan.compiler = "C2";
  } else if (name == "task" && scan.in_compilation_log) {
    scan.in_task = true;
    scan.task_depth = scan.depth;
    scan.task = UnitRecord();
    scan.task.offset = static_cast<uint64_t>(XML_GetCurrentByteIndex(scan.parser));
    scan.task_line = XML_GetCurrentLineNumber(scan.parser);
    const char* id = FindAttribute(attributes, "compile_id");
    const char* kind = FindAttribute(attributes, "compile_kind");
    const char* method = FindAttribute(attributes, "method");
    scan.task.compilation_id = id == nullptr ? "" : id;
    // OSR compilations are marked the way proftool marks them.
    if (kind != nullptr && std::string_view(kind) == "osr") scan.task.compilation_id += "%";
    scan.task.level = TaskLevel(FindAttribute(attributes, "level"), scan.compiler);
    scan.task_method = method == nullptr ? std::nullopt : MethodNameFromDescriptor(method);
  }
}

void XMLCALL ScanEnd(void* data, const char* element) {
  Scan& scan = *static_cast<Scan*>(data);
  const std::string_view name = element;
  if (scan.in_task && scan.depth == scan.task_depth) {
    scan.in_task = false;
    const uint64_t end = static_cast<uint64_t>(XML_GetCurrentByteIndex(scan.parser)) +
                         static_cast<uint64_t>(XML_GetCurrentByteCount(scan.parser));
    scan.task.length = end - scan.task.offset;
    if (!scan.task_method.has_value() || scan.task.compilation_id.empty() ||
        scan.task.compilation_id == "%") {
      (*scan.warn)(absl::StrCat("Warning: Invalid compilation task: ", *scan.path, ":",
                                scan.task_line,
                                ": expected the attributes compile_id and method ('holder name "
                                "(descriptor)') of a <task>"));
      ++scan.log->invalid_records;
    } else {
      scan.task.method_name = std::move(*scan.task_method);
      scan.log->units.push_back(std::move(scan.task));
    }
  } else if (!scan.in_task) {
    if (name == "vm_version") scan.in_vm_version = false;
    if (name == "release") scan.in_release = false;
    if (name == "compilation_log") scan.in_compilation_log = false;
  }
  --scan.depth;
}

void XMLCALL ScanText(void* data, const char* text, int length) {
  Scan& scan = *static_cast<Scan*>(data);
  if (scan.in_release) scan.release.append(text, static_cast<size_t>(length));
}

std::string Trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\n' || text.front() == '\r' ||
                           text.front() == '\t')) {
    text.remove_prefix(1);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\r' ||
                           text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return std::string(text);
}

std::string ReadFailure(int experiment_id, const std::string& path, const std::string& what) {
  return absl::StrCat("Could not read the files of the experiment ", experiment_id, ": ",
                      NormalizePath(path), " (", what, ")");
}

// Counts what the trees of every unit hold (stats), rebuilding them from their byte ranges on
// worker threads, counting them in order on this one.
absl::Status CountUnits(OptimizationLog& log, int experiment_id) {
  UnitCounter counter;
  log.counts.reserve(log.units.size());
  absl::Status status;
  ProduceInOrder<absl::StatusOr<RecordTrees>>(
      log.units.size(), WorkerThreads(),
      [&](size_t i) {
        return LoadHotSpotUnitTrees(log, log.units[i], experiment_id, TreeParts::kAll);
      },
      [&](size_t, absl::StatusOr<RecordTrees>& trees) {
        if (!trees.ok()) {
          status = trees.status();
          return false;
        }
        counter.Begin();
        const InliningTree& inlining = trees->inlining_tree;
        for (NodeIndex n : inlining.Preorder()) {
          if (n != inlining.root) counter.Callsite(inlining.Kind(n));
        }
        const OptimizationTree& optimizations = trees->optimization_tree;
        for (NodeIndex n : optimizations.Preorder()) {
          const OptimizationTreeNode& node = optimizations.node(n);
          if (node.is_phase) continue;
          counter.Optimization(node.name, node.event_name, optimizations.node(node.parent).name);
        }
        log.counts.push_back(counter.Take());
        return true;
      });
  if (!status.ok()) return status;
  // The counter numbered the names in the order it first saw them: so do the log's tables.
  for (uint32_t id = 0; id < counter.optimization_keys().size(); ++id) {
    log.optimization_keys.Intern(counter.optimization_keys().name(id));
  }
  for (uint32_t id = 0; id < counter.phase_names().size(); ++id) {
    log.phase_names.Intern(counter.phase_names().name(id));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<OptimizationLog> LoadHotSpotLog(const std::string& path, int experiment_id,
                                               const WarningSink& warn, LogCounting counting,
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
  HotSpotFileCloser closer(fd);
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
  if (progress != nullptr) {
    const LogExtent extent = MeasureLog(path);
    progress->Begin(absl::StrCat("Loading experiment ", experiment_id), extent.files, "files",
                    extent.bytes);
  }
  Parser parser = NewParser();
  InstallCollector installs(&log.installs);
  Scan scan;
  scan.installs = &installs;
  scan.parser = parser.get();
  scan.path = &path;
  scan.warn = &warn;
  scan.log = &log;
  XML_SetUserData(parser.get(), &scan);
  XML_SetElementHandler(parser.get(), ScanStart, ScanEnd);
  XML_SetCharacterDataHandler(parser.get(), ScanText);
  constexpr size_t kChunk = size_t{1} << 20;
  std::vector<char> buffer(kChunk);
  size_t reported_units = 0;
  uint64_t reported_bytes = 0;
  while (true) {
    const size_t n = stream.Read(buffer.data(), buffer.size());
    if (n == 0 && stream.error() != 0) {
      return absl::Status(absl::ErrnoToStatusCode(stream.error()),
                          ReadFailure(experiment_id, path, ErrnoText(stream.error())));
    }
    const bool final = n == 0;
    if (XML_Parse(parser.get(), buffer.data(), static_cast<int>(n), final ? 1 : 0) ==
        XML_STATUS_ERROR) {
      if (!final) {
        return absl::InvalidArgumentError(
            absl::StrCat("Could not read the files of the experiment ", experiment_id, ": ", path,
                         ":", ExpatError(parser.get())));
      }
      // The input ended inside an element: a log whose JVM stopped writing mid-way, or a
      // compressed log cut short (one warning says both).
      warn(absl::StrCat("Warning: ", path, " ends at line ", XML_GetCurrentLineNumber(parser.get()),
                        " in the middle of the log (cut off?): read the ", log.units.size(),
                        " complete compilation tasks before it",
                        stream.damage().empty() ? "" : " (", stream.damage(),
                        stream.damage().empty() ? "" : ")"));
      break;
    }
    if (final && !stream.damage().empty()) {
      // Damaged compressed data after the end of the log's content.
      warn(absl::StrCat("Warning: ", stream.damage()));
    }
    if (progress != nullptr) {
      progress->Advance(final ? 1 : 0,
                        static_cast<int64_t>(stream.file_bytes_read() - reported_bytes),
                        static_cast<int64_t>(log.units.size() - reported_units));
      reported_units = log.units.size();
      reported_bytes = stream.file_bytes_read();
    }
    if (final) break;
  }
  if (copy != nullptr && copy->ok()) content.copy = std::move(copy);
  log.contents.push_back(std::move(content));
  log.vm_version = Trimmed(scan.release);
  if (log.units.empty()) {
    warn(absl::StrCat("Warning: ", path,
                      " holds no compilation tasks: expected <task> elements in "
                      "<compilation_log> sections (written with -XX:+LogCompilation)"));
  }
  if (counting == LogCounting::kCount) {
    absl::Status counted = CountUnits(log, experiment_id);
    if (!counted.ok()) return counted;
  }
  return log;
}

absl::StatusOr<RecordTrees> ParseHotSpotTask(std::string_view text, TreeParts parts) {
  RecordTrees trees;
  TaskTreeBuilder builder(&trees);
  Parser parser = NewParser();
  XML_SetUserData(parser.get(), &builder);
  XML_SetElementHandler(
      parser.get(),
      [](void* data, const char* element, const char** attributes) {
        static_cast<TaskTreeBuilder*>(data)->Start(element, attributes);
      },
      [](void* data, const char* element) { static_cast<TaskTreeBuilder*>(data)->End(element); });
  if (text.size() > static_cast<size_t>(INT32_MAX)) {
    return absl::InvalidArgumentError("1:1: a task of more than 2 GB");
  }
  if (XML_Parse(parser.get(), text.data(), static_cast<int>(text.size()), 1) == XML_STATUS_ERROR) {
    return absl::InvalidArgumentError(ExpatError(parser.get()));
  }
  builder.Finish();
  if (parts == TreeParts::kInliningTreeOnly) trees.optimization_tree = OptimizationTree();
  return trees;
}

absl::StatusOr<RecordTrees> LoadHotSpotUnitTrees(const OptimizationLog& log, const UnitRecord& unit,
                                                 int experiment_id, TreeParts parts) {
  const std::string path = unit.file < log.files.size() ? log.files[unit.file] : std::string();
  auto failure = [&](std::string_view reason) {
    return absl::DataLossError(absl::StrCat("Failed to parse experiment ", experiment_id, " in ",
                                            path, ": ", AbslView(reason)));
  };
  thread_local std::string text;
  const LogFileContent* content =
      unit.file < log.contents.size() ? &log.contents[unit.file] : nullptr;
  absl::Status read = ReadHotSpotRange(path, content, unit.offset, unit.length, &text);
  if (!read.ok()) return failure(StdView(read.message()));
  absl::StatusOr<RecordTrees> trees = ParseHotSpotTask(text, parts);
  if (text.capacity() > (size_t{64} << 20)) std::string().swap(text);
  if (!trees.ok()) {
    return failure(absl::StrCat("the file changed since it was read: the task at byte offset ",
                                unit.offset, " is invalid at ", trees.status().message()));
  }
  return trees;
}

}  // namespace profdiff
