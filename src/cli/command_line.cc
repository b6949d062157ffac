#include "cli/command_line.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/command_table.h"
#include "cli/option_table.h"
#include "cli/runs_arguments.h"
#include "profdiff/commands/commands.h"
#include "profdiff/options.h"
#include "profdiff/output/difference_gate.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {
namespace {

constexpr std::string_view kProgramName = "profdiff";

constexpr std::string_view kStatsNotes =
    "The arguments are told apart by what they are: a directory or a HotSpot compilation log "
    "(-XX:+LogCompilation) is an optimization log, another file the proftool profile of the log "
    "before it.\n"
    "  profdiff stats LOG                 one experiment, all its compilation units\n"
    "  profdiff stats LOG PROF            with its hot units and hot methods\n"
    "  profdiff stats LOG1 LOG2           two experiments compared\n"
    "  profdiff stats LOG1 PROF1 LOG2 PROF2  two profiled experiments compared";

// CLI11 would read a positional such as `-x`, `++`, `help` or `report` as an option, a
// terminator or a (sibling) subcommand. Every positional after the command therefore reaches
// CLI11 behind this prefix, which none of its classifiers react to, and is unescaped afterwards.
constexpr char kPositionalEscape = '@';

// Owns a CLI11 description of the command line; the parsed strings land in `storage_`.
class CliModel {
 public:
  CliModel() : app_(std::string(kDescription), std::string(kProgramName)) {
    formatter_->column_width(42);  // Wide enough for every option with its default.
    formatter_->label("SUBCOMMAND", "COMMAND");
    formatter_->label("Positionals", "Arguments");
    app_.formatter(formatter_);  // Before the subcommands are added: they copy it.
    app_.set_help_flag("-h,--help", "Show this help and exit");
    app_.set_version_flag("--version", std::string(kProgramName) + " " + PROFDIFF_VERSION,
                          "Show the version of profdiff and exit");
    app_.require_subcommand(1);
    app_.footer(
        "Options may also follow the command. Run 'profdiff help COMMAND' for the arguments of a "
        "command.\nExit status: 0 success, 1 error, 2 differences found (--fail-on) or a rule "
        "broken (--require). More in "
        "'man profdiff'.");
    for (const OptionSpec& spec : OptionSpecs()) {
      options_.push_back(
          app_.add_option(std::string(spec.name), Store(), std::string(spec.description))
              ->type_name(OptionTypeName(spec))
              ->default_str(std::string(spec.default_text))
              ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast));
    }
    for (const CommandSpec& spec : CommandSpecs()) {
      CLI::App* sub = app_.add_subcommand(std::string(spec.name), std::string(spec.description));
      // Global options are accepted after the command, too (README "Decisions").
      sub->fallthrough();
      sub->group("Commands");
      std::string footer =
          "Global options (see 'profdiff help') may come before or after the command.";
      if (spec.name == "stats") footer = std::string(kStatsNotes) + "\n\n" + footer;
      sub->footer(footer);
      std::vector<CLI::Option*> positionals;
      for (const PositionalSpec& positional : spec.positionals) {
        CLI::Option* option = sub->add_option(std::string(positional.name), Store(),
                                              std::string(positional.description))
                                  ->type_name(std::string(positional.type_name));
        if (positional.required) option->required();
        positionals.push_back(option);
      }
      if (spec.name == kRunsCommand) {
        // For the help only: the argument scan reads these options (cli/runs_arguments.h).
        for (const RunsOptionSpec& option : RunsOptionSpecs()) {
          CLI::Option* added =
              sub->add_option(std::string(option.name), Store(), std::string(option.description))
                  ->type_name(std::string(option.type_name));
          if (!option.default_text.empty()) added->default_str(std::string(option.default_text));
        }
      }
      commands_.push_back({&spec, sub, std::move(positionals)});
    }
  }

  CLI::App& app() { return app_; }

  // Help for the whole program or, with `command`, for one command.
  std::string Help(const CommandSpec* command) {
    // Not app_.help(): after a parse it would describe the parsed subcommand instead.
    if (command == nullptr) {
      return formatter_->make_help(&app_, std::string(kProgramName), CLI::AppFormatMode::Normal);
    }
    return Find(command).app->help(std::string(kProgramName));
  }

  // The lines CLI11 prints for the command list of the program help.
  std::string CommandList() {
    return formatter_->make_subcommands(&app_, CLI::AppFormatMode::Normal);
  }

  // The values the last occurrence of each option gave, or nullopt when not given.
  std::optional<std::string> OptionValue(size_t index) const {
    const CLI::Option* option = options_[index];
    if (option->count() == 0) return std::nullopt;
    return option->as<std::string>();
  }

  const CommandSpec* ParsedCommand() const {
    for (const Command& command : commands_) {
      if (command.app->parsed()) return command.spec;
    }
    return nullptr;
  }

  // The given positionals of `command`, unescaped, in order.
  std::vector<std::string> Positionals(const CommandSpec* command) {
    std::vector<std::string> values;
    for (const CLI::Option* option : Find(command).positionals) {
      if (option->count() == 0) continue;
      values.push_back(Unescape(option->as<std::string>()));
    }
    return values;
  }

  // Name of the first required positional of `command` that was not given.
  std::string_view MissingPositional(const CommandSpec* command) {
    const Command& entry = Find(command);
    for (size_t i = 0; i < entry.positionals.size(); ++i) {
      if (entry.positionals[i]->get_required() && entry.positionals[i]->count() == 0) {
        return command->positionals[i].name;
      }
    }
    return {};
  }

  static std::string Unescape(std::string value) {
    if (!value.empty() && value.front() == kPositionalEscape) value.erase(0, 1);
    return value;
  }

 private:
  static constexpr std::string_view kDescription =
      "profdiff prints and compares the optimization decisions of JIT compilers (Graal's "
      "optimization logs, HotSpot's C1/C2 compilation logs) in the code where an experiment "
      "spent its time (proftool profiles, JFR recordings); for Graal logs, a drop-in "
      "replacement of GraalVM's own profdiff.";

  struct Command {
    const CommandSpec* spec;
    CLI::App* app;
    std::vector<CLI::Option*> positionals;
  };

  // CLI11 binds options to variables; a deque keeps their addresses stable.
  std::string& Store() { return storage_.emplace_back(); }

  const Command& Find(const CommandSpec* spec) const {
    return *std::find_if(commands_.begin(), commands_.end(),
                         [spec](const Command& command) { return command.spec == spec; });
  }

  std::shared_ptr<CLI::Formatter> formatter_ = std::make_shared<CLI::Formatter>();
  CLI::App app_;
  std::deque<std::string> storage_;
  std::vector<CLI::Option*> options_;
  std::vector<Command> commands_;
};

// ---------------------------------------------------------------------------------------------
// Results.

CommandLineResult Print(std::string out, std::string err, int exit_code) {
  CommandLineResult result;
  result.action = CommandLineResult::Action::kPrint;
  result.out = std::move(out);
  result.err = std::move(err);
  result.exit_code = exit_code;
  return result;
}

// `command` (may be null) decides which help the pointer line refers to.
CommandLineResult Error(std::string_view message, const CommandSpec* command) {
  std::string err = "Error: ";
  err += message;
  err += "\nRun 'profdiff help";
  if (command != nullptr) {
    err += ' ';
    err += command->name;
  }
  err += "' for usage.\n";
  return Print("", std::move(err), 1);
}

std::string Quoted(std::string_view text) {
  std::string quoted = "\"";
  quoted += text;
  quoted += '"';
  return quoted;
}

// What a left-to-right pass over the arguments found before CLI11 sees them.
struct Scan {
  std::vector<std::string> cli_args;  // What CLI11 gets: options as two tokens, escaped words.
  const CommandSpec* command = nullptr;
  bool command_seen = false;  // Also set when the first word named no command.
  // The first --help/-h/--version that is not an option value; it beats every error.
  enum class Request { kNone, kHelp, kVersion } request = Request::kNone;
  const CommandSpec* help_for = nullptr;
  // The first error, in argument order.
  std::string error;
  const CommandSpec* error_command = nullptr;
  // The options of jit-vs-jit-runs, and the first of them given (they belong to that command).
  RunsOptions runs;
  std::string runs_option;
};

bool IsCommandName(std::string_view name) { return FindCommand(name) != nullptr; }

// Classifies the arguments like cli.md §1 does (an option always takes the next argument
// verbatim as its value), which CLI11 would not: it takes `--name=` as `--name` followed by a
// value, and sees options and subcommands in positionals.
Scan ScanArguments(const std::vector<std::string>& args) {
  Scan scan;
  auto fail = [&scan](std::string message) {
    if (!scan.error.empty()) return;
    scan.error = std::move(message);
    scan.error_command = scan.command;
  };
  auto request = [&scan](Scan::Request request) {
    if (scan.request != Scan::Request::kNone) return;
    scan.request = request;
    scan.help_for = scan.command;
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      request(Scan::Request::kHelp);
      continue;
    }
    if (arg == "--version") {
      request(Scan::Request::kVersion);
      continue;
    }
    if (arg.starts_with("--")) {
      size_t equals = arg.find('=');
      std::string_view name = std::string_view(arg).substr(0, equals);
      if (IsRunsOption(name)) {
        if (scan.runs_option.empty()) scan.runs_option = std::string(name);
        std::string problem =
            ScanRunsOption(args, &i, &IsCommandName, scan.command_seen, &scan.runs);
        if (!problem.empty()) fail(std::move(problem));
        continue;
      }
      const OptionSpec* spec = FindOption(name);
      if (spec == nullptr) {
        if (name == "--help" || name == "--version") {
          fail(std::string(name) + " does not take a value");
        } else {
          fail("unknown option " + Quoted(arg));
        }
        continue;
      }
      std::string value;
      if (equals != std::string::npos) {
        value = arg.substr(equals + 1);
      } else if (i + 1 < args.size()) {
        value = args[++i];
      } else {
        fail(std::string(name) + ": missing value");
        continue;
      }
      if (std::string problem = ApplyOptionValue(*spec, value, nullptr); !problem.empty()) {
        fail(std::move(problem));
      }
      scan.cli_args.emplace_back(name);
      scan.cli_args.push_back(std::move(value));
      continue;
    }
    if (!scan.command_seen) {
      scan.command_seen = true;
      scan.command = FindCommand(arg);
      if (scan.command == nullptr) {
        fail("unknown command " + Quoted(arg));
      } else {
        scan.cli_args.push_back(arg);
      }
      continue;
    }
    scan.cli_args.push_back(kPositionalEscape + arg);
  }
  return scan;
}

CommandLineResult HelpCommand(CliModel& model, const std::vector<std::string>& positionals) {
  if (positionals.empty()) return Print(model.Help(nullptr), "", 0);
  const CommandSpec* command = FindCommand(positionals.front());
  if (command == nullptr) {
    // The reference exits 0 here; we report failure (README "Decisions").
    return Print(
        "", "Error: unknown command " + Quoted(positionals.front()) + "\n" + model.CommandList(),
        1);
  }
  return Print(model.Help(command), "", 0);
}

}  // namespace

CommandLineResult ParseCommandLine(const std::vector<std::string>& args) {
  CliModel model;
  Scan scan = ScanArguments(args);
  if (scan.request == Scan::Request::kHelp) return Print(model.Help(scan.help_for), "", 0);
  if (scan.request == Scan::Request::kVersion) {
    return Print(std::string(kProgramName) + " " + PROFDIFF_VERSION + "\n", "", 0);
  }
  if (!scan.error.empty()) return Error(scan.error, scan.error_command);
  if (scan.command != nullptr && scan.command->name != kRunsCommand &&
      scan.command->name != "help" && !scan.runs_option.empty()) {
    return Error(scan.runs_option + " is an option of " + std::string(kRunsCommand) + ", not of " +
                     std::string(scan.command->name),
                 scan.command);
  }

  std::vector<std::string> reversed(scan.cli_args.rbegin(), scan.cli_args.rend());
  try {
    model.app().parse(reversed);
  } catch (const CLI::RequiredError&) {
    const CommandSpec* command = model.ParsedCommand();
    if (command == nullptr) return Error("no command given", nullptr);
    return Error(std::string(command->name) + ": missing argument " +
                     std::string(model.MissingPositional(command)),
                 command);
  } catch (const CLI::ExtrasError&) {
    const CommandSpec* command = model.ParsedCommand();
    std::vector<std::string> extras = model.app().remaining(true);
    std::string extra = extras.empty() ? "" : CliModel::Unescape(extras.front());
    return Error(std::string(command != nullptr ? command->name : kProgramName) +
                     ": unexpected argument " + Quoted(extra),
                 command);
  } catch (const CLI::ParseError& e) {
    // The scan leaves CLI11 nothing else to object to; stay within exit code 1 regardless.
    return Error(e.what(), model.ParsedCommand());
  }

  const CommandSpec* command = model.ParsedCommand();
  std::vector<std::string> positionals = model.Positionals(command);
  if (command->name == "help") return HelpCommand(model, positionals);

  CommandLineResult result;
  result.action = CommandLineResult::Action::kRun;
  CommandLine& command_line = result.command_line;
  const std::span<const OptionSpec> specs = OptionSpecs();
  std::vector<std::optional<std::string>> given(specs.size());
  for (size_t i = 0; i < specs.size(); ++i) {
    given[i] = model.OptionValue(i);
    // Already checked by the scan, so this only stores.
    if (given[i]) ApplyOptionValue(specs[i], *given[i], &command_line.options);
  }
  auto given_text = [&](std::string_view name) {
    for (size_t i = 0; i < specs.size(); ++i) {
      if (specs[i].name == name) return given[i].value_or(std::string(specs[i].default_text));
    }
    return std::string();
  };
  if (std::string problem = ValidateOptions(command_line.options, given_text); !problem.empty()) {
    return Error(problem, nullptr);
  }
  if (absl::Status llvm = CheckLlvmRemarksArguments(command->name, positionals); !llvm.ok()) {
    return Error(StdView(llvm.message()), command);
  }
  if (command->name == "stats") {
    // Its arguments are told apart by what they are (directory or file).
    absl::StatusOr<std::vector<StatsExperimentArguments>> classified =
        ClassifyStatsArguments(positionals);
    if (!classified.ok()) return Error(StdView(classified.status().message()), command);
  }
  if (command->name == "jit-vs-jit") {
    // With a HotSpot log among them, the arguments are told apart by what they are; otherwise
    // all four are required, as ever.
    bool hotspot = false;
    for (const std::string& positional : positionals) {
      hotspot = hotspot || IsHotSpotLogArgument(positional);
    }
    if (hotspot) {
      absl::StatusOr<std::vector<StatsExperimentArguments>> classified =
          ClassifyJitVsJitArguments(positionals);
      if (!classified.ok()) return Error(StdView(classified.status().message()), command);
    } else if (positionals.size() < command->positionals.size()) {
      return Error(std::string(command->name) + ": missing argument " +
                       std::string(command->positionals[positionals.size()].name),
                   command);
    }
  }
  if (absl::Status aot = CheckAotCommandArguments(command->name, positionals); !aot.ok()) {
    return Error(StdView(aot.message()), command);
  }
  if (command->name == kRunsCommand) {
    if (std::string problem = ValidateRuns(scan.runs); !problem.empty()) {
      return Error(problem, command);
    }
    if (!command_line.options.diff_compilations) {
      return Error(
          "jit-vs-jit-runs always compares compilations: --diff-compilations=false does not "
          "apply to it",
          command);
    }
    command_line.runs = std::move(scan.runs);
  }
  // render writes the methods its stream holds, with the options of the run that wrote it: a
  // filter belongs to that run (docs/decisions.md, "--method").
  if (command->name == "render" && !command_line.options.method.empty()) {
    return Error(
        "--method selects methods when the stream is written: give it to the command that "
        "writes the stream",
        command);
  }
  // Likewise the compilations a HotSpot log keeps (docs/hotspot.md "Tiers"): the stream holds
  // only those, and its summaries say which they are.
  const bool tiers_given =
      given[static_cast<size_t>(FindOption("--tiers") - specs.data())].has_value();
  if (command->name == "render" && tiers_given) {
    return Error(
        "--tiers selects compilations when the stream is written: give it to the command that "
        "writes the stream",
        command);
  }
  // report and stats count: they have no compared pairs that --summary ranks and --fail-on
  // gates on (docs/ci.md). jit-vs-jit-runs has: its stable differences.
  const bool counts_only = command->name == "report" || command->name == "stats";
  if (command_line.options.summary && counts_only) {
    return Error("--summary ranks compared methods: it needs a comparison command", command);
  }
  if (command_line.options.decisions && (counts_only || !command_line.options.diff_compilations)) {
    return Error(
        "--decisions lists the decisions that changed in compared compilations: it needs a "
        "comparison command with --diff-compilations=true",
        command);
  }
  if (!command_line.options.require.empty() &&
      (command->name == "stats" || command->name == kRunsCommand)) {
    return Error(
        "--require checks experiment 2 of a comparison or the experiment of report (not stats, "
        "not jit-vs-jit-runs)",
        command);
  }
  // A gate that can never close is a mistake, not a pass (docs/ci.md). `render` decides from its
  // stream's header instead.
  if (command_line.options.fail_on != FailOn::kNone &&
      (counts_only || !command_line.options.diff_compilations)) {
    return Error(
        "--fail-on needs compared compilations: a comparison command with "
        "--diff-compilations=true",
        command);
  }
  if (command_line.options.fail_on != FailOn::kNone && command->name == kRunsCommand) {
    const size_t fewest =
        std::min(command_line.runs.runs[0].size(), command_line.runs.runs[1].size());
    if (std::string problem = RunsGateProblem(fewest); !problem.empty()) {
      return Error(problem, command);
    }
  }
  command_line.command = std::string(command->name);
  command_line.positionals = std::move(positionals);
  return result;
}

}  // namespace profdiff
