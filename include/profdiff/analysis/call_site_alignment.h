#ifndef PROFDIFF_ANALYSIS_CALL_SITE_ALIGNMENT_H_
#define PROFDIFF_ANALYSIS_CALL_SITE_ALIGNMENT_H_

// Call sites that only moved (issue 36). The reference's matcher identifies a call site by its
// callee and bci, which is right when the two experiments ran the same code and wrong when the
// method's bytecode changed: every call after an edit moves to another bci and would show as
// deleted at the old bci and inserted at the new one. Before the two inlining trees of a
// compared pair are matched, this step pairs the children of each pair of corresponding nodes
// whose code is known or shown to differ, by callee and in order, and records the call sites
// that only moved; the comparison then matches experiment 2's tree with those call sites
// placed at experiment 1's bci (ApplyCallSiteMoves), so a moved call is an identity (or, if its
// decision changed too, a relabel), never a deletion and an insertion.
//
// When a node's code is the same, nothing is aligned (docs/decisions.md, "Call sites that
// moved"):
//  - HotSpot logs give each method's bytecode size: children are aligned only below two
//    corresponding nodes whose sizes are both known and differ.
//  - Without sizes (Graal), only when the children themselves prove the code changed: every
//    child without an exact (callee, bci) twin on the other side pairs with one of the same
//    callee in order, and at least two of those pairs moved by the same distance.
// A child whose exact (callee, bci) exists on the other side is never paired with another one,
// so two different call sites of one callee that did not move are never taken for each other.
// With equal trees, no child lacks its twin, and the alignment is empty.

#include <cstdint>
#include <vector>

#include "profdiff/model/inlining_tree.h"

namespace profdiff {

// One call site that moved: node `left` of experiment 1's tree at `left_bci` is node `right` of
// experiment 2's at `right_bci`.
struct CallSiteMove {
  NodeIndex left = kNoNode;
  NodeIndex right = kNoNode;
  int32_t left_bci = -1;
  int32_t right_bci = -1;
  friend bool operator==(const CallSiteMove&, const CallSiteMove&) = default;
};

struct CallSiteAlignment {
  std::vector<CallSiteMove> moves;  // in preorder of experiment 1's tree
  // When some call site moved: for each node of experiment 2's tree, the node of experiment 1's
  // it corresponds to (the roots, exact twins, moves), or kNoNode; empty otherwise. It maps the
  // positions of optimizations (optimization_alignment.h).
  std::vector<NodeIndex> left_of_right;
  bool empty() const { return moves.empty(); }
};

// Two children lists whose lengths multiply to more than this are not aligned (the alignment
// is quadratic in them); their exact twins are still paired.
inline constexpr uint64_t kMaxAlignedChildPairs = 1 << 20;

// The moved call sites of two inlining trees (left = experiment 1), rules above.
CallSiteAlignment AlignCallSites(const InliningTree& left, const InliningTree& right);

// Experiment 2's tree with every moved call site at experiment 1's bci; when `sort`, the
// children of the nodes whose children moved are sorted again (SortInliningTree's order).
InliningTree ApplyCallSiteMoves(const InliningTree& right, const CallSiteAlignment& alignment,
                                bool sort);

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_CALL_SITE_ALIGNMENT_H_
