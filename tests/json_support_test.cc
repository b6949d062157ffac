#include "load/json/json_support.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "gtest/gtest.h"

namespace profdiff {
namespace {

using Type = JsonNumber::Type;

void ExpectInteger(std::string_view literal, Type type, int64_t value) {
  JsonNumber number = ParseJsonNumber(literal);
  EXPECT_EQ(number.type, type) << literal;
  EXPECT_EQ(number.integer, value) << literal;
}

void ExpectDouble(std::string_view literal, double value) {
  JsonNumber number = ParseJsonNumber(literal);
  EXPECT_EQ(number.type, Type::kDouble) << literal;
  if (std::isnan(value)) {
    EXPECT_TRUE(std::isnan(number.real)) << literal;
  } else {
    EXPECT_EQ(number.real, value) << literal;
    EXPECT_EQ(std::signbit(number.real), std::signbit(value)) << literal;
  }
}

TEST(ParseJsonNumberTest, Integers) {
  ExpectInteger("0", Type::kInt32, 0);
  ExpectInteger("-0", Type::kInt32, 0);
  ExpectInteger("7", Type::kInt32, 7);
  ExpectInteger("-3", Type::kInt32, -3);
  ExpectInteger("2147483647", Type::kInt32, INT32_MAX);
  ExpectInteger("-2147483648", Type::kInt32, INT32_MIN);
  ExpectInteger("2147483648", Type::kInt64, 2147483648LL);
  ExpectInteger("-2147483649", Type::kInt64, -2147483649LL);
  ExpectInteger("4294967297", Type::kInt64, 4294967297LL);
  ExpectInteger("9223372036854775807", Type::kInt64, INT64_MAX);
  ExpectInteger("-9223372036854775808", Type::kInt64, INT64_MIN);
}

TEST(ParseJsonNumberTest, ExponentsWithoutFraction) {
  ExpectInteger("1e5", Type::kInt32, 100000);
  ExpectInteger("1E5", Type::kInt32, 100000);
  ExpectInteger("2E+3", Type::kInt32, 2000);
  ExpectInteger("100e-2", Type::kInt32, 1);
  ExpectInteger("-120e-1", Type::kInt32, -12);
  ExpectInteger("0e5", Type::kInt32, 0);
  ExpectInteger("0e-5", Type::kInt32, 0);
  ExpectInteger("1e10", Type::kInt64, 10000000000LL);
  ExpectInteger("9e18", Type::kInt64, 9000000000000000000LL);
  ExpectDouble("1e-1", 0.1);
  ExpectDouble("15e-1", 1.5);
  ExpectDouble("1e19", 1e19);  // beyond int64
  ExpectDouble("1e400", std::numeric_limits<double>::infinity());
  ExpectDouble("-1e400", -std::numeric_limits<double>::infinity());
  ExpectDouble("1e-400", 0.0);
  ExpectDouble("-1e-400", -0.0);
  ExpectDouble("1e99999999999999999999", std::numeric_limits<double>::infinity());
}

TEST(ParseJsonNumberTest, BeyondInt64IsDouble) {
  ExpectDouble("9223372036854775808", 9223372036854775808.0);  // 2^63
  ExpectDouble("-9223372036854775809", -9223372036854775809.0);
  ExpectDouble("18446744073709551616", 18446744073709551616.0);
  ExpectDouble("123456789012345678901234567890", 1.2345678901234568e29);
}

TEST(ParseJsonNumberTest, FractionsAreDoubles) {
  ExpectDouble("1.7", 1.7);
  ExpectDouble("1.0", 1.0);
  ExpectDouble("4.0", 4.0);
  ExpectDouble("-0.0", -0.0);
  ExpectDouble("0.5e1", 5.0);  // a '.' makes a double even when the value is integral
  ExpectDouble("1.0E10", 1e10);
  ExpectDouble("1.0E400", std::numeric_limits<double>::infinity());
  ExpectDouble("2.5E-400", 0.0);
  ExpectDouble("0.1", 0.1);
}

TEST(ParseJsonNumberTest, AsDouble) {
  EXPECT_EQ(ParseJsonNumber("3").AsDouble(), 3.0);
  EXPECT_EQ(ParseJsonNumber("4294967297").AsDouble(), 4294967297.0);
  EXPECT_EQ(ParseJsonNumber("0.25").AsDouble(), 0.25);
}

TEST(JsonNumberTest, ExactInteger) {
  int64_t value = 0;
  EXPECT_TRUE(ParseJsonNumber("5").ExactInteger(INT32_MIN, INT32_MAX, &value));
  EXPECT_EQ(value, 5);
  EXPECT_TRUE(ParseJsonNumber("4.0").ExactInteger(INT32_MIN, INT32_MAX, &value));
  EXPECT_EQ(value, 4);
  EXPECT_TRUE(ParseJsonNumber("-2.147483648e9").ExactInteger(INT32_MIN, INT32_MAX, &value));
  EXPECT_EQ(value, INT32_MIN);
  EXPECT_TRUE(ParseJsonNumber("-0.0").ExactInteger(INT32_MIN, INT32_MAX, &value));
  EXPECT_EQ(value, 0);
  value = 99;
  EXPECT_FALSE(ParseJsonNumber("1.5").ExactInteger(INT32_MIN, INT32_MAX, &value));
  EXPECT_EQ(value, 99);  // untouched on failure
  EXPECT_FALSE(ParseJsonNumber("3000000000").ExactInteger(INT32_MIN, INT32_MAX, &value));
  EXPECT_FALSE(ParseJsonNumber("2147483648.0").ExactInteger(INT32_MIN, INT32_MAX, &value));
  EXPECT_FALSE(ParseJsonNumber("1e400").ExactInteger(INT64_MIN, INT64_MAX, &value));
  EXPECT_FALSE(ParseJsonNumber("9223372036854775808").ExactInteger(INT64_MIN, INT64_MAX, &value));
  EXPECT_TRUE(ParseJsonNumber("-9223372036854775808.0").ExactInteger(INT64_MIN, INT64_MAX, &value));
  EXPECT_EQ(value, INT64_MIN);
  EXPECT_TRUE(ParseJsonNumber("3000000000").ExactInteger(0, INT64_MAX, &value));
  EXPECT_EQ(value, 3000000000LL);
  EXPECT_FALSE(ParseJsonNumber("-1").ExactInteger(0, 10, &value));
}

TEST(JsonNumberTest, ToLongTruncating) {
  EXPECT_EQ(JsonNumberToLongTruncating(ParseJsonNumber("42")), 42);
  EXPECT_EQ(JsonNumberToLongTruncating(ParseJsonNumber("-2.9")), -2);
  EXPECT_EQ(JsonNumberToLongTruncating(ParseJsonNumber("2.9")), 2);
  EXPECT_EQ(JsonNumberToLongTruncating(ParseJsonNumber("1e30")), INT64_MAX);
  EXPECT_EQ(JsonNumberToLongTruncating(ParseJsonNumber("-1e30")), INT64_MIN);
  JsonNumber nan;
  nan.type = Type::kDouble;
  nan.real = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(JsonNumberToLongTruncating(nan), 0);
}

TEST(DescribeJsonErrorTest, EveryCodeSaysWhatWasExpected) {
  for (int code = rapidjson::kParseErrorDocumentEmpty;
       code <= rapidjson::kParseErrorNumberMissExponent; ++code) {
    std::string text = DescribeJsonError(static_cast<rapidjson::ParseErrorCode>(code));
    EXPECT_EQ(text.rfind("expected ", 0), 0u) << code << ": " << text;
  }
  EXPECT_NE(DescribeJsonError(rapidjson::kParseErrorObjectMissColon),
            DescribeJsonError(rapidjson::kParseErrorObjectMissName));
}

std::string Repaired(std::string_view text) {
  std::string out = "stale";
  return RepairUtf8(text, &out) ? out : "<valid>";
}

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

TEST(RepairUtf8Test, ValidTextIsLeftAlone) {
  std::string out = "untouched";
  EXPECT_FALSE(RepairUtf8("", &out));
  EXPECT_FALSE(RepairUtf8("plain ascii", &out));
  EXPECT_FALSE(RepairUtf8("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\xF4\x8F\xBF\xBF", &out));
  EXPECT_FALSE(RepairUtf8("\xED\x9F\xBF\xEE\x80\x80", &out));  // around the surrogates
  EXPECT_EQ(out, "untouched");
}

// Each maximal ill-formed subsequence becomes one U+FFFD (Unicode "best practice", as Java).
TEST(RepairUtf8Test, MaximalSubpartReplacement) {
  const std::string r(kReplacement);
  EXPECT_EQ(Repaired("a\x80z"), "a" + r + "z");  // lone continuation byte
  EXPECT_EQ(Repaired("\xFF"), r);                // never valid
  EXPECT_EQ(Repaired("\xC0\x80"), r + r);        // overlong lead: each byte
  EXPECT_EQ(Repaired("\xC1\xBF"), r + r);
  EXPECT_EQ(Repaired("\xE2\x82"), r);  // truncated 3-byte: one
  EXPECT_EQ(Repaired("\xE2\x82z"), r + "z");
  EXPECT_EQ(Repaired("\xF0\x9F\x98"), r);  // truncated 4-byte: one
  EXPECT_EQ(Repaired("\xF0\x9F\x98"
                     "A"),
            r + "A");
  EXPECT_EQ(Repaired("\xE0\x80\x80"), r + r + r);          // overlong 3-byte
  EXPECT_EQ(Repaired("\xE0\xA0"), r);                      // valid prefix, truncated
  EXPECT_EQ(Repaired("\xED\xA0\x80"), r + r + r);          // surrogate
  EXPECT_EQ(Repaired("\xF0\x80\x80\x80"), r + r + r + r);  // overlong 4-byte
  EXPECT_EQ(Repaired("\xF4\x90\x80\x80"), r + r + r + r);  // beyond U+10FFFF
  EXPECT_EQ(Repaired("\xF5\x80"), r + r);
  EXPECT_EQ(Repaired("\xC3"), r);
  EXPECT_EQ(Repaired("\xC3\xC3\xA9"), r + "\xC3\xA9");  // the next lead starts afresh
  EXPECT_EQ(Repaired("ok\xE2\x82\xAC\xE2\x82 \xF0\x9F\x98\x80\x80"),
            "ok\xE2\x82\xAC" + r + " \xF0\x9F\x98\x80" + r);
}

}  // namespace
}  // namespace profdiff

namespace profdiff {
namespace {

TEST(OriginalUtf8OffsetTest, MapsRepairedOffsetsBackToTheFile) {
  // "a\xff\xfe" + "bc": each invalid byte becomes a 3-byte U+FFFD in the repaired text.
  const std::string original =
      "a\xff\xfe"
      "bc";
  std::string repaired;
  ASSERT_TRUE(RepairUtf8(original, &repaired));
  ASSERT_EQ(repaired,
            "a\xEF\xBF\xBD\xEF\xBF\xBD"
            "bc");
  EXPECT_EQ(OriginalUtf8Offset(original, 0), 0u);  // 'a'
  EXPECT_EQ(OriginalUtf8Offset(original, 1), 1u);  // first U+FFFD -> \xff
  EXPECT_EQ(OriginalUtf8Offset(original, 2), 1u);  // inside it
  EXPECT_EQ(OriginalUtf8Offset(original, 4), 2u);  // second U+FFFD -> \xfe
  EXPECT_EQ(OriginalUtf8Offset(original, 7), 3u);  // 'b'
  EXPECT_EQ(OriginalUtf8Offset(original, 8), 4u);  // 'c'
  EXPECT_EQ(OriginalUtf8Offset(original, 9), 5u);  // end
  // Well-formed multi-byte characters keep their length.
  EXPECT_EQ(OriginalUtf8Offset("\xC3\xA9x\xFF"
                               "y",
                               6),
            4u);
}

}  // namespace
}  // namespace profdiff
