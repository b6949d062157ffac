// Exit statuses that gate CI (docs/ci.md, README "Exit status"): --fail-on and --fail-min-share
// (0 no counted differences, 1 an error, 2 differences found), decided from the records (also
// when `render` reads them back), and a reader that goes away (`| head`) ending the run quietly.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "profdiff/output/difference_gate.h"
#include "profdiff/output/method_differences.h"
#include "profdiff/output/record_stream_reader.h"
#include "test_util.h"

namespace profdiff {
namespace {

using test::RunProfdiff;
using test::RunResult;

const std::string kJit = test::SourceDir() + "/fixtures/jit-example";
const std::string kAot = test::SourceDir() + "/fixtures/aot-example";

// fixtures/jit-example: Checkout.total differs in inlining and optimization (51.92% of the
// execution in experiment 2), ArrayList.get in optimization only (15.83% in experiment 1).
std::vector<std::string> Differing() {
  return {"jit-vs-jit", kJit + "/exp1/log", kJit + "/exp1/prof.json", kJit + "/exp2/log",
          kJit + "/exp2/prof.json"};
}
std::vector<std::string> Same() {
  return {"jit-vs-jit", kJit + "/exp1/log", kJit + "/exp1/prof.json", kJit + "/exp1/log",
          kJit + "/exp1/prof.json"};
}

std::vector<std::string> With(std::vector<std::string> args, std::vector<std::string> extra) {
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(ExitStatusTest, EachFailOnValueOnDifferingAndOnSameExperiments) {
  const RunResult plain = RunProfdiff(Differing());
  ASSERT_EQ(plain.exit_code, 0);
  struct Case {
    std::string fail_on;
    int differing;  // exit status on fixtures/jit-example
  };
  for (const Case& c :
       std::vector<Case>{{"none", 0}, {"inlining", 2}, {"optimization", 2}, {"any", 2}}) {
    SCOPED_TRACE(c.fail_on);
    RunResult result = RunProfdiff(With(Differing(), {"--fail-on=" + c.fail_on}));
    EXPECT_EQ(result.exit_code, c.differing);
    EXPECT_EQ(result.out, plain.out);  // the gate changes nothing on stdout
    if (c.differing == 2) {
      EXPECT_EQ(test::SplitLines(result.err).size(), 1u) << result.err;
      EXPECT_EQ(result.err.rfind("profdiff: differences found (--fail-on=" + c.fail_on + "): ", 0),
                0u)
          << result.err;
      EXPECT_EQ(result.err.back(), '\n');
    } else {
      EXPECT_EQ(result.err, "");
    }
    // An experiment compared with itself never fails the gate.
    RunResult same = RunProfdiff(With(Same(), {"--fail-on", c.fail_on}));
    EXPECT_EQ(same.exit_code, 0) << same.err;
    EXPECT_EQ(same.err, "");
  }
}

TEST(ExitStatusTest, TheLineSaysHowManyMethodsDifferAndWhy) {
  RunResult inlining = RunProfdiff(With(Differing(), {"--fail-on=inlining"}));
  EXPECT_EQ(inlining.err,
            "profdiff: differences found (--fail-on=inlining): 1 of 2 compared hot methods differ "
            "in inlining, the most executed org.example.shop.Checkout.total(java.util.List) "
            "(51.92%)\n");
  RunResult optimization =
      RunProfdiff(With(Differing(), {"--fail-on=optimization", "--fail-min-share=0.1"}));
  EXPECT_EQ(optimization.err,
            "profdiff: differences found (--fail-on=optimization): 2 of 2 compared hot methods "
            "with at least 10.00% of the execution differ in optimization, the most executed "
            "org.example.shop.Checkout.total(java.util.List) (51.92%)\n");
}

TEST(ExitStatusTest, FailMinShareLeavesOutLessExecutedMethods) {
  // ArrayList.get's larger share is 15.83%, Checkout.total's 51.92%; only ArrayList.get differs
  // in nothing but its optimization tree, and Checkout.total in both.
  struct Case {
    std::string fail_on;
    std::string min_share;
    int expected;
  };
  for (const Case& c : std::vector<Case>{{"optimization", "0.15", 2},
                                         {"optimization", "0.5192", 2},
                                         {"optimization", "0.52", 0},
                                         {"any", "1", 0},
                                         {"inlining", "0.2", 2},
                                         {"any", "0", 2}}) {
    SCOPED_TRACE(c.fail_on + " " + c.min_share);
    RunResult result = RunProfdiff(
        With(Differing(), {"--fail-on=" + c.fail_on, "--fail-min-share=" + c.min_share}));
    EXPECT_EQ(result.exit_code, c.expected) << result.err;
  }
}

TEST(ExitStatusTest, EveryComparisonCommandAndTreeShape) {
  const std::vector<std::string> aot_jit_profile = {"aot-vs-aot-jit-profile", kJit + "/exp1/log",
                                                    kJit + "/exp1/prof.json", kAot + "/exp1/log",
                                                    kAot + "/exp2/log"};
  const std::vector<std::string> aot = {"aot-vs-aot", kAot + "/exp1/log", kAot + "/exp1/prof.json",
                                        kAot + "/exp2/log", kAot + "/exp2/prof.json"};
  const std::vector<std::string> jit_aot = {"jit-vs-aot", kJit + "/exp1/log",
                                            kJit + "/exp1/prof.json", kAot + "/exp2/log"};
  for (const auto& args : {aot_jit_profile, aot, jit_aot, Differing()}) {
    for (const std::string context : {"false", "true"}) {
      SCOPED_TRACE(args[0] + " context tree " + context);
      std::vector<std::string> run = With(args, {"--optimization-context-tree=" + context});
      EXPECT_EQ(RunProfdiff(With(run, {"--fail-on=none"})).exit_code, 0);
      RunResult any = RunProfdiff(With(run, {"--fail-on=any"}));
      EXPECT_EQ(any.exit_code, 2) << any.err;
    }
  }
  // Without a profile on either side (AOT builds judged by a JIT profile) the shares are
  // unknown: such methods always count, and the line names one without claiming a share.
  RunResult unknown =
      RunProfdiff(With(aot_jit_profile, {"--fail-on=inlining", "--fail-min-share=0.99"}));
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find(", among them "), std::string::npos) << unknown.err;
}

TEST(ExitStatusTest, JsonAndCsvGateTheSameWay) {
  for (const std::string format : {"json", "csv"}) {
    RunResult plain = RunProfdiff(With(Differing(), {"--format=" + format}));
    RunResult gated = RunProfdiff(With(Differing(), {"--format=" + format, "--fail-on=any"}));
    EXPECT_EQ(gated.exit_code, 2) << format;
    if (format == "csv") {
      EXPECT_EQ(gated.out, plain.out);
    }
    RunResult same = RunProfdiff(With(Same(), {"--format=" + format, "--fail-on=any"}));
    EXPECT_EQ(same.exit_code, 0) << format;
  }
  // The header records the gate's options (the stream's own run), in their spelling.
  RunResult json = RunProfdiff(
      With(Differing(), {"--format=json", "--fail-on=inlining", "--fail-min-share=0.25"}));
  EXPECT_NE(json.out.find(R"("fail-on":"inlining","fail-min-share":0.25)"), std::string::npos)
      << json.out.substr(0, 700);
}

TEST(ExitStatusTest, RenderGatesASavedStream) {
  test::TempDir dir;
  dir.Write("differing.jsonl", RunProfdiff(With(Differing(), {"--format=json"})).out);
  dir.Write("same.jsonl", RunProfdiff(With(Same(), {"--format=json"})).out);
  RunResult differing = RunProfdiff({"render", dir.Path("differing.jsonl"), "--fail-on=any"});
  EXPECT_EQ(differing.exit_code, 2);
  EXPECT_EQ(differing.out, RunProfdiff(Differing()).out);
  EXPECT_NE(differing.err.find("2 of 2 compared"), std::string::npos) << differing.err;
  EXPECT_EQ(RunProfdiff({"render", dir.Path("differing.jsonl"), "--fail-on=optimization",
                         "--fail-min-share=0.6"})
                .exit_code,
            0);
  EXPECT_EQ(RunProfdiff({"render", dir.Path("same.jsonl"), "--fail-on=any"}).exit_code, 0);
  // A stream of report holds nothing that could differ: an error, not a pass.
  dir.Write(
      "report.jsonl",
      RunProfdiff({"report", kJit + "/exp1/log", kJit + "/exp1/prof.json", "--format=json"}).out);
  RunResult report = RunProfdiff({"render", dir.Path("report.jsonl"), "--fail-on=any"});
  EXPECT_EQ(report.exit_code, 1);
  EXPECT_NE(report.err.find("holds no compared compilations"), std::string::npos) << report.err;
  // Nor does a stream of stats, which counts but compares no compilations.
  dir.Write("stats.jsonl",
            RunProfdiff({"stats", kJit + "/exp1/log", kJit + "/exp1/prof.json", kJit + "/exp2/log",
                         kJit + "/exp2/prof.json", "--format=json"})
                .out);
  RunResult stats = RunProfdiff({"render", dir.Path("stats.jsonl"), "--fail-on=any"});
  EXPECT_EQ(stats.exit_code, 1);
  EXPECT_EQ(stats.err, "--fail-on: " + dir.Path("stats.jsonl") +
                           " holds no compared compilations (it was written by report, by stats "
                           "or with --diff-compilations=false)\n");
}

TEST(ExitStatusTest, ErrorsStayOneWhateverTheGate) {
  RunResult missing = RunProfdiff({"jit-vs-jit", "nowhere", kJit + "/exp1/prof.json",
                                   kJit + "/exp2/log", kJit + "/exp2/prof.json", "--fail-on=any"});
  EXPECT_EQ(missing.exit_code, 1);
  // A gate that can never close is a command-line error.
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"report", kJit + "/exp1/log", "--fail-on=any"},
           With(Differing(), {"--fail-on=inlining", "--diff-compilations=false"})}) {
    RunResult result = RunProfdiff(args);
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.out, "");
    EXPECT_NE(result.err.find("--fail-on needs compared compilations"), std::string::npos)
        << result.err;
  }
  EXPECT_EQ(RunProfdiff({"report", kJit + "/exp1/log", "--fail-on=none"}).exit_code, 0);
  for (const std::string bad :
       {"--fail-on=yes", "--fail-on=Inlining", "--fail-min-share=1.5", "--fail-min-share=-0.1",
        "--fail-min-share=NaN", "--fail-min-share=x"}) {
    RunResult result = RunProfdiff(With(Differing(), {bad}));
    EXPECT_EQ(result.exit_code, 1) << bad;
    EXPECT_EQ(result.out, "") << bad;
    EXPECT_EQ(result.err.rfind("Error: --fail-", 0), 0u) << result.err;
  }
}

// Runs profdiff with stdout redirected to `stdout_fd` (closed in the parent afterwards); stderr
// is captured.
RunResult RunWithStdout(const std::vector<std::string>& args, int stdout_fd) {
  test::TempDir capture;
  const std::string err_path = capture.Path("stderr");
  RunResult result;
  pid_t pid = fork();
  if (pid == 0) {
    int err_fd = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (err_fd < 0 || dup2(stdout_fd, 1) < 0 || dup2(err_fd, 2) < 0) _exit(126);
    test::ExecBinary(test::ProfdiffBinary(), args);
  }
  close(stdout_fd);
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.err = test::ReadFile(err_path);
  return result;
}

TEST(ExitStatusTest, AReaderThatGoesAwayEndsTheRunQuietly) {
  for (const std::string format : {"text", "json", "csv"}) {
    for (const std::string fail_on : {"none", "any"}) {
      int fds[2];
      ASSERT_EQ(pipe(fds), 0);
      close(fds[0]);  // `| head` that has already exited
      RunResult result =
          RunWithStdout(With(Differing(), {"--format=" + format, "--fail-on=" + fail_on}), fds[1]);
      EXPECT_EQ(result.exit_code, 0) << format << " " << fail_on;
      EXPECT_EQ(result.err, "") << format;
    }
  }
  // Help, too.
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  close(fds[0]);
  RunResult help = RunWithStdout({"help"}, fds[1]);
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_EQ(help.err, "");
}

TEST(ExitStatusTest, AnOutputThatCannotBeWrittenIsAnError) {
  int full = open("/dev/full", O_WRONLY);
  if (full < 0) GTEST_SKIP() << "no /dev/full";
  RunResult result = RunWithStdout(Differing(), full);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err, "profdiff: cannot write the output: No space left on device\n");
}

// --- The library: the tally of the records and the gate's decision ----------------------------

TEST(MethodDifferencesTest, TheTallyOfAStreamAddsUpToItsEndRecord) {
  for (const std::string context : {"false", "true"}) {
    RunResult json =
        RunProfdiff(With(Differing(), {"--format=json", "--optimization-context-tree=" + context}));
    ASSERT_EQ(json.exit_code, 0);
    MethodDifferenceTally tally;
    ASSERT_TRUE(ReadRecordStreamText(json.out, "stream", tally, [](std::string_view) {}).ok());
    EXPECT_TRUE(tally.compares());
    std::vector<MethodDifferences> methods = tally.Methods();
    ASSERT_EQ(methods.size(), 2u);
    EXPECT_EQ(methods[0].method, "org.example.shop.Checkout.total(java.util.List)");
    EXPECT_EQ(methods[1].method, "java.util.ArrayList.get(int)");
    EXPECT_EQ(methods[0].index, 0);
    EXPECT_EQ(methods[1].index, 1);
    ASSERT_TRUE(methods[0].share[0] && methods[0].share[1]);
    EXPECT_NEAR(*methods[0].share[0], 0.4583, 1e-4);
    EXPECT_NEAR(*methods[0].share[1], 0.5192, 1e-4);
    // Units only: fragment 1021#1 repeats Checkout.total's period.
    EXPECT_NEAR(*methods[1].share[0], 0.1583, 1e-4);
    EXPECT_NEAR(*methods[1].share[1], 0.1192, 1e-4);
    EXPECT_EQ(methods[0].pairs, 1);
    if (context == "false") {
      // The end record of the same run: inlining 1/1/2, optimization 1/7/0 (README).
      EXPECT_EQ(methods[0].inlining.insert + methods[1].inlining.insert, 1);
      EXPECT_EQ(methods[0].inlining.remove + methods[1].inlining.remove, 1);
      EXPECT_EQ(methods[0].inlining.relabel + methods[1].inlining.relabel, 2);
      EXPECT_EQ(methods[0].optimization.differences() + methods[1].optimization.differences(), 8);
    }
    EXPECT_TRUE(methods[0].InliningDiffers());
    EXPECT_TRUE(methods[0].OptimizationDiffers());
    EXPECT_FALSE(methods[1].InliningDiffers());
    EXPECT_TRUE(methods[1].OptimizationDiffers());
  }
}

MethodDifferences Method(int64_t index, std::optional<double> share1, std::optional<double> share2,
                         int64_t inlining, int64_t optimization) {
  MethodDifferences m;
  m.index = index;
  m.method = "m" + std::to_string(index);
  m.share[0] = share1;
  m.share[1] = share2;
  m.pairs = 1;
  m.inlining.insert = inlining;
  m.optimization.relabel = optimization;
  return m;
}

TEST(DifferenceGateTest, Decisions) {
  const std::vector<MethodDifferences> methods = {
      Method(0, 0.5, 0.1, 0, 3), Method(1, 0.05, 0.2, 2, 0), Method(2, 0.01, std::nullopt, 1, 1)};
  EXPECT_FALSE(DecideGate(methods, FailOn::kNone, 0).failed);
  EXPECT_TRUE(DecideGate(methods, FailOn::kInlining, 0).failed);
  EXPECT_TRUE(DecideGate(methods, FailOn::kInlining, 0.2).failed);    // 0.2 >= 0.2
  EXPECT_FALSE(DecideGate(methods, FailOn::kInlining, 0.21).failed);  // only m0 counts
  EXPECT_TRUE(DecideGate(methods, FailOn::kOptimization, 0.5).failed);
  EXPECT_EQ(DecideGate(methods, FailOn::kAny, 0).message,
            "profdiff: differences found (--fail-on=any): 3 of 3 compared hot methods differ in "
            "inlining or optimization, the most executed m0 (50.00%)");
  // A method without pairs (hot in one experiment only) is not compared.
  std::vector<MethodDifferences> uncompared = {Method(0, 0.9, 0.9, 0, 0)};
  uncompared[0].pairs = 0;
  uncompared[0].inlining.insert = 5;
  EXPECT_FALSE(DecideGate(uncompared, FailOn::kAny, 0).failed);
  // Trees too big to compare cannot be shown to be equal.
  std::vector<MethodDifferences> too_big = {Method(0, 0.9, 0.9, 0, 0)};
  too_big[0].optimization_too_big = 1;
  EXPECT_TRUE(DecideGate(too_big, FailOn::kOptimization, 0).failed);
  EXPECT_FALSE(DecideGate(too_big, FailOn::kInlining, 0).failed);
  // Unknown shares always count.
  EXPECT_TRUE(
      DecideGate({Method(0, std::nullopt, std::nullopt, 1, 0)}, FailOn::kInlining, 1).failed);
}

// Two JFR profiles (docs/ci.md "Sampling noise"): a method whose share change is within sampling
// noise still counts (its trees differ, whatever its share did), and the line says which of the
// differing methods changed share by chance, and the samples behind the most executed one's share.
TEST(DifferenceGateTest, SharesWithinSamplingNoiseCountAndAreMarked) {
  std::vector<MethodDifferences> methods = {Method(0, 0.30, 0.35, 1, 0), Method(1, 0.1, 0.02, 1, 0),
                                            Method(2, 0.2, 0.01, 0, 0)};
  methods[0].samples[0] = 6;
  methods[0].samples[1] = 7;
  methods[0].sampling_noise = SamplingNoiseRecord{0.78, true};
  methods[1].samples[0] = 2;
  methods[1].samples[1] = 0;
  methods[1].sampling_noise = SamplingNoiseRecord{0.5, true};
  methods[2].sampling_noise = SamplingNoiseRecord{0.001, false};
  GateVerdict verdict = DecideGate(methods, FailOn::kInlining, 0.05);
  EXPECT_TRUE(verdict.failed);
  EXPECT_EQ(verdict.message,
            "profdiff: differences found (--fail-on=inlining): 2 of 3 compared hot methods with at "
            "least 5.00% of the execution differ in inlining, the most executed m0 (35.00%, 7 "
            "samples); the share change of 2 of the 2 is within sampling noise (docs/jfr.md)");
  // The only method over the threshold, its share change within the noise: it still fails.
  verdict = DecideGate(methods, FailOn::kInlining, 0.31);
  EXPECT_TRUE(verdict.failed);
  EXPECT_EQ(verdict.message,
            "profdiff: differences found (--fail-on=inlining): 1 of 1 compared hot methods with at "
            "least 31.00% of the execution differ in inlining, the most executed m0 (35.00%, 7 "
            "samples); the share change of 1 of the 1 is within sampling noise (docs/jfr.md)");
  // Beyond the noise: nothing to add but the samples.
  methods[0].sampling_noise = SamplingNoiseRecord{0.01, false};
  EXPECT_EQ(DecideGate(methods, FailOn::kInlining, 0.31).message,
            "profdiff: differences found (--fail-on=inlining): 1 of 1 compared hot methods with at "
            "least 31.00% of the execution differ in inlining, the most executed m0 (35.00%, 7 "
            "samples)");
}

// jit-vs-jit-runs: a compared method counts its stable differences only, by tree (in a context
// tree, inlining nodes count as inlining), with its mean shares and its cross pairs.
TEST(MethodDifferencesTest, RunsMethodsCountStableDifferencesOnly) {
  auto difference = [](TreeKind tree, NodeOp op, LabelKind label) {
    DifferenceRecord d;
    d.tree = tree;
    d.node.op = op;
    d.node.left.kind = label;
    d.node.right.kind = label;
    return d;
  };
  HeaderRecord header("jit-vs-jit-runs", {}, Options(), RunsOptions());
  header.runs->runs[0].resize(3);
  header.runs->runs[1].resize(2);
  RunsMethodRecord compared;
  compared.index = 0;
  compared.name = "compared";
  compared.compared = true;
  compared.cross_pairs = 6;
  compared.hotness.resize(2);
  compared.hotness[0].experiment = 1;
  compared.hotness[0].mean = 0.25;
  compared.hotness[1].experiment = 2;
  compared.hotness[1].mean = 0.5;
  compared.stable = {
      difference(TreeKind::kInlining, NodeOp::kRelabel, LabelKind::kInlining),
      difference(TreeKind::kOptimization, NodeOp::kInsert, LabelKind::kOptimization),
      difference(TreeKind::kOptimizationContext, NodeOp::kDelete, LabelKind::kInlining),
      difference(TreeKind::kOptimizationContext, NodeOp::kDelete, LabelKind::kOptimization)};
  compared.noise = {difference(TreeKind::kInlining, NodeOp::kInsert, LabelKind::kInlining)};
  RunsMethodRecord hot_in_few_runs;
  hot_in_few_runs.index = 1;
  hot_in_few_runs.name = "hot in few runs";
  hot_in_few_runs.stable = compared.stable;  // cannot happen, but would not count

  MethodDifferenceTally tally;
  tally.Header(header);
  tally.RunsMethod(hot_in_few_runs);
  tally.RunsMethod(compared);
  EXPECT_TRUE(tally.compares());
  EXPECT_TRUE(tally.runs());
  EXPECT_EQ(tally.fewest_runs(), 2u);
  std::vector<MethodDifferences> methods = tally.Methods();
  ASSERT_EQ(methods.size(), 1u);
  EXPECT_EQ(methods[0].method, "compared");
  EXPECT_EQ(methods[0].pairs, 6);
  EXPECT_EQ(methods[0].share[0], 0.25);
  EXPECT_EQ(methods[0].share[1], 0.5);
  EXPECT_EQ(methods[0].inlining.relabel, 1);
  EXPECT_EQ(methods[0].inlining.remove, 1);
  EXPECT_EQ(methods[0].inlining.insert, 0);  // noise
  EXPECT_EQ(methods[0].optimization.insert, 1);
  EXPECT_EQ(methods[0].optimization.remove, 1);
  EXPECT_EQ(DecideGate(methods, FailOn::kInlining, 0, /*across_runs=*/true).message,
            "profdiff: differences found (--fail-on=inlining): 1 of 1 compared hot methods have "
            "stable differences in inlining, the most executed compared (mean 50.00%)");
  EXPECT_EQ(RunsGateProblem(1).empty(), false);
  EXPECT_EQ(RunsGateProblem(2), "");
}

TEST(MethodDifferencesTest, Ranking) {
  std::vector<MethodDifferences> ranked = RankMethods({
      Method(0, 0.9, 0.9, 0, 0),                    // no differences: last
      Method(1, 0.1, 0.2, 1, 0),                    //
      Method(2, 0.3, 0.1, 1, 0),                    // the most executed with differences
      Method(3, std::nullopt, std::nullopt, 5, 5),  // unknown share: after the known ones
      Method(4, 0.2, 0.05, 9, 9),                   // same share as m1, more differences
  });
  std::vector<int64_t> order;
  for (const MethodDifferences& m : ranked) order.push_back(m.index);
  EXPECT_EQ(order, (std::vector<int64_t>{2, 4, 1, 3, 0}));
}

}  // namespace
}  // namespace profdiff
