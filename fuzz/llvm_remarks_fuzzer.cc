// Fuzz target for the LLVM remarks reader (src/load/llvm/remark_parser.h). The input is read as a
// remarks file: ParseRemarkFile must never crash, an error names the file with a line and a
// column, a cut gives one warning, and the same input split into pieces on several threads reads
// the same remarks (or fails the same way) as on one thread. Every prefix that ends at a line
// break reads at most the remarks of the whole input, in the same order.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "absl/strings/match.h"
#include "load/llvm/remark_parser.h"

namespace {

[[noreturn]] void Die(const char* what) {
  std::fprintf(stderr, "llvm_remarks_fuzzer: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace profdiff::llvm_remarks;
  std::string_view content(reinterpret_cast<const char*>(data), size);
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
