#ifndef PROFDIFF_ANALYSIS_LOOP_VECTORIZATION_H_
#define PROFDIFF_ANALYSIS_LOOP_VECTORIZATION_H_

// The loop view (docs/llvm.md "The loop view"): the loops whose vectorization by LLVM's
// loop-vectorize pass differs between the two compilations of a compared pair, read off their
// optimization trees (the pass's phase of each): a loop vectorized on one side only, or on both
// with another width or interleave count, with the remarks that say why on each side.

#include <string>
#include <vector>

#include "profdiff/model/optimization_tree.h"
#include "profdiff/model/position.h"

namespace profdiff {

// The phase that holds the loop vectorizer's remarks.
inline constexpr std::string_view kLoopVectorizePhase = "loop-vectorize";

// A loop as one `Vectorized` remark says it was vectorized.
struct VectorizedLoop {
  std::string width;       // VectorizationFactor ("4", "vscale x 4"); "?" when the remark has none
  std::string interleave;  // InterleaveCount; "?" when the remark has none
  friend bool operator==(const VectorizedLoop&, const VectorizedLoop&) = default;
  friend auto operator<=>(const VectorizedLoop&, const VectorizedLoop&) = default;
};

// What one side's loop-vectorize remarks say about the loop at one position.
struct LoopSide {
  bool remarked = false;                   // some remark of the side is about the loop
  std::vector<VectorizedLoop> vectorized;  // one per Vectorized remark (an inlined function's
                                           // loop once per copy), sorted
  // The messages of the side's other remarks about the loop (Missed, Analysis, a Passed
  // `Interleaved`), in remark order, each once: why it was not vectorized, or (vectorized) why
  // it was not interleaved.
  std::vector<std::string> reasons;
};

struct LoopChange {
  // Where the loop is: the position of its remarks (innermost function first; the function's
  // line offset and column as the bci, docs/llvm.md "The model").
  Position position;
  LoopSide side[2];  // experiment 1, experiment 2
};

enum class LoopChangeKind {
  kStopped,  // vectorized in experiment 1 only
  kStarted,  // vectorized in experiment 2 only
  kChanged,  // vectorized on both sides, with another width or interleave count
};
LoopChangeKind KindOf(const LoopChange& change);

// The loops whose vectorization differs between `left` (experiment 1) and `right`, in the order
// of their positions' first remarks on the left, then on the right. Empty when neither tree has a
// loop-vectorize phase (logs other than LLVM remarks).
std::vector<LoopChange> FindLoopVectorizationChanges(const OptimizationTree& left,
                                                     const OptimizationTree& right);

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_LOOP_VECTORIZATION_H_
