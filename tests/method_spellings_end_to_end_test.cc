// Both spellings of a method name on real runs (issue 35): Top methods prints a profile's names
// (`java.util.HashMap.merge(java.lang.Object, java.lang.Object, java.util.function.BiFunction)`),
// the method sections the log's (`java.util.HashMap.merge(Object, Object, BiFunction)`).
// --method and --require select a method by either spelling, and by neither a name of neither.

#include <filesystem>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "test_util.h"
#include "text_count.h"

namespace profdiff {
namespace {

using namespace test;  // NOLINT: the test helpers

const std::string kSource = test::SourceDir();
// A real Graal run and its JFR recording (the issue's example).
const std::string kGraal =
    kSource + "/../shared/conformance/data/real-graal/CollectionsStreams/default";
// A real HotSpot run and its JFR recording.
const std::string kHotSpot = kSource + "/../shared/real-hotspot/NumericShapes/jdk25/run-1";

const std::string kMergeSimple = "java.util.HashMap.merge(Object, Object, BiFunction)";
const std::string kMergeQualified =
    "java.util.HashMap.merge(java.lang.Object, java.lang.Object, java.util.function.BiFunction)";

// The names of the method sections of a text output (a title may say, after the name, that the
// share change between two JFR recordings is within sampling noise).
std::vector<std::string> Sections(const std::string& text) {
  std::vector<std::string> names;
  for (const std::string& line : SplitLines(text)) {
    if (!line.starts_with("Method ")) continue;
    const std::string title = line.substr(7);
    names.push_back(title.substr(0, title.find(", share change within sampling noise (")));
  }
  return names;
}

class MethodSpellingsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kGraal)) GTEST_SKIP() << "no " << kGraal;
  }
  // `args` with --method=`pattern`, its exit status checked.
  std::vector<std::string> SectionsWith(std::vector<std::string> args, const std::string& pattern) {
    args.push_back("--explanation=false");
    args.push_back("--method=" + pattern);
    RunResult run = RunProfdiff(args);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    return Sections(run.out);
  }
  // The exit status of `args` with --require on a file of `rules`, and its stderr in `err`.
  int Require(std::vector<std::string> args, const std::string& rules, std::string* err) {
    const std::string file = dir_.Write("rules", rules);
    args.push_back("--require=" + file);
    RunResult run = RunProfdiff(args);
    *err = run.err;
    return run.exit_code;
  }
  TempDir dir_;
};

TEST_F(MethodSpellingsTest, ReportPrintsBothSpellings) {
  RunResult run = RunProfdiff({"report", kGraal + "/run-1/log", kGraal + "/run-1/rec.jfr"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("  " + kMergeQualified + "\n"), std::string::npos) << "Top methods";
  EXPECT_NE(run.out.find("\nMethod " + kMergeSimple + "\n"), std::string::npos) << "its section";
}

TEST_F(MethodSpellingsTest, MethodSelectsByEitherSpelling) {
  const std::vector<std::string> report = {"report", kGraal + "/run-1/log",
                                           kGraal + "/run-1/rec.jfr"};
  const std::vector<std::string> merge = {kMergeSimple};
  EXPECT_EQ(SectionsWith(report, "HashMap\\.merge\\(java\\.lang"), merge);
  EXPECT_EQ(SectionsWith(report, "HashMap\\.merge\\(Object, Object"), merge);
  EXPECT_EQ(SectionsWith(report,
                         "^java\\.util\\.HashMap\\.merge\\(java\\.lang\\.Object, "
                         "java\\.lang\\.Object, java\\.util\\.function\\.BiFunction\\)$"),
            merge);
  // A name of neither spelling (nor a mix of the two) selects nothing.
  EXPECT_EQ(SectionsWith(report, "HashMap\\.merge\\(java\\.util"), std::vector<std::string>{});
  EXPECT_EQ(SectionsWith(report, "merge\\(java\\.lang\\.Object, Object"),
            std::vector<std::string>{});
  // A comparison (both profiles' names), and stats and jit-vs-jit-runs.
  const std::vector<std::string> pair = {"jit-vs-jit", kGraal + "/run-1/log",
                                         kGraal + "/run-1/rec.jfr", kGraal + "/run-2/log",
                                         kGraal + "/run-2/rec.jfr"};
  EXPECT_EQ(SectionsWith(pair, "HashMap\\.merge\\(java\\.lang"), merge);
  EXPECT_EQ(SectionsWith(pair, "HashMap\\.merge\\(Object,"), merge);
  EXPECT_EQ(SectionsWith(pair, "HashMap\\.merge\\(java\\.util"), std::vector<std::string>{});
  const std::vector<std::string> runs = {"jit-vs-jit-runs", "--exp1", pair[1],  pair[2],
                                         pair[1],           pair[2],  "--exp2", pair[3],
                                         pair[4],           pair[3],  pair[4]};
  EXPECT_EQ(SectionsWith(runs, "HashMap\\.merge\\(java\\.lang"), merge);
  EXPECT_EQ(SectionsWith(runs, "HashMap\\.merge\\(java\\.util"), std::vector<std::string>{});
  RunResult stats =
      RunProfdiff({"stats", pair[1], pair[2], "--method=HashMap\\.merge\\(java\\.lang"});
  ASSERT_EQ(stats.exit_code, 0) << stats.err;
  EXPECT_NE(stats.out.find(kMergeSimple), std::string::npos) << stats.out;
}

TEST_F(MethodSpellingsTest, RequireRulesNameEitherSpelling) {
  const std::vector<std::string> report = {"report", kGraal + "/run-1/log",
                                           kGraal + "/run-1/rec.jfr", "--explanation=false"};
  std::string err;
  EXPECT_EQ(Require(report, "compiled " + kMergeQualified + "\n", &err), 0) << err;
  EXPECT_EQ(Require(report, "compiled " + kMergeSimple + "\n", &err), 0) << err;
  EXPECT_EQ(Require(report,
                    "inlined " + kMergeQualified +
                        " -> java.util.HashMap.hash(java.lang.Object)\n"
                        "inlined *.HashMap.merge(Object, *) -> java.util.HashMap.hash(Object)\n",
                    &err),
            0)
      << err;
  // The same call site broken in either spelling.
  EXPECT_EQ(
      Require(report,
              "not-inlined " + kMergeQualified +
                  " -> java.util.HashMap.hash(java.lang.Object)\n"
                  "not-inlined *.HashMap.merge(Object, *) -> java.util.HashMap.hash(Object)\n",
              &err),
      2);
  EXPECT_EQ(
      CountOf(err, "matching call sites inlined: java.util.HashMap.hash(Object) at bci 17 in " +
                       kMergeSimple),
      2u)
      << err;
  // Names of neither spelling match nothing.
  EXPECT_EQ(Require(report,
                    "compiled java.util.HashMap.merge(java.lang.String, java.lang.Object, "
                    "java.util.function.BiFunction)\n"
                    "inlined " +
                        kMergeQualified + " -> java.util.HashMap.hash(java.lang.String)\n",
                    &err),
            2);
  EXPECT_NE(err.find("rules:1: \"compiled java.util.HashMap.merge(java.lang.String, "
                     "java.lang.Object, java.util.function.BiFunction)\" is broken in experiment "
                     "1: no compilation unit of a matching method"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("rules:2:"), std::string::npos) << err;
  EXPECT_NE(err.find("no matching call site in the hot code"), std::string::npos) << err;
  // A comparison checks experiment 2 the same way.
  const std::vector<std::string> pair = {
      "jit-vs-jit",          kGraal + "/run-1/log",     kGraal + "/run-1/rec.jfr",
      kGraal + "/run-2/log", kGraal + "/run-2/rec.jfr", "--explanation=false"};
  EXPECT_EQ(Require(pair, "compiled " + kMergeQualified + "\n", &err), 0) << err;
  EXPECT_EQ(Require(pair, "compiled java.util.HashMap.merge(java.lang.String, *)\n", &err), 2);
}

// A HotSpot log: its names are the log's (simple), its recording's Top methods qualified.
TEST_F(MethodSpellingsTest, HotSpotLogWithItsRecording) {
  if (!std::filesystem::exists(kHotSpot)) GTEST_SKIP() << "no " << kHotSpot;
  const std::vector<std::string> report = {"report", kHotSpot + "/hotspot.log.gz",
                                           kHotSpot + "/rec.jfr", "--tiers=all"};
  RunResult run = RunProfdiff(report);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("  NumericShapes.makeShapes(java.util.Random, int, int)\n"),
            std::string::npos);
  const std::vector<std::string> make = {"NumericShapes.makeShapes(Random, int, int)"};
  EXPECT_EQ(SectionsWith(report, "makeShapes\\(java\\.util\\.Random"), make);
  EXPECT_EQ(SectionsWith(report, "makeShapes\\(Random"), make);
  EXPECT_EQ(SectionsWith(report, "makeShapes\\(java\\.lang\\.Random"), std::vector<std::string>{});
  std::string err;
  EXPECT_EQ(
      Require(report, "compiled NumericShapes.makeShapes(java.util.Random, int, int)\n", &err), 0)
      << err;
  EXPECT_EQ(Require(report, "compiled NumericShapes.makeShapes(Random, int, int)\n", &err), 0)
      << err;
  EXPECT_EQ(
      Require(report, "compiled NumericShapes.makeShapes(java.util.Random, long, int)\n", &err), 2);
}

}  // namespace
}  // namespace profdiff
