#include "load/llvm/remark_parser.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "load/llvm/remark_document.h"

namespace profdiff::llvm_remarks {
namespace {

// Debian's Abseil is C++14: absl::string_view is not std::string_view, and StrCat takes only
// the former.
absl::string_view Av(std::string_view s) { return {s.data(), s.size()}; }

// The start of the line after the one `at` is on, or end.
const char* NextLine(const char* at, const char* end) {
  const char* nl = static_cast<const char*>(std::memchr(at, '\n', static_cast<size_t>(end - at)));
  return nl == nullptr ? end : nl + 1;
}

// The first line after the one `at` is on that is a document marker (`---` or `...`); null when
// there is none before `stop`. Looks for line breaks 8 bytes at a time: this scan of every line
// of every document was a tenth of the reading time with a memchr per line.
const char* NextMarkerLine(const char* at, const char* stop) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHighs = 0x8080808080808080ULL;
  constexpr uint64_t kBreaks = kOnes * '\n';
  const char* q = at;
  while (true) {
    const char* nl = nullptr;
    // (Little-endian only: the first byte in memory is the lowest.)
    while (std::endian::native == std::endian::little && stop - q >= 8) {
      uint64_t word;
      std::memcpy(&word, q, 8);
      const uint64_t x = word ^ kBreaks;
      // The lowest set bit marks the first '\n' exactly (borrows only run upwards).
      const uint64_t found = (x - kOnes) & ~x & kHighs;
      if (found != 0) {
        nl = q + (std::countr_zero(found) >> 3);
        break;
      }
      q += 8;
    }
    if (nl == nullptr) {
      nl = static_cast<const char*>(std::memchr(q, '\n', static_cast<size_t>(stop - q)));
      if (nl == nullptr) return nullptr;
    }
    const char* line = nl + 1;
    if (line < stop && (*line == '.' || *line == '-') && IsMarker(line, stop, *line)) return line;
    q = line;
  }
}

}  // namespace

std::string_view RemarkKindName(RemarkKind kind) {
  switch (kind) {
    case RemarkKind::kPassed:
      return "Passed";
    case RemarkKind::kMissed:
      return "Missed";
    case RemarkKind::kAnalysis:
      return "Analysis";
    case RemarkKind::kAnalysisFPCommute:
      return "AnalysisFPCommute";
    case RemarkKind::kAnalysisAliasing:
      return "AnalysisAliasing";
    case RemarkKind::kFailure:
      return "Failure";
  }
  return "?";
}

namespace {

// Reads a document in another way than the full parser when it can: returns where what follows
// the document starts, or nullptr to have the parser read it.
using DocumentShortcut = std::function<const char*(const char* doc, const char* stop)>;

absl::StatusOr<std::optional<size_t>> VisitDocumentsWith(std::string_view content, size_t begin,
                                                         size_t end, std::string_view file_name,
                                                         const PiecePlace& place,
                                                         const RemarkVisitor& visit,
                                                         const DocumentShortcut& shortcut) {
  std::optional<size_t> cut_document_line;
  const char* base = content.data();
  const char* p = base + begin;
  const char* stop = base + end;
  // Only at the end of the file is a document without its "..." line cut short.
  const bool stop_ends_file = place.ends_file && stop == base + content.size();
  auto line_of = [&](const char* at) {
    return place.first_line + static_cast<size_t>(std::count(base, at, '\n'));
  };
  auto expected = [&](const char* at, std::string_view what) {
    const char* line = at;
    while (line > base && line[-1] != '\n') --line;
    return absl::InvalidArgumentError(
        absl::StrCat(Av(file_name), ":", line_of(at), ":", at - line + 1, ": expected ", Av(what)));
  };
  Remark remark;  // reused: its strings and Args keep their storage from one document to the next
  std::vector<RemarkArg> spare_args;
  while (p < stop) {
    // Between documents: blank lines, comments, directives ("%YAML 1.2") and stray "..." lines.
    const char* q = p;
    while (q < stop && IsSpace(*q)) ++q;
    if (q == stop) break;
    if (IsBreak(*q) || *q == '#' || (q == p && *q == '%') || IsMarker(p, stop, '.')) {
      p = NextLine(p, stop);
      continue;
    }
    if (!IsMarker(p, stop, '-')) {
      if (stop_ends_file && stop - p < 3 &&
          std::string_view("---").starts_with(std::string_view(p, static_cast<size_t>(stop - p)))) {
        cut_document_line = line_of(p);  // cut inside the first "---"
        break;
      }
      return expected(p, "'---', the start of a remark");
    }
    if (shortcut) {
      if (const char* after = shortcut(p, stop); after != nullptr) {
        p = after;
        continue;
      }
    }
    // The document ends at its "..." line, or at the next "---".
    const char* doc = p;
    const char* doc_end = nullptr;
    const char* next = stop;
    if (const char* line = NextMarkerLine(p, stop); line != nullptr) {
      doc_end = line;
      next = *line == '.' ? NextLine(line, stop) : line;
    }
    if (doc_end == nullptr) {
      if (stop_ends_file) {
        cut_document_line = line_of(doc);
        break;
      }
      doc_end = stop;  // a piece ends where the next document starts
      next = stop;
    }
    if (absl::Status s =
            ParseDocument(content, doc, doc_end, file_name, place.first_line, remark, &spare_args);
        !s.ok()) {
      return s;
    }
    visit(remark, static_cast<size_t>(doc - base), static_cast<size_t>(next - base));
    p = next;
  }
  return cut_document_line;
}

}  // namespace

absl::StatusOr<std::optional<size_t>> VisitDocuments(std::string_view content, size_t begin,
                                                     size_t end, std::string_view file_name,
                                                     const PiecePlace& place,
                                                     const RemarkVisitor& visit) {
  return VisitDocumentsWith(content, begin, end, file_name, place, visit, nullptr);
}

absl::StatusOr<std::optional<size_t>> IndexDocuments(std::string_view content, size_t begin,
                                                     size_t end, std::string_view file_name,
                                                     const PiecePlace& place,
                                                     const IndexVisitor& visit, bool fast) {
  RemarkIndexFields fields;
  const char* base = content.data();
  DocumentShortcut shortcut;
  if (fast) {
    shortcut = [&](const char* doc, const char* stop) -> const char* {
      const char* after = ScanCanonicalRemark(doc, stop, fields);
      if (after != nullptr) {
        visit(fields, static_cast<size_t>(doc - base), static_cast<size_t>(after - base));
      }
      return after;
    };
  }
  return VisitDocumentsWith(
      content, begin, end, file_name, place,
      [&](const Remark& remark, size_t doc_begin, size_t doc_end) {
        fields.function = remark.function;
        fields.hotness = remark.hotness.value_or(-1);
        fields.starts.clear();
        for (const RemarkArg& arg : remark.args) {
          if (arg.loc.has_value() && arg.loc->line != 0 &&
              (arg.key == "Caller" || arg.key == "Callee")) {
            fields.starts.push_back(FunctionStartArg{arg.value, arg.loc->file, arg.loc->line});
          }
        }
        visit(fields, doc_begin, doc_end);
      },
      shortcut);
}

absl::StatusOr<ParsedRemarks> ParseDocuments(std::string_view content, size_t begin, size_t end,
                                             std::string_view file_name) {
  ParsedRemarks result;
  absl::StatusOr<std::optional<size_t>> cut =
      VisitDocuments(content, begin, end, file_name, PiecePlace{},
                     [&](const Remark& remark, size_t doc_begin, size_t doc_end) {
                       result.remarks.push_back(remark);
                       result.documents.emplace_back(doc_begin, doc_end);
                     });
  if (!cut.ok()) return cut.status();
  result.cut_document_line = *cut;
  return result;
}

std::vector<std::pair<size_t, size_t>> SplitDocuments(std::string_view content, size_t pieces) {
  std::vector<std::pair<size_t, size_t>> ranges;
  if (content.empty()) return ranges;
  pieces = std::max<size_t>(1, pieces);
  size_t begin = 0;
  for (size_t i = 1; i < pieces && begin < content.size(); ++i) {
    size_t target = std::max(begin + 1, content.size() / pieces * i);
    if (target >= content.size()) break;
    // The next line that starts a document at or after target.
    size_t at = content.find("\n---", target - 1);
    while (at != std::string_view::npos &&
           !IsMarker(content.data() + at + 1, content.data() + content.size(), '-')) {
      at = content.find("\n---", at + 1);
    }
    if (at == std::string_view::npos) break;
    ranges.emplace_back(begin, at + 1);
    begin = at + 1;
  }
  ranges.emplace_back(begin, content.size());
  return ranges;
}

size_t LastDocumentStart(std::string_view content) {
  size_t at = content.size();
  while (at > 0) {
    at = content.rfind("\n---", at - 1);
    if (at == std::string_view::npos) break;
    // The byte after "---" must be there: "----" is no marker.
    if (at + 4 < content.size() &&
        IsMarker(content.data() + at + 1, content.data() + content.size(), '-')) {
      return at + 1;
    }
  }
  return std::string_view::npos;
}

RemarkFileFormat DetectRemarkFileFormat(std::string_view content) {
  if (content.starts_with("RMRK")) return RemarkFileFormat::kBitstream;
  if (content.starts_with(std::string_view("REMARKS\0", 8))) return RemarkFileFormat::kYamlStrTab;
  size_t p = 0;
  while (p < content.size()) {
    size_t q = p;
    while (q < content.size() && IsSpace(content[q])) ++q;
    if (q == content.size()) break;
    if (IsBreak(content[q]) || content[q] == '#' || content[q] == '%') {
      size_t nl = content.find('\n', q);
      p = nl == std::string_view::npos ? content.size() : nl + 1;
      continue;
    }
    std::string_view rest = content.substr(p);
    // A file cut inside its first "---" is YAML too (ParseDocuments reports the cut).
    return rest.starts_with("---") || std::string_view("---").starts_with(rest)
               ? RemarkFileFormat::kYaml
               : RemarkFileFormat::kUnknown;
  }
  return RemarkFileFormat::kEmpty;
}

absl::Status CheckRemarkFileFormat(std::string_view content, std::string_view file_name) {
  switch (DetectRemarkFileFormat(content)) {
    case RemarkFileFormat::kYaml:
      return absl::OkStatus();
    case RemarkFileFormat::kEmpty:
      return absl::InvalidArgumentError(
          absl::StrCat(Av(file_name),
                       ": empty: expected LLVM optimization remarks (YAML documents starting "
                       "with '--- !Passed', '--- !Missed', ...)"));
    case RemarkFileFormat::kBitstream:
      return absl::InvalidArgumentError(absl::StrCat(
          Av(file_name),
          ": LLVM bitstream remarks (magic RMRK) are not read: expected YAML remarks; "
          "compile with clang's -fsave-optimization-record=yaml (the default of "
          "-fsave-optimization-record) or rustc's -Zremark-dir=DIR with -Cremark=all"));
    case RemarkFileFormat::kYamlStrTab:
      return absl::InvalidArgumentError(absl::StrCat(
          Av(file_name),
          ": YAML remarks with a string table (magic REMARKS) are not read: expected plain YAML "
          "remarks; compile with clang's -fsave-optimization-record=yaml"));
    case RemarkFileFormat::kUnknown:
      return absl::InvalidArgumentError(
          absl::StrCat(Av(file_name),
                       ": expected LLVM optimization remarks (YAML documents starting with "
                       "'--- !Passed', '--- !Missed', ...)"));
  }
  return absl::OkStatus();
}

absl::StatusOr<RemarkFile> ParseRemarkFile(std::string_view content, std::string_view file_name,
                                           size_t threads) {
  if (absl::Status s = CheckRemarkFileFormat(content, file_name); !s.ok()) return s;
  std::vector<std::pair<size_t, size_t>> ranges =
      SplitDocuments(content, threads <= 1 ? 1 : threads * 4);
  std::vector<absl::StatusOr<ParsedRemarks>> parts(ranges.size());
  if (threads <= 1 || ranges.size() <= 1) {
    for (size_t i = 0; i < ranges.size(); ++i) {
      parts[i] = ParseDocuments(content, ranges[i].first, ranges[i].second, file_name);
    }
  } else {
    std::atomic<size_t> next{0};
    std::vector<std::thread> workers;
    for (size_t t = 0; t < std::min(threads, ranges.size()); ++t) {
      workers.emplace_back([&] {
        for (size_t i = next++; i < ranges.size(); i = next++) {
          parts[i] = ParseDocuments(content, ranges[i].first, ranges[i].second, file_name);
        }
      });
    }
    for (std::thread& worker : workers) worker.join();
  }
  RemarkFile file;
  size_t total = 0;
  for (const auto& part : parts) {
    if (!part.ok()) return part.status();  // the first error in the file
    total += part->remarks.size();
  }
  file.remarks.reserve(total);
  file.documents.reserve(total);
  for (auto& part : parts) {
    for (Remark& remark : part->remarks) file.remarks.push_back(std::move(remark));
    file.documents.insert(file.documents.end(), part->documents.begin(), part->documents.end());
    if (part->cut_document_line.has_value()) {
      file.warnings.push_back(
          absl::StrCat(Av(file_name), ":", *part->cut_document_line,
                       ": the remarks file ends inside a remark (cut short?); the ", total,
                       " complete remarks before it were read"));
    }
  }
  return file;
}

}  // namespace profdiff::llvm_remarks
