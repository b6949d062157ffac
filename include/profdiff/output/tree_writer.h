#ifndef PROFDIFF_OUTPUT_TREE_WRITER_H_
#define PROFDIFF_OUTPUT_TREE_WRITER_H_

// Text of trees straight from the model: record builders (record_builders.h) followed by the
// text renderer (text_renderer.h), for tests and tools that print one tree.

#include <string>
#include <string_view>

#include "profdiff/analysis/optimization_context_tree.h"
#include "profdiff/model/inlining_tree.h"
#include "profdiff/model/optimization_tree.h"
#include "profdiff/options.h"
#include "profdiff/output/line_writer.h"

namespace profdiff {

// Line texts of output.md §6 (without indentation).
std::string InliningNodeText(const InliningTree& tree, NodeIndex node);  // "(kind) name at bci n"
// "<name> <event>[ at bci <pos>][ with {...}]"; the short bci is given by the caller.
std::string OptimizationText(const OptimizationTreeNode& node, bool long_bci, int32_t short_bci);
// Phase name, or an optimization with its outermost bci as the short form.
std::string OptimizationTreeNodeText(const OptimizationTreeNode& node, bool long_bci);

// Blocks under an inlining node, at writer level + `extra` + 1 (output.md §6.2, §6.3); `suffix`
// is "" or " in experiment <id>".
void WriteReasoningBlock(LineWriter& out, const InliningTreeNode& node, std::string_view suffix,
                         int extra);
void WriteReceiverTypeProfileBlock(LineWriter& out, const InliningTreeNode& node,
                                   std::string_view suffix, int extra);

// Whole trees in preorder, the root at the writer's current level.
void WriteInliningTree(LineWriter& out, const InliningTree& tree, const Options& options);
void WriteOptimizationTree(LineWriter& out, const OptimizationTree& tree, const Options& options);
void WriteOptimizationContextTree(LineWriter& out, const OptimizationContextTree& oct,
                                  const Options& options);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_TREE_WRITER_H_
