#ifndef PROFDIFF_CLI_COMMAND_TABLE_H_
#define PROFDIFF_CLI_COMMAND_TABLE_H_

// The commands of the command line and their positionals, in the order of `profdiff help`
// (cli.md §3; ours: jit-vs-jit-runs, stats, render). The man page and the shell completions list
// the same commands; tests/run_docs_checks.py checks that they do.

#include <string_view>
#include <vector>

namespace profdiff {

inline constexpr std::string_view kRunsCommand = "jit-vs-jit-runs";

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

// Every command, in help order.
const std::vector<CommandSpec>& CommandSpecs();

// The command named `name`, or null.
const CommandSpec* FindCommand(std::string_view name);

}  // namespace profdiff

#endif  // PROFDIFF_CLI_COMMAND_TABLE_H_
