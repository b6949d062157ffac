// The fast path of indexing remarks (src/load/llvm/canonical_remark.h) against the full parser:
// IndexDocuments with and without it must hand over the same fields of the same documents and
// fail with the same message on every input. Real remarks of clang 14 and 19
// (fixtures/llvm-example) all take the fast path; documents out of LLVM's layout take the
// parser's; and every one-byte change of real documents gives the same result both ways.

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "load/llvm/canonical_remark.h"
#include "load/llvm/remark_parser.h"
#include "test_util.h"

namespace profdiff::llvm_remarks {
namespace {

// One visit, with the views copied.
struct Visit {
  std::string function;
  int64_t hotness = -1;
  std::vector<std::string> starts;  // "name file:line"
  size_t begin = 0;
  size_t end = 0;
  friend bool operator==(const Visit&, const Visit&) = default;
};

struct Indexed {
  std::vector<Visit> visits;
  std::string outcome;  // "cut at N", "whole" or the error
  friend bool operator==(const Indexed&, const Indexed&) = default;
};

Indexed Index(std::string_view content, bool fast, size_t first_line = 1, bool ends_file = true) {
  Indexed indexed;
  absl::StatusOr<std::optional<size_t>> cut = IndexDocuments(
      content, 0, content.size(), "t.opt.yaml", PiecePlace{first_line, ends_file},
      [&](const RemarkIndexFields& fields, size_t begin, size_t end) {
        Visit visit{std::string(fields.function), fields.hotness, {}, begin, end};
        for (const FunctionStartArg& start : fields.starts) {
          visit.starts.push_back(std::string(start.name) + " " + std::string(start.file) + ":" +
                                 std::to_string(start.line));
        }
        indexed.visits.push_back(std::move(visit));
      },
      fast);
  if (!cut.ok()) {
    indexed.outcome = std::string(cut.status().message());
  } else {
    indexed.outcome = cut->has_value() ? "cut at " + std::to_string(**cut) : "whole";
  }
  return indexed;
}

// The documents of content: [begin, end) of each `---` line to the next.
std::vector<std::string_view> Documents(std::string_view content) {
  std::vector<std::string_view> documents;
  size_t at = content.starts_with("---") ? 0 : content.find("\n---");
  while (at != std::string_view::npos) {
    if (content[at] == '\n') ++at;
    size_t next = content.find("\n---", at);
    documents.push_back(content.substr(
        at, next == std::string_view::npos ? std::string_view::npos : next + 1 - at));
    at = next;
  }
  return documents;
}

std::vector<std::string> FixtureFiles() {
  const std::string dir = test::SourceDir() + "/fixtures/llvm-example/";
  std::vector<std::string> files;
  for (const char* build :
       {"clang-14/O2", "clang-14/O3", "clang-19/O2", "clang-19/O3", "clang-19/O2-pgo"}) {
    files.push_back(test::ReadFile(dir + build + "/kernels.opt.yaml"));
  }
  return files;
}

TEST(LlvmRemarkIndexTest, RealRemarksTakeTheFastPathAndIndexAsTheParserDoes) {
  size_t documents = 0, with_starts = 0, with_hotness = 0;
  for (const std::string& file : FixtureFiles()) {
    ASSERT_FALSE(file.empty());
    for (std::string_view document : Documents(file)) {
      RemarkIndexFields fields;
      const char* after =
          ScanCanonicalRemark(document.data(), document.data() + document.size(), fields);
      EXPECT_EQ(after, document.data() + document.size()) << document;
      ++documents;
      with_starts += fields.starts.empty() ? 0 : 1;
      with_hotness += fields.hotness >= 0 ? 1 : 0;
    }
    const Indexed fast = Index(file, true);
    EXPECT_EQ(fast.outcome, "whole");
    EXPECT_EQ(fast, Index(file, false));
  }
  // The fixture has inlining remarks (Callee and Caller with their lines) and a profiled build.
  EXPECT_GT(documents, 100u);
  EXPECT_GT(with_starts, 10u);
  EXPECT_GT(with_hotness, 10u);
}

// Readable by the parser, but not in the layout LLVM writes: the fast path must give each up.
TEST(LlvmRemarkIndexTest, OtherLayoutsAreLeftToTheParser) {
  const std::string base =
      "--- !Passed\nPass:            inline\nName:            Inlined\n"
      "DebugLoc:        { File: 'a.c', Line: 4, Column: 3 }\nFunction:        f\n"
      "Hotness:         7\nArgs:\n  - Callee:          g\n"
      "    DebugLoc:        { File: 'a.c', Line: 1, Column: 0 }\n  - String:          x\n...\n";
  RemarkIndexFields fields;
  ASSERT_NE(ScanCanonicalRemark(base.data(), base.data() + base.size(), fields), nullptr);
  EXPECT_EQ(fields.function, "f");
  EXPECT_EQ(fields.hotness, 7);
  ASSERT_EQ(fields.starts.size(), 1u);
  EXPECT_EQ(fields.starts[0], (FunctionStartArg{"g", "a.c", 1}));
  const std::vector<std::pair<std::string, std::string>> variants = {
      {"Function:        f\n", "Function:        f   \n"},        // trailing blanks
      {"Function:        f\n", "Function:        f # c\n"},       // a comment
      {"Function:        f\n", "Function:        'it''s'\n"},     // a doubled quote, kept
      {"Function:        f\n", "Function:        \"f\\x41\"\n"},  // another escape
      {"Function:        f\n", "Function:        >\n  f\n"},      // a block scalar
      {"Hotness:         7\n", "Hotness:         '7'\n"},         // a quoted number
      {"Hotness:         7\n", "Hotness:         0000000000000000007\n"},
      {"Name:            Inlined\n", "Name:            Inlined\nName:            Again\n"},
      {"Name:            Inlined\n", "Name:            Inlined\n\n"},  // a blank line
      {"Name:            Inlined\n", "Name:            Inlined\r\n"},
      {"--- !Passed\n", "--- !Passed   \n"},
      {"\n...\n", "\n"},  // no end line (the last document of the file: cut short)
      {"Args:\n", "Args:   \n"},
      {"{ File: 'a.c', Line: 4, Column: 3 }", "{File: 'a.c', Line: 4, Column: 3}"},
      {"{ File: 'a.c', Line: 4, Column: 3 }", "\n  File: 'a.c'\n  Line: 4\n  Column: 3"},
      {"  - String:          x\n",
       "  - String:          x\n    DebugLoc:        { File: 'a', "
       "Line: 1, Column: 1 }\n    DebugLoc:        { File: 'b', "
       "Line: 2, Column: 2 }\n"},
  };
  for (const auto& [from, to] : variants) {
    std::string variant = base;
    const size_t at = variant.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    variant.replace(at, from.size(), to);
    RemarkIndexFields scanned;
    EXPECT_EQ(ScanCanonicalRemark(variant.data(), variant.data() + variant.size(), scanned),
              nullptr)
        << variant;
    EXPECT_EQ(Index(variant, true), Index(variant, false)) << variant;
  }
}

// LLVM's own variations, read on the fast path: a DebugLoc broken past column 70, double quotes
// with \n, doubled quotes in arguments, keys in another order.
TEST(LlvmRemarkIndexTest, LlvmsOwnVariationsAreRead) {
  const std::string content =
      "--- !Analysis\nPass:            asm-printer\nName:            InstructionMix\n"
      "Function:        'quoted name'\nArgs:\n  - String:          \"\\n\"\n"
      "  - String:          ''''\n  - Caller:          \"h\"\n"
      "    DebugLoc:        { File: '/a/very/long/path/that/makes/the/line/longer/than.h', \n"
      "                       Line: 66, Column: 16 }\n...\n"
      "--- !Missed\nFunction:        g\nName:            N\nPass:            p\n...\n";
  const Indexed fast = Index(content, true);
  EXPECT_EQ(fast, Index(content, false));
  ASSERT_EQ(fast.visits.size(), 2u);
  EXPECT_EQ(fast.visits[0].function, "quoted name");
  EXPECT_EQ(fast.visits[0].starts,
            std::vector<std::string>{"h /a/very/long/path/that/makes/the/line/longer/than.h:66"});
  EXPECT_EQ(fast.visits[1].function, "g");
  for (std::string_view document : Documents(content)) {
    RemarkIndexFields fields;
    EXPECT_NE(ScanCanonicalRemark(document.data(), document.data() + document.size(), fields),
              nullptr)
        << document;
  }
}

// Every byte of real documents replaced by one of the bytes the two readers look at, or removed:
// both ways give the same visits, the same cut and the same error.
TEST(LlvmRemarkIndexTest, EveryOneByteChangeIndexesAsTheParserDoes) {
  const std::string file = FixtureFiles()[4];  // clang 19 with a profile
  std::string sample;
  for (std::string_view document : Documents(file)) {
    // An inlining remark, a remark with a DebugLoc in an argument, and a plain one.
    if (sample.size() > 1500) break;
    if (document.find("Caller:") != std::string_view::npos || sample.empty() ||
        document.find("    DebugLoc:") != std::string_view::npos) {
      sample += document;
    }
  }
  ASSERT_GT(sample.size(), 500u);
  const std::string bytes = std::string(" \t\n\r:#'\"\\{},[]-.!|>0a") + '\0';
  size_t changes = 0;
  for (size_t i = 0; i < sample.size(); ++i) {
    for (char b : bytes) {
      if (sample[i] == b) continue;
      std::string changed = sample;
      changed[i] = b;
      ASSERT_EQ(Index(changed, true), Index(changed, false)) << changed;
      ++changes;
    }
    std::string removed = sample;
    removed.erase(i, 1);
    ASSERT_EQ(Index(removed, true), Index(removed, false)) << removed;
    // A piece that does not end the file, seen from its 10th line on.
    ASSERT_EQ(Index(removed, true, 10, false), Index(removed, false, 10, false)) << removed;
  }
  EXPECT_GT(changes, 10000u);
}

}  // namespace
}  // namespace profdiff::llvm_remarks
