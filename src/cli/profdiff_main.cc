#include "cli/profdiff_main.h"

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli/command_line.h"
#include "profdiff/absl_compat.h"
#include "profdiff/commands.h"
#include "profdiff/renderers.h"

namespace profdiff {

int ProfdiffMain(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  CommandLineResult parsed = ParseCommandLine(args);
  if (parsed.action == CommandLineResult::Action::kPrint) {
    std::fwrite(parsed.out.data(), 1, parsed.out.size(), stdout);
    std::fflush(stdout);
    std::fwrite(parsed.err.data(), 1, parsed.err.size(), stderr);
    return parsed.exit_code;
  }
  const CommandLine& command_line = parsed.command_line;
  absl::Status status;
  {
    std::unique_ptr<Renderer> out = NewRenderer(command_line.options.format, stdout, stderr);
    if (command_line.command == "jit-vs-jit-runs") {
      status = RunJitVsJitRuns(command_line.runs, command_line.options, *out);
    } else {
      status =
          RunCommand(command_line.command, command_line.positionals, command_line.options, *out);
    }
    if (!status.ok()) out->Error(ErrorRecord{StdView(status.message())});
    out->Flush();  // what was written before a failure stays
  }
  if (!status.ok()) {
    std::string message(status.message());
    message.push_back('\n');
    std::fwrite(message.data(), 1, message.size(), stderr);
    return 1;
  }
  return 0;
}

}  // namespace profdiff
