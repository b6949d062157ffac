// Which compared pairs count as a method's differences when it has several compilations on a
// side (issue 22): CountedPairs, and the gate and summary built on it, end to end.

#include "profdiff/analysis/compilation_pairing.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "test_util.h"

namespace profdiff {
namespace {

using test::RunProfdiff;
using test::RunResult;

ComparedPair P(std::string left, std::string right, int64_t cost) {
  ComparedPair pair;
  pair.left = std::move(left);
  pair.right = std::move(right);
  pair.left_fragment = pair.left.find('#') != std::string::npos;
  pair.right_fragment = pair.right.find('#') != std::string::npos;
  pair.cost = cost;
  return pair;
}

ComparedPair Unknown(std::string left, std::string right) {
  ComparedPair pair = P(std::move(left), std::move(right), 0);
  pair.cost_known = false;
  return pair;
}

// The counted pairs as "left-right".
std::vector<std::string> Counted(const std::vector<ComparedPair>& pairs) {
  std::vector<std::string> names;
  for (size_t k : CountedPairs(pairs)) names.push_back(pairs[k].left + "-" + pairs[k].right);
  std::sort(names.begin(), names.end());
  return names;
}

using Names = std::vector<std::string>;

TEST(CompilationPairingTest, IdenticalSidesPairEachCompilationWithItsTwin) {
  EXPECT_EQ(Counted({P("1", "1", 0), P("1", "2", 5), P("2", "1", 5), P("2", "2", 0)}),
            (Names{"1-1", "2-2"}));
  // The twin need not have the same ID: the cost decides.
  EXPECT_EQ(Counted({P("1", "7", 4), P("1", "8", 0), P("2", "7", 0), P("2", "8", 4)}),
            (Names{"1-8", "2-7"}));
}

TEST(CompilationPairingTest, TheLeastTotalCostWinsOverTheCheapestSinglePair) {
  // Greedy would take 1-1 (0) and be left with 2-2 (9): 9 in all; 1-2 and 2-1 cost 2.
  EXPECT_EQ(Counted({P("1", "1", 0), P("1", "2", 1), P("2", "1", 1), P("2", "2", 9)}),
            (Names{"1-2", "2-1"}));
}

TEST(CompilationPairingTest, AChangedCompilationIsCounted) {
  // Unit 2 really changed: its pair with its counterpart has a cost, and it is counted.
  EXPECT_EQ(Counted({P("1", "1", 0), P("1", "2", 7), P("2", "1", 5), P("2", "2", 3)}),
            (Names{"1-1", "2-2"}));
}

TEST(CompilationPairingTest, UnitsLeftOverCountTheirBestPartner) {
  // Experiment 2 recompiled the method once more: its extra unit counts with its best partner.
  EXPECT_EQ(Counted({P("1", "1", 0), P("1", "2", 4), P("1", "3", 2)}),
            (Names{"1-1", "1-2", "1-3"}));
  EXPECT_EQ(Counted({P("1", "9", 3), P("2", "9", 1), P("3", "9", 3)}),
            (Names{"1-9", "2-9", "3-9"}));
  // Ties: the first pair in ID order.
  EXPECT_EQ(Counted({P("1", "1", 0), P("2", "1", 2), P("2", "3", 2)}).size(), 2u);
}

TEST(CompilationPairingTest, FragmentsPairOnlyWhenAUnitWouldStayAlone) {
  // The same experiment on both sides: a fragment is never compared with itself (the reference
  // compares fragments with units only), and it is not counted against the other units.
  EXPECT_EQ(Counted({P("1", "1", 0), P("1", "5#1", 3), P("5#1", "1", 3)}), (Names{"1-1"}));
  // The method was only inlined in experiment 2: its unit pairs with the fragment.
  EXPECT_EQ(Counted({P("1", "5#1", 3), P("1", "6#2", 1)}), (Names{"1-6#2"}));
  // Units pair with units before fragments, even when a fragment would be cheaper.
  EXPECT_EQ(Counted({P("1", "1", 9), P("1", "5#1", 0), P("2#1", "1", 0)}), (Names{"1-1"}));
}

TEST(CompilationPairingTest, UnknownCostsComeLast) {
  // Trees too big to compare: any pairing of known cost is preferred.
  EXPECT_EQ(Counted({Unknown("1", "1"), P("1", "2", 50), P("2", "1", 50), P("2", "2", 0)}),
            (Names{"1-2", "2-1"}));
  EXPECT_EQ(Counted({Unknown("1", "1")}), (Names{"1-1"}));
}

TEST(CompilationPairingTest, RepeatedIdsAndNoPairs) {
  EXPECT_TRUE(CountedPairs({}).empty());
  // A log may repeat a compilation ID: the cheapest pair of the cell stands for it.
  EXPECT_EQ(CountedPairs({P("4", "4", 6), P("4", "4", 0), P("4", "4", 6), P("4", "4", 0)}),
            (std::vector<size_t>{1}));
}

TEST(CompilationPairingTest, TheOrderOfThePairsDoesNotMatter) {
  // Pair records reach the tally from worker threads, in any order.
  std::vector<ComparedPair> pairs;
  std::mt19937 random(22);
  for (int i = 0; i < 6; ++i) {
    for (int j = 0; j < 5; ++j) {
      pairs.push_back(P(std::to_string(i), std::to_string(j), static_cast<int64_t>(random() % 4)));
    }
  }
  pairs.push_back(P("6", "2#1", 1));
  const Names expected = Counted(pairs);
  for (int round = 0; round < 20; ++round) {
    std::shuffle(pairs.begin(), pairs.end(), random);
    EXPECT_EQ(Counted(pairs), expected);
  }
}

TEST(CompilationPairingTest, ManyCompilationsArePairedGreedily) {
  // Past the size the exact matching handles quickly, identical sides still pair up exactly.
  std::vector<ComparedPair> pairs;
  const int n = 320;  // 640 compilations in all
  for (int i = 0; i < n; ++i) {
    for (int j = i - 1; j <= i + 1; ++j) {
      if (j >= 0 && j < n) pairs.push_back(P(std::to_string(i), std::to_string(j), i == j ? 0 : 1));
    }
  }
  const std::vector<size_t> counted = CountedPairs(pairs);
  ASSERT_EQ(counted.size(), static_cast<size_t>(n));
  for (size_t k : counted) EXPECT_EQ(pairs[k].cost, 0) << pairs[k].left << "-" << pairs[k].right;
}

// End to end: a method with two hot compilations on each side.
class RecompiledMethodTest : public testing::Test {
 protected:
  // A unit of m.Hot.run() whose root calls `callee` at bci 3, inlined or not.
  static std::string Unit(const std::string& id, const std::string& callee, bool inlined) {
    const std::string tree =
        R"j({"methodName":"m.Hot.run()","callsiteBci":-1,"inlined":true,"indirect":false,)j"
        R"j("alive":false,"invokes":[{"methodName":")j" +
        callee + R"j(","callsiteBci":3,"inlined":)j" + (inlined ? "true" : "false") +
        R"j(,"indirect":false,"alive":)j" + (inlined ? "false" : "true") + "}]}";
    return test::Record("m.Hot.run()", id, tree);
  }
  static std::string Profile(const std::vector<std::string>& ids) {
    std::string code;
    for (const std::string& id : ids) {
      if (!code.empty()) code += ",";
      code += R"j({"compileId":")j" + id + R"j(","name":")j" + id +
              R"j(: m.Hot.run()","level":4,)j"
              R"j("period":400})j";
    }
    return R"j({"executionId":"1","totalPeriod":1000,"code":[)j" + code + "]}";
  }
  // Experiment `name`: units 1 and 2, unit 2 calling `callee2` (inlined or not).
  void Write(const std::string& name, bool unit2_inlined, const std::string& callee2 = "m.B.b()") {
    dir_.WriteLines(name + "/log/0",
                    {Unit("1", "m.A.a()", true), Unit("2", callee2, unit2_inlined)});
    dir_.Write(name + "/prof.json", Profile({"1", "2"}));
  }
  RunResult Compare(const std::string& a, const std::string& b,
                    std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {
        "jit-vs-jit",          dir_.Path(a + "/log"),       dir_.Path(a + "/prof.json"),
        dir_.Path(b + "/log"), dir_.Path(b + "/prof.json"), "--hot-min-limit=2"};
    args.insert(args.end(), extra.begin(), extra.end());
    return RunProfdiff(args);
  }
  test::TempDir dir_;
};

TEST_F(RecompiledMethodTest, ARunComparedWithItselfPassesTheGate) {
  Write("base", true);
  RunResult run = Compare("base", "base", {"--fail-on=any", "--summary=true"});
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  // The text still compares every compilation with every other: 1-2 and 2-1 differ...
  EXPECT_NE(run.out.find("Compilation unit     1 consumed"), std::string::npos) << run.out;
  // ...but the ranked summary counts the pairs 1-1 and 2-2 only.
  EXPECT_NE(run.out.find("     80.00%    80.00%      4           0/0/0               0/0/0  "
                         "m.Hot.run()"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("Differences count the compilations paired one to one"),
            std::string::npos);
}

TEST_F(RecompiledMethodTest, ARealChangeInOneOfTwoCompilationsFailsTheGate) {
  Write("base", true);
  Write("changed", false);  // unit 2 no longer inlines m.B.b()
  RunResult run = Compare("base", "changed", {"--fail-on=inlining"});
  EXPECT_EQ(run.exit_code, 2) << run.out << run.err;
  EXPECT_NE(run.err.find("1 of 1 compared hot methods differ in inlining"), std::string::npos)
      << run.err;
  // The change is counted once, in the pair of the two units 2, not in every pair it shows in.
  RunResult summary = Compare("base", "changed", {"--summary=true", "--format=json"});
  EXPECT_NE(summary.out.find(R"("pairs":4,"counted_pairs":2,"inlining":{"insert":0,"delete":0,)"
                             R"("relabel":1,"too_big":0})"),
            std::string::npos)
      << summary.out;
}

TEST_F(RecompiledMethodTest, RenderGivesTheSameVerdict) {
  Write("base", true);
  Write("changed", false);
  for (const auto& [a, b, status] : {std::tuple{"base", "base", 0}, {"base", "changed", 2}}) {
    RunResult json = Compare(a, b, {"--format=json"});
    ASSERT_EQ(json.exit_code, 0) << json.err;
    const std::string stream = dir_.Write("stream.jsonl", json.out);
    RunResult rendered = RunProfdiff({"render", stream, "--fail-on=any"});
    EXPECT_EQ(rendered.exit_code, status) << a << " vs " << b << ": " << rendered.err;
  }
}

}  // namespace
}  // namespace profdiff
