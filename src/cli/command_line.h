#ifndef PROFDIFF_CLI_COMMAND_LINE_H_
#define PROFDIFF_CLI_COMMAND_LINE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "profdiff/options.h"

namespace profdiff {

// A command to run, with the global options already parsed and validated.
struct CommandLine {
  Options options;
  // "report", "jit-vs-jit", "jit-vs-aot", "aot-vs-aot" or "aot-vs-aot-jit-profile".
  std::string command;
  // The command's positionals in the order of cli.md §3; trailing optional ones may be absent.
  std::vector<std::string> positionals;
};

struct CommandLineResult {
  enum class Action {
    kRun,    // Run `command_line`.
    kPrint,  // Write `out` to stdout and `err` to stderr verbatim, then exit with `exit_code`.
  };
  Action action = Action::kPrint;
  CommandLine command_line;
  std::string out;
  std::string err;
  int exit_code = 0;
};

// Parses the arguments after argv[0]. Help, --version and every command-line error become
// kPrint results (errors: a message on stderr and exit code 1, stdout empty); `help` itself never
// yields kRun.
CommandLineResult ParseCommandLine(const std::vector<std::string>& args);

// The option value syntaxes (README "Decisions", cli.md §2.1), exposed for testing.
// `true`/`false` in any ASCII case.
std::optional<bool> ParseBoolValue(std::string_view text);
// Optional sign and ASCII decimal digits, within int32; leading zeros are decimal.
std::optional<int32_t> ParseInt32Value(std::string_view text);
// Java's Double.parseDouble syntax, including NaN, Infinity, f/F/d/D suffixes and hex floats.
std::optional<double> ParseDoubleValue(std::string_view text);

}  // namespace profdiff

#endif  // PROFDIFF_CLI_COMMAND_LINE_H_
