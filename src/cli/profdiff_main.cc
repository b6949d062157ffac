#include "cli/profdiff_main.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli/command_line.h"
#include "load/paths.h"
#include "profdiff/commands/commands.h"
#include "profdiff/output/renderers.h"
#include "profdiff/output/terminal_policy.h"
#include "profdiff/output/terminal_progress.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

void WriteLine(std::FILE* file, std::string_view text) {
  std::string line(text);
  line.push_back('\n');
  std::fwrite(line.data(), 1, line.size(), file);
  std::fflush(file);
}

bool StdoutIsPipe() {
  struct stat status;
  return fstat(STDOUT_FILENO, &status) == 0 && S_ISFIFO(status.st_mode);
}

}  // namespace

int ProfdiffMain(int argc, char** argv) {
  // A reader that goes away (`profdiff ... | head`) shows up as EPIPE on a write, which ends the
  // run quietly, instead of a signal that kills it with status 141 (README "Exit status").
  std::signal(SIGPIPE, SIG_IGN);
  std::vector<std::string> args(argv + 1, argv + argc);
  CommandLineResult parsed = ParseCommandLine(args);
  if (parsed.action == CommandLineResult::Action::kPrint) {
    std::fwrite(parsed.out.data(), 1, parsed.out.size(), stdout);
    std::fflush(stdout);
    std::fwrite(parsed.err.data(), 1, parsed.err.size(), stderr);
    return parsed.exit_code;
  }
  const CommandLine& command_line = parsed.command_line;
  const Options& options = command_line.options;
  absl::StatusOr<CommandResult> result;
  int write_error = 0;
  {
    std::unique_ptr<TerminalProgress> progress;
    if (ShouldShowProgress(options.progress, isatty(STDERR_FILENO) != 0, StdoutIsPipe(),
                           std::getenv("TERM"))) {
      progress = std::make_unique<TerminalProgress>(STDERR_FILENO);
    }
    TextStyle style;
    style.color = ShouldUseColor(options.color, isatty(STDOUT_FILENO) != 0, std::getenv("NO_COLOR"),
                                 std::getenv("TERM"));
    std::unique_ptr<Renderer> out = NewRenderer(options.format, stdout, stderr, style);
    // The progress line is erased before output that reaches its terminal.
    if (isatty(STDOUT_FILENO) != 0) out->SetWriteGuard(progress.get());
    out->SetStderrGuard(progress.get());
    result = RunCommand(command_line.command, command_line.positionals, options, *out,
                        progress.get(), &command_line.runs);
    if (!result.ok()) out->Error(ErrorRecord{StdView(result.status().message())});
    out->Flush();  // what was written before a failure stays
    write_error = out->WriteError();
  }  // the progress line is erased before the messages below
  if (!result.ok()) {
    WriteLine(stderr, StdView(result.status().message()));
    return 1;
  }
  // The reader has all it wanted; the rest was not compared, so there is no verdict either.
  if (write_error == EPIPE) return 0;
  if (write_error != 0) {
    WriteLine(stderr, "profdiff: cannot write the output: " + ErrnoText(write_error));
    return 1;
  }
  for (const std::string& broken : result->broken_rules) WriteLine(stderr, broken);
  if (result->gate.failed) WriteLine(stderr, result->gate.message);
  return result->gate.failed || !result->broken_rules.empty() ? 2 : 0;
}

}  // namespace profdiff
