#include "profdiff/commands.h"

#include <cstdio>
#include <string>

#include "commands/command_steps.h"
#include "commands/comparison_commands.h"
#include "profdiff/input_paths.h"
#include "profdiff/record_stream_reader.h"

namespace profdiff {

absl::Status RunCommand(const std::string& command, const std::vector<std::string>& positionals,
                        const Options& options, Renderer& out) {
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

}  // namespace profdiff
