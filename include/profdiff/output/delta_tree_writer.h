#ifndef PROFDIFF_OUTPUT_DELTA_TREE_WRITER_H_
#define PROFDIFF_OUTPUT_DELTA_TREE_WRITER_H_

#include "profdiff/analysis/optimization_context_tree.h"
#include "profdiff/diff/tree_matcher.h"
#include "profdiff/model/inlining_tree.h"
#include "profdiff/model/optimization_tree.h"
#include "profdiff/options.h"
#include "profdiff/output/line_writer.h"

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

#endif  // PROFDIFF_OUTPUT_DELTA_TREE_WRITER_H_
