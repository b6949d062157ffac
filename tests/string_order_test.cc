// Java String.compareTo order over UTF-8 text and the int32-subtraction comparison
// (algorithms.md, "Notation").

#include "profdiff/model/string_order.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace profdiff {
namespace {

int Sign(int x) { return (x > 0) - (x < 0); }

// U+E000 (private use, first BMP code point above the surrogates), U+FFFF, U+10000, U+1F600 and
// U+10FFFF in UTF-8.
const std::string kE000 = "\xEE\x80\x80";
const std::string kFFFF = "\xEF\xBF\xBF";
const std::string kD7FF = "\xED\x9F\xBF";
const std::string k10000 = "\xF0\x90\x80\x80";
const std::string k1F600 = "\xF0\x9F\x98\x80";
const std::string k10FFFF = "\xF4\x8F\xBF\xBF";

TEST(JavaCompareTest, EqualStringsCompareEqual) {
  EXPECT_EQ(JavaCompare("", ""), 0);
  EXPECT_EQ(JavaCompare("demo.Main.run()", "demo.Main.run()"), 0);
  EXPECT_EQ(JavaCompare(k1F600, k1F600), 0);
}

TEST(JavaCompareTest, AsciiIsLexicographic) {
  EXPECT_LT(JavaCompare("a", "b"), 0);
  EXPECT_GT(JavaCompare("b", "a"), 0);
  EXPECT_LT(JavaCompare("B", "a"), 0);  // by code unit, not case-folded
  EXPECT_LT(JavaCompare("a.B.m(int)", "a.B.m(long)"), 0);
}

TEST(JavaCompareTest, ProperPrefixIsSmaller) {
  EXPECT_LT(JavaCompare("", "a"), 0);
  EXPECT_LT(JavaCompare("ab", "abc"), 0);
  EXPECT_GT(JavaCompare("abc", "ab"), 0);
  EXPECT_LT(JavaCompare("x", "x" + k1F600), 0);
}

TEST(JavaCompareTest, MultiByteBmpCharactersFollowCodePoints) {
  EXPECT_GT(JavaCompare("\xC3\xA9", "z"), 0);             // U+00E9 > 'z'
  EXPECT_LT(JavaCompare("\xC3\xA9", "\xE4\xB8\x80"), 0);  // U+00E9 < U+4E00
  EXPECT_LT(JavaCompare(kE000, kFFFF), 0);
}

// In UTF-16 a supplementary character is a surrogate pair (D800..DBFF first), which is below
// U+E000..U+FFFF, although its UTF-8 bytes (F0..F4) are above EE/EF.
TEST(JavaCompareTest, SupplementaryCharactersSortBeforeHighBmp) {
  EXPECT_LT(JavaCompare(k1F600, kE000), 0);
  EXPECT_GT(JavaCompare(kE000, k1F600), 0);
  EXPECT_LT(JavaCompare(k10000, kFFFF), 0);
  EXPECT_GT(JavaCompare(kFFFF, k10000), 0);
  EXPECT_LT(JavaCompare(k10FFFF, kE000), 0);
}

TEST(JavaCompareTest, SupplementaryCharactersSortAfterLowerBmp) {
  EXPECT_GT(JavaCompare(k1F600, kD7FF), 0);  // D83D > D7FF
  EXPECT_GT(JavaCompare(k10000, "\xE4\xB8\x80"), 0);
  EXPECT_GT(JavaCompare(k10000, "z"), 0);
}

TEST(JavaCompareTest, SupplementaryCharactersAmongThemselvesByCodePoint) {
  EXPECT_LT(JavaCompare(k10000, k1F600), 0);
  EXPECT_LT(JavaCompare(k1F600, k10FFFF), 0);
  EXPECT_GT(JavaCompare(k10FFFF, k10000), 0);
}

TEST(JavaCompareTest, DifferenceAfterCommonPrefixDecides) {
  EXPECT_GT(JavaCompare("m(" + kE000 + ")", "m(" + k1F600 + ")"), 0);
  EXPECT_LT(JavaCompare("m(" + k1F600 + ")x", "m(" + kFFFF + ")"), 0);
}

TEST(JavaCompareTest, IsAntisymmetricAndTransitiveOnASample) {
  // Ascending in UTF-16 code-unit order.
  const std::vector<std::string> sorted = {"",     "A",    "a",     "ab",  "\xC3\xA9", kD7FF,
                                           k10000, k1F600, k10FFFF, kE000, kFFFF};
  for (size_t i = 0; i < sorted.size(); ++i) {
    for (size_t j = 0; j < sorted.size(); ++j) {
      int expected = i < j ? -1 : (i > j ? 1 : 0);
      EXPECT_EQ(Sign(JavaCompare(sorted[i], sorted[j])), expected) << i << " vs " << j;
    }
  }
}

TEST(JavaIntSubtractCompareTest, OrdinaryValues) {
  EXPECT_LT(JavaIntSubtractCompare(1, 2), 0);
  EXPECT_GT(JavaIntSubtractCompare(5, -1), 0);
  EXPECT_EQ(JavaIntSubtractCompare(-1, -1), 0);
}

TEST(JavaIntSubtractCompareTest, WrapsOnOverflowLikeJava) {
  constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
  constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
  // MIN - 1 wraps to MAX: MIN "is greater" than 1.
  EXPECT_GT(JavaIntSubtractCompare(kMin, 1), 0);
  // MAX - (-1) wraps to MIN: MAX "is smaller" than -1.
  EXPECT_LT(JavaIntSubtractCompare(kMax, -1), 0);
  EXPECT_EQ(JavaIntSubtractCompare(kMax, -1), kMin);
}

}  // namespace
}  // namespace profdiff
