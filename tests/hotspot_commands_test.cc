// HotSpot logs in the commands that did not take them without a profile (docs/hotspot.md
// "Commands", docs/runs.md "HotSpot logs without profiles"): jit-vs-jit-runs of HotSpot logs
// alone, in every format, and the ahead-of-time commands, which refuse a HotSpot log where an
// AOT log goes.

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "test_util.h"
#include "text_count.h"

namespace profdiff {
namespace {

using namespace test;  // NOLINT: the test helpers

const std::string kFixture = test::SourceDir() + "/fixtures/hotspot-example";
const std::string kJit = test::SourceDir() + "/fixtures/jit-example";

const std::vector<std::string> kRunsWithoutProfiles = {
    "jit-vs-jit-runs", "--exp1", "jdk17.log", "jdk17.log", "--exp2", "jdk25.log", "jdk25.log"};

TEST(HotSpotRunsTest, RunsOfHotSpotLogsWithoutProfilesAreCompared) {
  std::vector<std::string> args = kRunsWithoutProfiles;
  args.push_back("--summary=true");
  RunResult run = RunProfdiff(args, kFixture);  // also renders its JSON back to the same text
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(CountOf(run.out,
                    "    HotSpot compilation logs: each method's top-tier compilations "
                    "kept; no profiles: the methods compiled in at least half the runs "
                    "of each experiment are compared\n"),
            2u);
  // The runs table: no figures of a profile, and no profile after the log.
  EXPECT_NE(run.out.find("      1             -    135          -          -            -       "
                         "       -  jdk17.log\n"),
            std::string::npos)
      << run.out;
  // Every method compiled in some run is listed, without shares; those compiled in every run
  // of both experiments are compared.
  const size_t methods = CountOf(run.out, "\nMethod ");
  EXPECT_EQ(CountOf(run.out, " runs (no profile: no shares)\n"), 2 * methods);
  EXPECT_GT(CountOf(run.out,
                    "    Experiment 1: compiled in 2 of 2 runs (no profile: no shares)\n"
                    "    Experiment 2: compiled in 2 of 2 runs (no profile: no shares)\n"),
            0u);
  EXPECT_GT(CountOf(run.out,
                    "    Not compared: compiled in fewer than half the runs of "
                    "experiment 1\n"),
            0u);
  EXPECT_EQ(CountOf(run.out, "\nMethod "), CountOf(run.out,
                                                   "    Share change: unknown without "
                                                   "profiles\n"));
  EXPECT_EQ(run.out.find("share mean"), std::string::npos);
  // Each side repeats its single log, so every difference of a method is stable: the same
  // differences as jit-vs-jit's pairs of the two logs.
  EXPECT_GT(CountOf(run.out, "    Stable differences\n"), 0u);
  EXPECT_EQ(CountOf(run.out, "    Noise differences"), 0u);
  // The summary ranks without shares.
  EXPECT_NE(run.out.find("          -         -      4  "), std::string::npos);

  args.push_back("--format=json");
  RunResult json = RunProfdiff(args, kFixture);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_NE(json.out.find("\"mean\":\"NaN\",\"stddev\":null,\"min\":\"NaN\",\"max\":\"NaN\""),
            std::string::npos);
  EXPECT_NE(json.out.find("\"share_change\":{\"difference\":\"NaN\",\"tested\":false"),
            std::string::npos);
  EXPECT_NE(
      json.out.find("\"run\":{\"index\":1,\"count\":2,\"log\":\"jdk17.log\",\"profile\":\"\"}"),
      std::string::npos);
  EXPECT_NE(json.out.find("\"without_profile\":\"the methods compiled in at least half the runs "
                          "of each experiment are compared\""),
            std::string::npos);

  args.back() = "--format=csv";
  RunResult csv = RunProfdiff(args, kFixture);
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(csv.err,
            "Warning: experiment 1 has no profiles: the methods compiled in at least half the runs "
            "of each experiment are compared\n"
            "Warning: experiment 2 has no profiles: the methods compiled in at least half the runs "
            "of each experiment are compared\n");
  EXPECT_NE(csv.out.find(",1,2,2,2,NaN,,NaN,NaN,NaN,,false,true,false,"), std::string::npos)
      << csv.out.substr(0, 600);

  args.back() = "--format=html";
  RunResult html = RunProfdiff(args, kFixture);
  ASSERT_EQ(html.exit_code, 0) << html.err;
  EXPECT_NE(html.out.find("the methods compiled in at least half the runs"), std::string::npos);
}

// The gate counts what jit-vs-jit's counts, call sites that moved with the code included (issue
// 36): each side's single log repeated makes every difference of the pair stable, and unknown
// shares are not below any --fail-min-share.
TEST(HotSpotRunsTest, TheGateCountsAsJitVsJitDoes) {
  std::vector<std::string> args = kRunsWithoutProfiles;
  args.push_back("--fail-on=inlining");
  RunResult runs = RunProfdiff(args, kFixture);
  RunResult pair =
      RunProfdiff({"jit-vs-jit", "jdk17.log", "jdk25.log", "--fail-on=inlining"}, kFixture);
  ASSERT_EQ(runs.exit_code, 2) << runs.err;
  ASSERT_EQ(pair.exit_code, 2) << pair.err;
  auto counted = [](const std::string& err) {  // "N of M compared compiled methods"
    const size_t colon = err.find("): ");
    const size_t end = err.find(" compared compiled methods");
    return colon == std::string::npos || end == std::string::npos
               ? std::string()
               : err.substr(colon + 3, end - colon - 3);
  };
  EXPECT_FALSE(counted(runs.err).empty()) << runs.err;
  // Both match the call sites that moved with the code (JDK 17 vs 25:
  // ConcurrentHashMap.tabAt's one moved call would otherwise be its only difference).
  EXPECT_EQ(counted(runs.err), "6 of 60") << runs.err;
  EXPECT_EQ(counted(pair.err), "6 of 60") << pair.err;
}

// Without a profile on either side nothing is hot: the compared methods are every method
// compiled in both, and the summary, the decisions and the gate call them compiled methods. With
// a profile on a side they stay hot methods.
TEST(HotSpotRunsTest, ComparisonsWithoutProfilesCompareCompiledMethods) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"jit-vs-jit", "jdk17.log", "jdk25.log"}, kRunsWithoutProfiles}) {
    std::vector<std::string> all = args;
    for (const char* option : {"--summary=true", "--decisions=true", "--fail-on=inlining"}) {
      all.push_back(option);
    }
    RunResult run = RunProfdiff(all, kFixture);  // render of its JSON: the same text
    ASSERT_EQ(run.exit_code, 2) << run.err;
    EXPECT_EQ(run.out.find("hot methods"), std::string::npos) << args[0];
    EXPECT_EQ(CountOf(run.out,
                      "\nSummary: the compared compiled methods, the most executed with "
                      "the most differences first\n"),
              1u)
        << args[0];
    EXPECT_EQ(CountOf(run.out, " compiled methods\n"), 1u) << args[0] << ": the decisions' count";
    EXPECT_EQ(CountOf(run.out,
                      "\n    Inlining rate of the compared code (inlined call sites / all "
                      "call sites)\n"),
              1u)
        << args[0];
    if (args[0] == "jit-vs-jit") {
      EXPECT_NE(run.out.find(" compared pairs of 60 compiled methods\n"), std::string::npos);
    }
    EXPECT_NE(run.err.find(" of 60 compared compiled methods "), std::string::npos) << run.err;
  }
  // The HotSpot log of experiment 2 without a profile, experiment 1 with one: its hot methods.
  RunResult profiled =
      RunProfdiff({"jit-vs-jit", kJit + "/exp1/log", kJit + "/exp1/prof.json", "jdk25.log",
                   "--summary=true", "--decisions=true", "--fail-on=any"},
                  kFixture);
  EXPECT_NE(profiled.out.find("\nSummary: the compared hot methods, "), std::string::npos);
  EXPECT_NE(profiled.out.find(" hot methods\n"), std::string::npos);
  EXPECT_EQ(profiled.out.find("compared compiled methods"), std::string::npos);
  EXPECT_EQ(profiled.out.find(" compiled methods\n"), std::string::npos);
  if (profiled.exit_code == 2) {
    EXPECT_NE(profiled.err.find(" compared hot methods"), std::string::npos) << profiled.err;
  }
}

TEST(HotSpotRunsTest, RunsAreToldApartByWhatTheyAre) {
  // A HotSpot log with its recording, another without: every run has a profile, or none.
  RunResult mixed = RunProfdiff({"jit-vs-jit-runs", "--exp1", "jdk17.log", "--exp2", "jdk25.log",
                                 "jdk25.log", kJit + "/exp1/prof.json"},
                                kFixture);
  EXPECT_EQ(mixed.exit_code, 1);
  EXPECT_NE(mixed.err.find("jit-vs-jit-runs: run 1 of experiment 1 (\"jdk17.log\") has no profile "
                           "and run 2 of experiment 2 (\"jdk25.log\") has one: give every run its "
                           "profile, or none"),
            std::string::npos)
      << mixed.err;
  EXPECT_EQ(mixed.out, "");

  RunResult graal = RunProfdiff(
      {"jit-vs-jit-runs", "--exp1", "jdk17.log", kJit + "/exp1/log", "--exp2", "jdk25.log"},
      kFixture);
  EXPECT_EQ(graal.exit_code, 1);
  EXPECT_NE(graal.err.find("--exp1: the Graal optimization log \"" + kJit +
                           "/exp1/log\" needs its proftool profile after it"),
            std::string::npos)
      << graal.err;

  RunResult misplaced = RunProfdiff(
      {"jit-vs-jit-runs", "--exp1", kJit + "/exp1/prof.json", "jdk17.log", "--exp2", "jdk25.log"},
      kFixture);
  EXPECT_EQ(misplaced.exit_code, 1);
  EXPECT_NE(misplaced.err.find("is not where a profile can be"), std::string::npos)
      << misplaced.err;

  // Without a HotSpot log, the values are pairs as ever (an odd count is an error).
  RunResult odd = RunProfdiff({"jit-vs-jit-runs", "--exp1", kJit + "/exp1/log", "--exp2",
                               kJit + "/exp2/log", kJit + "/exp2/prof.json"});
  EXPECT_EQ(odd.exit_code, 1);
  EXPECT_NE(odd.err.find("--exp1 takes an optimization-log directory and a profile per run"),
            std::string::npos)
      << odd.err;
}

// The methods of a single pair of runs (each repeated, so that both sides are confirmed):
// exactly the methods jit-vs-jit compares without profiles, every method compiled in both; and
// the same logs with their recordings, with JFR's sampled time in the runs table.
TEST(HotSpotRunsTest, RealLogsWithAndWithoutRecordings) {
  const std::string real = test::SourceDir() + "/../shared/real-hotspot/NumericShapes";
  const std::string log1 = real + "/jdk25/run-1/hotspot.log.gz";
  const std::string log2 = real + "/jdk25-lowinline/run-1/hotspot.log.gz";
  if (!std::filesystem::exists(log1)) GTEST_SKIP() << "no " << log1;
  RunResult runs = RunProfdiff(
      {"jit-vs-jit-runs", "--exp1", log1, log1, "--exp2", log2, log2, "--explanation=false"});
  ASSERT_EQ(runs.exit_code, 0) << runs.err;
  RunResult pair = RunProfdiff({"jit-vs-jit", log1, log2, "--explanation=false"});
  ASSERT_EQ(pair.exit_code, 0) << pair.err;
  std::set<std::string> compared, paired;
  std::string method;
  for (const std::string& line : SplitLines(runs.out)) {
    if (line.starts_with("Method ")) method = line.substr(7);
    if (line.starts_with("    Compared 4 cross pairs")) compared.insert(method);
  }
  for (const std::string& line : SplitLines(pair.out)) {
    if (line.starts_with("Method ")) paired.insert(line.substr(7));
  }
  EXPECT_GT(compared.size(), 100u);
  EXPECT_EQ(compared, paired);

  RunResult recorded =
      RunProfdiff({"jit-vs-jit-runs", "--exp1", log1, real + "/jdk25/run-1/rec.jfr", "--exp2", log2,
                   real + "/jdk25-lowinline/run-1/rec.jfr"});
  ASSERT_EQ(recorded.exit_code, 0) << recorded.err;
  EXPECT_EQ(CountOf(recorded.out, "  Sampled (s)  Samples  Inputs\n"), 2u);
  EXPECT_EQ(recorded.out.find("no profiles"), std::string::npos);
  EXPECT_NE(recorded.out.find("share mean"), std::string::npos);
}

TEST(HotSpotAotTest, AHotSpotLogIsNoAheadOfTimeLog) {
  const std::string message =
      "is a HotSpot compilation log, where an ahead-of-time optimization log goes: HotSpot's C1 "
      "and C2 compile just in time, and an AOT log is a Graal Native Image optimization-log "
      "directory. Compare HotSpot logs with jit-vs-jit (or jit-vs-jit-runs)";
  const std::string prof = kJit + "/exp1/prof.json";
  const std::vector<std::vector<std::string>> commands = {
      {"jit-vs-aot", "jdk17.log", prof, "jdk25.log"},
      {"jit-vs-aot", kJit + "/exp1/log", prof, "jdk25.log", prof},
      {"aot-vs-aot", "jdk17.log", prof, "jdk25.log", prof},
      {"aot-vs-aot-jit-profile", kJit + "/exp1/log", prof, "jdk17.log", "jdk25.log"},
  };
  for (const std::vector<std::string>& args : commands) {
    RunResult run = RunProfdiff(args, kFixture);
    EXPECT_EQ(run.exit_code, 1) << args[0];
    EXPECT_EQ(run.out, "") << args[0];
    EXPECT_NE(run.err.find(args[0] + ": \"jdk"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find(message), std::string::npos) << run.err;
  }
  RunResult unprofiled = RunProfdiff(
      {"jit-vs-aot", "jdk17.log", kJit + "/exp1/log", kJit + "/exp1/prof.json"}, kFixture);
  EXPECT_EQ(unprofiled.exit_code, 1);
  EXPECT_NE(unprofiled.err.find("jit-vs-aot: the HotSpot compilation log \"jdk17.log\" needs its "
                                "profile after it"),
            std::string::npos)
      << unprofiled.err;
}

// The second log of a comparison is read while the first is (LoadAside); its warnings and its
// summary still come after the first's, in every format, and an error in the first is the one
// reported even when the second is broken too.
TEST(HotSpotComparisonTest, TheSecondLogsWarningsComeAfterTheFirstsSummary) {
  TempDir dir;
  for (const char* name : {"jdk17.log", "jdk25.log"}) {
    const std::string text = ReadFile(kFixture + "/" + name);
    std::ofstream(dir.Path(std::string("cut-") + name)) << text.substr(0, text.size() * 3 / 5);
  }
  const std::string first = dir.Path("cut-jdk17.log"), second = dir.Path("cut-jdk25.log");
  RunResult json = RunProfdiffOnce({"jit-vs-jit", first, second, "--format=json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  std::vector<std::string> order;
  for (size_t at = 0; (at = json.out.find("{\"type\":\"", at)) != std::string::npos; ++at) {
    const size_t start = at + 9, end = json.out.find('"', start);
    const std::string type = json.out.substr(start, end - start);
    if (type == "warning") {
      order.push_back(json.out.find(first, at) < json.out.find('\n', at) ? "warning 1"
                                                                         : "warning 2");
    } else if (type == "experiment" || type == "header") {
      order.push_back(type);
    }
  }
  EXPECT_EQ(order, (std::vector<std::string>{"header", "warning 1", "experiment", "warning 2",
                                             "experiment"}))
      << json.out.substr(0, 2000);
  // The text: the first log's warning, its summary, then the second's.
  RunResult text = RunProfdiffOnce({"jit-vs-jit", first, second});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const size_t warning1 = text.out.find("Warning: " + first);
  const size_t summary1 = text.out.find("Experiment 1");
  const size_t warning2 = text.out.find("Warning: " + second);
  ASSERT_NE(warning1, std::string::npos) << text.out.substr(0, 4000);
  EXPECT_LT(warning1, summary1) << text.out.substr(0, 4000);
  EXPECT_LT(summary1, warning2) << text.out.substr(0, 4000);
  // Both unreadable: the first one's error.
  std::ofstream(dir.Path("bad1.log"))
      << "<?xml version='1.0'?>\n<hotspot_log><tty></hotspot_log>\n";
  std::ofstream(dir.Path("bad2.log"))
      << "<?xml version='1.0'?>\n<hotspot_log><tty></hotspot_log>\n";
  RunResult bad = RunProfdiffOnce({"jit-vs-jit", dir.Path("bad1.log"), dir.Path("bad2.log")});
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_NE(bad.err.find(dir.Path("bad1.log")), std::string::npos) << bad.err;
  EXPECT_EQ(bad.err.find(dir.Path("bad2.log")), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace profdiff
