#ifndef PROFDIFF_CLI_COMMAND_LINE_H_
#define PROFDIFF_CLI_COMMAND_LINE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/option_values.h"  // the value syntaxes, used by tests
#include "profdiff/options.h"
#include "profdiff/runs_options.h"

namespace profdiff {

// A command to run, with the global options already parsed and validated.
struct CommandLine {
  Options options;
  // "report", "jit-vs-jit", "jit-vs-aot", "aot-vs-aot" or "aot-vs-aot-jit-profile".
  std::string command;
  // The command's positionals in the order of cli.md §3; trailing optional ones may be absent.
  std::vector<std::string> positionals;
  // jit-vs-jit-runs: its runs and thresholds (it has no positionals).
  RunsOptions runs;
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

}  // namespace profdiff

#endif  // PROFDIFF_CLI_COMMAND_LINE_H_
