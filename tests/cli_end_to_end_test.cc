// End-to-end tests of the profdiff binary: the worked examples of output.md §11, the explanation
// block, loader warnings and fatal errors, and the command line (cli.md, README "Decisions").

#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "test_util.h"

namespace profdiff {
namespace {

using test::Block;
using test::RunProfdiff;
using test::RunResult;
using test::StripExplanation;

// output.md Example 1: report log1
const std::string kExample1 = Block(R"(
Experiment 1
    Collected optimization logs for 1 compilation units

Method demo.Main.run()
    In experiment 1
        1 compilations
        Compilations
              101
        Compilation unit   101 in experiment 1
            Inlining tree
                (root) demo.Main.run()
                    (inlined) demo.Util.add(int, int) at bci 5
                        (inlined) java.lang.Math.max(int, int) at bci 3
                    (direct) demo.Util.check(int) at bci 12
                    (devirtualized) demo.Shape.area() at bci 20
                        |_ receiver-type profile
                                87.50% demo.Circle -> demo.Circle.area()
                                12.50% demo.Square -> demo.Square.area()
                        (inlined) demo.Circle.area() at bci 20
                    (indirect) demo.Shape.perimeter() at bci 25
                        |_ immature receiver-type profile
                                100.00% demo.Square
                    (deleted) demo.Util.log(String) at bci 30
            Optimization tree
                RootPhase
                    HighTier
                        LoopPeelingPhase
                            LoopTransformation LoopPeeling at bci 40 with {peelings: 1}
                        ConditionalEliminationPhase
                            ConditionalElimination ConditionReplaced at bci 2
                            ConditionalElimination ConditionReplaced at bci 5
                    LowTier
                        Misc Example with {flag: true, ratio: 0.5, items: [1, a], nested: map(size=1, {(k,1)}), nothing: null}
)");

// Example 2: long bcis, reasoning, no preprocessing
const std::string kExample2 = Block(R"(
Experiment 1
    Collected optimization logs for 1 compilation units

Method demo.Main.run()
    In experiment 1
        1 compilations
        Compilations
              101
        Compilation unit   101 in experiment 1
            Inlining tree
                (root) demo.Main.run()
                    (direct) demo.Util.check(int) at bci 12
                        |_ reasoning: too large
                    (inlined) demo.Util.add(int, int) at bci 5
                        |_ reasoning: trivial
                        (inlined) java.lang.Math.max(int, int) at bci 3
                            |_ reasoning
                                    intrinsic
                                    trivial
                    (devirtualized) demo.Shape.area() at bci 20
                        |_ no inlining decisions
                        |_ receiver-type profile
                                87.50% demo.Circle -> demo.Circle.area()
                                12.50% demo.Square -> demo.Square.area()
                        (inlined) demo.Circle.area() at bci 20
                            |_ no inlining decisions
                    (indirect) demo.Shape.perimeter() at bci 25
                        |_ no inlining decisions
                        |_ immature receiver-type profile
                                100.00% demo.Square
                    (deleted) demo.Util.log(String) at bci 30
                        |_ no inlining decisions
            Optimization tree
                RootPhase
                    HighTier
                        CanonicalizerPhase
                            Canonicalizer CanonicalReplacement at bci {demo.Main.run(): 8} with {replacedNodeClass: +, canonicalNodeClass: Constant}
                        LoopPeelingPhase
                            LoopTransformation LoopPeeling at bci {demo.Main.run(): 40} with {peelings: 1}
                        ConditionalEliminationPhase
                            ConditionalElimination ConditionReplaced at bci {demo.Util.add(int, int): 7, demo.Main.run(): 5}
                            ConditionalElimination ConditionReplaced at bci {demo.Main.run(): 2}
                    LowTier
                        DeadCodeEliminationPhase
                        Misc Example with {flag: true, ratio: 0.5, items: [1, a], nested: map(size=1, {(k,1)}), nothing: null}
)");

// Example 3: optimization-context tree
const std::string kExample3 = Block(R"(
Experiment 1
    Collected optimization logs for 1 compilation units

Method demo.Main.run()
    In experiment 1
        1 compilations
        Compilations
              101
        Compilation unit   101 in experiment 1
            Optimization-context tree
                Misc Example with {flag: true, ratio: 0.5, items: [1, a], nested: map(size=1, {(k,1)}), nothing: null}
                (root) demo.Main.run()
                    ConditionalElimination ConditionReplaced at bci 2
                    LoopTransformation LoopPeeling at bci 40 with {peelings: 1}
                    (inlined) demo.Util.add(int, int) at bci 5
                        ConditionalElimination ConditionReplaced at bci 7
                        (inlined) java.lang.Math.max(int, int) at bci 3
                    (direct) demo.Util.check(int) at bci 12
                    (devirtualized) demo.Shape.area() at bci 20
                        |_ receiver-type profile
                                87.50% demo.Circle -> demo.Circle.area()
                                12.50% demo.Square -> demo.Square.area()
                        (inlined) demo.Circle.area() at bci 20
                    (indirect) demo.Shape.perimeter() at bci 25
                        |_ immature receiver-type profile
                                100.00% demo.Square
                    (deleted) demo.Util.log(String) at bci 30
)");

// Example 4: jit-vs-jit with profiles, fragments and diffs
const std::string kExample4 = Block(R"(
Warning: Compilation ID 999 not found in the optimization log
Experiment 1 with execution ID 4242 (JIT)
    Collected optimization logs for 3 compilation units
    Collected proftool data for 6 compilation units
    Graal-compiled methods account for 60.00% of execution
    2 hot compilation units account for 53.33% of execution
    1.50 billion cycles total
    Top methods
        Execution     Cycles  Level      ID  Method
           33.33%       0.50      4     101  demo.Main.run()
           20.00%       0.30      4     102  demo.Util.add(int, int)
           13.33%       0.20                 libjvm.so
            6.67%       0.10      4     103  demo.Other.cold()
            3.33%       0.05      4     999  demo.Gone.method()
            3.00%       0.05      3     104  demo.Main.run()

Experiment 2 with execution ID 4343 (JIT)
    Collected optimization logs for 3 compilation units
    Collected proftool data for 3 compilation units
    Graal-compiled methods account for 75.00% of execution
    2 hot compilation units account for 60.00% of execution
    2.00 billion cycles total
    Top methods
        Execution     Cycles  Level      ID  Method
           45.00%       0.90      4     201  demo.Main.run()
           15.00%       0.30      4     202  demo.Main.run()
           15.00%       0.30      4     203  demo.Other.cold()

Method demo.Main.run()
    In experiment 1
        1 compilations (1 of which are hot)
        Compilations
              101 consumed 55.56% of Graal execution, 33.33% of total *hot*
    In experiment 2
        2 compilations (2 of which are hot)
        Compilations
              201 consumed 60.00% of Graal execution, 45.00% of total *hot*
              202 consumed 20.00% of Graal execution, 15.00% of total *hot*
    Compilation unit   101 consumed 55.56% of Graal execution, 33.33% of total in experiment 1 vs
    Compilation unit   201 consumed 60.00% of Graal execution, 45.00% of total in experiment 2
        Inlining tree matching
            . (root) demo.Main.run()
                * (direct -> inlined) demo.Util.check(int) at bci 12
                    |_ reasoning in experiment 1: too large
                    |_ reasoning in experiment 2: small enough
                - (deleted) demo.Util.log(String) at bci 30
                + (direct) demo.Util.trace() at bci 35
        Optimization tree matching
            . RootPhase
                . HighTier
                    . LoopPeelingPhase
                        - LoopTransformation LoopPeeling at bci 40 with {peelings: 1}
                        + LoopTransformation LoopPeeling at bci 40 with {peelings: 2}
    Compilation unit   101 consumed 55.56% of Graal execution, 33.33% of total in experiment 1 vs
    Compilation unit   202 consumed 20.00% of Graal execution, 15.00% of total in experiment 2
        Inlining tree matching
            There are no differences
        Optimization tree matching
            There are no differences

Method demo.Util.add(int, int)
    In experiment 1
        2 compilations (2 of which are hot)
        Compilations
            101#1 consumed 55.56% of Graal execution, 33.33% of total *hot*
              |_ a fragment of demo.Main.run()
                               demo.Util.add(int, int) at bci 5
              102 consumed 33.33% of Graal execution, 20.00% of total *hot*
    In experiment 2
        2 compilations (2 of which are hot)
        Compilations
            201#2 consumed 60.00% of Graal execution, 45.00% of total *hot*
              |_ a fragment of demo.Main.run()
                               demo.Util.add(int, int) at bci 5
            202#3 consumed 20.00% of Graal execution, 15.00% of total *hot*
              |_ a fragment of demo.Main.run()
                               demo.Util.add(int, int) at bci 5
    Compilation unit   102 consumed 33.33% of Graal execution, 20.00% of total in experiment 1 vs
    Compilation fragment 201#2 consumed 60.00% of Graal execution, 45.00% of total in experiment 2
        Inlining tree matching
            There are no differences
        Optimization tree matching
            . RootPhase
                . HighTier
                    + LoopPeelingPhase
                + LowTier
    Compilation unit   102 consumed 33.33% of Graal execution, 20.00% of total in experiment 1 vs
    Compilation fragment 202#3 consumed 20.00% of Graal execution, 15.00% of total in experiment 2
        Inlining tree matching
            There are no differences
        Optimization tree matching
            . RootPhase
                . HighTier
                    + LoopPeelingPhase
                + LowTier
)");

// Example 7 (tail): --optimization-context-tree=true
const std::string kExample7Oct = Block(R"(
    Compilation unit     1 consumed 100.00% of Graal execution, 50.00% of total in experiment 1 vs
    Compilation unit     2 consumed 100.00% of Graal execution, 60.00% of total in experiment 2
        . Optimization-context tree
            - Loop Unroll
            . (root) a()
                . (inlined) b() at bci 1
                    . Warning: Optimizations cannot be unambiguously attributed (duplicate path)
                    - Loop Peel at bci 2
                    + Loop Peel at bci 3
                    * (direct -> inlined) c() at bci 4
                        |_ no inlining decisions in experiment 1
                        |_ no inlining decisions in experiment 2
                        + Warning: Optimizations cannot be unambiguously attributed (duplicate path)
                . (inlined) b() at bci 1
                    . Warning: Optimizations cannot be unambiguously attributed (duplicate path)
                    - Loop Peel at bci 2
                    + Loop Peel at bci 3
)");

// Example 7 (tail): plain trees
const std::string kExample7Plain = Block(R"(
    Compilation unit     1 consumed 100.00% of Graal execution, 50.00% of total in experiment 1 vs
    Compilation unit     2 consumed 100.00% of Graal execution, 60.00% of total in experiment 2
        Inlining tree matching
            . (root) a()
                . (inlined) b() at bci 1
                    * (direct -> inlined) c() at bci 4
                        |_ no inlining decisions in experiment 1
                        |_ no inlining decisions in experiment 2
        Optimization tree matching
            . RootPhase
                . LoopPeelingPhase
                    - Loop Peel at bci 1
                    + Loop Peel at bci 1
                    - Loop Unroll
)");

// Example 7 (tail): OCT without pruning
const std::string kExample7Unpruned = Block(R"(
    Compilation unit     1 consumed 100.00% of Graal execution, 50.00% of total in experiment 1 vs
    Compilation unit     2 consumed 100.00% of Graal execution, 60.00% of total in experiment 2
        . Optimization-context tree
            - Loop Unroll
            . (root) a()
                . Loop Peel at bci 7
                . (inlined) b() at bci 1
                    . Warning: Optimizations cannot be unambiguously attributed (duplicate path)
                    - Loop Peel at bci 2
                    + Loop Peel at bci 3
                    * (direct -> inlined) c() at bci 4
                        |_ no inlining decisions in experiment 1
                        |_ no inlining decisions in experiment 2
                        + Warning: Optimizations cannot be unambiguously attributed (duplicate path)
                . (inlined) b() at bci 1
                    . Warning: Optimizations cannot be unambiguously attributed (duplicate path)
                    - Loop Peel at bci 2
                    + Loop Peel at bci 3
                    . (direct) c() at bci 4
)");

// Example 8: aot-vs-aot (no empty line after the explanation block)
const std::string kExample8AotVsAot = Block(R"(
Experiment 1 (AOT)
    Collected optimization logs for 3 compilation units
    Collected proftool data for 3 compilation units
    Graal-compiled methods account for 80.00% of execution
    1 hot compilation units account for 70.00% of execution
    0.00 billion cycles total
    Top methods
        Execution     Cycles  Level      ID  Method
           70.00%       0.00                 demo.Main.run()
           20.00%       0.00                 libc.so.6
           10.00%       0.00                 demo.Other.cold()

Experiment 2 (AOT)
    Collected optimization logs for 3 compilation units
    Collected proftool data for 3 compilation units
    Graal-compiled methods account for 80.00% of execution
    1 hot compilation units account for 70.00% of execution
    0.00 billion cycles total
    Top methods
        Execution     Cycles  Level      ID  Method
           70.00%       0.00                 demo.Main.run()
           20.00%       0.00                 libc.so.6
           10.00%       0.00                 demo.Other.cold()

Method demo.Main.run()
    In experiment 1
        2 compilations (1 of which are hot)
        Compilations
                1 consumed 87.50% of Graal execution, 70.00% of total *hot*
                3 of multi-method Variant consumed  0.00% of Graal execution,  0.00% of total
    In experiment 2
        2 compilations (1 of which are hot)
        Compilations
                1 consumed 87.50% of Graal execution, 70.00% of total *hot*
                3 of multi-method Variant consumed  0.00% of Graal execution,  0.00% of total
    Compilation unit     1 consumed 87.50% of Graal execution, 70.00% of total in experiment 1 vs
    Compilation unit     1 consumed 87.50% of Graal execution, 70.00% of total in experiment 2
        Inlining tree matching
            There are no differences
        Optimization tree matching
            There are no differences
)");

// Runs profdiff in a temporary directory that holds the example inputs of output.md §11.
class EndToEndTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_.WriteLines("log1/units", {test::kLog1Unit});
    test::WriteExample4(dir_);
    dir_.WriteLines("dup1/units", {test::kDup1Unit});
    dir_.WriteLines("dup2/units", {test::kDup2Unit});
    dir_.Write("dprof1.json", test::kDupProf1);
    dir_.Write("dprof2.json", test::kDupProf2);
    dir_.WriteLines("aot1/units",
                    {test::WithHeader(test::kJit1Unit101, "demo.Main.run()", "1"),
                     test::WithHeader(test::kJit1Unit103, "demo.Other.cold()", "2"),
                     test::WithHeader(test::kJit1Unit101, "demo.Main.run%%Variant()", "3")});
    dir_.Write("aotprof1.json", test::kAotProf1);
  }

  RunResult Run(const std::vector<std::string>& args) { return RunProfdiff(args, dir_.path()); }

  // Runs a command expected to succeed; returns stdout without the explanation block.
  std::string Succeed(const std::vector<std::string>& args, bool blank_after = true) {
    RunResult result = Run(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.err, "");
    return StripExplanation(result.out, blank_after);
  }

  // Runs a command that fails while loading: exit 1 and the expected stderr; returns stdout
  // without the explanation block.
  std::string Fail(const std::vector<std::string>& args, const std::string& err) {
    RunResult result = Run(args);
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.err, err + "\n");
    return StripExplanation(result.out);
  }

  test::TempDir dir_;
};

bool EndsWith(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// --- output.md §11 -------------------------------------------------------------------------------

TEST_F(EndToEndTest, Example1) { EXPECT_EQ(Succeed({"report", "log1"}), kExample1); }

TEST_F(EndToEndTest, Example2) {
  EXPECT_EQ(
      Succeed({"--long-bci=true", "--inliner-reasoning=true", "--remove-detailed-phases=false",
               "--sort-unordered-phases=false", "--sort-inlining-tree=false", "report", "log1"}),
      kExample2);
}

TEST_F(EndToEndTest, Example3) {
  EXPECT_EQ(Succeed({"--optimization-context-tree=true", "report", "log1"}), kExample3);
}

TEST_F(EndToEndTest, Example4) {
  EXPECT_EQ(Succeed({"jit-vs-jit", "jit1", "prof1.json", "jit2", "prof2.json"}), kExample4);
}

TEST_F(EndToEndTest, Example5OptimizationContextTreeDiffs) {
  std::string out = Succeed({"--optimization-context-tree=true", "jit-vs-jit", "jit1", "prof1.json",
                             "jit2", "prof2.json"});
  EXPECT_NE(out.find(Block(R"(
        . Optimization-context tree
            . (root) demo.Main.run()
                - LoopTransformation LoopPeeling at bci 40 with {peelings: 1}
                + LoopTransformation LoopPeeling at bci 40 with {peelings: 2}
                * (direct -> inlined) demo.Util.check(int) at bci 12
                    |_ reasoning in experiment 1: too large
                    |_ reasoning in experiment 2: small enough
                - (deleted) demo.Util.log(String) at bci 30
                + (direct) demo.Util.trace() at bci 35
    Compilation unit   101 consumed 55.56% of Graal execution, 33.33% of total in experiment 1 vs
    Compilation unit   202 consumed 20.00% of Graal execution, 15.00% of total in experiment 2
        There are no differences
)")),
            std::string::npos)
      << out;
  EXPECT_TRUE(EndsWith(out, Block(R"(
    Compilation fragment 202#3 consumed 20.00% of Graal execution, 15.00% of total in experiment 2
        There are no differences
)"))) << out;
}

TEST_F(EndToEndTest, Example6NoDiffsNoFragments) {
  std::string out = Succeed({"--diff-compilations=false", "--create-fragments=false", "jit-vs-jit",
                             "jit1", "prof1.json", "jit2", "prof2.json"});
  EXPECT_TRUE(EndsWith(out, Block(R"(
                LowTier

Method demo.Util.add(int, int) is hot only in experiment 1
    In experiment 1
        1 compilations (1 of which are hot)
        Compilations
              102 consumed 33.33% of Graal execution, 20.00% of total *hot*
    In experiment 2
        No compilations
    Compilation unit   102 consumed 33.33% of Graal execution, 20.00% of total in experiment 1
        Inlining tree
            (root) demo.Util.add(int, int)
                (inlined) java.lang.Math.max(int, int) at bci 3
        Optimization tree
            RootPhase
                HighTier
                    ConditionalEliminationPhase
                        ConditionalElimination ConditionReplaced at bci 7
)"))) << out;
  EXPECT_NE(out.find("    Compilation unit   202 consumed 20.00% of Graal execution, 15.00% of "
                     "total in experiment 2\n        Inlining tree\n"),
            std::string::npos);
}

TEST_F(EndToEndTest, Example7) {
  const std::vector<std::string> inputs = {"jit-vs-jit", "dup1", "dprof1.json", "dup2",
                                           "dprof2.json"};
  auto with = [&](std::vector<std::string> options) {
    options.insert(options.end(), inputs.begin(), inputs.end());
    return options;
  };
  std::string oct = Succeed(with({"--optimization-context-tree=true"}));
  EXPECT_TRUE(EndsWith(oct, kExample7Oct)) << oct;
  std::string plain = Succeed(with({}));
  EXPECT_TRUE(EndsWith(plain, kExample7Plain)) << plain;
  std::string unpruned =
      Succeed(with({"--optimization-context-tree=true", "--prune-identities=false"}));
  EXPECT_TRUE(EndsWith(unpruned, kExample7Unpruned)) << unpruned;
}

TEST_F(EndToEndTest, Example8AotVsAotHasNoEmptyLineAfterTheExplanation) {
  EXPECT_EQ(Succeed({"aot-vs-aot", "aot1", "aotprof1.json", "aot1", "aotprof1.json"},
                    /*blank_after=*/false),
            kExample8AotVsAot);
}

TEST_F(EndToEndTest, Example8JitVsAotWithoutAotProfile) {
  std::string out = Succeed({"jit-vs-aot", "jit1", "prof1.json", "aot1"});
  EXPECT_NE(out.find("\n\nExperiment 2 (AOT)\n    Collected optimization logs for 3 compilation "
                     "units\n\nMethod demo.Main.run()\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find(Block(R"(
    In experiment 2
        2 compilations
        Compilations
              1#2
              |_ a fragment of demo.Main.run()
                               demo.Util.add(int, int) at bci 5
              3#3
              |_ a fragment of demo.Main.run()
                               demo.Util.add(int, int) at bci 5
    Compilation unit   102 consumed 33.33% of Graal execution, 20.00% of total in experiment 1 vs
    Compilation fragment   1#2 in experiment 2
)")),
            std::string::npos)
      << out;
}

TEST_F(EndToEndTest, AotVsAotWithJitProfile) {
  std::string out = Succeed({"aot-vs-aot-jit-profile", "jit1", "prof1.json", "aot1", "aot1"});
  EXPECT_EQ(out.rfind("Warning: Compilation ID 999 not found in the optimization log\n"
                      "Experiment 0 with execution ID 4242 (JIT)\n",
                      0),
            0u)
      << out;
  EXPECT_NE(out.find("\n\nExperiment 1 (AOT)\n    Collected optimization logs for 3 compilation "
                     "units\n\nExperiment 2 (AOT)\n    Collected optimization logs for 3 "
                     "compilation units\n\nMethod demo.Main.run()\n"),
            std::string::npos)
      << out;
}

// README "Decisions": with --diff-compilations=false fragments are printed like units: hot
// compilations of experiment 1 then 2, each in list order (units before fragments).
TEST_F(EndToEndTest, FragmentsWithoutDiffsArePrintedLikeUnits) {
  std::string out = Succeed(
      {"--diff-compilations=false", "jit-vs-jit", "jit1", "prof1.json", "jit2", "prof2.json"});
  std::string section = out.substr(out.find("\nMethod demo.Util.add(int, int)\n"));
  std::vector<std::string> headers;
  for (const std::string& line : test::SplitLines(section)) {
    if (line.rfind("    Compilation ", 0) == 0) headers.push_back(line.substr(4, 25));
  }
  EXPECT_EQ(headers,
            (std::vector<std::string>{"Compilation unit   102 co", "Compilation fragment 101#",
                                      "Compilation fragment 201#", "Compilation fragment 202#"}));
  EXPECT_TRUE(EndsWith(out, Block(R"(
    Compilation fragment 202#3 consumed 20.00% of Graal execution, 15.00% of total in experiment 2
        Inlining tree
            (root) demo.Util.add(int, int)
                (inlined) java.lang.Math.max(int, int) at bci 3
        Optimization tree
            RootPhase
                HighTier
                    LoopPeelingPhase
                    ConditionalEliminationPhase
                        ConditionalElimination ConditionReplaced at bci 7
                LowTier
)"))) << out;
}

// report lists methods by total period descending (ties in table order); with a profile only
// the hot methods and only their hot compilations.
TEST_F(EndToEndTest, ReportOrderAndHotFiltering) {
  dir_.WriteLines("r/log/units",
                  {test::Record("a()", "1"), test::Record("b()", "2"), test::Record("c()", "3"),
                   test::Record("a()", "4"), test::Record("d()", "5")});
  dir_.Write("r.json", R"({"totalPeriod":100,"code":[)"
                       R"({"compileId":"1","name":"a","level":4,"period":10},)"
                       R"({"compileId":"2","name":"b","level":4,"period":30},)"
                       R"({"compileId":"3","name":"c","level":4,"period":30},)"
                       R"({"compileId":"4","name":"a","level":4,"period":25}]})");
  auto listed = [](const std::string& out) {
    std::vector<std::string> lines;
    for (const std::string& line : test::SplitLines(out)) {
      if (line.rfind("Method ", 0) == 0 || line.rfind("        Compilation unit", 0) == 0) {
        lines.push_back(line.substr(0, 30));
      }
    }
    return lines;
  };
  // Visiting order b 30, c 30, a 25, a 10, d 0; at most 3 hot. Totals: a 35 (its cold unit
  // counts), b 30, c 30 (tie: table order).
  EXPECT_EQ(
      listed(Succeed({"--hot-max-limit=3", "--hot-percentile=1", "report", "r/log", "r.json"})),
      (std::vector<std::string>{"Method a()", "        Compilation unit     4", "Method b()",
                                "        Compilation unit     2", "Method c()",
                                "        Compilation unit     3"}));
  EXPECT_EQ(listed(Succeed({"report", "r/log"})),
            (std::vector<std::string>{
                "Method a()", "        Compilation unit     1", "        Compilation unit     4",
                "Method b()", "        Compilation unit     2", "Method c()",
                "        Compilation unit     3", "Method d()", "        Compilation unit     5"}));
}

// --- Explanation block (output.md §2) ------------------------------------------------------------

TEST_F(EndToEndTest, ExplanationBlockShapeForEveryCommandAndOptionSet) {
  const std::vector<std::vector<std::string>> commands = {
      {"report", "log1"},
      {"report", "jit1", "prof1.json"},
      {"jit-vs-jit", "jit1", "prof1.json", "jit2", "prof2.json"},
      {"jit-vs-aot", "jit1", "prof1.json", "aot1"},
      {"jit-vs-aot", "jit1", "prof1.json", "aot1", "aotprof1.json"},
      {"aot-vs-aot", "aot1", "aotprof1.json", "aot1", "aotprof1.json"},
      {"aot-vs-aot-jit-profile", "jit1", "prof1.json", "aot1", "aot1"},
  };
  const std::vector<std::vector<std::string>> option_sets = {
      {},
      {"--optimization-context-tree=true"},
      {"--create-fragments=false", "--prune-identities=false"},
      {"--diff-compilations=false", "--sort-inlining-tree=false"},
  };
  for (const auto& command : commands) {
    for (const auto& options : option_sets) {
      std::vector<std::string> args = options;
      args.insert(args.end(), command.begin(), command.end());
      SCOPED_TRACE(testing::PrintToString(args));
      std::string rest = Succeed(args, /*blank_after=*/command[0] != "aot-vs-aot");
      EXPECT_NE(rest.find("Experiment 1"), std::string::npos);
    }
  }
}

TEST_F(EndToEndTest, PathErrorsComeBeforeAnyOutput) {
  // Every command checks all its paths before it writes anything (input_paths_test has them
  // all); the explanation block is not printed either.
  const std::string missing =
      "Could not read the files of the experiment 1: The provided optimization log path does not "
      "denote a directory: nowhere (No such file or directory)\nnowhere does not exist: an "
      "optimization log is a directory (a Graal log) or a file (a HotSpot compilation log, "
      "written by -XX:+LogCompilation)";
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"report", "nowhere"},
           {"jit-vs-jit", "nowhere", "prof1.json", "jit2", "prof2.json"},
           {"aot-vs-aot", "nowhere", "aotprof1.json", "aot1", "aotprof1.json"}}) {
    RunResult result = Run(args);
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.err, missing + "\n");
    EXPECT_EQ(result.out, "");
  }
  RunResult jit = Run({"aot-vs-aot-jit-profile", "nowhere", "prof1.json", "aot1", "aot1"});
  EXPECT_EQ(jit.err,
            "Could not read the files of the experiment 0: The provided optimization "
            "log path does not denote a directory: nowhere (No such file or directory)\n"
            "nowhere does not exist: an optimization log is a directory (a Graal log) or a file (a "
            "HotSpot compilation log, written by -XX:+LogCompilation)\n");
  EXPECT_EQ(jit.out, "");
}

TEST_F(EndToEndTest, OutputBeforeAFailureInExperiment2Stays) {
  // The paths are fine; experiment 2's profile is of the wrong kind, found while loading.
  std::string out = Fail({"jit-vs-jit", "jit1", "prof1.json", "jit2", "aotprof1.json"},
                         "Failed to parse experiment 2 in " + dir_.Path("aotprof1.json") +
                             ": mismatched experiment kind: expected JIT, got AOT");
  EXPECT_EQ(out, kExample4.substr(0, kExample4.find("Experiment 2")));
}

// --- Loader warnings (README "Decisions") --------------------------------------------------------

TEST_F(EndToEndTest, InvalidRecordsAreReportedAndSkipped) {
  dir_.WriteLines("logs/a",
                  {test::Record("a()", "1"), R"({"methodName": 5})", "", test::Record("b()", "2")});
  dir_.WriteLines("logs/b", {R"j({"methodName":"c()")j", test::Record("c()", "3")});
  for (const std::string& given : {std::string("logs"), std::string("./logs"), dir_.Path("logs")}) {
    SCOPED_TRACE(given);
    std::vector<std::string> lines = test::SplitLines(Succeed({"report", given}));
    ASSERT_GE(lines.size(), 5u);
    const std::string prefix = "Warning: Invalid compilation unit: " + given + "/";
    const std::vector<std::string> where = {"a:2:", "a:3:", "b:1:"};
    for (size_t i = 0; i < where.size(); ++i) {
      EXPECT_EQ(lines[i].rfind(prefix + where[i], 0), 0u) << lines[i];
      EXPECT_TRUE(std::regex_match(lines[i].substr(prefix.size() + where[i].size()),
                                   std::regex("[1-9][0-9]*: \\S.*")))
          << lines[i];
    }
    EXPECT_EQ(lines[3], "Experiment 1");
    EXPECT_EQ(lines[4], "    Collected optimization logs for 3 compilation units");
    std::string out;
    for (const std::string& line : lines) out += line + "\n";
    for (const char* method : {"\nMethod a()\n", "\nMethod b()\n", "\nMethod c()\n"}) {
      EXPECT_NE(out.find(method), std::string::npos) << method;
    }
  }
}

TEST_F(EndToEndTest, NonRegularEntriesAreSkipped) {
  dir_.WriteLines("logs/a", {test::Record("a()", "1")});
  dir_.MakeDir("logs/sub");
  dir_.WriteLines("logs/sub/inner", {test::Record("x()", "9")});
  std::string out = Succeed({"report", "logs"});
  EXPECT_EQ(out.rfind("Warning: Skipping logs/sub: not a regular file\nExperiment 1\n    Collected "
                      "optimization logs for 1 compilation units\n",
                      0),
            0u)
      << out;
}

// --- Profile errors (formats.md §5) --------------------------------------------------------------

TEST_F(EndToEndTest, ProfileErrorsAreFatal) {
  for (const auto& [profile, problem] : std::vector<std::pair<std::string, std::string>>{
           {"jit1", "Is a directory"}, {"nonexist.json", "No such file or directory"}}) {
    RunResult result = Run({"report", "log1", profile});
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.err,
              "Could not read the files of the experiment 1: " + profile + " (" + problem + ")\n");
    EXPECT_EQ(result.out, "");  // checked before any output
  }
  EXPECT_EQ(Fail({"jit-vs-jit", "log1", "aotprof1.json", "jit2", "prof2.json"},
                 "Failed to parse experiment 1 in " + dir_.Path("aotprof1.json") +
                     ": mismatched experiment kind: expected JIT, got AOT"),
            "");
  RunResult aot = Run({"aot-vs-aot", "aot1", "aotprof1.json", "aot1", "prof2.json"});
  EXPECT_EQ(aot.exit_code, 1);
  EXPECT_EQ(aot.err, "Failed to parse experiment 2 in " + dir_.Path("prof2.json") +
                         ": mismatched experiment kind: expected AOT, got JIT\n");
  // Experiment 1's summary and the empty line after it stay.
  EXPECT_TRUE(EndsWith(StripExplanation(aot.out, /*blank_after=*/false),
                       "           10.00%       0.00                 demo.Other.cold()\n\n"));
  dir_.Write("kind.json", R"({"compilationKind":"XYZ","totalPeriod":1,"code":[]})");
  EXPECT_EQ(Fail({"report", "log1", "kind.json"}, "Failed to parse experiment 1 in " +
                                                      dir_.Path("kind.json") +
                                                      ": unexpected compilation kind: XYZ"),
            "");
}

TEST_F(EndToEndTest, MalformedProfileIsFatal) {
  dir_.Write("bad.json", "{\"totalPeriod\": 1, \"code\": [}\n");
  dir_.Write("type.json", R"({"totalPeriod":"x","code":[]})");
  for (const char* profile : {"bad.json", "type.json"}) {
    RunResult result = Run({"report", "log1", profile});
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.err.rfind("Failed to parse experiment 1 in " + dir_.Path(profile), 0), 0u)
        << result.err;
    EXPECT_TRUE(EndsWith(result.err, "\n"));
    EXPECT_EQ(test::SplitLines(result.err).size(), 1u) << result.err;
    EXPECT_EQ(StripExplanation(result.out), "");
  }
}

// --- Command line (cli.md, README "Decisions") ---------------------------------------------------

TEST_F(EndToEndTest, Help) {
  RunResult help = Run({"help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_EQ(help.err, "");
  for (const char* word :
       {"report", "jit-vs-jit", "jit-vs-aot", "aot-vs-aot", "aot-vs-aot-jit-profile",
        "--hot-min-limit", "--hot-max-limit", "--hot-percentile", "--optimization-context-tree",
        "--diff-compilations", "--long-bci", "--sort-inlining-tree", "--sort-unordered-phases",
        "--remove-detailed-phases", "--prune-identities", "--create-fragments",
        "--inliner-reasoning"}) {
    EXPECT_NE(help.out.find(word), std::string::npos) << word;
  }
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"--help"}, {"-h"}, {"help", "report"}, {"help", "aot-vs-aot-jit-profile"}}) {
    RunResult result = Run(args);
    EXPECT_EQ(result.exit_code, 0) << args[0];
    EXPECT_FALSE(result.out.empty()) << args[0];
    EXPECT_EQ(result.err, "") << args[0];
  }
  EXPECT_NE(Run({"help", "report"}).out.find("report"), std::string::npos);
}

TEST_F(EndToEndTest, HelpForAnUnknownCommandFails) {
  RunResult result = Run({"help", "bogus"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out, "");
  EXPECT_NE(result.err.find("bogus"), std::string::npos) << result.err;
}

TEST_F(EndToEndTest, Version) {
  RunResult result = Run({"--version"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_TRUE(std::regex_match(result.out, std::regex("profdiff [0-9]+\\.[0-9]+\\.[0-9]+\n")))
      << result.out;
  EXPECT_EQ(result.err, "");
}

TEST_F(EndToEndTest, CommandLineErrorsExitOneWithNothingOnStdout) {
  const std::vector<std::vector<std::string>> cases = {
      {},
      {"--hot-min-limit=x", "report", "log1"},
      {"--hot-min-limit=0x10", "report", "log1"},
      {"--hot-min-limit=1.0", "report", "log1"},
      {"--hot-min-limit=", "report", "log1"},
      {"--hot-max-limit=99999999999", "report", "log1"},
      {"--hot-min-limit=-1", "report", "log1"},
      {"--hot-min-limit=5", "--hot-max-limit=2", "report", "log1"},
      {"--hot-percentile=1.5", "report", "log1"},
      {"--hot-percentile=-0.1", "report", "log1"},
      {"--hot-percentile=NaN", "report", "log1"},
      {"--hot-percentile=abc", "report", "log1"},
      {"--long-bci=yes", "report", "log1"},
      {"--long-bci=1", "report", "log1"},
      {"--long-bci", "report", "log1"},  // "report" is taken as the value
      {"--bogus=1", "report", "log1"},
      {"--", "report", "log1"},
      {"frobnicate", "log1"},
      {"report"},
      {"report", "log1", "prof1.json", "extra"},
      {"report", "log1", "--long-bci"},
      {"report", "log1", "--bogus"},
      {"jit-vs-jit", "jit1", "prof1.json", "jit2"},
      {"aot-vs-aot-jit-profile", "jit1", "prof1.json", "aot1"},
      {"help", "report", "extra"},
  };
  for (const auto& args : cases) {
    SCOPED_TRACE(testing::PrintToString(args));
    RunResult result = Run(args);
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.out, "");
    EXPECT_FALSE(result.err.empty());
  }
}

TEST_F(EndToEndTest, OptionValueSyntax) {
  const std::string long_line = "LoopTransformation LoopPeeling at bci {demo.Main.run(): 40}";
  EXPECT_NE(Succeed({"--long-bci=TRUE", "report", "log1"}).find(long_line), std::string::npos);
  EXPECT_NE(Succeed({"--long-bci", "tRuE", "report", "log1"}).find(long_line), std::string::npos);
  // The last occurrence wins.
  EXPECT_EQ(Succeed({"--long-bci=true", "--long-bci=false", "report", "log1"}), kExample1);
  // Decimal integers (a leading 0 is not octal), Java doubles.
  EXPECT_EQ(Succeed({"--hot-min-limit", "010", "--hot-max-limit=+12", "--hot-percentile=5e-1",
                     "report", "log1"}),
            kExample1);
  EXPECT_EQ(Succeed({"--hot-percentile=0x1p-1", "--hot-percentile", " 1d ", "report", "log1"}),
            kExample1);
}

TEST_F(EndToEndTest, OptionsAfterTheCommand) {
  EXPECT_EQ(Succeed({"report", "log1", "--long-bci=true", "--inliner-reasoning=true",
                     "--remove-detailed-phases=false", "--sort-unordered-phases", "false",
                     "--sort-inlining-tree=false"}),
            kExample2);
  EXPECT_EQ(Succeed({"report", "--optimization-context-tree=true", "log1"}), kExample3);
}

// --- The repository's fixtures -------------------------------------------------------------------

TEST(FixturesTest, JitExampleRuns) {
  const std::string root = test::SourceDir() + "/fixtures/jit-example/";
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"report", root + "exp1/log", root + "exp1/prof.json"},
           {"report", root + "exp2/log"},
           {"jit-vs-jit", root + "exp1/log", root + "exp1/prof.json", root + "exp2/log",
            root + "exp2/prof.json"},
           {"--optimization-context-tree=true", "jit-vs-jit", root + "exp1/log",
            root + "exp1/prof.json", root + "exp2/log", root + "exp2/prof.json"}}) {
    SCOPED_TRACE(testing::PrintToString(args));
    RunResult result = RunProfdiff(args);
    EXPECT_EQ(result.exit_code, 0);
    EXPECT_EQ(result.err, "");
    std::string rest = StripExplanation(result.out);
    EXPECT_EQ(rest.find("Warning"), std::string::npos);
    EXPECT_NE(rest.find("\nMethod "), std::string::npos);
  }
}

}  // namespace
}  // namespace profdiff
