// Optimization-log directories whose files are gzip- or zstd-compressed load exactly like plain
// ones, and their units' trees are read again from the decompressed copy, or, without one, by
// decompressing again (docs/robustness.md, "Compressed logs").

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "compression.h"
#include "profdiff/load/optimization_log.h"

namespace profdiff {
namespace {

namespace fs = std::filesystem;
using testing::GzipCompress;
using testing::ZstdCompress;

std::string Record(const std::string& method, int id, int calls) {
  std::string children;
  for (int i = 0; i < calls; ++i) {
    children += std::string(i > 0 ? "," : "") + "{\"methodName\":\"c.C.m" + std::to_string(i) +
                "()\",\"callsiteBci\":" + std::to_string(i) +
                R"(,"inlined":true,"indirect":false,"alive":true})";
  }
  return R"({"methodName":")" + method + R"(","compilationId":")" + std::to_string(id) +
         R"(","inliningTree":{"methodName":")" + method +
         R"(","callsiteBci":-1,"inlined":false,"indirect":false,"alive":false,"invokes":[)" +
         children + R"(]},"optimizationTree":{"phaseName":"RootPhase","optimizations":[]}})";
}

// Lines of records, with an invalid line and a CRLF among them.
std::string LogText(int first_id, int count) {
  std::string text;
  for (int i = 0; i < count; ++i) {
    text += Record("a.B.m" + std::to_string(i % 17) + "()", first_id + i, i % 40);
    text += i % 50 == 7 ? "\r\n" : "\n";
    if (i % 100 == 42) text += "{\"not a unit\"\n";
  }
  return text;
}

class CompressedLogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "profdiff_compressed_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    const char* tmpdir = std::getenv("TMPDIR");
    if (tmpdir != nullptr) saved_tmpdir_ = tmpdir;
  }
  void TearDown() override {
    if (saved_tmpdir_.has_value()) {
      setenv("TMPDIR", saved_tmpdir_->c_str(), 1);
    } else {
      unsetenv("TMPDIR");
    }
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }
  void Write(const std::string& path, const std::string& bytes) {
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  }
  absl::StatusOr<OptimizationLog> Load(const std::string& directory) {
    warnings_.clear();
    return LoadOptimizationLog(directory, 1,
                               [this](std::string_view line) { warnings_.emplace_back(line); });
  }
  // The same log three ways: `plain/`, and `packed/` with its files plain, gzip (3 members),
  // zstd (2 frames) and gzip again.
  void WriteLogs() {
    for (int f = 0; f < 4; ++f) {
      texts_.push_back(LogText(f * 1000, 150 + f * 60));
      const std::string name = "/" + std::to_string(f);
      Write(root_ + "/plain" + name, texts_.back());
      const std::string packed = f == 0   ? texts_.back()
                                 : f == 2 ? ZstdCompress(texts_.back(), 2)
                                          : GzipCompress(texts_.back(), f == 1 ? 3 : 1);
      Write(root_ + "/packed" + name, packed);
    }
  }
  // Every unit of `log` loads the trees it loads from the plain log.
  void ExpectSameTrees(const OptimizationLog& plain, const OptimizationLog& packed) {
    ASSERT_EQ(plain.units.size(), packed.units.size());
    for (size_t i = 0; i < plain.units.size(); ++i) {
      absl::StatusOr<RecordTrees> a = LoadUnitTrees(plain, plain.units[i], 1);
      absl::StatusOr<RecordTrees> b = LoadUnitTrees(packed, packed.units[i], 1);
      ASSERT_TRUE(a.ok()) << a.status();
      ASSERT_TRUE(b.ok()) << b.status();
      EXPECT_EQ(a->inlining_tree.nodes.size(), b->inlining_tree.nodes.size()) << i;
      EXPECT_EQ(a->optimization_tree.nodes.size(), b->optimization_tree.nodes.size()) << i;
    }
  }

  std::string root_;
  std::optional<std::string> saved_tmpdir_;
  std::vector<std::string> texts_;
  std::vector<std::string> warnings_;
};

TEST_F(CompressedLogTest, LoadsLikeThePlainLog) {
  WriteLogs();
  absl::StatusOr<OptimizationLog> plain = Load(root_ + "/plain");
  ASSERT_TRUE(plain.ok()) << plain.status();
  std::vector<std::string> plain_warnings = warnings_;
  absl::StatusOr<OptimizationLog> packed = Load(root_ + "/packed");
  ASSERT_TRUE(packed.ok()) << packed.status();
  // The same warnings but for the directory's name.
  ASSERT_EQ(warnings_.size(), plain_warnings.size());
  ASSERT_FALSE(warnings_.empty());
  for (size_t i = 0; i < warnings_.size(); ++i) {
    std::string expected = plain_warnings[i];
    expected.replace(expected.find("/plain/"), 7, "/packed/");
    EXPECT_EQ(warnings_[i], expected);
  }
  ASSERT_EQ(packed->units.size(), plain->units.size());
  for (size_t i = 0; i < plain->units.size(); ++i) {
    const UnitRecord& a = plain->units[i];
    const UnitRecord& b = packed->units[i];
    EXPECT_EQ(a.method_name, b.method_name);
    EXPECT_EQ(a.compilation_id, b.compilation_id);
    EXPECT_EQ(a.file, b.file);
    EXPECT_EQ(a.offset, b.offset);  // offsets in the decompressed content
    EXPECT_EQ(a.length, b.length);
  }
  ASSERT_EQ(packed->contents.size(), 4u);
  EXPECT_FALSE(packed->contents[0].compressed);
  EXPECT_EQ(packed->contents[0].copy, nullptr);
  for (size_t f = 1; f < 4; ++f) {
    EXPECT_TRUE(packed->contents[f].compressed) << f;
    EXPECT_NE(packed->contents[f].copy, nullptr) << f;
  }
  ExpectSameTrees(*plain, *packed);
}

// Without temporary space, a unit's record is found by decompressing the file again.
TEST_F(CompressedLogTest, WithoutATemporaryCopyDecompressesAgain) {
  WriteLogs();
  setenv("TMPDIR", (root_ + "/no-such-directory").c_str(), 1);
  absl::StatusOr<OptimizationLog> plain = Load(root_ + "/plain");
  absl::StatusOr<OptimizationLog> packed = Load(root_ + "/packed");
  ASSERT_TRUE(plain.ok() && packed.ok());
  for (size_t f = 1; f < 4; ++f) {
    EXPECT_TRUE(packed->contents[f].compressed) << f;
    EXPECT_EQ(packed->contents[f].copy, nullptr) << f;
  }
  ExpectSameTrees(*plain, *packed);

  // The file cut short since: said as for a plain file, with the content's offset.
  const UnitRecord& last = packed->units.back();
  const std::string file = root_ + "/packed/3";
  Write(file, GzipCompress(texts_[3].substr(0, last.offset + 10)));
  absl::StatusOr<RecordTrees> trees = LoadUnitTrees(*packed, last, 2);
  ASSERT_FALSE(trees.ok());
  EXPECT_EQ(std::string(trees.status().message()),
            "Failed to parse experiment 2 in " + file +
                ": the file changed since it was read: the record at byte offset " +
                std::to_string(last.offset) + " of its content is cut short");
}

// A compressed file cut off mid-record (a service killed while writing): the complete records
// before the cut, the cut-off line as an invalid unit, and a warning naming the file and the
// compressed byte offset where its data ends.
TEST_F(CompressedLogTest, CutOffCompressedFile) {
  const std::string text = LogText(0, 300);
  for (bool gzip : {true, false}) {
    const std::string packed = gzip ? GzipCompress(text) : ZstdCompress(text);
    const size_t cut = packed.size() * 2 / 3;
    const std::string file = root_ + "/cut/log";
    Write(file, packed.substr(0, cut));
    absl::StatusOr<OptimizationLog> log = Load(root_ + "/cut");
    ASSERT_TRUE(log.ok()) << log.status();
    ASSERT_GE(warnings_.size(), 2u);
    EXPECT_EQ(warnings_.back(), "Warning: " + file + ": " + (gzip ? "gzip" : "zstd") +
                                    " data ends early at byte offset " + std::to_string(cut) +
                                    ": the file is cut short (what came before it was read)");
    EXPECT_EQ(warnings_[warnings_.size() - 2].rfind(
                  "Warning: Invalid compilation unit: " + file + ":", 0),
              0u)
        << warnings_[warnings_.size() - 2];
    EXPECT_GT(log->units.size(), 100u);
    EXPECT_LT(log->units.size(), 300u);
    for (const UnitRecord& unit : log->units) {
      EXPECT_TRUE(LoadUnitTrees(*log, unit, 1).ok()) << unit.compilation_id;
    }
  }
}

}  // namespace
}  // namespace profdiff
