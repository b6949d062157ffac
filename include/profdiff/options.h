#ifndef PROFDIFF_OPTIONS_H_
#define PROFDIFF_OPTIONS_H_

#include <cstdint>

namespace profdiff {

// --format (docs/output-formats.md).
enum class OutputFormat { kText, kJson, kCsv, kHtml };

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
};

}  // namespace profdiff

#endif  // PROFDIFF_OPTIONS_H_
