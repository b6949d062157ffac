#include "profdiff/model/java_format.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace profdiff {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

TEST(JavaDoubleToStringTest, SpecialValues) {
  EXPECT_EQ(JavaDoubleToString(kNaN), "NaN");
  EXPECT_EQ(JavaDoubleToString(kInf), "Infinity");
  EXPECT_EQ(JavaDoubleToString(-kInf), "-Infinity");
  EXPECT_EQ(JavaDoubleToString(0.0), "0.0");
  EXPECT_EQ(JavaDoubleToString(-0.0), "-0.0");
}

TEST(JavaDoubleToStringTest, PlainRange) {
  EXPECT_EQ(JavaDoubleToString(0.5), "0.5");
  EXPECT_EQ(JavaDoubleToString(1.0), "1.0");
  EXPECT_EQ(JavaDoubleToString(-1.0), "-1.0");
  EXPECT_EQ(JavaDoubleToString(150000.0), "150000.0");
  EXPECT_EQ(JavaDoubleToString(0.001), "0.001");
  EXPECT_EQ(JavaDoubleToString(0.1), "0.1");
  EXPECT_EQ(JavaDoubleToString(0.9), "0.9");
  EXPECT_EQ(JavaDoubleToString(2.5), "2.5");
  EXPECT_EQ(JavaDoubleToString(123.456), "123.456");
  EXPECT_EQ(JavaDoubleToString(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(JavaDoubleToString(9999999.0), "9999999.0");
  EXPECT_EQ(JavaDoubleToString(9999999.999), "9999999.999");
  EXPECT_EQ(JavaDoubleToString(0.0012345), "0.0012345");
  EXPECT_EQ(JavaDoubleToString(-0.001), "-0.001");
}

TEST(JavaDoubleToStringTest, ScientificRange) {
  EXPECT_EQ(JavaDoubleToString(1e7), "1.0E7");
  EXPECT_EQ(JavaDoubleToString(1e-4), "1.0E-4");
  EXPECT_EQ(JavaDoubleToString(1.23456789e8), "1.23456789E8");
  EXPECT_EQ(JavaDoubleToString(-1.5e10), "-1.5E10");
  EXPECT_EQ(JavaDoubleToString(9.99e-4), "9.99E-4");
  EXPECT_EQ(JavaDoubleToString(1e21), "1.0E21");
  EXPECT_EQ(JavaDoubleToString(1e23), "1.0E23");
  EXPECT_EQ(JavaDoubleToString(1e100), "1.0E100");
  EXPECT_EQ(JavaDoubleToString(std::numeric_limits<double>::max()), "1.7976931348623157E308");
  EXPECT_EQ(JavaDoubleToString(std::numeric_limits<double>::min()), "2.2250738585072014E-308");
}

TEST(JavaDoubleToStringTest, OneDigitShortestPrefersCloserTwoDigits) {
  // Java considers two-digit decimals when the shortest has one digit.
  EXPECT_EQ(JavaDoubleToString(std::numeric_limits<double>::denorm_min()), "4.9E-324");
  EXPECT_EQ(JavaDoubleToString(-std::numeric_limits<double>::denorm_min()), "-4.9E-324");
  EXPECT_EQ(JavaDoubleToString(2 * std::numeric_limits<double>::denorm_min()), "9.9E-324");
  EXPECT_EQ(JavaDoubleToString(2e-3), "0.002");
  EXPECT_EQ(JavaDoubleToString(5e-5), "5.0E-5");
}

TEST(JavaFixedTest, SpecialValues) {
  EXPECT_EQ(JavaFixed(kNaN), "NaN");
  EXPECT_EQ(JavaFixed(kInf), "Infinity");
  EXPECT_EQ(JavaFixed(-kInf), "-Infinity");
  EXPECT_EQ(JavaFixed(0.0), "0.00");
  EXPECT_EQ(JavaFixed(-0.0), "-0.00");
  EXPECT_EQ(JavaFixed(-0.001), "-0.00");
  EXPECT_EQ(JavaFixed(-0.005), "-0.01");
}

TEST(JavaFixedTest, HalfUpOnShortestDecimal) {
  EXPECT_EQ(JavaFixed(0.125), "0.13");
  EXPECT_EQ(JavaFixed(2.675), "2.68");
  EXPECT_EQ(JavaFixed(1.005), "1.01");
  EXPECT_EQ(JavaFixed(0.045), "0.05");
  EXPECT_EQ(JavaFixed(99.995), "100.00");
  EXPECT_EQ(JavaFixed(12.345), "12.35");
  EXPECT_EQ(JavaFixed(-12.345), "-12.35");
  EXPECT_EQ(JavaFixed(0.004999), "0.00");
  EXPECT_EQ(JavaFixed(0.005), "0.01");
  EXPECT_EQ(JavaFixed(9.999), "10.00");
  EXPECT_EQ(JavaFixed(999.999), "1000.00");
  EXPECT_EQ(JavaFixed(-999.999), "-1000.00");
  EXPECT_EQ(JavaFixed(0.994), "0.99");
}

TEST(JavaFixedTest, PlainValues) {
  EXPECT_EQ(JavaFixed(1.0), "1.00");
  EXPECT_EQ(JavaFixed(0.5), "0.50");
  EXPECT_EQ(JavaFixed(100.0), "100.00");
  EXPECT_EQ(JavaFixed(42.1), "42.10");
  EXPECT_EQ(JavaFixed(1.0 / 3), "0.33");
  EXPECT_EQ(JavaFixed(2.0 / 3), "0.67");
  EXPECT_EQ(JavaFixed(-7.25), "-7.25");
}

TEST(JavaFixedTest, ExtremeMagnitudes) {
  EXPECT_EQ(JavaFixed(1e20), "100000000000000000000.00");
  EXPECT_EQ(JavaFixed(1.5e7), "15000000.00");
  EXPECT_EQ(JavaFixed(5e-324), "0.00");
  EXPECT_EQ(JavaFixed(1e-300), "0.00");
  EXPECT_EQ(JavaFixed(std::numeric_limits<double>::max()),
            "17976931348623157" + std::string(292, '0') + ".00");
}

TEST(JavaFixedTest, OtherPrecisions) {
  EXPECT_EQ(JavaFixed(0.5, 0), "1");
  EXPECT_EQ(JavaFixed(0.4, 0), "0");
  EXPECT_EQ(JavaFixed(2.5, 0), "3");
  EXPECT_EQ(JavaFixed(1.0005, 3), "1.001");
  EXPECT_EQ(JavaFixed(0.1, 4), "0.1000");
}

TEST(PadTest, Ascii) {
  EXPECT_EQ(PadLeft("ab", 5), "   ab");
  EXPECT_EQ(PadRight("ab", 5), "ab   ");
  EXPECT_EQ(PadLeft("abcdef", 3), "abcdef");
  EXPECT_EQ(PadRight("abcdef", 3), "abcdef");
  EXPECT_EQ(PadLeft("", 2), "  ");
  EXPECT_EQ(PadRight("x", 0), "x");
  EXPECT_EQ(PadLeft("x", -1), "x");
}

TEST(PadTest, CountsUtf16CodeUnits) {
  // U+00E9 (2 bytes) and U+20AC (3 bytes) are one unit each; U+1F600 (4 bytes) is two.
  EXPECT_EQ(PadLeft("\xC3\xA9", 3), "  \xC3\xA9");
  EXPECT_EQ(PadRight("\xE2\x82\xAC", 3), "\xE2\x82\xAC  ");
  EXPECT_EQ(PadLeft("\xF0\x9F\x98\x80", 3), " \xF0\x9F\x98\x80");
  EXPECT_EQ(PadRight("a\xF0\x9F\x98\x80", 3), "a\xF0\x9F\x98\x80");
  EXPECT_EQ(PadRight("\xF0\x9F\x98\x80\xC3\xA9", 5), "\xF0\x9F\x98\x80\xC3\xA9  ");
}

}  // namespace
}  // namespace profdiff
