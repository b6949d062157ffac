// Fuzz target for the LLVM remarks reader (src/load/llvm/remark_parser.h) and the model made of
// the remarks (src/load/llvm/llvm_log.h). The input is read as a remarks file: ParseRemarkFile
// must never crash, an error names the file with a line and a column, a cut gives one warning,
// and the same input split into pieces on several threads reads the same remarks (or fails the
// same way) as on one thread. Every prefix that ends at a line break reads at most the remarks of
// the whole input, in the same order. Then the input is loaded as a log given on the command line
// (LoadLlvmRemarks), and the trees of every unit are built and must be well formed. The index's
// fast path (canonical_remark.h) must index the input exactly as the full parser does: the same
// fields of the same documents, the same cut, the same error.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "absl/strings/match.h"
#include "load/llvm/llvm_log.h"
#include "load/llvm/remark_parser.h"
#include "profdiff/load/optimization_log.h"
#include "tree_checks.h"

namespace {

[[noreturn]] void Die(const char* what) {
  std::fprintf(stderr, "llvm_remarks_fuzzer: %s\n", what);
  std::abort();
}

const std::string& ScratchPath() {
  static const std::string path =
      std::string(std::getenv("TMPDIR") != nullptr ? std::getenv("TMPDIR") : "/tmp") +
      "/profdiff_llvm_fuzz_" + std::to_string(getpid()) + ".opt.yaml";
  return path;
}

// Loads the input as a remarks file and builds every unit's trees.
void CheckModel(const uint8_t* data, size_t size) {
  using namespace profdiff;  // NOLINT
  FILE* file = std::fopen(ScratchPath().c_str(), "wb");
  if (file == nullptr) return;
  std::fwrite(data, 1, size, file);
  std::fclose(file);
  absl::StatusOr<OptimizationLog> log = LoadLlvmRemarks(
      ScratchPath(), 1, [](std::string_view) {}, LogCounting::kCount, nullptr);
  if (!log.ok()) {
    if (!absl::StrContains(log.status().message(), ScratchPath())) Die("an error without the file");
    return;
  }
  for (const UnitRecord& unit : log->units) {
    absl::StatusOr<RecordTrees> trees = LoadUnitTrees(*log, unit, 1);
    if (!trees.ok()) Die("a unit whose remarks do not load again");
    fuzz::CheckTrees(*trees);
  }
}

// What IndexDocuments hands over, with the views copied, and how it ended.
std::string IndexedText(std::string_view content, bool fast) {
  using namespace profdiff::llvm_remarks;  // NOLINT
  std::string text;
  absl::StatusOr<std::optional<size_t>> cut = IndexDocuments(
      content, 0, content.size(), "f.opt.yaml", PiecePlace{},
      [&](const RemarkIndexFields& fields, size_t begin, size_t end) {
        text += std::string(fields.function) + "|" + std::to_string(fields.hotness) + "|" +
                std::to_string(begin) + "-" + std::to_string(end);
        for (const FunctionStartArg& start : fields.starts) {
          text += "|" + std::string(start.name) + "@" + std::string(start.file) + ":" +
                  std::to_string(start.line);
        }
        text += "\n";
      },
      fast);
  if (!cut.ok()) return text + "error " + std::string(cut.status().message());
  return text + (cut->has_value() ? "cut " + std::to_string(**cut) : "whole");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace profdiff::llvm_remarks;
  profdiff::fuzz::target_name = "llvm_remarks_fuzzer";
  CheckModel(data, size);
  std::string_view content(reinterpret_cast<const char*>(data), size);
  if (IndexedText(content, true) != IndexedText(content, false)) {
    Die("the index's fast path and the parser disagree");
  }
  absl::StatusOr<RemarkFile> one = ParseRemarkFile(content, "f.opt.yaml", 1);
  absl::StatusOr<RemarkFile> three = ParseRemarkFile(content, "f.opt.yaml", 3);
  if (one.ok() != three.ok()) Die("one thread and three disagree on success");
  if (!one.ok()) {
    if (!absl::StartsWith(one.status().message(), "f.opt.yaml:")) Die("an error without the file");
    return 0;
  }
  if (one->remarks != three->remarks) Die("one thread and three read different remarks");
  if (one->warnings.size() > 1 || one->warnings != three->warnings) Die("warnings differ");
  for (const Remark& remark : one->remarks) {
    if (RemarkKindName(remark.kind) == "?") Die("a remark without a kind");
  }
  // A prefix at a line break: the remarks it reads come first in the whole input's.
  size_t cut = content.rfind('\n', content.size() / 2);
  if (cut != std::string_view::npos) {
    absl::StatusOr<RemarkFile> prefix = ParseRemarkFile(content.substr(0, cut + 1), "f.opt.yaml");
    if (prefix.ok()) {
      if (prefix->remarks.size() > one->remarks.size()) Die("a prefix read more remarks");
      for (size_t i = 0; i < prefix->remarks.size(); ++i) {
        if (prefix->remarks[i] != one->remarks[i]) Die("a prefix read another remark");
      }
    }
  }
  return 0;
}
