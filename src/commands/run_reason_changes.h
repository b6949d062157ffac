#ifndef PROFDIFF_COMMANDS_RUN_REASON_CHANGES_H_
#define PROFDIFF_COMMANDS_RUN_REASON_CHANGES_H_

// jit-vs-jit-runs --decisions (docs/decisions-view.md "Which commands"): the reason-only changes
// of a method's pairs of runs (a call site of the same kind on both sides whose reason key
// differs), and which of them are stable by the rule of every other difference (docs/runs.md
// "Stable or noise"). A reason-only change is identified by its path of (callee, bci), its kind
// and the reason keys of its two sides; a same-side pair counts for it when it has it or its
// mirror image (the reason keys the other way round).

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "profdiff/diff/decision_changes.h"
#include "profdiff/runs_options.h"

namespace profdiff {

class ReasonChangeSupport {
 public:
  // The decisions of a matched pair of runs (a cross pair: experiment 1 on the left). Pairs whose
  // trees were too big to compare count for nothing. Add pairs in a fixed order: the first cross
  // pair that has a change gives its reasons and the order of the result.
  void AddCrossPair(const PairDecisions& pair);
  void AddWithinPair(const PairDecisions& pair);

  // The stable ones, in the order first seen, into out's `changes` and `path` (cleared first).
  // Their reasons and names refer to the trees of the pairs they were seen in.
  void Finish(const RunsOptions& options, bool unconfirmed, PairDecisions* out) const;

 private:
  struct Entry {
    int64_t cross = 0;
    int64_t within = 0;
    int64_t representative = -1;  // index into representatives_.changes
  };
  // Counts `pair`'s reason-only changes once each (and their mirror images, for a same-side pair).
  void Add(const PairDecisions& pair, bool cross);

  absl::flat_hash_map<std::string, Entry> entries_;
  std::vector<std::string> order_;  // the keys of the representatives, in their order
  PairDecisions representatives_;
  int64_t cross_pairs_ = 0;
  int64_t within_pairs_ = 0;
};

}  // namespace profdiff

#endif  // PROFDIFF_COMMANDS_RUN_REASON_CHANGES_H_
