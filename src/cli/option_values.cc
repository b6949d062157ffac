#include "cli/option_values.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

namespace profdiff {

std::optional<bool> ParseBoolValue(std::string_view text) {
  auto equals_ignore_case = [text](std::string_view word) {
    return std::equal(text.begin(), text.end(), word.begin(), word.end(), [](char a, char b) {
      return (a >= 'A' && a <= 'Z' ? a - 'A' + 'a' : a) == b;
    });
  };
  if (equals_ignore_case("true")) return true;
  if (equals_ignore_case("false")) return false;
  return std::nullopt;
}

std::optional<int32_t> ParseInt32Value(std::string_view text) {
  bool negative = false;
  if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
    negative = text.front() == '-';
    text.remove_prefix(1);
  }
  if (text.empty()) return std::nullopt;
  // Accumulate the magnitude; -2^31 has no positive int32 counterpart.
  const int64_t limit = negative ? int64_t{1} << 31 : (int64_t{1} << 31) - 1;
  int64_t magnitude = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    magnitude = magnitude * 10 + (c - '0');
    if (magnitude > limit) return std::nullopt;
  }
  return static_cast<int32_t>(negative ? -magnitude : magnitude);
}

namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsHexDigit(char c) { return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// A number as `[int].[frac]` digits plus an exponent, checked for Java's syntax.
struct FloatParts {
  std::string_view integer;
  std::string_view fraction;
  std::string_view exponent;  // With its sign; digits only otherwise.
};

// Splits `mantissa` at its optional '.' and checks that both parts are digits of the given
// kind and that there is at least one digit.
bool SplitMantissa(std::string_view mantissa, bool hex, FloatParts* parts) {
  size_t dot = mantissa.find('.');
  parts->integer = mantissa.substr(0, dot);
  parts->fraction = dot == std::string_view::npos ? std::string_view() : mantissa.substr(dot + 1);
  auto is_digit = hex ? IsHexDigit : IsDigit;
  if (parts->integer.empty() && parts->fraction.empty()) return false;
  return std::all_of(parts->integer.begin(), parts->integer.end(), is_digit) &&
         std::all_of(parts->fraction.begin(), parts->fraction.end(), is_digit);
}

bool ValidExponent(std::string_view exponent) {
  if (!exponent.empty() && (exponent.front() == '+' || exponent.front() == '-')) {
    exponent.remove_prefix(1);
  }
  return !exponent.empty() && std::all_of(exponent.begin(), exponent.end(), IsDigit);
}

// Converts checked parts exactly (correctly rounded, like Java). std::from_chars leaves the
// value alone when it is out of range, so overflow and underflow are resolved here: the sign of
// the scale of the leading non-zero digit tells which one it was.
double ConvertParts(const FloatParts& parts, bool hex) {
  std::string digits = std::string(parts.integer) + std::string(parts.fraction);
  size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) return 0;
  // Exponents far beyond what the digits can compensate are clamped, keeping them in int range.
  const int64_t bound = 4 * static_cast<int64_t>(digits.size()) + 5000;
  int64_t exponent = 0;
  std::string_view exponent_digits = parts.exponent;
  bool exponent_negative = false;
  if (!exponent_digits.empty() &&
      (exponent_digits.front() == '+' || exponent_digits.front() == '-')) {
    exponent_negative = exponent_digits.front() == '-';
    exponent_digits.remove_prefix(1);
  }
  for (char c : exponent_digits) {
    exponent = std::min(bound, exponent * 10 + (c - '0'));
  }
  if (exponent_negative) exponent = -exponent;
  std::string canonical = (parts.integer.empty() ? std::string("0") : std::string(parts.integer)) +
                          "." + std::string(parts.fraction) + (hex ? "p" : "e") +
                          std::to_string(exponent);
  double value = 0;
  std::from_chars_result result =
      std::from_chars(canonical.data(), canonical.data() + canonical.size(), value,
                      hex ? std::chars_format::hex : std::chars_format::scientific);
  if (result.ec == std::errc::result_out_of_range) {
    int64_t scale = static_cast<int64_t>(parts.integer.size()) - 1 - static_cast<int64_t>(first);
    if (hex) scale *= 4;
    return exponent + scale >= 0 ? std::numeric_limits<double>::infinity() : 0.0;
  }
  return value;
}

}  // namespace

std::optional<double> ParseDoubleValue(std::string_view text) {
  // Java trims every character up to U+0020, control characters included.
  auto is_blank = [](char c) { return static_cast<unsigned char>(c) <= ' '; };
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  bool negative = false;
  if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
    negative = text.front() == '-';
    text.remove_prefix(1);
  }
  if (text == "NaN") return std::numeric_limits<double>::quiet_NaN();
  double magnitude = 0;
  if (text == "Infinity") {
    magnitude = std::numeric_limits<double>::infinity();
  } else {
    // The type suffix never changes the value: Java parses "1.1f" as the double 1.1.
    if (!text.empty() && std::string_view("fFdD").find(text.back()) != std::string_view::npos) {
      text.remove_suffix(1);
    }
    FloatParts parts;
    bool hex = text.starts_with("0x") || text.starts_with("0X");
    if (hex) {
      std::string_view body = text.substr(2);
      size_t p = body.find_first_of("pP");
      // A hexadecimal float needs its binary exponent.
      if (p == std::string_view::npos) return std::nullopt;
      parts.exponent = body.substr(p + 1);
      if (!SplitMantissa(body.substr(0, p), true, &parts)) return std::nullopt;
    } else {
      size_t e = text.find_first_of("eE");
      if (e != std::string_view::npos) parts.exponent = text.substr(e + 1);
      if (!SplitMantissa(text.substr(0, e), false, &parts)) return std::nullopt;
      if (e == std::string_view::npos) parts.exponent = "0";
    }
    if (!ValidExponent(parts.exponent)) return std::nullopt;
    magnitude = ConvertParts(parts, hex);
  }
  return negative ? -magnitude : magnitude;
}

// Two stages: our scan settles what CLI11 cannot be told (option values taken verbatim, words
// that only look like options or commands, help beating errors, errors in argument order);
// CLI11 then maps the words to the command and its positionals and checks their number.

}  // namespace profdiff
