#include "cli/option_table.h"

#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "cli/option_values.h"
#include "profdiff/analysis/method_filter.h"

namespace profdiff {

namespace {

const OptionSpec kOptionSpecs[] = {
    {"--hot-min-limit", &Options::hot_min_limit, "1",
     "Mark at least this many compilation units as hot"},
    {"--hot-max-limit", &Options::hot_max_limit, "10",
     "Mark at most this many compilation units as hot"},
    {"--hot-percentile", &Options::hot_percentile, "0.9",
     "Fraction (0 to 1) of the JIT-compiled (Graal-compiled) execution time that the hot "
     "compilation units should account for at most"},
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
     "Write the output as text, json (JSON Lines), csv or html (one page; "
     "docs/output-formats.md)"},
    {"--explanation", &Options::explanation, "true",
     "Begin the text output with the block that explains how to read it"},
    {"--summary", &Options::summary, "false",
     "After the output of a comparison, rank the compared hot methods: the most executed with "
     "the most differences first"},
    {"--fail-on", &Options::fail_on, "none",
     "Exit with status 2 when compared hot methods differ in their inlining, optimization or any "
     "trees (none: never)"},
    {"--fail-min-share", &Options::fail_min_share, "0",
     "Only methods with at least this fraction (0 to 1) of the total execution count for "
     "--fail-on"},
    {"--method", &Options::method, "",
     "Only the methods whose name matches this regular expression (RE2 syntax, matched anywhere "
     "in the name as printed, in either spelling, like grep; hot selection and summaries are "
     "unchanged)"},
    {"--tiers", &Options::tiers, "top",
     "Which compilations of a HotSpot log to keep: top (each method's at its highest level), all, "
     "or a comma-separated list of levels 1-4 and compilers c1 (levels 1-3) and c2 (level 4)"},
    {"--decisions", &Options::decisions, "false",
     "After the output of a comparison, the call sites whose inlining decisions changed: by kind "
     "and reason, ranked by execution share, and the inlining rate"},
    {"--show-moved", &Options::show_moved, "false",
     "In comparisons of code that changed, also show the call sites and optimizations that only "
     "moved with the code (marked >, no difference)"},
    {"--require", &Options::require, "",
     "Exit with status 2 when experiment 2 (of report: the experiment) breaks a rule of this file "
     "(inlined, not-inlined, compiled; docs/ci.md)"},
    {"--color", &Options::color, "auto",
     "Colour the text output: auto (when stdout is a terminal, NO_COLOR is not set and TERM is "
     "not dumb), always or never"},
    {"--progress", &Options::progress, "auto",
     "Show progress on stderr while loading and comparing: auto (when stderr is a terminal, "
     "stdout is not a pipe and TERM is not dumb), always or never"},
};

std::string Quoted(std::string_view text) {
  std::string quoted = "\"";
  quoted += text;
  quoted += '"';
  return quoted;
}

// "a, b or c" for the spellings of an enumerated type.
template <class Enum>
std::string ChoiceList(std::string_view last_separator) {
  std::string list;
  std::span<const EnumName<Enum>> names = EnumNames<Enum>();
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) list += i + 1 == names.size() ? last_separator : std::string_view(", ");
    list += names[i].name;
  }
  return list;
}

// The value placeholder of an enumerated option in help texts (the choices are in its
// description).
template <class Enum>
std::string_view ChoicePlaceholder();
template <>
std::string_view ChoicePlaceholder<OutputFormat>() {
  return "FORMAT";
}
template <>
std::string_view ChoicePlaceholder<FailOn>() {
  return "TREES";
}
template <>
std::string_view ChoicePlaceholder<WhenMode>() {
  return "WHEN";
}

}  // namespace

std::span<const OptionSpec> OptionSpecs() { return kOptionSpecs; }

const OptionSpec* FindOption(std::string_view name) {
  for (const OptionSpec& spec : kOptionSpecs) {
    if (spec.name == name) return &spec;
  }
  return nullptr;
}

std::string OptionTypeName(const OptionSpec& spec) {
  return std::visit(
      [&spec](auto member) -> std::string {
        using Member = std::remove_reference_t<decltype(std::declval<Options>().*member)>;
        if constexpr (std::is_same_v<Member, bool>) {
          return "BOOL";
        } else if constexpr (std::is_same_v<Member, int32_t>) {
          return "INT";
        } else if constexpr (std::is_same_v<Member, double>) {
          return "NUMBER";
        } else if constexpr (std::is_same_v<Member, std::string>) {
          // The string-valued options: --method's pattern and --require's rule file.
          return spec.name == std::string_view("--method") ? "REGEX" : "FILE";
        } else if constexpr (std::is_same_v<Member, TierSelection>) {
          return "TIERS";
        } else {
          return std::string(ChoicePlaceholder<Member>());
        }
      },
      spec.target);
}

std::string ApplyOptionValue(const OptionSpec& spec, std::string_view value, Options* options) {
  std::string problem;
  std::visit(
      [&](auto member) {
        using Member = std::remove_reference_t<decltype(std::declval<Options>().*member)>;
        std::optional<Member> parsed;
        if constexpr (std::is_same_v<Member, bool>) {
          parsed = ParseBoolValue(value);
          if (!parsed) problem = "expected true or false";
        } else if constexpr (std::is_same_v<Member, int32_t>) {
          parsed = ParseInt32Value(value);
          if (!parsed) problem = "expected a whole number from -2147483648 to 2147483647";
        } else if constexpr (std::is_same_v<Member, double>) {
          parsed = ParseDoubleValue(value);
          if (!parsed) problem = "expected a number";
        } else if constexpr (std::is_same_v<Member, std::string>) {
          if (spec.name == std::string_view("--method")) {
            problem = MethodFilter::Problem(value);
            if (problem.empty()) parsed = std::string(value);
          } else {
            parsed = std::string(value);
            if (value.empty()) {
              parsed.reset();
              problem = "expected a file name";
            }
          }
        } else if constexpr (std::is_same_v<Member, TierSelection>) {
          parsed = TierSelection::Parse(value, &problem);
        } else {
          parsed = EnumFromName<Member>(value);
          if (!parsed) problem = "expected " + ChoiceList<Member>(" or ");
        }
        if (parsed && options != nullptr) options->*member = *parsed;
      },
      spec.target);
  if (problem.empty()) return problem;
  return std::string(spec.name) + ": " + problem + ", got " + Quoted(value);
}

std::string ValidateOptions(const Options& options,
                            const std::function<std::string(std::string_view name)>& given_text) {
  // Written so that NaN fails, too (README "Decisions").
  if (!(options.hot_percentile >= 0 && options.hot_percentile <= 1)) {
    return "--hot-percentile must be between 0 and 1, got " +
           Quoted(given_text("--hot-percentile"));
  }
  if (!(options.fail_min_share >= 0 && options.fail_min_share <= 1)) {
    return "--fail-min-share must be between 0 and 1, got " +
           Quoted(given_text("--fail-min-share"));
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

}  // namespace profdiff
