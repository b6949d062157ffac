#include "load/json/json_support.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace profdiff {

namespace {

double ParseDouble(std::string_view literal) {
  double value = 0;
  auto result = std::from_chars(literal.data(), literal.data() + literal.size(), value);
  if (result.ec == std::errc::result_out_of_range) {
    // from_chars leaves the value unset: decide between 0 and infinity from the exponent sign.
    bool negative = !literal.empty() && literal[0] == '-';
    size_t e = literal.find_first_of("eE");
    bool tiny = e != std::string_view::npos && e + 1 < literal.size() && literal[e + 1] == '-';
    value = tiny ? 0.0 : std::numeric_limits<double>::infinity();
    if (negative) value = -value;
  }
  return value;
}

}  // namespace

bool JsonNumber::ExactInteger(int64_t min, int64_t max, int64_t* out) const {
  if (type != Type::kDouble) {
    if (integer < min || integer > max) return false;
    *out = integer;
    return true;
  }
  if (!std::isfinite(real) || std::trunc(real) != real) return false;
  // 2^63 is exactly representable; every double below it converts without overflow.
  if (real < -9.223372036854775808e18 || real >= 9.223372036854775808e18) return false;
  int64_t value = static_cast<int64_t>(real);
  if (value < min || value > max) return false;
  *out = value;
  return true;
}

JsonNumber ParseJsonNumber(std::string_view literal) {
  JsonNumber number;
  if (literal.find('.') != std::string_view::npos) {
    number.type = JsonNumber::Type::kDouble;
    number.real = ParseDouble(literal);
    return number;
  }
  bool negative = !literal.empty() && literal[0] == '-';
  std::string_view body = literal.substr(negative ? 1 : 0);
  size_t e = body.find_first_of("eE");
  std::string_view digits = body.substr(0, e);
  int64_t exponent = 0;
  if (e != std::string_view::npos) {
    std::string_view exp_text = body.substr(e + 1);
    bool exp_negative = !exp_text.empty() && exp_text[0] == '-';
    if (!exp_text.empty() && (exp_text[0] == '-' || exp_text[0] == '+')) exp_text.remove_prefix(1);
    // Exponents beyond a few hundred cannot give an int64 (or a finite double); clamp.
    int64_t magnitude = 0;
    for (char c : exp_text) {
      magnitude = std::min<int64_t>(magnitude * 10 + (c - '0'), 100000);
    }
    exponent = exp_negative ? -magnitude : magnitude;
  }
  while (digits.size() > 1 && digits[0] == '0') digits.remove_prefix(1);
  std::string mantissa(digits);
  bool is_integer = true;
  if (mantissa == "0") {
    exponent = 0;
  } else if (exponent < 0) {
    size_t zeros = 0;
    while (zeros < mantissa.size() && mantissa[mantissa.size() - 1 - zeros] == '0') ++zeros;
    if (static_cast<int64_t>(zeros) >= -exponent) {
      mantissa.resize(mantissa.size() - static_cast<size_t>(-exponent));
    } else {
      is_integer = false;
    }
  } else if (exponent > 0) {
    if (static_cast<int64_t>(mantissa.size()) + exponent > 19) {
      is_integer = false;
    } else {
      mantissa.append(static_cast<size_t>(exponent), '0');
    }
  }
  if (is_integer && mantissa.size() <= 19) {
    uint64_t magnitude = 0;
    auto result = std::from_chars(mantissa.data(), mantissa.data() + mantissa.size(), magnitude);
    if (result.ec == std::errc()) {
      constexpr uint64_t kMaxPositive = static_cast<uint64_t>(INT64_MAX);
      if (!negative && magnitude <= kMaxPositive) {
        number.integer = static_cast<int64_t>(magnitude);
      } else if (negative && magnitude <= kMaxPositive + 1) {
        number.integer =
            magnitude == kMaxPositive + 1 ? INT64_MIN : -static_cast<int64_t>(magnitude);
      } else {
        is_integer = false;
      }
      if (is_integer) {
        number.type = number.integer >= INT32_MIN && number.integer <= INT32_MAX
                          ? JsonNumber::Type::kInt32
                          : JsonNumber::Type::kInt64;
        return number;
      }
    }
  }
  number.type = JsonNumber::Type::kDouble;
  number.real = ParseDouble(literal);
  return number;
}

int64_t JsonNumberToLongTruncating(const JsonNumber& number) {
  if (number.type != JsonNumber::Type::kDouble) return number.integer;
  double x = number.real;
  if (std::isnan(x)) return 0;
  if (x >= 9.223372036854775808e18) return INT64_MAX;
  if (x <= -9.223372036854775808e18) return INT64_MIN;
  return static_cast<int64_t>(x);
}

std::string DescribeJsonError(rapidjson::ParseErrorCode code) {
  switch (code) {
    case rapidjson::kParseErrorDocumentEmpty:
      return "expected a JSON value, found an empty line";
    case rapidjson::kParseErrorDocumentRootNotSingular:
      return "expected the end of the line after the JSON value";
    case rapidjson::kParseErrorValueInvalid:
      return "expected a JSON value";
    case rapidjson::kParseErrorObjectMissName:
      return "expected a quoted key";
    case rapidjson::kParseErrorObjectMissColon:
      return "expected ':' after the key";
    case rapidjson::kParseErrorObjectMissCommaOrCurlyBracket:
      return "expected ',' or '}' after an object member";
    case rapidjson::kParseErrorArrayMissCommaOrSquareBracket:
      return "expected ',' or ']' after an array element";
    case rapidjson::kParseErrorStringUnicodeEscapeInvalidHex:
      return "expected four hex digits after \\u";
    case rapidjson::kParseErrorStringUnicodeSurrogateInvalid:
      return "expected a valid UTF-16 surrogate pair in \\u escapes";
    case rapidjson::kParseErrorStringEscapeInvalid:
      return "expected a valid escape character after '\\'";
    case rapidjson::kParseErrorStringMissQuotationMark:
      return "expected a closing quotation mark";
    case rapidjson::kParseErrorStringInvalidEncoding:
      return "expected no raw control character inside a string";
    case rapidjson::kParseErrorNumberTooBig:
      return "expected a number within the range of a double";
    case rapidjson::kParseErrorNumberMissFraction:
      return "expected a digit after the decimal point";
    case rapidjson::kParseErrorNumberMissExponent:
      return "expected a digit in the exponent";
    default:
      return "expected valid JSON";
  }
}

namespace {

// The non-ASCII sequence starting at text[i]: returns its length and whether it is well formed;
// an ill-formed one's length is that of its maximal ill-formed subpart (what one U+FFFD replaces).
std::pair<size_t, bool> Utf8Sequence(std::string_view text, size_t i) {
  const unsigned char c = static_cast<unsigned char>(text[i]);
  size_t length = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    length = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    length = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    length = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  }
  if (length == 0) return {1, false};
  size_t good = 1;  // bytes of a well-formed prefix
  while (good < length && i + good < text.size()) {
    unsigned char next = static_cast<unsigned char>(text[i + good]);
    bool ok = good == 1 ? (next >= lo && next <= hi) : (next >= 0x80 && next <= 0xBF);
    if (!ok) break;
    ++good;
  }
  return {good, good == length};
}

// Skips ASCII from text[i], eight bytes at a time (logs are almost entirely ASCII).
size_t SkipAscii(std::string_view text, size_t i) {
  while (i + 8 <= text.size()) {
    uint64_t word;
    std::memcpy(&word, text.data() + i, sizeof(word));
    if ((word & 0x8080808080808080ull) != 0) break;
    i += 8;
  }
  while (i < text.size() && static_cast<unsigned char>(text[i]) < 0x80) ++i;
  return i;
}

}  // namespace

bool RepairUtf8(std::string_view text, std::string* out) {
  bool repaired = false;
  size_t copied_up_to = 0;  // bytes of `text` already appended to *out
  for (size_t i = SkipAscii(text, 0); i < text.size(); i = SkipAscii(text, i)) {
    auto [length, well_formed] = Utf8Sequence(text, i);
    if (!well_formed) {
      if (!repaired) {
        out->clear();
        out->reserve(text.size() + 16);
        repaired = true;
      }
      out->append(text.substr(copied_up_to, i - copied_up_to));
      out->append("\xEF\xBF\xBD");
      copied_up_to = i + length;
    }
    i += length;
  }
  if (repaired) out->append(text.substr(copied_up_to));
  return repaired;
}

size_t OriginalUtf8Offset(std::string_view original, size_t repaired_offset) {
  size_t i = 0, r = 0;  // positions in the original and in the repaired text
  while (i < original.size()) {
    size_t ascii_end = SkipAscii(original, i);
    if (r + (ascii_end - i) >= repaired_offset) return i + (repaired_offset - r);
    r += ascii_end - i;
    i = ascii_end;
    if (i >= original.size()) break;
    auto [length, well_formed] = Utf8Sequence(original, i);
    size_t repaired_length = well_formed ? length : 3;
    if (r + repaired_length > repaired_offset) return i;  // inside this character
    r += repaired_length;
    i += length;
  }
  return i + (repaired_offset - r);
}

size_t FindControlByteSse2Misses(std::string_view text) {
  // Every byte of every log line passes here: 16 at a time where SSE2 is there.
  const auto* data = reinterpret_cast<const unsigned char*>(text.data());
  size_t i = 0;
#ifdef __SSE2__
  const __m128i low = _mm_set1_epi8(0x1a);
  const __m128i span = _mm_set1_epi8(0x1f - 0x1a);
  for (; i + 16 <= text.size(); i += 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
    // b - 0x1a <= 5, unsigned, is b in [0x1a, 0x1f].
    const __m128i shifted = _mm_sub_epi8(block, low);
    const __m128i in_range = _mm_cmpeq_epi8(_mm_min_epu8(shifted, span), shifted);
    if (const int mask = _mm_movemask_epi8(in_range); mask != 0) {
      return i + static_cast<size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
    }
  }
#endif
  for (; i < text.size(); ++i) {
    if (data[i] >= 0x1a && data[i] <= 0x1f) return i;
  }
  return std::string_view::npos;
}

}  // namespace profdiff
