#ifndef PROFDIFF_CLI_OPTION_TABLE_H_
#define PROFDIFF_CLI_OPTION_TABLE_H_

// The global options of the command line: names, value types, defaults and help texts, in the
// order of `profdiff help`, and how a value is checked and stored. The man page
// (docs/profdiff.1), the shell completions (completions/) and the README's table list the same
// options; tests/packaging_test checks that they do.

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "profdiff/options.h"

namespace profdiff {

using OptionTarget = std::variant<int32_t Options::*, double Options::*, bool Options::*,
                                  OutputFormat Options::*, FailOn Options::*, WhenMode Options::*,
                                  std::string Options::*, TierSelection Options::*>;

struct OptionSpec {
  std::string_view name;  // with the leading "--"
  OptionTarget target;
  std::string_view default_text;
  std::string_view description;
};

std::span<const OptionSpec> OptionSpecs();
const OptionSpec* FindOption(std::string_view name);

// The value placeholder of `spec` in help texts: INT, NUMBER, BOOL, FORMAT, ...
std::string OptionTypeName(const OptionSpec& spec);

// Checks `value` against the syntax of `spec`'s type; on success stores it into `options`
// (when given) and returns an empty string, otherwise returns the error message.
std::string ApplyOptionValue(const OptionSpec& spec, std::string_view value, Options* options);

// Checks the ranges and relations of the parsed options; `given_text(name)` is the text that the
// option `name` was given as (its default text when not given), for messages. Returns the error
// message, or "".
std::string ValidateOptions(const Options& options,
                            const std::function<std::string(std::string_view name)>& given_text);

}  // namespace profdiff

#endif  // PROFDIFF_CLI_OPTION_TABLE_H_
