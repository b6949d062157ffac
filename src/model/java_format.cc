#include "profdiff/model/java_format.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>
#include <string_view>
#include <system_error>

namespace profdiff {
namespace {

// A finite, non-zero magnitude as decimal digits: value = 0.<digits> * 10^(point), i.e. `point`
// is the number of digits before the decimal point (may be <= 0 or > digits.size()).
struct Decimal {
  std::string digits;  // No leading or trailing zeros.
  int point = 0;
};

// Splits a std::to_chars scientific string ("d.ddde-05") of a positive value into a Decimal.
Decimal ParseScientific(std::string_view text) {
  Decimal result;
  size_t e = text.find('e');
  std::string_view mantissa = text.substr(0, e);
  for (char c : mantissa) {
    if (c != '.') result.digits.push_back(c);
  }
  int exponent = 0;
  std::string_view exp_text = text.substr(e + 1);
  if (!exp_text.empty() && exp_text.front() == '+') exp_text.remove_prefix(1);
  std::from_chars(exp_text.data(), exp_text.data() + exp_text.size(), exponent);
  while (result.digits.size() > 1 && result.digits.back() == '0') result.digits.pop_back();
  result.point = exponent + 1;
  return result;
}

std::string ToScientific(double magnitude, int precision) {
  char buffer[64];
  std::to_chars_result r = precision < 0 ? std::to_chars(buffer, buffer + sizeof buffer, magnitude,
                                                         std::chars_format::scientific)
                                         : std::to_chars(buffer, buffer + sizeof buffer, magnitude,
                                                         std::chars_format::scientific, precision);
  return std::string(buffer, r.ptr);
}

// The digits Java's Double.toString picks for a finite positive value: the shortest decimal that
// rounds back to the value, except that when the shortest has one digit, Java also considers
// two-digit decimals and takes the closest (so MIN_VALUE is 4.9E-324, not 5E-324). A one-digit
// result is therefore replaced by the correctly rounded two-digit one if that still round-trips.
Decimal JavaDigits(double magnitude) {
  Decimal shortest = ParseScientific(ToScientific(magnitude, -1));
  if (shortest.digits.size() == 1) {
    std::string two = ToScientific(magnitude, 1);
    double back = 0;
    std::from_chars(two.data(), two.data() + two.size(), back);
    if (back == magnitude) {
      Decimal closer = ParseScientific(two);
      if (closer.digits.size() == 2) return closer;
    }
  }
  return shortest;
}

}  // namespace

std::string JavaDoubleToString(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0) return std::signbit(value) ? "-0.0" : "0.0";
  std::string out = std::signbit(value) ? "-" : "";
  double magnitude = std::fabs(value);
  Decimal d = JavaDigits(magnitude);
  const int n = static_cast<int>(d.digits.size());
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    if (d.point <= 0) {
      out += "0.";
      out.append(-d.point, '0');
      out += d.digits;
    } else if (d.point >= n) {
      out += d.digits;
      out.append(d.point - n, '0');
      out += ".0";
    } else {
      out.append(d.digits, 0, d.point);
      out += '.';
      out.append(d.digits, d.point);
    }
    return out;
  }
  out += d.digits[0];
  out += '.';
  if (n == 1) {
    out += '0';
  } else {
    out.append(d.digits, 1);
  }
  out += 'E';
  out += std::to_string(d.point - 1);
  return out;
}

std::string JavaFixed(double value, int decimals) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (decimals < 0) decimals = 0;
  // All digits of the exact decimal, positions: integer part then `decimals` fraction digits,
  // plus whatever lies beyond (only the first dropped digit matters for half-up).
  std::string integer_part;
  std::string fraction(static_cast<size_t>(decimals), '0');
  bool round_up = false;
  if (value != 0) {
    Decimal d = JavaDigits(std::fabs(value));
    const int n = static_cast<int>(d.digits.size());
    // Digit i of d.digits has decimal weight 10^(point - 1 - i).
    for (int i = 0; i < n; ++i) {
      int weight = d.point - 1 - i;  // >= 0: integer digit; -1: first fraction digit, ...
      char c = d.digits[i];
      if (weight >= 0) {
        if (integer_part.empty()) integer_part.assign(static_cast<size_t>(weight) + 1, '0');
        integer_part[integer_part.size() - 1 - weight] = c;
      } else if (-weight <= decimals) {
        fraction[-weight - 1] = c;
      } else {
        if (-weight == decimals + 1) round_up = c >= '5';
        break;
      }
    }
  }
  if (integer_part.empty()) integer_part.push_back('0');  // not = "0": GCC 12 -Wrestrict bug
  if (round_up) {
    // Carry through the fraction, then the integer part, growing it by one digit if needed.
    // Built by appends: GCC 12's -Wrestrict misfires on operator+ here at -O2.
    std::string all;
    all.reserve(integer_part.size() + fraction.size() + 1);
    all.append(integer_part);
    all.append(fraction);
    int i = static_cast<int>(all.size()) - 1;
    while (i >= 0 && all[i] == '9') all[i--] = '0';
    if (i >= 0) {
      ++all[i];
    } else {
      all.insert(all.begin(), '1');
    }
    integer_part = all.substr(0, all.size() - fraction.size());
    fraction = all.substr(all.size() - fraction.size());
  }
  std::string out = std::signbit(value) ? "-" : "";
  out += integer_part;
  if (decimals > 0) {
    out += '.';
    out += fraction;
  }
  return out;
}

namespace {

// Java strings count UTF-16 code units: one per UTF-8 sequence, two for 4-byte sequences
// (characters outside the BMP become surrogate pairs).
int Utf16Length(std::string_view text) {
  int length = 0;
  for (unsigned char c : text) {
    if ((c & 0xC0) != 0x80) ++length;
    if (c >= 0xF0) ++length;
  }
  return length;
}

}  // namespace

std::string PadLeft(std::string_view text, int width) {
  int missing = width - Utf16Length(text);
  std::string out;
  if (missing > 0) out.assign(static_cast<size_t>(missing), ' ');
  out += text;
  return out;
}

std::string PadRight(std::string_view text, int width) {
  std::string out(text);
  int missing = width - Utf16Length(text);
  if (missing > 0) out.append(static_cast<size_t>(missing), ' ');
  return out;
}

}  // namespace profdiff
