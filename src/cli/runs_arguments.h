#ifndef PROFDIFF_CLI_RUNS_ARGUMENTS_H_
#define PROFDIFF_CLI_RUNS_ARGUMENTS_H_

// The options of the jit-vs-jit-runs command (docs/runs.md): --exp1 LOG PROF [LOG PROF ...],
// --exp2 ..., --stable-share, --noise-share and --show-noise. They are read by the argument scan
// of command_line.cc, not by CLI11: --exp1 takes a variable number of values, which CLI11 would
// read differently from the rest of profdiff's options (a value is never taken for an option).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "profdiff/runs_options.h"

namespace profdiff {

// One option of the command, for the scan and for `help jit-vs-jit-runs`.
struct RunsOptionSpec {
  std::string_view name;
  std::string_view type_name;
  std::string_view default_text;  // "" for none
  std::string_view description;
};
const std::vector<RunsOptionSpec>& RunsOptionSpecs();

// Whether `name` (without "=value") is one of the command's options.
bool IsRunsOption(std::string_view name);

// Reads the option at args[*i] with its values into `runs` and advances *i past the last value
// it took. --exp1 and --exp2 take the following arguments up to the next one that starts with
// '-' (or, before the command, names a command: `is_command` tells), which must be pairs.
// Returns "" or the error message.
std::string ScanRunsOption(const std::vector<std::string>& args, size_t* i,
                           bool (*is_command)(std::string_view), bool command_seen,
                           RunsOptions* runs);

// The checks once every argument has been read: runs of both experiments. "" or the message.
std::string ValidateRuns(const RunsOptions& runs);

}  // namespace profdiff

#endif  // PROFDIFF_CLI_RUNS_ARGUMENTS_H_
