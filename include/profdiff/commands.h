#ifndef PROFDIFF_COMMANDS_H_
#define PROFDIFF_COMMANDS_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "profdiff/options.h"
#include "profdiff/output_records.h"
#include "profdiff/runs_options.h"

namespace profdiff {

// Runs one command (cli.md §3: report, jit-vs-jit, jit-vs-aot, aot-vs-aot,
// aot-vs-aot-jit-profile, render) with its positionals, as records to `out`. A failure is a
// fatal error whose message (one line, no '\n') belongs on stderr; what was written stays (the
// caller ends the stream with an error record).
absl::Status RunCommand(const std::string& command, const std::vector<std::string>& positionals,
                        const Options& options, Renderer& out);

// jit-vs-jit-runs (docs/runs.md): several runs of each experiment, their hotness statistics and
// the differences that survive the runs' noise. Fails like RunCommand.
absl::Status RunJitVsJitRuns(const RunsOptions& runs, const Options& options, Renderer& out);

}  // namespace profdiff

#endif  // PROFDIFF_COMMANDS_H_
