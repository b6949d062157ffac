#include "profdiff/load/rule_file.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "profdiff/model/method_spelling.h"
#include "profdiff/output/rule_check.h"

namespace profdiff {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(GlobMatchTest, StarQuestionMarkAndLiterals) {
  EXPECT_TRUE(GlobMatch("*", ""));
  EXPECT_TRUE(GlobMatch("*", "anything (at all) [x]"));
  EXPECT_TRUE(GlobMatch("java.util.HashMap.merge(Object, Object, BiFunction)",
                        "java.util.HashMap.merge(Object, Object, BiFunction)"));
  EXPECT_FALSE(GlobMatch("java.util.HashMap.merge(Object, Object, BiFunction)",
                         "java.util.HashMap.merge(Object, Object)"));
  EXPECT_TRUE(GlobMatch("*.parse(int[], *)", "a.B.parse(int[], java.lang.String)"));
  EXPECT_FALSE(GlobMatch("*.parse(int[], *)", "a.B.parse(int, java.lang.String)"));
  EXPECT_TRUE(GlobMatch("a.?()", "a.b()"));
  EXPECT_FALSE(GlobMatch("a.?()", "a.bc()"));
  EXPECT_FALSE(GlobMatch("a.?()", "a.()"));
  // Brackets and dots are literal, not classes or "any character".
  EXPECT_TRUE(GlobMatch("m(int[])", "m(int[])"));
  EXPECT_FALSE(GlobMatch("m(int[])", "m(int)"));
  EXPECT_FALSE(GlobMatch("a.b", "axb"));
  EXPECT_TRUE(GlobMatch("*a*b*c*", "xxaxxbxxcxx"));
  EXPECT_FALSE(GlobMatch("*a*b*c*", "xxaxxcxxbxx"));
  // A `*` of the pattern is a wildcard also where the text holds a `*` (found by the fuzzer).
  EXPECT_TRUE(GlobMatch("*a*?b**", "xab*bx"));
  EXPECT_TRUE(GlobMatch("a*c", "a*bc"));
  EXPECT_TRUE(GlobMatch("*x", "*yx"));
  // Many stars over a long text stay fast (no exponential backtracking).
  EXPECT_FALSE(GlobMatch("*a*a*a*a*a*a*a*a*b", std::string(5000, 'a')));
}

// A method has two spellings: the logs' simple parameter types and the profiles' fully qualified
// ones. A pattern in either spelling matches a name in either.
TEST(GlobMatchTest, MethodPatternsMatchEitherSpelling) {
  const std::string simple = "java.util.HashMap.merge(Object, Object, BiFunction)";
  const std::string qualified =
      "java.util.HashMap.merge(java.lang.Object, java.lang.Object, java.util.function.BiFunction)";
  auto matches = [](std::string pattern, std::string name) {
    return MethodGlobMatch(pattern, SimpleSpelling(pattern), name);
  };
  for (const std::string& name : {simple, qualified}) {
    EXPECT_TRUE(matches(simple, name)) << name;
    EXPECT_TRUE(matches(qualified, name)) << name;
    EXPECT_TRUE(matches("*.HashMap.merge(java.lang.Object, *)", name)) << name;
    EXPECT_TRUE(matches("*.HashMap.merge(Object, *)", name)) << name;
    EXPECT_TRUE(matches("*.merge(*.Object, *, java.util.function.*)", name)) << name;
    EXPECT_FALSE(matches("*.HashMap.merge(Object, Object)", name)) << name;
    EXPECT_FALSE(matches("*.HashMap.merge(java.lang.String, *)", name)) << name;
    EXPECT_FALSE(matches("java.util.TreeMap.merge(Object, Object, BiFunction)", name)) << name;
  }
  // The holder's package is never dropped.
  EXPECT_FALSE(matches("HashMap.merge(Object, Object, BiFunction)", simple));
}

TEST(ParseRulesTest, EveryRuleKindWithCommentsAndBlanks) {
  absl::StatusOr<RuleFile> file = ParseRules(
      "# CI rules\n"
      "\n"
      "inlined java.util.HashMap.merge(Object, Object, BiFunction) -> *.hash(Object)\n"
      "  not-inlined *.parse(int[], *)->a.B.c()   # trailing comment\r\n"
      "compiled a.B.c()\n",
      "rules.txt");
  ASSERT_TRUE(file.ok()) << file.status();
  ASSERT_EQ(file->rules.size(), 3u);
  EXPECT_EQ(file->rules[0].kind, RuleKind::kInlined);
  EXPECT_EQ(file->rules[0].caller, "java.util.HashMap.merge(Object, Object, BiFunction)");
  EXPECT_EQ(file->rules[0].callee, "*.hash(Object)");
  EXPECT_EQ(file->rules[0].line, 3);
  EXPECT_EQ(file->rules[1].kind, RuleKind::kNotInlined);
  EXPECT_EQ(file->rules[1].caller, "*.parse(int[], *)");
  EXPECT_EQ(file->rules[1].callee, "a.B.c()");
  EXPECT_EQ(file->rules[1].text, "not-inlined *.parse(int[], *)->a.B.c()");
  EXPECT_EQ(file->rules[2].kind, RuleKind::kCompiled);
  EXPECT_EQ(file->rules[2].caller, "a.B.c()");
  EXPECT_EQ(file->rules[2].line, 5);
}

TEST(ParseRulesTest, SyntaxErrorsNameFileAndLine) {
  auto error = [](std::string text) {
    absl::StatusOr<RuleFile> file = ParseRules(text, "r.txt");
    EXPECT_FALSE(file.ok());
    return std::string(file.status().message());
  };
  EXPECT_THAT(error("\ninline a -> b\n"), HasSubstr("r.txt:2: expected a rule"));
  EXPECT_THAT(error("inlined a b\n"), HasSubstr("r.txt:1: expected \"inlined CALLER -> CALLEE\""));
  EXPECT_THAT(error("not-inlined a -> b -> c\n"), HasSubstr("r.txt:1: expected \"not-inlined"));
  EXPECT_THAT(error("inlined -> b\n"), HasSubstr("r.txt:1:"));
  EXPECT_THAT(error("compiled\n"), HasSubstr("r.txt:1: expected a method pattern"));
  EXPECT_THAT(error("compiled a -> b\n"), HasSubstr("without \"->\""));
}

TEST(ReadRuleFileTest, UnreadableFiles) {
  absl::StatusOr<RuleFile> missing = ReadRuleFile("/nonexistent/rules");
  ASSERT_FALSE(missing.ok());
  EXPECT_THAT(std::string(missing.status().message()),
              HasSubstr("/nonexistent/rules: cannot read the rule file"));
  absl::StatusOr<RuleFile> directory = ReadRuleFile("/");
  ASSERT_FALSE(directory.ok());
  EXPECT_THAT(std::string(directory.status().message()), HasSubstr("Is a directory"));
}

CallSiteFacts Facts() {
  CallSiteFacts facts;
  facts.experiment = 2;
  facts.compiled = {"a.A.run()", "b.B.helper(int)"};
  auto site = [&](std::string caller, std::string callee, int32_t bci, std::string kind) {
    CallSiteFacts::Site s;
    s.compilation = "7";
    s.caller = caller;
    s.callee = callee;
    s.bci = bci;
    s.kind = kind;
    facts.sites.push_back(s);
  };
  site("a.A.run()", "b.B.helper(int)", 3, "inlined");
  site("a.A.run()", "b.B.helper(int)", 9, "direct");
  site("a.A.run()", "c.C.big()", 12, "direct");
  for (int bci = 20; bci < 25; ++bci) site("a.A.run()", "d.D.x()", bci, "inlined");
  return facts;
}

std::vector<std::string> Broken(std::string rules) {
  absl::StatusOr<RuleFile> file = ParseRules(rules, "r.txt");
  EXPECT_TRUE(file.ok()) << file.status();
  return BrokenRules(*file, Facts());
}

TEST(BrokenRulesTest, HeldRulesPrintNothing) {
  EXPECT_THAT(Broken("inlined a.A.run() -> d.D.*\n"
                     "not-inlined * -> c.C.big()\n"
                     "not-inlined * -> no.Such()\n"
                     "compiled b.B.helper(?nt)\n"),
              ElementsAre());
}

TEST(BrokenRulesTest, NamesInEitherSpelling) {
  CallSiteFacts facts;
  facts.experiment = 1;
  facts.compiled = {"a.A.run(java.util.List)", "b.B.helper(Object, int[])"};
  CallSiteFacts::Site site;
  site.compilation = "7";
  site.caller = "a.A.run(java.util.List)";
  site.callee = "b.B.helper(Object, int[])";
  site.bci = 3;
  site.kind = "inlined";
  facts.sites.push_back(site);
  auto broken = [&](std::string rules) {
    absl::StatusOr<RuleFile> file = ParseRules(rules, "r.txt");
    EXPECT_TRUE(file.ok()) << file.status();
    return BrokenRules(*file, facts);
  };
  EXPECT_THAT(broken("compiled a.A.run(java.util.List)\n"
                     "compiled a.A.run(List)\n"
                     "compiled b.B.helper(Object, int[])\n"
                     "compiled b.B.helper(java.lang.Object, int[])\n"
                     "inlined a.A.run(List) -> b.B.helper(java.lang.Object, int[])\n"
                     "inlined a.A.run(java.util.List) -> b.B.helper(Object, *)\n"
                     "not-inlined a.A.run(List) -> b.B.helper(java.lang.String, int[])\n"),
              ElementsAre());
  EXPECT_THAT(broken("compiled a.A.run(java.util.Set)\n"
                     "not-inlined a.A.run(List) -> b.B.helper(java.lang.Object, int[])\n"),
              ElementsAre(HasSubstr("r.txt:1:"), HasSubstr("r.txt:2:")));
}

TEST(BrokenRulesTest, EachFailureMessage) {
  EXPECT_THAT(
      Broken("inlined a.A.run() -> b.B.helper(int)\n"),
      ElementsAre("profdiff: r.txt:1: \"inlined a.A.run() -> b.B.helper(int)\" is broken in "
                  "experiment 2: 1 of 2 matching call sites not inlined: b.B.helper(int) at bci "
                  "9 in a.A.run() is direct (compilation 7)"));
  EXPECT_THAT(Broken("\ninlined * -> no.Such()\n"),
              ElementsAre("profdiff: r.txt:2: \"inlined * -> no.Such()\" is broken in experiment "
                          "2: no matching call site in the hot code"));
  EXPECT_THAT(Broken("compiled *.Missing*\n"),
              ElementsAre("profdiff: r.txt:1: \"compiled *.Missing*\" is broken in experiment 2: "
                          "no compilation unit of a matching method"));
  const std::vector<std::string> many = Broken("not-inlined a.A.run() -> d.D.x()\n");
  ASSERT_EQ(many.size(), 1u);
  EXPECT_THAT(many[0], HasSubstr("5 of 5 matching call sites inlined: d.D.x() at bci 20 in "
                                 "a.A.run() is inlined (compilation 7); d.D.x() at bci 21"));
  EXPECT_THAT(many[0], HasSubstr("; and 2 more"));
  // One line per broken rule, in file order.
  EXPECT_EQ(Broken("compiled x\ncompiled a.A.run()\ncompiled y\n").size(), 2u);
}

}  // namespace
}  // namespace profdiff
