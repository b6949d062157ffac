#include "cli/command_line.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "cli/runs_arguments.h"
#include "profdiff/absl_compat.h"
#include "profdiff/commands.h"
#include "profdiff/options.h"

namespace profdiff {
namespace {

// ---------------------------------------------------------------------------------------------
// The command-line model: options, commands and their positionals, in help order.

using OptionTarget =
    std::variant<int32_t Options::*, double Options::*, bool Options::*, OutputFormat Options::*>;

struct OptionSpec {
  std::string_view name;
  OptionTarget target;
  std::string_view default_text;
  std::string_view description;
};

const OptionSpec kOptionSpecs[] = {
    {"--hot-min-limit", &Options::hot_min_limit, "1",
     "Mark at least this many compilation units as hot"},
    {"--hot-max-limit", &Options::hot_max_limit, "10",
     "Mark at most this many compilation units as hot"},
    {"--hot-percentile", &Options::hot_percentile, "0.9",
     "Fraction (0 to 1) of the total execution period the hot compilation units should account "
     "for"},
    {"--optimization-context-tree", &Options::optimization_context_tree, "false",
     "Merge each inlining tree with its optimization tree into one optimization-context tree"},
    {"--diff-compilations", &Options::diff_compilations, "true",
     "Pair up the hot compilations of both experiments and show how they differ"},
    {"--long-bci", &Options::long_bci, "false",
     "Print each bci with the full chain of enclosing methods"},
    {"--sort-inlining-tree", &Options::sort_inlining_tree, "true",
     "Order the children of every inlining-tree node by bci, then by method name"},
    {"--sort-unordered-phases", &Options::sort_unordered_phases, "true",
     "Order the contents of compiler phases whose order carries no meaning"},
    {"--remove-detailed-phases", &Options::remove_detailed_phases, "true",
     "Leave out compiler phases that perform a great number of small optimizations"},
    {"--prune-identities", &Options::prune_identities, "true",
     "When comparing trees, hide the parts that are the same on both sides"},
    {"--create-fragments", &Options::create_fragments, "true",
     "Also treat hot methods inlined into hot compilation units as separate compilations"},
    {"--inliner-reasoning", &Options::inliner_reasoning, "false",
     "Show the inliner's reasons for every inlining decision"},
    {"--format", &Options::format, "text",
     "Write the output as text, json (JSON Lines), csv or html (one page; docs/output-formats.md)"},
};

struct PositionalSpec {
  std::string_view name;
  bool required;
  std::string_view type_name;
  std::string_view description;
};

struct CommandSpec {
  std::string_view name;
  std::string_view description;
  std::vector<PositionalSpec> positionals;
};

const std::vector<CommandSpec>& CommandSpecs() {
  static const std::vector<CommandSpec>* const kSpecs = new std::vector<CommandSpec>{
      {"report",
       "Print the optimization log of a single experiment",
       {
           {"optimization_log", true, "DIR",
            "Directory holding the experiment's optimization logs"},
           {"proftool_output", false, "FILE",
            "Profile of the experiment written by proftool (JSON)"},
       }},
      {"jit-vs-jit",
       "Compare two experiments compiled just in time",
       {
           {"optimization_log_1", true, "DIR", "Optimization-log directory of the first JIT run"},
           {"proftool_output_1", true, "FILE", "proftool profile (JSON) of the first JIT run"},
           {"optimization_log_2", true, "DIR", "Optimization-log directory of the second JIT run"},
           {"proftool_output_2", true, "FILE", "proftool profile (JSON) of the second JIT run"},
       }},
      {"jit-vs-jit-runs",
       "Compare several runs of two JIT experiments: hotness with its spread, and the "
       "differences that survive the run-to-run noise",
       {}},
      {"jit-vs-aot",
       "Compare a just-in-time experiment with an ahead-of-time compiled image",
       {
           {"jit_optimization_log", true, "DIR", "Optimization-log directory of the JIT run"},
           {"jit_proftool_output", true, "FILE", "proftool profile (JSON) of the JIT run"},
           {"aot_optimization_log", true, "DIR", "Optimization-log directory of the AOT build"},
           {"aot_proftool_output", false, "FILE",
            "proftool profile (JSON) of a run of the AOT image"},
       }},
      {"aot-vs-aot",
       "Compare two ahead-of-time compiled images, each with the profile of a run",
       {
           {"optimization_log_1", true, "DIR", "Optimization-log directory of the first AOT build"},
           {"proftool_output_1", true, "FILE", "proftool profile (JSON) of the first AOT image"},
           {"optimization_log_2", true, "DIR",
            "Optimization-log directory of the second AOT build"},
           {"proftool_output_2", true, "FILE", "proftool profile (JSON) of the second AOT image"},
       }},
      {"aot-vs-aot-jit-profile",
       "Compare two ahead-of-time builds, taking hotness from the profile of a JIT run",
       {
           {"jit_optimization_log", true, "DIR",
            "Optimization-log directory of the JIT run that decides hotness"},
           {"proftool_output", true, "FILE", "proftool profile (JSON) of that JIT run"},
           {"aot_optimization_log_1", true, "DIR",
            "Optimization-log directory of the first AOT build"},
           {"aot_optimization_log_2", true, "DIR",
            "Optimization-log directory of the second AOT build"},
       }},
      {"stats",
       "Count call sites by kind and optimizations of one experiment, or compare two",
       {
           {"optimization_log", true, "DIR", "Optimization-log directory of the experiment"},
           {"proftool_output", false, "FILE", "Its proftool profile (JSON)"},
           {"optimization_log_2", false, "DIR",
            "Optimization-log directory of a second experiment to compare with"},
           {"proftool_output_2", false, "FILE", "proftool profile (JSON) of the second experiment"},
       }},
      {"render",
       "Write a JSON Lines file of --format=json again, in the format that --format asks for",
       {
           {"file", true, "FILE",
            "JSON Lines output of an earlier profdiff run with --format=json"},
       }},
      {"help",
       "Explain the usage of profdiff or of one of its commands",
       {
           {"command", false, "COMMAND", "The command to explain"},
       }},
  };
  return *kSpecs;
}

const OptionSpec* FindOption(std::string_view name) {
  for (const OptionSpec& spec : kOptionSpecs) {
    if (spec.name == name) return &spec;
  }
  return nullptr;
}

const CommandSpec* FindCommand(std::string_view name) {
  for (const CommandSpec& spec : CommandSpecs()) {
    if (spec.name == name) return &spec;
  }
  return nullptr;
}

constexpr std::string_view kProgramName = "profdiff";
constexpr std::string_view kRunsCommand = "jit-vs-jit-runs";

constexpr std::string_view kStatsNotes =
    "The arguments are told apart by what they are: a directory is an optimization log, a file "
    "the proftool profile of the log before it.\n"
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
        "command.");
    for (const OptionSpec& spec : kOptionSpecs) {
      options_.push_back(
          app_.add_option(std::string(spec.name), Store(), std::string(spec.description))
              ->type_name(TypeName(spec.target))
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
      "profdiff selects the compilation units in which an experiment spent most of its time and "
      "prints or compares the compiler's optimization logs for them.";

  struct Command {
    const CommandSpec* spec;
    CLI::App* app;
    std::vector<CLI::Option*> positionals;
  };

  static std::string TypeName(const OptionTarget& target) {
    switch (target.index()) {
      case 0:
        return "INT";
      case 1:
        return "NUMBER";
      case 2:
        return "BOOL";
      default:
        return "FORMAT";
    }
  }

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

// Checks `value` against the syntax of `spec`'s type; on success stores it into `options`
// (when given) and returns an empty string, otherwise returns the error message.
std::string ApplyValue(const OptionSpec& spec, std::string_view value, Options* options) {
  std::string problem;
  std::visit(
      [&](auto member) {
        using Member = std::remove_reference_t<decltype(std::declval<Options>().*member)>;
        std::optional<Member> parsed;
        if constexpr (std::is_same_v<Member, bool>) {
          parsed = ParseBoolValue(value);
          if (!parsed) problem = "expected true or false";
        } else if constexpr (std::is_same_v<Member, OutputFormat>) {
          parsed = ParseFormatValue(value);
          if (!parsed) problem = "expected text, json, csv or html";
        } else if constexpr (std::is_same_v<Member, int32_t>) {
          parsed = ParseInt32Value(value);
          if (!parsed) problem = "expected a whole number from -2147483648 to 2147483647";
        } else {
          parsed = ParseDoubleValue(value);
          if (!parsed) problem = "expected a number";
        }
        if (parsed && options != nullptr) options->*member = *parsed;
      },
      spec.target);
  if (problem.empty()) return problem;
  return std::string(spec.name) + ": " + problem + ", got " + Quoted(value);
}

std::string Validate(const Options& options, std::string_view percentile_text) {
  // Written so that NaN fails, too (README "Decisions").
  if (!(options.hot_percentile >= 0 && options.hot_percentile <= 1)) {
    return "--hot-percentile must be between 0 and 1, got " + Quoted(percentile_text);
  }
  if (options.hot_min_limit < 0) {
    return "--hot-min-limit must not be negative, got " + std::to_string(options.hot_min_limit);
  }
  if (options.hot_min_limit > options.hot_max_limit) {
    return "--hot-min-limit (" + std::to_string(options.hot_min_limit) +
           ") must not exceed --hot-max-limit (" + std::to_string(options.hot_max_limit) + ")";
  }
  return "";
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
      if (std::string problem = ApplyValue(*spec, value, nullptr); !problem.empty()) {
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
  std::string percentile_text(FindOption("--hot-percentile")->default_text);
  for (size_t i = 0; i < std::size(kOptionSpecs); ++i) {
    std::optional<std::string> value = model.OptionValue(i);
    if (!value) continue;
    // Already checked by the scan, so this only stores.
    ApplyValue(kOptionSpecs[i], *value, &command_line.options);
    if (kOptionSpecs[i].name == "--hot-percentile") percentile_text = *value;
  }
  if (std::string problem = Validate(command_line.options, percentile_text); !problem.empty()) {
    return Error(problem, nullptr);
  }
  if (command->name == "stats") {
    // Its arguments are told apart by what they are (directory or file).
    absl::StatusOr<std::vector<StatsExperimentArguments>> classified =
        ClassifyStatsArguments(positionals);
    if (!classified.ok()) return Error(StdView(classified.status().message()), command);
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
  command_line.command = std::string(command->name);
  command_line.positionals = std::move(positionals);
  return result;
}

}  // namespace profdiff
