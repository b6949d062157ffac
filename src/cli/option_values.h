#ifndef PROFDIFF_CLI_OPTION_VALUES_H_
#define PROFDIFF_CLI_OPTION_VALUES_H_

// The syntax of option values (README "Decisions", cli.md §2.1). Values are parsed here rather
// than by CLI11, whose converters read 010 as octal.

#include <cstdint>
#include <optional>
#include <string_view>

namespace profdiff {

// `true`/`false` in any ASCII case.
std::optional<bool> ParseBoolValue(std::string_view text);
// Optional sign and ASCII decimal digits, within int32; leading zeros are decimal.
std::optional<int32_t> ParseInt32Value(std::string_view text);
// Java's Double.parseDouble syntax, including NaN, Infinity, f/F/d/D suffixes and hex floats.
std::optional<double> ParseDoubleValue(std::string_view text);

}  // namespace profdiff

#endif  // PROFDIFF_CLI_OPTION_VALUES_H_
