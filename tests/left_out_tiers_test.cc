// A profile's time in HotSpot compilations that --tiers leaves out (docs/jfr.md "Compilations
// --tiers leaves out"): every share of the summary counts it, the summary says how much it is,
// and a method's share (--summary, --fail-min-share, hot selection) is the sum over all its
// compilations. A proftool profile of the fixture's JDK 25 log, made here, gives the periods by
// compile id (HotSpot logs link entries of any level), in every format.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "test_util.h"
#include "text_count.h"

namespace profdiff {
namespace {

using namespace test;  // NOLINT: the test helpers

const std::string kFixture = test::SourceDir() + "/fixtures/hotspot-example";

// In jdk25.log: NumericShapes.totalArea is compiled at level 3 (42) and 4 (93, 87%), Rect.area
// at level 2 (39) and 4 (41), makeShapes at level 3 (28) and by C2 in an OSR compilation. Of the
// total 1000: totalArea 500 in its C1 code and 100 in its C2 code, Rect.area 200 in its C2 code,
// makeShapes 50 in its C1 code, 150 outside compiled code. --tiers=top leaves out 42 and 28 (550),
// --tiers=c1 41 and 93 (300).
const char kProfile[] = R"json({"executionId":"77","totalPeriod":1000,"code":[
{"compileId":"42","name":"42: NumericShapes.totalArea(NumericShapes$Shape[])","level":3,"period":500},
{"compileId":"41","name":"41: NumericShapes$Rect.area()","level":4,"period":200},
{"compileId":"93","name":"93: NumericShapes.totalArea(NumericShapes$Shape[])","level":4,"period":100},
{"compileId":"28","name":"28: NumericShapes.makeShapes(Random, int, int)","level":3,"period":50},
{"compileId":null,"name":"libjvm.so","level":null,"period":150}]})json";

const char kTotalArea[] = "NumericShapes.totalArea(NumericShapes$Shape[])";

class LeftOutTiersTest : public ::testing::Test {
 protected:
  void SetUp() override {
    log_ = dir_.Write("jdk25.log", ReadFile(kFixture + "/jdk25.log"));
    profile_ = dir_.Write("prof.json", kProfile);
  }
  RunResult Report(std::vector<std::string> extra) {
    std::vector<std::string> args{"report", log_, profile_, "--explanation=false"};
    args.insert(args.end(), extra.begin(), extra.end());
    return RunProfdiff(args);  // text runs are also rendered back from their JSON
  }

  TempDir dir_;
  std::string log_;
  std::string profile_;
};

TEST_F(LeftOutTiersTest, TheSummaryCountsEveryJitSampleAndSaysHowMuchIsLeftOut) {
  RunResult run = Report({});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  // 850 of 1000 in compiled code, whichever tiers are kept.
  EXPECT_NE(run.out.find("    JIT-compiled methods account for 85.00% of execution\n"
                         "    55.00% of execution is in compilations that --tiers=top leaves "
                         "out; --tiers=all shows them\n"
                         // totalArea's unit 93 ranks by its method's 600: the one hot unit.
                         "    1 hot compilation units account for 60.00% of execution\n"),
            std::string::npos)
      << run.out;
  // The method is shown with its share of all its compilations, not at 100/1000.
  EXPECT_NE(run.out.find(absl::StrCat("Method ", kTotalArea)), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("    Compilations that --tiers leaves out consumed 50.00% of total\n"),
            std::string::npos)
      << run.out;
  // Unit 93's own share is of all JIT-compiled time (850).
  EXPECT_NE(run.out.find("   93 consumed 11.76% of JIT-compiled execution, 10.00% of total"),
            std::string::npos)
      << run.out;
}

TEST_F(LeftOutTiersTest, ListedLevelsLeaveOutMoreAndAllLeavesOutNothing) {
  RunResult c1 = Report({"--tiers=c1"});
  ASSERT_EQ(c1.exit_code, 0) << c1.err;
  EXPECT_NE(c1.out.find("    JIT-compiled methods account for 85.00% of execution\n"
                        "    30.00% of execution is in compilations that --tiers=1,2,3 leaves "
                        "out; --tiers=all shows them\n"),
            std::string::npos)
      << c1.out;
  RunResult all = Report({"--tiers=all"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_NE(all.out.find("    JIT-compiled methods account for 85.00% of execution\n"
                         "    2 hot compilation units account for 70.00% of execution\n"),
            std::string::npos)
      << all.out;
  EXPECT_EQ(all.out.find("leaves out"), std::string::npos) << all.out;
}

TEST_F(LeftOutTiersTest, EveryFormatSaysIt) {
  RunResult json = Report({"--format=json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_NE(json.out.find("\"graal_period\":850,\"graal_share\":0.85,\"left_out_period\":550,"
                          "\"left_out_share\":0.55,\"hot_units\":1,\"hot_period\":600,"),
            std::string::npos)
      << json.out;
  EXPECT_NE(json.out.find("\"profiled\":true,\"left_out_period\":500,\"left_out_share\":0.5,"),
            std::string::npos)
      << json.out;
  RunResult csv = Report({"--format=csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_NE(csv.err.find("experiment 1: 55.00% of execution is in compilations that "
                         "--tiers=top leaves out; --tiers=all shows them\n"),
            std::string::npos)
      << csv.err;
  RunResult html = Report({"--format=html"});
  ASSERT_EQ(html.exit_code, 0) << html.err;
  EXPECT_NE(html.out.find("' is in compilations that --tiers='"), std::string::npos);
  EXPECT_NE(html.out.find("\"left_out_share\":0.5"), std::string::npos);
}

TEST_F(LeftOutTiersTest, AMethodsShareInTheGateAndSummaryIsOfAllItsCompilations) {
  // JDK 25 against JDK 17, both with the profile: totalArea's share in experiment 1 is 60% (500
  // in its left-out C1 code + 100), so it is counted at --fail-min-share=0.55 and differs.
  const std::string other = dir_.Write("jdk17.log", ReadFile(kFixture + "/jdk17.log"));
  RunResult run = RunProfdiff({"jit-vs-jit", log_, profile_, other, profile_, "--summary=true",
                               "--explanation=false", "--fail-on=any", "--fail-min-share=0.55"});
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find(absl::StrCat("1 of 1 compared hot methods with at least 55.00% of the "
                                      "execution differ in inlining or optimization, the most "
                                      "executed ",
                                      kTotalArea, " (60.00%)")),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.out.find(absl::StrCat("     60.00%    20.00%      1 ")), std::string::npos)
      << run.out;
}

TEST_F(LeftOutTiersTest, EveryRunSaysItUnderItsRow) {
  const std::vector<std::string> runs{
      "jit-vs-jit-runs", "--exp1", log_,     profile_, log_,     profile_,
      "--exp2",          log_,     profile_, log_,     profile_, "--explanation=false"};
  RunResult text = RunProfdiff(runs);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const std::string line =
      "55.00% of execution is in compilations that --tiers=top leaves out; --tiers=all shows them";
  // Each run's row: its JIT share counts the left-out time, and the line follows it.
  EXPECT_EQ(CountOf(text.out, absl::StrCat("     60.00%       85.00%           0.00  ", log_, " ",
                                           profile_, "\n        ", line, "\n")),
            4u)
      << text.out;
  std::vector<std::string> csv_args = runs;
  csv_args.push_back("--format=csv");
  RunResult csv = RunProfdiff(csv_args);
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(CountOf(csv.err, absl::StrCat(" run 2: ", line, "\n")), 2u) << csv.err;
}

}  // namespace
}  // namespace profdiff
