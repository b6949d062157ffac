#ifndef PROFDIFF_MODEL_JAVA_FORMAT_H_
#define PROFDIFF_MODEL_JAVA_FORMAT_H_

#include <string>
#include <string_view>

namespace profdiff {

// Java's Double.toString (formats.md §7.1): NaN, Infinity, -Infinity, 0.0, -0.0; plain decimal
// with at least one fractional digit when 1e-3 <= |x| < 1e7, otherwise d.dddE<exp>. Digits are
// the shortest round-trip decimal.
std::string JavaDoubleToString(double value);

// Java's Formatter "%.<2>f" (output.md §9): shortest round-trip decimal, rounded half-up to
// `decimals` fractional digits, no exponent; NaN/Infinity/-Infinity spelled out; -0.0 -> "-0.00".
std::string JavaFixed(double value, int decimals = 2);

// Right-aligns `text` in `width` columns (counted in UTF-16 code units), never truncating,
// like Java's "%<width>s".
std::string PadLeft(std::string_view text, int width);
// Left-aligns like "%-<width>s".
std::string PadRight(std::string_view text, int width);

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_JAVA_FORMAT_H_
