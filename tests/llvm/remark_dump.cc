// Prints every remark the LLVM remarks reader (src/load/llvm/remark_parser.h) reads from each file
// as one JSON line, for check_remarks_oracle.py to hold against an independent reader.
// Warnings go to stderr; an error ends the run with status 1.
// With --index, prints instead what the index of a file keeps of each remark (IndexDocuments,
// with its fast path for LLVM's own layout): {"function", "hotness", "starts": [[name, file,
// line]...]}, and on stderr how many documents took the fast path ("fast N of M").
// Usage: llvm_remark_dump [--threads N | --index] FILE...
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>

#include "load/llvm/remark_parser.h"

namespace {

using profdiff::llvm_remarks::DebugLoc;

void Json(std::string& out, std::string_view text) {
  out.push_back('"');
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out.push_back('\\');
      out.push_back(c);
    } else if (u < 0x20 || u == 0x7F) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04x", u);
      out.append(buffer);
    } else {
      out.push_back(c);
    }
  }
  out.push_back('"');
}

void Loc(std::string& out, const std::optional<DebugLoc>& loc) {
  if (!loc.has_value()) {
    out.append("null");
    return;
  }
  out.append("{\"file\":");
  Json(out, loc->file);
  out.append(",\"line\":" + std::to_string(loc->line) +
             ",\"column\":" + std::to_string(loc->column) + "}");
}

// The index's fields of every remark of `content`; false after an error.
bool PrintIndex(const std::string& content, const char* path) {
  using namespace profdiff::llvm_remarks;  // NOLINT
  std::string out;
  size_t documents = 0, fast = 0;
  auto cut =
      IndexDocuments(content, 0, content.size(), path, PiecePlace{},
                     [&](const RemarkIndexFields& fields, size_t begin, size_t end) {
                       ++documents;
                       RemarkIndexFields scanned;
                       if (ScanCanonicalRemark(content.data() + begin, content.data() + end,
                                               scanned) == content.data() + end) {
                         ++fast;
                       }
                       out.clear();
                       out.append("{\"function\":");
                       Json(out, fields.function);
                       out.append(",\"hotness\":");
                       out.append(fields.hotness >= 0 ? std::to_string(fields.hotness) : "null");
                       out.append(",\"starts\":[");
                       for (size_t k = 0; k < fields.starts.size(); ++k) {
                         if (k > 0) out.push_back(',');
                         out.push_back('[');
                         Json(out, fields.starts[k].name);
                         out.push_back(',');
                         Json(out, fields.starts[k].file);
                         out.append("," + std::to_string(fields.starts[k].line) + "]");
                       }
                       out.append("]}\n");
                       std::fwrite(out.data(), 1, out.size(), stdout);
                     });
  if (!cut.ok()) {
    std::cerr << cut.status().message() << "\n";
    return false;
  }
  std::cerr << "fast " << fast << " of " << documents << "\n";
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  size_t threads = 1;
  int first = 1;
  bool index = false;
  if (argc > 2 && std::strcmp(argv[1], "--threads") == 0) {
    threads = static_cast<size_t>(std::atoi(argv[2]));
    first = 3;
  } else if (argc > 1 && std::strcmp(argv[1], "--index") == 0) {
    index = true;
    first = 2;
  }
  for (int i = first; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::cerr << argv[i] << ": cannot be read\n";
      return 1;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string content = buffer.str();
    if (index) {
      if (!PrintIndex(content, argv[i])) return 1;
      continue;
    }
    auto file = profdiff::llvm_remarks::ParseRemarkFile(content, argv[i], threads);
    if (!file.ok()) {
      std::cerr << file.status().message() << "\n";
      return 1;
    }
    for (const std::string& warning : file->warnings) std::cerr << "warning: " << warning << "\n";
    std::string out;
    for (const auto& remark : file->remarks) {
      out.clear();
      out.append("{\"file\":");
      Json(out, argv[i]);
      out.append(",\"kind\":");
      Json(out, profdiff::llvm_remarks::RemarkKindName(remark.kind));
      out.append(",\"pass\":");
      Json(out, remark.pass);
      out.append(",\"name\":");
      Json(out, remark.name);
      out.append(",\"function\":");
      Json(out, remark.function);
      out.append(",\"loc\":");
      Loc(out, remark.loc);
      out.append(",\"hotness\":");
      out.append(remark.hotness.has_value() ? std::to_string(*remark.hotness) : "null");
      out.append(",\"args\":[");
      for (size_t a = 0; a < remark.args.size(); ++a) {
        if (a > 0) out.push_back(',');
        out.append("{\"key\":");
        Json(out, remark.args[a].key);
        out.append(",\"value\":");
        Json(out, remark.args[a].value);
        out.append(",\"loc\":");
        Loc(out, remark.args[a].loc);
        out.push_back('}');
      }
      out.append("]}\n");
      std::fwrite(out.data(), 1, out.size(), stdout);
    }
  }
  return 0;
}
