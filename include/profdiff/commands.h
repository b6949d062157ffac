#ifndef PROFDIFF_COMMANDS_H_
#define PROFDIFF_COMMANDS_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "profdiff/difference_gate.h"
#include "profdiff/options.h"
#include "profdiff/output_records.h"
#include "profdiff/progress.h"

namespace profdiff {

struct CommandResult {
  // --fail-on: whether the comparison's differences fail the gate (exit status 2), and the line
  // that says so.
  GateVerdict gate;
};

// Runs one command (cli.md §3: report, jit-vs-jit, jit-vs-aot, aot-vs-aot,
// aot-vs-aot-jit-profile, render) with its positionals, as records to `out`. A failure is a
// fatal error whose message (one line, no '\n') belongs on stderr; what was written stays (the
// caller ends the stream with an error record). `render` takes the display options from its
// stream and the gate's (--fail-on, --fail-min-share) from `options`. `progress`, when given,
// hears how far loading and comparing got.
absl::StatusOr<CommandResult> RunCommand(const std::string& command,
                                         const std::vector<std::string>& positionals,
                                         const Options& options, Renderer& out,
                                         ProgressSink* progress = nullptr);

}  // namespace profdiff

#endif  // PROFDIFF_COMMANDS_H_
