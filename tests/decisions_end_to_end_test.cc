// --decisions (docs/decisions-view.md) and --require (docs/ci.md) end to end: the section after
// the method sections, output without them unchanged, the rule gate's exit statuses and
// messages, and both through `render` of a saved stream (RunProfdiff checks every text run's
// JSON renders back to the same text and exit status).

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "test_util.h"

namespace profdiff {
namespace {

using test::RunProfdiff;
using test::RunProfdiffOnce;
using test::RunResult;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

const std::string kJit = test::SourceDir() + "/fixtures/jit-example";

std::vector<std::string> Differing(std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"jit-vs-jit", kJit + "/exp1/log", kJit + "/exp1/prof.json",
                                kJit + "/exp2/log", kJit + "/exp2/prof.json"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(DecisionsEndToEndTest, TheSectionFollowsTheUnchangedOutput) {
  const RunResult plain = RunProfdiff(Differing());
  const RunResult decisions = RunProfdiff(Differing({"--decisions=true"}));
  ASSERT_EQ(plain.exit_code, 0);
  ASSERT_EQ(decisions.exit_code, 0);
  ASSERT_THAT(decisions.out, StartsWith(plain.out));
  const std::string section = decisions.out.substr(plain.out.size());
  EXPECT_EQ(section,
            "\n"
            "Decisions: the call sites whose inlining decision changed, the most executed first\n"
            "    2 compared pairs of 2 hot methods\n"
            "    Inlining rate of the hot code (inlined call sites / all call sites)\n"
            "        Experiment 1  Experiment 2    Change\n"
            "              75.00%        75.00%     +0.00  call sites (6 of 8, 6 of 8)\n"
            "              72.62%        72.62%     +0.00  weighted by execution share\n"
            "    Transitions: 2 call sites changed kind\n"
            "        direct (callee too large) → inlined (hot and small enough): 1 call site in 1 "
            "method, 51.92% of execution\n"
            "        inlined (profile shows a monomorphic receiver) → indirect (too many receiver "
            "types): 1 call site in 1 method, 51.92% of execution\n"
            "    Call sites, the most executed method first\n"
            "         51.92%  org.example.shop.Checkout.total(java.util.List), compilations 1021 "
            "and 1033\n"
            "            org.example.shop.Item.price() at bci 22 in "
            "org.example.shop.Checkout.total(java.util.List): inlined → indirect\n"
            "                experiment 1: profile shows a monomorphic receiver\n"
            "                experiment 2: too many receiver types\n"
            "         51.92%  org.example.shop.Checkout.total(java.util.List), compilations 1021 "
            "and 1033\n"
            "            org.example.shop.TaxTable.rateFor(java.lang.String) at bci 30 in "
            "org.example.shop.Checkout.total(java.util.List): direct → inlined\n"
            "                experiment 1: callee too large\n"
            "                experiment 2: hot and small enough\n"
            "    Reasons changed, the kind the same: 0 call sites\n");
  // With the summary, the decisions come after it.
  const RunResult both = RunProfdiff(Differing({"--decisions=true", "--summary=true"}));
  EXPECT_LT(both.out.find("\nSummary:"), both.out.find("\nDecisions:"));
  // The same decisions whatever the display options of the trees.
  for (const char* option : {"--prune-identities=false", "--inliner-reasoning=true",
                             "--optimization-context-tree=true", "--sort-inlining-tree=false"}) {
    SCOPED_TRACE(option);
    const RunResult other = RunProfdiff(Differing({"--decisions=true", option}));
    EXPECT_EQ(other.out.substr(other.out.find("\nDecisions:")), section);
  }
}

TEST(DecisionsEndToEndTest, OnlyForComparisons) {
  const RunResult report =
      RunProfdiffOnce({"report", kJit + "/exp1/log", kJit + "/exp1/prof.json", "--decisions=true"});
  EXPECT_EQ(report.exit_code, 1);
  EXPECT_THAT(report.err, HasSubstr("--decisions"));
  const RunResult undiffed =
      RunProfdiffOnce(Differing({"--decisions=true", "--diff-compilations=false"}));
  EXPECT_EQ(undiffed.exit_code, 1);
  EXPECT_EQ(undiffed.out, "");
}

TEST(DecisionsEndToEndTest, RunsCountTheStableDifferencesOnly) {
  const std::string e1 = kJit + "/exp1/", e2 = kJit + "/exp2/";
  // Two runs of each experiment: the differences of Checkout.total are stable.
  const RunResult stable = RunProfdiff(
      {"jit-vs-jit-runs", "--exp1", e1 + "log", e1 + "prof.json", e1 + "log", e1 + "prof.json",
       "--exp2", e2 + "log", e2 + "prof.json", e2 + "log", e2 + "prof.json", "--decisions=true"});
  ASSERT_EQ(stable.exit_code, 0) << stable.err;
  const std::string section = stable.out.substr(stable.out.find("\nDecisions:"));
  EXPECT_THAT(section, HasSubstr("    Transitions: 2 call sites changed kind\n"
                                 "        direct (callee too large) → inlined (hot and small "
                                 "enough): 1 call site in 1 method, 51.92% of execution\n"));
  EXPECT_THAT(section, HasSubstr("org.example.shop.Item.price() at bci 22 in "
                                 "org.example.shop.Checkout.total(java.util.List): inlined → "
                                 "indirect\n"));
  // The rates of the runs' trees: each run's hottest compilation once, pooled.
  EXPECT_THAT(section, HasSubstr("71.43%        71.43%     +0.00  call sites (10 of 14, 10 of 14)\n"
                                 "              71.43%        71.43%     +0.00  weighted by "
                                 "execution share\n"
                                 "        Change over 2 runs and 2 runs: within the noise (no "
                                 "run-to-run variation in either experiment)\n"));
  // The same run on both sides of one experiment: the differences are noise, nothing counts.
  const RunResult noise = RunProfdiff(
      {"jit-vs-jit-runs", "--exp1", e1 + "log", e1 + "prof.json", e2 + "log", e2 + "prof.json",
       "--exp2", e2 + "log", e2 + "prof.json", e1 + "log", e1 + "prof.json", "--decisions=true"});
  ASSERT_EQ(noise.exit_code, 0) << noise.err;
  EXPECT_THAT(noise.out, HasSubstr("    Transitions: 0 call sites changed kind\n"));
}

TEST(DecisionsEndToEndTest, RunsListTheStableReasonOnlyChanges) {
  // Experiment 2 with another reason for one call site of Checkout.total, the kind the same.
  test::TempDir dir;
  const std::string e1 = kJit + "/exp1/", e2 = kJit + "/exp2/";
  for (const char* file : {"units-0", "units-1"}) {
    std::string units = test::ReadFile(e2 + "log/" + file);
    for (size_t at = units.find("trivial accessor"); at != std::string::npos;
         at = units.find("trivial accessor", at)) {
      units.replace(at, 16, "inline (hot)");
    }
    dir.Write(std::string("log/") + file, units);
  }
  const std::string changed = dir.path() + "/log";
  auto runs = [&](std::vector<std::string> one, std::vector<std::string> two) {
    std::vector<std::string> args{"jit-vs-jit-runs", "--exp1"};
    args.insert(args.end(), one.begin(), one.end());
    args.push_back("--exp2");
    args.insert(args.end(), two.begin(), two.end());
    args.push_back("--decisions=true");
    return RunProfdiff(args);
  };
  const RunResult stable = runs({e1 + "log", e1 + "prof.json", e1 + "log", e1 + "prof.json"},
                                {changed, e2 + "prof.json", changed, e2 + "prof.json"});
  ASSERT_EQ(stable.exit_code, 0) << stable.err;
  const std::string section = stable.out.substr(stable.out.find("\nDecisions:"));
  EXPECT_THAT(section,
              HasSubstr("    Reasons changed, the kind the same: 1 call site\n"
                        "         51.92%  org.example.shop.Checkout.total(java.util.List)\n"
                        "            java.util.ArrayList.size() at bci 3 in "
                        "org.example.shop.Checkout.total(java.util.List): inlined → "
                        "inlined\n"
                        "                experiment 1: trivial accessor\n"
                        "                experiment 2: inline (hot)\n"));
  // The same runs mixed on both sides: noise, not listed.
  const RunResult noise = runs({e1 + "log", e1 + "prof.json", changed, e2 + "prof.json"},
                               {changed, e2 + "prof.json", e1 + "log", e1 + "prof.json"});
  ASSERT_EQ(noise.exit_code, 0) << noise.err;
  EXPECT_THAT(noise.out, HasSubstr("    Reasons changed, the kind the same: 0 call sites\n"));
  // CSV lists it as a reason row.
  const RunResult csv =
      RunProfdiffOnce({"jit-vs-jit-runs", "--exp1", e1 + "log", e1 + "prof.json", e1 + "log",
                       e1 + "prof.json", "--exp2", changed, e2 + "prof.json", changed,
                       e2 + "prof.json", "--decisions=true", "--format=csv"});
  EXPECT_THAT(csv.out, HasSubstr("\nreason,org.example.shop.Checkout.total(java.util.List),"));
}

const std::string kHotSpot = test::SourceDir() + "/fixtures/hotspot-example";

TEST(DecisionsEndToEndTest, HotSpotCallSitesShowTheCalleesBytecodeSize) {
  const std::vector<std::string> args{"jit-vs-jit", kHotSpot + "/jdk17.log",
                                      kHotSpot + "/jdk25.log", "--decisions=true"};
  const RunResult text = RunProfdiff(args);  // and its JSON renders back to the same text
  ASSERT_EQ(text.exit_code, 0) << text.err;
  // JDK 25's StringLatin1.hashCode is small enough to inline: the size says why it changed.
  EXPECT_THAT(text.out,
              HasSubstr("            java.lang.StringLatin1.hashCode(byte[]) (bytecode 42 "
                        "→ 9 bytes) at bci 27 in java.lang.String.hashCode(): direct → "
                        "inlined\n"
                        "                experiment 1: callee is too large\n"
                        "                experiment 2: inline\n"));
  // Not loaded in JDK 17: no size on that side.
  EXPECT_THAT(text.out,
              HasSubstr("java.lang.StringUTF16.hashCode(byte[]) (bytecode ? → 11 bytes)"));
  std::vector<std::string> csv_args = args;
  csv_args.push_back("--format=csv");
  const RunResult csv = RunProfdiffOnce(csv_args);
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_THAT(csv.out, StartsWith("change,method,share,compilation_1,compilation_2,caller,callee,"
                                  "bci,path,kind_1,reason_1,kind_2,reason_2,reasons_1,reasons_2,"
                                  "bytecode_size_1,bytecode_size_2,bci_1,bci_2,samples,"
                                  "within_noise,noise_p\n"));
  EXPECT_THAT(csv.out, HasSubstr(",java.lang.StringLatin1.hashCode(byte[]),27,"));
  EXPECT_THAT(csv.out, HasSubstr(",callee is too large,inline,42,9,27,27,,,\n"));
  EXPECT_THAT(csv.out, HasSubstr(",not inlineable,inline,,11,37,37,,,\n"));
  std::vector<std::string> json_args = args;
  json_args.push_back("--format=json");
  const RunResult json = RunProfdiffOnce(json_args);
  EXPECT_THAT(json.out,
              HasSubstr("\"reasons\":[\"callee is too large\"],\"bytecode_size\":42,\"bci\":27}"));
  // Graal's log has no sizes: the jit-vs-jit section above shows none.
  const RunResult graal = RunProfdiffOnce(Differing({"--decisions=true", "--format=json"}));
  EXPECT_THAT(graal.out, Not(HasSubstr("\"bytecode_size\":1")));
  EXPECT_THAT(graal.out, HasSubstr("\"bytecode_size\":null"));
}

// With runs, the stable kind changes show the callee's size too: the runs' trees have it.
TEST(DecisionsEndToEndTest, HotSpotRunsShowTheCalleesBytecodeSize) {
  const std::string jdk17 = kHotSpot + "/jdk17.log", jdk25 = kHotSpot + "/jdk25.log";
  const std::vector<std::string> args{"jit-vs-jit-runs", "--exp1", jdk17, jdk17,
                                      "--exp2",          jdk25,    jdk25, "--decisions=true"};
  const RunResult text = RunProfdiff(args);  // and its JSON renders back to the same text
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out,
              HasSubstr("            java.lang.StringLatin1.hashCode(byte[]) (bytecode 42 "
                        "→ 9 bytes) at bci 27 in java.lang.String.hashCode(): direct → "
                        "inlined\n"));
  std::vector<std::string> csv_args = args;
  csv_args.push_back("--format=csv");
  const RunResult csv = RunProfdiffOnce(csv_args);
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_THAT(csv.out, HasSubstr(",callee is too large,inline,42,9,27,27,,,\n"));
}

TEST(RequireEndToEndTest, HeldRulesExitZeroAndChangeNothing) {
  test::TempDir dir;
  const std::string rules = dir.Write("rules",
                                      "# held\n"
                                      "inlined *.total(*) -> *.rateFor(*)\n"
                                      "not-inlined *.total(*) -> *.price()\n"
                                      "compiled java.util.ArrayList.get(int)\n");
  const RunResult plain = RunProfdiff(Differing());
  const RunResult held = RunProfdiff(Differing({"--require", rules}));
  EXPECT_EQ(held.exit_code, 0) << held.err;
  EXPECT_EQ(held.err, "");
  EXPECT_EQ(held.out, plain.out);
}

TEST(RequireEndToEndTest, BrokenRulesExitTwoWithOneLineEach) {
  test::TempDir dir;
  const std::string rules = dir.Write("rules",
                                      "inlined *.total(*) -> *.price()\n"
                                      "compiled *.Missing()\n"
                                      "not-inlined * -> *.rateFor(*)\n");
  const RunResult broken = RunProfdiff(Differing({"--require=" + rules}));
  EXPECT_EQ(broken.exit_code, 2);
  const std::vector<std::string> lines = test::SplitLines(broken.err);
  ASSERT_EQ(lines.size(), 3u) << broken.err;
  EXPECT_EQ(lines[0], "profdiff: " + rules +
                          ":1: \"inlined *.total(*) -> *.price()\" is broken in experiment 2: 1 of "
                          "1 matching call sites not inlined: org.example.shop.Item.price() at "
                          "bci 22 in org.example.shop.Checkout.total(java.util.List) is indirect "
                          "(compilation 1033)");
  EXPECT_THAT(lines[1], HasSubstr(":2: \"compiled *.Missing()\" is broken"));
  EXPECT_THAT(lines[2], HasSubstr(":3: \"not-inlined * -> *.rateFor(*)\" is broken"));
  // With --fail-on too: both verdicts, still 2.
  const RunResult gated = RunProfdiff(Differing({"--require=" + rules, "--fail-on=any"}));
  EXPECT_EQ(gated.exit_code, 2);
  EXPECT_EQ(test::SplitLines(gated.err).size(), 4u) << gated.err;
  // report checks its one experiment.
  const RunResult report =
      RunProfdiff({"report", kJit + "/exp1/log", kJit + "/exp1/prof.json", "--require=" + rules});
  EXPECT_EQ(report.exit_code, 2);
  EXPECT_THAT(report.err, HasSubstr("is broken in experiment 1"));
}

TEST(RequireEndToEndTest, ARuleFileWithASyntaxErrorIsAUsageError) {
  test::TempDir dir;
  const std::string rules = dir.Write("rules", "# fine\ncompiled a.B.c()\ninlined a.B.c()\n");
  for (const char* format : {"--format=text", "--format=json"}) {
    const RunResult result = RunProfdiffOnce(Differing({"--require", rules, format}));
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.out, "");  // before anything is written
    EXPECT_EQ(result.err, rules +
                              ":3: expected \"inlined CALLER -> CALLEE\", got \"inlined "
                              "a.B.c()\"\n");
  }
  const RunResult missing = RunProfdiffOnce(Differing({"--require", dir.path() + "/none"}));
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_THAT(missing.err, HasSubstr("cannot read the rule file"));
  const RunResult stats = RunProfdiffOnce({"stats", kJit + "/exp1/log", "--require", rules});
  EXPECT_EQ(stats.exit_code, 1);
}

TEST(RequireEndToEndTest, RenderChecksASavedStream) {
  test::TempDir dir;
  const std::string rules = dir.Write("rules", "inlined *.total(*) -> *.price()\n");
  // Written with --decisions (or --require), the stream holds the call sites.
  const RunResult json = RunProfdiffOnce(Differing({"--decisions=true", "--format=json"}));
  ASSERT_EQ(json.exit_code, 0);
  const std::string stream = dir.Write("with.jsonl", json.out);
  const RunResult rendered = RunProfdiffOnce({"render", stream, "--require", rules});
  EXPECT_EQ(rendered.exit_code, 2);
  EXPECT_THAT(rendered.err, HasSubstr(rules + ":1: \"inlined *.total(*) -> *.price()\""));
  // Without them it does not, and render says so rather than passing.
  const RunResult plain = RunProfdiffOnce(Differing({"--format=json"}));
  const std::string bare = dir.Write("bare.jsonl", plain.out);
  const RunResult refused = RunProfdiffOnce({"render", bare, "--require", rules});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_THAT(refused.err, HasSubstr("holds no call sites"));
}

}  // namespace
}  // namespace profdiff
