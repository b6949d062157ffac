#include "profdiff/model/multi_method.h"

#include <optional>
#include <string>
#include <string_view>

#include "gtest/gtest.h"

namespace profdiff {
namespace {

void ExpectSplit(std::string_view raw, std::string_view name, std::optional<std::string> key) {
  std::optional<MultiMethodName> split = SplitMultiMethodName(raw);
  ASSERT_TRUE(split.has_value()) << raw;
  EXPECT_EQ(split->name, name) << raw;
  EXPECT_EQ(split->key, key) << raw;
}

TEST(MultiMethodTest, NameWithoutKeyIsKeptAsIs) {
  ExpectSplit("a.B.m(int)", "a.B.m(int)", std::nullopt);
  ExpectSplit("", "", std::nullopt);
  ExpectSplit("a%b(%)", "a%b(%)", std::nullopt);  // single '%' is no separator
  ExpectSplit("noParens", "noParens", std::nullopt);
}

TEST(MultiMethodTest, SpecExamples) {
  ExpectSplit("baz.bar.Foo%%Baz()", "baz.bar.Foo()", "Baz");
  ExpectSplit("foo.Bar%%RemoveMe(Baz)", "foo.Bar(Baz)", "RemoveMe");
  ExpectSplit("a.B.m%%Key(int)", "a.B.m(int)", "Key");
}

TEST(MultiMethodTest, KeyBoundaries) {
  ExpectSplit("a%%(x)", "a(x)", "");  // k == e: empty key
  ExpectSplit("a%%(", "a(", "");
  ExpectSplit("%%K()", "()", "K");            // empty prefix
  ExpectSplit("a%%b%%c(x)", "a(x)", "b%%c");  // the key may contain "%%"
  ExpectSplit("a%%k(x)(y)", "a(y)", "k(x)");  // the last '(' ends the key
  ExpectSplit("a.B%%K.m()", "a.B()", "K.m");  // whatever lies before the last '('
  ExpectSplit("a%%%b()", "a()", "%b");        // the first "%%" starts it
}

TEST(MultiMethodTest, JoinGivesBackTheRawNameOfASplit) {
  for (std::string_view raw :
       {"a.B.m(int)", "baz.bar.Foo%%Baz()", "a%%(x)", "a%%(", "%%K()", "a%%b%%c(x)", "a%%k(x)(y)",
        "a.B%%K.m()", "a%%%b()", "noParens", ""}) {
    std::optional<MultiMethodName> split = SplitMultiMethodName(raw);
    ASSERT_TRUE(split.has_value()) << raw;
    EXPECT_EQ(JoinMultiMethodName(split->name, split->key), raw);
  }
  EXPECT_EQ(JoinMultiMethodName("noParens", "K"), "noParens%%K");
}

TEST(MultiMethodTest, Malformed) {
  EXPECT_FALSE(SplitMultiMethodName("a%%b").has_value());  // no '('
  EXPECT_FALSE(SplitMultiMethodName("%%").has_value());
  EXPECT_FALSE(SplitMultiMethodName("a(x)%%k").has_value());  // '(' before the key: k > e
  EXPECT_FALSE(SplitMultiMethodName("a(%%").has_value());
  EXPECT_FALSE(SplitMultiMethodName("a(%%)").has_value());       // e = 1 < k = 4
  EXPECT_FALSE(SplitMultiMethodName("a%%k(x%%y)").has_value());  // stripped name keeps "%%"
  EXPECT_FALSE(SplitMultiMethodName("a%%k(%%)").has_value());
}

TEST(MultiMethodTest, PartsAreViewsIntoTheRawName) {
  std::string raw = "a.B.m%%Key(int)";
  std::string_view prefix, key, suffix;
  bool has_key = false;
  ASSERT_TRUE(SplitMultiMethodNameParts(raw, &prefix, &key, &suffix, &has_key));
  EXPECT_TRUE(has_key);
  EXPECT_EQ(prefix, "a.B.m");
  EXPECT_EQ(key, "Key");
  EXPECT_EQ(suffix, "(int)");
  EXPECT_EQ(prefix.data(), raw.data());

  ASSERT_TRUE(SplitMultiMethodNameParts("x.Y()", &prefix, &key, &suffix, &has_key));
  EXPECT_FALSE(has_key);
  EXPECT_EQ(prefix, "x.Y()");
  EXPECT_TRUE(key.empty());
  EXPECT_TRUE(suffix.empty());

  EXPECT_FALSE(SplitMultiMethodNameParts("a%%b", &prefix, &key, &suffix, &has_key));
}

}  // namespace
}  // namespace profdiff
