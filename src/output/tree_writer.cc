#include "profdiff/output/tree_writer.h"

#include "profdiff/output/record_builders.h"
#include "profdiff/output/text_renderer.h"

namespace profdiff {

std::string InliningNodeText(const InliningTree& tree, NodeIndex node) {
  return LabelText(TreeRecord(), InliningNodeLabel(tree, node), false);
}

std::string OptimizationText(const OptimizationTreeNode& node, bool long_bci, int32_t short_bci) {
  TreeRecord storage;
  NodeLabel label = OptimizationNodeLabel(node, short_bci, &storage);
  label.kind = LabelKind::kOptimization;  // a phase's name and event too, as the caller asks
  label.event = node.event_name.view();
  return LabelText(storage, label, long_bci);
}

std::string OptimizationTreeNodeText(const OptimizationTreeNode& node, bool long_bci) {
  TreeRecord storage;
  const int32_t short_bci = node.position.empty() ? -1 : node.position.back().bci;
  return LabelText(storage, OptimizationNodeLabel(node, short_bci, &storage), long_bci);
}

void WriteReasoningBlock(LineWriter& out, const InliningTreeNode& node, std::string_view suffix,
                         int extra) {
  TreeRecord storage;
  WriteReasoningBlock(out, storage, InliningBlocksLabel(node, /*reasons_shown=*/true, &storage),
                      suffix, extra);
}

void WriteReceiverTypeProfileBlock(LineWriter& out, const InliningTreeNode& node,
                                   std::string_view suffix, int extra) {
  TreeRecord storage;
  WriteReceiverTypeProfileBlock(out, storage, InliningBlocksLabel(node, false, &storage), suffix,
                                extra);
}

void WriteInliningTree(LineWriter& out, const InliningTree& tree, const Options& options) {
  TreeRecord record;
  BuildInliningTreeRecord(tree, options, &record);
  WriteTreeText(out, record, options);
}

void WriteOptimizationTree(LineWriter& out, const OptimizationTree& tree, const Options& options) {
  TreeRecord record;
  BuildOptimizationTreeRecord(tree, &record);
  WriteTreeText(out, record, options);
}

void WriteOptimizationContextTree(LineWriter& out, const OptimizationContextTree& oct,
                                  const Options& options) {
  TreeRecord record;
  BuildContextTreeRecord(oct, options, &record);
  WriteTreeText(out, record, options);
}

}  // namespace profdiff
