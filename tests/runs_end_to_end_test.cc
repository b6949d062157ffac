// jit-vs-jit-runs end to end (docs/runs.md): the binary on the bundled JIT example, its runs
// repeated and varied.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "rapidjson/document.h"
#include "test_util.h"

namespace profdiff {
namespace {

using test::ReadFile;
using test::RunProfdiff;
using test::RunResult;
using test::TempDir;

const std::string kJit = test::SourceDir() + "/fixtures/jit-example";
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
           {test::SourceDir() + "/fixtures/aot-example/exp2/prof.json",
            "Run 2 of experiment 2 (" + kLog2 + ", " + test::SourceDir() +
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
  EXPECT_EQ(log.err, "Run 1 of experiment 1: the optimization log " + kProf1 +
                         " is not a directory (nor a HotSpot compilation log)\n");
  EXPECT_EQ(log.out, "");
}

// --fail-on (docs/ci.md): across runs, only stable differences fail the gate.
TEST(RunsEndToEndTest, FailOnGatesOnStableDifferencesOnly) {
  const std::vector<std::string> repeated = {
      "jit-vs-jit-runs", "--exp1", kLog1,  kProf1, kLog1, kProf1,
      "--exp2",          kLog2,    kProf2, kLog2,  kProf2};
  const RunResult plain = RunProfdiff(repeated);
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  for (const std::string fail_on : {"inlining", "optimization", "any"}) {
    SCOPED_TRACE(fail_on);
    std::vector<std::string> args = repeated;
    args.push_back("--fail-on=" + fail_on);
    RunResult r = RunProfdiff(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.out, plain.out);  // the gate changes nothing on stdout
    const std::string trees = fail_on == "any" ? "inlining or optimization" : fail_on;
    EXPECT_EQ(r.err, "profdiff: differences found (--fail-on=" + fail_on +
                         "): 1 of 1 compared hot methods have stable differences in " + trees +
                         ", the most executed org.example.shop.Checkout.total(java.util.List) "
                         "(mean 51.92%)\n");
  }
  // The larger mean share is what --fail-min-share is compared with: Checkout.total's is 51.92%.
  std::vector<std::string> below = repeated;
  below.insert(below.end(), {"--fail-on=any", "--fail-min-share=0.52"});
  EXPECT_EQ(RunProfdiff(below).exit_code, 0);
  std::vector<std::string> at = repeated;
  at.insert(at.end(), {"--fail-on=any", "--fail-min-share=0.519"});
  EXPECT_EQ(RunProfdiff(at).exit_code, 2);

  // The same runs on both sides: nothing stable, so nothing fails.
  RunResult same = RunProfdiff({"jit-vs-jit-runs", "--exp1", kLog1, kProf1, kLog1, kProf1, "--exp2",
                                kLog1, kProf1, kLog1, kProf1, "--fail-on=any"});
  EXPECT_EQ(same.exit_code, 0) << same.err;
  EXPECT_EQ(same.err, "");
}

TEST(RunsEndToEndTest, NoiseDoesNotFailTheGate) {
  TempDir dir;
  const std::string noisy = NoisyCopyOfExperiment1(dir);
  // One pair of these runs differs in inlining, which gates jit-vs-jit...
  RunResult pair = RunProfdiff({"jit-vs-jit", kLog1, kProf1, noisy, kProf1, "--fail-on=inlining"});
  EXPECT_EQ(pair.exit_code, 2) << pair.err;
  // ...but across runs the difference is as frequent within each experiment as across them.
  const std::vector<std::string> runs = {
      "jit-vs-jit-runs", "--exp1", kLog1,  kProf1, noisy,  kProf1,
      "--exp2",          kLog1,    kProf1, noisy,  kProf1, "--fail-on=inlining"};
  RunResult r = RunProfdiff(runs);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("noise difference"), std::string::npos) << r.out;
  // Thresholds that make the noise stable make it count: each direction of the difference is in
  // one of the four cross pairs (noisy against log1 is the mirror image of log1 against noisy).
  std::vector<std::string> lax = runs;
  lax.insert(lax.end(), {"--stable-share=0.25", "--noise-share=1"});
  EXPECT_EQ(RunProfdiff(lax).exit_code, 2);
}

TEST(RunsEndToEndTest, FailOnNeedsTwoRunsOfEachExperiment) {
  RunResult r = RunProfdiff({"jit-vs-jit-runs", "--exp1", kLog1, kProf1, kLog1, kProf1, "--exp2",
                             kLog2, kProf2, "--fail-on=any"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(
      r.err.starts_with("Error: --fail-on with jit-vs-jit-runs needs at least two runs of "
                        "each experiment"))
      << r.err;
  // A saved stream of such a run cannot be gated by render either.
  TempDir dir;
  RunResult saved = RunProfdiff(
      {"jit-vs-jit-runs", "--exp1", kLog1, kProf1, "--exp2", kLog2, kProf2, "--format=json"});
  ASSERT_EQ(saved.exit_code, 0) << saved.err;
  const std::string stream = dir.Write("runs.jsonl", saved.out);
  RunResult render = RunProfdiff({"render", stream, "--fail-on=any"});
  EXPECT_EQ(render.exit_code, 1);
  EXPECT_EQ(render.err, stream +
                            ": --fail-on with jit-vs-jit-runs needs at least two runs of each "
                            "experiment: with one, no difference can be stable, so the gate "
                            "could never close\n");
}

TEST(RunsEndToEndTest, RenderGatesASavedStreamOfRuns) {
  TempDir dir;
  TempDir scratch;
  const std::string noisy = NoisyCopyOfExperiment1(scratch);
  RunResult saved = RunProfdiff({"jit-vs-jit-runs", "--exp1", kLog1, kProf1, noisy, kProf1,
                                 "--exp2", kLog2, kProf2, kLog2, kProf2, "--format=json"});
  ASSERT_EQ(saved.exit_code, 0) << saved.err;
  const std::string stream = dir.Write("runs.jsonl", saved.out);
  for (const std::string fail_on : {"inlining", "optimization", "any"}) {
    SCOPED_TRACE(fail_on);
    RunResult direct =
        RunProfdiff({"jit-vs-jit-runs", "--exp1", kLog1, kProf1, noisy, kProf1, "--exp2", kLog2,
                     kProf2, kLog2, kProf2, "--fail-on=" + fail_on});
    RunResult render = RunProfdiff({"render", stream, "--fail-on=" + fail_on});
    EXPECT_EQ(render.exit_code, direct.exit_code) << render.err;
    EXPECT_EQ(render.err, direct.err);
  }
}

// --summary: the compared methods ranked, with their mean shares, cross pairs and stable
// differences by operation.
TEST(RunsEndToEndTest, SummaryRanksStableDifferences) {
  TempDir dir;
  const std::string noisy = NoisyCopyOfExperiment1(dir);
  const std::vector<std::string> args = {
      "jit-vs-jit-runs", "--exp1", kLog1,  kProf1, noisy,  kProf1, kLog1,  kProf1,
      "--exp2",          kLog2,    kProf2, kLog2,  kProf2, kLog2,  kProf2, "--summary=true"};
  RunResult text = RunProfdiff(args);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  std::vector<std::string> json_args = args;
  json_args.push_back("--format=json");
  RunResult json = RunProfdiff(json_args);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  std::vector<rapidjson::Document> records = Records(json.out);
  const rapidjson::Value* method =
      MethodRecord(records, "org.example.shop.Checkout.total(java.util.List)");
  ASSERT_NE(method, nullptr);
  // The summary counts the method's stable differences (the noise is left out) by tree and op.
  int counts[2][3] = {};
  for (const rapidjson::Value& d : (*method)["stable_differences"].GetArray()) {
    const int tree = std::string_view(d["tree"].GetString()) == "inlining" ? 0 : 1;
    const std::string_view op = d["op"].GetString();
    ++counts[tree][op == "insert" ? 0 : op == "delete" ? 1 : 2];
  }
  ASSERT_GT((*method)["noise_differences"].Size(), 0u);
  const rapidjson::Value* summary = nullptr;
  for (const rapidjson::Document& r : records) {
    if (std::string_view(r["type"].GetString()) == "summary") summary = &r;
  }
  ASSERT_NE(summary, nullptr);
  const rapidjson::Value& rows = (*summary)["methods"];
  ASSERT_EQ(rows.Size(), 1u);  // ArrayList.get was not compared
  const rapidjson::Value& row = rows[0];
  EXPECT_EQ(std::string_view(row["method"].GetString()),
            "org.example.shop.Checkout.total(java.util.List)");
  EXPECT_EQ(row["pairs"].GetInt(), (*method)["pairs"]["cross"].GetInt());
  const char* tree_names[2] = {"inlining", "optimization"};
  const char* op_names[3] = {"insert", "delete", "relabel"};
  for (int tree = 0; tree < 2; ++tree) {
    for (int op = 0; op < 3; ++op) {
      EXPECT_EQ(row[tree_names[tree]][op_names[op]].GetInt(), counts[tree][op])
          << tree_names[tree] << " " << op_names[op];
    }
  }
  EXPECT_NE(text.out.find("\nSummary: the compared hot methods, the most executed with the most "
                          "differences first\n"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find(absl::StrCat(counts[0][0], "/", counts[0][1], "/", counts[0][2])),
            std::string::npos);
}

}  // namespace
}  // namespace profdiff
