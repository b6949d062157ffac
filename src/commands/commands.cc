#include "profdiff/commands.h"

#include "commands/command_steps.h"
#include "commands/comparison_commands.h"

namespace profdiff {

absl::Status RunCommand(const std::string& command, const std::vector<std::string>& positionals,
                        const Options& options, LineWriter& out) {
  auto optional_at = [&](size_t i) -> std::optional<std::string> {
    if (i < positionals.size()) return positionals[i];
    return std::nullopt;
  };
  if (command == "report") return RunReport(positionals.at(0), optional_at(1), options, out);
  if (command == "jit-vs-jit")
    return RunComparison(ComparisonKind::kJitVsJit, positionals, options, out);
  if (command == "jit-vs-aot")
    return RunComparison(ComparisonKind::kJitVsAot, positionals, options, out);
  if (command == "aot-vs-aot")
    return RunComparison(ComparisonKind::kAotVsAot, positionals, options, out);
  if (command == "aot-vs-aot-jit-profile") {
    return RunComparison(ComparisonKind::kAotVsAotJitProfile, positionals, options, out);
  }
  return absl::InvalidArgumentError("unknown command " + command);
}

}  // namespace profdiff
