// The two spellings of a Java method name (model/method_spelling.h): the logs' simple parameter
// types and the profiles' fully qualified ones.

#include "profdiff/model/method_spelling.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gmock/gmock.h"

namespace profdiff {
namespace {

using ::testing::ElementsAre;

TEST(SimpleSpellingTest, DropsThePackagesOfParameterTypes) {
  EXPECT_EQ(SimpleSpelling("java.util.HashMap.merge(java.lang.Object, java.lang.Object, "
                           "java.util.function.BiFunction)"),
            "java.util.HashMap.merge(Object, Object, BiFunction)");
  EXPECT_EQ(SimpleSpelling("java.util.HashMap.newNode(int, java.lang.Object, java.lang.Object, "
                           "java.util.HashMap$Node)"),
            "java.util.HashMap.newNode(int, Object, Object, HashMap$Node)");
  EXPECT_EQ(SimpleSpelling("a.B.m(java.lang.Object[], int[][])"), "a.B.m(Object[], int[][])");
  EXPECT_EQ(SimpleSpelling("java.lang.String.<init>(byte[], byte)"),
            "java.lang.String.<init>(byte[], byte)");
  // Already simple, no parameters, no parameter list: unchanged.
  EXPECT_EQ(SimpleSpelling("java.util.HashMap.merge(Object, Object, BiFunction)"),
            "java.util.HashMap.merge(Object, Object, BiFunction)");
  EXPECT_EQ(SimpleSpelling("java.util.ArrayList.size()"), "java.util.ArrayList.size()");
  EXPECT_EQ(SimpleSpelling("Interpreter"), "Interpreter");
  EXPECT_EQ(SimpleSpelling(""), "");
  // A hidden class keeps its suffix, in the holder and as a parameter type.
  EXPECT_EQ(SimpleSpelling("a.B$$Lambda/0x0000.apply(a.B$$Lambda/0x0001)"),
            "a.B$$Lambda/0x0000.apply(B$$Lambda/0x0001)");
  // UTF-8 names are names.
  EXPECT_EQ(SimpleSpelling("p.Q.m(p\xC3\xA9.\xC3\xA9t\xC3\xA9)"), "p.Q.m(\xC3\xA9t\xC3\xA9)");
}

TEST(SimpleSpellingTest, IsItsOwnSimpleSpelling) {
  for (const char* name : {"a.B.m(java.lang.Object[], x.Y$Z)", "a.B.m(a..b, .c, d.)", "(((a.b",
                           "a.B.m(x.y)(p.q)", ")a.b(c.d))e.f"}) {
    const std::string simple = SimpleSpelling(name);
    EXPECT_EQ(SimpleSpelling(simple), simple) << name;
  }
  EXPECT_EQ(SimpleSpelling("a.B.m(a..b, .c, d.)"), "a.B.m(.b, .c, )");
}

TEST(SimpleSpellingTest, GlobsSimplifyAsTheNamesTheyMatch) {
  EXPECT_EQ(SimpleSpelling("*.HashMap.merge(java.lang.Object, *)"), "*.HashMap.merge(Object, *)");
  EXPECT_EQ(SimpleSpelling("a.B.m(java.util.*)"), "a.B.m(*)");
  EXPECT_EQ(SimpleSpelling("a.B.m(*.List)"), "a.B.m(List)");
  EXPECT_EQ(SimpleSpelling("a.B.m(java.util.Lis?)"), "a.B.m(Lis?)");
  // An unclosed list (a partial name) is simplified up to its end.
  EXPECT_EQ(SimpleSpelling("HashMap.merge(java.lang.Obj"), "HashMap.merge(Obj");
}

TEST(MethodSpellingsTest, KnowsTheSpellingsAProfileGives) {
  MethodSpellings spellings;
  spellings.Add(
      "java.util.HashMap.merge(java.lang.Object, java.lang.Object, "
      "java.util.function.BiFunction)");
  spellings.Add("Interpreter");
  spellings.Add(
      "java.util.HashMap.merge(java.lang.Object, java.lang.Object, "
      "java.util.function.BiFunction)");  // learnt once
  EXPECT_THAT(spellings.Of("java.util.HashMap.merge(Object, Object, BiFunction)"),
              ElementsAre("java.util.HashMap.merge(Object, Object, BiFunction)",
                          "java.util.HashMap.merge(java.lang.Object, java.lang.Object, "
                          "java.util.function.BiFunction)"));
  EXPECT_THAT(spellings.Of("java.util.HashMap.merge(java.lang.Object, java.lang.Object, "
                           "java.util.function.BiFunction)"),
              ElementsAre("java.util.HashMap.merge(java.lang.Object, java.lang.Object, "
                          "java.util.function.BiFunction)",
                          "java.util.HashMap.merge(Object, Object, BiFunction)"));
  EXPECT_THAT(spellings.Of("a.B.c(int)"), ElementsAre("a.B.c(int)"));
  EXPECT_THAT(spellings.Of("a.B.c(java.util.List)"),
              ElementsAre("a.B.c(java.util.List)", "a.B.c(List)"));
}

}  // namespace
}  // namespace profdiff
