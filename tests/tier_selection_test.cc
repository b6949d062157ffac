// --tiers (docs/hotspot.md "Tiers"): which compilations of a HotSpot log an experiment keeps.
// The selection on hand-made units, then every command on fixtures/hotspot-example and on a real
// log of ../shared/real-hotspot, its unit counts checked against the log's own task levels.

#include "profdiff/model/tier_selection.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "test_util.h"
#include "text_count.h"

namespace profdiff {
namespace {

using namespace test;  // NOLINT: the test helpers

TierSelection Parsed(std::string_view text) {
  std::string problem;
  std::optional<TierSelection> selection = TierSelection::Parse(text, &problem);
  EXPECT_TRUE(selection.has_value()) << text << ": " << problem;
  return selection.value_or(TierSelection());
}

TEST(TierSelectionTest, SpellingsAndTheirCanonicalNames) {
  EXPECT_TRUE(Parsed("top").top());
  EXPECT_EQ(Parsed("top"), TierSelection());
  EXPECT_EQ(Parsed("TOP").Name(), "top");
  EXPECT_EQ(Parsed("all").Name(), "all");
  EXPECT_EQ(Parsed("c1,c2").Name(), "all");
  EXPECT_EQ(Parsed("1,2,3,4").Name(), "all");
  EXPECT_EQ(Parsed("c1").Name(), "1,2,3");
  EXPECT_EQ(Parsed("C2").Name(), "4");
  EXPECT_EQ(Parsed("4,1").Name(), "1,4");
  EXPECT_EQ(Parsed("c2,3,3").Name(), "3,4");
  EXPECT_EQ(Parsed(" 1 , 4 ").Name(), "1,4");
  for (std::string_view text : {"top", "all", "1,2,3", "4", "1,4", "2"}) {
    EXPECT_EQ(Parsed(Parsed(text).Name()), Parsed(text)) << text;
  }
}

TEST(TierSelectionTest, Descriptions) {
  EXPECT_EQ(Parsed("top").Description(), "each method's top-tier compilations");
  EXPECT_EQ(Parsed("all").Description(), "all compilations");
  EXPECT_EQ(Parsed("4").Description(), "the compilations at level 4");
  EXPECT_EQ(Parsed("1,4").Description(), "the compilations at levels 1 and 4");
  EXPECT_EQ(Parsed("c1").Description(), "the compilations at levels 1, 2 and 3");
}

TEST(TierSelectionTest, BadSpellingsAreRefusedWithWhatIsAccepted) {
  for (std::string_view text : {"", "0", "5", "c3", "1,,4", "top,4", "all,1", "14", "c1;c2"}) {
    std::string problem;
    EXPECT_FALSE(TierSelection::Parse(text, &problem).has_value()) << text;
    EXPECT_NE(problem.find("expected top, all, or a comma-separated list of levels 1 to 4"),
              std::string::npos)
        << text << ": " << problem;
  }
}

UnitRecord Unit(std::string method, int8_t level) {
  UnitRecord unit;
  unit.method_name = std::move(method);
  unit.level = level;
  return unit;
}

TEST(TierSelectionTest, SelectsByLevelOrEachMethodsTopLevel) {
  const std::vector<UnitRecord> units = {
      Unit("A.a()", 3), Unit("A.a()", 4), Unit("B.b()", 2),
      Unit("B.b()", 3), Unit("A.a()", 4),  // a recompilation (or OSR) at the top tier: kept too
      Unit("C.c()", 1), Unit("B.b()", 1),  // a lower tier after the top one (deoptimized)
  };
  using Keep = std::vector<bool>;
  EXPECT_EQ(TierSelection().Select(units), (Keep{false, true, false, true, true, true, false}));
  EXPECT_EQ(Parsed("all").Select(units), (Keep{true, true, true, true, true, true, true}));
  EXPECT_EQ(Parsed("c1").Select(units), (Keep{true, false, true, true, false, true, true}));
  EXPECT_EQ(Parsed("c2").Select(units), (Keep{false, true, false, false, true, false, false}));
  EXPECT_EQ(Parsed("2,1").Select(units), (Keep{false, false, true, false, false, true, true}));
  EXPECT_EQ(TierSelection().Select({}), Keep{});
}

// ---------------------------------------------------------------------------------------------
// End to end.

const std::string kFixture = test::SourceDir() + "/fixtures/hotspot-example";

// The levels of the complete <task> elements of a log inside its <compilation_log> sections,
// read here with a regular expression, independently of the reader: C2 sections' tasks without
// a level are level 4, C1's level 1 (docs/hotspot.md "Units").
std::map<std::string, std::vector<int>> TaskLevelsByMethod(const std::string& text) {
  std::map<std::string, std::vector<int>> levels;
  const std::regex section(R"(<start_compile_thread name='(C\d))");
  const std::regex task(R"(<task ([^>]*)>)");
  const std::regex method(R"( method='([^']*)')");
  const std::regex level(R"( level='(\d)')");
  size_t at = 0;
  while (true) {
    const size_t open = text.find("<compilation_log", at);
    if (open == std::string::npos) break;
    const size_t close = text.find("</compilation_log>", open);
    const std::string part =
        text.substr(open, close == std::string::npos ? std::string::npos : close - open);
    std::smatch compiler;
    const bool c1 = std::regex_search(part, compiler, section) && compiler[1] == "C1";
    for (auto it = std::sregex_iterator(part.begin(), part.end(), task);
         it != std::sregex_iterator(); ++it) {
      // Only complete tasks count (a cut-off log's last one does not).
      if (part.find("</task>", it->position()) == std::string::npos) continue;
      const std::string attributes = (*it)[1];
      std::smatch name, tier;
      if (!std::regex_search(attributes, name, method)) continue;
      const bool leveled = std::regex_search(attributes, tier, level);
      // A method is its name as printed: the return type is not part of it, so a bridge method
      // (same parameters, another return type) is the same method (docs/hotspot.md "Tiers").
      std::string key = name[1];
      key = key.substr(0, key.rfind(')') + 1);
      levels[key].push_back(leveled ? tier.str(1)[0] - '0' : (c1 ? 1 : 4));
    }
    if (close == std::string::npos) break;
    at = close;
  }
  return levels;
}

// How many units a selection keeps, by those levels.
size_t ExpectedUnits(const std::map<std::string, std::vector<int>>& levels,
                     const std::string& tiers) {
  size_t count = 0;
  for (const auto& [method, list] : levels) {
    const int top = *std::max_element(list.begin(), list.end());
    for (int level : list) {
      if (tiers == "top") count += level == top;
      if (tiers == "all") count += 1;
      if (tiers == "c1") count += level <= 3;
      if (tiers == "4") count += level == 4;
      if (tiers == "1,4") count += level == 1 || level == 4;
    }
  }
  return count;
}

// The "N units kept, WHAT" of the text summary of experiment `which` (0 or 1).
std::string KeptLine(const std::string& out, int which) {
  std::vector<std::string> lines;
  for (const std::string& line : SplitLines(out)) {
    if (line.find(" units kept, ") != std::string::npos) lines.push_back(line);
  }
  if (static_cast<int>(lines.size()) <= which) return "";
  const std::string& line = lines[which];
  return line.substr(line.rfind("; ") + 2);
}

TEST(TiersEndToEndTest, ReportKeepsTheSelectedTasksOfTheFixture) {
  const auto levels = TaskLevelsByMethod(ReadFile(kFixture + "/jdk17.log"));
  ASSERT_FALSE(levels.empty());
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"top", "each method's top-tier compilations"},  {"all", "all compilations"},
      {"c1", "the compilations at levels 1, 2 and 3"}, {"4", "the compilations at level 4"},
      {"1,4", "the compilations at levels 1 and 4"},
  };
  for (const auto& [tiers, kept] : cases) {
    SCOPED_TRACE(tiers);
    const size_t expected = ExpectedUnits(levels, tiers);
    RunResult run = RunProfdiff({"report", "jdk17.log", "--tiers=" + tiers}, kFixture);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(KeptLine(run.out, 0), absl::StrCat(expected, " units kept, ", kept));
    const std::string listed = tiers == "top" ? "every method's top-tier compilations" : kept;
    EXPECT_NE(run.out.find(absl::StrCat("No profile: ", listed, " are listed")), std::string::npos);
    // Every kept unit is printed (no profile: report lists them all).
    EXPECT_EQ(CountOf(run.out, "\n        Compilation unit "), expected);
    RunResult json =
        RunProfdiff({"report", "jdk17.log", "--tiers=" + tiers, "--format=json"}, kFixture);
    ASSERT_EQ(json.exit_code, 0) << json.err;
    const std::string canonical = tiers == "c1" ? "1,2,3" : tiers;
    EXPECT_NE(json.out.find("\"tiers\":\"" + canonical + "\""), std::string::npos);
    EXPECT_NE(json.out.find(absl::StrCat("\"kept_units\":", expected, ",\"tiers\":\"", canonical,
                                         "\",\"kept\":\"", kept, "\"")),
              std::string::npos);
    EXPECT_EQ(CountOf(json.out, "{\"type\":\"compilation\""), expected);
  }
}

TEST(TiersEndToEndTest, TheDefaultIsTopAndKeepsTheReviewedOutputs) {
  RunResult given = RunProfdiff({"jit-vs-jit", "jdk17.log", "jdk25.log", "--explanation=false",
                                 "--summary=true", "--tiers=top"},
                                kFixture);
  ASSERT_EQ(given.exit_code, 0) << given.err;
  EXPECT_EQ(given.out, ReadFile(kFixture + "/expected/jit-vs-jit.txt"));
}

TEST(TiersEndToEndTest, EveryCommandTakesIt) {
  const auto levels17 = TaskLevelsByMethod(ReadFile(kFixture + "/jdk17.log"));
  const auto levels25 = TaskLevelsByMethod(ReadFile(kFixture + "/jdk25.log"));
  const std::string c1_17 = absl::StrCat(ExpectedUnits(levels17, "c1"), " units kept");
  const std::string c1_25 = absl::StrCat(ExpectedUnits(levels25, "c1"), " units kept");
  const std::vector<std::vector<std::string>> commands = {
      {"jit-vs-jit", "jdk17.log", "jdk25.log", "--summary=true"},
      {"stats", "jdk17.log", "jdk25.log"},
      {"jit-vs-jit-runs", "--exp1", "jdk17.log", "jdk17.log", "--exp2", "jdk25.log", "jdk25.log"},
  };
  for (std::vector<std::string> args : commands) {
    SCOPED_TRACE(args[0]);
    args.push_back("--tiers=c1");
    RunResult run = RunProfdiff(args, kFixture);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    if (args[0] == "jit-vs-jit-runs") {
      // The runs table says what was kept once per experiment; each run's JSON has the count.
      EXPECT_EQ(CountOf(run.out,
                        "    HotSpot compilation logs: the compilations at levels 1, 2 "
                        "and 3 kept; "),
                2u);
      args.push_back("--format=json");
      RunResult json = RunProfdiff(args, kFixture);
      args.pop_back();
      EXPECT_EQ(CountOf(json.out, absl::StrCat("\"kept_units\":", ExpectedUnits(levels17, "c1"),
                                               ",\"tiers\":\"1,2,3\"")),
                2u);
      EXPECT_EQ(CountOf(json.out, absl::StrCat("\"kept_units\":", ExpectedUnits(levels25, "c1"),
                                               ",\"tiers\":\"1,2,3\"")),
                2u);
    } else {
      EXPECT_EQ(KeptLine(run.out, 0), c1_17 + ", the compilations at levels 1, 2 and 3");
      EXPECT_EQ(KeptLine(run.out, 1), c1_25 + ", the compilations at levels 1, 2 and 3");
    }
    for (std::string format : {"csv", "html"}) {
      args.push_back("--format=" + format);
      RunResult other = RunProfdiff(args, kFixture);
      EXPECT_EQ(other.exit_code, 0) << format << ": " << other.err;
      if (format == "html") {
        // The page builds the summary from the stream: the words are in the embedded data.
        EXPECT_NE(other.out.find("the compilations at levels 1, 2 and 3"), std::string::npos);
      }
      args.pop_back();
    }
  }
  // C1's compilations compared: the C1-only comparison pairs methods that the top tiers do not
  // (those C2 compiled on one side), so its summary differs from the default's.
  RunResult top = RunProfdiff({"jit-vs-jit", "jdk17.log", "jdk25.log", "--summary=true"}, kFixture);
  RunResult c1 = RunProfdiff(
      {"jit-vs-jit", "jdk17.log", "jdk25.log", "--summary=true", "--tiers=c1"}, kFixture);
  EXPECT_NE(top.out, c1.out);
}

TEST(TiersEndToEndTest, BadValuesAndRenderAreCommandLineErrors) {
  RunResult bad = RunProfdiff({"report", "jdk17.log", "--tiers=5"}, kFixture);
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("--tiers: expected top, all, or a comma-separated list of levels 1 to 4 "
                         "and compilers c1 (levels 1-3) and c2 (level 4), got \"5\""),
            std::string::npos)
      << bad.err;
  EXPECT_EQ(bad.out, "");

  TempDir dir;
  RunResult json = RunProfdiff({"report", "jdk17.log", "--tiers=all", "--format=json"}, kFixture);
  ASSERT_EQ(json.exit_code, 0);
  const std::string stream = dir.Write("stream.jsonl", json.out);
  for (std::string tiers : {"--tiers=all", "--tiers=top"}) {
    RunResult render = RunProfdiff({"render", stream, tiers});
    EXPECT_EQ(render.exit_code, 1);
    EXPECT_NE(render.err.find("--tiers selects compilations when the stream is written: give it "
                              "to the command that writes the stream"),
              std::string::npos)
        << render.err;
  }
  RunResult render = RunProfdiff({"render", stream});
  EXPECT_EQ(render.exit_code, 0) << render.err;
  EXPECT_NE(render.out.find(" units kept, all compilations"), std::string::npos);
}

// A stream written before --tiers (its hotspot member has top_tier_units) renders as it did.
TEST(TiersEndToEndTest, OlderStreamsRender) {
  RunResult json =
      RunProfdiff({"report", "jdk25.log", "--format=json", "--explanation=false"}, kFixture);
  ASSERT_EQ(json.exit_code, 0);
  std::string old = json.out;
  const std::regex kept_member(R"("kept_units":(\d+),"tiers":"top","kept":"[^"]*")");
  ASSERT_TRUE(std::regex_search(old, kept_member));
  old = std::regex_replace(old, kept_member, "\"top_tier_units\":$1");
  old = std::regex_replace(old, std::regex(R"(,"tiers":"top")"), "");
  TempDir dir;
  RunResult render = RunProfdiff({"render", dir.Write("old.jsonl", old)});
  EXPECT_EQ(render.exit_code, 0) << render.err;
  EXPECT_EQ(render.out, ReadFile(kFixture + "/expected/report-jdk25.txt"));
}

// A real log of ../shared/real-hotspot (compressed, as they are stored).
TEST(TiersEndToEndTest, RealLog) {
  const std::string log =
      test::SourceDir() + "/../shared/real-hotspot/NumericShapes/jdk25/run-1/hotspot.log.gz";
  if (!std::filesystem::exists(log)) GTEST_SKIP() << "no " << log;
  TempDir dir;
  const std::string plain = dir.Path("hotspot.log");
  ASSERT_EQ(std::system(("gzip -dc '" + log + "' > '" + plain + "'").c_str()), 0);
  const auto levels = TaskLevelsByMethod(ReadFile(plain));
  for (std::string tiers : {"top", "all", "c1", "4"}) {
    SCOPED_TRACE(tiers);
    RunResult run = RunProfdiff({"stats", log, "--tiers=" + tiers});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const std::string kept = KeptLine(run.out, 0);
    EXPECT_EQ(kept.substr(0, kept.find(' ')), absl::StrCat(ExpectedUnits(levels, tiers))) << kept;
  }
  // The log with its recording: C1's units get their samples too with --tiers=all.
  const std::string recording = std::filesystem::path(log).parent_path() / "rec.jfr";
  RunResult all = RunProfdiff({"report", log, recording, "--tiers=all", "--format=json"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_NE(all.out.find("\"tiers\":\"all\""), std::string::npos);
}

}  // namespace
}  // namespace profdiff
