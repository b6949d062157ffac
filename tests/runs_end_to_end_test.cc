// jit-vs-jit-runs end to end (docs/runs.md): the binary on the bundled JIT example, its runs
// repeated and varied.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <string>
#include <vector>

#include "rapidjson/document.h"
#include "test_util.h"

namespace profdiff {
namespace {

using test::ReadFile;
using test::RunProfdiff;
using test::RunResult;
using test::TempDir;

const std::string kJit = std::string(PROFDIFF_SOURCE_DIR) + "/fixtures/jit-example";
const std::string kLog1 = kJit + "/exp1/log";
const std::string kProf1 = kJit + "/exp1/prof.json";
const std::string kLog2 = kJit + "/exp2/log";
const std::string kProf2 = kJit + "/exp2/prof.json";

// The records of a JSON Lines stream.
std::vector<rapidjson::Document> Records(const std::string& stream) {
  std::vector<rapidjson::Document> records;
  for (const std::string& line : test::SplitLines(stream)) {
    rapidjson::Document& d = records.emplace_back();
    d.Parse(line.data(), line.size());
    EXPECT_FALSE(d.HasParseError()) << line;
  }
  return records;
}

const rapidjson::Value* MethodRecord(const std::vector<rapidjson::Document>& records,
                                     std::string_view name) {
  for (const rapidjson::Document& r : records) {
    if (std::string_view(r["type"].GetString()) == "method" &&
        std::string_view(r["method"].GetString()) == name) {
      return &r;
    }
  }
  return nullptr;
}

// A copy of experiment 1 whose hot unit does not inline ArrayList.size() at bci 3: the kind of
// difference one run of a JIT shows against another.
std::string NoisyCopyOfExperiment1(const TempDir& dir) {
  std::string log = ReadFile(kLog1 + "/units-0");
  const std::string inlined =
      R"x("methodName":"java.util.ArrayList.size()","callsiteBci":3,"inlined":true,)x"
      R"x("reason":["trivial accessor"],"indirect":false,"alive":false)x";
  const size_t at = log.find(inlined);
  EXPECT_NE(at, std::string::npos);
  log.replace(at, inlined.size(),
              R"x("methodName":"java.util.ArrayList.size()","callsiteBci":3,"inlined":false,)x"
              R"x("reason":["not hot enough"],"indirect":false,"alive":true)x");
  dir.Write("noisy/log/units-0", log);
  dir.Write("noisy/log/units-1", ReadFile(kLog1 + "/units-1"));
  return dir.Path("noisy/log");
}

TEST(RunsEndToEndTest, RepeatedRunsMakeEveryDifferenceOfThePairStable) {
  RunResult runs = RunProfdiff({"jit-vs-jit-runs", "--exp1", kLog1, kProf1, kLog1, kProf1, "--exp2",
                                kLog2, kProf2, kLog2, kProf2, "--format=json"});
  ASSERT_EQ(runs.exit_code, 0) << runs.err;
  RunResult pair = RunProfdiff({"jit-vs-jit", kLog1, kProf1, kLog2, kProf2, "--format=json"});
  ASSERT_EQ(pair.exit_code, 0) << pair.err;
  std::vector<rapidjson::Document> run_records = Records(runs.out);
  std::vector<rapidjson::Document> pair_records = Records(pair.out);
  const rapidjson::Value* method =
      MethodRecord(run_records, "org.example.shop.Checkout.total(java.util.List)");
  ASSERT_NE(method, nullptr);
  EXPECT_TRUE((*method)["compared"].GetBool());
  EXPECT_EQ((*method)["pairs"]["cross"].GetInt(), 4);
  EXPECT_EQ((*method)["pairs"]["within"].GetInt(), 2);
  EXPECT_EQ((*method)["noise_differences"].Size(), 0u);
  // As many stable differences per tree and operation as jit-vs-jit finds in the one pair.
  for (const rapidjson::Document& r : pair_records) {
    if (std::string_view(r["type"].GetString()) != "pair" ||
        std::string_view(r["method"].GetString()) !=
            "org.example.shop.Checkout.total(java.util.List)") {
      continue;
    }
    for (const char* tree : {"inlining", "optimization"}) {
      for (const char* op : {"insert", "delete", "relabel"}) {
        int stable = 0;
        for (const rapidjson::Value& d : (*method)["stable_differences"].GetArray()) {
          if (std::string_view(d["tree"].GetString()) == tree &&
              std::string_view(d["op"].GetString()) == op) {
            ++stable;
            EXPECT_EQ(d["cross"][0].GetInt(), 4);
            EXPECT_EQ(d["within"][0].GetInt(), 0);
          }
        }
        EXPECT_EQ(stable, r[tree]["counts"][op].GetInt()) << tree << " " << op;
      }
    }
  }
  // The pair's relabelled call site, with its path: the root is not part of it.
  bool found = false;
  for (const rapidjson::Value& d : (*method)["stable_differences"].GetArray()) {
    if (std::string_view(d["op"].GetString()) != "relabel") continue;
    if (std::string_view(d["left"]["method"].GetString()) != "org.example.shop.Item.price()") {
      continue;
    }
    found = true;
    ASSERT_EQ(d["path"].Size(), 1u);
    EXPECT_EQ(std::string_view(d["path"][0]["method"].GetString()),
              "org.example.shop.Item.price()");
    EXPECT_EQ(d["path"][0]["bci"].GetInt(), 22);
    EXPECT_EQ(std::string_view(d["left"]["callsite"].GetString()), "inlined");
    EXPECT_EQ(std::string_view(d["right"]["callsite"].GetString()), "indirect");
  }
  EXPECT_TRUE(found);
  const rapidjson::Document& end = run_records.back();
  EXPECT_EQ(std::string_view(end["type"].GetString()), "end");
  EXPECT_EQ(end["runs"]["compared"].GetInt(), 1);
  EXPECT_EQ(end["runs"]["stable"].GetInt(),
            static_cast<int>((*method)["stable_differences"].Size()));
  EXPECT_EQ(end["pairs"].GetInt(), 6);
}

TEST(RunsEndToEndTest, TextShowsHotnessStableDifferencesAndSupport) {
  RunResult r = RunProfdiff({"jit-vs-jit-runs", "--exp1", kLog1, kProf1, kLog1, kProf1, "--exp2",
                             kLog2, kProf2, kLog2, kProf2});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* line : {
           "Experiment 1 (JIT), 2 runs\n",
           "\nMethod org.example.shop.Checkout.total(java.util.List)\n"
           "    Experiment 1: hot in 2 of 2 runs (compiled in 2), share mean 45.83%, stddev "
           "0.00%, min 45.83%, max 45.83%\n"
           "    Experiment 2: hot in 2 of 2 runs (compiled in 2), share mean 51.92%, stddev "
           "0.00%, min 51.92%, max 51.92%\n"
           "    Share change: +6.09 percentage points, beyond the noise (no run-to-run variation "
           "in either experiment)\n"
           "    Compared 4 cross pairs and 2 same-side pairs of the runs' hottest compilations\n"
           "    Stable differences\n"
           "        Inlining tree\n",
           "            * (direct -> inlined) org.example.shop.TaxTable.rateFor(java.lang.String) "
           "at bci 30 (in 4 of 4 cross pairs, 0 of 2 same-side pairs)\n",
           "        Optimization tree\n"
           "            LowTier\n"
           "                LoopUnrollingPhase\n"
           "                    - LoopTransformation FullUnroll at bci 12 with {unrollFactor: 4} "
           "(in 4 of 4 cross pairs, 0 of 2 same-side pairs)\n",
           "    No noise differences\n",
           "\nMethod java.util.ArrayList.get(int)\n",
           "    Not compared: hot in fewer than half the runs of experiment 1\n",
       }) {
    EXPECT_NE(r.out.find(line), std::string::npos) << line;
  }
}

TEST(RunsEndToEndTest, TheSameRunsOnBothSidesReportNothingStable) {
  RunResult r = RunProfdiff({"jit-vs-jit-runs", "--exp1", kLog1, kProf1, kLog1, kProf1, "--exp2",
                             kLog1, kProf1, kLog1, kProf1});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("    No stable differences\n    No noise differences\n"), std::string::npos);
  EXPECT_EQ(r.out.find("Stable differences"), std::string::npos);
  EXPECT_NE(r.out.find("Share change: +0.00 percentage points, within the noise"),
            std::string::npos);
}

TEST(RunsEndToEndTest, NoiseIsCountedAndListedOnRequest) {
  TempDir dir;
  const std::string noisy = NoisyCopyOfExperiment1(dir);
  const std::vector<std::string> args = {
      "jit-vs-jit-runs", "--exp1", kLog1,  kProf1, kLog1,  kProf1, noisy, kProf1,
      "--exp2",          kLog2,    kProf2, kLog2,  kProf2, kLog2,  kProf2};
  RunResult counted = RunProfdiff(args);
  ASSERT_EQ(counted.exit_code, 0) << counted.err;
  EXPECT_NE(counted.out.find("    1 noise difference left out (--show-noise=true lists them)\n"),
            std::string::npos)
      << counted.out;
  // The stable differences are those of the repeated pair, now in 9 of 9 cross pairs.
  EXPECT_NE(counted.out.find("* (direct -> inlined) org.example.shop.TaxTable.rateFor("
                             "java.lang.String) at bci 30 (in 9 of 9 cross pairs, 0 of 6 "
                             "same-side pairs)"),
            std::string::npos);
  std::vector<std::string> listed_args = args;
  listed_args.push_back("--show-noise=true");
  RunResult listed = RunProfdiff(listed_args);
  EXPECT_NE(listed.out.find("    Noise differences\n"
                            "        Inlining tree\n"
                            "            * (direct -> inlined) java.util.ArrayList.size() at bci 3 "
                            "(in 3 of 9 cross pairs, 2 of 6 same-side pairs)\n"),
            std::string::npos)
      << listed.out;
  // Demanding it in every cross pair and in no same-side pair changes nothing here; allowing
  // it in every same-side pair and in a third of the cross pairs makes the noise stable.
  std::vector<std::string> lax_args = args;
  lax_args.insert(lax_args.end(), {"--stable-share=0.3", "--noise-share=1"});
  RunResult lax = RunProfdiff(lax_args);
  EXPECT_NE(lax.out.find("            * (direct -> inlined) java.util.ArrayList.size() at bci 3 "
                         "(in 3 of 9 cross pairs, 2 of 6 same-side pairs)\n"),
            std::string::npos);
  EXPECT_NE(lax.out.find("    No noise differences\n"), std::string::npos);
}

TEST(RunsEndToEndTest, OneRunOfAnExperimentLeavesEverythingUnconfirmed) {
  RunResult r = RunProfdiff(
      {"jit-vs-jit-runs", "--exp1", kLog1, kProf1, kLog1, kProf1, "--exp2", kLog2, kProf2});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Warning: experiment 2 has a single run: its run-to-run noise cannot be "
                       "estimated, so every difference is unconfirmed\n"),
            std::string::npos);
  EXPECT_NE(r.out.find("    Unconfirmed: experiment 2 compiled the method in fewer than two "
                       "runs, so the run-to-run noise is unknown\n"
                       "    No stable differences (none can be confirmed)\n"
                       "    6 unconfirmed differences left out (--show-noise=true lists them)\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("not tested (Welch's t-test needs at least two runs of each experiment)"),
            std::string::npos);
}

TEST(RunsEndToEndTest, CsvHasARowPerMethodAndExperiment) {
  RunResult r = RunProfdiff({"jit-vs-jit-runs", "--exp1", kLog1, kProf1, kLog1, kProf1, "--exp2",
                             kLog2, kProf2, kLog2, kProf2, "--format=csv"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> rows = test::SplitLines(r.out);
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0],
            "method,experiment,runs,hot_runs,compiled_runs,share_mean,share_stddev,share_min,"
            "share_max,share_change,share_change_p,share_change_beyond_noise,compared,"
            "unconfirmed,stable_differences,noise_differences");
  EXPECT_TRUE(rows[1].starts_with("org.example.shop.Checkout.total(java.util.List),1,2,2,2,"))
      << rows[1];
  EXPECT_TRUE(rows[2].starts_with("org.example.shop.Checkout.total(java.util.List),2,2,2,2,"));
  EXPECT_TRUE(rows[2].ends_with(",true,true,false,6,0")) << rows[2];
  EXPECT_TRUE(rows[3].ends_with(",true,false,false,,")) << rows[3];
}

TEST(RunsEndToEndTest, ABadRunIsAnErrorNamingIt) {
  TempDir dir;
  const std::string garbage = dir.Write("garbage.json", "{not json");
  struct Case {
    std::string profile;
    std::string message;
    bool before_output;
  };
  for (const Case& c : std::vector<Case>{
           {dir.Path("missing.json"),
            "Run 2 of experiment 2: cannot read the profile " + dir.Path("missing.json") +
                " (No such file or directory)\n",
            true},
           {dir.path(),
            "Run 2 of experiment 2: the profile " + dir.path() + " is not a regular file\n", true},
           {std::string(PROFDIFF_SOURCE_DIR) + "/fixtures/aot-example/exp2/prof.json",
            "Run 2 of experiment 2 (" + kLog2 + ", " + std::string(PROFDIFF_SOURCE_DIR) +
                "/fixtures/aot-example/exp2/prof.json): Failed to parse experiment 2 in ",
            false},
           {garbage, "Run 2 of experiment 2 (" + kLog2 + ", " + garbage + "): ", false},
       }) {
    RunResult r = RunProfdiff({"jit-vs-jit-runs", "--exp1", kLog1, kProf1, kLog1, kProf1, "--exp2",
                               kLog2, kProf2, kLog2, c.profile});
    EXPECT_EQ(r.exit_code, 1) << c.profile;
    EXPECT_TRUE(r.err.starts_with(c.message)) << r.err;
    if (c.before_output) {
      EXPECT_EQ(r.out, "");
    }
  }
  RunResult log =
      RunProfdiff({"jit-vs-jit-runs", "--exp1", kProf1, kProf1, "--exp2", kLog2, kProf2});
  EXPECT_EQ(log.exit_code, 1);
  EXPECT_EQ(log.err,
            "Run 1 of experiment 1: the optimization log " + kProf1 + " is not a directory\n");
  EXPECT_EQ(log.out, "");
}

}  // namespace
}  // namespace profdiff
