#ifndef PROFDIFF_COMMANDS_H_
#define PROFDIFF_COMMANDS_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "profdiff/line_writer.h"
#include "profdiff/options.h"

namespace profdiff {

// Runs one command (cli.md §3: report, jit-vs-jit, jit-vs-aot, aot-vs-aot,
// aot-vs-aot-jit-profile) with its positionals, writing normal output to `out`. A failure is a
// fatal error whose message (one line, no '\n') belongs on stderr; what was written stays.
absl::Status RunCommand(const std::string& command, const std::vector<std::string>& positionals,
                        const Options& options, LineWriter& out);

}  // namespace profdiff

#endif  // PROFDIFF_COMMANDS_H_
