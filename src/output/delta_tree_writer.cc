#include "profdiff/delta_tree_writer.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "profdiff/absl_compat.h"
#include "profdiff/tree_writer.h"

namespace profdiff {

namespace {

constexpr char kNoDifferences[] = "There are no differences";
constexpr char kInExperiment1[] = " in experiment 1";
constexpr char kInExperiment2[] = " in experiment 2";

std::string_view Prefix(DeltaKind kind) {
  switch (kind) {
    case DeltaKind::kIdentity:
      return ". ";
    case DeltaKind::kRelabel:
      return "* ";
    case DeltaKind::kDeletion:
      return "- ";
    case DeltaKind::kInsertion:
      return "+ ";
  }
  return "";
}

// Preorder over the delta tree with each node's depth.
void ForEachDeltaNode(const DeltaTree& delta,
                      const std::function<void(const DeltaNode&, int)>& visit) {
  if (delta.empty()) return;
  std::vector<std::pair<NodeIndex, int>> stack{{delta.root, 0}};
  while (!stack.empty()) {
    auto [n, depth] = stack.back();
    stack.pop_back();
    const DeltaNode& node = delta.nodes[n];
    visit(node, depth);
    for (auto it = node.children.rbegin(); it != node.children.rend(); ++it) {
      stack.emplace_back(*it, depth + 1);
    }
  }
}

// One inlining delta node and its blocks, at writer level + depth.
void WriteInliningDeltaNode(LineWriter& out, const DeltaNode& node, const InliningTree& left,
                            const InliningTree& right, const Options& options, int depth) {
  switch (node.kind) {
    case DeltaKind::kIdentity: {
      out.Line(absl::StrCat(". ", InliningNodeText(left, node.left)), depth);
      if (options.inliner_reasoning && node.left != left.root) {
        WriteReasoningBlock(out, left.node(node.left), kInExperiment1, depth);
        WriteReasoningBlock(out, right.node(node.right), kInExperiment2, depth);
      }
      WriteReceiverTypeProfileBlock(out, left.node(node.left), kInExperiment1, depth);
      WriteReceiverTypeProfileBlock(out, right.node(node.right), kInExperiment2, depth);
      return;
    }
    case DeltaKind::kDeletion:
    case DeltaKind::kInsertion: {
      const bool deleted = node.kind == DeltaKind::kDeletion;
      const InliningTree& tree = deleted ? left : right;
      NodeIndex n = deleted ? node.left : node.right;
      out.Line(absl::StrCat(AbslView(Prefix(node.kind)), InliningNodeText(tree, n)), depth);
      if (options.inliner_reasoning && n != tree.root) {
        WriteReasoningBlock(out, tree.node(n), "", depth);
      }
      WriteReceiverTypeProfileBlock(out, tree.node(n), "", depth);
      return;
    }
    case DeltaKind::kRelabel: {
      const InliningTreeNode& l = left.node(node.left);
      const InliningTreeNode& r = right.node(node.right);
      out.Line(absl::StrCat("* (", AbslView(CallsiteKindName(left.Kind(node.left))), " -> ",
                            AbslView(CallsiteKindName(right.Kind(node.right))), ") ",
                            l.method_name.value_or("unknown"), " at bci ", l.bci),
               depth);
      if (options.inliner_reasoning || l.inlined != r.inlined) {
        WriteReasoningBlock(out, l, kInExperiment1, depth);
        WriteReasoningBlock(out, r, kInExperiment2, depth);
      }
      WriteReceiverTypeProfileBlock(out, l, kInExperiment1, depth);
      WriteReceiverTypeProfileBlock(out, r, kInExperiment2, depth);
      return;
    }
  }
}

}  // namespace

void WriteInliningDeltaTree(LineWriter& out, const DeltaTree& delta, const InliningTree& left,
                            const InliningTree& right, const Options& options) {
  if (delta.empty()) {
    out.Line(kNoDifferences);
    return;
  }
  ForEachDeltaNode(delta, [&](const DeltaNode& node, int depth) {
    WriteInliningDeltaNode(out, node, left, right, options, depth);
  });
}

void WriteOptimizationDeltaTree(LineWriter& out, const DeltaTree& delta,
                                const OptimizationTree& left, const OptimizationTree& right,
                                const Options& options) {
  if (delta.empty()) {
    out.Line(kNoDifferences);
    return;
  }
  ForEachDeltaNode(delta, [&](const DeltaNode& node, int depth) {
    if (node.kind == DeltaKind::kRelabel) {
      out.Line(absl::StrCat("* ", left.node(node.left).name.str(), " -> ",
                            right.node(node.right).name.str()),
               depth);
      return;
    }
    const OptimizationTreeNode& n =
        node.kind == DeltaKind::kInsertion ? right.node(node.right) : left.node(node.left);
    if (n.is_phase) {  // most lines: written without building a string first
      out.Begin(depth);
      out.Append(Prefix(node.kind));
      out.Append(n.name);
      out.End();
      return;
    }
    out.Line(
        absl::StrCat(AbslView(Prefix(node.kind)), OptimizationTreeNodeText(n, options.long_bci)),
        depth);
  });
}

void WriteOctDeltaTree(LineWriter& out, const DeltaTree& delta, const OptimizationContextTree& left,
                       const OptimizationContextTree& right, const Options& options) {
  if (delta.empty()) {
    out.Line(kNoDifferences);
    return;
  }
  OctTextMaker left_texts(left), right_texts(right);
  ForEachDeltaNode(delta, [&](const DeltaNode& node, int depth) {
    const OctNode* l = node.left == kNoNode ? nullptr : &left.node(node.left);
    const OctNode* r = node.right == kNoNode ? nullptr : &right.node(node.right);
    bool inlining_backed = (l == nullptr || l->kind == OctNode::Kind::kInlining) &&
                           (r == nullptr || r->kind == OctNode::Kind::kInlining);
    if (inlining_backed) {
      DeltaNode mapped = node;
      mapped.left = l == nullptr ? kNoNode : l->ref;
      mapped.right = r == nullptr ? kNoNode : r->ref;
      WriteInliningDeltaNode(out, mapped, *left.inlining_tree, *right.inlining_tree, options,
                             depth);
      return;
    }
    if (node.kind == DeltaKind::kRelabel) {
      out.Line(absl::StrCat("* ", left_texts.Text(node.left, options.long_bci), " -> ",
                            right_texts.Text(node.right, options.long_bci)),
               depth);
      return;
    }
    std::string text = node.kind == DeltaKind::kInsertion
                           ? right_texts.Text(node.right, options.long_bci)
                           : left_texts.Text(node.left, options.long_bci);
    out.Line(absl::StrCat(AbslView(Prefix(node.kind)), text), depth);
  });
}

}  // namespace profdiff
