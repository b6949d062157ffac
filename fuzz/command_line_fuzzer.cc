// Fuzz target for the command-line parser. The input is split at NUL bytes into the arguments
// after argv[0] (an empty input is no argument at all). ParseCommandLine must never crash or
// throw, and its result must obey cli.md §5 and README "Decisions": a command to run has valid
// options and an acceptable number of positionals; a printed result either succeeds (stdout
// only, exit 0) or fails (stderr only, ending with a line break, exit 1).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/command_line.h"
#include "profdiff/analysis/method_filter.h"
#include "profdiff/model/tier_selection.h"

namespace {

[[noreturn]] void Die(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "command_line_fuzzer: %s %.*s\n", what, static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

// (command, required positionals, all positionals) of cli.md §3.
struct Arity {
  std::string_view command;
  size_t required;
  size_t total;
};
constexpr Arity kArities[] = {
    {"report", 1, 2},
    {"jit-vs-jit", 4, 4},
    {"jit-vs-aot", 3, 4},
    {"aot-vs-aot", 4, 4},
    {"aot-vs-aot-jit-profile", 4, 4},
    {"render", 1, 1},
    {"jit-vs-jit-runs", 0, 0},
};

void CheckRun(const profdiff::CommandLine& command_line) {
  const profdiff::Options& options = command_line.options;
  if (std::isnan(options.hot_percentile) || options.hot_percentile < 0 ||
      options.hot_percentile > 1) {
    Die("--hot-percentile outside [0;1] accepted");
  }
  if (options.hot_min_limit < 0 || options.hot_min_limit > options.hot_max_limit) {
    Die("hot limits violate 0 <= min <= max");
  }
  // An accepted --method is a valid RE2 pattern, and matching with it ends (linear time).
  if (!profdiff::MethodFilter::Problem(options.method).empty()) Die("invalid --method accepted");
  if (command_line.command == "render" && !options.method.empty()) Die("--method given to render");
  profdiff::MethodFilter(options.method).Matches(std::string(1000, 'a') + "java.util.Map.get()");
  // An accepted --tiers reads back from its canonical spelling, and render never keeps one.
  if (profdiff::TierSelection::Parse(options.tiers.Name(), nullptr) != options.tiers) {
    Die("--tiers does not read back", options.tiers.Name());
  }
  if (command_line.command == "render" && !(options.tiers == profdiff::TierSelection())) {
    Die("--tiers given to render");
  }
  if (command_line.command == "jit-vs-jit-runs") {
    const profdiff::RunsOptions& runs = command_line.runs;
    if (runs.runs[0].empty() || runs.runs[1].empty()) Die("jit-vs-jit-runs without runs accepted");
    if (!(runs.stable_share >= 0 && runs.stable_share <= 1) ||
        !(runs.noise_share >= 0 && runs.noise_share <= 1)) {
      Die("a share outside [0;1] accepted");
    }
    if (!options.diff_compilations) Die("jit-vs-jit-runs with --diff-compilations=false");
  } else if (!command_line.runs.runs[0].empty() || !command_line.runs.runs[1].empty()) {
    Die("runs given to", command_line.command);
  }
  if (std::isnan(options.fail_min_share) || options.fail_min_share < 0 ||
      options.fail_min_share > 1) {
    Die("--fail-min-share outside [0;1] accepted");
  }
  // A gate that can never close, or a summary of nothing, is a command-line error.
  if (options.fail_on != profdiff::FailOn::kNone &&
      (command_line.command == "report" || !options.diff_compilations)) {
    Die("--fail-on accepted without compared compilations");
  }
  if (options.summary && command_line.command == "report") Die("--summary accepted by report");
  for (const Arity& arity : kArities) {
    if (command_line.command != arity.command) continue;
    const size_t count = command_line.positionals.size();
    if (count < arity.required || count > arity.total)
      Die("wrong positional count for", arity.command);
    return;
  }
  Die("unknown command to run:", command_line.command);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using profdiff::CommandLineResult;
  std::vector<std::string> args;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  size_t start = 0;
  while (start < input.size()) {
    size_t end = input.find('\0', start);
    if (end == std::string_view::npos) end = input.size();
    args.emplace_back(input.substr(start, end - start));
    start = end + 1;
  }
  if (!input.empty() && input.back() == '\0') args.emplace_back();

  const CommandLineResult result = profdiff::ParseCommandLine(args);
  if (result.action == CommandLineResult::Action::kRun) {
    CheckRun(result.command_line);
  } else if (result.exit_code == 0) {
    if (!result.err.empty()) Die("success with text on stderr:", result.err);
    if (result.out.empty()) Die("success without output");
  } else if (result.exit_code == 1) {
    if (!result.out.empty()) Die("failure with text on stdout:", result.out);
    if (result.err.empty() || result.err.back() != '\n') Die("failure message:", result.err);
  } else {
    Die("exit code neither 0 nor 1");
  }
  // The parser is a pure function of its arguments.
  const CommandLineResult again = profdiff::ParseCommandLine(args);
  if (again.action != result.action || again.out != result.out || again.err != result.err ||
      again.exit_code != result.exit_code ||
      again.command_line.command != result.command_line.command ||
      again.command_line.positionals != result.command_line.positionals) {
    Die("two parses of the same arguments differ");
  }
  return 0;
}
