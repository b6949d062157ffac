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

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "load/content_copy.h"
#include "load/content_range.h"
#include "load/file_closer.h"
#include "load/input_stream.h"
#include "load/llvm/remark_parser.h"
#include "load/llvm/remark_pieces.h"
#include "load/paths.h"
#include "load/unit_tree_counts.h"
#include "profdiff/support/absl_compat.h"
#include "profdiff/support/ordered_parallel.h"
#include "profdiff/support/ordered_pipeline.h"

namespace profdiff {

namespace {

using llvm_remarks::FunctionStart;
using llvm_remarks::Remark;

std::string ReadFailure(int experiment_id, const std::string& path, const std::string& what) {
  return absl::StrCat("Could not read the files of the experiment ", experiment_id, ": ",
                      NormalizePath(path), " (", what, ")");
}

// The index of one piece of a remarks file (RemarkPieceReader), made on a worker thread: the
// remarks' functions (named once per piece), where each remark's document lies and its Hotness,
// and where the functions named by Caller and Callee arguments start.
struct PieceIndex {
  struct Entry {
    uint32_t function = 0;  // in `functions`
    uint32_t length = 0;
    uint64_t offset = 0;  // in the file
    int64_t hotness = -1;
  };
  uint32_t file = 0;
  uint64_t offset = 0;
  size_t bytes = 0;
  bool ends_file = false;
  absl::Status status;  // an unreadable file, another format, or a malformed remark
  llvm_remarks::RemarkFileFormat format = llvm_remarks::RemarkFileFormat::kYaml;  // first piece
  std::optional<size_t> cut_line;  // counted from the piece's first line
  std::vector<std::string> functions;
  std::vector<Entry> remarks;
  std::vector<std::pair<std::string, FunctionStart>> starts;  // the first of each name
  // Kept when the piece must be parsed again with the file's line numbers (an error, a cut).
  RemarkPiece piece;
};

// A piece of a file, or why the file could not be read.
struct FilePiece {
  uint32_t file = 0;
  RemarkPiece piece;
  absl::Status status;
};

// How a file's reading ended, known when its last piece is made.
struct FileRead {
  LogFileContent reread;
  std::string damage;
  int error = 0;
};

PieceIndex IndexPiece(FilePiece& item, const std::string& file_name) {
  PieceIndex index;
  index.file = item.file;
  index.status = item.status;
  index.offset = item.piece.offset;
  index.bytes = item.piece.size;
  index.ends_file = item.piece.ends_file;
  if (!index.status.ok()) return index;
  const std::string_view text = item.piece.text();
  if (index.offset == 0) {
    index.format = llvm_remarks::DetectRemarkFileFormat(text);
    // Blank and comment lines before the first document may fill a piece of their own.
    if (index.format != llvm_remarks::RemarkFileFormat::kYaml &&
        !(index.format == llvm_remarks::RemarkFileFormat::kEmpty && !index.ends_file)) {
      index.status = llvm_remarks::CheckRemarkFileFormat(text, file_name);
      return index;
    }
  }
  absl::flat_hash_map<std::string, uint32_t> functions;
  absl::flat_hash_set<std::string> started;
  uint32_t last_function = 0;
  absl::StatusOr<std::optional<size_t>> cut = llvm_remarks::IndexDocuments(
      text, 0, text.size(), file_name, llvm_remarks::PiecePlace{1, index.ends_file},
      [&](const llvm_remarks::RemarkIndexFields& remark, size_t begin, size_t end) {
        // A function's remarks mostly follow each other: look its name up once for them.
        if (index.functions.empty() || remark.function != index.functions[last_function]) {
          auto [it, added] = functions.try_emplace(std::string(remark.function),
                                                   static_cast<uint32_t>(index.functions.size()));
          if (added) index.functions.emplace_back(remark.function);
          last_function = it->second;
        }
        index.remarks.push_back(PieceIndex::Entry{last_function, static_cast<uint32_t>(end - begin),
                                                  index.offset + begin, remark.hotness});
        // Where a function starts, from a Caller or Callee argument (line 0: unknown).
        for (const llvm_remarks::FunctionStartArg& start : remark.starts) {
          if (started.emplace(start.name).second) {
            index.starts.emplace_back(std::string(start.name),
                                      FunctionStart{start.file, start.line});
          }
        }
      });
  if (!cut.ok()) {
    index.status = cut.status();
  } else {
    index.cut_line = *cut;
  }
  if (!index.status.ok() || index.cut_line.has_value()) index.piece = std::move(item.piece);
  return index;
}

// The number of lines before `offset` in the file's content, read again from its start (only
// when a message must name a line of a piece other than the first).
absl::StatusOr<size_t> LinesBefore(const std::string& path, uint64_t offset) {
  absl::StatusOr<InputStream> stream = InputStream::Open(path);
  if (!stream.ok()) return stream.status();
  size_t lines = 0;
  char buffer[1 << 16];
  while (offset > 0) {
    const size_t n = stream->Read(buffer, std::min<uint64_t>(sizeof(buffer), offset));
    if (n == 0) break;
    lines += static_cast<size_t>(std::count(buffer, buffer + n, '\n'));
    offset -= n;
  }
  return lines;
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
    auto it = index.by_file[file].find(callee);
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
  return LoadLlvmRemarks(path, experiment_id, warn, counting, progress, LlvmReadOptions{});
}

absl::StatusOr<OptimizationLog> LoadLlvmRemarks(const std::string& path, int experiment_id,
                                                const WarningSink& warn, LogCounting counting,
                                                ProgressSink* progress,
                                                const LlvmReadOptions& options) {
  std::vector<std::string> relative;  // the translation units: files relative to the directory
  std::vector<std::string> opened;
  std::error_code error;
  const bool in_directory = std::filesystem::is_directory(path, error);
  if (in_directory) {
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

  // The source: the files one after another, each in pieces (on the calling thread).
  std::vector<FileRead> reads(opened.size());
  uint32_t next_file = 0;
  std::optional<FileCloser> closer;
  std::optional<InputStream> stream;
  std::optional<RemarkPieceReader> reader;
  std::shared_ptr<ContentCopy> copy;
  const std::function<std::optional<FilePiece>()> next = [&]() -> std::optional<FilePiece> {
    while (true) {
      if (!reader.has_value()) {
        if (next_file == opened.size()) return std::nullopt;
        const int fd = open(opened[next_file].c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
          const int error = errno;
          FilePiece failed;
          failed.file = next_file++;
          failed.status =
              absl::Status(absl::ErrnoToStatusCode(error),
                           ReadFailure(experiment_id, opened[failed.file], ErrnoText(error)));
          return failed;
        }
        closer.emplace(fd);
        stream.emplace(fd, opened[next_file]);
        FileRead& read = reads[next_file];
        read.reread.compressed = stream->Detect() != Compression::kNone;
        copy.reset();
        if (read.reread.compressed) {
          copy = ContentCopy::Create();
          if (copy != nullptr) stream->set_copy(copy.get());
        }
        reader.emplace(&*stream, options.piece_bytes);
      }
      std::optional<RemarkPiece> piece = reader->Next();
      if (!piece.has_value()) {  // after the last piece
        reader.reset();
        stream.reset();
        closer.reset();
        ++next_file;
        continue;
      }
      FilePiece item{next_file, std::move(*piece), absl::OkStatus()};
      if (item.piece.ends_file) {
        FileRead& read = reads[next_file];
        read.error = stream->error();
        read.damage = stream->damage();
        if (copy != nullptr && copy->ok()) read.reread.copy = std::move(copy);
        copy.reset();
      }
      return item;
    }
  };
  const std::function<PieceIndex(FilePiece&)> transform = [&](FilePiece& item) {
    return IndexPiece(item, opened[item.file]);
  };

  // The sink: the pieces' indexes merged in file order (on the calling thread).
  absl::Status failure;
  int64_t file_remarks = 0;  // of the file being merged
  absl::flat_hash_map<std::string_view, FunctionStart, StringViewHash> starts;  // names pooled
  size_t first_unit = 0;
  std::vector<uint32_t> units_of_piece;  // the unit of each function of the piece
  // The piece parsed again with the file's line numbers, for the message of an error or a cut.
  auto reparse = [&](const PieceIndex& piece) -> absl::StatusOr<std::optional<size_t>> {
    size_t before = 0;
    if (piece.offset > 0) {
      absl::StatusOr<size_t> lines = LinesBefore(opened[piece.file], piece.offset);
      if (!lines.ok()) return lines.status();
      before = *lines;
    }
    const std::string_view text = piece.piece.text();
    return llvm_remarks::VisitDocuments(text, 0, text.size(), opened[piece.file],
                                        llvm_remarks::PiecePlace{before + 1, piece.ends_file},
                                        [](const Remark&, size_t, size_t) {});
  };
  const std::function<bool(PieceIndex&)> consume = [&](PieceIndex& piece) {
    const uint32_t f = piece.file;
    const std::string& file = opened[f];
    if (piece.offset == 0) {  // a new file
      file_remarks = 0;
      starts.clear();
      first_unit = index->units.size();
      log.files.push_back(file);
      index->by_file.emplace_back();
    }
    if (!piece.status.ok()) {
      // In a directory an empty remarks file is a translation unit without remarks.
      if (piece.offset == 0 && in_directory &&
          piece.format == llvm_remarks::RemarkFileFormat::kEmpty) {
        log.contents.push_back(std::move(reads[f].reread));
        index->starts.emplace_back();
        if (progress != nullptr) progress->Advance(1, static_cast<int64_t>(piece.bytes), 0);
        return true;
      }
      absl::Status status = piece.status;
      if (absl::IsInvalidArgument(status) && piece.offset > 0) {
        absl::StatusOr<std::optional<size_t>> again = reparse(piece);
        if (!again.ok()) status = again.status();
      }
      failure = absl::IsInvalidArgument(status) ? absl::InvalidArgumentError(absl::StrCat(
                                                      "Could not read the files of the experiment ",
                                                      experiment_id, ": ", status.message()))
                                                : status;
      return false;
    }
    auto& by_name = index->by_file[f];
    units_of_piece.clear();
    for (const std::string& function : piece.functions) {
      auto it = by_name.find(function);
      if (it == by_name.end()) {
        const std::string_view name = index->names.Intern(function);
        it = by_name.emplace(name, static_cast<uint32_t>(index->units.size())).first;
        index->units.emplace_back().mangled = name;
      }
      units_of_piece.push_back(it->second);
    }
    for (const PieceIndex::Entry& entry : piece.remarks) {
      LlvmRemarkIndex::Unit& unit = index->units[units_of_piece[entry.function]];
      unit.documents.push_back(LlvmRemarkIndex::Document{entry.offset, entry.length,
                                                         static_cast<uint32_t>(file_remarks++)});
      if (entry.hotness >= 0) {
        unit.hotness = std::max(unit.hotness, entry.hotness);
        index->hotness = true;
      }
    }
    index->remarks += static_cast<int64_t>(piece.remarks.size());
    for (auto& [name, start] : piece.starts) {
      if (!starts.contains(name)) starts.emplace(index->names.Intern(name), std::move(start));
    }
    if (progress != nullptr) {
      progress->Advance(piece.ends_file ? 1 : 0, static_cast<int64_t>(piece.bytes), 0);
    }
    if (!piece.ends_file) return true;

    // The file is read: its warnings, the starts of its functions and its units.
    FileRead& read = reads[f];
    if (read.error != 0) {
      failure = absl::Status(absl::ErrnoToStatusCode(read.error),
                             ReadFailure(experiment_id, file, ErrnoText(read.error)));
      return false;
    }
    if (piece.cut_line.has_value()) {
      absl::StatusOr<std::optional<size_t>> again = reparse(piece);
      const size_t line = again.ok() && again->has_value() ? **again : *piece.cut_line;
      warn(absl::StrCat("Warning: ", file, ":", line,
                        ": the remarks file ends inside a remark (cut short?); the ", file_remarks,
                        " complete remarks before it were read"));
    }
    if (!read.damage.empty()) warn(absl::StrCat("Warning: ", read.damage));
    log.contents.push_back(std::move(read.reread));
    auto& file_starts = index->starts.emplace_back();
    for (const auto& [mangled, start] : starts) file_starts.push_back({start, mangled});
    std::sort(file_starts.begin(), file_starts.end(), [](const auto& a, const auto& b) {
      return std::tuple(a.start.file.view(), a.start.line, a.mangled) <
             std::tuple(b.start.file.view(), b.start.line, b.mangled);
    });
    // Units are named by their demangled names; two functions of a file may demangle alike (a
    // constructor's complete and base variants): the second's ID names its symbol.
    absl::flat_hash_map<std::string, int> named;
    for (size_t u = first_unit; u < index->units.size(); ++u) {
      LlvmRemarkIndex::Unit& unit = index->units[u];
      unit.documents.shrink_to_fit();  // a third of the index was the vectors' spare capacity
      if (auto start = starts.find(unit.mangled); start != starts.end()) {
        unit.start = start->second;
      }
      UnitRecord record;
      record.method_name = llvm_remarks::DemangledFunctionName(unit.mangled);
      record.compilation_id = relative[f];
      if (++named[record.method_name] > 1) {
        absl::StrAppend(&record.compilation_id, " (", AbslView(unit.mangled), ")");
      }
      record.file = f;
      record.offset = unit.documents.front().offset;
      for (const LlvmRemarkIndex::Document& document : unit.documents) {
        record.length += document.length;
      }
      log.units.push_back(std::move(record));
    }
    return true;
  };
  PipelineInOrder<FilePiece, PieceIndex>(options.threads, 2 * size_t{options.threads} + 2, next,
                                         transform, consume);
  if (!failure.ok()) return failure;
  if (log.units.empty()) {
    warn(absl::StrCat("Warning: ", path,
                      opened.empty() ? " holds no remarks files (*.opt.yaml)"
                                     : " holds no remarks: expected LLVM optimization remarks "
                                       "(written with -fsave-optimization-record)"));
  }
  // The table of units at its size: it grew by halves while the files were read.
  index->units.shrink_to_fit();
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
