#include "profdiff/commands/commands.h"

#include <cstdio>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "commands/command_steps.h"
#include "commands/comparison_commands.h"
#include "profdiff/load/input_paths.h"
#include "profdiff/load/rule_file.h"
#include "profdiff/output/decision_view.h"
#include "profdiff/output/difference_gate.h"
#include "profdiff/output/loop_view.h"
#include "profdiff/output/method_differences.h"
#include "profdiff/output/observed_renderer.h"
#include "profdiff/output/record_stream_reader.h"
#include "profdiff/output/rule_check.h"

namespace profdiff {

namespace {

absl::Status RunPipeline(const std::string& command, const std::vector<std::string>& positionals,
                         const Options& options, Renderer& out, ProgressSink* progress,
                         const RunsOptions* runs) {
  auto optional_at = [&](size_t i) -> std::optional<std::string> {
    if (i < positionals.size()) return positionals[i];
    return std::nullopt;
  };
  if (command == "report") {
    return RunReport(positionals.at(0), optional_at(1), options, out, progress);
  }
  if (command == "jit-vs-jit") {
    return RunComparison(ComparisonKind::kJitVsJit, positionals, options, out, progress);
  }
  if (command == "jit-vs-aot") {
    return RunComparison(ComparisonKind::kJitVsAot, positionals, options, out, progress);
  }
  if (command == "aot-vs-aot") {
    return RunComparison(ComparisonKind::kAotVsAot, positionals, options, out, progress);
  }
  if (command == "aot-vs-aot-jit-profile") {
    return RunComparison(ComparisonKind::kAotVsAotJitProfile, positionals, options, out, progress);
  }
  if (command == "stats") return RunStats(positionals, options, out);
  if (command == "jit-vs-jit-runs") {
    if (runs == nullptr) return absl::InvalidArgumentError("jit-vs-jit-runs: no runs given");
    return RunJitVsJitRuns(*runs, options, out, progress);
  }
  if (command == "render") {
    absl::Status readable = CheckReadableFile(positionals.at(0));
    if (!readable.ok()) return readable;
    // The display options are those of the run that wrote the stream (its header record).
    return ReadRecordStream(positionals.at(0), out, [&out](std::string_view warning) {
      out.Flush();
      std::string line(warning);
      line.push_back('\n');
      std::fwrite(line.data(), 1, line.size(), stderr);
    });
  }
  return absl::InvalidArgumentError("unknown command " + command);
}

}  // namespace

absl::StatusOr<CommandResult> RunCommand(const std::string& command,
                                         const std::vector<std::string>& positionals,
                                         const Options& options, Renderer& out,
                                         ProgressSink* progress, const RunsOptions* runs) {
  // The gate is decided from the records, as they are written (or read back by render).
  // --require: the rule file is read before anything is written; a syntax error is a mistake of
  // the command line.
  std::optional<RuleFile> rules;
  if (!options.require.empty()) {
    absl::StatusOr<RuleFile> read = ReadRuleFile(options.require);
    if (!read.ok()) return read.status();
    rules = std::move(*read);
  }
  // The observers that the options ask for, and only those: the tallies keep something of every
  // compared method and pair, and each record passes a lock in each of them.
  const bool compares = command != "render" && command != "report" && command != "stats";
  Renderer* observed = &out;
  CallSiteFactsTally facts;
  std::optional<ObservedRenderer> observed_facts;
  if (rules.has_value()) observed = &observed_facts.emplace(*observed, facts);
  MethodDifferenceTally tally(MethodDifferenceTally::CountedIds::kDrop);
  std::optional<ObservedRenderer> observed_tally;
  if (options.fail_on != FailOn::kNone || (compares && options.summary)) {
    observed = &observed_tally.emplace(*observed, tally);
  }
  // --decisions: the decision changes of the compared pairs, from the pair records.
  DecisionTally decisions;
  std::optional<ObservedRenderer> observed_decisions;
  if (compares && options.decisions) observed = &observed_decisions.emplace(*observed, decisions);
  // --decisions on LLVM remarks: the loops whose vectorization changed.
  LoopTally loops;
  std::optional<ObservedRenderer> observed_loops;
  if (compares && options.decisions) observed = &observed_loops.emplace(*observed, loops);
  // The comparisons end with the ranked table (--summary), then the decisions (render passes on
  // the stream's own). The tally's methods are taken from it once (a copy of tens of thousands
  // would add to the peak memory); with --fail-on the gate is decided from them in section
  // order before they are ranked.
  std::optional<GateVerdict> verdict;
  if (compares && (options.summary || options.decisions)) {
    ObservedRenderer& last = observed_loops.has_value() ? *observed_loops : *observed_tally;
    last.set_before_end([&](Renderer& renderer) {
      if (options.summary) {
        std::vector<MethodDifferences> methods = tally.TakeMethods();
        if (options.fail_on != FailOn::kNone) {
          verdict = DecideGate(methods, options.fail_on, options.fail_min_share, tally.runs(),
                               tally.hot());
        }
        const std::vector<MethodDifferences> ranked = RankMethods(std::move(methods));
        renderer.Summary(MakeSummaryRecord(ranked));
      }
      if (options.decisions) renderer.Decisions(decisions.MakeRecord());
      if (options.decisions && loops.remarks()) renderer.Loops(loops.MakeRecord());
    });
  }
  absl::Status status = RunPipeline(command, positionals, options, *observed, progress, runs);
  if (!status.ok()) return status;
  CommandResult result;
  if (rules.has_value()) {
    std::optional<CallSiteFacts> checked = facts.facts();
    if (!checked.has_value()) {
      // Only render gets here: the other commands write the record themselves.
      return absl::InvalidArgumentError(absl::StrCat(
          "--require: ", positionals.at(0),
          " holds no call sites to check the rules against (write it with --require or "
          "--decisions=true)"));
    }
    result.broken_rules = BrokenRules(*rules, *checked);
  }
  if (options.fail_on == FailOn::kNone) return result;
  if (!tally.compares()) {
    // Only render gets here: the command line rejects --fail-on for the others.
    return absl::InvalidArgumentError(
        absl::StrCat("--fail-on: ", positionals.at(0),
                     " holds no compared compilations (it was written by report, by stats or "
                     "with --diff-compilations=false)"));
  }
  if (tally.runs()) {
    // The command line checks this for jit-vs-jit-runs itself; render only knows it now.
    if (std::string problem = RunsGateProblem(tally.fewest_runs()); !problem.empty()) {
      return absl::InvalidArgumentError(
          command == "render" ? absl::StrCat(positionals.at(0), ": ", problem) : problem);
    }
  }
  result.gate = verdict.has_value() ? *std::move(verdict)
                                    : DecideGate(tally.TakeMethods(), options.fail_on,
                                                 options.fail_min_share, tally.runs(), tally.hot());
  return result;
}

}  // namespace profdiff
