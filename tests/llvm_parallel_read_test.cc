// Reading LLVM remarks in pieces on several threads (src/load/llvm/remark_pieces.h,
// llvm_log.cc, profdiff/support/ordered_pipeline.h): the log, its warnings and its errors do not
// depend on the number of threads or on where the files are cut into pieces.

#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "load/input_stream.h"
#include "load/llvm/llvm_log.h"
#include "load/llvm/remark_pieces.h"
#include "profdiff/support/ordered_pipeline.h"
#include "test_util.h"

namespace profdiff {
namespace {

using test::TempDir;

// `count` remarks of a few functions, in the shapes clang writes (inline remarks with their
// Callee and Caller positions, gvn with a wrapped DebugLoc), some documents ended by the next
// `---` rather than `...`, with comments and blank lines between some.
std::string Remarks(int count, int salt) {
  std::string text = "# remarks\n";
  for (int i = 0; i < count; ++i) {
    const std::string function = absl::StrCat("_ZN2ns4funcEi", (i * 7 + salt) % 13);
    const std::string callee = absl::StrCat("callee_", (i * 5 + salt) % 9);
    if (i % 4 == 0) {
      absl::StrAppend(&text, "--- !Passed\nPass:            inline\nName:            Inlined\n",
                      "DebugLoc:        { File: 'a.cc', Line: ", 10 + i % 50,
                      ", Column: 3 }\nFunction:        ", function, "\n");
      if (i % 3 != 0) absl::StrAppend(&text, "Hotness:         ", (i * 37) % 1000, "\n");
      absl::StrAppend(&text, "Args:\n  - Callee:          ", callee,
                      "\n    DebugLoc:        { File: 'a.cc', Line: ", 100 + (i * 5 + salt) % 9,
                      ", Column: 0 }\n  - String:          ''' inlined into '''\n",
                      "  - Caller:          ", function,
                      "\n    DebugLoc:        { File: 'a.cc', Line: ", 5 + (i * 7 + salt) % 13,
                      ", Column: 0 }\n  - String:          ' at callsite '\n",
                      "  - String:          ", function, "\n  - String:          ':'\n",
                      "  - Line:            '", 1 + i % 9,
                      "'\n  - String:          ':'\n  - Column:          '4'\n",
                      "  - String:          ';'\n");
    } else {
      absl::StrAppend(&text, "--- !Missed\nPass:            gvn\nName:            LoadClobbered\n",
                      "DebugLoc:        { File: '/usr/lib/gcc/x86_64-linux-gnu/12/../../../../",
                      "include/c++/12/bits/stl_vector.h', \n                   Line: ", i % 300,
                      ", Column: 7 }\nFunction:        ", function, "\n");
      if (i % 5 != 0) absl::StrAppend(&text, "Hotness:         ", (i * 91) % 5000, "\n");
      absl::StrAppend(&text, "Args:\n  - String:          'load of type '\n",
                      "  - Type:            i32\n  - String:          ' not eliminated'\n");
    }
    if (i % 7 != 3) text += "...\n";  // else the next `---` ends it
    if (i % 11 == 0) text += "\n# between documents\n";
  }
  return text;
}

// What a loaded log is, as text: every unit and its index entry, the warnings.
std::string Describe(const absl::StatusOr<OptimizationLog>& log,
                     const std::vector<std::string>& warnings) {
  std::string text;
  for (const std::string& warning : warnings) absl::StrAppend(&text, "warning ", warning, "\n");
  if (!log.ok()) return absl::StrCat(text, "error ", log.status().message(), "\n");
  const LlvmRemarkIndex& index = *log->llvm;
  absl::StrAppend(&text, "remarks ", index.remarks, " hotness ", index.hotness, "\n");
  for (size_t u = 0; u < log->units.size(); ++u) {
    const UnitRecord& unit = log->units[u];
    const LlvmRemarkIndex::Unit& entry = index.units[u];
    absl::StrAppend(&text, unit.file, " ", unit.method_name, " ", unit.compilation_id, " ",
                    unit.offset, " ", unit.length, " ", entry.hotness, " ",
                    entry.start.has_value() ? entry.start->line : -1, ":");
    for (const LlvmRemarkIndex::Document& document : entry.documents) {
      absl::StrAppend(&text, " ", document.offset, "+", document.length, "#", document.order);
    }
    text += "\n";
  }
  for (const auto& starts : index.starts) {
    for (const auto& start : starts) {
      absl::StrAppend(&text, "start ", std::string(start.mangled), " ", start.start.file.str(), ":",
                      start.start.line, "\n");
    }
  }
  return text;
}

std::string Load(const std::string& path, unsigned threads, size_t piece_bytes) {
  std::vector<std::string> warnings;
  absl::StatusOr<OptimizationLog> log = LoadLlvmRemarks(
      path, 1, [&](std::string_view line) { warnings.emplace_back(line); }, LogCounting::kNone,
      nullptr, LlvmReadOptions{threads, piece_bytes});
  return Describe(log, warnings);
}

// Loads `path` with one thread in one piece per file, then with 2 and 3 threads in pieces of
// several sizes, and expects the same each time.
void ExpectSameWhateverTheThreads(const std::string& path, const std::string& must_contain) {
  const std::string expected = Load(path, 1, size_t{64} << 20);
  EXPECT_NE(expected.find(must_contain), std::string::npos) << expected;
  for (unsigned threads : {1u, 2u, 3u}) {
    for (size_t piece_bytes : {size_t{64}, size_t{700}, size_t{4096}, size_t{4} << 20}) {
      EXPECT_EQ(Load(path, threads, piece_bytes), expected)
          << threads << " threads, pieces of " << piece_bytes << " bytes";
    }
  }
}

TEST(LlvmParallelRead, OneBigFileGivesTheSameLogWhateverTheThreadsAndPieces) {
  TempDir dir;
  const std::string file = dir.Write("big.opt.yaml", Remarks(600, 1));
  ExpectSameWhateverTheThreads(file, "remarks 600 hotness 1");
}

TEST(LlvmParallelRead, ADirectoryGivesTheSameLogWhateverTheThreadsAndPieces) {
  TempDir dir;
  dir.Write("a/one.opt.yaml", Remarks(120, 2));
  dir.Write("a/empty.opt.yaml", "");
  dir.Write("b/two.opt.yaml", Remarks(300, 3));
  dir.Write("c/three.opt.yaml", Remarks(5, 4));
  ExpectSameWhateverTheThreads(dir.path(), "remarks 425 hotness 1");
}

TEST(LlvmParallelRead, ACutFileWarnsWithTheFilesLineWhateverThePieces) {
  TempDir dir;
  std::string text = Remarks(200, 5);
  const size_t last = text.rfind("--- !");
  text.resize(last + 40);  // inside the last document
  const std::string file = dir.Write("cut.opt.yaml", text);
  const size_t line = 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + last, '\n'));
  ExpectSameWhateverTheThreads(
      file, absl::StrCat("cut.opt.yaml:", line, ": the remarks file ends inside a remark"));
}

TEST(LlvmParallelRead, AMalformedRemarkFarIntoTheFileIsReportedAtItsLine) {
  TempDir dir;
  std::string text = Remarks(300, 6);
  const size_t at = text.find("Pass:            gvn", text.size() / 2);
  text.replace(at, 4, "Pas$");
  const std::string file = dir.Write("bad.opt.yaml", text);
  const size_t line = 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + at, '\n'));
  ExpectSameWhateverTheThreads(file, absl::StrCat("bad.opt.yaml:", line, ":1: expected"));
}

TEST(RemarkPieceReader, PiecesAreWholeDocumentsThatMakeUpTheFile) {
  TempDir dir;
  const std::string text = Remarks(100, 7);
  const std::string file = dir.Write("r.opt.yaml", text);
  for (size_t piece_bytes : {size_t{64}, size_t{1000}, size_t{1} << 20}) {
    absl::StatusOr<InputStream> stream = InputStream::Open(file);
    ASSERT_TRUE(stream.ok());
    RemarkPieceReader reader(&*stream, piece_bytes);
    std::string joined;
    int pieces = 0;
    while (std::optional<RemarkPiece> piece = reader.Next()) {
      EXPECT_EQ(piece->offset, joined.size());
      if (piece->offset > 0) {
        EXPECT_TRUE(piece->text().starts_with("--- !")) << piece->offset;
      }
      joined += piece->text();
      ++pieces;
      if (piece->ends_file) {
        EXPECT_FALSE(reader.Next().has_value());
        break;
      }
    }
    EXPECT_EQ(joined, text);
    if (piece_bytes < 1000) {
      EXPECT_GT(pieces, 50);
    }
    if (piece_bytes > text.size()) {
      EXPECT_EQ(pieces, 1);
    }
  }
}

TEST(RemarkPieceReader, AnEmptyFileIsOneEmptyPiece) {
  TempDir dir;
  absl::StatusOr<InputStream> stream = InputStream::Open(dir.Write("e.opt.yaml", ""));
  ASSERT_TRUE(stream.ok());
  RemarkPieceReader reader(&*stream, 4096);
  std::optional<RemarkPiece> piece = reader.Next();
  ASSERT_TRUE(piece.has_value());
  EXPECT_EQ(piece->size, 0u);
  EXPECT_TRUE(piece->ends_file);
  EXPECT_FALSE(reader.Next().has_value());
}

TEST(PipelineInOrder, ConsumesInTheSourcesOrderAndStopsWhenAsked) {
  for (unsigned threads : {1u, 2u, 4u}) {
    int made = 0;
    std::vector<int> seen;
    PipelineInOrder<int, int>(
        threads, 3,
        [&]() -> std::optional<int> {
          if (made == 200) return std::nullopt;
          return made++;
        },
        [](int& item) {
          // Uneven work, so that later items often finish first.
          volatile int spin = 0;
          for (int i = 0; i < (item % 5) * 20000; ++i) spin = spin + 1;
          return item * 2;
        },
        [&](int& result) {
          seen.push_back(result);
          return seen.size() < 150;
        });
    ASSERT_EQ(seen.size(), 150u) << threads;
    for (int i = 0; i < 150; ++i) EXPECT_EQ(seen[static_cast<size_t>(i)], 2 * i) << threads;
    EXPECT_LE(made, 150 + 4) << "the source ran far ahead of the consumer";
  }
}

}  // namespace
}  // namespace profdiff
