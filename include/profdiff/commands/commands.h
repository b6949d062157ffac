#ifndef PROFDIFF_COMMANDS_COMMANDS_H_
#define PROFDIFF_COMMANDS_COMMANDS_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "profdiff/options.h"
#include "profdiff/output/difference_gate.h"
#include "profdiff/output/output_records.h"
#include "profdiff/runs_options.h"
#include "profdiff/support/progress.h"

namespace profdiff {

struct CommandResult {
  // --fail-on: whether the comparison's differences fail the gate (exit status 2), and the line
  // that says so.
  GateVerdict gate;
  // --require: one line for stderr per broken rule (exit status 2).
  std::vector<std::string> broken_rules;
};

// Runs one command (cli.md §3: report, jit-vs-jit, jit-vs-aot, aot-vs-aot,
// aot-vs-aot-jit-profile; and ours: render, stats) with its positionals, as records to `out`. A
// failure is a fatal error whose message (one line, no '\n') belongs on stderr; what was written
// stays (the caller ends the stream with an error record). `render` takes the display options from
// its stream and the gate's (--fail-on, --fail-min-share) from `options`. `progress`, when given,
// hears how far loading and comparing got. jit-vs-jit-runs takes `runs` instead of positionals.
absl::StatusOr<CommandResult> RunCommand(const std::string& command,
                                         const std::vector<std::string>& positionals,
                                         const Options& options, Renderer& out,
                                         ProgressSink* progress = nullptr,
                                         const RunsOptions* runs = nullptr);

// One experiment of `stats`: an optimization log and maybe its profile.
struct StatsExperimentArguments {
  std::string log;
  std::optional<std::string> profile;
};

// The arguments of `stats LOG [PROF] [LOG2 [PROF2]]`, told apart by what they are: a directory or
// a HotSpot compilation log is an optimization log, another regular file the profile of the log
// before it. Anything else fails with
// a message for the command line ("stats: ..."), as do a third log, a file first or after a
// profile, and two experiments of which only one has a profile.
absl::StatusOr<std::vector<StatsExperimentArguments>> ClassifyStatsArguments(
    const std::vector<std::string>& positionals);

// The arguments of `jit-vs-jit` when one of them is a HotSpot compilation log (docs/hotspot.md
// "Arguments"): two optimization logs, each maybe followed by its profile; a Graal log (a
// directory) needs its profile. Fails with a message for the command line ("jit-vs-jit: ...").
absl::StatusOr<std::vector<StatsExperimentArguments>> ClassifyJitVsJitArguments(
    const std::vector<std::string>& positionals);

// Whether `path` is a HotSpot compilation log (a file whose content starts like one).
bool IsHotSpotLogArgument(const std::string& path);

// The values of one --exp1 or --exp2 of jit-vs-jit-runs (`option`) when one of them is a
// HotSpot compilation log (docs/runs.md "HotSpot logs without profiles"): runs told apart by what
// each value is, an optimization log maybe followed by its profile; a Graal log (a directory)
// needs its profile. Fails with a message for the command line ("--exp1: ...").
absl::StatusOr<std::vector<RunInput>> ClassifyRunArguments(std::string_view option,
                                                           const std::vector<std::string>& values);

// Whether `path` is LLVM optimization remarks (a remarks file, or a directory holding some).
bool IsLlvmRemarksArgument(const std::string& path);

// LLVM remarks among the arguments of `command` (docs/llvm.md "Commands"): aot-vs-aot takes two
// of them and nothing else (and, without them, its four arguments); report and stats take them
// as any log; the JIT commands refuse them, saying which command to use.
absl::Status CheckLlvmRemarksArguments(std::string_view command,
                                       const std::vector<std::string>& positionals);

// jit-vs-aot, aot-vs-aot and aot-vs-aot-jit-profile (docs/hotspot.md "Commands"): fails when a
// HotSpot compilation log is where an ahead-of-time log goes (HotSpot compiles just in time,
// and has no native-image log), or where jit-vs-aot's JIT profile goes (a HotSpot log without
// a profile: the JIT profile is what marks the image's hot methods). Other commands pass.
absl::Status CheckAotCommandArguments(std::string_view command,
                                      const std::vector<std::string>& positionals);

// jit-vs-jit-runs (docs/runs.md): several runs of each experiment, their hotness statistics and
// the differences that survive the runs' noise, without the summary and gate that RunCommand
// adds. Fails like RunCommand.
absl::Status RunJitVsJitRuns(const RunsOptions& runs, const Options& options, Renderer& out,
                             ProgressSink* progress = nullptr);

}  // namespace profdiff

#endif  // PROFDIFF_COMMANDS_COMMANDS_H_
