#ifndef PROFDIFF_ANALYSIS_OPTIMIZATION_ALIGNMENT_H_
#define PROFDIFF_ANALYSIS_OPTIMIZATION_ALIGNMENT_H_

// The positions of optimizations in code that moved (issue 36). An optimization's position is a
// chain of bcis, innermost method first: the bci in the method it happened in, then the call
// site of that method in its caller, up to the compiled method. When the method's code changed
// between the experiments, every bci after the edit moved, and an uncommon trap at bci 40 in
// experiment 1 is the same trap at bci 47 in experiment 2. Given the call sites the inlining
// trees' alignment paired (call_site_alignment.h), experiment 2's positions are mapped to
// experiment 1's bcis before the optimization trees are matched, so that such an optimization
// is an identity, not a deletion and an insertion:
//  - a call-site bci of the chain maps to the bci of the call site it was paired with;
//  - the innermost bci maps by the paired call sites of its method around it (the anchors): an
//    anchor's own bci exactly, a bci between two anchors that moved by the same distance by that
//    distance, a bci before the first or after the last anchor by that anchor's distance; a bci
//    between anchors that moved by different distances (the edit is between them) is left as it
//    is, as is every bci of a method with no paired call site.
// Without moves (the same code) nothing is mapped: the alignment is empty.

#include <optional>

#include "profdiff/analysis/call_site_alignment.h"
#include "profdiff/model/inlining_tree.h"
#include "profdiff/model/optimization_tree.h"

namespace profdiff {

// Experiment 2's optimization tree (`right`, of inlining tree `right_inlining`) with its
// positions mapped to experiment 1's bcis (`left_inlining`), or nullopt when no position
// changed (the alignment has no moves, or no optimization is in code that moved). When `sort`,
// the unordered phases are sorted again (SortUnorderedPhases).
std::optional<OptimizationTree> AlignOptimizationPositions(const InliningTree& left_inlining,
                                                           const InliningTree& right_inlining,
                                                           const CallSiteAlignment& alignment,
                                                           const OptimizationTree& right,
                                                           bool sort);

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_OPTIMIZATION_ALIGNMENT_H_
