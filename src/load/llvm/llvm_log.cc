#include "load/llvm/llvm_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <memory>
#include <span>
#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"
#include "load/content_copy.h"
#include "load/content_range.h"
#include "load/file_closer.h"
#include "load/input_stream.h"
#include "load/llvm/remark_parser.h"
#include "load/paths.h"
#include "load/unit_tree_counts.h"
#include "profdiff/support/absl_compat.h"
#include "profdiff/support/ordered_parallel.h"

namespace profdiff {

namespace {

using llvm_remarks::FunctionStart;
using llvm_remarks::Remark;

std::string ReadFailure(int experiment_id, const std::string& path, const std::string& what) {
  return absl::StrCat("Could not read the files of the experiment ", experiment_id, ": ",
                      NormalizePath(path), " (", what, ")");
}

// A file's whole content, decompressed; a compressed file's content is also copied aside, to be
// read again at the remarks' offsets.
struct FileContent {
  std::string bytes;
  LogFileContent reread;
  std::string damage;
};

absl::StatusOr<FileContent> ReadWholeFile(const std::string& path, int experiment_id) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;
    return absl::Status(absl::ErrnoToStatusCode(error),
                        ReadFailure(experiment_id, path, ErrnoText(error)));
  }
  FileCloser closer(fd);
  InputStream stream(fd, path);
  FileContent content;
  content.reread.compressed = stream.Detect() != Compression::kNone;
  std::shared_ptr<ContentCopy> copy;
  if (content.reread.compressed) {
    copy = ContentCopy::Create();
    if (copy != nullptr) stream.set_copy(copy.get());
  }
  char buffer[1 << 16];
  while (true) {
    const size_t n = stream.Read(buffer, sizeof(buffer));
    if (n == 0) break;
    content.bytes.append(buffer, n);
  }
  if (stream.error() != 0) {
    return absl::Status(absl::ErrnoToStatusCode(stream.error()),
                        ReadFailure(experiment_id, path, ErrnoText(stream.error())));
  }
  content.damage = stream.damage();
  if (copy != nullptr && copy->ok()) content.reread.copy = std::move(copy);
  return content;
}

// Where a function starts, from a remark's Caller or Callee argument (line 0: unknown).
void NoteStarts(const Remark& remark, absl::flat_hash_map<std::string, FunctionStart>& starts) {
  for (const llvm_remarks::RemarkArg& arg : remark.args) {
    if ((arg.key != "Caller" && arg.key != "Callee") || !arg.loc.has_value() ||
        arg.loc->line == 0) {
      continue;
    }
    starts.try_emplace(arg.value, FunctionStart{arg.loc->file, arg.loc->line});
  }
}

// The unit's remarks read again, each document alone; those at or after `before` (file order)
// are left out.
absl::StatusOr<std::vector<Remark>> ReadUnitRemarks(const OptimizationLog& log, uint32_t file,
                                                    const LlvmRemarkIndex::Unit& unit,
                                                    uint64_t before) {
  const std::string& path = log.files[file];
  const LogFileContent* content = file < log.contents.size() ? &log.contents[file] : nullptr;
  std::vector<Remark> remarks;
  std::string text;
  for (const LlvmRemarkIndex::Document& document : unit.documents) {
    if (document.order >= before) break;
    text.resize(document.length);
    const std::string reason = ReadContentRange(
        path, content, document.offset, std::span<char>(text.data(), text.size()), "remark");
    if (!reason.empty()) return absl::DataLossError(reason);
    // A document that ended where the next began has no `...` line of its own.
    if (!text.empty() && text.back() != '\n') text += '\n';
    text += "...\n";
    absl::StatusOr<llvm_remarks::ParsedRemarks> parsed =
        llvm_remarks::ParseDocuments(text, 0, text.size(), path);
    if (!parsed.ok() || parsed->remarks.size() != 1) {
      return absl::DataLossError(absl::StrCat(
          "the file changed since it was read: the remark at byte offset ", document.offset,
          " is invalid", parsed.ok() ? "" : absl::StrCat(": ", parsed.status().message())));
    }
    remarks.push_back(std::move(parsed->remarks[0]));
  }
  return remarks;
}

// Inlined functions are grafted at most this deep (docs/llvm.md): each level reads the callee's
// remarks again.
constexpr int kMaxGraftDepth = 32;

absl::StatusOr<RecordTrees> BuildUnitTrees(const OptimizationLog& log, uint32_t file,
                                           uint32_t unit_index, uint64_t before, TreeParts parts,
                                           int depth) {
  const LlvmRemarkIndex& index = *log.llvm;
  const LlvmRemarkIndex::Unit& unit = index.units[unit_index];
  absl::StatusOr<std::vector<Remark>> remarks = ReadUnitRemarks(log, file, unit, before);
  if (!remarks.ok()) return remarks.status();
  llvm_remarks::FunctionRemarks function;
  function.mangled = unit.mangled;
  function.start = unit.start;
  function.file_starts = &index.starts[file];
  for (size_t k = 0; k < remarks->size(); ++k) {
    function.remarks.push_back(&(*remarks)[k]);
    function.order.push_back(unit.documents[k].order);
  }
  const llvm_remarks::CalleeTreeSource callees = [&](std::string_view callee,
                                                     uint64_t at) -> std::optional<InliningTree> {
    if (depth >= kMaxGraftDepth) return std::nullopt;
    auto it = index.by_file[file].find(std::string(callee));
    if (it == index.by_file[file].end() || it->second == unit_index) return std::nullopt;
    absl::StatusOr<RecordTrees> trees =
        BuildUnitTrees(log, file, it->second, at, TreeParts::kInliningTreeOnly, depth + 1);
    if (!trees.ok()) return std::nullopt;
    return std::move(trees->inlining_tree);
  };
  return llvm_remarks::BuildFunctionTrees(function, callees, parts);
}

}  // namespace

bool IsRemarksFileName(std::string_view name) {
  for (std::string_view suffix : {".gz", ".zst"}) {
    if (name.ends_with(suffix)) {
      name.remove_suffix(suffix.size());
      break;
    }
  }
  return name.ends_with(".opt.yaml");
}

std::vector<std::string> FindRemarkFiles(const std::string& directory) {
  std::vector<std::string> files;
  std::error_code error;
  std::filesystem::recursive_directory_iterator it(
      directory, std::filesystem::directory_options::skip_permission_denied, error);
  for (; !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
    if (!IsRemarksFileName(it->path().filename().native())) continue;
    std::error_code type_error;
    if (!it->is_regular_file(type_error)) continue;
    files.push_back(it->path().lexically_relative(directory).native());
  }
  std::sort(files.begin(), files.end());
  return files;
}

absl::StatusOr<OptimizationLog> LoadLlvmRemarks(const std::string& path, int experiment_id,
                                                const WarningSink& warn, LogCounting counting,
                                                ProgressSink* progress) {
  std::vector<std::string> relative;  // the translation units: files relative to the directory
  std::vector<std::string> opened;
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    relative = FindRemarkFiles(path);
    for (const std::string& file : relative) opened.push_back(absl::StrCat(path, "/", file));
  } else {
    relative.push_back(std::filesystem::path(path).filename().native());
    opened.push_back(path);
  }
  if (progress != nullptr) {
    progress->Begin(absl::StrCat("Loading experiment ", experiment_id),
                    static_cast<int64_t>(opened.size()), "files", 0);
  }
  OptimizationLog log;
  log.format = LogFormat::kLlvm;
  auto index = std::make_shared<LlvmRemarkIndex>();
  for (uint32_t f = 0; f < opened.size(); ++f) {
    const std::string& file = opened[f];
    absl::StatusOr<FileContent> content = ReadWholeFile(file, experiment_id);
    if (!content.ok()) return content.status();
    absl::StatusOr<llvm_remarks::RemarkFile> parsed =
        llvm_remarks::ParseRemarkFile(content->bytes, file, WorkerThreads());
    if (!parsed.ok()) {
      // In a directory an empty remarks file is a translation unit without remarks.
      if (opened.size() > 1 || relative[0] != std::filesystem::path(path).filename().native()) {
        if (llvm_remarks::DetectRemarkFileFormat(content->bytes) ==
            llvm_remarks::RemarkFileFormat::kEmpty) {
          log.files.push_back(file);
          log.contents.push_back(std::move(content->reread));
          index->by_file.emplace_back();
          index->starts.emplace_back();
          continue;
        }
      }
      return absl::InvalidArgumentError(absl::StrCat("Could not read the files of the experiment ",
                                                     experiment_id, ": ",
                                                     parsed.status().message()));
    }
    for (const std::string& line : parsed->warnings) warn(absl::StrCat("Warning: ", line));
    if (!content->damage.empty()) warn(absl::StrCat("Warning: ", content->damage));
    log.files.push_back(file);
    log.contents.push_back(std::move(content->reread));
    auto& by_name = index->by_file.emplace_back();
    absl::flat_hash_map<std::string, FunctionStart> starts;
    const size_t first_unit = index->units.size();
    for (size_t i = 0; i < parsed->remarks.size(); ++i) {
      const Remark& remark = parsed->remarks[i];
      NoteStarts(remark, starts);
      auto [it, added] =
          by_name.try_emplace(remark.function, static_cast<uint32_t>(index->units.size()));
      if (added) index->units.emplace_back().mangled = remark.function;
      LlvmRemarkIndex::Unit& unit = index->units[it->second];
      const auto [begin, end] = parsed->documents[i];
      unit.documents.push_back(LlvmRemarkIndex::Document{begin, static_cast<uint32_t>(end - begin),
                                                         static_cast<uint32_t>(i)});
      if (remark.hotness.has_value()) {
        unit.hotness = std::max(unit.hotness, *remark.hotness);
        index->hotness = true;
      }
    }
    index->remarks += static_cast<int64_t>(parsed->remarks.size());
    auto& file_starts = index->starts.emplace_back();
    for (const auto& [mangled, start] : starts) file_starts.push_back({start, mangled});
    std::sort(file_starts.begin(), file_starts.end(), [](const auto& a, const auto& b) {
      return std::tie(a.start.file, a.start.line, a.mangled) <
             std::tie(b.start.file, b.start.line, b.mangled);
    });
    // Units are named by their demangled names; two functions of a file may demangle alike (a
    // constructor's complete and base variants): the second's ID names its symbol.
    absl::flat_hash_map<std::string, int> named;
    for (size_t u = first_unit; u < index->units.size(); ++u) {
      LlvmRemarkIndex::Unit& unit = index->units[u];
      if (auto start = starts.find(unit.mangled); start != starts.end()) {
        unit.start = start->second;
      }
      UnitRecord record;
      record.method_name = llvm_remarks::DemangledFunctionName(unit.mangled);
      record.compilation_id = relative[f];
      if (++named[record.method_name] > 1) {
        absl::StrAppend(&record.compilation_id, " (", unit.mangled, ")");
      }
      record.file = f;
      record.offset = unit.documents.front().offset;
      for (const LlvmRemarkIndex::Document& document : unit.documents) {
        record.length += document.length;
      }
      log.units.push_back(std::move(record));
    }
    if (progress != nullptr) {
      progress->Advance(1, static_cast<int64_t>(content->bytes.size()), 0);
    }
  }
  if (log.units.empty()) {
    warn(absl::StrCat("Warning: ", path,
                      opened.empty() ? " holds no remarks files (*.opt.yaml)"
                                     : " holds no remarks: expected LLVM optimization remarks "
                                       "(written with -fsave-optimization-record)"));
  }
  log.llvm = std::move(index);
  if (counting == LogCounting::kCount) {
    absl::Status counted = CountUnitTrees(log, [&](const UnitRecord& unit) {
      return LoadLlvmUnitTrees(log, unit, experiment_id, TreeParts::kAll);
    });
    if (!counted.ok()) return counted;
  }
  return log;
}

absl::StatusOr<RecordTrees> LoadLlvmUnitTrees(const OptimizationLog& log, const UnitRecord& unit,
                                              int experiment_id, TreeParts parts) {
  const std::string path = unit.file < log.files.size() ? log.files[unit.file] : std::string();
  const size_t unit_index = static_cast<size_t>(&unit - log.units.data());
  if (log.llvm == nullptr || unit_index >= log.llvm->units.size()) {
    return absl::InternalError("not a unit of the LLVM remarks");
  }
  absl::StatusOr<RecordTrees> trees =
      BuildUnitTrees(log, unit.file, static_cast<uint32_t>(unit_index), UINT64_MAX, parts, 0);
  if (!trees.ok()) {
    return absl::DataLossError(absl::StrCat("Failed to parse experiment ", experiment_id, " in ",
                                            path, ": ", trees.status().message()));
  }
  return trees;
}

}  // namespace profdiff
