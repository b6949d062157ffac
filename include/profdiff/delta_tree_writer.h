#ifndef PROFDIFF_DELTA_TREE_WRITER_H_
#define PROFDIFF_DELTA_TREE_WRITER_H_

#include "profdiff/inlining_tree.h"
#include "profdiff/line_writer.h"
#include "profdiff/optimization_context_tree.h"
#include "profdiff/optimization_tree.h"
#include "profdiff/options.h"
#include "profdiff/tree_matcher.h"

namespace profdiff {

// Delta trees (output.md §7.1), the root at the writer's level; an empty tree prints
// "There are no differences".
void WriteInliningDeltaTree(LineWriter& out, const DeltaTree& delta, const InliningTree& left,
                            const InliningTree& right, const Options& options);
void WriteOptimizationDeltaTree(LineWriter& out, const DeltaTree& delta,
                                const OptimizationTree& left, const OptimizationTree& right,
                                const Options& options);
void WriteOctDeltaTree(LineWriter& out, const DeltaTree& delta, const OptimizationContextTree& left,
                       const OptimizationContextTree& right, const Options& options);

}  // namespace profdiff

#endif  // PROFDIFF_DELTA_TREE_WRITER_H_
