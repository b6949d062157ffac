// --method REGEX (docs/decisions.md, "--method"): the filter's semantics, and every command on
// the bundled example: only the matching methods are printed, everything else is as without it.

#include "profdiff/analysis/method_filter.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>
#include <vector>

#include "test_util.h"

namespace profdiff {
namespace {

using test::RunProfdiff;
using test::RunResult;

TEST(MethodFilterTest, MatchesAnywhereInThePrintedName) {
  const std::string name = "java.util.ArrayList.get(int)";
  EXPECT_TRUE(MethodFilter("ArrayList").Matches(name));
  EXPECT_TRUE(MethodFilter("get\\(int\\)").Matches(name));
  EXPECT_TRUE(MethodFilter("^java\\.util\\.").Matches(name));
  EXPECT_TRUE(MethodFilter("\\(int\\)$").Matches(name));
  EXPECT_FALSE(MethodFilter("^util").Matches(name));
  EXPECT_FALSE(MethodFilter("arraylist").Matches(name));  // case matters, as in grep
  EXPECT_TRUE(MethodFilter("(?i)arraylist").Matches(name));
  EXPECT_TRUE(MethodFilter("ArrayList|HashMap").Matches("java.util.HashMap.put(Object, Object)"));
  EXPECT_TRUE(MethodFilter("\\$\\$Lambda").Matches("a.B$$Lambda$0x12.apply(Object)"));
  EXPECT_TRUE(MethodFilter("<init>").Matches("java.lang.String.<init>(byte[], byte)"));
  EXPECT_TRUE(MethodFilter("^é.$").Matches("é\xE2\x82\xAC"));  // UTF-8: one character each
  EXPECT_TRUE(MethodFilter("").Matches(name));
  EXPECT_TRUE(MethodFilter("").selects_all());
  EXPECT_FALSE(MethodFilter("x").selects_all());
  EXPECT_TRUE(MethodFilter("").Matches(""));
}

// A method has two spellings (model/method_spelling.h): the logs' simple parameter types, which
// the method sections print, and the profiles' fully qualified ones, which Top methods prints. A
// pattern matches when it matches either.
TEST(MethodFilterTest, MatchesEitherSpellingOfTheName) {
  const std::string simple = "java.util.HashMap.merge(Object, Object, BiFunction)";
  const std::string qualified =
      "java.util.HashMap.merge(java.lang.Object, java.lang.Object, java.util.function.BiFunction)";
  // A name printed qualified (a log that spells it so) matches the simple spelling too.
  EXPECT_TRUE(MethodFilter("merge\\(Object, Object").Matches(qualified));
  EXPECT_TRUE(MethodFilter("^java\\.util\\.HashMap\\.merge\\(Object, Object, BiFunction\\)$")
                  .Matches(qualified));
  // The qualified spelling of a simple name is known from the profile.
  MethodFilter filter("HashMap\\.merge\\(java\\.lang");
  EXPECT_FALSE(filter.Matches(simple)) << "nothing learnt yet";
  Experiment experiment(1, ExperimentKind::kJit);
  Profile profile;
  profile.code.push_back(ProfileEntry{"12", qualified, 4, 100});
  profile.code.push_back(ProfileEntry{std::nullopt, "Interpreter", std::nullopt, 10});
  experiment.set_profile(profile);
  filter.LearnSpellings(experiment);
  EXPECT_TRUE(filter.Matches(simple));
  EXPECT_TRUE(filter.Matches(qualified));
  // Either spelling, but not a mix of the two, nor another method.
  EXPECT_FALSE(filter.Matches("java.util.HashMap.put(Object, Object)"));
  MethodFilter mixed("merge\\(java\\.lang\\.Object, Object,");
  mixed.LearnSpellings(experiment);
  EXPECT_FALSE(mixed.Matches(simple));
  MethodFilter neither("HashMap\\.merge\\(java\\.util");
  neither.LearnSpellings(experiment);
  EXPECT_FALSE(neither.Matches(simple));
}

// An LLVM profile keeps only its top entries (Profile::code_not_kept): the spellings are learnt
// from its units, every one of which is an entry.
TEST(MethodFilterTest, LlvmProfilesTeachTheirUnitsSpellings) {
  const std::string simple = "f(Object)";
  const std::string qualified = "f(java.lang.Object)";
  Experiment experiment(1, ExperimentKind::kAot);
  Profile profile;
  profile.source = ProfileSource::kLlvmHotness;
  profile.code_not_kept = 2;
  experiment.set_profile(profile);
  Compilation unit;
  unit.method = experiment.GetOrCreateMethod(qualified);
  experiment.AddCompilation(unit);
  Compilation keyed;
  keyed.method = experiment.GetOrCreateMethod("g(java.lang.String)");
  keyed.multi_method_key = "K";
  experiment.AddCompilation(keyed);
  MethodFilter filter("f\\(java\\.lang");
  MethodFilter with_key("g%%K\\(java");
  filter.LearnSpellings(experiment);
  with_key.LearnSpellings(experiment);
  EXPECT_TRUE(filter.Matches(simple));
  EXPECT_TRUE(with_key.Matches("g%%K(String)"));
  // A fragment's method is an inlined method, not a unit: nothing is learnt of it.
  Compilation fragment;
  fragment.method = experiment.GetOrCreateMethod("h(java.lang.Object)");
  fragment.is_fragment = true;
  experiment.AddCompilation(fragment);
  MethodFilter inlined("h\\(java");
  inlined.LearnSpellings(experiment);
  EXPECT_FALSE(inlined.Matches("h(Object)"));
}

TEST(MethodFilterTest, InvalidPatternsAreExplained) {
  EXPECT_EQ(MethodFilter::Problem(""), "");
  EXPECT_EQ(MethodFilter::Problem("a.*b"), "");
  EXPECT_EQ(MethodFilter::Problem("("), "expected a regular expression (RE2 syntax): missing ): (");
  EXPECT_NE(MethodFilter::Problem("a**"), "");
  EXPECT_NE(MethodFilter::Problem("(?<=a)b"), "");  // no look-behind in RE2
  EXPECT_FALSE(MethodFilter("(").Matches("("));
  // Linear time: a pattern that makes backtracking engines explode is instant.
  EXPECT_FALSE(MethodFilter("(a+)+$").Matches(std::string(100000, 'a') + "!"));
}

const std::string kJit = test::SourceDir() + "/fixtures/jit-example";
const std::vector<std::string> kJitArgs = {kJit + "/exp1/log", kJit + "/exp1/prof.json",
                                           kJit + "/exp2/log", kJit + "/exp2/prof.json"};

std::vector<std::string> With(std::vector<std::string> args, std::vector<std::string> more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// The records of a --format=json stream whose type is not `type` nor a method's own.
std::vector<std::string> RecordsOf(const std::string& stream, const std::string& type) {
  std::vector<std::string> found;
  for (const std::string& line : test::SplitLines(stream)) {
    if (line.find("{\"type\":\"" + type + "\"") == 0) found.push_back(line);
  }
  return found;
}

// The method names of a stream's method records (or, for stats, its method scopes).
std::vector<std::string> MethodNames(const std::string& stream) {
  static const std::regex kName("\"(?:method|name)\":\"((?:[^\"\\\\]|\\\\.)*)\"");
  std::vector<std::string> names;
  for (const std::string& line : test::SplitLines(stream)) {
    const bool method = line.find("{\"type\":\"method\"") == 0;
    const bool scope = line.find("\"scope\":{\"method\":") != std::string::npos;
    if (!method && !scope) continue;
    const std::string from = scope ? line.substr(line.find("\"scope\":")) : line;
    std::smatch match;
    if (std::regex_search(from, match, kName)) names.push_back(match[1]);
  }
  return names;
}

// `args` with --method=`pattern` prints the methods of the unfiltered run that match it, in the
// same order, and the same experiment records.
void ExpectFiltered(const std::vector<std::string>& args, const std::string& pattern,
                    const std::string& ecmascript) {
  RunResult all = RunProfdiff(With(args, {"--format=json"}));
  RunResult some = RunProfdiff(With(args, {"--format=json", "--method=" + pattern}));
  ASSERT_EQ(all.exit_code, 0) << all.err;
  ASSERT_EQ(some.exit_code, 0) << some.err;
  std::vector<std::string> expected;
  for (const std::string& name : MethodNames(all.out)) {
    if (std::regex_search(name, std::regex(ecmascript))) expected.push_back(name);
  }
  EXPECT_EQ(MethodNames(some.out), expected) << args[0] << " --method=" << pattern;
  EXPECT_EQ(RecordsOf(some.out, "experiment"), RecordsOf(all.out, "experiment")) << args[0];
  std::string escaped;  // as a JSON string
  for (char c : pattern) escaped += c == '\\' ? std::string("\\\\") : std::string(1, c);
  const std::string header = some.out.substr(0, some.out.find('\n'));
  EXPECT_NE(header.find("\"method\":\"" + escaped + "\""), std::string::npos)
      << "the header records the filter";
}

TEST(MethodOptionTest, ComparisonsPrintOnlyMatchingMethods) {
  const std::vector<std::string> args = With({"jit-vs-jit"}, kJitArgs);
  ExpectFiltered(args, "ArrayList", "ArrayList");
  ExpectFiltered(args, "^org\\.example", "^org\\.example");
  ExpectFiltered(args, "nothing matches this", "nothing matches this");
  ExpectFiltered(With(args, {"--diff-compilations=false"}), "Checkout", "Checkout");
  // The fragment of ArrayList.get cut out of Checkout.total's unit is still compared: hot
  // selection and fragments are made before the filter.
  RunResult some = RunProfdiff(With(args, {"--method=ArrayList", "--explanation=false"}));
  ASSERT_EQ(some.exit_code, 0) << some.err;
  EXPECT_NE(some.out.find("1021#1"), std::string::npos) << some.out;
  EXPECT_EQ(some.out.find("Method org.example.shop.Checkout"), std::string::npos) << some.out;
  // The text up to the first method is the same as without the filter.
  RunResult all = RunProfdiff(With(args, {"--explanation=false"}));
  EXPECT_EQ(some.out.substr(0, some.out.find("\nMethod ")),
            all.out.substr(0, all.out.find("\nMethod ")));
}

TEST(MethodOptionTest, ReportStatsAndRuns) {
  ExpectFiltered({"report", kJit + "/exp1/log", kJit + "/exp1/prof.json"}, "ArrayList",
                 "ArrayList");
  ExpectFiltered({"report", kJit + "/exp1/log"}, "(?i)checkout", "[Cc][Hh][Ee][Cc][Kk]out");
  ExpectFiltered({"stats", kJit + "/exp1/log", kJit + "/exp1/prof.json"}, "Checkout", "Checkout");
  ExpectFiltered(With({"stats"}, kJitArgs), "get", "get");
  ExpectFiltered({"jit-vs-jit-runs", "--exp1", kJitArgs[0], kJitArgs[1], kJitArgs[0], kJitArgs[1],
                  "--exp2", kJitArgs[2], kJitArgs[3], kJitArgs[2], kJitArgs[3]},
                 "Checkout", "Checkout");
  // stats keeps its counts of all units and hot units.
  RunResult all =
      RunProfdiff({"stats", kJit + "/exp1/log", kJit + "/exp1/prof.json", "--format=json"});
  RunResult none = RunProfdiff(
      {"stats", kJit + "/exp1/log", kJit + "/exp1/prof.json", "--format=json", "--method=^$"});
  auto scopes = [](const std::string& stream) {
    std::vector<std::string> kept;
    for (const std::string& line : RecordsOf(stream, "statistics")) {
      if (line.find("\"scope\":{\"method\":") == std::string::npos) kept.push_back(line);
    }
    return kept;
  };
  EXPECT_FALSE(scopes(all.out).empty());
  EXPECT_EQ(scopes(none.out), scopes(all.out));
  EXPECT_TRUE(MethodNames(none.out).empty());
}

// --fail-on and --summary see only the selected methods.
TEST(MethodOptionTest, GatesSeeOnlyTheSelectedMethods) {
  const std::vector<std::string> args = With({"jit-vs-jit"}, kJitArgs);
  RunResult all = RunProfdiff(With(args, {"--fail-on=any"}));
  EXPECT_EQ(all.exit_code, 2) << all.err;
  RunResult none = RunProfdiff(With(args, {"--fail-on=any", "--method=^nothing$"}));
  EXPECT_EQ(none.exit_code, 0) << none.err;
}

TEST(MethodOptionTest, InvalidPatternAndRender) {
  RunResult bad = RunProfdiff({"report", kJit + "/exp1/log", "--method", "(unclosed"});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.out, "");
  EXPECT_NE(bad.err.find("Error: --method: expected a regular expression (RE2 syntax): missing ): "
                         "(unclosed, got \"(unclosed\""),
            std::string::npos)
      << bad.err;
  test::TempDir dir;
  const std::string stream = dir.path() + "/stream.json";
  RunResult json =
      RunProfdiff(With(With({"jit-vs-jit"}, kJitArgs), {"--format=json", "--method=ArrayList"}));
  ASSERT_EQ(json.exit_code, 0);
  std::ofstream(stream) << json.out;
  RunResult refused = RunProfdiff({"render", stream, "--method=Checkout"});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.err.find("--method selects methods when the stream is written"),
            std::string::npos)
      << refused.err;
  // The filtered stream renders back to the filtered text.
  RunResult rendered = RunProfdiff({"render", stream});
  RunResult text = RunProfdiff(With(With({"jit-vs-jit"}, kJitArgs), {"--method=ArrayList"}));
  ASSERT_EQ(rendered.exit_code, 0) << rendered.err;
  EXPECT_EQ(rendered.out, text.out);
}

}  // namespace
}  // namespace profdiff
