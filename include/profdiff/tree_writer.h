#ifndef PROFDIFF_TREE_WRITER_H_
#define PROFDIFF_TREE_WRITER_H_

#include <string>
#include <string_view>
#include <vector>

#include "profdiff/inlining_tree.h"
#include "profdiff/line_writer.h"
#include "profdiff/optimization_context_tree.h"
#include "profdiff/optimization_tree.h"
#include "profdiff/options.h"

namespace profdiff {

// Line texts of output.md §6 (without indentation).
std::string InliningNodeText(const InliningTree& tree, NodeIndex node);  // "(kind) name at bci n"
// "<name> <event>[ at bci <pos>][ with {...}]"; the short bci is given by the caller.
std::string OptimizationText(const OptimizationTreeNode& node, bool long_bci, int32_t short_bci);
// Phase name, or an optimization with its outermost bci as the short form.
std::string OptimizationTreeNodeText(const OptimizationTreeNode& node, bool long_bci);

// Helps print OCT nodes: knows each inlining node's path length (algorithms.md §10.4).
class OctTextMaker {
 public:
  explicit OctTextMaker(const OptimizationContextTree& oct);
  // Text of an info or optimization node (inlining nodes use InliningNodeText).
  std::string Text(NodeIndex oct_node, bool long_bci) const;

 private:
  const OptimizationContextTree& oct_;
  std::vector<uint32_t> path_lengths_;
};

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

#endif  // PROFDIFF_TREE_WRITER_H_
