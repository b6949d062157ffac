#ifndef PROFDIFF_DIFF_DECISION_CHANGES_H_
#define PROFDIFF_DIFF_DECISION_CHANGES_H_

// The inlining decisions that differ between the two compilations of a compared pair
// (docs/decisions-view.md), read off the matching of their inlining trees that the comparison
// computes anyway: a call site whose kind changed (a relabel), a call site present on one side
// only whose caller made the same decision on both sides (an insertion or deletion under an
// identity), and a call site whose kind is the same on both sides but whose reason differs.
// Also the call sites of both trees, for the inlining rate.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "profdiff/diff/tree_matcher.h"
#include "profdiff/model/inlining_tree.h"

namespace profdiff {

// The reason that a call site's decision is grouped by: the last of its reasons (the inliner's
// final word), each parenthesised part that holds a digit removed ("relevance-based
// (relevance=1.0, ...)" → "relevance-based"), so that the figures of one run do not split one
// reason into many. "" when the call site has no reasons.
std::string ReasonKey(const std::vector<std::string>& reasons);
// The same for the last reason alone.
std::string ReasonKeyOf(std::string_view last_reason);

// One step of a call site's path: the callee of an inlining-tree node and its bci.
struct DecisionPathStep {
  std::optional<std::string_view> method;  // nullopt: unknown
  int32_t bci = -1;
};

// One side of a changed call site.
struct DecisionSide {
  bool present = false;
  std::string_view kind;                              // "inlined", "direct", ...
  const std::vector<std::string>* reasons = nullptr;  // all of them, as logged
  int32_t bytecode_size = -1;                         // the callee's; -1: unknown
  // The call site's bci in this experiment's log: the two sides' differ when the call moved with
  // the code (issue 36), which the path shows at experiment 1's bci.
  int32_t bci = -1;
};

struct DecisionChange {
  // Into PairDecisions::path: the call sites from below the root down to this one (its last
  // step is the call site itself).
  uint32_t path_begin = 0;
  uint32_t path_end = 0;
  bool kind_changed = true;  // false: the same kind, another reason
  // --show-moved: the same kind and reasons at another bci (the call moved with the code, issue
  // 36); no change (kind_changed is false).
  bool moved = false;
  DecisionSide side[2];  // experiment 1, experiment 2
};

// Everything about the inlining decisions of one compared pair. Refers to the pair's trees.
struct PairDecisions {
  bool too_big = false;                 // the trees were too big to compare: nothing else is known
  std::vector<DecisionChange> changes;  // in the preorder of the matching
  std::vector<DecisionPathStep> path;
  // The call sites (every node below the root) of each side's tree, and those inlined.
  int64_t call_sites[2] = {0, 0};
  int64_t inlined[2] = {0, 0};

  void Clear() {
    too_big = false;
    changes.clear();
    path.clear();
    call_sites[0] = call_sites[1] = 0;
    inlined[0] = inlined[1] = 0;
  }
};

// jit-vs-jit-runs (docs/decisions-view.md "Which commands"): what the decisions view takes of a
// compared method besides its stable differences. Refers to the trees of the method's runs.
struct RunsDecisions {
  struct RunCallSites {
    int64_t run = 0;  // 0-based, within its experiment
    int64_t call_sites = 0;
    int64_t inlined = 0;
  };
  // Per experiment: each run that compiled the method, with the call sites of the inlining tree
  // of its hottest compilation, and those inlined.
  std::vector<RunCallSites> runs[2];
  // The stable reason-only changes (kind_changed false), each with the reasons of the first
  // cross pair that has it; `changes` and `path` only.
  PairDecisions reason_changes;
  // Per experiment: the bytecode size of each callee its runs' trees know one of (a HotSpot
  // log's <method bytes>), for the stable kind changes, whose labels do not keep it.
  std::map<std::string, int32_t, std::less<>> callee_sizes[2];

  void Clear() {
    runs[0].clear();
    runs[1].clear();
    reason_changes.Clear();
    callee_sizes[0].clear();
    callee_sizes[1].clear();
  }
};

// Adds the call sites of `tree` (every node below the root) to *call_sites, those inlined to
// *inlined.
void CountCallSites(const InliningTree& tree, int64_t* call_sites, int64_t* inlined);

// Adds the bytecode size of each callee of `tree` that has one (every node below the root) to
// *sizes, by the callee's name; the first size met of a name stays.
void CollectCalleeSizes(const InliningTree& tree,
                        std::map<std::string, int32_t, std::less<>>* sizes);

// Fills `out` from `match`, the matching of `left` and `right` as the matcher returned it
// (before pruning and expansion; an identical subtree pair may have no delta children), or
// nullopt when the trees were too big to compare. `right_as_logged`, when given, is experiment 2's
// tree as logged, of which `right` is a copy with moved call sites at experiment 1's bci: what
// the changes say of experiment 2 (bcis, names, reasons) is read from it, so that they stay
// valid as long as it does, however short the copy lives.
// With `moves`, the call sites that only moved are listed too (DecisionChange::moved).
void CollectDecisionChanges(const std::optional<TreeMatch>& match, const InliningTree& left,
                            const InliningTree& right, PairDecisions* out,
                            const InliningTree* right_as_logged = nullptr, bool moves = false);

}  // namespace profdiff

#endif  // PROFDIFF_DIFF_DECISION_CHANGES_H_
