// The LLVM remarks reader (src/load/llvm/remark_parser.h) on hand-written YAML: the shapes LLVM
// writes, every quoting style, cut files, malformed documents and the formats it refuses. Real
// remarks of every installed clang are held against python3-yaml by llvm_remarks_oracle.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "load/llvm/remark_parser.h"

namespace profdiff::llvm_remarks {
namespace {

using ::testing::HasSubstr;

std::string Message(const absl::Status& status) { return std::string(status.message()); }

std::vector<Remark> ReadAll(std::string_view content) {
  absl::StatusOr<RemarkFile> file = ParseRemarkFile(content, "t.opt.yaml");
  EXPECT_TRUE(file.ok()) << Message(file.status());
  if (!file.ok()) return {};
  EXPECT_TRUE(file->warnings.empty()) << file->warnings.front();
  return file->remarks;
}

std::string ErrorOf(std::string_view content) {
  absl::StatusOr<RemarkFile> file = ParseRemarkFile(content, "t.opt.yaml");
  EXPECT_FALSE(file.ok());
  return file.ok() ? std::string() : Message(file.status());
}

// As clang 19 writes it (tests/llvm/programs/loops.c, -O2 with a profile).
constexpr std::string_view kInlined = R"(--- !Passed
Pass:            inline
Name:            AlwaysInline
DebugLoc:        { File: 'programs/loops.c', Line: 32, Column: 35 }
Function:        middle
Hotness:         6000
Args:
  - String:          ''''
  - Callee:          leaf
    DebugLoc:        { File: 'programs/loops.c', Line: 31, Column: 0 }
  - String:          ''' inlined into '''
  - Line:            '0'
...
)";

TEST(LlvmRemarkParserTest, ReadsTheShapeLlvmWrites) {
  std::vector<Remark> remarks = ReadAll(kInlined);
  ASSERT_EQ(remarks.size(), 1u);
  const Remark& r = remarks[0];
  EXPECT_EQ(r.kind, RemarkKind::kPassed);
  EXPECT_EQ(r.pass, "inline");
  EXPECT_EQ(r.name, "AlwaysInline");
  EXPECT_EQ(r.function, "middle");
  EXPECT_EQ(r.loc, (DebugLoc{"programs/loops.c", 32, 35}));
  EXPECT_EQ(r.hotness, 6000);
  ASSERT_EQ(r.args.size(), 4u);
  EXPECT_EQ(r.args[0], (RemarkArg{"String", "'", std::nullopt}));
  EXPECT_EQ(r.args[1], (RemarkArg{"Callee", "leaf", DebugLoc{"programs/loops.c", 31, 0}}));
  EXPECT_EQ(r.args[2], (RemarkArg{"String", "' inlined into '", std::nullopt}));
  EXPECT_EQ(r.args[3], (RemarkArg{"Line", "0", std::nullopt}));
}

TEST(LlvmRemarkParserTest, EveryKind) {
  std::string content;
  for (std::string_view tag :
       {"Passed", "Missed", "Analysis", "AnalysisFPCommute", "AnalysisAliasing", "Failure"}) {
    content += "--- !" + std::string(tag) + "\nPass: p\nName: n\nFunction: f\n...\n";
  }
  std::vector<Remark> remarks = ReadAll(content);
  ASSERT_EQ(remarks.size(), 6u);
  EXPECT_EQ(remarks[0].kind, RemarkKind::kPassed);
  EXPECT_EQ(remarks[1].kind, RemarkKind::kMissed);
  EXPECT_EQ(remarks[2].kind, RemarkKind::kAnalysis);
  EXPECT_EQ(remarks[3].kind, RemarkKind::kAnalysisFPCommute);
  EXPECT_EQ(remarks[4].kind, RemarkKind::kAnalysisAliasing);
  EXPECT_EQ(remarks[5].kind, RemarkKind::kFailure);
  for (const Remark& r : remarks) {
    EXPECT_FALSE(r.loc.has_value());
    EXPECT_FALSE(r.hotness.has_value());
    EXPECT_TRUE(r.args.empty());
  }
}

TEST(LlvmRemarkParserTest, QuotingAndEscapes) {
  std::vector<Remark> remarks = ReadAll(
      "--- !Missed\n"
      "Pass:            'gvn'\n"
      "Name:            \"Load\\tClobbered\"\n"
      "Function:        \"_Z1f\\x01\\u00e9\\U0001F600\\\\\\\"\\0\"\n"
      "Args:\n"
      "  - String:          ' not eliminated'\n"
      "  - Empty:           ''\n"
      "  - Newline:         \"\\n\"\n"
      "  - Type:            '%\"struct.std::pair\"*'\n"
      "  - 'Quoted Key':    plain value with spaces   # a comment\n"
      "  - Folded:          'one\n"
      "      two\n"
      "\n"
      "      three'\n"
      "  - Block:           |\n"
      "      first line\n"
      "        indented\n"
      "      last line\n"
      "  - After:           x\n"
      "...\n");
  ASSERT_EQ(remarks.size(), 1u);
  const Remark& r = remarks[0];
  EXPECT_EQ(r.pass, "gvn");
  EXPECT_EQ(r.name, "Load\tClobbered");
  EXPECT_EQ(r.function, std::string("_Z1f\x01\xc3\xa9\xf0\x9f\x98\x80\\\"\0", 14));
  ASSERT_EQ(r.args.size(), 8u);
  EXPECT_EQ(r.args[0].value, " not eliminated");
  EXPECT_EQ(r.args[1].value, "");
  EXPECT_EQ(r.args[2].value, "\n");
  EXPECT_EQ(r.args[3].value, "%\"struct.std::pair\"*");
  EXPECT_EQ(r.args[4].key, "Quoted Key");
  EXPECT_EQ(r.args[4].value, "plain value with spaces");
  EXPECT_EQ(r.args[5].value, "one two\nthree");
  EXPECT_EQ(r.args[6].value, "first line\n  indented\nlast line\n");
  EXPECT_EQ(r.args[7], (RemarkArg{"After", "x", std::nullopt}));
}

TEST(LlvmRemarkParserTest, DebugLocWrappedOverLinesAndInBlockStyle) {
  std::vector<Remark> remarks = ReadAll(
      "--- !Missed\n"
      "Pass:            gvn\n"
      "Name:            LoadClobbered\n"
      "DebugLoc:        { File: "
      "'/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/tuple', \n"
      "                   Line: 301, Column: 7 }\n"
      "Function:        main\n"
      "Args:\n"
      "- ClobberedBy:     store\n"
      "  DebugLoc:\n"
      "    File: a.h\n"
      "    Line: 1\n"
      "    Column: 2\n"
      "- String: x\n"
      "...\n");
  ASSERT_EQ(remarks.size(), 1u);
  EXPECT_EQ(
      remarks[0].loc,
      (DebugLoc{"/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/tuple", 301, 7}));
  ASSERT_EQ(remarks[0].args.size(), 2u);
  EXPECT_EQ(remarks[0].args[0], (RemarkArg{"ClobberedBy", "store", DebugLoc{"a.h", 1, 2}}));
  EXPECT_EQ(remarks[0].args[1], (RemarkArg{"String", "x", std::nullopt}));
}

TEST(LlvmRemarkParserTest, EmptyArgsInEveryForm) {
  std::vector<Remark> remarks = ReadAll(
      "--- !Analysis\nPass: a\nName: b\nFunction: c\nArgs: []\n...\n"
      "--- !Analysis\nPass: a\nName: b\nFunction: c\nArgs:\n...\n"
      "--- !Analysis\nPass: a\nName: b\nArgs:\nFunction: c\n...\n");
  ASSERT_EQ(remarks.size(), 3u);
  for (const Remark& r : remarks) {
    EXPECT_TRUE(r.args.empty());
    EXPECT_EQ(r.function, "c");
  }
}

TEST(LlvmRemarkParserTest, DocumentsWithoutEndMarkerBeforeAnotherStart) {
  std::vector<Remark> remarks = ReadAll(
      "# comment\n--- !Passed\nPass: a\nName: b\nFunction: c\n--- !Missed\nPass: d\nName: e\n"
      "Function: f\n...\n");
  ASSERT_EQ(remarks.size(), 2u);
  EXPECT_EQ(remarks[1].pass, "d");
}

// Every cut of a three-remark file: the remarks whose `...` is before the cut, and one warning
// naming the file and the line of the cut remark unless the cut falls between documents.
TEST(LlvmRemarkParserTest, CutAtEveryByte) {
  std::string content = std::string(kInlined) +
                        "--- !Missed\nPass: licm\nName: \"x\\ny\"\nFunction: 'g'\nArgs:\n"
                        "  - String: |\n      a\n      b\n...\n" +
                        std::string(kInlined);
  std::vector<Remark> all = ReadAll(content);
  ASSERT_EQ(all.size(), 3u);
  std::vector<size_t> ends;    // offset just past each "..."
  std::vector<size_t> starts;  // offset of each "---"
  std::vector<size_t> lines;   // line of each "---"
  size_t line = 1;
  for (size_t i = 0; i < content.size(); ++i) {
    if ((i == 0 || content[i - 1] == '\n') && content.compare(i, 3, "---") == 0) {
      starts.push_back(i);
      lines.push_back(line);
    }
    if ((i == 0 || content[i - 1] == '\n') && content.compare(i, 3, "...") == 0) {
      ends.push_back(i + 3);
    }
    if (content[i] == '\n') ++line;
  }
  ASSERT_EQ(ends.size(), 3u);
  for (size_t cut = 1; cut <= content.size(); ++cut) {
    SCOPED_TRACE("cut at " + std::to_string(cut));
    std::string_view part(content.data(), cut);
    size_t complete = 0;
    while (complete < ends.size() && ends[complete] <= cut) ++complete;
    size_t after = complete == 0 ? 0 : ends[complete - 1];
    bool inside = part.find_first_not_of(" \n", after) != std::string_view::npos;
    absl::StatusOr<RemarkFile> file = ParseRemarkFile(part, "cut.opt.yaml");
    ASSERT_TRUE(file.ok()) << Message(file.status());
    ASSERT_EQ(file->remarks.size(), complete);
    for (size_t i = 0; i < complete; ++i) EXPECT_EQ(file->remarks[i], all[i]);
    if (!inside) {
      EXPECT_TRUE(file->warnings.empty());
      continue;
    }
    ASSERT_EQ(file->warnings.size(), 1u);
    EXPECT_EQ(file->warnings[0], "cut.opt.yaml:" + std::to_string(lines[complete]) +
                                     ": the remarks file ends inside a remark (cut short?); the " +
                                     std::to_string(complete) +
                                     " complete remarks before it were read");
  }
}

TEST(LlvmRemarkParserTest, MalformedDocumentsGiveLineAndColumn) {
  const std::string head = "--- !Passed\nPass: a\nName: b\nFunction: c\n";
  EXPECT_THAT(ErrorOf(head + "...\n--- !Maybe\nPass: a\n...\n"),
              HasSubstr("t.opt.yaml:6:5: expected a remark tag (!Passed"));
  EXPECT_EQ(ErrorOf(head + "DebugLoc: { File: a, Line: x1, Column: 2 }\n...\n"),
            "t.opt.yaml:5:28: expected a non-negative integer");
  EXPECT_EQ(ErrorOf(head + "Hotness: 99999999999999999999\n...\n"),
            "t.opt.yaml:5:10: expected an integer up to 9223372036854775807");
  EXPECT_EQ(ErrorOf(head + "Args:\n  - String: 'open\n...\n"),
            "t.opt.yaml:6:13: expected the closing ' of this string");
  EXPECT_EQ(ErrorOf(head + "Colour: red\n...\n"),
            "t.opt.yaml:5:1: expected Pass, Name, DebugLoc, Function, Hotness or Args");
  EXPECT_EQ(ErrorOf(head + "DebugLoc: { File: a, Line: 1 }\n...\n"),
            "t.opt.yaml:5:11: expected File, Line and Column in a DebugLoc");
  EXPECT_EQ(ErrorOf(head + "Args:\n  - String: a\n    Other: b\n...\n"),
            "t.opt.yaml:7:5: expected one key and value per argument (and a DebugLoc)");
  EXPECT_EQ(ErrorOf(head + "Args:\n  - String: a\n   - String: b\n...\n"),
            "t.opt.yaml:7:4: expected the next argument (\"- \" at column 3) or the end of Args");
  EXPECT_EQ(ErrorOf("--- !Passed\nPass: a\nName: b\n...\n"),
            "t.opt.yaml:1:1: expected Pass, Name and Function in every remark");
  EXPECT_EQ(ErrorOf("--- !Passed\nPass: a\nName: \"\\q\"\nFunction: c\n...\n"),
            "t.opt.yaml:3:8: expected a YAML escape (\\n, \\t, \\\\, \\\", \\xXX, \\uXXXX, ...)");
  EXPECT_EQ(ErrorOf(head + "...\nnot a document\n"),
            "t.opt.yaml:6:1: expected '---', the start of a remark");
}

TEST(LlvmRemarkParserTest, RefusesWhatIsNotYamlRemarks) {
  EXPECT_THAT(ErrorOf(std::string("RMRK\x01\x02", 6)),
              HasSubstr("-fsave-optimization-record=yaml"));
  EXPECT_THAT(ErrorOf(std::string("RMRK\x01\x02", 6)), HasSubstr("t.opt.yaml: LLVM bitstream"));
  EXPECT_THAT(ErrorOf(std::string("REMARKS\0\1\0\0\0", 12)), HasSubstr("string table"));
  EXPECT_THAT(ErrorOf(""), HasSubstr("t.opt.yaml: empty: expected LLVM optimization remarks"));
  EXPECT_THAT(ErrorOf("\n# nothing\n"), HasSubstr("empty"));
  EXPECT_THAT(ErrorOf("{\"json\": true}\n"), HasSubstr("expected LLVM optimization remarks"));
}

// Pieces of whole documents, parsed apart, read what the whole file reads, with the file's lines.
TEST(LlvmRemarkParserTest, SplitPiecesParseIndependently) {
  std::string content;
  for (int i = 0; i < 50; ++i) {
    content += "--- !Missed\nPass: gvn\nName: n" + std::to_string(i) +
               "\nFunction: f\nArgs:\n  - String: '--- not a start'\n...\n";
  }
  std::vector<Remark> whole = ReadAll(content);
  ASSERT_EQ(whole.size(), 50u);
  for (size_t pieces : {1u, 2u, 3u, 7u, 64u}) {
    std::vector<std::pair<size_t, size_t>> ranges = SplitDocuments(content, pieces);
    ASSERT_FALSE(ranges.empty());
    EXPECT_LE(ranges.size(), pieces);
    EXPECT_EQ(ranges.front().first, 0u);
    EXPECT_EQ(ranges.back().second, content.size());
    std::vector<Remark> joined;
    for (size_t i = 0; i < ranges.size(); ++i) {
      if (i > 0) {
        EXPECT_EQ(ranges[i].first, ranges[i - 1].second);
      }
      EXPECT_EQ(content.compare(ranges[i].first, 4, "--- "), 0);
      absl::StatusOr<ParsedRemarks> part =
          ParseDocuments(content, ranges[i].first, ranges[i].second, "t");
      ASSERT_TRUE(part.ok()) << Message(part.status());
      EXPECT_FALSE(part->cut_document_line.has_value());
      joined.insert(joined.end(), part->remarks.begin(), part->remarks.end());
    }
    EXPECT_EQ(joined, whole);
    absl::StatusOr<RemarkFile> threaded = ParseRemarkFile(content, "t", pieces);
    ASSERT_TRUE(threaded.ok());
    EXPECT_EQ(threaded->remarks, whole);
  }
  // An error in a later piece has the line of the whole file.
  std::string bad = content + "--- !Passed\nPass: a\nName: b\nFunction: c\nHotness: -1\n...\n";
  absl::StatusOr<RemarkFile> file = ParseRemarkFile(bad, "t", 4);
  ASSERT_FALSE(file.ok());
  EXPECT_EQ(Message(file.status()),
            "t:" + std::to_string(50 * 7 + 5) + ":10: expected a non-negative integer");
}

}  // namespace
}  // namespace profdiff::llvm_remarks
