// Path arguments are checked before anything is written (README "Decisions", issue 14): every
// path of every command, wrong in each way, prints one line on stderr that names the path and
// the problem, nothing on stdout, and exits 1. Also --explanation=false.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <string>
#include <vector>

#include "profdiff/load/input_paths.h"
#include "test_util.h"

namespace profdiff {
namespace {

using test::RunProfdiff;
using test::RunResult;

const std::string kJit = test::SourceDir() + "/fixtures/jit-example";
const std::string kAot = test::SourceDir() + "/fixtures/aot-example";

// The line after the reference's sentence when a log path does not exist: the sentence speaks of
// directories only, and a HotSpot log is a file.
std::string DoesNotExist(const std::string& path) {
  return "\n" + path +
         " does not exist: an optimization log is a directory (a Graal log) or a file (a HotSpot "
         "compilation log, written by -XX:+LogCompilation)";
}

struct CommandCase {
  std::vector<std::string> args;
  // Per argument: 'L' an optimization-log directory of experiment `ids[i]`, 'P' a profile.
  std::string kinds;
  std::vector<int> ids;
};

std::vector<CommandCase> Commands() {
  return {
      {{"report", kJit + "/exp1/log", kJit + "/exp1/prof.json"}, "LP", {1, 1}},
      {{"jit-vs-jit", kJit + "/exp1/log", kJit + "/exp1/prof.json", kJit + "/exp2/log",
        kJit + "/exp2/prof.json"},
       "LPLP",
       {1, 1, 2, 2}},
      {{"jit-vs-aot", kJit + "/exp1/log", kJit + "/exp1/prof.json", kAot + "/exp1/log",
        kAot + "/exp1/prof.json"},
       "LPLP",
       {1, 1, 2, 2}},
      {{"aot-vs-aot", kAot + "/exp1/log", kAot + "/exp1/prof.json", kAot + "/exp2/log",
        kAot + "/exp2/prof.json"},
       "LPLP",
       {1, 1, 2, 2}},
      {{"aot-vs-aot-jit-profile", kJit + "/exp1/log", kJit + "/exp1/prof.json", kAot + "/exp1/log",
        kAot + "/exp2/log"},
       "LPLL",
       {0, 0, 1, 2}},
  };
}

class PathErrorsTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_.Write("a-file", "{}\n");
    dir_.MakeDir("a-directory");
  }

  // Runs `args` and expects exactly `err` on stderr, nothing on stdout, exit 1.
  void ExpectPathError(const std::vector<std::string>& args, const std::string& err) {
    SCOPED_TRACE(testing::PrintToString(args));
    RunResult result = RunProfdiff(args, dir_.path());
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(result.err, err + "\n");
  }

  test::TempDir dir_;
};

TEST_F(PathErrorsTest, TheCommandsRunOnTheFixtures) {
  for (const CommandCase& command : Commands()) {
    RunResult result = RunProfdiff(command.args, dir_.path());
    EXPECT_EQ(result.exit_code, 0) << command.args[0] << ": " << result.err;
  }
}

TEST_F(PathErrorsTest, EveryPathOfEveryCommand) {
  for (const CommandCase& command : Commands()) {
    for (size_t i = 0; i < command.kinds.size(); ++i) {
      const std::string prefix =
          "Could not read the files of the experiment " + std::to_string(command.ids[i]) + ": ";
      const bool log = command.kinds[i] == 'L';
      const std::string log_sentence =
          "The provided optimization log path does not denote a directory: ";
      struct Wrong {
        std::string path;
        std::string problem;
      };
      std::vector<Wrong> wrongs = {{"no/such/path", "No such file or directory"}};
      const std::string file_sentence =
          "The provided optimization log path is neither a directory (a Graal optimization log) "
          "nor a HotSpot compilation log (a file written by -XX:+LogCompilation, starting with "
          "<?xml ...?> and <hotspot_log ...>) nor LLVM optimization remarks (a YAML file written "
          "by clang -fsave-optimization-record, starting with '--- !Passed', '--- !Missed', ...): ";
      if (log) {
        wrongs.push_back(
            {"a-file",
             "a file that is not a HotSpot compilation log nor LLVM optimization remarks"});
      } else {
        wrongs.push_back({"a-directory", "Is a directory"});
      }
      for (const Wrong& wrong : wrongs) {
        std::vector<std::string> args = command.args;
        args[i + 1] = wrong.path;
        const std::string sentence =
            !log ? "" : (wrong.path == "a-file" ? file_sentence : log_sentence);
        const std::string hint =
            log && wrong.path == "no/such/path" ? DoesNotExist(wrong.path) : "";
        ExpectPathError(args, prefix + sentence + wrong.path + " (" + wrong.problem + ")" + hint);
        // Options anywhere, any format: the same error, still before any output.
        args.push_back("--format=json");
        ExpectPathError(args, prefix + sentence + wrong.path + " (" + wrong.problem + ")" + hint);
      }
    }
  }
}

TEST_F(PathErrorsTest, TheFirstWrongPathIsReported) {
  ExpectPathError(
      {"jit-vs-jit", "missing-1", kJit + "/exp1/prof.json", "missing-2", kJit + "/exp2/prof.json"},
      "Could not read the files of the experiment 1: The provided optimization log "
      "path does not denote a directory: missing-1 (No such file or directory)" +
          DoesNotExist("missing-1"));
  ExpectPathError({"jit-vs-jit", kJit + "/exp1/log", "missing.json", "missing-2", "x.json"},
                  "Could not read the files of the experiment 1: missing.json (No such file or "
                  "directory)");
}

// A HotSpot user's wrong path (issue 35): the reference's sentence, which speaks of directories
// only, then what is wrong and what a log is. A path that exists but is neither a directory nor
// a compilation log says that in one sentence.
TEST_F(PathErrorsTest, AWrongPathForAHotSpotLog) {
  const std::string prefix = "Could not read the files of the experiment 1: ";
  const std::string sentence = "The provided optimization log path does not denote a directory: ";
  ExpectPathError(
      {"report", "hotspot.lgo"},
      prefix + sentence + "hotspot.lgo (No such file or directory)" + DoesNotExist("hotspot.lgo"));
  ExpectPathError(
      {"report", "hotspot.lgo", kJit + "/exp1/prof.json", "--format=json"},
      prefix + sentence + "hotspot.lgo (No such file or directory)" + DoesNotExist("hotspot.lgo"));
  // A part of the path is a file: it does not exist either.
  ExpectPathError({"report", "a-file/hotspot.log"}, prefix + sentence +
                                                        "a-file/hotspot.log (Not a directory)" +
                                                        DoesNotExist("a-file/hotspot.log"));
  const std::string neither =
      "The provided optimization log path is neither a directory (a Graal optimization log) nor a "
      "HotSpot compilation log (a file written by -XX:+LogCompilation, starting with <?xml ...?> "
      "and <hotspot_log ...>) nor LLVM optimization remarks (a YAML file written by clang "
      "-fsave-optimization-record, starting with '--- !Passed', '--- !Missed', ...): ";
  ExpectPathError({"report", "a-file"},
                  prefix + neither +
                      "a-file (a file that is not a HotSpot compilation log nor LLVM optimization "
                      "remarks)");
  ExpectPathError({"report", "/dev/null"}, prefix + neither + "/dev/null (a character device)");
  ASSERT_EQ(mkfifo(dir_.Path("log.fifo").c_str(), 0600), 0);
  ExpectPathError({"report", "log.fifo"}, prefix + neither + "log.fifo (a named pipe)");
}

TEST_F(PathErrorsTest, RenderChecksItsFile) {
  ExpectPathError({"render", "nowhere.jsonl"},
                  "nowhere.jsonl: cannot read the file (No such file or directory)");
  ExpectPathError({"render", "a-directory"}, "a-directory: cannot read the file (Is a directory)");
}

TEST_F(PathErrorsTest, UnreadablePaths) {
  if (geteuid() == 0) GTEST_SKIP() << "root can read every file";
  dir_.Write("secret.json", "{}");
  ASSERT_EQ(chmod(dir_.Path("secret.json").c_str(), 0), 0);
  ExpectPathError({"report", kJit + "/exp1/log", "secret.json"},
                  "Could not read the files of the experiment 1: secret.json (Permission denied)");
  ExpectPathError({"render", "secret.json"},
                  "secret.json: cannot read the file (Permission denied)");
  dir_.MakeDir("locked");
  ASSERT_EQ(chmod(dir_.Path("locked").c_str(), 0), 0);
  ExpectPathError({"report", "locked"},
                  "Could not read the files of the experiment 1: The provided optimization log "
                  "path does not denote a directory: locked (Permission denied)");
  chmod(dir_.Path("locked").c_str(), 0755);
}

// A pipe given as a profile is checked without being opened, so nothing of it is lost.
TEST_F(PathErrorsTest, APipeAsProfileIsNotConsumedByTheCheck) {
  const std::string fifo = dir_.Path("prof.fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_TRUE(CheckProfileFile(fifo, 1).ok());
}

TEST(InputPathsTest, Messages) {
  EXPECT_TRUE(CheckLogDirectory(kJit + "/exp1/log", 1).ok());
  EXPECT_TRUE(CheckProfileFile(kJit + "/exp1/prof.json", 1).ok());
  EXPECT_EQ(std::string(CheckLogDirectory("x//y/", 2).message()),
            "Could not read the files of the experiment 2: The provided optimization log path "
            "does not denote a directory: x/y (No such file or directory)" +
                DoesNotExist("x/y"));
  EXPECT_EQ(std::string(CheckProfileFile(kJit + "/exp1/log", 1).message()),
            "Could not read the files of the experiment 1: " + kJit + "/exp1/log (Is a directory)");
  EXPECT_EQ(std::string(CheckExperimentPaths({{1, kJit + "/exp1/log", "p.json", std::nullopt},
                                              {2, "q", std::nullopt, std::nullopt}})
                            .message()),
            "Could not read the files of the experiment 1: p.json (No such file or directory)");
}

// --- --explanation ---------------------------------------------------------------------------

TEST(ExplanationOptionTest, FalseLeavesOutTheBlockAndItsEmptyLine) {
  const std::vector<std::string> jit = {"jit-vs-jit", kJit + "/exp1/log", kJit + "/exp1/prof.json",
                                        kJit + "/exp2/log", kJit + "/exp2/prof.json"};
  RunResult with = RunProfdiff(jit);
  std::vector<std::string> args = jit;
  args.push_back("--explanation=false");
  RunResult without = RunProfdiff(args);
  ASSERT_EQ(with.exit_code, 0);
  ASSERT_EQ(without.exit_code, 0);
  EXPECT_EQ(without.out, test::StripExplanation(with.out));
  EXPECT_EQ(without.out.rfind("Experiment 1 with execution ID", 0), 0u) << without.out;
  // aot-vs-aot has no empty line after the block.
  const std::vector<std::string> aot = {"aot-vs-aot", kAot + "/exp1/log", kAot + "/exp1/prof.json",
                                        kAot + "/exp2/log", kAot + "/exp2/prof.json"};
  RunResult aot_with = RunProfdiff(aot);
  args = aot;
  args.insert(args.begin(), "--explanation=FALSE");
  RunResult aot_without = RunProfdiff(args);
  EXPECT_EQ(aot_without.out, test::StripExplanation(aot_with.out, /*blank_after=*/false));
}

// stats and jit-vs-jit-runs have legends of their own, which --explanation=false leaves out too.
TEST(ExplanationOptionTest, FalseLeavesOutTheLegendsOfStatsAndRuns) {
  const std::vector<std::vector<std::string>> commands = {
      {"stats", kJit + "/exp1/log", kJit + "/exp1/prof.json"},
      {"stats", kJit + "/exp1/log", kJit + "/exp1/prof.json", kJit + "/exp2/log",
       kJit + "/exp2/prof.json"},
      {"jit-vs-jit-runs", "--exp1", kJit + "/exp1/log", kJit + "/exp1/prof.json",
       kJit + "/exp1/log", kJit + "/exp1/prof.json", "--exp2", kJit + "/exp2/log",
       kJit + "/exp2/prof.json"}};
  for (const std::vector<std::string>& command : commands) {
    SCOPED_TRACE(command[0] + " " + std::to_string(command.size()));
    RunResult with = RunProfdiff(command);
    std::vector<std::string> args = command;
    args.push_back("--explanation=false");
    RunResult without = RunProfdiff(args);
    ASSERT_EQ(with.exit_code, 0) << with.err;
    ASSERT_EQ(without.exit_code, 0) << without.err;
    EXPECT_EQ(without.out, test::StripExplanation(with.out));
    EXPECT_EQ(without.out.find("How to read"), std::string::npos) << without.out;
  }
}

TEST(ExplanationOptionTest, IsInTheJsonHeaderAndRenderFollowsIt) {
  test::TempDir dir;
  std::vector<std::string> args = {"report", kJit + "/exp1/log", kJit + "/exp1/prof.json",
                                   "--explanation=false"};
  RunResult text = RunProfdiff(args);
  args.push_back("--format=json");
  RunResult json = RunProfdiff(args);
  ASSERT_EQ(json.exit_code, 0);
  EXPECT_NE(json.out.find("\"format\":\"json\",\"explanation\":false"), std::string::npos)
      << json.out.substr(0, 600);
  dir.Write("run.jsonl", json.out);
  RunResult rendered = RunProfdiff({"render", dir.Path("run.jsonl")});
  EXPECT_EQ(rendered.exit_code, 0) << rendered.err;
  EXPECT_EQ(rendered.out, text.out);
  // The default is true, and streams written before the option existed render with the block.
  RunResult default_json = RunProfdiff({"report", kJit + "/exp1/log", "--format=json"});
  EXPECT_NE(default_json.out.find("\"explanation\":true"), std::string::npos);
}

TEST(ExplanationOptionTest, BadValue) {
  RunResult result = RunProfdiff({"--explanation=no", "report", "x"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err.rfind("Error: --explanation: expected true or false, got \"no\"\n", 0), 0u)
      << result.err;
}

}  // namespace
}  // namespace profdiff
