#include "profdiff/load/optimization_log.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "load/graal/log_line_reader.h"
#include "test_paths.h"

namespace profdiff {
namespace {

namespace fs = std::filesystem;

// A valid record of a unit `method` with compilation ID `id`.
std::string Record(const std::string& method, const std::string& id) {
  return R"({"methodName":")" + method + R"(","compilationId":")" + id +
         R"(","inliningTree":{"methodName":")" + method +
         R"(","callsiteBci":-1,"inlined":false,"indirect":false,"alive":false},)"
         R"("optimizationTree":{"phaseName":"RootPhase","optimizations":[]}})";
}

class OptimizationLogTest : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "profdiff_log_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    dir_ = root_ + "/log";
    fs::create_directory(dir_);
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }

  void Write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ + "/" + name, std::ios::binary) << text;
  }

  // Loads `directory` (default: the test's log directory), collecting the warnings.
  absl::StatusOr<OptimizationLog> Load(std::string directory = "") {
    warnings_.clear();
    return LoadOptimizationLog(directory.empty() ? dir_ : directory, 1,
                               [this](std::string_view line) { warnings_.emplace_back(line); });
  }

  // The text a unit's record occupies in its file.
  static std::string RecordText(const OptimizationLog& log, const UnitRecord& unit) {
    std::ifstream in(log.files[unit.file], std::ios::binary);
    std::string text(unit.length, '\0');
    in.seekg(static_cast<std::streamoff>(unit.offset));
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    return text;
  }

  // Every unit's trees load, and the root of the inlining tree is the unit's method.
  static void ExpectTreesLoad(const OptimizationLog& log) {
    for (const UnitRecord& unit : log.units) {
      absl::StatusOr<RecordTrees> trees = LoadUnitTrees(log, unit, 1);
      ASSERT_TRUE(trees.ok()) << trees.status();
      EXPECT_FALSE(trees->inlining_tree.empty()) << unit.compilation_id;
    }
  }

  std::string root_;
  std::string dir_;
  std::vector<std::string> warnings_;
};

TEST_F(OptimizationLogTest, ReadsRecordsWithTheirLocation) {
  std::string first = Record("a.A.f()", "1");
  std::string second = Record("a.A.g(int)", "2");
  Write("log", first + "\n" + second + "\n");
  absl::StatusOr<OptimizationLog> log = Load();
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_TRUE(warnings_.empty());
  ASSERT_EQ(log->files, std::vector<std::string>{dir_ + "/log"});
  ASSERT_EQ(log->units.size(), 2u);
  EXPECT_EQ(log->units[0].method_name, "a.A.f()");
  EXPECT_EQ(log->units[0].compilation_id, "1");
  EXPECT_EQ(log->units[0].file, 0u);
  EXPECT_EQ(log->units[0].offset, 0u);
  EXPECT_EQ(log->units[0].length, first.size());
  EXPECT_EQ(log->units[1].method_name, "a.A.g(int)");
  EXPECT_EQ(log->units[1].offset, first.size() + 1);
  EXPECT_EQ(log->units[1].length, second.size());
  ExpectTreesLoad(*log);
}

TEST_F(OptimizationLogTest, FilesAreReadInBytewiseNameOrder) {
  Write("b", Record("m()", "b"));
  Write("a", Record("m()", "a"));
  Write("B", Record("m()", "B"));
  Write(".hidden", Record("m()", ".hidden"));
  Write("\xC3\xA9", Record("m()", "e-acute"));  // bytes above ASCII sort last
  Write("a0", Record("m()", "a0"));
  absl::StatusOr<OptimizationLog> log = Load();
  ASSERT_TRUE(log.ok()) << log.status();
  std::vector<std::string> ids;
  for (const UnitRecord& unit : log->units) {
    ids.push_back(unit.compilation_id);
    EXPECT_EQ(log->files[unit.file], dir_ + "/" +
                                         (unit.compilation_id == "e-acute" ? std::string("\xC3\xA9")
                                                                           : unit.compilation_id));
  }
  EXPECT_EQ(ids, (std::vector<std::string>{".hidden", "B", "a", "a0", "b", "e-acute"}));
}

TEST_F(OptimizationLogTest, NonRegularEntriesAreSkippedWithAWarning) {
  Write("a", Record("m()", "1"));
  fs::create_directory(dir_ + "/b-sub");
  ASSERT_EQ(mkfifo((dir_ + "/c-fifo").c_str(), 0600), 0);
  fs::create_directory(root_ + "/elsewhere");
  fs::create_directory_symlink(root_ + "/elsewhere", dir_ + "/d-dirlink");
  std::ofstream(root_ + "/target", std::ios::binary) << Record("n()", "2");
  fs::create_symlink(root_ + "/target", dir_ + "/e-filelink");
  absl::StatusOr<OptimizationLog> log = Load();
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(warnings_, (std::vector<std::string>{
                           "Warning: Skipping " + dir_ + "/b-sub: not a regular file",
                           "Warning: Skipping " + dir_ + "/c-fifo: not a regular file",
                           "Warning: Skipping " + dir_ + "/d-dirlink: not a regular file",
                       }));
  // A symbolic link to a regular file is read like the file.
  EXPECT_EQ(log->files, (std::vector<std::string>{dir_ + "/a", dir_ + "/e-filelink"}));
  ASSERT_EQ(log->units.size(), 2u);
  EXPECT_EQ(log->units[1].compilation_id, "2");
  EXPECT_EQ(log->units[1].file, 1u);
  ExpectTreesLoad(*log);
}

TEST_F(OptimizationLogTest, DanglingSymlinkCannotBeRead) {
  Write("a", Record("m()", "1"));
  fs::create_symlink(root_ + "/nowhere", dir_ + "/b");
  absl::StatusOr<OptimizationLog> log = Load(dir_ + "//");
  ASSERT_FALSE(log.ok());
  EXPECT_EQ(std::string(log.status().message()), "Could not read the files of the experiment 1: " +
                                                     dir_ + "/b (No such file or directory)");
}

TEST_F(OptimizationLogTest, UnreadableFile) {
  if (geteuid() == 0) GTEST_SKIP() << "root reads every file";
  Write("a", Record("m()", "1"));
  ASSERT_EQ(chmod((dir_ + "/a").c_str(), 0), 0);
  absl::StatusOr<OptimizationLog> log = Load();
  ASSERT_FALSE(log.ok());
  EXPECT_EQ(std::string(log.status().message()),
            "Could not read the files of the experiment 1: " + dir_ + "/a (Permission denied)");
}

TEST_F(OptimizationLogTest, CrlfLineEnds) {
  std::vector<std::string> records = {Record("a()", "1"), Record("b()", "2"), Record("c()", "3"),
                                      Record("d()", "4")};
  Write("crlf",
        records[0] + "\r\n" + records[1] + "\r\n" + records[2] + "\r\n" + records[3] + "\r\n");
  absl::StatusOr<OptimizationLog> log = Load();
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_TRUE(warnings_.empty()) << warnings_[0];
  ASSERT_EQ(log->units.size(), 4u);
  uint64_t offset = 0;
  for (size_t i = 0; i < records.size(); ++i) {
    EXPECT_EQ(log->units[i].offset, offset);
    EXPECT_EQ(log->units[i].length, records[i].size());
    EXPECT_EQ(RecordText(*log, log->units[i]), records[i]);
    offset += records[i].size() + 2;
  }
  ExpectTreesLoad(*log);
}

TEST_F(OptimizationLogTest, FileLargerThanTheReadBuffer) {
  // Several megabytes, so that records straddle the reader's chunks; mixed line ends.
  std::string text;
  std::vector<uint64_t> offsets;
  std::vector<uint64_t> lengths;
  for (int i = 0; i < 30000; ++i) {
    std::string record =
        Record("p.C.m" + std::string(static_cast<size_t>(i % 97), 'x') + "()", std::to_string(i));
    offsets.push_back(text.size());
    lengths.push_back(record.size());
    text += record + (i % 3 == 0 ? "\r\n" : "\n");
  }
  Write("big", text);
  absl::StatusOr<OptimizationLog> log = Load();
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_TRUE(warnings_.empty());
  ASSERT_EQ(log->units.size(), offsets.size());
  for (size_t i = 0; i < offsets.size(); ++i) {
    ASSERT_EQ(log->units[i].compilation_id, std::to_string(i));
    ASSERT_EQ(log->units[i].offset, offsets[i]) << i;
    ASSERT_EQ(log->units[i].length, lengths[i]) << i;
  }
  for (size_t i : {size_t{0}, size_t{4567}, offsets.size() - 1}) {
    absl::StatusOr<RecordTrees> trees = LoadUnitTrees(*log, log->units[i], 1);
    ASSERT_TRUE(trees.ok()) << trees.status();
  }
}

TEST_F(OptimizationLogTest, LastLineWithoutTerminator) {
  std::string first = Record("a()", "1");
  std::string last = Record("b()", "2");
  Write("x", first + "\n" + last);
  Write("y", first + "\r\n" + last + "\r");  // a CR at the very end is dropped too
  absl::StatusOr<OptimizationLog> log = Load();
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_TRUE(warnings_.empty());
  ASSERT_EQ(log->units.size(), 4u);
  EXPECT_EQ(log->units[1].offset, first.size() + 1);
  EXPECT_EQ(log->units[1].length, last.size());
  EXPECT_EQ(log->units[3].offset, first.size() + 2);
  EXPECT_EQ(log->units[3].length, last.size());
  ExpectTreesLoad(*log);
}

TEST_F(OptimizationLogTest, InvalidRecordsAreReportedAndSkipped) {
  std::string head = R"j({"methodName":"x()","compilationId":5})j";
  Write("a", Record("a()", "1") + "\n\n" + Record("b()", "2") + "\n" + head + "\n   \n" +
                 Record("c()", "3") + "\n");
  Write("b", "not json\n" + Record("d()", "4") + "\n\n");
  absl::StatusOr<OptimizationLog> log = Load(dir_ + "/");
  ASSERT_TRUE(log.ok()) << log.status();
  // The file is named after the directory exactly as given.
  EXPECT_EQ(warnings_, (std::vector<std::string>{
                           "Warning: Invalid compilation unit: " + dir_ +
                               "//a:2:1: expected a JSON value, found an empty line",
                           "Warning: Invalid compilation unit: " + dir_ +
                               "//a:4:37: expected \"compilationId\" to be a string",
                           "Warning: Invalid compilation unit: " + dir_ +
                               "//a:5:4: expected a JSON value, found an empty line",
                           "Warning: Invalid compilation unit: " + dir_ +
                               "//b:1:1: expected the record to be a JSON object",
                           "Warning: Invalid compilation unit: " + dir_ +
                               "//b:3:1: expected a JSON value, found an empty line",
                       }));
  std::vector<std::string> ids;
  for (const UnitRecord& unit : log->units) ids.push_back(unit.compilation_id);
  EXPECT_EQ(ids, (std::vector<std::string>{"1", "2", "3", "4"}));
  EXPECT_EQ(log->files, (std::vector<std::string>{dir_ + "//a", dir_ + "//b"}));
  ExpectTreesLoad(*log);
}

// Graal's log writer buffers its output: a VM that exits before the buffer is flushed leaves the
// file's last record cut off, without a line terminator. The warning says so, wherever the cut
// is, and still says what was expected there.
TEST_F(OptimizationLogTest, ACutOffLastRecordIsReportedAsSuch) {
  const std::string first = Record("a()", "1");
  const std::string last = Record("b()", "2");
  for (size_t cut = 1; cut < last.size(); ++cut) {
    Write("a", first + "\n" + last.substr(0, cut));
    absl::StatusOr<OptimizationLog> log = Load();
    ASSERT_TRUE(log.ok()) << log.status();
    ASSERT_EQ(warnings_.size(), 1u) << cut;
    const std::string prefix = "Warning: Invalid compilation unit: " + dir_ +
                               "/a:2:" + std::to_string(cut + 1) +
                               ": the file ends inside this record, which has no line terminator "
                               "(the log was probably cut off when the VM exited): expected ";
    EXPECT_EQ(warnings_[0].substr(0, prefix.size()), prefix) << warnings_[0];
    ASSERT_EQ(log->units.size(), 1u);
    EXPECT_EQ(log->units[0].compilation_id, "1");
  }
}

// Only the file's last line can be cut off: the same text with a terminator, or an error that is
// not at the end of the last line, keeps the plain warning.
TEST_F(OptimizationLogTest, OtherInvalidLastRecordsAreNotCalledCutOff) {
  const std::string cut = Record("b()", "2").substr(0, 40);
  Write("a", cut + "\n");
  Write("b", "not json");
  Write("c", cut + "\r\n");
  absl::StatusOr<OptimizationLog> log = Load();
  ASSERT_TRUE(log.ok()) << log.status();
  ASSERT_EQ(warnings_.size(), 3u);
  for (const std::string& warning : warnings_) {
    EXPECT_EQ(warning.find("cut off"), std::string::npos) << warning;
  }
  EXPECT_EQ(warnings_[1], "Warning: Invalid compilation unit: " + dir_ +
                              "/b:1:1: expected the record to be a JSON object");
}

TEST_F(OptimizationLogTest, EmptyFileAndEmptyDirectory) {
  absl::StatusOr<OptimizationLog> log = Load();
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_TRUE(log->files.empty());
  EXPECT_TRUE(log->units.empty());

  Write("empty", "");
  log = Load();
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(log->files, std::vector<std::string>{dir_ + "/empty"});
  EXPECT_TRUE(log->units.empty());
  EXPECT_TRUE(warnings_.empty());
}

TEST_F(OptimizationLogTest, NotADirectory) {
  // The commands check the path first (input_paths_test); the loader says the same when the
  // directory vanished in between.
  const std::string message =
      "Could not read the files of the experiment 1: The provided optimization log path does "
      "not denote a directory: ";
  absl::StatusOr<OptimizationLog> log = Load(root_ + "/missing");
  ASSERT_FALSE(log.ok());
  EXPECT_EQ(std::string(log.status().message()),
            message + root_ + "/missing (No such file or directory)\n" + root_ +
                "/missing does not exist: an optimization log is a directory (a Graal log) or a "
                "file (a HotSpot compilation log, written by -XX:+LogCompilation)");

  Write("file", Record("a()", "1"));
  log = Load(dir_ + "/file");
  ASSERT_FALSE(log.ok());
  EXPECT_EQ(std::string(log.status().message()),
            "Could not read the files of the experiment 1: The provided optimization log path is "
            "neither a directory (a Graal optimization log) nor a HotSpot compilation log (a file "
            "written by -XX:+LogCompilation, starting with <?xml ...?> and <hotspot_log ...>) nor "
            "LLVM optimization remarks (a YAML file written by clang -fsave-optimization-record, "
            "starting with '--- !Passed', '--- !Missed', ...): " +
                dir_ +
                "/file (a file that is not a HotSpot compilation log nor LLVM optimization "
                "remarks)");

  log = LoadOptimizationLog(root_ + "/missing", 2, [](std::string_view) {});
  ASSERT_FALSE(log.ok());
  EXPECT_EQ(std::string(log.status().message()),
            "Could not read the files of the experiment 2: The provided optimization log path "
            "does not denote a directory: " +
                root_ + "/missing (No such file or directory)\n" + root_ +
                "/missing does not exist: an optimization log is a directory (a Graal log) or a "
                "file (a HotSpot compilation log, written by -XX:+LogCompilation)");
}

TEST_F(OptimizationLogTest, MalformedUtf8IsRepaired) {
  std::string record = Record(
      "a\xFF"
      "b()",
      "\xC3");
  Write("u", "\xFE\n" + record + "\n");
  absl::StatusOr<OptimizationLog> log = Load();
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(warnings_, std::vector<std::string>{"Warning: Invalid compilation unit: " + dir_ +
                                                "/u:1:1: expected the record to be a JSON object"});
  ASSERT_EQ(log->units.size(), 1u);
  EXPECT_EQ(log->units[0].method_name,
            "a\xEF\xBF\xBD"
            "b()");
  EXPECT_EQ(log->units[0].compilation_id, "\xEF\xBF\xBD");
  // Offsets and lengths count the bytes of the file, not of the repaired text.
  EXPECT_EQ(log->units[0].offset, 2u);
  EXPECT_EQ(log->units[0].length, record.size());
  absl::StatusOr<RecordTrees> trees = LoadUnitTrees(*log, log->units[0], 1);
  ASSERT_TRUE(trees.ok()) << trees.status();
  const InliningTree& tree = trees->inlining_tree;
  ASSERT_FALSE(tree.empty());
  EXPECT_EQ(tree.node(tree.root).method_name,
            "a\xEF\xBF\xBD"
            "b()");
}

TEST_F(OptimizationLogTest, LoadUnitTreesAfterTheFileChanged) {
  Write("a", Record("a()", "1") + "\n" + Record("b()", "2") + "\n");
  absl::StatusOr<OptimizationLog> log = Load();
  ASSERT_TRUE(log.ok()) << log.status();
  ASSERT_EQ(log->units.size(), 2u);
  const std::string file = dir_ + "/a";

  Write("a", std::string(log->units[1].offset, ' ') + "{\"garbage\"");
  absl::StatusOr<RecordTrees> trees = LoadUnitTrees(*log, log->units[1], 2);
  ASSERT_FALSE(trees.ok());
  EXPECT_EQ(std::string(trees.status().message()),
            "Failed to parse experiment 2 in " + file +
                ": the file changed since it was read: the record at byte offset " +
                std::to_string(log->units[1].offset) + " is cut short");

  Write("a", std::string(log->units[1].offset + log->units[1].length, ' '));
  trees = LoadUnitTrees(*log, log->units[1], 2);
  ASSERT_FALSE(trees.ok());
  EXPECT_EQ(std::string(trees.status().message()),
            "Failed to parse experiment 2 in " + file +
                ": the file changed since it was read: the record at byte offset " +
                std::to_string(log->units[1].offset) + " is invalid at column " +
                std::to_string(log->units[1].length + 1) +
                ": expected a JSON value, found an empty line");

  fs::remove(file);
  trees = LoadUnitTrees(*log, log->units[0], 1);
  ASSERT_FALSE(trees.ok());
  EXPECT_EQ(std::string(trees.status().message()),
            "Failed to parse experiment 1 in " + file + ": No such file or directory");
}

// Splits `text` the way the reader must, for comparison.
std::vector<std::pair<uint64_t, std::string>> ExpectedLines(const std::string& text) {
  std::vector<std::pair<uint64_t, std::string>> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    size_t next = end == std::string::npos ? text.size() : end + 1;
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.emplace_back(start, line);
    start = next;
  }
  return lines;
}

TEST_F(OptimizationLogTest, LineReaderAcrossChunkBoundaries) {
  const std::vector<std::string> texts = {
      "",
      "\n",
      "\n\n",
      "a",
      "a\n",
      "a\r\n",
      "a\r",
      "\r",
      "\r\r\n",
      "ab\rc\r\nd",
      "a\n\nbc\n",
      "\r\n\r\n",
      "abc\ndef",
      "a\rb\r",
      std::string(100, 'x') + "\n" + std::string(3, 'y') + "\r\n\n" + std::string(257, 'z'),
  };
  // A buffer shared by the readers of many files starts with what the last one left (here first
  // newlines and CRs, which must never be taken for the file's).
  std::vector<char> shared(100, '\n');
  std::fill(shared.begin() + 50, shared.end(), '\r');
  for (bool share : {false, true}) {
    for (size_t chunk : {size_t{1}, size_t{2}, size_t{3}, size_t{7}, size_t{1} << 20}) {
      for (const std::string& text : texts) {
        Write("lines", text);
        int fd = open((dir_ + "/lines").c_str(), O_RDONLY);
        ASSERT_GE(fd, 0);
        InputStream stream(fd, "lines");
        LogLineReader reader(stream, chunk, size_t{16} << 20, share ? &shared : nullptr);
        std::vector<std::pair<uint64_t, std::string>> lines;
        std::string_view line;
        uint64_t offset = 0;
        LogLineReader::Result result;
        while ((result = reader.Next(&line, &offset)) == LogLineReader::Result::kLine) {
          lines.emplace_back(offset, std::string(line));
        }
        close(fd);
        EXPECT_EQ(result, LogLineReader::Result::kEnd);
        EXPECT_EQ(lines, ExpectedLines(text))
            << "chunk " << chunk << ", text '" << text << "', shared " << share;
      }
    }
  }
}

// A line that holds a NUL byte may come back cut after its first NUL (no JSON text goes past a
// NUL, so validation ends the same); one that grows well past the cut limit while being read
// must, so that memory stays bounded. Every other line, and every offset, is as without the
// limit.
TEST_F(OptimizationLogTest, LineReaderCutsLongLinesAtTheFirstNul) {
  const std::string nul(1, '\0');
  const std::string huge_nul_line = "{\"a\":" + nul + std::string(10000, 'x') + nul + "y\r";
  const std::string text = "first\n" + huge_nul_line + "\n" + "ab" + nul + "c\n" +
                           std::string(30, 'z') + "\r\n" + nul + nul + nul + std::string(20, '-') +
                           "\nlast\n" + std::string(25, 'q') + nul + std::string(9000, 'q');
  const std::vector<std::pair<uint64_t, std::string>> full = ExpectedLines(text);
  ASSERT_EQ(full.size(), 7u);
  for (size_t chunk : {size_t{1}, size_t{3}, size_t{16}, size_t{1} << 20}) {
    Write("lines", text);
    int fd = open((dir_ + "/lines").c_str(), O_RDONLY);
    ASSERT_GE(fd, 0);
    InputStream stream(fd, "lines");
    LogLineReader reader(stream, chunk, /*cut_nul_lines_above=*/12);
    std::vector<std::pair<uint64_t, std::string>> lines;
    std::string_view line;
    uint64_t offset = 0;
    while (reader.Next(&line, &offset) == LogLineReader::Result::kLine) {
      lines.emplace_back(offset, std::string(line));
    }
    close(fd);
    ASSERT_EQ(lines.size(), full.size()) << "chunk " << chunk;
    for (size_t k = 0; k < full.size(); ++k) {
      EXPECT_EQ(lines[k].first, full[k].first) << "chunk " << chunk << ", line " << k;
      const std::string& whole = full[k].second;
      size_t first_nul = whole.find('\0');
      if (lines[k].second == whole) continue;
      ASSERT_NE(first_nul, std::string::npos) << "chunk " << chunk << ", line " << k;
      EXPECT_EQ(lines[k].second, whole.substr(0, first_nul + 1))
          << "chunk " << chunk << ", line " << k;
    }
    if (chunk < 1000) {  // read in small pieces: the long lines must have been cut
      EXPECT_EQ(lines[1].second, "{\"a\":" + nul) << "chunk " << chunk;
      EXPECT_EQ(lines[6].second, std::string(25, 'q') + nul) << "chunk " << chunk;
    }
  }
}

TEST_F(OptimizationLogTest, LineReaderReportsReadErrors) {
  int fd = open(dir_.c_str(), O_RDONLY);  // reading a directory fails with EISDIR
  ASSERT_GE(fd, 0);
  InputStream stream(fd, dir_);
  LogLineReader reader(stream);
  std::string_view line;
  uint64_t offset = 0;
  EXPECT_EQ(reader.Next(&line, &offset), LogLineReader::Result::kError);
  EXPECT_EQ(reader.error(), EISDIR);
  close(fd);
}

// A real log directory of the conformance corpus.
std::string ConformanceData() {
  const char* env = std::getenv("PROFDIFF_CONFORMANCE_DIR");
  return env != nullptr ? std::string(env) + "/data"
                        : test::SourceDir() + "/../shared/conformance/data";
}

TEST_F(OptimizationLogTest, ConformanceLogsRoundTrip) {
  std::string data = ConformanceData();
  if (!fs::exists(data)) GTEST_SKIP() << "conformance corpus not found";
  int directories = 0;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(data)) {
    if (!entry.is_directory()) continue;
    std::string name = entry.path().filename().string();
    if (name != "log" && name != "aot-log") continue;
    absl::StatusOr<OptimizationLog> log = Load(entry.path().string());
    ASSERT_TRUE(log.ok()) << entry.path() << ": " << log.status();
    EXPECT_TRUE(warnings_.empty()) << entry.path() << ": " << warnings_[0];
    EXPECT_FALSE(log->units.empty()) << entry.path();
    for (const UnitRecord& unit : log->units) {
      EXPECT_EQ(RecordText(*log, unit).front(), '{');
    }
    ExpectTreesLoad(*log);
    ++directories;
  }
  EXPECT_GT(directories, 10);
}

}  // namespace
}  // namespace profdiff
