#ifndef PROFDIFF_OPTIONS_H_
#define PROFDIFF_OPTIONS_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "profdiff/model/tier_selection.h"

namespace profdiff {

// --format (docs/output-formats.md).
enum class OutputFormat { kText, kJson, kCsv, kHtml };

// --fail-on: the tree kind whose differences make a comparison exit with status 2.
enum class FailOn { kNone, kInlining, kOptimization, kAny };

// --color and --progress: `auto` decides from the terminal (terminal_policy.h).
enum class WhenMode { kAuto, kAlways, kNever };

// An enumerated option value and its spelling on the command line and in the JSON header.
template <class Enum>
struct EnumName {
  Enum value;
  std::string_view name;
};

inline constexpr EnumName<OutputFormat> kOutputFormatNames[] = {{OutputFormat::kText, "text"},
                                                                {OutputFormat::kJson, "json"},
                                                                {OutputFormat::kCsv, "csv"},
                                                                {OutputFormat::kHtml, "html"}};

inline constexpr EnumName<FailOn> kFailOnNames[] = {{FailOn::kNone, "none"},
                                                    {FailOn::kInlining, "inlining"},
                                                    {FailOn::kOptimization, "optimization"},
                                                    {FailOn::kAny, "any"}};

inline constexpr EnumName<WhenMode> kWhenModeNames[] = {
    {WhenMode::kAuto, "auto"}, {WhenMode::kAlways, "always"}, {WhenMode::kNever, "never"}};

// The spellings of an enumerated option type, in the order that help texts list them.
template <class Enum>
std::span<const EnumName<Enum>> EnumNames();
template <>
inline std::span<const EnumName<OutputFormat>> EnumNames<OutputFormat>() {
  return kOutputFormatNames;
}
template <>
inline std::span<const EnumName<FailOn>> EnumNames<FailOn>() {
  return kFailOnNames;
}
template <>
inline std::span<const EnumName<WhenMode>> EnumNames<WhenMode>() {
  return kWhenModeNames;
}

template <class Enum>
std::string_view NameOf(Enum value) {
  for (const EnumName<Enum>& entry : EnumNames<Enum>()) {
    if (entry.value == value) return entry.name;
  }
  return {};
}

// The value spelled exactly `name`, or nullopt.
template <class Enum>
std::optional<Enum> EnumFromName(std::string_view name) {
  for (const EnumName<Enum>& entry : EnumNames<Enum>()) {
    if (entry.name == name) return entry.value;
  }
  return std::nullopt;
}

// The global options: the reference's twelve (cli.md §2) with its defaults, then ours.
struct Options {
  int32_t hot_min_limit = 1;
  int32_t hot_max_limit = 10;
  double hot_percentile = 0.9;
  bool optimization_context_tree = false;
  bool diff_compilations = true;
  bool long_bci = false;
  bool sort_inlining_tree = true;
  bool sort_unordered_phases = true;
  bool remove_detailed_phases = true;
  bool prune_identities = true;
  bool create_fragments = true;
  bool inliner_reasoning = false;
  OutputFormat format = OutputFormat::kText;
  // Text: the "How to read this output" block before the output.
  bool explanation = true;
  // Comparisons: a table of the compared hot methods, ranked, after the normal output.
  bool summary = false;
  // Comparisons: exit with status 2 when a compared hot method whose execution share (the larger
  // of the two experiments') is at least `fail_min_share` differs in the `fail_on` trees
  // (docs/ci.md).
  FailOn fail_on = FailOn::kNone;
  double fail_min_share = 0;
  // Comparisons: a section of the call sites whose inlining decisions changed, ranked
  // (docs/decisions-view.md).
  bool decisions = false;
  // Comparisons of code that changed (issue 36): keep the call sites and optimizations that only
  // moved with the code in the delta trees, marked as moves (docs/decisions.md, "Call sites that
  // moved with the code").
  bool show_moved = false;
  // A rule file that experiment 2 of a comparison (the experiment of report) must hold, exit
  // status 2 otherwise (docs/ci.md); "" for none. Like --fail-on, a gate of the command line:
  // never stored in what the run writes.
  std::string require;
  // Text: insertions green, deletions red, relabels yellow, headings and *hot* bold. Decided by
  // the process that writes the text (render decides anew), never stored in what it writes.
  WhenMode color = WhenMode::kAuto;
  // A progress line on stderr while experiments load and comparisons run (terminal_progress.h).
  WhenMode progress = WhenMode::kAuto;
  // --method: only the methods whose printed name this RE2 regular expression matches anywhere
  // (method_filter.h); empty: every method.
  std::string method;
  // --tiers: which compilations of a HotSpot log are kept (tier_selection.h); the default is
  // each method's top-tier compilations.
  TierSelection tiers;
};

}  // namespace profdiff

#endif  // PROFDIFF_OPTIONS_H_
